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
//! 4. **My four-three**: a four and an open three (the four forces his answer,
//!    then the three becomes an open four).
//! 5. **My three-three**, unless he threatens more than a three-three himself or
//!    can answer with a four.
//! 6. **Defence**: if he threatens (an open three, a four-three or a VCF: he
//!    wins by fours; a three-three), the first of my best candidates after which
//!    he threatens least.
//! 7. **A quiet move**: the first of my best candidates (by CountScore, which
//!    weighs my shapes and his) after which he threatens nothing; only when none
//!    is safe, an iterative-deepening negamax with alpha-beta over the best few
//!    candidates, leaves scored by the best CountScore each side has left.
//!
//! Everything counts **nodes** against a budget (a stone tried), so a given
//! position and budget give the same move on the host and on DOS. Every search
//! walks the board itself (a stone array and a count of stones near each point,
//! updated on the 25 points around a move): Classic's Info is not touched, and a
//! full Update per node would cost more than the whole step on a 386.
//!
//! A victory by threes as well as fours (VCT) was tried and dropped: over 200
//! games against Classic it scored 66% with it and 68.5% without, at six times
//! the nodes, which a 386 does not have.
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
/// My best candidates, by CountScore: the defences and quiet moves tried.
const CANDIDATES: usize = 16;
/// How deep the VCF search goes (my fours).
const VCF_DEPTH: u8 = 12;
/// How many quiet candidates are checked for leaving him a threat.
const SAFETY_CHECKS: usize = 6;
/// Candidates the alpha-beta search looks at in each position.
const WIDTH: usize = 5;
/// Deepest alpha-beta iteration.
const MAX_DEPTH: u8 = 4;
/// A won position's score for alpha-beta.
const WIN: i32 = 1_000_000;

/// Threat levels, see [`Search::threat_level`].
const NONE: u8 = 0;
const THREES: u8 = 1;
const FOURS: u8 = 2;
const FIVE: u8 = 3;

/// Which of the steps decided a move (for tests and the curious).
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Reason {
    WinInOne,
    BlockFive,
    MyVcf,
    FourThree,
    ThreeThree,
    /// He had a four-three, an open three or a VCF.
    BlockFours,
    /// He had a three-three.
    BlockThrees,
    Search,
}

/// What a stone makes on its lines.
#[derive(Clone, Copy)]
struct Shape {
    five: bool,
    /// Points that would then make five: 0, 1 (a four) or 2 (two or more:
    /// an open four or a double four).
    fours: u8,
    /// The completion point of a single four (his forced answer).
    block: Point,
    /// Lines with an open three (counted only when asked for).
    threes: u8,
}

/// What a scan looks for, see [`Search::find`].
#[derive(Clone, Copy, PartialEq, Eq)]
enum Want {
    Five,
    Four,
    OpenFour,
    FourThree,
    ThreeThree,
}

struct Search {
    board: Board,
    rule: WinRule,
    /// Stones within two points of each point: the searches try only such
    /// points.
    near: [u8; MAX_POINTS],
    nodes: u32,
    budget: u32,
    /// The node count at which the current phase stops (at most `budget`).
    limit: u32,
}

/// The point Strong plays for the side to move, and the nodes it searched.
pub fn choose(position: Position, budget: u32, random: &mut Random) -> Option<(Point, u32)> {
    choose_explained(position, budget, random).map(|(point, nodes, _)| (point, nodes))
}

/// As [`choose`], and which step decided.
#[inline(never)]
pub fn choose_explained(
    position: Position,
    budget: u32,
    random: &mut Random,
) -> Option<(Point, u32, Reason)> {
    let _ = random; // the search is deterministic; variety comes from the openings
    let mut search = Search {
        board: position.board.clone(),
        rule: position.rule,
        near: [0; MAX_POINTS],
        nodes: 0,
        budget: budget.max(1),
        limit: budget.max(1),
    };
    search.mark_stones();
    let me = position.to_move;
    let mut candidates = [Point::new(0, 0); CANDIDATES];
    let count = search.best_candidates(me, &mut candidates);
    if count == 0 {
        return None;
    }
    let candidates = &candidates[..count];
    let (point, reason) = search
        .decide(me, candidates)
        .unwrap_or_else(|| (search.quiet_move(me, candidates), Reason::Search));
    Some((point, search.nodes, reason))
}

impl Search {
    /// Counts the stones near each point (the search is built in place: a
    /// copy of it would cost the stack its 800 bytes twice).
    fn mark_stones(&mut self) {
        for index in 0..self.point_count() {
            let point = self.point(index);
            if self.board.get(point).is_some() {
                self.mark_near(point, 1);
            }
        }
    }

    fn point_count(&self) -> usize {
        self.board.point_count() as usize
    }

    fn point(&self, index: usize) -> Point {
        let side = self.board.side() as usize;
        Point::new((index % side) as u8, (index / side) as u8)
    }

    fn index(&self, point: Point) -> usize {
        point.row as usize * self.board.side() as usize + point.col as usize
    }

    /// The first empty point near a stone at `index` or after (row by row).
    fn next_near(&self, mut index: usize) -> Option<Point> {
        while index < self.point_count() {
            let point = self.point(index);
            if self.near[index] != 0 && self.board.get(point).is_none() {
                return Some(point);
            }
            index += 1;
        }
        None
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

    /// The best empty points near stones by CountScore for `me` (which scores
    /// both my shapes and his), best first; returns how many.
    fn best_candidates(&self, me: Stone, out: &mut [Point; CANDIDATES]) -> usize {
        let mut scores = [0u16; CANDIDATES];
        let mut count = 0;
        let mut next = self.next_near(0);
        while let Some(point) = next {
            let score = count_score(&self.board, point, me);
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

    /// With `stone` already on `point`: the empty points along `(dc, dr)` within
    /// four steps that would then make its five (the first, and whether there is
    /// another).
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
            if self.board.get(q).is_some() {
                continue;
            }
            self.board.set(q, Some(stone));
            let five = self.wins_along(q, stone, dc, dr);
            self.board.set(q, None);
            if five {
                if first.is_some() {
                    return (first, true);
                }
                first = Some(q);
            }
        }
        (first, false)
    }

    /// With `stone` on `point` along `(dc, dr)`: an open three, a point within
    /// three steps that makes two completion points in this line.
    fn open_three_along(&mut self, point: Point, stone: Stone, dc: i8, dr: i8) -> bool {
        let side = self.board.side();
        for steps in -3..=3i8 {
            let Some(q) = point.step(dc, dr, steps, side) else {
                continue;
            };
            if self.board.get(q).is_some() {
                continue;
            }
            self.board.set(q, Some(stone));
            let open_four =
                !self.wins_along(q, stone, dc, dr) && self.completions_along(q, stone, dc, dr).1;
            self.board.set(q, None);
            if open_four {
                return true;
            }
        }
        false
    }

    /// What `stone` on the empty `point` makes; open threes only if asked.
    #[inline(never)]
    fn shape(&mut self, point: Point, stone: Stone, with_threes: bool) -> Shape {
        self.nodes += 1;
        let mut shape = Shape {
            five: false,
            fours: 0,
            block: point,
            threes: 0,
        };
        self.board.set(point, Some(stone));
        for &(dc, dr) in DIRECTIONS.iter() {
            shape.five |= self.wins_along(point, stone, dc, dr);
            match self.completions_along(point, stone, dc, dr) {
                (Some(q), more) => {
                    if more || shape.fours > 0 && q != shape.block {
                        shape.fours = 2;
                    } else {
                        shape.fours = 1;
                    }
                    shape.block = q;
                }
                (None, _) => {
                    if with_threes && self.open_three_along(point, stone, dc, dr) {
                        shape.threes += 1;
                    }
                }
            }
        }
        self.board.set(point, None);
        shape
    }

    /// A quick filter: some 5-point window through `point` holds at least
    /// `least` of `stone`'s stones and none of the other's.
    fn window_holds(&self, point: Point, stone: Stone, least: u8) -> bool {
        let side = self.board.side();
        for &(dc, dr) in DIRECTIONS.iter() {
            // A run of cells along the line: `own` counts my stones in the last
            // five, `span` how many cells the run has (an opponent's stone or
            // the edge starts it again).
            let (mut own, mut span) = (0u8, 0u8);
            let mut window = [false; 9];
            for steps in -4..=4i8 {
                let cell = point.step(dc, dr, steps, side).map(|q| self.board.get(q));
                let slot = (steps + 4) as usize;
                match cell {
                    Some(None) => window[slot] = false,
                    Some(Some(s)) if s == stone => window[slot] = true,
                    _ => {
                        (own, span) = (0, 0);
                        continue;
                    }
                }
                own += window[slot] as u8;
                span += 1;
                if span > 5 {
                    own -= window[slot - 5] as u8;
                }
                // The window must hold the point itself: it ends at or after it.
                if span >= 5 && steps >= 0 && own >= least {
                    return true;
                }
            }
        }
        false
    }

    /// The first point near the stones where `stone` makes what `want` asks.
    #[inline(never)]
    fn find(&mut self, stone: Stone, want: Want) -> Option<Point> {
        // A five or a four needs three of its stones in a window (four for a
        // five), a three two: the filter spares most points the full look.
        let least = match want {
            Want::Five => 4,
            Want::ThreeThree => 2,
            _ => 3,
        };
        let threes = matches!(want, Want::FourThree | Want::ThreeThree);
        let mut next = self.next_near(0);
        while let Some(point) = next {
            if self.window_holds(point, stone, least) {
                let shape = self.shape(point, stone, threes);
                let found = match want {
                    Want::Five => shape.five,
                    Want::Four => shape.fours > 0,
                    Want::OpenFour => shape.fours >= 2,
                    Want::FourThree => shape.fours >= 2 || shape.fours == 1 && shape.threes > 0,
                    Want::ThreeThree => shape.fours == 0 && shape.threes >= 2,
                };
                if found {
                    return Some(point);
                }
            }
            next = self.next_near(self.index(point) + 1);
        }
        None
    }

    /// The forcing steps; None when only a quiet move is left.
    fn decide(&mut self, me: Stone, candidates: &[Point]) -> Option<(Point, Reason)> {
        let him = me.opponent();
        if let Some(win) = self.find(me, Want::Five) {
            return Some((win, Reason::WinInOne));
        }
        if let Some(block) = self.find(him, Want::Five) {
            return Some((block, Reason::BlockFive));
        }
        self.phase(self.budget / 4);
        if let Some(start) = self.vcf(me, VCF_DEPTH) {
            return Some((start, Reason::MyVcf));
        }
        self.limit = u32::MAX; // the scans for double threats are bounded by the board
        if let Some(point) = self.find(me, Want::FourThree) {
            return Some((point, Reason::FourThree)); // the four forces, the three wins
        }
        // How much he threatens if I pass: his open three or four-three wins
        // faster than any three of mine; against his three-three mine comes first.
        self.phase(self.budget / 4);
        let danger = self.threat_level(him);
        if danger < FOURS
            && self.find(him, Want::Four).is_none()
            && let Some(point) = self.find(me, Want::ThreeThree)
        {
            return Some((point, Reason::ThreeThree));
        }
        if danger == NONE {
            return None;
        }
        // Defend: of my best candidates, the first that leaves him least.
        let mut best = (danger + 1, candidates[0]);
        for &defence in candidates {
            self.phase(self.budget / 32);
            self.place(defence, me);
            let left = self.threat_level(him);
            self.remove(defence);
            if left < best.0 {
                best = (left, defence);
                if left == NONE {
                    break;
                }
            }
        }
        let reason = if danger >= FOURS {
            Reason::BlockFours
        } else {
            Reason::BlockThrees
        };
        Some((best.1, reason))
    }

    /// What `stone` threatens with its move: FIVE (it has a four on the board),
    /// FOURS (an open three, a four-three, a win by continuous fours), THREES (a
    /// three-three) or NONE.
    fn threat_level(&mut self, stone: Stone) -> u8 {
        if self.find(stone, Want::Five).is_some() {
            FIVE
        } else if self.find(stone, Want::OpenFour).is_some()
            || self.find(stone, Want::FourThree).is_some()
            || self.vcf(stone, VCF_DEPTH).is_some()
        {
            FOURS
        } else if self.find(stone, Want::ThreeThree).is_some() {
            THREES
        } else {
            NONE
        }
    }

    /// A first move of a victory by continuous fours for `me`, if one is found
    /// within `depth` fours and the budget.
    fn vcf(&mut self, me: Stone, depth: u8) -> Option<Point> {
        let him = me.opponent();
        let mut next = self.next_near(0);
        while let Some(point) = next {
            if depth == 0 || self.out_of_budget() {
                return None;
            }
            next = self.next_near(self.index(point) + 1);
            if !self.window_holds(point, me, 3) {
                continue;
            }
            let shape = self.shape(point, me, false);
            let mut won = shape.five || shape.fours >= 2;
            if !won && shape.fours == 1 {
                self.place(point, me);
                self.place(shape.block, him);
                // His forced block must not leave him a four of his own (then
                // my next four would not force).
                let his_five = DIRECTIONS
                    .iter()
                    .any(|&(dc, dr)| self.wins_along(shape.block, him, dc, dr));
                won = !his_five
                    && self.find(him, Want::Five).is_none()
                    && (self.vcf(me, depth - 1).is_some()
                        || self.find(me, Want::FourThree).is_some());
                self.remove(shape.block);
                self.remove(point);
            }
            if won {
                return Some(point);
            }
        }
        None
    }

    /// Step 7: the first candidate after which he threatens nothing; when
    /// none is safe, iterative deepening negamax over the best candidates (the
    /// last iteration that finished decides; ties: the first in CountScore
    /// order).
    fn quiet_move(&mut self, me: Stone, candidates: &[Point]) -> Point {
        let him = me.opponent();
        for &point in candidates.iter().take(SAFETY_CHECKS) {
            self.phase(self.budget / 8);
            self.place(point, me);
            let safe = self.threat_level(him) == NONE && !self.out_of_budget();
            self.remove(point);
            if safe {
                return point;
            }
        }
        self.limit = self.budget;
        let width = candidates.len().min(WIDTH);
        let mut best = candidates[0];
        for depth in 1..=MAX_DEPTH {
            let mut alpha = -WIN - 1;
            let mut choice = None;
            for &point in &candidates[..width] {
                self.place(point, me);
                let score = -self.negamax(him, depth - 1, -WIN - 1, -alpha, candidates);
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
    /// points of `pool` (the root's candidates, best first).
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
        // The side to move: its best point counts double (it plays first),
        // against the other side's best.
        let (mut mine, mut theirs) = (0i32, 0i32);
        for &point in pool {
            if self.board.get(point).is_none() {
                if self.shape(point, to_move, false).five {
                    return WIN; // whoever can make five now wins
                }
                mine = mine.max(count_score(&self.board, point, to_move) as i32);
                theirs = theirs.max(count_score(&self.board, point, other) as i32);
            }
        }
        if depth == 0 || self.out_of_budget() {
            return mine * 2 - theirs;
        }
        let mut tried = 0;
        for &point in pool {
            if tried == WIDTH || self.board.get(point).is_some() {
                continue;
            }
            tried += 1;
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
