//! What instruction-by-instruction translation leaves behind and nothing
//! needs, taken out of a function's code at the end.

use iced_x86::{Code, Instruction, Register};

use super::x86::{high, low};
use crate::emit::Item;

/// What instruction-by-instruction translation leaves behind and nothing
/// needs: `mov r, r`, `not ax` twice in a row (SR's inverted carry, then
/// BIC's complement of it), a byte set then its high byte cleared, a word
/// loaded into AX right after AX was stored there; and a word in memory
/// added to itself through AX, which one SHL does (`add rX, rX` where rX
/// lives in memory: the same C, Z, N and V).
pub(super) fn tidy(out: &mut Vec<Item>) {
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
        } else if reloads_stored_ax(&out[n], &out[n + 1]) {
            out.remove(n + 1);
        } else {
            n += 1;
        }
    }
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
