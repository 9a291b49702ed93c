//! The Mist's computer reads the hole: where the other side's hidden stones may
//! stand, from nothing but what the game shows it.
//!
//! The hole's centre after a stone is public, and the formula
//! ([`mist::centre_after`]) runs backwards: X and Y each come from one or two
//! coordinates (X1 + X2 = 7 mod 19, Y1 + Y2 = 9 mod 19), so a stone stands on
//! one of at most four points, its **candidates**:
//!
//! ```text
//! stone E10 -> hole L18; L18 comes from B10, E10, B18 and E18
//! ```
//!
//! (a straight line's candidates are so four lines, mirrored in X and in Y).
//!
//! Each of the other side's stones keeps its candidates, narrowed by what is
//! fair to know ([`Sight`]):
//! - a point the hole showed empty after the stone was played is not it;
//! - a point the hole showed taken before the stone was played is not it;
//! - the computer's own stones are not it;
//! - the stone count: every move put one stone on a point of its own, and
//!   every taken point the computer knows of (seen, or hit by its own move)
//!   holds one of them. A stone left with one candidate takes that point
//!   from the others; a known taken point only one stone can explain pins
//!   that stone there.
//!
//! **Likelihood**: each stone is uniform over its candidates (a player picks
//! points for the board, not for the hole, so no candidate is favoured), and a
//! point's likelihood of holding a hidden stone is the sum over the stones of
//! their shares, in twelfths (1, 2, 3 or 4 candidates give whole twelfths),
//! capped at [`CERTAIN`]. A point known taken is not hidden: 0.
//!
//! **Urgent blocks** ([`Reading::urgent_block`]): lines of five on which the
//! reading allows the other side three stones or more, weighed by the stones
//! expected there; a point on the heaviest lines is blocked first, even a
//! candidate (on a hidden stone the move is refused, and the computer learns
//! it and chooses again, at no cost).
//!
//! Everything is rebuilt from the game's moves and the knowledge board each
//! time it is asked, so taking back and loading give the same reading as the
//! same moves played (the knowledge board then holds no hits: those are not
//! in the game's record).
//!
//! No allocation: a reading is a fixed array, some 1.5 KB.

use crate::rules::board::{Board, DIRECTIONS, Stone};
use crate::rules::coord::Point;
use crate::rules::mist;

/// A likelihood of one: the point certainly holds a hidden stone.
pub const CERTAIN: u8 = 12;
/// The weight from which a block is urgent: three lines of five that may
/// hold three stones, a quarter of a stone each (an open three each of
/// whose stones has four candidates). tools/examples/mist_straight.rs, 40
/// games a colour and level, the line player's wins of 240: 25 from 20,
/// 23 from 40, 30 from 70 (the straight line's own mirror images leave
/// about a tenth of the games a guess).
const URGENT: u16 = 3 * 3 * CERTAIN as u16 / 4;
/// The most stones one side can have on 19x19.
const MAX_STONES: usize = 181;
const POINTS: usize = mist::SIDE as usize * mist::SIDE as usize;

/// What the computer may know of a Mist game, and nothing else: whose move
/// each was and the hole's centre after it, its own stones, what the hole
/// showed after each move, and its knowledge board (which adds the hidden
/// stones its moves hit). The reading asks only through these methods, so it
/// is a function of what the computer may know.
pub struct Sight<'a> {
    /// The game's moves. Read only through the methods below: the other
    /// side's points themselves are not fair to know.
    moves: &'a [Point],
    computer: Stone,
    known: &'a Board,
}

impl<'a> Sight<'a> {
    pub fn new(moves: &'a [Point], computer: Stone, known: &'a Board) -> Sight<'a> {
        Sight {
            moves,
            computer,
            known,
        }
    }

    pub fn move_count(&self) -> usize {
        self.moves.len()
    }

    /// Who played move `ply` (Black's come first, then they alternate).
    pub fn mover(&self, ply: usize) -> Stone {
        if ply.is_multiple_of(2) {
            Stone::Black
        } else {
            Stone::White
        }
    }

    /// The hole's centre after move `ply` (public).
    pub fn centre_after(&self, ply: usize) -> Point {
        mist::centre_after(self.moves[ply])
    }

    /// Whether the computer knows `point` to hold a stone of its own.
    pub fn own(&self, point: Point) -> bool {
        self.known.get(point) == Some(self.computer)
            || (0..self.moves.len())
                .any(|ply| self.mover(ply) == self.computer && self.moves[ply] == point)
    }

    /// The last move after which the hole showed `point` empty, and the first
    /// after which it showed it taken by the other side (or hit: the knowledge
    /// board holds it, counted as now).
    pub fn shown(&self, point: Point) -> (Option<usize>, Option<usize>) {
        let mut taken = false;
        let own = self.own(point);
        let (mut last_empty, mut first_taken) = (None, None);
        for ply in 0..self.moves.len() {
            taken |= self.moves[ply] == point;
            if !mist::in_hole(self.centre_after(ply), point) {
                continue;
            }
            if !taken {
                last_empty = Some(ply);
            } else if first_taken.is_none() && !own {
                first_taken = Some(ply);
            }
        }
        let hit = self.known.get(point) == Some(self.computer.opponent());
        if first_taken.is_none() && hit {
            first_taken = Some(self.moves.len());
        }
        (last_empty, first_taken)
    }
}

/// The points a hole's centre comes from: up to four, in a fixed order.
pub fn preimages(centre: Point) -> ([Point; 4], usize) {
    let mut cols = [0u8; 2];
    let mut rows = [0u8; 2];
    let (mut ncols, mut nrows) = (0, 0);
    for v in 0..mist::SIDE {
        let after = mist::centre_after(Point::new(v, v));
        if after.col == centre.col && ncols < 2 {
            cols[ncols] = v;
            ncols += 1;
        }
        if after.row == centre.row && nrows < 2 {
            rows[nrows] = v;
            nrows += 1;
        }
    }
    let mut out = [Point::new(0, 0); 4];
    let mut len = 0;
    for &row in &rows[..nrows] {
        for &col in &cols[..ncols] {
            out[len] = Point::new(col, row);
            len += 1;
        }
    }
    (out, len)
}

/// One of the other side's stones: the hole's centre after it, the move it
/// was, and which of the centre's preimages it may still stand on (a bit each).
#[derive(Clone, Copy)]
struct Hidden {
    centre: Point,
    mask: u8,
}

/// The computer's reading of the other side's stones.
pub struct Reading {
    stones: [Hidden; MAX_STONES],
    count: usize,
    /// Points known to hold one of the other side's stones (a bit each).
    taken: [u8; POINTS.div_ceil(8)],
    likelihood: [u8; POINTS],
}

fn index(point: Point) -> usize {
    point.row as usize * mist::SIDE as usize + point.col as usize
}

impl Reading {
    /// The reading of a 19x19 Mist game from what `sight` shows.
    pub fn new(sight: &Sight) -> Reading {
        let mut reading = Reading {
            stones: [Hidden {
                centre: mist::START,
                mask: 0,
            }; MAX_STONES],
            count: 0,
            taken: [0; POINTS.div_ceil(8)],
            likelihood: [0; POINTS],
        };
        reading.mark_taken(sight);
        reading.gather(sight);
        reading.narrow();
        reading.weigh();
        reading
    }

    fn mark_taken(&mut self, sight: &Sight) {
        for i in 0..POINTS {
            let point = Point::new((i % 19) as u8, (i / 19) as u8);
            if sight.shown(point).1.is_some() {
                self.taken[i / 8] |= 1 << (i % 8);
            }
        }
    }

    /// Whether `point` is known to hold one of the other side's stones.
    pub fn known_taken(&self, point: Point) -> bool {
        let i = index(point);
        self.taken[i / 8] & 1 << (i % 8) != 0
    }

    /// Each of the other side's moves, its candidates narrowed by what the
    /// hole showed and the computer's own stones.
    fn gather(&mut self, sight: &Sight) {
        for ply in 0..sight.move_count() {
            if sight.mover(ply) == sight.computer || self.count == MAX_STONES {
                continue;
            }
            let centre = sight.centre_after(ply);
            let (points, len) = preimages(centre);
            let mut mask = 0u8;
            for (bit, &point) in points[..len].iter().enumerate() {
                let (last_empty, first_taken) = sight.shown(point);
                let empty_after = last_empty.is_some_and(|s| s >= ply);
                let taken_before = first_taken.is_some_and(|s| s < ply);
                if !sight.own(point) && !empty_after && !taken_before {
                    mask |= 1 << bit;
                }
            }
            self.stones[self.count] = Hidden { centre, mask };
            self.count += 1;
        }
    }

    /// The stone count: a stone with one candidate takes its point from the
    /// others; a known taken point that one stone alone may explain pins it.
    fn narrow(&mut self) {
        let mut changed = true;
        let mut rounds = 0;
        while changed && rounds < MAX_STONES {
            changed = false;
            rounds += 1;
            for k in 0..self.count {
                let Some(point) = self.single(k) else {
                    continue;
                };
                for j in 0..self.count {
                    if j != k && self.drop_candidate(j, point) {
                        changed = true;
                    }
                }
            }
            for i in 0..POINTS {
                let point = Point::new((i % 19) as u8, (i / 19) as u8);
                if !self.known_taken(point) {
                    continue;
                }
                let mut holders = (0..self.count).filter(|&k| self.bit_of(k, point).is_some());
                if let (Some(k), None) = (holders.next(), holders.next()) {
                    let bit = self.bit_of(k, point).unwrap_or(0);
                    if self.stones[k].mask != 1 << bit {
                        self.stones[k].mask = 1 << bit;
                        changed = true;
                    }
                }
            }
        }
    }

    /// The bit of `point` among stone `k`'s candidates, if it is one.
    fn bit_of(&self, k: usize, point: Point) -> Option<u8> {
        let (points, len) = preimages(self.stones[k].centre);
        (0..len as u8)
            .find(|&bit| points[bit as usize] == point && self.stones[k].mask & 1 << bit != 0)
    }

    fn drop_candidate(&mut self, k: usize, point: Point) -> bool {
        match self.bit_of(k, point) {
            Some(bit) => {
                self.stones[k].mask &= !(1 << bit);
                true
            }
            None => false,
        }
    }

    /// Stone `k`'s point, when one candidate is left.
    fn single(&self, k: usize) -> Option<Point> {
        let (points, count) = self.candidates(k);
        (count == 1).then_some(points[0])
    }

    /// Stone `k`'s candidates (the other side's stones in the order played).
    pub fn candidates(&self, k: usize) -> ([Point; 4], usize) {
        let (points, len) = preimages(self.stones[k].centre);
        let mut out = [Point::new(0, 0); 4];
        let mut count = 0;
        for (bit, &point) in points[..len].iter().enumerate() {
            if self.stones[k].mask & 1 << bit != 0 {
                out[count] = point;
                count += 1;
            }
        }
        (out, count)
    }

    /// How many of the other side's stones the reading follows.
    pub fn stone_count(&self) -> usize {
        self.count
    }

    fn weigh(&mut self) {
        for k in 0..self.count {
            let (points, count) = self.candidates(k);
            if count == 0 {
                continue;
            }
            let share = CERTAIN / count as u8;
            for &point in &points[..count] {
                if !self.known_taken(point) {
                    let cell = &mut self.likelihood[index(point)];
                    *cell = (*cell + share).min(CERTAIN);
                }
            }
        }
    }

    /// The likelihood, in twelfths, that `point` holds a stone of the other
    /// side that the computer has not seen.
    pub fn likelihood(&self, point: Point) -> u8 {
        self.likelihood[index(point)]
    }

    /// `known` with the other side's stone on every point known taken (also
    /// those a take back made the knowledge board forget: the reading saw
    /// them in the history) and on every point whose likelihood is at least
    /// `threshold` twelfths: the board the levels play on.
    pub fn likely_board(&self, known: &Board, threshold: u8, opponent: Stone) -> Board {
        let mut board = known.clone();
        for i in 0..POINTS {
            let point = Point::new((i % 19) as u8, (i / 19) as u8);
            let likely = self.likelihood[i] >= threshold.max(1) || self.known_taken(point);
            if likely && board.get(point).is_none() {
                board.set(point, Some(opponent));
            }
        }
        board
    }

    /// How many of the other side's stones may stand in the five points from
    /// `start` along `(dc, dr)` (the known ones, and each hidden stone with a
    /// candidate there, once), and how many are expected there (the known
    /// ones and the likelihoods, in twelfths). None when the computer (`me`)
    /// holds one of them or they leave the board.
    fn plausible_in(
        &self,
        known: &Board,
        me: Stone,
        start: Point,
        (dc, dr): (i8, i8),
    ) -> Option<(u8, u16)> {
        let mut points = [start; 5];
        for (i, slot) in points.iter_mut().enumerate() {
            *slot = start.step(dc, dr, i as i8, mist::SIDE)?;
        }
        if points.iter().any(|&p| known.get(p) == Some(me)) {
            return None;
        }
        let mut count = points.iter().filter(|&&p| self.known_taken(p)).count() as u8;
        let mut expected = count as u16 * CERTAIN as u16;
        for &p in &points {
            expected += self.likelihood(p) as u16;
        }
        for k in 0..self.count {
            let (candidates, len) = self.candidates(k);
            let hidden_here = |&p: &Point| !self.known_taken(p) && points.contains(&p);
            if candidates[..len].iter().any(hidden_here) {
                count += 1;
            }
        }
        Some((count.min(5), expected))
    }

    /// The point that blocks the most dangerous lines of five, if one is
    /// urgent: lines on which the reading allows the other side three
    /// stones or more. A line weighs its expected stones (in twelfths) times
    /// 1, 4 or 16 for three, four or five that may stand there; a point the
    /// sum over its lines, urgent from [`URGENT`]. It may be a candidate: the move then either blocks (the point
    /// was empty) or finds the stone, which costs nothing (the computer
    /// chooses again, knowing more).
    pub fn urgent_block(&self, known: &Board, me: Stone) -> Option<Point> {
        let mut weight = [0u16; POINTS];
        for i in 0..POINTS {
            let start = Point::new((i % 19) as u8, (i / 19) as u8);
            for (dc, dr) in DIRECTIONS {
                let Some((count, expected)) = self.plausible_in(known, me, start, (dc, dr)) else {
                    continue;
                };
                if count < 3 {
                    continue;
                }
                let line_weight = [1, 4, 16][count as usize - 3] * expected;
                for step in 0..5 {
                    let Some(p) = start.step(dc, dr, step, mist::SIDE) else {
                        continue;
                    };
                    if known.get(p).is_none() && !self.known_taken(p) {
                        weight[index(p)] += line_weight;
                    }
                }
            }
        }
        let best = (0..POINTS).max_by_key(|&i| (weight[i], core::cmp::Reverse(i)))?;
        (weight[best] >= URGENT).then(|| Point::new((best % 19) as u8, (best / 19) as u8))
    }
}
