//! The Classic AI against itself: the workload of the /BENCH report and of the
//! host benchmark, and a check that host and DOS pick the same points.
//!
//! Each side keeps its own Info with Update after every stone, exactly as the
//! computer does against a person, so one ply here costs what one computer reply
//! costs in a game: Update for the opponent's stone, PCMove, Update for its own.

use crate::board::Stone;
use crate::classic::{Classic, opening_move};
use crate::coord::Point;
use crate::game::Game;
use crate::random::Random;
use crate::rules::WinRule;

pub struct SelfPlay {
    game: Game,
    black: Classic,
    white: Classic,
    random: Random,
}

impl SelfPlay {
    /// A new game on 19x19 whose random source starts at `seed`.
    pub fn new(seed: u16) -> SelfPlay {
        SelfPlay {
            game: Game::new(19, WinRule::FiveOrMore),
            black: Classic::new(Stone::Black, 19),
            white: Classic::new(Stone::White, 19),
            random: Random::new(seed),
        }
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Plays one ply; None when the game is over.
    pub fn step(&mut self) -> Option<Point> {
        if self.game.is_over() {
            return None;
        }
        let point = if self.game.move_count() == 0 {
            opening_move(19, &mut self.random)
        } else {
            let mover = match self.game.to_move() {
                Stone::Black => &self.black,
                Stone::White => &self.white,
            };
            mover.choose(self.game.board(), &mut self.random)?
        };
        self.game.play(point).ok()?;
        self.black.update(self.game.board(), point);
        self.white.update(self.game.board(), point);
        Some(point)
    }
}
