//! Win detection on hand-drawn boards.
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

use common::{ACROSS, ALL_DIRECTIONS, FALLING, RISING, UP, diagram, expect_line, line_summary, pt};
use piskrs::board::{DIRECTIONS, Stone};
use piskrs::rules::{WinRule, winning_line};

type Verdict = Option<(String, (i8, i8), u8)>;

/// What `winning_line` says about the diagram's last stone under `rule`. A line it
/// returns must run through the last stone and hold only stones of its colour.
fn verdict(text: &str, rule: WinRule) -> Verdict {
    let d = diagram(text);
    let last = d.last();
    let line = winning_line(&d.board, last, rule);
    if let Some(line) = line {
        assert!(line.contains(last), "the line runs through the last stone");
        let colour = d.board.get(last);
        for i in 0..line.length {
            assert!(
                d.board.get(line.point(i)) == colour,
                "point {i} of the line holds the last stone's colour"
            );
        }
    }
    line_summary(line)
}

/// The verdict under both rules, which must agree (no overline involved).
fn same_under_both_rules(text: &str) -> Verdict {
    let five_or_more = verdict(text, WinRule::FiveOrMore);
    let exactly_five = verdict(text, WinRule::ExactlyFive);
    assert_eq!(five_or_more, exactly_five, "both rules agree");
    five_or_more
}

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
    let line = same_under_both_rules(
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
    );
    assert_eq!(line, expect_line("B5", ACROSS, 5));
}

#[test]
fn five_across_with_the_last_stone_at_the_right_end() {
    let line = same_under_both_rules(
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
    );
    assert_eq!(line, expect_line("D3", ACROSS, 5));
}

#[test]
fn five_across_with_the_last_stone_in_the_middle() {
    let line = same_under_both_rules(
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
    );
    assert_eq!(line, expect_line("C3", ACROSS, 5));
}

#[test]
fn five_up_with_the_last_stone_at_the_bottom() {
    let line = same_under_both_rules(
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
    );
    assert_eq!(line, expect_line("F4", UP, 5));
}

#[test]
fn five_up_with_the_last_stone_at_the_top() {
    let line = same_under_both_rules(
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
    );
    assert_eq!(line, expect_line("B2", UP, 5));
}

#[test]
fn five_up_with_the_last_stone_in_the_middle() {
    let line = same_under_both_rules(
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
    );
    assert_eq!(line, expect_line("H4", UP, 5));
}

#[test]
fn five_on_a_rising_diagonal_with_the_last_stone_at_the_lower_end() {
    let line = same_under_both_rules(
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
    );
    assert_eq!(line, expect_line("C3", RISING, 5));
}

#[test]
fn five_on_a_rising_diagonal_with_the_last_stone_at_the_upper_end() {
    let line = same_under_both_rules(
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
    );
    assert_eq!(line, expect_line("A2", RISING, 5));
}

#[test]
fn five_on_a_rising_diagonal_with_the_last_stone_in_the_middle() {
    let line = same_under_both_rules(
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
    );
    assert_eq!(line, expect_line("E5", RISING, 5));
}

#[test]
fn five_on_a_falling_diagonal_with_the_last_stone_at_the_upper_end() {
    let line = same_under_both_rules(
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
    );
    assert_eq!(line, expect_line("B8", FALLING, 5));
}

#[test]
fn five_on_a_falling_diagonal_with_the_last_stone_at_the_lower_end() {
    let line = same_under_both_rules(
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
    );
    assert_eq!(line, expect_line("E9", FALLING, 5));
}

#[test]
fn five_on_a_falling_diagonal_with_the_last_stone_in_the_middle() {
    let line = same_under_both_rules(
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
    );
    assert_eq!(line, expect_line("A5", FALLING, 5));
}

#[test]
fn five_filling_a_whole_row_of_the_smallest_board() {
    let line = same_under_both_rules(
        "
        . . . . .
        O O O O .
        X X X X x
        . . . . .
        . . . . .
        ",
    );
    assert_eq!(line, expect_line("A3", ACROSS, 5));
}

#[test]
fn five_from_corner_to_corner_of_the_smallest_board() {
    let line = same_under_both_rules(
        "
        o . . . .
        . O . X .
        . X O . .
        . X . O .
        X . . X O
        ",
    );
    assert_eq!(line, expect_line("A5", FALLING, 5));
}

// ---------------------------------------------------------------------------
// Fives along the edges of the full board, at both ends of every edge.

#[test]
fn five_on_the_bottom_row_starting_at_a1() {
    let line = same_under_both_rules(
        "
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
        . . . . O . . . . . . . . . . . . . .
        . O O O . . . . . . . . . . . . . . .
        x X X X X . . . . . . . . . . . . . .
        ",
    );
    assert_eq!(line, expect_line("A1", ACROSS, 5));
}

#[test]
fn five_on_the_bottom_row_ending_at_s1() {
    let line = same_under_both_rules(
        "
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
        . . . . . . . . . . . . . . O O O . O
        . . . . . . . . . . . . . . X X X X x
        ",
    );
    assert_eq!(line, expect_line("O1", ACROSS, 5));
}

#[test]
fn five_on_the_top_row_starting_at_a19() {
    let line = same_under_both_rules(
        "
        X X x X X . . . . . . . . . . . . . .
        O O . O . . . . . . . . . . . . . . .
        . . O . . . . . . . . . . . . . . . .
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
        ",
    );
    assert_eq!(line, expect_line("A19", ACROSS, 5));
}

#[test]
fn five_on_the_top_row_ending_at_s19() {
    let line = same_under_both_rules(
        "
        . . . . . . . . . . . . . O x X X X X
        . . . . . . . . . . . . . . . O O O .
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
        ",
    );
    assert_eq!(line, expect_line("O19", ACROSS, 5));
}

#[test]
fn five_in_the_left_column_starting_at_a1() {
    let line = same_under_both_rules(
        "
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
        x . . . . . . . . . . . . . . . . . .
        X O . . . . . . . . . . . . . . . . .
        X O . . . . . . . . . . . . . . . . .
        X O . . . . . . . . . . . . . . . . .
        X O . . . . . . . . . . . . . . . . .
        ",
    );
    assert_eq!(line, expect_line("A1", UP, 5));
}

#[test]
fn five_in_the_left_column_ending_at_a19() {
    let line = same_under_both_rules(
        "
        x . O . . . . . . . . . . . . . . . .
        X . . . . . . . . . . . . . . . . . .
        X O . . . . . . . . . . . . . . . . .
        X O . . . . . . . . . . . . . . . . .
        X . . . . . . . . . . . . . . . . . .
        O . . . . . . . . . . . . . . . . . .
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
        ",
    );
    assert_eq!(line, expect_line("A15", UP, 5));
}

#[test]
fn five_in_the_right_column_starting_at_s1() {
    let line = same_under_both_rules(
        "
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
        . . . . . . . . . . . . . . . . . . O
        . . . . . . . . . . . . . . . . . . X
        . . . . . . . . . . . . . . . . . O X
        . . . . . . . . . . . . . . . . . . x
        . . . . . . . . . . . . . . . . . O X
        . . . . . . . . . . . . . . . . . O X
        ",
    );
    assert_eq!(line, expect_line("S1", UP, 5));
}

#[test]
fn five_in_the_right_column_ending_at_s19() {
    let line = same_under_both_rules(
        "
        . . . . . . . . . . . . . . . . . . x
        . . . . . . . . . . . . . . . . . O X
        . . . . . . . . . . . . . . . . . O X
        . . . . . . . . . . . . . . . . . O X
        . . . . . . . . . . . . . . . . . O X
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
        ",
    );
    assert_eq!(line, expect_line("S15", UP, 5));
}

#[test]
fn five_on_the_rising_diagonal_from_corner_a1() {
    let line = same_under_both_rules(
        "
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
        . . . . X . . . . . . . . . . . . . .
        . . . X . . . . . . . . . . . . . . .
        . . X . . . . . . . . . . . . . . . .
        . X . . . . . . . . . . . . . . . . .
        x O O O O . . . . . . . . . . . . . .
        ",
    );
    assert_eq!(line, expect_line("A1", RISING, 5));
}

#[test]
fn five_on_the_rising_diagonal_into_corner_s19() {
    let line = same_under_both_rules(
        "
        . . . . . . . . . . . . . . O O O . x
        . . . . . . . . . . . . . . . . . X .
        . . . . . . . . . . . . . . . . X . .
        . . . . . . . . . . . . . . . X . . .
        . . . . . . . . . . . . . . X . . . .
        . . . . . . . . . . . . . O . . . . .
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
        ",
    );
    assert_eq!(line, expect_line("O15", RISING, 5));
}

#[test]
fn five_on_the_falling_diagonal_from_corner_a19() {
    let line = same_under_both_rules(
        "
        x O O O . . . . . . . . . . . . . . .
        . X . . . . . . . . . . . . . . . . .
        . . X . . . . . . . . . . . . . . . .
        . . . X . . . . . . . . . . . . . . .
        . . . . X . . . . . . . . . . . . . .
        . . . . . O . . . . . . . . . . . . .
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
        ",
    );
    assert_eq!(line, expect_line("A19", FALLING, 5));
}

#[test]
fn white_five_on_the_falling_diagonal_into_corner_s1() {
    let line = same_under_both_rules(
        "
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
        . . . . . . . . . . . . . . O . . . .
        . . . . . . . . . . . . . . . O . . .
        . . . . . . . . . . . . . . . . o . .
        . . . . . . . . . . . . . . . . X O .
        X X X X . . . . . . . . . . . . . . O
        ",
    );
    assert_eq!(line, expect_line("O5", FALLING, 5));
}

#[test]
fn five_on_the_falling_diagonal_into_corner_s1() {
    let line = same_under_both_rules(
        "
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
        . . . . . . . . . . . . . . X . . . .
        . . . . . . . . . . . . . . . X . . .
        . . . . . . . . . . . . . . . . X . .
        . . . . . . . . . . . . . . . . . X .
        . . . . . . . . . . . . . . O O O O x
        ",
    );
    assert_eq!(line, expect_line("O5", FALLING, 5));
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
    let line = same_under_both_rules(
        "
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
        . . . . . . . . . . . . . . . . . . O
        X . . . . . . . . . . . . . . O O O .
        . . . . . . . . . . . . . . . X X X x
        ",
    );
    assert_eq!(line, None);
}

#[test]
fn four_in_the_left_column_does_not_continue_into_the_next_column() {
    let line = same_under_both_rules(
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
    assert_eq!(line, None);
}

#[test]
fn four_on_a_diagonal_into_the_corner_does_not_wrap_to_the_far_corner() {
    let line = same_under_both_rules(
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
    assert_eq!(line, None);
}

// ---------------------------------------------------------------------------
// Overlines: six or more in a row.

const SIX_ACROSS_LAST_AT_END: &str = "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . O O O O . O . .
        . X X X X X x . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ";

const SIX_UP_LAST_IN_MIDDLE: &str = "
        . . . . . . . . .
        . . . X O . . . .
        . . . X O . . . .
        . . . x O . . . .
        . . . X O . . . .
        . . . X . . . . .
        . . . X . . . . .
        . . . . O . . . .
        . . . . . . . . .
        ";

const SEVEN_RISING_LAST_IN_MIDDLE: &str = "
        . . . . . . . . O
        . . . . . . . O .
        . . . . . . O . .
        . . . . . O . . .
        . . . . o . . . .
        . . . O . . X X X
        . . O . . . X X X
        . . . . . . . . .
        . . . . . . . . .
        ";

const SEVEN_ACROSS_LAST_AT_END: &str = "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . O O . O O O
        . . . . . . . . .
        x X X X X X X . .
        ";

#[test]
fn six_across_wins_whole_under_five_or_more() {
    assert_eq!(
        verdict(SIX_ACROSS_LAST_AT_END, WinRule::FiveOrMore),
        expect_line("B5", ACROSS, 6)
    );
}

#[test]
fn six_across_does_not_win_under_exactly_five() {
    assert_eq!(verdict(SIX_ACROSS_LAST_AT_END, WinRule::ExactlyFive), None);
}

#[test]
fn six_up_with_the_last_stone_in_the_middle_wins_whole_under_five_or_more() {
    assert_eq!(
        verdict(SIX_UP_LAST_IN_MIDDLE, WinRule::FiveOrMore),
        expect_line("D3", UP, 6)
    );
}

#[test]
fn six_up_with_the_last_stone_in_the_middle_does_not_win_under_exactly_five() {
    assert_eq!(verdict(SIX_UP_LAST_IN_MIDDLE, WinRule::ExactlyFive), None);
}

#[test]
fn seven_on_a_rising_diagonal_wins_whole_under_five_or_more() {
    assert_eq!(
        verdict(SEVEN_RISING_LAST_IN_MIDDLE, WinRule::FiveOrMore),
        expect_line("C3", RISING, 7)
    );
}

#[test]
fn seven_on_a_rising_diagonal_does_not_win_under_exactly_five() {
    assert_eq!(
        verdict(SEVEN_RISING_LAST_IN_MIDDLE, WinRule::ExactlyFive),
        None
    );
}

#[test]
fn seven_across_from_the_corner_wins_whole_under_five_or_more() {
    assert_eq!(
        verdict(SEVEN_ACROSS_LAST_AT_END, WinRule::FiveOrMore),
        expect_line("A1", ACROSS, 7)
    );
}

#[test]
fn seven_across_from_the_corner_does_not_win_under_exactly_five() {
    assert_eq!(
        verdict(SEVEN_ACROSS_LAST_AT_END, WinRule::ExactlyFive),
        None
    );
}

#[test]
fn exactly_five_next_to_an_overline_in_another_direction_wins_under_exactly_five() {
    // Across, D5 makes six (A5..F5); up, it makes exactly five (D1..D5).
    let text = "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . O O O O O
        X X X x X X . . .
        . . . X . . . O O
        . . . X . . . O O
        . . . X . . . O O
        . . . X . . . . O
        ";
    assert_eq!(
        verdict(text, WinRule::ExactlyFive),
        expect_line("D1", UP, 5)
    );
    assert_eq!(
        verdict(text, WinRule::FiveOrMore),
        expect_line("A5", ACROSS, 6)
    );
}

#[test]
fn a_stone_making_two_fives_reports_the_first_direction_across() {
    let line = same_under_both_rules(
        "
        . . . . . . . . .
        . . . . X . . . .
        . . . . X . . . .
        . . . . X . . . .
        . . . . X . . . .
        X X X X x . . . .
        . . . . . O O O O
        . . . . . O O O O
        . . . . . . . . .
        ",
    );
    assert_eq!(line, expect_line("A4", ACROSS, 5));
}

// ---------------------------------------------------------------------------
// Rows that look like fives but are not.

#[test]
fn six_with_a_gap_xxx_xx_is_not_five() {
    let line = same_under_both_rules(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . X X x . X X . .
        . . O O O O . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
    );
    assert_eq!(line, None);
}

#[test]
fn six_with_a_gap_xxx_xx_is_not_five_from_the_short_side() {
    let line = same_under_both_rules(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . X X X . X x . .
        . . O O O O . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
    );
    assert_eq!(line, None);
}

#[test]
fn xxxx_gap_x_up_a_column_is_not_five() {
    let line = same_under_both_rules(
        "
        . . . . . . . . .
        . . x O . . . . .
        . . . O . . . . .
        . . X O . . . . .
        . . X O . . . . .
        . . X . . . . . .
        . . X . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
    );
    assert_eq!(line, None);
}

#[test]
fn four_with_an_opponent_stone_at_the_end_is_not_five() {
    let line = same_under_both_rules(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . x X X X O . .
        . . . O . O . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
    );
    assert_eq!(line, None);
}

#[test]
fn four_blocked_at_both_ends_on_a_diagonal_is_not_five() {
    let line = same_under_both_rules(
        "
        . . . . . . . . .
        . . . . . . O . .
        . . . . . X . . .
        . . . . X . . . .
        . . . x . . . . .
        . . X . . . . . .
        . O . . . . . . .
        . . . . . . . . .
        . . . O . O . . .
        ",
    );
    assert_eq!(line, None);
}

#[test]
fn an_opponent_stone_ending_a_four_does_not_win_for_the_four() {
    let line = same_under_both_rules(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . X X X X o . . .
        . . . . . . . . .
        . . O O O . X . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
    );
    assert_eq!(line, None);
}

#[test]
fn five_of_mixed_colours_is_not_a_win() {
    let line = same_under_both_rules(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . X X O x X . . .
        . . . . . . . . .
        . . . . O . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
    );
    assert_eq!(line, None);
}

#[test]
fn five_of_mixed_colours_on_a_falling_diagonal_is_not_a_win() {
    let line = same_under_both_rules(
        "
        . . . . . . . . .
        . o . . . . . . .
        . . X . . . . . .
        . . . O . . . . .
        . . . . O . . . .
        . . . . . O . . .
        . . . . . . . . .
        . X . X . . . . .
        . . . . . . . . .
        ",
    );
    assert_eq!(line, None);
}

#[test]
fn a_white_five_elsewhere_does_not_count_for_a_black_last_stone() {
    let line = same_under_both_rules(
        "
        . . . . . . . . .
        . O O O O O . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . X X x X .
        . . . . . . . . .
        . . X . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
    );
    assert_eq!(line, None);
}

#[test]
fn a_black_five_elsewhere_does_not_count_for_a_later_black_stone() {
    let line = same_under_both_rules(
        "
        . . . . . . . . .
        . . . . . . . . .
        X X X X X . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . x .
        . O O O . . . . .
        . . . O O . . . .
        . . . . . . . . .
        ",
    );
    assert_eq!(line, None);
}

#[test]
fn a_black_five_elsewhere_does_not_count_for_a_white_last_stone() {
    let line = same_under_both_rules(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . X
        . . O O o O . . X
        . . . . . . . . X
        . . . . . . . . X
        . . . . . . . . X
        . . . . . . . . .
        ",
    );
    assert_eq!(line, None);
}

#[test]
fn an_empty_point_makes_no_line() {
    let d = diagram(
        "
        . . . . .
        . . . . .
        X X . X X
        . . . . .
        . . . . .
        ",
    );
    assert!(d.last.is_none());
    for rule in [WinRule::FiveOrMore, WinRule::ExactlyFive] {
        assert_eq!(line_summary(winning_line(&d.board, pt("C3"), rule)), None);
    }
}
