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
//! expected there, when that is more than the computer has in a line still
//! open to it (with as many, its own line wins the race: it moves first);
//! a point on the heaviest lines is blocked first, even a
//! candidate (on a hidden stone the move is refused, and the computer learns
//! it and chooses again, at no cost).
//!
//! Everything is rebuilt from the game's moves and the knowledge board each
//! time it is asked, so taking back and loading give the same reading as the
//! same moves played (the knowledge board then holds no hits: those are not
//! in the game's record).
//!
//! No allocation: a reading is fixed arrays, some 4.5 KB. Each step is a
//! sweep over the moves, the stones or the points (a stone keeps its
//! candidates, a point the list of stones it is a candidate of), so an 8088
//! reads a game in a fraction of a second.

use crate::rules::board::{Board, DIRECTIONS, Stone};
use crate::rules::coord::Point;
use crate::rules::mist;

/// A likelihood of one: the point certainly holds a hidden stone.
pub const CERTAIN: u8 = 12;
/// The weight from which a block is urgent (once the race is lost): one
/// line of five that may hold three stones, a quarter of a stone each.
/// mist-arena, 200 games, seed 1 (docs/strength.md): the straight line won
/// 3.0% against Strong and 8.0% against Classic from three such lines,
/// 1.5% and 6.0% from one (and from any weight at all).
const URGENT: u16 = 3 * CERTAIN as u16 / 4;
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

/// No move: a point the hole never showed so, or never played.
const NEVER: u16 = u16::MAX;

/// What the hole showed of every point: the last move after which it showed
/// the point empty, the first after which it showed it taken by the other
/// side (a hit counts as after the last move), and whether the point is the
/// computer's own. [`NEVER`] where it did not.
struct Shown {
    last_empty: [u16; POINTS],
    first_taken: [u16; POINTS],
    own: [bool; POINTS],
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

    /// What the hole showed of every point, in one sweep over the moves:
    /// after each, the points in the hole are empty if no move so far was
    /// on them, else taken (the computer's own, or the other side's).
    fn shown(&self) -> Shown {
        let mut shown = Shown {
            last_empty: [NEVER; POINTS],
            first_taken: [NEVER; POINTS],
            own: [false; POINTS],
        };
        // The move on each point, NEVER for none.
        let mut played_at = [NEVER; POINTS];
        for (ply, &point) in self.moves.iter().enumerate() {
            played_at[index(point)] = ply as u16;
            shown.own[index(point)] |= self.mover(ply) == self.computer;
        }
        for (i, own) in shown.own.iter_mut().enumerate() {
            *own |= self.known.get(point_at(i)) == Some(self.computer);
        }
        let reach = mist::HOLE_REACH as i8;
        for ply in 0..self.moves.len() {
            let centre = self.centre_after(ply);
            for dr in -reach..reach + 1 {
                for dc in -reach..reach + 1 {
                    let Some(point) = centre.step(dc, dr, 1, mist::SIDE) else {
                        continue;
                    };
                    let i = index(point);
                    if played_at[i] == NEVER || played_at[i] as usize > ply {
                        shown.last_empty[i] = ply as u16;
                    } else if shown.first_taken[i] == NEVER && !shown.own[i] {
                        shown.first_taken[i] = ply as u16;
                    }
                }
            }
        }
        for (i, first_taken) in shown.first_taken.iter_mut().enumerate() {
            let hit = self.known.get(point_at(i)) == Some(self.computer.opponent());
            if *first_taken == NEVER && hit {
                *first_taken = self.moves.len() as u16;
            }
        }
        shown
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

/// One of the other side's stones: the preimages of the hole's centre after
/// it, and which of them it may still stand on (a bit each).
#[derive(Clone, Copy)]
struct Hidden {
    points: [Point; 4],
    len: u8,
    mask: u8,
}

/// No entry in a point's list of stones.
const END: u16 = u16::MAX;

/// The computer's reading of the other side's stones.
pub struct Reading {
    stones: [Hidden; MAX_STONES],
    count: usize,
    /// Points known to hold one of the other side's stones (a bit each).
    taken: [u8; POINTS.div_ceil(8)],
    likelihood: [u8; POINTS],
    /// Each point's list of the stones it is a preimage of: its first entry
    /// (stone `k`'s bit `b` is entry `4k + b`), each entry's next, or END.
    /// Built once; an entry whose bit is cleared is no candidate any more.
    first: [u16; POINTS],
    next: [u16; MAX_STONES * 4],
}

fn index(point: Point) -> usize {
    point.row as usize * mist::SIDE as usize + point.col as usize
}

fn point_at(i: usize) -> Point {
    Point::new((i % 19) as u8, (i / 19) as u8)
}

impl Reading {
    /// The reading of a 19x19 Mist game from what `sight` shows.
    pub fn new(sight: &Sight) -> Reading {
        let mut reading = Reading {
            stones: [Hidden {
                points: [mist::START; 4],
                len: 0,
                mask: 0,
            }; MAX_STONES],
            count: 0,
            taken: [0; POINTS.div_ceil(8)],
            likelihood: [0; POINTS],
            first: [END; POINTS],
            next: [END; MAX_STONES * 4],
        };
        let shown = sight.shown();
        for (i, &first_taken) in shown.first_taken.iter().enumerate() {
            if first_taken != NEVER {
                reading.taken[i / 8] |= 1 << (i % 8);
            }
        }
        reading.gather(sight, &shown);
        reading.narrow();
        reading.weigh();
        reading
    }

    /// Whether `point` is known to hold one of the other side's stones.
    pub fn known_taken(&self, point: Point) -> bool {
        let i = index(point);
        self.taken[i / 8] & 1 << (i % 8) != 0
    }

    /// Each of the other side's moves, its candidates narrowed by what the
    /// hole showed and the computer's own stones; each preimage goes into
    /// its point's list.
    fn gather(&mut self, sight: &Sight, shown: &Shown) {
        for ply in 0..sight.move_count() {
            if sight.mover(ply) == sight.computer || self.count == MAX_STONES {
                continue;
            }
            let (points, len) = preimages(sight.centre_after(ply));
            let mut mask = 0u8;
            for (bit, &point) in points[..len].iter().enumerate() {
                let i = index(point);
                let (last_empty, first_taken) = (shown.last_empty[i], shown.first_taken[i]);
                let empty_after = last_empty != NEVER && last_empty as usize >= ply;
                let taken_before = first_taken != NEVER && (first_taken as usize) < ply;
                if !shown.own[i] && !empty_after && !taken_before {
                    mask |= 1 << bit;
                }
                let entry = (self.count * 4 + bit) as u16;
                self.next[entry as usize] = self.first[i];
                self.first[i] = entry;
            }
            self.stones[self.count] = Hidden {
                points,
                len: len as u8,
                mask,
            };
            self.count += 1;
        }
    }

    /// The stone and bit of list entry `entry`, if that is still a candidate.
    fn live(&self, entry: u16) -> Option<(usize, u8)> {
        let (k, bit) = (entry as usize / 4, (entry % 4) as u8);
        (self.stones[k].mask & 1 << bit != 0).then_some((k, bit))
    }

    /// Calls `each` with the stone and bit of every candidate on point `i`.
    fn for_each_on(&self, i: usize, mut each: impl FnMut(usize, u8)) {
        let mut entry = self.first[i];
        while entry != END {
            if let Some((k, bit)) = self.live(entry) {
                each(k, bit);
            }
            entry = self.next[entry as usize];
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
                let mut entry = self.first[index(point)];
                while entry != END {
                    if let Some((j, bit)) = self.live(entry).filter(|&(j, _)| j != k) {
                        self.stones[j].mask &= !(1 << bit);
                        changed = true;
                    }
                    entry = self.next[entry as usize];
                }
            }
            for i in 0..POINTS {
                if !self.known_taken(point_at(i)) {
                    continue;
                }
                let (mut holders, mut holder) = (0, (0, 0));
                self.for_each_on(i, |k, bit| {
                    holders += 1;
                    holder = (k, bit);
                });
                let (k, bit) = holder;
                if holders == 1 && self.stones[k].mask != 1 << bit {
                    self.stones[k].mask = 1 << bit;
                    changed = true;
                }
            }
        }
    }

    /// Stone `k`'s point, when one candidate is left.
    fn single(&self, k: usize) -> Option<Point> {
        let (points, count) = self.candidates(k);
        (count == 1).then_some(points[0])
    }

    /// Stone `k`'s candidates (the other side's stones in the order played).
    pub fn candidates(&self, k: usize) -> ([Point; 4], usize) {
        let stone = &self.stones[k];
        let mut out = [Point::new(0, 0); 4];
        let mut count = 0;
        for (bit, &point) in stone.points[..stone.len as usize].iter().enumerate() {
            if stone.mask & 1 << bit != 0 {
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

    /// Whether the level plays as if the other side had a stone on `point`:
    /// it is known taken (also when a take back made the knowledge board
    /// forget it: the reading saw it in the history), or its likelihood is at
    /// least `threshold` twelfths.
    pub fn likely(&self, point: Point, threshold: u8) -> bool {
        self.likelihood(point) >= threshold.max(1) || self.known_taken(point)
    }

    /// `known` with the other side's stone on every [`likely`](Self::likely)
    /// point: the board the levels play on.
    pub fn likely_board(&self, known: &Board, threshold: u8, opponent: Stone) -> Board {
        let mut board = known.clone();
        for i in 0..POINTS {
            let point = point_at(i);
            if self.likely(point, threshold) && board.get(point).is_none() {
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
        let mut count = 0u8;
        let mut expected = 0u16;
        // The hidden stones with a candidate here, each once (a stone's
        // preimages may share a line: C and D, or M and N, are mirrors).
        let mut stones = [0u8; 5 * 4];
        let mut seen = 0;
        for &p in &points {
            expected += self.likelihood(p) as u16;
            if self.known_taken(p) {
                count += 1;
                expected += CERTAIN as u16;
                continue;
            }
            self.for_each_on(index(p), |k, _| {
                if seen < stones.len() && !stones[..seen].contains(&(k as u8)) {
                    stones[seen] = k as u8;
                    seen += 1;
                }
            });
        }
        Some(((count + seen as u8).min(5), expected))
    }

    /// The point that blocks the most dangerous lines of five, if one is
    /// urgent: lines on which the reading allows the other side three
    /// stones or more, and more than the computer (`me`) has in any line of
    /// five still open to it (else it wins the race by playing its own
    /// line: it moves first). A line weighs its expected stones (in
    /// twelfths) times 1, 4 or 16 for three, four or five that may stand
    /// there; a point the sum over its lines, urgent from [`URGENT`]. It
    /// may be a candidate: the move then either blocks (the point was
    /// empty) or finds the stone, which costs nothing (the computer chooses
    /// again, knowing more).
    pub fn urgent_block(&self, known: &Board, me: Stone) -> Option<Point> {
        let mut weight = [0u16; POINTS];
        let (mut his, mut mine) = (0, 0);
        for i in 0..POINTS {
            let start = point_at(i);
            for (dc, dr) in DIRECTIONS {
                mine = mine.max(self.own_in(known, me, start, (dc, dr)));
                let Some((count, expected)) = self.plausible_in(known, me, start, (dc, dr)) else {
                    continue;
                };
                his = his.max(count);
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
        if his <= mine {
            return None;
        }
        // Of equal weights, the likeliest candidate: a hit costs nothing.
        let best =
            (0..POINTS).max_by_key(|&i| (weight[i], self.likelihood[i], core::cmp::Reverse(i)))?;
        (weight[best] >= URGENT).then(|| point_at(best))
    }

    /// How many of the computer's (`me`) stones stand in the five points
    /// from `start` along `(dc, dr)`, 0 when the line leaves the board or
    /// holds a stone of the other side it knows of.
    fn own_in(&self, known: &Board, me: Stone, start: Point, (dc, dr): (i8, i8)) -> u8 {
        let mut count = 0;
        for step in 0..5 {
            let Some(p) = start.step(dc, dr, step, mist::SIDE) else {
                return 0;
            };
            match known.get(p) {
                Some(stone) if stone == me => count += 1,
                Some(_) => return 0,
                None if self.known_taken(p) => return 0,
                None => {}
            }
        }
        count
    }
}
