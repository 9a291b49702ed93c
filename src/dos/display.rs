//! The 80x25 text display: finds and restores the video mode and cursor the
//! program started with, maps styles to attributes, and copies the cells of the
//! core's screen model that changed into video memory.

use core::sync::atomic::Ordering;
use piskrs::screen::{Cell, HEIGHT, STYLE_COUNT, Style, TextScreen, WIDTH};

use super::bios;
use super::entry::ORIGINAL_MODE;

const CELLS: usize = WIDTH * HEIGHT;
const MONO_MODE: u8 = 7;
const COLOUR_TEXT_MODE: u8 = 3;

/// Attributes on a VGA, indexed by `Style`: background in the high nibble,
/// foreground in the low. Blinking is switched off there, so bit 7 makes a bright
/// background: the last move stands on bright red (Piskasm's highlight), a winning
/// five on bright green. The board is brown; black stones black, white ones white.
const VGA: [u8; STYLE_COUNT] = [
    0x07, // Normal
    0x1F, // Title: white on blue
    0x0E, // Heading: yellow
    0x03, // Label: cyan
    0x60, // Board: black lines on brown
    0x60, // BlackStone
    0x6F, // WhiteStone
    0xC0, // BlackLast: black on bright red
    0xCF, // WhiteLast: white on bright red
    0xA0, // BlackWin: black on bright green
    0xAF, // WhiteWin: white on bright green
    0x6E, // Cursor: yellow brackets
    0x0F, // Status
    0x0E, // Alert: yellow
    0x30, // KeyBar: black on cyan
    0x0E, // MenuKey
];

/// The same on older colour adapters (CGA, EGA), where bit 7 would blink: plain red
/// and green backgrounds.
const COLOUR: [u8; STYLE_COUNT] = [
    0x07, // Normal
    0x1F, // Title: white on blue
    0x0E, // Heading: yellow
    0x03, // Label: cyan
    0x60, // Board: black lines on brown
    0x60, // BlackStone
    0x6F, // WhiteStone
    0x40, // BlackLast: black on red
    0x4F, // WhiteLast: white on red
    0x20, // BlackWin: black on green
    0x2F, // WhiteWin: white on green
    0x6E, // Cursor: yellow brackets
    0x0F, // Status
    0x0E, // Alert: yellow
    0x30, // KeyBar: black on cyan
    0x0E, // MenuKey
];

/// Attributes on a monochrome adapter (mode 7): only normal 07h, bright 0Fh,
/// underline 01h and reverse 70h read well, so black stones are bright, the last
/// move is underlined and a winning five is reversed.
const MONO: [u8; STYLE_COUNT] = [
    0x07, // Normal
    0x70, // Title
    0x0F, // Heading
    0x07, // Label
    0x07, // Board
    0x0F, // BlackStone
    0x07, // WhiteStone
    0x09, // BlackLast: bright underline
    0x01, // WhiteLast: underline
    0x70, // BlackWin: reverse
    0x70, // WhiteWin
    0x0F, // Cursor
    0x0F, // Status
    0x0F, // Alert
    0x70, // KeyBar
    0x0F, // MenuKey
];

/// What the screen was before the program, so it can be put back.
pub struct Display {
    segment: u16,
    attributes: &'static [u8; STYLE_COUNT],
    /// Blinking was switched off (VGA) and must be switched back on at the end.
    blink_off: bool,
    original_mode: u8,
    changed_mode: bool,
    cursor_shape: u16,
    cursor_position: u16,
    /// The DOS screen under ours, restored on exit when the mode stays the same.
    saved: [u16; CELLS],
    /// What video memory holds now, to write only what changed.
    shown: [u16; CELLS],
}

impl Display {
    /// Takes over the screen: 80x25 text (mode 3, or mode 7 on a monochrome
    /// adapter), the text cursor hidden.
    pub fn open() -> Display {
        let original_mode = bios::video_mode() & 0x7F;
        ORIGINAL_MODE.store(original_mode + 1, Ordering::Relaxed);
        let (cursor_shape, cursor_position) = bios::cursor();
        let mono = original_mode == MONO_MODE;
        let usable =
            mono || (original_mode == COLOUR_TEXT_MODE && bios::screen_rows_minus_one() == 24);
        if !usable {
            bios::set_video_mode(COLOUR_TEXT_MODE);
        }
        let segment = if mono { 0xB000 } else { 0xB800 };
        let blink_off = !mono && bios::is_vga();
        if blink_off {
            bios::set_blinking(false);
        }
        let mut display = Display {
            segment,
            attributes: if mono {
                &MONO
            } else if blink_off {
                &VGA
            } else {
                &COLOUR
            },
            blink_off,
            original_mode,
            changed_mode: !usable,
            cursor_shape,
            cursor_position,
            saved: [0; CELLS],
            shown: [0; CELLS],
        };
        for i in 0..CELLS {
            let word = bios::far_read_u16(segment, (i * 2) as u16);
            display.saved[i] = word;
            display.shown[i] = word;
        }
        bios::set_cursor_shape(0x2000); // bit 5 of CH: no cursor
        display
    }

    fn word(&self, cell: Cell) -> u16 {
        (self.attributes[cell.style as usize] as u16) << 8 | cell.ch as u16
    }

    /// Copies the cells that changed to video memory. The mouse cursor is hidden
    /// while cells change, or the driver would later restore stale ones.
    pub fn show(&mut self, screen: &TextScreen, mouse: bool) {
        let mut hidden = false;
        for (i, &cell) in screen.cells().iter().enumerate() {
            let word = self.word(cell);
            if self.shown[i] != word {
                if mouse && !hidden {
                    super::mouse::hide_cursor();
                    hidden = true;
                }
                bios::far_write_u16(self.segment, (i * 2) as u16, word);
                self.shown[i] = word;
            }
        }
        if hidden {
            super::mouse::show_cursor();
        }
    }

    /// A raw copy of video memory (character, attribute, row by row), as the F12
    /// dump writes it: what is really on the screen, not the model.
    pub fn copy_video_memory(&self, out: &mut [u8; CELLS * 2]) {
        for i in 0..CELLS {
            let word = bios::far_read_u16(self.segment, (i * 2) as u16);
            out[2 * i] = word as u8;
            out[2 * i + 1] = (word >> 8) as u8;
        }
    }

    /// Puts back the mode, the screen and the cursor the program found.
    pub fn close(self) {
        if self.blink_off {
            bios::set_blinking(true);
        }
        if self.changed_mode {
            bios::set_video_mode(self.original_mode);
        } else {
            for (i, &word) in self.saved.iter().enumerate() {
                bios::far_write_u16(self.segment, (i * 2) as u16, word);
            }
        }
        bios::set_cursor_shape(self.cursor_shape);
        bios::set_cursor_position(self.cursor_position);
    }
}

/// Makes `Style` usable as an index without a cast at every call.
const _: () = assert!(Style::MenuKey as usize + 1 == STYLE_COUNT);
