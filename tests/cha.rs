//! Harry Cha's rule AI (`piskrs::cha`): each check on a hand-drawn board, the
//! order of the checks, the exact-five guard, the first move, a property test
//! (never an occupied or off-board point) and an arena against a random mover.
//!
//! Diagrams list their rows from the top (the highest row number) down: `X` is
//! the program's stone, `O` the player's, `.` an empty point and `*` an empty
//! point the test names (the move expected, or the moves accepted). The board
//! side is the number of rows; columns are lettered A.. with no letter skipped
//! (the comment under each diagram). In the diagrams the program is Black.
//!
//! Every diagram is also checked turned and mirrored (the eight symmetries of
//! the square) and with the colours swapped (the program White): the move must
//! be one of the marked points carried along.

mod common;

use common::{diagram, marked_diagram, name, pt};
use piskrs::board::{Board, Stone};
use piskrs::cha::{FIRST_FEW_TURNS, choose};
use piskrs::coord::Point;
use piskrs::game::{Game, Outcome};
use piskrs::rules::WinRule;
use proptest::prelude::*;

use WinRule::{ExactlyFive, FiveOrMore};

/// One of the eight symmetries of a board of `side` points a side.
fn turn(point: Point, side: u8, symmetry: u8) -> Point {
    let (mut col, mut row) = (point.col, point.row);
    if symmetry & 1 != 0 {
        col = side - 1 - col;
    }
    if symmetry & 2 != 0 {
        row = side - 1 - row;
    }
    if symmetry & 4 != 0 {
        (col, row) = (row, col);
    }
    Point::new(col, row)
}

/// The board turned by `symmetry`, with the colours swapped if `swap`.
fn transformed(board: &Board, symmetry: u8, swap: bool) -> Board {
    let side = board.side();
    let mut out = Board::new(side);
    for row in 0..side {
        for col in 0..side {
            let point = Point::new(col, row);
            let stone = board
                .get(point)
                .map(|s| if swap { s.opponent() } else { s });
            out.set(turn(point, side, symmetry), stone);
        }
    }
    out
}

/// Cha's move for X (Black) on the drawn board under `rule`. Asserts that it
/// is one of the `*` points, and stays one of them on the board turned and
/// mirrored every way, with either colour; returns its name as drawn.
fn expect(text: &str, rule: WinRule) -> String {
    let (drawn, marks) = marked_diagram(text);
    assert!(!marks.is_empty(), "the diagram marks no expected move");
    let board = drawn.board;
    let side = board.side();
    let mut as_drawn = None;
    for symmetry in 0..8 {
        for swap in [false, true] {
            let me = if swap { Stone::White } else { Stone::Black };
            let turned = transformed(&board, symmetry, swap);
            let accepted: Vec<Point> = marks.iter().map(|&p| turn(p, side, symmetry)).collect();
            let choice = choose(&turned, me, None, rule)
                .unwrap_or_else(|| panic!("symmetry {symmetry}, swap {swap}: no move"));
            assert!(
                accepted.contains(&choice),
                "symmetry {symmetry}, colours swapped {swap}: Cha played {} where {:?} was expected",
                name(choice),
                names_of(&accepted)
            );
            if symmetry == 0 && !swap {
                as_drawn = Some(name(choice));
            }
        }
    }
    as_drawn.unwrap()
}

fn names_of(points: &[Point]) -> Vec<String> {
    points.iter().map(|&p| name(p)).collect()
}

/// Cha's move for X (Black) on a drawn board (no `*`), as drawn.
fn move_on(text: &str, rule: WinRule) -> String {
    let board = diagram(text).board;
    name(choose(&board, Stone::Black, None, rule).expect("a move"))
}

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
    for rule in [FiveOrMore, ExactlyFive] {
        assert_eq!(expect(text, rule), "I8");
    }
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
    for rule in [FiveOrMore, ExactlyFive] {
        assert_eq!(expect(text, rule), "F6");
    }
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
    for rule in [FiveOrMore, ExactlyFive] {
        assert_eq!(expect(text, rule), "K9");
    }
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
    for rule in [FiveOrMore, ExactlyFive] {
        assert_eq!(expect(text, rule), "I10");
    }
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
    for rule in [FiveOrMore, ExactlyFive] {
        assert_eq!(expect(text, rule), "J10");
    }
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
    for rule in [FiveOrMore, ExactlyFive] {
        assert_eq!(expect(text, rule), "E9");
    }
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
    for rule in [FiveOrMore, ExactlyFive] {
        assert_eq!(expect(text, rule), "H8");
    }
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
    for rule in [FiveOrMore, ExactlyFive] {
        assert_eq!(expect(text, rule), "H8");
    }
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
    for rule in [FiveOrMore, ExactlyFive] {
        assert_eq!(expect(text, rule), "H9");
    }
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
    for rule in [FiveOrMore, ExactlyFive] {
        assert_eq!(expect(text, rule), "J7");
    }
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
    for rule in [FiveOrMore, ExactlyFive] {
        assert_eq!(expect(text, rule), "H8");
    }
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

// ---------------------------------------------------------------- the order

#[test]
fn order_my_five_beats_blocking_his_five() {
    let text = "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . O O O O . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . * X X X X * . . . . . .
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
fn order_blocking_his_five_beats_my_open_four() {
    let text = "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . X O O O O * . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . X X X . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .";
    // A B C D E F G H I J K L M N O
    assert_eq!(expect(text, FiveOrMore), "I10");
}

#[test]
fn order_my_open_four_beats_blocking_his_open_three() {
    let text = "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . O O O . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . * X X X * . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .";
    // A B C D E F G H I J K L M N O
    expect(text, FiveOrMore);
}

#[test]
fn order_blocking_his_open_three_beats_my_four() {
    // My O X X X + + (check 5) waits: his open three (check 4) is blocked first.
    let text = "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . * O O O * . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . O X X X . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .";
    // A B C D E F G H I J K L M N O
    expect(text, FiveOrMore);
}

#[test]
fn order_my_four_beats_blocking_his_closed_three() {
    let text = "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . X O O O . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . O X X X * . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .";
    // A B C D E F G H I J K L M N O
    assert_eq!(expect(text, FiveOrMore), "I6");
}

#[test]
fn order_blocking_his_closed_three_beats_my_longest_line() {
    let text = "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . X O O O * . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . X X . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .";
    // A B C D E F G H I J K L M N O
    assert_eq!(expect(text, FiveOrMore), "I10");
}

// ---------------------------------------------------------------- properties

/// A board of `side` points a side from `cells` (0 empty, 1 Black, 2 White).
fn board_from(side: u8, cells: &[u8]) -> Board {
    let mut board = Board::new(side);
    for row in 0..side {
        for col in 0..side {
            let stone = match cells[row as usize * side as usize + col as usize] {
                1 => Some(Stone::Black),
                2 => Some(Stone::White),
                _ => None,
            };
            board.set(Point::new(col, row), stone);
        }
    }
    board
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn never_an_occupied_or_off_board_point(
        big: bool,
        cells in prop::collection::vec(prop_oneof![3 => Just(0u8), 1 => Just(1u8), 1 => Just(2u8)], 361),
        white: bool,
        exactly_five: bool,
        his_first in (0u8..19, 0u8..19),
    ) {
        let side = if big { 19 } else { 15 };
        let board = board_from(side, &cells);
        let me = if white { Stone::White } else { Stone::Black };
        let rule = if exactly_five { ExactlyFive } else { FiveOrMore };
        let his_first = Some(Point::new(his_first.0, his_first.1));
        let free = (0..side).any(|r| (0..side).any(|c| board.get(Point::new(c, r)).is_none()));
        match choose(&board, me, his_first, rule) {
            Some(p) => {
                prop_assert!(board.contains(p), "off the board: ({}, {})", p.col, p.row);
                prop_assert!(board.get(p).is_none(), "occupied: {}", name(p));
            }
            None => prop_assert!(!free, "a free point exists but Cha gave none"),
        }
    }

    #[test]
    fn sparse_positions_get_a_free_point_too(
        big: bool,
        stones in prop::collection::vec((0u8..19, 0u8..19, any::<bool>()), 0..12),
        white: bool,
        exactly_five: bool,
    ) {
        let side = if big { 19 } else { 15 };
        let mut board = Board::new(side);
        let mut first_white = None;
        for (col, row, is_white) in stones {
            let p = Point::new(col % side, row % side);
            let stone = if is_white { Stone::White } else { Stone::Black };
            if board.get(p).is_none() {
                board.set(p, Some(stone));
                if is_white && first_white.is_none() {
                    first_white = Some(p);
                }
            }
        }
        let me = if white { Stone::White } else { Stone::Black };
        let his_first = if white { None } else { first_white };
        let rule = if exactly_five { ExactlyFive } else { FiveOrMore };
        let p = choose(&board, me, his_first, rule).expect("free points exist");
        prop_assert!(board.contains(p));
        prop_assert!(board.get(p).is_none());
    }
}

#[test]
fn a_full_board_has_no_move_and_a_last_free_point_is_played() {
    let mut board = Board::new(15);
    for row in 0..15 {
        for col in 0..15 {
            // Stripes of two that never make five in any direction.
            let stone = if (col / 2 + row) % 2 == 0 {
                Stone::Black
            } else {
                Stone::White
            };
            board.set(Point::new(col, row), Some(stone));
        }
    }
    assert!(choose(&board, Stone::Black, None, FiveOrMore).is_none());
    board.set(pt("O1"), None);
    assert_eq!(
        name(choose(&board, Stone::White, Some(pt("A1")), ExactlyFive).unwrap()),
        "O1"
    );
}

// ---------------------------------------------------------------- the arena

/// A small deterministic random source for the arena's random mover.
struct XorShift(u32);

impl XorShift {
    fn next(&mut self) -> u32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 17;
        self.0 ^= self.0 << 5;
        self.0
    }
}

#[test]
fn arena_cha_beats_a_random_mover() {
    let side = 15;
    let (mut cha_wins, mut random_wins, mut draws) = (0, 0, 0);
    let mut lengths = Vec::new();
    for game_number in 0..20u32 {
        let rule = if game_number % 4 < 2 {
            FiveOrMore
        } else {
            ExactlyFive
        };
        let cha = if game_number % 2 == 0 {
            Stone::Black
        } else {
            Stone::White
        };
        let mut random = XorShift(0x9E37_79B9 ^ (game_number * 7919 + 1));
        let mut game = Game::new(side, rule);
        let mut his_first = None;
        while !game.is_over() {
            let point = if game.to_move() == cha {
                choose(game.board(), cha, his_first, rule).expect("a free point")
            } else {
                let free: Vec<Point> = (0..side)
                    .flat_map(|r| (0..side).map(move |c| Point::new(c, r)))
                    .filter(|&p| game.board().get(p).is_none())
                    .collect();
                let p = free[random.next() as usize % free.len()];
                his_first.get_or_insert(p);
                p
            };
            assert!(
                game.play(point).is_ok(),
                "game {game_number}: {} refused",
                name(point)
            );
        }
        match game.outcome() {
            Outcome::Won { winner, .. } if winner == cha => cha_wins += 1,
            Outcome::Won { .. } => random_wins += 1,
            _ => draws += 1,
        }
        lengths.push(game.move_count());
    }
    println!(
        "arena, 20 games on 15x15: Cha {cha_wins}, random mover {random_wins}, draws {draws}; \
         moves per game {lengths:?}"
    );
    assert!(cha_wins >= 18, "Cha won only {cha_wins} of 20");
}
