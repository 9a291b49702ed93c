//! A tournament's results: the games played and the byes, each entrant's
//! points and tie-break, the standings and the crosstable as text.
//!
//! Points are counted in half points (a win 2, a draw 1) so that they add
//! exactly; they are printed as points (a win 1, a draw 0.5).

use crate::arena::points_text;

/// A game played: its round (from 0), the entrants and Black's score in
/// half points (2 a win, 1 a draw, 0 a loss).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Played {
    pub round: u32,
    pub black: usize,
    pub white: usize,
    pub black_half: u32,
}

impl Played {
    /// `entrant`'s opponent and score in half points, if it played this game.
    pub fn for_entrant(&self, entrant: usize) -> Option<(usize, u32)> {
        if self.black == entrant {
            Some((self.white, self.black_half))
        } else if self.white == entrant {
            Some((self.black, 2 - self.black_half))
        } else {
            None
        }
    }
}

/// What breaks a tie on points.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TieBreak {
    /// All-play-all: the points of the opponents an entrant beat, and half
    /// those of the opponents it drew (each game counted).
    SonnebornBerger,
    /// Swiss: the points of its opponents, one count for each game (a bye
    /// adds nothing).
    Buchholz,
}

/// The games and byes so far.
#[derive(Clone, Debug)]
pub struct Results {
    entrants: usize,
    games: Vec<Played>,
    /// (round, entrant): a bye scores a win (2 half points) and has no
    /// opponent.
    byes: Vec<(u32, usize)>,
}

/// A bye's score in half points: a win, as a Swiss bye usually scores.
pub const BYE_HALF_POINTS: u32 = 2;

impl Results {
    pub fn new(entrants: usize) -> Results {
        Results {
            entrants,
            games: Vec::new(),
            byes: Vec::new(),
        }
    }

    pub fn add_game(&mut self, game: Played) {
        self.games.push(game);
    }

    pub fn add_bye(&mut self, round: u32, entrant: usize) {
        self.byes.push((round, entrant));
    }

    pub fn entrants(&self) -> usize {
        self.entrants
    }

    pub fn games(&self) -> &[Played] {
        &self.games
    }

    fn games_of(&self, entrant: usize) -> impl Iterator<Item = (usize, u32)> + '_ {
        self.games
            .iter()
            .filter_map(move |g| g.for_entrant(entrant))
    }

    /// `entrant`'s points so far, in half points (byes included).
    pub fn half_points(&self, entrant: usize) -> u32 {
        let byes = self.byes.iter().filter(|&&(_, e)| e == entrant).count() as u32;
        self.games_of(entrant).map(|(_, half)| half).sum::<u32>() + byes * BYE_HALF_POINTS
    }

    /// `entrant`'s Blacks less its Whites.
    pub fn colour_balance(&self, entrant: usize) -> i32 {
        self.games
            .iter()
            .map(|g| (g.black == entrant) as i32 - (g.white == entrant) as i32)
            .sum()
    }

    /// `entrant`'s colour in its last game: Some(true) for Black.
    pub fn last_colour(&self, entrant: usize) -> Option<bool> {
        self.games
            .iter()
            .rev()
            .find(|g| g.for_entrant(entrant).is_some())
            .map(|g| g.black == entrant)
    }

    pub fn had_bye(&self, entrant: usize) -> bool {
        self.byes.iter().any(|&(_, e)| e == entrant)
    }

    /// Whether `a` and `b` have played each other.
    pub fn met(&self, a: usize, b: usize) -> bool {
        self.games_of(a).any(|(opponent, _)| opponent == b)
    }

    /// `entrant`'s tie-break, in quarter points.
    pub fn tie_break(&self, entrant: usize, rule: TieBreak) -> u32 {
        self.games_of(entrant)
            .map(|(opponent, half)| match rule {
                TieBreak::SonnebornBerger => half * self.half_points(opponent),
                TieBreak::Buchholz => 2 * self.half_points(opponent),
            })
            .sum()
    }

    /// The entrants from first to last with their ranks (from 1): by points,
    /// then by the tie-break; those equal on both share a rank, and are
    /// listed in the command line's order.
    pub fn standings(&self, rule: TieBreak) -> Vec<(usize, usize)> {
        let key = |e: usize| (self.half_points(e), self.tie_break(e, rule));
        let mut order: Vec<usize> = (0..self.entrants).collect();
        order.sort_by_key(|&e| (std::cmp::Reverse(key(e)), e));
        let mut ranked = Vec::with_capacity(order.len());
        for (place, &e) in order.iter().enumerate() {
            let rank = match ranked.last() {
                Some(&(rank, last)) if key(last) == key(e) => rank,
                _ => place + 1,
            };
            ranked.push((rank, e));
        }
        ranked
    }

    /// The standings, a line each: `RANK. NAME POINTS`.
    pub fn standings_text(&self, names: &[String], rule: TieBreak) -> String {
        self.standings(rule)
            .iter()
            .map(|&(rank, e)| {
                format!(
                    "{rank}. {} {}\n",
                    names[e],
                    points_text(self.half_points(e))
                )
            })
            .collect()
    }

    /// The crosstable, in the standings' order, each entrant numbered by
    /// its line. All-play-all (Sonneborn-Berger): a column for each
    /// opponent, the games against it in the order played (`1` a win, `0` a
    /// loss, `=` a draw; `*` the entrant's own square). Swiss (Buchholz): a
    /// column for each round, `b`/`w` for the colour, the opponent's number
    /// and `+`, `-` or `=`; `bye` for a bye.
    pub fn crosstable(&self, names: &[String], rule: TieBreak, rounds: u32) -> String {
        let standings = self.standings(rule);
        let line_of = |entrant: usize| {
            1 + standings
                .iter()
                .position(|&(_, e)| e == entrant)
                .unwrap_or(0)
        };
        let name_width = names.iter().map(String::len).max().unwrap_or(4).max(4);
        let cells: Vec<Vec<String>> = standings
            .iter()
            .map(|&(_, e)| match rule {
                TieBreak::SonnebornBerger => standings
                    .iter()
                    .map(|&(_, other)| self.cell_against(e, other))
                    .collect(),
                TieBreak::Buchholz => (0..rounds)
                    .map(|r| self.cell_of_round(e, r, &line_of))
                    .collect(),
            })
            .collect();
        let columns = cells.first().map_or(0, Vec::len);
        let width = |c: usize| {
            let head = match rule {
                TieBreak::SonnebornBerger => (c + 1).to_string().len(),
                TieBreak::Buchholz => format!("R{}", c + 1).len(),
            };
            cells
                .iter()
                .map(|row| row[c].len())
                .max()
                .unwrap_or(0)
                .max(head)
        };
        let widths: Vec<usize> = (0..columns).map(width).collect();
        let (tie_name, places) = match rule {
            TieBreak::SonnebornBerger => ("SB", standings.len().to_string().len()),
            TieBreak::Buchholz => ("Buchholz", standings.len().to_string().len()),
        };
        let mut text = format!("{:>places$}  {:<name_width$}", "#", "name");
        for (c, w) in widths.iter().enumerate() {
            let head = match rule {
                TieBreak::SonnebornBerger => (c + 1).to_string(),
                TieBreak::Buchholz => format!("R{}", c + 1),
            };
            text.push_str(&format!("  {head:>w$}"));
        }
        text.push_str(&format!("  {:>6}  {tie_name:>8}\n", "points"));
        for (line, (&(_, e), row)) in standings.iter().zip(&cells).enumerate() {
            text.push_str(&format!("{:>places$}  {:<name_width$}", line + 1, names[e]));
            for (cell, w) in row.iter().zip(&widths) {
                text.push_str(&format!("  {cell:>w$}"));
            }
            text.push_str(&format!(
                "  {:>6}  {:>8}\n",
                points_text(self.half_points(e)),
                quarters_text(self.tie_break(e, rule))
            ));
        }
        text
    }

    /// `entrant`'s games against `other`, as `1`, `0` and `=` in the order
    /// played; `*` on its own square, one for each game a pair plays.
    fn cell_against(&self, entrant: usize, other: usize) -> String {
        if entrant == other {
            let most = (0..self.entrants)
                .map(|o| self.games_of(entrant).filter(|&(p, _)| p == o).count())
                .max()
                .unwrap_or(1)
                .max(1);
            return "*".repeat(most);
        }
        self.games_of(entrant)
            .filter(|&(opponent, _)| opponent == other)
            .map(|(_, half)| ["0", "=", "1"][half as usize])
            .collect()
    }

    /// `entrant`'s game in round `round`: `b3+` (Black against the entrant
    /// on line 3, won), `bye`, or `-` if it did not play.
    fn cell_of_round(
        &self,
        entrant: usize,
        round: u32,
        line_of: &dyn Fn(usize) -> usize,
    ) -> String {
        if self.byes.contains(&(round, entrant)) {
            return "bye".to_string();
        }
        let game = self
            .games
            .iter()
            .find(|g| g.round == round && g.for_entrant(entrant).is_some());
        match game {
            Some(game) => {
                let (opponent, half) = game.for_entrant(entrant).expect("its game");
                let colour = if game.black == entrant { "b" } else { "w" };
                format!(
                    "{colour}{}{}",
                    line_of(opponent),
                    ["-", "=", "+"][half as usize]
                )
            }
            None => "-".to_string(),
        }
    }
}

/// Quarter points as points: "12", "12.5" or "12.25".
pub fn quarters_text(quarters: u32) -> String {
    match quarters % 4 {
        0 => format!("{}", quarters / 4),
        2 => format!("{}.5", quarters / 4),
        q => format!("{}.{}", quarters / 4, q * 25),
    }
}
