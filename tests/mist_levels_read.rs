//! In the Mist every level plays on what it reads of the hole
//! (src/ai/mist_reading.rs): it blocks a line it can infer, and its choice is
//! still a function of what it may know.
//!
//! On the host only: the .COMs have no room for the reading (engine.rs,
//! `READS_THE_HOLE`).

mod common;

use common::mist::{knowledge_and_board, mover};
use common::variants::*;
use common::{XorShift, go_name, go_point};
use piskrs::ai::engine::{self, LEVELS, Level, Position};
use piskrs::ai::mist_reading::preimages;
use piskrs::app::ui::{App, Opponent};
use piskrs::rules::board::{Board, Stone};
use piskrs::rules::coord::Point;
use piskrs::rules::game::{Game, Outcome};
use piskrs::rules::mist::{centre_after, in_hole};
use piskrs::rules::variant::Variant;
use piskrs::rules::{Opening, WinRule};
use piskrs::support::random::Random;
use proptest::prelude::*;

/// A Mist game against the computer at `level`; the person Black (menu key
/// 1) or White (2: the computer begins and has moved).
fn mist_game(seed: u16, level: Level, person: Stone) -> App {
    let mut app = menu_with_game("Mist", seed);
    while app.settings().level != level {
        press(&mut app, b'c');
    }
    press(&mut app, if person == Stone::Black { b'1' } else { b'2' });
    assert!(app.variant() == Variant::Mist);
    assert!(app.opponent() == Opponent::Computer(person.opponent()));
    if app.computer_to_move() {
        app.computer_move();
    }
    app
}

/// K14 to O14 lie on row 14, whose hole row comes from row 14 alone, and
/// K..O are their own mirror (X1 + X2 = 7 mod 19: K + O = 11 + 15 = 26):
/// each stone stands on one of two points of the line, so the computer can
/// infer the whole line from the holes, wherever it does not see.
const SELF_MIRRORED_LINE: [&str; 5] = ["K14", "L14", "M14", "N14", "O14"];

#[test]
fn every_level_blocks_a_line_it_can_infer() {
    for level in LEVELS {
        for person in [Stone::Black, Stone::White] {
            for seed in [1, 77, 4242, 31337] {
                let mut app = mist_game(seed, level, person);
                let mut blocked = None;
                for name in SELF_MIRRORED_LINE {
                    if app.game().is_over() {
                        break;
                    }
                    let point = go_point(name);
                    if app.game().board().get(point) == Some(person.opponent()) {
                        blocked = Some(name);
                        break;
                    }
                    click19(&mut app, name);
                    if app.computer_to_move() {
                        app.computer_move();
                    }
                }
                let person_won = matches!(
                    app.game().outcome(),
                    Outcome::Won { winner, .. } if winner == person
                );
                let moves: Vec<String> = app
                    .game()
                    .moves()
                    .iter()
                    .map(|p| go_name(p.col, p.row))
                    .collect();
                assert!(
                    blocked.is_some() && !person_won,
                    "level {}, seed {seed}: the line was not blocked: {}",
                    level as u8,
                    moves.join(" ")
                );
            }
        }
    }
}

/// `count` distinct random points, as a Mist game's moves (none won yet).
fn random_game(seed: u32, count: usize) -> Option<Vec<Point>> {
    let mut random = XorShift(seed | 1);
    let mut game = Game::new(19, WinRule::FiveOrMore);
    let mut moves = Vec::new();
    while moves.len() < count {
        let point = Point::new((random.next() % 19) as u8, (random.next() % 19) as u8);
        if game.board().get(point).is_none() {
            game.play(point).ok()?;
            if game.is_over() {
                return None;
            }
            moves.push(point);
        }
    }
    Some(moves)
}

/// `moves` with one of the other side's stones moved to another candidate
/// that no hole after it showed, nor the old point: the same public history.
fn same_history_variant(moves: &[Point], computer: Stone) -> Option<Vec<Point>> {
    for ply in (0..moves.len()).rev() {
        if mover(ply) == computer {
            continue;
        }
        let unseen = |p: Point| (ply..moves.len()).all(|s| !in_hole(centre_after(moves[s]), p));
        let (points, len) = preimages(centre_after(moves[ply]));
        for &q in &points[..len] {
            if q != moves[ply] && !moves.contains(&q) && unseen(q) && unseen(moves[ply]) {
                let mut other = moves.to_vec();
                other[ply] = q;
                return Some(other);
            }
        }
    }
    None
}

/// The level's choice for the side to move after `moves`, knowing `known`.
fn choice(level: Level, moves: &[Point], board: &Board, known: &Board, seed: u16) -> Point {
    let position = Position {
        board,
        to_move: mover(moves.len()),
        rule: WinRule::FiveOrMore,
        opening: Opening::Free,
        moves,
    };
    let mut random = Random::new(seed);
    engine::think(level, 300, position, Some(known), None, None, &mut random)
        .expect("a move")
        .0
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// Two games whose hidden stones differ, but whose public history is the
    /// same (the computer's stones, the hole's centres and contents), get the
    /// same move from every level.
    #[test]
    fn the_choice_is_a_function_of_what_the_computer_may_know(seed in any::<u32>(), count in 3usize..40) {
        let Some(moves) = random_game(seed, count) else {
            return Ok(());
        };
        let computer = mover(moves.len());
        let Some(other) = same_history_variant(&moves, computer) else {
            return Ok(());
        };
        let (known, board) = knowledge_and_board(&moves, computer);
        let (known_other, board_other) = knowledge_and_board(&other, computer);
        prop_assert!(known.points() == known_other.points());
        for level in LEVELS {
            let a = choice(level, &moves, &board, &known, seed as u16);
            let b = choice(level, &other, &board_other, &known, seed as u16);
            prop_assert!(a == b, "level {}: {} and {}", level as u8, go_name(a.col, a.row), go_name(b.col, b.row));
        }
    }
}
