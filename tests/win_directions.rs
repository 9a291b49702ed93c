//! Win detection on hand-drawn boards: a five in each direction, the last stone
//! at an end or in the middle, and the diagram parser itself.
//!
//! Each diagram lists its rows from the top (the highest row number) down: `.` is
//! an empty point, `X` a black stone, `O` a white one, and the stone just played is
//! drawn lower-case (`x` or `o`). The board side is the number of rows. Columns are
//! lettered A.. with no letter skipped, rows numbered from 1 at the bottom.
//!
//! Lines are reported as (start, direction, length). The core's directions are
//! across `(1, 0)`, up `(0, 1)`, rising `(1, 1)` and falling `(1, -1)`; the start
//! is the end of the run reached by going against the direction: the left end, the
//! bottom end, the lower-left end and the upper-left end respectively.

mod common;

use common::win::*;
use common::{ACROSS, ALL_DIRECTIONS, FALLING, RISING, UP, diagram, pt};
use piskrs::rules::board::{DIRECTIONS, Stone};

#[test]
fn the_core_directions_are_across_up_rising_falling() {
    assert_eq!(DIRECTIONS, ALL_DIRECTIONS);
}

#[test]
fn the_diagram_parser_reads_rows_from_the_top() {
    let d = diagram(
        "
        X . . . O
        . . . . .
        . . x . .
        . . . . .
        O . . . X
        ",
    );
    assert_eq!(d.board.side(), 5);
    assert!(d.board.get(pt("A5")) == Some(Stone::Black));
    assert!(d.board.get(pt("E5")) == Some(Stone::White));
    assert!(d.board.get(pt("A1")) == Some(Stone::White));
    assert!(d.board.get(pt("E1")) == Some(Stone::Black));
    assert!(d.board.get(pt("C3")) == Some(Stone::Black));
    assert!(d.board.get(pt("B3")).is_none());
    assert!(d.last() == pt("C3"));
}

// ---------------------------------------------------------------------------
// A five in each direction, the last stone at an end or in the middle.

#[test]
fn five_across_with_the_last_stone_at_the_left_end() {
    line_under_both_rules(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . O O O O .
        . x X X X X . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
        "B5",
        ACROSS,
        5,
    );
}

#[test]
fn five_across_with_the_last_stone_at_the_right_end() {
    line_under_both_rules(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . X X X X x .
        . . . O O O O . .
        . . . . . . . . .
        ",
        "D3",
        ACROSS,
        5,
    );
}

#[test]
fn five_across_with_the_last_stone_in_the_middle() {
    line_under_both_rules(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . O O . O O .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . X X x X X . .
        . . . . . . . . .
        . . . . . . . . .
        ",
        "C3",
        ACROSS,
        5,
    );
}

#[test]
fn five_up_with_the_last_stone_at_the_bottom() {
    line_under_both_rules(
        "
        . . . . . . . . .
        . . . . . X . . .
        . . . . . X O . .
        . . . . . X O . .
        . . . . . X O . .
        . . . . . x O . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
        "F4",
        UP,
        5,
    );
}

#[test]
fn five_up_with_the_last_stone_at_the_top() {
    line_under_both_rules(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . x . . . . . . .
        . X O . . . . . .
        . X O . . . . . .
        . X O . . . . . .
        . X O . . . . . .
        . . . . . . . . .
        ",
        "B2",
        UP,
        5,
    );
}

#[test]
fn five_up_with_the_last_stone_in_the_middle() {
    line_under_both_rules(
        "
        . . . . . . . . .
        . . . . . . . O .
        . . . . . . . O .
        . . . . . . . O .
        . . . . . . . o .
        . . . . . . . O .
        . . . . . . X X .
        . . . . . . X X .
        . . . . . . X . .
        ",
        "H4",
        UP,
        5,
    );
}

#[test]
fn five_on_a_rising_diagonal_with_the_last_stone_at_the_lower_end() {
    line_under_both_rules(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . X . .
        . . . . . X . . .
        . . . . X . . . .
        . . . X . . . . .
        . . x . . . . . .
        . O O O O . . . .
        . . . . . . . . .
        ",
        "C3",
        RISING,
        5,
    );
}

#[test]
fn five_on_a_rising_diagonal_with_the_last_stone_at_the_upper_end() {
    line_under_both_rules(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . o . . . .
        . . . O X . . . .
        . . O X X . . . .
        . O . . . . . . .
        O . . . . . . . .
        . . . . X . . . .
        ",
        "A2",
        RISING,
        5,
    );
}

#[test]
fn five_on_a_rising_diagonal_with_the_last_stone_in_the_middle() {
    line_under_both_rules(
        "
        . . . . . . . . X
        . . . . . . . X .
        . . . . . . x . .
        . . . . . X . . .
        . . . . X . . . .
        . . . . O O O O .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
        "E5",
        RISING,
        5,
    );
}

#[test]
fn five_on_a_falling_diagonal_with_the_last_stone_at_the_upper_end() {
    line_under_both_rules(
        "
        . . . . . . . . .
        . x . . . . . . .
        . . X . . . . . .
        . . . X . . . . .
        . . . . X . . . .
        . . . . . X . . .
        . . . . . . . . .
        . . O O O O . . .
        . . . . . . . . .
        ",
        "B8",
        FALLING,
        5,
    );
}

#[test]
fn five_on_a_falling_diagonal_with_the_last_stone_at_the_lower_end() {
    line_under_both_rules(
        "
        . . . . O . . . .
        . . . . . O . . .
        . . . . . . O . .
        . . . . . . . O .
        . . . . . . . . o
        . . . . . . X X .
        . . . . . . X X .
        . . . . . . . . .
        . . . . . . . . .
        ",
        "E9",
        FALLING,
        5,
    );
}

#[test]
fn five_on_a_falling_diagonal_with_the_last_stone_in_the_middle() {
    line_under_both_rules(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        X . . . . . . . .
        O X . . . . . . .
        O . x . . . . . .
        O . . X . . . . .
        O . . . X . . . .
        ",
        "A5",
        FALLING,
        5,
    );
}

#[test]
fn five_filling_a_whole_row_of_the_smallest_board() {
    line_under_both_rules(
        "
        . . . . .
        O O O O .
        X X X X x
        . . . . .
        . . . . .
        ",
        "A3",
        ACROSS,
        5,
    );
}

#[test]
fn five_from_corner_to_corner_of_the_smallest_board() {
    line_under_both_rules(
        "
        o . . . .
        . O . X .
        . X O . .
        . X . O .
        X . . X O
        ",
        "A5",
        FALLING,
        5,
    );
}
