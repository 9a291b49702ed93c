//! Strong's and Cha's moves from the tree's engine (src/dos/tree_engine.rs), a
//! program of its own in the segment `far::ENGINE_AT` paragraphs past ours:
//! the position goes as a request (`piskrs::ai::tree_request`), by a far call,
//! and the move comes back as a reply word. The door also measures the machine's
//! speed, which cuts Strong's budget on a slow PC (`piskrs::ai::speed`), when
//! first asked: a start does not wait the tick or two it takes.

#[cfg(target_arch = "x86")]
use core::arch::asm;

#[cfg(target_arch = "msp430")]
use super::rt86;
#[cfg(target_arch = "msp430")]
use super::single::AtomicU16;
#[cfg(target_arch = "x86")]
use core::sync::atomic::AtomicU16;
use core::sync::atomic::Ordering;

use super::bios;

use piskrs::ai::engine::TreeSearch;
use piskrs::ai::speed;
use piskrs::ai::tree_request::{self, REQUEST_LEN};
use piskrs::rules::WinRule;
use piskrs::rules::board::{Board, Stone};
use piskrs::rules::coord::Point;

/// The engine, where the loader put it.
pub struct FarTree;

/// The one engine (it keeps its tables from move to move).
pub static FAR_TREE: FarTree = FarTree;

impl TreeSearch for FarTree {
    fn choose(
        &self,
        board: &Board,
        to_move: Stone,
        rule: WinRule,
        budget: u32,
    ) -> Option<(Point, u32)> {
        let request = tree_request::encode(board, to_move, rule, budget);
        tree_request::decode_reply(call_engine(&request))
    }

    fn cha(
        &self,
        board: &Board,
        to_move: Stone,
        his_first: Option<Point>,
        rule: WinRule,
    ) -> Option<Point> {
        let request = tree_request::encode_cha(board, to_move, rule, his_first);
        tree_request::decode_reply(call_engine(&request)).map(|(point, _)| point)
    }

    fn speed_units(&self) -> u16 {
        match SPEED.load(Ordering::Relaxed) {
            NOT_MEASURED => {
                let units = measure_speed();
                SPEED.store(units, Ordering::Relaxed);
                units
            }
            units => units,
        }
    }
}

/// The machine's speed once measured ([`speed_units`](TreeSearch::speed_units)),
/// or NOT_MEASURED.
static SPEED: AtomicU16 = AtomicU16::new(NOT_MEASURED);
/// No measure yet. A measure of 0 is kept as 1: both give Strong the least
/// budget, a node a tenth (`settings::strong_budget_at`).
const NOT_MEASURED: u16 = 0;

/// `/FIXED`: the machine counts as the reference (Strong's whole budget),
/// never measured.
pub fn fix_speed() {
    SPEED.store(u16::MAX, Ordering::Relaxed);
}

/// Probe units ([`speed::probe`]) this machine runs in one BIOS tick (about
/// 55 ms, from one tick's start to the next's), 1 at least.
#[inline(never)]
fn measure_speed() -> u16 {
    let board = Board::new(19);
    let start = bios::ticks();
    let mut tick = start;
    while tick == start {
        tick = bios::ticks();
    }
    let mut units: u16 = 0;
    while bios::ticks() == tick && units < u16::MAX {
        core::hint::black_box(speed::probe(&board));
        units += 1;
    }
    // The 8086 build's tree node costs 2.7 times the 386 build's on the
    // same machine (104 and 283 nodes a second on /BENCH at cycles 3000),
    // its probe unit only 1.6 times (108 and 171 units), and the 386
    // build has the whole budget from 141 units on: 15/32 of its units
    // give it the nodes that keep its worst /BENCH reply at 2 s no
    // slower than the 386 build's (half gave it 180 nodes and 1,705 ms;
    // docs/benchmarks.md).
    #[cfg(target_arch = "msp430")]
    let units = (units as u32 * 15 / 32) as u16;
    units.max(1)
}

/// The bytes of stack the engine has used at most, and the bytes it has.
pub fn engine_stack() -> (u16, u16) {
    tree_request::decode_stack_reply(call_engine(&tree_request::encode_stack_question()))
}

/// The engine's reply word to `request`.
#[inline(never)]
fn call_engine(request: &[u8; REQUEST_LEN]) -> u32 {
    let (low, high): (u16, u16);
    // SAFETY: the loader unpacked the engine's image to offset 100h of its
    // segment (DS + ENGINE_AT, inside the block it found to be ours), where
    // its entry keeps the contract of src/dos/tree_engine.rs: it reads
    // REQUEST_LEN bytes at DS:SI (our request, on our stack), runs on its
    // own stack and returns far with SS:SP as they were and the reply in
    // DX:AX. ESI, EBP, EBX and DS are saved and restored here (the first
    // two LLVM reserves), ES is set to DS again (LLVM assumes ES = DS), and
    // the direction flag is clear (`_start`'s CLD; the engine clears it too).
    #[cfg(target_arch = "x86")]
    unsafe {
        asm!(
            "pushl %esi",
            "pushl %ebp",
            "pushl %ebx",
            "movw {request:x}, %si",
            "pushw %ds",
            "movw %ds, %bx",
            "addw ${engine_at}, %bx",
            "pushw %bx",
            "pushw $0x100",
            "movw %sp, %bp",
            "lcallw *(%bp)",
            "addw $4, %sp",
            "popw %ds",
            "popl %ebx",
            "popl %ebp",
            "popl %esi",
            "pushw %ds",
            "popw %es",
            "cld",
            engine_at = const super::far::ENGINE_AT,
            request = in(reg) request.as_ptr() as u32,
            inout("ecx") REQUEST_LEN as u32 => _,
            out("ax") low,
            out("dx") high,
            out("edi") _,
            options(att_syntax),
        );
    }
    #[cfg(target_arch = "msp430")]
    {
        // SAFETY: as above, through the runtime's far call, which keeps our
        // SI, DI, BP, DS and ES and clears the direction flag again.
        let reply = unsafe {
            rt86::rt86_engine_call(
                rt86::rt86_segment() + super::far::ENGINE_AT,
                request.as_ptr(),
                REQUEST_LEN as u16,
            )
        };
        // The engine trapped (a panic there, src/dos/tree_engine.rs): ours too.
        if reply == rt86::ENGINE_FATAL {
            super::entry::piskrs_fatal();
        }
        (low, high) = (reply as u16, (reply >> 16) as u16);
    }
    (high as u32) << 16 | low as u32
}
