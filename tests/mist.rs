//! Gomoku in the Mist (seeds/000): the hole's formula, the hole and its
//! clipping at the border, and the controller's `view` string.
//!
//! Everything is checked against a computation written here (and in
//! tests/common): the formula in i64 with `rem_euclid`, Go notation built by
//! hand, the hole and its view walked point by point.

mod common;

use common::{XorShift, diagram, go_name, go_point, hole_points_on_board, hole_view, mist_formula};
use piskrs::rules::board::{Board, Stone};
use piskrs::rules::coord::Point;
use piskrs::rules::mist::{self, HOLE_REACH, SIDE, START, centre_after, in_hole};

/// The crate's centre after a stone, as a Go name built here.
fn centre_name(stone: &str) -> String {
    let centre = centre_after(go_point(stone));
    go_name(centre.col, centre.row)
}

/// The crate's `view`, as text.
fn view_text(board: &Board, centre: Point) -> String {
    let mut out = [0u8; 53];
    let len = mist::view(board, centre, &mut out);
    assert!(len <= 53, "view used {len} bytes of 53");
    String::from_utf8(out[..len].to_vec()).expect("view writes ASCII")
}

/// A 19x19 board with the stones named.
fn stones(black: &[&str], white: &[&str]) -> Board {
    let mut board = Board::new(19);
    for &p in black {
        assert!(board.get(go_point(p)).is_none(), "{p} twice");
        board.set(go_point(p), Some(Stone::Black));
    }
    for &p in white {
        assert!(board.get(go_point(p)).is_none(), "{p} twice");
        board.set(go_point(p), Some(Stone::White));
    }
    board
}

fn random_board(seed: u32) -> Board {
    let mut rng = XorShift(seed);
    let mut board = Board::new(19);
    for row in 0..19 {
        for col in 0..19 {
            let stone = match rng.next() % 3 {
                0 => None,
                1 => Some(Stone::Black),
                _ => Some(Stone::White),
            };
            board.set(Point::new(col, row), stone);
        }
    }
    board
}

// ---------------------------------------------------------------------------
// The formula.

#[test]
fn the_constants_are_the_seeds() {
    assert_eq!(SIDE, 19);
    assert_eq!(HOLE_REACH, 3, "a 7x7 hole reaches 3 points from its centre");
    assert_eq!(
        go_name(START.col, START.row),
        "J10",
        "the hole starts at J10"
    );
}

#[test]
fn the_formula_matches_an_independent_computation_on_all_361_points() {
    let mut checked = 0;
    for row in 0..19u8 {
        for col in 0..19u8 {
            let centre = centre_after(Point::new(col, row));
            let expected = mist_formula(col, row);
            assert_eq!(
                (centre.col, centre.row),
                expected,
                "after a stone on {}: the crate says {}, the formula {}",
                go_name(col, row),
                go_name(centre.col.min(18), centre.row.min(18)),
                go_name(expected.0, expected.1)
            );
            assert!(centre.col < 19 && centre.row < 19);
            checked += 1;
        }
    }
    assert_eq!(checked, 361);
}

#[test]
fn the_seeds_worked_examples() {
    for (stone, centre) in [("A1", "M3"), ("B2", "L17"), ("C3", "B1"), ("D4", "B12")] {
        assert_eq!(centre_name(stone), centre, "after {stone}");
    }
}

#[test]
fn more_centres_worked_by_hand() {
    // X=10: 5*100+30+4 = 534 = 28*19+2 -> 3 (C); Y=10: 400+20-4 = 416 = 21*19+17 -> 18.
    assert_eq!(centre_name("J10"), "C18");
    // X=11: 605+33+4 = 642 = 33*19+15 -> 16 (P); Y=10 -> 18.
    assert_eq!(centre_name("K10"), "P18");
    // X=19: 1805+57+4 = 1866 = 98*19+4 -> 5 (E); Y=19: 1444+38-4 = 1478 = 77*19+15 -> 16.
    assert_eq!(centre_name("S19"), "E16");
    // Y=1: 4+2-4 = 2 -> 3, the smallest value of 4Y²+2Y-4 (never negative).
    assert_eq!(centre_name("S1"), "E3");
    assert_eq!(centre_name("A19"), "M16");
    // X=9: 405+27+4 = 436 = 22*19+18 -> 19 (S); Y=9: 324+18-4 = 338 = 17*19+15 -> 16.
    assert_eq!(centre_name("I9"), "S16");
}

#[test]
fn the_centre_depends_on_the_column_for_x_and_on_the_row_for_y_only() {
    for a in 0..19u8 {
        for b in 0..19u8 {
            let one = centre_after(Point::new(a, b));
            let same_col = centre_after(Point::new(a, (b + 7) % 19));
            let same_row = centre_after(Point::new((a + 5) % 19, b));
            assert_eq!(one.col, same_col.col, "column {a}");
            assert_eq!(one.row, same_row.row, "row {b}");
        }
    }
}

// ---------------------------------------------------------------------------
// The hole.

#[test]
fn in_hole_is_the_7x7_square_around_the_centre_for_every_centre_and_point() {
    for centre in common::all_points(19) {
        for point in common::all_points(19) {
            let expected = (centre.col as i32 - point.col as i32).abs() <= 3
                && (centre.row as i32 - point.row as i32).abs() <= 3;
            assert_eq!(
                in_hole(centre, point),
                expected,
                "{} in the hole centred on {}",
                go_name(point.col, point.row),
                go_name(centre.col, centre.row)
            );
        }
    }
}

#[test]
fn the_hole_is_clipped_at_the_border() {
    // (centre, on-board points of its hole), counted by hand: 4 rows or columns
    // of a corner hole fit, 5 one point in, 6 two in, all 7 from three in.
    let table = [
        ("A1", 16),
        ("S1", 16),
        ("A19", 16),
        ("S19", 16),
        ("B1", 20),
        ("C1", 24),
        ("D1", 28),
        ("K1", 28),
        ("A10", 28),
        ("S10", 28),
        ("K19", 28),
        ("B2", 25),
        ("R18", 25),
        ("C3", 36),
        ("Q17", 36),
        ("B3", 30),
        ("D4", 49),
        ("P16", 49),
        ("J10", 49),
    ];
    for (centre, count) in table {
        let c = go_point(centre);
        let on_board = common::all_points(19)
            .into_iter()
            .filter(|&p| in_hole(c, p))
            .count();
        assert_eq!(on_board, count, "the hole centred on {centre}");
        assert_eq!(hole_points_on_board((c.col, c.row)), count, "{centre}");
    }
}

#[test]
fn the_view_shows_exactly_the_on_board_part_of_every_hole() {
    let empty = Board::new(19);
    for c in common::all_points(19) {
        let text = view_text(&empty, c);
        let (head, cells) = text.split_once(',').expect("a comma after the centre");
        assert_eq!(head, go_name(c.col, c.row));
        assert_eq!(cells.len(), 49, "{text}");
        let dots = cells.chars().filter(|&ch| ch == '.').count();
        let xs = cells.chars().filter(|&ch| ch == 'x').count();
        let on_board = hole_points_on_board((c.col, c.row));
        assert_eq!((dots, xs), (on_board, 49 - on_board), "{text}");
    }
}

// ---------------------------------------------------------------------------
// `view`.

#[test]
fn view_before_any_move_is_j10_and_49_dots() {
    let text = view_text(&Board::new(19), START);
    assert_eq!(text, format!("J10,{}", ".".repeat(49)));
    assert_eq!(text.len(), 53);
}

#[test]
fn view_of_a_hand_drawn_interior_position() {
    // The hole around K10 spans H..N and rows 7..13. Its four corners hold
    // different stones, so a flip or a transposition would show.
    let board = diagram(
        "
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . X . . . . . . . .
        . . . . . . . X . . . . . O . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . O . . . . . . .
        . . . . . . X . . . X . . . O . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . O . . . . . X . . . . .
        . . . . . . . . . . O . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        ",
    )
    .board;
    assert!(board.get(go_point("H13")) == Some(Stone::Black));
    assert!(board.get(go_point("N7")) == Some(Stone::Black));
    let expected = concat!(
        "K10,",    //
        "#.....o", // row 13: H13 black, N13 white
        ".......", // row 12
        "....o..", // row 11: L11
        "...#...", // row 10: K10 (G10 and O10 are outside)
        ".......", // row 9
        ".......", // row 8
        "o.....#", // row 7: H7 white, N7 black
    );
    assert_eq!(view_text(&board, go_point("K10")), expected);
    assert_eq!(hole_view(&board, (10, 9)), expected, "the independent view");
}

#[test]
fn view_at_the_bottom_left_corner() {
    let board = stones(&["A1", "D4", "E5"], &["B2", "D1", "A4"]);
    let expected = concat!(
        "A1,",     //
        "xxxo..#", // row 4: A4 white, D4 black (E5 is outside)
        "xxx....", // row 3
        "xxx.o..", // row 2: B2
        "xxx#..o", // row 1: A1 black, D1 white
        "xxxxxxx", // rows 0, -1, -2: off the board
        "xxxxxxx", "xxxxxxx",
    );
    assert_eq!(view_text(&board, go_point("A1")), expected);
}

#[test]
fn view_at_the_top_right_corner() {
    let board = stones(&["S19", "Q18"], &["P16", "O19"]);
    let expected = concat!(
        "S19,",    //
        "xxxxxxx", // rows 22, 21, 20: off the board
        "xxxxxxx", "xxxxxxx", "...#xxx", // row 19: P..S, then off (O19 is outside)
        ".#..xxx", // row 18: Q18
        "....xxx", // row 17
        "o...xxx", // row 16: P16
    );
    assert_eq!(view_text(&board, go_point("S19")), expected);
}

#[test]
fn view_at_the_left_and_bottom_edges() {
    let board = stones(&["A13", "B10", "H1"], &["D7", "A10", "N4", "K1"]);
    let left = concat!(
        "A10,",    //
        "xxx#...", // row 13: A13
        "xxx....", //
        "xxx....", //
        "xxxo#..", // row 10: A10 white, B10 black
        "xxx....", //
        "xxx....", //
        "xxx...o", // row 7: D7
    );
    assert_eq!(view_text(&board, go_point("A10")), left);
    let bottom = concat!(
        "K1,",     //
        "......o", // row 4: N4
        ".......", //
        ".......", //
        "#..o...", // row 1: H1 black, K1 white
        "xxxxxxx", //
        "xxxxxxx", //
        "xxxxxxx", //
    );
    assert_eq!(view_text(&board, go_point("K1")), bottom);
}

#[test]
fn view_one_point_in_from_the_right_and_top_edges() {
    // R18 is one point in from both: the hole reaches two columns and two rows
    // past the board.
    let board = stones(&["O15", "S19"], &["S15"]);
    let expected = concat!(
        "R18,",    //
        "xxxxxxx", // row 21
        "xxxxxxx", // row 20
        "....#xx", // row 19: O..S, S19 black
        ".....xx", //
        ".....xx", //
        ".....xx", //
        "#...oxx", // row 15: O15 black, S15 white
    );
    assert_eq!(view_text(&board, go_point("R18")), expected);
}

#[test]
fn view_agrees_with_the_independent_view_on_random_boards_for_every_centre() {
    for seed in [0x9E37_79B9, 12345, 0xDEAD_BEEF] {
        let board = random_board(seed);
        for c in common::all_points(19) {
            assert_eq!(
                view_text(&board, c),
                hole_view(&board, (c.col, c.row)),
                "centre {}",
                go_name(c.col, c.row)
            );
        }
    }
}

#[test]
fn view_returns_its_length() {
    let mut out = [b'?'; 53];
    assert_eq!(mist::view(&Board::new(19), go_point("A1"), &mut out), 52);
    assert_eq!(&out[..3], b"A1,");
    assert_eq!(out[52], b'?', "nothing written past the length");
    assert_eq!(mist::view(&Board::new(19), go_point("S19"), &mut out), 53);
}
