//! A match's results: who won each game, counted from A's point of view as
//! Black, as White and in all, and the table the arena prints.

use std::time::Duration;

use super::play::GameRecord;

/// Who won a game.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Winner {
    A,
    B,
    Draw,
}

/// Half points (a win 2, a draw 1) as points: "12" or "12.5".
pub fn points_text(half: u32) -> String {
    if half.is_multiple_of(2) {
        format!("{}", half / 2)
    } else {
        format!("{}.5", half / 2)
    }
}

/// Results from one side's point of view.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub struct Count {
    pub games: u32,
    pub a_wins: u32,
    pub b_wins: u32,
    pub draws: u32,
}

impl Count {
    fn add(&mut self, winner: Winner) {
        self.games += 1;
        match winner {
            Winner::A => self.a_wins += 1,
            Winner::B => self.b_wins += 1,
            Winner::Draw => self.draws += 1,
        }
    }

    /// A's score in half points (a win 2, a draw 1).
    pub fn a_half_points(&self) -> u32 {
        2 * self.a_wins + self.draws
    }

    /// A's score as text: "12" or "12.5".
    pub fn a_score(&self) -> String {
        points_text(self.a_half_points())
    }

    /// A's score as a percentage of the games, one decimal.
    pub fn a_percent(&self) -> String {
        if self.games == 0 {
            return "-".to_string();
        }
        // Tenths of a percent, rounded half up: half points * 1000 / (2 * games).
        let tenths =
            (self.a_half_points() as u64 * 1000 + self.games as u64) / (2 * self.games as u64);
        format!("{}.{}%", tenths / 10, tenths % 10)
    }

    /// Two standard errors of A's mean score a game, in percentage points
    /// (a win 1, a draw 1/2, a loss 0): the match's score give or take this
    /// is where about 19 matches in 20 of these games would put A. Two
    /// matches whose scores differ by less than their margins do not tell
    /// their players apart.
    pub fn a_margin(&self) -> f64 {
        if self.games == 0 {
            return 0.0;
        }
        let games = self.games as f64;
        let mean = self.a_half_points() as f64 / 2.0 / games;
        let square = (self.a_wins as f64 + self.draws as f64 / 4.0) / games;
        let variance = (square - mean * mean).max(0.0);
        200.0 * (variance / games).sqrt()
    }
}

/// A whole match's results.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    pub total: Count,
    pub a_black: Count,
    pub a_white: Count,
    pub illegal: u32,
    /// Games lost on time (counted in `illegal` too).
    pub on_time: u32,
    /// The longest reply of A and of B in the match, and their total.
    pub a_longest: Duration,
    pub b_longest: Duration,
    pub a_time: Duration,
    pub b_time: Duration,
    pub a_nodes: u64,
    pub a_moves: u64,
    pub b_nodes: u64,
    pub b_moves: u64,
}

impl Tally {
    pub fn add(&mut self, record: &GameRecord) {
        self.total.add(record.winner);
        if record.a_black {
            self.a_black.add(record.winner);
        } else {
            self.a_white.add(record.winner);
        }
        self.illegal += record.illegal.is_some() as u32;
        self.on_time += record.illegal.as_ref().is_some_and(|i| i.on_time) as u32;
        self.a_longest = self.a_longest.max(record.a_longest);
        self.b_longest = self.b_longest.max(record.b_longest);
        self.a_time += record.a_time;
        self.b_time += record.b_time;
        self.a_nodes += record.a_nodes;
        self.a_moves += record.a_moves as u64;
        self.b_nodes += record.b_nodes;
        self.b_moves += record.b_moves as u64;
    }

    /// The results table.
    pub fn table(&self) -> String {
        let mut text =
            String::from("             games  A wins  B wins   draws  A score      A %\n");
        for (name, count) in [
            ("A as Black", self.a_black),
            ("A as White", self.a_white),
            ("total", self.total),
        ] {
            text.push_str(&format!(
                "{name:<12} {:>5} {:>7} {:>7} {:>7} {:>8} {:>8}\n",
                count.games,
                count.a_wins,
                count.b_wins,
                count.draws,
                count.a_score(),
                count.a_percent()
            ));
        }
        text
    }
}
