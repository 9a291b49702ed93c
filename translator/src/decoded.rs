//! A decoded MSP430 instruction with what the relocations say of its
//! operands, and where it sends control: what the translator and the flag
//! analyses ([`crate::flags`]) both read.

use std::collections::HashMap;

use crate::msp430::{Instruction as M, Op2, Operand, PC, SP};

/// Registers as a set: bit n for rn.
pub type RegSet = u16;

/// r12-r15.
pub const ARGUMENTS: RegSet = 0xF000;

/// What a call reads of r12-r15 and what it may leave as it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CallUse {
    pub reads: RegSet,
    pub keeps: RegSet,
}

/// A call whose callee is not known.
pub const UNKNOWN: CallUse = CallUse {
    reads: ARGUMENTS,
    keeps: ARGUMENTS,
};

/// Where a 16-bit relocated immediate points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    Text(u16),
    Runtime(String),
}

/// A decoded instruction with what the relocations say of its operands.
#[derive(Clone, Debug)]
pub struct Decoded {
    pub address: u16,
    pub len: u16,
    pub instruction: M,
    /// The source's (or single operand's) immediate names code or the runtime.
    pub src_target: Option<Target>,
    pub dst_target: Option<Target>,
    /// A call that never returns (to `piskrs_fatal`, where a panic ends):
    /// nothing after it reads a register or a flag.
    pub never_returns: bool,
    /// A call's: what its callee reads of r12-r15 and may keep as it was
    /// ([`crate::argument_use`]; all four where not known).
    pub call_use: CallUse,
    /// A return's: the registers of r12-r15 its callers read after it
    /// ([`crate::argument_use::mark_returns`]; all four where not known).
    pub return_reads: RegSet,
}

/// Each instruction's position in `code`, by its address.
pub fn index_by_address(code: &[Decoded]) -> HashMap<u16, usize> {
    code.iter()
        .enumerate()
        .map(|(n, d)| (d.address, n))
        .collect()
}

/// Where `br #label` goes: a jump like any other (not a return, not a table).
pub fn branch_target(d: &Decoded) -> Option<u16> {
    match (&d.instruction, &d.src_target) {
        (
            M::Two {
                op: Op2::Mov,
                src: Operand::Imm(_),
                dst: Operand::Reg(PC),
                ..
            },
            Some(Target::Text(t)),
        ) => Some(*t),
        _ => None,
    }
}

/// Where a jump within the function goes (a conditional or plain jump, or
/// `br #label`).
pub fn jump_target(d: &Decoded) -> Option<u16> {
    match d.instruction {
        M::Jump { target, .. } => Some(target),
        _ => branch_target(d),
    }
}

/// Whether an instruction is a return (`ret`: `mov @sp+, pc`).
pub fn is_return(d: &Decoded) -> bool {
    matches!(
        d.instruction,
        M::Two {
            op: Op2::Mov,
            src: Operand::PostInc(SP),
            dst: Operand::Reg(PC),
            ..
        }
    )
}
