//! Cha reads each candidate point's eight rays once and matches its shapes on
//! them (src/ai/cha.rs); before, every candidate looked at the board cell by
//! cell for every shape and every way round (kept as the reference,
//! tests/common/cha_reference.rs). Its moves must not have changed: these
//! tests ask both for the move on positions reached by random moves and
//! take-backs (clustered, as in games, and scattered), under both rules, on
//! boards of 15, 19 and 20 points, for either side and with or without his
//! first stone; and at every move of whole games, Cha against itself and
//! against a random mover that plays near the stones.

mod common;

use common::cha_reference;
use common::xorshift64::XorShift64;
use piskrs::ai::cha::choose;
use piskrs::rules::WinRule;
use piskrs::rules::board::{Board, Stone};
use piskrs::rules::coord::Point;
use piskrs::rules::game::Game;
use proptest::prelude::*;

/// A move as text, for the failure message (`None`: no move).
fn said(point: Option<Point>) -> Option<(u8, u8)> {
    point.map(|p| (p.col, p.row))
}

/// Both sides' moves on `board` agree with the reference's, with `his_first`
/// (Black's first stone for White, White's for Black) and without.
fn agree(board: &Board, rule: WinRule, firsts: [Option<Point>; 2]) -> Result<(), TestCaseError> {
    for (me, his_first) in [(Stone::Black, firsts[1]), (Stone::White, firsts[0])] {
        for his_first in [his_first, None] {
            prop_assert_eq!(
                said(choose(board, me, his_first, rule)),
                said(cha_reference::choose(board, me, his_first, rule)),
                "side {}, rule exact {}",
                me as u8,
                rule == WinRule::ExactlyFive
            );
        }
    }
    Ok(())
}

/// A free point: near a stone of `stones` (two points at most) if `near`,
/// else anywhere. None if the board is full.
fn free_point(
    board: &Board,
    stones: &[Point],
    near: bool,
    random: &mut XorShift64,
) -> Option<Point> {
    let side = board.side();
    for _ in 0..200 {
        let at = if near && !stones.is_empty() {
            let from = stones[random.below(stones.len())];
            let step = |c: u8, d: usize| (c as i16 + d as i16 - 2).clamp(0, side as i16 - 1) as u8;
            Point::new(
                step(from.col, random.below(5)),
                step(from.row, random.below(5)),
            )
        } else {
            Point::new(
                random.below(side as usize) as u8,
                random.below(side as usize) as u8,
            )
        };
        if board.get(at).is_none() {
            return Some(at);
        }
    }
    (0..side)
        .flat_map(|row| (0..side).map(move |col| Point::new(col, row)))
        .find(|&p| board.get(p).is_none())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn the_same_move_after_random_moves_and_take_backs(
        seed in any::<u64>(),
        side in prop::sample::select(vec![15u8, 19, 20]),
        exact in any::<bool>(),
        near in any::<bool>(),
        steps in 1usize..90,
    ) {
        let rule = if exact { WinRule::ExactlyFive } else { WinRule::FiveOrMore };
        let mut random = XorShift64::new(seed);
        let mut board = Board::new(side);
        let mut stones: Vec<Point> = Vec::new();
        // Each side's first stone, as the engine gives it to Cha.
        let mut firsts = [None, None];
        for step in 0..steps {
            if !stones.is_empty() && random.below(5) == 0 {
                // A take-back: the last stone, or any stone.
                let at = if random.below(2) == 0 {
                    stones.len() - 1
                } else {
                    random.below(stones.len())
                };
                board.set(stones.remove(at), None);
            } else if let Some(at) = free_point(&board, &stones, near, &mut random) {
                let stone = if step % 2 == 0 { Stone::Black } else { Stone::White };
                board.set(at, Some(stone));
                stones.push(at);
                firsts[stone as usize].get_or_insert(at);
            }
            agree(&board, rule, firsts)?;
        }
    }
}

/// Whole games: Cha against itself from two or three random stones, and Cha
/// (either colour) against a mover that plays near the stones; at every move
/// the two agree, and the reference's move is played.
#[test]
fn the_same_moves_in_whole_games() {
    let mut random = XorShift64::new(53);
    for game_number in 0..120 {
        let side = [15, 19, 20][game_number % 3];
        let rule = if game_number % 2 == 0 {
            WinRule::ExactlyFive
        } else {
            WinRule::FiveOrMore
        };
        let mut game = Game::new(side, rule);
        let self_play = game_number % 4 < 2;
        let cha_is = if game_number % 8 < 4 {
            Stone::Black
        } else {
            Stone::White
        };
        let mut opening = if self_play { 2 + random.below(2) } else { 0 };
        while !game.is_over() {
            let board = game.board().clone();
            let me = game.to_move();
            let stones = game.moves().to_vec();
            let his_first = stones.get(if me == Stone::Black { 1 } else { 0 }).copied();
            let point = if opening > 0 || !self_play && me != cha_is {
                opening = opening.saturating_sub(1);
                free_point(&board, &stones, true, &mut random)
            } else {
                let ours = choose(&board, me, his_first, rule);
                let theirs = cha_reference::choose(&board, me, his_first, rule);
                assert_eq!(
                    said(ours),
                    said(theirs),
                    "game {game_number}, move {}",
                    stones.len() + 1
                );
                ours
            };
            let Some(point) = point else { break };
            assert!(game.play(point).is_ok(), "a free point");
        }
    }
}
