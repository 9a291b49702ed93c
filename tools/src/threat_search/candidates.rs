//! My candidate moves: the best empty points near the stones by CountScore
//! (`best_candidates`; from the game's Info when it is kept for my side), and
//! the order in which the quiet moves are tried: a two-ply search over the
//! best WIDTH of them, a move worth its CountScore less his best CountScore
//! reply (`search_order`, each CountScore a node).

// Loops run over half-open ranges (`1..5`, not `1..=4`): an inclusive range
// costs the .COM an out-of-line `next` and bulkier loops.

use super::{FORCING_BUDGET, Search};
use piskrs::ai::evaluation::{Info, WINNING, count_score};
use piskrs::rules::board::Stone;
use piskrs::rules::coord::Point;

/// My best candidates, by CountScore: the defences and quiet moves tried.
pub(super) const CANDIDATES: usize = 16;
/// Candidates the quiet moves' search orders (with playouts at 650 nodes, 4
/// scored 81% against Classic, 3 79%, 5 81%, 6 79%, 8 78%)...
const WIDTH: usize = 4;
/// ...and with a budget beyond FORCING_BUDGET, whose nodes go to the quiet
/// moves (at 1,300 nodes, the six arena runs' mean over seeds 1-3 against
/// Classic: 4 92.5%, 6 93.3%, 8 91.9%, 10 90.8%; at 1,950 nodes 4 93.9%, 6
/// 94.8%; against Cha at 1,300 nodes 97.8 -> 98.8%).
const WIDE: usize = 6;
/// Plies of the quiet moves' search: my move, his answer.
const MAX_DEPTH: u8 = 2;

/// The indexes 0..CANDIDATES ordered by `scores`, best first (a stable
/// insertion sort: equal scores keep their order).
fn sorted(scores: &[i32; CANDIDATES]) -> [u8; CANDIDATES] {
    let mut order = [0u8; CANDIDATES];
    for i in 0..CANDIDATES {
        let mut at = i;
        while at > 0 && scores[order[at - 1] as usize] < scores[i] {
            order[at] = order[at - 1];
            at -= 1;
        }
        order[at] = i as u8;
    }
    order
}

impl Search<'_> {
    /// The best empty points near stones by CountScore for `me` (which scores
    /// both my shapes and his; taken from `info` when given), best first;
    /// returns how many.
    pub(super) fn best_candidates(
        &self,
        me: Stone,
        out: &mut [Point; CANDIDATES],
        info: Option<&Info>,
    ) -> usize {
        let mut scores = [0u16; CANDIDATES];
        let mut count = 0;
        let mut next = self.next_near(0);
        while let Some(point) = next {
            let score = match info {
                Some(info) => info.score(point),
                None => count_score(&self.board, point, me),
            };
            // Insertion into the sorted list; the weakest falls off the end.
            let mut at = count;
            while at > 0 && scores[at - 1] < score {
                at -= 1;
            }
            if at < CANDIDATES {
                count = (count + 1).min(CANDIDATES);
                for i in (at + 1..count).rev() {
                    scores[i] = scores[i - 1];
                    out[i] = out[i - 1];
                }
                scores[at] = score;
                out[at] = point;
            }
            next = self.next_near(self.index(point) + 1);
        }
        count
    }

    /// How many candidates the quiet moves' search orders.
    fn width(&self) -> usize {
        if self.budget > FORCING_BUDGET {
            WIDE
        } else {
            WIDTH
        }
    }

    /// The candidates' indexes, best first by an iterative-deepening minimax
    /// over the best WIDTH: one ply (my gain), then two (my gain less his best
    /// answer's). The last iteration that finished within half of the budget
    /// left decides; ties and the rest keep their CountScore order. Kept out of
    /// line: its arrays are gone before the safety checks' deep VCF.
    #[inline(never)]
    pub(super) fn search_order(&mut self, me: Stone, candidates: &[Point]) -> [u8; CANDIDATES] {
        let him = me.opponent();
        // The search has half of what is left; the safety checks the rest.
        self.limit = self.nodes + self.budget.saturating_sub(self.nodes) / 2;
        let mut scores = [i32::MIN; CANDIDATES];
        for depth in 1..MAX_DEPTH + 1 {
            let mut iteration = [i32::MIN; CANDIDATES];
            for (i, &point) in candidates.iter().enumerate().take(self.width()) {
                if self.out_of_budget() {
                    return sorted(&scores); // an unfinished iteration does not count
                }
                let gain = self.gain(point, me);
                iteration[i] = if gain >= WINNING || depth == 1 {
                    gain
                } else {
                    self.place(point, me);
                    let reply = self.best_gain(him, candidates);
                    self.remove(point, me);
                    gain - reply
                };
            }
            scores = iteration;
        }
        sorted(&scores)
    }

    /// What a stone of `stone` on `point` is worth: its CountScore (a node:
    /// its lines read as a shape() reads them).
    fn gain(&mut self, point: Point, stone: Stone) -> i32 {
        self.nodes += 1;
        count_score(&self.board, point, stone) as i32
    }

    /// The best gain of `to_move` over the free points of `pool` (each a
    /// node), 0 if none is free.
    fn best_gain(&mut self, to_move: Stone, pool: &[Point]) -> i32 {
        let mut best = 0;
        for &point in pool {
            if self.board.get(point).is_none() {
                best = best.max(self.gain(point, to_move));
            }
        }
        best
    }
}
