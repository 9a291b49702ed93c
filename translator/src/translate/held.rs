//! The last pass's loads of a word that a register holds already, followed
//! across the function's labels.

use std::collections::{HashMap, HashSet};

use iced_x86::{Code, Instruction, InstructionInfoFactory, OpAccess, OpKind, Register};

use crate::emit::{Item, Label};

/// A word the pass follows: through BP (a frame's, or a copied base's),
/// or one of the register words ([`super::Vregs`]), which no pointer of
/// the MSP430 code reaches (they are its registers).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Word {
    ThroughBp(i64),
    Register(i64),
}

/// What holds what: each pair says the register holds the word now (for a
/// word through BP, the word BP now points near); a byte register, the
/// word's first byte. None: no arrival seen
/// yet (a label only later jumps reach, or code after a jump).
type Held = Option<Vec<(Register, Word)>>;

/// What both `a` and `b` say.
fn meet(a: &Held, b: &Held) -> Held {
    match (a, b) {
        (None, x) | (x, None) => x.clone(),
        (Some(a), Some(b)) => Some(a.iter().filter(|p| b.contains(p)).copied().collect()),
    }
}

/// `mov r, [m]` where r holds that word already (a byte register: that
/// byte, or the low byte of the word its word register holds): it was
/// loaded from there or stored there, and since then nothing wrote r (nor BP, for a word
/// through BP) and no store could have reached the word, on every way
/// there. A label takes what every arrival agrees on: its fall and this
/// function's jumps to it, to a fixpoint; a label that something else
/// reaches (`entered`: an entry, a table's, a pointer's) starts with
/// nothing held, and so does what follows a call. A store through BP
/// leaves the other words through BP and the register words; a store to
/// a register word leaves all but that word; any other store leaves only
/// the register words. No interrupt handler writes near memory in the
/// 8086 build (its one handler, Ctrl+C's, is an IRET; the clock and the
/// keyboard are read through calls). `registers` is where the register
/// words lie.
pub(super) fn drop_loads_held(
    out: &mut Vec<Item>,
    registers: std::ops::Range<i64>,
    entered: &HashSet<u16>,
) {
    let pass = Pass { registers, entered };
    let mut arrivals: HashMap<Label, Held> = HashMap::new();
    // Each round's arrivals only lose pairs: a fixpoint within as many
    // rounds as pairs, in practice two or three.
    loop {
        let (next, _) = pass.run(out, &arrivals, false);
        if next == arrivals {
            break;
        }
        arrivals = next;
    }
    let (_, dropped) = pass.run(out, &arrivals, true);
    let mut n = 0;
    out.retain(|_| {
        n += 1;
        !dropped.contains(&(n - 1))
    });
}

struct Pass<'a> {
    registers: std::ops::Range<i64>,
    entered: &'a HashSet<u16>,
}

impl Pass<'_> {
    /// One walk through the items: what this function's jumps bring to
    /// each label, and the loads that may go. In the `last` walk a label
    /// that nothing seen reaches holds nothing; before, it stands for all
    /// (it adds nothing to what its jumps bring).
    fn run(
        &self,
        out: &[Item],
        arrivals: &HashMap<Label, Held>,
        last: bool,
    ) -> (HashMap<Label, Held>, Vec<usize>) {
        let mut factory = InstructionInfoFactory::new();
        // Labels whose address the code takes or that it calls: reached
        // from elsewhere.
        let taken: HashSet<&Label> = out
            .iter()
            .filter_map(|item| match item {
                Item::WithAddress(_, label) | Item::Call(label) => Some(label),
                _ => None,
            })
            .collect();
        let mut jumps: HashMap<Label, Held> = HashMap::new();
        let mut dropped = Vec::new();
        let mut held: Held = Some(Vec::new());
        for (n, item) in out.iter().enumerate() {
            let i = match item {
                Item::Plain(i) | Item::WithAddress(i, _) => *i,
                Item::Label(label) => {
                    let from_elsewhere = taken.contains(label)
                        || match label {
                            Label::Text(a) => self.entered.contains(a),
                            Label::Local(_) => false,
                            Label::Runtime(_) => true,
                        };
                    held = if from_elsewhere {
                        Some(Vec::new())
                    } else {
                        let jumped: Held = arrivals.get(label).cloned().flatten();
                        let met = meet(&held, &jumped);
                        if last { met.or(Some(Vec::new())) } else { met }
                    };
                    continue;
                }
                Item::Branch(cond, target) => {
                    let entry = jumps.entry(target.clone()).or_insert(None);
                    *entry = meet(entry, &held);
                    if cond.is_none() {
                        held = None;
                    }
                    continue;
                }
                Item::Call(_) => {
                    held = Some(Vec::new());
                    continue;
                }
            };
            let Some(now) = held.as_mut() else {
                continue;
            };
            if self.step(&mut factory, now, &i) {
                dropped.push(n);
            }
            if i.flow_control() != iced_x86::FlowControl::Next {
                held = match i.flow_control() {
                    iced_x86::FlowControl::Return
                    | iced_x86::FlowControl::IndirectBranch
                    | iced_x86::FlowControl::UnconditionalBranch => None,
                    _ => Some(Vec::new()),
                };
            }
        }
        (jumps, dropped)
    }

    fn word(&self, base: Register, index: Register, displacement: u64) -> Option<Word> {
        match (base, index) {
            (Register::BP, Register::None) => {
                Some(Word::ThroughBp(displacement as u16 as i16 as i64))
            }
            (Register::None, Register::None) => {
                let at = displacement as u16 as i64;
                self.registers.contains(&at).then_some(Word::Register(at))
            }
            _ => None,
        }
    }

    fn operand_word(&self, i: &Instruction, op: u32) -> Option<Word> {
        (i.op_kind(op) == OpKind::Memory && i.segment_prefix() == Register::None)
            .then(|| self.word(i.memory_base(), i.memory_index(), i.memory_displacement64()))
            .flatten()
    }

    /// Follows `i` in `held`; true where `i` is a load it makes useless.
    fn step(
        &self,
        factory: &mut InstructionInfoFactory,
        held: &mut Vec<(Register, Word)>,
        i: &Instruction,
    ) -> bool {
        let not_written = |access: OpAccess| {
            matches!(
                access,
                OpAccess::Read | OpAccess::CondRead | OpAccess::NoMemAccess
            )
        };
        let overlaps = |a: i64, size: i64, b: i64| a < b + 2 && b < a + size;
        let kept = |r: Register| !matches!(r, Register::BP | Register::SP);
        let load = (matches!(
            i.code(),
            Code::Mov_r16_rm16 | Code::Mov_AX_moffs16 | Code::Mov_r8_rm8 | Code::Mov_AL_moffs8
        ) && kept(i.op0_register()))
        .then(|| self.operand_word(i, 1))
        .flatten()
        .map(|w| (i.op0_register(), w));
        // A byte register holds its byte, or the low byte of the word its
        // word register holds.
        let word_of_low = |r: Register| {
            [Register::AX, Register::BX, Register::CX, Register::DX]
                .into_iter()
                .find(|&w| super::x86::low(w) == Some(r))
        };
        if load.is_some_and(|(r, w)| {
            held.contains(&(r, w)) || word_of_low(r).is_some_and(|whole| held.contains(&(whole, w)))
        }) {
            return true;
        }
        let info = factory.info(i);
        // iced names registers whole (RAX for AL or AX).
        let written: Vec<Register> = info
            .used_registers()
            .iter()
            .filter(|u| !not_written(u.access()))
            .map(|u| u.register().full_register())
            .collect();
        if written.contains(&Register::BP.full_register()) {
            held.retain(|(_, w)| matches!(w, Word::Register(_)));
        }
        held.retain(|(r, _)| !written.contains(&r.full_register()));
        for used in info.used_memory() {
            if not_written(used.access()) {
                continue;
            }
            let size = used.memory_size().size() as i64;
            let stored = self.word(used.base(), used.index(), used.displacement());
            held.retain(|&(_, w)| match (stored, w) {
                (Some(Word::ThroughBp(at)), Word::ThroughBp(d)) => !overlaps(at, size, d),
                (Some(Word::Register(at)), Word::Register(d)) => !overlaps(at, size, d),
                (Some(Word::Register(_)), Word::ThroughBp(_)) => true,
                (_, Word::Register(_)) => true,
                (None, Word::ThroughBp(_)) => false,
            });
        }
        let store = (matches!(
            i.code(),
            Code::Mov_rm16_r16 | Code::Mov_moffs16_AX | Code::Mov_rm8_r8 | Code::Mov_moffs8_AL
        ) && i.op1_kind() == OpKind::Register
            && kept(i.op1_register()))
        .then(|| self.operand_word(i, 0))
        .flatten()
        .map(|w| (i.op1_register(), w));
        if let Some(pair) = load.or(store)
            && !held.contains(&pair)
        {
            held.push(pair);
        }
        false
    }
}

/// A store of a word (through BP, or a register word) that a later store
/// of the whole word overwrites before anything may read it, on the one
/// way on from it: no jump, call or other control between (a label is
/// passed: it brings other ways in, not this one on), no write of BP for
/// a word through BP, no read that may reach the word (a read through
/// another base may reach a word through BP, not a register word).
/// Looked for within 16 instructions.
pub(super) fn drop_stores_overwritten(out: &mut Vec<Item>, registers: std::ops::Range<i64>) {
    let never = HashSet::new();
    let pass = Pass {
        registers,
        entered: &never,
    };
    let mut factory = InstructionInfoFactory::new();
    let mut dead = Vec::new();
    for (n, item) in out.iter().enumerate() {
        let Item::Plain(store) = item else {
            continue;
        };
        let is_store = matches!(
            store.code(),
            Code::Mov_rm16_r16 | Code::Mov_moffs16_AX | Code::Mov_rm16_imm16
        );
        let Some(word) = is_store.then(|| pass.operand_word(store, 0)).flatten() else {
            continue;
        };
        if pass.overwritten(&mut factory, word, &out[n + 1..]) {
            dead.push(n);
        }
    }
    let mut n = 0;
    out.retain(|_| {
        n += 1;
        !dead.contains(&(n - 1))
    });
}

impl Pass<'_> {
    /// `word` is written whole by one of the next `items` before anything
    /// may read it or control leaves the run.
    fn overwritten(
        &self,
        factory: &mut InstructionInfoFactory,
        word: Word,
        items: &[Item],
    ) -> bool {
        for item in items.iter().take(16) {
            let i = match item {
                Item::Plain(i) => i,
                Item::Label(_) => continue,
                _ => return false,
            };
            if i.flow_control() != iced_x86::FlowControl::Next {
                return false;
            }
            let info = factory.info(i);
            if matches!(word, Word::ThroughBp(_))
                && info.used_registers().iter().any(|u| {
                    u.register().full_register() == Register::BP.full_register()
                        && !matches!(u.access(), OpAccess::Read | OpAccess::CondRead)
                })
            {
                return false;
            }
            let mut whole = false;
            for used in info.used_memory() {
                let at = self.word(used.base(), used.index(), used.displacement());
                let size = used.memory_size().size() as i64;
                let may_reach = match (at, word) {
                    (Some(Word::ThroughBp(a)), Word::ThroughBp(d))
                    | (Some(Word::Register(a)), Word::Register(d)) => a < d + 2 && d < a + size,
                    (Some(Word::ThroughBp(_)), Word::Register(_))
                    | (Some(Word::Register(_)), Word::ThroughBp(_)) => false,
                    (None, Word::ThroughBp(_)) => true,
                    // Not a register word's: another address, or a pointer's.
                    (None, Word::Register(_)) => {
                        used.base() == Register::None
                            && used.index() == Register::None
                            && self
                                .registers
                                .contains(&(used.displacement() as u16 as i64))
                    }
                };
                match used.access() {
                    OpAccess::Write
                        if at == Some(word)
                            && size == 2
                            && i.segment_prefix() == Register::None =>
                    {
                        whole = true
                    }
                    OpAccess::Write | OpAccess::CondWrite | OpAccess::NoMemAccess => {}
                    _ if may_reach => return false,
                    _ => {}
                }
            }
            if whole {
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use iced_x86::{ConditionCode, MemoryOperand};

    fn frame(d: i64, size: u32) -> MemoryOperand {
        MemoryOperand::with_base_displ_size(Register::BP, d, size)
    }

    fn load(r: Register, d: i64) -> Item {
        let code = if r.size() == 1 {
            Code::Mov_r8_rm8
        } else {
            Code::Mov_r16_rm16
        };
        Item::Plain(Instruction::with2(code, r, frame(d, 1)).unwrap())
    }

    fn store(d: i64, r: Register) -> Item {
        let code = if r.size() == 1 {
            Code::Mov_rm8_r8
        } else {
            Code::Mov_rm16_r16
        };
        Item::Plain(Instruction::with2(code, frame(d, 1), r).unwrap())
    }

    fn text(a: u16) -> Label {
        Label::Text(a)
    }

    fn codes(out: &[Item]) -> Vec<String> {
        out.iter()
            .map(|item| match item {
                Item::Plain(i) => format!("{i}"),
                Item::Label(_) => ":".into(),
                _ => "?".into(),
            })
            .collect()
    }

    fn tidied(mut out: Vec<Item>, entered: &[u16]) -> Vec<String> {
        drop_loads_held(&mut out, 0..0, &entered.iter().copied().collect());
        codes(&out)
    }

    /// A label where every arrival holds the word keeps it held (a loop's
    /// head too, its back jump agreeing); one arrival that does not, a
    /// label reached from elsewhere or after a call, and it goes.
    #[test]
    fn a_word_held_at_every_arrival_stays_held() {
        let inc_bx = Item::Plain(Instruction::with1(Code::Inc_r16, Register::BX).unwrap());
        // A loop whose body keeps [bp+4] in BX.
        let out = vec![
            Item::Label(text(0x10)),
            store(4, Register::BX),
            Item::Label(text(0x12)),
            load(Register::BX, 4),
            Item::Branch(Some(ConditionCode::e), text(0x12)),
            Item::Branch(Some(ConditionCode::ne), text(0x14)),
            store(6, Register::AX),
            Item::Label(text(0x14)),
            load(Register::BX, 4),
        ];
        assert_eq!(
            tidied(out.clone(), &[0x10]),
            [":", "mov [bp+4],bx", ":", "?", "?", "mov [bp+6],ax", ":"]
        );
        // Reached from elsewhere, it holds nothing.
        assert_eq!(
            tidied(out, &[0x10, 0x12]),
            [
                ":",
                "mov [bp+4],bx",
                ":",
                "mov bx,[bp+4]",
                "?",
                "?",
                "mov [bp+6],ax",
                ":"
            ]
        );
        // One arrival (the back jump) writes BX first.
        let out = vec![
            store(4, Register::BX),
            Item::Label(text(0x12)),
            load(Register::BX, 4),
            inc_bx,
            Item::Branch(None, text(0x12)),
            Item::Label(text(0x14)),
            load(Register::BX, 4),
            Item::Call(text(0x20)),
            load(Register::BX, 4),
        ];
        assert_eq!(
            tidied(out, &[]),
            [
                "mov [bp+4],bx",
                ":",
                "mov bx,[bp+4]",
                "inc bx",
                "?",
                ":",
                "mov bx,[bp+4]",
                "?",
                "mov bx,[bp+4]"
            ]
        );
    }

    /// A store that the next store to the word overwrites goes; one read
    /// first (a word through BP by any other base), one before a jump, a
    /// call or a write of BP stays; a register word is not read through a
    /// pointer.
    #[test]
    fn a_store_overwritten_goes() {
        let absolute = |a: i64| MemoryOperand::with_base_displ_size(Register::None, a, 2);
        let through_bx = MemoryOperand::with_base_displ_size(Register::BX, 2, 1);
        let with = |code, m: MemoryOperand, r| Item::Plain(Instruction::with2(code, m, r).unwrap());
        let read_bx = || {
            Item::Plain(Instruction::with2(Code::Mov_r16_rm16, Register::CX, through_bx).unwrap())
        };
        let run = |out: Vec<Item>| {
            let mut out = out;
            drop_stores_overwritten(&mut out, 0x6BCC..0x6BEC);
            codes(&out)
        };
        assert_eq!(
            run(vec![
                store(4, Register::AX),
                Item::Label(text(0x10)),
                store(4, Register::DX)
            ]),
            [":", "mov [bp+4],dx"]
        );
        assert_eq!(
            run(vec![
                store(4, Register::AX),
                read_bx(),
                store(4, Register::DX)
            ]),
            ["mov [bp+4],ax", "mov cx,[bx+2]", "mov [bp+4],dx"]
        );
        assert_eq!(
            run(vec![
                store(4, Register::AX),
                load(Register::CL, 5),
                store(4, Register::DX)
            ]),
            ["mov [bp+4],ax", "mov cl,[bp+5]", "mov [bp+4],dx"]
        );
        assert_eq!(
            run(vec![
                store(4, Register::AX),
                Item::Branch(Some(ConditionCode::e), text(0x10)),
                store(4, Register::DX)
            ]),
            ["mov [bp+4],ax", "?", "mov [bp+4],dx"]
        );
        assert_eq!(
            run(vec![
                store(4, Register::AX),
                Item::Plain(
                    Instruction::with2(Code::Mov_r16_rm16, Register::BP, Register::SP).unwrap()
                ),
                store(4, Register::DX)
            ]),
            ["mov [bp+4],ax", "mov bp,sp", "mov [bp+4],dx"]
        );
        assert_eq!(
            run(vec![
                with(Code::Mov_rm16_r16, absolute(0x6BEA), Register::AX),
                read_bx(),
                with(Code::Mov_rm16_r16, absolute(0x6BEA), Register::DX),
                Item::Call(text(0x20)),
                with(Code::Mov_rm16_r16, absolute(0x6BEA), Register::DX),
            ]),
            ["mov cx,[bx+2]", "mov [6BEAh],dx", "?", "mov [6BEAh],dx"]
        );
    }

    /// A byte load goes where its register holds the byte (stored or
    /// loaded) or its word register holds the word; not the high byte's,
    /// nor after the word's second byte was stored.
    #[test]
    fn a_byte_held_stays_held() {
        let out = vec![
            store(4, Register::AX),
            load(Register::AL, 4),
            load(Register::AH, 4),
            store(8, Register::DL),
            load(Register::DL, 8),
            store(5, Register::CL),
            load(Register::AL, 4),
        ];
        assert_eq!(
            tidied(out, &[]),
            [
                "mov [bp+4],ax",
                "mov ah,[bp+4]",
                "mov [bp+8],dl",
                "mov [bp+5],cl",
                "mov al,[bp+4]"
            ]
        );
    }
}
