//! The rules of docs/gomorpion.md, sections 9 to 14 (lines, sieges, safe pieces, broken sieges, the last
//! cast, points) and the worked example, one or more tests per section, on the
//! section's own diagrams (see tests/common/gomorpion.rs for how they are read).
//! Each test is named after its rule: `rule_<section>_<what>`.

mod common;

use Player::{Black, Red};
use common::gomorpion::check;
use common::gomorpion::{RULE_9_DIAGRAM, assert_board, draw_area, game, play_all, pt};
use piskrs::rules::coord::Point;
use piskrs::rules::gomorpion::{Event, Gomorpion, LiveMark, Player, PointView, Refusal, SIDE};

/// A game whose every intersection outside the diagram holds a piece captured by
/// Red (section 13's diagrams).
fn full_game(text: &str, to_move: Player) -> Gomorpion {
    let mut g = Gomorpion::new();
    let captured = PointView::Captured {
        piece: Red,
        by: Red,
        linked: true,
    };
    for row in 0..SIDE {
        for col in 0..SIDE {
            g.setup(Point::new(col, row), captured);
        }
    }
    let drawn = game(text, to_move);
    for row in 0..SIDE {
        for col in 0..SIDE {
            let p = Point::new(col, row);
            if drawn.view(p) != PointView::Free || in_rectangle(text, p) {
                g.setup(p, drawn.view(p));
            }
        }
    }
    g.set_turn(to_move);
    g
}

/// Plays the last cast's final move, D1, on `full_game(text, to_move)`: the
/// game ends, `winner` wins it (None: a draw) and the cast gains `points`
/// (Black, Red).
fn last_cast_at_d1(
    text: &str,
    to_move: Player,
    winner: Option<Player>,
    points: [u16; 2],
) -> (Event, Gomorpion) {
    let mut g = full_game(text, to_move);
    let e = g.play(pt("D1")).ok().unwrap();
    assert!(e.game_over && e.winner == winner);
    assert_eq!(e.points, points);
    (e, g)
}

fn in_rectangle(text: &str, p: Point) -> bool {
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    let cols: Vec<u8> = lines
        .next()
        .unwrap()
        .split_whitespace()
        .map(common::gomorpion::column_of)
        .collect();
    let rows: Vec<u8> = lines
        .map(|l| l.split_whitespace().next().unwrap().parse::<u8>().unwrap())
        .collect();
    cols.contains(&p.col) && rows.contains(&(p.row + 1))
}

// 9. Lines and circles

#[test]
fn rule_9_lines_join_pieces_captured_together_a_lone_one_is_circled() {
    let mut g = game(RULE_9_DIAGRAM, Black);
    g.play(pt("E6")).ok().unwrap();
    let linked = |m: &str| match g.view(pt(m)) {
        PointView::Captured { linked, .. } => linked,
        _ => panic!("{m} is not captured"),
    };
    assert!(linked("A6") && linked("C6") && linked("E6"));
    assert!(!linked("C3"));
}

// 10. Sieges

#[test]
fn rule_10_siege_a_single_intersection() {
    let before = "
            A B C D E
          5 X X X X .
          4 . . . . .
          3 X X X . .
          2 X . X . .
          1 X X X . .";
    let mut g = game(before, Black);
    let e = g.play(pt("E5")).ok().unwrap();
    assert_board(
        &g,
        "
            A B C D E
          5 B B B B B
          4 . . . . .
          3 x B x . .
          2 B b B . .
          1 x B x . .",
    );
    assert_eq!(e.sieges_made, 1);
    assert_eq!(e.points, [9, 0]);
}

#[test]
fn rule_10_siege_made_only_at_the_end_of_a_cast() {
    let mut g = game(
        "
            A B C D E
          3 X X X . .
          2 X . X . .
          1 X X X . .",
        Red,
    );
    // Walled in during the cast: still free for Red.
    assert!(g.view(pt("B2")) == PointView::Free);
    assert!(g.play(pt("B2")).is_ok());
}

/// `rows` (rows 1..3) under Black's four A5..D5; Black plays E5.
fn siege_after_five(rows: &str, header: &str) -> Gomorpion {
    let mut g = game(&format!("{header}\n 5 X X X X .\n{rows}"), Black);
    let e = g.play(pt("E5")).ok().unwrap();
    assert!(e.cast_ended);
    g
}

#[test]
fn rule_10_siege_the_edge_is_a_wall() {
    let g = siege_after_five(" 2 X X X . .\n 1 X . X . .", "  A B C D E");
    assert!(g.view(pt("B1")) == PointView::Sieged(Black));
    // A corner needs three pieces.
    let g = siege_after_five(" 2 X X . . .\n 1 . X . . .", "  A B C D E");
    assert!(g.view(pt("A1")) == PointView::Sieged(Black));
}

#[test]
fn rule_10_siege_a_pair_of_adjacent_intersections() {
    let g = siege_after_five(" 3 X X X X .\n 2 X . . X .\n 1 X X X X .", "  A B C D E");
    assert_board(&g, "  A B C D\n 2 B b b B");
}

#[test]
fn rule_10_siege_a_diagonal_pair() {
    // B2 and C3 are free and touch diagonally; everything else around them is Black.
    let g = siege_after_five(
        " 4 X X X X .\n 3 X X . X .\n 2 X . X X .\n 1 X X X . .",
        "  A B C D E",
    );
    assert!(g.view(pt("B2")) == PointView::Sieged(Black));
    assert!(g.view(pt("C3")) == PointView::Sieged(Black));
}

#[test]
fn rule_10_no_siege_for_three_free_intersections() {
    let g = siege_after_five(" 3 X X X X X\n 2 X . . . X\n 1 X X X X X", "  A B C D E");
    for m in ["B2", "C2", "D2"] {
        assert!(g.view(pt(m)) == PointView::Free, "{m}");
    }
}

#[test]
fn rule_10_no_siege_when_the_walls_belong_to_two_players() {
    let g = siege_after_five(" 2 X X X . .\n 1 R . X . .", "  A B C D E");
    assert!(g.view(pt("B1")) == PointView::Free);
    // The same walls all Red's make a Red siege, though Black won the cast.
    let g = siege_after_five(" 2 R R R . .\n 1 R . R . .", "  A B C D E");
    assert!(g.view(pt("B1")) == PointView::Sieged(Red));
}

#[test]
fn rule_10_a_sieged_intersection_is_forbidden_to_the_opponent_only() {
    let mut g = siege_after_five(" 2 X X X . .\n 1 X . X . .", "  A B C D E");
    assert!(g.to_move() == Red);
    assert!(g.play(pt("B1")).err() == Some(Refusal::Sieged));
    g.play(pt("J10")).ok().unwrap();
    assert!(g.play(pt("B1")).is_ok());
    assert!(g.view(pt("B1")) == PointView::Safe(Black));
}

// 11. Safe pieces

#[test]
fn rule_11_a_safe_piece_scores_for_the_sieges_owner_whoever_wins() {
    let (e, _) = check(
        "
            A B C D E F
          5 O O O O . .
          4 . . . . . .
          3 . . . . . .
          2 B B B . . .
          1 B Y B . . .",
        Red,
        "E5",
        "
            A B C D E F
          5 R R R R R .
          4 . . . . . .
          3 . . . . . .
          2 B B B . . .
          1 B B B . . .",
    );
    assert_eq!(e.points, [1, 5]);
    assert_eq!(e.safe, [1, 0]);
}

#[test]
fn rule_11_a_safe_piece_in_a_pair_scores_too() {
    let mut g = siege_after_five(" 3 X X X X .\n 2 X . . X .\n 1 X X X X .", "  A B C D E");
    g.play(pt("J10")).ok().unwrap();
    g.play(pt("B2")).ok().unwrap();
    assert!(g.view(pt("B2")) == PointView::Safe(Black));
    assert!(g.view(pt("C2")) == PointView::Sieged(Black));
    // Red ends the next cast; Black's safe B2 still stands in its pair.
    for (r, b) in [("K10", "T20"), ("L10", "T21"), ("M10", "T22")] {
        g.play(pt(r)).ok().unwrap();
        g.play(pt(b)).ok().unwrap();
    }
    let e = g.play(pt("N10")).ok().unwrap();
    assert!(e.winner == Some(Red));
    assert_eq!(e.safe, [1, 0]);
    assert!(matches!(
        g.view(pt("B2")),
        PointView::Captured { by: Black, .. }
    ));
    assert!(g.view(pt("C2")) == PointView::Sieged(Black));
}

// 12. Broken sieges

const BROKEN_BEFORE: &str = "
    A B C D E
  6 O O O O .
  5 . . . . .
  4 . . . . .
  3 . O O O .
  2 x x x O .
  1 x Y x O .";

#[test]
fn rule_12_capturing_a_live_wall_breaks_the_siege() {
    let (e, g) = check(
        BROKEN_BEFORE,
        Red,
        "E6",
        "
            A B C D E
          6 R R R R R
          5 . . . . .
          4 . . . . .
          3 . o o o .
          2 x x R o .
          1 x x x o .",
    );
    assert_eq!(e.points, [0, 6]);
    assert_eq!(e.sieges_broken, 1);
    assert!(g.view(pt("B1")) == PointView::Live(Black, LiveMark::Recapturable));
}

#[test]
fn rule_12_a_free_sieged_intersection_is_freed_when_broken() {
    let mut g = game(&BROKEN_BEFORE.replace("x Y x", "x b x"), Red);
    let e = g.play(pt("E6")).ok().unwrap();
    assert_eq!(e.sieges_broken, 1);
    assert!(g.view(pt("B1")) == PointView::Free);
}

#[test]
fn rule_12_walls_of_captured_pieces_cannot_be_broken() {
    // The walls are Black's captured pieces: Red's five changes nothing.
    let mut g = game(&BROKEN_BEFORE.replace('x', "B"), Red);
    let e = g.play(pt("E6")).ok().unwrap();
    assert_eq!(e.sieges_broken, 0);
    assert_eq!(e.safe, [1, 0]);
}

// 13. The end of the game

#[test]
fn rule_13_neither_can_play_the_last_cast_is_drawn() {
    let mut g = full_game("  A B C\n 2 R B R\n 1 B R .", Black);
    let e = g.play(pt("C1")).ok().unwrap();
    assert!(e.game_over && e.cast_ended && e.winner.is_none());
    assert_eq!(e.points, [0, 0]);
    assert_board(&g, "  A B C\n 2 R B R\n 1 B R x");
    assert!(g.is_over());
    assert!(g.winner() == Some(Red)); // Red has the filler's points
    assert!(g.legal(pt("A1")) == Err(Refusal::GameOver));
}

#[test]
fn rule_13_only_black_can_play_black_wins_the_last_cast() {
    let (_, g) = last_cast_at_d1(
        "
            A B C D
          3 B B B B
          2 X X O X
          1 b X X .",
        Black,
        Some(Black),
        [5, 0],
    );
    assert_board(
        &g,
        "
            A B C D
          3 B B B B
          2 B B B B
          1 b x B x",
    );
}

#[test]
fn rule_13_only_red_can_play_red_wins_the_last_cast() {
    // Not quite the mirror image: the filler is Red's, so Red's D1 has four Red
    // neighbours (C1, D2, E1, E2) and is captured too.
    last_cast_at_d1(
        "
            A B C D
          3 R R R R
          2 O O X O
          1 r O O .",
        Red,
        Some(Red),
        [0, 6],
    );
}

#[test]
fn rule_13_a_safe_piece_scores_in_a_drawn_last_cast() {
    let (e, _) = last_cast_at_d1("  A B C D\n 2 B B B R\n 1 B Y B .", Black, None, [1, 0]);
    assert_eq!(e.safe, [1, 0]);
}

#[test]
fn rule_13_resigning_loses_whatever_the_points() {
    let mut g = game("  A B C D E\n 1 X X X X .", Black);
    g.play(pt("E1")).ok().unwrap();
    assert!(g.score(Black) > g.score(Red));
    assert!(g.to_move() == Red);
    g.set_turn(Black);
    g.resign();
    assert!(g.is_over());
    assert!(g.resigned() == Some(Black));
    assert!(g.winner() == Some(Red));
    assert!(g.play(pt("J10")).err() == Some(Refusal::GameOver));
}

// 14. Points and the winner

#[test]
fn rule_14_points_are_the_captured_pieces_and_most_points_win() {
    let mut g = full_game("  A B\n 1 B .", Black);
    // The filler gives Red 899 points, Black 1.
    assert_eq!(g.score(Red), 898);
    assert_eq!(g.score(Black), 1);
    assert!(g.winner().is_none(), "not over yet");
    g.play(pt("B1")).ok().unwrap();
    assert!(g.is_over() && g.winner() == Some(Red));
}

#[test]
fn rule_14_equal_points_are_a_draw() {
    let mut g = Gomorpion::new();
    for row in 0..SIDE {
        for col in 0..SIDE {
            let by = if (row as u16 * 30 + col as u16).is_multiple_of(2) {
                Black
            } else {
                Red
            };
            g.setup(
                Point::new(col, row),
                PointView::Captured {
                    piece: by,
                    by,
                    linked: false,
                },
            );
        }
    }
    g.setup(pt("A1"), PointView::Free);
    g.setup(pt("B1"), PointView::Free);
    assert_eq!(g.score(Black), 449);
    assert_eq!(g.score(Red), 449);
    g.set_turn(Black);
    let e = g.play(pt("A1")).ok().unwrap();
    assert!(!e.game_over);
    g.play(pt("B1")).ok().unwrap();
    assert!(g.is_over() && g.winner().is_none());
}

// 16. The worked example

/// The moves of a cast, the rows drawn after it, the board, the scores.
type Cast<'a> = (&'a [&'a str], &'a [u8], &'a str, [u16; 2]);

#[test]
fn worked_example_three_casts() {
    let mut g = Gomorpion::new();
    let cols: Vec<u8> = (0..8).collect();
    let casts: [Cast; 3] = [
        (
            &[
                "D3", "D2", "C3", "C2", "E3", "F3", "B2", "E2", "B3", "E4", "A3",
            ],
            &[4, 3, 2, 1],
            "
                A B C D E F G H
              4 . . . . o . . .
              3 B B B B B o . .
              2 . x B o o . . .
              1 . . . . . . . .",
            [6, 0],
        ),
        (
            &["F2", "A2", "G2", "B1", "H2"],
            &[4, 3, 2, 1],
            "
                A B C D E F G H
              4 . . . . o . . .
              3 B B B B B R . .
              2 x x B R R R R R
              1 b x . . . . . .",
            [6, 6],
        ),
        (
            &["A1", "E5", "F5", "E6", "F6", "E7", "F7", "E8"],
            &[8, 7, 6, 5, 4, 3, 2, 1],
            "
                A B C D E F G H
              8 . . . . R . . .
              7 . . . . R x . .
              6 . . . . R x . .
              5 . . . . R x . .
              4 . . . . R . . .
              3 B B B B B R . .
              2 x x B R R R R R
              1 B x . . . . . .",
            [7, 11],
        ),
    ];
    for (i, (moves, rows, board, scores)) in casts.into_iter().enumerate() {
        let (last, rest) = moves.split_last().unwrap();
        play_all(&mut g, rest);
        let e = g.play(pt(last)).ok().unwrap();
        assert!(e.cast_ended, "cast {} ends with {last}", i + 1);
        assert_eq!(
            common::gomorpion::norm(&draw_area(&g, &cols, rows)),
            common::gomorpion::norm(board),
            "after cast {}",
            i + 1
        );
        assert_eq!([g.score(Black), g.score(Red)], scores);
        assert_eq!(g.cast() as usize, i + 2);
    }
    assert!(g.view(pt("F5")) == PointView::Live(Black, LiveMark::Recapturable));
    assert!(g.to_move() == Black);
}
