//! The ladder: the level's steps in order (see the level's description, 1 to
//! 7), each only when the ones before found nothing (`decide`, then
//! `quiet_move`), and the share of the budget each may use. How much a side
//! threatens is judged here (`threat_level`), and which of several candidates
//! is played (`pick`: the first that leaves him least, played out while the
//! budget has room).

use super::candidates::CANDIDATES;
use super::playouts::PLAYOUT_COST;
use super::threats::Found;
use super::{Reason, Search};
use piskrs::rules::board::Stone;
use piskrs::rules::coord::Point;

/// How deep the VCF search goes: three fours, and a four-three after them.
/// Each four costs the .COM about 125 bytes of stack, which has no room for
/// more; at the shipped budget 6 to 12 fours gave the same 1,600 arena games
/// and 3 a point more or less.
const VCF_DEPTH: u8 = 3;
/// How many threats deep the VCT search goes (threes and fours).
const VCT_DEPTH: u8 = 2;
/// How many of my best candidates are tried as defences.
const DEFENCES: usize = 16;
/// The candidates' indexes in their own order (CountScore's, best first).
const IN_ORDER: [u8; CANDIDATES] = {
    let mut order = [0; CANDIDATES];
    let mut i = 0;
    while i < CANDIDATES {
        order[i] = i as u8;
        i += 1;
    }
    order
};
/// How many quiet candidates are checked for leaving him a threat (and
/// played out).
const SAFETY_CHECKS: usize = 8;

/// Threat levels, see [`Search::threat_level`].
const NONE: u8 = 0;
const THREES: u8 = 1;
const FOURS: u8 = 2;
const FIVE: u8 = 3;

impl Search<'_> {
    /// The forcing steps; None when only a quiet move is left.
    pub(super) fn decide(&mut self, me: Stone, candidates: &[Point]) -> Option<(Point, Reason)> {
        let him = me.opponent();
        let mine = self.scan(me, true);
        if let Some(win) = mine.five {
            return Some((win, Reason::WinInOne));
        }
        let his = self.scan(him, true);
        if let Some(block) = his.five {
            return Some((block, Reason::BlockFive));
        }
        // (A fifth of the forcing budget, see FORCING_BUDGET: a quarter scored
        // half a point less at 650 nodes, the mean of three seeds.)
        self.forcing_phase(5);
        if let Some(start) = self.threats(me, VCF_DEPTH, false, None) {
            return Some((start, Reason::MyVcf));
        }
        if let Some(point) = mine
            .four_three
            .filter(|&point| self.four_three_wins(point, me))
        {
            return Some((point, Reason::FourThree)); // the four forces, the three wins
        }
        // How much he threatens if I pass: his open three or four-three wins
        // faster than any three of mine; against his three-three my threats
        // come first. (An eighth of the forcing budget: a quarter left the playouts
        // less and scored 3 points fewer at 650 nodes.) His VCT is not looked
        // for, and my VCT has a third of the budget rather than a quarter: at
        // 650 nodes 81.2% -> 83.4% against Classic (mean of the six arena
        // runs; 80.6 -> 82.9 with seed 2), the same at 1,950 and 6,500.
        self.forcing_phase(8);
        let danger = self.threat_level(&his, him);
        if danger < FOURS && his.four.is_none() {
            self.forcing_phase(3);
            if let Some(point) = self.threats(me, VCT_DEPTH, true, None) {
                return Some((point, Reason::MyVct));
            }
        }
        if danger == NONE {
            return None;
        }
        // Defend: of my best candidates, the first that leaves him least.
        let point = self.pick(me, candidates, &IN_ORDER, DEFENCES, 24, danger + 1);
        let reason = if danger >= FOURS {
            Reason::BlockFours
        } else {
            Reason::BlockThrees
        };
        Some((point, reason))
    }

    /// How much `judged` threatens after a stone of `mover` on `point`.
    fn threat_after(&mut self, point: Point, mover: Stone, judged: Stone) -> u8 {
        self.place(point, mover);
        let found = self.scan(judged, true);
        let level = self.threat_level(&found, judged);
        self.remove(point, mover);
        level
    }

    /// What `stone` threatens with its move, from a scan of its points: FIVE
    /// (it has a four on the board), FOURS (an open three, a four-three, a win
    /// by continuous fours), THREES (a three-three or a victory by threats, which
    /// a defence may still break with a four of its own) or NONE. (Inlined in
    /// its two callers: as a call it cost the .COM more.)
    #[inline(always)]
    fn threat_level(&mut self, found: &Found, stone: Stone) -> u8 {
        if found.five.is_some() {
            FIVE
        } else if found.open_four.is_some()
            || found.four_three.is_some()
            || self.threats(stone, VCF_DEPTH, false, None).is_some()
        {
            FOURS
        } else if found.three_three.is_some() {
            THREES
        } else {
            NONE
        }
    }

    /// Step 7: my candidates ordered by the two-ply search over the best WIDTH
    /// of them (see `search_order`), then the first in that order after which
    /// he threatens nothing (see `pick`).
    pub(super) fn quiet_move(&mut self, me: Stone, candidates: &[Point]) -> Point {
        let order = self.search_order(me, candidates);
        self.pick(me, candidates, &order, SAFETY_CHECKS, 8, THREES)
    }

    /// Of the first `count` of `candidates` taken in `order`, the first that
    /// leaves him least (below `worse`, else the first in order), each looked
    /// at within a `1 / share` of the budget. When the budget has room, those
    /// that leave him nothing are played out (see `playout`): the first whose
    /// playout I win, else the first I do not lose, else the first. A quiet
    /// candidate (`worse` is THREES only for those) is then played out
    /// unchecked.
    #[inline(never)]
    fn pick(
        &mut self,
        me: Stone,
        candidates: &[Point],
        order: &[u8; CANDIDATES],
        count: usize,
        share: u32,
        worse: u8,
    ) -> Point {
        let mut best = (worse, candidates[order[0] as usize]);
        let mut played_out = -2;
        for &i in order[..candidates.len()].iter().take(count) {
            if self.nodes >= self.budget {
                break; // the budget bounds the time: no more tried
            }
            self.phase(self.budget / share);
            let point = candidates[i as usize];
            // A quiet candidate's playout meets his threats as Classic plays
            // them; the check's nodes serve the playout better (at 650 nodes,
            // with my VCF a fifth of the budget rather than a quarter, the six
            // arena runs' mean against Classic went 83.4 -> 85.4%, seeds 2
            // and 3 82.9 -> 85.1 and 82.9 -> 84.0; at 1,950 nodes 91.7 ->
            // 92.6, at 6,500 93.7 -> 93.3; against Cha 95.7 -> 95.3).
            let left = if worse == THREES && self.nodes + PLAYOUT_COST <= self.budget {
                NONE
            } else {
                self.threat_after(point, me, me.opponent())
            };
            if left == NONE && self.nodes + PLAYOUT_COST <= self.budget {
                let outcome = self.playout(point, me);
                if outcome > played_out {
                    (best, played_out) = ((NONE, point), outcome);
                }
                if outcome > 0 {
                    break;
                }
            } else if left < best.0 || left == NONE && played_out < 0 {
                // (an unplayed safe point beats one whose playout I lose)
                best = (left, point);
                if left == NONE {
                    break;
                }
            }
        }
        best.1
    }
}
