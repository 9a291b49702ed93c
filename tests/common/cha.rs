//! Helpers for Harry Cha's tests (tests/cha_*.rs): a diagram's expected moves
//! and Cha's move on it, checked in the eight symmetries of the square and with
//! the colours swapped.

use super::{diagram, marked_diagram, name};
use piskrs::ai::cha::choose;
use piskrs::rules::WinRule;
use piskrs::rules::board::{Board, Stone};
use piskrs::rules::coord::Point;

/// One of the eight symmetries of a board of `side` points a side.
pub fn turn(point: Point, side: u8, symmetry: u8) -> Point {
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
pub fn transformed(board: &Board, symmetry: u8, swap: bool) -> Board {
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

/// [`expect`] under both rules, five or more and exact five: the same
/// move under each.
pub fn expect_under_both_rules(text: &str, expected: &str) {
    for (rule, name) in [
        (WinRule::FiveOrMore, "five or more"),
        (WinRule::ExactlyFive, "exact five"),
    ] {
        assert_eq!(expect(text, rule), expected, "under {name}");
    }
}

/// Cha's move for X (Black) on the drawn board under `rule`. Asserts that it
/// is one of the `*` points, and stays one of them on the board turned and
/// mirrored every way, with either colour; returns its name as drawn.
pub fn expect(text: &str, rule: WinRule) -> String {
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

pub fn names_of(points: &[Point]) -> Vec<String> {
    points.iter().map(|&p| name(p)).collect()
}

/// Cha's move for X (Black) on a drawn board (no `*`), as drawn.
pub fn move_on(text: &str, rule: WinRule) -> String {
    let board = diagram(text).board;
    name(choose(&board, Stone::Black, None, rule).expect("a move"))
}
