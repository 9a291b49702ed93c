//! How one function is translated before any code is made: its homes, SP's
//! depth at each instruction, the frame slots, and where a high byte or BX
//! is free.

use std::collections::{HashMap, HashSet};

use iced_x86::Register;

use super::homes::{Home, Vregs, home, plan_homes};
use crate::decoded::{Decoded, branch_target, index_by_address};
use crate::flags;
use crate::msp430::{Cond, Instruction as M, Op1, Op2, Operand, PC, Reg, SP};

/// How one function is translated: its homes, and what its stack looks like.
pub struct Plan {
    pub homes: [Home; 16],
    /// SP before each instruction, relative to SP on entry.
    pub depth: Vec<i16>,
    /// The prologue's pushes and the epilogues' pops of registers that live
    /// in their frame slot: they only make or drop room.
    pub reserve: HashSet<u16>,
    pub release: HashSet<u16>,
    /// Registers whose high byte is read after each instruction.
    pub high_live: Vec<flags::RegSet>,
    /// The frame slots' room is made and dropped together with the locals'
    /// ([`merged_frame`]): `reserve`/`release` then emit nothing; the SP
    /// arithmetic at `sp_extra`'s addresses grows by its bytes; `adjust_*`
    /// add to SP after or before an instruction.
    pub merged: bool,
    /// A register free to serve as a copied base before each instruction:
    /// BX where r12 is dead and not named and no other register lives in
    /// BX; else SI or DI where the one register living there is saved by
    /// the prologue and is dead and not named (its caller's value waits on
    /// the stack).
    pub free_base: Vec<Option<Register>>,
    pub sp_extra: HashMap<u16, i16>,
    pub adjust_after: HashMap<u16, i16>,
    pub adjust_before: HashMap<u16, i16>,
}

/// Where a function makes and drops its frame slots' room in one SUB/ADD
/// with its locals.
pub struct Merge {
    pub slot_pops: HashSet<u16>,
    pub sp_extra: HashMap<u16, i16>,
    pub adjust_after: HashMap<u16, i16>,
    pub adjust_before: HashMap<u16, i16>,
}

/// The prologue pushes r4-r10, then perhaps `sub #N, sp`; every epilogue is
/// perhaps `add #N, sp`, then pops of exactly those registers in reverse.
/// Where a function has that shape (and no label inside an epilogue), its
/// slots need no push or pop of their own. None otherwise.
fn merged_frame(
    code: &[Decoded],
    labels: &HashSet<u16>,
    pushes: &[(usize, Reg)],
    in_slot: &dyn Fn(Reg) -> bool,
) -> Option<Merge> {
    let slots = pushes.iter().filter(|(_, r)| in_slot(*r)).count() as i16;
    if slots == 0 {
        return None;
    }
    let room = 2 * slots;
    let mut merge = Merge {
        slot_pops: HashSet::new(),
        sp_extra: HashMap::new(),
        adjust_after: HashMap::new(),
        adjust_before: HashMap::new(),
    };
    let after_pushes = pushes.len();
    match code.get(after_pushes).map(|d| d.instruction) {
        Some(M::Two {
            op: Op2::Sub,
            byte: false,
            src: Operand::Imm(_),
            dst: Operand::Reg(SP),
        }) if !labels.contains(&code[after_pushes].address) => {
            merge.sp_extra.insert(code[after_pushes].address, room);
        }
        _ => {
            merge
                .adjust_after
                .insert(code[after_pushes - 1].address, -room);
        }
    }
    let pop_of = |d: &Decoded| match d.instruction {
        M::Two {
            op: Op2::Mov,
            byte: false,
            src: Operand::PostInc(SP),
            dst: Operand::Reg(r),
        } if (4..=10).contains(&r) => Some(r),
        _ => None,
    };
    let mut n = 0;
    while n < code.len() {
        if pop_of(&code[n]).is_none() {
            n += 1;
            continue;
        }
        let start = n;
        let mut popped = Vec::new();
        while n < code.len()
            && let Some(r) = pop_of(&code[n])
        {
            if n > start && labels.contains(&code[n].address) {
                return None;
            }
            popped.push((n, r));
            n += 1;
        }
        let expected: Vec<Reg> = pushes.iter().rev().map(|&(_, r)| r).collect();
        if popped.iter().map(|&(_, r)| r).collect::<Vec<_>>() != expected {
            return None;
        }
        for &(m, r) in &popped {
            if in_slot(r) {
                merge.slot_pops.insert(code[m].address);
            }
        }
        let before = start.checked_sub(1).map(|m| &code[m]);
        match before.map(|d| d.instruction) {
            Some(M::Two {
                op: Op2::Add,
                byte: false,
                src: Operand::Imm(_),
                dst: Operand::Reg(SP),
            }) => {
                if labels.contains(&code[start].address) {
                    return None;
                }
                merge.sp_extra.insert(code[start - 1].address, room);
            }
            _ => {
                merge.adjust_before.insert(code[start].address, room);
            }
        }
    }
    Some(merge)
}

impl Plan {
    /// The program-wide homes, every high byte treated as read: each
    /// instruction translated for its MSP430 meaning alone, whatever the
    /// calling convention would let go (for tests of single instructions).
    pub fn fixed(code: &[Decoded], vregs: &Vregs, labels: &HashSet<u16>) -> Result<Plan, String> {
        let planned = plan(code, vregs, labels)?;
        Ok(Plan {
            homes: std::array::from_fn(|r| home(r as Reg, vregs)),
            depth: planned.depth,
            reserve: HashSet::new(),
            release: HashSet::new(),
            high_live: vec![0xFFFF; code.len()],
            merged: false,
            free_base: vec![None; code.len()],
            sp_extra: HashMap::new(),
            adjust_after: HashMap::new(),
            adjust_before: HashMap::new(),
        })
    }
}

/// What an instruction does to SP, and where control goes after it.
fn stack_step(instruction: &M) -> (i16, bool, Option<u16>) {
    match *instruction {
        M::Jump { cond, target } => (0, cond != Cond::Always, Some(target)),
        M::Two {
            dst: Operand::Reg(PC),
            ..
        } => (0, false, None),
        M::Two {
            src: Operand::PostInc(SP),
            op: Op2::Mov,
            ..
        } => (2, true, None),
        M::Two {
            op: Op2::Add,
            src: Operand::Imm(v),
            dst: Operand::Reg(SP),
            ..
        } => (v as i16, true, None),
        M::Two {
            op: Op2::Sub,
            src: Operand::Imm(v),
            dst: Operand::Reg(SP),
            ..
        } => ((v as i16).wrapping_neg(), true, None),
        M::One { op: Op1::Push, .. } => (-2, true, None),
        M::One { op: Op1::Reti, .. } => (0, false, None),
        _ => (0, true, None),
    }
}

/// Plans a function: [`plan_homes`], then the registers left in memory that
/// the prologue saves get their frame slots instead.
pub fn plan(code: &[Decoded], vregs: &Vregs, labels: &HashSet<u16>) -> Result<Plan, String> {
    let mut homes = plan_homes(code, vregs);
    // SP's depth at each instruction, from the entry along every path.
    let index = index_by_address(code);
    let mut depth: Vec<Option<i16>> = vec![None; code.len()];
    let mut work = vec![(0usize, 0i16)];
    let indirect: Vec<usize> = code
        .iter()
        .enumerate()
        .filter(|(_, d)| matches!(d.instruction, M::Two { dst: Operand::Reg(PC), src, .. } if !matches!(src, Operand::Imm(_) | Operand::PostInc(SP))))
        .map(|(n, _)| n)
        .collect();
    let mut seeded_tables = false;
    loop {
        while let Some((n, at)) = work.pop() {
            if n >= code.len() {
                continue;
            }
            match depth[n] {
                Some(known) if known == at => continue,
                Some(known) => {
                    return Err(format!(
                        "{:#06x}: SP is {known} or {at} deep",
                        code[n].address
                    ));
                }
                None => depth[n] = Some(at),
            }
            let (delta, falls, target) = match branch_target(&code[n]) {
                Some(t) => (0, false, Some(t)),
                None => stack_step(&code[n].instruction),
            };
            if falls {
                work.push((n + 1, at + delta));
            }
            if let Some(t) = target
                && let Some(&m) = index.get(&t)
            {
                work.push((m, at + delta));
            }
        }
        // What nothing reached directly: a jump table's targets, at the depth
        // of the indirect jump.
        if seeded_tables || indirect.is_empty() {
            break;
        }
        seeded_tables = true;
        let at = depth[indirect[0]].unwrap_or(0);
        if indirect.iter().any(|&n| depth[n].is_some_and(|d| d != at)) {
            return Err("indirect jumps at different depths".into());
        }
        for n in 0..code.len() {
            if depth[n].is_none() && labels.contains(&code[n].address) {
                work.push((n, at));
            }
        }
    }
    let depth: Vec<i16> = depth.into_iter().map(|d| d.unwrap_or(0)).collect();
    // The prologue: pushes of r4-r10 before anything else.
    let pushes: Vec<(usize, Reg)> = code
        .iter()
        .enumerate()
        .map_while(|(n, d)| match d.instruction {
            M::One {
                op: Op1::Push,
                byte: false,
                dst: Operand::Reg(r),
            } if (4..=10).contains(&r) => Some((n, r)),
            _ => None,
        })
        .collect();
    let memory_homed = homes.map(|h| matches!(h, Home::Mem(_)));
    let in_slot = |r: Reg| memory_homed[r as usize];
    let mut reserve = HashSet::new();
    let release;
    let mut sp_extra = HashMap::new();
    let mut adjust_after = HashMap::new();
    let mut adjust_before = HashMap::new();
    match merged_frame(code, labels, &pushes, &in_slot) {
        Some(merge) => {
            // The saved SI/DI (and BX...) words first, then the slots, then the
            // locals: one SUB makes room for slots and locals alike.
            let kept = pushes.iter().filter(|(_, r)| !in_slot(*r)).count() as i16;
            for (j, &(n, r)) in pushes.iter().filter(|(_, r)| in_slot(*r)).enumerate() {
                homes[r as usize] = Home::Slot(-2 * (kept + j as i16 + 1));
                reserve.insert(code[n].address);
            }
            release = merge.slot_pops;
            sp_extra = merge.sp_extra;
            adjust_after = merge.adjust_after;
            adjust_before = merge.adjust_before;
        }
        None => {
            for &(n, r) in &pushes {
                if in_slot(r) {
                    homes[r as usize] = Home::Slot(-2 * (n as i16 + 1));
                    reserve.insert(code[n].address);
                }
            }
            release = code
                .iter()
                .filter(|d| matches!(d.instruction, M::Two { op: Op2::Mov, byte: false, src: Operand::PostInc(SP), dst: Operand::Reg(r) } if matches!(homes[r as usize], Home::Slot(_))))
                .map(|d| d.address)
                .collect();
        }
    }
    let merged = !sp_extra.is_empty() || !adjust_after.is_empty() || !adjust_before.is_empty();
    // A high byte matters where both analyses say so: one follows reads of
    // it, the other the bits that reach something read.
    let high_live: Vec<flags::RegSet> = flags::high_byte_liveness(code)
        .iter()
        .zip(flags::high_byte_demand(code, labels))
        .map(|(read, matters)| read & matters)
        .collect();
    let only_owner = |x: Register| {
        let mut owners = (0..16).filter(|&r| homes[r] == Home::Reg(x));
        match (owners.next(), owners.next()) {
            (Some(r), None) => Some(r as Reg),
            _ => None,
        }
    };
    let saved = |r: Reg| pushes.iter().any(|&(_, p)| p == r);
    let bx_only_r12 = (0..16).all(|r| r == 12 || homes[r] != Home::Reg(Register::BX));
    let bases: Vec<(Register, Reg)> = [Register::SI, Register::DI]
        .into_iter()
        .filter_map(|x| only_owner(x).filter(|&r| saved(r)).map(|r| (x, r)))
        .collect();
    let (live, named) = flags::register_liveness(code);
    let free_base = live
        .iter()
        .zip(&named)
        .map(|(after, named)| {
            let dead = |r: Reg| (after | named) & (1 << r) == 0;
            if bx_only_r12 && dead(12) {
                return Some(Register::BX);
            }
            bases.iter().find(|&&(_, r)| dead(r)).map(|&(x, _)| x)
        })
        .collect();
    Ok(Plan {
        free_base,
        homes,
        depth,
        reserve,
        release,
        high_live,
        merged,
        sp_extra,
        adjust_after,
        adjust_before,
    })
}
