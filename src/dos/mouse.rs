//! The mouse through INT 33h. Called only after `detect` found a driver.

#[cfg(target_arch = "x86")]
use core::sync::atomic::AtomicU16;
use core::sync::atomic::Ordering;

#[cfg(target_arch = "msp430")]
use super::single::AtomicU16;

/// INT 33h with AX, BX in; AX, BX, CX, DX out.
fn int33(ax: u16, bx: u16) -> (u16, u16, u16, u16) {
    int33_with(ax, bx, 0, 0)
}

/// INT 33h with AX, BX, CX, DX in and out (the mouse functions used
/// change only those).
#[inline(never)]
fn int33_with(ax: u16, bx: u16, cx: u16, dx: u16) -> (u16, u16, u16, u16) {
    super::bios::interrupt::<0x33>(ax, bx, cx, dx)
}

/// Resets the driver (AX=0) and says whether one is installed. The vector is
/// checked first: on old DOS an unset INT 33h would jump to 0000:0000.
pub fn detect() -> bool {
    super::dosapi::vector_is_set(0x33) && int33(0, 0).0 == 0xFFFF
}

/// The text pointer (INT 33h AX=0Ah, software cursor): it keeps the cell's
/// character and colours and flips only attribute bit 7 (screen mask FFFFh,
/// cursor mask 8000h): a bright background with blinking off (VGA), a blink
/// elsewhere. The driver's default (cursor mask 7700h) inverted the colours, so
/// a stone under it showed in another colour.
pub fn keep_colours_under_pointer() {
    int33_with(0x0A, 0, 0xFFFF, 0x8000);
}

pub fn show_cursor() {
    int33(1, 0);
}

pub fn hide_cursor() {
    int33(2, 0);
}

/// The text cell of a left press still waiting for its release (`NO_PRESS`
/// when none is), as x * 256 + y.
static PRESSED_AT: AtomicU16 = AtomicU16::new(NO_PRESS);
const NO_PRESS: u16 = 0xFFFF;

/// The text cell under a driver position: in text mode the driver reports 8x8
/// virtual pixels per cell (640x200 for 80x25; 640x400 once `set_rows(50)`
/// widened the range).
fn cell(x: u16, y: u16) -> u16 {
    (x / 8) << 8 | (y / 8)
}

/// A left click since the last call: a press and then a release on the same
/// text cell, so a press made before the screen was drawn, or a press dragged
/// off a line, chooses nothing. The driver's counters (AX=5 presses, AX=6
/// releases) catch a click shorter than a polling interval.
pub fn left_click() -> Option<(u8, u8)> {
    let (_, presses, x, y) = int33(5, 0);
    if presses != 0 {
        PRESSED_AT.store(cell(x, y), Ordering::Relaxed);
    }
    let (_, releases, x, y) = int33(6, 0);
    if releases == 0 {
        return None;
    }
    let pressed = PRESSED_AT.swap(NO_PRESS, Ordering::Relaxed);
    (pressed == cell(x, y)).then_some(((pressed >> 8) as u8, pressed as u8))
}

/// Forgets every press and release so far: what was clicked before a screen
/// was drawn is not a choice on it.
pub fn forget_clicks() {
    int33(5, 0);
    int33(6, 0);
    PRESSED_AT.store(NO_PRESS, Ordering::Relaxed);
}

/// Lets the pointer reach `rows` text rows (INT 33h AX=8, vertical range in
/// virtual pixels): a font change to 43 or 50 rows does not tell the driver.
pub fn set_rows(rows: u8) {
    int33_with(8, 0, 0, rows as u16 * 8 - 1);
}
