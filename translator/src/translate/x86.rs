//! The 8086 side's vocabulary: operands, byte halves, memory forms and the
//! opcode table of the two-operand operations.

use iced_x86::{Code, Instruction, MemoryOperand, Register};

use crate::emit::Label;
use crate::msp430::Op2;

/// Whether an instruction reads SP as data (under a PUSHF it would read SP - 2).
pub(super) fn reads_sp(i: &Instruction) -> bool {
    (0..i.op_count())
        .any(|n| i.op_kind(n) == iced_x86::OpKind::Register && i.op_register(n) == Register::SP)
}

pub(super) fn low(r: Register) -> Option<Register> {
    match r {
        Register::AX => Some(Register::AL),
        Register::BX => Some(Register::BL),
        Register::CX => Some(Register::CL),
        Register::DX => Some(Register::DL),
        _ => None,
    }
}

pub(super) fn high(r: Register) -> Option<Register> {
    match r {
        Register::AX => Some(Register::AH),
        Register::BX => Some(Register::BH),
        Register::CX => Some(Register::CH),
        Register::DX => Some(Register::DH),
        _ => None,
    }
}

pub(super) fn is_base(r: Register) -> bool {
    matches!(r, Register::BX | Register::SI | Register::DI | Register::BP)
}

pub(super) fn mem_at(address: u16) -> MemoryOperand {
    MemoryOperand::with_displ(address as u64, 2)
}

pub(super) fn mem_base(base: Register, disp: u16) -> MemoryOperand {
    MemoryOperand::with_base_displ_size(base, disp as i16 as i64, 1)
}

/// An operand as the 8086 sees it.
#[derive(Clone, Debug)]
pub(super) enum X {
    R(Register),
    M(MemoryOperand),
    I(u16),
    /// An immediate that is a label's address.
    L(Label),
}

pub(super) fn op_code(op: Op2, byte: bool, form: Form) -> Option<Code> {
    use Code as C;
    use Form::*;
    let name = match op {
        Op2::Mov => 0,
        Op2::Add => 1,
        Op2::Addc => 2,
        Op2::Sub => 3,
        Op2::Subc => 4,
        Op2::Cmp => 5,
        Op2::Bit => 6,
        Op2::Bis => 7,
        Op2::Xor => 8,
        Op2::And | Op2::Bic => 9,
        Op2::Dadd => return None,
    };
    // [mov, add, adc, sub, sbb, cmp, test, or, xor, and] x [r_rm, rm_r, rm_imm] x [16, 8]
    const TABLE: [[[Code; 2]; 3]; 10] = [
        [
            [C::Mov_r16_rm16, C::Mov_r8_rm8],
            [C::Mov_rm16_r16, C::Mov_rm8_r8],
            [C::Mov_rm16_imm16, C::Mov_rm8_imm8],
        ],
        [
            [C::Add_r16_rm16, C::Add_r8_rm8],
            [C::Add_rm16_r16, C::Add_rm8_r8],
            [C::Add_rm16_imm16, C::Add_rm8_imm8],
        ],
        [
            [C::Adc_r16_rm16, C::Adc_r8_rm8],
            [C::Adc_rm16_r16, C::Adc_rm8_r8],
            [C::Adc_rm16_imm16, C::Adc_rm8_imm8],
        ],
        [
            [C::Sub_r16_rm16, C::Sub_r8_rm8],
            [C::Sub_rm16_r16, C::Sub_rm8_r8],
            [C::Sub_rm16_imm16, C::Sub_rm8_imm8],
        ],
        [
            [C::Sbb_r16_rm16, C::Sbb_r8_rm8],
            [C::Sbb_rm16_r16, C::Sbb_rm8_r8],
            [C::Sbb_rm16_imm16, C::Sbb_rm8_imm8],
        ],
        [
            [C::Cmp_r16_rm16, C::Cmp_r8_rm8],
            [C::Cmp_rm16_r16, C::Cmp_rm8_r8],
            [C::Cmp_rm16_imm16, C::Cmp_rm8_imm8],
        ],
        [
            [C::Test_rm16_r16, C::Test_rm8_r8],
            [C::Test_rm16_r16, C::Test_rm8_r8],
            [C::Test_rm16_imm16, C::Test_rm8_imm8],
        ],
        [
            [C::Or_r16_rm16, C::Or_r8_rm8],
            [C::Or_rm16_r16, C::Or_rm8_r8],
            [C::Or_rm16_imm16, C::Or_rm8_imm8],
        ],
        [
            [C::Xor_r16_rm16, C::Xor_r8_rm8],
            [C::Xor_rm16_r16, C::Xor_rm8_r8],
            [C::Xor_rm16_imm16, C::Xor_rm8_imm8],
        ],
        [
            [C::And_r16_rm16, C::And_r8_rm8],
            [C::And_rm16_r16, C::And_rm8_r8],
            [C::And_rm16_imm16, C::And_rm8_imm8],
        ],
    ];
    let f = match form {
        RegRm => 0,
        RmReg => 1,
        RmImm => 2,
    };
    Some(TABLE[name][f][byte as usize])
}

#[derive(Clone, Copy)]
pub(super) enum Form {
    /// reg <- reg/mem
    RegRm,
    /// reg/mem <- reg
    RmReg,
    /// reg/mem <- immediate
    RmImm,
}

/// The sign-extended imm8 forms (83 /n ib), one byte shorter than imm16.
pub(super) fn short_imm(code: Code) -> Option<Code> {
    use Code as C;
    Some(match code {
        C::Add_rm16_imm16 => C::Add_rm16_imm8,
        C::Adc_rm16_imm16 => C::Adc_rm16_imm8,
        C::Sub_rm16_imm16 => C::Sub_rm16_imm8,
        C::Sbb_rm16_imm16 => C::Sbb_rm16_imm8,
        C::Cmp_rm16_imm16 => C::Cmp_rm16_imm8,
        C::Or_rm16_imm16 => C::Or_rm16_imm8,
        C::Xor_rm16_imm16 => C::Xor_rm16_imm8,
        C::And_rm16_imm16 => C::And_rm16_imm8,
        _ => return None,
    })
}
