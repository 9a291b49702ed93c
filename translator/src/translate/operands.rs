//! MSP430 operands as 8086 operands: registers through their homes, memory
//! through a base the 8086 can address, `@Rn+`'s increment, and PUSHF/POPF
//! around what would change live flags.

use iced_x86::{Code, Instruction, MemoryOperand, Register};

use super::homes::Home;
use super::x86::{X, is_base, mem_at, mem_base, reads_sp};
use super::{AX_STANDIN, FunctionTranslator, R};
use crate::decoded::Target;
use crate::emit::Label;
use crate::msp430::{Operand, PC, Reg, SP, SR};

impl FunctionTranslator<'_> {
    /// The memory an MSP430 memory operand names; instructions that set up a
    /// base go to `pre`. `sp_in_use`: the other operand is `X(SP)` (BP is taken).
    pub(super) fn memory(
        &mut self,
        reg: Reg,
        disp: u16,
        sp_in_use: bool,
        pre: &mut Vec<Instruction>,
    ) -> R<MemoryOperand> {
        if reg == SP {
            let offset = self.frame(pre)?;
            let disp = self.stack_displacement(disp);
            return Ok(mem_base(Register::BP, disp.wrapping_sub(offset as u16)));
        }
        if reg == PC || reg == SR {
            return Err("a memory operand based on PC or SR".into());
        }
        match self.homes[reg as usize] {
            Home::Reg(r) if is_base(r) => Ok(mem_base(r, disp)),
            other => {
                // The base goes to BX where r12 is dead here, or to SI or DI
                // where what lives there is (BP keeps its copy of SP), else
                // to BP.
                let base = match self.free_base {
                    Some(Register::BX) => Register::BX,
                    Some(x) if self.bp_minus_sp.is_some() => x,
                    _ => Register::BP,
                };
                if sp_in_use && base == Register::BP {
                    return Err(format!(
                        "X(r{reg}) with r{reg} in {other:?} beside an X(SP) operand"
                    ));
                }
                let load = match other {
                    Home::Reg(r) => i!(Code::Mov_r16_rm16, base, r),
                    Home::Mem(a) => i!(Code::Mov_r16_rm16, base, mem_at(a)),
                    Home::Slot(slot) => i!(Code::Mov_r16_rm16, base, self.slot(slot, pre)?),
                };
                pre.push(load);
                if base == Register::BP {
                    self.bp_minus_sp = None;
                }
                Ok(mem_base(base, disp))
            }
        }
    }

    /// An operand as an 8086 operand. `sp_in_use` as for [`Self::memory`].
    pub(super) fn operand(
        &mut self,
        o: Operand,
        target: &Option<Target>,
        sp_in_use: bool,
        pre: &mut Vec<Instruction>,
    ) -> R<X> {
        Ok(match o {
            Operand::Reg(AX_STANDIN) if self.sr_in_ax => X::R(Register::AX),
            Operand::Reg(PC) | Operand::Reg(SR) => return Err("PC or SR as data".into()),
            Operand::Reg(SP) => X::R(Register::SP),
            Operand::Reg(r) => match self.homes[r as usize] {
                Home::Reg(r) => X::R(r),
                Home::Mem(a) => X::M(mem_at(a)),
                Home::Slot(slot) => X::M(self.slot(slot, pre)?),
            },
            Operand::Imm(v) => match target {
                Some(Target::Text(t)) => X::L(Label::Text(*t)),
                Some(Target::Runtime(name)) => X::L(Label::Runtime(name.clone())),
                None => X::I(v),
            },
            Operand::Abs(a) | Operand::Symbolic(a) => {
                if target.is_some() {
                    return Err("an absolute operand in code".into());
                }
                X::M(mem_at(a))
            }
            Operand::Indexed(r, disp) => X::M(self.memory(r, disp, sp_in_use, pre)?),
            Operand::PostInc(r) => X::M(self.memory(r, 0, sp_in_use, pre)?),
        })
    }

    /// Whether an operand is read or written through BP as a copy of SP.
    pub(super) fn uses_frame(&self, o: Operand) -> bool {
        match o {
            Operand::Indexed(SP, _) | Operand::PostInc(SP) => true,
            Operand::Reg(r) => matches!(self.homes[r as usize], Home::Slot(_)),
            _ => false,
        }
    }

    /// Whether a memory operand's base must be copied to BP (its register is
    /// not one the 8086 can address through).
    pub(super) fn needs_temporary_base(&self, o: Operand) -> bool {
        match o {
            Operand::Indexed(r, _) | Operand::PostInc(r) if r != SP => {
                !matches!(self.homes[r as usize], Home::Reg(b) if is_base(b))
            }
            _ => false,
        }
    }

    /// After `@Rn+`: Rn grows by `size`, without touching the flags where possible.
    pub(super) fn post_increment(
        &mut self,
        reg: Reg,
        size: u16,
        post: &mut Vec<Instruction>,
    ) -> R<bool> {
        if reg == SP {
            post.push(i!(
                Code::Lea_r16_m,
                Register::SP,
                mem_base(Register::BP, size)
            ));
            return Err("@SP+ outside pop and ret".into());
        }
        Ok(match self.homes[reg as usize] {
            Home::Reg(r) if is_base(r) => {
                post.push(i!(Code::Lea_r16_m, r, mem_base(r, size)));
                false
            }
            Home::Reg(r) => {
                for _ in 0..size {
                    post.push(i!(Code::Inc_r16, r));
                }
                true
            }
            Home::Mem(a) => {
                post.push(i!(Code::Add_rm16_imm8, mem_at(a), size as i32));
                true
            }
            Home::Slot(slot) => {
                let m = self.slot(slot, post)?;
                post.push(i!(Code::Add_rm16_imm8, m, size as i32));
                true
            }
        })
    }

    /// Emits `part`, wrapped in PUSHF/POPF when it changes flags that are live.
    pub(super) fn guarded(&mut self, part: Vec<Instruction>, keep: bool) -> R<()> {
        let clobbers = part.iter().any(|i| i.rflags_modified() != 0);
        if keep && clobbers && part.iter().any(reads_sp) {
            return Err("SP as data where the flags must be kept".into());
        }
        if keep && clobbers {
            self.put(Instruction::with(Code::Pushfw));
            for i in part {
                self.put(i);
            }
            self.put(Instruction::with(Code::Popfw));
        } else {
            for i in part {
                self.put(i);
            }
        }
        Ok(())
    }
}
