//! Property tests: random games played through `Game`, checked after every move
//! against a brute-force five finder written independently of `rules`; plus
//! round-trip properties of the notation and the text buffer.

mod common;

use std::collections::HashSet;

use common::{brute_force_fives, brute_force_run, error_text, game_state, stone_char};
use piskrs::rules::board::Stone;
use piskrs::rules::coord::{Lettering, Point, parse_point, write_point};
use piskrs::rules::game::{Game, Outcome};
use piskrs::rules::{WinRule, winning_line};
use piskrs::support::text::Text;
use proptest::prelude::*;

fn rule_of(exactly_five: bool) -> WinRule {
    if exactly_five {
        WinRule::ExactlyFive
    } else {
        WinRule::FiveOrMore
    }
}

/// The free points of the board, bottom row first.
fn free_points(game: &Game) -> Vec<Point> {
    let side = game.board().side();
    let mut free = Vec::new();
    for row in 0..side {
        for col in 0..side {
            let point = Point::new(col, row);
            if game.board().get(point).is_none() {
                free.push(point);
            }
        }
    }
    free
}

/// Picks a free point: with `near` set, among the free points of a 6x6 square in
/// the middle of the board when there are any (so fives come sooner), otherwise
/// among all free points.
fn pick(game: &Game, choice: u16, near: bool) -> Point {
    let free = free_points(game);
    let side = game.board().side();
    let low = side.saturating_sub(6) / 2;
    let middle: Vec<Point> = free
        .iter()
        .copied()
        .filter(|p| (low..low + 6).contains(&p.col) && (low..low + 6).contains(&p.row))
        .collect();
    let pool = if near && !middle.is_empty() {
        middle
    } else {
        free
    };
    pool[choice as usize % pool.len()]
}

/// Checks everything the game says against the brute force, after a move.
fn check_after_move(game: &Game, played: &[Point]) -> Result<(), TestCaseError> {
    let board = game.board();
    let side = board.side() as u16;
    let rule = game.rule();
    let last = *played.last().unwrap();

    // Bookkeeping.
    prop_assert_eq!(game.free_points() + game.move_count(), side * side);
    prop_assert_eq!(game.move_count() as usize, played.len());
    prop_assert!(game.moves() == played, "the game's move list is ours");
    prop_assert!(game.last_move() == Some(last));
    let mut stones = 0;
    for row in 0..side as u8 {
        for col in 0..side as u8 {
            if board.get(Point::new(col, row)).is_some() {
                stones += 1;
            }
        }
    }
    prop_assert_eq!(stones, played.len(), "one stone per move");
    for (i, &point) in played.iter().enumerate() {
        let colour = if i % 2 == 0 {
            Stone::Black
        } else {
            Stone::White
        };
        prop_assert!(
            board.get(point) == Some(colour),
            "move {} keeps its colour",
            i
        );
    }
    let mover = board.get(last).unwrap();

    // The verdict.
    let fives = brute_force_fives(board, rule);
    let direct = winning_line(board, last, rule);
    prop_assert_eq!(
        direct.is_some(),
        !fives.is_empty(),
        "winning_line vs brute force"
    );
    for window in &fives {
        // A game stops at its first five, so every five on the board is new.
        prop_assert!(
            window.points.contains(&(last.col, last.row)),
            "a five on the board runs through the last stone: {:?}",
            window
        );
        prop_assert_eq!(window.stone, stone_char(Some(mover)));
    }
    match game.outcome() {
        Outcome::Won { winner, line } => {
            prop_assert!(!fives.is_empty(), "a win needs a five");
            prop_assert!(winner == mover, "the mover wins");
            prop_assert!(Some(line) == direct, "the outcome's line is winning_line's");
            prop_assert!(line.contains(last));
            let run = brute_force_run(board, last, line.direction);
            let line_points: Vec<(u8, u8)> = (0..line.length)
                .map(|i| (line.point(i).col, line.point(i).row))
                .collect();
            prop_assert_eq!(line_points, run, "the line is the whole run");
            match rule {
                WinRule::FiveOrMore => prop_assert!(line.length >= 5),
                WinRule::ExactlyFive => prop_assert_eq!(line.length, 5),
            }
            prop_assert!(game.is_over());
        }
        Outcome::Draw => {
            prop_assert!(fives.is_empty(), "no draw with a five on the board");
            prop_assert_eq!(game.free_points(), 0);
            prop_assert!(game.is_over());
        }
        Outcome::InProgress => {
            prop_assert!(fives.is_empty(), "a five ends the game");
            prop_assert!(game.free_points() > 0, "a full board ends the game");
            prop_assert!(!game.is_over());
        }
    }
    let next = if played.len().is_multiple_of(2) {
        Stone::Black
    } else {
        Stone::White
    };
    prop_assert!(game.to_move() == next, "turns alternate");
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn random_games_agree_with_the_brute_force(
        side in 5u8..=19,
        exactly_five: bool,
        near: bool,
        choices in prop::collection::vec(any::<u16>(), 1..=361),
        retry in any::<u16>(),
    ) {
        let rule = rule_of(exactly_five);
        let mut game = Game::new(side, rule);
        let mut played: Vec<Point> = Vec::new();
        let mut seen: HashSet<(u8, u8)> = HashSet::new();
        for &choice in &choices {
            if game.is_over() {
                break;
            }
            let point = pick(&game, choice, near);
            prop_assert!(seen.insert((point.col, point.row)), "a point is played once");
            prop_assert_eq!(error_text(game.play(point)), "ok");
            played.push(point);
            check_after_move(&game, &played)?;

            // Playing on any point already taken is refused and changes nothing.
            let before = game_state(&game);
            let again = played[retry as usize % played.len()];
            let expected = if game.is_over() { "game over" } else { "occupied" };
            prop_assert_eq!(error_text(game.play(again)), expected);
            prop_assert_eq!(game_state(&game), before);
        }

        // Undo everything, in reverse order.
        for &point in played.iter().rev() {
            let undone = game.undo();
            prop_assert!(undone == Some(point), "undo takes back the last move");
            prop_assert!(game.board().get(point).is_none());
            prop_assert!(!game.is_over());
        }
        prop_assert!(game.undo().is_none());
        prop_assert_eq!(game.move_count(), 0);
        prop_assert_eq!(game.free_points(), side as u16 * side as u16);
        prop_assert!(game.to_move() == Stone::Black);
        prop_assert!(free_points(&game).len() == side as usize * side as usize);
        prop_assert_eq!(game_state(&game), game_state(&Game::new(side, rule)));
    }

    /// The fill where each row is the one below shifted by two has runs of at most
    /// two in every direction; played in any order it ends in a draw.
    #[test]
    fn the_shifted_fill_is_a_draw_in_any_order(
        side in 5u8..=19,
        exactly_five: bool,
        seed in any::<u64>(),
    ) {
        let mut black = Vec::new();
        let mut white = Vec::new();
        for row in 0..side {
            for col in 0..side {
                let p = Point::new(col, row);
                if (col as u32 + 2 * row as u32) % 4 < 2 { black.push(p) } else { white.push(p) }
            }
        }
        // Black moves first, so Black must have the extra stone (if any).
        if white.len() > black.len() {
            std::mem::swap(&mut black, &mut white);
        }
        prop_assert!(black.len() - white.len() <= 1);
        // A cheap deterministic shuffle from the seed.
        let mut state = seed | 1;
        let mut shuffle = |v: &mut Vec<Point>| {
            for i in (1..v.len()).rev() {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                v.swap(i, (state % (i as u64 + 1)) as usize);
            }
        };
        shuffle(&mut black);
        shuffle(&mut white);
        let mut game = Game::new(side, rule_of(exactly_five));
        for i in 0..black.len() {
            prop_assert!(!game.is_over());
            prop_assert_eq!(error_text(game.play(black[i])), "ok");
            if i < white.len() {
                prop_assert!(!game.is_over());
                prop_assert_eq!(error_text(game.play(white[i])), "ok");
            }
        }
        prop_assert!(game.outcome() == Outcome::Draw);
        prop_assert_eq!(game.free_points(), 0);
    }

    /// Whatever bytes come in, a parsed point is on the board and writes back as
    /// exactly those bytes (one spelling per point).
    #[test]
    fn parsed_points_write_back_as_the_same_text(
        text in prop::collection::vec(prop_oneof![
            3 => b'A'..=b'Z',
            3 => b'0'..=b'9',
            1 => any::<u8>(),
        ], 0..5),
        side in 5u8..=19,
        skip_i: bool,
    ) {
        let lettering = if skip_i { Lettering::SkipI } else { Lettering::Consecutive };
        if let Some(point) = parse_point(&text, side, lettering) {
            prop_assert!(point.col < side && point.row < side);
            let mut out = [0u8; 3];
            let len = write_point(point, lettering, &mut out);
            prop_assert_eq!(&out[..len], &text[..]);
        }
    }

    /// Pushing text and numbers keeps the first N bytes of what was pushed.
    #[test]
    fn text_keeps_a_prefix_of_what_was_pushed(
        pieces in prop::collection::vec(
            prop_oneof![
                prop::collection::vec(any::<u8>(), 0..12).prop_map(Ok),
                any::<u32>().prop_map(Err),
            ],
            0..8,
        ),
    ) {
        let mut text = Text::<20>::new();
        let mut expected: Vec<u8> = Vec::new();
        for piece in &pieces {
            match piece {
                Ok(bytes) => {
                    text.push(bytes);
                    expected.extend_from_slice(bytes);
                }
                Err(number) => {
                    text.push_number(*number);
                    expected.extend_from_slice(number.to_string().as_bytes());
                }
            }
        }
        expected.truncate(20);
        prop_assert_eq!(text.as_bytes(), &expected[..]);
    }
}
