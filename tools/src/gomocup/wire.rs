//! The protocol's text: one line read from the manager, points and numbers
//! parsed and written (`x,y`, row 0 at the top), and INFO rule's bits.

use piskrs::rules::WinRule;
use piskrs::rules::coord::Point;

const RULE_EXACT_FIVE: u32 = 1;

/// `x,y` on the wire for `point`.
pub(crate) fn wire(point: Point, side: u8) -> String {
    format!("{},{}", point.col, side - 1 - point.row)
}

/// A line cut to 40 characters, for messages.
pub(super) fn shorten(line: &str) -> String {
    let mut cut: String = line.chars().take(40).collect();
    if cut.len() < line.len() {
        cut.push_str("...");
    }
    cut.chars()
        .map(|c| if c.is_control() { '?' } else { c })
        .collect()
}

/// A small non-negative decimal number (at most 9 digits, spaces around allowed).
pub(super) fn parse_number(text: &str) -> Option<u32> {
    let text = text.trim();
    if text.is_empty() || text.len() > 9 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// `x,y` on a board of `side`.
pub(super) fn parse_point(text: &str, side: u8) -> Result<Point, String> {
    match text.split_once(',') {
        Some((x, y)) => parse_xy(x, y, side),
        None => Err(format!("'{}' is not x,y", shorten(text))),
    }
}

pub(super) fn parse_xy(x: &str, y: &str, side: u8) -> Result<Point, String> {
    match (parse_number(x), parse_number(y)) {
        (Some(x), Some(y)) if x < side as u32 && y < side as u32 => {
            Ok(Point::new(x as u8, side - 1 - y as u8))
        }
        (Some(x), Some(y)) => Err(format!("{x},{y} is off the {side}x{side} board")),
        _ => Err(format!("'{},{}' is not x,y", shorten(x), shorten(y))),
    }
}

/// The rules of a game: its win rule and whether Renju binds Black.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Rules {
    /// Five or more under Renju: White's overline wins, and Black's is a
    /// forbidden move, never played.
    pub win: WinRule,
    pub renju: bool,
}

impl Rules {
    pub const FREESTYLE: Rules = Rules {
        win: WinRule::FiveOrMore,
        renju: false,
    };
}

const RULE_RENJU: u32 = 4;

pub(super) fn rule_of(value: &str) -> Result<Rules, String> {
    let Some(bits) = parse_number(value) else {
        return Err(format!("INFO rule '{}' is not a number", shorten(value)));
    };
    if bits == RULE_RENJU {
        return Ok(Rules {
            win: WinRule::FiveOrMore,
            renju: true,
        });
    }
    let unsupported = bits & !RULE_EXACT_FIVE;
    if unsupported != 0 {
        let mut names = Vec::new();
        for (bit, name) in [
            (2, "continuous game"),
            (4, "renju with other bits"),
            (8, "caro"),
        ] {
            if unsupported & bit != 0 {
                names.push(name);
            }
        }
        if unsupported & !14 != 0 {
            names.push("unknown bits");
        }
        return Err(format!(
            "rule {bits} is not supported ({}): this brain plays 0 (five or more), 1 (exactly five) and 4 (renju)",
            names.join(", ")
        ));
    }
    Ok(Rules {
        win: if bits & RULE_EXACT_FIVE != 0 {
            WinRule::ExactlyFive
        } else {
            WinRule::FiveOrMore
        },
        renju: false,
    })
}

/// Reads one line, of any length: CR, LF and CR LF all end it. None at the
/// end of the input. Blanks (spaces, tabs) before the command are dropped
/// as they come, so a line of any number of them costs no memory and the
/// command after them is read whole (it was lost after 4,096 bytes once).
pub fn read_line(input: &mut impl std::io::BufRead) -> std::io::Result<Option<Vec<u8>>> {
    let mut line = Vec::new();
    let mut any = false;
    loop {
        let buffer = input.fill_buf()?;
        if buffer.is_empty() {
            return Ok(any.then_some(line));
        }
        any = true;
        let end = buffer.iter().position(|&b| b == b'\n' || b == b'\r');
        let piece = &buffer[..end.unwrap_or(buffer.len())];
        let start = if line.is_empty() {
            piece
                .iter()
                .position(|&b| b != b' ' && b != b'\t')
                .unwrap_or(piece.len())
        } else {
            0
        };
        line.extend_from_slice(&piece[start..]);
        let used = piece.len() + end.is_some() as usize;
        input.consume(used);
        if end.is_some() {
            return Ok(Some(line));
        }
    }
}
