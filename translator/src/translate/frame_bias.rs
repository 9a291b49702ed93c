//! Where BP points when the translation makes it a copy of SP: at SP, or
//! in the middle of a frame too large for one-byte displacements.

use std::collections::{HashMap, HashSet};

use crate::emit::{Item, Label};

/// Where BP, made a copy of SP, had better point instead (BP - SP), if
/// anywhere: the 8086's one-byte displacement reaches -128..127, so in a
/// frame larger than that, a BP in its middle reaches more slots with one
/// byte than a BP at its bottom. Each `mov bp, sp` then costs an LEA more.
/// Reckoned on the translation with BP = SP, counting the displacements
/// through BP while it holds a copy of SP.
pub fn frame_bias_worth(items: &[Item]) -> Option<i16> {
    use iced_x86::{Code, OpKind, Register};
    let mut copies = 0i32;
    let mut displacements: Vec<i16> = Vec::new();
    let mut copy_of_sp = false;
    for item in items {
        let (Item::Plain(i) | Item::WithAddress(i, _)) = item else {
            continue;
        };
        if i.code() == Code::Mov_r16_rm16
            && i.op0_register() == Register::BP
            && i.op1_kind() == OpKind::Register
            && i.op1_register() == Register::SP
        {
            copies += 1;
            copy_of_sp = true;
            continue;
        }
        let moves_bp = i.code() == Code::Lea_r16_m && i.op0_register() == Register::BP;
        if copy_of_sp && !moves_bp {
            for n in 0..i.op_count() {
                if i.op_kind(n) == OpKind::Memory
                    && i.memory_base() == Register::BP
                    && i.memory_index() == Register::None
                {
                    displacements.push(i.memory_displacement32() as u16 as i16);
                }
            }
        }
        let writes_bp = i.op_count() > 0
            && i.op0_kind() == OpKind::Register
            && i.op0_register() == Register::BP;
        if writes_bp && !moves_bp {
            copy_of_sp = false;
        }
    }
    let in_loops = copies_in_loops(items);
    let fits = |d: i32| (-128..=127).contains(&d);
    let (low, high) = (
        *displacements.iter().min()? as i32,
        *displacements.iter().max()? as i32,
    );
    let gain = |bias: i32| -> i32 {
        let lea = if fits(bias) { 3 } else { 4 };
        displacements
            .iter()
            .map(|&d| fits(d as i32 - bias) as i32 - fits(d as i32) as i32)
            .sum::<i32>()
            - lea * copies
            - LOOP_COPY_COST * in_loops
    };
    (low - 127..=high + 128)
        .step_by(2)
        .filter(|&bias| bias != 0)
        .map(|bias| (gain(bias), bias))
        .filter(|&(g, _)| g > 0)
        .max()
        .map(|(_, bias)| bias as i16)
}

/// What a `mov bp, sp` in a loop must buy, in bytes, to take an LEA after
/// it: the LEA runs with each turn (so the tree's hot functions, whose
/// copies lie in their loops, keep BP = SP and their speed).
const LOOP_COPY_COST: i32 = 8;

/// How many `mov bp, sp` lie in a loop (between a label and a later jump
/// back to it), where an LEA after them would cost time and not only bytes.
fn copies_in_loops(items: &[Item]) -> i32 {
    use iced_x86::{Code, OpKind, Register};
    let mut seen: HashMap<&Label, usize> = HashMap::new();
    let mut copies: Vec<usize> = Vec::new();
    let mut in_loops: HashSet<usize> = HashSet::new();
    for (n, item) in items.iter().enumerate() {
        match item {
            Item::Label(l) => {
                seen.insert(l, n);
            }
            Item::Plain(i)
                if i.code() == Code::Mov_r16_rm16
                    && i.op0_register() == Register::BP
                    && i.op1_kind() == OpKind::Register
                    && i.op1_register() == Register::SP =>
            {
                copies.push(n);
            }
            Item::Branch(_, l) => {
                if let Some(&head) = seen.get(l) {
                    in_loops.extend(copies.iter().filter(|&&c| c > head));
                }
            }
            _ => {}
        }
    }
    in_loops.len() as i32
}
