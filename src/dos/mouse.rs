//! The mouse through INT 33h. Called only after `detect` found a driver.

use core::arch::asm;

/// INT 33h with AX, BX in; AX, BX, CX, DX out.
fn int33(ax: u16, bx: u16) -> (u16, u16, u16, u16) {
    let (a, b, c, d): (u16, u16, u16, u16);
    // SAFETY: the mouse functions used (reset, show, hide, press data) change only
    // AX..DX; this is called only when the INT 33h vector is set (see `detect`).
    unsafe {
        asm!(
            "int 0x33",
            inout("ax") ax => a,
            inout("bx") bx => b,
            inout("cx") 0u16 => c,
            inout("dx") 0u16 => d,
        );
    }
    (a, b, c, d)
}

/// Resets the driver (AX=0) and says whether one is installed. The vector is
/// checked first: on old DOS an unset INT 33h would jump to 0000:0000.
pub fn detect() -> bool {
    super::dosapi::vector_is_set(0x33) && int33(0, 0).0 == 0xFFFF
}

pub fn show_cursor() {
    int33(1, 0);
}

pub fn hide_cursor() {
    int33(2, 0);
}

/// The left button's presses since the last call, and the text cell of the last
/// press. Counting presses (AX=5) catches a click shorter than a polling interval.
pub fn left_presses() -> Option<(u8, u8)> {
    let (_, count, x, y) = int33(5, 0);
    if count == 0 {
        None
    } else {
        // In 80x25 text mode the driver reports a virtual 640x200 screen.
        Some(((x / 8) as u8, (y / 8) as u8))
    }
}
