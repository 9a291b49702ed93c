//! The Classic AI: Piskasm's static evaluator, reproduced.
//!
//! Data, as in Piskasm: the board (empty, computer, person) and **Info**, one
//! 16-bit score per point for the computer's possible moves, 0 where the point is
//! occupied or hopeless.
//!
//! **Update**, after every stone: the stone's point gets 0 and every free point
//! within four steps of it in the eight directions is re-scored with CountScore.
//! Nothing else is recomputed. This is exact, not an approximation: CountScore
//! only looks at points within four steps (see below), so no other score can change.
//!
//! **CountScore**(point): in each of the four directions, look at the units
//! (windows) of 5, 6 and 7 consecutive points that contain the point. A unit's
//! stones, with a stone imagined on the point itself, written as a binary mask,
//! index a table of shapes (a five, an open four, ...), each with an attack and a
//! defence value. Offensive units hold only the computer's stones, defensive units
//! only the person's (an empty unit is both). In each direction the best unit
//! counts; the point's score is the sum over the four directions. No look-ahead.
//!
//! **PCMove**: from a random starting point, scan Info forward to the end, then
//! backward from the start, and take the first point with the maximum score; if
//! every score is 0, the first free point.
//!
//! The units, drawn with `p` the point being scored, `#` stones, `.` empty:
//!
//! ```text
//! 5 points   p####  #p###  ...   any of the 5 places: how many stones a five here would have
//! 6 points   .p###.  .#p##.  ...  only p inside: the two ends must stay empty (an open shape)
//! 7 points   ..p##..  ..#p#..  ..##p..   only p in the middle three: the wide open three
//! ```
//!
//! A 6-unit scores only when its two end points are empty and a 7-unit only when
//! its outer two points on each side are, so `p` is never an end point of one.
//! Every unit that can score therefore lies within four steps of `p`, which is
//! what makes Piskasm's four-step Update exact.

// Loops run over half-open ranges (`1..5`, not `1..=4`): an inclusive range
// costs the .COM an out-of-line `next` and bulkier loops.

use crate::board::{Board, DIRECTIONS, MAX_SIDE, Stone};
use crate::coord::Point;
use crate::random::Random;

const MAX_POINTS: usize = MAX_SIDE as usize * MAX_SIDE as usize;

/// Scores of the shapes a stone on `p` would make, for one side.
///
/// The reasoning: a five ends the game, so it outweighs everything, even four
/// directions of anything else. An open four (`.####.`) cannot be stopped: the next
/// best. A closed four forces a reply but can be blocked; an open three (`.###.`
/// with room, or `.#.##.`) becomes an open four if left alone, so it is worth about
/// as much as a closed four. Closed threes, open twos and twos are building
/// material. A unit holding nothing but `p` scores 0: so a point with no stone
/// within four steps scores 0, exactly as Piskasm's Info starts out all zeros,
/// and Update never has to touch points further away.
///
/// Defence (the same shape, made by the person if they played `p`) is scored at
/// about half of attack: blocking the person's five (5000) beats everything but
/// our own five (10000); blocking their open four (1200) beats making our own
/// open three (250) but not our open four (2500), which wins first.
/// Four directions of the largest value, 40000, still fit in 16 bits.
struct ShapeValues {
    five: u16,
    open_four: u16,
    four: u16,
    wide_open_three: u16,
    open_three: u16,
    three: u16,
    open_two: u16,
    two: u16,
    one: u16,
}

const ATTACK: ShapeValues = ShapeValues {
    five: 10000,
    open_four: 2500,
    four: 300,
    wide_open_three: 280,
    open_three: 250,
    three: 30,
    open_two: 20,
    two: 5,
    one: 0,
};

const DEFENCE: ShapeValues = ShapeValues {
    five: 5000,
    open_four: 1200,
    four: 150,
    wide_open_three: 140,
    open_three: 120,
    three: 15,
    open_two: 10,
    two: 3,
    one: 0,
};

/// The shapes a unit can hold, weakest first: the index into a side's
/// [`ShapeValues`] (both sides' values keep this order, so the best unit is the
/// one of the highest class, for attack and for defence alike).
const ONE: u8 = 0;
const TWO: u8 = 1;
const OPEN_TWO: u8 = 2;
const THREE: u8 = 3;
const OPEN_THREE: u8 = 4;
const WIDE_OPEN_THREE: u8 = 5;
const FOUR: u8 = 6;
const OPEN_FOUR: u8 = 7;
const FIVE: u8 = 8;

impl ShapeValues {
    /// The values in class order, see [`FIVE`] and the others.
    const fn by_class(&self) -> [u16; 9] {
        [
            self.one,
            self.two,
            self.open_two,
            self.three,
            self.open_three,
            self.wide_open_three,
            self.four,
            self.open_four,
            self.five,
        ]
    }
}

/// Attack and defence values by class.
static ATTACK_BY_CLASS: [u16; 9] = ATTACK.by_class();
static DEFENCE_BY_CLASS: [u16; 9] = DEFENCE.by_class();

/// The class of a unit of `length` points whose stones (with `p`'s) form `mask`
/// (bit i = the unit's i-th point); ONE for a unit that scores nothing.
const fn unit_class(length: u32, mask: u32) -> u8 {
    match length {
        5 => match mask.count_ones() {
            5 => FIVE,
            4 => FOUR,
            3 => THREE,
            2 => TWO,
            _ => ONE,
        },
        6 => {
            if mask & 0b100001 != 0 {
                return ONE;
            }
            match (mask >> 1).count_ones() {
                4 => OPEN_FOUR,
                3 => OPEN_THREE,
                2 => OPEN_TWO,
                _ => ONE,
            }
        }
        _ => {
            if mask != 0b0011100 {
                return ONE;
            }
            WIDE_OPEN_THREE
        }
    }
}

const fn table<const N: usize>(length: u32) -> [u8; N] {
    let mut out = [0u8; N];
    let mut mask = 0;
    while mask < N {
        out[mask] = unit_class(length, mask as u32);
        mask += 1;
    }
    out
}

/// Whether every mask from `from` up to `2^length` is of class ONE: those
/// masks are left out of the tables below.
const fn nothing_from(length: u32, from: u32) -> bool {
    let mut mask = from;
    while mask < 1 << length {
        if unit_class(length, mask) != ONE {
            return false;
        }
        mask += 1;
    }
    true
}

/// The class tables, indexed by a unit's mask, for units of 5, 6 and 7 points,
/// computed when the program is compiled. A 6-unit scores only with both ends
/// empty (mask at most 0b011110) and a 7-unit only as the wide open three
/// (0b0011100), so their tables stop there: a larger mask is of class ONE
/// (see [`class_of`]).
static CLASS_5: [u8; 32] = table(5);
static CLASS_6: [u8; 31] = table(6);
static CLASS_7: [u8; 29] = table(7);
const _: () = assert!(nothing_from(6, 31) && nothing_from(7, 29));

/// A unit's class from its table: ONE for a mask past the table's end.
fn class_of(table: &[u8], mask: u16) -> u8 {
    table.get(mask as usize).copied().unwrap_or(ONE)
}

/// The units looked at: their length, the first position of `p` inside them
/// (the last is always 4: see the module docs for why `p` stays inside) and
/// their class table.
static UNITS: [(u16, u16, &[u8]); 3] = [(5, 0, &CLASS_5), (6, 1, &CLASS_6), (7, 2, &CLASS_7)];

/// The evaluator's state: the computer's colour and Info.
#[derive(Clone)]
pub struct Classic {
    computer: Stone,
    side: u8,
    info: [u16; MAX_POINTS],
}

impl Classic {
    /// Info for an empty board of `side` points a side: all zeros, as in Piskasm
    /// (the first Update fills in the scores around the first stone).
    pub fn new(computer: Stone, side: u8) -> Classic {
        Classic {
            computer,
            side,
            info: [0; MAX_POINTS],
        }
    }

    /// As [`Classic::new`], in place (a new one is built on the stack and
    /// copied; the stack is the scarcest room in the segment).
    pub fn restart(&mut self, computer: Stone, side: u8) {
        self.computer = computer;
        self.side = side;
        self.info = [0; MAX_POINTS];
    }

    pub fn computer(&self) -> Stone {
        self.computer
    }

    fn index(&self, point: Point) -> usize {
        point.row as usize * self.side as usize + point.col as usize
    }

    /// Info's score for `point`.
    // Out of line: inlined at each call, it cost the .COM more.
    #[inline(never)]
    pub fn score(&self, point: Point) -> u16 {
        self.info[self.index(point)]
    }

    /// Update: after a stone was placed on (or taken from) `point`, re-score the
    /// point itself and every free point within four steps in the eight directions.
    pub fn update(&mut self, board: &Board, point: Point) {
        let here = self.index(point);
        self.info[here] = if board.get(point).is_none() {
            self.count_score(board, point)
        } else {
            0
        };
        // Four steps back to four on along each line (each point's score depends
        // on the board only, so the order does not matter).
        for &(dc, dr) in DIRECTIONS.iter() {
            for steps in -4..5 {
                if steps != 0
                    && let Some(near) = point.step(dc, dr, steps, self.side)
                    && board.get(near).is_none()
                {
                    let index = self.index(near);
                    self.info[index] = self.count_score(board, near);
                }
            }
        }
    }

    /// Info computed from scratch: used after loading a game and for hints, and by
    /// the tests to check that Update keeps Info exact.
    pub fn recompute(&mut self, board: &Board) {
        for row in 0..self.side {
            for col in 0..self.side {
                let point = Point::new(col, row);
                let index = self.index(point);
                self.info[index] = if board.get(point).is_some() {
                    0
                } else {
                    self.count_score(board, point)
                };
            }
        }
    }

    /// CountScore: the sum over the four directions of the best unit through `point`.
    pub fn count_score(&self, board: &Board, point: Point) -> u16 {
        count_score(board, point, self.computer)
    }
}

/// CountScore for a player `me` on any board, without an Info: the Strong level
/// orders its candidate moves with it.
pub fn count_score(board: &Board, point: Point, me: Stone) -> u16 {
    let mut total: u16 = 0;
    for &(dc, dr) in DIRECTIONS.iter() {
        total = total.saturating_add(direction_score(line_classes(board, point, dc, dr), me));
    }
    total
}

/// A point's best units along one direction, one for each side: Black's class in
/// the low four bits, White's in the high four (see [`line_classes`]).
pub type Classes = u8;

/// What the best units of [`Classes`] are worth to `me` along their direction:
/// my best unit as attack or his as defence, whichever is more.
pub fn direction_score(classes: Classes, me: Stone) -> u16 {
    let (mine, his) = match me {
        Stone::Black => (classes & 15, classes >> 4),
        Stone::White => (classes >> 4, classes & 15),
    };
    ATTACK_BY_CLASS[mine as usize].max(DEFENCE_BY_CLASS[his as usize])
}

impl Classic {
    /// PCMove: the point to play, chosen as Piskasm did from a random start.
    pub fn choose(&self, board: &Board, random: &mut Random) -> Option<Point> {
        let count = self.side as usize * self.side as usize;
        let start = random.below(count as u16) as usize;
        let mut best: Option<usize> = None;
        let forward = start..count;
        let backward = (0..start).rev();
        for index in forward.chain(backward) {
            let score = self.info[index];
            if score > 0 && best.is_none_or(|b| score > self.info[b]) {
                best = Some(index);
            }
        }
        let side = self.side as usize;
        let to_point = |index: usize| Point::new((index % side) as u8, (index / side) as u8);
        match best {
            Some(index) => Some(to_point(index)),
            None => (0..count).map(to_point).find(|&p| board.get(p).is_none()),
        }
    }
}

/// How many steps fit on the board behind and ahead of `position` along a
/// coordinate that moves by `delta` (4 when it does not move). Inlined: it runs
/// eight times in every CountScore, the innermost work of Classic.
#[inline(always)]
fn room(position: i16, delta: i8, side: i16) -> (i16, i16) {
    match delta {
        1 => (position, side - 1 - position),
        -1 => (side - 1 - position, position),
        _ => (4, 4),
    }
}

/// The best unit through `point` along one direction for each side (a unit
/// holding only that side's stones, `point` counted as one of them), as
/// [`Classes`]. The points from (at most) four steps behind to four ahead are
/// read once into two masks, bit 4 being `point`; units reaching past the
/// board's edge are skipped. Only the stones within four steps matter, so a
/// stone changes the classes of the points on its four lines, and only along
/// the line that joins them (the Strong level keeps them that way).
pub fn line_classes(board: &Board, point: Point, dc: i8, dr: i8) -> Classes {
    let side = board.side() as i16;
    let (col, row) = (point.col as i16, point.row as i16);
    let (col_back, col_ahead) = room(col, dc, side);
    let (row_back, row_ahead) = room(row, dr, side);
    let back = col_back.min(row_back).min(4);
    let ahead = col_ahead.min(row_ahead).min(4);
    // Black's stones and White's, as masks.
    let mut stones = [0u16; 2];
    let points = board.points();
    let stride = dr as i16 * side + dc as i16;
    let mut index = (row * side + col - back * stride) as usize;
    for bit in (4 - back)..(4 + ahead + 1) {
        if let Some(stone) = points[index] {
            stones[stone as usize] |= 1 << bit;
        }
        index = index.wrapping_add(stride as isize as usize);
    }
    if stones == [0, 0] {
        return 0; // only empty units: nothing to build on or to stop
    }
    let (lowest, highest) = ((4 - back) as u16, (4 + ahead) as u16);
    let mut best = [ONE; 2];
    for &(length, first, classes) in UNITS.iter() {
        let full = (1u16 << length) - 1;
        // `p` at position k of the unit: the unit covers bits 4-k ..= 4-k+length-1.
        for k in first..5 {
            let shift = 4 - k;
            if shift < lowest || shift + length - 1 > highest {
                continue;
            }
            let units = [(stones[0] >> shift) & full, (stones[1] >> shift) & full];
            for side in 0..2 {
                if units[1 - side] == 0 {
                    best[side] = best[side].max(class_of(classes, units[side] | 1 << k));
                }
            }
        }
    }
    best[0] | best[1] << 4
}

/// The computer's opening stone when it begins: a random point within two points
/// of the middle of the board.
pub fn opening_move(side: u8, random: &mut Random) -> Point {
    // One number for both coordinates: two consecutive ones are correlated (they
    // differ by 4567), which would leave most of the 25 points unreachable.
    let middle = side / 2;
    let choice = random.below(25) as u8;
    Point::new(middle - 2 + choice % 5, middle - 2 + choice / 5)
}
