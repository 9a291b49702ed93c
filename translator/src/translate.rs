//! MSP430 instructions to 8086 instructions, one function at a time.
//!
//! ## The register map
//! Each MSP430 register has one home for the whole program, so that every
//! function agrees with its callers on where arguments, results and saved
//! registers are:
//!
//! | MSP430 | 8086 | MSP430 ABI role |
//! |---|---|---|
//! | r1 (SP) | SP | the stack: same layout, 2-byte return addresses |
//! | r12 | BX | first argument, result (low word) |
//! | r13 | CX | second argument, result (high word) |
//! | r14 | DX | third argument |
//! | r10 | SI | callee-saved |
//! | r9 | DI | callee-saved |
//! | r4-r8, r11, r15 | words in memory ([`Vregs`]) | r15: fourth argument |
//!
//! AX is scratch, and BP points at the stack (BP = SP) whenever an operand is
//! `X(SP)`: the 8086 cannot address memory through SP. BP also serves as a
//! temporary base for `X(Rn)` where Rn lives in CX, DX or memory. A copy of
//! SP in BP is kept across calls and pushes (the translator knows BP - SP),
//! and across labels where every arrival agrees.
//!
//! ## The calling convention
//! The MSP430's, through the map: arguments in BX, CX, DX, r15's word, then on
//! the stack; results in BX (and CX); SI, DI and r4-r8's words are preserved
//! by the callee (the MSP430 code saves them itself); AX and the flags are
//! not. BP is preserved too, so that a caller's copy of SP survives its calls
//! (1,185 reloads fewer): a function whose translation writes BP pushes its
//! caller's on entry and pops it before each return. Its own stack then lies
//! 2 bytes below the MSP430's: its frame keeps its offsets from SP, and the
//! return address and the caller's stack arguments are 2 bytes further up
//! (`stack_displacement`). The runtime's routines (src/runtime.rs) follow it
//! too.
//!
//! ## Flags
//! Flags are computed only where an instruction reads them ([`crate::flags`]).
//! The 8086's flags stand for the MSP430's, with one twist: after SUB, SUBC
//! and CMP the MSP430's carry is NOT-borrow, the 8086's is borrow. The
//! translator remembers which sense the 8086's CF has (`Carry`) and picks the
//! jump to match, or flips it with CMC where a reader needs the other sense;
//! at a label where the carry is read, it is always the MSP430's sense.

use std::collections::{HashMap, HashSet};

use iced_x86::{Code, ConditionCode, Instruction, MemoryOperand, Register};

use crate::emit::{Item, Label};
use crate::flags::{self, FlagSet};
use crate::msp430::{Cond, Instruction as M, Op1, Op2, Operand, PC, Reg, SP, SR};

/// The words in memory that hold r0-r15 when their home is not an 8086
/// register (only r4-r8, r11 and r15 are used): 32 bytes the output reserves
/// at this address.
pub struct Vregs(pub u16);

/// Where a 16-bit relocated immediate points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    Text(u16),
    Runtime(String),
}

/// A decoded instruction with what the relocations say of its operands.
#[derive(Clone, Debug)]
pub struct Decoded {
    pub address: u16,
    pub len: u16,
    pub instruction: M,
    /// The source's (or single operand's) immediate names code or the runtime.
    pub src_target: Option<Target>,
    pub dst_target: Option<Target>,
    /// A call that never returns (to `piskrs_fatal`, where a panic ends):
    /// nothing after it reads a register or a flag.
    pub never_returns: bool,
}

/// The home of an MSP430 register.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Home {
    Reg(Register),
    Mem(u16),
    /// A word of the function's own frame, at this offset from SP on entry:
    /// the word where the MSP430 code saves its caller's value of the
    /// register. The register lives there instead, and the caller's value
    /// stays in the caller's own home, untouched.
    Slot(i16),
}

/// Where one function keeps each register. r12-r15 stay where the calling
/// convention puts them. r4-r10 are the function's own (it saves its
/// caller's values on entry and restores them on exit, by their homes), so
/// it may put them in any home its callees preserve: the most used go to SI
/// and DI, the rest to the words of r4-r10; a function that calls nothing
/// may also use BX, CX and DX where r12-r14 are unused. r11 lives only
/// between calls: a free BX, CX or DX serves.
pub fn plan_homes(code: &[Decoded], vregs: &Vregs) -> [Home; 16] {
    let mut homes: [Home; 16] = std::array::from_fn(|r| home(r as Reg, vregs));
    let mut uses = [0usize; 16];
    let mut leaf = true;
    for d in code {
        // A register used as a base costs most outside SI/DI/BX (it must be
        // copied to BP, which then needs SP copied back).
        let mut count = |o: &Operand| match o {
            Operand::Reg(r) => uses[*r as usize] += 1,
            Operand::Indexed(r, _) | Operand::PostInc(r) => uses[*r as usize] += BASE_WEIGHT,
            _ => {}
        };
        match &d.instruction {
            M::Two { src, dst, .. } => {
                count(src);
                count(dst);
            }
            M::One { op, dst, .. } => {
                count(dst);
                if *op == Op1::Call {
                    leaf = false;
                }
            }
            M::Jump { .. } => {}
        }
    }
    let abi = [
        (12usize, Register::BX),
        (13, Register::CX),
        (14, Register::DX),
    ];
    let mut free_scratch: Vec<Register> = abi
        .iter()
        .filter(|(r, _)| uses[*r] == 0)
        .map(|&(_, x)| x)
        .collect();
    let mut saved: Vec<Home> = Vec::new();
    if leaf && free_scratch.first() == Some(&Register::BX) {
        saved.push(Home::Reg(Register::BX));
        free_scratch.remove(0);
    }
    saved.push(Home::Reg(Register::SI));
    saved.push(Home::Reg(Register::DI));
    if leaf {
        saved.extend(free_scratch.drain(..).map(Home::Reg));
    }
    saved.extend((4..=10u16).map(|r| Home::Mem(vregs.0 + 2 * r)));
    let mut callee_saved: Vec<usize> = (4..=10).filter(|&r| uses[r] > 0).collect();
    callee_saved.sort_by_key(|&r| (std::cmp::Reverse(uses[r]), r));
    for (r, place) in callee_saved.into_iter().zip(saved) {
        homes[r] = place;
    }
    // r11 stays in its word: a BX, CX or DX that this function's code never
    // names may still carry an argument through to a call, or a result
    // through to the return (found by the lockstep differ: r11 in DX broke
    // the budget that benchmark::reply passes on in r14).
    homes
}

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
    /// Where BX holds nothing live: r12 is dead and not named, and no other
    /// register lives in BX.
    pub bx_free: Vec<bool>,
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
            bx_free: vec![false; code.len()],
            sp_extra: HashMap::new(),
            adjust_after: HashMap::new(),
            adjust_before: HashMap::new(),
        })
    }
}

/// Where `br #label` goes: a jump like any other (not a return, not a table).
pub fn branch_target(d: &Decoded) -> Option<u16> {
    match (&d.instruction, &d.src_target) {
        (
            M::Two {
                op: Op2::Mov,
                src: Operand::Imm(_),
                dst: Operand::Reg(PC),
                ..
            },
            Some(Target::Text(t)),
        ) => Some(*t),
        _ => None,
    }
}

/// Where a jump within the function goes (a conditional or plain jump, or
/// `br #label`).
fn jump_target(d: &Decoded) -> Option<u16> {
    match d.instruction {
        M::Jump { target, .. } => Some(target),
        _ => branch_target(d),
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
    let index: HashMap<u16, usize> = code
        .iter()
        .enumerate()
        .map(|(n, d)| (d.address, n))
        .collect();
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
    let bx_only_r12 = (0..16).all(|r| r == 12 || homes[r] != Home::Reg(Register::BX));
    let (live, named) = flags::register_liveness(code);
    let bx_free = live
        .iter()
        .zip(&named)
        .map(|(after, named)| bx_only_r12 && (after | named) & (1 << 12) == 0)
        .collect();
    Ok(Plan {
        bx_free,
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

/// How much more a use as a base weighs than a plain use, in [`plan_homes`].
const BASE_WEIGHT: usize = 2;

/// Whether an instruction reads SP as data (under a PUSHF it would read SP - 2).
fn reads_sp(i: &Instruction) -> bool {
    (0..i.op_count())
        .any(|n| i.op_kind(n) == iced_x86::OpKind::Register && i.op_register(n) == Register::SP)
}

/// Whether the next instruction runs after this one (when it does not jump).
fn falls_through(instruction: &M) -> bool {
    match *instruction {
        M::Jump { cond, .. } => cond != Cond::Always,
        M::Two {
            dst: Operand::Reg(PC),
            ..
        } => false,
        M::One { op: Op1::Reti, .. } => false,
        _ => true,
    }
}

/// The program-wide homes (the calling convention's).
pub fn home(reg: Reg, vregs: &Vregs) -> Home {
    match reg {
        12 => Home::Reg(Register::BX),
        13 => Home::Reg(Register::CX),
        14 => Home::Reg(Register::DX),
        10 => Home::Reg(Register::SI),
        9 => Home::Reg(Register::DI),
        _ => Home::Mem(vregs.0 + 2 * reg as u16),
    }
}

fn low(r: Register) -> Option<Register> {
    match r {
        Register::AX => Some(Register::AL),
        Register::BX => Some(Register::BL),
        Register::CX => Some(Register::CL),
        Register::DX => Some(Register::DL),
        _ => None,
    }
}

fn high(r: Register) -> Option<Register> {
    match r {
        Register::AX => Some(Register::AH),
        Register::BX => Some(Register::BH),
        Register::CX => Some(Register::CH),
        Register::DX => Some(Register::DH),
        _ => None,
    }
}

fn is_base(r: Register) -> bool {
    matches!(r, Register::BX | Register::SI | Register::DI | Register::BP)
}

fn mem_at(address: u16) -> MemoryOperand {
    MemoryOperand::with_displ(address as u64, 2)
}

fn mem_base(base: Register, disp: u16) -> MemoryOperand {
    MemoryOperand::with_base_displ_size(base, disp as i16 as i64, 1)
}

/// An operand as the 8086 sees it.
#[derive(Clone, Debug)]
enum X {
    R(Register),
    M(MemoryOperand),
    I(u16),
    /// An immediate that is a label's address.
    L(Label),
}

/// What instruction-by-instruction translation leaves behind and nothing
/// needs: `mov r, r`, `not ax` twice in a row (SR's inverted carry, then
/// BIC's complement of it), a byte set then its high byte cleared.
fn tidy(out: &mut Vec<Item>) {
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

/// A loop that shifts `x` by the count in `c` a bit a turn
/// ([`FunctionTranslator::shift_loop`]).
struct ShiftLoop {
    left: bool,
    /// The shift is a byte operation (`add.b`, `rrc.b`).
    byte: bool,
    x: Reg,
    c: Reg,
    /// The counter counts down as a byte (`sub.b`).
    counter_byte: bool,
    /// The count is 1 to 15: the loop is entered only past a test for 0
    /// and the counter's other bits are surely 0 ([`flags::maybe_ones`]).
    small: bool,
    /// Something after the loop reads the counter (it ends at 0).
    counter_read_after: bool,
    /// Its MSP430 instructions.
    length: usize,
}

/// The sense of the 8086's CF relative to the MSP430's C.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Carry {
    /// CF = C (after ADD, ADDC, RRA, RRC...).
    Same,
    /// CF = not C (after SUB, SUBC, CMP).
    Inverted,
    /// C = not Z (after AND, BIT, XOR, SXT: the MSP430 sets C when the result
    /// is not zero).
    NotZero,
    Unknown,
}

fn op_code(op: Op2, byte: bool, form: Form) -> Option<Code> {
    use Code as C;
    use Form::*;
    let name = match op {
        Op2::Mov => 0,
        Op2::Add => 1,
        Op2::Addc => 2,
        Op2::Sub => 3,
        Op2::Subc => 4,
        Op2::Cmp => 5,
        Op2::Bit => 6,
        Op2::Bis => 7,
        Op2::Xor => 8,
        Op2::And | Op2::Bic => 9,
        Op2::Dadd => return None,
    };
    // [mov, add, adc, sub, sbb, cmp, test, or, xor, and] x [r_rm, rm_r, rm_imm] x [16, 8]
    const TABLE: [[[Code; 2]; 3]; 10] = [
        [
            [C::Mov_r16_rm16, C::Mov_r8_rm8],
            [C::Mov_rm16_r16, C::Mov_rm8_r8],
            [C::Mov_rm16_imm16, C::Mov_rm8_imm8],
        ],
        [
            [C::Add_r16_rm16, C::Add_r8_rm8],
            [C::Add_rm16_r16, C::Add_rm8_r8],
            [C::Add_rm16_imm16, C::Add_rm8_imm8],
        ],
        [
            [C::Adc_r16_rm16, C::Adc_r8_rm8],
            [C::Adc_rm16_r16, C::Adc_rm8_r8],
            [C::Adc_rm16_imm16, C::Adc_rm8_imm8],
        ],
        [
            [C::Sub_r16_rm16, C::Sub_r8_rm8],
            [C::Sub_rm16_r16, C::Sub_rm8_r8],
            [C::Sub_rm16_imm16, C::Sub_rm8_imm8],
        ],
        [
            [C::Sbb_r16_rm16, C::Sbb_r8_rm8],
            [C::Sbb_rm16_r16, C::Sbb_rm8_r8],
            [C::Sbb_rm16_imm16, C::Sbb_rm8_imm8],
        ],
        [
            [C::Cmp_r16_rm16, C::Cmp_r8_rm8],
            [C::Cmp_rm16_r16, C::Cmp_rm8_r8],
            [C::Cmp_rm16_imm16, C::Cmp_rm8_imm8],
        ],
        [
            [C::Test_rm16_r16, C::Test_rm8_r8],
            [C::Test_rm16_r16, C::Test_rm8_r8],
            [C::Test_rm16_imm16, C::Test_rm8_imm8],
        ],
        [
            [C::Or_r16_rm16, C::Or_r8_rm8],
            [C::Or_rm16_r16, C::Or_rm8_r8],
            [C::Or_rm16_imm16, C::Or_rm8_imm8],
        ],
        [
            [C::Xor_r16_rm16, C::Xor_r8_rm8],
            [C::Xor_rm16_r16, C::Xor_rm8_r8],
            [C::Xor_rm16_imm16, C::Xor_rm8_imm8],
        ],
        [
            [C::And_r16_rm16, C::And_r8_rm8],
            [C::And_rm16_r16, C::And_rm8_r8],
            [C::And_rm16_imm16, C::And_rm8_imm8],
        ],
    ];
    let f = match form {
        RegRm => 0,
        RmReg => 1,
        RmImm => 2,
    };
    Some(TABLE[name][f][byte as usize])
}

#[derive(Clone, Copy)]
enum Form {
    /// reg <- reg/mem
    RegRm,
    /// reg/mem <- reg
    RmReg,
    /// reg/mem <- immediate
    RmImm,
}

/// The sign-extended imm8 forms (83 /n ib), one byte shorter than imm16.
fn short_imm(code: Code) -> Option<Code> {
    use Code as C;
    Some(match code {
        C::Add_rm16_imm16 => C::Add_rm16_imm8,
        C::Adc_rm16_imm16 => C::Adc_rm16_imm8,
        C::Sub_rm16_imm16 => C::Sub_rm16_imm8,
        C::Sbb_rm16_imm16 => C::Sbb_rm16_imm8,
        C::Cmp_rm16_imm16 => C::Cmp_rm16_imm8,
        C::Or_rm16_imm16 => C::Or_rm16_imm8,
        C::Xor_rm16_imm16 => C::Xor_rm16_imm8,
        C::And_rm16_imm16 => C::And_rm16_imm8,
        _ => return None,
    })
}

/// Translates one function: `code` is its decoded instructions in order;
/// `labels` the addresses in it that something jumps, calls or points to.
pub struct FunctionTranslator<'a> {
    pub vregs: &'a Vregs,
    pub labels: &'a HashSet<u16>,
    pub out: Vec<Item>,
    /// This function's homes of r0-r15 ([`plan_homes`]).
    homes: [Home; 16],
    /// SP before each instruction, relative to SP on entry, and now.
    depths: Vec<i16>,
    depth: i16,
    reserve: HashSet<u16>,
    release: HashSet<u16>,
    merged: bool,
    sp_extra: HashMap<u16, i16>,
    adjust_after: HashMap<u16, i16>,
    adjust_before: HashMap<u16, i16>,
    /// Registers whose high byte is read after each instruction, and after
    /// this one ([`flags::high_byte_liveness`]).
    highs: Vec<flags::RegSet>,
    high_live: flags::RegSet,
    /// Whether BX may serve as a copied base before each instruction, and now.
    bx_frees: Vec<bool>,
    bx_free: bool,
    /// What BP holds (BP - SP) on arriving at a label that only direct jumps
    /// reach, where every arrival agreed in a first pass; the jumps then make
    /// it so. Elsewhere a label knows nothing of BP.
    pub assume: HashMap<u16, i16>,
    /// Each arrival's BP - SP at each label (for the next pass's `assume`).
    pub arrivals: HashMap<u16, Vec<Option<i16>>>,
    carry: Carry,
    /// BP - SP, while BP holds a copy of SP taken earlier (SP has since moved by
    /// pushes, pops and constants); None when BP holds anything else.
    bp_minus_sp: Option<i16>,
    /// The source is the status register, which the runtime put in AX.
    sr_in_ax: bool,
    /// The bits of SR read at each instruction that reads it as data
    /// ([`flags::status_demand`]).
    status_demand: HashMap<u16, u16>,
    /// The bits each register may hold before each instruction
    /// ([`flags::maybe_ones`]), and the registers that each instruction
    /// names or that are read after it ([`flags::register_liveness`]).
    maybe_ones: Vec<[u16; 16]>,
    registers_read_after: Vec<flags::RegSet>,
    /// The function saves its caller's BP on entry ([`Self::save_bp`]).
    saves_bp: bool,
    /// Callees may change BP (a test snippet translated whole, whose
    /// functions are not split apart): BP is not kept across a call.
    pub callees_change_bp: bool,
    /// The MSP430's SP minus the 8086's (2 while the caller's BP is saved).
    bias: i16,
    /// The next instructions were folded into this one (`add #k, Rn` after
    /// `mov sp, Rn`, the rest of a shift loop): skip them.
    skip: usize,
    /// The RRC at this address shifts in a 0 (a `clrc` before it, left
    /// out): one SHR.
    shr_at: Option<u16>,
    /// Labels reached other than by a direct jump in this function (entries,
    /// jump tables, function pointers): a shift loop's head is never one.
    pub entered_indirectly: HashSet<u16>,
}

/// Stands for the status register once it is in AX (r3 is never an operand
/// as a register: its encodings are constants).
const AX_STANDIN: Reg = 3;

type R<T> = Result<T, String>;

macro_rules! i {
    ($code:expr) => {
        Instruction::with($code)
    };
    ($code:expr, $a:expr) => {
        Instruction::with1($code, $a).map_err(|e| format!("{:?}: {e}", $code))?
    };
    ($code:expr, $a:expr, $b:expr) => {
        Instruction::with2($code, $a, $b).map_err(|e| format!("{:?}: {e}", $code))?
    };
}

impl<'a> FunctionTranslator<'a> {
    pub fn new(vregs: &'a Vregs, labels: &'a HashSet<u16>, plan: Plan) -> Self {
        FunctionTranslator {
            homes: plan.homes,
            depths: plan.depth,
            depth: 0,
            reserve: plan.reserve,
            release: plan.release,
            merged: plan.merged,
            sp_extra: plan.sp_extra,
            adjust_after: plan.adjust_after,
            adjust_before: plan.adjust_before,
            highs: plan.high_live,
            high_live: 0xFFFF,
            bx_frees: plan.bx_free,
            bx_free: false,
            assume: HashMap::new(),
            arrivals: HashMap::new(),
            vregs,
            labels,
            out: Vec::new(),
            carry: Carry::Unknown,
            bp_minus_sp: None,
            sr_in_ax: false,
            status_demand: HashMap::new(),
            maybe_ones: Vec::new(),
            registers_read_after: Vec::new(),
            saves_bp: false,
            callees_change_bp: false,
            bias: 0,
            skip: 0,
            shr_at: None,
            entered_indirectly: HashSet::new(),
        }
    }

    /// BP is preserved across calls (the calling convention): a function that
    /// writes it saves its caller's on entry and restores it before each
    /// return. The 8086's stack then lies 2 bytes below the MSP430's.
    pub fn save_bp(&mut self) {
        self.saves_bp = true;
    }

    fn put(&mut self, i: Instruction) {
        self.out.push(Item::Plain(crate::emit::shorten(i)));
    }

    /// Translates a function's instructions; `live_after[n]` are the flags
    /// read after instruction n before being written.
    pub fn function(
        &mut self,
        code: &[Decoded],
        live_after: &[FlagSet],
        live_in: &HashMap<u16, FlagSet>,
    ) -> R<()> {
        self.status_demand = flags::status_demand(code, live_after, self.labels);
        self.maybe_ones = flags::maybe_ones(code, self.labels);
        // Read at or after each instruction (what it names counts as read:
        // a little more than the truth, never less).
        let (read_after, named) = flags::register_liveness(code);
        self.registers_read_after = read_after.iter().zip(&named).map(|(a, n)| a | n).collect();
        for (n, d) in code.iter().enumerate() {
            // An `add` folded into the `mov sp` before it emits nothing, but
            // control still falls from it into what follows.
            let folded_away = self.skip > 0;
            self.skip = self.skip.saturating_sub(1);
            self.depth = self.depths.get(n).copied().unwrap_or(0);
            self.high_live = self.highs.get(n).copied().unwrap_or(0xFFFF);
            self.bx_free = self.bx_frees.get(n).copied().unwrap_or(false);
            if !folded_away && (self.labels.contains(&d.address) || n == 0) {
                self.out.push(Item::Label(Label::Text(d.address)));
                self.bp_minus_sp = if n == 0 {
                    None
                } else {
                    self.assume.get(&d.address).copied()
                };
                if n == 0 && self.saves_bp {
                    if code.iter().any(|j| jump_target(j) == Some(d.address)) {
                        return Err("a jump to the entry of a function that saves BP".into());
                    }
                    self.put(i!(Code::Push_r16, Register::BP));
                    self.bias = 2;
                }
                if live_in.get(&d.address).copied().unwrap_or(0) & flags::C != 0 {
                    self.carry = Carry::Same;
                } else {
                    self.carry = Carry::Unknown;
                }
            }
            let next_live_in = code
                .get(n + 1)
                .filter(|next| self.labels.contains(&next.address))
                .map(|next| live_in.get(&next.address).copied().unwrap_or(0))
                .unwrap_or(0);
            if folded_away {
                // fold_address and shift_loop checked: no label, no SP
                // adjustment here.
            } else if let Some(k) = self.fold_address(code, n, live_after) {
                self.address_of_stack(d, k)
                    .map_err(|e| format!("{:#06x} {:?}: {e}", d.address, d.instruction))?;
                self.skip = 1;
            } else if let Some(shift) = self.shift_loop(code, n, live_after) {
                self.shift_by_count(d, &shift)
                    .map_err(|e| format!("{:#06x} shift loop: {e}", d.address))?;
                self.skip = shift.length - 1;
            } else {
                if self.bias != 0 && self.unfolded_argument_address(code, n) {
                    return Err(format!(
                        "{:#06x}: the address of a stack argument not folded into one LEA \
                         (it would miss the saved BP)",
                        d.address
                    ));
                }
                if let Some(&room) = self.adjust_before.get(&d.address) {
                    self.adjust_sp(room);
                }
                if let Some(rrc) = self.clear_carry_then_rrc(code, n, live_after) {
                    // clrc, then RRC: one SHR there, no CLC here.
                    self.shr_at = Some(rrc);
                    continue;
                }
                self.instruction(d, live_after[n], live_in)
                    .map_err(|e| format!("{:#06x} {:?}: {e}", d.address, d.instruction))?;
                if let Some(&room) = self.adjust_after.get(&d.address) {
                    self.adjust_sp(room);
                }
            }
            if let Some(next) = code.get(n + 1)
                && self.labels.contains(&next.address)
                && falls_through(&d.instruction)
            {
                self.arrive(next.address)?;
            }
            // Falling into a label where the carry is read: give it its MSP430 sense.
            if next_live_in & flags::C != 0 {
                self.canonical_carry()
                    .map_err(|e| format!("after {:#06x} {:?}: {e}", d.address, d.instruction))?;
            }
        }
        tidy(&mut self.out);
        Ok(())
    }

    fn canonical_carry(&mut self) -> R<()> {
        match self.carry {
            Carry::Same => Ok(()),
            Carry::Inverted => {
                self.put(i!(Code::Cmc));
                self.carry = Carry::Same;
                Ok(())
            }
            other => Err(format!(
                "the carry is read at a label with the 8086's CF {other:?}"
            )),
        }
    }

    fn instruction(
        &mut self,
        d: &Decoded,
        live: FlagSet,
        live_in: &HashMap<u16, FlagSet>,
    ) -> R<()> {
        // `br #label` within the function: where the carry is read at the
        // label, it must arrive in the MSP430's sense (LLVM never does this
        // in PISKRS: the build would stop here).
        if let Some(target) = branch_target(d)
            && live_in.get(&target).copied().unwrap_or(0) & flags::C != 0
        {
            self.canonical_carry()?;
        }
        match d.instruction {
            M::Jump { cond, target } => self.jump(cond, target, live_in),
            M::One { op, byte, dst } => self.one(op, byte, dst, d, live),
            M::Two { op, byte, src, dst } => self.two(op, byte, src, dst, d, live),
        }
    }

    /// Control goes to the label at `target` from here: note BP's state, and
    /// make it what the label assumes.
    fn arrive(&mut self, target: u16) -> R<()> {
        self.arrivals
            .entry(target)
            .or_default()
            .push(self.bp_minus_sp);
        if let Some(&want) = self.assume.get(&target)
            && self.bp_minus_sp != Some(want)
        {
            match self.bp_minus_sp {
                Some(now) if want != 0 => {
                    self.put(i!(
                        Code::Lea_r16_m,
                        Register::BP,
                        mem_base(Register::BP, (want - now) as u16)
                    ));
                }
                _ => {
                    self.put(i!(Code::Mov_r16_rm16, Register::BP, Register::SP));
                    if want != 0 {
                        self.put(i!(
                            Code::Lea_r16_m,
                            Register::BP,
                            mem_base(Register::BP, want as u16)
                        ));
                    }
                }
            }
            self.bp_minus_sp = Some(want);
        }
        Ok(())
    }

    fn jump(&mut self, cond: Cond, target: u16, live_in: &HashMap<u16, FlagSet>) -> R<()> {
        self.arrive(target)?;
        if live_in.get(&target).copied().unwrap_or(0) & flags::C != 0
            && cond != Cond::Nc
            && cond != Cond::C
        {
            self.canonical_carry()?;
        }
        use ConditionCode as C;
        let cc = match cond {
            Cond::Always => None,
            Cond::Eq => Some(C::e),
            Cond::Ne => Some(C::ne),
            Cond::N => Some(C::s),
            Cond::Ge => Some(C::ge),
            Cond::L => Some(C::l),
            Cond::C | Cond::Nc => {
                if live_in.get(&target).copied().unwrap_or(0) & flags::C != 0 {
                    self.canonical_carry()?;
                }
                let set = cond == Cond::C;
                Some(match (self.carry, set) {
                    (Carry::Same, true) | (Carry::Inverted, false) => C::b,
                    (Carry::Same, false) | (Carry::Inverted, true) => C::ae,
                    (Carry::NotZero, true) => C::ne,
                    (Carry::NotZero, false) => C::e,
                    (Carry::Unknown, _) => return Err("a carry jump with no known carry".into()),
                })
            }
        };
        self.out.push(Item::Branch(cc, Label::Text(target)));
        Ok(())
    }

    /// Makes BP a copy of SP (for an `X(SP)` operand) unless it is one
    /// already; returns BP - SP.
    fn frame(&mut self, pre: &mut Vec<Instruction>) -> R<i16> {
        if let Some(offset) = self.bp_minus_sp {
            return Ok(offset);
        }
        pre.push(i!(Code::Mov_r16_rm16, Register::BP, Register::SP));
        self.bp_minus_sp = Some(0);
        Ok(0)
    }

    /// `X(SP)` in the 8086's stack: the function's own frame lies where the
    /// MSP430's does relative to SP; the return address and the caller's
    /// words (stack arguments) lie `bias` bytes further up, past the saved BP.
    fn stack_displacement(&self, disp: u16) -> u16 {
        if self.bias != 0 && disp as i16 >= -self.depth {
            disp.wrapping_add(self.bias as u16)
        } else {
            disp
        }
    }

    /// `mov sp, Rn` then `add #k, Rn` (the address of a local) where the
    /// flags are dead after the ADD and no label lies between: k, for one LEA
    /// through BP. Taken where it saves bytes: in a function whose SP is
    /// biased, and where BP is a copy of SP already or Rn lives in memory.
    fn fold_address(&self, code: &[Decoded], n: usize, live_after: &[FlagSet]) -> Option<u16> {
        let M::Two {
            op: Op2::Mov,
            byte: false,
            src: Operand::Reg(SP),
            dst: Operand::Reg(r),
        } = code[n].instruction
        else {
            return None;
        };
        let next = code.get(n + 1)?;
        let M::Two {
            op: Op2::Add,
            byte: false,
            src: Operand::Imm(k),
            dst: Operand::Reg(r2),
        } = next.instruction
        else {
            return None;
        };
        let in_register = matches!(self.homes[r as usize], Home::Reg(_));
        let worth = self.bias != 0 || self.bp_minus_sp.is_some() || !in_register;
        (r2 == r
            && next.src_target.is_none()
            && !self.labels.contains(&next.address)
            && live_after[n + 1] == 0
            && !self.adjust_before.contains_key(&code[n].address)
            && !self.adjust_after.contains_key(&code[n].address)
            && !self.adjust_before.contains_key(&next.address)
            && !self.adjust_after.contains_key(&next.address)
            && worth)
            .then_some(k)
    }

    /// `clrc` whose C only the RRC after it reads (register moves between,
    /// no label, nothing else reading the flags, V unread after the RRC):
    /// the RRC's address, for one SHR (it shifts in the 0 and sets C, N and
    /// Z as RRC does; RRC's V is 0, SHR's is not).
    fn clear_carry_then_rrc(
        &self,
        code: &[Decoded],
        n: usize,
        live_after: &[FlagSet],
    ) -> Option<u16> {
        if !matches!(
            code[n].instruction,
            M::Two {
                op: Op2::Bic,
                byte: false,
                src: Operand::Imm(1),
                dst: Operand::Reg(SR)
            }
        ) || self.adjust_after.contains_key(&code[n].address)
        {
            return None;
        }
        for (m, d) in code.iter().enumerate().skip(n + 1).take(3) {
            if self.labels.contains(&d.address)
                || self.adjust_before.contains_key(&d.address)
                || self.adjust_after.contains_key(&d.address)
            {
                return None;
            }
            match d.instruction {
                M::One {
                    op: Op1::Rrc,
                    dst: Operand::Reg(r),
                    ..
                } if r >= 4 && live_after[m] & flags::V == 0 => return Some(d.address),
                M::Two {
                    op: Op2::Mov,
                    src: Operand::Reg(s),
                    dst: Operand::Reg(t),
                    ..
                } if s >= 4 && t >= 4 && d.src_target.is_none() => {}
                _ => return None,
            }
        }
        None
    }

    /// LLVM's MSP430 backend has no shift by a variable count: it loops, a
    /// bit a turn (`add Rx, Rx` or `clrc; rrc Rx`, then `sub.b #1, Rc; jne`
    /// back). A loop of that shape, entered only by falling into it, with no
    /// flags read after it, becomes one shift by CL ([`Self::shift_by_count`]).
    fn shift_loop(&self, code: &[Decoded], n: usize, live_after: &[FlagSet]) -> Option<ShiftLoop> {
        let head = code[n].address;
        let (left, byte, x, body) = match code[n].instruction {
            M::Two {
                op: Op2::Add,
                byte,
                src: Operand::Reg(x),
                dst: Operand::Reg(x2),
            } if x == x2 => (true, byte, x, 1),
            M::Two {
                op: Op2::Bic,
                byte: false,
                src: Operand::Imm(1),
                dst: Operand::Reg(SR),
            } => match code.get(n + 1)?.instruction {
                M::One {
                    op: Op1::Rrc,
                    byte,
                    dst: Operand::Reg(x),
                } => (false, byte, x, 2),
                _ => return None,
            },
            _ => return None,
        };
        let count = code.get(n + body)?;
        let (counter_byte, c) = match count.instruction {
            M::Two {
                op: Op2::Sub,
                byte,
                src: Operand::Imm(1),
                dst: Operand::Reg(c),
            } => (byte, c),
            M::Two {
                op: Op2::Add,
                byte,
                src: Operand::Imm(k),
                dst: Operand::Reg(c),
            } if k == if byte { 0xFF } else { 0xFFFF } => (byte, c),
            _ => return None,
        };
        let back = code.get(n + body + 1)?;
        let length = body + 2;
        // Not PC, SP, SR or the constant generator.
        let ordinary = |r: Reg| r >= 4;
        (matches!(back.instruction, M::Jump { cond: Cond::Ne, target } if target == head)
            && n > 0
            && x != c
            && ordinary(x)
            && ordinary(c)
            && !self.entered_indirectly.contains(&head)
            && code
                .iter()
                .enumerate()
                .all(|(j, other)| j == n + length - 1 || jump_target(other) != Some(head))
            && code[n + 1..n + length]
                .iter()
                .all(|d| !self.labels.contains(&d.address))
            && code[n..n + length].iter().all(|d| {
                d.src_target.is_none()
                    && d.dst_target.is_none()
                    && !self.adjust_before.contains_key(&d.address)
                    && !self.adjust_after.contains_key(&d.address)
            })
            && live_after[n + length - 1] == 0)
            .then(|| {
                // Entered past `cmp #0, Rc` (or .b); `jeq` past the loop.
                let after = code.get(n + length).map(|d| d.address);
                let guarded = n >= 2
                    && matches!(code[n - 2].instruction, M::Two {
                        op: Op2::Cmp,
                        src: Operand::Imm(0),
                        dst: Operand::Reg(r),
                        ..
                    } if r == c)
                    && matches!(code[n - 1].instruction, M::Jump { cond: Cond::Eq, target }
                        if Some(target) == after);
                ShiftLoop {
                    left,
                    byte,
                    x,
                    c,
                    counter_byte,
                    small: guarded && self.maybe_ones[n - 1][c as usize] & 0xFFF0 == 0,
                    counter_read_after: self
                        .registers_read_after
                        .get(n + length)
                        .is_none_or(|read| read & 1 << c != 0),
                    length,
                }
            })
    }

    /// A shift loop as one shift: the loop runs at least once (a count of 0
    /// wraps: 256 turns, or 65,536), and 16 turns or more leave 0, so the
    /// count becomes min(count - 1, 15) + 1 in CL (an 8086 shifts by all of
    /// CL, a 286 or later by CL mod 32: both agree below 32); where the
    /// count is known to be 1 to 15 (`small`), it goes to CL as it is. CX is
    /// kept in AX meanwhile, unless the counter is CX itself. A byte shift
    /// works on the word and keeps its low byte (MSP430 byte operations on a
    /// register clear its high byte). The counter ends at 0, as the loop
    /// leaves it, where it is read later; the flags are dead.
    fn shift_by_count(&mut self, d: &Decoded, shift: &ShiftLoop) -> R<()> {
        let mut pre = Vec::new();
        let counter = self.operand(Operand::Reg(shift.c), &None, false, &mut pre)?;
        let shifted = self.operand(Operand::Reg(shift.x), &None, false, &mut pre)?;
        let in_cx = matches!(counter, X::R(Register::CX));
        if shift.small && in_cx {
            // CL holds the count already.
        } else if shift.small {
            pre.push(i!(Code::Xchg_r16_AX, Register::CX, Register::AX));
            match &counter {
                X::R(r) => match low(*r) {
                    Some(l) => pre.push(i!(Code::Mov_r8_rm8, Register::CL, l)),
                    None => pre.push(i!(Code::Mov_r16_rm16, Register::CX, *r)),
                },
                X::M(m) => pre.push(i!(Code::Mov_r8_rm8, Register::CL, *m)),
                _ => return Err("the counter is not a register".into()),
            }
            for i in pre.drain(..) {
                self.put(i);
            }
        } else {
            let (count, limit) = if shift.counter_byte {
                (Register::AL, Code::Cmp_rm8_imm8)
            } else {
                (Register::AX, Code::Cmp_rm16_imm8)
            };
            match (&counter, shift.counter_byte) {
                (X::R(r), true) => match low(*r) {
                    Some(l) => pre.push(i!(Code::Mov_r8_rm8, Register::AL, l)),
                    None => pre.push(i!(Code::Mov_r16_rm16, Register::AX, *r)),
                },
                (X::R(r), false) => pre.push(i!(Code::Mov_r16_rm16, Register::AX, *r)),
                (X::M(m), true) => pre.push(i!(Code::Mov_r8_rm8, Register::AL, *m)),
                (X::M(m), false) => pre.push(i!(Code::Mov_r16_rm16, Register::AX, *m)),
                _ => return Err("the counter is not a register".into()),
            }
            if shift.counter_byte {
                pre.push(i!(Code::Dec_rm8, Register::AL));
            } else {
                pre.push(i!(Code::Dec_r16, Register::AX));
            }
            pre.push(i!(limit, count, 15));
            for i in pre.drain(..) {
                self.put(i);
            }
            let within = Label::Local(d.address as u32);
            self.out
                .push(Item::Branch(Some(ConditionCode::b), within.clone()));
            self.put(i!(Code::Mov_r16_imm16, Register::AX, 15));
            self.out.push(Item::Label(within));
            self.put(i!(Code::Inc_rm8, Register::AL));
            self.put(i!(Code::Xchg_r16_AX, Register::CX, Register::AX));
        }
        for i in pre {
            self.put(i);
        }
        let saved_cx = !(shift.small && in_cx);
        // CX's value is in AX now (where it was saved).
        let shifted = match shifted {
            X::R(Register::CX) if saved_cx => X::R(Register::AX),
            other => other,
        };
        let low_byte = |me: &mut Self| -> R<()> {
            match &shifted {
                X::R(r) => me.put(i!(Code::And_rm16_imm16, *r, 0xFF)),
                X::M(m) => {
                    let mut high_byte = *m;
                    high_byte.displacement += 1;
                    me.put(i!(Code::Mov_rm8_imm8, high_byte, 0))
                }
                _ => return Err("the shifted value is not a register".into()),
            }
            Ok(())
        };
        if shift.byte && !shift.left {
            low_byte(self)?;
        }
        let code = if shift.left {
            Code::Shl_rm16_CL
        } else {
            Code::Shr_rm16_CL
        };
        match &shifted {
            X::R(r) => self.put(i!(code, *r, Register::CL)),
            X::M(m) => self.put(i!(code, *m, Register::CL)),
            _ => return Err("the shifted value is not a register".into()),
        }
        if shift.byte && shift.left {
            low_byte(self)?;
        }
        if saved_cx {
            self.put(i!(Code::Xchg_r16_AX, Register::CX, Register::AX));
        }
        if shift.counter_read_after {
            match counter {
                X::R(r) => self.put(i!(Code::Xor_r16_rm16, r, r)),
                X::M(m) => self.put(i!(Code::Mov_rm16_imm16, m, 0)),
                _ => {}
            }
        }
        self.carry = Carry::Unknown;
        Ok(())
    }

    /// `mov sp, Rn; add #k, Rn` with k at or past the return address (a stack
    /// argument's address), left unfolded: SP as data names a local, so
    /// this one would miss the saved BP. LLVM never does this in PISKRS (the
    /// build would stop).
    fn unfolded_argument_address(&self, code: &[Decoded], n: usize) -> bool {
        let M::Two {
            op: Op2::Mov,
            src: Operand::Reg(SP),
            dst: Operand::Reg(r),
            ..
        } = code[n].instruction
        else {
            return false;
        };
        matches!(
            code.get(n + 1).map(|next| next.instruction),
            Some(M::Two { op: Op2::Add, src: Operand::Imm(k), dst: Operand::Reg(r2), .. })
                if r2 == r && k as i16 >= -self.depth
        )
    }

    /// `mov sp, Rn` plus `k` (folded from a following ADD): one LEA through
    /// BP, a copy of SP, makes the address.
    fn address_of_stack(&mut self, d: &Decoded, k: u16) -> R<()> {
        let M::Two {
            dst: Operand::Reg(r),
            ..
        } = d.instruction
        else {
            return Err("not mov sp, Rn".into());
        };
        let mut pre = Vec::new();
        let offset = self.frame(&mut pre)?;
        let k = self.stack_displacement(k);
        let value = mem_base(Register::BP, k.wrapping_sub(offset as u16));
        match self.homes[r as usize] {
            Home::Reg(x) => pre.push(i!(Code::Lea_r16_m, x, value)),
            Home::Mem(a) => {
                pre.push(i!(Code::Lea_r16_m, Register::AX, value));
                pre.push(i!(Code::Mov_rm16_r16, mem_at(a), Register::AX));
            }
            Home::Slot(slot) => {
                pre.push(i!(Code::Lea_r16_m, Register::AX, value));
                let m = self.slot(slot, &mut pre)?;
                pre.push(i!(Code::Mov_rm16_r16, m, Register::AX));
            }
        }
        for i in pre {
            self.put(i);
        }
        Ok(())
    }

    /// SP += bytes (where the flags are dead: a prologue, before an epilogue).
    fn adjust_sp(&mut self, bytes: i16) {
        let (code, v) = if bytes < 0 {
            (Code::Sub_rm16_imm8, -bytes)
        } else {
            (Code::Add_rm16_imm8, bytes)
        };
        let code = if v < 128 {
            code
        } else if bytes < 0 {
            Code::Sub_rm16_imm16
        } else {
            Code::Add_rm16_imm16
        };
        self.out.push(Item::Plain(
            Instruction::with2(code, Register::SP, v as i32).expect("add/sub sp, imm"),
        ));
        self.sp_moves(bytes);
    }

    /// SP moves by `delta` (a push: -2).
    fn sp_moves(&mut self, delta: i16) {
        self.bp_minus_sp = self.bp_minus_sp.map(|o| o - delta);
    }

    /// A frame slot as memory (through BP, made a copy of SP if need be).
    fn slot(&mut self, slot: i16, pre: &mut Vec<Instruction>) -> R<MemoryOperand> {
        let offset = self.frame(pre)?;
        Ok(mem_base(Register::BP, (slot - self.depth - offset) as u16))
    }

    /// The memory an MSP430 memory operand names; instructions that set up a
    /// base go to `pre`. `sp_in_use`: the other operand is `X(SP)` (BP is taken).
    fn memory(
        &mut self,
        reg: Reg,
        disp: u16,
        sp_in_use: bool,
        pre: &mut Vec<Instruction>,
    ) -> R<MemoryOperand> {
        if reg == SP {
            let offset = self.frame(pre)?;
            let disp = self.stack_displacement(disp);
            return Ok(mem_base(Register::BP, disp.wrapping_sub(offset as u16)));
        }
        if reg == PC || reg == SR {
            return Err("a memory operand based on PC or SR".into());
        }
        match self.homes[reg as usize] {
            Home::Reg(r) if is_base(r) => Ok(mem_base(r, disp)),
            other => {
                // The base goes to BX where r12 is dead here (BP keeps its
                // copy of SP), else to BP.
                let base = if self.bx_free {
                    Register::BX
                } else {
                    Register::BP
                };
                if sp_in_use && base == Register::BP {
                    return Err(format!(
                        "X(r{reg}) with r{reg} in {other:?} beside an X(SP) operand"
                    ));
                }
                let load = match other {
                    Home::Reg(r) => i!(Code::Mov_r16_rm16, base, r),
                    Home::Mem(a) => i!(Code::Mov_r16_rm16, base, mem_at(a)),
                    Home::Slot(slot) => i!(Code::Mov_r16_rm16, base, self.slot(slot, pre)?),
                };
                pre.push(load);
                if base == Register::BP {
                    self.bp_minus_sp = None;
                }
                Ok(mem_base(base, disp))
            }
        }
    }

    /// An operand as an 8086 operand. `sp_in_use` as for [`Self::memory`].
    fn operand(
        &mut self,
        o: Operand,
        target: &Option<Target>,
        sp_in_use: bool,
        pre: &mut Vec<Instruction>,
    ) -> R<X> {
        Ok(match o {
            Operand::Reg(AX_STANDIN) if self.sr_in_ax => X::R(Register::AX),
            Operand::Reg(PC) | Operand::Reg(SR) => return Err("PC or SR as data".into()),
            Operand::Reg(SP) => X::R(Register::SP),
            Operand::Reg(r) => match self.homes[r as usize] {
                Home::Reg(r) => X::R(r),
                Home::Mem(a) => X::M(mem_at(a)),
                Home::Slot(slot) => X::M(self.slot(slot, pre)?),
            },
            Operand::Imm(v) => match target {
                Some(Target::Text(t)) => X::L(Label::Text(*t)),
                Some(Target::Runtime(name)) => X::L(Label::Runtime(name.clone())),
                None => X::I(v),
            },
            Operand::Abs(a) | Operand::Symbolic(a) => {
                if target.is_some() {
                    return Err("an absolute operand in code".into());
                }
                X::M(mem_at(a))
            }
            Operand::Indexed(r, disp) => X::M(self.memory(r, disp, sp_in_use, pre)?),
            Operand::PostInc(r) => X::M(self.memory(r, 0, sp_in_use, pre)?),
        })
    }

    /// Whether an operand is read or written through BP as a copy of SP.
    fn uses_frame(&self, o: Operand) -> bool {
        match o {
            Operand::Indexed(SP, _) | Operand::PostInc(SP) => true,
            Operand::Reg(r) => matches!(self.homes[r as usize], Home::Slot(_)),
            _ => false,
        }
    }

    /// Whether a memory operand's base must be copied to BP (its register is
    /// not one the 8086 can address through).
    fn needs_temporary_base(&self, o: Operand) -> bool {
        match o {
            Operand::Indexed(r, _) | Operand::PostInc(r) if r != SP => {
                !matches!(self.homes[r as usize], Home::Reg(b) if is_base(b))
            }
            _ => false,
        }
    }

    /// After `@Rn+`: Rn grows by `size`, without touching the flags where possible.
    fn post_increment(&mut self, reg: Reg, size: u16, post: &mut Vec<Instruction>) -> R<bool> {
        if reg == SP {
            post.push(i!(
                Code::Lea_r16_m,
                Register::SP,
                mem_base(Register::BP, size)
            ));
            return Err("@SP+ outside pop and ret".into());
        }
        Ok(match self.homes[reg as usize] {
            Home::Reg(r) if is_base(r) => {
                post.push(i!(Code::Lea_r16_m, r, mem_base(r, size)));
                false
            }
            Home::Reg(r) => {
                for _ in 0..size {
                    post.push(i!(Code::Inc_r16, r));
                }
                true
            }
            Home::Mem(a) => {
                post.push(i!(Code::Add_rm16_imm8, mem_at(a), size as i32));
                true
            }
            Home::Slot(slot) => {
                let m = self.slot(slot, post)?;
                post.push(i!(Code::Add_rm16_imm8, m, size as i32));
                true
            }
        })
    }

    /// Emits `part`, wrapped in PUSHF/POPF when it changes flags that are live.
    fn guarded(&mut self, part: Vec<Instruction>, keep: bool) -> R<()> {
        let clobbers = part.iter().any(|i| i.rflags_modified() != 0);
        if keep && clobbers && part.iter().any(reads_sp) {
            return Err("SP as data where the flags must be kept".into());
        }
        if keep && clobbers {
            self.put(Instruction::with(Code::Pushfw));
            for i in part {
                self.put(i);
            }
            self.put(Instruction::with(Code::Popfw));
        } else {
            for i in part {
                self.put(i);
            }
        }
        Ok(())
    }

    fn one(&mut self, op: Op1, byte: bool, dst: Operand, d: &Decoded, live: FlagSet) -> R<()> {
        if dst == Operand::Reg(SP) && self.bias != 0 && self.depth == 0 {
            return Err("SP as data without a frame in a function that saves BP".into());
        }
        let mut pre = Vec::new();
        match op {
            Op1::Call => {
                match dst {
                    Operand::Imm(_) => {
                        let label = match &d.src_target {
                            Some(Target::Text(t)) => Label::Text(*t),
                            Some(Target::Runtime(name)) if name == "__mspabi_mpyi" => {
                                // r12 *= r13, the 8086's own MUL in place of
                                // the libcall (which may change r14 and the
                                // flags too, as MUL does).
                                self.put(i!(Code::Mov_r16_rm16, Register::AX, Register::BX));
                                self.put(i!(Code::Mul_rm16, Register::CX));
                                self.put(i!(Code::Mov_r16_rm16, Register::BX, Register::AX));
                                return Ok(());
                            }
                            Some(Target::Runtime(name)) => Label::Runtime(name.clone()),
                            None => return Err("a call to a constant address".into()),
                        };
                        self.out.push(Item::Call(label));
                    }
                    Operand::PostInc(r) => {
                        // The target is read, Rn grows, then the call.
                        let x = self.operand(dst, &None, false, &mut pre)?;
                        let X::M(m) = x else {
                            return Err("call operand".into());
                        };
                        pre.push(i!(Code::Mov_r16_rm16, Register::AX, m));
                        self.post_increment(r, 2, &mut pre)?;
                        for i in pre {
                            self.put(i);
                        }
                        self.put(i!(Code::Call_rm16, Register::AX));
                    }
                    _ => {
                        let x = self.operand(dst, &None, false, &mut pre)?;
                        for i in pre {
                            self.put(i);
                        }
                        match x {
                            X::R(r) => self.put(i!(Code::Call_rm16, r)),
                            X::M(m) => self.put(i!(Code::Call_rm16, m)),
                            _ => return Err("call operand".into()),
                        }
                    }
                }
                // The callee preserves BP (the calling convention), and SP is
                // back where it was.
                if self.callees_change_bp {
                    self.bp_minus_sp = None;
                }
                self.carry = Carry::Unknown;
                Ok(())
            }
            Op1::Push if self.reserve.contains(&d.address) => {
                // The prologue saving a register that lives in this very word:
                // only make room (or nothing: the SUB for the locals does).
                if !self.merged {
                    self.put(i!(Code::Push_r16, Register::AX));
                    self.sp_moves(-2);
                }
                Ok(())
            }
            Op1::Push => {
                let x = self.operand(dst, &d.src_target, false, &mut pre)?;
                self.guarded(pre, live != 0)?;
                match x {
                    X::R(r) => self.put(i!(Code::Push_r16, r)),
                    X::M(m) => {
                        self.put(i!(Code::Push_rm16, m));
                    }
                    X::I(v) => {
                        self.put(i!(Code::Mov_r16_imm16, Register::AX, v as u32));
                        self.put(i!(Code::Push_r16, Register::AX));
                    }
                    X::L(l) => {
                        self.out.push(Item::WithAddress(
                            i!(Code::Mov_r16_imm16, Register::AX, 0u32),
                            l,
                        ));
                        self.put(i!(Code::Push_r16, Register::AX));
                    }
                }
                if let Operand::PostInc(r) = dst {
                    let mut post = Vec::new();
                    self.post_increment(r, if byte { 1 } else { 2 }, &mut post)?;
                    self.guarded(post, live != 0)?;
                }
                self.sp_moves(-2);
                Ok(())
            }
            Op1::Reti => Err("reti".into()),
            Op1::Swpb | Op1::Rra | Op1::Rrc | Op1::Sxt => self.unary(op, byte, dst, d, live),
        }
    }

    /// RRA, RRC, SWPB, SXT on a register or memory.
    fn unary(&mut self, op: Op1, byte: bool, dst: Operand, d: &Decoded, live: FlagSet) -> R<()> {
        let mut pre = Vec::new();
        let x = self.operand(dst, &d.src_target, false, &mut pre)?;
        let shifts_in_zero = op == Op1::Rrc && self.shr_at.take() == Some(d.address);
        let reads_carry = op == Op1::Rrc && !shifts_in_zero;
        self.guarded(pre, live != 0 || reads_carry)?;
        if reads_carry {
            match self.carry {
                Carry::Same => {}
                Carry::Inverted => self.put(i!(Code::Cmc)),
                _ => return Err("rrc with no known carry".into()),
            }
        }
        let size = if byte { 1 } else { 2 };
        let is_reg = matches!(dst, Operand::Reg(_));
        // The operand in a form the 8086 can shift: a register with a low half,
        // or memory; SI and DI go through AX.
        let (target, writeback): (X, Option<Register>) = match &x {
            X::R(r) if byte && low(*r).is_none() => {
                self.put(i!(Code::Mov_r16_rm16, Register::AX, *r));
                (X::R(Register::AX), Some(*r))
            }
            X::R(r) if op == Op1::Swpb && high(*r).is_none() => {
                self.put(i!(Code::Mov_r16_rm16, Register::AX, *r));
                (X::R(Register::AX), Some(*r))
            }
            X::R(Register::SP) => return Err("shift of SP".into()),
            _ => (x.clone(), None),
        };
        match op {
            Op1::Rra | Op1::Rrc => {
                let code = match (op, byte) {
                    (Op1::Rra, false) => Code::Sar_rm16_1,
                    (Op1::Rra, true) => Code::Sar_rm8_1,
                    (_, false) if shifts_in_zero => Code::Shr_rm16_1,
                    (_, true) if shifts_in_zero => Code::Shr_rm8_1,
                    (_, false) => Code::Rcr_rm16_1,
                    (_, true) => Code::Rcr_rm8_1,
                };
                let ins = match &target {
                    X::R(r) => i!(code, if byte { low(*r).unwrap() } else { *r }, 1u32),
                    X::M(m) => i!(code, *m, 1u32),
                    _ => return Err("shift of a constant".into()),
                };
                self.put(ins);
                if reads_carry && live & (flags::N | flags::Z) != 0 {
                    // RCR leaves SF and ZF; the MSP430's RRC sets N and Z.
                    return Err("RRC's N or Z read".into());
                }
                self.carry = Carry::Same;
                let high_matters = matches!(dst, Operand::Reg(r) if self.high_live & (1 << r) != 0);
                if byte && is_reg && high_matters {
                    self.clear_high(&target)?;
                }
            }
            Op1::Swpb => {
                if byte {
                    return Err("swpb.b".into());
                }
                match &target {
                    X::R(r) => self.put(i!(Code::Xchg_rm8_r8, high(*r).unwrap(), low(*r).unwrap())),
                    X::M(m) => {
                        self.put(i!(Code::Mov_r16_rm16, Register::AX, *m));
                        self.put(i!(Code::Xchg_rm8_r8, Register::AH, Register::AL));
                        self.put(i!(Code::Mov_rm16_r16, *m, Register::AX));
                    }
                    _ => return Err("swpb of a constant".into()),
                }
            }
            Op1::Sxt => {
                // AL sign-extended to AX; N and Z from the result, C = not Z, V = 0.
                match &target {
                    X::R(r) => match low(*r) {
                        Some(Register::AL) => {}
                        Some(l) => self.put(i!(Code::Mov_r8_rm8, Register::AL, l)),
                        None => self.put(i!(Code::Mov_r16_rm16, Register::AX, *r)),
                    },
                    X::M(m) => self.put(i!(Code::Mov_r8_rm8, Register::AL, *m)),
                    _ => return Err("sxt of a constant".into()),
                }
                self.put(i!(Code::Cbw));
                if live != 0 {
                    self.put(i!(Code::Test_rm16_r16, Register::AX, Register::AX));
                    self.carry = Carry::NotZero;
                }
                match &target {
                    X::R(Register::AX) => {}
                    X::R(r) => self.put(i!(Code::Mov_r16_rm16, *r, Register::AX)),
                    X::M(m) => self.put(i!(Code::Mov_rm16_r16, *m, Register::AX)),
                    _ => {}
                }
            }
            _ => unreachable!(),
        }
        if let Some(r) = writeback {
            self.put(i!(Code::Mov_r16_rm16, r, Register::AX));
        }
        if let Operand::PostInc(r) = dst {
            let mut post = Vec::new();
            self.post_increment(r, size, &mut post)?;
            self.guarded(post, live != 0)?;
        }
        Ok(())
    }

    /// After a byte operation on a register: its high byte is zero.
    fn clear_high(&mut self, x: &X) -> R<()> {
        match x {
            X::R(r) => {
                let h = high(*r).ok_or("no high byte")?;
                self.put(i!(Code::Mov_r8_imm8, h, 0u32));
            }
            X::M(m) => {
                let mut m = *m;
                m.displacement += 1;
                self.put(i!(Code::Mov_rm8_imm8, m, 0u32));
            }
            _ => return Err("clear high of a constant".into()),
        }
        Ok(())
    }

    fn two(
        &mut self,
        op: Op2,
        byte: bool,
        src: Operand,
        dst: Operand,
        d: &Decoded,
        live: FlagSet,
    ) -> R<()> {
        // Branches and returns.
        if dst == Operand::Reg(PC) {
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
            return Ok(());
        }
        if dst == Operand::Reg(SR) {
            return self.status_register(op, byte, src);
        }
        if src == Operand::Reg(SP) && self.bias != 0 && self.depth == 0 {
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
            self.sr_in_ax = true;
            let result = self.two(op, byte, Operand::Reg(AX_STANDIN), dst, d, live);
            self.sr_in_ax = false;
            return result;
        }
        if src == Operand::Reg(SR) {
            // The status register as data (LLVM's way to turn a flag into a
            // value): AX gets the bits of the MSP430's SR that are read
            // later, or all of them from the runtime.
            let demand = self
                .status_demand
                .get(&d.address)
                .copied()
                .unwrap_or(u16::MAX);
            if !self.one_status_bit(demand, d.address)? {
                let routine = match self.carry {
                    Carry::Inverted => "rt86_sr_inverted",
                    Carry::NotZero => "rt86_sr_not_zero",
                    _ => "rt86_sr",
                };
                let keep = live != 0;
                if keep {
                    self.put(Instruction::with(Code::Pushfw));
                }
                self.out.push(Item::Call(Label::Runtime(routine.into())));
                if keep {
                    self.put(Instruction::with(Code::Popfw));
                }
            }
            self.sr_in_ax = true;
            let result = self.two(op, byte, Operand::Reg(AX_STANDIN), dst, d, live);
            self.sr_in_ax = false;
            return result;
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
            return Ok(());
        }
        // Stack pointer arithmetic.
        if dst == Operand::Reg(SP) {
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
            return Ok(());
        }
        if let Operand::PostInc(r) = src {
            let uses = |o: Operand| matches!(o, Operand::Reg(x) | Operand::Indexed(x, _) | Operand::PostInc(x) if x == r);
            if uses(dst) {
                return Err("@Rn+ with Rn in the destination".into());
            }
        }
        let sp_src = self.uses_frame(src);
        let sp_dst = self.uses_frame(dst);
        // The operands want BP for different things (a copy of SP, a copied
        // base): the source goes to AX first.
        let (src_temp, dst_temp) = (
            self.needs_temporary_base(src),
            self.needs_temporary_base(dst),
        );
        let conflict = (src_temp && (sp_dst || dst_temp)) || (dst_temp && sp_src);
        if conflict && !self.sr_in_ax {
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
            self.sr_in_ax = true;
            let result = self.two(op, byte, Operand::Reg(AX_STANDIN), dst, d, live);
            self.sr_in_ax = false;
            return result;
        }
        let mut pre = Vec::new();
        let s = self.operand(src, &d.src_target, sp_dst, &mut pre)?;
        let t = self.operand(dst, &d.dst_target, sp_src, &mut pre)?;
        let reads_carry = matches!(op, Op2::Addc | Op2::Subc);
        let writes_flags = !matches!(op, Op2::Mov | Op2::Bic | Op2::Bis);
        self.guarded(pre, live != 0 && !writes_flags || reads_carry)?;
        let mut body: Vec<Item> = Vec::new();
        let stores = !matches!(op, Op2::Cmp | Op2::Bit);
        // The 8086 has no memory-to-memory form: the source goes through AX.
        // A byte destination in SI or DI works on AX and is stored back.
        let acc = if byte { Register::AL } else { Register::AX };
        // A byte result for a register that lives in memory also goes through
        // AX: the high byte's clearing is then MOV AH,0 (2 bytes), not a store
        // of a zero byte (5).
        let high_matters = match dst {
            Operand::Reg(r) => self.high_live & (1 << r) != 0,
            _ => false,
        };
        let via_ax: Option<X> = match &t {
            X::R(r) if byte && low(*r).is_none() => Some(X::R(*r)),
            X::M(m) if byte && stores && high_matters => Some(X::M(*m)),
            _ => None,
        };
        let t_reg_byte_via_ax = via_ax.is_some();
        let t8 = match &t {
            _ if t_reg_byte_via_ax => X::R(Register::AL),
            X::R(r) if byte => X::R(low(*r).unwrap()),
            other => other.clone(),
        };
        let mut spilled_bx = false;
        let mut s8 = match &s {
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
            if matches!(s8, X::R(Register::AL)) {
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
        // BIC: AND with the complement.
        let mut op = op;
        if op == Op2::Bic {
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
                    body.push(Item::Plain(match &s8 {
                        X::R(r) => i!(
                            if byte {
                                Code::Mov_r8_rm8
                            } else {
                                Code::Mov_r16_rm16
                            },
                            acc,
                            *r
                        ),
                        X::M(m) => i!(
                            if byte {
                                Code::Mov_r8_rm8
                            } else {
                                Code::Mov_r16_rm16
                            },
                            acc,
                            *m
                        ),
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
        if let Some(home) = &via_ax
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
            match &t8 {
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
        if spilled_bx {
            body.push(Item::Plain(i!(Code::Pop_r16, Register::BX)));
        }
        let body_clobbers = body.iter().any(|item| match item {
            Item::Plain(i) | Item::WithAddress(i, _) => i.rflags_modified() != 0,
            _ => false,
        });
        let keep = !writes_flags && live != 0 && body_clobbers;
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

    /// Where at most one bit of SR is read later (`demand`): that bit, in
    /// its place in AX (the others are left as they are: nothing reads
    /// them), the flags unchanged. C in the 8086's sense is bit 0 of the
    /// 8086's flags (PUSHF; POP AX, then NOT where the sense is inverted); the
    /// other bits by a jump: `mov ax, 0; j(not) skip; mov al/ah, bit`. False
    /// where it takes the whole SR: more bits, or C where its sense is not
    /// known.
    fn one_status_bit(&mut self, demand: u16, at: u16) -> R<bool> {
        use ConditionCode as C;
        let (skip_when, set) = match (demand, self.carry) {
            (0, _) => return Ok(true),
            (1, Carry::Same | Carry::Inverted) => {
                self.put(i!(Code::Pushfw));
                self.put(i!(Code::Pop_r16, Register::AX));
                if self.carry == Carry::Inverted {
                    self.put(i!(Code::Not_rm16, Register::AX));
                }
                return Ok(true);
            }
            (1, Carry::NotZero) => (C::e, (Register::AL, 1)),
            (2, _) => (C::ne, (Register::AL, 2)),
            (4, _) => (C::ns, (Register::AL, 4)),
            (0x100, _) => (C::no, (Register::AH, 1)),
            _ => return Ok(false),
        };
        let skip = Label::Local(0x1_0000 | at as u32);
        self.put(i!(Code::Mov_r16_imm16, Register::AX, 0));
        self.out.push(Item::Branch(Some(skip_when), skip.clone()));
        self.put(i!(Code::Mov_r8_imm8, set.0, set.1));
        self.out.push(Item::Label(skip));
        Ok(true)
    }

    /// An instruction on the status register: LLVM uses only `clrc`, `setc`
    /// and `bit #1, sr` (is C set?).
    fn status_register(&mut self, op: Op2, byte: bool, src: Operand) -> R<()> {
        match (op, byte, src) {
            (Op2::Bic, false, Operand::Imm(1)) => self.put(i!(Code::Clc)),
            (Op2::Bis, false, Operand::Imm(1)) => self.put(i!(Code::Stc)),
            (Op2::Bit, false, Operand::Imm(1)) => {
                // Z = not C, N = V = 0, C = not Z: AX = CF, tested.
                self.canonical_carry()?;
                self.put(i!(Code::Sbb_r16_rm16, Register::AX, Register::AX));
                self.put(i!(Code::And_rm16_imm8, Register::AX, 1));
                self.carry = Carry::NotZero;
                return Ok(());
            }
            _ => return Err("the status register as a destination".into()),
        }
        self.carry = Carry::Same;
        Ok(())
    }

    /// The operation itself, `t = t op s`, with both operands ready.
    fn alu(&mut self, op: Op2, byte: bool, s: &X, t: &X, live: FlagSet) -> R<Vec<Item>> {
        let mut out = Vec::new();
        // Carry in for ADDC (CF = C) and SUBC (CF = borrow = not C).
        match op {
            Op2::Addc => match self.carry {
                Carry::Same => {}
                Carry::Inverted => out.push(Item::Plain(i!(Code::Cmc))),
                _ => return Err("addc with no known carry".into()),
            },
            Op2::Subc => match self.carry {
                Carry::Inverted => {}
                Carry::Same => out.push(Item::Plain(i!(Code::Cmc))),
                _ => return Err("subc with no known carry".into()),
            },
            _ => {}
        }
        // Shorter forms where the flags they differ in are not read: INC/DEC
        // leave CF (and two of them give another OF than one ADD of 2), XOR
        // clears the flags a MOV keeps, TEST r,r is CMP r,0 exactly.
        if let X::I(v) = s {
            let (inc, dec, xor, test) = if byte {
                (
                    Code::Inc_rm8,
                    Code::Dec_rm8,
                    Code::Xor_r8_rm8,
                    Code::Test_rm8_r8,
                )
            } else {
                (
                    Code::Inc_rm16,
                    Code::Dec_rm16,
                    Code::Xor_r16_rm16,
                    Code::Test_rm16_r16,
                )
            };
            let v = if byte { *v & 0xFF } else { *v };
            let minus = |k: u16| {
                if byte {
                    (0x100 - k) & 0xFF
                } else {
                    k.wrapping_neg()
                }
            };
            let step = match (op, v) {
                (Op2::Add, 1) | (Op2::Sub, _) if op == Op2::Add || v == minus(1) => Some((inc, 1)),
                (Op2::Add, _) | (Op2::Sub, 1)
                    if (op == Op2::Add && v == minus(1)) || (op == Op2::Sub && v == 1) =>
                {
                    Some((dec, 1))
                }
                (Op2::Add, 2) => Some((inc, 2)),
                (Op2::Sub, _) if v == minus(2) => Some((inc, 2)),
                (Op2::Add, _) if v == minus(2) => Some((dec, 2)),
                (Op2::Sub, 2) => Some((dec, 2)),
                _ => None,
            };
            let step = step.filter(|&(_, n)| live & flags::C == 0 && (n == 1 || live == 0));
            let reg = if let X::R(r) = t { Some(*r) } else { None };
            // Two INCs of memory are longer than one ADD.
            let step = step.filter(|&(_, n)| n == 1 || reg.is_some());
            if let Some((code, n)) = step {
                for _ in 0..n {
                    out.push(Item::Plain(match t {
                        X::R(r) => {
                            let c = match (code, byte) {
                                (Code::Inc_rm16, false) => Code::Inc_r16,
                                (Code::Dec_rm16, false) => Code::Dec_r16,
                                (c, _) => c,
                            };
                            i!(c, *r)
                        }
                        X::M(m) => i!(code, *m),
                        _ => return Err("a constant destination".into()),
                    }));
                }
                self.carry = Carry::Unknown;
                return Ok(out);
            }
            if let (Some(r), 0) = (reg, v) {
                if op == Op2::Mov && live == 0 {
                    out.push(Item::Plain(i!(xor, r, r)));
                    return Ok(out);
                }
                if op == Op2::Cmp {
                    out.push(Item::Plain(i!(test, r, r)));
                    return Ok(out);
                }
            }
        }
        if op == Op2::Mov
            && let (X::R(r), X::R(t)) = (s, t)
            && r == t
        {
            return Ok(out);
        }
        match (s, t) {
            (X::R(r), X::R(tr)) => out.push(Item::Plain(i!(
                op_code(op, byte, Form::RmReg).unwrap(),
                *tr,
                *r
            ))),
            (X::R(r), X::M(m)) => out.push(Item::Plain(i!(
                op_code(op, byte, Form::RmReg).unwrap(),
                *m,
                *r
            ))),
            (X::M(m), X::R(tr)) => {
                if op == Op2::Bit {
                    out.push(Item::Plain(i!(
                        op_code(op, byte, Form::RmReg).unwrap(),
                        *m,
                        *tr
                    )));
                } else {
                    out.push(Item::Plain(i!(
                        op_code(op, byte, Form::RegRm).unwrap(),
                        *tr,
                        *m
                    )));
                }
            }
            (X::I(v), target) => {
                let code = op_code(op, byte, Form::RmImm).unwrap();
                let v = if byte { (*v & 0xFF) as u32 } else { *v as u32 };
                let short = (!byte)
                    .then(|| short_imm(code))
                    .flatten()
                    .filter(|_| (v as u16 as i16) >= -128 && (v as u16 as i16) < 128);
                let ins = match (target, short) {
                    (X::R(r), Some(c)) => i!(c, *r, v as u16 as i16 as i32),
                    (X::M(m), Some(c)) => i!(c, *m, v as u16 as i16 as i32),
                    (X::R(r), None) => {
                        if op == Op2::Mov && !byte {
                            i!(Code::Mov_r16_imm16, *r, v)
                        } else if op == Op2::Mov {
                            i!(Code::Mov_r8_imm8, *r, v)
                        } else {
                            i!(code, *r, v)
                        }
                    }
                    (X::M(m), None) => i!(code, *m, v),
                    _ => return Err("constant to constant".into()),
                };
                out.push(Item::Plain(ins));
            }
            (X::L(l), target) => {
                if byte {
                    return Err("a byte of an address".into());
                }
                let code = op_code(op, false, Form::RmImm).unwrap();
                let ins = match target {
                    X::R(r) if op == Op2::Mov => i!(Code::Mov_r16_imm16, *r, 0u32),
                    X::R(r) => i!(code, *r, 0u32),
                    X::M(m) => i!(code, *m, 0u32),
                    _ => return Err("constant to constant".into()),
                };
                out.push(Item::WithAddress(ins, l.clone()));
            }
            (X::M(_), X::M(_)) => return Err("memory to memory".into()),
            (_, X::I(_) | X::L(_)) => return Err("a constant destination".into()),
        }
        Ok(out)
    }
}
