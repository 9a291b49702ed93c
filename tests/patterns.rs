//! The line patterns the engines share (src/ai/patterns.rs): Cha's open runs,
//! read through the same `Line` as Strong's threats.

mod common;

use common::pt;
use piskrs::ai::patterns::Line;
use piskrs::rules::board::{Board, Stone};

/// A 19x19 board with Black on `black` and White on `white`.
fn board(black: &[&str], white: &[&str]) -> Board {
    let mut board = Board::new(19);
    for &name in black {
        board.set(pt(name), Some(Stone::Black));
    }
    for &name in white {
        board.set(pt(name), Some(Stone::White));
    }
    board
}

/// Black's open run from `from` to the right (along the row), if open.
fn run_right(board: &Board, from: &str) -> Option<u32> {
    Line::through(board, pt(from), Stone::Black, 1, 0).open_run_ahead()
}

#[test]
fn an_open_run_is_measured_from_its_first_stone() {
    let b = board(&["E10", "F10", "G10"], &[]);
    assert_eq!(run_right(&b, "E10"), Some(3));
    // From the middle of the run the point before is Black's own: not a run start.
    assert_eq!(run_right(&b, "F10"), None);
    // A lone stone is a run of one.
    assert_eq!(run_right(&board(&["K10"], &[]), "K10"), Some(1));
}

#[test]
fn a_run_blocked_at_either_end_or_by_the_edge_is_not_open() {
    assert_eq!(run_right(&board(&["E10", "F10"], &["G10"]), "E10"), None);
    assert_eq!(run_right(&board(&["E10", "F10"], &["D10"]), "E10"), None);
    // A1 and B1: the point before A1 is off the board.
    assert_eq!(run_right(&board(&["A1", "B1"], &[]), "A1"), None);
    // R1 and S1: the point after S1 is off the board.
    assert_eq!(run_right(&board(&["R1", "S1"], &[]), "R1"), None);
}

#[test]
fn a_run_longer_than_the_line_shows_is_not_measured() {
    // Six in a row from C10: the point after it is beyond the line's five steps.
    let b = board(&["C10", "D10", "E10", "F10", "G10", "H10"], &[]);
    assert_eq!(run_right(&b, "C10"), None);
    // Five: the point after (H10) is the last the line shows, and free.
    let b = board(&["C10", "D10", "E10", "F10", "G10"], &[]);
    assert_eq!(run_right(&b, "C10"), Some(5));
}
