//! BIOS services: INT 10h (video), INT 16h (keyboard), INT 1Ah (clock), and
//! what the BIOS data area says.

#[cfg(target_arch = "x86")]
use core::arch::asm;

#[cfg(target_arch = "msp430")]
use super::rt86;

/// INT `NUMBER` (10h video, 33h mouse) with AX, BX, CX, DX in; AX, BX, CX,
/// DX out. Some BIOSes and drivers clobber BP, SI and DI, so they are saved
/// around the call.
pub fn interrupt<const NUMBER: u8>(ax: u16, bx: u16, cx: u16, dx: u16) -> (u16, u16, u16, u16) {
    let (a, b, c, d): (u16, u16, u16, u16);
    // SAFETY: the video and mouse functions used change only the registers
    // listed and their device's state; BP, SI and DI are pushed and popped
    // around the interrupt. The mouse's are called only when its vector is
    // set (`mouse::detect`).
    #[cfg(target_arch = "x86")]
    unsafe {
        asm!(
            "push ebp",
            "push esi",
            "push edi",
            "int {number}",
            "pop edi",
            "pop esi",
            "pop ebp",
            number = const NUMBER,
            inout("ax") ax => a,
            inout("bx") bx => b,
            inout("cx") cx => c,
            inout("dx") dx => d,
        );
    }
    #[cfg(target_arch = "msp430")]
    {
        let mut regs = rt86::Regs::new(ax, bx, cx, dx);
        // SAFETY: as above; the runtime keeps BP, SP, DS and ES and hands
        // back the rest in `regs`.
        unsafe { rt86::rt86_int(NUMBER, &mut regs) };
        (a, b, c, d) = (regs.ax, regs.bx, regs.cx, regs.dx);
    }
    (a, b, c, d)
}

/// INT 10h (video), through [`interrupt`].
fn int10(ax: u16, bx: u16, cx: u16, dx: u16) -> (u16, u16, u16, u16) {
    interrupt::<0x10>(ax, bx, cx, dx)
}

/// The current video mode number (INT 10h AH=0Fh).
pub fn video_mode() -> u8 {
    int10(0x0F00, 0, 0, 0).0 as u8
}

/// Sets a video mode (INT 10h AH=00h); this also clears the screen.
// Out of line: inlined at each call, it cost the .COM more.
#[inline(never)]
pub fn set_video_mode(mode: u8) {
    int10(mode as u16, 0, 0, 0);
}

/// Whether a VGA is present (INT 10h AX=1A00h, read display combination: AL=1Ah
/// when the function is supported, which only VGA and later do).
pub fn is_vga() -> bool {
    int10(0x1A00, 0, 0, 0).0 as u8 == 0x1A
}

/// Whether an EGA or later is present (INT 10h AH=12h BL=10h, get EGA
/// information: a CGA or MDA BIOS leaves BL as it was).
pub fn is_ega() -> bool {
    int10(0x1200, 0x0010, 0, 0).1 as u8 != 0x10
}

/// Loads the 8x8 ROM font into the text mode (INT 10h AX=1112h, BL=0): 50 rows
/// on a VGA, 43 on an EGA (EGA and later; the BIOS updates the row count).
pub fn load_8x8_font() {
    int10(0x1112, 0, 0, 0);
}

/// Attribute bit 7: blinking (the BIOS default) or bright backgrounds (INT 10h
/// AX=1003h, EGA and later).
// Out of line: inlined at each call, it cost the .COM more.
#[inline(never)]
pub fn set_blinking(on: bool) {
    int10(0x1003, on as u16, 0, 0);
}

/// The text cursor's shape (start and end scan lines in CX) and position (row in
/// DH, column in DL) on page 0.
pub fn cursor() -> (u16, u16) {
    let (_, _, shape, position) = int10(0x0300, 0, 0, 0);
    (shape, position)
}

// Out of line: inlined at each call, it cost the .COM more.
#[inline(never)]
pub fn set_cursor_shape(shape: u16) {
    int10(0x0100, 0, shape, 0);
}

/// Rows on the screen minus one, from the BIOS data area (0040:0084; EGA and later).
// Out of line: inlined at each call, it cost the .COM more.
#[inline(never)]
pub fn screen_rows_minus_one() -> u8 {
    super::far_access::read_u16(0x40, 0x84) as u8
}

/// Whether the keyboard has an enhanced (101/102-key) layout, which the BIOS
/// marks in 0040:0096h bit 4: then the enhanced functions (AH=11h/10h), which
/// also report F11 and F12, are used; otherwise the PC's own (AH=01h/00h): an
/// XT or early AT BIOS has no others. As the AH bits of those functions.
fn enhanced_keyboard() -> u16 {
    if super::far_access::read_u16(0x40, 0x96) & 0x10 != 0 {
        0x1000
    } else {
        0
    }
}

/// The next key in the BIOS buffer, left there: (ASCII, scan code) as one
/// word (scan code high), or None when the buffer is empty.
pub fn peek_key() -> Option<u16> {
    let ax = enhanced_keyboard() | 0x0100;
    let (empty, key): (u8, u16);
    // SAFETY: INT 16h AH=01h/11h only peeks at the keyboard buffer; it returns ZF
    // and the key in AX.
    #[cfg(target_arch = "x86")]
    unsafe {
        asm!("int 0x16", "setz {e}", e = out(reg_byte) empty, inout("ax") ax => key);
    }
    #[cfg(target_arch = "msp430")]
    {
        let mut regs = rt86::Regs::new(ax, 0, 0, 0);
        // SAFETY: as above; the runtime hands back ZF in `regs.flags`.
        unsafe { rt86::rt86_int(0x16, &mut regs) };
        empty = (regs.flags & rt86::ZF != 0) as u8;
        key = regs.ax;
    }
    (empty == 0).then_some(key)
}

/// A key from the BIOS buffer, without waiting: (ASCII, scan code).
pub fn read_key() -> Option<(u8, u8)> {
    peek_key()?;
    let key: u16;
    // SAFETY: INT 16h AH=00h/10h removes the key just seen from the buffer; only AX changes.
    #[cfg(target_arch = "x86")]
    unsafe {
        asm!("int 0x16", inout("ax") enhanced_keyboard() => key);
    }
    #[cfg(target_arch = "msp430")]
    {
        let mut regs = rt86::Regs::new(enhanced_keyboard(), 0, 0, 0);
        // SAFETY: as above; the runtime hands back AX in `regs`.
        unsafe { rt86::rt86_int(0x16, &mut regs) };
        key = regs.ax;
    }
    Some((key as u8, (key >> 8) as u8))
}

/// BIOS ticks since midnight (18.2065 a second), INT 1Ah AH=00h.
// Out of line: inlined at each call, it cost the .COM more.
#[inline(never)]
pub fn ticks() -> u32 {
    let (high, low): (u16, u16);
    // SAFETY: INT 1Ah AH=00h reads the clock; it changes AX, CX and DX only.
    #[cfg(target_arch = "x86")]
    unsafe {
        asm!("int 0x1a", inout("ax") 0u16 => _, out("cx") high, out("dx") low);
    }
    #[cfg(target_arch = "msp430")]
    {
        let mut regs = rt86::Regs::new(0, 0, 0, 0);
        // SAFETY: as above; the runtime hands back CX and DX in `regs`.
        unsafe { rt86::rt86_int(0x1A, &mut regs) };
        (high, low) = (regs.cx, regs.dx);
    }
    (high as u32) << 16 | low as u32
}

/// Waits for the next interrupt (at most a timer tick), so an idle loop does not
/// spin the CPU.
pub fn idle() {
    // SAFETY: STI; HLT sleeps until the next interrupt with interrupts enabled,
    // which the timer raises 18.2 times a second; no state changes.
    #[cfg(target_arch = "x86")]
    unsafe {
        asm!("sti", "hlt", options(nomem, nostack));
    }
    // SAFETY: as above: the runtime's STI; HLT.
    #[cfg(target_arch = "msp430")]
    unsafe {
        rt86::rt86_idle();
    }
}
