//! The 8086 code being built: instructions, labels and branches, laid out with
//! short jumps wherever they reach, then encoded by iced-x86.
//!
//! iced's own block encoder turns a short Jcc that does not reach into a near
//! Jcc (0F 8x), which a 386 has and an 8086 lacks. So branches are laid out
//! here: every jump starts short (2 bytes) and grows, until nothing changes,
//! into `jmp near` (3 bytes) or a short Jcc of the opposite condition over a
//! `jmp near` (5 bytes).

use std::collections::{HashMap, HashSet};

use iced_x86::{Code, ConditionCode, Encoder, Instruction};

/// A place in the code that a branch, a call or an immediate names.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Label {
    /// The translation of the MSP430 instruction at this address.
    Text(u16),
    /// A routine of the runtime, by name.
    Runtime(String),
    /// A label private to one translation (a skip over a few instructions).
    Local(u32),
}

#[derive(Clone, Debug)]
pub enum Item {
    Label(Label),
    /// An instruction whose encoding does not depend on where it is.
    Plain(Instruction),
    /// An instruction with a 16-bit immediate that is a label's address.
    WithAddress(Instruction, Label),
    /// `jmp` (None) or a Jcc to a label.
    Branch(Option<ConditionCode>, Label),
    Call(Label),
}

/// Laid-out code: each item's address and size.
pub struct Layout {
    pub addresses: Vec<u16>,
    pub long: Vec<bool>,
    /// A branch that goes to another item (a stepping stone) instead.
    pub hop: Vec<Option<usize>>,
    pub labels: HashMap<Label, u16>,
    pub end: u16,
}

fn plain_size(instruction: &Instruction) -> Result<u16, String> {
    let mut encoder = Encoder::new(16);
    encoder
        .encode(instruction, 0)
        .map(|n| n as u16)
        .map_err(|e| format!("cannot encode {instruction:?}: {e}"))
}

fn branch_size(cond: Option<ConditionCode>, long: bool) -> u16 {
    match (cond, long) {
        (_, false) => 2,
        (None, true) => 3,
        (Some(_), true) => 5,
    }
}

/// Lays `items` out from `origin`; `outside` gives the addresses of labels that
/// are not among the items (the runtime's, placed after them).
pub fn layout(
    items: &[Item],
    origin: u16,
    outside: &HashMap<Label, u16>,
) -> Result<Layout, String> {
    layout_with(items, origin, outside, &HashSet::new())
}

/// Where a branch that does not reach its label may go instead, a short hop
/// away: a `jmp` to the same label, or, when the label's code starts with a
/// call that never returns (a panic's), the same call anywhere.
fn stepping_stones(items: &[Item], noreturn: &HashSet<Label>) -> HashMap<Label, Vec<usize>> {
    let mut first: HashMap<&Label, usize> = HashMap::new();
    let mut pending: Vec<&Label> = Vec::new();
    for (n, item) in items.iter().enumerate() {
        match item {
            Item::Label(l) => pending.push(l),
            _ => {
                for l in pending.drain(..) {
                    first.insert(l, n);
                }
            }
        }
    }
    let mut calls: HashMap<&Label, Vec<usize>> = HashMap::new();
    let mut stones: HashMap<Label, Vec<usize>> = HashMap::new();
    for (n, item) in items.iter().enumerate() {
        match item {
            Item::Branch(None, l) => stones.entry(l.clone()).or_default().push(n),
            Item::Call(f) if noreturn.contains(f) => calls.entry(f).or_default().push(n),
            _ => {}
        }
    }
    for (label, &n) in &first {
        if let Item::Call(f) = &items[n]
            && let Some(places) = calls.get(f)
        {
            stones.entry((*label).clone()).or_default().extend(places);
        }
    }
    stones
}

/// As [`layout`]; calls to `noreturn` never come back (their call
/// instructions serve as stepping stones).
pub fn layout_with(
    items: &[Item],
    origin: u16,
    outside: &HashMap<Label, u16>,
    noreturn: &HashSet<Label>,
) -> Result<Layout, String> {
    let stones = stepping_stones(items, noreturn);
    let mut hop: Vec<Option<usize>> = vec![None; items.len()];
    let sizes: Vec<u16> = items
        .iter()
        .map(|item| match item {
            Item::Label(_) | Item::Branch(..) => Ok(0),
            Item::Plain(i) | Item::WithAddress(i, _) => plain_size(i),
            Item::Call(_) => Ok(3),
        })
        .collect::<Result<_, _>>()?;
    let mut long = vec![false; items.len()];
    loop {
        let mut at = origin as u32;
        let mut addresses = Vec::with_capacity(items.len());
        let mut labels = HashMap::new();
        for (n, item) in items.iter().enumerate() {
            addresses.push(at as u16);
            match item {
                Item::Label(label) => {
                    if labels.insert(label.clone(), at as u16).is_some() {
                        return Err(format!("label {label:?} placed twice"));
                    }
                }
                Item::Branch(cond, _) => at += branch_size(*cond, long[n]) as u32,
                _ => at += sizes[n] as u32,
            }
        }
        if std::env::var_os("TRANSLATOR_STATS").is_some() {
            eprintln!("layout pass: {} bytes", at - origin as u32);
        }
        if at > 0xFFFF && std::env::var_os("TRANSLATOR_STATS").is_none() {
            return Err(format!(
                "the code passes the end of the segment: {} bytes from {origin:#x}",
                at - origin as u32
            ));
        }
        let mut grew = false;
        for (n, item) in items.iter().enumerate() {
            if let Item::Branch(cond, label) = item
                && !long[n]
            {
                let next = addresses[n] as i32 + branch_size(*cond, false) as i32;
                let reaches = |to: i32| (-128..=127).contains(&(to - next));
                if let Some(m) = hop[n] {
                    if reaches(addresses[m] as i32) {
                        continue;
                    }
                    // The stone moved away: no more hopping for this one.
                    hop[n] = None;
                    long[n] = true;
                    grew = true;
                    continue;
                }
                let target = *labels
                    .get(label)
                    .or_else(|| outside.get(label))
                    .ok_or_else(|| format!("no label {label:?}"))?
                    as i32;
                // Only a Jcc hops (a jmp is a stone itself: two jmps must not
                // hop to each other).
                if !reaches(target) && cond.is_some() {
                    let stone = stones.get(label).and_then(|places| {
                        places
                            .iter()
                            .copied()
                            .find(|&m| m != n && reaches(addresses[m] as i32))
                    });
                    match stone {
                        Some(m) => hop[n] = Some(m),
                        None => {
                            long[n] = true;
                            grew = true;
                        }
                    }
                } else if !reaches(target) {
                    long[n] = true;
                    grew = true;
                }
            }
        }
        if !grew {
            if std::env::var_os("TRANSLATOR_STATS").is_some() {
                let jcc = items
                    .iter()
                    .zip(&long)
                    .filter(|(i, l)| **l && matches!(i, Item::Branch(Some(_), _)))
                    .count();
                let jmp = items
                    .iter()
                    .zip(&long)
                    .filter(|(i, l)| **l && matches!(i, Item::Branch(None, _)))
                    .count();
                eprintln!("long branches: {jcc} conditional, {jmp} jmp");
                let mut per: HashMap<&Label, usize> = HashMap::new();
                for (i, l) in items.iter().zip(&long) {
                    if let (Item::Branch(Some(_), label), true) = (i, *l) {
                        *per.entry(label).or_default() += 1;
                    }
                }
                let mut hist: HashMap<usize, usize> = HashMap::new();
                for c in per.values() {
                    *hist.entry(*c).or_default() += 1;
                }
                eprintln!("long jcc per target label (count: labels): {hist:?}");
            }
            return Ok(Layout {
                addresses,
                long,
                hop,
                labels,
                end: at as u16,
            });
        }
    }
}

fn jcc_short(cond: ConditionCode) -> Code {
    use ConditionCode as C;
    match cond {
        C::o => Code::Jo_rel8_16,
        C::no => Code::Jno_rel8_16,
        C::b => Code::Jb_rel8_16,
        C::ae => Code::Jae_rel8_16,
        C::e => Code::Je_rel8_16,
        C::ne => Code::Jne_rel8_16,
        C::be => Code::Jbe_rel8_16,
        C::a => Code::Ja_rel8_16,
        C::s => Code::Js_rel8_16,
        C::ns => Code::Jns_rel8_16,
        C::p => Code::Jp_rel8_16,
        C::np => Code::Jnp_rel8_16,
        C::l => Code::Jl_rel8_16,
        C::ge => Code::Jge_rel8_16,
        C::le => Code::Jle_rel8_16,
        C::g => Code::Jg_rel8_16,
        C::None => Code::Jmp_rel8_16,
    }
}

pub fn negate(cond: ConditionCode) -> ConditionCode {
    use ConditionCode as C;
    match cond {
        C::o => C::no,
        C::no => C::o,
        C::b => C::ae,
        C::ae => C::b,
        C::e => C::ne,
        C::ne => C::e,
        C::be => C::a,
        C::a => C::be,
        C::s => C::ns,
        C::ns => C::s,
        C::p => C::np,
        C::np => C::p,
        C::l => C::ge,
        C::ge => C::l,
        C::le => C::g,
        C::g => C::le,
        C::None => C::None,
    }
}

/// Encodes laid-out items into bytes (which start at the layout's origin).
pub fn encode(
    items: &[Item],
    layout: &Layout,
    outside: &HashMap<Label, u16>,
) -> Result<Vec<u8>, String> {
    let find = |label: &Label| -> Result<u16, String> {
        layout
            .labels
            .get(label)
            .or_else(|| outside.get(label))
            .copied()
            .ok_or_else(|| format!("no label {label:?}"))
    };
    let mut out = Vec::new();
    let mut encoder = Encoder::new(16);
    let err = |e: iced_x86::IcedError| e.to_string();
    for (n, item) in items.iter().enumerate() {
        let at = layout.addresses[n] as u64;
        let mut put = |i: &Instruction, at: u64| -> Result<(), String> {
            encoder.encode(i, at).map_err(err)?;
            out.extend(encoder.take_buffer());
            Ok(())
        };
        match item {
            Item::Label(_) => {}
            Item::Plain(i) => put(i, at)?,
            Item::WithAddress(i, label) => {
                let mut i = *i;
                let value = find(label)? as u32;
                if i.op_count() == 1 || i.op1_kind() == iced_x86::OpKind::Immediate16 {
                    i.set_immediate16(value as u16);
                } else {
                    return Err(format!("{i:?}: no 16-bit immediate to hold {label:?}"));
                }
                put(&i, at)?;
            }
            Item::Call(label) => {
                let i =
                    Instruction::with_branch(Code::Call_rel16, find(label)? as u64).map_err(err)?;
                put(&i, at)?;
            }
            Item::Branch(cond, label) => {
                let target = match layout.hop[n] {
                    Some(m) => layout.addresses[m] as u64,
                    None => find(label)? as u64,
                };
                let cond = cond.unwrap_or(ConditionCode::None);
                if !layout.long[n] {
                    put(
                        &Instruction::with_branch(jcc_short(cond), target).map_err(err)?,
                        at,
                    )?;
                } else if cond == ConditionCode::None {
                    put(
                        &Instruction::with_branch(Code::Jmp_rel16, target).map_err(err)?,
                        at,
                    )?;
                } else {
                    // Jcc's opposite over a jmp near: 2 + 3 bytes.
                    put(
                        &Instruction::with_branch(jcc_short(negate(cond)), at + 5).map_err(err)?,
                        at,
                    )?;
                    put(
                        &Instruction::with_branch(Code::Jmp_rel16, target).map_err(err)?,
                        at + 2,
                    )?;
                }
            }
        }
        let expected = layout
            .addresses
            .get(n + 1)
            .map(|&a| a as usize)
            .unwrap_or(layout.end as usize);
        let origin = layout.addresses.first().copied().unwrap_or(0) as usize;
        if out.len() != expected - origin {
            return Err(format!(
                "item {n} ({item:?}) encoded to a different size than laid out"
            ));
        }
    }
    Ok(out)
}

/// The operations with an immediate that have a shorter form on the
/// accumulator: (on r/m16, on AX, on r/m8, on AL).
const ACCUMULATOR_FORMS: [(Code, Code, Code, Code); 9] = {
    use Code::*;
    [
        (Add_rm16_imm16, Add_AX_imm16, Add_rm8_imm8, Add_AL_imm8),
        (Adc_rm16_imm16, Adc_AX_imm16, Adc_rm8_imm8, Adc_AL_imm8),
        (Sub_rm16_imm16, Sub_AX_imm16, Sub_rm8_imm8, Sub_AL_imm8),
        (Sbb_rm16_imm16, Sbb_AX_imm16, Sbb_rm8_imm8, Sbb_AL_imm8),
        (Cmp_rm16_imm16, Cmp_AX_imm16, Cmp_rm8_imm8, Cmp_AL_imm8),
        (And_rm16_imm16, And_AX_imm16, And_rm8_imm8, And_AL_imm8),
        (Or_rm16_imm16, Or_AX_imm16, Or_rm8_imm8, Or_AL_imm8),
        (Xor_rm16_imm16, Xor_AX_imm16, Xor_rm8_imm8, Xor_AL_imm8),
        (Test_rm16_imm16, Test_AX_imm16, Test_rm8_imm8, Test_AL_imm8),
    ]
};

/// The 8086's shorter encodings that a table-driven translation does not
/// pick: AX/AL with a direct address (A0h-A3h), AX/AL with an immediate
/// (the accumulator forms), XCHG with AX.
pub fn shorten(i: Instruction) -> Instruction {
    use iced_x86::{OpKind, Register as R};
    let direct = |n: u32| {
        i.op_kind(n) == OpKind::Memory && i.memory_base() == R::None && i.memory_index() == R::None
    };
    let reg = |n: u32| {
        if i.op_kind(n) == OpKind::Register {
            i.op_register(n)
        } else {
            R::None
        }
    };
    let memory = || iced_x86::MemoryOperand::with_displ(i.memory_displacement64(), 2);
    let imm = || i.immediate(1) as u32;
    let made = match i.code() {
        Code::Mov_r16_rm16 if reg(0) == R::AX && direct(1) => {
            Instruction::with2(Code::Mov_AX_moffs16, R::AX, memory())
        }
        Code::Mov_rm16_r16 if reg(1) == R::AX && direct(0) => {
            Instruction::with2(Code::Mov_moffs16_AX, memory(), R::AX)
        }
        Code::Mov_r8_rm8 if reg(0) == R::AL && direct(1) => {
            Instruction::with2(Code::Mov_AL_moffs8, R::AL, memory())
        }
        Code::Mov_rm8_r8 if reg(1) == R::AL && direct(0) => {
            Instruction::with2(Code::Mov_moffs8_AL, memory(), R::AL)
        }
        code if (reg(0) == R::AX && i.op1_kind() == OpKind::Immediate16)
            || (reg(0) == R::AL && i.op1_kind() == OpKind::Immediate8) =>
        {
            let wide = reg(0) == R::AX;
            let Some(row) = ACCUMULATOR_FORMS
                .iter()
                .find(|row| if wide { row.0 == code } else { row.2 == code })
            else {
                return i;
            };
            let short = if wide { row.1 } else { row.3 };
            Instruction::with2(short, reg(0), imm())
        }
        _ => return i,
    };
    made.unwrap_or(i)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nops(n: usize) -> Vec<Item> {
        (0..n)
            .map(|_| Item::Plain(Instruction::with(Code::Nopw)))
            .collect()
    }

    /// Far jumps to one label: the Jcc hops to a nearby jmp or panic call
    /// (2 bytes, not 5); jmps never hop (two of them could hop to each other
    /// for ever), and a hop's stone never hops itself.
    #[test]
    fn stepping_stones_never_loop() {
        let far = Label::Text(0x4000);
        let fatal = Label::Text(0x5000);
        let mut items = vec![
            Item::Branch(None, far.clone()),
            Item::Branch(None, far.clone()),
        ];
        items.push(Item::Branch(Some(ConditionCode::e), far.clone()));
        items.extend(nops(300));
        items.push(Item::Label(Label::Text(0x3000)));
        items.push(Item::Call(fatal.clone()));
        items.push(Item::Branch(Some(ConditionCode::ne), Label::Text(0x3100)));
        items.extend(nops(300));
        items.push(Item::Label(Label::Text(0x3100)));
        items.push(Item::Call(fatal.clone()));
        items.extend(nops(300));
        items.push(Item::Label(far.clone()));
        items.push(Item::Plain(Instruction::with(Code::Retnw)));
        let outside = HashMap::from([(fatal.clone(), 0xF000)]);
        let laid = layout_with(&items, 0x100, &outside, &HashSet::from([fatal])).unwrap();
        for (n, item) in items.iter().enumerate() {
            if let Item::Branch(None, _) = item {
                assert_eq!(laid.hop[n], None, "a jmp hopped");
            }
            if let Some(m) = laid.hop[n] {
                assert_eq!(laid.hop[m], None, "a stone hopped");
            }
        }
        // The Jcc at 2 hops to a jmp; the one before 0x3100 to the panic call at 0x3000.
        assert!(matches!(laid.hop[2], Some(0 | 1)));
        assert!(!laid.long[2]);
        let jne = items
            .iter()
            .position(|i| matches!(i, Item::Branch(Some(ConditionCode::ne), _)))
            .unwrap();
        assert_eq!(laid.hop[jne], Some(jne - 1));
        let bytes = encode(&items, &laid, &outside).unwrap();
        assert_eq!(bytes.len(), (laid.end - 0x100) as usize);
    }
}
