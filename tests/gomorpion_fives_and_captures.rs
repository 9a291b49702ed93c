//! The rules of docs/gomorpion.md, sections 1 to 8 (the board, turns, moves, fives, captures, shifts), one
//! or more tests per section, on the
//! section's own diagrams (see tests/common/gomorpion.rs for how they are read).
//! Each test is named after its rule: `rule_<section>_<what>`.

mod common;

use Player::{Black, Red};
use common::gomorpion::check;
use common::gomorpion::{assert_board, game, game_with, name, play_all, pt};
use piskrs::rules::coord::Point;
use piskrs::rules::gomorpion::{Gomorpion, LiveMark, Player, PointView, Refusal, SIDE};

fn refusal(g: &Gomorpion, m: &str) -> Option<Refusal> {
    g.legal(pt(m)).err()
}

/// The diagram of a cast in which Black has A5..D5 (columns A to E) and is to
/// complete the five at E5, over `below` (rows 4 down to 1).
fn row_5_before(below: &str) -> String {
    format!("A B C D E\n5 X X X X .\n{below}")
}

/// Black completes A5..E5 at E5 on `row_5_before(below)`; the board then shows
/// the five captured by Black over `after` (rows 4 down to 1), and the cast
/// gains `points` (Black, Red).
fn black_fives_at_e5(below: &str, after: &str, points: [u16; 2]) -> Gomorpion {
    let after = format!("A B C D E\n5 B B B B B\n{after}");
    let (event, g) = check(&row_5_before(below), Black, "E5", &after);
    assert_eq!(event.points, points);
    g
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
    let g = black_fives_at_e5(
        "
          4 . . . . .
          3 . . . . .
          2 X X . . .
          1 O X . . .",
        "
          4 . . . . .
          3 . . . . .
          2 x x . . .
          1 o x . . .",
        [5, 0],
    );
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
    let g = black_fives_at_e5(
        "
          4 . B . R .
          3 . B O R .
          2 . B X R .
          1 . . . . .",
        "
          4 . B . R .
          3 . B B R .
          2 . B x R .
          1 . . . . .",
        [6, 0],
    );
    assert_eq!(g.score(Black), 3 + 6);
    assert_eq!(g.score(Red), 3);
}

#[test]
fn rule_7_capture_pieces_captured_by_the_loser_do_not_count() {
    // As above, with Red's captured pieces on the left: C3 has only C2.
    let mut g = game(
        &row_5_before(
            "
              4 . R . . .
              3 . R O . .
              2 . R X . .",
        ),
        Black,
    );
    g.play(pt("E5")).ok().unwrap();
    assert!(g.view(pt("C3")) == PointView::Live(Red, LiveMark::Recapturable));
}

#[test]
fn rule_7_capture_three_is_not_enough() {
    black_fives_at_e5(
        "
          4 . . . . .
          3 . X O X .
          2 . . X . .
          1 . . . . .",
        "
          4 . . . . .
          3 . x o x .
          2 . . x . .
          1 . . . . .",
        [5, 0],
    );
}

#[test]
fn rule_7_capture_takes_the_winners_own_dense_pieces() {
    black_fives_at_e5(
        "
          4 . . . . .
          3 X X X . .
          2 X X X . .
          1 . . . . .",
        "
          4 . . . . .
          3 x B x . .
          2 x B x . .
          1 . . . . .",
        [7, 0],
    );
}

#[test]
fn rule_7_captures_are_decided_together() {
    black_fives_at_e5(
        "
          4 . . . . .
          3 X O . . .
          2 X O X . .
          1 . X . . .",
        "
          4 . . . . .
          3 x o . . .
          2 x B x . .
          1 b x . . .",
        [6, 0],
    );
}

#[test]
fn rule_7_the_loser_captures_nothing() {
    // Red's pieces around Black's C3 are four, but Black wins the cast.
    black_fives_at_e5(
        "
          4 . . . . .
          3 . O X O .
          2 . O O . .",
        "
          4 . . . . .
          3 . o x o .
          2 . o o . .",
        [5, 0],
    );
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
        &row_5_before(
            "
              4 . X . X .
              3 . . o . .
              2 . X . X .",
        ),
        Black,
        Some(Black),
    );
    g.play(pt("E5")).ok().unwrap();
    assert!(matches!(
        g.view(pt("C3")),
        PointView::Captured { by: Black, .. }
    ));
}
