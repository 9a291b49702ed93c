//! The tree's engine: the tree's search (`piskrs::ai::tree`) and Cha's rules
//! (`piskrs::ai::cha`) as a program of its own, in a segment of its own,
//! which PISKRS.COM calls far for Strong's and Cha's moves
//! (src/dos/tree_door.rs). Their code and the search's state have no room
//! in the program's segment.
//!
//! `cargo com` links it (the bin `tree-engine`, src/bin/tree_engine.rs) at 100h like a .COM and puts
//! its image in PISKRS.COM's far texts, so that the loader unpacks it to
//! offset 100h of the segment `far::ENGINE_AT` paragraphs past the program's.
//! The segment is the engine's alone: code, data, .bss and a stack up to
//! FFFEh; its tables (src/dos/far_tree.rs) follow it.
//!
//! The far call's contract, the same in the 8086 build:
//! - in: DS:SI the request (`tree_request::REQUEST_LEN` bytes in the caller's
//!   memory), CX its length, the direction flag clear;
//! - out: DX:AX the reply word (`tree_request::encode_reply`);
//! - SS:SP as they were; DS, ES, BX, CX, SI, DI and the flags not kept.
//!
//! On its first call the entry clears .bss; `piskrs_engine_main` then puts
//! its tables as a tree that never searched would find them (the classes
//! unknown, the transposition table empty) and paints its free stack, once; a request
//! may ask for how deep that stack has been used (`/STACK`). A panic in the engine is a UD2 that
//! reaches the program's INT 6 handler (src/dos/entry.rs), which takes its
//! own stack back before it ends the program.
//!
//! The 8086 build (msp430) has the translator's runtime's entry instead of
//! the one below (translator/src/runtime.rs, engine mode: the ELF defines
//! `piskrs_engine_main` and no `piskrs_main`), with the same contract; its
//! .bss's zeros are in the image, so there is nothing to clear. A panic there
//! is a trap, `call #abort`, and the runtime's `abort` returns far to the
//! caller with the reply word `rt86::ENGINE_FATAL` (the caller's SS:SP back),
//! on which PISKRS86.COM takes its own fatal-error path (src/dos/tree_door.rs).

use piskrs::ai::cha;
use piskrs::ai::tree::KeptTree;
use piskrs::ai::tree_request::{self, Question, REQUEST_LEN};

use super::far_tree::FarTreeTables;

// The far entry at 100h (link.x puts .text.entry first). The caller's SS:SP
// are kept in the engine's own data, reached through CS until DS is ours.
#[cfg(target_arch = "x86")]
core::arch::global_asm!(
    ".section .text.entry,\"ax\",@progbits",
    ".globl _start",
    "_start:",
    "    movw %ss, %cs:piskrs_engine_caller_ss",
    "    movw %sp, %cs:piskrs_engine_caller_sp",
    "    pushw %cs",
    "    popw %es",
    "    cld",
    // The first call: .bss cleared (DOS and the loader leave it as it was).
    "    cmpb $0, %cs:piskrs_engine_started",
    "    jne 1f",
    "    movb $1, %cs:piskrs_engine_started",
    "    pushw %cx",
    "    movw $__bss_start, %di",
    "    movw $__bss_end, %cx",
    "    subw %di, %cx",
    "    xorb %al, %al",
    "    rep stosb",
    "    popw %cx",
    "1:",
    // The request, DS:SI -> our buffer.
    "    cmpw ${request_len}, %cx",
    "    jbe 2f",
    "    movw ${request_len}, %cx",
    "2:",
    "    movw $piskrs_engine_request, %di",
    "    rep movsb",
    // Our segment and stack.
    "    movw %cs, %ax",
    "    movw %ax, %ds",
    "    cli",
    "    movw %ax, %ss",
    "    movl $0xfffe, %esp",
    "    sti",
    "    calll piskrs_engine_main",
    // EAX = the reply word: DX:AX for the caller.
    "    movl %eax, %edx",
    "    shrl $16, %edx",
    "    cli",
    "    movw %cs:piskrs_engine_caller_ss, %ss",
    "    movw %cs:piskrs_engine_caller_sp, %sp",
    "    sti",
    "    lretw",
    ".section .data.piskrs_engine,\"aw\",@progbits",
    "piskrs_engine_started: .byte 0",
    "    .balign 2",
    "piskrs_engine_caller_ss: .word 0",
    "piskrs_engine_caller_sp: .word 0",
    request_len = const REQUEST_LEN,
    options(att_syntax)
);

// The 8086 build (msp430): link86.x's entry, the root of its garbage
// collection, is `piskrs_main`; here it is another name of
// `piskrs_engine_main`, which keeps the engine in the link. (The translator
// tells the engine by `piskrs_engine_main`, and its runtime's far entry
// calls that.)
#[cfg(target_arch = "msp430")]
core::arch::global_asm!(".globl piskrs_main", ".set piskrs_main, piskrs_engine_main");

/// The request, copied here by the entry.
#[unsafe(no_mangle)]
static mut piskrs_engine_request: [u8; REQUEST_LEN] = [0; REQUEST_LEN];

/// Whether the first call was served: the tables forgotten, the free stack
/// painted.
static mut STARTED: bool = false;

/// The tree, kept from call to call: a game's next request is the position
/// of its last search with two stones more, which it goes on from
/// (`tree::KeptTree`). Its tables' segments are set on every call; the rest
/// starts as zeros (.bss).
static mut TREE: KeptTree<FarTreeTables> = KeptTree::new(FarTreeTables::UNPLACED);

/// The top of the engine's stack (the entry's SP).
const STACK_TOP: usize = 0xFFFE;
/// The bytes under the painting's frame left unpainted: room for the
/// interrupts that run on this stack while it paints.
const PAINT_MARGIN: usize = 256;

unsafe extern "C" {
    /// The end of .bss (link.x; in the 8086 build the end of the
    /// translated code): the lowest address the stack may reach.
    static __stack_floor: u8;
}

/// Paints the free stack below this frame with A5h, so that the deepest
/// point the search reaches can be found later (the stack question).
#[inline(never)]
fn paint_free_stack() {
    let here = 0u8;
    let top = (&raw const here as usize).saturating_sub(PAINT_MARGIN);
    let mut address = &raw const __stack_floor as usize;
    while address < top {
        // SAFETY: the bytes from the stack's floor to below this frame (and
        // the margin for interrupts) are the engine's free stack: nothing
        // lives there until a deeper call reaches it, which overwrites the
        // paint.
        unsafe { core::ptr::write_volatile(address as *mut u8, 0xA5) };
        address += 1;
    }
}

/// The stack reply: the bytes of stack used at most (those from the floor
/// up that are no longer A5h) and the bytes there are.
fn stack_reply() -> u32 {
    let floor = &raw const __stack_floor as usize;
    let mut address = floor;
    // SAFETY: reads the engine's free stack, from its floor up to the top
    // at most; reading has no effect.
    while address < STACK_TOP && unsafe { core::ptr::read_volatile(address as *const u8) } == 0xA5 {
        address += 1;
    }
    tree_request::encode_stack_reply((STACK_TOP - address) as u16, (STACK_TOP - floor) as u16)
}

/// The tree's or Cha's reply to the request, as a reply word (or the stack
/// reply).
#[unsafe(no_mangle)]
extern "C" fn piskrs_engine_main() -> u32 {
    // SAFETY: the engine runs one call at a time and nothing else touches
    // the buffer while it runs (the entry filled it before this call).
    let bytes = unsafe { core::ptr::read(&raw const piskrs_engine_request) };
    let tree = &raw mut TREE;
    // SAFETY: as above: one call at a time, and nothing else refers to the
    // tree.
    let tree = unsafe { &mut *tree };
    *tree.memory() = FarTreeTables::new();
    // SAFETY: as above: one call at a time.
    unsafe {
        if !STARTED {
            tree.memory().forget();
            paint_free_stack();
            STARTED = true;
        }
    }
    if tree_request::asks_for_stack(&bytes) {
        return stack_reply();
    }
    let Some(request) = tree_request::decode(&bytes) else {
        return tree_request::encode_reply(None);
    };
    let (board, to_move, rule) = (&request.board, request.to_move, request.rule);
    let reply = match request.question {
        Question::Tree { budget } => tree.choose(board, to_move, rule, budget),
        Question::Cha { his_first } => cha::choose(board, to_move, his_first, rule).map(|p| (p, 0)),
    };
    tree_request::encode_reply(reply)
}

/// A panic is a UD2 (`-Cpanic=immediate-abort`): this handler is only the
/// language's requirement.
#[cfg(target_arch = "x86")]
#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    // SAFETY: UD2 raises INT 6, the program's handler, which ends the program.
    unsafe { core::arch::asm!("ud2", options(noreturn)) }
}

/// A panic is a trap, `call #abort` (`-Cpanic=immediate-abort`): this
/// handler is only the language's requirement, and goes the same way.
#[cfg(target_arch = "msp430")]
#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    // SAFETY: the runtime's `abort` takes the caller's SS:SP back and returns
    // far to it with the fatal reply word; nothing of ours is used after it.
    unsafe { super::rt86::abort() }
}
