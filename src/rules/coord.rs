//! Points of the board and their Go notation (`K10`: a column letter, a row number).
//!
//! Columns are counted from the left (A = 0), rows from the bottom (row 1 = 0), as on
//! a Go board. The Mist seed letters its 19 columns A..S with no letter skipped;
//! Go tradition skips I. Both are kept as a runtime [`Lettering`].

/// A point of the board, 0-based: `col` 0 is column A, `row` 0 is row 1 (the bottom).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Point {
    pub col: u8,
    pub row: u8,
}

impl Point {
    pub const fn new(col: u8, row: u8) -> Point {
        Point { col, row }
    }

    /// The point `steps` steps from here in direction `(dc, dr)`, if it lies on a
    /// board of `side` points a side.
    pub fn step(self, dc: i8, dr: i8, steps: i8, side: u8) -> Option<Point> {
        let col = self.col as i16 + dc as i16 * steps as i16;
        let row = self.row as i16 + dr as i16 * steps as i16;
        if col < 0 || row < 0 || col >= side as i16 || row >= side as i16 {
            None
        } else {
            Some(Point::new(col as u8, row as u8))
        }
    }
}

/// How columns are lettered.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Lettering {
    /// A, B, C, ... with no letter skipped (the Mist seed's A..S).
    Consecutive,
    /// Go tradition: I is skipped (A..H, J..).
    SkipI,
}

impl Lettering {
    /// The letter of column `col`.
    pub fn letter(self, col: u8) -> u8 {
        match self {
            Lettering::SkipI if col >= 8 => b'A' + col + 1,
            _ => b'A' + col,
        }
    }

    /// The column of an upper-case letter, if the lettering uses it.
    pub fn column(self, letter: u8) -> Option<u8> {
        if !letter.is_ascii_uppercase() {
            return None;
        }
        let index = letter - b'A';
        match self {
            Lettering::Consecutive => Some(index),
            Lettering::SkipI if letter == b'I' => None,
            Lettering::SkipI if letter > b'I' => Some(index - 1),
            Lettering::SkipI => Some(index),
        }
    }
}

/// Parses `<C><R>` (upper-case column letter, row 1..side without a leading zero)
/// on a board of `side` points a side. Anything else is `None`.
pub fn parse_point(text: &[u8], side: u8, lettering: Lettering) -> Option<Point> {
    let (&letter, digits) = text.split_first()?;
    let col = lettering.column(letter)?;
    if col >= side || digits.len() > 2 || digits.first() == Some(&b'0') {
        return None;
    }
    // The program's one decimal parser (it refuses no digits and non-digits).
    let number = crate::support::text::parse_u16(digits)?;
    if number == 0 || number > side as u16 {
        return None;
    }
    Some(Point::new(col, (number - 1) as u8))
}

/// Writes the Go notation of `point` into `out` and returns how many bytes it took
/// (2 or 3).
// Out of line: inlined at each call, it cost the .COM more.
#[inline(never)]
pub fn write_point(point: Point, lettering: Lettering, out: &mut [u8; 3]) -> usize {
    out[0] = lettering.letter(point.col);
    let number = point.row + 1;
    if number >= 10 {
        out[1] = b'0' + number / 10;
        out[2] = b'0' + number % 10;
        3
    } else {
        out[1] = b'0' + number;
        2
    }
}
