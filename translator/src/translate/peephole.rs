//! What instruction-by-instruction translation leaves behind and nothing
//! needs, taken out of a function's code at the end.

use iced_x86::{Code, Instruction, Register};

use super::x86::{high, low};
use crate::emit::Item;

/// What instruction-by-instruction translation leaves behind and nothing
/// needs: `mov r, r`, `not ax` twice in a row (SR's inverted carry, then
/// BIC's complement of it), a byte set then its high byte cleared.
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
