//! Line patterns: what the stones along one line through a point make.
//!
//! The engines look at a point one line at a time, along each of the four
//! [`DIRECTIONS`](crate::rules::board::DIRECTIONS). [`Board::line_masks`] reads a
//! line into bit masks, the point in the middle: one side's stones (`own`)
//! and what blocks them (`blocked`: the other side's stones and the points
//! off the board). This module says what such a line holds, in the two ways
//! the engines ask:
//!
//! - **Units** ([`line_classes`]), four points each way: the best unit (window)
//!   of 5, 6 or 7 points each side could make through the point, as a class
//!   from [`ONE`] to [`FIVE`]. Piskasm's CountScore is built on them (see
//!   `evaluation`), so Classic and the Strong level's ordering and playouts both
//!   read lines this way.
//! - **Threat lines** ([`Line`]), five points each way: a five under the rule,
//!   the points that would complete a five (a four or an open four), an open
//!   three. The Strong level's threat search reads lines this way.
//!
//! The two are kept apart because they answer different questions. Units are
//! Piskasm's, who knew one rule: a unit of five stones is a five even with a
//! sixth stone beside it, so a line of nine points tells everything, and a
//! side's class is one lookup in a table of 961 places (the playouts' innermost
//! loop). A threat search must know the rule (under exact five, a sixth stone
//! spoils a five), which needs the eleventh point, and asks for the points
//! themselves (where a four is completed), not a class.
//!
//! Cha's level (`cha`) reads its seventh check, the longest open run, through
//! a threat [`Line`] too ([`Line::open_run_ahead`]). Its other checks are the
//! seed's drawings, written as the seed draws them, and several are two
//! crossing lines (the plus, the T), matched point by point in sixteen turns
//! around the point played: as masks they would no longer read like the seed,
//! and the check of one line would not serve the crossing ones.
//!
//! # Units
//!
//! Drawn with `p` the point being scored, `#` stones, `.` empty:
//!
//! ```text
//! 5 points   p####  #p###  ...   any of the 5 places: how many stones a five here would have
//! 6 points   .p###.  .#p##.  ...  only p inside: the two ends must stay empty (an open shape)
//! 7 points   ..p##..  ..#p#..  ..##p..   only p in the middle three: the wide open three
//! ```
//!
//! A unit holds only one side's stones (an empty unit is both sides'), with a
//! stone imagined on `p`. A 6-unit counts only when its two end points are
//! empty and a 7-unit only when its outer two points on each side are, so `p` is
//! never an end point of one. Every unit that counts therefore lies within four
//! steps of `p`: a stone changes the classes of the points within four steps of
//! it along its four lines, and only along the line that joins them. Classic's
//! Update and the playouts' `LineCache` both rest on this.
//!
//! # Threat lines
//!
//! With `X` the side's stones, `.` empty, `p` the point tried (counted as the
//! side's stone):
//!
//! ```text
//! four:        XXXp.   XX.pX     one point left to make five
//! open four:  .XXXp.             two such points: cannot be stopped
//! open three: .XXp..  .X.pX.     one more stone makes an open four
//! ```

// Loops run over half-open ranges (`1..5`, not `1..=4`): an inclusive range
// costs the .COM an out-of-line `next` and bulkier loops.

use crate::rules::WinRule;
use crate::rules::board::{Board, Stone};
use crate::rules::coord::Point;

/// The shapes a unit can hold, weakest first. A side's values in
/// `evaluation` keep this order, so the best unit is the one of the highest
/// class, for attack and for defence alike.
pub const ONE: u8 = 0;
pub const TWO: u8 = 1;
pub const OPEN_TWO: u8 = 2;
pub const THREE: u8 = 3;
pub const OPEN_THREE: u8 = 4;
pub const WIDE_OPEN_THREE: u8 = 5;
pub const FOUR: u8 = 6;
pub const OPEN_FOUR: u8 = 7;
pub const FIVE: u8 = 8;

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

/// The free points next to the point on one side of it, by the four
/// points' blocked bits on that side: back from the point (bit 3 nearest),
/// and on from it (bit 0 nearest). Tables, not `leading_zeros` and
/// `trailing_zeros`, which 16-bit code has no instruction for.
static FREE_BACK: [u8; 16] = {
    let mut out = [0u8; 16];
    let mut blocked = 0;
    while blocked < 16 {
        let mut free = 0;
        while free < 4 && blocked >> (3 - free) & 1 == 0 {
            free += 1;
        }
        out[blocked] = free as u8;
        blocked += 1;
    }
    out
};
static FREE_AHEAD: [u8; 16] = {
    let mut out = [0u8; 16];
    let mut blocked = 0;
    while blocked < 16 {
        let mut free = 0;
        while free < 4 && blocked >> free & 1 == 0 {
            free += 1;
        }
        out[blocked] = free as u8;
        blocked += 1;
    }
    out
};

/// The masks of the lowest 0 to 4 bits (a shift by a count that varies is a
/// loop in 16-bit code).
static LOW_BITS: [u16; 5] = [0, 1, 3, 7, 15];

/// The best class of one side along a line: `own` its stones and `blocked`
/// the other side's and the points off the board, as 9-bit masks with the
/// point itself at bit 4.
fn side_class(own: u16, blocked: u16) -> u8 {
    if blocked & 1 << 4 != 0 {
        return ONE; // the point holds the other side's stone
    }
    // Free points back from the point (bits 3 down to 0) and on (5 up to 8).
    let left = FREE_BACK[blocked as usize & 15] as u16;
    let right = FREE_AHEAD[blocked as usize >> 5 & 15] as u16;
    let stones = (own >> (4 - left)) & LOW_BITS[left as usize]
        | ((own >> 5) & LOW_BITS[right as usize]) << left;
    let at = SEGMENT_STARTS[(left * 5 + right) as usize] as usize + stones as usize;
    SEGMENT_CLASSES[at / 2] >> (at % 2 * 4) & 15
}

/// A point's best units along one direction, one for each side: Black's class in
/// the low four bits, White's in the high four (see [`line_classes`]).
pub type Classes = u8;

/// The best unit through `point` along one direction for each side (a unit
/// holding only that side's stones, `point` counted as one of them), as
/// [`Classes`]. The points from (at most) four steps behind to four ahead are
/// read once into two masks, bit 4 being `point`; units reaching past the
/// board's edge are skipped. Only the stones within four steps matter, so a
/// stone changes the classes of the points on its four lines, and only along
/// the line that joins them (the Strong level's playouts keep them that way).
pub fn line_classes(board: &Board, point: Point, dc: i8, dr: i8) -> Classes {
    let (stones, edge) = board.line_masks(point, dc, dr, 4);
    classes_from_masks(stones, edge)
}

/// [`line_classes`] of a line read into masks (nine bits, the point at bit
/// 4): each side's stones, and the points off the board.
#[inline(always)]
pub fn classes_from_masks(stones: [u16; 2], edge: u16) -> Classes {
    if stones == [0, 0] {
        return 0; // only empty units: nothing to build on or to stop
    }
    // The points off the board block both sides.
    side_class(stones[0], stones[1] | edge) | side_class(stones[1], stones[0] | edge) << 4
}

/// The bit of the point itself in a [`Line`].
pub const CENTRE: u32 = 5;
/// Five bits in a row: a window of five points.
const WINDOW: u16 = 0b11111;

/// One line through a point as one side sees it: bit 5 is the point, bits 0
/// to 10 the points five steps back to five steps on (eleven bits: enough to
/// see whether a five through the point has a sixth stone beside it).
#[derive(Clone, Copy)]
pub struct Line {
    /// The side's stones (and the point itself).
    pub own: u16,
    /// The other side's stones and the points off the board.
    pub blocked: u16,
}

impl Line {
    /// The line through `point` along `(dc, dr)` as `stone` sees it, `point`
    /// itself counted as its stone. (Inlined: the threat search's one caller
    /// was compiled with it.)
    #[inline(always)]
    pub fn through(board: &Board, point: Point, stone: Stone, dc: i8, dr: i8) -> Line {
        let (stones, edge) = board.line_masks(point, dc, dr, CENTRE as i16);
        let here = 1 << CENTRE;
        Line {
            own: stones[stone as usize] | here,
            blocked: (stones[stone.opponent() as usize] | edge) & !here,
        }
    }

    /// The side's run from the point on, the point included, when the points
    /// just before it and just after it are both free: its length (1 to 5).
    /// None when either end is taken or off the board, or the run goes beyond
    /// what the line shows. Cha's seventh check looks for such runs.
    pub fn open_run_ahead(self) -> Option<u32> {
        let length = (self.own >> CENTRE).trailing_ones();
        let free = |bit: u32| bit <= 2 * CENTRE && (self.own | self.blocked) >> bit & 1 == 0;
        (free(CENTRE - 1) && free(CENTRE + length)).then_some(length)
    }

    /// The most of the side's stones (the point included) in a five-point
    /// window through the point (bits `w..w + 5`, w = 1..=5) that the other
    /// side has not blocked.
    pub fn most_in_a_window(self) -> u32 {
        // The first window's stones are counted, each next window's from the
        // one before: the stone it gains less the stone it loses (on a 386 a
        // count of bits is a dozen instructions, this is two).
        let own = self.own as u32;
        let mut count = (own & (WINDOW as u32) << 1).count_ones();
        let mut most = 0;
        for w in 1..CENTRE + 1 {
            if self.blocked & WINDOW << w == 0 {
                most = most.max(count);
            }
            count = count + (own >> (w + 5) & 1) - (own >> w & 1);
        }
        most
    }

    /// Whether the side's stones fill window `w` and that is a win: under the
    /// exact-five rule not when a sixth stone lies beside them.
    fn wins(self, w: u32, rule: WinRule) -> bool {
        let window = WINDOW << w;
        self.own & window == window && self.no_sixth(w, rule)
    }

    /// Whether a five in window `w` would win as far as the points beside it
    /// go: under the exact-five rule, neither holds a stone of the side.
    fn no_sixth(self, w: u32, rule: WinRule) -> bool {
        let flanks = (1u16 << (w - 1)) | (1 << (w + 5));
        rule == WinRule::FiveOrMore || self.own & flanks == 0
    }

    /// Whether the side has a five through the point.
    pub fn is_five(self, rule: WinRule) -> bool {
        (1..CENTRE + 1).any(|w| self.wins(w, rule))
    }

    /// The points (as bits) where one more stone would make a five through the
    /// point: one makes a four, two an open four.
    pub fn completions(self, rule: WinRule) -> u16 {
        let mut points = 0;
        for w in 1..CENTRE + 1 {
            let window = WINDOW << w;
            let gap = window & !self.own;
            // The gap filled makes the window five: it wins unless a sixth
            // stone lies beside it (the gap is inside, not beside).
            if self.blocked & window == 0 && gap.count_ones() == 1 && self.no_sixth(w, rule) {
                points |= gap;
            }
        }
        points
    }

    /// Whether one more stone on this line would make an open four (two
    /// completion points) through the point: an open three.
    pub fn has_open_three(self, rule: WinRule) -> bool {
        (1..10).any(|bit| {
            let q = 1u16 << bit;
            let with = Line {
                own: self.own | q,
                ..self
            };
            (self.own | self.blocked) & q == 0
                && !with.is_five(rule)
                && with.completions(rule).count_ones() > 1
        })
    }
}
