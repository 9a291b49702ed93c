//! Strong (the tree) within a time limit, for the Gomocup brain: the core's
//! door, `engine::think`, takes a node budget and no clock (PISKRS.COM
//! counts nodes so that a position and a budget give the same move
//! everywhere), so the time is kept here, on the host.
//!
//! The tree runs once with the largest budget, on the brain's own thread, and
//! before the deadline (see [`STOP_SHARE`] and [`STOP_MARGIN`]) it stops
//! itself: it reads the clock every few hundred nodes (well under a
//! millisecond). The brain then plays its move (that of the last depth it
//! finished, or of the depth under way once its first move was searched).
//! It once ran on a thread of its own that the brain stopped when a timed
//! wait ended: on a busy machine that wait woke late, now and then by
//! 100 ms (12 replies of 1,615 past timeout_turn 100, issue 51), while the
//! searching thread, which is running anyway, sees the clock in time. A
//! busy machine also leaves the brain without a processor for a while
//! (4 to 25 ms between two readings of the clock 0.25 ms apart, measured
//! beside other builds): the search keeps the longest such gap in hand as
//! well, so that one more of it just before the end does not overrun.
//!
//! Strong before the tree (`threats`, which cannot be stopped) is instead
//! run again with a doubled budget while the time allows: the .COM's
//! budget, then twice it, and so on. Each search is timed, and the next is
//! started only if, at the rate the last one ran, twice its nodes (with a
//! margin, [`GROWTH_MARGIN`]) end before the deadline. The move of the last
//! search that ended is played. The growing stops early when the search is
//! saturated: it ended below its budget with the same nodes as the search
//! before (its steps have their own limits).
//!
//! The deadline is also kept when a search runs slower than the one before:
//! the searches run on a worker thread, and at the deadline the brain answers
//! with the move it has (the first search is always waited for: well under
//! a millisecond on a PC). The search still running is left
//! to end on its own (a search cannot be stopped from outside) and is waited
//! for before the next one starts, so the brain never thinks twice at once.

use std::cell::Cell;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{RecvTimeoutError, channel};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crate::player::Player;
use piskrs::ai::engine::Position;
use piskrs::rules::coord::Point;
use piskrs::rules::game::Game;
use piskrs::support::random::Random;

/// The first search's budget: the .COM's default (its default thinking time
/// on the reference 386).
pub const FIRST_BUDGET: u32 = piskrs::app::settings::DEFAULT_STRONG_BUDGET;

/// The largest budget a timed search grows to (the count is a u32).
pub const MAX_BUDGET: u32 = 1 << 30;

/// A search with twice the nodes is expected to take at most this many times
/// the time of the last one (twice, and a quarter more for the noise of a
/// busy machine and a search whose later nodes cost more).
pub const GROWTH_MARGIN: f64 = 2.5;

/// The share of the time to the deadline the tree searches before it is
/// stopped: the rest is room for the stop, the reply and a busy machine (at
/// 200 ms a move, stopping at the deadline itself, 18 ms before the turn's
/// end, lost one game of 19 on time to Rapfi).
pub const STOP_SHARE: f64 = 0.85;

/// ...and at least this much is left when it is stopped: in a short turn a
/// share is too little room for a busy machine (a 20 ms turn, stopped at
/// 85% of its 15 ms, went over once in three runs beside a DOSBox-X test).
pub const STOP_MARGIN: Duration = Duration::from_millis(10);

/// What a timed search found: the move and its nodes, the largest budget
/// whose search ended in time (the tree's: the nodes it searched), and how
/// many searches ended.
#[derive(Clone, Copy)]
pub struct Timed {
    pub chosen: Option<(Point, u32)>,
    pub budget: u32,
    pub searches: u32,
}

/// The thinking of a timed brain: the worker thread of the last move, if it is
/// still running.
#[derive(Default)]
pub struct Thinker {
    worker: Option<JoinHandle<()>>,
}

impl Thinker {
    /// `engine`'s move in `game` (Strong or the tree; Black or White to
    /// move, at least one stone on the board), searched with budgets growing
    /// from [`FIRST_BUDGET`] while they end before `deadline`.
    pub fn think(
        &mut self,
        engine: Player,
        game: &Game,
        random: &Random,
        deadline: Instant,
    ) -> Timed {
        // The last move's search, if it overran its deadline, ends first.
        if let Some(worker) = self.worker.take() {
            let _ = worker.join();
        }
        // Strong is the tree: stopped at the deadline. Only Strong before
        // the tree (`threats`) grows its budget.
        if !engine.threats {
            return Self::think_stopped(engine, game, *random, deadline);
        }
        let (sender, results) = channel();
        let stop = Arc::new(AtomicBool::new(false));
        let worker_stop = Arc::clone(&stop);
        let game = game.clone();
        let random = *random;
        let worker = std::thread::spawn(move || {
            let mut budget = FIRST_BUDGET;
            let mut last_nodes = None;
            loop {
                let started = Instant::now();
                let mut random = random;
                let player = Player { budget, ..engine };
                let chosen = player.think(Position::of(&game), &mut random);
                let took = started.elapsed();
                if sender.send((chosen, budget)).is_err() || worker_stop.load(Ordering::Relaxed) {
                    return;
                }
                // Saturated: the search ended below its budget with the
                // nodes of the smaller budget before, so its steps did not
                // need more; a larger budget gives the same search.
                let nodes = chosen.map(|(_, nodes)| nodes);
                if nodes.is_some_and(|n| n < budget) && nodes == last_nodes {
                    return;
                }
                last_nodes = nodes;
                let next = budget.saturating_mul(2).min(MAX_BUDGET);
                let expected = took.mul_f64(GROWTH_MARGIN);
                if next == budget || Instant::now() + expected > deadline {
                    return;
                }
                budget = next;
            }
        });
        self.worker = Some(worker);
        let mut timed = Timed {
            chosen: None,
            budget: 0,
            searches: 0,
        };
        loop {
            let wait = deadline.saturating_duration_since(Instant::now());
            // The first search is waited for however long it takes.
            let received = if timed.searches == 0 {
                results.recv().map_err(|_| RecvTimeoutError::Disconnected)
            } else {
                results.recv_timeout(wait)
            };
            match received {
                Ok((chosen, budget)) => {
                    timed = Timed {
                        chosen,
                        budget,
                        searches: timed.searches + 1,
                    };
                }
                Err(RecvTimeoutError::Timeout) => {
                    stop.store(true, Ordering::Relaxed);
                    break;
                }
                Err(RecvTimeoutError::Disconnected) => break,
            }
        }
        // A worker that ended is joined now; one still searching, at the next
        // move (or never, if the brain ends first).
        if self.worker.as_ref().is_some_and(|w| w.is_finished()) {
            let _ = self.worker.take().map(JoinHandle::join);
        }
        timed
    }

    /// The tree's one search, on this thread (its tables are the thread's,
    /// kept from move to move), stopping itself before `deadline` (see the
    /// module's doc).
    fn think_stopped(engine: Player, game: &Game, random: Random, deadline: Instant) -> Timed {
        let now = Instant::now();
        let left = deadline.saturating_duration_since(now);
        let stop_at = now
            + left
                .mul_f64(STOP_SHARE)
                .min(left.saturating_sub(STOP_MARGIN));
        let mut random = random;
        let player = Player {
            budget: MAX_BUDGET,
            ..engine
        };
        // The longest time between two of its clock readings, a few hundred
        // nodes apart: more than that means the machine gave the brain no
        // processor meanwhile, and may do so again just before the end.
        let (last_read, longest_gap) = (Cell::new(now), Cell::new(Duration::ZERO));
        let chosen = player.think_until(Position::of(game), &mut random, &|| {
            let read = Instant::now();
            longest_gap.set(longest_gap.get().max(read - last_read.replace(read)));
            read + longest_gap.get() >= stop_at
        });
        Timed {
            chosen,
            budget: chosen.map_or(0, |(_, nodes)| nodes),
            searches: 1,
        }
    }
}

/// The Gomocup time limits the manager gave (INFO), in milliseconds.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct Limits {
    /// timeout_turn: the most for one move; 0 means as fast as possible.
    pub turn: Option<u64>,
    /// timeout_match: the most for the whole game; 0 means no limit.
    pub matched: Option<u64>,
    /// time_left: what is left of timeout_match.
    pub left: Option<u64>,
}

/// A move's share of the time left of the match: one part in this many (a
/// game rarely lasts more than 40 moves a side, and the share shrinks as the
/// time does).
pub const MATCH_SHARE: u64 = 20;

impl Limits {
    /// How long the brain may think over one move, or None to play the fixed
    /// default budget (no time limit was given, or timeout_turn 0: as fast as
    /// possible).
    pub fn allowed(&self) -> Option<Duration> {
        let turn = match self.turn {
            Some(0) => return None,
            turn => turn,
        };
        let matched = match (self.matched, self.left) {
            (Some(0), _) => None,
            (Some(total), left) => Some(left.unwrap_or(total).min(total) / MATCH_SHARE),
            (None, Some(left)) => Some(left / MATCH_SHARE),
            (None, None) => None,
        };
        let ms = match (turn, matched) {
            (Some(turn), Some(matched)) => turn.min(matched),
            (Some(turn), None) => turn,
            (None, Some(matched)) => matched,
            (None, None) => return None,
        };
        Some(Duration::from_millis(ms))
    }

    /// The deadline of a move whose command came in at `received`: its
    /// allowed time less a reserve for the reply's way to the manager and a
    /// busy machine (a tenth, and at least 5 ms).
    pub fn deadline(&self, received: Instant) -> Option<Instant> {
        let allowed = self.allowed()?;
        let reserve = (allowed / 10).max(Duration::from_millis(5));
        Some(received + allowed.saturating_sub(reserve))
    }
}
