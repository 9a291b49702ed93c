//! The mouse through INT 33h. Called only after `detect` found a driver.

use core::arch::asm;

/// INT 33h with AX, BX in; AX, BX, CX, DX out.
fn int33(ax: u16, bx: u16) -> (u16, u16, u16, u16) {
    int33_with(ax, bx, 0, 0)
}

/// INT 33h with AX, BX, CX, DX in and out.
#[inline(never)]
fn int33_with(ax: u16, bx: u16, cx: u16, dx: u16) -> (u16, u16, u16, u16) {
    let (a, b, c, d): (u16, u16, u16, u16);
    // SAFETY: the mouse functions used (reset, show, hide, press data, vertical
    // range) change only AX..DX; this is called only when the INT 33h vector is
    // set (see `detect`).
    unsafe {
        asm!(
            "int 0x33",
            inout("ax") ax => a,
            inout("bx") bx => b,
            inout("cx") cx => c,
            inout("dx") dx => d,
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
        // In text mode the driver reports 8x8 virtual pixels per cell (640x200
        // for 80x25; 640x400 once `set_rows(50)` widened the range).
        Some(((x / 8) as u8, (y / 8) as u8))
    }
}

/// Lets the pointer reach `rows` text rows (INT 33h AX=8, vertical range in
/// virtual pixels): a font change to 43 or 50 rows does not tell the driver.
pub fn set_rows(rows: u8) {
    int33_with(8, 0, 0, rows as u16 * 8 - 1);
}
