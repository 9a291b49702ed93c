//! Harry Cha's rule AI (`piskrs::ai::cha`), checks 1 to 4 on hand-drawn boards:
//! my five, blocking his five, my open four, blocking his open three (with the
//! exact-five guard).
//!
//! Diagrams list their rows from the top (the highest row number) down: `X` is
//! the program's stone, `O` the player's, `.` an empty point and `*` an empty
//! point the test names (the move expected, or the moves accepted). The board
//! side is the number of rows; columns are lettered A.. with no letter skipped
//! (the comment under each diagram). In the diagrams the program is Black.
//!
//! Every diagram is also checked turned and mirrored (the eight symmetries of
//! the square) and with the colours swapped (the program White): the move must
//! be one of the marked points carried along (tests/common/cha.rs).

mod common;

use WinRule::{ExactlyFive, FiveOrMore};
use common::cha::*;
use piskrs::ai::cha::FIRST_FEW_TURNS;
use piskrs::rules::WinRule;

// ---------------------------------------------------------------- check 1

#[test]
fn check1_completes_my_four_at_its_open_end() {
    let text = "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . O . . . . . .
        . . . . . . . O . . . . . . .
        . . . O X X X X * . . . . . .
        . . . . . . . . . O . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .";
    // A B C D E F G H I J K L M N O
    expect_under_both_rules(text, "I8");
}

#[test]
fn check1_completes_my_four_with_a_gap() {
    // XX+XX on a diagonal: D4 E5 . G7 H8.
    let text = "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . O . . . . . .
        . . . . . . . X . O . . . . .
        . . . . . . X . . . . . . . .
        . . . . . * . . . O . . . . .
        . . . . X . . . . . . . . . .
        . . . X . . . . . . . . . . .
        . . O . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .";
    // A B C D E F G H I J K L M N O
    expect_under_both_rules(text, "F6");
}

#[test]
fn check1_completes_xxx_gap_x_between_his_stones() {
    // Column K: O X X X + X O, an exact five once filled.
    let text = "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . O . . . .
        . . . . . . . . . . X . . . .
        . . . . . . . . . . * . . . .
        . . . . . . . . . . X . . . .
        . . . . . . . . . . X . . . .
        . . . . . . . . . . X . . . .
        . . . . . . . . . . O . O . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . O . . . . . .
        . . . . . . . . . . . . . . .";
    // A B C D E F G H I J K L M N O
    expect_under_both_rules(text, "K9");
}

/// XXXX+X with his stone before the four: the gap makes six.
const OVERLINE: &str = "
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . O . . . . . . . . .
    . . O X X X X . X . . . . . .
    . . . . . . . . . O . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . O . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .";

//  A B C D E F G H I J K L M N O

#[test]
fn check1_exact_five_does_not_fill_a_gap_that_makes_six() {
    assert_ne!(move_on(OVERLINE, ExactlyFive), "H8");
}

#[test]
fn check1_five_or_more_fills_a_gap_that_makes_six() {
    assert_eq!(move_on(OVERLINE, FiveOrMore), "H8");
}

// ---------------------------------------------------------------- check 2

#[test]
fn check2_blocks_his_five() {
    let text = "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . X O O O O * . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . X . . . . . . . .
        . . . . . X . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .";
    // A B C D E F G H I J K L M N O
    expect_under_both_rules(text, "I10");
}

#[test]
fn check2_blocks_his_split_four_on_a_diagonal() {
    // OO+OO falling from L12 to H8; the gap is J10.
    let text = "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . O . . .
        . . . . . . . . . . O . . . .
        . . . . . . . . . * . . . . .
        . . . . . . . . O . . . . . .
        . . . . . . . O . . . . . . .
        . . . . . . X . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . X . . . . . . . . .
        . . . . X . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .";
    // A B C D E F G H I J K L M N O
    expect_under_both_rules(text, "J10");
}

/// His OOOO+O behind my stone: filling the gap would give him six.
const HIS_OVERLINE: &str = "
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . X O O O O . O . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . X . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .";

//  A B C D E F G H I J K L M N O

#[test]
fn check2_blocks_his_overline_only_when_six_wins() {
    assert_eq!(move_on(HIS_OVERLINE, FiveOrMore), "H8");
    assert_ne!(move_on(HIS_OVERLINE, ExactlyFive), "H8");
}

// ---------------------------------------------------------------- check 3

#[test]
fn check3_makes_an_open_four_from_plus_xxx_plus() {
    // +XXX+ with room beyond both ends: either end makes +XXXX+.
    let text = "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . O . . . . . .
        . . . . * X X X * . . . . . .
        . . . . . . . . O . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .";
    // A B C D E F G H I J K L M N O
    expect(text, FiveOrMore);
    expect(text, ExactlyFive);
}

#[test]
fn check3_makes_the_open_four_on_the_side_with_room() {
    // O+XXX++: only the right end makes an open four.
    let text = "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . O . . . . .
        . . . . . . . . . . . . . . .
        . . O . X X X * . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . O . . . . . . .";
    // A B C D E F G H I J K L M N O
    assert_eq!(expect(text, FiveOrMore), "H3");
}

#[test]
fn check3_fills_the_gap_of_my_split_three() {
    // +XX+X+ up column E: the gap makes an open four.
    let text = "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . X . . . . . . . . . .
        . . . . * . . . . . . O . . .
        . . . . X . . . . . . . . . .
        . . . . X . . . . . O . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . O . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .";
    // A B C D E F G H I J K L M N O
    expect_under_both_rules(text, "E9");
}

#[test]
fn check3_plays_the_middle_of_x_gap_x_gap_x_gap_x() {
    // The seed's !X+X+X+X!: the middle gap makes X+XXX+X, a four with two gaps.
    let text = "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . O X . X * X . X O . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . O . . . . . . . .
        . . . . . . . . . O . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .";
    // A B C D E F G H I J K L M N O
    expect_under_both_rules(text, "H8");
}

#[test]
fn check3_plays_the_centre_of_the_plus() {
    // Two crossing +X+X+ through H8: a double open three.
    let text = "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . O .
        . . . . . . . . . . . . . . .
        . . . . . . . X . . . . . . .
        . . . . . . X * X . . . . . .
        . . . . . . . X . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . O . . . . . . . . . .
        . . . . . . . . . . O . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .";
    // A B C D E F G H I J K L M N O
    assert_eq!(expect(text, FiveOrMore), "H8");
}

#[test]
fn check3_plays_the_centre_of_the_plus_on_the_diagonals() {
    let text = "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . X . X . . . . . .
        . . . . . . . * . . . . . . .
        . . . . . . X . X . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . O . .
        . . O . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .";
    // A B C D E F G H I J K L M N O
    assert_eq!(expect(text, FiveOrMore), "H8");
}

/// Three of my stones around H8, the fourth arm H7 empty: the seed's second
/// drawing. My fourth arm makes a diamond round H8.
const MY_T: &str = "
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . X . . . . . . .
    . . . . . . X . X . . . . . .
    . . . . . . . * . . . . . . .
    . . . . . . . . . . . . . . .
    . . . O . . . . . . . . . . .
    . . . . . . . . . . . O . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .";

//  A B C D E F G H I J K L M N O

/// `text` with `count` more stones of mine far away, on the corners and the
/// middles of the top and bottom edges (A15 O15 A1 O1 H15 H1, in that order):
/// stones that make no shape.
fn with_far_stones(text: &str, count: usize) -> String {
    let mut rows: Vec<String> = text
        .lines()
        .map(|line| line.replace(' ', ""))
        .filter(|row| !row.is_empty())
        .collect();
    let spots = [(0, 0), (0, 14), (14, 0), (14, 14), (0, 7), (14, 7)];
    for &(from_top, col) in spots.iter().take(count) {
        assert_eq!(&rows[from_top][col..col + 1], ".");
        rows[from_top].replace_range(col..col + 1, "X");
    }
    rows.join("\n")
}

#[test]
fn check3_completes_the_diamond_in_the_first_few_turns() {
    assert_eq!(expect(MY_T, FiveOrMore), "H7");
    // Still so with FIRST_FEW_TURNS - 1 stones of mine (the T's three, two far away).
    assert_eq!(FIRST_FEW_TURNS, 6);
    let five = with_far_stones(MY_T, 2);
    assert_eq!(expect(&five, FiveOrMore), "H7");
}

#[test]
fn check3_completes_the_diamond_on_the_diagonals() {
    // The T turned by 45 degrees: G9, I9 and G7 around H8; the fourth arm is I7.
    let text = "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . X . X . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . X . * . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . O . .
        . . . O . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .";
    // A B C D E F G H I J K L M N O
    assert_eq!(expect(text, FiveOrMore), "I7");
}

#[test]
fn check3_forgets_the_diamond_after_the_first_few_turns() {
    // Six stones of mine: the T is no longer looked for, and check 7 extends my
    // longest open line, the rising two G8 H9, after its far end: I10.
    let six = with_far_stones(&MY_T.replace('*', "."), 3);
    assert_eq!(move_on(&six, FiveOrMore), "I10");
}

// ---------------------------------------------------------------- check 4

#[test]
fn check4_blocks_his_open_three_on_the_side_with_room() {
    // Column F: his O's at F6 F7 F8, F5 empty with my X on F4; F9 F10 empty.
    // He would make an open four on F9; I block there.
    let text = "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . * . . . . . . . . .
        . . . . . O . . . . . . . . .
        . . . . . O . . . . . X . . .
        . . . . . O . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . X . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .";
    // A B C D E F G H I J K L M N O
    assert_eq!(expect(text, FiveOrMore), "F9");
}

#[test]
fn check4_blocks_the_gap_of_his_split_three() {
    let text = "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . O O * O . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . X . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .";
    // A B C D E F G H I J K L M N O
    expect_under_both_rules(text, "H8");
}

#[test]
fn check4_blocks_the_middle_of_his_o_gap_o_gap_o_gap_o() {
    let text = "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . O . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . O . . . . . .
        . . . . . . . * . . . . . . .
        . . . . . . O . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . O . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . X . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .";
    // A B C D E F G H I J K L M N O
    expect_under_both_rules(text, "H9");
}

#[test]
fn check4_blocks_the_centre_of_his_plus() {
    let text = "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . O . . . . . .
        . . . . . . . O * O . . . . .
        . . . . . . . . O . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . X . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .";
    // A B C D E F G H I J K L M N O
    assert_eq!(expect(text, FiveOrMore), "I8");
}

/// His three stones around H8 (the seed's second drawing), and one of mine.
const HIS_T: &str = "
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . O . . . . . . .
    . . . . . . O * O . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . X . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .";

//  A B C D E F G H I J K L M N O

#[test]
fn check4_blocks_the_centre_of_his_t_in_the_first_few_turns() {
    assert_eq!(expect(HIS_T, FiveOrMore), "H8");
    let five = with_far_stones(HIS_T, FIRST_FEW_TURNS - 2);
    assert_eq!(expect(&five, FiveOrMore), "H8");
}

#[test]
fn check4_lets_his_t_be_after_the_first_few_turns() {
    // Six stones of mine: his T is let be, and check 7 extends my first open
    // line in the scan, K3, to the right (A1 touches the edge).
    let six = with_far_stones(&HIS_T.replace('*', "."), FIRST_FEW_TURNS - 1);
    assert_eq!(move_on(&six, FiveOrMore), "L3");
}
