//! The stack: BP as a copy of SP, `X(SP)` displacements past a saved BP,
//! frame slots, SP's moves, and the address of a local in one LEA.

use iced_x86::{Code, Instruction, MemoryOperand, Register};

use super::homes::Home;
use super::x86::{mem_at, mem_base};
use super::{FunctionTranslator, R};
use crate::decoded::Decoded;
use crate::emit::Item;
use crate::flags::FlagSet;
use crate::msp430::{Instruction as M, Op2, Operand, SP};

impl FunctionTranslator<'_> {
    /// Makes BP point into the stack (for an `X(SP)` operand: SP plus the
    /// function's [`Self::frame_bias`]) unless it does already; returns BP - SP.
    pub(super) fn frame(&mut self, pre: &mut Vec<Instruction>) -> R<i16> {
        if let Some(offset) = self.bp_minus_sp {
            return Ok(offset);
        }
        pre.push(i!(Code::Mov_r16_rm16, Register::BP, Register::SP));
        if self.frame_bias != 0 {
            pre.push(i!(
                Code::Lea_r16_m,
                Register::BP,
                mem_base(Register::BP, self.frame_bias as u16)
            ));
        }
        self.bp_minus_sp = Some(self.frame_bias);
        Ok(self.frame_bias)
    }

    /// `X(SP)` in the 8086's stack: the function's own frame lies where the
    /// MSP430's does relative to SP; the return address and the caller's
    /// words (stack arguments) lie `bias` bytes further up, past the saved BP.
    pub(super) fn stack_displacement(&self, disp: u16) -> u16 {
        if self.bias != 0 && disp as i16 >= -self.depth {
            disp.wrapping_add(self.bias as u16)
        } else {
            disp
        }
    }

    /// `mov sp, Rn` then `add #k, Rn` (the address of a local) where the
    /// flags are dead after the ADD and no label lies between: k, for one LEA
    /// through BP. Taken where it saves bytes: in a function whose SP is
    /// biased, and where BP is a copy of SP already or Rn lives in memory.
    pub(super) fn fold_address(
        &self,
        code: &[Decoded],
        n: usize,
        live_after: &[FlagSet],
    ) -> Option<u16> {
        let M::Two {
            op: Op2::Mov,
            byte: false,
            src: Operand::Reg(SP),
            dst: Operand::Reg(r),
        } = code[n].instruction
        else {
            return None;
        };
        let next = code.get(n + 1)?;
        let M::Two {
            op: Op2::Add,
            byte: false,
            src: Operand::Imm(k),
            dst: Operand::Reg(r2),
        } = next.instruction
        else {
            return None;
        };
        let in_register = matches!(self.homes[r as usize], Home::Reg(_));
        let worth = self.bias != 0 || self.bp_minus_sp.is_some() || !in_register;
        (r2 == r
            && next.src_target.is_none()
            && !self.labels.contains(&next.address)
            && live_after[n + 1] == 0
            && !self.adjust_before.contains_key(&code[n].address)
            && !self.adjust_after.contains_key(&code[n].address)
            && !self.adjust_before.contains_key(&next.address)
            && !self.adjust_after.contains_key(&next.address)
            && worth)
            .then_some(k)
    }

    /// `mov sp, Rn; add #k, Rn` with k at or past the return address (a stack
    /// argument's address), left unfolded: SP as data names a local, so
    /// this one would miss the saved BP. LLVM never does this in PISKRS (the
    /// build would stop).
    pub(super) fn unfolded_argument_address(&self, code: &[Decoded], n: usize) -> bool {
        let M::Two {
            op: Op2::Mov,
            src: Operand::Reg(SP),
            dst: Operand::Reg(r),
            ..
        } = code[n].instruction
        else {
            return false;
        };
        matches!(
            code.get(n + 1).map(|next| next.instruction),
            Some(M::Two { op: Op2::Add, src: Operand::Imm(k), dst: Operand::Reg(r2), .. })
                if r2 == r && k as i16 >= -self.depth
        )
    }

    /// `mov sp, Rn` plus `k` (folded from a following ADD): one LEA through
    /// BP, a copy of SP, makes the address.
    pub(super) fn address_of_stack(&mut self, d: &Decoded, k: u16) -> R<()> {
        let M::Two {
            dst: Operand::Reg(r),
            ..
        } = d.instruction
        else {
            return Err("not mov sp, Rn".into());
        };
        let mut pre = Vec::new();
        let offset = self.frame(&mut pre)?;
        let k = self.stack_displacement(k);
        let value = mem_base(Register::BP, k.wrapping_sub(offset as u16));
        match self.homes[r as usize] {
            Home::Reg(x) => pre.push(i!(Code::Lea_r16_m, x, value)),
            Home::Mem(a) => {
                pre.push(i!(Code::Lea_r16_m, Register::AX, value));
                pre.push(i!(Code::Mov_rm16_r16, mem_at(a), Register::AX));
            }
            Home::Slot(slot) => {
                pre.push(i!(Code::Lea_r16_m, Register::AX, value));
                let m = self.slot(slot, &mut pre)?;
                pre.push(i!(Code::Mov_rm16_r16, m, Register::AX));
            }
        }
        for i in pre {
            self.put(i);
        }
        Ok(())
    }

    /// SP += bytes (where the flags are dead: a prologue, before an epilogue).
    pub(super) fn adjust_sp(&mut self, bytes: i16) {
        let (code, v) = if bytes < 0 {
            (Code::Sub_rm16_imm8, -bytes)
        } else {
            (Code::Add_rm16_imm8, bytes)
        };
        let code = if v < 128 {
            code
        } else if bytes < 0 {
            Code::Sub_rm16_imm16
        } else {
            Code::Add_rm16_imm16
        };
        self.out.push(Item::Plain(
            Instruction::with2(code, Register::SP, v as i32).expect("add/sub sp, imm"),
        ));
        self.sp_moves(bytes);
    }

    /// SP moves by `delta` (a push: -2).
    pub(super) fn sp_moves(&mut self, delta: i16) {
        self.bp_minus_sp = self.bp_minus_sp.map(|o| o - delta);
    }

    /// A frame slot as memory (through BP, made a copy of SP if need be).
    pub(super) fn slot(&mut self, slot: i16, pre: &mut Vec<Instruction>) -> R<MemoryOperand> {
        let offset = self.frame(pre)?;
        Ok(mem_base(Register::BP, (slot - self.depth - offset) as u16))
    }
}
