//! The game as the brain rebuilds it (BOARD's stones in any order within a
//! colour, TAKEBACK of any stone that moved last, a rule changed mid-game),
//! and the messages for a game over or a move refused.

use piskrs::rules::board::Stone;
use piskrs::rules::coord::Point;
use piskrs::rules::game::{Game, MoveError, Outcome};
use piskrs::rules::renju::foul_on;
use piskrs::rules::{Opening, WinRule};

use super::wire::wire;

pub(super) fn move_error(error: MoveError) -> &'static str {
    match error {
        MoveError::OffBoard => "off the board",
        MoveError::Occupied => "the point is taken",
        MoveError::GameOver => "the game is over",
        MoveError::Restricted => "the opening rule forbids it",
    }
}

/// Why nobody can move, if the game is over.
pub(super) fn over_message(game: &Game) -> Option<String> {
    let side = game.board().side();
    match game.outcome() {
        Outcome::InProgress => None,
        Outcome::Draw => Some("the board is full: the game is a draw".to_string()),
        Outcome::Won { winner, line } => Some(format!(
            "the game is over: {} has five in a row from {} to {}",
            match winner {
                Stone::Black => "Black",
                Stone::White => "White",
            },
            wire(line.start, side),
            wire(line.point(line.length.max(1) - 1), side)
        )),
    }
}

/// The free point nearest the centre; with `renju_black`, one that Black
/// may play under Renju.
pub(super) fn nearest_free(game: &Game, renju_black: bool) -> Option<Point> {
    let side = game.board().side();
    let middle = side / 2;
    (0..side)
        .flat_map(|row| (0..side).map(move |col| Point::new(col, row)))
        .filter(|&p| game.check(p).is_ok())
        .filter(|&p| !renju_black || foul_on(game.board(), p).is_none())
        .min_by_key(|p| p.col.abs_diff(middle).max(p.row.abs_diff(middle)))
}

/// A game with `black` and `white` stones played alternately, Black first. The
/// order within a colour does not matter (BOARD may send any order), so each
/// turn plays the first stone of that colour that does not end the game, if
/// there is one: no five appears before the last stone unless the position
/// has one.
pub(super) fn replay(
    side: u8,
    rule: WinRule,
    opening: Opening,
    black: &[Point],
    white: &[Point],
) -> Result<Game, String> {
    let mut game = Game::with_opening(side, rule, opening);
    let mut black = black.to_vec();
    let mut white = white.to_vec();
    while !(black.is_empty() && white.is_empty()) {
        let last = black.len() + white.len() == 1;
        let list = match game.to_move() {
            Stone::Black => &mut black,
            Stone::White => &mut white,
        };
        if list.is_empty() {
            return Err("the stones do not alternate".to_string());
        }
        let pick = if last {
            0
        } else {
            list.iter()
                .position(|&p| {
                    let mut trial = game.clone();
                    trial.play(p).is_ok() && !trial.is_over()
                })
                .unwrap_or(0)
        };
        let point = list.remove(pick);
        if let Err(error) = game.play(point) {
            return Err(match error {
                MoveError::GameOver => over_message(&game).unwrap_or_default(),
                other => format!("{}: {}", wire(point, side), move_error(other)),
            });
        }
    }
    Ok(game)
}

/// `game`'s stones played again under `rule` and `opening` (an INFO that
/// changes them mid-game), or why they cannot be.
pub(super) fn replay_under(game: &Game, rule: WinRule, opening: Opening) -> Result<Game, String> {
    let moves = game.moves();
    let black: Vec<Point> = moves.iter().step_by(2).copied().collect();
    let white: Vec<Point> = moves.iter().skip(1).step_by(2).copied().collect();
    replay(game.board().side(), rule, opening, &black, &white)
}
