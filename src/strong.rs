//! The Strong level: Piskasm's evaluator plus what it lacked, look-ahead.
//!
//! In order, each step only when the ones before found nothing:
//!
//! 1. **Win in one**: a point that makes my five.
//! 2. **Block his five**: a point where his next stone would make five.
//! 3. **My VCF** (victory by continuous fours): a search over my fours only; he
//!    must answer each at its one completion point, so the tree is narrow and
//!    deep. A four with two completion points (an open four, a double four) wins,
//!    and so does reaching a four-three after his forced blocks.
//! 4. **His VCF**: if he has one, play the first of my candidates after which he
//!    has none (a block of his line, or a four of mine that takes the point).
//! 5. **My four-three**: a four and an open three (the four forces his answer,
//!    then the three becomes an open four).
//! 6. **His open three**: take a point after which he can make no open four.
//! 7. **My three-three**, then **his double threat**: take the point.
//! 8. **Alpha-beta**: a negamax search with iterative deepening over the best few
//!    candidates, ordered by CountScore from both sides; the leaves are scored by
//!    the best CountScore either side has left.
//!
//! Everything counts **nodes** against a budget (a position looked at), so a given
//! position and budget give the same move on the host and on DOS.
//!
//! Shapes, with `X` mine, `.` empty, `p` the point tried:
//! ```text
//! four:        XXXp.   XX.pX     one point left to make five
//! open four:  .XXXp.             two such points: cannot be stopped
//! open three: .XXp..  .X.pX.     one more stone makes an open four
//! ```

use crate::board::{Board, DIRECTIONS, MAX_SIDE, Stone};
use crate::classic::count_score;
use crate::coord::Point;
use crate::engine::Position;
use crate::random::Random;
use crate::rules::WinRule;

const MAX_POINTS: usize = MAX_SIDE as usize * MAX_SIDE as usize;
/// Candidates at the root: every empty point near a stone (a threat may hide at
/// any of them), best first.
const MAX_CANDIDATES: usize = MAX_POINTS;
/// How deep the VCF search goes (my fours).
const VCF_DEPTH: u8 = 12;
/// How deep the VCT search goes (my fours and open threes).
const VCT_DEPTH: u8 = 4;
/// How many quiet candidates are checked for leaving him a forced win.
const SAFETY_CHECKS: usize = 6;
/// How many of my best candidates are tried against his VCT.
const VCT_DEFENCES: usize = 12;
/// Candidates the alpha-beta search looks at in each position.
const WIDTH: usize = 5;
/// The root's best candidates, the only points alpha-beta considers below it
/// (re-scored in each position; scoring all would cost too much on a 386).
const POOL: usize = 16;
/// Deepest alpha-beta iteration.
const MAX_DEPTH: u8 = 4;
/// A won position's score for alpha-beta.
const WIN: i32 = 1_000_000;

struct Search {
    board: Board,
    rule: WinRule,
    /// Stones within two points of each point: candidates have at least one.
    near: [u8; MAX_POINTS],
    nodes: u32,
    budget: u32,
    /// The node count at which the current phase stops (at most `budget`).
    limit: u32,
}

/// Which of the steps decided a move (for tests and the curious).
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Reason {
    WinInOne,
    BlockFive,
    MyVcf,
    BlockVcf,
    MyVct,
    BlockVct,
    FourThree,
    BlockThree,
    ThreeThree,
    BlockDoubleThreat,
    Search,
}

/// The point Strong plays for the side to move, and the nodes it searched.
pub fn choose(position: Position, budget: u32, random: &mut Random) -> Option<(Point, u32)> {
    choose_explained(position, budget, random).map(|(point, nodes, _)| (point, nodes))
}

/// As [`choose`], and which step decided.
pub fn choose_explained(
    position: Position,
    budget: u32,
    random: &mut Random,
) -> Option<(Point, u32, Reason)> {
    let mut search = Search::new(position.board, position.rule, budget.max(1));
    let me = position.to_move;
    let him = me.opponent();
    let mut candidates = [Point::new(0, 0); MAX_CANDIDATES];
    let count = search.ordered_candidates(me, &mut candidates);
    if count == 0 {
        return None;
    }
    let candidates = &candidates[..count];
    let (point, reason) = search.decide(me, him, candidates).unwrap_or_else(|| {
        (
            search.best_by_search(me, candidates, random),
            Reason::Search,
        )
    });
    Some((point, search.nodes, reason))
}

impl Search {
    fn new(board: &Board, rule: WinRule, budget: u32) -> Search {
        let mut search = Search {
            board: board.clone(),
            rule,
            near: [0; MAX_POINTS],
            nodes: 0,
            budget,
            limit: budget,
        };
        let side = board.side();
        for row in 0..side {
            for col in 0..side {
                let point = Point::new(col, row);
                if board.get(point).is_some() {
                    search.mark_near(point, 1);
                }
            }
        }
        search
    }

    fn index(&self, point: Point) -> usize {
        point.row as usize * self.board.side() as usize + point.col as usize
    }

    fn mark_near(&mut self, point: Point, add: i8) {
        let side = self.board.side();
        for dr in -2..=2i8 {
            for dc in -2..=2i8 {
                if let Some(near) = point.step(dc, dr, 1, side) {
                    let index = self.index(near);
                    self.near[index] = self.near[index].wrapping_add_signed(add);
                }
            }
        }
    }

    fn place(&mut self, point: Point, stone: Stone) {
        self.board.set(point, Some(stone));
        self.mark_near(point, 1);
    }

    fn remove(&mut self, point: Point) {
        self.board.set(point, None);
        self.mark_near(point, -1);
    }

    fn out_of_budget(&self) -> bool {
        self.nodes >= self.limit
    }

    /// Lets the next phase use at most `share` of the whole budget (from now),
    /// so that no phase starves the ones after it.
    fn phase(&mut self, share: u32) {
        self.limit = (self.nodes + share).min(self.budget.max(self.nodes + 1));
    }

    /// Empty points near stones, best first by CountScore for `me` (which scores
    /// both my shapes and his): at most MAX_CANDIDATES.
    fn ordered_candidates(&self, me: Stone, out: &mut [Point; MAX_CANDIDATES]) -> usize {
        let mut scores = [0u16; MAX_CANDIDATES];
        let mut count = 0;
        let side = self.board.side();
        for row in 0..side {
            for col in 0..side {
                let point = Point::new(col, row);
                if self.board.get(point).is_some() || self.near[self.index(point)] == 0 {
                    continue;
                }
                let score = count_score(&self.board, point, me);
                // Insertion into the sorted list; the weakest falls off the end.
                let mut at = count;
                while at > 0 && scores[at - 1] < score {
                    at -= 1;
                }
                if at < MAX_CANDIDATES {
                    let end = count.min(MAX_CANDIDATES - 1);
                    for i in (at..end).rev() {
                        scores[i + 1] = scores[i];
                        out[i + 1] = out[i];
                    }
                    scores[at] = score;
                    out[at] = point;
                    count = (count + 1).min(MAX_CANDIDATES);
                }
            }
        }
        count
    }

    /// The run of `stone` through `point` along `(dc, dr)` makes a win.
    fn wins_along(&self, point: Point, stone: Stone, dc: i8, dr: i8) -> bool {
        let length = 1
            + self.board.run_from(point, dc, dr, stone)
            + self.board.run_from(point, -dc, -dr, stone);
        match self.rule {
            WinRule::FiveOrMore => length >= 5,
            WinRule::ExactlyFive => length == 5,
        }
    }

    /// Whether `stone` on the empty `point` would win.
    fn makes_five(&mut self, point: Point, stone: Stone) -> bool {
        self.board.set(point, Some(stone));
        let five = DIRECTIONS
            .iter()
            .any(|&(dc, dr)| self.wins_along(point, stone, dc, dr));
        self.board.set(point, None);
        five
    }

    /// With `stone` already on `point`: the empty points along `(dc, dr)` within
    /// four steps that would then make its five (at most 2 reported: first, and
    /// whether there is another).
    fn completions_along(
        &mut self,
        point: Point,
        stone: Stone,
        dc: i8,
        dr: i8,
    ) -> (Option<Point>, bool) {
        let side = self.board.side();
        let mut first = None;
        for steps in -4..=4i8 {
            let Some(q) = point.step(dc, dr, steps, side) else {
                continue;
            };
            if steps == 0 || self.board.get(q).is_some() {
                continue;
            }
            self.board.set(q, Some(stone));
            let five = self.wins_along(q, stone, dc, dr);
            self.board.set(q, None);
            if five {
                match first {
                    None => first = Some(q),
                    Some(_) => return (first, true),
                }
            }
        }
        (first, false)
    }

    /// With `stone` already on `point`: its fours through `point`. Returns
    /// (number of completion points, the first one); 2 means unstoppable.
    fn fours_through(&mut self, point: Point, stone: Stone) -> (u8, Option<Point>) {
        let mut count = 0;
        let mut block = None;
        for &(dc, dr) in DIRECTIONS.iter() {
            if let (Some(q), more) = self.completions_along(point, stone, dc, dr) {
                if block.is_some_and(|b| b != q) || more {
                    return (2, block.or(Some(q)));
                }
                block = Some(q);
                count = 1;
            }
        }
        (count, block)
    }

    /// With `stone` on `point`: whether some direction through it holds an open
    /// three (one more stone there makes two completion points in that line).
    fn open_threes_through(&mut self, point: Point, stone: Stone) -> u8 {
        let side = self.board.side();
        let mut threes = 0;
        for &(dc, dr) in DIRECTIONS.iter() {
            if self.completions_along(point, stone, dc, dr).0.is_some() {
                continue; // a four in this line, not a three
            }
            for steps in -3..=3i8 {
                let Some(q) = point.step(dc, dr, steps, side) else {
                    continue;
                };
                if steps == 0 || self.board.get(q).is_some() {
                    continue;
                }
                self.board.set(q, Some(stone));
                let (first, more) = if self.wins_along(q, stone, dc, dr) {
                    (None, false)
                } else {
                    self.completions_along(q, stone, dc, dr)
                };
                self.board.set(q, None);
                if first.is_some() && more {
                    threes += 1;
                    break;
                }
            }
        }
        threes
    }

    /// A point where `stone` would make five, among the empty points near stones.
    fn five_point(&mut self, stone: Stone, candidates: &[Point]) -> Option<Point> {
        candidates
            .iter()
            .copied()
            .find(|&p| self.board.get(p).is_none() && self.makes_five(p, stone))
    }

    /// Steps 1 to 6; None when only a search can decide.
    fn decide(&mut self, me: Stone, him: Stone, candidates: &[Point]) -> Option<(Point, Reason)> {
        if let Some(win) = self.five_point(me, candidates) {
            return Some((win, Reason::WinInOne));
        }
        if let Some(block) = self.five_point(him, candidates) {
            return Some((block, Reason::BlockFive));
        }
        // The VCF searches get a third of the budget each; the defences after
        // them are bounded by the candidates, not by the budget.
        self.phase(self.budget / 3);
        if let Some(start) = self.vcf(me, VCF_DEPTH) {
            return Some((start, Reason::MyVcf));
        }
        self.phase(self.budget / 3);
        if self.vcf(him, VCF_DEPTH).is_some() {
            for &defence in candidates {
                if self.out_of_budget() {
                    break;
                }
                self.place(defence, me);
                // Out of budget is not a refutation: only a finished search is.
                let refuted = self.vcf(him, VCF_DEPTH).is_none() && !self.out_of_budget();
                self.remove(defence);
                if refuted {
                    return Some((defence, Reason::BlockVcf));
                }
            }
        }
        self.phase(self.budget / 6);
        if let Some(start) = self.vct(me, VCT_DEPTH) {
            return Some((start, Reason::MyVct));
        }
        self.phase(self.budget / 6);
        if self.vct(him, VCT_DEPTH).is_some() {
            for &defence in candidates.iter().take(VCT_DEFENCES) {
                if self.out_of_budget() {
                    break;
                }
                self.place(defence, me);
                let refuted = self.vct(him, VCT_DEPTH).is_none() && !self.out_of_budget();
                self.remove(defence);
                if refuted {
                    return Some((defence, Reason::BlockVct));
                }
            }
        }
        self.limit = u32::MAX; // from here on the work is bounded by the candidates
        let (mine, my_three_three) = self.double_threat(me, candidates);
        if let Some(point) = mine {
            return Some((point, Reason::FourThree)); // the four forces, the three wins
        }
        if let Some(threat) = self.open_four_point(him, candidates) {
            // His open three: one more stone makes an open four. Take the point
            // on its lines that leaves him none and is worth most to me.
            for &defence in candidates {
                let on_line = defence == threat
                    || DIRECTIONS.iter().any(|&(dc, dr)| {
                        (-5..=5i8)
                            .any(|k| threat.step(dc, dr, k, self.board.side()) == Some(defence))
                    });
                if !on_line {
                    continue;
                }
                self.place(defence, me);
                let safe = self.open_four_point(him, candidates).is_none();
                self.remove(defence);
                if safe {
                    return Some((defence, Reason::BlockThree));
                }
            }
        }
        if let Some(point) = my_three_three {
            return Some((point, Reason::ThreeThree));
        }
        let (his, his_three_three) = self.double_threat(him, candidates);
        his.or(his_three_three)
            .map(|point| (point, Reason::BlockDoubleThreat))
    }

    /// A point where `stone` would make an open four (or a double four).
    fn open_four_point(&mut self, stone: Stone, candidates: &[Point]) -> Option<Point> {
        for &point in candidates {
            if self.board.get(point).is_some() || !self.may_make_four(point, stone) {
                continue;
            }
            self.nodes += 1;
            self.place(point, stone);
            let (fours, _) = self.fours_through(point, stone);
            self.remove(point);
            if fours >= 2 {
                return Some(point);
            }
        }
        None
    }

    /// Points where `stone` makes a four and an open three (or two fours), and
    /// where it makes two open threes.
    fn double_threat(
        &mut self,
        stone: Stone,
        candidates: &[Point],
    ) -> (Option<Point>, Option<Point>) {
        let mut three_three = None;
        for &point in candidates {
            if self.out_of_budget() {
                break;
            }
            if !self.window_holds(point, stone, 2) {
                continue; // not two of its stones in any five: no three here
            }
            self.nodes += 1;
            self.place(point, stone);
            let (fours, _) = self.fours_through(point, stone);
            let threes = self.open_threes_through(point, stone);
            self.remove(point);
            if fours >= 2 || (fours == 1 && threes >= 1) {
                return (Some(point), three_three);
            }
            if fours == 0 && threes >= 2 && three_three.is_none() {
                three_three = Some(point);
            }
        }
        (None, three_three)
    }

    /// A first move of a victory by continuous fours for `me`, if one is found
    /// within `depth` fours and the budget.
    fn vcf(&mut self, me: Stone, depth: u8) -> Option<Point> {
        if depth == 0 || self.out_of_budget() {
            return None;
        }
        let him = me.opponent();
        let side = self.board.side();
        for row in 0..side {
            for col in 0..side {
                let point = Point::new(col, row);
                if self.board.get(point).is_some() || self.near[self.index(point)] == 0 {
                    continue;
                }
                if !self.may_make_four(point, me) {
                    continue;
                }
                self.nodes += 1;
                if self.out_of_budget() {
                    return None;
                }
                self.place(point, me);
                let (fours, block) = self.fours_through(point, me);
                let five = DIRECTIONS
                    .iter()
                    .any(|&(dc, dr)| self.wins_along(point, me, dc, dr));
                let mut won = five || fours >= 2;
                if !won && fours == 1 {
                    let block = block.unwrap_or(point);
                    self.place(block, him);
                    // His forced block must not make his own five.
                    let his_five = DIRECTIONS
                        .iter()
                        .any(|&(dc, dr)| self.wins_along(block, him, dc, dr));
                    if !his_five && !self.has_five_threat(him) {
                        won = self.vcf(me, depth - 1).is_some() || self.four_three_anywhere(me);
                    }
                    self.remove(block);
                }
                self.remove(point);
                if won {
                    return Some(point);
                }
            }
        }
        None
    }

    /// A first move of a victory by continuous threats for `me` (fours and open
    /// threes), if one is found within `depth` threats and the budget. It is
    /// cautious: a three counts only when he has no four to answer with, and it
    /// must win against every defence of the three.
    fn vct(&mut self, me: Stone, depth: u8) -> Option<Point> {
        if depth == 0 || self.out_of_budget() {
            return None;
        }
        let him = me.opponent();
        let side = self.board.side();
        for row in 0..side {
            for col in 0..side {
                let point = Point::new(col, row);
                if self.board.get(point).is_some()
                    || self.near[self.index(point)] == 0
                    || !self.window_holds(point, me, 2)
                {
                    continue;
                }
                self.nodes += 1;
                if self.out_of_budget() {
                    return None;
                }
                self.place(point, me);
                let (fours, block) = self.fours_through(point, me);
                let five = DIRECTIONS
                    .iter()
                    .any(|&(dc, dr)| self.wins_along(point, me, dc, dr));
                let won = if five || fours >= 2 {
                    true
                } else if fours == 1 {
                    let block = block.unwrap_or(point);
                    self.place(block, him);
                    let his_five = DIRECTIONS
                        .iter()
                        .any(|&(dc, dr)| self.wins_along(block, him, dc, dr));
                    let won = !his_five
                        && !self.has_five_threat(him)
                        && self.vct(me, depth - 1).is_some();
                    self.remove(block);
                    won
                } else if self.open_threes_through(point, me) >= 1 {
                    self.every_defence_fails(me, depth - 1)
                } else {
                    false
                };
                self.remove(point);
                if won {
                    return Some(point);
                }
            }
        }
        None
    }

    /// After my open three: he has no four to answer with, and whatever point he
    /// takes to stop my open four, I still win by threats.
    fn every_defence_fails(&mut self, me: Stone, depth: u8) -> bool {
        let him = me.opponent();
        if depth == 0 || self.can_make_four(him) {
            return false;
        }
        let side = self.board.side();
        let mut threats = [Point::new(0, 0); 8];
        let mut count = 0;
        for row in 0..side {
            for col in 0..side {
                let point = Point::new(col, row);
                if count < threats.len()
                    && self.board.get(point).is_none()
                    && self.near[self.index(point)] != 0
                    && self.may_make_four(point, me)
                {
                    self.place(point, me);
                    if self.fours_through(point, me).0 >= 2 {
                        threats[count] = point;
                        count += 1;
                    }
                    self.remove(point);
                }
            }
        }
        if count == 0 {
            return false;
        }
        // His possible answers: the points on the lines of my open-four points.
        for row in 0..side {
            for col in 0..side {
                let defence = Point::new(col, row);
                if self.board.get(defence).is_some() {
                    continue;
                }
                let on_line = threats[..count].iter().any(|&t| {
                    DIRECTIONS.iter().any(|&(dc, dr)| {
                        (-4..=4i8).any(|k| t.step(dc, dr, k, side) == Some(defence))
                    })
                });
                if !on_line {
                    continue;
                }
                self.nodes += 1;
                if self.out_of_budget() {
                    return false;
                }
                self.place(defence, him);
                let stopped = threats[..count].iter().all(|&t| {
                    self.board.get(t).is_some() || {
                        self.board.set(t, Some(me));
                        let still = self.fours_through(t, me).0 >= 2;
                        self.board.set(t, None);
                        !still
                    }
                });
                let holds = !stopped || self.vct(me, depth).is_some();
                self.remove(defence);
                if !holds {
                    return false;
                }
            }
        }
        true
    }

    /// Whether `stone` can make a four and an open three (or two fours, or two open
    /// threes against no fours) with one stone somewhere: after a forced block
    /// that wins as surely as a five.
    fn four_three_anywhere(&mut self, stone: Stone) -> bool {
        let side = self.board.side();
        for row in 0..side {
            for col in 0..side {
                let point = Point::new(col, row);
                if self.board.get(point).is_some()
                    || self.near[self.index(point)] == 0
                    || !self.may_make_four(point, stone)
                {
                    continue;
                }
                self.nodes += 1;
                if self.out_of_budget() {
                    return false;
                }
                self.place(point, stone);
                let (fours, _) = self.fours_through(point, stone);
                let threes = self.open_threes_through(point, stone);
                // A three-three wins too when the other side has no four to
                // answer with.
                let win = fours >= 2
                    || (fours == 1 && threes >= 1)
                    || (threes >= 2 && !self.can_make_four(stone.opponent()));
                self.remove(point);
                if win {
                    return true;
                }
            }
        }
        false
    }

    /// Whether `stone` has a move that makes a four.
    fn can_make_four(&mut self, stone: Stone) -> bool {
        let side = self.board.side();
        for row in 0..side {
            for col in 0..side {
                let point = Point::new(col, row);
                if self.board.get(point).is_none()
                    && self.near[self.index(point)] != 0
                    && self.may_make_four(point, stone)
                {
                    self.place(point, stone);
                    let (fours, _) = self.fours_through(point, stone);
                    self.remove(point);
                    if fours > 0 {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Whether `stone` threatens a five somewhere (then a four of the other side
    /// no longer forces).
    fn has_five_threat(&mut self, stone: Stone) -> bool {
        let side = self.board.side();
        for row in 0..side {
            for col in 0..side {
                let point = Point::new(col, row);
                if self.board.get(point).is_none()
                    && self.near[self.index(point)] != 0
                    && self.makes_five(point, stone)
                {
                    return true;
                }
            }
        }
        false
    }

    /// A quick filter: some 5-point window through `point` holds three of
    /// `stone`'s and none of the other's, so a stone here could make a four.
    fn may_make_four(&self, point: Point, stone: Stone) -> bool {
        self.window_holds(point, stone, 3)
    }

    /// Some 5-point window through `point` holds at least `least` of `stone`'s
    /// stones and none of the other's.
    fn window_holds(&self, point: Point, stone: Stone, least: u8) -> bool {
        let side = self.board.side();
        DIRECTIONS.iter().any(|&(dc, dr)| {
            (-4..=0i8).any(|start| {
                let mut own = 0;
                for i in start..start + 5 {
                    match point.step(dc, dr, i, side) {
                        None => return false,
                        Some(q) => match self.board.get(q) {
                            Some(s) if s == stone => own += 1,
                            Some(_) => return false,
                            None => {}
                        },
                    }
                }
                own >= least
            })
        })
    }

    /// Step 7: iterative deepening negamax over the best candidates; the last
    /// iteration that finished decides (ties: the first in CountScore order).
    fn best_by_search(&mut self, me: Stone, candidates: &[Point], random: &mut Random) -> Point {
        let _ = random; // the search is deterministic; variety comes from openings
        // First, the best candidate after which he has no forced win (VCF or
        // VCT), within a share of the budget: quiet moves must not walk into one.
        let him = me.opponent();
        for &point in candidates.iter().take(SAFETY_CHECKS) {
            self.phase(self.budget / 8);
            self.place(point, me);
            let refuted = self.vcf(him, VCF_DEPTH).is_some() || self.vct(him, VCT_DEPTH).is_some();
            let finished = !self.out_of_budget();
            self.remove(point);
            if finished && !refuted {
                return point;
            }
        }
        self.limit = self.budget;
        let pool = &candidates[..candidates.len().min(POOL)];
        let width = pool.len().min(WIDTH);
        let mut best = pool[0];
        for depth in 1..=MAX_DEPTH {
            let mut alpha = -WIN - 1;
            let mut choice = None;
            for &point in &pool[..width] {
                self.place(point, me);
                let score = -self.negamax(me.opponent(), depth - 1, -WIN - 1, -alpha, pool);
                self.remove(point);
                if self.out_of_budget() && depth > 1 {
                    break;
                }
                if score > alpha {
                    alpha = score;
                    choice = Some(point);
                }
            }
            if self.out_of_budget() && depth > 1 {
                break; // an unfinished iteration does not count
            }
            if let Some(point) = choice {
                best = point;
            }
            if alpha >= WIN || alpha <= -WIN {
                break; // decided
            }
        }
        best
    }

    /// The value of the position for `to_move`, `depth` plies deep, over the free
    /// points of `pool` ordered afresh by CountScore.
    fn negamax(
        &mut self,
        to_move: Stone,
        depth: u8,
        mut alpha: i32,
        beta: i32,
        pool: &[Point],
    ) -> i32 {
        self.nodes += 1;
        let other = to_move.opponent();
        let mut order = [(0u16, Point::new(0, 0)); POOL];
        let mut count = 0;
        for &point in pool {
            if self.board.get(point).is_none() {
                if self.makes_five(point, to_move) {
                    return WIN; // whoever can make five now wins
                }
                order[count] = (count_score(&self.board, point, to_move), point);
                count += 1;
            }
        }
        if count == 0 {
            return 0;
        }
        let order = &mut order[..count];
        // Insertion sort, best first: at most POOL entries, and small code.
        for i in 1..count {
            let mut j = i;
            while j > 0 && order[j - 1].0 < order[j].0 {
                order.swap(j - 1, j);
                j -= 1;
            }
        }
        if depth == 0 || self.out_of_budget() {
            let theirs = order
                .iter()
                .take(WIDTH)
                .map(|&(_, p)| count_score(&self.board, p, other))
                .max()
                .unwrap_or(0);
            // The side to move plays first: its best counts double.
            return order[0].0 as i32 * 2 - theirs as i32;
        }
        for &(_, point) in order.iter().take(WIDTH) {
            self.place(point, to_move);
            let score = -self.negamax(other, depth - 1, -beta, -alpha, pool);
            self.remove(point);
            if score >= beta {
                return score;
            }
            alpha = alpha.max(score);
            if self.out_of_budget() {
                break;
            }
        }
        alpha
    }
}
