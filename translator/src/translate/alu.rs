//! The operation itself, `t = t op s`, once both operands are ready: the
//! carry in, the shorter forms where the flags allow, the 8086 encoding.

use iced_x86::Code;

use super::x86::{Form, X, op_code, short_imm};
use super::{Carry, FunctionTranslator, R};
use crate::emit::Item;
use crate::flags::{self, FlagSet};
use crate::msp430::Op2;

impl FunctionTranslator<'_> {
    /// The operation itself, `t = t op s`, with both operands ready.
    pub(super) fn alu(&mut self, op: Op2, byte: bool, s: &X, t: &X, live: FlagSet) -> R<Vec<Item>> {
        let mut out = Vec::new();
        // Carry in for ADDC (CF = C) and SUBC (CF = borrow = not C).
        match op {
            Op2::Addc => match self.carry {
                Carry::Same => {}
                Carry::Inverted => out.push(Item::Plain(i!(Code::Cmc))),
                _ => return Err("addc with no known carry".into()),
            },
            Op2::Subc => match self.carry {
                Carry::Inverted => {}
                Carry::Same => out.push(Item::Plain(i!(Code::Cmc))),
                _ => return Err("subc with no known carry".into()),
            },
            _ => {}
        }
        // Shorter forms where the flags they differ in are not read.
        if let X::I(v) = s
            && self.short_form(op, byte, *v, t, live, &mut out)?
        {
            return Ok(out);
        }
        if op == Op2::Mov
            && let (X::R(r), X::R(t)) = (s, t)
            && r == t
        {
            return Ok(out);
        }
        match (s, t) {
            (X::R(r), X::R(tr)) => out.push(Item::Plain(i!(
                op_code(op, byte, Form::RmReg).unwrap(),
                *tr,
                *r
            ))),
            (X::R(r), X::M(m)) => out.push(Item::Plain(i!(
                op_code(op, byte, Form::RmReg).unwrap(),
                *m,
                *r
            ))),
            (X::M(m), X::R(tr)) => {
                if op == Op2::Bit {
                    out.push(Item::Plain(i!(
                        op_code(op, byte, Form::RmReg).unwrap(),
                        *m,
                        *tr
                    )));
                } else {
                    out.push(Item::Plain(i!(
                        op_code(op, byte, Form::RegRm).unwrap(),
                        *tr,
                        *m
                    )));
                }
            }
            (X::I(v), target) => {
                let code = op_code(op, byte, Form::RmImm).unwrap();
                let v = if byte { (*v & 0xFF) as u32 } else { *v as u32 };
                let short = (!byte)
                    .then(|| short_imm(code))
                    .flatten()
                    .filter(|_| (v as u16 as i16) >= -128 && (v as u16 as i16) < 128);
                let ins = match (target, short) {
                    (X::R(r), Some(c)) => i!(c, *r, v as u16 as i16 as i32),
                    (X::M(m), Some(c)) => i!(c, *m, v as u16 as i16 as i32),
                    (X::R(r), None) => {
                        if op == Op2::Mov && !byte {
                            i!(Code::Mov_r16_imm16, *r, v)
                        } else if op == Op2::Mov {
                            i!(Code::Mov_r8_imm8, *r, v)
                        } else {
                            i!(code, *r, v)
                        }
                    }
                    (X::M(m), None) => i!(code, *m, v),
                    _ => return Err("constant to constant".into()),
                };
                out.push(Item::Plain(ins));
            }
            (X::L(l), target) => {
                if byte {
                    return Err("a byte of an address".into());
                }
                let code = op_code(op, false, Form::RmImm).unwrap();
                let ins = match target {
                    X::R(r) if op == Op2::Mov => i!(Code::Mov_r16_imm16, *r, 0u32),
                    X::R(r) => i!(code, *r, 0u32),
                    X::M(m) => i!(code, *m, 0u32),
                    _ => return Err("constant to constant".into()),
                };
                out.push(Item::WithAddress(ins, l.clone()));
            }
            (X::M(_), X::M(_)) => return Err("memory to memory".into()),
            (_, X::I(_) | X::L(_)) => return Err("a constant destination".into()),
        }
        Ok(out)
    }

    /// A constant operand's shorter forms, where the flags they differ in
    /// are not read: INC/DEC leave CF (and two of them give another OF than
    /// one ADD of 2), XOR clears the flags a MOV keeps, TEST r,r is CMP r,0
    /// exactly, AND/OR of a word of memory with 0/-1 is MOV's 0/FFFFh in a
    /// byte less. True where one went to `out`.
    fn short_form(
        &mut self,
        op: Op2,
        byte: bool,
        v: u16,
        t: &X,
        live: FlagSet,
        out: &mut Vec<Item>,
    ) -> R<bool> {
        let (inc, dec, xor, test) = if byte {
            (
                Code::Inc_rm8,
                Code::Dec_rm8,
                Code::Xor_r8_rm8,
                Code::Test_rm8_r8,
            )
        } else {
            (
                Code::Inc_rm16,
                Code::Dec_rm16,
                Code::Xor_r16_rm16,
                Code::Test_rm16_r16,
            )
        };
        let v = if byte { v & 0xFF } else { v };
        let minus = |k: u16| {
            if byte {
                (0x100 - k) & 0xFF
            } else {
                k.wrapping_neg()
            }
        };
        let step = match (op, v) {
            (Op2::Add, 1) | (Op2::Sub, _) if op == Op2::Add || v == minus(1) => Some((inc, 1)),
            (Op2::Add, _) | (Op2::Sub, 1)
                if (op == Op2::Add && v == minus(1)) || (op == Op2::Sub && v == 1) =>
            {
                Some((dec, 1))
            }
            (Op2::Add, 2) => Some((inc, 2)),
            (Op2::Sub, _) if v == minus(2) => Some((inc, 2)),
            (Op2::Add, _) if v == minus(2) => Some((dec, 2)),
            (Op2::Sub, 2) => Some((dec, 2)),
            _ => None,
        };
        let step = step.filter(|&(_, n)| live & flags::C == 0 && (n == 1 || live == 0));
        let reg = if let X::R(r) = t { Some(*r) } else { None };
        // Two INCs of memory are longer than one ADD.
        let step = step.filter(|&(_, n)| n == 1 || reg.is_some());
        if let Some((code, n)) = step {
            for _ in 0..n {
                out.push(Item::Plain(match t {
                    X::R(r) => {
                        let c = match (code, byte) {
                            (Code::Inc_rm16, false) => Code::Inc_r16,
                            (Code::Dec_rm16, false) => Code::Dec_r16,
                            (c, _) => c,
                        };
                        i!(c, *r)
                    }
                    X::M(m) => i!(code, *m),
                    _ => return Err("a constant destination".into()),
                }));
            }
            self.carry = Carry::Unknown;
            return Ok(true);
        }
        // A word of memory made 0 or FFFFh where no flag is read after: AND
        // or OR with a sign-extended byte, a byte shorter than MOV's imm16.
        if let (X::M(m), Op2::Mov, false, 0, 0 | 0xFFFF) = (t, op, byte, live, v) {
            out.push(Item::Plain(if v == 0 {
                i!(Code::And_rm16_imm8, *m, 0)
            } else {
                i!(Code::Or_rm16_imm8, *m, -1)
            }));
            self.carry = Carry::Unknown;
            return Ok(true);
        }
        if let (Some(r), 0) = (reg, v) {
            if op == Op2::Mov && live == 0 {
                out.push(Item::Plain(i!(xor, r, r)));
                return Ok(true);
            }
            if op == Op2::Cmp {
                out.push(Item::Plain(i!(test, r, r)));
                return Ok(true);
            }
        }
        Ok(false)
    }
}
