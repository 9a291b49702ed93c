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
    /// The values in class order, see [`FIVE`] and the others; 16 of them,
    /// the last 7 never used, so that a class taken from a nibble needs no
    /// bounds check (the playouts look up millions).
    const fn by_class(&self) -> [u16; 16] {
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
            0,
            0,
            0,
            0,
            0,
            0,
            0,
        ]
    }
}

/// Attack and defence values by class.
static ATTACK_BY_CLASS: [u16; 16] = ATTACK.by_class();
static DEFENCE_BY_CLASS: [u16; 16] = DEFENCE.by_class();

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

/// The best class of the units a side can make through `p` when the points
/// free of the other side's stones and of the board's edge run `left` steps
/// back and `right` steps on from `p` (each at most 4), its own stones among
/// them being `own`: bits 0..left the points back, the farthest first, then
/// bits left..left+right the points on, the nearest first (as [`side_class`]
/// packs them).
const fn best_in_segment(left: u32, right: u32, own: u32) -> u8 {
    // The segment as a mask of 9 bits with `p` at bit 4, as the units see it.
    let back = own & ((1 << left) - 1);
    let on = (own >> left) & ((1 << right) - 1);
    let line = (back << (4 - left)) | 1 << 4 | on << 5;
    let mut best = ONE;
    let mut length = 5;
    while length < 8 {
        // `p` at position k of the unit: it covers bits 4-k ..= 4-k+length-1;
        // a unit of 6 has `p` off its ends, one of 7 in its middle three.
        let mut k = length - 5;
        while k < 5 {
            let low = 4 - k;
            if low + left >= 4 && low + length - 1 <= 4 + right {
                let class = unit_class(length, (line >> low) & ((1 << length) - 1));
                if class > best {
                    best = class;
                }
            }
            k += 1;
        }
        length += 1;
    }
    best
}

/// Where segment (left, right) begins in [`SEGMENT_CLASSES`]: each takes 2 ^
/// (left + right) places, one for each arrangement of its stones.
const fn segment_start(left: u32, right: u32) -> u32 {
    let mut start = 0;
    let mut before = 0;
    while before < left * 5 + right {
        start += 1 << (before / 5 + before % 5);
        before += 1;
    }
    start
}

/// All segments' places: (1 + 2 + 4 + 8 + 16) squared.
const SEGMENTS: usize = 961;

/// [`best_in_segment`] for every segment and arrangement, two classes a
/// byte (each at most 8): the whole of a side's part of CountScore along a
/// line, looked up rather than worked out unit by unit (on the host a line's
/// classes took about a quarter of the instructions).
static SEGMENT_CLASSES: [u8; SEGMENTS.div_ceil(2)] = {
    let mut out = [0u8; SEGMENTS.div_ceil(2)];
    let mut left = 0;
    while left < 5 {
        let mut right = 0;
        while right < 5 {
            let start = segment_start(left, right);
            let mut own = 0;
            while own < 1 << (left + right) {
                let at = (start + own) as usize;
                out[at / 2] |= best_in_segment(left, right, own) << (at % 2 * 4);
                own += 1;
            }
            right += 1;
        }
        left += 1;
    }
    out
};
/// Where each segment begins in [`SEGMENT_CLASSES`], indexed by
/// `left * 5 + right`.
static SEGMENT_STARTS: [u16; 25] = {
    let mut out = [0u16; 25];
    let mut i = 0;
    while i < 25 {
        out[i] = segment_start(i as u32 / 5, i as u32 % 5) as u16;
        i += 1;
    }
    out
};
const _: () = assert!(segment_start(4, 4) as usize + 256 == SEGMENTS);

/// The best class of one side along a line: `own` its stones and `blocked`
/// the other side's and the points off the board, as 9-bit masks with the
/// point itself at bit 4.
fn side_class(own: u16, blocked: u16) -> u8 {
    if blocked & 1 << 4 != 0 {
        return ONE; // the point holds the other side's stone
    }
    // Free points back from the point (bits 3 down to 0) and on (5 up to 8).
    let back = blocked & 0b1111;
    let left = if back == 0 {
        4
    } else {
        back.leading_zeros() - 12
    };
    let right = (blocked >> 5 | 0b10000).trailing_zeros();
    let stones =
        (own >> (4 - left)) & ((1 << left) - 1) | ((own >> 5) & ((1 << right) - 1)) << left;
    let at = SEGMENT_STARTS[(left * 5 + right) as usize] as usize + stones as usize;
    SEGMENT_CLASSES[at / 2] >> (at % 2 * 4) & 15
}

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
#[inline(always)]
pub fn direction_score(classes: Classes, me: Stone) -> u16 {
    let (mine, his) = match me {
        Stone::Black => (classes & 15, classes >> 4),
        Stone::White => (classes >> 4, classes & 15),
    };
    ATTACK_BY_CLASS[mine as usize & 15].max(DEFENCE_BY_CLASS[his as usize & 15])
}

/// The defence value of the other side's best unit of [`Classes`] for `me`:
/// what blocking it along this direction is worth, whether or not it is the
/// larger part of [`direction_score`].
#[inline(always)]
pub fn defence_score(classes: Classes, me: Stone) -> u16 {
    let his = match me {
        Stone::Black => classes >> 4,
        Stone::White => classes & 15,
    };
    DEFENCE_BY_CLASS[his as usize & 15]
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

/// The best unit through `point` along one direction for each side (a unit
/// holding only that side's stones, `point` counted as one of them), as
/// [`Classes`]. The points from (at most) four steps behind to four ahead are
/// read once into two masks, bit 4 being `point`; units reaching past the
/// board's edge are skipped. Only the stones within four steps matter, so a
/// stone changes the classes of the points on its four lines, and only along
/// the line that joins them (the Strong level keeps them that way).
pub fn line_classes(board: &Board, point: Point, dc: i8, dr: i8) -> Classes {
    let (stones, edge) = board.line_masks(point, dc, dr, 4);
    if stones == [0, 0] {
        return 0; // only empty units: nothing to build on or to stop
    }
    // The points off the board block both sides.
    side_class(stones[0], stones[1] | edge) | side_class(stones[1], stones[0] | edge) << 4
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
