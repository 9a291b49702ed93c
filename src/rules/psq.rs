//! Game records in Piskvork's .psq text format, so the field's tools read them.
//!
//! ```text
//! Piskvorky 19x19, 11:11, 0      header: the board size (then two fields Piskvork
//! 10,10,8170                      writes and we ignore)
//! 11,9,2035                       one line a move: x,y,time in milliseconds
//! -1
//! piskrs: game=PISKASM against the computer
//! ```
//! `x` is the column counted from 1 at the left (A = 1) and `y` the row counted from
//! 1 at the top, as on Piskvork's screen; so K10 on 19x19 is `11,10`. Lines may end in
//! CR LF, LF or CR alone, and the last line must end too (a file cut off
//! mid-line is reported as truncated). Blank lines (or spaces only) among
//! the moves are skipped; the first other line that is not a move ends the
//! move list. Of the lines after it only PISKRS's own `piskrs:` line is read,
//! but a line there that looks like a move (a digit first, a comma in it)
//! means the list was cut short: the file is refused, naming the line that
//! ended it, rather than loaded without the moves after it.
//!
//! Records are written and read a piece at a time, so that PISKRS.COM needs no
//! buffer for a whole file in its 64 KiB. A move's time (how long its player
//! took, in ms, up to 9 digits; 0 when a line has none) is not kept in the
//! [`Record`]: a reader told where ([`Reader::keep_times_in`]) writes each to a
//! word table (PISKRS.COM's far memory), and [`write_to`] reads them from one.

use crate::rules::board::MAX_SIDE;
use crate::rules::coord::Point;
use crate::support::text::{Sink, Text, parse_digits};
use crate::support::word_tables::{NOWHERE, Words, put_word};

/// Why a record could not be read.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum RecordError {
    /// Not a Piskvork file: the first line is not `Piskvorky NxN, ...`.
    NotARecord,
    /// The board size is not the one this game is played on.
    WrongSize,
    /// A move line is malformed (or too long to read), off the board, or
    /// repeats a point ([`Reader::fault_line`] says which).
    BadMove,
    /// More moves than the board has points.
    TooLong,
    /// The file stops in the middle of a line (every line ends with a line break).
    Truncated,
    /// A line that is not a move ended the move list, yet moves follow it
    /// ([`Reader::fault_line`] says which).
    MovesCutShort,
}

/// The most moves a record holds: the largest board's points.
pub const MAX_MOVES: usize = MAX_SIDE as usize * MAX_SIDE as usize;
/// An empty move list as a constant: `Reader::new` written with the repeat
/// expression `[Point::new(0, 0); MAX_MOVES]` built the 722 bytes in a temporary
/// on the stack and copied them into the reader; from a zero constant the
/// compiler clears the reader in place.
const NO_MOVES: [Point; MAX_MOVES] = [Point::new(0, 0); MAX_MOVES];

/// A record's board size, moves, and PISKRS's own line if it has one.
#[derive(Clone)]
pub struct Record {
    pub side: u8,
    moves: [Point; MAX_MOVES],
    count: u16,
    /// The `piskrs:` line after the moves (empty if none).
    pub piskrs_line: Text<48>,
}

impl Record {
    pub fn moves(&self) -> &[Point] {
        &self.moves[..self.count as usize]
    }
}

/// The largest file `write_to` produces: header, 361 lines of up to 17
/// bytes (a time of 9 digits), the end.
pub const MAX_RECORD_BYTES: usize = 32 + MAX_MOVES * 17 + 4;

/// Writes the header and the moves (and `-1`), each move with its time in
/// ms, the word of `times` at `times_at` and after.
pub fn write_to(side: u8, moves: &[Point], times: &dyn Words, times_at: usize, out: &mut dyn Sink) {
    let mut line = Text::<78>::new();
    line.push(b"Piskvorky ")
        .push_number(side as u32)
        .push(b"x")
        .push_number(side as u32)
        .push(b", 11:11, 0\r\n");
    out.write(line.as_bytes());
    for (index, point) in moves.iter().enumerate() {
        line.clear();
        line.push_number(point.col as u32 + 1)
            .push(b",")
            .push_number((side - point.row) as u32)
            .push(b",")
            .push_number(times.get(times_at + index))
            .push(b"\r\n");
        out.write(line.as_bytes());
    }
    out.write(b"-1\r\n");
}

/// Where a reader is in the file.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Part {
    Header,
    Moves,
    After,
}

/// Reads a record fed in pieces of any size.
pub struct Reader {
    part: Part,
    /// Lines read so far (the one being read is the next); after an error,
    /// the line at fault.
    lines: u16,
    /// The line that ended the move list (0 before it).
    list_end: u16,
    line: [u8; 64],
    len: usize,
    overlong: bool,
    /// The last byte was a CR.
    after_cr: bool,
    record: Record,
    error: Option<RecordError>,
    /// Where each move's time goes: a word table, from its word `times_at`
    /// ([`NOWHERE`] until [`Reader::keep_times_in`]).
    times: &'static dyn Words,
    times_at: usize,
}

impl Default for Reader {
    fn default() -> Self {
        Self::new()
    }
}

impl Reader {
    pub fn new() -> Reader {
        Reader {
            part: Part::Header,
            lines: 0,
            list_end: 0,
            line: [0; 64],
            len: 0,
            overlong: false,
            after_cr: false,
            record: Record {
                side: 0,
                moves: NO_MOVES,
                count: 0,
                piskrs_line: Text::new(),
            },
            error: None,
            times: &NOWHERE,
            times_at: 0,
        }
    }

    /// Keeps each move's time read from now on in `times`, from word
    /// `first`: move n's at `first + n`.
    pub fn keep_times_in(&mut self, times: &'static dyn Words, first: usize) {
        (self.times, self.times_at) = (times, first);
    }

    /// Takes the next bytes of the file.
    pub fn feed(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            if self.error.is_some() {
                return;
            }
            // A line ends with CR LF (DOS), LF (Unix) or CR alone (as some
            // editors write): a CR ends it, and an LF straight after a CR is
            // the same line end.
            let after_cr = core::mem::replace(&mut self.after_cr, byte == b'\r');
            if byte == b'\n' && after_cr {
                continue;
            }
            if byte == b'\n' || byte == b'\r' {
                let len = self.len;
                let overlong = self.overlong;
                self.len = 0;
                self.overlong = false;
                self.lines = self.lines.saturating_add(1);
                if let Err(error) = self.take_line(len, overlong) {
                    self.error = Some(error);
                }
            } else if self.len < self.line.len() {
                self.line[self.len] = byte;
                self.len += 1;
            } else {
                self.overlong = true;
            }
        }
    }

    /// The line of the file (counted from 1) that a bad move or a move list
    /// cut short is on, if that is what is wrong.
    pub fn fault_line(&self) -> Option<u16> {
        matches!(
            self.error,
            Some(RecordError::BadMove | RecordError::MovesCutShort)
        )
        .then_some(self.lines)
    }

    /// The end of the file: the record, or why it is not one.
    pub fn finish(&self) -> Result<&Record, RecordError> {
        if let Some(error) = self.error {
            return Err(error);
        }
        if self.part == Part::Header {
            return Err(if self.len == 0 {
                RecordError::NotARecord
            } else {
                self.header_or_truncated()
            });
        }
        if self.len > 0 || self.overlong {
            return Err(RecordError::Truncated);
        }
        Ok(&self.record)
    }

    /// A file that ends inside its first line: not a record unless the header so
    /// far could still be one.
    fn header_or_truncated(&self) -> RecordError {
        let so_far = &self.line[..self.len];
        let start = &b"Piskvorky "[..so_far.len().min(10)];
        if so_far.starts_with(start) {
            RecordError::Truncated
        } else {
            RecordError::NotARecord
        }
    }

    /// Takes the line in `self.line[..len]` (read in place: no copy of the
    /// buffer).
    fn take_line(&mut self, len: usize, overlong: bool) -> Result<(), RecordError> {
        let line = &self.line[..len];
        match self.part {
            Part::Header => {
                let side = parse_header(line).ok_or(RecordError::NotARecord)?;
                if overlong || !(5..=MAX_SIDE).contains(&side) {
                    return Err(if overlong {
                        RecordError::NotARecord
                    } else {
                        RecordError::WrongSize
                    });
                }
                self.record.side = side;
                self.part = Part::Moves;
                Ok(())
            }
            // A line with a comma is meant as a move: one too long to read
            // whole is a bad one, not the end of the list.
            Part::Moves if has_comma(line) => {
                if overlong {
                    return Err(RecordError::BadMove);
                }
                let time = self.record.take_move(line)?;
                let at = self.times_at + self.record.count as usize - 1;
                put_word(self.times, at, time);
                Ok(())
            }
            Part::Moves if trim(line).is_empty() => Ok(()),
            Part::Moves => {
                self.part = Part::After;
                self.list_end = self.lines;
                self.record.take_trailer(line);
                Ok(())
            }
            Part::After => {
                if matches!(trim(line), [b'0'..=b'9', ..]) && has_comma(line) {
                    self.lines = self.list_end;
                    return Err(RecordError::MovesCutShort);
                }
                self.record.take_trailer(line);
                Ok(())
            }
        }
    }
}

#[allow(clippy::manual_contains)] // memchr would cost 290 bytes
fn has_comma(line: &[u8]) -> bool {
    line.iter().any(|&b| b == b',')
}

impl Record {
    /// Takes a move line; its time in ms.
    fn take_move(&mut self, line: &[u8]) -> Result<u32, RecordError> {
        let side = self.side as u32;
        let bad = RecordError::BadMove;
        // `x,y` or `x,y,time`, each a number (one loop: each call of the
        // splitter and the parser costs the .COM its arguments).
        let mut numbers = [0u32; 3];
        let mut count = 0;
        for field in fields(line, b',') {
            if count == numbers.len() {
                return Err(bad);
            }
            numbers[count] = parse_number(field).ok_or(bad)?;
            count += 1;
        }
        let [x, y, time] = numbers;
        if count < 2 || x == 0 || y == 0 || x > side || y > side {
            return Err(bad);
        }
        let point = Point::new((x - 1) as u8, (side - y) as u8);
        if self.moves().contains(&point) {
            return Err(bad);
        }
        if self.count as u32 >= side * side {
            return Err(RecordError::TooLong);
        }
        self.moves[self.count as usize] = point;
        self.count += 1;
        Ok(time)
    }

    fn take_trailer(&mut self, line: &[u8]) {
        if line.starts_with(b"piskrs:") {
            // Filled in place (a Text built apart would be copied in).
            self.piskrs_line.clear();
            self.piskrs_line.push(line);
        }
    }
}

/// The parts of `line` between `separator`s. One closure type for every
/// separator: the .COM holds one copy of the splitting code, not one a closure.
fn fields(line: &[u8], separator: u8) -> impl Iterator<Item = &[u8]> {
    line.split(move |&b| b == separator)
}

/// `Piskvorky NxN, ...`: the side N of a square board.
fn parse_header(line: &[u8]) -> Option<u8> {
    let size = line.strip_prefix(b"Piskvorky ")?;
    let size_field = fields(size, b',').next().unwrap_or(b"");
    let mut dims = fields(size_field, b'x');
    let width = dims.next().and_then(parse_number)?;
    let height = dims.next().and_then(parse_number)?;
    if width != height || width > 255 {
        return None;
    }
    Some(width as u8)
}

/// Reads a whole record for a board of `side` points a side.
pub fn read(bytes: &[u8], side: u8) -> Result<Record, RecordError> {
    let mut reader = Reader::new();
    reader.feed(bytes);
    let record = reader.finish()?;
    if record.side != side {
        return Err(RecordError::WrongSize);
    }
    Ok(record.clone())
}

/// A decimal number of 1 to 9 digits, surrounding spaces allowed.
fn parse_number(text: &[u8]) -> Option<u32> {
    parse_digits(trim(text), 9)
}

fn trim(text: &[u8]) -> &[u8] {
    let start = text.iter().position(|&b| b != b' ').unwrap_or(text.len());
    let end = text
        .iter()
        .rposition(|&b| b != b' ')
        .map_or(start, |e| e + 1);
    &text[start..end]
}
