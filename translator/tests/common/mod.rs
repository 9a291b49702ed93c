//! What the translator's tests share: a tiny MSP430 assembler, a case's
//! registers and memory, and the check that runs a snippet in the reference
//! model (`translator::model`) and its 8086 translation in Unicorn (16-bit
//! real mode) and compares every mapped register and the memory; and the
//! preludes and probes that set the flags before an instruction and read
//! them after it.
//!
//! Flags are observed through what reads them: conditional jumps that set
//! different values, `mov r2, ...` (SR as data), `addc`/`subc`/`rrc`.
// Each test file uses a part of it.
#![allow(dead_code)]

pub use std::collections::HashMap;

pub use translator::decoded::Target;
pub use translator::model::{self, Cpu, Stop};
pub use translator::program::{Snippet, translate_snippet_with};
pub use unicorn_engine::{Arch, Mode, Prot, RegisterX86, Unicorn};

/// Where the MSP430 code lies (in the model's memory).
pub const AT: u16 = 0xC000;
/// Where its translation goes (in the 8086's).
pub const ORIGIN: u16 = 0x1000;
pub const VREGS: u16 = 0x0F00;
/// The return address both sides are called with.
pub const STOP: u16 = 0xFFF0;
/// The initial SP (before the return address is pushed).
pub const STACK: u16 = 0x8000;
/// Where the runtime routines are on the model's side.
pub const NATIVE_BASE: u16 = 0xFE00;
/// A data area the tests use.
pub const DATA: u16 = 0x2000;

// ---------------------------------------------------------------- encoding

/// Source operands.
#[derive(Clone, Copy, Debug)]
pub enum S {
    R(u8),
    /// X(Rn)
    X(u8, u16),
    /// @Rn
    I(u8),
    /// @Rn+
    P(u8),
    /// #N through @PC+
    Imm(u16),
    /// A constant generator's (0, 1, 2, 4, 8, 0xFFFF).
    Cg(u16),
    /// &ADDR
    Abs(u16),
    /// ADDR, PC-relative
    Sym(u16),
}

/// Destination operands.
#[derive(Clone, Copy, Debug)]
pub enum D {
    R(u8),
    X(u8, u16),
    Abs(u16),
    Sym(u16),
}

pub const MOV: u16 = 4;
pub const ADD: u16 = 5;
pub const ADDC: u16 = 6;
pub const SUBC: u16 = 7;
pub const SUB: u16 = 8;
pub const CMP: u16 = 9;
pub const BIT: u16 = 11;
pub const BIC: u16 = 12;
pub const BIS: u16 = 13;
pub const XOR: u16 = 14;
pub const AND: u16 = 15;

pub const RRC: u16 = 0;
pub const SWPB: u16 = 1;
pub const RRA: u16 = 2;
pub const SXT: u16 = 3;
pub const PUSH: u16 = 4;
pub const CALL: u16 = 5;

pub const JNE: u16 = 0;
pub const JEQ: u16 = 1;
pub const JNC: u16 = 2;
pub const JC: u16 = 3;
pub const JN: u16 = 4;
pub const JGE: u16 = 5;
pub const JL: u16 = 6;
pub const JMP: u16 = 7;

pub const RET: u16 = 0x4130;

/// (register, As, extension word) of a source; `ext_at` is the address its
/// extension word would have (for symbolic mode).
pub fn src_fields(s: S, ext_at: u16) -> (u16, u16, Option<u16>) {
    match s {
        S::R(r) => (r as u16, 0, None),
        S::X(r, x) => (r as u16, 1, Some(x)),
        S::I(r) => (r as u16, 2, None),
        S::P(r) => (r as u16, 3, None),
        S::Imm(v) => (0, 3, Some(v)),
        S::Cg(v) => match v {
            0 => (3, 0, None),
            1 => (3, 1, None),
            2 => (3, 2, None),
            0xFFFF => (3, 3, None),
            4 => (2, 2, None),
            8 => (2, 3, None),
            _ => panic!("no constant generator for {v}"),
        },
        S::Abs(a) => (2, 1, Some(a)),
        S::Sym(a) => (0, 1, Some(a.wrapping_sub(ext_at))),
    }
}

// ---------------------------------------------------------------- assembling

/// A tiny assembler: instruction words from `AT`, labels, relocations.
#[derive(Clone, Default)]
pub struct Asm {
    pub words: Vec<u16>,
    pub labels: HashMap<&'static str, u16>,
    /// (word index, label) of jumps to patch.
    pub jumps: Vec<(usize, &'static str)>,
    /// (word index, label) of extension words that hold a label's address.
    pub label_words: Vec<(usize, &'static str)>,
    /// extension word address -> what it names.
    pub relocs: HashMap<u16, Target>,
}

impl Asm {
    pub fn here(&self) -> u16 {
        AT + 2 * self.words.len() as u16
    }

    pub fn label(&mut self, name: &'static str) -> &mut Self {
        self.labels.insert(name, self.here());
        self
    }

    pub fn two(&mut self, op: u16, byte: bool, s: S, d: D) -> &mut Self {
        let at = self.here();
        let (sr, as_, sext) = src_fields(s, at + 2);
        let dext_at = at + 2 + 2 * sext.is_some() as u16;
        let (dr, ad, dext) = match d {
            D::R(r) => (r as u16, 0, None),
            D::X(r, x) => (r as u16, 1, Some(x)),
            D::Abs(a) => (2, 1, Some(a)),
            D::Sym(a) => (0, 1, Some(a.wrapping_sub(dext_at))),
        };
        self.words
            .push(op << 12 | sr << 8 | ad << 7 | (byte as u16) << 6 | as_ << 4 | dr);
        self.words.extend(sext);
        self.words.extend(dext);
        self
    }

    /// r14 = 1 unless `cond` holds (a read of the flags it tests): `jcond
    /// label; mov #1, r14; label:`.
    pub fn one_unless(&mut self, cond: u16, label: &'static str) -> &mut Self {
        self.jump(cond, label)
            .w(MOV, S::Cg(1), D::R(14))
            .label(label)
    }

    /// r`result` = 7 where bit 0 of r`reg` is set, else 9 (a kept bit of SR
    /// turned into a value): `mov #7; bit #1; jne label; mov #9; label:`.
    pub fn value_of_bit0(&mut self, reg: u8, result: u8, label: &'static str) -> &mut Self {
        self.w(MOV, S::Imm(7), D::R(result))
            .w(BIT, S::Cg(1), D::R(reg))
            .jump(JNE, label)
            .w(MOV, S::Imm(9), D::R(result))
            .label(label)
    }

    pub fn w(&mut self, op: u16, s: S, d: D) -> &mut Self {
        self.two(op, false, s, d)
    }

    pub fn b(&mut self, op: u16, s: S, d: D) -> &mut Self {
        self.two(op, true, s, d)
    }

    pub fn one(&mut self, op: u16, byte: bool, s: S) -> &mut Self {
        let at = self.here();
        let (r, as_, ext) = src_fields(s, at + 2);
        self.words
            .push(0x1000 | op << 7 | (byte as u16) << 6 | as_ << 4 | r);
        self.words.extend(ext);
        self
    }

    pub fn jump(&mut self, cond: u16, to: &'static str) -> &mut Self {
        self.jumps.push((self.words.len(), to));
        self.words.push(0x2000 | cond << 10);
        self
    }

    /// `op #label, dst` (relocated to the label).
    pub fn with_label(&mut self, op: u16, to: &'static str, d: D) -> &mut Self {
        let at = self.here();
        self.two(op, false, S::Imm(0), d);
        self.label_words.push(((at - AT) as usize / 2 + 1, to));
        self
    }

    /// `call #label`.
    pub fn call(&mut self, to: &'static str) -> &mut Self {
        let at = self.here();
        self.one(CALL, false, S::Imm(0));
        self.label_words.push(((at - AT) as usize / 2 + 1, to));
        self
    }

    /// `call #routine` (a runtime routine).
    pub fn call_rt(&mut self, name: &str) -> &mut Self {
        let at = self.here();
        self.one(CALL, false, S::Imm(native_address(name)));
        self.relocs
            .insert(at + 2, Target::Runtime(name.to_string()));
        self
    }

    pub fn ret(&mut self) -> &mut Self {
        self.words.push(RET);
        self
    }

    /// The code, with jumps and label words resolved.
    pub fn finish(&self) -> (Vec<u16>, HashMap<u16, Target>, HashMap<&'static str, u16>) {
        let mut words = self.words.clone();
        let mut relocs = self.relocs.clone();
        for &(i, l) in &self.jumps {
            let from = AT + 2 * i as u16;
            let to = self.labels[l];
            let offset = (to.wrapping_sub(from + 2) as i16) / 2;
            assert!((-512..512).contains(&offset));
            words[i] |= offset as u16 & 0x3FF;
        }
        for &(i, l) in &self.label_words {
            words[i] = self.labels[l];
            relocs.insert(AT + 2 * i as u16, Target::Text(self.labels[l]));
        }
        // Every label is a possible target (jump tables name them).
        for (&_, &a) in &self.labels {
            relocs.entry(0x0100 + (a - AT)).or_insert(Target::Text(a));
        }
        (words, relocs, self.labels.clone())
    }
}

pub fn native_address(name: &str) -> u16 {
    let all = model::natives();
    let i = all
        .iter()
        .position(|(n, _)| *n == name)
        .unwrap_or_else(|| panic!("no native {name}"));
    NATIVE_BASE + 2 * i as u16
}

// ---------------------------------------------------------------- running

/// A test: code, the registers and memory before.
#[derive(Clone)]
pub struct Case {
    pub name: String,
    pub regs: [u16; 16],
    pub mem: Vec<(u16, Vec<u8>)>,
    /// Data words that hold a code label's address (an MSP430 address on the
    /// model's side, its translation's on the 8086's).
    pub code_ptrs: Vec<(u16, &'static str)>,
    /// Registers not compared (they hold code addresses, or a routine may
    /// change them).
    pub skip: Vec<usize>,
    /// Translated as a function of the program is (`translate_snippet_with`:
    /// its own homes for r4-r11, frame slots): the snippet must keep the
    /// calling convention, and r11 (caller-saved) is not compared.
    pub as_function: bool,
}

impl Case {
    pub fn new(name: impl Into<String>) -> Case {
        let mut regs = [0u16; 16];
        // Distinct values that stand out.
        for (n, r) in regs.iter_mut().enumerate() {
            *r = 0x1111u16.wrapping_mul(n as u16) ^ 0x0F0F;
        }
        regs[1] = STACK;
        regs[2] = 0;
        regs[3] = 0;
        Case {
            name: name.into(),
            regs,
            mem: vec![(DATA, (0..512u32).map(|i| (i * 37 + 11) as u8).collect())],
            code_ptrs: Vec::new(),
            skip: Vec::new(),
            as_function: false,
        }
    }

    pub fn reg(mut self, r: usize, v: u16) -> Case {
        self.regs[r] = v;
        self
    }

    pub fn mem(mut self, at: u16, bytes: &[u8]) -> Case {
        self.mem.push((at, bytes.to_vec()));
        self
    }

    pub fn words(self, at: u16, words: &[u16]) -> Case {
        let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        self.mem(at, &bytes)
    }

    pub fn function_mode(mut self) -> Case {
        self.as_function = true;
        self.skip.push(11);
        self
    }

    pub fn skip(mut self, r: &[usize]) -> Case {
        self.skip.extend_from_slice(r);
        self
    }

    pub fn code_ptr(mut self, at: u16, label: &'static str) -> Case {
        self.code_ptrs.push((at, label));
        self
    }
}

/// The 8086 home of each mapped MSP430 register.
pub enum Home {
    R(RegisterX86),
    M(u16),
}

pub fn home(r: usize) -> Home {
    match r {
        1 => Home::R(RegisterX86::SP),
        12 => Home::R(RegisterX86::BX),
        13 => Home::R(RegisterX86::CX),
        14 => Home::R(RegisterX86::DX),
        10 => Home::R(RegisterX86::SI),
        9 => Home::R(RegisterX86::DI),
        _ => Home::M(VREGS + 2 * r as u16),
    }
}

pub const MAPPED: [usize; 13] = [1, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];

/// Runs a case on both sides; Err(description of every difference).
pub fn check(asm: &Asm, case: &Case) -> Result<(), String> {
    let (words, _, labels) = asm.finish();
    let code: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    let snippet = translation(asm, case.as_function)
        .map_err(|e| format!("{}: translation failed: {e}", case.name))?;

    // PISKRS_DUMP=file: the translation, for a disassembler.
    if let Ok(path) = std::env::var("PISKRS_DUMP") {
        std::fs::write(path, &snippet.code).unwrap();
    }

    // The model.
    let mut cpu = Cpu::new();
    cpu.load(AT, &code);
    for (at, bytes) in &case.mem {
        cpu.load(*at, bytes);
    }
    for &(at, l) in &case.code_ptrs {
        cpu.write_word(at, labels[l]);
    }
    for (i, (_, f)) in model::natives().into_iter().enumerate() {
        cpu.natives.insert(NATIVE_BASE + 2 * i as u16, f);
    }
    cpu.regs = case.regs;
    if let Stop::Error(e) = cpu.call(AT, STOP, 100_000) {
        return Err(format!("{}: the model failed: {e}", case.name));
    }

    // The 8086.
    let mut emu = Unicorn::new(Arch::X86, Mode::MODE_16).map_err(|e| format!("{e:?}"))?;
    emu.mem_map(0, 0x10000, Prot::ALL).unwrap();
    let code_end = ORIGIN as usize + snippet.code.len() + snippet.runtime.len();
    assert!(
        code_end < DATA as usize,
        "the translation overlaps the data"
    );
    emu.mem_write(ORIGIN as u64, &snippet.code).unwrap();
    emu.mem_write(
        (ORIGIN as usize + snippet.code.len()) as u64,
        &snippet.runtime,
    )
    .unwrap();
    for (at, bytes) in &case.mem {
        emu.mem_write(*at as u64, bytes).unwrap();
    }
    for &(at, l) in &case.code_ptrs {
        let a = snippet.addresses[&labels[l]];
        emu.mem_write(at as u64, &a.to_le_bytes()).unwrap();
    }
    emu.mem_write(STOP as u64, &[0xF4]).unwrap(); // hlt
    let sp = case.regs[1] - 2;
    emu.mem_write(sp as u64, &STOP.to_le_bytes()).unwrap();
    for r in MAPPED {
        let v = if r == 1 { sp } else { case.regs[r] };
        match home(r) {
            Home::R(x) => emu.reg_write(x, v as u64).unwrap(),
            Home::M(a) => emu.mem_write(a as u64, &v.to_le_bytes()).unwrap(),
        }
    }
    for seg in [
        RegisterX86::CS,
        RegisterX86::DS,
        RegisterX86::ES,
        RegisterX86::SS,
    ] {
        emu.reg_write(seg, 0).unwrap();
    }
    emu.reg_write(RegisterX86::AX, 0xDEAD).unwrap();
    emu.reg_write(RegisterX86::BP, 0xBEEF).unwrap();
    // Flags: the opposite of what the model starts with where it matters.
    emu.reg_write(RegisterX86::EFLAGS, 0x0002 | 0x0001 | 0x0040)
        .unwrap();
    let entry = snippet.addresses[&AT];
    emu.emu_start(entry as u64, STOP as u64, 0, 1_000_000)
        .map_err(|e| {
            format!(
                "{}: unicorn: {e:?} at IP {:#x}",
                case.name,
                emu.reg_read(RegisterX86::IP).unwrap_or(0)
            )
        })?;
    let ip = emu.reg_read(RegisterX86::IP).unwrap() as u16;
    if std::env::var("PISKRS_DUMP").is_ok() {
        eprintln!(
            "8086 after: IP {ip:#x} SP {:#x} BX {:#x} DX {:#x}",
            emu.reg_read(RegisterX86::SP).unwrap(),
            emu.reg_read(RegisterX86::BX).unwrap(),
            emu.reg_read(RegisterX86::DX).unwrap()
        );
    }
    if ip != STOP {
        return Err(format!(
            "{}: the 8086 code did not return (IP {ip:#x}, MSP430 took {} steps)",
            case.name, cpu.steps
        ));
    }

    // Compare.
    let mut diffs = Vec::new();
    let mem86 = emu.mem_read_as_vec(0, 0x10000).unwrap();
    for r in MAPPED {
        if case.skip.contains(&r) {
            continue;
        }
        let got = match home(r) {
            Home::R(x) => emu.reg_read(x).unwrap() as u16,
            Home::M(a) => u16::from_le_bytes([mem86[a as usize], mem86[a as usize + 1]]),
        };
        let want = cpu.regs[r];
        if got != want {
            diffs.push(format!("r{r}: want {want:#06x} got {got:#06x}"));
        }
    }
    let final_sp = cpu.regs[1];
    let skip_byte = |a: usize| -> bool {
        (VREGS as usize..VREGS as usize + 32).contains(&a)
            || (ORIGIN as usize..code_end).contains(&a)
            || (AT as usize..AT as usize + code.len()).contains(&a)
            || (0x7000..final_sp as usize).contains(&a)
            || cpu.return_slots.contains(&(a as u16 & !1))
            || case.code_ptrs.iter().any(|&(p, _)| a as u16 & !1 == p)
            || a == STOP as usize
    };
    let mut bad = 0;
    for (a, (&got, &want)) in mem86.iter().zip(&cpu.mem).enumerate() {
        if !skip_byte(a) && got != want {
            bad += 1;
            if bad <= 8 {
                diffs.push(format!("[{a:#06x}]: want {:#04x} got {:#04x}", want, got));
            }
        }
    }
    if bad > 8 {
        diffs.push(format!("... {bad} bytes differ"));
    }
    if diffs.is_empty() {
        Ok(())
    } else {
        Err(format!("{}: {}", case.name, diffs.join(", ")))
    }
}

pub fn run(asm: &Asm, case: Case) {
    if let Err(e) = check(asm, &case) {
        panic!("{e}");
    }
}

/// Runs several cases, reports all that fail.
pub fn run_all(cases: Vec<(Asm, Case)>) {
    let n = cases.len();
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|(a, c)| check(a, c).err())
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {n} cases failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

// ---------------------------------------------------------------- the ALU matrix

/// Where the flag probes write.
pub const PROBE: u16 = 0x2400;
/// The word the preludes compare or add to.
pub const PRE: u16 = 0x2300;

/// Values that make flags interesting.
pub const EDGES: [u16; 10] = [
    0, 1, 0x7F, 0x80, 0xFF, 0x7FFF, 0x8000, 0xFFFF, 0x8080, 0x00FE,
];

pub fn value(seed: u32, r: usize) -> u16 {
    let mut x = seed.wrapping_mul(0x9E37_79B9) ^ (r as u32).wrapping_mul(0x85EB_CA6B);
    x ^= x >> 15;
    x = x.wrapping_mul(0x2C1B_3C6D);
    x ^= x >> 12;
    if x & 1 == 0 {
        EDGES[(x >> 1) as usize % EDGES.len()]
    } else {
        (x >> 8) as u16
    }
}

/// Sets the flags (k: which way) before the instruction under test.
pub fn prelude(a: &mut Asm, k: u32) {
    a.w(MOV, S::Cg(0), D::Abs(PROBE));
    if k.is_multiple_of(2) {
        a.w(CMP, S::Imm(0x4000), D::Abs(PRE));
    } else {
        a.w(ADD, S::Imm(0xC000), D::Abs(PRE));
    }
}

pub fn pre_word(k: u32) -> u16 {
    [0x3FFF, 0x4000, 0x4000, 0x3000, 0x4001, 0x8000][k as usize % 6]
}

/// Which flags a probe reads.
#[derive(Clone, Copy)]
pub struct Probe {
    pub c: bool,
    pub z: bool,
    pub n: bool,
    pub v: bool,
    pub sr: bool,
}

pub const ALL: Probe = Probe {
    c: true,
    z: true,
    n: true,
    v: true,
    sr: true,
};
pub const NO_V: Probe = Probe {
    c: true,
    z: true,
    n: true,
    v: false,
    sr: false,
};
pub const ONLY_C: Probe = Probe {
    c: true,
    z: false,
    n: false,
    v: false,
    sr: false,
};

/// Reads the flags into PROBE (jumps) and PROBE + 2 (SR as data).
pub fn probe(a: &mut Asm, p: Probe) {
    if p.sr {
        // First, while nothing has touched the flags.
        a.w(MOV, S::R(2), D::Abs(PROBE + 2));
    }
    if p.c {
        a.jump(JNC, "pc")
            .w(BIS, S::Cg(1), D::Abs(PROBE))
            .label("pc");
    }
    if p.z {
        a.jump(JNE, "pz")
            .w(BIS, S::Cg(2), D::Abs(PROBE))
            .label("pz");
    }
    if p.n {
        a.jump(JN, "pn").w(BIS, S::Cg(4), D::Abs(PROBE)).label("pn");
    }
    if p.v {
        a.jump(JGE, "pv")
            .w(BIS, S::Cg(8), D::Abs(PROBE))
            .label("pv");
        a.jump(JL, "pl")
            .w(BIS, S::Imm(16), D::Abs(PROBE))
            .label("pl");
    }
}

pub fn regs_used(s: S, d: D) -> Vec<u8> {
    let mut v = Vec::new();
    match s {
        S::R(r) | S::X(r, _) | S::I(r) | S::P(r) => v.push(r),
        _ => {}
    }
    match d {
        D::R(r) | D::X(r, _) => v.push(r),
        _ => {}
    }
    v
}

pub fn base_of_src(s: S) -> Option<u8> {
    match s {
        S::X(r, _) | S::I(r) | S::P(r) => Some(r),
        _ => None,
    }
}

pub fn base_of_dst(d: D) -> Option<u8> {
    match d {
        D::X(r, _) => Some(r),
        _ => None,
    }
}

/// The homes: BX, CX, DX, SI, DI, memory (r4, r15, r11).
pub const HOMES: [u8; 8] = [12, 13, 14, 10, 9, 4, 15, 11];

pub fn op_name(op: u16) -> &'static str {
    [
        "?", "?", "?", "?", "mov", "add", "addc", "subc", "sub", "cmp", "dadd", "bit", "bic",
        "bis", "xor", "and",
    ][op as usize]
}

/// Whether the translator refuses a snippet (with a message).
pub fn refused(asm: &Asm) -> bool {
    translation(asm, false).is_err()
}

/// The snippet's translation at ORIGIN: as the program's functions are
/// translated (`as_function`), or as a snippet.
pub fn translation(asm: &Asm, as_function: bool) -> Result<Snippet, String> {
    let (words, relocs, _) = asm.finish();
    let code: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    translate_snippet_with(&code, AT, ORIGIN, VREGS, &relocs, as_function)
}

/// The instructions of a translation that the filter keeps.
pub fn count_instructions(
    snippet: &Snippet,
    keep: impl Fn(&iced_x86::Instruction) -> bool,
) -> usize {
    iced_x86::Decoder::new(16, &snippet.code, iced_x86::DecoderOptions::NONE)
        .into_iter()
        .filter(|i| keep(i))
        .count()
}

/// A translation's instructions as text, for a failure's message.
pub fn listing(snippet: &Snippet) -> Vec<String> {
    iced_x86::Decoder::new(16, &snippet.code, iced_x86::DecoderOptions::NONE)
        .into_iter()
        .map(|i| format!("{i}"))
        .collect()
}

/// Each home as a source in every register mode: Rn, x(Rn) at
/// `displacement`, @Rn, @Rn+.
pub fn home_sources(displacement: u16) -> Vec<S> {
    HOMES
        .iter()
        .flat_map(|&r| [S::R(r), S::X(r, displacement), S::I(r), S::P(r)])
        .collect()
}

/// The operands of the single-operand matrix (and the stack's pushes).
pub fn one_operands(byte: bool) -> Vec<S> {
    let mut v = home_sources(4);
    v.push(S::X(1, 2));
    v.push(S::Abs(DATA + 0x30));
    v.push(S::Sym(DATA + 0x32));
    if byte {
        v.push(S::Abs(DATA + 0x35));
    }
    v
}
