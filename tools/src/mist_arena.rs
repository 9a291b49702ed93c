//! The Mist's arena: two players of Gomoku in the Mist (seeds/000), each
//! seeing only what the rules show it, as the game screen's computer does
//! (src/app/ui/session.rs):
//!
//! - its **knowledge board**: its own stones, and after every move (either
//!   side's) what the 7x7 hole around the new centre shows;
//! - its **hits**: a move onto a stone it did not know of is refused, it
//!   learns the stone is the other side's and chooses again (at no cost, as
//!   the App's `computer_move` does);
//! - the **public history**: the game's moves, read by the core only through
//!   the hole's centres ([`piskrs::ai::mist_reading::Sight`]); both sides are
//!   given the same.
//!
//! The players ([`MistPlayer`]):
//! - a level **with the reading** (`classic`, `cha`, `strong[:N]`): the
//!   host's `engine::think` given the knowledge, which reads the hole
//!   (src/ai/mist_reading.rs);
//! - a level **as the .COMs play today** (`today:classic`, …): the same door
//!   on the knowledge board alone, no reading;
//! - the **straight line** (`line`): five in a row from a random start
//!   within four points of the middle, never blocking, a new line when a
//!   point is refused (tools/examples/mist_straight.rs's player).
//!
//! Game `i` is pair `i / 2`; A is Black in the even games, White in the odd
//! ones. Each colour of a pair has its own random source derived from the
//! seed, so a match is deterministic and swapping A and B swaps the results.

use piskrs::ai::classic::{Classic, opening_move};
use piskrs::ai::engine::{self, Level, Position};
use piskrs::ai::tree::HostTree;
use piskrs::rules::WinRule;
use piskrs::rules::board::{Board, DIRECTIONS, Stone};
use piskrs::rules::coord::Point;
use piskrs::rules::game::{Game, Outcome};
use piskrs::rules::mist;
use piskrs::support::random::Random;

use crate::arena::{derive_seed, in_order_on_threads};

/// One side of a Mist match.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum MistPlayer {
    /// A level; `reading`: it reads the hole (the host's door), else it
    /// plays on its knowledge board alone (the .COMs today).
    Level {
        level: Level,
        budget: u32,
        reading: bool,
    },
    /// Five in a row from a random start, never blocking.
    Line,
}

impl MistPlayer {
    /// `classic`, `cha`, `strong`, `strong:N`, each also after `today:`, or
    /// `line`. Strong alone plays `default_budget` nodes.
    pub fn parse(text: &str, default_budget: u32) -> Option<MistPlayer> {
        if text == "line" {
            return Some(MistPlayer::Line);
        }
        let (reading, rest) = match text.strip_prefix("today:") {
            Some(rest) => (false, rest),
            None => (true, text),
        };
        let (name, budget) = match rest.split_once(':') {
            Some((name, budget)) => (name, Some(budget.parse().ok()?)),
            None => (rest, None),
        };
        let level = match name {
            "classic" if budget.is_none() => Level::Classic,
            "cha" if budget.is_none() => Level::Cha,
            "strong" => Level::Strong,
            _ => return None,
        };
        let budget = match level {
            Level::Strong => budget.unwrap_or(default_budget),
            _ => 0,
        };
        Some(MistPlayer::Level {
            level,
            budget,
            reading,
        })
    }

    /// The name as written on the command line.
    pub fn name(self) -> String {
        match self {
            MistPlayer::Line => "line".into(),
            MistPlayer::Level {
                level,
                budget,
                reading,
            } => {
                let today = if reading { "" } else { "today:" };
                let level = match level {
                    Level::Classic => "classic".into(),
                    Level::Cha => "cha".into(),
                    Level::Strong => format!("strong:{budget}"),
                };
                format!("{today}{level}")
            }
        }
    }
}

/// What one side knows and keeps during a game.
pub struct Side {
    pub player: MistPlayer,
    /// Its knowledge board: its own stones, what the hole showed, its hits.
    pub known: Board,
    random: Random,
    line: LineState,
}

/// The straight line's state: its source, the line and the next point.
struct LineState {
    source: u64,
    points: [Point; 5],
    next: usize,
}

impl LineState {
    fn new(seed: u64) -> LineState {
        let mut state = LineState {
            source: seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1,
            points: [mist::START; 5],
            next: 0,
        };
        state.new_line();
        state
    }

    /// xorshift64: a number below `bound`.
    fn below(&mut self, bound: usize) -> usize {
        self.source ^= self.source << 13;
        self.source ^= self.source >> 7;
        self.source ^= self.source << 17;
        ((self.source >> 32) % bound as u64) as usize
    }

    /// Five points in a row from a random start within four of the middle.
    fn new_line(&mut self) {
        self.next = 0;
        loop {
            let (dc, dr) = DIRECTIONS[self.below(4)];
            let col = 5 + self.below(9) as i8;
            let row = 5 + self.below(9) as i8;
            let points: [(i8, i8); 5] =
                core::array::from_fn(|i| (col + dc * i as i8, row + dr * i as i8));
            if points
                .iter()
                .all(|&(c, r)| (0..19).contains(&c) && (0..19).contains(&r))
            {
                self.points = points.map(|(c, r)| Point::new(c as u8, r as u8));
                return;
            }
        }
    }

    /// The line's next point that `board` leaves free (a refused point
    /// starts a new line), and the line goes on past it.
    fn next_point(&mut self, board: &Board) -> Point {
        loop {
            let point = self.points[self.next];
            if board.get(point).is_some() {
                self.new_line();
                continue;
            }
            self.next += 1;
            if self.next == 5 {
                self.new_line();
            }
            return point;
        }
    }
}

impl Side {
    pub fn new(player: MistPlayer, seed: u16) -> Side {
        Side {
            player,
            known: Board::new(mist::SIDE),
            random: Random::new(seed),
            line: LineState::new(seed as u64 + 1),
        }
    }
}

/// A level's choice for the side to move in `game`, knowing `known` (its
/// knowledge board), as the game screen asks the door: with the knowledge
/// and Classic's Info of it. Without the reading, as the .COMs play: the
/// knowledge board as the whole board (Classic's fallback to the middle
/// when it knows of nothing worth a point, as the door does in the Mist).
pub fn level_choice(
    level: Level,
    budget: u32,
    reading: bool,
    game: &Game,
    known: &Board,
    tree: &HostTree,
    random: &mut Random,
) -> Option<Point> {
    let me = game.to_move();
    let classic = (level == Level::Classic).then(|| {
        let mut classic = Classic::new(me, mist::SIDE);
        classic.recompute(known);
        classic
    });
    let info = classic.as_ref().map(|c| c.info());
    if reading {
        let position = Position::of(game);
        return engine::think(
            level,
            budget,
            position,
            Some(known),
            info.as_ref(),
            Some(tree),
            random,
        )
        .map(|(point, _)| point);
    }
    let position = Position {
        board: known,
        ..Position::of(game)
    };
    if let (Some(classic), false) = (&classic, position.moves.is_empty()) {
        // The door's Classic in the Mist, on the knowledge board alone.
        let choice = classic.choose(known, random)?;
        if classic.score(choice) > 0 {
            return Some(choice);
        }
        let middle = opening_move(mist::SIDE, random);
        return Some(if known.get(middle).is_none() {
            middle
        } else {
            choice
        });
    }
    engine::think(level, budget, position, None, None, Some(tree), random).map(|(point, _)| point)
}

/// A Mist game between two sides, move by move.
pub struct MistGame {
    pub game: Game,
    /// Black's side, then White's.
    pub sides: [Side; 2],
    /// How many of each side's moves hit a hidden stone.
    pub hits: [u32; 2],
    /// Every hit: the moves played before it, and its point.
    pub hit_log: Vec<(usize, Point)>,
    tree: HostTree,
}

fn slot(stone: Stone) -> usize {
    (stone == Stone::White) as usize
}

impl MistGame {
    pub fn new(black: Side, white: Side) -> MistGame {
        MistGame {
            game: Game::new(mist::SIDE, WinRule::FiveOrMore),
            sides: [black, white],
            hits: [0, 0],
            hit_log: Vec::new(),
            tree: HostTree::new(),
        }
    }

    /// The side to move's point, after any hits (each teaches it the stone
    /// and it chooses again). None: it has no move.
    pub fn choose(&mut self) -> Option<Point> {
        let me = self.game.to_move();
        let side = &mut self.sides[slot(me)];
        for _ in 0..=self.game.board().point_count() {
            let point = match side.player {
                MistPlayer::Line => side.line.next_point(self.game.board()),
                MistPlayer::Level {
                    level,
                    budget,
                    reading,
                } => level_choice(
                    level,
                    budget,
                    reading,
                    &self.game,
                    &side.known,
                    &self.tree,
                    &mut side.random,
                )?,
            };
            match self.game.board().get(point) {
                None => return Some(point),
                Some(stone) => {
                    // A hidden stone: refused; it is the other side's.
                    side.known.set(point, Some(stone));
                    self.hits[slot(me)] += 1;
                    self.hit_log.push((self.game.moves().len(), point));
                }
            }
        }
        None
    }

    /// Plays `point` for the side to move: the mover knows its stone, and
    /// both sides look through the hole around the new centre.
    pub fn play(&mut self, point: Point) {
        let mover = self.game.to_move();
        assert!(self.game.play(point).is_ok(), "a free point");
        self.sides[slot(mover)].known.set(point, Some(mover));
        let centre = mist::centre_after(point);
        let reach = mist::HOLE_REACH as i8;
        for dr in -reach..reach + 1 {
            for dc in -reach..reach + 1 {
                if let Some(p) = centre.step(dc, dr, 1, mist::SIDE) {
                    let stone = self.game.board().get(p);
                    for side in &mut self.sides {
                        side.known.set(p, stone);
                    }
                }
            }
        }
    }

    /// Plays to the end: the winner, None for a draw.
    pub fn play_out(&mut self) -> Option<Stone> {
        while !self.game.is_over() {
            let Some(point) = self.choose() else {
                break;
            };
            self.play(point);
        }
        match self.game.outcome() {
            Outcome::Won { winner, .. } => Some(winner),
            _ => None,
        }
    }
}

/// One game's result, from A's side.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct MistResult {
    /// A played Black.
    pub a_black: bool,
    /// A won (Some(true)), lost (Some(false)), or a draw (None).
    pub a_won: Option<bool>,
    pub moves: u16,
}

/// Game `index` of a match between `a` and `b` from `seed`.
pub fn play_mist_game(a: MistPlayer, b: MistPlayer, seed: u16, index: u32) -> MistResult {
    let pair = index / 2;
    let a_black = index.is_multiple_of(2);
    let (black, white) = if a_black { (a, b) } else { (b, a) };
    let black = Side::new(black, derive_seed(seed, pair, 0));
    let white = Side::new(white, derive_seed(seed, pair, 1));
    let mut game = MistGame::new(black, white);
    let winner = game.play_out();
    let a_stone = if a_black { Stone::Black } else { Stone::White };
    MistResult {
        a_black,
        a_won: winner.map(|w| w == a_stone),
        moves: game.game.move_count(),
    }
}

/// A match's tally, from A's side.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct MistTally {
    /// A's wins as Black and as White.
    pub won: [u32; 2],
    pub lost: [u32; 2],
    pub drawn: u32,
}

impl MistTally {
    pub fn add(&mut self, result: MistResult) {
        let colour = (!result.a_black) as usize;
        match result.a_won {
            Some(true) => self.won[colour] += 1,
            Some(false) => self.lost[colour] += 1,
            None => self.drawn += 1,
        }
    }

    /// Adds another match's games.
    pub fn merge(&mut self, other: &MistTally) {
        for colour in 0..2 {
            self.won[colour] += other.won[colour];
            self.lost[colour] += other.lost[colour];
        }
        self.drawn += other.drawn;
    }

    pub fn games(&self) -> u32 {
        self.won[0] + self.won[1] + self.lost[0] + self.lost[1] + self.drawn
    }

    /// A's score in per cent: a win 1, a draw a half.
    pub fn score(&self) -> f64 {
        let points = (self.won[0] + self.won[1]) as f64 + self.drawn as f64 / 2.0;
        100.0 * points / self.games().max(1) as f64
    }

    /// The result line.
    pub fn line(&self, a: MistPlayer, b: MistPlayer) -> String {
        format!(
            "{} vs {}: {} games, won {} (Black {}, White {}), lost {} (Black {}, White {}), drawn {}, score {:.1}%",
            a.name(),
            b.name(),
            self.games(),
            self.won[0] + self.won[1],
            self.won[0],
            self.won[1],
            self.lost[0] + self.lost[1],
            self.lost[0],
            self.lost[1],
            self.drawn,
            self.score()
        )
    }
}

/// A match of `games` games, `jobs` at once; `each` sees every game's
/// result in order.
pub fn run_mist_match(
    a: MistPlayer,
    b: MistPlayer,
    seed: u16,
    games: u32,
    jobs: usize,
    mut each: impl FnMut(u32, MistResult),
) -> MistTally {
    let mut tally = MistTally::default();
    let mut index = 0;
    in_order_on_threads(
        games,
        jobs,
        |i| play_mist_game(a, b, seed, i),
        |result| {
            each(index, result);
            index += 1;
            tally.add(result);
        },
    );
    tally
}
