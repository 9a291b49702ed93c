//! A call tracer on the reference model: runs the MSP430 ELF in
//! `translator::model` from `piskrs_main` with the same faked DOS as the
//! lockstep differ (examples/lockstep.rs, whose loader this copies), and
//! prints every entry of the functions whose (mangled) names contain one of
//! TRACE_FN's comma-separated parts, with r12-r15 and the first stack words,
//! and each exit with r12/r13 (the results).
//!
//! ```text
//! TRACE_FN=Search5shape,Search7playout cargo run --release -p translator --example calltrace -- ELF [TAIL]
//! ```
//! TRACE_SKIP=n drops the first n traced entries; TRACE_MAX=n stops after n
//! lines; TRACE_DUMP=reg,offset,len dumps len bytes at rREG+offset on entry;
//! TRACE_AFTER=part starts tracing at that function's first entry;
//! TRACE_FAR=first,count prints the far table's words first.. on entry;
//! TRACE_RET_DUMP=len dumps len bytes at the entry's r12 on exit (an sret).
//!
//! With it the /BENCH node counts' difference between PISKRS86.COM and the
//! host was found (`Search::mark_near`'s count update, miscompiled):
//! `TRACE_AFTER=9search_in TRACE_FN=Search8may_hold,Search9mark_near
//! TRACE_DUMP=12,0,4 TRACE_FAR=406,1` (`Search::nodes` is its first word).

use std::collections::HashMap;

use object::{Object, ObjectSection, ObjectSymbol, RelocationFlags, RelocationTarget};
use translator::model::{self, Cpu};

/// The program's segment (CS = DS = ES = SS) on the 8086 side; also what
/// rt86_segment returns on the model side.
const SEG: u16 = 0x1000;
/// SP at `_start` (DOS's), stored in `piskrs_initial_sp`.
const SP0: u16 = 0xFFFE;
/// The return address `piskrs_main` is called with (PSP offset 0).
const STOP: u16 = 0x0000;
/// Where the runtime's routines are on the model's side (in the PSP: no code).
const NATIVE_BASE: u16 = 0x0010;

fn lin(seg: u16, off: u16) -> u32 {
    ((seg as u32) << 4).wrapping_add(off as u32) & 0xFFFFF
}

/// The faked DOS and BIOS state of one side.
#[derive(Default)]
struct Dos {
    ticks: u32,
    out: Vec<u8>,
    exit: Option<u8>,
    unknown: Vec<String>,
}

/// One interrupt on the Regs (ax, bx, cx, dx, si, di, ds, es, flags); `read`
/// reads a byte at a linear address.
fn fake_int(dos: &mut Dos, n: u8, r: &mut [u16; 9], read: &dyn Fn(u32) -> u8) {
    let ah = r[0] >> 8;
    let (mut cf, mut zf) = (false, false);
    let mut unknown = false;
    match n {
        0x21 => match ah {
            0x40 => {
                for i in 0..r[2] {
                    dos.out.push(read(lin(r[6], r[3].wrapping_add(i))));
                }
                r[0] = r[2];
            }
            0x09 => {
                let mut i = 0u16;
                loop {
                    let b = read(lin(r[6], r[3].wrapping_add(i)));
                    if b == b'$' || i > 2000 {
                        break;
                    }
                    dos.out.push(b);
                    i += 1;
                }
            }
            0x02 => dos.out.push(r[3] as u8),
            0x30 => r[0] = 0x0005,
            0x35 => {
                r[1] = 0;
                r[7] = 0;
            }
            0x25 | 0x4A => {}
            0x44 => {
                r[3] = 0x80D3;
                r[0] = 0x80D3;
            }
            0x4C => dos.exit = Some(r[0] as u8),
            0x3C | 0x3D | 0x3E | 0x3F | 0x41 | 0x43 | 0x48 | 0x56 | 0x5A => {
                cf = true;
                r[0] = 2;
            }
            0x62 => r[1] = SEG,
            _ => unknown = true,
        },
        0x10 => match ah {
            0x0F => {
                r[0] = 0x5003;
                r[1] &= 0x00FF;
            }
            0x03 => {
                r[2] = 0x0607;
                r[3] = 0;
            }
            0x08 => r[0] = 0x0720,
            _ => {}
        },
        0x16 => match ah {
            0x01 | 0x11 => zf = true,
            0x00 | 0x10 => r[0] = 0x011B,
            0x02 | 0x12 => r[0] &= 0xFF00,
            _ => unknown = true,
        },
        0x1A => {
            if ah == 0 {
                r[2] = (dos.ticks >> 16) as u16;
                r[3] = dos.ticks as u16;
                r[0] &= 0xFF00;
                dos.ticks = dos.ticks.wrapping_add(1);
            } else {
                unknown = true;
            }
        }
        0x33 => {
            if r[0] == 0 {
                r[0] = 0;
                r[1] = 0;
            }
        }
        _ => unknown = true,
    }
    if unknown {
        dos.unknown.push(format!("INT {n:02X}h AX={:04X}", r[0]));
    }
    r[8] = 0x0202 | cf as u16 | (zf as u16) << 6;
}

struct Program {
    /// name, MSP430 address, 8086 address, live-in mask (bits: r12-r15, SP)
    functions: Vec<(String, u16, u16, u16)>,
    model_mem: Vec<u8>,
    natives: HashMap<u16, String>,
    image: translator::program::Image,
    main_msp: u16,
    initial_sp: u16,
    #[allow(dead_code)]
    vregs: u16,
    tail: Vec<u8>,
}

fn load(elf_bytes: &[u8], image: translator::program::Image) -> Program {
    let file = object::File::parse(elf_bytes).expect("ELF");
    let sym = |name: &str| -> u16 {
        file.symbols()
            .find(|s| s.name() == Ok(name) && !s.is_undefined())
            .unwrap_or_else(|| panic!("no symbol {name}"))
            .address() as u16
    };
    let mut mem = vec![0u8; 0x10000];
    for section in file.sections() {
        let name = section.name().unwrap_or("");
        if matches!(name, ".rodata" | ".data" | ".text") {
            let at = section.address() as usize;
            let data = section.data().unwrap();
            mem[at..at + data.len()].copy_from_slice(data);
        }
    }
    // Runtime symbols: the model's native addresses (and __stack_floor).
    let mut native_of: HashMap<String, u16> = HashMap::new();
    let mut natives = HashMap::new();
    for section in file.sections() {
        for (offset, reloc) in section.relocations() {
            let RelocationFlags::Elf { r_type } = reloc.flags() else {
                continue;
            };
            if r_type != 3 && r_type != 5 {
                continue;
            }
            let RelocationTarget::Symbol(index) = reloc.target() else {
                continue;
            };
            let s = file.symbol_by_index(index).unwrap();
            if !s.is_undefined() {
                continue;
            }
            let name = s.name().unwrap().to_string();
            let value = if name == "__stack_floor" {
                image.stack_floor
            } else {
                let n = native_of.len() as u16;
                let a = *native_of.entry(name.clone()).or_insert(NATIVE_BASE + 2 * n);
                natives.insert(a, name);
                a
            };
            let v = value.wrapping_add(reloc.addend() as u16);
            mem[offset as usize..offset as usize + 2].copy_from_slice(&v.to_le_bytes());
        }
    }
    // program::build's list: .text's functions in address order, one per address.
    let text_index = file.section_by_name(".text").unwrap().index();
    let mut msp: Vec<(u16, String)> = file
        .symbols()
        .filter(|s| {
            s.kind() == object::SymbolKind::Text
                && s.size() > 0
                && s.section_index() == Some(text_index)
        })
        .map(|s| (s.address() as u16, s.name().unwrap().to_string()))
        .collect();
    msp.sort();
    msp.dedup_by_key(|f| f.0);
    assert_eq!(msp.len(), image.functions.len());
    let sizes: HashMap<u16, u16> = file
        .symbols()
        .filter(|s| s.kind() == object::SymbolKind::Text && s.size() > 0)
        .map(|s| (s.address() as u16, s.size() as u16))
        .collect();
    let mut functions = Vec::new();
    for ((a, name), (name86, a86)) in msp.iter().zip(&image.functions) {
        assert_eq!(name, name86);
        if *a86 != 0 {
            functions.push((name.clone(), *a, *a86, live_in(&mem, *a, sizes[a])));
        }
    }
    let tail = file
        .section_by_name(".tail")
        .map(|s| s.data().unwrap().to_vec())
        .unwrap_or_default();
    Program {
        functions,
        model_mem: mem,
        natives,
        main_msp: sym("piskrs_main"),
        initial_sp: sym("piskrs_initial_sp"),
        vregs: sym("__code_start"),
        image,
        tail,
    }
}

/// The PSP, the stack's paint and the initial SP's static, in a segment's 64 KiB.
fn prepare_segment(mem: &mut [u8], p: &Program, cmdtail: &[u8]) {
    mem[0x80] = cmdtail.len() as u8;
    mem[0x81..0x81 + cmdtail.len()].copy_from_slice(cmdtail);
    mem[0x81 + cmdtail.len()] = 0x0D;
    mem[p.initial_sp as usize..][..2].copy_from_slice(&SP0.to_le_bytes());
    for b in &mut mem[p.image.stack_floor as usize..(SP0 - 64) as usize] {
        *b = 0xA5;
    }
}

/// The model's far memory: our segment is the model's memory, the rest here.
struct Far {
    mem: Vec<u8>,
}

impl Far {
    fn read(&self, cpu: &Cpu, l: u32) -> u8 {
        let base = lin(SEG, 0);
        if l >= base && l < base + 0x10000 {
            cpu.mem[(l - base) as usize]
        } else {
            self.mem[l as usize]
        }
    }
    fn write(&mut self, cpu: &mut Cpu, l: u32, v: u8) {
        let base = lin(SEG, 0);
        if l >= base && l < base + 0x10000 {
            cpu.mem[(l - base) as usize] = v;
        } else {
            self.mem[l as usize] = v;
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let elf_path = args
        .get(1)
        .map(String::as_str)
        .unwrap_or("target/msp430-dos/dos/piskrs");
    let cmdtail = args.get(2).cloned().unwrap_or(" /BENCH".into());
    let env = |k: &str, d: u64| -> u64 {
        std::env::var(k)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(d)
    };
    let skip = env("TRACE_SKIP", 0);
    let max = env("TRACE_MAX", u64::MAX);
    let parts: Vec<String> = std::env::var("TRACE_FN")
        .unwrap_or_default()
        .split(',')
        .filter(|s| !s.is_empty())
        .map(String::from)
        .collect();
    let dump: Option<(usize, u16, u16)> = std::env::var("TRACE_DUMP").ok().map(|v| {
        let mut it = v.split(',').map(|x| x.parse::<u16>().unwrap());
        (
            it.next().unwrap() as usize,
            it.next().unwrap(),
            it.next().unwrap(),
        )
    });
    // TRACE_AFTER=part: nothing is traced before the first entry of that function.
    let after = std::env::var("TRACE_AFTER").ok();
    let elf = std::fs::read(elf_path).expect("read the ELF");
    let image = translator::program::build(&elf).expect("translate");
    let p = load(&elf, image);
    let traced: HashMap<u16, String> = p
        .functions
        .iter()
        .filter(|f| parts.iter().any(|part| f.0.contains(part.as_str())))
        .map(|f| {
            let part = parts
                .iter()
                .find(|part| f.0.ends_with(part.as_str()) || f.0.contains(part.as_str()))
                .unwrap();
            (f.1, part.clone())
        })
        .collect();
    let after_at: Option<u16> = after.as_ref().map(|part| {
        p.functions
            .iter()
            .find(|f| f.0.contains(part.as_str()))
            .expect("TRACE_AFTER: no such function")
            .1
    });
    let mut armed = after_at.is_none();
    for (a, n) in &traced {
        eprintln!("tracing {a:#06x} {n}");
    }
    let mut cpu = Cpu::new();
    cpu.mem.copy_from_slice(&p.model_mem);
    prepare_segment(&mut cpu.mem, &p, cmdtail.as_bytes());
    let mut far = Far {
        mem: vec![0; 0x100000],
    };
    let tail_at = lin(SEG + 0x1000, p.image.tail_at) as usize;
    far.mem[tail_at..tail_at + p.tail.len()].copy_from_slice(&p.tail);
    let libcalls: HashMap<&str, model::Native> = model::natives().into_iter().collect();
    let mut natives: HashMap<u16, (String, Option<model::Native>)> = HashMap::new();
    for (a, n) in &p.natives {
        natives.insert(*a, (n.clone(), libcalls.get(n.as_str()).copied()));
    }
    let mut dos = Dos::default();
    cpu.regs[1] = SP0;
    cpu.push(STOP);
    cpu.regs[0] = p.main_msp;
    // Open traced calls: (return address, SP at entry, short name, depth).
    let ret_dump = env("TRACE_RET_DUMP", 0) as u16;
    // TRACE_FAR=first,count: the far table's words (DS+1000h:4*i) at each entry.
    let far_words: Option<(u32, u32)> = std::env::var("TRACE_FAR").ok().map(|v| {
        let mut it = v.split(',').map(|x| x.parse::<u32>().unwrap());
        (it.next().unwrap(), it.next().unwrap())
    });
    let mut open: Vec<(u16, u16, String, u16)> = Vec::new();
    let mut count = 0u64;
    let mut lines = 0u64;
    let end = loop {
        let pc = cpu.regs[0];
        if pc == STOP {
            break format!("piskrs_main returned {:#x}", cpu.regs[12]);
        }
        if lines >= max {
            break "TRACE_MAX".into();
        }
        while let Some(top) = open.last() {
            if pc == top.0 && cpu.regs[1] == top.1.wrapping_add(2) {
                let (_, _, name, r12) = open.pop().unwrap();
                if count > skip {
                    let mut s = String::new();
                    for i in 0..ret_dump {
                        s += &format!("{:02x}", cpu.read_byte(r12.wrapping_add(i)));
                    }
                    println!(
                        "{}< {} r12={:04x} r13={:04x} at-r12={}",
                        " ".repeat(open.len()),
                        name,
                        cpu.regs[12],
                        cpu.regs[13],
                        s
                    );
                    lines += 1;
                }
            } else {
                break;
            }
        }
        if Some(pc) == after_at {
            armed = true;
        }
        if let Some(name) = traced.get(&pc).filter(|_| armed) {
            count += 1;
            let sp = cpu.regs[1];
            let name = name.clone();
            if count > skip {
                let mut s = format!(
                    "{}> {} r12={:04x} r13={:04x} r14={:04x} r15={:04x} stack={:04x} {:04x} {:04x}",
                    " ".repeat(open.len()),
                    name,
                    cpu.regs[12],
                    cpu.regs[13],
                    cpu.regs[14],
                    cpu.regs[15],
                    cpu.read_word(sp.wrapping_add(2)),
                    cpu.read_word(sp.wrapping_add(4)),
                    cpu.read_word(sp.wrapping_add(6)),
                );
                if let Some((reg, off, len)) = dump {
                    s += " dump=";
                    for i in 0..len {
                        s += &format!("{:02x}", cpu.read_byte(cpu.regs[reg].wrapping_add(off + i)));
                    }
                }
                if let Some((first, n)) = far_words {
                    s += " far=";
                    for i in first..first + n {
                        let l = lin(SEG + 0x1000, 0) + 4 * i;
                        s += &format!(
                            "{:08x} ",
                            u32::from_le_bytes([0, 1, 2, 3].map(|k| far.mem[(l + k) as usize]))
                        );
                    }
                }
                println!("{s}");
                lines += 1;
            }
            open.push((cpu.read_word(sp), sp, name, cpu.regs[12]));
        }
        if let Some((name, libcall)) = natives.get(&pc) {
            let r = |n: usize| cpu.regs[n];
            match (name.as_str(), libcall) {
                (_, Some(f)) => f(&mut cpu),
                ("rt86_int", _) => {
                    let at = r(13);
                    let mut regs = [0u16; 9];
                    for (i, w) in regs.iter_mut().enumerate() {
                        *w = cpu.read_word(at + 2 * i as u16);
                    }
                    for i in [6, 7] {
                        if regs[i] == 0 {
                            regs[i] = SEG;
                        }
                    }
                    let n = r(12) as u8;
                    {
                        let c = &cpu;
                        let f = &far;
                        fake_int(&mut dos, n, &mut regs, &|l| f.read(c, l));
                    }
                    for (i, w) in regs.iter().enumerate() {
                        cpu.write_word(at + 2 * i as u16, *w);
                    }
                    if let Some(code) = dos.exit {
                        break format!("exit {code}");
                    }
                }
                ("rt86_far_read", _) => {
                    let l = lin(r(12), r(13));
                    let v =
                        far.read(&cpu, l) as u16 | (far.read(&cpu, (l + 1) & 0xFFFFF) as u16) << 8;
                    cpu.regs[12] = v;
                }
                ("rt86_far_read_byte", _) => {
                    let l = lin(r(12), r(13));
                    cpu.regs[12] = far.read(&cpu, l) as u16;
                }
                ("rt86_far_write", _) => {
                    let l = lin(r(12), r(13));
                    let v = r(14);
                    far.write(&mut cpu, l, v as u8);
                    far.write(&mut cpu, (l + 1) & 0xFFFFF, (v >> 8) as u8);
                }
                ("rt86_segment", _) => cpu.regs[12] = SEG,
                ("rt86_in", _) => cpu.regs[12] = 0,
                ("rt86_out", _) | ("rt86_idle", _) => {}
                ("rt86_exit", _) => break format!("rt86_exit {}", r(12) as u8),
                (other, _) => break format!("the model called the runtime's {other}"),
            }
            cpu.regs[0] = cpu.pop();
            cpu.steps += 1;
            continue;
        }
        if let Err(e) = cpu.step() {
            break format!("model error: {e}");
        }
    };
    eprintln!(
        "{end} after {} instructions; output:\n{}",
        cpu.steps,
        String::from_utf8_lossy(&dos.out)
    );
}

/// Which of r12-r15 (bits 0-3) and SP (bit 4, always) a function reads
/// before it writes them, along some path through its own code (a call or a
/// branch out of the function counts as reading none: the callee's entry is
/// compared itself). Only these are compared at its entry: the others are
/// leftovers.
fn live_in(code: &[u8], start: u16, size: u16) -> u16 {
    use translator::msp430::{Cond, Instruction as I, Op1, Op2, Operand as O, PC, decode};
    let bit = |r: u8| -> u16 {
        if (12..=15).contains(&r) {
            1 << (r - 12)
        } else {
            0
        }
    };
    let mut list = Vec::new();
    let mut at = start;
    while at < start + size {
        let Ok((i, len)) = decode(&code[at as usize..], at) else {
            break;
        };
        list.push((at, i));
        at += len as u16;
    }
    let index: HashMap<u16, usize> = list.iter().enumerate().map(|(n, (a, _))| (*a, n)).collect();
    let base_use = |o: &O| match o {
        O::Indexed(r, _) | O::PostInc(r) => bit(*r),
        _ => 0,
    };
    let mut uses = vec![0u16; list.len()];
    let mut defs = vec![0u16; list.len()];
    let mut succs: Vec<Vec<usize>> = vec![Vec::new(); list.len()];
    for (n, (_, i)) in list.iter().enumerate() {
        let next = if n + 1 < list.len() {
            vec![n + 1]
        } else {
            vec![]
        };
        match i {
            I::Two { op, src, dst, .. } => {
                let mut u = base_use(src) | base_use(dst);
                if let O::Reg(r) = src {
                    u |= bit(*r);
                }
                let mut d = 0;
                if let O::PostInc(r) = src {
                    d |= bit(*r);
                }
                if let O::Reg(r) = dst {
                    match op {
                        Op2::Mov => d |= bit(*r),
                        Op2::Cmp | Op2::Bit => u |= bit(*r),
                        _ => {
                            u |= bit(*r);
                            d |= bit(*r);
                        }
                    }
                    // xor r, r / sub r, r read nothing.
                    if src == dst && matches!(op, Op2::Xor | Op2::Sub) {
                        u &= !bit(*r);
                    }
                }
                uses[n] = u;
                defs[n] = d;
                succs[n] = if *dst == O::Reg(PC) { vec![] } else { next };
            }
            I::One { op, dst, .. } => {
                let mut u = base_use(dst);
                let mut d = 0;
                if let O::Reg(r) = dst {
                    u |= bit(*r);
                    if !matches!(op, Op1::Push | Op1::Call) {
                        d |= bit(*r);
                    }
                }
                if *op == Op1::Call {
                    d |= 0xF;
                }
                uses[n] = u;
                defs[n] = d;
                succs[n] = next;
            }
            I::Jump { cond, target } => {
                let mut v = Vec::new();
                if let Some(&t) = index.get(target) {
                    v.push(t);
                }
                if *cond != Cond::Always {
                    v.extend(next);
                }
                succs[n] = v;
            }
        }
    }
    let mut live = vec![0u16; list.len()];
    loop {
        let mut changed = false;
        for n in (0..list.len()).rev() {
            let out = succs[n].iter().fold(0, |a, &s| a | live[s]);
            let l = uses[n] | (out & !defs[n]);
            if l != live[n] {
                live[n] = l;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    live.first().copied().unwrap_or(0xF) | 0x10
}
