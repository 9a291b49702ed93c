//! The Mist's Game Controller: a command prompt (seeds/000).
//!
//! One command a line; the answers, byte for byte:
//!
//! | command | answer |
//! |---|---|
//! | `who` | `B` or `W`: whose turn (Black moves first) |
//! | `term` | nothing; the program ends at once with errorlevel 1 |
//! | `resign` | the other player wins (the end of game lines below) |
//! | `view` | `J10,` and 49 characters: the hole (see [`crate::rules::mist::view`]) |
//! | `place <C><R>` | nothing; or `Invalid coordinate` / `Occupied coordinate`, and the player does not change |
//! | `history` | every move so far run together: `A1B2C3D4` |
//! | anything else | `Invalid!` |
//!
//! The end of a game: `Black wins!`, `White wins!` or `Wow, a tie!` (all 361 points
//! filled), then the history line, then `Thank you for playing!`, errorlevel 0.
//! Lines end in CR LF.

use crate::rules::WinRule;
use crate::rules::board::Stone;
use crate::rules::coord::{Lettering, Point, parse_point, write_point};
use crate::rules::game::{Game, MoveError, Outcome};
use crate::rules::mist;

pub use crate::support::text::Sink;

/// What happens after a line.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    Continue,
    /// The program ends with this errorlevel.
    Exit(u8),
}

/// The longest command line taken; longer ones are `Invalid!`.
pub const MAX_LINE: usize = 80;

/// A command line, understood.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Request {
    Who,
    Term,
    Resign,
    View,
    History,
    /// `place` with a coordinate; None when the coordinate is not one.
    Place(Option<Point>),
    Invalid,
}

/// Reads one command line exactly as the seed's controller does: lower-case
/// words, one space before a coordinate, nothing else on the line.
pub fn parse(line: &[u8]) -> Request {
    if line.len() > MAX_LINE {
        return Request::Invalid;
    }
    if let Some(&(_, request)) = WORDS.iter().find(|&&(word, _)| word == line) {
        return request;
    }
    match line.strip_prefix(b"place ") {
        // Not `contains`: that links memchr's 290 bytes for two callers.
        #[allow(clippy::manual_contains)]
        Some(coordinate) if !coordinate.is_empty() && !coordinate.iter().any(|&b| b == b' ') => {
            Request::Place(parse_point(coordinate, mist::SIDE, Lettering::Consecutive))
        }
        _ => Request::Invalid,
    }
}

/// The commands of one word. A table rather than a match on the words: a
/// match compiles every comparison inline, costing the .COM more.
const WORDS: [(&[u8], Request); 5] = [
    (b"who", Request::Who),
    (b"term", Request::Term),
    (b"resign", Request::Resign),
    (b"view", Request::View),
    (b"history", Request::History),
];

/// The `history` line without its line end: every move run together.
pub fn write_history(game: &Game, out: &mut dyn Sink) {
    for &point in game.moves() {
        let mut notation = [0u8; 3];
        let len = write_point(point, Lettering::Consecutive, &mut notation);
        out.write(&notation[..len]);
    }
}

/// A Mist game driven by commands.
pub struct Controller {
    game: Game,
    centre: Point,
}

impl Default for Controller {
    fn default() -> Self {
        Self::new()
    }
}

impl Controller {
    pub fn new() -> Controller {
        Controller {
            game: Game::new(mist::SIDE, WinRule::FiveOrMore),
            centre: mist::START,
        }
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The hole's centre now.
    pub fn centre(&self) -> Point {
        self.centre
    }

    /// Places a stone for the player to move, moving the hole; the same rules as
    /// the `place` command, for the full-screen game.
    pub fn place(&mut self, point: Point) -> Result<(), MoveError> {
        self.game.play(point)?;
        self.centre = mist::centre_after(point);
        Ok(())
    }

    /// Runs one command line (without its line end).
    pub fn handle_line(&mut self, line: &[u8], out: &mut dyn Sink) -> Flow {
        // Most commands end with one fixed reply: written once, after the match
        // (each call through `out` costs the .COM its arguments).
        let reply: &[u8] = match parse(line) {
            Request::Who => match self.game.to_move() {
                Stone::Black => b"B\r\n",
                Stone::White => b"W\r\n",
            },
            Request::Term => return Flow::Exit(1),
            Request::Resign => {
                let winner = self.game.to_move().opponent();
                return self.finish(Some(winner), out);
            }
            Request::View => {
                let mut text = [0u8; 53];
                let len = mist::view(self.game.board(), self.centre, &mut text);
                out.write(&text[..len]);
                b"\r\n"
            }
            Request::History => {
                write_history(&self.game, out);
                b"\r\n"
            }
            Request::Place(Some(point)) => match self.place(point) {
                Ok(()) => {
                    return match self.game.outcome() {
                        Outcome::InProgress => Flow::Continue,
                        Outcome::Won { winner, .. } => self.finish(Some(winner), out),
                        Outcome::Draw => self.finish(None, out),
                    };
                }
                Err(MoveError::Occupied) => b"Occupied coordinate\r\n",
                Err(_) => b"Invalid coordinate\r\n",
            },
            Request::Place(None) => b"Invalid coordinate\r\n",
            Request::Invalid => b"Invalid!\r\n",
        };
        out.write(reply);
        Flow::Continue
    }

    /// The end of a game: the result, the history, the thanks; errorlevel 0.
    fn finish(&mut self, winner: Option<Stone>, out: &mut dyn Sink) -> Flow {
        out.write(match winner {
            Some(Stone::Black) => b"Black wins!\r\n",
            Some(Stone::White) => b"White wins!\r\n",
            None => b"Wow, a tie!\r\n",
        });
        write_history(&self.game, out);
        out.write(b"\r\nThank you for playing!\r\n");
        Flow::Exit(0)
    }
}

/// Splits standard input into lines: LF or CR LF ends a line; a line longer than
/// [`MAX_LINE`] is reported as too long (and answered `Invalid!`), never kept.
pub struct LineReader {
    buffer: [u8; MAX_LINE],
    len: usize,
    too_long: bool,
    /// A CR was read and may be the first half of a CR LF.
    pending_cr: bool,
}

/// What a byte completed.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum LineEnd {
    /// A whole line is in [`LineReader::line`].
    Line,
    /// A line longer than the buffer ended.
    TooLong,
}

impl Default for LineReader {
    fn default() -> Self {
        Self::new()
    }
}

impl LineReader {
    pub const fn new() -> LineReader {
        LineReader {
            buffer: [0; MAX_LINE],
            len: 0,
            too_long: false,
            pending_cr: false,
        }
    }

    /// Takes one byte of input; says when it ended a line. A CR is held back
    /// until the next byte shows whether it ends the line (CR LF) or is text.
    pub fn push(&mut self, byte: u8) -> Option<LineEnd> {
        if core::mem::take(&mut self.pending_cr) && byte != b'\n' {
            self.store(b'\r');
        }
        match byte {
            b'\n' => Some(self.end()),
            b'\r' => {
                self.pending_cr = true;
                None
            }
            _ => {
                self.store(byte);
                None
            }
        }
    }

    // Out of line: inlined at each call, it cost the .COM more.
    #[inline(never)]
    fn store(&mut self, byte: u8) {
        if self.len < MAX_LINE {
            self.buffer[self.len] = byte;
            self.len += 1;
        } else {
            self.too_long = true;
        }
    }

    /// The end of input: a last line without a line end still counts.
    pub fn finish(&mut self) -> Option<LineEnd> {
        // A CR at the very end is a line end whose LF never came.
        let pending_cr = core::mem::take(&mut self.pending_cr);
        if self.len > 0 || self.too_long || pending_cr {
            Some(self.end())
        } else {
            None
        }
    }

    /// A line ended: whether it was kept or was too long. (Out of line: it
    /// ends lines at two places, and inlined at both it cost the .COM more.)
    #[inline(never)]
    fn end(&mut self) -> LineEnd {
        let result = if self.too_long {
            self.len = 0;
            LineEnd::TooLong
        } else {
            LineEnd::Line
        };
        self.too_long = false;
        result
    }

    /// The line just ended (without CR LF); valid until the next `push`.
    pub fn take_line(&mut self) -> &[u8] {
        let len = self.len;
        self.len = 0;
        &self.buffer[..len]
    }
}
