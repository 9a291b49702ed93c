//! LLVM's shifts a bit a turn become 8086 shifts: a loop by a variable
//! count as one shift by CL, `clrc; rrc` as one SHR, a run of shifts by
//! one as one shift by CL.

use iced_x86::{Code, ConditionCode, Register};

use super::x86::{X, low};
use super::{Carry, FunctionTranslator, R};
use crate::decoded::{Decoded, jump_target};
use crate::emit::{Item, Label};
use crate::flags::{self, FlagSet};
use crate::msp430::{Cond, Instruction as M, Op1, Op2, Operand, Reg, SR};

/// A loop that shifts `x` by the count in `c` a bit a turn
/// ([`FunctionTranslator::shift_loop`]).
pub(super) struct ShiftLoop {
    left: bool,
    /// The shift is a byte operation (`add.b`, `rrc.b`).
    byte: bool,
    x: Reg,
    c: Reg,
    /// The counter counts down as a byte (`sub.b`).
    counter_byte: bool,
    /// The count is 1 to 15: the loop is entered only past a test for 0
    /// and the counter's other bits are surely 0 ([`flags::maybe_ones`]).
    small: bool,
    /// Something after the loop reads the counter (it ends at 0).
    counter_read_after: bool,
    /// Its MSP430 instructions.
    pub(super) length: usize,
}

impl FunctionTranslator<'_> {
    /// `clrc` whose C only the RRC after it reads (register moves between,
    /// no label, nothing else reading the flags, V unread after the RRC):
    /// the RRC's address, for one SHR (it shifts in the 0 and sets C, N and
    /// Z as RRC does; RRC's V is 0, SHR's is not).
    pub(super) fn clear_carry_then_rrc(
        &self,
        code: &[Decoded],
        n: usize,
        live_after: &[FlagSet],
    ) -> Option<u16> {
        if !matches!(
            code[n].instruction,
            M::Two {
                op: Op2::Bic,
                byte: false,
                src: Operand::Imm(1),
                dst: Operand::Reg(SR)
            }
        ) || self.adjust_after.contains_key(&code[n].address)
        {
            return None;
        }
        for (m, d) in code.iter().enumerate().skip(n + 1).take(3) {
            if self.labels.contains(&d.address)
                || self.adjust_before.contains_key(&d.address)
                || self.adjust_after.contains_key(&d.address)
            {
                return None;
            }
            match d.instruction {
                M::One {
                    op: Op1::Rrc,
                    dst: Operand::Reg(r),
                    ..
                } if r >= 4 && live_after[m] & flags::V == 0 => return Some(d.address),
                M::Two {
                    op: Op2::Mov,
                    src: Operand::Reg(s),
                    dst: Operand::Reg(t),
                    ..
                } if s >= 4 && t >= 4 && d.src_target.is_none() => {}
                _ => return None,
            }
        }
        None
    }

    /// LLVM's MSP430 backend has no shift by a variable count: it loops, a
    /// bit a turn (`add Rx, Rx` or `clrc; rrc Rx`, then `sub.b #1, Rc; jne`
    /// back). A loop of that shape, entered only by falling into it, with no
    /// flags read after it, becomes one shift by CL ([`Self::shift_by_count`]).
    pub(super) fn shift_loop(
        &self,
        code: &[Decoded],
        n: usize,
        live_after: &[FlagSet],
    ) -> Option<ShiftLoop> {
        let head = code[n].address;
        let (left, byte, x, body) = match code[n].instruction {
            M::Two {
                op: Op2::Add,
                byte,
                src: Operand::Reg(x),
                dst: Operand::Reg(x2),
            } if x == x2 => (true, byte, x, 1),
            M::Two {
                op: Op2::Bic,
                byte: false,
                src: Operand::Imm(1),
                dst: Operand::Reg(SR),
            } => match code.get(n + 1)?.instruction {
                M::One {
                    op: Op1::Rrc,
                    byte,
                    dst: Operand::Reg(x),
                } => (false, byte, x, 2),
                _ => return None,
            },
            _ => return None,
        };
        let count = code.get(n + body)?;
        let (counter_byte, c) = match count.instruction {
            M::Two {
                op: Op2::Sub,
                byte,
                src: Operand::Imm(1),
                dst: Operand::Reg(c),
            } => (byte, c),
            M::Two {
                op: Op2::Add,
                byte,
                src: Operand::Imm(k),
                dst: Operand::Reg(c),
            } if k == if byte { 0xFF } else { 0xFFFF } => (byte, c),
            _ => return None,
        };
        let back = code.get(n + body + 1)?;
        let length = body + 2;
        // Not PC, SP, SR or the constant generator.
        let ordinary = |r: Reg| r >= 4;
        (matches!(back.instruction, M::Jump { cond: Cond::Ne, target } if target == head)
            && n > 0
            && x != c
            && ordinary(x)
            && ordinary(c)
            && !self.entered_indirectly.contains(&head)
            && code
                .iter()
                .enumerate()
                .all(|(j, other)| j == n + length - 1 || jump_target(other) != Some(head))
            && code[n + 1..n + length]
                .iter()
                .all(|d| !self.labels.contains(&d.address))
            && code[n..n + length].iter().all(|d| {
                d.src_target.is_none()
                    && d.dst_target.is_none()
                    && !self.adjust_before.contains_key(&d.address)
                    && !self.adjust_after.contains_key(&d.address)
            })
            && live_after[n + length - 1] == 0)
            .then(|| {
                // Entered past `cmp #0, Rc` (or .b); `jeq` past the loop.
                let after = code.get(n + length).map(|d| d.address);
                let guarded = n >= 2
                    && matches!(code[n - 2].instruction, M::Two {
                        op: Op2::Cmp,
                        src: Operand::Imm(0),
                        dst: Operand::Reg(r),
                        ..
                    } if r == c)
                    && matches!(code[n - 1].instruction, M::Jump { cond: Cond::Eq, target }
                        if Some(target) == after);
                ShiftLoop {
                    left,
                    byte,
                    x,
                    c,
                    counter_byte,
                    small: guarded && self.maybe_ones[n - 1][c as usize] & 0xFFF0 == 0,
                    counter_read_after: self
                        .registers_read_after
                        .get(n + length)
                        .is_none_or(|read| read & 1 << c != 0),
                    length,
                }
            })
    }

    /// A shift loop as one shift: the loop runs at least once (a count of 0
    /// wraps: 256 turns, or 65,536), and 16 turns or more leave 0, so the
    /// count becomes min(count - 1, 15) + 1 in CL (an 8086 shifts by all of
    /// CL, a 286 or later by CL mod 32: both agree below 32); where the
    /// count is known to be 1 to 15 (`small`), it goes to CL as it is. CX is
    /// kept in AX meanwhile, unless the counter is CX itself. A byte shift
    /// works on the word and keeps its low byte (MSP430 byte operations on a
    /// register clear its high byte). The counter ends at 0, as the loop
    /// leaves it, where it is read later; the flags are dead.
    pub(super) fn shift_by_count(&mut self, d: &Decoded, shift: &ShiftLoop) -> R<()> {
        let mut pre = Vec::new();
        let counter = self.operand(Operand::Reg(shift.c), &None, false, &mut pre)?;
        let shifted = self.operand(Operand::Reg(shift.x), &None, false, &mut pre)?;
        let in_cx = matches!(counter, X::R(Register::CX));
        if shift.small && in_cx {
            // CL holds the count already.
        } else if shift.small {
            pre.push(i!(Code::Xchg_r16_AX, Register::CX, Register::AX));
            match &counter {
                X::R(r) => match low(*r) {
                    Some(l) => pre.push(i!(Code::Mov_r8_rm8, Register::CL, l)),
                    None => pre.push(i!(Code::Mov_r16_rm16, Register::CX, *r)),
                },
                X::M(m) => pre.push(i!(Code::Mov_r8_rm8, Register::CL, *m)),
                _ => return Err("the counter is not a register".into()),
            }
            for i in pre.drain(..) {
                self.put(i);
            }
        } else {
            let (count, limit) = if shift.counter_byte {
                (Register::AL, Code::Cmp_rm8_imm8)
            } else {
                (Register::AX, Code::Cmp_rm16_imm8)
            };
            match (&counter, shift.counter_byte) {
                (X::R(r), true) => match low(*r) {
                    Some(l) => pre.push(i!(Code::Mov_r8_rm8, Register::AL, l)),
                    None => pre.push(i!(Code::Mov_r16_rm16, Register::AX, *r)),
                },
                (X::R(r), false) => pre.push(i!(Code::Mov_r16_rm16, Register::AX, *r)),
                (X::M(m), true) => pre.push(i!(Code::Mov_r8_rm8, Register::AL, *m)),
                (X::M(m), false) => pre.push(i!(Code::Mov_r16_rm16, Register::AX, *m)),
                _ => return Err("the counter is not a register".into()),
            }
            if shift.counter_byte {
                pre.push(i!(Code::Dec_rm8, Register::AL));
            } else {
                pre.push(i!(Code::Dec_r16, Register::AX));
            }
            pre.push(i!(limit, count, 15));
            for i in pre.drain(..) {
                self.put(i);
            }
            let within = Label::Local(d.address as u32);
            self.out
                .push(Item::Branch(Some(ConditionCode::b), within.clone()));
            self.put(i!(Code::Mov_r16_imm16, Register::AX, 15));
            self.out.push(Item::Label(within));
            self.put(i!(Code::Inc_rm8, Register::AL));
            self.put(i!(Code::Xchg_r16_AX, Register::CX, Register::AX));
        }
        for i in pre {
            self.put(i);
        }
        let saved_cx = !(shift.small && in_cx);
        // CX's value is in AX now (where it was saved).
        let shifted = match shifted {
            X::R(Register::CX) if saved_cx => X::R(Register::AX),
            other => other,
        };
        let low_byte = |me: &mut Self| -> R<()> {
            match &shifted {
                X::R(r) => me.put(i!(Code::And_rm16_imm16, *r, 0xFF)),
                X::M(m) => {
                    let mut high_byte = *m;
                    high_byte.displacement += 1;
                    me.put(i!(Code::Mov_rm8_imm8, high_byte, 0))
                }
                _ => return Err("the shifted value is not a register".into()),
            }
            Ok(())
        };
        if shift.byte && !shift.left {
            low_byte(self)?;
        }
        let code = if shift.left {
            Code::Shl_rm16_CL
        } else {
            Code::Shr_rm16_CL
        };
        match &shifted {
            X::R(r) => self.put(i!(code, *r, Register::CL)),
            X::M(m) => self.put(i!(code, *m, Register::CL)),
            _ => return Err("the shifted value is not a register".into()),
        }
        if shift.byte && shift.left {
            low_byte(self)?;
        }
        // CX's value goes back from AX unless nothing reads r13 after the
        // loop (and the shifted value is not r13's, in AX meanwhile).
        let last = self.at + shift.length - 1;
        let r13_read_after = self
            .live_registers
            .get(last)
            .is_none_or(|live| live & (1 << 13) != 0);
        if saved_cx && (r13_read_after || shift.x == 13) {
            self.put(i!(Code::Xchg_r16_AX, Register::CX, Register::AX));
        }
        if shift.counter_read_after {
            match counter {
                X::R(r) => self.put(i!(Code::Xor_r16_rm16, r, r)),
                X::M(m) => self.put(i!(Code::Mov_rm16_imm16, m, 0)),
                _ => {}
            }
        }
        self.carry = Carry::Unknown;
        Ok(())
    }
}

/// The fewest shifts in a row worth one shift by CL: with CX free (`mov
/// cl, k; sar x, cl`), and with CX kept in AX meanwhile (two XCHGs more).
const SHIFT_RUN_CX_FREE: usize = 3;
const SHIFT_RUN_CX_KEPT: usize = 5;

impl FunctionTranslator<'_> {
    /// `rra rX` or `add rX, rX` k times in a row (LLVM's shift by a
    /// constant, a bit a turn): k, where one SAR or SHL by CL is fewer
    /// instructions, and whether CX (r13) is free for the count. No label,
    /// no stack adjustment within, V unread after the last (a shift by
    /// more than 1 leaves OF undefined; C, N and Z are the last one's).
    pub(super) fn shift_run(
        &self,
        code: &[Decoded],
        n: usize,
        live_after: &[FlagSet],
    ) -> Option<(usize, bool)> {
        let x = match code[n].instruction {
            M::One {
                op: Op1::Rra,
                byte: false,
                dst: Operand::Reg(x),
            } => x,
            M::Two {
                op: Op2::Add,
                byte: false,
                src: Operand::Reg(x),
                dst: Operand::Reg(y),
            } if x == y => x,
            _ => return None,
        };
        if x == SR || x == crate::msp430::SP || x == crate::msp430::PC {
            return None;
        }
        let same = |d: &Decoded| d.instruction == code[n].instruction;
        let length = code[n..].iter().take_while(|d| same(d)).count().min(15);
        let last = n + length - 1;
        let plain = (n..=last).all(|m| {
            (m == n || !self.labels.contains(&code[m].address))
                && !self.adjust_before.contains_key(&code[m].address)
                && !self.adjust_after.contains_key(&code[m].address)
        });
        let cx_free = x != 13
            && self
                .registers_read_after
                .get(last)
                .is_some_and(|read| read & 1 << 13 == 0);
        let worth = if cx_free {
            SHIFT_RUN_CX_FREE
        } else {
            SHIFT_RUN_CX_KEPT
        };
        (plain && length >= worth && live_after[last] & flags::V == 0).then_some((length, cx_free))
    }

    /// [`Self::shift_run`]'s k shifts as one SAR or SHL by CL (CX kept in
    /// AX where r13 is read later, or where it is the shifted register).
    pub(super) fn shift_by_constant(&mut self, d: &Decoded, count: usize, cx_free: bool) -> R<()> {
        let (dst, code) = match d.instruction {
            M::One { dst, .. } => (dst, Code::Sar_rm16_CL),
            M::Two { dst, .. } => (dst, Code::Shl_rm16_CL),
            _ => return Err("not a shift".into()),
        };
        let mut pre = Vec::new();
        let shifted = self.operand(dst, &None, false, &mut pre)?;
        for i in pre {
            self.put(i);
        }
        if !cx_free {
            self.put(i!(Code::Xchg_r16_AX, Register::CX, Register::AX));
        }
        let shifted = match shifted {
            X::R(Register::CX) if !cx_free => X::R(Register::AX),
            other => other,
        };
        self.put(i!(Code::Mov_r8_imm8, Register::CL, count as u32));
        match &shifted {
            X::R(r) => self.put(i!(code, *r, Register::CL)),
            X::M(m) => self.put(i!(code, *m, Register::CL)),
            _ => return Err("the shifted value is not a register".into()),
        }
        if !cx_free {
            self.put(i!(Code::Xchg_r16_AX, Register::CX, Register::AX));
        }
        self.carry = Carry::Same;
        Ok(())
    }
}
