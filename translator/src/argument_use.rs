//! Which of the argument registers r12-r15 each function reads, and which
//! it may give back as they came: an interprocedural liveness. A call then
//! reads only its callee's arguments, where the per-function analyses
//! ([`crate::flags`]) took it to read r12-r15 whole; so a flag turned into
//! a value (`mov r2, r14`) that only reaches a call of a function that
//! never reads r14 needs no more than the bits read on the way.
//!
//! For each function, two backward liveness solutions over its code, from
//! its entry: `reads` with a return reading nothing, `keeps` with a return
//! reading r12-r15 (a register a path leaves unwritten to a return comes
//! back as it was: the caller may read it as a result, `fn f(x) -> x`).
//! Both grow from nothing to a fixpoint over the whole program, a call
//! reading what its callee reads and passing through what it keeps. Where
//! the callee is not known (a pointer, a tail call, a jump table, a
//! runtime routine not in [`runtime_reads`]) it reads and keeps all four.
//!
//! And the other way ([`mark_returns`]): a return reads only the registers
//! of r12-r15 that its function's callers read after their calls, where
//! every caller is known (no pointer to it, no tail call, not a root).

use std::collections::HashMap;

use crate::decoded::{Decoded, Target, branch_target, index_by_address};
use crate::flags::RegSet;
use crate::msp430::{Cond, Instruction as M, Op1, Op2, Operand, PC, SP};

pub use crate::decoded::{ARGUMENTS, CallUse, UNKNOWN, is_return};

/// The argument registers a runtime routine reads: the MSP430 EABI's
/// libcalls' arguments, and those of src/dos/rt86.rs's declarations (a
/// u32 takes two registers). They may keep any.
fn runtime_reads(name: &str) -> RegSet {
    const R12: RegSet = 0x1000;
    const R12_13: RegSet = 0x3000;
    const R12_14: RegSet = 0x7000;
    match name {
        "rt86_segment" | "rt86_idle" => 0,
        "rt86_table_read" | "rt86_in" | "rt86_exit" => R12,
        "__mspabi_mpyi" | "__mspabi_mpysl" | "__mspabi_mpyul" | "__mspabi_divu"
        | "__mspabi_remu" | "__mspabi_divi" | "__mspabi_remi" | "__mspabi_slli"
        | "__mspabi_srli" | "__mspabi_srai" | "rt86_int" | "rt86_far_read"
        | "rt86_far_read_byte" | "rt86_far_fill" | "rt86_out" => R12_13,
        "__mspabi_slll"
        | "__mspabi_srll"
        | "__mspabi_sral"
        | "memcpy"
        | "memmove"
        | "memset"
        | "memcmp"
        | "bcmp"
        | "rt86_far_write"
        | "rt86_far_write_byte"
        | "rt86_far_put"
        | "rt86_far_get"
        | "rt86_engine_call"
        | "rt86_table_write" => R12_14,
        _ => ARGUMENTS,
    }
}

/// What a call instruction's callee does with r12-r15, given what is known
/// of the program's functions (by entry address).
fn call_use(d: &Decoded, functions: &HashMap<u16, CallUse>) -> CallUse {
    match (&d.instruction, &d.src_target) {
        (
            M::One {
                op: Op1::Call,
                dst: Operand::Imm(_),
                ..
            },
            Some(Target::Text(a)),
        ) => functions.get(a).copied().unwrap_or(UNKNOWN),
        (
            M::One {
                op: Op1::Call,
                dst: Operand::Imm(_),
                ..
            },
            Some(Target::Runtime(name)),
        ) => CallUse {
            reads: runtime_reads(name),
            keeps: ARGUMENTS,
        },
        _ => UNKNOWN,
    }
}

/// The registers of r12-r15 an operand reads as a register or a base.
fn read_by(o: &Operand) -> RegSet {
    match *o {
        Operand::Reg(r) | Operand::Indexed(r, _) | Operand::PostInc(r) => (1 << r) & ARGUMENTS,
        _ => 0,
    }
}

/// r12-r15 live into a function's entry: with a return reading nothing
/// (`returns_read` 0) or r12-r15.
fn live_into(code: &[Decoded], functions: &HashMap<u16, CallUse>, returns_read: RegSet) -> RegSet {
    let index = index_by_address(code);
    // (reads, kills, falls through, jump target in the function)
    let step = |d: &Decoded| -> (RegSet, RegSet, bool, Option<usize>) {
        if d.never_returns {
            return (0, 0, false, None);
        }
        if let Some(t) = branch_target(d) {
            return match index.get(&t) {
                Some(&m) => (0, 0, false, Some(m)),
                None => (ARGUMENTS, 0, false, None),
            };
        }
        match d.instruction {
            M::Jump { cond, target } => {
                let falls = cond != Cond::Always;
                match index.get(&target) {
                    Some(&m) => (0, 0, falls, Some(m)),
                    None => (ARGUMENTS, 0, falls, None),
                }
            }
            M::Two {
                src: Operand::PostInc(SP),
                dst: Operand::Reg(PC),
                op: Op2::Mov,
                ..
            } => (returns_read, 0, false, None),
            // A tail call or a jump table: anything may be read.
            M::Two {
                dst: Operand::Reg(PC),
                ..
            } => (ARGUMENTS, 0, false, None),
            M::Two { op, src, dst, .. } => {
                let reads_dst = op != Op2::Mov;
                let dst_reg = match dst {
                    Operand::Reg(r) => (1 << r) & ARGUMENTS,
                    _ => 0,
                };
                let reads = read_by(&src)
                    | (read_by(&dst) & !dst_reg)
                    | if reads_dst { dst_reg } else { 0 };
                let writes = !matches!(op, Op2::Cmp | Op2::Bit);
                (reads, if writes { dst_reg } else { 0 }, true, None)
            }
            M::One { op, dst, .. } => match op {
                Op1::Call => {
                    let callee = call_use(d, functions);
                    (
                        callee.reads | read_by(&dst),
                        ARGUMENTS & !callee.keeps,
                        true,
                        None,
                    )
                }
                Op1::Reti => (ARGUMENTS, 0, false, None),
                Op1::Push => (read_by(&dst), 0, true, None),
                _ => {
                    let dst_reg = match dst {
                        Operand::Reg(r) => (1 << r) & ARGUMENTS,
                        _ => 0,
                    };
                    (read_by(&dst), dst_reg & !read_by(&dst), true, None)
                }
            },
        }
    };
    let steps: Vec<_> = code.iter().map(step).collect();
    let mut live_in = vec![0 as RegSet; code.len()];
    loop {
        let mut changed = false;
        for n in (0..code.len()).rev() {
            let (reads, kills, falls, target) = steps[n];
            let mut after = 0;
            if falls && n + 1 < code.len() {
                after |= live_in[n + 1];
            }
            if let Some(m) = target {
                after |= live_in[m];
            }
            let inn = reads | (after & !kills);
            if inn != live_in[n] {
                live_in[n] = inn;
                changed = true;
            }
        }
        if !changed {
            return live_in.first().copied().unwrap_or(0);
        }
    }
}

/// Each function's use of r12-r15 (by entry address), to the whole
/// program's fixpoint.
pub fn argument_use(functions: &[Vec<Decoded>]) -> HashMap<u16, CallUse> {
    let mut known: HashMap<u16, CallUse> = functions
        .iter()
        .filter_map(|f| f.first())
        .map(|d| (d.address, CallUse { reads: 0, keeps: 0 }))
        .collect();
    loop {
        let mut changed = false;
        for code in functions.iter().filter(|f| !f.is_empty()) {
            let reads = live_into(code, &known, 0);
            let keeps = live_into(code, &known, ARGUMENTS);
            let now = CallUse { reads, keeps };
            if known.insert(code[0].address, now) != Some(now) {
                changed = true;
            }
        }
        if !changed {
            return known;
        }
    }
}

/// Gives each call in the program what its callee reads and keeps
/// ([`Decoded::call_use`]).
pub fn mark_calls(functions: &mut [Vec<Decoded>]) {
    let known = argument_use(functions);
    for d in functions.iter_mut().flatten() {
        if matches!(d.instruction, M::One { op: Op1::Call, .. }) {
            d.call_use = call_use(d, &known);
        }
    }
}

/// Gives each return the registers of r12-r15 its function's callers read
/// after the call ([`Decoded::return_reads`]): all four for a function
/// whose address is taken (a pointer, a tail call, a table), for `roots`
/// (entered by the runtime) and for what is not a function's entry; else
/// what is read after its calls, to the whole program's fixpoint (a call's
/// live-out depends on its caller's returns).
pub fn mark_returns(functions: &mut [Vec<Decoded>], data_targets: &[u16], roots: &[u16]) {
    let entries: std::collections::HashSet<u16> = functions
        .iter()
        .filter_map(|f| f.first())
        .map(|d| d.address)
        .collect();
    let mut taken: std::collections::HashSet<u16> =
        data_targets.iter().chain(roots).copied().collect();
    for d in functions.iter().flatten() {
        let direct_call = matches!(
            d.instruction,
            M::One {
                op: Op1::Call,
                dst: Operand::Imm(_),
                ..
            }
        );
        if let Some(Target::Text(a)) = &d.src_target
            && !direct_call
        {
            taken.insert(*a);
        }
        if let Some(Target::Text(a)) = &d.dst_target {
            taken.insert(*a);
        }
    }
    let mut results: HashMap<u16, RegSet> = entries
        .iter()
        .map(|&a| (a, if taken.contains(&a) { ARGUMENTS } else { 0 }))
        .collect();
    loop {
        for code in functions.iter_mut().filter(|f| !f.is_empty()) {
            let read = results[&code[0].address];
            for d in code.iter_mut().filter(|d| is_return(d)) {
                d.return_reads = read;
            }
        }
        let mut changed = false;
        for code in functions.iter() {
            let (live_after, _) = crate::flags::register_liveness(code);
            for (d, after) in code.iter().zip(&live_after) {
                if let (
                    M::One {
                        op: Op1::Call,
                        dst: Operand::Imm(_),
                        ..
                    },
                    Some(Target::Text(a)),
                ) = (&d.instruction, &d.src_target)
                    && let Some(r) = results.get_mut(a)
                    && *r | (after & ARGUMENTS) != *r
                {
                    *r |= after & ARGUMENTS;
                    changed = true;
                }
            }
        }
        if !changed {
            return;
        }
    }
}
