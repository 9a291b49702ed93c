//! The MSP430 instruction set, as LLVM's `msp430` backend emits it: a decoder
//! from the ELF's bytes to [`Instruction`]s.
//!
//! The MSP430 has sixteen 16-bit registers: r0 is the program counter, r1 the
//! stack pointer, r2 the status register (C bit 0, Z bit 1, N bit 2, V bit 8)
//! and r3 a constant generator; r4-r15 are general. An instruction is one word,
//! followed by up to two extension words (the source's, then the
//! destination's). There are three formats:
//! - two operands (`mov`, `add`, `addc`, `subc`, `sub`, `cmp`, `dadd`, `bit`,
//!   `bic`, `bis`, `xor`, `and`): `dst = dst op src`;
//! - one operand (`rrc`, `swpb`, `rra`, `sxt`, `push`, `call`, `reti`);
//! - conditional jumps with a 10-bit word offset.
//!
//! A source can be a register, `X(Rn)`, `@Rn`, `@Rn+`, an immediate (`@PC+`),
//! an absolute address (`X(SR)`) or one of the constants r2 and r3 generate
//! (0, 1, 2, 4, 8, -1); a destination a register, `X(Rn)` or an absolute
//! address. (We decode ourselves rather than parse llvm-objdump's text: the
//! set is small, the decoder is exact, and the build needs only cargo.)

/// A register number, 0-15.
pub type Reg = u8;

pub const PC: Reg = 0;
pub const SP: Reg = 1;
pub const SR: Reg = 2;
pub const CG: Reg = 3;

/// Where an operand is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Operand {
    /// The register itself.
    Reg(Reg),
    /// The memory at the register plus a displacement: `X(Rn)`, `@Rn` (X = 0).
    Indexed(Reg, u16),
    /// `@Rn+`: the memory at the register, which then grows by the operand's size.
    PostInc(Reg),
    /// A constant: `#N` or a generated constant.
    Imm(u16),
    /// An absolute address: `&ADDR`.
    Abs(u16),
    /// PC-relative (`ADDR` symbolic mode), resolved to the address it names.
    Symbolic(u16),
}

/// The two-operand operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op2 {
    Mov,
    Add,
    Addc,
    Subc,
    Sub,
    Cmp,
    Dadd,
    Bit,
    Bic,
    Bis,
    Xor,
    And,
}

/// The one-operand operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op1 {
    Rrc,
    Swpb,
    Rra,
    Sxt,
    Push,
    Call,
    Reti,
}

/// A jump's condition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cond {
    /// Z clear.
    Ne,
    /// Z set.
    Eq,
    /// C clear (`jlo`).
    Nc,
    /// C set (`jhs`).
    C,
    /// N set.
    N,
    /// N == V.
    Ge,
    /// N != V.
    L,
    /// Always.
    Always,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Instruction {
    Two {
        op: Op2,
        byte: bool,
        src: Operand,
        dst: Operand,
    },
    One {
        op: Op1,
        byte: bool,
        dst: Operand,
    },
    Jump {
        cond: Cond,
        target: u16,
    },
}

/// Why a word is not an instruction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DecodeError {
    /// The bytes ended inside the instruction.
    Truncated,
    /// No MSP430 instruction has this encoding (or it is MSP430X's).
    Unknown(u16),
}

fn word(code: &[u8], at: usize) -> Result<u16, DecodeError> {
    match code.get(at..at + 2) {
        Some(b) => Ok(u16::from_le_bytes([b[0], b[1]])),
        None => Err(DecodeError::Truncated),
    }
}

/// A jump's condition by its bits 12-10.
const JUMP_CONDITIONS: [Cond; 8] = {
    use Cond::*;
    [Ne, Eq, Nc, C, N, Ge, L, Always]
};

/// A single-operand instruction's operation by its bits 9-7 (7: none).
const SINGLE_OPERAND_OPS: [Option<Op1>; 8] = {
    use Op1::*;
    [
        Some(Rrc),
        Some(Swpb),
        Some(Rra),
        Some(Sxt),
        Some(Push),
        Some(Call),
        Some(Reti),
        None,
    ]
};

/// Decodes the instruction at `code[0..]`, which lies at `address`; returns it
/// and its length in bytes (2, 4 or 6).
pub fn decode(code: &[u8], address: u16) -> Result<(Instruction, usize), DecodeError> {
    let first = word(code, 0)?;
    let mut len = 2;
    // An extension word, read in order (source first).
    let mut next = |len: &mut usize| -> Result<u16, DecodeError> {
        let w = word(code, *len)?;
        *len += 2;
        Ok(w)
    };
    if first & 0xE000 == 0x2000 {
        let cond = JUMP_CONDITIONS[((first >> 10) & 7) as usize];
        let offset = ((first & 0x3FF) << 6) as i16 >> 6; // sign-extended words
        let target = address
            .wrapping_add(2)
            .wrapping_add((offset as u16).wrapping_mul(2));
        return Ok((Instruction::Jump { cond, target }, 2));
    }
    let byte = first & 0x40 != 0;
    if first & 0xFC00 == 0x1000 {
        let op =
            SINGLE_OPERAND_OPS[((first >> 7) & 7) as usize].ok_or(DecodeError::Unknown(first))?;
        let reg = (first & 15) as Reg;
        let mode = (first >> 4) & 3;
        let dst = source(reg, mode, byte, address, &mut len, &mut next)?;
        return Ok((Instruction::One { op, byte, dst }, len));
    }
    let op = match first >> 12 {
        4 => Op2::Mov,
        5 => Op2::Add,
        6 => Op2::Addc,
        7 => Op2::Subc,
        8 => Op2::Sub,
        9 => Op2::Cmp,
        10 => Op2::Dadd,
        11 => Op2::Bit,
        12 => Op2::Bic,
        13 => Op2::Bis,
        14 => Op2::Xor,
        15 => Op2::And,
        _ => return Err(DecodeError::Unknown(first)),
    };
    let src_reg = ((first >> 8) & 15) as Reg;
    let src_mode = (first >> 4) & 3;
    let dst_reg = (first & 15) as Reg;
    let src = source(src_reg, src_mode, byte, address, &mut len, &mut next)?;
    let dst = if first & 0x80 == 0 {
        Operand::Reg(dst_reg)
    } else {
        let at = address.wrapping_add(len as u16);
        let x = next(&mut len)?;
        match dst_reg {
            PC => Operand::Symbolic(at.wrapping_add(x)),
            SR => Operand::Abs(x),
            _ => Operand::Indexed(dst_reg, x),
        }
    };
    Ok((Instruction::Two { op, byte, src, dst }, len))
}

/// A source operand (also a one-operand instruction's operand) from its register
/// and As mode; reads its extension word if it has one.
fn source(
    reg: Reg,
    mode: u16,
    byte: bool,
    address: u16,
    len: &mut usize,
    next: &mut impl FnMut(&mut usize) -> Result<u16, DecodeError>,
) -> Result<Operand, DecodeError> {
    let _ = byte;
    Ok(match (reg, mode) {
        (CG, 0) => Operand::Imm(0),
        (CG, 1) => Operand::Imm(1),
        (CG, 2) => Operand::Imm(2),
        (CG, 3) => Operand::Imm(0xFFFF),
        (SR, 2) => Operand::Imm(4),
        (SR, 3) => Operand::Imm(8),
        (_, 0) => Operand::Reg(reg),
        (PC, 1) => {
            let at = address.wrapping_add(*len as u16);
            Operand::Symbolic(at.wrapping_add(next(len)?))
        }
        (SR, 1) => Operand::Abs(next(len)?),
        (_, 1) => Operand::Indexed(reg, next(len)?),
        (_, 2) => Operand::Indexed(reg, 0),
        (PC, 3) => Operand::Imm(next(len)?),
        (_, _) => Operand::PostInc(reg),
    })
}

/// The offset of an instruction's extension word that holds the immediate or
/// address of its source (`Some(2)`) or destination; used to match relocations
/// to operands.
pub fn extension_offsets(first: u16) -> (Option<usize>, Option<usize>) {
    if first & 0xE000 == 0x2000 {
        return (None, None);
    }
    let has_ext = |reg: u16, mode: u16| match (reg as Reg, mode) {
        (CG, _) => false,
        (SR, 2) | (SR, 3) => false,
        (_, 1) => true,
        (PC, 3) => true,
        _ => false,
    };
    if first & 0xFC00 == 0x1000 {
        let ext = has_ext(first & 15, (first >> 4) & 3);
        return (ext.then_some(2), None);
    }
    let src = has_ext((first >> 8) & 15, (first >> 4) & 3);
    let dst = first & 0x80 != 0;
    let src_at = src.then_some(2);
    let dst_at = dst.then_some(if src { 4 } else { 2 });
    (src_at, dst_at)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(words: &[u16], address: u16) -> (Instruction, usize) {
        let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        decode(&bytes, address).unwrap()
    }

    fn two(op: Op2, byte: bool, src: Operand, dst: Operand) -> Instruction {
        Instruction::Two { op, byte, src, dst }
    }

    fn single(op: Op1, byte: bool, dst: Operand) -> Instruction {
        Instruction::One { op, byte, dst }
    }

    #[test]
    fn decodes_each_format() {
        use Operand::*;
        let jump = |cond, target| Instruction::Jump { cond, target };
        // (the words, their address, the instruction): each decodes to the
        // instruction, all its words read.
        let cases: [(&[u16], u16, Instruction); 17] = [
            // mov r12, r13
            (&[0x4C0D], 0, two(Op2::Mov, false, Reg(12), Reg(13))),
            // add.b #1, 4(r1)  (r3 mode 1 = constant 1)
            (&[0x53D1, 4], 0, two(Op2::Add, true, Imm(1), Indexed(1, 4))),
            // mov #0x1234, &0x0200
            (
                &[0x40B2, 0x1234, 0x0200],
                0,
                two(Op2::Mov, false, Imm(0x1234), Abs(0x200)),
            ),
            // mov @r1+, r0  (ret)
            (&[0x4130], 0, two(Op2::Mov, false, PostInc(1), Reg(0))),
            // call #0x4000
            (&[0x12B0, 0x4000], 0, single(Op1::Call, false, Imm(0x4000))),
            // jne -2 words back from 0x100: 0x100 + 2 - 4
            (&[0x23FE], 0x100, jump(Cond::Ne, 0xFE)),
            // jmp +1 word
            (&[0x3C01], 0x100, jump(Cond::Always, 0x104)),
            // sxt r12; swpb r13; rra.b r14; rrc r15
            (&[0x118C], 0, single(Op1::Sxt, false, Reg(12))),
            (&[0x108D], 0, single(Op1::Swpb, false, Reg(13))),
            (&[0x114E], 0, single(Op1::Rra, true, Reg(14))),
            (&[0x100F], 0, single(Op1::Rrc, false, Reg(15))),
            // the generated constants: #-1 (r3 mode 3), #8 (r2 mode 3), #4 (r2 mode 2), #2, #0
            (&[0x433C], 0, two(Op2::Mov, false, Imm(0xFFFF), Reg(12))),
            (&[0x423C], 0, two(Op2::Mov, false, Imm(8), Reg(12))),
            (&[0x422C], 0, two(Op2::Mov, false, Imm(4), Reg(12))),
            (&[0x432C], 0, two(Op2::Mov, false, Imm(2), Reg(12))),
            (&[0x430C], 0, two(Op2::Mov, false, Imm(0), Reg(12))),
            // symbolic source: mov 0x10 (pc-relative), r12 at 0x100: ext word at 0x102
            (
                &[0x401C, 0x10],
                0x100,
                two(Op2::Mov, false, Symbolic(0x112), Reg(12)),
            ),
        ];
        for (words, address, instruction) in cases {
            assert_eq!(one(words, address), (instruction, 2 * words.len()));
        }
        assert_eq!(decode(&[0x3C], 0), Err(DecodeError::Truncated));
        assert_eq!(extension_offsets(0x40B2), (Some(2), Some(4)));
    }
}
