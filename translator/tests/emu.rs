//! The translator's tests: each runs an MSP430 snippet in the reference model
//! (`translator::model`) and its 8086 translation in Unicorn (16-bit real
//! mode), and compares every mapped register and the memory.
//!
//! Flags are observed through what reads them: conditional jumps that set
//! different values, `mov r2, ...` (SR as data), `addc`/`subc`/`rrc`.

use std::collections::HashMap;

use proptest::prelude::*;
use translator::decoded::Target;
use translator::model::{self, Cpu, Stop};
use translator::program::{translate_function_snippet, translate_snippet_with};
use unicorn_engine::{Arch, Mode, Prot, RegisterX86, Unicorn};

/// Where the MSP430 code lies (in the model's memory).
const AT: u16 = 0xC000;
/// Where its translation goes (in the 8086's).
const ORIGIN: u16 = 0x1000;
const VREGS: u16 = 0x0F00;
/// The return address both sides are called with.
const STOP: u16 = 0xFFF0;
/// The initial SP (before the return address is pushed).
const STACK: u16 = 0x8000;
/// Where the runtime routines are on the model's side.
const NATIVE_BASE: u16 = 0xFE00;
/// A data area the tests use.
const DATA: u16 = 0x2000;

// ---------------------------------------------------------------- encoding

/// Source operands.
#[derive(Clone, Copy, Debug)]
enum S {
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
enum D {
    R(u8),
    X(u8, u16),
    Abs(u16),
    Sym(u16),
}

const MOV: u16 = 4;
const ADD: u16 = 5;
const ADDC: u16 = 6;
const SUBC: u16 = 7;
const SUB: u16 = 8;
const CMP: u16 = 9;
const BIT: u16 = 11;
const BIC: u16 = 12;
const BIS: u16 = 13;
const XOR: u16 = 14;
const AND: u16 = 15;

const RRC: u16 = 0;
const SWPB: u16 = 1;
const RRA: u16 = 2;
const SXT: u16 = 3;
const PUSH: u16 = 4;
const CALL: u16 = 5;

const JNE: u16 = 0;
const JEQ: u16 = 1;
const JNC: u16 = 2;
const JC: u16 = 3;
const JN: u16 = 4;
const JGE: u16 = 5;
const JL: u16 = 6;
const JMP: u16 = 7;

const RET: u16 = 0x4130;

/// (register, As, extension word) of a source; `ext_at` is the address its
/// extension word would have (for symbolic mode).
fn src_fields(s: S, ext_at: u16) -> (u16, u16, Option<u16>) {
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
struct Asm {
    words: Vec<u16>,
    labels: HashMap<&'static str, u16>,
    /// (word index, label) of jumps to patch.
    jumps: Vec<(usize, &'static str)>,
    /// (word index, label) of extension words that hold a label's address.
    label_words: Vec<(usize, &'static str)>,
    /// extension word address -> what it names.
    relocs: HashMap<u16, Target>,
}

impl Asm {
    fn here(&self) -> u16 {
        AT + 2 * self.words.len() as u16
    }

    fn label(&mut self, name: &'static str) -> &mut Self {
        self.labels.insert(name, self.here());
        self
    }

    fn two(&mut self, op: u16, byte: bool, s: S, d: D) -> &mut Self {
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

    fn w(&mut self, op: u16, s: S, d: D) -> &mut Self {
        self.two(op, false, s, d)
    }

    fn b(&mut self, op: u16, s: S, d: D) -> &mut Self {
        self.two(op, true, s, d)
    }

    fn one(&mut self, op: u16, byte: bool, s: S) -> &mut Self {
        let at = self.here();
        let (r, as_, ext) = src_fields(s, at + 2);
        self.words
            .push(0x1000 | op << 7 | (byte as u16) << 6 | as_ << 4 | r);
        self.words.extend(ext);
        self
    }

    fn jump(&mut self, cond: u16, to: &'static str) -> &mut Self {
        self.jumps.push((self.words.len(), to));
        self.words.push(0x2000 | cond << 10);
        self
    }

    /// `op #label, dst` (relocated to the label).
    fn with_label(&mut self, op: u16, to: &'static str, d: D) -> &mut Self {
        let at = self.here();
        self.two(op, false, S::Imm(0), d);
        self.label_words.push(((at - AT) as usize / 2 + 1, to));
        self
    }

    /// `call #label`.
    fn call(&mut self, to: &'static str) -> &mut Self {
        let at = self.here();
        self.one(CALL, false, S::Imm(0));
        self.label_words.push(((at - AT) as usize / 2 + 1, to));
        self
    }

    /// `call #routine` (a runtime routine).
    fn call_rt(&mut self, name: &str) -> &mut Self {
        let at = self.here();
        self.one(CALL, false, S::Imm(native_address(name)));
        self.relocs
            .insert(at + 2, Target::Runtime(name.to_string()));
        self
    }

    fn ret(&mut self) -> &mut Self {
        self.words.push(RET);
        self
    }

    /// The code, with jumps and label words resolved.
    fn finish(&self) -> (Vec<u16>, HashMap<u16, Target>, HashMap<&'static str, u16>) {
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

fn native_address(name: &str) -> u16 {
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
struct Case {
    name: String,
    regs: [u16; 16],
    mem: Vec<(u16, Vec<u8>)>,
    /// Data words that hold a code label's address (an MSP430 address on the
    /// model's side, its translation's on the 8086's).
    code_ptrs: Vec<(u16, &'static str)>,
    /// Registers not compared (they hold code addresses, or a routine may
    /// change them).
    skip: Vec<usize>,
    /// Translated as a function of the program is (translate_function_snippet:
    /// its own homes for r4-r11, frame slots): the snippet must keep the
    /// calling convention, and r11 (caller-saved) is not compared.
    as_function: bool,
}

impl Case {
    fn new(name: impl Into<String>) -> Case {
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

    fn reg(mut self, r: usize, v: u16) -> Case {
        self.regs[r] = v;
        self
    }

    fn mem(mut self, at: u16, bytes: &[u8]) -> Case {
        self.mem.push((at, bytes.to_vec()));
        self
    }

    fn words(self, at: u16, words: &[u16]) -> Case {
        let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        self.mem(at, &bytes)
    }

    fn function_mode(mut self) -> Case {
        self.as_function = true;
        self.skip.push(11);
        self
    }

    fn skip(mut self, r: &[usize]) -> Case {
        self.skip.extend_from_slice(r);
        self
    }

    fn code_ptr(mut self, at: u16, label: &'static str) -> Case {
        self.code_ptrs.push((at, label));
        self
    }
}

/// The 8086 home of each mapped MSP430 register.
enum Home {
    R(RegisterX86),
    M(u16),
}

fn home(r: usize) -> Home {
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

const MAPPED: [usize; 13] = [1, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];

/// Runs a case on both sides; Err(description of every difference).
fn check(asm: &Asm, case: &Case) -> Result<(), String> {
    let (words, relocs, labels) = asm.finish();
    let code: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    let snippet = if case.as_function {
        translate_function_snippet(&code, AT, ORIGIN, VREGS, &relocs)
    } else {
        translate_snippet_with(&code, AT, ORIGIN, VREGS, &relocs)
    }
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

fn run(asm: &Asm, case: Case) {
    if let Err(e) = check(asm, &case) {
        panic!("{e}");
    }
}

/// Runs several cases, reports all that fail.
fn run_all(cases: Vec<(Asm, Case)>) {
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
const PROBE: u16 = 0x2400;
/// The word the preludes compare or add to.
const PRE: u16 = 0x2300;

/// Values that make flags interesting.
const EDGES: [u16; 10] = [
    0, 1, 0x7F, 0x80, 0xFF, 0x7FFF, 0x8000, 0xFFFF, 0x8080, 0x00FE,
];

fn value(seed: u32, r: usize) -> u16 {
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
fn prelude(a: &mut Asm, k: u32) {
    a.w(MOV, S::Cg(0), D::Abs(PROBE));
    if k.is_multiple_of(2) {
        a.w(CMP, S::Imm(0x4000), D::Abs(PRE));
    } else {
        a.w(ADD, S::Imm(0xC000), D::Abs(PRE));
    }
}

fn pre_word(k: u32) -> u16 {
    [0x3FFF, 0x4000, 0x4000, 0x3000, 0x4001, 0x8000][k as usize % 6]
}

/// Which flags a probe reads.
#[derive(Clone, Copy)]
struct Probe {
    c: bool,
    z: bool,
    n: bool,
    v: bool,
    sr: bool,
}

const ALL: Probe = Probe {
    c: true,
    z: true,
    n: true,
    v: true,
    sr: true,
};
const NO_V: Probe = Probe {
    c: true,
    z: true,
    n: true,
    v: false,
    sr: false,
};
const ONLY_C: Probe = Probe {
    c: true,
    z: false,
    n: false,
    v: false,
    sr: false,
};

/// Reads the flags into PROBE (jumps) and PROBE + 2 (SR as data).
fn probe(a: &mut Asm, p: Probe) {
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

fn regs_used(s: S, d: D) -> Vec<u8> {
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

fn base_of_src(s: S) -> Option<u8> {
    match s {
        S::X(r, _) | S::I(r) | S::P(r) => Some(r),
        _ => None,
    }
}

fn base_of_dst(d: D) -> Option<u8> {
    match d {
        D::X(r, _) => Some(r),
        _ => None,
    }
}

/// The homes: BX, CX, DX, SI, DI, memory (r4, r15, r11).
const HOMES: [u8; 8] = [12, 13, 14, 10, 9, 4, 15, 11];

fn sources(byte: bool) -> Vec<S> {
    let mut v = Vec::new();
    for r in HOMES {
        v.push(S::R(r));
        v.push(S::X(r, 6));
        v.push(S::I(r));
        v.push(S::P(r));
    }
    v.push(S::R(1));
    v.push(S::X(1, 2));
    v.push(S::I(1));
    v.push(S::X(12, 0xFFFE)); // a negative displacement
    for c in [0, 1, 2, 4, 8, 0xFFFF] {
        v.push(S::Cg(c));
    }
    for i in [0x1234, 0x0080, 0x7FFF, 0xFF7F, 0x8001] {
        v.push(S::Imm(i));
    }
    v.push(S::Abs(DATA + 0x10));
    if byte {
        v.push(S::Abs(DATA + 0x13));
    }
    v.push(S::Sym(DATA + 0x18));
    v
}

fn destinations(byte: bool) -> Vec<D> {
    let mut v = Vec::new();
    for r in HOMES {
        v.push(D::R(r));
        v.push(D::X(r, 4));
    }
    v.push(D::X(1, 2));
    v.push(D::X(13, 0xFFFC));
    v.push(D::Abs(DATA + 0x20));
    if byte {
        v.push(D::Abs(DATA + 0x21));
    }
    v.push(D::Sym(DATA + 0x28));
    v
}

fn op_name(op: u16) -> &'static str {
    [
        "?", "?", "?", "?", "mov", "add", "addc", "subc", "sub", "cmp", "dadd", "bit", "bic",
        "bis", "xor", "and",
    ][op as usize]
}

/// One case of `op(.b) s, d`, with flags set before by prelude `k` and
/// read after.
fn alu_case(op: u16, byte: bool, s: S, d: D, k: u32, p: Probe) -> (Asm, Case) {
    let mut a = Asm::default();
    prelude(&mut a, k);
    a.two(op, byte, s, d);
    probe(&mut a, p);
    a.ret();
    let mut case = Case::new(format!(
        "{}{} {s:?}, {d:?} (k {k})",
        op_name(op),
        if byte { ".b" } else { "" }
    ));
    for r in HOMES {
        case.regs[r as usize] = value(k * 7919 + op as u32 * 31 + byte as u32, r as usize);
    }
    // Bases point into the data (odd for a byte @Rn/@Rn+ source sometimes).
    let mut n = 0;
    for b in [base_of_src(s), base_of_dst(d)].into_iter().flatten() {
        if b == 1 {
            continue;
        }
        let odd = byte && base_of_src(s) == Some(b) && k % 2 == 1;
        case.regs[b as usize] = DATA + 0x40 + 0x20 * n + odd as u16;
        n += 1;
    }
    // Above the stack: data for X(SP).
    let above: Vec<u8> = (0..32u32).map(|i| (i * 91 + k * 13 + 5) as u8).collect();
    case = case.mem(STACK, &above).words(PRE, &[pre_word(k)]);
    (a, case)
}

/// The forms the translator refuses (the `refuses_*` tests below): left out
/// of the matrix, whose cases read the flags after each operation.
fn known_bug(op: u16, byte: bool, s: S, d: D) -> bool {
    let sp_src = matches!(s, S::R(1));
    let si_di = matches!(d, D::R(10) | D::R(9));
    (sp_src && byte && si_di) || (sp_src && (op == BIC || op == BIS))
}

/// Whether the translator refuses a snippet (with a message).
fn refused(asm: &Asm) -> bool {
    let (words, relocs, _) = asm.finish();
    let code: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    translate_snippet_with(&code, AT, ORIGIN, VREGS, &relocs).is_err()
}

fn alu_matrix(op: u16, byte: bool) {
    let p = if op == XOR { NO_V } else { ALL };
    let mut cases = Vec::new();
    let main_dsts = [D::R(12), D::R(10), D::R(4), D::X(13, 4)];
    let main_srcs = [
        S::R(13),
        S::R(9),
        S::R(15),
        S::Imm(0x8001),
        S::X(1, 2),
        S::P(14),
    ];
    let mut pairs = Vec::new();
    for s in sources(byte) {
        for d in main_dsts {
            pairs.push((s, d));
        }
    }
    for d in destinations(byte) {
        for s in main_srcs {
            pairs.push((s, d));
        }
    }
    for (s, d) in pairs {
        // The translator refuses @Rn+ with Rn in the destination (LLVM does
        // not emit it); a base can't be a destination register either.
        if let S::P(r) = s
            && regs_used(S::Cg(0), d).contains(&r)
        {
            continue;
        }
        if known_bug(op, byte, s, d) {
            continue;
        }
        for k in 0..4 {
            cases.push(alu_case(op, byte, s, d, k, p));
        }
    }
    run_all(cases);
}

macro_rules! matrix {
    ($($name:ident: $op:expr, $byte:expr;)*) => {
        $(#[test] fn $name() { alu_matrix($op, $byte); })*
    };
}

matrix! {
    mov_word: MOV, false;
    mov_byte: MOV, true;
    add_word: ADD, false;
    add_byte: ADD, true;
    addc_word: ADDC, false;
    addc_byte: ADDC, true;
    subc_word: SUBC, false;
    subc_byte: SUBC, true;
    sub_word: SUB, false;
    sub_byte: SUB, true;
    cmp_word: CMP, false;
    cmp_byte: CMP, true;
    bit_word: BIT, false;
    bit_byte: BIT, true;
    bic_word: BIC, false;
    bic_byte: BIC, true;
    bis_word: BIS, false;
    bis_byte: BIS, true;
    xor_word: XOR, false;
    xor_byte: XOR, true;
    and_word: AND, false;
    and_byte: AND, true;
}

// ---------------------------------------------------------------- bugs found

/// `mov.b r1, r10` (a byte op with SP's low byte as the source and SI/DI as
/// the destination) once read SP - 2 (BX was spilled with a push first). LLVM
/// never reads SP's low byte: it is refused into SI/DI, and right elsewhere.
#[test]
fn refuses_sp_low_byte_into_si_di() {
    let mut a = Asm::default();
    a.b(MOV, S::R(1), D::R(10)).ret();
    assert!(refused(&a), "mov.b r1, r10");
    let mut a = Asm::default();
    a.b(ADD, S::R(1), D::R(9)).ret();
    assert!(refused(&a), "add.b r1, r9");
    let mut a = Asm::default();
    a.b(MOV, S::R(1), D::R(4)).ret();
    run(&a, Case::new("mov.b r1, r4"));
    let mut a = Asm::default();
    a.b(ADD, S::R(1), D::R(4)).ret();
    run(&a, Case::new("add.b r1, r4").reg(4, 0x1234));
}

/// `bis r1, r12` / `bic r1, r12` with the flags live after it: keeping the
/// flags with `pushf; or bx, sp; popf` would OR SP - 2, so it is refused.
#[test]
fn refuses_sp_as_data_under_kept_flags() {
    for (op, name) in [(BIS, "bis"), (BIC, "bic")] {
        let mut a = Asm::default();
        a.w(CMP, S::R(13), D::R(12))
            .w(op, S::R(1), D::R(12))
            .jump(JNC, "x")
            .w(MOV, S::Cg(1), D::R(14))
            .label("x")
            .ret();
        assert!(refused(&a), "cmp r13, r12; {name} r1, r12; jnc");
        // With the flags dead, it translates.
        let mut a = Asm::default();
        a.w(op, S::R(1), D::R(12)).ret();
        run(&a, Case::new(format!("{name} r1, r12")).reg(12, 3));
    }
}

/// `bic.b r12, r10` (a byte BIC into SI or DI from anything but a constant):
/// the destination's byte is in AL, the complement goes through AH. (It once
/// failed to translate: "bic into AL".)
#[test]
fn bic_byte_into_si() {
    let mut a = Asm::default();
    a.b(BIC, S::R(12), D::R(10)).ret();
    run(
        &a,
        Case::new("bic.b r12, r10").reg(12, 0x00F0).reg(10, 0x1234),
    );
    let mut a = Asm::default();
    a.b(BIC, S::X(12, 0), D::R(9)).ret();
    run(&a, Case::new("bic.b @r12, r9").reg(12, DATA));
}

// ---------------------------------------------------------------- one operand

fn one_case(op: u16, byte: bool, s: S, k: u32, p: Probe) -> (Asm, Case) {
    let mut a = Asm::default();
    prelude(&mut a, k);
    a.one(op, byte, s);
    probe(&mut a, p);
    a.ret();
    let names = ["rrc", "swpb", "rra", "sxt"];
    let mut case = Case::new(format!(
        "{}{} {s:?} (k {k})",
        names[op as usize],
        if byte { ".b" } else { "" }
    ));
    for r in HOMES {
        case.regs[r as usize] = value(k * 104_729 + op as u32 * 7 + byte as u32, r as usize);
    }
    if let Some(b) = base_of_src(s)
        && b != 1
    {
        case.regs[b as usize] = DATA + 0x40 + (byte && k % 2 == 1) as u16;
    }
    let above: Vec<u8> = (0..32u32).map(|i| (i * 53 + k * 29 + 1) as u8).collect();
    case = case.mem(STACK, &above).words(PRE, &[pre_word(k)]);
    (a, case)
}

fn one_operands(byte: bool) -> Vec<S> {
    let mut v = Vec::new();
    for r in HOMES {
        v.push(S::R(r));
        v.push(S::X(r, 4));
        v.push(S::I(r));
        v.push(S::P(r));
    }
    v.push(S::X(1, 2));
    v.push(S::Abs(DATA + 0x30));
    v.push(S::Sym(DATA + 0x32));
    if byte {
        v.push(S::Abs(DATA + 0x35));
    }
    v
}

fn one_matrix(op: u16, byte: bool, p: Probe) {
    let mut cases = Vec::new();
    for s in one_operands(byte) {
        for k in 0..6 {
            cases.push(one_case(op, byte, s, k, p));
        }
    }
    run_all(cases);
}

#[test]
fn rra_word() {
    one_matrix(RRA, false, ALL);
}

#[test]
fn rra_byte() {
    one_matrix(RRA, true, ALL);
}

/// RRC's carry in and out (the translator refuses to translate a read of
/// RRC's N or Z: see `rrc_n_and_z`).
#[test]
fn rrc_word() {
    one_matrix(RRC, false, ONLY_C);
}

#[test]
fn rrc_byte() {
    one_matrix(RRC, true, ONLY_C);
}

#[test]
#[ignore = "translator limitation: RRC's N, Z (and V) cannot be read (RCR leaves SF and ZF)"]
fn rrc_n_and_z() {
    one_matrix(RRC, false, ALL);
}

/// SWPB leaves the flags: they are the prelude's after it.
#[test]
fn swpb() {
    one_matrix(SWPB, false, ALL);
}

#[test]
fn sxt() {
    one_matrix(SXT, false, ALL);
}

/// XOR's V (set when both operands are negative) cannot be read.
#[test]
#[ignore = "translator limitation: a read of XOR's V does not translate"]
fn xor_overflow() {
    let mut a = Asm::default();
    a.w(XOR, S::R(13), D::R(12))
        .jump(JGE, "x")
        .w(MOV, S::Cg(1), D::R(14))
        .label("x")
        .ret();
    run(
        &a,
        Case::new("xor r13, r12; jge")
            .reg(12, 0x8000)
            .reg(13, 0x8001),
    );
}

// ---------------------------------------------------------------- the status register

/// An operation of each kind of carry (ADD: CF = C; SUB and CMP: CF =
/// borrow; AND and BIT: C = not Z), with (r12, r13) values giving each flag.
const CARRY_KINDS: [(u16, [(u16, u16); 4]); 5] = [
    (ADD, [(0x7FFF, 1), (0xFFFF, 1), (0x8000, 0x8000), (3, 4)]),
    (SUB, [(0x7FFF, 0xFFFF), (1, 1), (0x8000, 1), (3, 4)]),
    (CMP, [(0, 1), (5, 5), (0x8000, 0x7FFF), (0x10, 2)]),
    (AND, [(0xFFFF, 0x8000), (0x00F0, 0x0F00), (1, 1), (0, 0)]),
    (BIT, [(0xFFFF, 0x8000), (0x00F0, 0x0F00), (1, 1), (0, 0)]),
];

/// clrc, setc (bic/bis #1, r2) and `bit #1, r2`, read by jumps, addc, subc,
/// rrc and `mov r2, ...`.
#[test]
fn status_register() {
    let mut cases = Vec::new();
    for set in [false, true] {
        for reader in 0..6 {
            let mut a = Asm::default();
            // Known Z, N, V (C = 1, Z = N = V = 0), then C changed.
            a.w(CMP, S::R(13), D::R(12));
            a.w(if set { BIS } else { BIC }, S::Cg(1), D::R(2));
            match reader {
                0 => {
                    a.w(ADDC, S::R(13), D::R(12));
                }
                1 => {
                    a.w(SUBC, S::R(13), D::R(12));
                }
                2 => {
                    a.one(RRC, false, S::R(12));
                }
                3 => {
                    a.jump(JC, "x").w(MOV, S::Cg(2), D::R(14)).label("x");
                }
                4 => {
                    // bit #1, r2: Z = not C, C = C.
                    a.w(BIT, S::Cg(1), D::R(2));
                    probe(&mut a, Probe { v: false, ..ALL });
                }
                _ => {
                    a.w(MOV, S::R(2), D::R(15));
                }
            }
            a.ret();
            cases.push((
                a,
                Case::new(format!(
                    "{} then reader {reader}",
                    if set { "setc" } else { "clrc" }
                ))
                .reg(12, 0x1235)
                .reg(13, 0x0F00),
            ));
        }
    }
    // SR as data after each kind of carry: add (CF = C), sub (CF = borrow),
    // and (C = not Z), and with values giving each flag.
    for (op, vals) in CARRY_KINDS {
        for (d, s) in vals {
            let mut a = Asm::default();
            a.w(op, S::R(13), D::R(12)).w(MOV, S::R(2), D::R(14));
            a.ret();
            cases.push((
                a,
                Case::new(format!(
                    "{} r13, r12; mov r2, r14 ({d:#x}, {s:#x})",
                    op_name(op)
                ))
                .reg(12, d)
                .reg(13, s),
            ));
        }
    }
    run_all(cases);
}

// ---------------------------------------------------------------- stack

#[test]
fn push_and_pop() {
    let mut cases = Vec::new();
    let mut operands = one_operands(false);
    operands.extend([S::Imm(0x1234), S::Cg(0), S::Cg(1), S::Cg(8), S::Cg(0xFFFF)]);
    for s in operands {
        for pop in [D::R(12), D::R(10), D::R(4), D::Abs(DATA + 0x60)] {
            let mut a = Asm::default();
            a.one(PUSH, false, s);
            // pop: mov @sp+, dst
            a.w(MOV, S::P(1), pop);
            a.ret();
            let mut case = Case::new(format!("push {s:?}; pop {pop:?}"));
            if let Some(b) = base_of_src(s)
                && b != 1
            {
                case.regs[b as usize] = DATA + 0x40;
            }
            cases.push((a, case.mem(STACK, &[1, 2, 3, 4, 5, 6])));
        }
    }
    // push.b: the low byte at the new SP, read back as a byte.
    for s in [S::R(12), S::R(10), S::R(4), S::X(13, 1), S::P(14)] {
        let mut a = Asm::default();
        a.one(PUSH, true, s)
            .b(MOV, S::I(1), D::R(15))
            .w(ADD, S::Cg(2), D::R(1))
            .ret();
        let case = Case::new(format!("push.b {s:?}"))
            .reg(13, DATA + 0x41)
            .reg(14, DATA + 0x45);
        cases.push((a, case));
    }
    run_all(cases);
}

/// A frame: SP arithmetic, X(SP) operands, SP as data.
#[test]
fn stack_frame() {
    let mut a = Asm::default();
    a.w(SUB, S::Imm(8), D::R(1))
        .w(MOV, S::R(12), D::X(1, 0))
        .w(MOV, S::R(13), D::X(1, 2))
        .w(MOV, S::R(4), D::X(1, 4))
        .w(MOV, S::Imm(0x5555), D::X(1, 6))
        .w(ADD, S::X(1, 0), D::X(1, 2))
        .b(ADD, S::X(1, 4), D::X(1, 7))
        .w(SUB, S::X(1, 6), D::R(10))
        .b(MOV, S::X(1, 3), D::R(9))
        .w(MOV, S::R(1), D::R(14))
        .w(ADD, S::Cg(4), D::R(14))
        .w(ADD, S::I(14), D::R(15))
        .w(MOV, S::X(1, 2), D::R(11))
        .w(XOR, S::X(1, 6), D::X(1, 2))
        .w(MOV, S::X(1, 2), D::R(5))
        .w(MOV, S::X(1, 6), D::R(6))
        .w(ADD, S::Imm(8), D::R(1))
        .ret();
    run(
        &a,
        Case::new("frame")
            .reg(12, 0x1234)
            .reg(13, 0x8765)
            .reg(4, 0xF00F),
    );
}

/// `sub #2, sp; cmp r13, r12; add #2, sp; jeq x`: on the MSP430 ADD to SP
/// sets the flags like any ADD (here Z = 0), and so does the 8086's. (The
/// translation once wrapped it in `pushf; add sp, 2; popf`, whose POPF read
/// the wrong stack word.)
#[test]
fn flags_of_sp_arithmetic() {
    let mut a = Asm::default();
    a.w(SUB, S::Cg(2), D::R(1))
        .w(CMP, S::R(13), D::R(12))
        .w(ADD, S::Cg(2), D::R(1))
        .jump(JEQ, "x")
        .w(MOV, S::Cg(1), D::R(14))
        .label("x")
        .ret();
    run(
        &a,
        Case::new("sub #2, sp; cmp; add #2, sp; jeq")
            .words(STACK - 4, &[0x0040])
            .reg(12, 1)
            .reg(13, 1),
    );
}

/// `call @r9+`: r9 grows by 2 before the call (the translation once left it
/// as it was).
#[test]
fn call_post_increment() {
    let mut a = Asm::default();
    a.one(CALL, false, S::P(9)).ret().label("f").ret();
    run(
        &a,
        Case::new("call @r9+")
            .reg(9, DATA + 0x130)
            .code_ptr(DATA + 0x130, "f"),
    );
}

/// r11's home is a "free" BX, CX or DX: one that r12-r14 leave unused in the
/// function's own code (translate/homes.rs, `plan_homes`). But a register the code
/// never names is not free when it carries an argument through to a callee
/// (or a callee's result back to the caller): here r14, memset's length,
/// which this function leaves as its caller set it. r11 goes to DX and
/// overwrites it, so memset fills 0x40 bytes instead of 4 ([DATA + 4..]:
/// want the data, got 0x55). Found by the lockstep differ
/// (examples/lockstep.rs) in PISKRS's `benchmark::reply`: it passes /BENCH's
/// node budget (r14:r15) through to `engine::think` without touching it, and
/// its r11 (a pointer to its frame) lands in DX, so Strong searches with a
/// budget of SP + 12 (0xFA6E) nodes instead of 1600.
#[test]
fn r11_home_keeps_an_argument_passed_through() {
    let mut a = Asm::default();
    a.w(MOV, S::Imm(0x40), D::R(11))
        .w(MOV, S::R(11), D::Abs(DATA + 0x1F0))
        .call_rt("memset") // memset(r12, r13, r14): all three the caller's
        .ret();
    run(
        &a,
        Case::new("r11 and an argument passed through in r14")
            .reg(12, DATA)
            .reg(13, 0x55)
            .reg(14, 4)
            .skip(&[13, 14, 15])
            .function_mode(),
    );
}

/// A function as LLVM makes them: the prologue saves r4-r10, the body uses
/// them across a call to another such function and a loop, the epilogue
/// restores them. Translated as the program's functions are (homes of its
/// own, frame slots made with the locals' room), it must compute the same
/// result and leave the caller's r4-r10 as they were.
#[test]
fn functions_with_frame_slots() {
    let prologue = |a: &mut Asm| {
        for r in 4..=10 {
            a.one(PUSH, false, S::R(r));
        }
    };
    let epilogue = |a: &mut Asm| {
        for r in (4..=10).rev() {
            a.w(MOV, S::P(1), D::R(r));
        }
        a.ret();
    };
    let mut a = Asm::default();
    // f(r12 = pointer, r13 = count): sums the words, each times (index + 1),
    // through g; r12 = the sum.
    prologue(&mut a);
    a.w(SUB, S::Imm(4), D::R(1))
        .w(MOV, S::R(12), D::R(4))
        .w(MOV, S::R(13), D::R(5))
        .w(MOV, S::Cg(0), D::R(6))
        .w(MOV, S::Cg(1), D::R(7))
        .w(MOV, S::Cg(0), D::X(1, 2))
        .w(MOV, S::Imm(0x1234), D::X(1, 0))
        .w(MOV, S::Imm(0x0101), D::R(8))
        .w(MOV, S::Imm(0x0202), D::R(9))
        .w(MOV, S::Imm(0x0404), D::R(10))
        .label("loop")
        .w(CMP, S::Cg(0), D::R(5))
        .jump(JEQ, "done")
        .w(MOV, S::P(4), D::R(12))
        .w(MOV, S::R(7), D::R(13))
        .call("g")
        .w(ADD, S::R(12), D::R(6))
        .w(ADD, S::R(12), D::X(1, 2))
        .w(ADD, S::Cg(1), D::R(7))
        .w(SUB, S::Cg(1), D::R(5))
        .jump(JMP, "loop")
        .label("done")
        .w(MOV, S::R(6), D::R(12))
        // Everything that had to live across the calls, folded in.
        .w(ADD, S::R(8), D::R(12))
        .w(ADD, S::R(9), D::R(12))
        .w(ADD, S::R(10), D::R(12))
        .w(ADD, S::R(7), D::R(12))
        .w(ADD, S::X(1, 0), D::R(12))
        .w(MOV, S::X(1, 2), D::R(13))
        .w(ADD, S::Imm(4), D::R(1));
    epilogue(&mut a);
    // g(r12, r13) = r12 * r13 by additions, with its own r4-r10.
    a.label("g");
    prologue(&mut a);
    a.w(MOV, S::R(12), D::R(8))
        .w(MOV, S::R(13), D::R(9))
        .w(MOV, S::Cg(0), D::R(10))
        .w(MOV, S::Cg(0), D::R(4))
        .label("times")
        .w(CMP, S::R(9), D::R(4))
        .jump(JEQ, "product")
        .w(ADD, S::R(8), D::R(10))
        .w(ADD, S::Cg(1), D::R(4))
        .jump(JMP, "times")
        .label("product")
        .w(MOV, S::R(10), D::R(12));
    epilogue(&mut a);
    run(
        &a,
        Case::new("f and g with frame slots")
            .reg(12, DATA)
            .reg(13, 6)
            .skip(&[14, 15])
            .function_mode(),
    );
}

/// BP is kept across calls: a function that uses it saves its caller's on
/// entry, so its own stack lies 2 bytes lower. f takes the addresses of its
/// locals (`mov sp, rn` with and without a following `add #k`), passes g a
/// stack argument, and reads its frame through BP after the call; g reads
/// the argument above its return address and takes a local's address; h,
/// without locals, reads SP as data (the return address's place) and its
/// caller's stack word. f also reads SR as data (a runtime routine, which
/// keeps BP as well). Any word off by the saved BP changes the sums. (The
/// stack's addresses themselves differ: r13 is left out.)
#[test]
fn bp_kept_across_calls() {
    let mut a = Asm::default();
    // f: r12 = a sum of its locals, g's result and h's.
    a.one(PUSH, false, S::R(10))
        .w(SUB, S::Imm(6), D::R(1))
        .w(MOV, S::Imm(0x1111), D::X(1, 0))
        .w(MOV, S::R(1), D::R(12))
        .w(ADD, S::Imm(2), D::R(12)) // the address of 2(sp), one LEA
        .w(MOV, S::Imm(0x2222), D::X(12, 0))
        .w(MOV, S::R(1), D::R(10)) // the address of 0(sp)
        .w(ADD, S::Imm(0x0100), D::X(10, 0))
        .one(PUSH, false, S::Imm(0x3333)) // g's stack argument
        .call("g")
        .w(ADD, S::Imm(2), D::R(1))
        .w(ADD, S::X(1, 0), D::R(12)) // BP kept across the call
        .w(MOV, S::R(2), D::R(14)) // SR as data: the runtime keeps BP too
        .w(ADD, S::X(1, 2), D::R(12))
        .w(MOV, S::R(12), D::X(1, 4))
        .one(PUSH, false, S::Imm(0x0440))
        .call("h")
        .w(ADD, S::Imm(2), D::R(1))
        .w(ADD, S::X(1, 4), D::R(12))
        .w(ADD, S::Imm(6), D::R(1))
        .w(MOV, S::P(1), D::R(10))
        .ret();
    // g: r12 = its stack argument + 0x0500, through a local.
    a.label("g")
        .one(PUSH, false, S::R(10))
        .w(SUB, S::Imm(2), D::R(1))
        .w(MOV, S::X(1, 6), D::X(1, 0)) // the argument, past r10 and the return
        .w(MOV, S::R(1), D::R(13))
        .w(ADD, S::Imm(0x0500), D::X(13, 0))
        .w(MOV, S::X(1, 0), D::R(12))
        .w(ADD, S::Imm(2), D::R(1))
        .w(MOV, S::P(1), D::R(10))
        .ret();
    // h: r12 = its caller's stack word, read through SP as data and through
    // X(SP).
    a.label("h")
        .w(MOV, S::R(1), D::R(13))
        .w(MOV, S::X(13, 2), D::R(12))
        .w(ADD, S::X(1, 2), D::R(12))
        .ret();
    run(
        &a,
        Case::new("BP kept across calls, stack arguments, locals' addresses")
            .reg(10, 0x5a5a)
            .skip(&[13, 15])
            .function_mode(),
    );
}

// ---------------------------------------------------------------- calls, branches, tables

#[test]
fn calls() {
    let mut a = Asm::default();
    a.call("f") // call #f (relocated)
        .with_label(MOV, "g", D::R(13)) // mov #g, r13
        .one(CALL, false, S::R(13)) // call r13
        .with_label(MOV, "f", D::R(4))
        .one(CALL, false, S::R(4)) // call r4 (memory-homed)
        .one(CALL, false, S::Abs(DATA + 0x100)) // call &ptr
        .one(CALL, false, S::X(14, 2)) // call 2(r14)
        .one(CALL, false, S::I(10)) // call @r10
        .one(CALL, false, S::I(9)) // call @r9 (@r9+: see bug_call_post_increment)
        .one(PUSH, false, S::Abs(DATA + 0x100))
        .one(CALL, false, S::X(1, 0)) // call 0(sp)
        .w(ADD, S::Cg(2), D::R(1))
        .w(MOV, S::Cg(0), D::R(13))
        .w(MOV, S::Cg(0), D::R(4))
        .ret()
        .label("f")
        .w(ADD, S::Imm(0x10), D::R(12))
        .ret()
        .label("g")
        .w(ADD, S::Imm(0x100), D::R(12))
        .call("f") // nested
        .ret()
        .label("h")
        .w(ADD, S::Imm(0x1000), D::R(12))
        .w(MOV, S::X(1, 2), D::R(15)) // a caller's stack word: the frame matches
        .ret();
    let case = Case::new("calls")
        .reg(12, 0)
        .reg(14, DATA + 0x110 - 2)
        .reg(10, DATA + 0x120)
        .reg(9, DATA + 0x130)
        .code_ptr(DATA + 0x100, "h")
        .code_ptr(DATA + 0x110, "g")
        .code_ptr(DATA + 0x120, "f")
        .code_ptr(DATA + 0x130, "h")
        .skip(&[15]);
    run(&a, case);
}

/// A return address on the stack is a code address: only a call's slot is
/// left out of the comparison, so a callee that reads the caller's frame is
/// checked through X(SP).
#[test]
fn jump_table_and_branches() {
    let mut cases = Vec::new();
    for i in 0..4u16 {
        let mut a = Asm::default();
        a.w(MOV, S::X(12, DATA + 0x180), D::R(0)) // mov table(r12), pc
            .label("t0")
            .w(MOV, S::Imm(10), D::R(13))
            .jump(JMP, "end")
            .label("t1")
            .w(MOV, S::Imm(20), D::R(13))
            .with_label(MOV, "end", D::R(0)) // br #end
            .label("t2")
            .w(MOV, S::Imm(30), D::R(13))
            .with_label(MOV, "end", D::R(14))
            .w(MOV, S::R(14), D::R(0)) // br r14
            .label("t3")
            .w(MOV, S::Imm(40), D::R(13))
            .w(MOV, S::Abs(DATA + 0x190), D::R(0)) // br &ptr
            .label("end")
            .w(MOV, S::Cg(0), D::R(14))
            .ret();
        let case = Case::new(format!("table entry {i}"))
            .reg(12, 2 * i)
            .code_ptr(DATA + 0x180, "t0")
            .code_ptr(DATA + 0x182, "t1")
            .code_ptr(DATA + 0x184, "t2")
            .code_ptr(DATA + 0x186, "t3")
            .code_ptr(DATA + 0x190, "end");
        cases.push((a, case));
    }
    run_all(cases);
}

/// A jump table through a register that is not a base (r14 in DX), in a
/// function translated as the program's are: the copied base must not be BX
/// while the table's targets read r12. (The lockstep differ found the Mist
/// controller answering "Invalid coordinate": handle_line's `br 520(r14)`
/// became `mov bx, dx; jmp [bx+208h]`, and its targets read r12 = BX.)
#[test]
fn jump_table_through_dx_keeps_r12() {
    let mut cases = Vec::new();
    for i in 0..2u16 {
        let mut a = Asm::default();
        a.w(MOV, S::R(13), D::R(14))
            .w(ADD, S::R(14), D::R(14))
            .w(MOV, S::X(14, DATA + 0x180), D::R(0)) // br table(r14)
            .label("t0")
            .w(ADD, S::Imm(10), D::R(12))
            .ret()
            .label("t1")
            .w(ADD, S::Imm(20), D::R(12))
            .ret();
        let case = Case::new(format!("entry {i}"))
            .reg(12, 0x0100)
            .reg(13, i)
            .code_ptr(DATA + 0x180, "t0")
            .code_ptr(DATA + 0x182, "t1")
            .skip(&[14, 15])
            .function_mode();
        cases.push((a, case));
    }
    run_all(cases);
}

/// `br #label` within a function is a jump: the code after it knows how deep
/// the stack is (its frame slots were once addressed as if SP were the
/// entry's, below SP: App::render's canvas pointer came back as a stale word).
#[test]
fn branch_to_a_label_keeps_the_frame() {
    let mut a = Asm::default();
    for r in 4..=10 {
        a.one(PUSH, false, S::R(r));
    }
    a.w(SUB, S::Imm(6), D::R(1));
    for r in 4..=10 {
        a.w(MOV, S::Imm(0x100 * r as u16 + r as u16), D::R(r));
    }
    a.w(MOV, S::Imm(0x5555), D::X(1, 4))
        .with_label(MOV, "over", D::R(0)) // br #over
        .w(MOV, S::Cg(0), D::R(4))
        .label("over");
    for r in 4..=10 {
        a.w(ADD, S::R(r), D::R(12));
    }
    a.w(ADD, S::X(1, 4), D::R(12))
        .w(ADD, S::R(13), D::R(14))
        .w(ADD, S::Imm(6), D::R(1));
    for r in (4..=10).rev() {
        a.w(MOV, S::P(1), D::R(r));
    }
    a.ret();
    run(
        &a,
        Case::new("br #over past a frame")
            .reg(12, 1)
            .reg(13, 2)
            .reg(14, 3)
            .skip(&[15])
            .function_mode(),
    );
}

/// Each conditional jump, taken and not, after a compare.
#[test]
fn conditional_jumps() {
    let mut cases = Vec::new();
    for cond in [JNE, JEQ, JNC, JC, JN, JGE, JL] {
        for (d, s) in [
            (1, 1),
            (1, 2),
            (2, 1),
            (0x8000, 1),
            (1, 0x8000),
            (0x7FFF, 0xFFFF),
        ] {
            for byte in [false, true] {
                let mut a = Asm::default();
                a.two(CMP, byte, S::R(13), D::R(12))
                    .jump(cond, "x")
                    .w(MOV, S::Cg(1), D::R(14))
                    .jump(JMP, "y")
                    .label("x")
                    .w(MOV, S::Cg(2), D::R(14))
                    .label("y")
                    .ret();
                cases.push((
                    a,
                    Case::new(format!(
                        "cmp{} {s:#x}, {d:#x}; j{cond}",
                        if byte { ".b" } else { "" }
                    ))
                    .reg(12, d)
                    .reg(13, s),
                ));
            }
        }
    }
    // A loop: the carry read at a label (canonical sense across the back edge).
    let mut a = Asm::default();
    a.label("top")
        .w(SUB, S::Cg(1), D::R(12))
        .w(ADDC, S::Cg(0), D::R(14))
        .w(CMP, S::Imm(3), D::R(12))
        .jump(JC, "top")
        .ret();
    cases.push((a, Case::new("loop").reg(12, 10).reg(14, 0)));
    run_all(cases);
}

// ---------------------------------------------------------------- the runtime

fn routine_case(name: &'static str, regs: &[(usize, u16)], results: &[usize]) -> (Asm, Case) {
    let mut a = Asm::default();
    a.call_rt(name).ret();
    let mut case = Case::new(format!("{name} {regs:x?}"));
    for &(r, v) in regs {
        case.regs[r] = v;
    }
    // The caller-saved registers a routine may change.
    let clobbered: Vec<usize> = [11, 12, 13, 14, 15]
        .into_iter()
        .filter(|r| !results.contains(r))
        .collect();
    (a, case.skip(&clobbered))
}

#[test]
fn memory_routines() {
    let mut cases = Vec::new();
    for n in [0u16, 1, 7, 64] {
        cases.push(routine_case(
            "memcpy",
            &[(12, DATA + 0x100), (13, DATA + 0x10), (14, n)],
            &[],
        ));
        cases.push(routine_case(
            "memset",
            &[(12, DATA + 0x101), (13, 0x12A5), (14, n)],
            &[],
        ));
        // Overlapping both ways.
        cases.push(routine_case(
            "memmove",
            &[(12, DATA + 0x13), (13, DATA + 0x10), (14, n)],
            &[],
        ));
        cases.push(routine_case(
            "memmove",
            &[(12, DATA + 0x10), (13, DATA + 0x13), (14, n)],
            &[],
        ));
        // The destination a byte below (memcpy copies words forwards).
        cases.push(routine_case(
            "memmove",
            &[(12, DATA + 0x10), (13, DATA + 0x11), (14, n)],
            &[],
        ));
    }
    for (x, y, n) in [
        (0u16, 0u16, 0u16),
        (0, 0, 16),
        (0x10, 0x10, 5),
        (0x10, 0x11, 5),
        (0x11, 0x10, 5),
    ] {
        let (a, case) = routine_case(
            "memcmp",
            &[(12, DATA + 0x100 + x), (13, DATA + 0x120 + y), (14, n)],
            &[12],
        );
        // Equal copies with one difference.
        let mut block = vec![7u8; 0x40];
        block[0x14] = 9;
        let case = case
            .mem(DATA + 0x100, &block)
            .mem(DATA + 0x120, &[7u8; 0x40]);
        cases.push((a, case));
    }
    run_all(cases);
}

fn words16() -> Vec<u16> {
    vec![
        0, 1, 2, 3, 7, 0x7F, 0x80, 0xFF, 0x100, 0x1234, 0x7FFF, 0x8000, 0x8001, 0xFFFE, 0xFFFF,
    ]
}

#[test]
fn multiplication_and_division_16() {
    let mut cases = Vec::new();
    for x in words16() {
        for y in words16() {
            cases.push(routine_case("__mspabi_mpyi", &[(12, x), (13, y)], &[12]));
            cases.push(routine_case(
                "__mspabi_mpysl",
                &[(12, x), (13, y)],
                &[12, 13],
            ));
            cases.push(routine_case(
                "__mspabi_mpyul",
                &[(12, x), (13, y)],
                &[12, 13],
            ));
            if y != 0 {
                cases.push(routine_case("__mspabi_divu", &[(12, x), (13, y)], &[12]));
                cases.push(routine_case("__mspabi_remu", &[(12, x), (13, y)], &[12]));
                // (Rust checks MIN / -1 before it calls.)
                if !(x == 0x8000 && y == 0xFFFF) {
                    cases.push(routine_case("__mspabi_divi", &[(12, x), (13, y)], &[12]));
                    cases.push(routine_case("__mspabi_remi", &[(12, x), (13, y)], &[12]));
                }
            }
        }
    }
    run_all(cases);
}

fn words32() -> Vec<u32> {
    vec![
        0,
        1,
        3,
        0xFFFF,
        0x1_0000,
        0x1_0001,
        0x1234_5678,
        0x7FFF_FFFF,
        0x8000_0000,
        0x8000_0001,
        0xFFFF_FFFE,
        0xFFFF_FFFF,
        0xDEAD_BEEF,
    ]
}

#[test]
fn multiplication_and_division_32() {
    let mut cases = Vec::new();
    for x in words32() {
        for y in words32() {
            let regs = [
                (12, x as u16),
                (13, (x >> 16) as u16),
                (14, y as u16),
                (15, (y >> 16) as u16),
            ];
            cases.push(routine_case("__mspabi_mpyl", &regs, &[12, 13]));
            if y != 0 {
                cases.push(routine_case("__mspabi_divul", &regs, &[12, 13]));
                cases.push(routine_case("__mspabi_remul", &regs, &[12, 13]));
            }
        }
    }
    run_all(cases);
}

#[test]
fn shifts() {
    let mut cases = Vec::new();
    for x in [0x8421u16, 0xFFFF, 1, 0x7FFF, 0x8000] {
        for n in 0..16 {
            for name in ["__mspabi_slli", "__mspabi_srli", "__mspabi_srai"] {
                cases.push(routine_case(name, &[(12, x), (13, n)], &[12]));
            }
        }
    }
    for x in [0x8421_0F0Fu32, 0xFFFF_FFFF, 1, 0x7FFF_FFFF, 0x8000_0000] {
        for n in 0..32 {
            for name in ["__mspabi_slll", "__mspabi_srll", "__mspabi_sral"] {
                cases.push(routine_case(
                    name,
                    &[(12, x as u16), (13, (x >> 16) as u16), (14, n)],
                    &[12, 13],
                ));
            }
        }
    }
    run_all(cases);
}

// ---------------------------------------------------------------- properties

fn alu_op() -> impl Strategy<Value = u16> {
    prop::sample::select(vec![
        MOV, ADD, ADDC, SUBC, SUB, CMP, BIT, BIC, BIS, XOR, AND,
    ])
}

fn home_reg() -> impl Strategy<Value = u8> {
    prop::sample::select(HOMES.to_vec())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Register-to-register ALU ops over random values, every flag read
    /// after them (XOR: all but V).
    #[test]
    fn alu_registers(
        op in alu_op(),
        byte in any::<bool>(),
        src in home_reg(),
        dst in home_reg(),
        k in 0u32..6,
        values in prop::array::uniform16(any::<u16>()),
        pre in any::<u16>(),
    ) {
        let s = S::R(src);
        let d = D::R(dst);
        prop_assume!(!known_bug(op, byte, s, d));
        let (a, mut case) = alu_case(op, byte, s, d, k, if op == XOR { NO_V } else { ALL });
        for r in HOMES {
            case.regs[r as usize] = values[r as usize];
        }
        case = case.words(PRE, &[pre]);
        prop_assert_eq!(check(&a, &case), Ok(()));
    }

    /// Immediate sources into memory, random values.
    #[test]
    fn alu_immediate_to_memory(
        op in alu_op(),
        byte in any::<bool>(),
        imm in any::<u16>(),
        word in any::<u16>(),
        base in home_reg(),
        k in 0u32..6,
    ) {
        let (a, case) = alu_case(op, byte, S::Imm(imm), D::X(base, 4), k, if op == XOR { NO_V } else { ALL });
        let case = case.words(DATA + 0x44, &[word]);
        prop_assert_eq!(check(&a, &case), Ok(()));
    }
}

// ---------------------------------------------------------------- shift loops

/// The instructions of a translation that shift by CL.
fn shifts_by_cl(asm: &Asm, as_function: bool) -> usize {
    let (words, relocs, _) = asm.finish();
    let code: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    let snippet = if as_function {
        translate_function_snippet(&code, AT, ORIGIN, VREGS, &relocs)
    } else {
        translate_snippet_with(&code, AT, ORIGIN, VREGS, &relocs)
    }
    .expect("translates");
    iced_x86::Decoder::new(16, &snippet.code, iced_x86::DecoderOptions::NONE)
        .into_iter()
        .filter(|i| {
            matches!(
                i.code(),
                iced_x86::Code::Shl_rm16_CL | iced_x86::Code::Shr_rm16_CL
            )
        })
        .count()
}

/// LLVM's loops for a shift by a variable count (`add Rx, Rx` or
/// `clrc; rrc Rx`, then `sub.b #1, Rc; jne` back, behind a test for 0)
/// become one shift by CL. Every form (left, right, word, byte; a byte or a
/// word counter), with the value and the counter in BX, CX, DX, SI, DI and
/// memory words, over counts from 1 to past 16 (below 16 behind the test
/// for 0 the count goes to CL as it is), and 0 where the loop runs without
/// its test (a byte counter wraps: 256 turns); with the counter read after
/// the loop (it must be 0) and overwritten.
#[test]
fn shift_loops() {
    let pairs = [
        (12u8, 13u8),
        (13, 14),
        (15, 11),
        (13, 12),
        (4, 5),
        (10, 9),
        (14, 13),
        (9, 4),
    ];
    let mut cases = Vec::new();
    for (form, (left, byte)) in [(true, false), (true, true), (false, false), (false, true)]
        .into_iter()
        .enumerate()
    {
        for (x, c) in pairs {
            for counter_byte in [true, false] {
                for count in [0u16, 1, 2, 7, 15, 16, 17, 31, 0x0103] {
                    if count == 0 && !counter_byte {
                        continue; // 65,536 turns: past the model's step limit
                    }
                    let guarded = count != 0;
                    let mut a = Asm::default();
                    a.w(MOV, S::Imm(0x8D35), D::R(x))
                        .w(MOV, S::Imm(count), D::R(c));
                    if guarded {
                        a.b(CMP, S::Cg(0), D::R(c)).jump(JEQ, "done");
                    }
                    a.label("loop");
                    if left {
                        a.two(ADD, byte, S::R(x), D::R(x));
                    } else {
                        a.w(BIC, S::Cg(1), D::R(2)).one(RRC, byte, S::R(x));
                    }
                    if counter_byte {
                        a.b(SUB, S::Cg(1), D::R(c));
                    } else {
                        a.w(ADD, S::Cg(0xFFFF), D::R(c));
                    }
                    a.jump(JNE, "loop").label("done");
                    if count == 7 {
                        // The counter overwritten after the loop: not zeroed there.
                        let other = if x == 14 || c == 14 { 11 } else { 14 };
                        a.w(MOV, S::Imm(5), D::R(other)).w(MOV, S::Cg(2), D::R(c));
                    }
                    a.ret();
                    assert_eq!(shifts_by_cl(&a, false), 1, "form {form}: one shift by CL");
                    cases.push((
                        a,
                        Case::new(format!(
                            "form {form} x r{x} counter r{c} (byte {counter_byte}) count {count}"
                        )),
                    ));
                }
            }
        }
    }
    // As a function of the program: its own homes (r4-r10 in SI, DI, or
    // frame slots).
    for count in [1u16, 5, 9, 16] {
        let mut a = Asm::default();
        for r in 4..=8 {
            a.one(PUSH, false, S::R(r));
        }
        a.w(MOV, S::R(12), D::R(5))
            .w(MOV, S::R(13), D::R(6))
            .w(MOV, S::R(12), D::R(7))
            .w(MOV, S::R(13), D::R(8))
            .w(ADD, S::R(7), D::R(8))
            .w(MOV, S::R(12), D::R(4))
            .b(CMP, S::Cg(0), D::R(6))
            .jump(JEQ, "done")
            .label("loop")
            .w(ADD, S::R(5), D::R(5))
            .b(SUB, S::Cg(1), D::R(6))
            .jump(JNE, "loop")
            .label("done")
            .w(MOV, S::R(5), D::R(12))
            .w(ADD, S::R(6), D::R(12))
            .w(ADD, S::R(8), D::R(12))
            .w(ADD, S::R(4), D::R(12));
        for r in (4..=8).rev() {
            a.w(MOV, S::P(1), D::R(r));
        }
        a.ret();
        assert_eq!(
            shifts_by_cl(&a, true),
            1,
            "a function's loop: one shift by CL"
        );
        cases.push((
            a,
            Case::new(format!("a function's shift loop, count {count}"))
                .reg(12, 0x4321)
                .reg(13, count)
                .skip(&[13, 14, 15])
                .function_mode(),
        ));
    }
    run_all(cases);
}

/// A loop of that shape whose flags are read after it, or that another jump
/// enters, stays a loop.
#[test]
fn shift_loops_kept_where_they_must() {
    let mut a = Asm::default();
    a.w(MOV, S::Imm(3), D::R(13))
        .label("loop")
        .w(ADD, S::R(12), D::R(12))
        .b(SUB, S::Cg(1), D::R(13))
        .jump(JNE, "loop")
        .w(MOV, S::R(2), D::R(14)) // the loop's flags, read
        .ret();
    assert_eq!(shifts_by_cl(&a, false), 0, "flags read after the loop");
    let mut b = Asm::default();
    b.w(MOV, S::Imm(3), D::R(13))
        .w(CMP, S::Cg(1), D::R(14))
        .jump(JEQ, "loop")
        .w(ADD, S::Cg(1), D::R(12))
        .label("loop")
        .w(ADD, S::R(12), D::R(12))
        .b(SUB, S::Cg(1), D::R(13))
        .jump(JNE, "loop")
        .ret();
    assert_eq!(shifts_by_cl(&b, false), 0, "a second way into the loop");
    run_all(vec![
        (a, Case::new("flags read after a shift loop")),
        (b, Case::new("a shift loop entered by a jump").reg(14, 1)),
    ]);
}

// ---------------------------------------------------------------- one bit of SR

/// The runtime routines a translation calls, by name.
fn routines_called(asm: &Asm) -> Vec<String> {
    let (words, relocs, _) = asm.finish();
    let code: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    let snippet = translate_snippet_with(&code, AT, ORIGIN, VREGS, &relocs).expect("translates");
    iced_x86::Decoder::with_ip(
        16,
        &snippet.code,
        ORIGIN as u64,
        iced_x86::DecoderOptions::NONE,
    )
    .into_iter()
    .filter(|i| i.code() == iced_x86::Code::Call_rel16)
    .filter_map(|i| {
        snippet
            .routines
            .iter()
            .find(|&(_, &at)| at as u64 == i.near_branch_target())
            .map(|(name, _)| name.clone())
    })
    .collect()
}

/// SR read as data where later code keeps one bit of it (LLVM's ways to turn
/// a flag into a value): C, Z, N or V alone, `mov #1, rn; bic r2, rn` (not
/// C), a copy of SR cleared out of a register known to hold 1, a bit that
/// a BIT tests, none at all; after each kind of carry (ADD:
/// CF = C, SUB/CMP: CF = borrow, AND/BIT: C = not Z), with values giving
/// each flag; and with the flags of the instruction before still read
/// after (they must survive). Only the whole SR takes the runtime's
/// rt86_sr routines; C where the carry's sense is known takes no call.
#[test]
fn one_bit_of_the_status_register() {
    let mut cases = Vec::new();
    for (op, vals) in CARRY_KINDS {
        for (d, s) in vals {
            for idiom in 0..11 {
                let mut a = Asm::default();
                a.w(op, S::R(13), D::R(12));
                let carry_only = matches!(idiom, 0 | 4 | 5 | 8 | 10);
                match idiom {
                    0 => {
                        a.w(MOV, S::R(2), D::R(14)).w(AND, S::Cg(1), D::R(14));
                    }
                    1 => {
                        a.w(MOV, S::R(2), D::R(14)).one(RRA, false, S::R(14)).w(
                            AND,
                            S::Cg(1),
                            D::R(14),
                        );
                    }
                    2 => {
                        a.w(MOV, S::R(2), D::R(14))
                            .one(RRA, false, S::R(14))
                            .one(RRA, false, S::R(14))
                            .w(AND, S::Cg(1), D::R(14));
                    }
                    3 => {
                        a.w(MOV, S::R(2), D::R(14)).one(SWPB, false, S::R(14)).w(
                            AND,
                            S::Cg(1),
                            D::R(14),
                        );
                    }
                    4 => {
                        a.w(MOV, S::Cg(1), D::R(14)).w(BIC, S::R(2), D::R(14));
                    }
                    5 => {
                        a.w(MOV, S::R(2), D::R(14))
                            .w(XOR, S::Cg(0xFFFF), D::R(14))
                            .w(MOV, S::Imm(7), D::R(15))
                            .w(BIT, S::Cg(1), D::R(14))
                            .jump(JNE, "x")
                            .w(MOV, S::Imm(9), D::R(15))
                            .label("x")
                            .w(MOV, S::Cg(0), D::R(14)); // r14 no result
                    }
                    6 => {
                        a.w(MOV, S::R(2), D::R(14)).w(MOV, S::Imm(3), D::R(14));
                    }
                    7 => {
                        a.w(MOV, S::Cg(1), D::R(14)).w(BIS, S::R(2), D::R(14)).w(
                            AND,
                            S::Imm(3),
                            D::R(14),
                        );
                    }
                    8 => {
                        // The flags of `op` read after the SR read.
                        a.w(MOV, S::Cg(1), D::R(14))
                            .w(BIC, S::R(2), D::R(14))
                            .w(MOV, S::Imm(7), D::R(15))
                            .jump(JEQ, "x")
                            .w(MOV, S::Imm(9), D::R(15))
                            .label("x");
                    }
                    10 => {
                        // A copy of SR, later cleared out of a register that
                        // holds 1 (its other bits surely 0), past a branch.
                        a.w(MOV, S::R(2), D::R(11))
                            .w(MOV, S::Cg(1), D::R(14))
                            .w(CMP, S::Imm(0x0F00), D::R(13))
                            .jump(JEQ, "x")
                            .w(BIC, S::R(11), D::R(14))
                            .label("x")
                            .w(MOV, S::Cg(0), D::R(11)); // r11 no result
                    }
                    _ => {
                        a.w(MOV, S::R(2), D::R(14))
                            .w(MOV, S::Imm(7), D::R(15))
                            .jump(JN, "x")
                            .w(MOV, S::Imm(9), D::R(15))
                            .label("x")
                            .one(RRA, false, S::R(14))
                            .w(AND, S::Cg(1), D::R(14));
                    }
                }
                a.ret();
                let called = routines_called(&a);
                assert!(
                    called.iter().all(|r| !matches!(
                        r.as_str(),
                        "rt86_sr" | "rt86_sr_inverted" | "rt86_sr_not_zero"
                    )),
                    "{} idiom {idiom}: one bit takes no whole SR ({called:?})",
                    op_name(op)
                );
                if carry_only && !matches!(op, AND | BIT) {
                    assert!(
                        called.is_empty(),
                        "{} idiom {idiom}: C in a known sense takes no call ({called:?})",
                        op_name(op)
                    );
                }
                cases.push((
                    a,
                    Case::new(format!(
                        "{} r13, r12 ({d:#x}, {s:#x}); idiom {idiom}",
                        op_name(op)
                    ))
                    .reg(12, d)
                    .reg(13, s),
                ));
            }
        }
    }
    // Two bits: the whole SR.
    let mut a = Asm::default();
    a.w(SUB, S::R(13), D::R(12))
        .w(MOV, S::R(2), D::R(14))
        .w(AND, S::Imm(3), D::R(14))
        .ret();
    assert_eq!(
        routines_called(&a),
        ["rt86_sr_inverted"],
        "C and Z: the whole SR"
    );
    cases.push((a, Case::new("C and Z").reg(12, 5).reg(13, 5)));
    run_all(cases);
}

/// `clrc; rrc` (LLVM's logical shift right by one), with register moves
/// between, becomes one SHR; C, N and Z read after it as the MSP430 sets
/// them. (Where V is read after, N is too: the RRC would stay an RCR, which
/// the translator refuses when N or Z is read; LLVM never reads them.)
#[test]
fn clear_carry_then_rrc() {
    let mut cases = Vec::new();
    for byte in [false, true] {
        for value in EDGES {
            for moves in 0..3u8 {
                for (x, y) in [(12u8, 14u8), (4, 10), (9, 15)] {
                    let mut a = Asm::default();
                    a.w(CMP, S::R(13), D::R(13)) // C = 1 before the clrc
                        .w(BIC, S::Cg(1), D::R(2));
                    if moves > 0 {
                        a.w(MOV, S::R(x), D::R(y));
                    }
                    if moves > 1 {
                        a.w(MOV, S::R(y), D::R(11));
                    }
                    a.one(RRC, byte, S::R(x));
                    probe(&mut a, NO_V);
                    a.ret();
                    assert_eq!(
                        shifts_by_one_right(&a),
                        (1, 0),
                        "byte {byte}, {moves} moves: one SHR, no RCR"
                    );
                    cases.push((
                        a,
                        Case::new(format!(
                            "clrc; {moves} moves; rrc r{x} ({value:#x}, byte {byte})"
                        ))
                        .reg(x as usize, value),
                    ));
                }
            }
        }
    }
    run_all(cases);
}

/// The SHRs and RCRs by one in a translation.
fn shifts_by_one_right(asm: &Asm) -> (usize, usize) {
    let (words, relocs, _) = asm.finish();
    let code: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    let snippet = translate_snippet_with(&code, AT, ORIGIN, VREGS, &relocs).expect("translates");
    let mut counts = (0, 0);
    for i in iced_x86::Decoder::new(16, &snippet.code, iced_x86::DecoderOptions::NONE) {
        use iced_x86::Code::*;
        match i.code() {
            Shr_rm16_1 | Shr_rm8_1 => counts.0 += 1,
            Rcr_rm16_1 | Rcr_rm8_1 => counts.1 += 1,
            _ => {}
        }
    }
    counts
}

/// A byte operation clears its register's high byte only where a bit of it
/// reaches something read: not where an AND masks it off later (a sum's
/// low bits do not depend on its high ones), but where a word is stored,
/// a flag read, or the register returned. (As the program's functions are
/// translated: a snippet translated whole clears it always.)
#[test]
fn high_byte_cleared_only_where_it_matters() {
    let count_clears = |a: &Asm| {
        let (words, relocs, _) = a.finish();
        let code: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        let snippet =
            translate_function_snippet(&code, AT, ORIGIN, VREGS, &relocs).expect("translates");
        iced_x86::Decoder::new(16, &snippet.code, iced_x86::DecoderOptions::NONE)
            .into_iter()
            .filter(|i| {
                i.code() == iced_x86::Code::Mov_r8_imm8
                    && i.op0_register() == iced_x86::Register::DH
            })
            .count()
    };
    let mut cases = Vec::new();
    for (masked, tail) in [(true, 0), (false, 1), (false, 2), (false, 3)] {
        let mut a = Asm::default();
        a.b(MOV, S::I(12), D::R(14)).w(ADD, S::R(13), D::R(14));
        match tail {
            0 => {
                a.w(AND, S::Imm(31), D::R(14)).w(MOV, S::Cg(0), D::R(12));
            }
            1 => {
                a.w(MOV, S::R(14), D::Abs(DATA + 0x100));
            }
            2 => {
                a.w(CMP, S::Imm(0x0180), D::R(14))
                    .jump(JNC, "x")
                    .w(MOV, S::Cg(1), D::R(15))
                    .label("x")
                    .w(MOV, S::Cg(0), D::R(14));
            }
            _ => {}
        }
        a.ret();
        assert_eq!(
            count_clears(&a),
            usize::from(!masked),
            "tail {tail}: the high byte cleared only where it matters"
        );
        for r13 in [0x00F0u16, 0x7FFF, 0xFF80] {
            cases.push((
                a.clone(),
                Case::new(format!(
                    "mov.b @r12, r14; add r13, r14; tail {tail}; r13 {r13:#x}"
                ))
                .reg(12, DATA + 7)
                .reg(13, r13)
                .reg(14, 0xABCD)
                .function_mode(),
            ));
        }
    }
    run_all(cases);
}

// ---------------------------------------------------------------- the tree's engine

/// The far call to the tree's engine, both sides: the program's
/// `rt86_engine_call` (segment 1000h) calls an engine (segment 3000h) whose
/// runtime is assembled in engine mode, with an 8086 stand-in for
/// `piskrs_engine_main`: it sums the request's words it was given (or, with
/// `trap`, pushes a little and calls `abort`). The caller gets the u32 in
/// BX:CX, keeps SI, DI, BP, DS, ES, SS:SP, and the direction flag is clear.
fn engine_call(len: u16, trap: bool) -> (u16, u16) {
    use iced_x86::code_asm::*;
    use translator::emit::Label;
    use translator::runtime::{self, Entry, Needs};

    const CALLER: u64 = 0x1000;
    const ENGINE: u64 = 0x3000;
    const REQUEST: u16 = 0x0200; // in the caller's segment
    const BUFFER: u16 = 0x0300; // the engine's copy
    const BUFFER_LEN: u16 = 8;
    const MAIN: u16 = 0x0500; // the engine's stand-in main
    const CALL_AT: u16 = 0x0800; // the caller's `call rt86_engine_call`

    let mut emu = Unicorn::new(Arch::X86, Mode::MODE_16).unwrap();
    emu.mem_map(0, 0x40000, Prot::ALL).unwrap();

    // The caller: its runtime at 1000h, a call at CALL_AT, a request.
    let program = runtime::assemble(
        0x1000,
        &Needs {
            entry: Entry::Program {
                main: Label::Text(0x2000),
                fatal: Label::Text(0x2000),
                initial_sp: 0x0F00,
            },
            vregs: 0x0F00,
            wanted: None,
        },
        0x8000,
        &|_| Some(0x2000),
    )
    .unwrap();
    let base = CALLER * 16;
    emu.mem_write(base + 0x1000, &program.bytes).unwrap();
    let call = program.labels[&Label::Runtime("rt86_engine_call".into())];
    let rel = call.wrapping_sub(CALL_AT + 3);
    emu.mem_write(
        base + CALL_AT as u64,
        &[0xE8, rel as u8, (rel >> 8) as u8, 0xF4],
    )
    .unwrap();
    let request: Vec<u8> = (1..=16).collect();
    emu.mem_write(base + REQUEST as u64, &request).unwrap();

    // The engine: 100h jumps to `_start`; the runtime at 1000h.
    let needs = Needs {
        entry: Entry::Engine {
            main: Label::Text(MAIN),
            request: BUFFER,
            request_len: BUFFER_LEN,
        },
        vregs: 0x0F00,
        wanted: None,
    };
    let engine = runtime::assemble(0x1000, &needs, 0x8000, &|_| Some(MAIN)).unwrap();
    let ebase = ENGINE * 16;
    emu.mem_write(ebase + 0x1000, &engine.bytes).unwrap();
    let start = engine.labels[&Label::Runtime("_start".into())];
    let rel = start.wrapping_sub(0x103);
    emu.mem_write(ebase + 0x100, &[0xE9, rel as u8, (rel >> 8) as u8])
        .unwrap();
    let abort = engine.labels[&Label::Runtime("abort".into())];
    let mut a = CodeAssembler::new(16).unwrap();
    if trap {
        a.push(ax).unwrap();
        a.push(ax).unwrap();
        a.call(abort as u64).unwrap();
    } else {
        // BX:CX = the sum of the buffer's first two words, DS:SS:SP checked:
        // the high word is 0 unless they are the engine's.
        a.mov(bx, word_ptr(BUFFER as u32)).unwrap();
        a.add(bx, word_ptr(BUFFER as u32 + 2)).unwrap();
        a.add(bx, word_ptr(BUFFER as u32 + 4)).unwrap();
        a.add(bx, word_ptr(BUFFER as u32 + 6)).unwrap();
        a.xor(cx, cx).unwrap();
        a.mov(ax, ds).unwrap();
        a.cmp(ax, ENGINE as u32).unwrap();
        let mut wrong = a.create_label();
        a.jne(wrong).unwrap();
        a.mov(ax, ss).unwrap();
        a.cmp(ax, ENGINE as u32).unwrap();
        a.jne(wrong).unwrap();
        a.cmp(sp, 0xFFFCu32).unwrap();
        a.jne(wrong).unwrap();
        a.mov(cx, 0x5A5Au32).unwrap();
        a.set_label(&mut wrong).unwrap();
        // A dirty direction flag and ES: the caller sets them right.
        a.std().unwrap();
        a.mov(ax, 0x1234u32).unwrap();
        a.mov(es, ax).unwrap();
        a.ret().unwrap();
    }
    let main = a.assemble(MAIN as u64).unwrap();
    emu.mem_write(ebase + MAIN as u64, &main).unwrap();
    // A stale buffer: what the request does not cover stays.
    emu.mem_write(ebase + BUFFER as u64, &[0xEE; 10]).unwrap();

    for seg in [
        RegisterX86::CS,
        RegisterX86::DS,
        RegisterX86::ES,
        RegisterX86::SS,
    ] {
        emu.reg_write(seg, CALLER).unwrap();
    }
    emu.reg_write(RegisterX86::SP, 0x7000).unwrap();
    emu.reg_write(RegisterX86::BX, ENGINE).unwrap();
    emu.reg_write(RegisterX86::CX, REQUEST as u64).unwrap();
    emu.reg_write(RegisterX86::DX, len as u64).unwrap();
    emu.reg_write(RegisterX86::SI, 0x1111).unwrap();
    emu.reg_write(RegisterX86::DI, 0x2222).unwrap();
    emu.reg_write(RegisterX86::BP, 0x3333).unwrap();
    emu.reg_write(RegisterX86::EFLAGS, 0x0002).unwrap();
    emu.emu_start(base + CALL_AT as u64, base + CALL_AT as u64 + 3, 0, 10_000)
        .unwrap();
    let reg = |r| emu.reg_read(r).unwrap() as u16;
    assert_eq!(reg(RegisterX86::IP), CALL_AT + 3, "back after the call");
    for (r, want) in [
        (RegisterX86::SI, 0x1111),
        (RegisterX86::DI, 0x2222),
        (RegisterX86::BP, 0x3333),
        (RegisterX86::SP, 0x7000),
        (RegisterX86::DS, CALLER as u16),
        (RegisterX86::ES, CALLER as u16),
        (RegisterX86::SS, CALLER as u16),
    ] {
        assert_eq!(reg(r), want, "{r:?} kept");
    }
    assert_eq!(
        reg(RegisterX86::FLAGS) & 0x0400,
        0,
        "the direction flag clear"
    );
    if !trap {
        // The copy: `len` bytes, at most the buffer's.
        let copied = emu.mem_read_as_vec(ebase + BUFFER as u64, 10).unwrap();
        let n = len.min(BUFFER_LEN) as usize;
        assert_eq!(&copied[..n], &request[..n]);
        assert!(copied[n..].iter().all(|&b| b == 0xEE), "no more than that");
    }
    (reg(RegisterX86::BX), reg(RegisterX86::CX))
}

#[test]
fn engine_far_call() {
    let sum = |bytes: &[u8]| {
        bytes.chunks(2).fold(0u16, |s, w| {
            s.wrapping_add(u16::from_le_bytes([w[0], w[1]]))
        })
    };
    let full: Vec<u8> = (1..=8).collect();
    assert_eq!(engine_call(8, false), (sum(&full), 0x5A5A));
    // A longer request is cut to the buffer.
    assert_eq!(engine_call(16, false), (sum(&full), 0x5A5A));
    // A shorter one leaves the rest of the buffer as it was.
    assert_eq!(
        engine_call(3, false),
        (sum(&[1, 2, 3, 0xEE, 0xEE, 0xEE, 0xEE, 0xEE]), 0x5A5A)
    );
    // A trap: the fatal reply word, the caller's stack back.
    let fatal = translator::runtime::ENGINE_FATAL_HALF;
    assert_eq!(engine_call(8, true), (fatal, fatal));
}
