//! Win detection on hand-drawn boards: fives along the edges of the full board,
//! at both ends of every edge, and fours that must not wrap around an edge.
//!
//! Each diagram lists its rows from the top (the highest row number) down: `.` is
//! an empty point, `X` a black stone, `O` a white one, and the stone just played is
//! drawn lower-case (`x` or `o`). The board side is the number of rows. Columns are
//! lettered A.. with no letter skipped, rows numbered from 1 at the bottom. The
//! boards are 19x19; where only the rows along the top or the bottom edge hold
//! stones, the diagram draws just those rows (`top_rows`, `bottom_rows`) and the
//! rest of the board is empty.
//!
//! Lines are reported as (start, direction, length). The core's directions are
//! across `(1, 0)`, up `(0, 1)`, rising `(1, 1)` and falling `(1, -1)`; the start
//! is the end of the run reached by going against the direction: the left end, the
//! bottom end, the lower-left end and the upper-left end respectively.

mod common;

use common::win::*;
use common::{ACROSS, FALLING, RISING, UP, expect_line};
use piskrs::rules::WinRule;

const SIDE: usize = 19;

/// A 19x19 diagram drawing only `rows` (each of 19 points) at its top or at its
/// bottom; every other row is empty.
fn edge_rows(rows: &str, at_top: bool) -> String {
    let drawn: Vec<&str> = rows
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    assert!(drawn.len() < SIDE, "{} rows", drawn.len());
    let empty = [". "; SIDE].concat();
    let mut all = vec![empty.trim_end(); SIDE - drawn.len()];
    if at_top {
        all.splice(0..0, drawn);
    } else {
        all.extend(drawn);
    }
    all.join("\n")
}

/// The 19x19 diagram whose bottom rows are `rows`, with every row above empty.
fn bottom_rows(rows: &str) -> String {
    edge_rows(rows, false)
}

/// The 19x19 diagram whose top rows are `rows`, with every row below empty.
fn top_rows(rows: &str) -> String {
    edge_rows(rows, true)
}

// ---------------------------------------------------------------------------
// Fives along the edges of the full board, at both ends of every edge.

#[test]
fn five_on_the_bottom_row_starting_at_a1() {
    line_under_both_rules(
        &bottom_rows(
            "
            . . . . O . . . . . . . . . . . . . .
            . O O O . . . . . . . . . . . . . . .
            x X X X X . . . . . . . . . . . . . .
            ",
        ),
        "A1",
        ACROSS,
        5,
    );
}

#[test]
fn five_on_the_bottom_row_ending_at_s1() {
    line_under_both_rules(
        &bottom_rows(
            "
            . . . . . . . . . . . . . . O O O . O
            . . . . . . . . . . . . . . X X X X x
            ",
        ),
        "O1",
        ACROSS,
        5,
    );
}

#[test]
fn five_on_the_top_row_starting_at_a19() {
    line_under_both_rules(
        &top_rows(
            "
            X X x X X . . . . . . . . . . . . . .
            O O . O . . . . . . . . . . . . . . .
            . . O . . . . . . . . . . . . . . . .
            ",
        ),
        "A19",
        ACROSS,
        5,
    );
}

#[test]
fn five_on_the_top_row_ending_at_s19() {
    line_under_both_rules(
        &top_rows(
            "
            . . . . . . . . . . . . . O x X X X X
            . . . . . . . . . . . . . . . O O O .
            ",
        ),
        "O19",
        ACROSS,
        5,
    );
}

#[test]
fn five_in_the_left_column_starting_at_a1() {
    line_under_both_rules(
        &bottom_rows(
            "
            x . . . . . . . . . . . . . . . . . .
            X O . . . . . . . . . . . . . . . . .
            X O . . . . . . . . . . . . . . . . .
            X O . . . . . . . . . . . . . . . . .
            X O . . . . . . . . . . . . . . . . .
            ",
        ),
        "A1",
        UP,
        5,
    );
}

#[test]
fn five_in_the_left_column_ending_at_a19() {
    line_under_both_rules(
        &top_rows(
            "
            x . O . . . . . . . . . . . . . . . .
            X . . . . . . . . . . . . . . . . . .
            X O . . . . . . . . . . . . . . . . .
            X O . . . . . . . . . . . . . . . . .
            X . . . . . . . . . . . . . . . . . .
            O . . . . . . . . . . . . . . . . . .
            ",
        ),
        "A15",
        UP,
        5,
    );
}

#[test]
fn five_in_the_right_column_starting_at_s1() {
    line_under_both_rules(
        &bottom_rows(
            "
            . . . . . . . . . . . . . . . . . . O
            . . . . . . . . . . . . . . . . . . X
            . . . . . . . . . . . . . . . . . O X
            . . . . . . . . . . . . . . . . . . x
            . . . . . . . . . . . . . . . . . O X
            . . . . . . . . . . . . . . . . . O X
            ",
        ),
        "S1",
        UP,
        5,
    );
}

#[test]
fn five_in_the_right_column_ending_at_s19() {
    line_under_both_rules(
        &top_rows(
            "
            . . . . . . . . . . . . . . . . . . x
            . . . . . . . . . . . . . . . . . O X
            . . . . . . . . . . . . . . . . . O X
            . . . . . . . . . . . . . . . . . O X
            . . . . . . . . . . . . . . . . . O X
            ",
        ),
        "S15",
        UP,
        5,
    );
}

#[test]
fn five_on_the_rising_diagonal_from_corner_a1() {
    line_under_both_rules(
        &bottom_rows(
            "
            . . . . X . . . . . . . . . . . . . .
            . . . X . . . . . . . . . . . . . . .
            . . X . . . . . . . . . . . . . . . .
            . X . . . . . . . . . . . . . . . . .
            x O O O O . . . . . . . . . . . . . .
            ",
        ),
        "A1",
        RISING,
        5,
    );
}

#[test]
fn five_on_the_rising_diagonal_into_corner_s19() {
    line_under_both_rules(
        &top_rows(
            "
            . . . . . . . . . . . . . . O O O . x
            . . . . . . . . . . . . . . . . . X .
            . . . . . . . . . . . . . . . . X . .
            . . . . . . . . . . . . . . . X . . .
            . . . . . . . . . . . . . . X . . . .
            . . . . . . . . . . . . . O . . . . .
            ",
        ),
        "O15",
        RISING,
        5,
    );
}

#[test]
fn five_on_the_falling_diagonal_from_corner_a19() {
    line_under_both_rules(
        &top_rows(
            "
            x O O O . . . . . . . . . . . . . . .
            . X . . . . . . . . . . . . . . . . .
            . . X . . . . . . . . . . . . . . . .
            . . . X . . . . . . . . . . . . . . .
            . . . . X . . . . . . . . . . . . . .
            . . . . . O . . . . . . . . . . . . .
            ",
        ),
        "A19",
        FALLING,
        5,
    );
}

#[test]
fn white_five_on_the_falling_diagonal_into_corner_s1() {
    line_under_both_rules(
        &bottom_rows(
            "
            . . . . . . . . . . . . . . O . . . .
            . . . . . . . . . . . . . . . O . . .
            . . . . . . . . . . . . . . . . o . .
            . . . . . . . . . . . . . . . . X O .
            X X X X . . . . . . . . . . . . . . O
            ",
        ),
        "O5",
        FALLING,
        5,
    );
}

#[test]
fn five_on_the_falling_diagonal_into_corner_s1() {
    line_under_both_rules(
        &bottom_rows(
            "
            . . . . . . . . . . . . . . X . . . .
            . . . . . . . . . . . . . . . X . . .
            . . . . . . . . . . . . . . . . X . .
            . . . . . . . . . . . . . . . . . X .
            . . . . . . . . . . . . . . O O O O x
            ",
        ),
        "O5",
        FALLING,
        5,
    );
}

#[test]
fn a_whole_row_of_nineteen_is_one_line_under_five_or_more_only() {
    let text = "
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        O O O O O O O O O O O O O O O O O O .
        X X X X X X X X X x X X X X X X X X X
        ";
    assert_eq!(
        verdict(text, WinRule::FiveOrMore),
        expect_line("A1", ACROSS, 19)
    );
    assert_eq!(verdict(text, WinRule::ExactlyFive), None);
}

#[test]
fn four_at_the_right_edge_does_not_continue_onto_the_next_row() {
    no_line_under_either_rule(&bottom_rows(
        "
        . . . . . . . . . . . . . . . . . . O
        X . . . . . . . . . . . . . . O O O .
        . . . . . . . . . . . . . . . X X X x
        ",
    ));
}

#[test]
fn four_in_the_left_column_does_not_continue_into_the_next_column() {
    no_line_under_either_rule(
        "
        x . . . . . . . . . . . . . . . . . .
        X . . . . . . . . . . . . . . . . . .
        X . . . . . . . . . . . . . . . . . .
        X . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . O . . . . . . . . . . . . . . . .
        . . O . . . . . . . . . . . . . . . .
        . . O . . . . . . . . . . . . . . . .
        . X O . . . . . . . . . . . . . . . .
        ",
    );
}

#[test]
fn four_on_a_diagonal_into_the_corner_does_not_wrap_to_the_far_corner() {
    no_line_under_either_rule(
        "
        . . . . . . . . . . . . . . . . . . x
        . . . . . . . . . . . . . . . . . X .
        . . . . . . . . . . . . . . . . X . .
        . . . . . . . . . . . . . . . X . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        X O O O O . . . . . . . . . . . . . .
        ",
    );
}
