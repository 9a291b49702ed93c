//! Jumps and the labels they reach: BP's state on arrival, the carry's
//! sense where a label reads it, the conditional jumps.

use std::collections::HashMap;

use iced_x86::{Code, ConditionCode, Register};

use super::x86::mem_base;
use super::{Carry, FunctionTranslator, R};
use crate::emit::{Item, Label};
use crate::flags::{self, FlagSet};
use crate::msp430::{Cond, Instruction as M, Op1, Operand, PC};

/// Whether the next instruction runs after this one (when it does not jump).
pub(super) fn falls_through(instruction: &M) -> bool {
    match *instruction {
        M::Jump { cond, .. } => cond != Cond::Always,
        M::Two {
            dst: Operand::Reg(PC),
            ..
        } => false,
        M::One { op: Op1::Reti, .. } => false,
        _ => true,
    }
}

impl FunctionTranslator<'_> {
    pub(super) fn canonical_carry(&mut self) -> R<()> {
        match self.carry {
            Carry::Same => Ok(()),
            Carry::Inverted => {
                self.put(i!(Code::Cmc));
                self.carry = Carry::Same;
                Ok(())
            }
            other => Err(format!(
                "the carry is read at a label with the 8086's CF {other:?}"
            )),
        }
    }

    /// Control goes to the label at `target` from here: note BP's state, and
    /// make it what the label assumes.
    pub(super) fn arrive(&mut self, target: u16) -> R<()> {
        self.arrivals
            .entry(target)
            .or_default()
            .push(self.bp_minus_sp);
        if let Some(&want) = self.assume.get(&target)
            && self.bp_minus_sp != Some(want)
        {
            match self.bp_minus_sp {
                Some(now) if want != 0 => {
                    self.put(i!(
                        Code::Lea_r16_m,
                        Register::BP,
                        mem_base(Register::BP, (want - now) as u16)
                    ));
                }
                _ => {
                    self.put(i!(Code::Mov_r16_rm16, Register::BP, Register::SP));
                    if want != 0 {
                        self.put(i!(
                            Code::Lea_r16_m,
                            Register::BP,
                            mem_base(Register::BP, want as u16)
                        ));
                    }
                }
            }
            self.bp_minus_sp = Some(want);
        }
        Ok(())
    }

    pub(super) fn jump(
        &mut self,
        cond: Cond,
        target: u16,
        live_in: &HashMap<u16, FlagSet>,
    ) -> R<()> {
        self.arrive(target)?;
        if live_in.get(&target).copied().unwrap_or(0) & flags::C != 0
            && cond != Cond::Nc
            && cond != Cond::C
        {
            self.canonical_carry()?;
        }
        use ConditionCode as C;
        let cc = match cond {
            Cond::Always => None,
            Cond::Eq => Some(C::e),
            Cond::Ne => Some(C::ne),
            Cond::N => Some(C::s),
            Cond::Ge => Some(C::ge),
            Cond::L => Some(C::l),
            Cond::C | Cond::Nc => {
                if live_in.get(&target).copied().unwrap_or(0) & flags::C != 0 {
                    self.canonical_carry()?;
                }
                let set = cond == Cond::C;
                Some(match (self.carry, set) {
                    (Carry::Same, true) | (Carry::Inverted, false) => C::b,
                    (Carry::Same, false) | (Carry::Inverted, true) => C::ae,
                    (Carry::NotZero, true) => C::ne,
                    (Carry::NotZero, false) => C::e,
                    (Carry::Unknown, _) => return Err("a carry jump with no known carry".into()),
                })
            }
        };
        self.out.push(Item::Branch(cc, Label::Text(target)));
        Ok(())
    }
}
