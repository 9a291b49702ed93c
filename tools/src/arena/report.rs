//! The text a match prints: a game's line (`--verbose`), a point in Go
//! notation and a board, for the arena and the examples that study games.

use piskrs::rules::board::Stone;
use piskrs::rules::coord::{Lettering, Point, write_point};
use piskrs::rules::game::Game;

use super::{GameRecord, Illegal, MatchSettings, Openings, Winner, contestant_name};

/// A point in Go notation (A..T skipping I, row 1 at the bottom).
pub fn point_name(point: Point) -> String {
    let mut out = [0u8; 3];
    let length = write_point(point, Lettering::SkipI, &mut out);
    String::from_utf8_lossy(&out[..length]).into_owned()
}

/// The board as text, row 1 at the bottom: `X` Black, `O` White, `.` empty,
/// each of `marks` (a point and its one-character sign) where it is empty;
/// the column letters last. (For the examples that study lost games.)
pub fn board_text(game: &Game, marks: &[(Point, &str)]) -> String {
    let side = game.board().side();
    let mut text = String::new();
    for row in (0..side).rev() {
        text.push_str(&format!("{:>3}", row + 1));
        for col in 0..side {
            let point = Point::new(col, row);
            let mark = marks.iter().find(|(p, _)| *p == point).map(|m| m.1);
            text.push_str("  ");
            text.push_str(match (game.board().get(point), mark) {
                (Some(Stone::Black), _) => "X",
                (Some(Stone::White), _) => "O",
                (None, Some(mark)) => mark,
                (None, None) => ".",
            });
        }
        text.push('\n');
    }
    text.push_str("   ");
    for col in 0..side {
        text.push_str("  ");
        text.push_str(&point_name(Point::new(col, 0))[..1]);
    }
    text
}

/// A one-line description of a game, e.g. for --verbose.
pub fn describe(settings: &MatchSettings, record: &GameRecord) -> String {
    let (black, white) = if record.a_black {
        (&settings.a, &settings.b)
    } else {
        (&settings.b, &settings.a)
    };
    let result = match record.winner {
        Winner::A => "A wins",
        Winner::B => "B wins",
        Winner::Draw => "draw",
    };
    let opening = match settings.openings {
        Openings::Fixed(_) => format!(
            "opening {:>2} turned {}",
            record.opening + 1,
            record.symmetry
        ),
        Openings::OuterOpen => "Outer-Open".to_string(),
        Openings::Swap2 => {
            let stones: Vec<String> = record
                .opening_stones
                .iter()
                .map(|&p| point_name(p))
                .collect();
            format!("Swap2 {} ({})", stones.join(" "), record.choices)
        }
        Openings::Random => {
            let stones: Vec<String> = record
                .opening_stones
                .iter()
                .map(|&p| point_name(p))
                .collect();
            format!("opening {:<11}", stones.join(" "))
        }
    };
    let mut text = format!(
        "game {:>4}: {opening}, {} (Black) v {} (White): {result} with {} stones",
        record.index + 1,
        contestant_name(black),
        contestant_name(white),
        record.stones
    );
    if let Some(illegal) = &record.illegal {
        let who = if illegal.by_a { "A" } else { "B" };
        let name = contestant_name(if illegal.by_a {
            &settings.a
        } else {
            &settings.b
        });
        text.push_str(&format!("; {who} ({name}) {}", loss_text(illegal)));
    }
    text
}

/// How a side lost by its own fault: "played K10 off the board: an illegal
/// move loses", "lost on time (no answer in 5000 ms)", "lost: its brain
/// failed (its program ended)" or "found no move: it loses".
pub fn loss_text(illegal: &Illegal) -> String {
    match illegal.point {
        Some(point) => format!(
            "played {} {}: an illegal move loses",
            point_name(point),
            illegal.reason
        ),
        None if illegal.on_time => format!("lost on time ({})", illegal.detail),
        None if !illegal.detail.is_empty() => {
            format!("lost: {} ({})", illegal.reason, illegal.detail)
        }
        None => "found no move: it loses".to_string(),
    }
}
