//! The Classic AI against itself: the workload of the /BENCH report and of the
//! host benchmark, and a check that host and DOS pick the same points.
//!
//! Each side keeps its own Info with Update after every stone, exactly as the
//! computer does against a person, so one ply here costs what one computer reply
//! costs in a game: Update for the opponent's stone, PCMove, Update for its own.

use crate::ai::classic::{Classic, opening_move};
use crate::rules::WinRule;
use crate::rules::board::Stone;
use crate::rules::coord::Point;
use crate::rules::game::Game;
use crate::support::random::Random;

/// A game of Classic against itself on 19x19.
pub struct SelfPlay {
    game: Game,
    players: Players,
}

impl SelfPlay {
    /// A new game on 19x19 whose random source starts at `seed`.
    pub fn new(seed: u16) -> SelfPlay {
        SelfPlay {
            game: Game::new(19, WinRule::FiveOrMore),
            players: Players::new(seed),
        }
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Plays one ply; None when the game is over.
    pub fn step(&mut self) -> Option<Point> {
        self.players.step(&mut self.game)
    }
}

/// The two sides of a [`SelfPlay`] without its game: for a caller that keeps
/// the game afterwards (the benchmark positions), which then needs no second
/// 1.1 KB copy of it.
pub struct Players {
    black: Classic,
    white: Classic,
    random: Random,
}

impl Players {
    /// Two sides for a new 19x19 game, their random source starting at `seed`.
    pub fn new(seed: u16) -> Players {
        Players {
            black: Classic::new(Stone::Black, 19),
            white: Classic::new(Stone::White, 19),
            random: Random::new(seed),
        }
    }

    /// Plays one ply in `game`, which must be the game these sides began on
    /// and have played alone; None when it is over.
    pub fn step(&mut self, game: &mut Game) -> Option<Point> {
        if game.is_over() {
            return None;
        }
        let point = if game.move_count() == 0 {
            opening_move(19, &mut self.random)
        } else {
            let mover = match game.to_move() {
                Stone::Black => &self.black,
                Stone::White => &self.white,
            };
            mover.choose(game.board(), &mut self.random)?
        };
        game.play(point).ok()?;
        // One loop: each Info view built once in the .COM's code.
        for side in [&mut self.black, &mut self.white] {
            side.update_placed(game.board(), point);
        }
        Some(point)
    }
}
