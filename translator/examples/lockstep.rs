//! A whole-program lockstep differ: runs the real MSP430 ELF in the reference
//! model (`translator::model`) and its translation (`program::build`) in
//! Unicorn (16-bit x86), both from `piskrs_main` with the same faked DOS, and
//! compares, at every function entry, the function and its ABI registers
//! (r12-r15 = BX, CX, DX, r15's word; and SP). Prints the first divergence
//! and the function entries before it.
//!
//! ```text
//! cargo run --release -p translator --example lockstep -- ELF [TAIL] [-- options]
//! ```
//! ELF: target/msp430-dos/dos/piskrs; TAIL: the command tail (default
//! " /BENCH /FIXED": the faked clock would make the speed probe cut Strong
//! to a node a tenth). Environment: LOCKSTEP_HISTORY=n (entries shown before the
//! divergence, default 40), LOCKSTEP_AFTER=n (entries of each side shown after
//! it, default 10), LOCKSTEP_TIMEOUT=seconds (Unicorn's, default 1800),
//! LOCKSTEP_TRACE=name (print every entry of that function), LOCKSTEP_MAP=file
//! (write the functions' addresses to file, the image to file.bin),
//! LOCKSTEP_MODEL_ONLY=1 (run only the model, to the end: its output and its
//! lowest SP), LOCKSTEP_CODE_WRITES=1 (go on after the 8086 side writes into
//! the runtime or the translated code: by default that stops it),
//! LOCKSTEP_PROFILE=1 (print the instructions and bytes of 8086 code each
//! function and runtime routine ran; =name also each block of the functions
//! whose names contain it; LOCKSTEP_PROFILE_FROM=text counts only once the
//! output has the text, e.g. "TIME CHA" for Strong's part of /BENCH, and
//! LOCKSTEP_PROFILE_UNTIL=text stops counting once it has that one;
//! LOCKSTEP_PROFILE_IN=name counts only within calls of that function),
//! LOCKSTEP_SPLIT_CS=1 (run the 8086 code from a copy in a segment of its own,
//! so that a stack overflowing into the code does not change it; implies
//! LOCKSTEP_CODE_WRITES), LOCKSTEP_TRACE86=name (print every 8086 instruction of that function, with
//! the registers before it).
//!
//! The model runs in a thread and sends its entries over a channel; the
//! 8086 side checks each of its own against the next one. The runtime's
//! routines run for real on the 8086 side (rt86_idle's HLT is patched to
//! NOPs); on the model side they are Rust. Interrupts are faked identically
//! on both sides ([`fake_int`]): INT 21h writes are captured, INT 1Ah's ticks
//! advance by one per call, no key is ever pressed, no mouse, no files.

use std::cell::RefCell;
use std::collections::{HashMap, VecDeque};
use std::rc::Rc;
use std::sync::mpsc;

use unicorn_engine::{HookType, RegisterX86, Unicorn};

#[path = "common/mod.rs"]
mod common;
use common::*;
#[path = "lockstep/profile.rs"]
mod profile;
use profile::{hook_profile, print_profile};

/// LOCKSTEP_SPLIT_CS's code segment (far memory is SEG + 1000h and up).
const CODE_SEG: u16 = 0x6000;

/// A function entry: the function's index, r12, r13, r14, r15, SP (the
/// registers its live-in mask excludes are zeroed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Entry {
    func: u16,
    regs: [u16; 5],
}

fn masked(mask: u16, mut e: Entry) -> Entry {
    for k in 0..5 {
        if mask & 1 << k == 0 {
            e.regs[k] = 0;
        }
    }
    e
}

enum Msg {
    Entries(Vec<Entry>),
    End(String),
}

fn run_model(p: &Program, cmdtail: &[u8], tx: mpsc::SyncSender<Msg>) {
    let func_at: HashMap<u16, u16> = p
        .functions
        .iter()
        .enumerate()
        .map(|(i, f)| (f.1, i as u16))
        .collect();
    let masks: Vec<u16> = p.functions.iter().map(|f| f.3).collect();
    let mut m = ModelRun::new(p, cmdtail, Dos::new());
    let mut batch = Vec::with_capacity(4096);
    let mut min_sp = (u16::MAX, 0u16);
    let end = loop {
        let cpu = &m.cpu;
        if let Some(&f) = func_at.get(&cpu.regs[0]) {
            if cpu.regs[1] < min_sp.0 {
                min_sp = (cpu.regs[1], f);
            }
            let regs = [
                cpu.regs[12],
                cpu.regs[13],
                cpu.regs[14],
                cpu.regs[15],
                cpu.regs[1],
            ];
            batch.push(masked(masks[f as usize], Entry { func: f, regs }));
            if batch.len() == 4096 && tx.send(Msg::Entries(std::mem::take(&mut batch))).is_err() {
                return;
            }
        }
        if let Err(end) = m.step() {
            break end;
        }
    };
    let _ = tx.send(Msg::Entries(batch));
    let _ = tx.send(Msg::End(format!(
        "{end} after {} instructions; lowest SP at a function entry {:#06x} (in {}), after any instruction {:#06x} (at MSP430 PC {:#06x}); the image ends at {:#06x}; output:\n{}{}",
        m.cpu.steps,
        min_sp.0,
        p.functions.get(min_sp.1 as usize).map(|f| f.0.as_str()).unwrap_or("?"),
        m.lowest_sp.0,
        m.lowest_sp.1,
        p.image.stack_floor,
        String::from_utf8_lossy(&m.dos.out),
        if m.dos.unknown.is_empty() {
            String::new()
        } else {
            format!("\nunknown interrupts: {:?}", &m.dos.unknown[..m.dos.unknown.len().min(20)])
        }
    )));
}

struct Checker {
    rx: mpsc::Receiver<Msg>,
    queue: VecDeque<Entry>,
    model_end: Option<String>,
    /// (model, 8086) entries that agreed, the last few.
    history: VecDeque<Entry>,
    count: u64,
    divergence: Option<(Entry, Entry)>,
    after86: Vec<Entry>,
    dos: Dos,
    code_writes: u64,
    code_write: Option<String>,
    min_sp: (u16, u16),
}

impl Checker {
    fn next_model(&mut self) -> Option<Entry> {
        loop {
            if let Some(e) = self.queue.pop_front() {
                return Some(e);
            }
            if self.model_end.is_some() {
                return None;
            }
            match self.rx.recv() {
                Ok(Msg::Entries(v)) => self.queue.extend(v),
                Ok(Msg::End(s)) => self.model_end = Some(s),
                Err(_) => self.model_end = Some("the model's thread ended".into()),
            }
        }
    }
}

/// The environment's LOCKSTEP_* settings (the module's comment names them).
struct Settings {
    history_len: usize,
    after_len: usize,
    timeout: u64,
    trace: Option<String>,
    split: bool,
    profile: bool,
    count_exact: bool,
}

impl Settings {
    fn from_env() -> Settings {
        Settings {
            history_len: env_number("LOCKSTEP_HISTORY", 40) as usize,
            after_len: env_number("LOCKSTEP_AFTER", 10) as usize,
            timeout: env_number("LOCKSTEP_TIMEOUT", 1800),
            trace: std::env::var("LOCKSTEP_TRACE").ok(),
            split: std::env::var_os("LOCKSTEP_SPLIT_CS").is_some(),
            profile: std::env::var_os("LOCKSTEP_PROFILE").is_some(),
            count_exact: std::env::var_os("LOCKSTEP_COUNT_EXACT").is_some(),
        }
    }
}

/// LOCKSTEP_MAP: the functions' addresses (MSP430, 8086, the end of the 8086
/// code), live-in masks and names, and the image, for a disassembler.
fn write_map(p: &Program, path: &str) {
    let mut map = String::new();
    for (n, f) in p.functions.iter().enumerate() {
        map += &format!(
            "{:04x} {:04x} {:04x} {:02x} {}\n",
            f.1,
            f.2,
            code_end(p, n),
            f.3,
            f.0
        );
    }
    std::fs::write(path, map).unwrap();
    std::fs::write(format!("{path}.bin"), &p.image.bytes).unwrap();
    eprintln!("wrote {path} and {path}.bin (from 100h)");
}

/// Where the 8086 code of function `n` ends.
fn code_end(p: &Program, n: usize) -> u16 {
    p.functions
        .get(n + 1)
        .map(|g| g.2)
        .unwrap_or(p.image.code.1)
}

/// The model, in a thread of its own: its entries come over the channel.
fn start_model(elf: &[u8], cmdtail: &str) -> mpsc::Receiver<Msg> {
    let (tx, rx) = mpsc::sync_channel(256);
    let elf = elf.to_vec();
    let cmd = cmdtail.as_bytes().to_vec();
    std::thread::spawn(move || {
        let image = translator::program::build(&elf).unwrap();
        let p = load(&elf, image);
        run_model(&p, &cmd, tx);
    });
    rx
}

/// The 8086 side's memory and registers: the segment (its PSP, the image,
/// rt86_idle's HLT patched out), the far texts, and with `split` a copy of
/// the code in a segment of its own. Returns the segment's base and the
/// code's.
fn load_8086(emu: &mut Unicorn<()>, p: &Program, cmdtail: &str, split: bool) -> (u64, u64) {
    let base = lin(SEG, 0) as u64;
    let mut segment = vec![0u8; 0x10000];
    segment[0x100..0x100 + p.image.bytes.len()].copy_from_slice(&p.image.bytes);
    prepare_segment(&mut segment, p, cmdtail.as_bytes());
    // rt86_idle: STI; HLT; RET -> NOP; NOP; RET.
    let rt = (p.vregs as usize + 32, p.image.code.0 as usize);
    let idle = segment[rt.0..rt.1]
        .windows(3)
        .position(|w| w == [0xFB, 0xF4, 0xC3])
        .expect("rt86_idle");
    segment[rt.0 + idle] = 0x90;
    segment[rt.0 + idle + 1] = 0x90;
    segment[STOP as usize] = 0xF4;
    segment[(SP0 - 2) as usize..][..2].copy_from_slice(&STOP.to_le_bytes());
    emu.mem_write(base, &segment).unwrap();
    // LOCKSTEP_SPLIT_CS: the code runs from a copy in a segment of its own
    // (CS = CODE_SEG; DS = ES = SS = SEG as before), so that a stack that
    // grows into the translated code overwrites only the data segment's copy
    // of it: the rest of the run can still be compared.
    let code_base = if split {
        emu.mem_write(lin(CODE_SEG, 0) as u64, &segment).unwrap();
        lin(CODE_SEG, 0) as u64
    } else {
        base
    };
    emu.mem_write(lin(SEG + 0x1000, p.image.tail_at) as u64, &p.tail)
        .unwrap();
    emu.reg_write(RegisterX86::CS, (code_base >> 4) as u64)
        .unwrap();
    (base, code_base)
}

/// Whether the 8086's entry agrees with the model's: the same function and
/// registers, where SP and the stack's addresses may lie lower by the BPs
/// the 8086's functions saved, and code addresses are each side's own.
fn agree(em: &Entry, e86: &Entry, stack_floor: u16, by_msp: &HashMap<u16, u16>) -> bool {
    em.func == e86.func
        && (0..5).all(|k| {
            em.regs[k] == e86.regs[k]
                // SP, or an address in the stack: the 8086's lies
                // lower by the BPs its functions saved (2 bytes each).
                || (em.regs[k] >= stack_floor
                    && e86.regs[k] >= stack_floor
                    && em.regs[k] >= e86.regs[k]
                    && (em.regs[k] - e86.regs[k]).is_multiple_of(2)
                    && em.regs[k] - e86.regs[k] <= 256)
                || (k < 4 && by_msp.get(&em.regs[k]) == Some(&e86.regs[k]))
                // A runtime routine's address (piskrs_ctrl_c's, given to
                // DOS): the model's stand-in is in the PSP.
                || (k < 4 && (NATIVE_BASE..NATIVE_BASE + 0x100).contains(&em.regs[k]))
        })
}

/// The check at each function's entry on the 8086 side: its entry against
/// the model's next one.
fn hook_entries(
    emu: &mut Unicorn<()>,
    p: &Rc<Program>,
    checker: &Rc<RefCell<Checker>>,
    (base, code_base): (u64, u64),
    settings: &Settings,
) {
    let vr15 = base + p.vregs as u64 + 30;
    let stack_floor = p.image.stack_floor;
    let by_msp: HashMap<u16, u16> = p.functions.iter().map(|f| (f.1, f.2)).collect();
    let trace_index = settings
        .trace
        .as_ref()
        .and_then(|t| p.functions.iter().position(|f| &f.0 == t))
        .map(|i| i as u16);
    let (after_len, history_len) = (settings.after_len, settings.history_len);
    for (i, f) in p.functions.iter().enumerate() {
        let checker = checker.clone();
        let p2 = p.clone();
        let by_msp = by_msp.clone();
        let i = i as u16;
        let at = code_base + f.2 as u64;
        emu.add_code_hook(at, at, move |uc, _, _| {
            let mut w = [0u8; 2];
            uc.mem_read(vr15, &mut w).unwrap();
            let reg = |r| uc.reg_read(r).unwrap() as u16;
            let regs = [
                reg(RegisterX86::BX),
                reg(RegisterX86::CX),
                reg(RegisterX86::DX),
                u16::from_le_bytes(w),
                reg(RegisterX86::SP),
            ];
            let e86 = masked(p2.functions[i as usize].3, Entry { func: i, regs });
            let mut c = checker.borrow_mut();
            if e86.regs[4] < c.min_sp.0 {
                c.min_sp = (e86.regs[4], i);
            }
            if c.divergence.is_some() {
                c.after86.push(e86);
                if c.after86.len() >= after_len {
                    uc.emu_stop().unwrap();
                }
                return;
            }
            let Some(em) = c.next_model() else {
                let none = Entry {
                    func: u16::MAX,
                    regs: [0; 5],
                };
                c.divergence = Some((none, e86));
                uc.emu_stop().unwrap();
                return;
            };
            if Some(i) == trace_index {
                eprintln!("{:>10} {}", c.count, show(&p2, &em));
            }
            if !agree(&em, &e86, stack_floor, &by_msp) {
                c.divergence = Some((em, e86));
                if after_len == 0 {
                    uc.emu_stop().unwrap();
                }
                return;
            }
            c.count += 1;
            if c.count.is_multiple_of(1 << 22) {
                eprintln!("... {} entries agree", c.count);
            }
            c.history.push_back(em);
            if c.history.len() > history_len {
                c.history.pop_front();
            }
        })
        .unwrap();
    }
}

/// A write into the runtime or the translated code (the stack growing into
/// it, or a stray pointer): reported, and with `stop` the end.
fn hook_code_writes(
    emu: &mut Unicorn<()>,
    p: &Rc<Program>,
    checker: &Rc<RefCell<Checker>>,
    base: u64,
    stop: bool,
) {
    let checker = checker.clone();
    let p2 = p.clone();
    let from = base + p.vregs as u64 + 32;
    let to = base + p.image.code.1 as u64 - 1;
    emu.add_mem_hook(HookType::MEM_WRITE, from, to, move |uc, _, a, size, v| {
        let ip = uc.reg_read(RegisterX86::IP).unwrap() as u16;
        let sp = uc.reg_read(RegisterX86::SP).unwrap() as u16;
        let mut c = checker.borrow_mut();
        if c.code_writes < 10 {
            let text = format!(
                "8086: a {size}-byte write of {v:#x} into the code at {:#06x} ({}) by IP {ip:#06x} ({}), SP {sp:#06x}, after {} agreeing entries",
                a - base,
                function_of(&p2, (a - base) as u16),
                function_of(&p2, ip),
                c.count
            );
            eprintln!("{text}");
            c.code_write.get_or_insert(text);
        }
        c.code_writes += 1;
        if stop {
            uc.emu_stop().unwrap();
        }
        true
    })
    .unwrap();
}

/// LOCKSTEP_TRACE86: every instruction of that function's translation, with
/// the registers.
fn hook_trace86(emu: &mut Unicorn<()>, p: &Program, code_base: u64, name: &str) {
    let n = p
        .functions
        .iter()
        .position(|f| f.0 == name)
        .expect("LOCKSTEP_TRACE86: no such function");
    let (start, end) = (p.functions[n].2, code_end(p, n));
    emu.add_code_hook(code_base + start as u64, code_base + end as u64 - 1, move |uc, a, size| {
        let r = |x| uc.reg_read(x).unwrap() as u16;
        let mut bytes = vec![0u8; size as usize];
        uc.mem_read(a, &mut bytes).unwrap();
        let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
        eprintln!(
            "{:04x}: {hex:14} AX={:04x} BX={:04x} CX={:04x} DX={:04x} SI={:04x} DI={:04x} BP={:04x} SP={:04x} FL={:04x}",
            a - code_base,
            r(RegisterX86::AX),
            r(RegisterX86::BX),
            r(RegisterX86::CX),
            r(RegisterX86::DX),
            r(RegisterX86::SI),
            r(RegisterX86::DI),
            r(RegisterX86::BP),
            r(RegisterX86::SP),
            r(RegisterX86::EFLAGS)
        );
    })
    .unwrap();
}

/// The end of the run: the first divergence with the entries around it, or
/// none, and the model's own end.
fn print_outcome(c: &mut Checker, p: &Program, after_len: usize) {
    if let Some((em, e86)) = c.divergence {
        println!("\nDIVERGENCE at entry #{}:", c.count);
        println!("  last agreeing entries:");
        for e in &c.history {
            println!("    {}", show(p, e));
        }
        println!("  model: {}", show(p, &em));
        println!("  8086:  {}", show(p, &e86));
        println!("  then, model:");
        for _ in 0..after_len {
            match c.next_model() {
                Some(e) => println!("    {}", show(p, &e)),
                None => break,
            }
        }
        println!("  then, 8086:");
        for e in &c.after86 {
            println!("    {}", show(p, e));
        }
    } else {
        println!("no divergence in {} entries", c.count);
    }
    // The model's end, if it came.
    while let Ok(m) = c.rx.try_recv() {
        if let Msg::End(s) = m {
            c.model_end = Some(s);
        }
    }
    println!(
        "model: {}",
        c.model_end.take().unwrap_or("(still running)".into())
    );
}

fn main() {
    let (elf_path, cmdtail) = elf_and_tail("target/msp430-dos/dos/piskrs", " /BENCH /FIXED");
    let settings = Settings::from_env();
    let elf = std::fs::read(elf_path).expect("read the ELF");
    let image = translator::program::build(&elf).expect("translate");
    let p = Rc::new(load(&elf, image));
    eprintln!(
        "{} functions; image end {:#x}; vregs {:#x}",
        p.functions.len(),
        p.image.stack_floor,
        p.vregs
    );
    if let Ok(path) = std::env::var("LOCKSTEP_MAP") {
        write_map(&p, &path);
    }
    let rx = start_model(&elf, &cmdtail);
    if std::env::var_os("LOCKSTEP_MODEL_ONLY").is_some() {
        // Only the model, to its end: its output and its deepest stack.
        for m in rx {
            if let Msg::End(s) = m {
                println!("model: {s}");
            }
        }
        return;
    }

    // The 8086.
    let checker = Rc::new(RefCell::new(Checker {
        rx,
        queue: VecDeque::new(),
        model_end: None,
        history: VecDeque::new(),
        count: 0,
        divergence: None,
        after86: Vec::new(),
        dos: Dos::new(),
        code_writes: 0,
        code_write: None,
        min_sp: (u16::MAX, 0),
    }));
    let mut emu = unicorn_in_segment(SP0 - 2);
    let (base, code_base) = load_8086(&mut emu, &p, &cmdtail, settings.split);
    hook_entries(&mut emu, &p, &checker, (base, code_base), &settings);
    {
        let checker = checker.clone();
        emu.add_intr_hook(move |uc, n| fake_int_in(uc, &mut checker.borrow_mut().dos, n))
            .unwrap();
    }
    let stop_at_code_writes = std::env::var_os("LOCKSTEP_CODE_WRITES").is_none() && !settings.split;
    hook_code_writes(&mut emu, &p, &checker, base, stop_at_code_writes);
    if let Ok(name) = std::env::var("LOCKSTEP_TRACE86") {
        hook_trace86(&mut emu, &p, code_base, &name);
    }
    let profile = settings
        .profile
        .then(|| hook_profile(&mut emu, &p, &checker, (base, code_base)));
    // LOCKSTEP_COUNT_EXACT=1: every instruction counted by a code hook (slow;
    // a check of the profile's block-based count).
    let exact = Rc::new(std::cell::Cell::new(0u64));
    if settings.count_exact {
        let exact = exact.clone();
        emu.add_code_hook(code_base, code_base + 0xFFFF, move |_, _, _| {
            exact.set(exact.get() + 1);
        })
        .unwrap();
    }
    emu.add_insn_in_hook(|_, _, _| 0).unwrap();
    emu.add_insn_out_hook(|_, _, _, _| {}).unwrap();
    let main86 = p.functions.iter().find(|f| f.0 == "piskrs_main").unwrap().2;
    let result = emu.emu_start(
        code_base + main86 as u64,
        code_base + STOP as u64,
        settings.timeout * 1_000_000,
        0,
    );
    let ip = emu.reg_read(RegisterX86::IP).unwrap();
    let mut c = checker.borrow_mut();
    println!(
        "8086: {result:?}, stopped at IP {ip:#x} (in {}) after {} agreeing entries",
        function_of(&p, ip as u16),
        c.count
    );
    println!(
        "8086: lowest SP at a function entry {:#06x} (in {}; the image ends at {:#06x})",
        c.min_sp.0, p.functions[c.min_sp.1 as usize].0, p.image.stack_floor
    );
    if let Some(profile) = &profile {
        print_profile(&emu, &p, profile);
    }
    if settings.count_exact {
        println!("8086: {} instructions counted one by one", exact.get());
    }
    if let Some(w) = &c.code_write {
        println!("{w} ({} such writes)", c.code_writes);
    }
    println!("8086 output:\n{}", String::from_utf8_lossy(&c.dos.out));
    if !c.dos.unknown.is_empty() {
        println!(
            "8086 unknown interrupts: {:?}",
            &c.dos.unknown[..c.dos.unknown.len().min(20)]
        );
    }
    print_outcome(&mut c, &p, settings.after_len);
    std::process::exit(0);
}

/// The function whose 8086 code holds `a`, if any.
fn function_at(p: &Program, a: u16) -> Option<&(String, u16, u16, u16)> {
    p.functions.iter().filter(|f| f.2 <= a).max_by_key(|f| f.2)
}

fn show(p: &Program, e: &Entry) -> String {
    let name = p
        .functions
        .get(e.func as usize)
        .map(|f| f.0.as_str())
        .unwrap_or("(none: the model had ended)");
    format!(
        "{name} r12={:04x} r13={:04x} r14={:04x} r15={:04x} SP={:04x}",
        e.regs[0], e.regs[1], e.regs[2], e.regs[3], e.regs[4]
    )
}

fn function_of(p: &Program, ip: u16) -> String {
    p.functions
        .iter()
        .filter(|f| f.2 <= ip)
        .max_by_key(|f| f.2)
        .map(|f| format!("{}+{:#x}", f.0, ip - f.2))
        .unwrap_or("?".into())
}
