//! The one door to the levels, `engine::think`: what it keeps of each caller's
//! way, and the cases where the game screen's and the tools' ways met.

use piskrs::ai::cha;
use piskrs::ai::classic::Classic;
use piskrs::ai::engine::{LEVELS, Level, Position, think};
use piskrs::app::selfplay::Players;
use piskrs::rules::board::{Board, Stone};
use piskrs::rules::coord::Point;
use piskrs::rules::game::Game;
use piskrs::rules::{Opening, WinRule};
use piskrs::support::random::Random;

/// Classic's 19x19 games against itself from a few seeds, stopped at every
/// length.
fn positions() -> Vec<Game> {
    let mut out = Vec::new();
    for seed in 1..=8u16 {
        let mut game = Game::new(19, WinRule::FiveOrMore);
        let mut players = Players::new(seed);
        while players.step(&mut game).is_some() {
            if !game.is_over() {
                out.push(game.clone());
            }
        }
    }
    out
}

#[test]
fn classic_with_the_kept_info_plays_as_classic_afresh() {
    for game in positions() {
        let mut kept = Classic::new(game.to_move(), game.board().side());
        kept.recompute(game.board());
        let position = Position::of(&game);
        let seed = game.move_count();
        let afresh = think(
            Level::Classic,
            0,
            position,
            None,
            None,
            None,
            &mut Random::new(seed),
        );
        let with_kept = think(
            Level::Classic,
            0,
            position,
            None,
            Some(&kept.info()),
            None,
            &mut Random::new(seed),
        );
        assert!(afresh == with_kept, "after {} moves", game.move_count());
    }
}

#[test]
fn chas_first_stone_is_the_first_of_the_moves_that_holds_his_stone() {
    // The tools' old rule, against which the door's (his first move) must agree
    // on every board that holds its moves.
    for game in positions() {
        let board = game.board();
        let me = game.to_move();
        let his_first = game
            .moves()
            .iter()
            .copied()
            .find(|&p| board.get(p) == Some(me.opponent()));
        let old = cha::choose(board, me, his_first, game.rule()).map(|p| (p, 0));
        let door = think(
            Level::Cha,
            0,
            Position::of(&game),
            None,
            None,
            None,
            &mut Random::new(1),
        );
        assert!(old == door, "after {} moves", game.move_count());
    }
}

#[test]
fn every_level_opens_near_the_middle_or_on_outer_opens_second_row() {
    for level in LEVELS {
        for seed in 0..40u16 {
            let opening = |game: &Game| {
                let position = Position::of(game);
                think(
                    level,
                    1600,
                    position,
                    None,
                    None,
                    None,
                    &mut Random::new(seed),
                )
                .unwrap()
            };
            let (point, nodes) = opening(&Game::new(19, WinRule::FiveOrMore));
            assert!(nodes == 0);
            assert!((7..=11).contains(&point.col) && (7..=11).contains(&point.row));
            let outer = Game::with_opening(15, WinRule::FiveOrMore, Opening::OuterTwoLines);
            let (point, _) = opening(&outer);
            assert!(
                point.row == 1 && (5..=9).contains(&point.col),
                "seed {seed}"
            );
        }
    }
}

#[test]
fn in_the_mist_knowing_of_no_stone_every_level_plays_near_where_it_reads_one() {
    // The person played where the computer cannot see: its knowledge is
    // empty. But the hole moved to M3, which only A1, F1, A8 and F8 move it
    // to (src/ai/mist_reading.rs): the levels play within a line of five of
    // those. (The .COMs, without the reading, play near the middle:
    // engine.rs's fallbacks.)
    let mut game = Game::new(19, WinRule::FiveOrMore);
    assert!(game.play(Point::new(0, 0)).is_ok());
    let known = Board::new(19);
    let candidates = [(0, 0), (5, 0), (0, 7), (5, 7)].map(|(c, r)| Point::new(c, r));
    for level in LEVELS {
        let kept = Classic::new(Stone::White, 19);
        for seed in 0..20u16 {
            let (point, _) = think(
                level,
                1600,
                Position::of(&game),
                Some(&known),
                Some(&kept.info()),
                None,
                &mut Random::new(seed),
            )
            .unwrap();
            assert!(game.board().get(point).is_none());
            if level != Level::Cha {
                // (Cha has its own answer to a board without his first stone.)
                assert!(!candidates.contains(&point));
                assert!(
                    candidates
                        .iter()
                        .any(|c| c.col.abs_diff(point.col) <= 4 && c.row.abs_diff(point.row) <= 4),
                    "level {} seed {seed}: ({}, {})",
                    level as u8,
                    point.col,
                    point.row
                );
            }
        }
    }
}

#[test]
fn strong_uses_its_budget_and_the_other_levels_no_nodes() {
    let game = piskrs::app::benchmark::position(3);
    for level in LEVELS {
        let (_, nodes) = think(
            level,
            400,
            Position::of(&game),
            None,
            None,
            None,
            &mut Random::new(1),
        )
        .unwrap();
        assert!((level == Level::Strong) == (nodes > 0), "{nodes} nodes");
    }
}
