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

use translator::model::Cpu;
use unicorn_engine::{Arch, HookType, Mode, Prot, RegisterX86, Unicorn};

#[path = "common/mod.rs"]
mod common;
use common::*;

/// A block's runs, bytes and instructions (LOCKSTEP_PROFILE).
type Runs = (u64, u64, u64);

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
    let mut cpu = Cpu::new();
    cpu.mem.copy_from_slice(&p.model_mem);
    prepare_segment(&mut cpu.mem, p, cmdtail);
    let mut far = Far {
        mem: vec![0; 0x100000],
    };
    let tail_at = lin(SEG + 0x1000, p.image.tail_at) as usize;
    far.mem[tail_at..tail_at + p.tail.len()].copy_from_slice(&p.tail);
    let natives = model_natives(&p.natives);
    let func_at: HashMap<u16, u16> = p
        .functions
        .iter()
        .enumerate()
        .map(|(i, f)| (f.1, i as u16))
        .collect();
    let masks: Vec<u16> = p.functions.iter().map(|f| f.3).collect();
    let mut dos = Dos::new();
    cpu.regs[1] = SP0;
    cpu.push(STOP);
    cpu.regs[0] = p.main_msp;
    let mut batch = Vec::with_capacity(4096);
    let mut min_sp = (u16::MAX, 0u16);
    // The lowest SP after any instruction, and the PC then.
    let mut lowest_sp = (u16::MAX, 0u16);
    let end = loop {
        let pc = cpu.regs[0];
        if pc == STOP {
            break format!("piskrs_main returned {:#x}", cpu.regs[12]);
        }
        if let Some(&f) = func_at.get(&pc) {
            if cpu.regs[1] < min_sp.0 {
                min_sp = (cpu.regs[1], f);
            }
            batch.push(masked(
                masks[f as usize],
                Entry {
                    func: f,
                    regs: [
                        cpu.regs[12],
                        cpu.regs[13],
                        cpu.regs[14],
                        cpu.regs[15],
                        cpu.regs[1],
                    ],
                },
            ));
            if batch.len() == 4096 && tx.send(Msg::Entries(std::mem::take(&mut batch))).is_err() {
                return;
            }
        }
        if let Some((name, libcall)) = natives.get(&pc) {
            if let Some(end) = model_runtime(name, *libcall, &mut cpu, &mut far, &mut dos) {
                break end;
            }
            cpu.regs[0] = cpu.pop();
            cpu.steps += 1;
            continue;
        }
        if let Err(e) = cpu.step() {
            break format!("model error: {e}");
        }
        if cpu.regs[1] < lowest_sp.0 {
            lowest_sp = (cpu.regs[1], cpu.regs[0]);
        }
    };
    let _ = tx.send(Msg::Entries(batch));
    let _ = tx.send(Msg::End(format!(
        "{end} after {} instructions; lowest SP at a function entry {:#06x} (in {}), after any instruction {:#06x} (at MSP430 PC {:#06x}); the image ends at {:#06x}; output:\n{}{}",
        cpu.steps,
        min_sp.0,
        p.functions.get(min_sp.1 as usize).map(|f| f.0.as_str()).unwrap_or("?"),
        lowest_sp.0,
        lowest_sp.1,
        p.image.stack_floor,
        String::from_utf8_lossy(&dos.out),
        if dos.unknown.is_empty() {
            String::new()
        } else {
            format!("\nunknown interrupts: {:?}", &dos.unknown[..dos.unknown.len().min(20)])
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

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let elf_path = args
        .get(1)
        .map(String::as_str)
        .unwrap_or("target/msp430-dos/dos/piskrs");
    let cmdtail = args.get(2).cloned().unwrap_or(" /BENCH /FIXED".into());
    let env = |k: &str, d: u64| -> u64 {
        std::env::var(k)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(d)
    };
    let history_len = env("LOCKSTEP_HISTORY", 40) as usize;
    let after_len = env("LOCKSTEP_AFTER", 10) as usize;
    let timeout = env("LOCKSTEP_TIMEOUT", 1800);
    let trace = std::env::var("LOCKSTEP_TRACE").ok();

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
        // The functions' addresses (MSP430, 8086, the end of the 8086 code),
        // live-in masks and names, and the image, for a disassembler.
        let mut map = String::new();
        for (n, f) in p.functions.iter().enumerate() {
            let end = p
                .functions
                .get(n + 1)
                .map(|g| g.2)
                .unwrap_or(p.image.code.1);
            map += &format!("{:04x} {:04x} {:04x} {:02x} {}\n", f.1, f.2, end, f.3, f.0);
        }
        std::fs::write(&path, map).unwrap();
        std::fs::write(format!("{path}.bin"), &p.image.bytes).unwrap();
        eprintln!("wrote {path} and {path}.bin (from 100h)");
    }

    // The model, in a thread.
    let (tx, rx) = mpsc::sync_channel(256);
    let _model_thread = {
        let elf = elf.clone();
        let cmd = cmdtail.clone().into_bytes();
        std::thread::spawn(move || {
            let image = translator::program::build(&elf).unwrap();
            let p = load(&elf, image);
            run_model(&p, &cmd, tx);
        })
    };

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
    let mut emu = Unicorn::new(Arch::X86, Mode::MODE_16).unwrap();
    emu.mem_map(0, 0x100000, Prot::ALL).unwrap();
    let base = lin(SEG, 0) as u64;
    let mut segment = vec![0u8; 0x10000];
    segment[0x100..0x100 + p.image.bytes.len()].copy_from_slice(&p.image.bytes);
    prepare_segment(&mut segment, &p, cmdtail.as_bytes());
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
    let split = std::env::var_os("LOCKSTEP_SPLIT_CS").is_some();
    let code_base = if split {
        emu.mem_write(lin(CODE_SEG, 0) as u64, &segment).unwrap();
        lin(CODE_SEG, 0) as u64
    } else {
        base
    };
    emu.mem_write(lin(SEG + 0x1000, p.image.tail_at) as u64, &p.tail)
        .unwrap();
    for r in [RegisterX86::DS, RegisterX86::ES, RegisterX86::SS] {
        emu.reg_write(r, SEG as u64).unwrap();
    }
    emu.reg_write(RegisterX86::CS, (code_base >> 4) as u64)
        .unwrap();
    emu.reg_write(RegisterX86::SP, (SP0 - 2) as u64).unwrap();
    emu.reg_write(RegisterX86::EFLAGS, 0x0202).unwrap();

    let vr15 = base + p.vregs as u64 + 30;
    let stack_floor = p.image.stack_floor;
    let by_msp: HashMap<u16, u16> = p.functions.iter().map(|f| (f.1, f.2)).collect();
    let trace_index = trace
        .as_ref()
        .and_then(|t| p.functions.iter().position(|f| &f.0 == t))
        .map(|i| i as u16);
    for (i, f) in p.functions.iter().enumerate() {
        let checker = checker.clone();
        let p2 = p.clone();
        let by_msp = by_msp.clone();
        let i = i as u16;
        emu.add_code_hook(
            code_base + f.2 as u64,
            code_base + f.2 as u64,
            move |uc, _, _| {
                let mut w = [0u8; 2];
                uc.mem_read(vr15, &mut w).unwrap();
                let e86 = masked(
                    p2.functions[i as usize].3,
                    Entry {
                        func: i,
                        regs: [
                            uc.reg_read(RegisterX86::BX).unwrap() as u16,
                            uc.reg_read(RegisterX86::CX).unwrap() as u16,
                            uc.reg_read(RegisterX86::DX).unwrap() as u16,
                            u16::from_le_bytes(w),
                            uc.reg_read(RegisterX86::SP).unwrap() as u16,
                        ],
                    },
                );
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
                    c.divergence = Some((
                        Entry {
                            func: u16::MAX,
                            regs: [0; 5],
                        },
                        e86,
                    ));
                    uc.emu_stop().unwrap();
                    return;
                };
                let same = em.func == e86.func
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
                    });
                if Some(i) == trace_index {
                    eprintln!("{:>10} {}", c.count, show(&p2, &em));
                }
                if !same {
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
            },
        )
        .unwrap();
    }
    {
        let checker = checker.clone();
        emu.add_intr_hook(move |uc, n| fake_int_in(uc, &mut checker.borrow_mut().dos, n))
            .unwrap();
    }
    // A write into the runtime or the translated code (the stack growing
    // into it, or a stray pointer): reported, and (by default) the end.
    {
        let checker = checker.clone();
        let p2 = p.clone();
        let stop = std::env::var_os("LOCKSTEP_CODE_WRITES").is_none() && !split;
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
    if let Ok(name) = std::env::var("LOCKSTEP_TRACE86") {
        // Every instruction of that function's translation, with the registers.
        let n = p
            .functions
            .iter()
            .position(|f| f.0 == name)
            .expect("LOCKSTEP_TRACE86: no such function");
        let start = p.functions[n].2;
        let end = p
            .functions
            .get(n + 1)
            .map(|g| g.2)
            .unwrap_or(p.image.code.1);
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
    // LOCKSTEP_PROFILE: the bytes of 8086 code each function runs (an 8086's
    // time is mostly its instruction fetch), by basic block.
    // The instructions too: DOSBox-X's normal core takes about one cycle
    // for each, so they are what the e2e figures measure.
    let profile: Rc<RefCell<HashMap<u16, Runs>>> = Rc::new(RefCell::new(HashMap::new()));
    // Each block (address, size): its runs.
    let block_runs: Rc<RefCell<HashMap<(u64, u32), u64>>> = Rc::new(RefCell::new(HashMap::new()));
    // (routine, return address): calls.
    let callers: Rc<RefCell<HashMap<(u16, u16), u64>>> = Rc::new(RefCell::new(HashMap::new()));
    if std::env::var_os("LOCKSTEP_PROFILE").is_some() {
        let profile = profile.clone();
        let mut lengths: HashMap<(u64, u32), u64> = HashMap::new();
        let routines: std::collections::HashSet<u16> =
            p.image.runtime_routines.iter().map(|r| r.1).collect();
        let callers = callers.clone();
        let block_runs = block_runs.clone();
        // LOCKSTEP_PROFILE_FROM=text: count only once the output has it
        // (e.g. "TIME CHA": Strong's part of /BENCH).
        let from = std::env::var("LOCKSTEP_PROFILE_FROM").ok();
        let until = std::env::var("LOCKSTEP_PROFILE_UNTIL").ok();
        let within: Option<u16> = std::env::var("LOCKSTEP_PROFILE_IN").ok().and_then(|name| {
            p.functions
                .iter()
                .find(|f| f.0.contains(&name))
                .map(|f| f.2)
        });
        let mut within_sp: Option<u64> = None;
        let mut counting = from.is_none();
        let mut seen = 0;
        let checker = checker.clone();
        emu.add_block_hook(code_base, code_base + 0xFFFF, move |uc, a, size| {
            {
                let c = checker.borrow();
                if c.dos.out.len() != seen {
                    seen = c.dos.out.len();
                    let has =
                        |text: &str| c.dos.out.windows(text.len()).any(|w| w == text.as_bytes());
                    counting =
                        from.as_deref().is_none_or(has) && !until.as_deref().is_some_and(has);
                }
            }
            // LOCKSTEP_PROFILE_IN=name: only within calls of that function.
            if let Some(entry) = within {
                let sp = uc.reg_read(RegisterX86::SP).unwrap_or(0);
                if a - code_base == entry as u64 {
                    within_sp = Some(sp);
                } else if within_sp.is_some_and(|top| sp > top) {
                    within_sp = None;
                }
                if within_sp.is_none() {
                    return;
                }
            }
            if !counting {
                return;
            }
            if routines.contains(&((a - code_base) as u16)) {
                // A runtime routine's entry: who called it (the return address).
                let sp = uc.reg_read(RegisterX86::SP).unwrap_or(0);
                let mut word = [0u8; 2];
                let _ = uc.mem_read(base + sp, &mut word);
                *callers
                    .borrow_mut()
                    .entry(((a - code_base) as u16, u16::from_le_bytes(word)))
                    .or_insert(0) += 1;
            }
            let count = *lengths.entry((a, size)).or_insert_with(|| {
                let bytes = uc.mem_read_as_vec(a, size as usize).unwrap_or_default();
                iced_x86::Decoder::new(16, &bytes, iced_x86::DecoderOptions::NONE)
                    .into_iter()
                    .count() as u64
            });
            *block_runs.borrow_mut().entry((a, size)).or_insert(0) += 1;
            let mut m = profile.borrow_mut();
            let e = m.entry((a - code_base) as u16).or_default();
            e.0 += 1;
            e.1 += size as u64;
            e.2 += count;
        })
        .unwrap();
    }
    // LOCKSTEP_COUNT_EXACT=1: every instruction counted by a code hook (slow;
    // a check of the profile's block-based count).
    let exact = Rc::new(std::cell::Cell::new(0u64));
    if std::env::var_os("LOCKSTEP_COUNT_EXACT").is_some() {
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
        timeout * 1_000_000,
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
    if std::env::var_os("LOCKSTEP_PROFILE").is_some() {
        let mut by_function: HashMap<String, (u64, u64, u64)> = HashMap::new();
        for (a, (blocks, bytes, instructions)) in profile.borrow().iter() {
            let name = p
                .functions
                .iter()
                .filter(|f| f.2 <= *a)
                .max_by_key(|f| f.2)
                .map(|f| f.0.clone())
                .unwrap_or_else(|| {
                    let routine = p
                        .image
                        .runtime_routines
                        .iter()
                        .filter(|r| r.1 <= *a)
                        .max_by_key(|r| r.1)
                        .map_or("?", |r| r.0.as_str());
                    format!("(runtime) {routine}")
                });
            let e = by_function.entry(name).or_default();
            e.0 += blocks;
            e.1 += bytes;
            e.2 += instructions;
        }
        let total: u64 = by_function.values().map(|v| v.1).sum();
        let total_instructions: u64 = by_function.values().map(|v| v.2).sum();
        let mut list: Vec<_> = by_function.into_iter().collect();
        list.sort_by_key(|(_, v)| std::cmp::Reverse(v.2));
        // LOCKSTEP_PROFILE=name: also the blocks of the functions whose
        // names contain it, by address.
        let wanted = std::env::var("LOCKSTEP_PROFILE").unwrap_or_default();
        if wanted.len() > 1 {
            let mut blocks: Vec<_> = profile
                .borrow()
                .iter()
                .filter(|(a, _)| {
                    p.functions
                        .iter()
                        .filter(|f| f.2 <= **a)
                        .max_by_key(|f| f.2)
                        .is_some_and(|f| f.0.contains(&wanted))
                })
                .map(|(a, v)| (*a, *v))
                .collect();
            blocks.sort();
            for (a, (runs, bytes, instructions)) in blocks {
                println!(
                    "  block {a:04x}: {runs:10} runs {bytes:11} bytes {instructions:11} instructions"
                );
            }
        }
        let name_of = |a: u16| {
            p.functions
                .iter()
                .filter(|f| f.2 <= a)
                .max_by_key(|f| f.2)
                .map_or("?", |f| f.0.as_str())
        };
        let routine_of = |a: u16| {
            p.image
                .runtime_routines
                .iter()
                .find(|r| r.1 == a)
                .map_or("?", |r| r.0.as_str())
        };
        let mut calls: Vec<_> = callers.borrow().iter().map(|(k, v)| (*k, *v)).collect();
        calls.sort_by_key(|c| std::cmp::Reverse(c.1));
        // The instructions run, by kind (numbers other than the register
        // words' addresses left out): what the translation spends on what.
        let mut kinds: HashMap<String, u64> = HashMap::new();
        for (&(a, size), &runs) in block_runs.borrow().iter() {
            let bytes = emu.mem_read_as_vec(a, size as usize).unwrap_or_default();
            let mut formatter = iced_x86::NasmFormatter::new();
            for instruction in iced_x86::Decoder::new(16, &bytes, iced_x86::DecoderOptions::NONE) {
                let mut text = String::new();
                iced_x86::Formatter::format(&mut formatter, &instruction, &mut text);
                let words: Vec<String> = text
                    .split([' ', ','])
                    .map(|w| {
                        if w.contains("0DB") || !w.chars().any(|c| c.is_ascii_digit()) {
                            w.to_string()
                        } else if w.starts_with('[') {
                            let base: String = w
                                .chars()
                                .take_while(|c| c.is_ascii_alphabetic() || *c == '[')
                                .collect();
                            format!("{base}+n]")
                        } else {
                            "n".to_string()
                        }
                    })
                    .collect();
                *kinds.entry(words.join(" ")).or_insert(0) += runs;
            }
        }
        let mut kinds: Vec<_> = kinds.into_iter().collect();
        kinds.sort_by_key(|k| std::cmp::Reverse(k.1));
        println!("8086 profile: instructions by kind:");
        for (kind, n) in kinds.iter().take(60) {
            println!("  {n:11} {kind}");
        }
        println!("8086 profile: the runtime's busiest call sites:");
        for ((routine, back), n) in calls.iter().take(60) {
            println!(
                "  {n:10} calls of {} from {back:04x} in {}",
                routine_of(*routine),
                name_of(*back)
            );
        }
        println!(
            "8086 profile: {total_instructions} instructions ({total} bytes of code) run, by function:"
        );
        for (name, (blocks, bytes, instructions)) in list.iter().take(30) {
            println!(
                "{:6.2}% {instructions:11} instructions {:6.2}% {bytes:12} bytes {blocks:10} blocks  {name}",
                *instructions as f64 * 100.0 / total_instructions as f64,
                *bytes as f64 * 100.0 / total as f64
            );
        }
    }
    if std::env::var_os("LOCKSTEP_COUNT_EXACT").is_some() {
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
    if let Some((em, e86)) = c.divergence {
        println!("\nDIVERGENCE at entry #{}:", c.count);
        println!("  last agreeing entries:");
        for e in &c.history {
            println!("    {}", show(&p, e));
        }
        println!("  model: {}", show(&p, &em));
        println!("  8086:  {}", show(&p, &e86));
        println!("  then, model:");
        for _ in 0..after_len {
            match c.next_model() {
                Some(e) => println!("    {}", show(&p, &e)),
                None => break,
            }
        }
        println!("  then, 8086:");
        for e in &c.after86 {
            println!("    {}", show(&p, e));
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
    std::process::exit(0);
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
