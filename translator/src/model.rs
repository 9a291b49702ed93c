//! A reference model of the MSP430 CPU (an interpreter), written from the
//! MSP430 family user's guide, for the tests: they run a snippet here and its
//! translation in an 8086 emulator, and compare the two.
//!
//! It models what the translated programs use: the sixteen registers (r0 PC,
//! r1 SP, r2 SR with C bit 0, Z bit 1, N bit 2, V bit 8, r3 the constant
//! generator), 64 KiB of byte-addressed memory, every two-operand operation
//! but `dadd`, `rrc`, `swpb`, `rra`, `sxt`, `push` and `call`, and the
//! jumps, in word and byte form, with every addressing mode. Instructions are
//! decoded with [`crate::msp430::decode`] (which has its own tests); their
//! meaning is the user's guide's, not the translator's:
//!
//! - a byte operation works on the low byte of a register operand, and one
//!   that writes a register clears its high byte (`mov.b` too);
//! - `@Rn+` grows Rn by 1 after a byte operation, by 2 after a word one
//!   (always 2 for SP and PC);
//! - `sub`, `subc` and `cmp` compute `dst + ~src + 1` (`+ C` for `subc`), so
//!   their carry is NOT-borrow;
//! - V: `add`/`addc`/`sub`/`subc`/`cmp` signed overflow; `and`, `bit`,
//!   `sxt`, `rra`, `rrc` clear it; `xor` sets it when both operands are
//!   negative;
//! - `and`, `bit`, `xor` and `sxt` set C when the result is not zero;
//! - `mov`, `bic`, `bis`, `swpb`, `push` and `call` leave the flags alone.
//!
//! Calls to the addresses in [`Cpu::natives`] run a Rust function instead
//! (the MSP430 libcalls and C memory routines the runtime provides).

use std::collections::{HashMap, HashSet};

use crate::msp430::{Cond, Instruction, Op1, Op2, Operand, PC, SP, SR, decode};

pub const C: u16 = 1;
pub const Z: u16 = 2;
pub const N: u16 = 4;
pub const V: u16 = 0x100;

/// A routine the model runs natively when code calls its address.
pub type Native = fn(&mut Cpu);

pub struct Cpu {
    pub regs: [u16; 16],
    pub mem: Vec<u8>,
    /// Addresses whose calls run a Rust function.
    pub natives: HashMap<u16, Native>,
    /// The stack words that return addresses were written to (they differ
    /// between the MSP430 and a translation).
    pub return_slots: HashSet<u16>,
    /// Instructions executed.
    pub steps: usize,
}

impl Default for Cpu {
    fn default() -> Self {
        Self::new()
    }
}

/// Why the model stopped.
#[derive(Debug, PartialEq, Eq)]
pub enum Stop {
    Returned,
    Error(String),
}

impl Cpu {
    pub fn new() -> Cpu {
        Cpu {
            regs: [0; 16],
            mem: vec![0; 0x10000],
            natives: HashMap::new(),
            return_slots: HashSet::new(),
            steps: 0,
        }
    }

    pub fn read_byte(&self, a: u16) -> u8 {
        self.mem[a as usize]
    }

    pub fn write_byte(&mut self, a: u16, v: u8) {
        self.mem[a as usize] = v;
    }

    /// A word access ignores the address's low bit, as on the MSP430.
    pub fn read_word(&self, a: u16) -> u16 {
        let a = a & !1;
        u16::from_le_bytes([self.mem[a as usize], self.mem[a as usize + 1]])
    }

    pub fn write_word(&mut self, a: u16, v: u16) {
        let a = a & !1;
        let [l, h] = v.to_le_bytes();
        self.mem[a as usize] = l;
        self.mem[a as usize + 1] = h;
    }

    pub fn load(&mut self, at: u16, bytes: &[u8]) {
        self.mem[at as usize..at as usize + bytes.len()].copy_from_slice(bytes);
    }

    pub fn flag(&self, f: u16) -> bool {
        self.regs[SR as usize] & f != 0
    }

    fn set_flag(&mut self, f: u16, on: bool) {
        if on {
            self.regs[SR as usize] |= f;
        } else {
            self.regs[SR as usize] &= !f;
        }
    }

    fn set_nz(&mut self, r: u16, byte: bool) {
        let (mask, sign) = if byte { (0xFF, 0x80) } else { (0xFFFF, 0x8000) };
        self.set_flag(Z, r & mask == 0);
        self.set_flag(N, r & sign != 0);
    }

    /// Pushes a word (SP - 2, then the store).
    pub fn push(&mut self, v: u16) {
        self.regs[SP as usize] = self.regs[SP as usize].wrapping_sub(2);
        self.write_word(self.regs[SP as usize], v);
    }

    pub fn pop(&mut self) -> u16 {
        let v = self.read_word(self.regs[SP as usize]);
        self.regs[SP as usize] = self.regs[SP as usize].wrapping_add(2);
        v
    }

    /// Calls `entry` with the return address `stop`, runs until the code
    /// returns there (or `limit` instructions have run).
    pub fn call(&mut self, entry: u16, stop: u16, limit: usize) -> Stop {
        self.push(stop);
        self.return_slots.insert(self.regs[SP as usize]);
        self.regs[PC as usize] = entry;
        while self.regs[PC as usize] != stop {
            if self.steps >= limit {
                return Stop::Error(format!("no return after {limit} instructions"));
            }
            if let Err(e) = self.step() {
                return Stop::Error(e);
            }
        }
        Stop::Returned
    }

    /// Where a memory operand is (None for a register or a constant).
    fn address(&self, o: Operand) -> Option<u16> {
        match o {
            Operand::Indexed(r, x) => Some(self.regs[r as usize].wrapping_add(x)),
            Operand::PostInc(r) => Some(self.regs[r as usize]),
            Operand::Abs(a) | Operand::Symbolic(a) => Some(a),
            Operand::Reg(_) | Operand::Imm(_) => None,
        }
    }

    /// An operand's value (a byte operand's in the low byte), and for `@Rn+`
    /// the increment.
    fn value(&mut self, o: Operand, byte: bool) -> u16 {
        let v = match o {
            Operand::Reg(r) => self.regs[r as usize],
            Operand::Imm(v) => v,
            _ => {
                let a = self.address(o).unwrap();
                if byte {
                    self.read_byte(a) as u16
                } else {
                    self.read_word(a)
                }
            }
        };
        if let Operand::PostInc(r) = o {
            let step = if byte && r != SP && r != PC { 1 } else { 2 };
            self.regs[r as usize] = self.regs[r as usize].wrapping_add(step);
        }
        if byte { v & 0xFF } else { v }
    }

    /// Writes a result to a destination whose address (if memory) was
    /// computed before the operation.
    fn store(&mut self, o: Operand, at: Option<u16>, byte: bool, v: u16) -> Result<(), String> {
        match (o, at) {
            (Operand::Reg(3), _) => Ok(()),
            (Operand::Reg(r), _) => {
                self.regs[r as usize] = if byte { v & 0xFF } else { v };
                Ok(())
            }
            (_, Some(a)) => {
                if byte {
                    self.write_byte(a, v as u8);
                } else {
                    self.write_word(a, v);
                }
                Ok(())
            }
            _ => Err(format!("store to {o:?}")),
        }
    }

    /// Executes one instruction.
    pub fn step(&mut self) -> Result<(), String> {
        let pc = self.regs[PC as usize];
        if let Some(native) = self.natives.get(&pc).copied() {
            native(self);
            self.regs[PC as usize] = self.pop();
            self.steps += 1;
            return Ok(());
        }
        let (instruction, len) = decode(&self.mem[pc as usize..], pc)
            .map_err(|e| format!("{pc:#06x}: cannot decode: {e:?}"))?;
        self.steps += 1;
        // PC points past the instruction (and its extension words) while it runs.
        self.regs[PC as usize] = pc.wrapping_add(len as u16);
        match instruction {
            Instruction::Jump { cond, target } => {
                let (c, z, n, v) = (self.flag(C), self.flag(Z), self.flag(N), self.flag(V));
                let taken = match cond {
                    Cond::Ne => !z,
                    Cond::Eq => z,
                    Cond::Nc => !c,
                    Cond::C => c,
                    Cond::N => n,
                    Cond::Ge => n == v,
                    Cond::L => n != v,
                    Cond::Always => true,
                };
                if taken {
                    self.regs[PC as usize] = target;
                }
                Ok(())
            }
            Instruction::Two { op, byte, src, dst } => self.two(op, byte, src, dst),
            Instruction::One { op, byte, dst } => self.one(op, byte, dst),
        }
    }

    fn two(&mut self, op: Op2, byte: bool, src: Operand, dst: Operand) -> Result<(), String> {
        let (mask, sign): (u32, u32) = if byte { (0xFF, 0x80) } else { (0xFFFF, 0x8000) };
        let s = self.value(src, byte) as u32;
        let at = self.address(dst);
        let d = match dst {
            Operand::Reg(r) => self.regs[r as usize] as u32 & mask,
            _ => {
                let a = at.ok_or_else(|| format!("destination {dst:?}"))?;
                if byte {
                    self.read_byte(a) as u32
                } else {
                    self.read_word(a) as u32
                }
            }
        };
        let carry = self.flag(C) as u32;
        // dst + b + c with C, Z, N, V.
        let arith = |cpu: &mut Cpu, b: u32, c: u32| -> u16 {
            let r = d + b + c;
            cpu.set_flag(C, r > mask);
            cpu.set_flag(V, (!(d ^ b) & (d ^ r)) & sign != 0);
            cpu.set_nz(r as u16, byte);
            (r & mask) as u16
        };
        let logic = |cpu: &mut Cpu, r: u32, v: bool| -> u16 {
            cpu.set_nz(r as u16, byte);
            cpu.set_flag(C, r & mask != 0);
            cpu.set_flag(V, v);
            r as u16
        };
        let result = match op {
            Op2::Mov => Some(s as u16),
            Op2::Add => Some(arith(self, s, 0)),
            Op2::Addc => Some(arith(self, s, carry)),
            Op2::Sub => Some(arith(self, !s & mask, 1)),
            Op2::Subc => Some(arith(self, !s & mask, carry)),
            Op2::Cmp => {
                arith(self, !s & mask, 1);
                None
            }
            Op2::Bit => {
                logic(self, d & s, false);
                None
            }
            Op2::And => Some(logic(self, d & s, false)),
            Op2::Xor => Some(logic(self, d ^ s, d & s & sign != 0)),
            Op2::Bic => Some((d & !s & mask) as u16),
            Op2::Bis => Some(((d | s) & mask) as u16),
            Op2::Dadd => return Err("dadd is not modelled".into()),
        };
        match result {
            Some(r) => self.store(dst, at, byte, r),
            None => Ok(()),
        }
    }

    fn one(&mut self, op: Op1, byte: bool, dst: Operand) -> Result<(), String> {
        let sign: u16 = if byte { 0x80 } else { 0x8000 };
        match op {
            Op1::Push => {
                // The operand is read first (its address with the old SP).
                let v = self.value(dst, byte);
                self.regs[SP as usize] = self.regs[SP as usize].wrapping_sub(2);
                let sp = self.regs[SP as usize];
                if byte {
                    self.write_byte(sp, v as u8);
                } else {
                    self.write_word(sp, v);
                }
                Ok(())
            }
            Op1::Call => {
                let target = self.value(dst, false);
                let ret = self.regs[PC as usize];
                self.push(ret);
                self.return_slots.insert(self.regs[SP as usize]);
                self.regs[PC as usize] = target;
                Ok(())
            }
            Op1::Reti => Err("reti is not modelled".into()),
            Op1::Rrc | Op1::Rra | Op1::Swpb | Op1::Sxt => {
                let at = self.address(dst);
                let x = self.value(dst, byte);
                let r = match op {
                    Op1::Rrc => {
                        let r = (x >> 1) | if self.flag(C) { sign } else { 0 };
                        self.set_flag(C, x & 1 != 0);
                        self.set_flag(V, false);
                        self.set_nz(r, byte);
                        r
                    }
                    Op1::Rra => {
                        let r = (x >> 1) | (x & sign);
                        self.set_flag(C, x & 1 != 0);
                        self.set_flag(V, false);
                        self.set_nz(r, byte);
                        r
                    }
                    Op1::Swpb => x.swap_bytes(),
                    _ => {
                        let r = x as u8 as i8 as i16 as u16;
                        self.set_nz(r, false);
                        self.set_flag(C, r != 0);
                        self.set_flag(V, false);
                        r
                    }
                };
                // @Rn+ as a one-operand destination: the memory it read.
                let byte = byte && !matches!(op, Op1::Swpb | Op1::Sxt);
                self.store(dst, at, byte, r)
            }
        }
    }
}

/// The libcalls and C routines the 8086 runtime provides, as the MSP430 ABI
/// defines them (arguments r12, r13, r14, r15; result r12, r13:r12 for 32
/// bits), with the names the translator's relocations use.
pub fn natives() -> Vec<(&'static str, Native)> {
    fn r(c: &Cpu, n: usize) -> u16 {
        c.regs[n]
    }
    fn l(c: &Cpu, lo: usize) -> u32 {
        c.regs[lo] as u32 | (c.regs[lo + 1] as u32) << 16
    }
    fn set32(c: &mut Cpu, v: u32) {
        c.regs[12] = v as u16;
        c.regs[13] = (v >> 16) as u16;
    }
    vec![
        ("memcpy", |c| {
            let (d, s, n) = (r(c, 12), r(c, 13), r(c, 14));
            for i in 0..n {
                let b = c.read_byte(s.wrapping_add(i));
                c.write_byte(d.wrapping_add(i), b);
            }
        }),
        ("memmove", |c| {
            let (d, s, n) = (r(c, 12) as usize, r(c, 13) as usize, r(c, 14) as usize);
            c.mem.copy_within(s..s + n, d);
        }),
        ("memset", |c| {
            let (d, v, n) = (r(c, 12), r(c, 13), r(c, 14));
            for i in 0..n {
                c.write_byte(d.wrapping_add(i), v as u8);
            }
        }),
        ("memcmp", |c| {
            let (a, b, n) = (r(c, 12), r(c, 13), r(c, 14));
            let mut result = 0u16;
            for i in 0..n {
                let (x, y) = (c.read_byte(a + i), c.read_byte(b + i));
                if x != y {
                    result = (x as u16).wrapping_sub(y as u16);
                    break;
                }
            }
            c.regs[12] = result;
        }),
        ("__mspabi_mpyi", |c| {
            c.regs[12] = r(c, 12).wrapping_mul(r(c, 13))
        }),
        ("__mspabi_mpysl", |c| {
            let v = (r(c, 12) as i16 as i32) * (r(c, 13) as i16 as i32);
            set32(c, v as u32)
        }),
        ("__mspabi_mpyul", |c| {
            let v = r(c, 12) as u32 * r(c, 13) as u32;
            set32(c, v)
        }),
        ("__mspabi_mpyl", |c| {
            let v = l(c, 12).wrapping_mul(l(c, 14));
            set32(c, v)
        }),
        ("__mspabi_divu", |c| c.regs[12] = r(c, 12) / r(c, 13)),
        ("__mspabi_remu", |c| c.regs[12] = r(c, 12) % r(c, 13)),
        ("__mspabi_divi", |c| {
            c.regs[12] = (r(c, 12) as i16).wrapping_div(r(c, 13) as i16) as u16
        }),
        ("__mspabi_remi", |c| {
            c.regs[12] = (r(c, 12) as i16).wrapping_rem(r(c, 13) as i16) as u16
        }),
        ("__mspabi_divul", |c| {
            let v = l(c, 12) / l(c, 14);
            set32(c, v)
        }),
        ("__mspabi_remul", |c| {
            let v = l(c, 12) % l(c, 14);
            set32(c, v)
        }),
        ("__mspabi_slli", |c| {
            c.regs[12] = r(c, 12) << (r(c, 13) & 15)
        }),
        ("__mspabi_srli", |c| {
            c.regs[12] = r(c, 12) >> (r(c, 13) & 15)
        }),
        ("__mspabi_srai", |c| {
            c.regs[12] = ((r(c, 12) as i16) >> (r(c, 13) & 15)) as u16
        }),
        ("__mspabi_slll", |c| {
            let v = l(c, 12) << (r(c, 14) & 31);
            set32(c, v)
        }),
        ("__mspabi_srll", |c| {
            let v = l(c, 12) >> (r(c, 14) & 31);
            set32(c, v)
        }),
        ("__mspabi_sral", |c| {
            let v = (l(c, 12) as i32) >> (r(c, 14) & 31);
            set32(c, v as u32)
        }),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(words: &[u16], regs: &[(usize, u16)]) -> Cpu {
        let mut c = Cpu::new();
        let code: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        c.load(0xC000, &code);
        c.regs[SP as usize] = 0x8000;
        for &(r, v) in regs {
            c.regs[r] = v;
        }
        assert_eq!(c.call(0xC000, 0xFFF0, 1000), Stop::Returned);
        c
    }

    #[test]
    fn sub_carry_is_not_borrow() {
        // sub r13, r12 ; ret
        let c = run(&[0x8D0C, 0x4130], &[(12, 5), (13, 3)]);
        assert_eq!(c.regs[12], 2);
        assert!(c.flag(C), "no borrow: C set");
        let c = run(&[0x8D0C, 0x4130], &[(12, 3), (13, 5)]);
        assert_eq!(c.regs[12], 0xFFFE);
        assert!(!c.flag(C) && c.flag(N));
        // cmp #0x8000, r12 with r12 = 0x7FFF: overflow
        let c = run(&[0x903C, 0x8000, 0x4130], &[(12, 0x7FFF)]);
        assert!(c.flag(V) && c.flag(N) && !c.flag(C));
    }

    #[test]
    fn byte_ops_clear_the_high_byte() {
        // add.b #1, r12 ; ret
        let c = run(&[0x535C, 0x4130], &[(12, 0x12FF)]);
        assert_eq!(c.regs[12], 0);
        assert!(c.flag(C) && c.flag(Z));
        // mov.b @r13+, r12
        let c = run(&[0x4D7C, 0x4130], &[(12, 0xFFFF), (13, 0x2001)]);
        assert_eq!(c.regs[13], 0x2002);
        assert_eq!(c.regs[12], 0);
    }

    #[test]
    fn xor_overflow_and_logic_carry() {
        // xor r13, r12
        let c = run(&[0xED0C, 0x4130], &[(12, 0x8001), (13, 0x8001)]);
        assert!(c.flag(V) && c.flag(Z) && !c.flag(C));
        // and r13, r12
        let c = run(&[0xFD0C, 0x4130], &[(12, 0x8001), (13, 0x8000)]);
        assert!(!c.flag(V) && c.flag(N) && c.flag(C));
    }

    #[test]
    fn rrc_rra_sxt() {
        // setc ; rrc r12
        let c = run(&[0xD312, 0x100C, 0x4130], &[(12, 3)]);
        assert_eq!(c.regs[12], 0x8001);
        assert!(c.flag(C));
        // rra.b r12
        let c = run(&[0x114C, 0x4130], &[(12, 0x1280)]);
        assert_eq!(c.regs[12], 0xC0);
        // sxt r12
        let c = run(&[0x118C, 0x4130], &[(12, 0x1280)]);
        assert_eq!(c.regs[12], 0xFF80);
        assert!(c.flag(C) && c.flag(N));
    }
}
