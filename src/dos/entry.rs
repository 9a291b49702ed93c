//! The entry point, the Ctrl+C handler and the panic handler.
//!
//! The DOS build panics with `-Cpanic=immediate-abort` (.cargo/config.toml): a
//! failed bounds check is a single UD2 instead of a call carrying a location,
//! which keeps about 1.5 KB out of the segment. UD2 raises INT 6 (invalid
//! opcode); `_start` points INT 6 at `piskrs_invalid_opcode`, which ends the
//! program the way a panic should, and puts DOS's vector back on every exit.
//!
//! The 8086 build (msp430, src/dos/rt86.rs) has the runtime's `_start` instead
//! of the one here, no 386 check and no INT 6: a panic there is `call #abort`,
//! and `abort` is `piskrs_fatal` (see below).

#[cfg(target_arch = "x86")]
use core::sync::atomic::AtomicU8;
use core::sync::atomic::Ordering;

// The 8086 build's stand-in: LLVM's MSP430 backend has no atomics (src/dos/single.rs).
#[cfg(target_arch = "msp430")]
use super::single::AtomicU8;

// The TINY model: DOS loads the file at CS:0100 with CS = DS = ES = SS = the PSP's
// segment and SP near FFFEh. LLVM's code16 output addresses memory with 32-bit
// registers, so the high half of ESP must be zero; DOS does not zero memory past
// the file image, so .bss is cleared here. Rust's main returns with `retl` (a
// 4-byte return address), hence `calll`. Its u8 result is the errorlevel.
#[cfg(target_arch = "x86")]
core::arch::global_asm!(
    ".section .text.entry,\"ax\",@progbits",
    ".globl _start",
    "_start:",
    // First of all, in code an 8086 runs: is this a 386? FLAGS bits 12-15 stay
    // set on an 8086, 8088 or V20 whatever is written to them, and stay clear
    // on a 286 in real mode; a 386 keeps what is written. (Everything after
    // this check needs a 386: LLVM's code16 uses 32-bit registers.)
    "    pushfw",
    "    popw %bx", // BX = the flags as DOS left them
    "    movw %bx, %ax",
    "    andw $0x0fff, %ax", // bits 12-15 clear...
    "    pushw %ax",
    "    popfw",
    "    pushfw",
    "    popw %ax",
    "    andw $0xf000, %ax",
    "    cmpw $0xf000, %ax", // ...and all four set again: an 8086
    "    je piskrs_not_386",
    "    movw %bx, %ax",
    "    orw $0xf000, %ax", // bits 12-15 set...
    "    pushw %ax",
    "    popfw",
    "    pushfw",
    "    popw %ax",
    "    pushw %bx", // (the flags back as they were)
    "    popfw",
    "    testw $0xf000, %ax", // ...and all clear again: a 286
    "    jnz piskrs_is_386",
    "piskrs_not_386:",
    "    movw $piskrs_needs_386, %dx",
    "    movb $0x09, %ah", // INT 21h AH=09h: print up to the '$'
    "    int $0x21",
    "    movw $0x4c01, %ax", // exit, errorlevel 1
    "    int $0x21",
    "piskrs_needs_386:",
    "    .ascii \"PISKRS.COM needs a 386 or later processor.\\r\\n$\"",
    "piskrs_is_386:",
    "    cld",
    // The loader in front of the file (xtask/src/stub.rs) has checked that
    // far memory (src/dos/far.rs) is ours and unpacked the tail (the help
    // text) there; it tells us nothing else. It finds where from these two.
    ".globl piskrs_tail_at",
    ".set piskrs_tail_at, {tail_at}",
    ".globl piskrs_program_paragraphs",
    ".set piskrs_program_paragraphs, {paragraphs}",
    ".globl piskrs_engine_at",
    ".set piskrs_engine_at, {engine_at}",
    "    pushw %ds",
    "    popw %es",
    "    movzwl %sp, %esp",
    "    movw $__bss_start, %di",
    "    movw $__bss_end, %cx",
    "    subw %di, %cx",
    "    xorb %al, %al",
    "    rep stosb",
    // Paint the free stack below SP (all but its top 64 bytes) with A5h, so the
    // deepest point the stack reached can be found later (/STACK).
    "    movw %sp, piskrs_initial_sp",
    "    movw %sp, %cx",
    "    movw $__stack_floor, %di",
    "    subw %di, %cx",
    "    subw $64, %cx",
    "    movb $0xa5, %al",
    "    rep stosb",
    // INT 21h AH=35h/25h: keep DOS's INT 6 vector, point INT 6 at our handler.
    "    movw $0x3506, %ax",
    "    int $0x21",
    "    movw %bx, piskrs_old_int6",
    "    movw %es, piskrs_old_int6+2",
    "    pushw %ds",
    "    popw %es",
    "    movw $0x2506, %ax",
    "    movw $piskrs_invalid_opcode, %dx",
    "    int $0x21",
    "    calll piskrs_main",
    ".globl piskrs_exit",
    // AL = the errorlevel. DOS does not restore INT 6 itself: put its vector back.
    "piskrs_exit:",
    "    movb $0x4c, %ah",
    "    pushw %ax",
    "    movw $0x2506, %ax",
    "    ldsw piskrs_old_int6, %dx",
    "    int $0x21",
    "    popw %ax",
    "    int $0x21",
    // INT 6 lands here on UD2, from our own code or from the tree's engine
    // (src/dos/tree_engine.rs, on its own stack in its own segment): DS, ES and
    // the stack are ours again (the top of it: the program ends).
    ".section .text.piskrs_invalid_opcode,\"ax\",@progbits",
    "piskrs_invalid_opcode:",
    "    pushw %cs",
    "    popw %ds",
    "    pushw %cs",
    "    popw %es",
    "    cld",
    "    movw %cs, %ax",
    "    cli",
    "    movw %ax, %ss",
    "    movzwl piskrs_initial_sp, %esp",
    "    sti",
    "    calll piskrs_fatal",
    // INT 23h (Ctrl+C, and Ctrl+Break through DOS) lands here: IRET tells DOS to
    // carry on, so a stray Ctrl+C never leaves the screen in the wrong mode. DOS
    // itself restores the INT 23h vector from the PSP when the program ends.
    ".section .text.piskrs_ctrl_c,\"ax\",@progbits",
    ".globl piskrs_ctrl_c",
    "piskrs_ctrl_c:",
    "    iret",
    tail_at = const super::far::HELP_AT,
    paragraphs = const super::far::PARAGRAPHS_NEEDED,
    engine_at = const super::far::ENGINE_AT,
    options(att_syntax)
);

// The 8086 build (msp430): the runtime's `_start` (src/dos/rt86.rs) does what
// the one above does, less the 386 check and INT 6; the loader still finds the
// far texts' place and the paragraphs needed from these two absolute symbols.
//
// A panic (`-Cpanic=immediate-abort`) is a trap, which LLVM's MSP430 backend
// emits as `call #abort` (4 bytes, an R_MSP430_16_BYTE relocation against
// `abort`): `abort` is defined here as another name of `piskrs_fatal`, so every
// trap calls it directly (this also keeps `piskrs_fatal` in the link).
#[cfg(target_arch = "msp430")]
core::arch::global_asm!(
    ".globl abort",
    ".set abort, piskrs_fatal",
    ".globl piskrs_tail_at",
    ".set piskrs_tail_at, {tail_at}",
    ".globl piskrs_program_paragraphs",
    ".set piskrs_program_paragraphs, {paragraphs}",
    ".globl piskrs_engine_at",
    ".set piskrs_engine_at, {engine_at}",
    tail_at = const super::far::HELP_AT,
    paragraphs = const super::far::PARAGRAPHS_NEEDED,
    engine_at = const super::far::ENGINE_AT,
);

#[cfg(target_arch = "x86")]
unsafe extern "C" {
    /// The IRET-only INT 23h handler above; only its address is used.
    pub fn piskrs_ctrl_c();
}
#[cfg(target_arch = "msp430")]
use super::rt86::piskrs_ctrl_c;

/// Points INT 23h (Ctrl+C / Ctrl+Break) at an IRET, so the keys are ignored. DOS
/// restores the old vector from the PSP when the program exits, however it exits.
pub fn ignore_ctrl_c() {
    super::dosapi::set_vector(0x23, piskrs_ctrl_c as *const () as usize as u16);
}

/// DOS's INT 6 vector (offset, segment), saved by `_start`.
#[cfg(target_arch = "x86")]
#[unsafe(no_mangle)]
static mut piskrs_old_int6: [u16; 2] = [0; 2];

/// SP as DOS handed it to us (the top of the stack); set by `_start`. Kept
/// in the link where nothing reads it (the tree's benchmark build): the 8086
/// runtime's `_start` names it.
#[unsafe(no_mangle)]
#[used]
static mut piskrs_initial_sp: u16 = 0;

unsafe extern "C" {
    /// The end of .bss: the lowest address the stack may reach (link.x). In
    /// the 8086 build the code lies above .bss (link86.x), so this is the end
    /// of the translated code, which the translator resolves (src/dos/rt86.rs).
    static __stack_floor: u8;
}

/// How many bytes of stack the program has used at most so far: the painted
/// bytes from the stack floor up that are still A5h were never touched.
pub fn stack_high_water() -> u16 {
    // SAFETY: `piskrs_initial_sp` is written once by `_start` before Rust runs;
    // the bytes from `__stack_floor` to it lie inside our own segment (the
    // stack's free part), and reading them has no effect.
    unsafe {
        let top = core::ptr::read_volatile(&raw const piskrs_initial_sp) as usize;
        let mut address = &raw const __stack_floor as usize;
        while address < top && core::ptr::read_volatile(address as *const u8) == 0xA5 {
            address += 1;
        }
        (top - address) as u16
    }
}

/// The video mode the program found, plus one (0: not known yet); read by the panic
/// handler to put the screen back.
pub static ORIGINAL_MODE: AtomicU8 = AtomicU8::new(0);
/// 1 when a mouse driver was found (only then may INT 33h be called).
pub static MOUSE_PRESENT: AtomicU8 = AtomicU8::new(0);

/// A panic never formats: it restores the screen, prints one fixed line on standard
/// error and exits with errorlevel 255. With immediate-abort this handler is only
/// the language's requirement; a real panic arrives as UD2 at `piskrs_fatal`
/// (in the 8086 build as `call #abort`, which is `piskrs_fatal`).
#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    piskrs_fatal()
}

/// Called by the INT 6 handler (a panic's UD2; in the 8086 build, a trap's
/// `call #abort`; or the tree's engine's fatal reply, src/dos/tree_door.rs):
/// the screen back to its mode, the mouse cursor hidden, one fixed line on
/// standard error, errorlevel 255.
#[unsafe(no_mangle)]
pub(super) extern "C" fn piskrs_fatal() -> ! {
    if MOUSE_PRESENT.load(Ordering::Relaxed) != 0 {
        super::mouse::hide_cursor();
    }
    let mode = ORIGINAL_MODE.load(Ordering::Relaxed);
    super::bios::set_video_mode(if mode == 0 { 3 } else { mode - 1 });
    let _ = super::dosapi::write(
        super::dosapi::STDERR,
        b"PISKRS: internal error, sorry. The game has ended.\r\n",
    );
    exit(255)
}

/// Ends the program with `errorlevel`, INT 6 restored (the tail of `_start`).
pub fn exit(errorlevel: u8) -> ! {
    // SAFETY: `piskrs_exit` is the tail of `_start`: it takes the errorlevel in
    // AL, restores INT 6 from the vector `_start` saved and terminates through
    // INT 21h AH=4Ch; it never returns, so no register or stack state matters.
    #[cfg(target_arch = "x86")]
    unsafe {
        core::arch::asm!("jmp piskrs_exit", in("al") errorlevel, options(noreturn))
    }
    // SAFETY: the runtime terminates through INT 21h AH=4Ch with AL =
    // `errorlevel` and never returns.
    #[cfg(target_arch = "msp430")]
    unsafe {
        super::rt86::rt86_exit(errorlevel)
    }
}
