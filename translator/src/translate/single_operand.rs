//! The single-operand instructions: CALL, PUSH, RRA, RRC, SWPB, SXT.

use iced_x86::{Code, Register};

use super::x86::{X, high, low};
use super::{Carry, FunctionTranslator, R};
use crate::decoded::{Decoded, Target};
use crate::emit::{Item, Label};
use crate::flags::{self, FlagSet};
use crate::msp430::{Op1, Operand, SP};

impl FunctionTranslator<'_> {
    pub(super) fn one(
        &mut self,
        op: Op1,
        byte: bool,
        dst: Operand,
        d: &Decoded,
        live: FlagSet,
    ) -> R<()> {
        if dst == Operand::Reg(SP) && self.bias != 0 && self.depth == 0 {
            return Err("SP as data without a frame in a function that saves BP".into());
        }
        let mut pre = Vec::new();
        match op {
            Op1::Call => {
                match dst {
                    Operand::Imm(_) => {
                        let label = match &d.src_target {
                            Some(Target::Text(t)) => Label::Text(*t),
                            Some(Target::Runtime(name)) if name == "__mspabi_mpyi" => {
                                self.multiply()?;
                                return Ok(());
                            }
                            Some(Target::Runtime(name)) => Label::Runtime(name.clone()),
                            None => return Err("a call to a constant address".into()),
                        };
                        self.out.push(Item::Call(label));
                    }
                    Operand::PostInc(r) => {
                        // The target is read, Rn grows, then the call.
                        let x = self.operand(dst, &None, false, &mut pre)?;
                        let X::M(m) = x else {
                            return Err("call operand".into());
                        };
                        pre.push(i!(Code::Mov_r16_rm16, Register::AX, m));
                        self.post_increment(r, 2, &mut pre)?;
                        for i in pre {
                            self.put(i);
                        }
                        self.put(i!(Code::Call_rm16, Register::AX));
                    }
                    _ => {
                        let x = self.operand(dst, &None, false, &mut pre)?;
                        for i in pre {
                            self.put(i);
                        }
                        match x {
                            X::R(r) => self.put(i!(Code::Call_rm16, r)),
                            X::M(m) => self.put(i!(Code::Call_rm16, m)),
                            _ => return Err("call operand".into()),
                        }
                    }
                }
                // The callee preserves BP (the calling convention), and SP is
                // back where it was.
                if self.callees_change_bp {
                    self.bp_minus_sp = None;
                }
                self.carry = Carry::Unknown;
                Ok(())
            }
            Op1::Push if self.reserve.contains(&d.address) => {
                // The prologue saving a register that lives in this very word:
                // only make room (or nothing: the SUB for the locals does).
                if !self.merged {
                    self.put(i!(Code::Push_r16, Register::AX));
                    self.sp_moves(-2);
                }
                Ok(())
            }
            Op1::Push => {
                let x = self.operand(dst, &d.src_target, false, &mut pre)?;
                self.guarded(pre, live != 0)?;
                match x {
                    X::R(r) => self.put(i!(Code::Push_r16, r)),
                    X::M(m) => {
                        self.put(i!(Code::Push_rm16, m));
                    }
                    X::I(v) => {
                        self.put(i!(Code::Mov_r16_imm16, Register::AX, v as u32));
                        self.put(i!(Code::Push_r16, Register::AX));
                    }
                    X::L(l) => {
                        self.out.push(Item::WithAddress(
                            i!(Code::Mov_r16_imm16, Register::AX, 0u32),
                            l,
                        ));
                        self.put(i!(Code::Push_r16, Register::AX));
                    }
                }
                if let Operand::PostInc(r) = dst {
                    let mut post = Vec::new();
                    self.post_increment(r, if byte { 1 } else { 2 }, &mut post)?;
                    self.guarded(post, live != 0)?;
                }
                self.sp_moves(-2);
                Ok(())
            }
            Op1::Reti => Err("reti".into()),
            Op1::Swpb | Op1::Rra | Op1::Rrc | Op1::Sxt => self.unary(op, byte, dst, d, live),
        }
    }

    /// `call #__mspabi_mpyi`: r12 *= r13, the 8086's own MUL in place of
    /// the libcall (which may change r14 and the flags too, as MUL does).
    /// Where r13 was just given a constant and is read no more, the
    /// constant goes to AX instead and MUL takes r12 where `mov r12, x`
    /// has just fetched it (`mov ax, k; mul x; mov bx, ax`: two
    /// instructions fewer).
    fn multiply(&mut self) -> R<()> {
        let r13_read_after = self
            .live_registers
            .get(self.at)
            .is_none_or(|live| live & 1 << 13 != 0);
        let constant = match self.out.last() {
            Some(Item::Plain(i))
                if !r13_read_after
                    && i.code() == Code::Mov_r16_imm16
                    && i.op0_register() == Register::CX =>
            {
                Some(i.immediate16())
            }
            _ => None,
        };
        let Some(k) = constant else {
            self.put(i!(Code::Mov_r16_rm16, Register::AX, Register::BX));
            self.put(i!(Code::Mul_rm16, Register::CX));
            self.put(i!(Code::Mov_r16_rm16, Register::BX, Register::AX));
            return Ok(());
        };
        self.out.pop();
        let fetched = match self.out.last() {
            Some(Item::Plain(load))
                if load.code() == Code::Mov_r16_rm16 && load.op0_register() == Register::BX =>
            {
                multiplier(load)
            }
            _ => None,
        };
        let factor = match fetched {
            Some(factor) => {
                self.out.pop();
                factor
            }
            None => i!(Code::Mul_rm16, Register::BX),
        };
        self.put(i!(Code::Mov_r16_imm16, Register::AX, k as u32));
        self.put(factor);
        self.put(i!(Code::Mov_r16_rm16, Register::BX, Register::AX));
        Ok(())
    }

    /// RRA, RRC, SWPB, SXT on a register or memory.
    fn unary(&mut self, op: Op1, byte: bool, dst: Operand, d: &Decoded, live: FlagSet) -> R<()> {
        let mut pre = Vec::new();
        let x = self.operand(dst, &d.src_target, false, &mut pre)?;
        let shifts_in_zero = op == Op1::Rrc && self.shr_at.take() == Some(d.address);
        let reads_carry = op == Op1::Rrc && !shifts_in_zero;
        self.guarded(pre, live != 0 || reads_carry)?;
        if reads_carry {
            match self.carry {
                Carry::Same => {}
                Carry::Inverted => self.put(i!(Code::Cmc)),
                _ => return Err("rrc with no known carry".into()),
            }
        }
        let size = if byte { 1 } else { 2 };
        let is_reg = matches!(dst, Operand::Reg(_));
        // The operand in a form the 8086 can shift: a register with a low half,
        // or memory; SI and DI go through AX.
        let (target, writeback): (X, Option<Register>) = match &x {
            X::R(r) if byte && low(*r).is_none() => {
                self.put(i!(Code::Mov_r16_rm16, Register::AX, *r));
                (X::R(Register::AX), Some(*r))
            }
            X::R(r) if op == Op1::Swpb && high(*r).is_none() => {
                self.put(i!(Code::Mov_r16_rm16, Register::AX, *r));
                (X::R(Register::AX), Some(*r))
            }
            X::R(Register::SP) => return Err("shift of SP".into()),
            _ => (x.clone(), None),
        };
        match op {
            Op1::Rra | Op1::Rrc => {
                let code = match (op, byte) {
                    (Op1::Rra, false) => Code::Sar_rm16_1,
                    (Op1::Rra, true) => Code::Sar_rm8_1,
                    (_, false) if shifts_in_zero => Code::Shr_rm16_1,
                    (_, true) if shifts_in_zero => Code::Shr_rm8_1,
                    (_, false) => Code::Rcr_rm16_1,
                    (_, true) => Code::Rcr_rm8_1,
                };
                let ins = match &target {
                    X::R(r) => i!(code, if byte { low(*r).unwrap() } else { *r }, 1u32),
                    X::M(m) => i!(code, *m, 1u32),
                    _ => return Err("shift of a constant".into()),
                };
                self.put(ins);
                if reads_carry && live & (flags::N | flags::Z) != 0 {
                    // RCR leaves SF and ZF; the MSP430's RRC sets N and Z.
                    return Err("RRC's N or Z read".into());
                }
                self.carry = Carry::Same;
                let high_matters = matches!(dst, Operand::Reg(r) if self.high_live & (1 << r) != 0);
                if byte && is_reg && high_matters {
                    self.clear_high(&target)?;
                }
            }
            Op1::Swpb => {
                if byte {
                    return Err("swpb.b".into());
                }
                match &target {
                    X::R(r) => self.put(i!(Code::Xchg_rm8_r8, high(*r).unwrap(), low(*r).unwrap())),
                    X::M(m) => {
                        self.put(i!(Code::Mov_r16_rm16, Register::AX, *m));
                        self.put(i!(Code::Xchg_rm8_r8, Register::AH, Register::AL));
                        self.put(i!(Code::Mov_rm16_r16, *m, Register::AX));
                    }
                    _ => return Err("swpb of a constant".into()),
                }
            }
            Op1::Sxt => {
                // AL sign-extended to AX; N and Z from the result, C = not Z, V = 0.
                match &target {
                    X::R(r) => match low(*r) {
                        Some(Register::AL) => {}
                        Some(l) => self.put(i!(Code::Mov_r8_rm8, Register::AL, l)),
                        None => self.put(i!(Code::Mov_r16_rm16, Register::AX, *r)),
                    },
                    X::M(m) => self.put(i!(Code::Mov_r8_rm8, Register::AL, *m)),
                    _ => return Err("sxt of a constant".into()),
                }
                self.put(i!(Code::Cbw));
                if live != 0 {
                    self.put(i!(Code::Test_rm16_r16, Register::AX, Register::AX));
                    self.carry = Carry::NotZero;
                }
                match &target {
                    X::R(Register::AX) => {}
                    X::R(r) => self.put(i!(Code::Mov_r16_rm16, *r, Register::AX)),
                    X::M(m) => self.put(i!(Code::Mov_rm16_r16, *m, Register::AX)),
                    _ => {}
                }
            }
            _ => unreachable!(),
        }
        if let Some(r) = writeback {
            self.put(i!(Code::Mov_r16_rm16, r, Register::AX));
        }
        if let Operand::PostInc(r) = dst {
            let mut post = Vec::new();
            self.post_increment(r, size, &mut post)?;
            self.guarded(post, live != 0)?;
        }
        Ok(())
    }

    /// After a byte operation on a register: its high byte is zero.
    pub(super) fn clear_high(&mut self, x: &X) -> R<()> {
        match x {
            X::R(r) => {
                let h = high(*r).ok_or("no high byte")?;
                self.put(i!(Code::Mov_r8_imm8, h, 0u32));
            }
            X::M(m) => {
                let mut m = *m;
                m.displacement += 1;
                self.put(i!(Code::Mov_rm8_imm8, m, 0u32));
            }
            _ => return Err("clear high of a constant".into()),
        }
        Ok(())
    }
}

/// `mul x` for `mov bx, x`'s operand: a register other than AX and DX (MUL
/// writes them), or memory with no index.
fn multiplier(load: &iced_x86::Instruction) -> Option<iced_x86::Instruction> {
    use iced_x86::{Instruction, MemoryOperand, OpKind};
    let mut factor = match load.op1_kind() {
        OpKind::Register if !matches!(load.op1_register(), Register::AX | Register::DX) => {
            Instruction::with1(Code::Mul_rm16, load.op1_register()).ok()?
        }
        OpKind::Memory if load.memory_index() == Register::None => {
            let memory = if load.memory_base() == Register::None {
                MemoryOperand::with_displ(load.memory_displacement64(), 2)
            } else {
                MemoryOperand::with_base_displ_size(
                    load.memory_base(),
                    load.memory_displacement64() as i16 as i64,
                    1,
                )
            };
            Instruction::with1(Code::Mul_rm16, memory).ok()?
        }
        _ => return None,
    };
    factor.set_segment_prefix(load.segment_prefix());
    Some(factor)
}
