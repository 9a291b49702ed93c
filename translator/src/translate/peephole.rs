//! What instruction-by-instruction translation leaves behind and nothing
//! needs, taken out of a function's code at the end.

use iced_x86::{Code, Instruction, Register};

use super::x86::{high, low};
use crate::emit::Item;

/// What instruction-by-instruction translation leaves behind and nothing
/// needs: `mov r, r`, `not ax` twice in a row (SR's inverted carry, then
/// BIC's complement of it), a byte set then its high byte cleared, a word
/// loaded into AX right after AX was stored there or copied from it,
/// `xchg cx, ax` twice, a shift's count loaded again, a register copied
/// again while it still holds the copy; and a word in memory
/// added to itself through AX, which one SHL does (`add rX, rX` where rX
/// lives in memory: the same C, Z, N and V).
pub(super) fn tidy(
    out: &mut Vec<Item>,
    registers: std::ops::Range<i64>,
    entered: &std::collections::HashSet<u16>,
) {
    let is_not_ax = |item: &Item| matches!(item, Item::Plain(i) if i.code() == Code::Not_rm16 && i.op0_register() == Register::AX);
    out.retain(|item| {
        !matches!(item, Item::Plain(i)
            if matches!(i.code(), Code::Mov_r16_rm16 | Code::Mov_rm16_r16)
                && i.op0_kind() == iced_x86::OpKind::Register
                && i.op1_kind() == iced_x86::OpKind::Register
                && i.op0_register() == i.op1_register())
    });
    let mut n = 0;
    while n + 1 < out.len() {
        if is_not_ax(&out[n]) && is_not_ax(&out[n + 1]) {
            out.drain(n..n + 2);
        } else if let Some(whole) = byte_then_high_zero(&out[n], &out[n + 1]) {
            out[n] = Item::Plain(whole);
            out.remove(n + 1);
        } else if let Some(shift) = word_doubled(&out[n], &out[n + 1]) {
            out[n] = Item::Plain(shift);
            out.remove(n + 1);
        } else if reloads_stored_ax(&out[n], &out[n + 1]) || copies_back(&out[n], &out[n + 1]) {
            out.remove(n + 1);
        } else if out
            .get(n + 2)
            .is_some_and(|third| reloads_count(&out[n], &out[n + 1], third))
        {
            out.remove(n + 2);
        } else if let Some((length, kept)) = carry_into_register(&out[n..]) {
            out.splice(n..n + length, kept);
        } else if swaps_back(&out[n], &out[n + 1]) {
            out.drain(n..n + 2);
            // What the two surrounded may now meet (a count loaded twice).
            n = n.saturating_sub(2);
        } else {
            n += 1;
        }
    }
    drop_copies_held(out);
    super::held::drop_loads_held(out, registers.clone(), entered);
    super::held::drop_stores_overwritten(out, registers);
}

/// `mov r, s` (two word registers, neither SP) where r and s hold the same
/// already: nothing wrote either since the last `mov r, s` or `mov s, r`,
/// no label and no control flow but a conditional jump's fall between (BX
/// as a copied base of CX, taken again for each operand).
fn drop_copies_held(out: &mut Vec<Item>) {
    let mut factory = iced_x86::InstructionInfoFactory::new();
    let mut held: Option<[Register; 2]> = None;
    out.retain(|item| {
        let Item::Plain(i) = item else {
            // Falling through a conditional jump changes nothing.
            if !matches!(item, Item::Branch(Some(_), _)) {
                held = None;
            }
            return true;
        };
        let copy = register_copy(i);
        if let (Some(pair), Some(now)) = (copy, held)
            && (pair == now || pair == [now[1], now[0]])
        {
            return false;
        }
        if i.flow_control() != iced_x86::FlowControl::Next {
            held = None;
        }
        if let Some(now) = held {
            let writes = factory.info(i).used_registers().iter().any(|used| {
                !matches!(
                    used.access(),
                    iced_x86::OpAccess::Read | iced_x86::OpAccess::CondRead
                ) && now
                    .iter()
                    .any(|r| used.register().full_register() == r.full_register())
            });
            if writes {
                held = None;
            }
        }
        if copy.is_some() {
            held = copy;
        }
        true
    });
}

/// `mov r, s` between two word registers other than SP: [r, s].
fn register_copy(i: &Instruction) -> Option<[Register; 2]> {
    let is_copy = matches!(i.code(), Code::Mov_r16_rm16 | Code::Mov_rm16_r16)
        && i.op0_kind() == iced_x86::OpKind::Register
        && i.op1_kind() == iced_x86::OpKind::Register
        && ![i.op0_register(), i.op1_register()].contains(&Register::SP);
    is_copy.then(|| [i.op0_register(), i.op1_register()])
}

/// `i` is one of `codes` with both operands registers.
fn between_registers(i: &Instruction, codes: [Code; 2]) -> bool {
    codes.contains(&i.code())
        && i.op0_kind() == iced_x86::OpKind::Register
        && i.op1_kind() == iced_x86::OpKind::Register
}

/// `mov r, ax` then `mov ax, r`: AX holds it already; and `mov r, s`
/// then `mov s, r` between byte registers.
fn copies_back(first: &Item, second: &Item) -> bool {
    let (Item::Plain(a), Item::Plain(b)) = (first, second) else {
        return false;
    };
    let is_mov = |i: &Instruction| between_registers(i, [Code::Mov_r16_rm16, Code::Mov_rm16_r16]);
    let is_byte_mov = |i: &Instruction| between_registers(i, [Code::Mov_r8_rm8, Code::Mov_rm8_r8]);
    let back = a.op0_register() == b.op1_register() && a.op1_register() == b.op0_register();
    is_mov(a) && is_mov(b) && a.op1_register() == Register::AX && back
        || is_byte_mov(a) && is_byte_mov(b) && back
}

/// `sbb ax, ax`, maybe `inc ax`, then `mov r, ax` (SR's carry as a
/// value, into r) where the next instruction writes AX without reading
/// it: `sbb r, r` (and `inc r`), the same flags. The length replaced and
/// what replaces it.
fn carry_into_register(items: &[Item]) -> Option<(usize, Vec<Item>)> {
    let plain = |n: usize| match items.get(n) {
        Some(Item::Plain(i)) => Some(*i),
        _ => None,
    };
    let is = |i: &Instruction, codes: &[Code], a: Register| {
        codes.contains(&i.code())
            && i.op0_kind() == iced_x86::OpKind::Register
            && i.op0_register() == a
            && (i.op_count() < 2
                || i.op1_kind() == iced_x86::OpKind::Register && i.op1_register() == Register::AX)
    };
    let sbb = plain(0)?;
    if !is(
        &sbb,
        &[Code::Sbb_r16_rm16, Code::Sbb_rm16_r16],
        Register::AX,
    ) {
        return None;
    }
    let inc = plain(1).filter(|i| is(i, &[Code::Inc_r16, Code::Inc_rm16], Register::AX));
    let at = 1 + inc.is_some() as usize;
    let copy = plain(at)?;
    let r = copy.op0_register();
    let to_register = matches!(
        r,
        Register::BX | Register::CX | Register::DX | Register::SI | Register::DI
    ) && is(&copy, &[Code::Mov_r16_rm16, Code::Mov_rm16_r16], r);
    let next = plain(at + 1)?;
    let overwrites_ax = match next.code() {
        Code::Mov_AX_moffs16 | Code::Mov_r16_imm16 => next.op0_register() == Register::AX,
        Code::Mov_r16_rm16 => {
            next.op0_register() == Register::AX
                && !(next.op1_kind() == iced_x86::OpKind::Register
                    && next.op1_register() == Register::AX)
        }
        _ => false,
    };
    if !to_register || !overwrites_ax {
        return None;
    }
    let mut kept = vec![Item::Plain(
        Instruction::with2(Code::Sbb_r16_rm16, r, r).ok()?,
    )];
    if inc.is_some() {
        kept.push(Item::Plain(Instruction::with1(Code::Inc_r16, r).ok()?));
    }
    Some((at + 1, kept))
}

/// `xchg r, ax` twice (CX kept in AX around a shift by CL, then around
/// the next one): nothing.
fn swaps_back(first: &Item, second: &Item) -> bool {
    let (Item::Plain(a), Item::Plain(b)) = (first, second) else {
        return false;
    };
    let pair = |i: &Instruction| between_registers(i, [Code::Xchg_r16_AX, Code::Xchg_rm16_r16]);
    let regs = |i: &Instruction| {
        let mut regs = [i.op0_register(), i.op1_register()];
        regs.sort();
        regs
    };
    pair(a) && pair(b) && regs(a) == regs(b)
}

/// `mov cl, k`, a shift by CL of something other than CX, then `mov cl,
/// k` again: CL holds k already.
fn reloads_count(first: &Item, second: &Item, third: &Item) -> bool {
    let (Item::Plain(a), Item::Plain(b), Item::Plain(c)) = (first, second, third) else {
        return false;
    };
    let loads_k =
        |i: &Instruction| i.code() == Code::Mov_r8_imm8 && i.op0_register() == Register::CL;
    let shifts_by_cl = matches!(
        b.code(),
        Code::Shl_rm16_CL
            | Code::Shr_rm16_CL
            | Code::Sar_rm16_CL
            | Code::Shl_rm8_CL
            | Code::Shr_rm8_CL
            | Code::Sar_rm8_CL
            | Code::Rol_rm16_CL
            | Code::Ror_rm16_CL
    ) && !(b.op0_kind() == iced_x86::OpKind::Register
        && matches!(b.op0_register(), Register::CX | Register::CL | Register::CH));
    loads_k(a) && loads_k(c) && shifts_by_cl && a.immediate8() == c.immediate8()
}

/// `mov bl, k` (or `xor bl, bl`) then `mov bh, 0`: one word instruction
/// (`mov bx, k`, `xor bx, bx`), with the same flags.
fn byte_then_high_zero(first: &Item, second: &Item) -> Option<Instruction> {
    let (Item::Plain(a), Item::Plain(b)) = (first, second) else {
        return None;
    };
    if b.code() != Code::Mov_r8_imm8 || b.immediate8() != 0 {
        return None;
    }
    let word = [Register::AX, Register::BX, Register::CX, Register::DX]
        .into_iter()
        .find(|&w| high(w) == Some(b.op0_register()))?;
    let low = low(word)?;
    match a.code() {
        Code::Mov_r8_imm8 if a.op0_register() == low => {
            Instruction::with2(Code::Mov_r16_imm16, word, a.immediate8() as u32).ok()
        }
        Code::Xor_r8_rm8 | Code::Xor_rm8_r8
            if a.op0_register() == low
                && a.op1_kind() == iced_x86::OpKind::Register
                && a.op1_register() == low =>
        {
            Instruction::with2(Code::Xor_r16_rm16, word, word).ok()
        }
        _ => None,
    }
}

/// The same memory operand: base, index, displacement and segment.
fn same_memory(a: &Instruction, a_op: u32, b: &Instruction, b_op: u32) -> bool {
    a.op_kind(a_op) == iced_x86::OpKind::Memory
        && b.op_kind(b_op) == iced_x86::OpKind::Memory
        && a.memory_base() == b.memory_base()
        && a.memory_index() == b.memory_index()
        && a.memory_displacement64() == b.memory_displacement64()
        && a.segment_prefix() == b.segment_prefix()
}

/// `mov ax, [m]` then `add [m], ax`: `shl word [m], 1`.
fn word_doubled(first: &Item, second: &Item) -> Option<Instruction> {
    let (Item::Plain(a), Item::Plain(b)) = (first, second) else {
        return None;
    };
    let doubled = loads_ax(a)
        && b.code() == Code::Add_rm16_r16
        && b.op1_register() == Register::AX
        && same_memory(a, 1, b, 0);
    if !doubled {
        return None;
    }
    let memory = if b.memory_base() == Register::None {
        iced_x86::MemoryOperand::with_displ(b.memory_displacement64(), 2)
    } else {
        iced_x86::MemoryOperand::with_base_displ_size(
            b.memory_base(),
            b.memory_displacement64() as i16 as i64,
            1,
        )
    };
    let mut shift = Instruction::with2(Code::Shl_rm16_1, memory, 1u32).ok()?;
    shift.set_segment_prefix(b.segment_prefix());
    (b.memory_index() == Register::None).then_some(shift)
}

/// `mov [m], ax` then `mov ax, [m]`: AX holds it already.
fn reloads_stored_ax(first: &Item, second: &Item) -> bool {
    let (Item::Plain(a), Item::Plain(b)) = (first, second) else {
        return false;
    };
    let stores_ax = a.code() == Code::Mov_moffs16_AX
        || a.code() == Code::Mov_rm16_r16 && a.op1_register() == Register::AX;
    stores_ax && loads_ax(b) && same_memory(a, 0, b, 1)
}

/// `mov ax, [m]` (either form).
fn loads_ax(i: &Instruction) -> bool {
    i.code() == Code::Mov_AX_moffs16
        || i.code() == Code::Mov_r16_rm16 && i.op0_register() == Register::AX
}

#[cfg(test)]
mod tests {
    use super::*;
    use iced_x86::MemoryOperand;

    fn plain(code: Code, a: Register, b: Register) -> Item {
        Item::Plain(Instruction::with2(code, a, b).unwrap())
    }

    fn count(k: u32) -> Item {
        Item::Plain(Instruction::with2(Code::Mov_r8_imm8, Register::CL, k).unwrap())
    }

    fn shift(code: Code, r: Register) -> Item {
        Item::Plain(Instruction::with2(code, r, Register::CL).unwrap())
    }

    /// The labels something outside reaches, as the tests' snippets have them.
    fn entered() -> std::collections::HashSet<u16> {
        [0x1236].into()
    }

    fn codes(out: &[Item]) -> Vec<String> {
        out.iter()
            .map(|item| match item {
                Item::Plain(i) => format!("{i}"),
                _ => "?".into(),
            })
            .collect()
    }

    /// `sbb ax, ax; inc ax; mov dx, ax; mov ax, [bp+4]` computes in DX
    /// (and AX, not written now, holds [bp+4] still for the next load);
    /// where AX is read next, nothing changes.
    #[test]
    fn tidy_puts_a_carry_into_its_register() {
        let sbb = || plain(Code::Sbb_r16_rm16, Register::AX, Register::AX);
        let inc = || Item::Plain(Instruction::with1(Code::Inc_r16, Register::AX).unwrap());
        let frame = MemoryOperand::with_base_displ_size(Register::BP, 4, 1);
        let load =
            || Item::Plain(Instruction::with2(Code::Mov_r16_rm16, Register::AX, frame).unwrap());
        let mut out = vec![
            sbb(),
            inc(),
            plain(Code::Mov_r16_rm16, Register::DX, Register::AX),
            load(),
            sbb(),
            plain(Code::Mov_r16_rm16, Register::SI, Register::AX),
            load(),
            sbb(),
            inc(),
            plain(Code::Mov_r16_rm16, Register::CX, Register::AX),
            plain(Code::Add_r16_rm16, Register::BX, Register::AX),
        ];
        tidy(&mut out, 0..0, &entered());
        assert_eq!(
            codes(&out),
            [
                "sbb dx,dx",
                "inc dx",
                "mov ax,[bp+4]",
                "sbb si,si",
                "sbb ax,ax",
                "inc ax",
                "mov cx,ax",
                "add bx,ax",
            ]
        );
    }

    /// `mov dl, al; mov al, dl` keeps the first; `mov dl, al; mov al, cl` both.
    #[test]
    fn tidy_drops_a_byte_copied_back() {
        let mut out = vec![
            plain(Code::Mov_r8_rm8, Register::DL, Register::AL),
            plain(Code::Mov_r8_rm8, Register::AL, Register::DL),
            plain(Code::Mov_r8_rm8, Register::AL, Register::CL),
        ];
        tidy(&mut out, 0..0, &entered());
        assert_eq!(codes(&out), ["mov dl,al", "mov al,cl"]);
    }

    /// `mov si, ax; mov ax, si` keeps the first; `xchg cx, ax` twice goes,
    /// and the count loaded again after it; what differs stays.
    #[test]
    fn tidy_drops_copies_back_swaps_back_and_counts_again() {
        let xchg = || plain(Code::Xchg_r16_AX, Register::CX, Register::AX);
        let mut out = vec![
            plain(Code::Mov_r16_rm16, Register::SI, Register::AX),
            plain(Code::Mov_r16_rm16, Register::AX, Register::SI),
            xchg(),
            count(6),
            shift(Code::Sar_rm16_CL, Register::DX),
            xchg(),
            xchg(),
            count(6),
            shift(Code::Sar_rm16_CL, Register::BX),
            xchg(),
        ];
        tidy(&mut out, 0..0, &entered());
        assert_eq!(
            codes(&out),
            [
                "mov si,ax",
                "xchg cx,ax",
                "mov cl,6",
                "sar dx,cl",
                "sar bx,cl",
                "xchg cx,ax"
            ]
        );
        let mut out = vec![
            plain(Code::Mov_r16_rm16, Register::SI, Register::AX),
            plain(Code::Mov_r16_rm16, Register::AX, Register::DI),
            count(6),
            shift(Code::Sar_rm16_CL, Register::CX),
            count(6),
            count(7),
            shift(Code::Shl_rm16_CL, Register::DX),
            count(6),
            xchg(),
            plain(Code::Xchg_r16_AX, Register::DX, Register::AX),
        ];
        let kept = codes(&out);
        tidy(&mut out, 0..0, &entered());
        assert_eq!(codes(&out), kept);
        let memory = MemoryOperand::with_base_displ_size(Register::BP, 4, 1);
        let mut out = vec![
            count(3),
            Item::Plain(Instruction::with2(Code::Shl_rm16_CL, memory, Register::CL).unwrap()),
            count(3),
        ];
        tidy(&mut out, 0..0, &entered());
        assert_eq!(codes(&out).len(), 2);
    }

    /// `mov bx, cx` again while BX and CX still hold the same goes (also
    /// `mov cx, bx`), past a conditional jump too; after a write of either
    /// (MUL's DX, a byte half), a label or an unconditional jump, it stays.
    #[test]
    fn tidy_drops_a_copy_still_held() {
        let copy = |a, b| plain(Code::Mov_r16_rm16, a, b);
        let store = |base, r| {
            let m = MemoryOperand::with_base_displ_size(base, 2, 1);
            Item::Plain(Instruction::with2(Code::Mov_rm16_r16, m, r).unwrap())
        };
        let mut out = vec![
            copy(Register::BX, Register::CX),
            store(Register::BX, Register::AX),
            copy(Register::BX, Register::CX),
            store(Register::BX, Register::DX),
            copy(Register::CX, Register::BX),
            plain(Code::Mov_r8_rm8, Register::BL, Register::AL),
            copy(Register::BX, Register::CX),
            Item::Label(crate::emit::Label::Text(0x1234)),
            copy(Register::BX, Register::CX),
            copy(Register::DX, Register::SI),
            Item::Plain(Instruction::with1(Code::Mul_rm16, Register::CX).unwrap()),
            copy(Register::DX, Register::SI),
            Item::Branch(None, crate::emit::Label::Text(0x1234)),
            copy(Register::DX, Register::SI),
            Item::Branch(
                Some(iced_x86::ConditionCode::ne),
                crate::emit::Label::Text(0x1234),
            ),
            copy(Register::DX, Register::SI),
        ];
        tidy(&mut out, 0..0, &entered());
        assert_eq!(
            codes(&out),
            [
                "mov bx,cx",
                "mov [bx+2],ax",
                "mov [bx+2],dx",
                "mov bl,al",
                "mov bx,cx",
                "?",
                "mov bx,cx",
                "mov dx,si",
                "mul cx",
                "mov dx,si",
                "?",
                "mov dx,si",
                "?",
            ]
        );
    }

    /// `mov bx, [bp+4]` goes where BX holds that word (loaded or stored
    /// there), kept after a byte stored into the word, a store through
    /// another base, a write of BX or of BP, a label; a store through BP to
    /// another word, a conditional jump and other registers change nothing.
    #[test]
    fn tidy_drops_a_word_still_held() {
        let word = |d: i64, size: u32| MemoryOperand::with_base_displ_size(Register::BP, d, size);
        let load = |d: i64| {
            Item::Plain(Instruction::with2(Code::Mov_r16_rm16, Register::BX, word(d, 1)).unwrap())
        };
        let store = |d: i64, r: Register| {
            Item::Plain(Instruction::with2(Code::Mov_rm16_r16, word(d, 1), r).unwrap())
        };
        let mut out = vec![
            store(4, Register::BX),
            load(4),
            store(6, Register::AX),
            Item::Branch(
                Some(iced_x86::ConditionCode::e),
                crate::emit::Label::Text(0x1234),
            ),
            plain(Code::Mov_r16_rm16, Register::CX, Register::DX),
            load(4),
            Item::Plain(Instruction::with2(Code::Mov_rm8_r8, word(5, 1), Register::AL).unwrap()),
            load(4),
            Item::Plain(
                Instruction::with2(
                    Code::Mov_rm16_r16,
                    MemoryOperand::with_base_displ_size(Register::DI, 2, 1),
                    Register::AX,
                )
                .unwrap(),
            ),
            load(4),
            Item::Plain(Instruction::with1(Code::Inc_r16, Register::BX).unwrap()),
            load(4),
            plain(Code::Mov_r16_rm16, Register::BP, Register::SP),
            load(4),
            Item::Label(crate::emit::Label::Text(0x1236)),
            load(4),
            load(4),
        ];
        tidy(&mut out, 0..0, &entered());
        assert_eq!(
            codes(&out),
            [
                "mov [bp+4],bx",
                "mov [bp+6],ax",
                "?",
                "mov cx,dx",
                "mov [bp+5],al",
                "mov bx,[bp+4]",
                "mov [di+2],ax",
                "mov bx,[bp+4]",
                "inc bx",
                "mov bx,[bp+4]",
                "mov bp,sp",
                "mov bx,[bp+4]",
                "?",
                "mov bx,[bp+4]",
            ]
        );
    }

    /// A register word (r15's at 6BEAh) held in AX stays held past stores
    /// through any base and to other words, and goes with a byte stored
    /// into it; a word through BP goes with a store to a word that is not
    /// a register's.
    #[test]
    fn tidy_drops_a_register_word_still_held() {
        let absolute = |a: i64| MemoryOperand::with_base_displ_size(Register::None, a, 2);
        let frame = MemoryOperand::with_base_displ_size(Register::BP, 4, 1);
        let with = |code, m: MemoryOperand, r| Item::Plain(Instruction::with2(code, m, r).unwrap());
        let load = || {
            Item::Plain(
                Instruction::with2(Code::Mov_r16_rm16, Register::AX, absolute(0x6BEA)).unwrap(),
            )
        };
        let load_frame =
            || Item::Plain(Instruction::with2(Code::Mov_r16_rm16, Register::DX, frame).unwrap());
        let mut out = vec![
            with(Code::Mov_rm16_r16, absolute(0x6BEA), Register::AX),
            with(Code::Mov_rm16_r16, frame, Register::DX),
            with(
                Code::Mov_rm16_r16,
                MemoryOperand::with_base_displ_size(Register::DI, 2, 1),
                Register::BX,
            ),
            load(),
            with(Code::Mov_rm16_r16, absolute(0x6BE8), Register::CX),
            load(),
            with(Code::Mov_rm16_r16, absolute(0x1000), Register::CX),
            load(),
            load_frame(),
            with(Code::Mov_rm8_r8, absolute(0x6BEB), Register::CL),
            load(),
        ];
        tidy(&mut out, 0x6BCC..0x6BEC, &entered());
        assert_eq!(
            codes(&out),
            [
                "mov [6BEAh],ax",
                "mov [bp+4],dx",
                "mov [di+2],bx",
                "mov [6BE8h],cx",
                "mov [1000h],cx",
                "mov dx,[bp+4]",
                "mov [6BEBh],cl",
                "mov ax,[6BEAh]",
            ]
        );
    }
}
