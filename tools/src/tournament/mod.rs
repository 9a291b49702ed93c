//! A tournament among several entrants (piskrs's levels and Gomocup
//! brains), as seeds/001 runs one: an all-play-all for twelve or fewer, a
//! double all-play-all with the colours exchanged for six or fewer, an
//! 11-round Swiss for more. Every game is the arena's ([`crate::arena`]):
//! `play_game` between the two entrants, a brain on the arena's clock, an
//! illegal move, a crash or a broken protocol losing the game.
//!
//! A pair's games are those of an arena match between them (the lower
//! numbered entrant as A) with a seed of the pair's own, drawn from the
//! tournament's: game 0 when A is Black, 1 when A is White. So the two games
//! of a double all-play-all play the same opening with the colours
//! exchanged.
//!
//! The files, a job each:
//!
//! - `pairing`: who meets whom in each round, and with which colour;
//! - `standings`: points, tie-breaks, the standings and the crosstable;
//! - `record`: a game as a .psq with its moves' times;
//! - here: the tournament's settings and its rounds, played.

use piskrs::rules::WinRule;

use crate::arena::{
    Contestant, GameRecord, MatchSettings, Openings, TimeControl, Winner, derive_seed,
    in_order_on_threads, play_game,
};

mod pairing;
mod record;
mod standings;

pub use pairing::{Pairing, Round, double_round_robin, round_robin, swiss_round};
pub use record::{file_safe, psq_text};
pub use standings::{BYE_HALF_POINTS, Played, Results, TieBreak, quarters_text};

/// How the entrants meet.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Format {
    /// Each pair once, the colours balanced.
    RoundRobin,
    /// Each pair twice, once with each colour.
    Double,
    /// Rounds paired by score ([`swiss_round`]).
    Swiss { rounds: u32 },
}

/// Seed 001's Swiss: eleven rounds.
pub const SEED_SWISS_ROUNDS: u32 = 11;

impl Format {
    /// Seed 001's format for a field of `entrants`: double all-play-all for
    /// six or fewer, all-play-all for twelve or fewer, else an 11-round Swiss.
    pub fn for_field(entrants: usize) -> Format {
        match entrants {
            0..=6 => Format::Double,
            7..=12 => Format::RoundRobin,
            _ => Format::Swiss {
                rounds: SEED_SWISS_ROUNDS,
            },
        }
    }

    /// Sonneborn-Berger for an all-play-all, Buchholz for a Swiss.
    pub fn tie_break(self) -> TieBreak {
        match self {
            Format::Swiss { .. } => TieBreak::Buchholz,
            _ => TieBreak::SonnebornBerger,
        }
    }

    pub fn name(self) -> String {
        match self {
            Format::RoundRobin => "all-play-all".to_string(),
            Format::Double => "double all-play-all".to_string(),
            Format::Swiss { rounds } => format!("{rounds}-round Swiss"),
        }
    }
}

/// A tournament.
#[derive(Clone)]
pub struct Tournament {
    pub entrants: Vec<Contestant>,
    pub format: Format,
    pub side: u8,
    pub rule: WinRule,
    /// Renju binds Black, as the arena's [`MatchSettings::renju`].
    pub renju: bool,
    /// [`Openings::Random`] (drawn from the seed, as the arena's) or
    /// [`Openings::OuterOpen`].
    pub openings: Openings,
    pub seed: u16,
    pub time: TimeControl,
    /// Games played at once within a round (1: one at a time, so that no
    /// program loses time to another).
    pub jobs: usize,
}

/// A game of the tournament, played.
pub struct TournamentGame {
    /// From 1, in the order played.
    pub number: u32,
    /// From 0.
    pub round: u32,
    pub pairing: Pairing,
    /// The arena match it is a game of (A the lower numbered entrant).
    pub settings: MatchSettings,
    pub record: GameRecord,
}

impl TournamentGame {
    /// Black's score in half points.
    pub fn black_half(&self) -> u32 {
        let a_black = self.record.a_black;
        match self.record.winner {
            Winner::Draw => 1,
            Winner::A if a_black => 2,
            Winner::B if !a_black => 2,
            _ => 0,
        }
    }

    /// "1-0", "0-1" or "1/2-1/2" (Black's score first).
    pub fn result_text(&self) -> &'static str {
        ["0-1", "1/2-1/2", "1-0"][self.black_half() as usize]
    }
}

impl Tournament {
    /// How many rounds it has.
    pub fn rounds(&self) -> u32 {
        match self.format {
            Format::RoundRobin => round_robin(self.entrants.len()).len() as u32,
            Format::Double => double_round_robin(self.entrants.len()).len() as u32,
            Format::Swiss { rounds } => rounds,
        }
    }

    /// The arena match of `pairing`'s two entrants, and the index of its
    /// game with these colours.
    pub fn match_of(&self, pairing: Pairing) -> (MatchSettings, u32) {
        let (low, high) = if pairing.black < pairing.white {
            (pairing.black, pairing.white)
        } else {
            (pairing.white, pairing.black)
        };
        let pair = (low * self.entrants.len() + high) as u32;
        let settings = MatchSettings {
            a: self.entrants[low].clone(),
            b: self.entrants[high].clone(),
            games: 2,
            side: self.side,
            rule: self.rule,
            renju: self.renju,
            seed: derive_seed(self.seed, pair, 0),
            openings: self.openings,
            time: self.time,
        };
        (settings, if pairing.black == low { 0 } else { 1 })
    }

    /// How many games it has: half the field (rounded down) a round.
    pub fn games(&self) -> u32 {
        self.rounds() * (self.entrants.len() / 2) as u32
    }

    /// Plays the tournament round by round, telling `each` about every game
    /// as it ends (within a round in the order of its pairings), and
    /// `sits_out` about the odd one out of each round with whether it scores
    /// (a Swiss bye) or only rests (an all-play-all); returns the results.
    pub fn run(
        &self,
        mut each: impl FnMut(&TournamentGame),
        mut sits_out: impl FnMut(u32, usize, bool),
    ) -> Results {
        let entrants = self.entrants.len();
        let mut results = Results::new(entrants);
        let fixed = match self.format {
            Format::RoundRobin => round_robin(entrants),
            Format::Double => double_round_robin(entrants),
            Format::Swiss { .. } => Vec::new(),
        };
        let mut number = 0;
        for round_number in 0..self.rounds() {
            let round = match self.format {
                Format::Swiss { .. } => swiss_round(&results, round_number),
                _ => fixed[round_number as usize].clone(),
            };
            // In an all-play-all the odd one out only rests.
            if let Some(entrant) = round.bye {
                let scores = matches!(self.format, Format::Swiss { .. });
                if scores {
                    results.add_bye(round_number, entrant);
                }
                sits_out(round_number, entrant, scores);
            }
            let matches: Vec<(MatchSettings, u32)> =
                round.games.iter().map(|&p| self.match_of(p)).collect();
            let mut in_round = 0;
            in_order_on_threads(
                round.games.len() as u32,
                self.jobs,
                |i| {
                    let (settings, index) = &matches[i as usize];
                    play_game(settings, *index)
                },
                |record| {
                    let i = in_round;
                    in_round += 1;
                    let (settings, _) = matches[i].clone();
                    number += 1;
                    let game = TournamentGame {
                        number,
                        round: round_number,
                        pairing: round.games[i],
                        settings,
                        record,
                    };
                    results.add_game(Played {
                        round: round_number,
                        black: game.pairing.black,
                        white: game.pairing.white,
                        black_half: game.black_half(),
                    });
                    each(&game);
                },
            );
        }
        results
    }
}
