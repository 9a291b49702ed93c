//! A tournament game saved as Piskvork's .psq, with each move's time, as
//! the field's managers write it (the core's `rules::psq` reads it back; it
//! writes no times, so that PISKRS.COM carries no code for them).
//!
//! ```text
//! Piskvorky 15x15, 11:11, 0
//! 8,2,0          x,y,ms: x the column from 1 at the left, y the row from 1
//! 7,8,153        at the top, ms the reply's time (0 for an opening stone)
//! -1
//! Black: strong:470
//! White: brain:pbrain-piskrs
//! Result: 1-0
//! ```

use std::time::Duration;

use piskrs::rules::coord::Point;

/// The .psq text of a game on a board of `side`: the opening's stones (no
/// time), the moves with their times, then the names and the result.
pub fn psq_text(
    side: u8,
    opening: &[Point],
    moves: &[(Point, Duration)],
    names: [&str; 2],
    result: &str,
) -> String {
    let mut text = format!("Piskvorky {side}x{side}, 11:11, 0\r\n");
    let timed = opening
        .iter()
        .map(|&p| (p, 0))
        .chain(moves.iter().map(|&(p, took)| (p, took.as_millis())));
    for (point, ms) in timed {
        let (x, y) = (point.col as u32 + 1, (side - point.row) as u32);
        text.push_str(&format!("{x},{y},{ms}\r\n"));
    }
    text.push_str(&format!(
        "-1\r\nBlack: {}\r\nWhite: {}\r\nResult: {result}\r\n",
        names[0], names[1]
    ));
    text
}

/// A name made safe for a file name: letters, digits, `-` and `.` kept,
/// anything else (`:`, `/`, spaces) an underscore.
pub fn file_safe(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '.' {
                c
            } else {
                '_'
            }
        })
        .collect()
}
