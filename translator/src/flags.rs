//! Which MSP430 flags are read before they are written again: the translator
//! computes a flag only where this says it is live. And the data-flows over
//! registers the translation needs: which are read later (whole, or their
//! high bytes), which of their bits anything later reads
//! ([`status_demand`], [`high_byte_demand`]) and which bits they may hold
//! ([`maybe_ones`]).
//!
//! A backward data-flow over one function's instructions. Calls end every
//! flag's life (the callee's flags are not the caller's); a flag is never
//! live into a function, nor through an indirect jump (a jump table's
//! targets start with their flags dead: LLVM keeps no flag across one).

use std::collections::HashMap;

use crate::decoded::is_return;
use crate::decoded::{Decoded, Target, branch_target, index_by_address};
use crate::msp430::{Cond, Instruction as M, Op1, Op2, Operand, PC, SR};

pub type FlagSet = u8;
pub const C: FlagSet = 1;
pub const Z: FlagSet = 2;
pub const N: FlagSet = 4;
pub const V: FlagSet = 8;
pub const ALL: FlagSet = 15;

/// One instruction for [`solve`]: what it reads, what it kills, whether the
/// next one follows, where it jumps, and what is live after it regardless.
type Step = (u16, u16, bool, Option<u16>, u16);

/// Stores one step of a fixpoint (what is live after instruction `n`, and
/// into it); true if either changed.
fn store_step<T: PartialEq>(after: &mut [T], into: &mut [T], n: usize, out: T, inn: T) -> bool {
    let changed = out != after[n] || inn != into[n];
    after[n] = out;
    into[n] = inn;
    changed
}

/// A backward data-flow over one function's instructions (`index`: address to
/// position), to its fixpoint: what is live after each instruction and into
/// it. A jump out of the function makes `outside` live.
fn solve(index: &HashMap<u16, usize>, steps: &[Step], outside: u16) -> (Vec<u16>, Vec<u16>) {
    let count = steps.len();
    let mut live_in = vec![0u16; count];
    let mut live_after = vec![0u16; count];
    loop {
        let mut changed = false;
        for n in (0..count).rev() {
            let (reads, kills, falls, target, always) = steps[n];
            let mut after = always;
            if falls && n + 1 < count {
                after |= live_in[n + 1];
            }
            if let Some(t) = target {
                after |= index.get(&t).map_or(outside, |&m| live_in[m]);
            }
            let inn = reads | (after & !kills);
            changed |= store_step(&mut live_after, &mut live_in, n, after, inn);
        }
        if !changed {
            return (live_after, live_in);
        }
    }
}

/// What an instruction does to the flags, and where control goes after it.
struct Effect {
    reads: FlagSet,
    writes: FlagSet,
    falls_through: bool,
    jumps_to: Option<u16>,
}

fn effect(instruction: &M) -> Effect {
    let plain = |reads, writes| Effect {
        reads,
        writes,
        falls_through: true,
        jumps_to: None,
    };
    match *instruction {
        M::Jump { cond, target } => {
            let reads = match cond {
                Cond::Eq | Cond::Ne => Z,
                Cond::C | Cond::Nc => C,
                Cond::N => N,
                Cond::Ge | Cond::L => N | V,
                Cond::Always => 0,
            };
            Effect {
                reads,
                writes: 0,
                falls_through: cond != Cond::Always,
                jumps_to: Some(target),
            }
        }
        M::Two {
            dst: Operand::Reg(PC),
            ..
        } => Effect {
            reads: 0,
            writes: ALL,
            falls_through: false,
            jumps_to: None,
        },
        // clrc, setc (write C) and `bit #1, sr` (reads C).
        M::Two {
            dst: Operand::Reg(SR),
            op,
            ..
        } => match op {
            Op2::Bit => plain(C, ALL),
            _ => plain(0, C),
        },
        // The status register read as data: every flag is read.
        M::Two {
            src: Operand::Reg(SR),
            op,
            ..
        } => plain(
            ALL,
            if matches!(op, Op2::Mov | Op2::Bic | Op2::Bis) {
                0
            } else {
                ALL
            },
        ),
        M::Two { op, .. } => match op {
            Op2::Mov | Op2::Bic | Op2::Bis => plain(0, 0),
            Op2::Add | Op2::Sub | Op2::Cmp | Op2::Bit | Op2::And | Op2::Xor => plain(0, ALL),
            Op2::Addc | Op2::Subc | Op2::Dadd => plain(C, ALL),
        },
        M::One { op, .. } => match op {
            Op1::Rrc => plain(C, ALL),
            Op1::Rra | Op1::Sxt => plain(0, ALL),
            Op1::Swpb | Op1::Push => plain(0, 0),
            Op1::Call => plain(0, ALL),
            Op1::Reti => Effect {
                reads: 0,
                writes: ALL,
                falls_through: false,
                jumps_to: None,
            },
        },
    }
}

/// For each instruction, the flags live after it; and for each address, the
/// flags live into it.
pub fn liveness(code: &[Decoded]) -> (Vec<FlagSet>, HashMap<u16, FlagSet>) {
    let index = index_by_address(code);
    let effects: Vec<Effect> = code
        .iter()
        .map(|d| match branch_target(d) {
            Some(t) => Effect {
                reads: 0,
                writes: 0,
                falls_through: false,
                jumps_to: Some(t),
            },
            None => effect(&d.instruction),
        })
        .collect();
    let steps: Vec<Step> = effects
        .iter()
        .map(|e| {
            (
                e.reads as u16,
                e.writes as u16,
                e.falls_through,
                e.jumps_to,
                0,
            )
        })
        .collect();
    let (live_after, live_in) = solve(&index, &steps, 0);
    let by_address = code
        .iter()
        .zip(&live_in)
        .map(|(d, &f)| (d.address, f as FlagSet))
        .collect();
    (
        live_after.into_iter().map(|f| f as FlagSet).collect(),
        by_address,
    )
}

pub use crate::decoded::RegSet;

/// The register an operand names directly (none for memory operands).
fn reg_of(o: &Operand) -> RegSet {
    match o {
        Operand::Reg(r) => 1 << r,
        _ => 0,
    }
}

/// The register an operand addresses memory through (its base).
fn base_of(o: &Operand) -> RegSet {
    match o {
        Operand::Indexed(r, _) | Operand::PostInc(r) => 1 << r,
        _ => 0,
    }
}

/// For each instruction, the registers whose HIGH byte is read after it
/// before being written. A byte operation on a register clears its high
/// byte; where nothing reads that byte, the translation need not clear it.
/// Conservative: every word read, every base, a call's and a return's
/// r12-r15, and everything after an indirect jump count as reads (but
/// nothing after a call that never returns: a panic's end).
pub fn high_byte_liveness(code: &[Decoded]) -> Vec<RegSet> {
    const ARGS: RegSet = 0xF000;
    let index = index_by_address(code);
    // (reads of the high byte, writes of it (kills), falls through, jump target, indirect)
    let step = |d: &Decoded| -> (RegSet, RegSet, bool, Option<u16>, bool) {
        match d.instruction {
            M::Jump { cond, target } => (0, 0, cond != Cond::Always, Some(target), false),
            M::Two {
                dst: Operand::Reg(PC),
                src,
                ..
            } => {
                let indirect =
                    !matches!(src, Operand::Imm(_) | Operand::PostInc(crate::msp430::SP));
                // A return: what its callers read of r12-r15.
                let results = if is_return(d) { d.return_reads } else { ARGS };
                (
                    results | reg_of(&src) | base_of(&src),
                    0,
                    false,
                    None,
                    indirect,
                )
            }
            M::Two { op, byte, src, dst } => {
                let bases = base_of(&src) | base_of(&dst);
                let writes = !matches!(op, Op2::Cmp | Op2::Bit);
                let reads_dst = !matches!(op, Op2::Mov);
                if byte {
                    // A byte op reads only low bytes; a register result's high byte becomes 0.
                    (
                        bases,
                        if writes { reg_of(&dst) } else { 0 },
                        true,
                        None,
                        false,
                    )
                } else {
                    let reads = reg_of(&src) | if reads_dst { reg_of(&dst) } else { 0 };
                    (
                        bases | reads,
                        if writes { reg_of(&dst) } else { 0 },
                        true,
                        None,
                        false,
                    )
                }
            }
            M::One { op, byte, dst } => {
                let bases = base_of(&dst);
                match op {
                    // The callee's arguments are read; what it may keep
                    // lives on through it.
                    Op1::Call => (
                        d.call_use.reads | bases | reg_of(&dst),
                        ARGS & !d.call_use.keeps,
                        true,
                        None,
                        false,
                    ),
                    Op1::Push => (bases | reg_of(&dst), 0, true, None, false),
                    Op1::Reti => (0xFFFF, 0, false, None, false),
                    Op1::Sxt => (bases, reg_of(&dst), true, None, false),
                    _ if byte => (bases, reg_of(&dst), true, None, false),
                    _ => (bases | reg_of(&dst), 0, true, None, false),
                }
            }
        }
    };
    let steps: Vec<Step> = code
        .iter()
        .map(|d| match branch_target(d) {
            Some(t) => (0, 0, false, Some(t), 0),
            None if d.never_returns => (0, 0, false, None, 0),
            None => {
                let (reads, kills, falls, target, indirect) = step(d);
                (
                    reads,
                    kills,
                    falls,
                    target,
                    if indirect { 0xFFFF } else { 0 },
                )
            }
        })
        .collect();
    solve(&index, &steps, 0xFFFF).0
}

/// For each instruction, the registers read after it before being written
/// (whole registers), and the registers it names or reads itself. A call reads the
/// argument registers and defines r11-r15; a return reads r12-r15 (results)
/// and r4-r10 (the caller's, restored); a jump out of the function the same.
pub fn register_liveness(code: &[Decoded]) -> (Vec<RegSet>, Vec<RegSet>) {
    const RESULTS: RegSet = 0xF000;
    const SAVED: RegSet = 0x07F0;
    const CLOBBERED: RegSet = 0xF800;
    let index = index_by_address(code);
    // (reads, kills, falls through, jump target, leaves the function)
    let step = |d: &Decoded| -> (RegSet, RegSet, bool, Option<u16>, bool) {
        if d.never_returns {
            return (0, 0, false, None, false);
        }
        match d.instruction {
            M::Jump { cond, target } => {
                let inside = index.contains_key(&target);
                (
                    if inside { 0 } else { RESULTS | SAVED },
                    0,
                    cond != Cond::Always,
                    inside.then_some(target),
                    false,
                )
            }
            M::Two {
                dst: Operand::Reg(PC),
                src,
                ..
            } => {
                let direct_inside = matches!(src, Operand::Imm(_))
                    && d.src_target
                        .as_ref()
                        .is_some_and(|t| matches!(t, Target::Text(a) if index.contains_key(a)));
                if direct_inside {
                    let Target::Text(a) = d.src_target.clone().unwrap() else {
                        unreachable!()
                    };
                    (0, 0, false, Some(a), false)
                } else {
                    // A return, a tail call or a jump table: everything may
                    // be read (but a return's unread results).
                    let unread = if is_return(d) {
                        RESULTS & !d.return_reads
                    } else {
                        0
                    };
                    (!unread, 0, false, None, true)
                }
            }
            M::Two { op, byte, src, dst } => {
                let writes = !matches!(op, Op2::Cmp | Op2::Bit);
                let reads_dst = !(op == Op2::Mov);
                let _ = byte;
                let reads = reg_of(&src)
                    | base_of(&src)
                    | base_of(&dst)
                    | if reads_dst { reg_of(&dst) } else { 0 };
                (
                    reads,
                    if writes { reg_of(&dst) } else { 0 },
                    true,
                    None,
                    false,
                )
            }
            M::One { op, dst, .. } => {
                let reads = reg_of(&dst) | base_of(&dst);
                match op {
                    Op1::Call => (
                        reads | d.call_use.reads,
                        CLOBBERED & !d.call_use.keeps,
                        true,
                        None,
                        false,
                    ),
                    Op1::Push => (reads, 0, true, None, false),
                    Op1::Reti => (0xFFFF, 0, false, None, true),
                    _ => (reads, reg_of(&dst), true, None, false),
                }
            }
        }
    };
    let steps: Vec<_> = code.iter().map(step).collect();
    let solved: Vec<Step> = steps
        .iter()
        .map(|&(r, k, f, t, _)| (r, k, f, t, 0))
        .collect();
    let (live_after, _) = solve(&index, &solved, 0);
    // Named by the instruction, or read by it (a return or an indirect jump
    // reads everything its targets may).
    let named = code
        .iter()
        .zip(&steps)
        .map(|(d, step)| {
            step.0
                | match d.instruction {
                    M::Two { src, dst, .. } => {
                        reg_of(&src) | base_of(&src) | reg_of(&dst) | base_of(&dst)
                    }
                    M::One { dst, .. } => reg_of(&dst) | base_of(&dst),
                    M::Jump { .. } => 0,
                }
        })
        .collect();
    (live_after, named)
}

/// The bits of a value that something after it reads, for each register:
/// [`status_demand`]'s state.
type Demand = [u16; 16];

/// Every bit below the highest in `bits` (a sum's or difference's bit
/// depends on the bits below it).
fn and_below(bits: u16) -> u16 {
    if bits == 0 {
        0
    } else {
        u16::MAX >> bits.leading_zeros()
    }
}

/// For each instruction that reads the status register as data, the bits of
/// SR that anything after it reads (C bit 0, Z bit 1, N bit 2, V bit 8): LLVM
/// turns a flag into a value with `mov r2, rn` and then masks and shifts it,
/// so usually one bit matters, and the translation needs only that one.
///
/// A backward data-flow over one function: the bits of each register that
/// are read later. Conservative where it does not know better: a sum's bits
/// depend on all below them, a flag that is read makes every bit of the
/// result matter, a memory write or a base reads the whole word, and calls,
/// returns and jumps out of the function read every register whole.
///
/// Where SR (or a copy of it) is combined with a register whose other bits
/// are known to be 0 (`mov #1, rn; bic r2, rn`), only the bits that may be 1
/// count ([`maybe_ones`]); where it is OR-ed into a constant just set
/// (`mov #1, rn; bis r2, rn`), only those the constant leaves 0.
pub fn status_demand(
    code: &[Decoded],
    live_after: &[FlagSet],
    labels: &std::collections::HashSet<u16>,
) -> HashMap<u16, u16> {
    demanded_bits(code, live_after, labels).1
}

/// For each instruction, the registers whose high byte matters after it
/// ([`status_demand`]'s data-flow: a bit of 8-15 that something later
/// reads).
pub fn high_byte_demand(code: &[Decoded], labels: &std::collections::HashSet<u16>) -> Vec<RegSet> {
    let (live_after, _) = liveness(code);
    demanded_bits(code, &live_after, labels)
        .0
        .iter()
        .map(|after| {
            (0..16)
                .filter(|&r| after[r] & 0xFF00 != 0)
                .fold(0, |set, r| set | 1 << r)
        })
        .collect()
}

/// [`status_demand`]'s data-flow: the bits of each register that matter
/// after each instruction, and SR's at each read of it.
fn demanded_bits(
    code: &[Decoded],
    live_after: &[FlagSet],
    labels: &std::collections::HashSet<u16>,
) -> (Vec<Demand>, HashMap<u16, u16>) {
    const ALL_BITS: Demand = [u16::MAX; 16];
    let index = index_by_address(code);
    let count = code.len();
    let mut after: Vec<Demand> = vec![[0; 16]; count];
    let mut before: Vec<Demand> = vec![[0; 16]; count];
    let mut status: HashMap<u16, u16> = HashMap::new();
    let maybe = maybe_ones(code, labels);
    let merge = |into: &mut Demand, from: &Demand| {
        for (a, b) in into.iter_mut().zip(from) {
            *a |= *b;
        }
    };
    loop {
        let mut changed = false;
        for n in (0..count).rev() {
            let d = &code[n];
            let mut out: Demand = [0; 16];
            let (falls, target, leaves) = next_of(d);
            if falls && n + 1 < count {
                merge(&mut out, &before[n + 1]);
            }
            if let Some(t) = target {
                match index.get(&t) {
                    Some(&m) => merge(&mut out, &before[m]),
                    None => out = ALL_BITS,
                }
            }
            if leaves {
                out = ALL_BITS;
                if is_return(d) {
                    for (r, bits) in out.iter_mut().enumerate().skip(12) {
                        if d.return_reads & 1 << r == 0 {
                            *bits = 0;
                        }
                    }
                }
            }
            let (inn, sr) = if d.never_returns {
                ([0; 16], None)
            } else {
                demand_before(d, &out, live_after[n] != 0, &maybe[n])
            };
            if let Some(mut bits) = sr {
                // `mov #k, rn; bis r2, rn`: the bits k sets leave SR's unread.
                if let (
                    Some(M::Two {
                        op: Op2::Mov,
                        byte: false,
                        src: Operand::Imm(k),
                        dst: Operand::Reg(set),
                    }),
                    M::Two {
                        op: Op2::Bis,
                        dst: Operand::Reg(combined),
                        ..
                    },
                ) = (n.checked_sub(1).map(|m| code[m].instruction), d.instruction)
                    && set == combined
                    && code[n - 1].src_target.is_none()
                    && !labels.contains(&d.address)
                {
                    bits &= !k;
                }
                let old = status.insert(d.address, bits);
                if old != Some(bits) {
                    changed = true;
                }
            }
            changed |= store_step(&mut after, &mut before, n, out, inn);
        }
        if !changed {
            return (after, status);
        }
    }
}

/// Where control goes after an instruction: whether it falls through, the
/// jump's target in the function, whether it leaves the function (a
/// return, an indirect jump). A call that never returns goes nowhere.
fn next_of(d: &Decoded) -> (bool, Option<u16>, bool) {
    match branch_target(d) {
        Some(t) => (false, Some(t), false),
        None if d.never_returns => (false, None, false),
        None => match d.instruction {
            M::Jump { cond, target } => (cond != Cond::Always, Some(target), false),
            M::Two {
                dst: Operand::Reg(PC),
                ..
            }
            | M::One { op: Op1::Reti, .. } => (false, None, true),
            _ => (true, None, false),
        },
    }
}

/// For each instruction, the bits of each register that may be 1 before it
/// (a forward data-flow): a constant's bits, narrowed by AND and BIC, a
/// byte operation's low byte; anything else may be anything. A function's
/// entry, and every label where a jump table may arrive, may hold anything.
pub fn maybe_ones(code: &[Decoded], labels: &std::collections::HashSet<u16>) -> Vec<Demand> {
    const ANY: Demand = [u16::MAX; 16];
    let index = index_by_address(code);
    // An indirect jump (not a return) may reach any label.
    let indirect = code.iter().any(|d| {
        matches!(d.instruction, M::Two { dst: Operand::Reg(PC), src, .. }
            if !matches!(src, Operand::Imm(_) | Operand::PostInc(crate::msp430::SP)))
    });
    let count = code.len();
    let mut before: Vec<Demand> = vec![[0; 16]; count];
    if count > 0 {
        before[0] = ANY;
    }
    if indirect {
        for (n, d) in code.iter().enumerate() {
            if labels.contains(&d.address) {
                before[n] = ANY;
            }
        }
    }
    let value = |o: &Operand, state: &Demand, byte: bool| -> u16 {
        let width = if byte { 0x00FF } else { u16::MAX };
        width
            & match *o {
                Operand::Imm(k) => k,
                Operand::Reg(r) if r != SR && r != 3 && r != PC => state[r as usize],
                _ => u16::MAX,
            }
    };
    loop {
        let mut changed = false;
        for n in 0..count {
            let d = &code[n];
            let mut state = before[n];
            match d.instruction {
                M::Two { op, byte, src, dst } => {
                    let width = if byte { 0x00FF } else { u16::MAX };
                    if let Operand::PostInc(r) = src {
                        state[r as usize] = u16::MAX;
                    }
                    if let Operand::Reg(r) = dst
                        && !matches!(op, Op2::Cmp | Op2::Bit)
                    {
                        let old = before[n][r as usize];
                        let v = value(&src, &before[n], byte);
                        state[r as usize] = match op {
                            Op2::Mov => v,
                            Op2::And => old & v & width,
                            Op2::Bic => old & width,
                            Op2::Bis | Op2::Xor => (old | v) & width,
                            _ => width,
                        };
                    }
                }
                M::One { op, byte, dst } => match op {
                    Op1::Call => {
                        for bits in state.iter_mut().skip(11) {
                            *bits = u16::MAX;
                        }
                    }
                    Op1::Push => {}
                    _ => {
                        if let Operand::Reg(r) = dst {
                            state[r as usize] = if byte { 0x00FF } else { u16::MAX };
                        }
                    }
                },
                M::Jump { .. } => {}
            }
            let (falls, target, _) = next_of(d);
            let mut flow = |m: usize, before: &mut Vec<Demand>| {
                for (b, s) in before[m].iter_mut().zip(&state) {
                    if *b | *s != *b {
                        *b |= *s;
                        changed = true;
                    }
                }
            };
            if falls && n + 1 < count {
                flow(n + 1, &mut before);
            }
            if let Some(m) = target.and_then(|t| index.get(&t).copied()) {
                flow(m, &mut before);
            }
        }
        if !changed {
            return before;
        }
    }
}

/// The bits of each register read before an instruction, given those read
/// after it and whether a flag it writes is read; and, where it reads SR as
/// data, the bits of SR it needs.
fn demand_before(
    d: &Decoded,
    after: &Demand,
    flags_read: bool,
    maybe: &Demand,
) -> (Demand, Option<u16>) {
    let mut before = *after;
    let mut sr = None;
    let whole_base = |before: &mut Demand, o: &Operand| {
        if let Operand::Indexed(r, _) | Operand::PostInc(r) = *o {
            before[r as usize] = u16::MAX;
        }
    };
    match d.instruction {
        M::Jump { .. } => {}
        // `br #label`: a jump, and a return: they read nothing themselves
        // (what follows them is in `after`).
        _ if branch_target(d).is_some() || is_return(d) => {}
        M::Two {
            dst: Operand::Reg(PC),
            ..
        } => before = [u16::MAX; 16],
        M::Two {
            dst: Operand::Reg(SR),
            ..
        } => {}
        M::Two { op, byte, src, dst } => {
            let width = if byte { 0x00FF } else { u16::MAX };
            let writes = !matches!(op, Op2::Cmp | Op2::Bit);
            let sets_flags = !matches!(op, Op2::Mov | Op2::Bic | Op2::Bis);
            // The result's bits that matter.
            let mut result = match dst {
                Operand::Reg(r) if writes => after[r as usize],
                Operand::Reg(_) => 0,
                _ => u16::MAX,
            } & width;
            if sets_flags && flags_read {
                result = width;
            }
            // The bits of each operand that the result's bits depend on.
            // A bit of the other operand's that is surely 0 masks off (AND)
            // or leaves (BIC) the same bit of this one.
            let dst_may = match dst {
                Operand::Reg(r) => maybe[r as usize],
                _ => u16::MAX,
            };
            let src_may = match src {
                Operand::Imm(k) => k,
                Operand::Reg(r) if r != SR && r != 3 => maybe[r as usize],
                _ => u16::MAX,
            };
            let (from_src, from_dst) = match op {
                Op2::Mov => (result, 0),
                Op2::Bic => (result & dst_may, result),
                Op2::Bis | Op2::Xor => (result, result),
                Op2::And | Op2::Bit => (result & dst_may, result & src_may),
                _ => (and_below(result), and_below(result)),
            };
            if let Operand::Reg(r) = dst
                && writes
                && r != SR
            {
                before[r as usize] = 0;
            }
            whole_base(&mut before, &dst);
            whole_base(&mut before, &src);
            if let Operand::PostInc(r) = src {
                before[r as usize] = u16::MAX;
            }
            if let Operand::Reg(r) = dst {
                before[r as usize] |= from_dst;
            }
            match src {
                Operand::Reg(SR) => sr = Some(from_src),
                Operand::Reg(r) => before[r as usize] |= from_src,
                _ => {}
            }
        }
        M::One { op, byte, dst } => {
            let width = if byte { 0x00FF } else { u16::MAX };
            match op {
                Op1::Call => {
                    // The callee may change r11-r15, reads its arguments
                    // and may give back others of r12-r15 as they came
                    // ([`crate::argument_use`]); r4-r10 come back as they were.
                    before[11] = 0;
                    for (r, bits) in before.iter_mut().enumerate().skip(12) {
                        if d.call_use.reads & 1 << r != 0 {
                            *bits = u16::MAX;
                        } else if d.call_use.keeps & 1 << r == 0 {
                            *bits = 0;
                        }
                    }
                    whole_base(&mut before, &dst);
                    if let Operand::Reg(r) = dst {
                        before[r as usize] = u16::MAX;
                    }
                }
                Op1::Reti => before = [u16::MAX; 16],
                Op1::Push => {
                    whole_base(&mut before, &dst);
                    if let Operand::Reg(r) = dst {
                        before[r as usize] |= width;
                    }
                }
                _ => {
                    whole_base(&mut before, &dst);
                    if let Operand::Reg(r) = dst {
                        let result = if flags_read {
                            width
                        } else {
                            after[r as usize] & width
                        };
                        let needed = match op {
                            // Bit i comes from bit i + 1 (RRA keeps the top
                            // bit, RRC takes C there); C gets bit 0.
                            Op1::Rra | Op1::Rrc if !byte => {
                                (result << 1) | (result & 0x8000) | u16::from(flags_read)
                            }
                            Op1::Swpb => result.rotate_left(8),
                            _ if result != 0 => width,
                            _ => 0,
                        };
                        before[r as usize] = needed;
                    }
                }
            }
        }
    }
    (before, sr)
}
