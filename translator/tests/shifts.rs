//! Shifts the translator makes out of LLVM's: loops by a variable count as
//! one shift by CL, `clrc; rrc` as one SHR, runs of shifts by one as one
//! shift by CL.

mod common;
use common::*;

// ---------------------------------------------------------------- shift loops

/// The instructions of a translation that shift by CL.
fn shifts_by_cl(asm: &Asm, as_function: bool) -> usize {
    let snippet = translation(asm, as_function).expect("translates");
    count_instructions(&snippet, |i| {
        matches!(
            i.code(),
            iced_x86::Code::Shl_rm16_CL | iced_x86::Code::Shr_rm16_CL | iced_x86::Code::Sar_rm16_CL
        )
    })
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
    let snippet = translation(asm, false).expect("translates");
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

/// Runs of `rra rX` or `add rX, rX` (LLVM's shift by a constant) become one
/// SAR or SHL by CL where that is fewer instructions: 3 or more with r13
/// unread after the run, 5 or more with r13 kept in AX meanwhile (read
/// after, or shifted itself); at most 15 in one. Runs of 1 to 16, in BX,
/// CX, DX, r15's word and the homes of r4 and r9, with C, N and Z read
/// after; with V read after the run (a shift by CL leaves OF undefined),
/// none.
#[test]
fn shift_runs() {
    let mut cases = Vec::new();
    for left in [false, true] {
        for count in [1usize, 2, 3, 4, 5, 8, 15, 16] {
            for x in [12u8, 13, 14, 15, 4, 9] {
                for r13_read in [false, true] {
                    for (value, probed) in [(0x8001, NO_V), (0x7FFE, NO_V), (0xC3A5, ALL)] {
                        let mut a = Asm::default();
                        for _ in 0..count {
                            if left {
                                a.w(ADD, S::R(x), D::R(x));
                            } else {
                                a.one(RRA, false, S::R(x));
                            }
                        }
                        probe(&mut a, probed);
                        if !r13_read {
                            a.w(MOV, S::Cg(0), D::R(13));
                        }
                        a.ret();
                        let cx_free = x != 13 && !r13_read;
                        let worth = if cx_free { 3 } else { 5 };
                        // The first 15 make a run; V after them is the
                        // 16th's to write.
                        let v_read = probed.v && count <= 15;
                        let expected = usize::from(count.min(15) >= worth && !v_read);
                        for as_function in [false, true] {
                            assert_eq!(
                                shifts_by_cl(&a, as_function),
                                expected,
                                "{count} shifts of r{x} (left {left}, r13 read {r13_read}, V read {})",
                                probed.v
                            );
                        }
                        let case = Case::new(format!(
                            "{count} shifts of r{x} ({value:#x}, left {left}, r13 read {r13_read})"
                        ))
                        .reg(x as usize, value)
                        .reg(13, 0x1234);
                        // As a function only where no callee-saved
                        // register changes (the snippet keeps the ABI).
                        if x >= 12 {
                            cases.push((a.clone(), case.clone().function_mode()));
                        }
                        cases.push((a, case));
                    }
                }
            }
        }
    }
    run_all(cases);
}

/// `add rX, rX` where rX lives in memory (r15's word) is one `shl word
/// [m], 1`, not a load and an ADD: the same C, Z, N and V, all read after.
#[test]
fn word_in_memory_doubled() {
    let mut cases = Vec::new();
    for value in EDGES {
        let mut a = Asm::default();
        a.w(ADD, S::R(15), D::R(15));
        probe(&mut a, ALL);
        a.ret();
        let snippet = translation(&a, false).expect("translates");
        let shifts = count_instructions(&snippet, |i| {
            i.code() == iced_x86::Code::Shl_rm16_1 && i.op0_kind() == iced_x86::OpKind::Memory
        });
        assert_eq!(shifts, 1, "add r15, r15: one SHL of r15's word");
        cases.push((
            a,
            Case::new(format!("add r15, r15 ({value:#x})")).reg(15, value),
        ));
    }
    run_all(cases);
}

/// A shift loop whose count goes to CL through AX puts r13 back in CX
/// (`xchg cx, ax` after the shift) only where r13 is read after it.
#[test]
fn a_shift_loop_gives_cx_back_only_where_r13_is_read() {
    let mut cases = Vec::new();
    for r13_read in [false, true] {
        for count in [0u16, 3, 15] {
            let mut a = Asm::default();
            a.w(MOV, S::Imm(0x8D35), D::R(12))
                .w(MOV, S::Imm(count), D::R(14))
                .b(CMP, S::Cg(0), D::R(14))
                .jump(JEQ, "done")
                .label("loop")
                .w(ADD, S::R(12), D::R(12))
                .b(SUB, S::Cg(1), D::R(14))
                .jump(JNE, "loop")
                .label("done");
            if r13_read {
                a.w(ADD, S::R(13), D::R(12));
            } else {
                a.w(MOV, S::Imm(5), D::R(13));
            }
            a.ret();
            let snippet = translation(&a, false).expect("translates");
            let swaps = count_instructions(&snippet, |i| {
                i.code() == iced_x86::Code::Xchg_r16_AX
                    && i.op0_register() == iced_x86::Register::CX
            });
            assert_eq!(swaps, 1 + r13_read as usize, "r13 read after: {r13_read}");
            let case = Case::new(format!("r13 read {r13_read} count {count}")).reg(13, 0x1234);
            cases.push((a, case));
        }
    }
    run_all(cases);
}
