//! The status register: as data (one bit of it without the runtime), and
//! LLVM's `clrc`, `setc` and `bit #1, sr`.

use iced_x86::{Code, ConditionCode, Instruction, Register};

use super::{Carry, FunctionTranslator, R};
use crate::decoded::Decoded;
use crate::emit::{Item, Label};
use crate::flags::FlagSet;
use crate::msp430::{Op2, Operand};

impl FunctionTranslator<'_> {
    /// The status register as data (LLVM's way to turn a flag into a
    /// value): AX gets the bits of the MSP430's SR that are read later, or
    /// all of them from the runtime. With `complement_wanted`, it may give
    /// their complement instead where that is cheaper: true where it did.
    pub(super) fn status_register_into_ax(
        &mut self,
        d: &Decoded,
        live: FlagSet,
        complement_wanted: bool,
    ) -> R<bool> {
        let demand = self
            .status_demand
            .get(&d.address)
            .copied()
            .unwrap_or(u16::MAX);
        if complement_wanted && demand == 1 && self.carry == Carry::Inverted && live == 0 {
            // -CF: bit 0 is CF, here not C.
            self.put(i!(Code::Sbb_r16_rm16, Register::AX, Register::AX));
            return Ok(true);
        }
        if !self.one_status_bit(demand, d.address, live)? {
            let routine = match self.carry {
                Carry::Inverted => "rt86_sr_inverted",
                Carry::NotZero => "rt86_sr_not_zero",
                _ => "rt86_sr",
            };
            let keep = live != 0;
            if keep {
                self.put(Instruction::with(Code::Pushfw));
            }
            self.out.push(Item::Call(Label::Runtime(routine.into())));
            if keep {
                self.put(Instruction::with(Code::Popfw));
            }
        }
        Ok(false)
    }

    /// Where at most one bit of SR is read later (`demand`): that bit, in
    /// its place in AX (the others are left as they are: nothing reads
    /// them), the flags unchanged. C in the 8086's sense is bit 0 of the
    /// 8086's flags (PUSHF; POP AX, then NOT where the sense is inverted); the
    /// other bits by a jump: `mov ax, 0; j(not) skip; mov al/ah, bit`. False
    /// where it takes the whole SR: more bits, or C where its sense is not
    /// known. Where only C may be read after (`live`), C comes from SBB
    /// instead, which keeps CF: `sbb ax, ax` is -CF (bit 0 is CF), then
    /// INC where the sense is inverted (1 - CF).
    pub(super) fn one_status_bit(&mut self, demand: u16, at: u16, live: FlagSet) -> R<bool> {
        use ConditionCode as C;
        let (skip_when, set) = match (demand, self.carry) {
            (0, _) => return Ok(true),
            (1, Carry::Same | Carry::Inverted) if live & !crate::flags::C == 0 => {
                self.put(i!(Code::Sbb_r16_rm16, Register::AX, Register::AX));
                if self.carry == Carry::Inverted {
                    self.put(i!(Code::Inc_r16, Register::AX));
                }
                return Ok(true);
            }
            (1, Carry::Same | Carry::Inverted) => {
                self.put(i!(Code::Pushfw));
                self.put(i!(Code::Pop_r16, Register::AX));
                if self.carry == Carry::Inverted {
                    self.put(i!(Code::Not_rm16, Register::AX));
                }
                return Ok(true);
            }
            (1, Carry::NotZero) => (C::e, (Register::AL, 1)),
            (2, _) => (C::ne, (Register::AL, 2)),
            (4, _) => (C::ns, (Register::AL, 4)),
            (0x100, _) => (C::no, (Register::AH, 1)),
            _ => return Ok(false),
        };
        let skip = Label::Local(0x1_0000 | at as u32);
        self.put(i!(Code::Mov_r16_imm16, Register::AX, 0));
        self.out.push(Item::Branch(Some(skip_when), skip.clone()));
        self.put(i!(Code::Mov_r8_imm8, set.0, set.1));
        self.out.push(Item::Label(skip));
        Ok(true)
    }

    /// An instruction on the status register: LLVM uses only `clrc`, `setc`
    /// and `bit #1, sr` (is C set?).
    pub(super) fn status_register(&mut self, op: Op2, byte: bool, src: Operand) -> R<()> {
        match (op, byte, src) {
            (Op2::Bic, false, Operand::Imm(1)) => self.put(i!(Code::Clc)),
            (Op2::Bis, false, Operand::Imm(1)) => self.put(i!(Code::Stc)),
            (Op2::Bit, false, Operand::Imm(1)) => {
                // Z = not C, N = V = 0, C = not Z: AX = CF, tested.
                self.canonical_carry()?;
                self.put(i!(Code::Sbb_r16_rm16, Register::AX, Register::AX));
                self.put(i!(Code::And_rm16_imm8, Register::AX, 1));
                self.carry = Carry::NotZero;
                return Ok(());
            }
            _ => return Err("the status register as a destination".into()),
        }
        self.carry = Carry::Same;
        Ok(())
    }
}
