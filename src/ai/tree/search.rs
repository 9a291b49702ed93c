//! The search: a depth deeper each time until the budget ends (iterative
//! deepening), each depth a principal variation search (negamax) with a
//! transposition table and two killer moves a ply. A forced block costs no
//! depth, and so does a four (his answer is forced); after four fours on a
//! line of play only fours go on, each in reach of the side's last stone.
//! The search plays the best move of the last depth it finished (or of the
//! depth under way, once its first move is searched).

use super::classes::{
    COUNT_BUCKETS, COUNT_VALUE, T_FIVE, T_FLEX_FOUR, T_FOUR, T_FOUR_THREE, T_THREE, TEMPO_VALUE,
};
use super::moves::{Moves, NARROW_WIDTH, SMALL_BUDGET, Threats, WIDTH, sort};
use super::tables::{TT_ENTRIES, TreeTables};
use super::{MAX_PLY, NO_KILLERS, Searched, Stop, Tree};
use crate::rules::WinRule;
use crate::rules::board::Stone;
use crate::rules::coord::Point;

/// The low bits of a hash, which give its entry's slot: an entry's key has
/// no use for them, so they hold the generation of the search that stored
/// it instead, and an entry of another search never matches. A table
/// emptied for every search cost each of them a fill of its 128 KiB: nearly
/// a quarter of a search's start on DOS, 386 and 8086 alike
/// (docs/benchmarks.md, "The search's start").
const SLOT_BITS: u32 = TT_ENTRIES as u32 - 1;
/// The searches' generations, 1 to TT_GENERATIONS (0 is a cleared entry's):
/// when they run out, the table is cleared for real and they start again.
pub const TT_GENERATIONS: u16 = TT_ENTRIES - 1;

/// The deepest the iterative deepening goes.
const MAX_DEPTH: i8 = 30;

/// A win, less the plies to it.
const WIN: i32 = 30_000;

/// After this many fours on a line of play, only fours are searched on (at
/// 10,000 nodes against Classic on 15x15: 95.3 -> 99.3%).
const FOURS_BEFORE_ONLY_FOURS: u8 = 4;
/// A score at least this far from 0 is a win or a loss the search proved
/// (within MAX_PLY plies of WIN).
pub const PROVEN: i32 = WIN - 2 * MAX_PLY as i32;

/// How often (in nodes) the search asks whether to stop: well under a
/// millisecond on a PC.
const STOP_EVERY: u32 = 256;

/// The generation of a new search, kept in `memory`: the one after the
/// newest, or 1 once they run out (past [`TT_GENERATIONS`], or whatever
/// else the tables hold), the table then cleared, so that no entry carries
/// it. So each search sees the table as if it had been cleared for it.
fn next_generation<M: TreeTables + ?Sized>(memory: &mut M) -> u16 {
    let generation = match memory.generation() {
        newest @ 0..TT_GENERATIONS => newest + 1,
        _ => {
            memory.clear_entries();
            1
        }
    };
    memory.set_generation(generation);
    generation
}

impl<M: TreeTables, S: Stop> Tree<M, S> {
    /// Readies what a search keeps for a search under `rule` within
    /// `budget` nodes, as a tree built for it would have it: its generation
    /// of the transposition table, no killers, no stone of its own placed,
    /// nothing searched. (What it places, it writes before it reads.)
    pub(super) fn begin(&mut self, rule: WinRule, budget: u32) {
        self.rule = rule;
        #[cfg(not(target_os = "none"))]
        {
            self.renju = false;
        }
        self.placed_count = 0;
        self.saved_count = 0;
        self.changed_count = 0;
        self.killers = NO_KILLERS;
        self.width = if budget < SMALL_BUDGET {
            NARROW_WIDTH
        } else {
            WIDTH
        };
        self.fours_on_path = 0;
        self.nodes = 0;
        self.budget = budget.max(1);
        self.aborted = false;
        self.root_move = None;
        self.root_moves = 0;
        self.generation = next_generation(&mut self.memory);
    }

    /// Searches the position for `me` (`to_move`), a depth deeper each time
    /// until the budget ends: the move of the deepest depth it finished (or
    /// of the one under way, once its first move is searched).
    pub(super) fn search(&mut self, to_move: Stone) -> Option<Searched> {
        let me = to_move as u8 + 1;
        let (mut finished, mut finished_score) = (0, 0);
        for depth in 1..MAX_DEPTH {
            // Each depth leaves its best move whose search finished in root_move.
            let score = self.negamax(me, depth, -WIN - 1, WIN + 1, 0);
            if self.aborted {
                break;
            }
            (finished, finished_score) = (depth, score);
            // Done early: a forced reply (his five's block, my five) is the
            // move whatever the depth, and so is a proven win (a deeper
            // depth may only find another). Both answer at once where they
            // spent the budget (on /BENCH's positions 5 to 11: 2 to 113
            // nodes of 400); against Classic the same 1,200 games' winners
            // (seeds 1-3, both rules), 32 a little longer or shorter.
            if self.nodes >= self.budget || self.root_moves == 1 || score >= PROVEN {
                break;
            }
        }
        let index = self.root_move? as usize;
        let side = self.side;
        Some(Searched {
            point: Point::new((index % side) as u8, (index / side) as u8),
            nodes: self.nodes,
            depth: finished,
            score: finished_score,
        })
    }

    /// The position's score for `me`, to move, searched `depth` plies on
    /// within the window (`alpha`, `beta`), `ply` plies below the root: a
    /// principal variation search. At the root it also keeps the best move
    /// so far in `root_move`.
    fn negamax(&mut self, me: u8, depth: i8, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        // Not asked before the first nodes: by then the root has a move.
        let ask = self.nodes > 0 && self.nodes.is_multiple_of(STOP_EVERY);
        if self.nodes >= self.budget || ask && self.stop.now() {
            self.aborted = true;
            return 0;
        }
        let scan = self.threats(me);
        let renju_black = self.renju_binds(me);
        // Below the root, what the threats decide is a score (at the root a
        // move is wanted: it is searched).
        let ply_score = ply as i32;
        if ply > 0 {
            if scan.my_best == T_FIVE {
                return WIN - ply_score;
            } else if scan.his_fives >= 2 {
                return -(WIN - ply_score - 1);
            } else if renju_black {
                // Black's flex four or four-three may stand on a forbidden
                // point: searched, not taken as won (`forbidden`).
            } else if scan.his_fives == 0 && scan.my_best == T_FLEX_FOUR {
                return WIN - ply_score - 2;
            } else if scan.his_fives == 0 && scan.my_best == T_FOUR_THREE && scan.his_best < T_FOUR
            {
                return WIN - ply_score - 4;
            }
        }
        let forced = scan.his_fives > 0;
        if ply > 0 && (depth <= 0 && !forced || ply + 1 >= MAX_PLY) {
            return self.evaluate(me, &scan);
        }
        // Deep in fours, only fours go on, each in reach of the side's last
        // stone: a victory by continuous fours (each four near the one
        // before) is still searched to its end, but the fours of both sides
        // no longer each reopen a full node at the same depth, nor every four
        // on the board follow every other (a crowded position could spend
        // nearly all its nodes there: docs/strength.md). With none, the
        // position is scored. (Four fours on the line of play are four
        // stones, so the side has a last one.)
        let fours_only = ply > 0 && self.fours_on_path >= FOURS_BEFORE_ONLY_FOURS;
        let fours_from = fours_only.then(|| self.placed[self.placed_count - 2].index as usize);
        let Moves {
            list: mut moves,
            count,
        } = self.moves(me, &scan, fours_from);
        if ply == 0 {
            // At the root a move is wanted, not only a score: the first in
            // order stands until a search finishes.
            self.root_move = self.root_move.or((count > 0).then_some(moves[0].index));
            self.root_moves = count;
        }
        if count == 0 {
            if renju_black && forced && ply > 0 {
                // His five's block is forbidden for Black: no block.
                return -(WIN - ply_score - 1);
            }
            return self.evaluate(me, &scan);
        }
        // A forced block costs no depth.
        let depth = if forced { depth } else { depth - 1 };
        let original_alpha = alpha;
        let (table_move, hit) = self.probe(depth, alpha, beta);
        if let (Some(score), true) = (hit, ply > 0) {
            return score;
        }
        let killers = self.killers[ply];
        for candidate in moves[..count].iter_mut() {
            if Some(candidate.index) == table_move {
                candidate.order = i32::MAX;
            } else if candidate.index == killers[0] || candidate.index == killers[1] {
                candidate.order = candidate.order.saturating_add(1 << 20);
            }
        }
        sort(&mut moves[..count]);
        // Cut after the order: the table's move and the killers stay.
        let count = if ply > 0 {
            count.min(self.width)
        } else {
            count
        };
        let him = 3 - me;
        let mut best_score = -WIN - 1;
        let mut best_move = moves[0].index;
        for (i, candidate) in moves[..count].iter().enumerate() {
            let index = candidate.index as usize;
            // A four costs no depth either: his answer is forced, so a
            // victory by fours is searched to its end (against Rapfi 32.5 ->
            // 37.0%, docs/strength.md).
            let threat = self.judged[index][me as usize - 1].threat;
            let four = (T_FOUR..T_FIVE).contains(&threat);
            let depth = if four { depth + 1 } else { depth };
            self.fours_on_path += four as u8;
            self.place(index, me);
            let mut score;
            if i == 0 {
                score = -self.negamax(him, depth, -beta, -alpha, ply + 1);
            } else {
                score = -self.negamax(him, depth, -alpha - 1, -alpha, ply + 1);
                if score > alpha && score < beta && !self.aborted {
                    score = -self.negamax(him, depth, -beta, -alpha, ply + 1);
                }
            }
            self.remove(index);
            self.fours_on_path -= four as u8;
            if self.aborted {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = candidate.index;
                if ply == 0 {
                    self.root_move = Some(best_move);
                }
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                if self.killers[ply][0] != candidate.index {
                    self.killers[ply] = [candidate.index, self.killers[ply][0]];
                }
                break;
            }
        }
        let bound = if best_score <= original_alpha {
            UPPER
        } else if best_score >= beta {
            LOWER
        } else {
            EXACT
        };
        self.store(depth, best_score, bound, best_move);
        best_score
    }

    /// The position's worth for `me`, to move.
    pub(super) fn evaluate(&self, me: u8, scan: &Threats) -> i32 {
        let (mine, his) = (me as usize - 1, 2 - me as usize);
        let mut score = self.tally.totals[mine] - self.tally.totals[his];
        if scan.his_fives == 0 {
            score += TEMPO_VALUE[scan.my_best as usize][scan.his_best as usize];
        }
        // Each side's count of points with each threat, from an open
        // three's point to an open four's (the search keeps the counts).
        for (role, side) in [mine, his].into_iter().enumerate() {
            let counts = &self.tally.threat_counts[side];
            for threat in T_THREE as usize..T_FIVE as usize {
                let bucket = (counts[threat] as usize).min(COUNT_BUCKETS - 1);
                score += COUNT_VALUE[role][threat][bucket];
            }
        }
        score
    }

    /// The table's move for this position and, when its entry decides the
    /// window, its score.
    fn probe(&self, depth: i8, alpha: i32, beta: i32) -> (Option<u16>, Option<i32>) {
        let (key, data) = self.entry();
        if key != self.tally.hash {
            return (None, None);
        }
        let score = data as u16 as i16 as i32;
        let entry_depth = (data >> 16) as i8 & 31;
        let bound = (data >> 21) & 3;
        let index = (data >> 23) as u16;
        let hit = entry_depth >= depth
            && (bound == EXACT
                || bound == UPPER && score <= alpha
                || bound == LOWER && score >= beta);
        (Some(index), hit.then_some(score))
    }

    /// Keeps the position's score, its bound and its best move in its entry,
    /// the key's slot bits holding this search's generation.
    fn store(&mut self, depth: i8, score: i32, bound: u32, index: u16) {
        let data = score as i16 as u16 as u32
            | (depth.max(0) as u32 & 31) << 16
            | bound << 21
            | (index as u32) << 23;
        let key = self.tally.hash & !SLOT_BITS | self.generation as u32;
        self.memory.set_entry(self.entry_slot(), key, data);
    }

    /// The position's entry in the transposition table as a table cleared
    /// for this search would hold it: one this search stored, its key whole
    /// again (the slot's bits for the generation's), else an empty one (key
    /// 0, data 0: so even a hash of 0 meets what it met before the
    /// generations).
    fn entry(&self) -> (u32, u32) {
        let slot = self.entry_slot();
        let (key, data) = self.memory.entry(slot);
        if key & SLOT_BITS == self.generation as u32 {
            (key & !SLOT_BITS | slot as u32, data)
        } else {
            (0, 0)
        }
    }

    /// The position's entry in the transposition table.
    fn entry_slot(&self) -> u16 {
        self.tally.hash as u16 & (TT_ENTRIES - 1)
    }
}

/// A table entry's bound: its score is exact, at most, at least.
const EXACT: u32 = 0;
const UPPER: u32 = 1;
const LOWER: u32 = 2;
