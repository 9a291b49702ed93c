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

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

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

/// The openings of a match.
#[derive(Clone, Copy)]
pub enum Openings {
    /// OPENINGS, SECOND_OPENINGS or THIRD_OPENINGS, turned by the symmetries.
    Fixed(&'static [&'static [(i8, i8)]]),
    /// 1 to 3 stones within two points of the centre, drawn from the seed for
    /// each pair of games ([`random_opening`]).
    Random,
}

/// An external Gomocup (Piskvork protocol) brain: a program the arena starts
/// for each game and talks to through its standard input and output.
///
/// The arena sends START, INFO timeout_turn, timeout_match (and time_left
/// before every move when it is not 0), game_type 1, rule and THREAD_NUM 1
/// (one core each), then `infos` (e.g. `max_node 1600`); then BEGIN or
/// BOARD for its first move and TURN after that; END at the end of the game.
/// MESSAGE and DEBUG lines are read past. Every reply is timed from the
/// command's last line to the move's line: a reply over the limit
/// ([`TimeControl`]) loses the game on time, and so does a brain that
/// answers ERROR, UNKNOWN, something that is not a move, or nothing.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ExternalBrain {
    pub program: String,
    pub args: Vec<String>,
    /// More INFO lines, without the word INFO ("max_node 1600").
    pub infos: Vec<String>,
}

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

/// The time the external brains get (piskrs's levels in-process are limited
/// by nodes and only timed).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct TimeControl {
    /// INFO timeout_turn: the most for one reply, in milliseconds.
    pub turn_ms: u64,
    /// INFO timeout_match: the most for all the replies of one game, in
    /// milliseconds; 0 for no limit.
    pub match_ms: u64,
    /// How much longer than the limit a reply may take before it loses on
    /// time, in milliseconds.
    pub grace_ms: u64,
    /// How long the arena waits after a brain's answer before it sends that
    /// brain its next command, in milliseconds (not counted in its time):
    /// Rapfi drops a command that arrives within a few milliseconds of its
    /// own answer.
    pub pause_ms: u64,
}

impl Default for TimeControl {
    fn default() -> TimeControl {
        TimeControl {
            turn_ms: 5000,
            match_ms: 0,
            grace_ms: 0,
            pause_ms: 20,
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
    pub seed: u16,
    pub openings: Openings,
    pub time: TimeControl,
}

impl MatchSettings {
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
            seed,
            openings: Openings::Random,
            time: TimeControl::default(),
        }
    }
}

/// Who won a game.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Winner {
    A,
    B,
    Draw,
}

/// A move a level was not allowed to play, or a brain's reply over the time
/// limit or not a move: it loses the game.
#[derive(Clone)]
pub struct Illegal {
    /// Whether A played it.
    pub by_a: bool,
    /// The point, or None if the level found no move.
    pub point: Option<Point>,
    pub reason: &'static str,
    /// Lost on time (a reply over the limit).
    pub on_time: bool,
    /// What the brain said or did, for a brain's loss.
    pub detail: String,
}

/// One game of a match.
#[derive(Clone)]
pub struct GameRecord {
    /// 0-based.
    pub index: u32,
    /// The opening's index in its set (with random openings, the pair's).
    pub opening: usize,
    pub symmetry: u8,
    /// The opening's stones, Black first.
    pub opening_stones: Vec<Point>,
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
    /// The longest reply of A and of B, and their total.
    pub a_longest: Duration,
    pub b_longest: Duration,
    pub a_time: Duration,
    pub b_time: Duration,
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

/// How a contestant is written on the command line: a level ([`parse_engine`])
/// or `brain:PROGRAM [ARGUMENTS]` (split at white space).
pub fn parse_contestant(text: &str, default_budget: u32) -> Result<Contestant, String> {
    match text.strip_prefix("brain:") {
        Some(command) => {
            let mut words = command.split_whitespace().map(str::to_string);
            let Some(program) = words.next() else {
                return Err(format!("'{text}': brain:PROGRAM [ARGUMENTS]"));
            };
            Ok(Contestant::Brain(ExternalBrain {
                program,
                args: words.collect(),
                infos: Vec::new(),
            }))
        }
        None => parse_engine(text, default_budget).map(Contestant::Level),
    }
}

/// The name of a contestant: its level's ([`engine_name`]) or `brain:PROGRAM`
/// (the program's file name).
pub fn contestant_name(contestant: &Contestant) -> String {
    match contestant {
        Contestant::Level(player) => engine_name(*player),
        Contestant::Brain(brain) => {
            let file = std::path::Path::new(&brain.program)
                .file_name()
                .map_or(brain.program.clone(), |f| f.to_string_lossy().into_owned());
            let mut name = format!("brain:{file}");
            for arg in &brain.args {
                name.push(' ');
                name.push_str(arg);
            }
            name
        }
    }
}

/// How an engine is written on the command line: classic, cha, strong,
/// strong:BUDGET, tree or tree:BUDGET (Strong's tree, see `Player`),
/// threats or threats:BUDGET (Strong before the tree).
pub fn parse_engine(text: &str, default_budget: u32) -> Result<Player, String> {
    let known = "classic, cha, strong, strong:BUDGET, tree, tree:BUDGET, threats or threats:BUDGET";
    let searcher = |name: &str, budget: u32| match name {
        "tree" => Player::tree(budget),
        "threats" => Player::threats(budget),
        _ => Player::strong(budget),
    };
    match text.split_once(':') {
        None => match text {
            "classic" => Ok(Player::CLASSIC),
            "cha" => Ok(Player::CHA),
            "strong" | "tree" | "threats" => Ok(searcher(text, default_budget)),
            _ => Err(format!("'{text}': {known}")),
        },
        Some((name @ ("strong" | "tree" | "threats"), budget)) => match budget.parse::<u32>() {
            Ok(budget) if budget >= 1 => Ok(searcher(name, budget)),
            _ => Err(format!(
                "'{text}': the budget is a number of nodes, 1 or more"
            )),
        },
        Some(_) => Err(format!(
            "'{text}': only strong, tree and threats take a budget (strong:BUDGET)"
        )),
    }
}

pub fn engine_name(engine: Player) -> String {
    match engine.strong_budget() {
        Some(budget) if engine.tree => format!("tree:{budget}"),
        Some(budget) if engine.threats => format!("threats:{budget}"),
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

/// SplitMix64: nearby inputs give unrelated outputs.
fn split_mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The random opening of pair `pair` of a match with `seed`: 1 to 3 stones
/// (Black first, the colours alternating) at distinct points within two
/// points of the centre, as steps from it; each count equally likely, then
/// each point of the 5x5 square around the centre.
pub fn random_opening(seed: u16, pair: u32) -> Vec<(i8, i8)> {
    let mut state = split_mix((seed as u64) << 32 | pair as u64 | 1 << 63);
    let mut next = |bound: u64| {
        state = split_mix(state);
        state % bound
    };
    let count = 1 + next(3) as usize;
    let mut stones: Vec<(i8, i8)> = Vec::new();
    while stones.len() < count {
        let at = next(25) as i8;
        let step = (at % 5 - 2, at / 5 - 2);
        if !stones.contains(&step) {
            stones.push(step);
        }
    }
    stones
}

/// A 16-bit seed for one colour of one pair of games.
pub fn derive_seed(seed: u16, pair: u32, colour: u32) -> u16 {
    // SplitMix64's finaliser: nearby inputs give unrelated seeds.
    split_mix((seed as u64) << 32 | (pair as u64) << 1 | colour as u64) as u16
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

/// The stones of game `index`'s opening, Black first, its index in its set
/// (the pair's for random openings) and its symmetry.
pub fn opening_of(settings: &MatchSettings, index: u32) -> (Vec<Point>, usize, u8) {
    let pair = index / 2;
    let middle = (settings.side / 2) as i8;
    let at = |(dc, dr): (i8, i8)| Point::new((middle + dc) as u8, (middle + dr) as u8);
    match settings.openings {
        Openings::Fixed(openings) => {
            let opening = pair as usize % openings.len();
            let symmetry = (pair as usize / openings.len() % 8) as u8;
            let stones = openings[opening]
                .iter()
                .map(|&step| at(turn(step, symmetry)))
                .collect();
            (stones, opening, symmetry)
        }
        Openings::Random => {
            let stones = random_opening(settings.seed, pair);
            (stones.into_iter().map(at).collect(), pair as usize, 0)
        }
    }
}

/// One side in a game: a level, or a brain's running program.
enum Side<'a> {
    Level(Player),
    Brain {
        brain: &'a ExternalBrain,
        running: Option<Running>,
        /// Time used in this game (for timeout_match).
        used: Duration,
    },
}

/// What a side did with its turn.
enum Turn {
    Move(Point, u32),
    NoMove,
    Lost {
        reason: &'static str,
        on_time: bool,
        detail: String,
    },
}

/// As [`play_game`], showing `watch` each position before its move is played:
/// the game, the point chosen and whether A chose it.
pub fn play_game_watched(
    settings: &MatchSettings,
    index: u32,
    watch: &mut dyn FnMut(&Game, Point, bool),
) -> GameRecord {
    let pair = index / 2;
    let a_black = index.is_multiple_of(2);
    let side = settings.side;
    let (opening_stones, opening, symmetry) = opening_of(settings, index);
    let mut game = Game::with_opening(side, settings.rule, Opening::Free);
    for &point in &opening_stones {
        let played = game.play(point);
        assert!(
            played.is_ok(),
            "opening {} is not legal on {side}x{side}",
            opening + 1
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
        opening_stones,
        a_black,
        winner: Winner::Draw,
        stones: 0,
        illegal: None,
        a_nodes: 0,
        a_moves: 0,
        b_nodes: 0,
        b_moves: 0,
        a_longest: Duration::ZERO,
        b_longest: Duration::ZERO,
        a_time: Duration::ZERO,
        b_time: Duration::ZERO,
    };
    let mut sides = [&settings.a, &settings.b].map(|contestant| match contestant {
        Contestant::Level(player) => Side::Level(*player),
        Contestant::Brain(brain) => Side::Brain {
            brain,
            running: None,
            used: Duration::ZERO,
        },
    });
    while !game.is_over() {
        let black = game.to_move() == Stone::Black;
        let by_a = black == a_black;
        let random = &mut randoms[if black { 0 } else { 1 }];
        let (turn, took) = sides[if by_a { 0 } else { 1 }].reply(&game, random, settings);
        let (nodes, moves, longest, time) = if by_a {
            (
                &mut record.a_nodes,
                &mut record.a_moves,
                &mut record.a_longest,
                &mut record.a_time,
            )
        } else {
            (
                &mut record.b_nodes,
                &mut record.b_moves,
                &mut record.b_longest,
                &mut record.b_time,
            )
        };
        *moves += 1;
        *longest = (*longest).max(took);
        *time += took;
        let lost = match turn {
            Turn::NoMove => Some((None, "no move", false, String::new())),
            Turn::Lost {
                reason,
                on_time,
                detail,
            } => Some((None, reason, on_time, detail)),
            Turn::Move(point, used) => {
                *nodes += used as u64;
                watch(&game, point, by_a);
                game.play(point)
                    .err()
                    .map(|error| (Some(point), illegal_reason(error), false, String::new()))
            }
        };
        if let Some((point, reason, on_time, detail)) = lost {
            record.illegal = Some(Illegal {
                by_a,
                point,
                reason,
                on_time,
                detail,
            });
            record.winner = if by_a { Winner::B } else { Winner::A };
            record.stones = game.move_count();
            for side in &mut sides {
                side.end();
            }
            return record;
        }
    }
    for side in &mut sides {
        side.end();
    }
    record.stones = game.move_count();
    record.winner = match game.outcome() {
        Outcome::Won { winner, .. } if (winner == Stone::Black) == a_black => Winner::A,
        Outcome::Won { .. } => Winner::B,
        _ => Winner::Draw,
    };
    record
}

impl Side<'_> {
    /// The side's move in `game`, and how long it took (a brain's, from its
    /// command sent to its answer read).
    fn reply(
        &mut self,
        game: &Game,
        random: &mut Random,
        settings: &MatchSettings,
    ) -> (Turn, Duration) {
        match self {
            Side::Level(player) => {
                let started = Instant::now();
                let turn = match player.think(Position::of(game), random) {
                    Some((point, nodes)) => Turn::Move(point, nodes),
                    None => Turn::NoMove,
                };
                (turn, started.elapsed())
            }
            Side::Brain {
                brain,
                running,
                used,
            } => brain_reply(brain, running, used, game, settings),
        }
    }

    /// The game is over: a brain is sent END and its program ends.
    fn end(&mut self) {
        if let Side::Brain { running, .. } = self
            && let Some(running) = running.take()
        {
            running.end();
        }
    }
}

/// A brain's program while a game lasts.
struct Running {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// When its last answer came (the next command waits the pause).
    answered: Instant,
    pause: Duration,
}

/// How long START may take (a brain may load its tables then): not a move,
/// not timed against the limit.
const START_LIMIT: Duration = Duration::from_secs(30);

impl Running {
    fn start(brain: &ExternalBrain, settings: &MatchSettings) -> Result<Running, String> {
        let mut child = Command::new(&brain.program)
            .args(&brain.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|error| format!("cannot start {}: {error}", brain.program))?;
        let stdout = child.stdout.take().expect("piped stdout");
        let stdin = child.stdin.take().expect("piped stdin");
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let mut running = Running {
            child,
            stdin,
            lines,
            answered: Instant::now(),
            pause: Duration::from_millis(settings.time.pause_ms),
        };
        running.send(&[format!("START {}", settings.side)])?;
        let (answer, _) = running.answer(START_LIMIT)?;
        if answer != "OK" {
            return Err(format!("START {}: {answer}", settings.side));
        }
        let time = settings.time;
        let rule = match settings.rule {
            WinRule::FiveOrMore => 0,
            WinRule::ExactlyFive => 1,
        };
        let mut infos = vec![
            format!("INFO timeout_turn {}", time.turn_ms),
            format!("INFO timeout_match {}", time.match_ms),
        ];
        if time.match_ms > 0 {
            infos.push(format!("INFO time_left {}", time.match_ms));
        }
        infos.push("INFO game_type 1".to_string());
        infos.push(format!("INFO rule {rule}"));
        infos.push("INFO THREAD_NUM 1".to_string());
        infos.extend(brain.infos.iter().map(|info| format!("INFO {info}")));
        running.send(&infos)?;
        Ok(running)
    }

    /// Sends `lines`, after the pause since the last answer.
    fn send(&mut self, lines: &[String]) -> Result<(), String> {
        let ready = self.answered + self.pause;
        let now = Instant::now();
        if ready > now {
            std::thread::sleep(ready - now);
        }
        let mut text = String::new();
        for line in lines {
            text.push_str(line);
            text.push_str("\r\n");
        }
        self.stdin
            .write_all(text.as_bytes())
            .and_then(|()| self.stdin.flush())
            .map_err(|error| format!("the brain's input closed: {error}"))
    }

    /// The next line that is not MESSAGE or DEBUG, and how long it took
    /// from now; an error if none comes within `limit` (the brain is then
    /// still thinking, or its program ended).
    fn answer(&mut self, limit: Duration) -> Result<(String, Duration), String> {
        let started = Instant::now();
        loop {
            let wait = limit.saturating_sub(started.elapsed());
            match self.lines.recv_timeout(wait) {
                Ok(line) => {
                    let line = line.trim().to_string();
                    let word = line.split_whitespace().next().unwrap_or("");
                    if line.is_empty()
                        || word.eq_ignore_ascii_case("MESSAGE")
                        || word.eq_ignore_ascii_case("DEBUG")
                    {
                        continue;
                    }
                    self.answered = Instant::now();
                    return Ok((line, started.elapsed()));
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(format!("no answer in {} ms", limit.as_millis()));
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err("its program ended".to_string());
                }
            }
        }
    }

    /// END, and the program is gone: at once if it is still thinking.
    fn end(mut self) {
        let _ = self.send(&["END".to_string()]);
        let until = Instant::now() + Duration::from_millis(500);
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `x,y` on the wire (row 0 at the top) for `point`.
fn wire(point: Point, side: u8) -> String {
    format!("{},{}", point.col, side - 1 - point.row)
}

/// A brain's move in `game`: started for its first, asked with BEGIN or BOARD
/// then, with TURN and the other side's last stone after that; its reply
/// timed against the limit.
fn brain_reply(
    brain: &ExternalBrain,
    running: &mut Option<Running>,
    used: &mut Duration,
    game: &Game,
    settings: &MatchSettings,
) -> (Turn, Duration) {
    let before = *used;
    let turn = brain_turn(brain, running, used, game, settings);
    (turn, *used - before)
}

fn brain_turn(
    brain: &ExternalBrain,
    running: &mut Option<Running>,
    used: &mut Duration,
    game: &Game,
    settings: &MatchSettings,
) -> Turn {
    let broken = |detail: String| Turn::Lost {
        reason: "its brain failed",
        on_time: false,
        detail,
    };
    let side = settings.side;
    let time = settings.time;
    let mut commands = Vec::new();
    let first = running.is_none();
    if first {
        match Running::start(brain, settings) {
            Ok(started) => *running = Some(started),
            Err(detail) => return broken(detail),
        }
    }
    let mut limit = Duration::from_millis(time.turn_ms);
    if time.match_ms > 0 {
        let left = Duration::from_millis(time.match_ms).saturating_sub(*used);
        limit = limit.min(left);
        commands.push(format!("INFO time_left {}", left.as_millis()));
    }
    let moves = game.moves();
    if first && moves.is_empty() {
        commands.push("BEGIN".to_string());
    } else if first {
        commands.push("BOARD".to_string());
        // Field 1: the brain's stones (the side to move), 2: the other's.
        let to_move_parity = moves.len() % 2;
        for (i, &point) in moves.iter().enumerate() {
            let field = if i % 2 == to_move_parity { 1 } else { 2 };
            commands.push(format!("{},{field}", wire(point, side)));
        }
        commands.push("DONE".to_string());
    } else {
        let last = *moves.last().expect("the other side moved");
        commands.push(format!("TURN {}", wire(last, side)));
    }
    let process = running.as_mut().expect("started");
    if let Err(detail) = process.send(&commands) {
        return broken(detail);
    }
    let grace = Duration::from_millis(time.grace_ms);
    let answer = process.answer(limit + grace);
    let (line, took) = match answer {
        Ok(answer) => answer,
        Err(detail) => {
            *used += limit + grace;
            let on_time = !detail.contains("ended");
            return Turn::Lost {
                reason: if on_time {
                    "over the time limit"
                } else {
                    "its brain failed"
                },
                on_time,
                detail,
            };
        }
    };
    *used += took;
    if took > limit + grace {
        return Turn::Lost {
            reason: "over the time limit",
            on_time: true,
            detail: format!("{} ms", took.as_millis()),
        };
    }
    let point = line.split_once(',').and_then(|(x, y)| {
        let x: u8 = x.trim().parse().ok()?;
        let y: u8 = y.trim().parse().ok()?;
        (x < side && y < side).then(|| Point::new(x, side - 1 - y))
    });
    match point {
        Some(point) => Turn::Move(point, 0),
        None => broken(format!("answered '{line}'")),
    }
}

/// Plays the whole match, telling `each` about every game as it ends.
pub fn run(settings: &MatchSettings, each: impl FnMut(&GameRecord)) -> Tally {
    run_jobs(settings, 1, each)
}

/// As [`run`], with up to `jobs` games played at once on their own threads.
/// A game depends only on the settings and its index (each level's random
/// source is the game's own, the tree's tables are each thread's and cleared
/// for every move), so the games, and `each`'s calls in the games' order,
/// are the same as one at a time. Only the clock differs: a brain under a
/// time limit shares the machine, so clocked matches are played one at a
/// time (the arena binary refuses `--jobs` with `--turn-ms` or `--match-ms`).
pub fn run_jobs(settings: &MatchSettings, jobs: usize, mut each: impl FnMut(&GameRecord)) -> Tally {
    let mut tally = Tally::default();
    let mut report = |record: GameRecord| {
        tally.add(&record);
        each(&record);
    };
    if jobs <= 1 {
        (0..settings.games).for_each(|index| report(play_game(settings, index)));
        return tally;
    }
    let next = std::sync::atomic::AtomicU32::new(0);
    let (sender, receiver) = std::sync::mpsc::channel();
    std::thread::scope(|scope| {
        for _ in 0..jobs.min(settings.games as usize) {
            let (sender, next) = (sender.clone(), &next);
            scope.spawn(move || {
                loop {
                    let index = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    if index >= settings.games || sender.send(play_game(settings, index)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        // The games end out of order: each is held until those before it
        // are reported.
        let mut waiting = std::collections::BTreeMap::new();
        let mut due = 0;
        for record in receiver {
            waiting.insert(record.index, record);
            while let Some(record) = waiting.remove(&due) {
                report(record);
                due += 1;
            }
        }
    });
    tally
}

/// A one-line description of a game, e.g. for --verbose.
pub fn describe(settings: &MatchSettings, record: &GameRecord) -> String {
    let (black, white) = if record.a_black {
        (&settings.a, &settings.b)
    } else {
        (&settings.b, &settings.a)
    };
    let result = match record.winner {
        Winner::A => "A wins",
        Winner::B => "B wins",
        Winner::Draw => "draw",
    };
    let opening = match settings.openings {
        Openings::Fixed(_) => format!(
            "opening {:>2} turned {}",
            record.opening + 1,
            record.symmetry
        ),
        Openings::Random => {
            let stones: Vec<String> = record
                .opening_stones
                .iter()
                .map(|&p| point_name(p))
                .collect();
            format!("opening {:<11}", stones.join(" "))
        }
    };
    let mut text = format!(
        "game {:>4}: {opening}, {} (Black) v {} (White): {result} with {} stones",
        record.index + 1,
        contestant_name(black),
        contestant_name(white),
        record.stones
    );
    if let Some(illegal) = &record.illegal {
        let who = if illegal.by_a { "A" } else { "B" };
        let name = contestant_name(if illegal.by_a {
            &settings.a
        } else {
            &settings.b
        });
        match illegal.point {
            Some(point) => text.push_str(&format!(
                "; {who} ({name}) played {} {}: an illegal move loses",
                point_name(point),
                illegal.reason
            )),
            None if illegal.on_time => text.push_str(&format!(
                "; {who} ({name}) lost on time ({})",
                illegal.detail
            )),
            None if !illegal.detail.is_empty() => text.push_str(&format!(
                "; {who} ({name}) lost: {} ({})",
                illegal.reason, illegal.detail
            )),
            None => text.push_str(&format!("; {who} ({name}) found no move: it loses")),
        }
    }
    text
}
