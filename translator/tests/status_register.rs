//! The status register: clrc, setc, `bit #1, r2`, and SR read as data,
//! whole or one bit of it.

mod common;
use common::*;

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
            let case = carry_case(op, (d, s), &format!("; mov r2, r14 ({d:#x}, {s:#x})"));
            cases.push((a, case));
        }
    }
    run_all(cases);
}

// ---------------------------------------------------------------- one bit of SR

/// The runtime routines a translation calls, by name.
fn routines_called(asm: &Asm) -> Vec<String> {
    routines_called_as(asm, false)
}

/// The runtime routines a translation calls, by name; `as_function`: the
/// snippet translated as the program's functions are.
fn routines_called_as(asm: &Asm, as_function: bool) -> Vec<String> {
    let snippet = translation(asm, as_function).expect("translates");
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
                    0..=3 => {
                        // SR copied, brought down (as it is, RRA once or
                        // twice, SWPB) and one bit of it kept.
                        a.w(MOV, S::R(2), D::R(14));
                        let down: [&[u16]; 4] = [&[], &[RRA], &[RRA, RRA], &[SWPB]];
                        for &shift in down[idiom as usize] {
                            a.one(shift, false, S::R(14));
                        }
                        a.w(AND, S::Cg(1), D::R(14));
                    }
                    4 => {
                        a.w(MOV, S::Cg(1), D::R(14)).w(BIC, S::R(2), D::R(14));
                    }
                    5 => {
                        a.w(MOV, S::R(2), D::R(14))
                            .w(XOR, S::Cg(0xFFFF), D::R(14))
                            .value_of_bit0(14, 15, "x")
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
                let case = carry_case(op, (d, s), &format!(" ({d:#x}, {s:#x}); idiom {idiom}"));
                cases.push((a, case));
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

/// A case of `op r13, r12` with r12 = `d` and r13 = `s`, named after the
/// operation and `what` follows it.
fn carry_case(op: u16, (d, s): (u16, u16), what: &str) -> Case {
    Case::new(format!("{} r13, r12{what}", op_name(op)))
        .reg(12, d)
        .reg(13, s)
}

/// The case, once its translation is seen to compute the kept bit alone:
/// no rt86_sr routine called.
fn bit_alone(a: Asm, case: Case) -> (Asm, Case) {
    let called = routines_called_as(&a, case.as_function);
    assert!(
        called.iter().all(|r| !r.starts_with("rt86_sr")),
        "{}: one bit takes no whole SR ({called:?})",
        case.name
    );
    (a, case)
}

/// SR read as data, one bit of it kept, past a `br #label` within the
/// function (LLVM's jump where a conditional one does not reach): the jump
/// reads no register, so the bit alone is computed, with no rt86_sr call.
#[test]
fn one_bit_of_the_status_register_past_a_branch() {
    let mut cases = Vec::new();
    for (op, vals) in CARRY_KINDS {
        let (d, s) = vals[0];
        let mut a = Asm::default();
        a.w(op, S::R(13), D::R(12))
            .w(MOV, S::R(2), D::R(14))
            .with_label(MOV, "x", D::R(0)) // br #x
            .w(MOV, S::Imm(5), D::R(15))
            .label("x")
            .value_of_bit0(14, 15, "y")
            .w(MOV, S::Cg(0), D::R(14)) // r14 no result
            .ret();
        cases.push(bit_alone(a, carry_case(op, (d, s), " then br")));
    }
    run_all(cases);
}

/// SR read as data, one bit of it kept, where the copy's register (r14)
/// reaches a call whose callee does not read it: a function that writes
/// r14 before reading it, and a runtime routine of two arguments
/// (`__mspabi_divu`: r12 and r13). The call reads only its callee's
/// arguments (`argument_use`), so the bit alone is computed, with no
/// rt86_sr call.
#[test]
fn one_bit_of_the_status_register_before_a_call() {
    let mut cases = Vec::new();
    for (op, vals) in CARRY_KINDS {
        let (d, s) = vals[0];
        for callee in ["f", "__mspabi_divu"] {
            let mut a = Asm::default();
            a.w(op, S::R(13), D::R(12))
                .w(MOV, S::R(2), D::R(14))
                .value_of_bit0(14, 15, "x")
                .w(MOV, S::R(15), D::R(12))
                .w(MOV, S::Imm(3), D::R(13));
            if callee == "f" {
                a.call("f");
            } else {
                a.call_rt(callee);
            }
            a.w(MOV, S::Cg(0), D::R(14)) // r14 no result
                .ret()
                .label("f")
                .w(ADD, S::Cg(1), D::R(12))
                .w(MOV, S::Cg(0), D::R(14))
                .ret();
            let case = carry_case(op, (d, s), &format!(" then a call of {callee}"));
            cases.push(bit_alone(a, case.function_mode()));
        }
    }
    run_all(cases);
}
