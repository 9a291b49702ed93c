//! A match between two levels: balanced openings, each played twice with the
//! colours swapped, every move through the core's one door, `engine::think`.
//!
//! Game `i` plays opening `(i / 2) % openings.len()` turned by symmetry
//! `(i / 2 / openings.len()) % 8`, from OPENINGS, SECOND_OPENINGS or THIRD_OPENINGS; A is Black in the even games and White in the
//! odd ones. Each colour of each pair of games has its own random source derived
//! from the seed, so a match is deterministic for a seed, and swapping A and B
//! swaps the results game pair by game pair.

use crate::player::Player;
use piskrs::board::Stone;
use piskrs::coord::{Lettering, Point, write_point};
use piskrs::engine::Position;
use piskrs::game::{Game, MoveError, Outcome};
use piskrs::random::Random;
use piskrs::rules::{Opening, WinRule};

/// The openings: 2 to 4 stones, Black first and alternating, as (column, row)
/// steps from the centre (row up). All stay within two points of the centre.
pub const OPENINGS: [&[(i8, i8)]; 14] = [
    &[(0, 0), (1, 0)],
    &[(0, 0), (1, 1)],
    &[(0, 0), (2, 0)],
    &[(0, 0), (2, 1)],
    &[(0, 0), (2, 2)],
    &[(0, 0), (1, 0), (0, 1)],
    &[(0, 0), (1, 1), (1, 0)],
    &[(0, 0), (1, 0), (1, 1)],
    &[(0, 0), (1, 1), (2, 0)],
    &[(0, 0), (0, 1), (2, 0)],
    &[(0, 0), (2, 1), (1, 2)],
    &[(0, 0), (1, 0), (0, 1), (1, 1)],
    &[(0, 0), (1, 1), (-1, 1), (1, -1)],
    &[(0, 0), (-1, 1), (1, 0), (0, -2)],
];

/// A second set of openings of the same kind, none of them in the first: a
/// change to a level that helps only on one set is fitted to its games.
pub const SECOND_OPENINGS: [&[(i8, i8)]; 14] = [
    &[(0, 0), (1, -1)],
    &[(0, 0), (0, 2)],
    &[(0, 0), (-1, 2)],
    &[(0, 0), (1, 0), (2, 1)],
    &[(0, 0), (2, -1), (1, 1)],
    &[(0, 0), (0, 1), (1, -1)],
    &[(0, 0), (2, 2), (1, 0)],
    &[(0, 0), (1, 2), (2, 0)],
    &[(0, 0), (-2, 1), (0, 2)],
    &[(0, 0), (1, 1), (2, 2)],
    &[(0, 0), (0, 2), (1, 1), (-1, 0)],
    &[(0, 0), (1, -1), (2, 0), (1, 1)],
    &[(0, 0), (2, 0), (1, 1), (1, -1)],
    &[(0, 0), (-1, -1), (1, 2), (0, 1)],
];

/// A third set, balanced by Classic alone: the 14 openings of two to four
/// stones (none in the sets above) whose games of Classic against itself, in
/// all eight symmetries with seeds 1 to 4, come nearest an even score for Black
/// on both 19x19 five or more and 15x15 exact five (examples/opening_balance.rs
/// prints this table; Black's scores in the comments). The first two sets are
/// not balanced that way: Black scores 0% to 100% in their openings.
pub const THIRD_OPENINGS: [&[(i8, i8)]; 14] = [
    &[(0, 0), (-1, -2), (-1, 0), (1, -1)],  // Black 48% / 52%
    &[(0, 0), (0, -2), (-1, -2), (-1, 0)],  // Black 48% / 52%
    &[(0, 0), (-1, -2), (-2, -2), (0, -1)], // Black 50% / 48%
    &[(0, 0), (-1, -2), (-1, -1), (0, -1)], // Black 50% / 48%
    &[(0, 0), (-1, -2), (-1, -1), (-1, 1)], // Black 47% / 47%
    &[(0, 0), (0, -2), (-1, -2), (1, 0)],   // Black 47% / 47%
    &[(0, 0), (-2, -2), (-1, -1), (1, -2)], // Black 47% / 53%
    &[(0, 0), (-2, -2), (0, -2), (2, -2)],  // Black 47% / 53%
    &[(0, 0), (-2, -2), (0, -1), (2, -2)],  // Black 47% / 53%
    &[(0, 0), (-1, -1), (0, -1), (-1, 1)],  // Black 47% / 53%
    &[(0, 0), (-2, -2), (1, -1), (-2, 2)],  // Black 50% / 47%
    &[(0, 0), (-2, -2), (2, 1), (2, 0)],    // Black 50% / 47%
    &[(0, 0), (-1, -2), (0, -1), (-1, 1)],  // Black 50% / 47%
    &[(0, 0), (-1, -2), (1, -2), (1, 0)],   // Black 50% / 47%
];

/// A match: A against B.
#[derive(Clone, Copy)]
pub struct MatchSettings {
    pub a: Player,
    pub b: Player,
    pub games: u32,
    pub side: u8,
    pub rule: WinRule,
    pub seed: u16,
    /// OPENINGS, SECOND_OPENINGS or THIRD_OPENINGS.
    pub openings: &'static [&'static [(i8, i8)]],
}

/// Who won a game.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Winner {
    A,
    B,
    Draw,
}

/// A move a level was not allowed to play: it loses the game.
#[derive(Clone)]
pub struct Illegal {
    /// Whether A played it.
    pub by_a: bool,
    /// The point, or None if the level found no move.
    pub point: Option<Point>,
    pub reason: &'static str,
}

/// One game of a match.
#[derive(Clone)]
pub struct GameRecord {
    /// 0-based.
    pub index: u32,
    pub opening: usize,
    pub symmetry: u8,
    pub a_black: bool,
    pub winner: Winner,
    /// Stones on the board at the end, the opening's included.
    pub stones: u16,
    pub illegal: Option<Illegal>,
    /// Search nodes and moves (after the opening) of A and of B.
    pub a_nodes: u64,
    pub a_moves: u32,
    pub b_nodes: u64,
    pub b_moves: u32,
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
        let half = self.a_half_points();
        if half.is_multiple_of(2) {
            format!("{}", half / 2)
        } else {
            format!("{}.5", half / 2)
        }
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
}

/// A whole match's results.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    pub total: Count,
    pub a_black: Count,
    pub a_white: Count,
    pub illegal: u32,
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

/// How an engine is written on the command line: classic, cha, strong or
/// strong:BUDGET.
pub fn parse_engine(text: &str, default_budget: u32) -> Result<Player, String> {
    match text.split_once(':') {
        None => match text {
            "classic" => Ok(Player::CLASSIC),
            "cha" => Ok(Player::CHA),
            "strong" => Ok(Player::strong(default_budget)),
            _ => Err(format!("'{text}': classic, cha, strong or strong:BUDGET")),
        },
        Some(("strong", budget)) => match budget.parse::<u32>() {
            Ok(budget) if budget >= 1 => Ok(Player::strong(budget)),
            _ => Err(format!(
                "'{text}': the budget is a number of nodes, 1 or more"
            )),
        },
        Some(_) => Err(format!(
            "'{text}': only strong takes a budget (strong:BUDGET)"
        )),
    }
}

pub fn engine_name(engine: Player) -> String {
    match engine.strong_budget() {
        Some(budget) => format!("strong:{budget}"),
        None if engine == Player::CHA => "cha".to_string(),
        None => "classic".to_string(),
    }
}

pub fn rule_name(rule: WinRule) -> &'static str {
    match rule {
        WinRule::FiveOrMore => "freestyle",
        WinRule::ExactlyFive => "exact five",
    }
}

/// A point in Go notation (A..T skipping I, row 1 at the bottom).
pub fn point_name(point: Point) -> String {
    let mut out = [0u8; 3];
    let length = write_point(point, Lettering::SkipI, &mut out);
    String::from_utf8_lossy(&out[..length]).into_owned()
}

/// The board as text, row 1 at the bottom: `X` Black, `O` White, `.` empty,
/// each of `marks` (a point and its one-character sign) where it is empty;
/// the column letters last. (For the examples that study lost games.)
pub fn board_text(game: &Game, marks: &[(Point, &str)]) -> String {
    let side = game.board().side();
    let mut text = String::new();
    for row in (0..side).rev() {
        text.push_str(&format!("{:>3}", row + 1));
        for col in 0..side {
            let point = Point::new(col, row);
            let mark = marks.iter().find(|(p, _)| *p == point).map(|m| m.1);
            text.push_str("  ");
            text.push_str(match (game.board().get(point), mark) {
                (Some(Stone::Black), _) => "X",
                (Some(Stone::White), _) => "O",
                (None, Some(mark)) => mark,
                (None, None) => ".",
            });
        }
        text.push('\n');
    }
    text.push_str("   ");
    for col in 0..side {
        text.push_str("  ");
        text.push_str(&point_name(Point::new(col, 0))[..1]);
    }
    text
}

/// One of the eight symmetries of the square applied to a step from the centre.
pub fn turn(step: (i8, i8), symmetry: u8) -> (i8, i8) {
    let (x, y) = step;
    let (x, y) = if symmetry & 4 != 0 { (y, x) } else { (x, y) };
    let x = if symmetry & 1 != 0 { -x } else { x };
    let y = if symmetry & 2 != 0 { -y } else { y };
    (x, y)
}

/// A 16-bit seed for one colour of one pair of games.
pub fn derive_seed(seed: u16, pair: u32, colour: u32) -> u16 {
    // SplitMix64's finaliser: nearby inputs give unrelated seeds.
    let mut z = (seed as u64) << 32 | (pair as u64) << 1 | colour as u64;
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (z ^ (z >> 31)) as u16
}

fn illegal_reason(error: MoveError) -> &'static str {
    match error {
        MoveError::OffBoard => "off the board",
        MoveError::Occupied => "on a taken point",
        MoveError::GameOver => "after the game ended",
        MoveError::Restricted => "where the opening rule forbids it",
    }
}

/// Plays game `index` of the match.
pub fn play_game(settings: &MatchSettings, index: u32) -> GameRecord {
    play_game_watched(settings, index, &mut |_, _, _| {})
}

/// As [`play_game`], showing `watch` each position before its move is played:
/// the game, the point chosen and whether A chose it.
pub fn play_game_watched(
    settings: &MatchSettings,
    index: u32,
    watch: &mut dyn FnMut(&Game, Point, bool),
) -> GameRecord {
    let pair = index / 2;
    let openings = settings.openings;
    let opening = pair as usize % openings.len();
    let symmetry = (pair as usize / openings.len() % 8) as u8;
    let a_black = index.is_multiple_of(2);
    let side = settings.side;
    let middle = (side / 2) as i8;
    let mut game = Game::with_opening(side, settings.rule, Opening::Free);
    for &step in openings[opening] {
        let (dc, dr) = turn(step, symmetry);
        let point = Point::new((middle + dc) as u8, (middle + dr) as u8);
        let played = game.play(point);
        assert!(
            played.is_ok(),
            "opening {opening} is not legal on {side}x{side}"
        );
    }
    let mut randoms = [
        Random::new(derive_seed(settings.seed, pair, 0)),
        Random::new(derive_seed(settings.seed, pair, 1)),
    ];
    let mut record = GameRecord {
        index,
        opening,
        symmetry,
        a_black,
        winner: Winner::Draw,
        stones: 0,
        illegal: None,
        a_nodes: 0,
        a_moves: 0,
        b_nodes: 0,
        b_moves: 0,
    };
    while !game.is_over() {
        let black = game.to_move() == Stone::Black;
        let by_a = black == a_black;
        let engine = if by_a { settings.a } else { settings.b };
        let random = &mut randoms[if black { 0 } else { 1 }];
        let position = Position::of(&game);
        let chosen = engine.think(position, random);
        let (nodes, moves) = if by_a {
            (&mut record.a_nodes, &mut record.a_moves)
        } else {
            (&mut record.b_nodes, &mut record.b_moves)
        };
        *moves += 1;
        let illegal = match chosen {
            None => Some((None, "no move")),
            Some((point, used)) => {
                *nodes += used as u64;
                watch(&game, point, by_a);
                game.play(point)
                    .err()
                    .map(|error| (Some(point), illegal_reason(error)))
            }
        };
        if let Some((point, reason)) = illegal {
            record.illegal = Some(Illegal {
                by_a,
                point,
                reason,
            });
            record.winner = if by_a { Winner::B } else { Winner::A };
            record.stones = game.move_count();
            return record;
        }
    }
    record.stones = game.move_count();
    record.winner = match game.outcome() {
        Outcome::Won { winner, .. } if (winner == Stone::Black) == a_black => Winner::A,
        Outcome::Won { .. } => Winner::B,
        _ => Winner::Draw,
    };
    record
}

/// Plays the whole match, telling `each` about every game as it ends.
pub fn run(settings: &MatchSettings, mut each: impl FnMut(&GameRecord)) -> Tally {
    let mut tally = Tally::default();
    for index in 0..settings.games {
        let record = play_game(settings, index);
        tally.add(&record);
        each(&record);
    }
    tally
}

/// A one-line description of a game, e.g. for --verbose.
pub fn describe(settings: &MatchSettings, record: &GameRecord) -> String {
    let (black, white) = if record.a_black {
        (settings.a, settings.b)
    } else {
        (settings.b, settings.a)
    };
    let result = match record.winner {
        Winner::A => "A wins",
        Winner::B => "B wins",
        Winner::Draw => "draw",
    };
    let mut text = format!(
        "game {:>4}: opening {:>2} turned {}, {} (Black) v {} (White): {result} with {} stones",
        record.index + 1,
        record.opening + 1,
        record.symmetry,
        engine_name(black),
        engine_name(white),
        record.stones
    );
    if let Some(illegal) = &record.illegal {
        let who = if illegal.by_a { "A" } else { "B" };
        let name = engine_name(if illegal.by_a { settings.a } else { settings.b });
        match illegal.point {
            Some(point) => text.push_str(&format!(
                "; {who} ({name}) played {} {}: an illegal move loses",
                point_name(point),
                illegal.reason
            )),
            None => text.push_str(&format!("; {who} ({name}) found no move: it loses")),
        }
    }
    text
}
