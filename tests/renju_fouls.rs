//! Renju's rule (`rules::renju`) on hand-drawn boards, one case of the rule
//! a test.
//!
//! A diagram (tests/common's) lists its rows from the top: `.` an empty
//! point, `X` a black stone, `O` a white one, `*` the empty point judged. The
//! board's side is the number of rows.

mod common;

use common::marked_diagram;
use piskrs::ai::engine::TreeSearch;
use piskrs::ai::tree::HostTree;
use piskrs::rules::board::{Board, Stone};
use piskrs::rules::coord::Point;
use piskrs::rules::renju::{FOUL_MAP_BYTES, Foul, FoulMap, each_foul, foul, foul_on};

/// The board a diagram draws and the one point it marks with `*`.
fn board_and_point(text: &str) -> (Board, Point) {
    let (drawn, marks) = marked_diagram(text);
    assert_eq!(marks.len(), 1, "the diagram marks one point with *");
    (drawn.board, marks[0])
}

/// The verdict on the marked point, checking that the board is left as it was.
fn verdict(text: &str) -> Option<Foul> {
    let (mut board, point) = board_and_point(text);
    let before = board.points().to_vec();
    let why = foul(&mut board, point);
    assert!(board.points() == &before[..], "foul left the board changed");
    assert!(foul_on(&board, point) == why, "foul_on agrees with foul");
    why
}

fn name(why: Option<Foul>) -> &'static str {
    match why {
        None => "allowed",
        Some(Foul::Overline) => "overline",
        Some(Foul::DoubleFour) => "double four",
        Some(Foul::DoubleThree) => "double three",
    }
}

fn expect(text: &str, wanted: Option<Foul>) {
    let got = verdict(text);
    assert!(
        got == wanted,
        "expected {}, got {}",
        name(wanted),
        name(got)
    );
}

#[test]
fn two_open_threes_crossing_are_a_double_three() {
    expect(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . X . . . . .
        . . . X . . . . .
        . X X * . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
        Some(Foul::DoubleThree),
    );
}

#[test]
fn a_split_three_and_a_diagonal_three_are_a_double_three() {
    expect(
        "
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . X . .
        . . . . . . X . . .
        . . X . X * . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        ",
        Some(Foul::DoubleThree),
    );
}

#[test]
fn a_blocked_three_does_not_count() {
    // Across: O X X * . . is closed on the left; it only makes a four.
    expect(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . X . . . . .
        . . . X . . . . .
        O X X * . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
        None,
    );
}

#[test]
fn a_three_whose_straight_four_would_be_an_overline_does_not_count() {
    // Across: O . X X * . . X. Filling the left leaves O on the end; filling
    // the right gives . X X X X . X, whose right end makes six.
    let board = "
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . X . . . . .
        . . . . X . . . . .
        O . X X * . . X . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        ";
    expect(board, None);
    // Without the far stone it is a three, and the point a double three.
    expect(
        &board.replacen("X . .\n", ". . .\n", 1),
        Some(Foul::DoubleThree),
    );
}

#[test]
fn a_four_and_a_three_are_allowed() {
    expect(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . X . . . . .
        . . . X . . . . .
        X X X * . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
        None,
    );
}

#[test]
fn two_fours_crossing_are_a_double_four() {
    expect(
        "
        . . . . . . . . .
        . . . O . . . . .
        . . . X . . . . .
        . . . X . . . . .
        . . . X . . . . .
        O X X * . X . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
        Some(Foul::DoubleFour),
    );
}

#[test]
fn two_fours_on_one_line_are_a_double_four() {
    // X . X * X . X: either gap then makes five.
    expect(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        X . X * X . X . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
        Some(Foul::DoubleFour),
    );
    // X X X . * . X X X: the same with the gaps on both sides.
    expect(
        "
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        X X X . * . X X X .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        ",
        Some(Foul::DoubleFour),
    );
}

#[test]
fn a_straight_four_is_one_four() {
    expect(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . X X * X . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
        None,
    );
}

#[test]
fn six_in_a_row_is_an_overline() {
    expect(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        X X * X X X . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
        Some(Foul::Overline),
    );
}

#[test]
fn five_wins_even_with_an_overline_or_a_double_four_besides() {
    // Across five; up six.
    expect(
        "
        . . . . . . . . .
        . . . X . . . . .
        . . . X . . . . .
        . . . X . . . . .
        X X X * X . . . .
        . . . X . . . . .
        . . . X . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
        None,
    );
    // Across five; up a four and rising a four, and two threes.
    expect(
        "
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . X . .
        . . . X . . X . . .
        . . . X . X . . . .
        . X X * X X . . . .
        . . X X . . . . . .
        . X . X . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        ",
        None,
    );
}

#[test]
fn a_three_whose_four_point_is_forbidden_is_no_three() {
    // Across: X . X * — its one four point is the gap, and a stone there
    // makes six up its column: forbidden, so the across line is no three. Up
    // from the point, X X * is a three. One three: allowed.
    expect(
        "
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . . X . X . . . . . .
        . . . . X . X . . . . . .
        . . . X . X * . . . . . .
        . . . . X . . . . . . . .
        . . . . X . . . . . . . .
        . . . . X . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        ",
        None,
    );
    // With only two stones in the gap's column the gap makes a straight four
    // and a three, which is allowed: the across line is a three again, and
    // the point a double three.
    expect(
        "
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . X . . . . . .
        . . . . X . X . . . . . .
        . . . X . X * . . . . . .
        . . . . X . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        ",
        Some(Foul::DoubleThree),
    );
}

#[test]
fn a_four_point_forbidden_by_a_double_three_of_its_own_is_no_three() {
    // Two levels deep. Across: X . X * — its four point is the gap. A stone
    // on the gap would make, besides the straight four across, a three up its
    // column and one along its falling diagonal: a double three, forbidden.
    // So the across line is no three and the point, with X X * up, has one
    // three: allowed.
    expect(
        "
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . X . . . X . . . . . .
        . . . X X . X . . . . . .
        . . . X . X * . . . . . .
        . . . . X . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        ",
        None,
    );
    // Without the diagonal's far stone the gap makes a four and one three,
    // allowed: the across line is a three and the point a double three.
    expect(
        "
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . X . . . . . .
        . . . X X . X . . . . . .
        . . . X . X * . . . . . .
        . . . . X . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        ",
        Some(Foul::DoubleThree),
    );
}

#[test]
fn white_stones_and_taken_points_are_never_forbidden() {
    let (mut board, point) = board_and_point(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . X . . . . .
        . . . X . . . . .
        . X X * . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
    );
    assert!(foul(&mut board, point) == Some(Foul::DoubleThree));
    board.set(point, Some(Stone::White));
    assert!(
        foul(&mut board, point).is_none(),
        "a taken point is not judged"
    );
    assert!(
        foul(&mut board, Point::new(40, 40)).is_none(),
        "off the board"
    );
}

#[test]
fn each_foul_lists_every_forbidden_point_once() {
    let (board, point) = board_and_point(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . X . . . . .
        . . . X . . . . .
        . X X * . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
    );
    let mut listed = Vec::new();
    each_foul(&board, |p, why| listed.push((p, why)));
    assert!(listed == vec![(point, Foul::DoubleThree)]);
}

#[test]
fn a_point_that_makes_five_completes_a_three_though_it_makes_five() {
    // Go lettering, I skipped. The marked point, L9, makes a four along its
    // falling line (J11 K10 L9 . N7: M8 makes five) and threes up and rising.
    // The rising three's four point, K8, would make a straight four, a three
    // across (J8 K8 L8, completed by M8, which makes five on the falling line
    // and so is never forbidden) and a three along its own falling line: a
    // double three, forbidden. So the rising line is no three, and L9 a
    // four-three: allowed. (Rapfi does not count a point that makes five as
    // completing a three, and forbids L9; the rule's letter allows it.)
    expect(
        "
        X . . O . . O . X . . . X . .
        . . . . . O O X . X . . . . .
        X . . . . . O . . . . . . . .
        . . . . . . O . . . . . . . .
        . . . O . . X . X . . O O . .
        . . . . . O . . . X . . . . .
        . . X X X . . . . . * X . . .
        O . . O . . O . X . X . . . .
        X . O . . X . . X . X O X . .
        . O . . . X . X . O . . . . .
        X . . . . . . . . X . . X . .
        . . . O . O . . . . . . . . .
        O O O O X . O O X . O O . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
        None,
    );
}

#[test]
fn a_four_and_two_threes_are_a_double_three() {
    // Across a straight four; up and along the rising diagonal two threes:
    // the four does not excuse them.
    expect(
        "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . X . . . . . .
        . . . . X . . . . . .
        . X X X * . . . . . .
        . . . X . . . . . . .
        . . X . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        ",
        Some(Foul::DoubleThree),
    );
}

#[test]
fn a_four_whose_five_would_be_an_overline_is_no_four() {
    // Across: O X X * X . X — the gap would make six, the left end is
    // closed: no four. Up: a four. One four: allowed.
    let board = "
        . . . . . . . . . . .
        . . . O . . . . . . .
        . . . X . . . . . . .
        . . . X . . . . . . .
        . . . X . . . . . . .
        O X X * X . X . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        ";
    expect(board, None);
    // Without the far stone the gap makes five: two fours.
    expect(
        &board.replacen("X . X . . . .", "X . . . . . .", 1),
        Some(Foul::DoubleFour),
    );
}

#[test]
fn seven_in_a_row_is_an_overline() {
    expect(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        X X X * X X X . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
        Some(Foul::Overline),
    );
}

#[test]
fn a_foul_map_keeps_two_bits_a_point() {
    let whys = [
        None,
        Some(Foul::DoubleThree),
        Some(Foul::DoubleFour),
        Some(Foul::Overline),
    ];
    let mut map = FoulMap::new();
    let points = FOUL_MAP_BYTES * 4;
    for index in 0..points {
        map.set(index, whys[index * 7 % 4]);
    }
    for index in 0..points {
        assert!(map.get(index) == whys[index * 7 % 4], "point {index}");
    }
    // Cleared one by one, the neighbours keep theirs.
    map.set(5, None);
    assert!(map.get(5).is_none() && map.get(4) == whys[4 * 7 % 4] && map.get(6) == whys[6 * 7 % 4]);
    assert!(map.get(points).is_none(), "past the map: allowed");
}

#[test]
fn the_host_tree_s_foul_map_lists_each_foul() {
    // Crowded random 15x15 boards (Black one stone ahead): the map that
    // TreeSearch::fouls writes holds each_foul's points and no others.
    let mut state = 0x9E37_79B9_7F4A_7C15_u64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let tree = HostTree::new();
    let mut found = 0;
    for _ in 0..200 {
        let mut board = Board::new(15);
        let stones = 10 + next() % 50;
        for i in 0..stones {
            let point = Point::new((next() % 15) as u8, (next() % 15) as u8);
            let stone = if i % 2 == 0 {
                Stone::Black
            } else {
                Stone::White
            };
            board.set(point, Some(stone));
        }
        let mut map = FoulMap::new();
        map.bytes.fill(0xFF);
        assert!(tree.fouls(&board, &mut map), "the host judges");
        let mut listed = Vec::new();
        each_foul(&board, |point, why| listed.push((point, why)));
        found += listed.len();
        for row in 0..15 {
            for col in 0..15 {
                let point = Point::new(col, row);
                let wanted = listed.iter().find(|(p, _)| *p == point).map(|l| l.1);
                assert!(
                    map.get(row as usize * 15 + col as usize) == wanted,
                    "{col},{row}: {} for {}",
                    name(map.get(row as usize * 15 + col as usize)),
                    name(wanted)
                );
            }
        }
    }
    assert!(found > 50, "only {found} forbidden points in the boards");
}
