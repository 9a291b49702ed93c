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
    // Paint the free stack below SP (all but its top 64 bytes) with A5h, so the
    // deepest point the stack reached can be found later (/STACK).
    "    movw %sp, piskrs_initial_sp",
    "    movw %sp, %cx",
    "    movw $__stack_floor, %di",
    "    subw %di, %cx",
    "    subw $64, %cx",
    "    movb $0xa5, %al",
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

/// SP as DOS handed it to us (the top of the stack); set by `_start`.
#[unsafe(no_mangle)]
static mut piskrs_initial_sp: u16 = 0;

unsafe extern "C" {
    /// The end of .bss: the lowest address the stack may reach (link.x).
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
