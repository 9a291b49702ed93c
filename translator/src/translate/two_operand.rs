//! The two-operand instructions: branches and returns, pops, SP
//! arithmetic, then the ALU operations with their operands made ready.

use iced_x86::{Code, Instruction, Register};

use super::x86::{X, low, mem_base, reads_sp, short_imm};
use super::{AX_STANDIN, Carry, FunctionTranslator, R};
use crate::decoded::Decoded;
use crate::emit::Item;
use crate::flags::{self, FlagSet};
use crate::msp430::{Op2, Operand, PC, SP, SR};
impl FunctionTranslator<'_> {
    /// A two-operand instruction: a branch or return (to PC), the status
    /// register's (to SR), a pop, SP arithmetic, or an operation on data
    /// ([`Self::operation`]), its source first put in AX where it is SP or
    /// SR as data, or where both operands want BP.
    pub(super) fn two(
        &mut self,
        op: Op2,
        byte: bool,
        src: Operand,
        dst: Operand,
        d: &Decoded,
        live: FlagSet,
    ) -> R<()> {
        if dst == Operand::Reg(PC) {
            return self.branch_or_return(op, src, d);
        }
        if dst == Operand::Reg(SR) {
            return self.status_register(op, byte, src);
        }
        if src == Operand::Reg(SP) && self.bias != 0 && self.depth == 0 {
            self.stack_pointer_into_ax()?;
            return self.two_from_ax(op, byte, dst, d, live);
        }
        if src == Operand::Reg(SR) {
            // `bic r2, rX` with no flag read after: AND with C's complement
            // where SBB gives that as it is.
            let complement_wanted = op == Op2::Bic && live == 0;
            let op = if self.status_register_into_ax(d, live, complement_wanted)? {
                Op2::And
            } else {
                op
            };
            return self.two_from_ax(op, byte, dst, d, live);
        }
        // pop
        if self.release.contains(&d.address) {
            // An epilogue dropping a frame slot's register (AX is free), or
            // nothing: the ADD for the locals did.
            if !self.merged {
                self.put(i!(Code::Pop_r16, Register::AX));
                self.sp_moves(2);
            }
            return Ok(());
        }
        if op == Op2::Mov && src == Operand::PostInc(SP) {
            return self.pop(byte, dst);
        }
        if dst == Operand::Reg(SP) {
            return self.stack_arithmetic(op, src, d);
        }
        if let Operand::PostInc(r) = src {
            let uses = |o: Operand| matches!(o, Operand::Reg(x) | Operand::Indexed(x, _) | Operand::PostInc(x) if x == r);
            if uses(dst) {
                return Err("@Rn+ with Rn in the destination".into());
            }
        }
        if self.operands_both_want_bp(src, dst) && !self.sr_in_ax {
            self.source_into_ax(byte, src, d, live)?;
            return self.two_from_ax(op, byte, dst, d, live);
        }
        self.operation(d, op, byte, src, dst, live)
    }

    /// The same instruction with its source in AX (SR or SP as data, or a
    /// source read first), which [`Self::operand`] gives for `AX_STANDIN`.
    fn two_from_ax(
        &mut self,
        op: Op2,
        byte: bool,
        dst: Operand,
        d: &Decoded,
        live: FlagSet,
    ) -> R<()> {
        self.sr_in_ax = true;
        let result = self.two(op, byte, Operand::Reg(AX_STANDIN), dst, d, live);
        self.sr_in_ax = false;
        result
    }

    /// `mov src, pc`: a return (`@SP+`), a jump to a label, or an indirect
    /// jump through a register or memory.
    fn branch_or_return(&mut self, op: Op2, src: Operand, d: &Decoded) -> R<()> {
        if op != Op2::Mov {
            return Err("arithmetic on PC".into());
        }
        self.carry = Carry::Unknown;
        if src == Operand::PostInc(SP) {
            if self.saves_bp {
                self.put(i!(Code::Pop_r16, Register::BP));
            }
            self.put(i!(Code::Retnw));
            return Ok(());
        }
        let mut pre = Vec::new();
        let x = self.operand(src, &d.src_target, false, &mut pre)?;
        for i in pre {
            self.put(i);
        }
        match x {
            X::L(l) => self.out.push(Item::Branch(None, l)),
            X::R(r) => self.put(i!(Code::Jmp_rm16, r)),
            X::M(m) => self.put(i!(Code::Jmp_rm16, m)),
            X::I(_) => return Err("a jump to a constant address".into()),
        }
        Ok(())
    }

    /// SP as data in a function without locals that saves BP: AX gets the
    /// address it stands for.
    fn stack_pointer_into_ax(&mut self) -> R<()> {
        // SP as data is the address of a local where there are locals
        // (the 8086's lie where the MSP430's do relative to SP); without
        // any it points at the return address, past the saved BP.
        let mut pre = Vec::new();
        let offset = self.frame(&mut pre)?;
        let value = self.stack_displacement(0).wrapping_sub(offset as u16);
        pre.push(i!(
            Code::Lea_r16_m,
            Register::AX,
            mem_base(Register::BP, value)
        ));
        for i in pre {
            self.put(i);
        }
        Ok(())
    }

    /// A pop (`mov @sp+, dst`): a word into a register or memory.
    fn pop(&mut self, byte: bool, dst: Operand) -> R<()> {
        let mut pre = Vec::new();
        let x = self.operand(dst, &None, false, &mut pre)?;
        if !pre.is_empty() {
            return Err("pop to memory through a base".into());
        }
        match x {
            X::R(r) if !byte => self.put(i!(Code::Pop_r16, r)),
            X::M(m) if !byte => self.put(i!(Code::Pop_rm16, m)),
            _ => return Err("pop.b".into()),
        }
        self.sp_moves(2);
        Ok(())
    }

    /// SP plus or minus a constant (with the frame slots' room where it is
    /// made or dropped with the locals').
    fn stack_arithmetic(&mut self, op: Op2, src: Operand, d: &Decoded) -> R<()> {
        let v = match (op, src) {
            (Op2::Add | Op2::Sub, Operand::Imm(v)) => v,
            _ => return Err("SP changed other than by a constant".into()),
        };
        // The frame slots' room made or dropped with the locals'.
        let v = v.wrapping_add(self.sp_extra.get(&d.address).copied().unwrap_or(0) as u16);
        let code = if op == Op2::Add {
            Code::Add_rm16_imm16
        } else {
            Code::Sub_rm16_imm16
        };
        let ins = if (v as i16 as i32) >= -128 && (v as i16 as i32) < 128 {
            i!(short_imm(code).unwrap(), Register::SP, v as i16 as i32)
        } else {
            i!(code, Register::SP, v as u32)
        };
        // ADD/SUB on SP set the flags on both machines alike.
        self.put(ins);
        self.sp_moves(if op == Op2::Add {
            v as i16
        } else {
            (v as i16).wrapping_neg()
        });
        self.carry = if op == Op2::Add {
            Carry::Same
        } else {
            Carry::Inverted
        };
        Ok(())
    }

    /// The operands want BP for different things (a copy of SP, a copied
    /// base): the source goes to AX first.
    fn operands_both_want_bp(&self, src: Operand, dst: Operand) -> bool {
        let sp_src = self.uses_frame(src);
        let sp_dst = self.uses_frame(dst);
        let (src_temp, dst_temp) = (
            self.needs_temporary_base(src),
            self.needs_temporary_base(dst),
        );
        (src_temp && (sp_dst || dst_temp)) || (dst_temp && sp_src)
    }

    /// The source (memory) read into AX or AL, `@Rn+`'s increment after it.
    fn source_into_ax(&mut self, byte: bool, src: Operand, d: &Decoded, live: FlagSet) -> R<()> {
        let mut pre = Vec::new();
        let x = self.operand(src, &d.src_target, false, &mut pre)?;
        let X::M(m) = x else {
            return Err("source in AX".into());
        };
        pre.push(if byte {
            i!(Code::Mov_r8_rm8, Register::AL, m)
        } else {
            i!(Code::Mov_r16_rm16, Register::AX, m)
        });
        self.guarded(pre, live != 0)?;
        if let Operand::PostInc(r) = src {
            let mut post = Vec::new();
            self.post_increment(r, if byte { 1 } else { 2 }, &mut post)?;
            self.guarded(post, live != 0)?;
        }
        Ok(())
    }

    /// `t = t op s` on data: the operands made ready (bytes, BIC's
    /// complement, memory to memory through AX), the operation, the result
    /// stored back and its high byte cleared where that matters, all kept
    /// from the live flags where the operation does not set them.
    fn operation(
        &mut self,
        d: &Decoded,
        op: Op2,
        byte: bool,
        src: Operand,
        dst: Operand,
        live: FlagSet,
    ) -> R<()> {
        let byte = byte && !self.byte_as_word(op, src, dst, d, live);
        let sp_src = self.uses_frame(src);
        let sp_dst = self.uses_frame(dst);
        let mut pre = Vec::new();
        let s = self.operand(src, &d.src_target, sp_dst, &mut pre)?;
        let t = self.operand(dst, &d.dst_target, sp_src, &mut pre)?;
        let reads_carry = matches!(op, Op2::Addc | Op2::Subc);
        let writes_flags = !matches!(op, Op2::Mov | Op2::Bic | Op2::Bis);
        self.guarded(pre, live != 0 && !writes_flags || reads_carry)?;
        let mut body: Vec<Item> = Vec::new();
        let stores = !matches!(op, Op2::Cmp | Op2::Bit);
        // Memory to memory goes through AX (or AL).
        let acc = if byte { Register::AL } else { Register::AX };
        let high_matters = match dst {
            Operand::Reg(r) => self.high_live & (1 << r) != 0,
            _ => false,
        };
        let ByteOperands {
            mut s8,
            t8,
            via_ax,
            spilled_bx,
        } = byte_operands(op, byte, stores, high_matters, &s, &t, &mut body)?;
        // BIC: AND with the complement.
        let mut op = op;
        if op == Op2::Bic {
            s8 = match self.dead_source_register(byte, src, dst) {
                // Complemented in place: nothing reads it after.
                Some(r) => {
                    body.push(Item::Plain(i!(Code::Not_rm16, r)));
                    s8
                }
                None => complement(byte, s8, &t8, &mut body)?,
            };
            op = Op2::And;
        }
        if matches!((&s8, &t8), (X::M(_), X::M(_))) {
            if let X::M(m) = &s8 {
                body.push(Item::Plain(i!(
                    if byte {
                        Code::Mov_r8_rm8
                    } else {
                        Code::Mov_r16_rm16
                    },
                    acc,
                    *m
                )));
            }
            s8 = X::R(acc);
        }
        if matches!(t8, X::I(_) | X::L(_)) {
            return Err("a constant destination".into());
        }
        let core = self.alu(op, byte, &s8, &t8, live)?;
        body.extend(core);
        store_byte_result(byte, stores, high_matters, &via_ax, &t8, &mut body)?;
        if spilled_bx {
            body.push(Item::Plain(i!(Code::Pop_r16, Register::BX)));
        }
        self.emit_body(body, !writes_flags && live != 0)?;
        if writes_flags {
            self.carry = match op {
                Op2::Add | Op2::Addc => Carry::Same,
                Op2::Sub | Op2::Subc | Op2::Cmp => Carry::Inverted,
                _ => Carry::NotZero,
            };
            if op == Op2::Xor && live & flags::V != 0 {
                return Err("XOR's V read".into());
            }
        }
        let mut post = Vec::new();
        if let Operand::PostInc(r) = src {
            self.post_increment(r, if byte { 1 } else { 2 }, &mut post)?;
        }
        self.guarded(post, live != 0)?;
        Ok(())
    }

    /// BIC's word source where it may be complemented in place: a
    /// register that lives in an 8086 register, is not read after and is
    /// not named by the destination.
    fn dead_source_register(&self, byte: bool, src: Operand, dst: Operand) -> Option<Register> {
        let Operand::Reg(r) = src else {
            return None;
        };
        let named = match dst {
            Operand::Reg(x) | Operand::Indexed(x, _) | Operand::PostInc(x) => x == r,
            _ => false,
        };
        let read_after = self
            .live_registers
            .get(self.at)
            .is_none_or(|live| live & 1 << r != 0);
        match self.homes[r as usize] {
            super::Home::Reg(x)
                if !byte && !named && !read_after && !matches!(r, PC | SP | SR | AX_STANDIN) =>
            {
                Some(x)
            }
            _ => None,
        }
    }

    /// A byte operation on SI or DI (which have no byte halves) that may
    /// work on the whole word: its high byte is not read after, no flag is,
    /// and the source is a register or a constant. The word operation's low
    /// byte is the byte operation's (carries only go up): one instruction
    /// where AL's way takes three.
    fn byte_as_word(
        &self,
        op: Op2,
        src: Operand,
        dst: Operand,
        d: &Decoded,
        live: FlagSet,
    ) -> bool {
        let Operand::Reg(t) = dst else {
            return false;
        };
        let in_si_or_di = matches!(
            self.homes[t as usize],
            super::Home::Reg(Register::SI | Register::DI)
        );
        let word_source = match src {
            Operand::Reg(AX_STANDIN) => self.sr_in_ax,
            Operand::Reg(r) => !matches!(r, PC | SR | SP),
            Operand::Imm(_) => d.src_target.is_none(),
            _ => false,
        };
        in_si_or_di
            && word_source
            && live == 0
            && self.high_live & (1 << t) == 0
            && matches!(
                op,
                Op2::Mov
                    | Op2::Add
                    | Op2::Addc
                    | Op2::Sub
                    | Op2::Subc
                    | Op2::And
                    | Op2::Bic
                    | Op2::Bis
                    | Op2::Xor
            )
    }

    /// Emits an operation's instructions, wrapped in PUSHF/POPF where they
    /// change flags that `keep_flags` says are live.
    fn emit_body(&mut self, body: Vec<Item>, keep_flags: bool) -> R<()> {
        let body_clobbers = body.iter().any(|item| match item {
            Item::Plain(i) | Item::WithAddress(i, _) => i.rflags_modified() != 0,
            _ => false,
        });
        let keep = keep_flags && body_clobbers;
        if keep
            && body
                .iter()
                .any(|item| matches!(item, Item::Plain(i) | Item::WithAddress(i, _) if reads_sp(i)))
        {
            return Err("SP as data where the flags must be kept".into());
        }
        if keep {
            self.put(Instruction::with(Code::Pushfw));
        }
        self.out.extend(body.into_iter().map(|item| match item {
            Item::Plain(i) => Item::Plain(crate::emit::shorten(i)),
            other => other,
        }));
        if keep {
            self.put(Instruction::with(Code::Popfw));
        }
        Ok(())
    }
}

/// The operands of an operation in the form the 8086 takes: a byte
/// operation's low halves, a destination that goes through AX, and BX where
/// it was spilled to hold the source's low byte.
struct ByteOperands {
    s8: X,
    t8: X,
    via_ax: Option<X>,
    spilled_bx: bool,
}

/// The 8086 has no memory-to-memory form: the source goes through AX.
/// A byte destination in SI or DI works on AX and is stored back. A byte
/// result for a register that lives in memory also goes through AX: the
/// high byte's clearing is then MOV AH,0 (2 bytes), not a store of a zero
/// byte (5). Instructions that load them go to `body`.
fn byte_operands(
    op: Op2,
    byte: bool,
    stores: bool,
    high_matters: bool,
    s: &X,
    t: &X,
    body: &mut Vec<Item>,
) -> R<ByteOperands> {
    let via_ax: Option<X> = match t {
        X::R(r) if byte && low(*r).is_none() => Some(X::R(*r)),
        X::M(m) if byte && stores && high_matters => Some(X::M(*m)),
        _ => None,
    };
    let t_reg_byte_via_ax = via_ax.is_some();
    let t8 = match t {
        _ if t_reg_byte_via_ax => X::R(Register::AL),
        X::R(r) if byte => X::R(low(*r).unwrap()),
        other => other.clone(),
    };
    let mut spilled_bx = false;
    // The same SI or DI on both sides: its low byte is AL once AX holds it
    // (not for BIC, whose complement of the source goes through AH).
    let same_register =
        t_reg_byte_via_ax && op != Op2::Bic && matches!((s, t), (X::R(a), X::R(b)) if a == b);
    let mut s8 = match s {
        _ if same_register => X::R(Register::AL),
        X::R(r) if byte => match low(*r) {
            Some(l) => X::R(l),
            None => {
                if t_reg_byte_via_ax && *r == Register::SP {
                    // SP's low byte (BX cannot be spilled: that moves SP): AL,
                    // then AH, with the destination's byte in AL.
                    if !matches!(via_ax, Some(X::M(_))) {
                        return Err("SP's low byte into SI or DI".into());
                    }
                    body.push(Item::Plain(i!(
                        Code::Mov_r16_rm16,
                        Register::AX,
                        Register::SP
                    )));
                    X::R(Register::AL)
                } else if t_reg_byte_via_ax {
                    // Both in SI/DI: the source's low byte goes through BX, saved around.
                    body.push(Item::Plain(i!(Code::Push_r16, Register::BX)));
                    body.push(Item::Plain(i!(Code::Mov_r16_rm16, Register::BX, *r)));
                    spilled_bx = true;
                    X::R(Register::BL)
                } else {
                    body.push(Item::Plain(i!(Code::Mov_r16_rm16, Register::AX, *r)));
                    X::R(Register::AL)
                }
            }
        },
        other => other.clone(),
    };
    if let Some(home) = &via_ax {
        if same_register {
            let X::R(r) = home else {
                return Err("the same register in memory".into());
            };
            body.push(Item::Plain(i!(Code::Mov_r16_rm16, Register::AX, *r)));
        } else if matches!(s8, X::R(Register::AL)) {
            // The source is in AL already (it was read first): for MOV it
            // is the result; otherwise it moves to AH, the destination's
            // byte comes to AL.
            if op != Op2::Mov {
                let X::M(m) = home else {
                    return Err("AL twice".into());
                };
                body.push(Item::Plain(i!(
                    Code::Mov_r8_rm8,
                    Register::AH,
                    Register::AL
                )));
                body.push(Item::Plain(i!(Code::Mov_r8_rm8, Register::AL, *m)));
                s8 = X::R(Register::AH);
            }
        } else if op != Op2::Mov {
            body.push(Item::Plain(match home {
                X::R(r) => i!(Code::Mov_r16_rm16, Register::AX, *r),
                X::M(m) => i!(Code::Mov_r16_rm16, Register::AX, *m),
                _ => unreachable!(),
            }));
        }
    }
    Ok(ByteOperands {
        s8,
        t8,
        via_ax,
        spilled_bx,
    })
}

/// BIC's source complemented, for an AND.
fn complement(byte: bool, s8: X, t8: &X, body: &mut Vec<Item>) -> R<X> {
    let acc = if byte { Register::AL } else { Register::AX };
    let mut s8 = s8;
    match &s8 {
        X::I(v) => s8 = X::I(!v),
        X::R(Register::AH) => {
            body.push(Item::Plain(i!(Code::Not_rm8, Register::AH)));
        }
        X::R(r) if matches!(t8, X::R(Register::AL)) && *r != Register::AL => {
            // The destination is in AL: the complement goes through AH.
            body.push(Item::Plain(i!(Code::Mov_r8_rm8, Register::AH, *r)));
            body.push(Item::Plain(i!(Code::Not_rm8, Register::AH)));
            s8 = X::R(Register::AH);
        }
        X::M(m) if matches!(t8, X::R(Register::AL)) => {
            body.push(Item::Plain(i!(Code::Mov_r8_rm8, Register::AH, *m)));
            body.push(Item::Plain(i!(Code::Not_rm8, Register::AH)));
            s8 = X::R(Register::AH);
        }
        X::R(_) | X::M(_) => {
            if matches!(t8, X::R(Register::AL)) {
                return Err("bic into AL".into());
            }
            let mov = if byte {
                Code::Mov_r8_rm8
            } else {
                Code::Mov_r16_rm16
            };
            body.push(Item::Plain(match &s8 {
                X::R(r) => i!(mov, acc, *r),
                X::M(m) => i!(mov, acc, *m),
                _ => unreachable!(),
            }));
            body.push(Item::Plain(i!(
                if byte { Code::Not_rm8 } else { Code::Not_rm16 },
                acc
            )));
            s8 = X::R(acc);
        }
        X::L(_) => return Err("bic with an address".into()),
    }
    Ok(s8)
}

/// After a byte operation on a register: AX stored back where the
/// destination went through it, its high byte cleared where it matters.
fn store_byte_result(
    byte: bool,
    stores: bool,
    high_matters: bool,
    via_ax: &Option<X>,
    t8: &X,
    body: &mut Vec<Item>,
) -> R<()> {
    if let Some(home) = via_ax
        && stores
    {
        if high_matters {
            body.push(Item::Plain(i!(Code::Mov_r8_imm8, Register::AH, 0u32)));
        }
        body.push(Item::Plain(match home {
            X::R(r) => i!(Code::Mov_r16_rm16, *r, Register::AX),
            X::M(m) => i!(Code::Mov_rm16_r16, *m, Register::AX),
            _ => unreachable!(),
        }));
    } else if byte && stores && high_matters {
        match t8 {
            X::R(r) => {
                let full = match *r {
                    Register::BL => Register::BH,
                    Register::CL => Register::CH,
                    Register::DL => Register::DH,
                    _ => return Err("byte register".into()),
                };
                body.push(Item::Plain(i!(Code::Mov_r8_imm8, full, 0u32)));
            }
            X::M(m) => {
                let mut m = *m;
                m.displacement += 1;
                body.push(Item::Plain(i!(Code::Mov_rm8_imm8, m, 0u32)));
            }
            _ => {}
        }
    }
    Ok(())
}
