//! The match loop: one game played move by move between the two sides (a
//! level asked through `Player`, or a brain through `brain_client`), and the
//! whole match, one game at a time or on threads.

use std::time::{Duration, Instant};

use piskrs::ai::engine::Position;
use piskrs::rules::board::Stone;
use piskrs::rules::coord::Point;
use piskrs::rules::game::{Game, MoveError, Outcome};
use piskrs::support::random::Random;

use super::brain_client::{Running, brain_reply};
use super::swap2::swap2_opening;
use super::{
    Contestant, ExternalBrain, MatchSettings, Openings, Tally, Turn, Winner, derive_seed,
    opening_of,
};
use crate::player::Player;

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
    /// Under Swap2, the choices that made the opening ("A: 3 stones, B:
    /// SWAP"); empty otherwise.
    pub choices: String,
    /// The stones played after the opening, each with its reply's time (a
    /// game record keeps them: a .psq's `x,y,ms`).
    pub moves: Vec<(Point, Duration)>,
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

/// Swap2's opening for game `record.index`, its stones played on `game` and
/// its choices in `record`; false when a side's answer lost the game
/// (`record` then says so).
fn swap2_into(settings: &MatchSettings, game: &mut Game, record: &mut GameRecord) -> bool {
    match swap2_opening(settings, record.index) {
        Ok(chosen) => {
            for &point in &chosen.stones {
                let played = game.play(point);
                assert!(played.is_ok(), "Swap2's stones were checked");
            }
            record.opening_stones = chosen.stones;
            record.a_black = chosen.a_black;
            record.choices = chosen.choices;
            true
        }
        Err(failure) => {
            record.illegal = Some(Illegal {
                by_a: failure.by_a,
                point: None,
                reason: if failure.on_time {
                    "over the time limit"
                } else {
                    "its Swap2 answer was wrong"
                },
                on_time: failure.on_time,
                detail: failure.detail,
            });
            record.winner = if failure.by_a { Winner::B } else { Winner::A };
            false
        }
    }
}

/// As [`play_game`], showing `watch` each position before its move is played:
/// the game, the point chosen and whether A chose it.
pub fn play_game_watched(
    settings: &MatchSettings,
    index: u32,
    watch: &mut dyn FnMut(&Game, Point, bool),
) -> GameRecord {
    let pair = index / 2;
    let side = settings.side;
    let (opening_stones, opening, symmetry) = opening_of(settings, index);
    let mut game = Game::with_opening(side, settings.rule, settings.openings.rule());
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
        a_black: index.is_multiple_of(2),
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
        choices: String::new(),
        moves: Vec::new(),
    };
    if matches!(settings.openings, Openings::Swap2) && !swap2_into(settings, &mut game, &mut record)
    {
        return record;
    }
    let a_black = record.a_black;
    let mut sides = [&settings.a, &settings.b].map(|contestant| match contestant {
        Contestant::Level(player) => Side::Level(Player {
            renju: settings.renju,
            ..*player
        }),
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
                let played = match settings.renju_verdict(&game, point) {
                    Some(reason) => Err(reason),
                    None => game.play(point).map_err(illegal_reason),
                };
                match played {
                    Ok(()) => {
                        record.moves.push((point, took));
                        None
                    }
                    Err(reason) => Some((Some(point), reason, false, String::new())),
                }
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
    in_order_on_threads(
        settings.games,
        jobs,
        |index| play_game(settings, index),
        |record| {
            tally.add(&record);
            each(&record);
        },
    );
    tally
}

/// `work(0)`, `work(1)`, ... `work(count - 1)`, up to `jobs` at once on
/// their own threads (one at a time on this one if `jobs` is 1), each
/// result given to `report` in the order of the indices.
pub fn in_order_on_threads<T: Send>(
    count: u32,
    jobs: usize,
    work: impl Fn(u32) -> T + Sync,
    mut report: impl FnMut(T),
) {
    if jobs <= 1 {
        (0..count).for_each(|index| report(work(index)));
        return;
    }
    let next = std::sync::atomic::AtomicU32::new(0);
    let (sender, receiver) = std::sync::mpsc::channel();
    std::thread::scope(|scope| {
        for _ in 0..jobs.min(count as usize) {
            let (sender, next, work) = (sender.clone(), &next, &work);
            scope.spawn(move || {
                loop {
                    let index = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    if index >= count || sender.send((index, work(index))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        // The results come out of order: each is held until those before
        // it are reported.
        let mut waiting = std::collections::BTreeMap::new();
        let mut due = 0;
        for (index, result) in receiver {
            waiting.insert(index, result);
            while let Some(result) = waiting.remove(&due) {
                report(result);
                due += 1;
            }
        }
    });
}
