//! Helpers shared by the Game Controller's tests (tests/controller.rs and
//! tests/controller_scripts.rs).

use super::{Bytes, brute_force_fives, fill_order, go_name, go_point, longest_run, show};
use piskrs::app::controller::{Controller, Flow, LineEnd, LineReader, MAX_LINE};
use piskrs::rules::WinRule;
use piskrs::rules::board::{Board, Stone};
use piskrs::rules::coord::Point;

/// Lines the controller answers with "Invalid!" (in the order the
/// 08-invalid-commands script sends them).
pub const INVALID_COMMANDS: [&str; 24] = [
    "",
    "Who",
    "WHO",
    "who ",
    " who",
    "who who",
    "whom",
    "view x",
    "View",
    "history 1",
    "term ",
    "Term",
    "resign now",
    "RESIGN",
    "place",
    "place ",
    "place A1 x",
    "place  A1",
    "PLACE A1",
    "Place A1",
    "place\tA1",
    "placeA1",
    "place A1 ",
    "hello",
];

/// `place` lines naming no point of the board, answered "Invalid coordinate"
/// (in the order the 09-coordinates script sends them).
pub const BAD_PLACES: [&str; 11] = [
    "place A",
    "place a1",
    "place T1",
    "place A05",
    "place A0",
    "place A20",
    "place S20",
    "place Z9",
    "place 1A",
    "place AA1",
    "place A1A",
];

// ---------------------------------------------------------------------------
// Driving the controller.

pub fn flow_text(flow: Flow) -> String {
    match flow {
        Flow::Continue => "continue".to_string(),
        Flow::Exit(code) => format!("exit {code}"),
    }
}

/// Runs one line; returns what it printed (shown readably) and the flow.
pub fn line(controller: &mut Controller, text: &str) -> (String, String) {
    let mut out = Bytes::default();
    let flow = controller.handle_line(text.as_bytes(), &mut out);
    (show(&out.0), flow_text(flow))
}

// ---------------------------------------------------------------------------
// A full board without a five.

/// A full 19x19 board with no five: rows of pairs, each row shifted by two,
/// `X` where (col + 2 row) mod 4 is 0 or 1. Across the runs are two long, up
/// the colours alternate, and both diagonals have runs of two.
pub fn tie_board() -> Board {
    let mut board = Board::new(19);
    for row in 0..19u8 {
        for col in 0..19u8 {
            let black = (col as u32 + 2 * row as u32) % 4 < 2;
            board.set(
                Point::new(col, row),
                Some(if black { Stone::Black } else { Stone::White }),
            );
        }
    }
    board
}

pub fn count(board: &Board, stone: Stone) -> usize {
    super::all_points(19)
        .into_iter()
        .filter(|&p| board.get(p) == Some(stone))
        .count()
}

/// The tie as `place` lines, Black and White alternating.
pub fn tie_moves() -> Vec<String> {
    fill_order(&tie_board())
        .into_iter()
        .map(|p| go_name(p.col, p.row))
        .collect()
}

/// A full board on which Black's last stone, the 361st, makes a five (an
/// overline of six, A1..F1): a win, not a tie. The tie board with C1 and D1
/// turned black and A19, B19 turned white.
pub fn last_stone_wins_moves() -> Vec<String> {
    let mut board = tie_board();
    for name in ["C1", "D1"] {
        board.set(go_point(name), Some(Stone::Black));
    }
    for name in ["A19", "B19"] {
        board.set(go_point(name), Some(Stone::White));
    }
    assert!(longest_run(&board, Stone::White) < 5);
    let last = go_point("C1");
    let fives = brute_force_fives(&board, WinRule::FiveOrMore);
    assert!(!fives.is_empty());
    assert!(
        fives
            .iter()
            .all(|w| w.points.contains(&(last.col, last.row))),
        "every five goes through C1"
    );
    let mut order = fill_order(&board);
    // Move C1 to the end: swap it with Black's last stone (the last point).
    let at = order.iter().position(|&p| p == last).unwrap();
    let end = order.len() - 1;
    order.swap(at, end);
    order.into_iter().map(|p| go_name(p.col, p.row)).collect()
}

// ---------------------------------------------------------------------------
// Whole games, as PISKRS.COM runs them.

/// The controller on a whole input, as src/bin/piskrs/mist_controller.rs's `run_controller` runs it:
/// bytes up to a Ctrl+Z (1Ah) or the end; a too-long line is handed over as a
/// line longer than MAX_LINE; at the end of input `finish` gives the last line,
/// and no result means errorlevel 1. Returns the output and the errorlevel.
pub fn run_script(input: &[u8]) -> (Vec<u8>, u8) {
    let mut controller = Controller::new();
    let mut reader = LineReader::new();
    let mut out = Bytes::default();
    let data_end = input.iter().position(|&b| b == 0x1A).unwrap_or(input.len());
    for &byte in &input[..data_end] {
        let flow = match reader.push(byte) {
            None => continue,
            Some(LineEnd::TooLong) => controller.handle_line(&[0; MAX_LINE + 1], &mut out),
            Some(LineEnd::Line) => controller.handle_line(reader.take_line(), &mut out),
        };
        if let Flow::Exit(errorlevel) = flow {
            return (out.0, errorlevel);
        }
    }
    let flow = match reader.finish() {
        Some(LineEnd::TooLong) => controller.handle_line(&[0; MAX_LINE + 1], &mut out),
        Some(LineEnd::Line) => controller.handle_line(reader.take_line(), &mut out),
        None => Flow::Exit(1),
    };
    let errorlevel = match flow {
        Flow::Exit(errorlevel) => errorlevel,
        Flow::Continue => 1,
    };
    (out.0, errorlevel)
}
