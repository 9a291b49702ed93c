//! The single-operand instructions (RRA, RRC, SWPB, SXT) over every
//! operand form, and the flags they leave.

mod common;
use common::*;

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

fn one_matrix(op: u16, byte: bool, p: Probe) {
    let mut cases = Vec::new();
    for s in one_operands(byte) {
        for k in 0..6 {
            cases.push(one_case(op, byte, s, k, p));
        }
    }
    run_all(cases);
}

/// Each instruction over every operand form, word and byte where it has a
/// byte form (a failing case is named with its instruction and operand).
/// RRC: its carry in and out (the translator refuses to translate a read of
/// RRC's N or Z: see `rrc_n_and_z`). SWPB leaves the flags: they are the
/// prelude's after it.
#[test]
fn every_single_operand_instruction() {
    for (op, byte, read) in [
        (RRA, false, ALL),
        (RRA, true, ALL),
        (RRC, false, ONLY_C),
        (RRC, true, ONLY_C),
        (SWPB, false, ALL),
        (SXT, false, ALL),
    ] {
        one_matrix(op, byte, read);
    }
}

#[test]
#[ignore = "translator limitation: RRC's N, Z (and V) cannot be read (RCR leaves SF and ZF)"]
fn rrc_n_and_z() {
    one_matrix(RRC, false, ALL);
}

/// XOR's V (set when both operands are negative) cannot be read.
#[test]
#[ignore = "translator limitation: a read of XOR's V does not translate"]
fn xor_overflow() {
    let mut a = Asm::default();
    a.w(XOR, S::R(13), D::R(12)).one_unless(JGE, "x").ret();
    run(
        &a,
        Case::new("xor r13, r12; jge")
            .reg(12, 0x8000)
            .reg(13, 0x8001),
    );
}
