//! Playouts: a candidate played on to see who wins the race of threats.
//!
//! In the ladder's steps 6 and 7 (defences and quiet moves), while the budget
//! has room (PLAYOUT_COST nodes left), each candidate that leaves him nothing
//! (in 7, each candidate: its playout is its check) is **played out**: both
//! sides play CountScore's best point for up to PLAYOUT_PLIES stones (mine
//! with a share of their defence values added, MY_DEFENCE_SHARE). The first
//! whose playout I win is played, else the first I do not lose (`pick`,
//! `playout`). A two-ply look cannot see who wins the race of threats that
//! one-ply play leads to; a playout can. A playout keeps each point's best
//! units along its four lines (`LineCache`): a stone changes them only on its
//! own four lines, so it costs eight line looks rather than a CountScore of
//! every point near the stones, and playouts fit the default thinking time
//! (with them and the budget's new shares, Strong's mean against Classic over
//! three sets of openings and two rule sets went from 72% at the old default
//! of 975 nodes to 86% at 650; with the forcing steps' shares capped, six
//! candidates ordered, my stones in playouts blocking too and the cache over
//! the whole board, 96% at the default of 1,600 nodes, 98-99% on the arena's
//! first openings; README, Strength).

// Loops run over half-open ranges (`1..5`, not `1..=4`): an inclusive range
// costs the .COM an out-of-line `next` and bulkier loops.

use super::Search;
use piskrs::ai::evaluation::{
    BLOCKS_FIVE, MAKES_OPEN_FOUR, WINNING, defence_score, direction_score,
};
use piskrs::ai::patterns::{Classes, line_classes};
use piskrs::rules::board::{Board, DIRECTIONS, Stone};
use piskrs::rules::coord::Point;
use piskrs::support::word_tables::Words;

/// How many stones a playout plays after my move (12 and 30 were weaker at
/// 6,500 nodes against Classic; once quiet candidates were played out
/// unchecked, 24 rather than 20 took the six arena runs' mean at 650 nodes
/// from 84.9 to 86.0%, seeds 1-3, at 1,950 from 92.6 to 93.9, at 6,500 from
/// 93.3 to 95.3; 22 did as well at 650, 26 and 28 worse).
const PLAYOUT_PLIES: u8 = 24;
/// The nodes a playout is begun with at least (one costs 100 to 300). A begun
/// playout stops when the budget is spent, at most one stone's scoring beyond
/// it (50 and 100 played the same games at 650 nodes, 200 and 500 weaker).
pub(super) const PLAYOUT_COST: u32 = 100;
/// In a playout my stones are chosen by CountScore plus this share of the
/// defence values along the point's four lines (his stones' by CountScore
/// alone: he is Classic). CountScore takes the larger of attack and defence
/// along each line, so a point that builds and blocks at once is worth no more
/// than one that only builds; Strong's own moves do better, and a playout
/// stands for how Strong plays on. Against Classic at 1,300 nodes, the six
/// arena runs' mean over seeds 1-7 went from 93.3% to 95.2% (19x19 freestyle
/// on the first openings 95.0 -> 95.3, 15x15 exact 97.5 -> 99.0); a share
/// of 1/8 scored 95.0, 1/16 94.9, 1/6 94.9, 1/4 94.7 (seeds 1-3); against
/// Cha 98.8 -> 98.7%.
const MY_DEFENCE_SHARE: u16 = 12;

/// A playout's memory of the best units along the four lines of each point
/// in a window of the board (`patterns::line_classes`): worked out when first
/// asked for, forgotten along the lines of each stone played. A stone changes
/// a point's units only along the line that joins them, so each stone costs
/// eight looks a line at most, where CountScore afresh reads all four lines of
/// every point. The window (WINDOW_SIDE points a side around the playout's
/// first stone) is the whole board on DOS; only the host's 20x20 boards (the
/// Gomocup brain's) have points outside it, looked at afresh.
pub(super) struct LineCache<'a> {
    /// A word a point: its four lines' classes, a byte each.
    classes: &'a dyn Words,
    /// The window's lower left corner.
    corner: Point,
    /// Lines looked at (one line of one point).
    looks: u32,
}

/// A 19x19 window, 1,444 bytes (on DOS outside the segment, so not on the
/// stack), rather than the 15x15 that once fit the stack (900): on 19x19 boards points outside that window were looked at afresh on
/// every stone, dear in nodes; against Classic at 1,300 nodes, 19x19
/// freestyle on the first openings went from 94.8% to 98.2% (mean of seeds
/// 1-7), the six arena runs' mean from 95.2 to 96.2%.
const WINDOW_SIDE: u8 = 19;
const WINDOW_POINTS: usize = WINDOW_SIDE as usize * WINDOW_SIDE as usize;
/// The search's words the line cache takes, from the first (see
/// `Search::memory`).
pub(super) const CACHE_WORDS: usize = WINDOW_POINTS;
/// A line's classes not known (no real classes are this: four bits each side,
/// at most 8).
const UNKNOWN: Classes = 0xFF;
/// A point's four lines not known.
const ALL_UNKNOWN: u32 = u32::from_le_bytes([UNKNOWN; 4]);
/// Line looks that cost as much as a node...
const LOOKS_PER_NODE: u32 = 4;
/// ...and the points scanned for a playout's next stone that cost as much as
/// a line look (their lines mostly known, a few table lookups each). Counted,
/// a playout's node takes about as long on the 386 as a search node: without
/// them, with the whole board's lines cached, the benchmark's playouts ran at
/// 694 nodes a second where its forcing steps run at 950 or more, and more
/// stones on the board (more points to scan) would have made it worse.
const SCANS_PER_LOOK: u32 = 8;

impl LineCache<'_> {
    /// The window's place for `point`, if it is inside.
    #[inline(always)]
    fn slot(&self, point: Point) -> Option<usize> {
        let col = point.col.wrapping_sub(self.corner.col);
        let row = point.row.wrapping_sub(self.corner.row);
        (col < WINDOW_SIDE && row < WINDOW_SIDE)
            .then(|| row as usize * WINDOW_SIDE as usize + col as usize)
    }

    /// CountScore of `point` for `stone` from its lines' classes, looking at
    /// those not known, and the sum of its lines' defence values.
    fn gain(&mut self, board: &Board, point: Point, stone: Stone) -> (u16, u16) {
        // The four lines' classes read and written back at once (the playouts'
        // innermost loop: on a 386, every check and call in it counts).
        let slot = self.slot(point).filter(|&slot| slot < WINDOW_POINTS);
        let known = slot.map_or(ALL_UNKNOWN, |slot| self.classes.get(slot));
        let mut lines = known.to_le_bytes();
        let (mut total, mut defence, mut looked) = (0, 0, false);
        for (classes, &(dc, dr)) in lines.iter_mut().zip(DIRECTIONS.iter()) {
            if *classes == UNKNOWN {
                self.looks += 1;
                *classes = line_classes(board, point, dc, dr);
                looked = true;
            }
            total += direction_score(*classes, stone);
            defence += defence_score(*classes, stone);
        }
        if let Some(slot) = slot.filter(|_| looked) {
            self.classes.set(slot, u32::from_le_bytes(lines));
        }
        (total, defence)
    }

    /// After a stone on a line through `point` (along `DIRECTIONS[d]`).
    pub(super) fn forget(&mut self, point: Point, d: usize) {
        if let Some(slot) = self.slot(point) {
            let mut lines = self.classes.get(slot).to_le_bytes();
            lines[d] = UNKNOWN;
            self.classes.set(slot, u32::from_le_bytes(lines));
        }
    }
}

impl Search<'_> {
    /// Plays `point` for me, then lets both sides play CountScore's best point
    /// (Classic's way of playing; the scores from a LineCache, four line
    /// looks or 32 points scanned a node) for up to PLAYOUT_PLIES
    /// stones, and takes them all back: 1 (I win) or -1 (he wins) when a side
    /// reaches a point worth a five, or an open four and no block of a five
    /// (CountScore's values: the other side cannot stop it); 0 when neither
    /// happens or the budget runs out. A two-ply look cannot see who wins the
    /// race of threats that one-ply play leads to; a playout can.
    #[inline(never)]
    pub(super) fn playout(&mut self, point: Point, me: Stone) -> i8 {
        let classes = self.memory;
        for slot in 0..WINDOW_POINTS {
            classes.set(slot, ALL_UNKNOWN);
        }
        let corner = |at: u8| {
            at.saturating_sub(WINDOW_SIDE / 2)
                .min(self.board.side().saturating_sub(WINDOW_SIDE))
        };
        let mut lines = LineCache {
            classes,
            corner: Point::new(corner(point.col), corner(point.row)),
            looks: 0,
        };
        let start = self.nodes;
        let mut played = [point; PLAYOUT_PLIES as usize + 1];
        let mut count = 0;
        let mut mover = me;
        let mut next_stone = Some(point);
        let mut outcome = 0;
        let mut scanned = 0;
        while let Some(q) = next_stone {
            self.board.set(q, Some(mover));
            self.mark_near(q, 0, Some(&mut lines));
            played[count] = q;
            count += 1;
            mover = mover.opponent();
            if count == played.len() || self.nodes >= self.budget {
                break;
            }
            // (worth, CountScore, point): the point is chosen by its worth, the
            // playout's end told by its CountScore.
            let mut best = (0, 0, None);
            let mut next = self.next_near(0);
            while let Some(q) = next {
                scanned += 1;
                let (score, defence) = lines.gain(&self.board, q, mover);
                let worth = score
                    + if mover == me {
                        defence / MY_DEFENCE_SHARE
                    } else {
                        0
                    };
                if worth > best.0 {
                    best = (worth, score as i32, Some(q));
                }
                next = self.next_near(self.index(q) + 1);
            }
            self.nodes = start + (lines.looks + scanned / SCANS_PER_LOOK) / LOOKS_PER_NODE;
            if best.1 >= MAKES_OPEN_FOUR && !(BLOCKS_FIVE..WINNING).contains(&best.1) {
                outcome = if mover == me { 1 } else { -1 };
                break;
            }
            next_stone = best.2;
        }
        for &q in &played[..count] {
            self.board.set(q, None); // (the points near them stay marked)
        }
        outcome
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::threat_search::{SEARCH_WORDS, with_search};
    use piskrs::ai::evaluation::count_score;
    use piskrs::rules::game::Position;
    use piskrs::rules::{Opening, WinRule};
    use piskrs::support::word_tables::WordArray;

    /// A playout's cached gains are CountScore afresh (and the defence values
    /// its lines' classes give afresh), for both sides at every
    /// empty point, after every stone of random sequences on both board sizes
    /// and with the window anywhere (points outside it included); and a point
    /// asked for again costs no look.
    #[test]
    fn the_line_cache_keeps_count_score() {
        let mut seed = 7u32;
        let mut next = |below: u8| {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            ((seed >> 16) % below as u32) as u8
        };
        for game in 0..60 {
            let side = [15, 19][game % 2];
            let board = Board::new(side);
            let position = Position {
                board: &board,
                to_move: Stone::Black,
                rule: WinRule::FiveOrMore,
                opening: Opening::Free,
                moves: &[],
            };
            let corner = Point::new(next(side), next(side));
            let memory = WordArray::<SEARCH_WORDS>::new();
            with_search(position, 1, &memory, |search| {
                let classes = WordArray::<WINDOW_POINTS>::new();
                for slot in 0..WINDOW_POINTS {
                    classes.set(slot, ALL_UNKNOWN);
                }
                let mut lines = LineCache {
                    classes: &classes,
                    corner,
                    looks: 0,
                };
                let mut stone = Stone::Black;
                for _ in 0..50 {
                    let q = Point::new(next(side), next(side));
                    if search.board.get(q).is_some() {
                        continue;
                    }
                    search.board.set(q, Some(stone));
                    search.mark_near(q, 0, Some(&mut lines));
                    stone = stone.opponent();
                    for index in 0..search.point_count() {
                        let p = search.point(index);
                        if search.board.get(p).is_some() {
                            continue;
                        }
                        for s in [Stone::Black, Stone::White] {
                            let fresh = count_score(&search.board, p, s);
                            let defence: u16 = DIRECTIONS
                                .iter()
                                .map(|&(dc, dr)| {
                                    defence_score(line_classes(&search.board, p, dc, dr), s)
                                })
                                .sum();
                            assert_eq!(lines.gain(&search.board, p, s), (fresh, defence));
                        }
                        if lines.slot(p).is_some() {
                            let looks = lines.looks;
                            lines.gain(&search.board, p, stone);
                            assert_eq!(lines.looks, looks, "known lines are not looked at");
                        }
                    }
                }
            });
        }
    }
}
