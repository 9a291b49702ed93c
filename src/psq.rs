//! Game records in Piskvork's .psq text format, so the field's tools read them.
//!
//! ```text
//! Piskvorky 19x19, 11:11, 0      header: the board size (then two fields Piskvork
//! 10,10,0                         writes and we ignore)
//! 11,9,0                          one line a move: x,y,time in milliseconds
//! ...
//! ```
//! `x` is the column counted from 1 at the left (A = 1) and `y` the row counted from
//! 1 at the top, as on Piskvork's screen; so K10 on 19x19 is `11,10`. Lines may end in
//! CR LF or LF, and the last line must end too (a file cut off mid-line is
//! reported as truncated). Lines after the moves that are not moves (Piskvork writes the
//! players' names and a `-1` there) end the move list and are ignored.

use crate::board::MAX_SIDE;
use crate::coord::Point;

/// Why a record could not be read.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum RecordError {
    /// Not a Piskvork file: the first line is not `Piskvorky NxN, ...`.
    NotARecord,
    /// The board size is not the one this game is played on.
    WrongSize,
    /// A move line is malformed, off the board, or repeats a point.
    BadMove,
    /// More moves than the board has points.
    TooLong,
    /// The file stops in the middle of a line (every line ends with a line break).
    Truncated,
}

/// A record's moves, at most a full board of them.
pub struct Record {
    pub side: u8,
    moves: [Point; MAX_SIDE as usize * MAX_SIDE as usize],
    count: u16,
}

impl Record {
    pub fn moves(&self) -> &[Point] {
        &self.moves[..self.count as usize]
    }
}

/// Writes the header and the moves; returns the number of bytes used, or None if
/// `out` is too small.
pub fn write(side: u8, moves: &[Point], out: &mut [u8]) -> Option<usize> {
    let mut writer = Writer { out, len: 0 };
    writer.text(b"Piskvorky ")?;
    writer.number(side as u16)?;
    writer.text(b"x")?;
    writer.number(side as u16)?;
    writer.text(b", 11:11, 0\r\n")?;
    for point in moves {
        writer.number(point.col as u16 + 1)?;
        writer.text(b",")?;
        writer.number((side - point.row) as u16)?;
        writer.text(b",0\r\n")?;
    }
    writer.text(b"-1\r\n")?;
    Some(writer.len)
}

/// The largest file `write` can produce: header, 361 lines of at most 12 bytes, end.
pub const MAX_RECORD_BYTES: usize = 32 + MAX_SIDE as usize * MAX_SIDE as usize * 12 + 4;

struct Writer<'a> {
    out: &'a mut [u8],
    len: usize,
}

impl Writer<'_> {
    fn text(&mut self, text: &[u8]) -> Option<()> {
        let end = self.len + text.len();
        self.out.get_mut(self.len..end)?.copy_from_slice(text);
        self.len = end;
        Some(())
    }

    fn number(&mut self, number: u16) -> Option<()> {
        let mut digits = [0u8; 5];
        let mut count = 0;
        let mut rest = number;
        loop {
            digits[4 - count] = b'0' + (rest % 10) as u8;
            count += 1;
            rest /= 10;
            if rest == 0 {
                break;
            }
        }
        self.text(&digits[5 - count..])
    }
}

/// Reads a record for a board of `side` points a side.
pub fn read(bytes: &[u8], side: u8) -> Result<Record, RecordError> {
    if bytes.is_empty() {
        return Err(RecordError::NotARecord);
    }
    if bytes.last() != Some(&b'\n') {
        return Err(RecordError::Truncated);
    }
    let bytes = &bytes[..bytes.len() - 1];
    let mut lines = bytes
        .split(|&b| b == b'\n')
        .map(|line| line.strip_suffix(b"\r").unwrap_or(line));
    let header = lines.next().ok_or(RecordError::NotARecord)?;
    let size = header
        .strip_prefix(b"Piskvorky ")
        .ok_or(RecordError::NotARecord)?;
    let size_field = size.split(|&b| b == b',').next().unwrap_or(b"");
    let mut dims = size_field.split(|&b| b == b'x');
    let width = dims
        .next()
        .and_then(parse_number)
        .ok_or(RecordError::NotARecord)?;
    let height = dims
        .next()
        .and_then(parse_number)
        .ok_or(RecordError::NotARecord)?;
    if width != side as u16 || height != side as u16 {
        return Err(RecordError::WrongSize);
    }
    let mut record = Record {
        side,
        moves: [Point::new(0, 0); MAX_SIDE as usize * MAX_SIDE as usize],
        count: 0,
    };
    let mut taken = [false; MAX_SIDE as usize * MAX_SIDE as usize];
    for line in lines {
        let mut fields = line.split(|&b| b == b',');
        let (Some(x), Some(y)) = (fields.next(), fields.next()) else {
            break; // a name line or the end: the move list is over
        };
        let time = fields.next();
        if fields.next().is_some() {
            return Err(RecordError::BadMove);
        }
        let (Some(x), Some(y)) = (parse_number(x), parse_number(y)) else {
            return Err(RecordError::BadMove);
        };
        if time.is_some_and(|t| parse_number(t).is_none() && !t.is_empty()) {
            return Err(RecordError::BadMove);
        }
        if x == 0 || y == 0 || x > side as u16 || y > side as u16 {
            return Err(RecordError::BadMove);
        }
        let point = Point::new((x - 1) as u8, (side as u16 - y) as u8);
        let index = point.row as usize * side as usize + point.col as usize;
        if taken[index] {
            return Err(RecordError::BadMove);
        }
        if record.count as usize >= side as usize * side as usize {
            return Err(RecordError::TooLong);
        }
        taken[index] = true;
        record.moves[record.count as usize] = point;
        record.count += 1;
    }
    Ok(record)
}

/// A decimal number of 1 to 5 digits, surrounding spaces allowed.
fn parse_number(text: &[u8]) -> Option<u16> {
    let text = trim(text);
    if text.is_empty() || text.len() > 5 {
        return None;
    }
    let mut value: u32 = 0;
    for &digit in text {
        if !digit.is_ascii_digit() {
            return None;
        }
        value = value * 10 + (digit - b'0') as u32;
    }
    u16::try_from(value).ok()
}

fn trim(text: &[u8]) -> &[u8] {
    let start = text.iter().position(|&b| b != b' ').unwrap_or(text.len());
    let end = text
        .iter()
        .rposition(|&b| b != b' ')
        .map_or(start, |e| e + 1);
    &text[start..end]
}
