//! The moves tried at a node, from the threats: against his five only its
//! block; against his open three or four-three, only the points on his
//! threat lines and my own fours; otherwise the best points by attack and
//! defence (under a small budget, only five below the root:
//! [`NARROW_WIDTH`]).

use super::Stop;
use super::Tree;
use super::classes::{T_FIVE, T_FLEX_FOUR, T_FOUR, T_FOUR_THREE, T_THREE};
use super::tables::TreeTables;
use crate::ai::patterns::FOUR;
use crate::rules::WinRule;
use crate::rules::board::DIRECTIONS;

/// Moves tried at a node, at most (8 and 16 scored 22% and 23% against
/// Rapfi where 12 scored 29%).
pub(super) const WIDTH: usize = 12;
/// Below the root, the moves tried at a node under a small budget
/// ([`SMALL_BUDGET`]), the first in order once the table's move and the
/// killers are put first: with a few hundred nodes the full width does not
/// finish a second ply where five moves mostly finish a third (mean depth
/// 1.95 -> 2.49 at 450 nodes). At 430 nodes (what the default 2 s bought
/// on the reference 386 until the engine was built for speed; 470 now)
/// against Classic over seeds 1-3, 19x19 / 15x15 exact:
/// 12 moves 74.3 / 80.2%, 4 91.2 / 89.4%, 5 92.7 / 88.8%, 6 80.2 / 81.3%;
/// against Rapfi at `max_node 1600` over seeds 1-5: 36.6, 38.2, 49.3 and
/// 39.2% (a sharp setting: docs/strength.md).
pub(super) const NARROW_WIDTH: usize = 5;
/// The budgets the narrow width is for: at 800 nodes 5 moves score 96.7 /
/// 93.3% against Classic where 12 score 88.8 / 88.5%; at 1,600 90.2 /
/// 88.6% and 45.2% against Rapfi where 12 score 98.2 / 96.8% and 53.5%.
pub(super) const SMALL_BUDGET: u32 = 1000;

/// A move tried, with what orders it.
#[derive(Clone, Copy)]
pub(super) struct Candidate {
    pub(super) index: u16,
    pub(super) order: i32,
}

/// What a scan of the points near the stones found for the side to move:
/// the best threats of each side, and the fives.
pub(super) struct Threats {
    pub(super) my_best: u8,
    pub(super) his_best: u8,
    pub(super) my_five: u16,
    pub(super) his_five: u16,
    pub(super) his_fives: u8,
}

/// The moves tried at a node, best first.
pub(super) struct Moves {
    pub(super) list: [Candidate; WIDTH],
    pub(super) count: usize,
}

impl<M: TreeTables, S: Stop> Tree<M, S> {
    /// Whether a stone of `stone` on the empty point `index` makes a five
    /// under the rule (the classes see four points each way: under exact
    /// five a sixth stone beyond them spoils it).
    fn makes_five(&self, index: usize, stone: u8) -> bool {
        // Under Renju Black's five is exactly five (`forbidden`).
        if self.rule == WinRule::FiveOrMore && !self.renju_binds(stone) {
            return true;
        }
        (0..4).any(|d| self.run(index, d, stone) == 5)
    }

    /// The length of the run of `stone` through the empty point `index` along
    /// line `d`, the point counted.
    fn run(&self, index: usize, d: usize, stone: u8) -> u32 {
        let (dc, dr) = DIRECTIONS[d];
        let side = self.side as isize;
        let (col, row) = ((index % self.side) as isize, (index / self.side) as isize);
        let mut length = 1;
        for sign in [-1isize, 1] {
            let mut steps = 1;
            loop {
                let (c, r) = (
                    col + dc as isize * steps * sign,
                    row + dr as isize * steps * sign,
                );
                if !(0..side).contains(&c) || !(0..side).contains(&r) {
                    break;
                }
                if self.cells[(r * side + c) as usize] != stone {
                    break;
                }
                length += 1;
                steps += 1;
            }
        }
        length
    }

    /// Both sides' threats, `me` (1 or 2) to move: from the counts, unless a
    /// five is about (then its point is wanted, and under exact five whether
    /// it is one).
    pub(super) fn threats(&self, me: u8) -> Threats {
        let (mine, his) = (me as usize - 1, 2 - me as usize);
        // The best threat below a five (fives are looked at below).
        let best = |counts: &[u16; 7]| {
            let mut threat = T_FLEX_FOUR;
            while threat >= T_THREE && counts[threat as usize] == 0 {
                threat -= 1;
            }
            threat
        };
        let mut scan = Threats {
            my_best: best(&self.tally.threat_counts[mine]),
            his_best: best(&self.tally.threat_counts[his]),
            my_five: 0,
            his_five: 0,
            his_fives: 0,
        };
        let (my_fives, my_five) = self.real_fives(mine);
        let (his_fives, his_five) = self.real_fives(his);
        if my_fives > 0 {
            (scan.my_best, scan.my_five) = (T_FIVE, my_five);
        }
        if his_fives > 0 {
            (scan.his_best, scan.his_fives, scan.his_five) = (T_FIVE, his_fives, his_five);
        }
        scan
    }

    /// How many points make `side` (0 Black, 1 White) a five under the rule,
    /// and the last of them.
    fn real_fives(&self, side: usize) -> (u8, u16) {
        let stone = side as u8 + 1;
        let (mut count, mut last) = (0, 0);
        let mut count_point = |index: usize| {
            if self.makes_five(index, stone) {
                count += 1;
                last = last.max(index as u16);
            }
        };
        if self.tally.threat_counts[side][T_FIVE as usize] == 0 {
            return (0, 0);
        }
        if self.tally.fives_overflowed {
            let points = self.side * self.side;
            (0..points)
                .filter(|&index| self.judged[index][side].threat == T_FIVE)
                .for_each(count_point);
        } else {
            let points = &self.tally.five_points[side];
            points.list[..points.len as usize]
                .iter()
                .for_each(|&index| count_point(index as usize));
        }
        (count, last)
    }

    /// The moves worth trying for `me` (1 or 2), best first, given the
    /// threats (a leaf needs only those); with `fours_from`, only my fours in
    /// reach of that stone of mine.
    pub(super) fn moves(&self, me: u8, threats: &Threats, fours_from: Option<usize>) -> Moves {
        let mine = me as usize - 1;
        let mut moves = Moves {
            list: [Candidate { index: 0, order: 0 }; WIDTH],
            count: 0,
        };
        let mut renju_cells = self.renju_cells(me);
        if threats.my_best == T_FIVE || threats.his_fives > 0 {
            // My five, else the block of his (of two, one: he wins anyway).
            moves.list[0].index = if threats.my_best == T_FIVE {
                threats.my_five
            } else {
                threats.his_five
            };
            moves.count = 1;
            // Under Renju a forbidden block is none (a five never is
            // forbidden): no move.
            if threats.my_best != T_FIVE
                && let Some(cells) = renju_cells.as_mut()
                && cells.forbids(threats.his_five as usize)
            {
                moves.count = 0;
            }
            return moves;
        }
        // Against his open three or four-three: only the points on his
        // threat lines, and my fours.
        let defend = threats.his_best >= T_FOUR_THREE && threats.my_best < T_FLEX_FOUR;
        // The points near a stone, in the order of their indices (plain
        // ranges: on DOS, chained iterators step by calls).
        let stones = self.tally.stones_box;
        let cols =
            stones.cols.0.saturating_sub(2) as usize..self.side.min(stones.cols.1 as usize + 3);
        let rows =
            stones.rows.0.saturating_sub(2) as usize..self.side.min(stones.rows.1 as usize + 3);
        for row in rows {
            for col in cols.clone() {
                let index = row * self.side + col;
                if let Some(candidate) = self.candidate(index, mine, defend, fours_from)
                    && !renju_cells
                        .as_mut()
                        .is_some_and(|cells| cells.forbids(index))
                {
                    insert(&mut moves, candidate);
                }
            }
        }
        moves
    }

    /// The point `index` as a move for side `mine` (0 Black, 1 White), with
    /// its order: None unless it is empty and near a stone, with
    /// `fours_from` a four of mine in reach of that stone, and when
    /// `defending`, on one of his threat lines or a four of mine.
    #[inline(always)]
    fn candidate(
        &self,
        index: usize,
        mine: usize,
        defending: bool,
        fours_from: Option<usize>,
    ) -> Option<Candidate> {
        let his = 1 - mine;
        if self.near[index] == 0 || self.cells[index] != 0 {
            return None;
        }
        let [a, b] = [self.judged[index][mine], self.judged[index][his]];
        if let Some(from) = fours_from
            && (a.threat < T_FOUR || !self.in_reach(index, from))
        {
            return None;
        }
        if defending && a.threat < T_FOUR {
            let word = self.classes[index][his];
            let on_his_line = (0..4).any(|d| (word >> (4 * d)) as u8 & 15 >= FOUR);
            if !on_his_line {
                return None;
            }
        }
        let order = a.value as i32 * 2 + b.value as i32 + ((a.threat.max(b.threat) as i32) << 12);
        Some(Candidate {
            index: index as u16,
            order,
        })
    }

    /// Whether the point `index` is within two points of the point `from`
    /// or on one of its lines within four steps: where a four that goes on
    /// from a stone at `from` lies (a victory by continuous fours).
    fn in_reach(&self, index: usize, from: usize) -> bool {
        let side = self.side;
        let cols = (index % side).abs_diff(from % side);
        let rows = (index / side).abs_diff(from / side);
        let on_a_line = cols == 0 || rows == 0 || cols == rows;
        cols.max(rows) <= 2 || on_a_line && cols.max(rows) <= 4
    }
}

/// Sorts the moves best first (insertion: at most WIDTH of them).
pub(super) fn sort(moves: &mut [Candidate]) {
    for i in 1..moves.len() {
        let mut at = i;
        let moving = moves[i];
        while at > 0 && moves[at - 1].order < moving.order {
            moves[at] = moves[at - 1];
            at -= 1;
        }
        moves[at] = moving;
    }
}

/// Puts `candidate` into the scan's moves, kept best first; the weakest
/// falls off the end.
fn insert(moves: &mut Moves, candidate: Candidate) {
    let mut at = moves.count;
    while at > 0 && moves.list[at - 1].order < candidate.order {
        at -= 1;
    }
    if at < WIDTH {
        moves.count = (moves.count + 1).min(WIDTH);
        let mut i = moves.count - 1;
        while i > at {
            moves.list[i] = moves.list[i - 1];
            i -= 1;
        }
        moves.list[at] = candidate;
    }
}
