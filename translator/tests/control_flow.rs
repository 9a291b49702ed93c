//! Calls, branches, jump tables and conditional jumps.

mod common;
use common::*;

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
