//! The rules of docs/gomorpion.md, one or more tests per section, on the
//! section's own diagrams (see tests/common/gomorpion.rs for how they are read).
//! Each test is named after its rule: `rule_<section>_<what>`.

mod common;

use common::gomorpion::{assert_board, draw_area, game, game_with, name, play_all, pt};
use piskrs::coord::Point;
use piskrs::gomorpion::{Event, Gomorpion, LiveMark, Player, PointView, Refusal, SIDE};

use Player::{Black, Red};

/// Plays `m` on the diagram `before` (`to_move` to play) and checks the
/// rectangle of `after`; returns the event and the game.
fn check(before: &str, to_move: Player, m: &str, after: &str) -> (Event, Gomorpion) {
    let mut g = game(before, to_move);
    let event = g.play(pt(m)).ok().unwrap_or_else(|| panic!("{m} refused"));
    assert_board(&g, after);
    (event, g)
}

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

fn refusal(g: &Gomorpion, m: &str) -> Option<Refusal> {
    g.legal(pt(m)).err()
}

// 1. The board, the notation, the diagrams

#[test]
fn an_unstarted_game_is_over_until_restarted_in_place() {
    let mut g = Gomorpion::unstarted();
    assert!(g.is_over());
    assert!(g.legal(pt("K15")) == Err(Refusal::GameOver));
    assert!(g.play(pt("K15")).err() == Some(Refusal::GameOver));
    g.restart();
    assert!(g == Gomorpion::new());
    assert!(!g.is_over() && g.cast() == 1 && g.to_move() == Black);
    g.play(pt("K15")).ok().unwrap();
    g.setup(
        pt("A1"),
        PointView::Captured {
            piece: Red,
            by: Black,
            linked: false,
        },
    );
    g.resign();
    g.restart();
    assert!(g == Gomorpion::new());
}

#[test]
fn rule_1_the_board_is_30_by_30() {
    let mut g = Gomorpion::new();
    assert_eq!(SIDE, 30);
    assert!(pt("AD30") == Point::new(29, 29));
    assert_eq!(name(Point::new(27, 11)), "AB12");
    assert!(g.legal(pt("AD30")).is_ok());
    assert!(g.legal(Point::new(30, 0)) == Err(Refusal::OffBoard));
    assert!(g.legal(Point::new(0, 30)) == Err(Refusal::OffBoard));
    assert!(g.play(pt("AD30")).is_ok());
    assert!(g.view(pt("AD30")) == PointView::Live(Black, LiveMark::Current));
}

// 2. Who moves first

#[test]
fn rule_2_black_moves_first_and_turns_alternate() {
    let mut g = Gomorpion::new();
    assert!(g.to_move() == Black);
    assert_eq!(g.cast(), 1);
    play_all(&mut g, &["K15", "L15"]);
    assert_board(
        &g,
        "
            J K L M
         16 . . . .
         15 . X O .
         14 . . . .",
    );
    assert!(g.to_move() == Black);
}

#[test]
fn rule_2_the_loser_of_a_cast_moves_next() {
    let mut g = game("  A B C D E\n 1 X X X X .", Black);
    let e = g.play(pt("E1")).ok().unwrap();
    assert!(e.cast_ended && e.winner == Some(Black));
    assert_eq!(g.cast(), 2);
    assert!(g.to_move() == Red);
}

// 3. Neighbours

#[test]
fn rule_3_neighbours_are_the_eight_around() {
    let (e, g) = check(
        "
            A B C D E F
          6 X X X X . .
          5 . . . . . .
          4 . X . X . .
          3 . . O . . .
          2 . X . X . .
          1 . . . . . .",
        Black,
        "E6",
        "
            A B C D E F
          6 B B B B B .
          5 . . . . . .
          4 . x . x . .
          3 . . B . . .
          2 . x . x . .
          1 . . . . . .",
    );
    assert_eq!(e.captured, 6);
    assert_eq!(e.points, [6, 0]);
    assert!(matches!(
        g.view(pt("C3")),
        PointView::Captured {
            piece: Red,
            by: Black,
            ..
        }
    ));
}

#[test]
fn rule_3_fewer_neighbours_at_the_edge() {
    let (e, g) = check(
        "
            A B C D E
          5 X X X X .
          4 . . . . .
          3 . . . . .
          2 X X . . .
          1 O X . . .",
        Black,
        "E5",
        "
            A B C D E
          5 B B B B B
          4 . . . . .
          3 . . . . .
          2 x x . . .
          1 o x . . .",
    );
    assert_eq!(e.points, [5, 0]);
    assert!(g.view(pt("A1")) == PointView::Live(Red, LiveMark::Recapturable));
}

// 4. A move

const MOVE_DIAGRAM: &str = "
    A B C D E F G
  2 o o B x x x .
  1 r o . x b x .";

#[test]
fn rule_4_a_move_goes_on_a_free_intersection_not_sieged_by_the_opponent() {
    let g = game(MOVE_DIAGRAM, Black);
    assert!(refusal(&g, "A1") == Some(Refusal::Sieged));
    assert!(refusal(&g, "B1") == Some(Refusal::Occupied));
    assert!(refusal(&g, "C2") == Some(Refusal::Occupied));
    assert!(refusal(&g, "C1").is_none());
    assert!(refusal(&g, "E1").is_none());
    let g = game(MOVE_DIAGRAM, Red);
    assert!(refusal(&g, "E1") == Some(Refusal::Sieged));
    assert!(refusal(&g, "A1").is_none());
}

#[test]
fn rule_4_a_refused_move_changes_nothing() {
    let mut g = game(MOVE_DIAGRAM, Black);
    let before = g.clone();
    assert!(g.play(pt("A1")).err() == Some(Refusal::Sieged));
    assert!(g.play(pt("C2")).err() == Some(Refusal::Occupied));
    assert!(g == before);
}

#[test]
fn rule_4_playing_into_ones_own_siege_makes_a_safe_piece() {
    let mut g = game(MOVE_DIAGRAM, Black);
    let e = g.play(pt("E1")).ok().unwrap();
    assert!(!e.cast_ended);
    assert!(g.view(pt("E1")) == PointView::Safe(Black));
}

// 5. The end of a cast

#[test]
fn rule_5_five_in_a_row_ends_the_cast() {
    let (e, g) = check(
        "  A B C D E F G\n 1 . X X . X x .",
        Black,
        "D1",
        "  A B C D E F G\n 1 . B B B B B .",
    );
    assert!(e.cast_ended && e.five == 5 && e.winner == Some(Black));
    assert_eq!(g.cast(), 2);
}

#[test]
fn rule_5_four_does_not_end_the_cast() {
    let mut g = game("  A B C D E F G\n 1 . X X . X . .", Black);
    let e = g.play(pt("D1")).ok().unwrap();
    assert!(!e.cast_ended && e.five == 0);
    assert_eq!(g.cast(), 1);
}

#[test]
fn rule_5_a_captured_piece_breaks_a_row() {
    let mut g = game("  A B C D E F G\n 1 X B X X X . .", Black);
    let e = g.play(pt("F1")).ok().unwrap();
    assert!(!e.cast_ended);
    assert_board(&g, "  A B C D E F G\n 1 X B X X X X .");
}

#[test]
fn rule_5_six_in_a_row_ends_the_cast_too() {
    let (e, _) = check(
        "  A B C D E F G\n 1 X X X . X X .",
        Black,
        "D1",
        "  A B C D E F G\n 1 B B B B B B .",
    );
    assert_eq!(e.five, 6);
    assert_eq!(e.points, [6, 0]);
}

#[test]
fn rule_5_two_rows_at_once() {
    let (e, _) = check(
        "
            A B C D E
          5 . . X . .
          4 . . X . .
          3 X X . X X
          2 . . X . .
          1 . . X . .",
        Black,
        "C3",
        "
            A B C D E
          5 . . B . .
          4 . . B . .
          3 B B B B B
          2 . . B . .
          1 . . B . .",
    );
    assert_eq!(e.captured, 9);
}

#[test]
fn rule_5_the_opponents_pieces_do_not_make_a_five() {
    let mut g = game("  A B C D E F\n 1 O O O O . .", Black);
    assert!(!g.play(pt("E1")).ok().unwrap().cast_ended);
}

// 6. The five

#[test]
fn rule_6_the_five_is_captured_by_its_maker_and_rescues_recapturable_pieces() {
    let (e, g) = check(
        "
            A B C D E F G
          3 x . . . . . .
          2 . . . . . . .
          1 . O o o O . .",
        Red,
        "F1",
        "
            A B C D E F G
          3 x . . . . . .
          2 . . . . . . .
          1 . R R R R R .",
    );
    assert_eq!(e.rescued, 2);
    assert_eq!(e.points, [0, 5]);
    assert!(g.view(pt("A3")) == PointView::Live(Black, LiveMark::Recapturable));
}

#[test]
fn rule_6_shifted_pieces_in_the_five_are_not_rescued() {
    let mut g = game_with(" A B C D E F\n 1 x x X X . .", Black, Some(Black));
    let e = g.play(pt("E1")).ok().unwrap();
    assert_eq!(e.rescued, 0);
    assert_eq!(e.points, [5, 0]);
}

// 7. Capture

#[test]
fn rule_7_capture_counts_pieces_the_winner_captured_earlier() {
    let (e, g) = check(
        "
            A B C D E
          5 X X X X .
          4 . B . R .
          3 . B O R .
          2 . B X R .
          1 . . . . .",
        Black,
        "E5",
        "
            A B C D E
          5 B B B B B
          4 . B . R .
          3 . B B R .
          2 . B x R .
          1 . . . . .",
    );
    assert_eq!(e.points, [6, 0]);
    assert_eq!(g.score(Black), 3 + 6);
    assert_eq!(g.score(Red), 3);
}

#[test]
fn rule_7_capture_pieces_captured_by_the_loser_do_not_count() {
    // As above, with Red's captured pieces on the left: C3 has only C2.
    let mut g = game(
        "
            A B C D E
          5 X X X X .
          4 . R . . .
          3 . R O . .
          2 . R X . .",
        Black,
    );
    g.play(pt("E5")).ok().unwrap();
    assert!(g.view(pt("C3")) == PointView::Live(Red, LiveMark::Recapturable));
}

#[test]
fn rule_7_capture_three_is_not_enough() {
    let (e, _) = check(
        "
            A B C D E
          5 X X X X .
          4 . . . . .
          3 . X O X .
          2 . . X . .
          1 . . . . .",
        Black,
        "E5",
        "
            A B C D E
          5 B B B B B
          4 . . . . .
          3 . x o x .
          2 . . x . .
          1 . . . . .",
    );
    assert_eq!(e.points, [5, 0]);
}

#[test]
fn rule_7_capture_takes_the_winners_own_dense_pieces() {
    let (e, _) = check(
        "
            A B C D E
          5 X X X X .
          4 . . . . .
          3 X X X . .
          2 X X X . .
          1 . . . . .",
        Black,
        "E5",
        "
            A B C D E
          5 B B B B B
          4 . . . . .
          3 x B x . .
          2 x B x . .
          1 . . . . .",
    );
    assert_eq!(e.points, [7, 0]);
}

#[test]
fn rule_7_captures_are_decided_together() {
    let (e, _) = check(
        "
            A B C D E
          5 X X X X .
          4 . . . . .
          3 X O . . .
          2 X O X . .
          1 . X . . .",
        Black,
        "E5",
        "
            A B C D E
          5 B B B B B
          4 . . . . .
          3 x o . . .
          2 x B x . .
          1 b x . . .",
    );
    assert_eq!(e.points, [6, 0]);
}

#[test]
fn rule_7_the_loser_captures_nothing() {
    // Red's pieces around Black's C3 are four, but Black wins the cast.
    let (e, _) = check(
        "
            A B C D E
          5 X X X X .
          4 . . . . .
          3 . O X O .
          2 . O O . .",
        Black,
        "E5",
        "
            A B C D E
          5 B B B B B
          4 . . . . .
          3 . o x o .
          2 . o o . .",
    );
    assert_eq!(e.points, [5, 0]);
}

// 8. Shifted and recapturable pieces

#[test]
fn rule_8_the_winners_pieces_shift_the_losers_are_recapturable() {
    let mut g = game(
        "
            A B C D E F
          3 X . O . . .
          1 X X X X . .",
        Black,
    );
    assert!(g.view(pt("A3")) == PointView::Live(Black, LiveMark::Current));
    g.play(pt("E1")).ok().unwrap();
    assert!(g.view(pt("A3")) == PointView::Live(Black, LiveMark::Shifted));
    assert!(g.view(pt("C3")) == PointView::Live(Red, LiveMark::Recapturable));
    // Red wins the next cast: the labels follow the last cast.
    let mut g = game_with(
        "
            A B C D E F
          3 x . o . . .
          1 O O O O . .",
        Red,
        Some(Black),
    );
    g.play(pt("E1")).ok().unwrap();
    assert!(g.view(pt("A3")) == PointView::Live(Black, LiveMark::Recapturable));
    assert!(g.view(pt("C3")) == PointView::Live(Red, LiveMark::Shifted));
}

#[test]
fn rule_8_carried_pieces_play_on_and_can_be_captured_later() {
    // Red's recapturable C3 is captured in a later cast by four Black pieces.
    let mut g = game_with(
        "
            A B C D E
          5 X X X X .
          4 . X . X .
          3 . . o . .
          2 . X . X .",
        Black,
        Some(Black),
    );
    g.play(pt("E5")).ok().unwrap();
    assert!(matches!(
        g.view(pt("C3")),
        PointView::Captured { by: Black, .. }
    ));
}

// 9. Lines and circles

#[test]
fn rule_9_lines_join_pieces_captured_together_a_lone_one_is_circled() {
    let mut g = game(
        "
            A B C D E F
          6 X X X X . .
          5 . . . . . .
          4 . X . X . .
          3 . . O . . .
          2 . X . X . .",
        Black,
    );
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
    let mut g = full_game(
        "
            A B C D
          3 B B B B
          2 X X O X
          1 b X X .",
        Black,
    );
    let e = g.play(pt("D1")).ok().unwrap();
    assert!(e.game_over && e.winner == Some(Black));
    assert_eq!(e.points, [5, 0]);
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
    let mut g = full_game(
        "
            A B C D
          3 R R R R
          2 O O X O
          1 r O O .",
        Red,
    );
    let e = g.play(pt("D1")).ok().unwrap();
    assert!(e.game_over && e.winner == Some(Red));
    // Not quite the mirror image: the filler is Red's, so Red's D1 has four Red
    // neighbours (C1, D2, E1, E2) and is captured too.
    assert_eq!(e.points, [0, 6]);
}

#[test]
fn rule_13_a_safe_piece_scores_in_a_drawn_last_cast() {
    let mut g = full_game("  A B C D\n 2 B B B R\n 1 B Y B .", Black);
    let e = g.play(pt("D1")).ok().unwrap();
    assert!(e.game_over && e.winner.is_none());
    assert_eq!(e.safe, [1, 0]);
    assert_eq!(e.points, [1, 0]);
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

// The computer

fn computer(text: &str, to_move: Player) -> String {
    let g = game(text, to_move);
    let p = piskrs::gomorpion::choose(&g, &mut piskrs::random::Random::new(1)).unwrap();
    assert!(g.legal(p).is_ok());
    name(p)
}

#[test]
fn computer_finishes_a_five() {
    let text = "
        A B C D E F G
      3 . O O O . . .
      2 . . . . . . .
      1 X X X X . . .";
    assert_eq!(computer(text, Black), "E1");
}

#[test]
fn computer_blocks_the_opponents_four() {
    let text = "
        A B C D E F G
      3 . . . . . . .
      2 . . X . . . .
      1 O O O O . . .";
    assert_eq!(computer(text, Black), "E1");
}

#[test]
fn computer_closes_a_siege() {
    // B1 is walled by Black's captured pieces but for C1.
    let text = "
        A B C D
      3 . . . .
      2 B B B .
      1 B . . .";
    assert_eq!(computer(text, Black), "C1");
}

#[test]
fn computer_plays_its_own_siege_rather_than_nothing() {
    let text = "
        A B C
      2 B B .
      1 b B .";
    assert_eq!(computer(text, Black), "A1");
}

#[test]
fn computer_opens_in_the_centre() {
    assert_eq!(computer("  A\n 1 .", Black), "P16");
}

#[test]
fn computer_finishes_the_five_that_also_captures() {
    // A1 and F1 both make five; F1 is also Red's G2's fourth Black neighbour.
    let text = "
        A B C D E F G H
      3 . . . . . X X X
      2 . . . . . . O .
      1 . X X X X . . .";
    assert_eq!(computer(text, Black), "F1");
}
