//! Harry Cha's rule AI (`piskrs::ai::cha`), checks 5 to 8 on hand-drawn boards:
//! my four, blocking his closed three, extending my longest open line, the reply
//! to his first stone; and the first move.
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
use common::{diagram, marked_diagram, name, pt};
use piskrs::ai::cha::choose;
use piskrs::rules::WinRule;
use piskrs::rules::board::{Board, Stone};

// ---------------------------------------------------------------- check 5

#[test]
fn check5_makes_a_four_from_oxxx() {
    // O X X X + +: the first + makes a four he must answer.
    let text = "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . O . .
        . . . . . . . . . * . . . . .
        . . . . . . . . X . . . . . .
        . . . . . . . X . . . . . . .
        . . . . . . X . . . . . . . .
        . . . . . O . . . . . . . . .
        . . . . . . . . . O . . . . .
        . . . . . . . . . . . . . . .";
    // A B C D E F G H I J K L M N O
    expect_under_both_rules(text, "J7");
}

#[test]
fn check5_plays_the_far_end_of_oxx_gap_x() {
    // O X X + X +: the far end makes a four with a gap, not the centre.
    let text = "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . O X X . X * . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . O . . . . . . .
        . . . . . . . . . . . O . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .";
    // A B C D E F G H I J K L M N O
    assert_eq!(expect(text, FiveOrMore), "I8");
}

#[test]
fn check5_plays_the_far_end_of_ox_gap_xx() {
    let text = "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . * . . . . . . .
        . . . . . . . X . . . . . . .
        . . . . . . . X . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . X . . . O . . .
        . . . . . . . O . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . O . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .";
    // A B C D E F G H I J K L M N O
    assert_eq!(expect(text, FiveOrMore), "H10");
}

#[test]
fn check5_oxx_gap_xx_is_taken_by_check1_first() {
    // The seed's OXX+XX+ is in check 5, but its gap makes five: check 1.
    let text = "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . O X X * X X . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . O . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . O . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .";
    // A B C D E F G H I J K L M N O
    assert_eq!(expect(text, ExactlyFive), "G8");
}

#[test]
fn check5_plays_the_centre_of_the_plus_with_a_shut_arm() {
    let text = "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . O . . . . . . .
        . . . . . . . X . . . . . . .
        . . . . . . X * X . . . . . .
        . . . . . . . X . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . O . . . . . . . O . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .";
    // A B C D E F G H I J K L M N O
    assert_eq!(expect(text, FiveOrMore), "H9");
}

// ---------------------------------------------------------------- check 6

#[test]
fn check6_blocks_his_closed_three_at_its_open_end() {
    // X O O O + +: the point where he would make his four.
    let text = "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . X O O O * . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . X . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .";
    // A B C D E F G H I J K L M N O
    expect_under_both_rules(text, "H8");
}

#[test]
fn check6_blocks_his_closed_three_at_the_edge() {
    // The edge shuts his three like my stone would: column A, rows 1..3.
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
        . . . . . . . . . . . X . . .
        . . . . . . . . . . . . . . .
        * . . . . . . . . . . . . . .
        O . . . . . . . . . . . . . .
        O . . . . . . . . . . . . . .
        O . . . . . . . . . . . . . .";
    // A B C D E F G H I J K L M N O
    assert_eq!(expect(text, FiveOrMore), "A4");
}

#[test]
fn check6_blocks_the_gap_of_his_xoo_gap_o() {
    let text = "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . X . . . .
        . . . . . . . . . O . . . . .
        . . . . . . . . O . . . . . .
        . . . . . . . * . . . . . . .
        . . . . . . O . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . X . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .";
    // A B C D E F G H I J K L M N O
    assert_eq!(expect(text, FiveOrMore), "H8");
}

#[test]
fn check6_blocks_the_gap_of_his_xo_gap_oo() {
    let text = "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . X O * O O . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . X . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .";
    // A B C D E F G H I J K L M N O
    assert_eq!(expect(text, FiveOrMore), "G8");
}

#[test]
fn check6_blocks_the_centre_of_his_plus_with_a_shut_arm() {
    let text = "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . O . . . . . . .
        . . . . . X O * O . . . . . .
        . . . . . . . O . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .";
    // A B C D E F G H I J K L M N O
    assert_eq!(expect(text, FiveOrMore), "H8");
}

// ---------------------------------------------------------------- check 7

#[test]
fn check7_extends_my_longest_open_line() {
    // My two on a rising diagonal (F6 G7) beat my single stones; I play after
    // its far end (H8). Mirrored, the far end is the other one (E5).
    let text = "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . X . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . O . . . . .
        . . . . . . . * . . . . . . .
        . . . . . . X . . . . . . . .
        . . . . . X . . . . . . . . .
        . . . . * . . . . . . . . . .
        . . . . . . . . . . . . X . .
        . . . . . . . . . . . . . . .
        . . . . . . O . . . . . . . .
        . . . . . . . . . . . . . . .";
    // A B C D E F G H I J K L M N O
    assert_eq!(expect(text, FiveOrMore), "H8");
}

#[test]
fn check7_skips_a_line_shut_at_one_end() {
    // O X X . is shut: the open single stone D3 is extended instead (to E3).
    let text = "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . O X X . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . X . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .";
    // A B C D E F G H I J K L M N O
    let choice = move_on(text, FiveOrMore);
    assert_eq!(choice, "E3");
}

// ---------------------------------------------------------------- check 8

#[test]
fn check8_plays_at_half_past_one_of_his_first_stone() {
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
        . . . . . . . . . . . . . . .
        . . . . . * . . . . . . . . .
        . . . . O . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .";
    // A B C D E F G H I J K L M N O
    // 1:30 is not symmetric: only the board as drawn, with either colour.
    let (drawn, marks) = marked_diagram(text);
    assert_eq!(names_of(&marks), ["F4"]);
    let swapped = transformed(&drawn.board, 0, true);
    for rule in [FiveOrMore, ExactlyFive] {
        let mine = choose(&drawn.board, Stone::Black, Some(pt("E3")), rule).unwrap();
        assert_eq!(name(mine), "F4");
        let mine = choose(&swapped, Stone::White, Some(pt("E3")), rule).unwrap();
        assert_eq!(name(mine), "F4");
    }
}

#[test]
fn check8_on_19x19_and_at_the_edges() {
    let board_with = |side: u8, his: &str| {
        let mut board = Board::new(side);
        board.set(pt(his), Some(Stone::White));
        name(choose(&board, Stone::Black, Some(pt(his)), ExactlyFive).unwrap())
    };
    assert_eq!(board_with(19, "J10"), "K11");
    assert_eq!(board_with(19, "A1"), "B2");
    // At the top edge 1:30 and 10:30 are off the board: 4:30. At the right edge:
    // 10:30. In the top right corner only 7:30 is left.
    assert_eq!(board_with(15, "E15"), "F14");
    assert_eq!(board_with(15, "O8"), "N9");
    assert_eq!(board_with(15, "O15"), "N14");
    assert_eq!(board_with(19, "S19"), "R18");
    assert_eq!(board_with(19, "S1"), "R2");
}

#[test]
fn check8_applies_only_to_my_first_stone() {
    // With a stone of mine on the board, check 7 extends it instead (to the right).
    let text = "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . O . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . X . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .";
    // A B C D E F G H I J K L M N O
    let board = diagram(text).board;
    let choice = choose(&board, Stone::Black, Some(pt("H8")), FiveOrMore).unwrap();
    assert_eq!(name(choice), "D3");
}

#[test]
fn on_an_empty_board_cha_begins_in_the_centre() {
    for (side, centre) in [(15, "H8"), (19, "J10"), (5, "C3"), (6, "D4"), (9, "E5")] {
        let board = Board::new(side);
        for rule in [FiveOrMore, ExactlyFive] {
            for me in [Stone::Black, Stone::White] {
                assert_eq!(
                    name(choose(&board, me, None, rule).unwrap()),
                    centre,
                    "side {side}"
                );
            }
        }
    }
}
