//! The text screen as a model: 80x25 cells (80x50 for Gomorpion's board), each a
//! CP437 character and a [`Style`].
//!
//! The UI draws on a [`Canvas`]: on DOS that is video memory (the DOS layer turns
//! styles into the attributes of a colour or a monochrome adapter); in tests it is
//! a [`TextScreen`], a plain copy of the screen.

use crate::support::packed::{MARK, Packed, Unpacker};

pub const WIDTH: usize = 80;
pub const HEIGHT: usize = 25;
/// Rows of the tall screen (the 8x8 font on a VGA; an EGA shows 43 of them).
pub const TALL_HEIGHT: usize = 50;

/// CP437 characters the screens use.
pub mod glyph {
    pub const HORIZONTAL: u8 = 0xC4; // ─
    pub const VERTICAL: u8 = 0xB3; // │
    pub const CROSS: u8 = 0xC5; // ┼
    pub const TOP_LEFT: u8 = 0xDA; // ┌
    pub const TOP_RIGHT: u8 = 0xBF; // ┐
    pub const BOTTOM_LEFT: u8 = 0xC0; // └
    pub const BOTTOM_RIGHT: u8 = 0xD9; // ┘
    pub const TEE_DOWN: u8 = 0xC2; // ┬
    pub const TEE_UP: u8 = 0xC1; // ┴
    pub const TEE_RIGHT: u8 = 0xC3; // ├
    pub const TEE_LEFT: u8 = 0xB4; // ┤
    pub const BLACK_STONE: u8 = b'X';
    pub const WHITE_STONE: u8 = b'O';
    pub const MIST: u8 = 0xB0; // ░
    pub const HOLE_CENTRE: u8 = b'*';
}

/// What a cell is, as far as its colours go.
#[derive(Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub enum Style {
    Normal,
    Title,
    Heading,
    Label,
    Board,
    BlackStone,
    WhiteStone,
    BlackLast,
    WhiteLast,
    BlackWin,
    WhiteWin,
    Cursor,
    Status,
    Alert,
    KeyBar,
    MenuKey,
    /// The Mist over the board.
    Mist,
    /// Gomorpion: a Red piece (Black's are `BlackStone`).
    RedPiece,
    /// Gomorpion: a captured piece that counts for Black.
    BlackCaptured,
    /// Gomorpion: a captured piece that counts for Red.
    RedCaptured,
    /// Outer-Open: the points where Black may open, until Black has.
    Opening,
}

/// Number of styles; the DOS layer's attribute tables have this many entries.
pub const STYLE_COUNT: usize = 21;

#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Cell {
    pub ch: u8,
    pub style: Style,
}

/// Something a page can be drawn on: the screen model in tests, video memory on
/// DOS. Everything is drawn with `put`; the rest are conveniences.
pub trait Canvas {
    /// Sets cell (x, y); cells off the screen are ignored.
    fn put(&mut self, x: usize, y: usize, ch: u8, style: Style);

    /// The byte at `offset` of the far texts ([`crate::app::help::TAIL`]: the
    /// packed messages, then the help), which the .COM keeps outside its
    /// segment.
    fn text_byte(&self, offset: u16) -> u8 {
        crate::app::help::byte_at(offset)
    }

    /// Whether a mouse is there: texts say what a click does only then.
    fn has_mouse(&self) -> bool {
        true
    }

    /// Writes `text` from (x, y) on; what runs past the right edge is cut off.
    /// A packed text in it ([`crate::support::packed::MARK`] and its number) is
    /// unpacked. A part in braces speaks of the mouse: without one it is left
    /// out, with one only the braces are (`Choose with a key{ or a click}.`).
    /// Gives the column after the last character written.
    fn write(&mut self, x: usize, y: usize, text: &[u8], style: Style) -> usize {
        let mouse = self.has_mouse();
        let (mut at, mut skip) = (x, false);
        let mut chars = Unpacker::range(0, 0);
        let mut bytes = text.iter();
        loop {
            let ch = match chars.next(&|offset| self.text_byte(offset)) {
                Some(ch) => ch,
                None => match bytes.next() {
                    Some(&MARK) => {
                        let number = bytes.next().copied().unwrap_or(0);
                        chars = Unpacker::text(Packed(number), &|offset| self.text_byte(offset));
                        continue;
                    }
                    Some(&ch) => ch,
                    None => return at,
                },
            };
            match ch {
                b'{' => skip = !mouse,
                b'}' => skip = false,
                _ if skip => {}
                _ => {
                    self.put(at, y, ch, style);
                    at += 1;
                }
            }
        }
    }

    /// Writes a packed text from (x, y) on.
    fn write_packed(&mut self, x: usize, y: usize, text: Packed, style: Style) {
        self.write(x, y, &[MARK, text.0], style);
    }

    fn fill(&mut self, x: usize, y: usize, width: usize, height: usize, ch: u8, style: Style) {
        for row in y..y + height {
            for col in x..x + width {
                self.put(col, row, ch, style);
            }
        }
    }

    fn clear(&mut self) {
        self.fill(0, 0, WIDTH, HEIGHT, b' ', Style::Normal);
    }
}

/// 80x50 cells, row-major: the screen as a model, for tests on the host (the
/// 80x25 pages use its top half).
#[derive(Clone)]
pub struct TextScreen {
    cells: [Cell; WIDTH * TALL_HEIGHT],
}

impl TextScreen {
    pub fn new() -> TextScreen {
        TextScreen {
            cells: [Cell {
                ch: b' ',
                style: Style::Normal,
            }; WIDTH * TALL_HEIGHT],
        }
    }

    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    pub fn cell(&self, x: usize, y: usize) -> Cell {
        self.cells[y * WIDTH + x]
    }

    /// One row as bytes (characters only), for tests.
    pub fn row_text(&self, y: usize, out: &mut [u8; WIDTH]) {
        for (x, byte) in out.iter_mut().enumerate() {
            *byte = self.cell(x, y).ch;
        }
    }
}

impl Canvas for TextScreen {
    fn put(&mut self, x: usize, y: usize, ch: u8, style: Style) {
        if x < WIDTH && y < TALL_HEIGHT {
            self.cells[y * WIDTH + x] = Cell { ch, style };
        }
    }
}

impl Default for TextScreen {
    fn default() -> Self {
        Self::new()
    }
}

/// A key the game understands. The DOS layer translates BIOS codes into these.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Key {
    Up,
    Down,
    Left,
    Right,
    Enter,
    Space,
    Escape,
    Backspace,
    F1,
    /// Page Up and Page Down: the help's pages, the move list's.
    PageUp,
    PageDown,
    /// Home and End: a replay's first and last move.
    Home,
    End,
    /// A printable character as typed.
    Char(u8),
}

/// One thing the user did.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Input {
    Key(Key),
    /// A left click on text cell (x, y).
    Click {
        x: u8,
        y: u8,
    },
}

/// A sound the platform plays if sound is on.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Sound {
    None,
    /// A stone was placed.
    Click,
    /// Somebody won.
    Tune,
}
