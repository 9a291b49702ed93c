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

use iced_x86::{Code, Instruction, Register};

use crate::decoded::{Decoded, branch_target, jump_target};
use crate::emit::{Item, Label};
use crate::flags::{self, FlagSet};
use crate::msp430::{Instruction as M, Reg};

macro_rules! i {
    ($code:expr) => {
        ::iced_x86::Instruction::with($code)
    };
    ($code:expr, $a:expr) => {
        ::iced_x86::Instruction::with1($code, $a).map_err(|e| format!("{:?}: {e}", $code))?
    };
    ($code:expr, $a:expr, $b:expr) => {
        ::iced_x86::Instruction::with2($code, $a, $b).map_err(|e| format!("{:?}: {e}", $code))?
    };
}

mod alu;
mod control;
mod frame_bias;
mod held;
mod homes;
mod operands;
mod peephole;
mod plan;
mod shift_loop;
mod single_operand;
mod stack;
mod status_register;
mod two_operand;
mod x86;

pub use frame_bias::frame_bias_worth;
pub use homes::{Home, Vregs, home, plan_homes};
pub use plan::{Merge, Plan, plan};

use control::falls_through;
use peephole::tidy;

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
    /// The register free to serve as a copied base before each instruction,
    /// and now ([`Plan::free_base`]).
    free_bases: Vec<Option<Register>>,
    free_base: Option<Register>,
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
    /// The registers read after each instruction before being written
    /// (what it names left out), and the instruction being translated.
    live_registers: Vec<flags::RegSet>,
    at: usize,
    /// The function saves its caller's BP on entry ([`Self::save_bp`]).
    saves_bp: bool,
    /// BP - SP where the translation makes BP a copy of SP: in a large
    /// frame, a point in its middle, so that more of its slots lie within
    /// a one-byte displacement ([`frame_bias_worth`]).
    pub frame_bias: i16,
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
            free_bases: plan.free_base,
            free_base: None,
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
            live_registers: Vec::new(),
            at: 0,
            saves_bp: false,
            frame_bias: 0,
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
        self.live_registers = read_after;
        for (n, d) in code.iter().enumerate() {
            self.at = n;
            // An `add` folded into the `mov sp` before it emits nothing, but
            // control still falls from it into what follows.
            let folded_away = self.skip > 0;
            self.skip = self.skip.saturating_sub(1);
            self.depth = self.depths.get(n).copied().unwrap_or(0);
            self.high_live = self.highs.get(n).copied().unwrap_or(0xFFFF);
            self.free_base = self.free_bases.get(n).copied().flatten();
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
            } else if let Some((count, cx_free)) = self.shift_run(code, n, live_after) {
                self.shift_by_constant(d, count, cx_free)
                    .map_err(|e| format!("{:#06x} shift run: {e}", d.address))?;
                self.skip = count - 1;
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
        let registers = self.vregs.0 as i64..self.vregs.0 as i64 + 32;
        tidy(&mut self.out, registers, &self.entered_indirectly);
        Ok(())
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
}
