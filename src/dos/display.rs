//! The text display: finds and restores the video mode and cursor the program
//! started with, maps styles to attributes, and is the canvas the core draws its
//! pages on: 80x25, or 80x50 (80x43 on an EGA) with the 8x8 font for Gomorpion.
//! On colour adapters a page is drawn on hidden video memory past the visible
//! page (B800:2000) and the cells that changed are then
//! copied to the visible one, so nothing flickers and no copy of the screen takes
//! room in our 64 KiB.

use core::sync::atomic::Ordering;
use piskrs::screen::{Canvas, STYLE_COUNT, Style, WIDTH};

use super::bios;
use super::entry::ORIGINAL_MODE;

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
    0x78, // Mist: dark grey on light grey
    0x64, // RedPiece: red on brown
    0x70, // BlackCaptured: black on light grey
    0x74, // RedCaptured: red on light grey
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
    0x78, // Mist
    0x64, // RedPiece
    0x70, // BlackCaptured
    0x74, // RedCaptured
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
    0x07, // Mist: the shade character shows it
    0x07, // RedPiece: Gomorpion's letters tell the colours apart
    0x70, // BlackCaptured: reverse
    0x70, // RedCaptured
];

/// Where the hidden page starts: past the visible page, 80x25 (4,000 bytes) or
/// 80x50 (8,000 bytes). Colour adapters have 16 KiB or more.
const PAGE_BYTES: u16 = 0x2000;

/// The screen the program draws on, and what it was before, to put it back.
pub struct Display {
    segment: u16,
    /// Where pages are drawn: the hidden page 1 on colour adapters; the visible
    /// page itself on a monochrome adapter, which has no second page.
    draw_offset: u16,
    attributes: &'static [u8; STYLE_COUNT],
    /// Blinking was switched off (VGA) and must be switched back on at the end.
    blink_off: bool,
    original_mode: u8,
    cursor_shape: u16,
    /// Text rows on the screen: 25, or 43 or 50 with the 8x8 font.
    rows: u8,
}

impl Display {
    /// Takes over the screen: 80x25 text (mode 3, or mode 7 on a monochrome
    /// adapter), the text cursor hidden.
    pub fn open() -> Display {
        let original_mode = bios::video_mode() & 0x7F;
        ORIGINAL_MODE.store(original_mode + 1, Ordering::Relaxed);
        let (cursor_shape, _) = bios::cursor();
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
        let display = Display {
            segment,
            draw_offset: if mono { 0 } else { PAGE_BYTES },
            attributes: if mono {
                &MONO
            } else if blink_off {
                &VGA
            } else {
                &COLOUR
            },
            blink_off,
            original_mode,
            cursor_shape,
            rows: 25,
        };
        bios::set_cursor_shape(0x2000); // bit 5 of CH: no cursor
        display
    }

    /// Draws a page with `render`, then shows it. The mouse cursor is hidden
    /// while the visible page changes: the driver draws it into video memory and
    /// would later restore a stale cell.
    pub fn draw(&mut self, mouse: bool, render: &dyn Fn(&mut dyn Canvas)) {
        let direct = self.draw_offset == 0;
        if mouse && direct {
            super::mouse::hide_cursor();
        }
        render(self);
        if !direct {
            if mouse {
                super::mouse::hide_cursor();
            }
            let mut offset = 0;
            while offset < self.bytes() {
                let word = bios::far_read_u16(self.segment, self.draw_offset + offset);
                if bios::far_read_u16(self.segment, offset) != word {
                    bios::far_write_u16(self.segment, offset, word);
                }
                offset += 2;
            }
        }
        if mouse {
            super::mouse::show_cursor();
        }
    }

    /// The segment of video memory, for the F12 dump (a raw copy of what is
    /// really on the screen, not the model).
    pub fn segment(&self) -> u16 {
        self.segment
    }

    /// Bytes of the visible page: 80 cells of two bytes per row.
    pub fn bytes(&self) -> u16 {
        self.rows as u16 * 160
    }

    pub fn rows(&self) -> u8 {
        self.rows
    }

    /// Switches to the tall screen (the 8x8 font: 50 rows on a VGA, 43 on an
    /// EGA) or back to 80x25, with the mouse pointer hidden while the mode
    /// changes and then let down to the last row. Says false, and changes
    /// nothing, on a monochrome adapter or a CGA.
    pub fn set_tall(&mut self, mouse: bool, tall: bool) -> bool {
        if self.draw_offset == 0 || (tall && !bios::is_ega()) {
            return false;
        }
        if mouse {
            super::mouse::hide_cursor();
        }
        // A mode set clears the screen and the font; blinking and the cursor
        // must be set again after it.
        bios::set_video_mode(COLOUR_TEXT_MODE);
        if tall {
            bios::load_8x8_font();
        }
        if self.blink_off {
            bios::set_blinking(false);
        }
        bios::set_cursor_shape(0x2000);
        self.rows = bios::screen_rows_minus_one() + 1;
        if mouse {
            super::mouse::set_rows(self.rows);
            super::mouse::show_cursor();
        }
        true
    }

    /// Puts back the mode the program found (which also clears the screen, puts
    /// the cursor home and turns blinking back on) and the cursor's shape.
    pub fn close(self) {
        if self.blink_off {
            bios::set_blinking(true);
        }
        bios::set_video_mode(self.original_mode);
        bios::set_cursor_shape(self.cursor_shape);
    }
}

impl Canvas for Display {
    fn put(&mut self, x: usize, y: usize, ch: u8, style: Style) {
        if x < WIDTH && y < self.rows as usize {
            let word = (self.attributes[style as usize] as u16) << 8 | ch as u16;
            bios::far_write_u16(
                self.segment,
                self.draw_offset + ((y * WIDTH + x) * 2) as u16,
                word,
            );
        }
    }
}

/// Makes `Style` usable as an index without a cast at every call.
const _: () = assert!(Style::RedCaptured as usize + 1 == STYLE_COUNT);
