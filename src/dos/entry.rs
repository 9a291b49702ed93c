//! The entry point, the Ctrl+C handler and the panic handler.

use core::sync::atomic::{AtomicU8, Ordering};

// The TINY model: DOS loads the file at CS:0100 with CS = DS = ES = SS = the PSP's
// segment and SP near FFFEh. LLVM's code16 output addresses memory with 32-bit
// registers, so the high half of ESP must be zero; DOS does not zero memory past
// the file image, so .bss is cleared here. Rust's main returns with `retl` (a
// 4-byte return address), hence `calll`. Its u8 result is the errorlevel.
core::arch::global_asm!(
    ".section .text.entry,\"ax\",@progbits",
    ".globl _start",
    "_start:",
    "    cld",
    "    movzwl %sp, %esp",
    "    movw $__bss_start, %di",
    "    movw $__bss_end, %cx",
    "    subw %di, %cx",
    "    xorb %al, %al",
    "    rep stosb",
    "    calll piskrs_main",
    "    movb $0x4c, %ah",
    "    int $0x21",
    // INT 23h (Ctrl+C, and Ctrl+Break through DOS) lands here: IRET tells DOS to
    // carry on, so a stray Ctrl+C never leaves the screen in the wrong mode. DOS
    // itself restores the INT 23h vector from the PSP when the program ends.
    ".section .text.piskrs_ctrl_c,\"ax\",@progbits",
    ".globl piskrs_ctrl_c",
    "piskrs_ctrl_c:",
    "    iret",
    options(att_syntax)
);

unsafe extern "C" {
    /// The IRET-only INT 23h handler above; only its address is used.
    pub fn piskrs_ctrl_c();
}

/// The video mode the program found, plus one (0: not known yet); read by the panic
/// handler to put the screen back.
pub static ORIGINAL_MODE: AtomicU8 = AtomicU8::new(0);
/// 1 when a mouse driver was found (only then may INT 33h be called).
pub static MOUSE_PRESENT: AtomicU8 = AtomicU8::new(0);

/// A panic never formats: it restores the screen, prints one fixed line on standard
/// error and exits with errorlevel 255.
#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    if MOUSE_PRESENT.load(Ordering::Relaxed) != 0 {
        super::mouse::hide_cursor();
    }
    let mode = ORIGINAL_MODE.load(Ordering::Relaxed);
    super::bios::set_video_mode(if mode == 0 { 3 } else { mode - 1 });
    let _ = super::dosapi::write(
        super::dosapi::STDERR,
        b"PISKRS: internal error, sorry. The game has ended.\r\n",
    );
    super::dosapi::exit(255)
}
