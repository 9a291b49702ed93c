//! A match between two levels: balanced openings, each played twice with the
//! colours swapped, every move through the core's one door, `engine::think`,
//! or between a level and an external Gomocup brain (or two brains, see
//! [`ExternalBrain`]).
//!
//! Game `i` plays opening `(i / 2) % openings.len()` turned by symmetry
//! `(i / 2 / openings.len()) % 8`, from OPENINGS, SECOND_OPENINGS or THIRD_OPENINGS; A is Black in the even games and White in the
//! odd ones. With [`Openings::Random`], pair `i / 2` plays 1 to 3 stones
//! drawn from the seed ([`random_opening`]). Each colour of each pair of games
//! has its own random source derived from the seed, so a match between levels
//! is deterministic for a seed, and swapping A and B swaps the results game
//! pair by game pair.
//!
//! The files, a job each:
//!
//! - `openings`: the opening tables, their symmetries, the random openings
//!   and the seeds derived for each pair of games;
//! - `play`: one game, move by move, and the whole match (one game at a time
//!   or on threads);
//! - `brain_client`: an external brain's program, spoken to in the Gomocup
//!   protocol and timed;
//! - `tally`: who won, counted by colour, and the results table;
//! - `cli`: how a contestant is written on the command line, and its name;
//! - `report`: a game's line for `--verbose`, points and boards as text;
//! - `swap2`: the Swap2 opening, chosen by the sides;
//! - here: the match's settings and its two sides.

use piskrs::rules::WinRule;
use piskrs::rules::board::Stone;
use piskrs::rules::coord::Point;
use piskrs::rules::game::Game;
use piskrs::rules::renju::{Foul, foul_on};

use crate::player::Player;

mod brain_client;
mod cli;
mod openings;
mod play;
mod report;
mod swap2;
mod tally;

pub use brain_client::{ExternalBrain, TimeControl, lines_read_apart};
pub use cli::{
    Flags, contestant_name, engine_name, options_or_usage, parse_contestant, parse_engine,
    rule_name,
};
pub use openings::{
    OPENINGS, Openings, SECOND_OPENINGS, THIRD_OPENINGS, derive_seed, opening_of, random_opening,
    turn,
};
pub use play::{
    GameRecord, Illegal, in_order_on_threads, play_game, play_game_watched, run, run_jobs,
};
pub use report::{board_text, describe, loss_text, point_name};
pub use tally::{Count, Tally, Winner, points_text};

/// One side of a match: one of piskrs's levels, in-process, or a brain.
#[derive(Clone, PartialEq, Eq)]
pub enum Contestant {
    Level(Player),
    Brain(ExternalBrain),
}

impl From<Player> for Contestant {
    fn from(player: Player) -> Contestant {
        Contestant::Level(player)
    }
}

/// What a side did with its turn (a level's move and its nodes, or a
/// brain's: tools/src/arena/play.rs and brain_client.rs).
enum Turn {
    Move(Point, u32),
    NoMove,
    Lost {
        reason: &'static str,
        on_time: bool,
        detail: String,
    },
}

impl Contestant {
    /// Strong's budget, or None for the levels that do not search and for
    /// brains.
    pub fn strong_budget(&self) -> Option<u32> {
        match self {
            Contestant::Level(player) => player.strong_budget(),
            Contestant::Brain(_) => None,
        }
    }

    /// The level, or None for a brain.
    pub fn level(&self) -> Option<Player> {
        match self {
            Contestant::Level(player) => Some(*player),
            Contestant::Brain(_) => None,
        }
    }
}

/// A match: A against B.
#[derive(Clone)]
pub struct MatchSettings {
    pub a: Contestant,
    pub b: Contestant,
    pub games: u32,
    pub side: u8,
    pub rule: WinRule,
    /// Renju's rule binds Black (`--rule renju`, the Gomocup's rule 4): with
    /// `rule` five or more, a forbidden point played by Black
    /// (`piskrs::rules::renju`) loses; Black's exact five wins (a five is
    /// never forbidden), Black's overline is forbidden unless it also makes
    /// five, and White's overline wins. Brains are sent `INFO rule 4`, levels
    /// play with [`Player::renju`].
    pub renju: bool,
    pub seed: u16,
    pub openings: Openings,
    pub time: TimeControl,
}

impl MatchSettings {
    /// Why `point` may not be played in `game` under Renju: Black is to
    /// move and it is forbidden (the game's own rules judge the rest).
    pub fn renju_verdict(&self, game: &Game, point: Point) -> Option<&'static str> {
        if !self.renju || game.to_move() != Stone::Black {
            return None;
        }
        foul_on(game.board(), point).map(|why| match why {
            Foul::Overline => "forbidden for Black under Renju (an overline)",
            Foul::DoubleFour => "forbidden for Black under Renju (a double four)",
            Foul::DoubleThree => "forbidden for Black under Renju (a double three)",
        })
    }

    /// The rule's name as the arena prints it: freestyle, exact five or
    /// renju.
    pub fn rule_text(&self) -> &'static str {
        if self.renju {
            "renju"
        } else {
            rule_name(self.rule)
        }
    }

    /// Strong at BUDGET nodes against LEVEL over 200 games, for the example
    /// tools whose command line begins `LEVEL freestyle|exact SIZE BUDGET`.
    pub fn strong_against(args: &[String], seed: u16, openings: Openings) -> MatchSettings {
        MatchSettings {
            a: Player::strong(args[4].parse().expect("BUDGET")).into(),
            b: cli::parse_engine(&args[1], 975).expect("LEVEL").into(),
            games: 200,
            side: args[3].parse().expect("SIZE"),
            rule: if args[2] == "exact" {
                WinRule::ExactlyFive
            } else {
                WinRule::FiveOrMore
            },
            renju: false,
            seed,
            openings,
            time: TimeControl::default(),
        }
    }

    /// A match on random openings for the example tools: 19x19 five or more
    /// unless the environment asks otherwise (SIZE, the board's side; EXACT
    /// set, the exact-five rule).
    pub fn random_from_env(a: Contestant, b: Contestant, games: u32, seed: u16) -> MatchSettings {
        MatchSettings {
            a,
            b,
            games,
            side: std::env::var("SIZE").map_or(19, |size| size.parse().expect("a board size")),
            rule: if std::env::var_os("EXACT").is_some() {
                WinRule::ExactlyFive
            } else {
                WinRule::FiveOrMore
            },
            renju: false,
            seed,
            openings: Openings::Random,
            time: TimeControl::default(),
        }
    }
}
