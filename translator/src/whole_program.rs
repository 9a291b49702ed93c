//! What the whole-program tools (translator/examples: lockstep, calltrace,
//! profile386, startcost) share: the faked DOS and BIOS, the program read
//! from the ELF, its segment and far memory on the model's side, and which
//! argument registers a function reads.

use std::collections::HashMap;

use crate::model::{self, Cpu};
use object::{Object, ObjectSection, ObjectSymbol, RelocationFlags, RelocationTarget};

/// The program's segment (CS = DS = ES = SS) on the 8086 side; also what
/// rt86_segment returns on the model side.
pub const SEG: u16 = 0x1000;
/// SP at `_start` (DOS's), stored in `piskrs_initial_sp`.
pub const SP0: u16 = 0xFFFE;
/// The return address `piskrs_main` is called with (PSP offset 0).
pub const STOP: u16 = 0x0000;
/// Where the runtime's routines are on the model's side (in the PSP: no code).
pub const NATIVE_BASE: u16 = 0x0010;

pub fn lin(seg: u16, off: u16) -> u32 {
    ((seg as u32) << 4).wrapping_add(off as u32) & 0xFFFFF
}

/// The faked DOS and BIOS state of one side.
#[derive(Default)]
pub struct Dos {
    pub ticks: u32,
    pub out: Vec<u8>,
    pub exit: Option<u8>,
    pub unknown: Vec<String>,
    /// LOCKSTEP_STDIN's bytes: standard input, a file (redirected).
    pub stdin: Option<Vec<u8>>,
    pub stdin_at: usize,
    /// Bytes an interrupt wrote (INT 21h AH=3Fh), for the caller to store.
    pub writes: Vec<(u32, u8)>,
    /// Keys the keyboard gives (INT 16h), scan code high, in order.
    pub keys: std::collections::VecDeque<u16>,
    /// The program asked for a key when none was left: a run with keys ends
    /// there (it would wait forever).
    pub out_of_keys: bool,
    /// Whether the run was given keys (PROFILE_KEYS).
    pub keys_given: bool,
}

impl Dos {
    pub fn new() -> Dos {
        Dos {
            stdin: std::env::var_os("LOCKSTEP_STDIN")
                .map(|f| std::fs::read(f).expect("LOCKSTEP_STDIN")),
            ..Dos::default()
        }
    }

    /// `new`, and the keys of PROFILE_KEYS (hex words, scan code high,
    /// comma-separated) when it is set: the profilers feed them to INT 16h.
    pub fn with_profile_keys() -> Dos {
        let mut dos = Dos::new();
        if let Ok(keys) = std::env::var("PROFILE_KEYS") {
            dos.keys = keys
                .split(',')
                .map(|k| u16::from_str_radix(k.trim(), 16).expect("PROFILE_KEYS: hex words"))
                .collect();
            dos.keys_given = true;
        }
        dos
    }
}

/// One interrupt on the Regs (ax, bx, cx, dx, si, di, ds, es, flags); `read`
/// reads a byte at a linear address.
pub fn fake_int(dos: &mut Dos, n: u8, r: &mut [u16; 9], read: &dyn Fn(u32) -> u8) {
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
            0x44 if r[1] == 0 && dos.stdin.is_some() => {
                r[3] = 0x0000;
                r[0] = 0x0000;
            }
            0x3F if r[1] == 0 && dos.stdin.is_some() => {
                let input = dos.stdin.as_ref().unwrap();
                let n = (r[2] as usize).min(input.len() - dos.stdin_at);
                for i in 0..n {
                    dos.writes.push((
                        lin(r[6], r[3].wrapping_add(i as u16)),
                        input[dos.stdin_at + i],
                    ));
                }
                dos.stdin_at += n;
                r[0] = n as u16;
            }
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
            0x01 | 0x11 => match dos.keys.front() {
                Some(&key) => r[0] = key,
                None => {
                    zf = true;
                    dos.out_of_keys = true;
                }
            },
            0x00 | 0x10 => r[0] = dos.keys.pop_front().unwrap_or(0x011B),
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

pub struct Program {
    /// name, MSP430 address, 8086 address, live-in mask (bits: r12-r15, SP)
    pub functions: Vec<(String, u16, u16, u16)>,
    pub model_mem: Vec<u8>,
    pub natives: HashMap<u16, String>,
    pub image: crate::program::Image,
    pub main_msp: u16,
    pub initial_sp: u16,
    pub vregs: u16,
    pub tail: Vec<u8>,
}

pub fn load(elf_bytes: &[u8], image: crate::program::Image) -> Program {
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
pub fn prepare_segment(mem: &mut [u8], p: &Program, cmdtail: &[u8]) {
    mem[0x80] = cmdtail.len() as u8;
    mem[0x81..0x81 + cmdtail.len()].copy_from_slice(cmdtail);
    mem[0x81 + cmdtail.len()] = 0x0D;
    mem[p.initial_sp as usize..][..2].copy_from_slice(&SP0.to_le_bytes());
    for b in &mut mem[p.image.stack_floor as usize..(SP0 - 64) as usize] {
        *b = 0xA5;
    }
}

/// The model's far memory: our segment is the model's memory, the rest here.
pub struct Far {
    pub mem: Vec<u8>,
}

impl Far {
    pub fn read(&self, cpu: &Cpu, l: u32) -> u8 {
        let base = lin(SEG, 0);
        if l >= base && l < base + 0x10000 {
            cpu.mem[(l - base) as usize]
        } else {
            self.mem[l as usize]
        }
    }
    pub fn write(&mut self, cpu: &mut Cpu, l: u32, v: u8) {
        let base = lin(SEG, 0);
        if l >= base && l < base + 0x10000 {
            cpu.mem[(l - base) as usize] = v;
        } else {
            self.mem[l as usize] = v;
        }
    }
}

/// Which of r12-r15 (bits 0-3) and SP (bit 4, always) a function reads
/// before it writes them, along some path through its own code (a call or a
/// branch out of the function counts as reading none: the callee's entry is
/// compared itself). Only these are compared at its entry: the others are
/// leftovers.
pub fn live_in(code: &[u8], start: u16, size: u16) -> u16 {
    use crate::msp430::{Cond, Instruction as I, Op1, Op2, Operand as O, PC, decode};
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

/// The runtime's routines the model meets (address -> name), each with the
/// model's own arithmetic where it has one (the libcalls).
pub fn model_natives(
    named: &HashMap<u16, String>,
) -> HashMap<u16, (String, Option<model::Native>)> {
    let libcalls: HashMap<&str, model::Native> = model::natives().into_iter().collect();
    named
        .iter()
        .map(|(a, n)| (*a, (n.clone(), libcalls.get(n.as_str()).copied())))
        .collect()
}

/// What the model does for a call of the runtime's `name` (the 8086 side runs
/// the real routine): the libcall's arithmetic, or the faked DOS and far
/// memory. Some(why) where the program ends there.
pub fn model_runtime(
    name: &str,
    libcall: Option<model::Native>,
    cpu: &mut Cpu,
    far: &mut Far,
    dos: &mut Dos,
) -> Option<String> {
    let r = |cpu: &Cpu, n: usize| cpu.regs[n];
    match (name, libcall) {
        (_, Some(f)) => f(cpu),
        ("rt86_int", _) => {
            let at = r(cpu, 13);
            let mut regs = [0u16; 9];
            for (i, w) in regs.iter_mut().enumerate() {
                *w = cpu.read_word(at + 2 * i as u16);
            }
            for i in [6, 7] {
                if regs[i] == 0 {
                    regs[i] = SEG;
                }
            }
            let n = r(cpu, 12) as u8;
            {
                let (c, f) = (&*cpu, &*far);
                fake_int(dos, n, &mut regs, &|l| f.read(c, l));
            }
            for (l, v) in std::mem::take(&mut dos.writes) {
                far.write(cpu, l, v);
            }
            for (i, w) in regs.iter().enumerate() {
                cpu.write_word(at + 2 * i as u16, *w);
            }
            if let Some(code) = dos.exit {
                return Some(format!("exit {code}"));
            }
        }
        ("rt86_far_read", _) => {
            let l = lin(r(cpu, 12), r(cpu, 13));
            cpu.regs[12] = far.read(cpu, l) as u16 | (far.read(cpu, (l + 1) & 0xFFFFF) as u16) << 8;
        }
        ("rt86_far_read_byte", _) => {
            let l = lin(r(cpu, 12), r(cpu, 13));
            cpu.regs[12] = far.read(cpu, l) as u16;
        }
        ("rt86_far_write", _) => {
            let l = lin(r(cpu, 12), r(cpu, 13));
            let v = r(cpu, 14);
            far.write(cpu, l, v as u8);
            far.write(cpu, (l + 1) & 0xFFFFF, (v >> 8) as u8);
        }
        ("rt86_far_write_byte", _) => {
            let l = lin(r(cpu, 12), r(cpu, 13));
            far.write(cpu, l, r(cpu, 14) as u8);
        }
        // The tree's far tables (src/dos/far_tree.rs), so that the tree's
        // builds run here too: a segment filled, words copied to and from
        // offset 0 of a segment.
        ("rt86_far_fill", _) => {
            let (segment, value) = (r(cpu, 12), r(cpu, 13));
            for offset in (0..=0xFFFEu16).step_by(2) {
                let l = lin(segment, offset);
                far.write(cpu, l, value as u8);
                far.write(cpu, (l + 1) & 0xFFFFF, (value >> 8) as u8);
            }
        }
        ("rt86_far_put", _) => {
            let (segment, from, words) = (r(cpu, 12), r(cpu, 13), r(cpu, 14));
            for k in 0..words.wrapping_mul(2) {
                let v = cpu.mem[from.wrapping_add(k) as usize];
                far.write(cpu, lin(segment, k), v);
            }
        }
        ("rt86_far_get", _) => {
            let (segment, to, words) = (r(cpu, 12), r(cpu, 13), r(cpu, 14));
            for k in 0..words.wrapping_mul(2) {
                let v = far.read(cpu, lin(segment, k));
                cpu.mem[to.wrapping_add(k) as usize] = v;
            }
        }
        ("rt86_segment", _) => cpu.regs[12] = SEG,
        ("rt86_table_read", _) => {
            let word = |cpu: &Cpu, o: u16| {
                let l = lin(SEG + 0x1000, o);
                far.read(cpu, l) as u16 | (far.read(cpu, (l + 1) & 0xFFFFF) as u16) << 8
            };
            let offset = r(cpu, 12);
            let (low, high) = (word(cpu, offset), word(cpu, offset.wrapping_add(2)));
            cpu.regs[12] = low;
            cpu.regs[13] = high;
        }
        ("rt86_table_write", _) => {
            let offset = r(cpu, 12);
            for (k, v) in [(0u16, r(cpu, 13)), (2, r(cpu, 14))] {
                let l = lin(SEG + 0x1000, offset.wrapping_add(k));
                far.write(cpu, l, v as u8);
                far.write(cpu, (l + 1) & 0xFFFFF, (v >> 8) as u8);
            }
        }
        ("rt86_in", _) => cpu.regs[12] = 0,
        ("rt86_out", _) | ("rt86_idle", _) => {}
        ("rt86_exit", _) => return Some(format!("rt86_exit {}", r(cpu, 12) as u8)),
        (other, _) => return Some(format!("the model called the runtime's {other}")),
    }
    None
}
