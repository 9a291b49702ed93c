//! Win detection on hand-drawn boards: overlines (six or more in a row) under
//! both rules, and rows that look like fives but are not.
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
use common::{ACROSS, RISING, UP, diagram, expect_line, line_summary, pt};
use piskrs::rules::{WinRule, winning_line};

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
    wins_whole_under_five_or_more(SIX_ACROSS_LAST_AT_END, "B5", ACROSS, 6);
}

#[test]
fn six_across_does_not_win_under_exactly_five() {
    does_not_win_under_exactly_five(SIX_ACROSS_LAST_AT_END);
}

#[test]
fn six_up_with_the_last_stone_in_the_middle_wins_whole_under_five_or_more() {
    wins_whole_under_five_or_more(SIX_UP_LAST_IN_MIDDLE, "D3", UP, 6);
}

#[test]
fn six_up_with_the_last_stone_in_the_middle_does_not_win_under_exactly_five() {
    does_not_win_under_exactly_five(SIX_UP_LAST_IN_MIDDLE);
}

#[test]
fn seven_on_a_rising_diagonal_wins_whole_under_five_or_more() {
    wins_whole_under_five_or_more(SEVEN_RISING_LAST_IN_MIDDLE, "C3", RISING, 7);
}

#[test]
fn seven_on_a_rising_diagonal_does_not_win_under_exactly_five() {
    does_not_win_under_exactly_five(SEVEN_RISING_LAST_IN_MIDDLE);
}

#[test]
fn seven_across_from_the_corner_wins_whole_under_five_or_more() {
    wins_whole_under_five_or_more(SEVEN_ACROSS_LAST_AT_END, "A1", ACROSS, 7);
}

#[test]
fn seven_across_from_the_corner_does_not_win_under_exactly_five() {
    does_not_win_under_exactly_five(SEVEN_ACROSS_LAST_AT_END);
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
    wins_whole_under_five_or_more(text, "A5", ACROSS, 6);
}

#[test]
fn a_stone_making_two_fives_reports_the_first_direction_across() {
    line_under_both_rules(
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
        "A4",
        ACROSS,
        5,
    );
}

// ---------------------------------------------------------------------------
// Rows that look like fives but are not.

#[test]
fn six_with_a_gap_xxx_xx_is_not_five() {
    no_line_under_either_rule(
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
}

#[test]
fn six_with_a_gap_xxx_xx_is_not_five_from_the_short_side() {
    no_line_under_either_rule(
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
}

#[test]
fn xxxx_gap_x_up_a_column_is_not_five() {
    no_line_under_either_rule(
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
}

#[test]
fn four_with_an_opponent_stone_at_the_end_is_not_five() {
    no_line_under_either_rule(
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
}

#[test]
fn four_blocked_at_both_ends_on_a_diagonal_is_not_five() {
    no_line_under_either_rule(
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
}

#[test]
fn an_opponent_stone_ending_a_four_does_not_win_for_the_four() {
    no_line_under_either_rule(
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
}

#[test]
fn five_of_mixed_colours_is_not_a_win() {
    no_line_under_either_rule(
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
}

#[test]
fn five_of_mixed_colours_on_a_falling_diagonal_is_not_a_win() {
    no_line_under_either_rule(
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
}

#[test]
fn a_white_five_elsewhere_does_not_count_for_a_black_last_stone() {
    no_line_under_either_rule(
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
}

#[test]
fn a_black_five_elsewhere_does_not_count_for_a_later_black_stone() {
    no_line_under_either_rule(
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
}

#[test]
fn a_black_five_elsewhere_does_not_count_for_a_white_last_stone() {
    no_line_under_either_rule(
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
