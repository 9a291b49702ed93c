//! Piskasm's evaluation: what a stone on a point is worth, CountScore.
//!
//! **CountScore**(point) for a player: in each of the four directions, the
//! best unit through the point (`patterns`: the windows of 5, 6 and 7 points
//! that hold only one side's stones, a stone imagined on the point) is worth
//! its attack value when it is mine and its defence value when it is his (what
//! blocking it is worth); the larger of the two counts for that direction. The
//! point's score is the sum over the four directions. No look-ahead.
//!
//! Only the stones within four steps of a point change its score (see
//! `patterns`, Units): this is what lets [`Info`] be kept by Update and the
//! Strong level's playouts keep the classes of each line.
//!
//! Classic plays the point of the highest CountScore, kept for every point in
//! [`Info`] by Update; the Strong level orders its candidates by it (from the
//! game's Info when there is one), takes it as a move's gain in its two-ply
//! search, and plays its playouts by it.

// Loops run over half-open ranges (`-4..5`, not `-4..=4`): an inclusive
// range costs the .COM an out-of-line `next` and bulkier loops.

use crate::ai::patterns::{
    Classes, FIVE, FOUR, ONE, OPEN_FOUR, OPEN_THREE, OPEN_TWO, THREE, TWO, WIDE_OPEN_THREE,
    classes_from_masks, line_classes,
};
use crate::rules::board::{Board, DIRECTIONS, MAX_SIDE, Stone};
use crate::rules::coord::Point;
use crate::support::word_tables::Words;

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

/// A CountScore that makes five (a five's attack value: at least this wins),
/// as the Strong level's searches compare their gains (i32)...
pub const WINNING: i32 = ATTACK.five as i32;
/// ...one that makes an open four (its attack value)...
pub const MAKES_OPEN_FOUR: i32 = ATTACK.open_four as i32;
/// ...and one that blocks his five (its defence value).
pub const BLOCKS_FIVE: i32 = DEFENCE.five as i32;

impl ShapeValues {
    /// The values by class (`patterns`' [`ONE`] to [`FIVE`]); 16 of them, the
    /// last 7 never used, so that a class taken from a nibble needs no bounds
    /// check (the playouts look up millions).
    const fn by_class(&self) -> [u16; 16] {
        let mut values = [0; 16];
        values[ONE as usize] = self.one;
        values[TWO as usize] = self.two;
        values[OPEN_TWO as usize] = self.open_two;
        values[THREE as usize] = self.three;
        values[OPEN_THREE as usize] = self.open_three;
        values[WIDE_OPEN_THREE as usize] = self.wide_open_three;
        values[FOUR as usize] = self.four;
        values[OPEN_FOUR as usize] = self.open_four;
        values[FIVE as usize] = self.five;
        values
    }
}

/// Attack and defence values by class.
static ATTACK_BY_CLASS: [u16; 16] = ATTACK.by_class();
static DEFENCE_BY_CLASS: [u16; 16] = DEFENCE.by_class();

/// CountScore for a player `me` on any board: the sum over the four
/// directions of [`direction_score`].
pub fn count_score(board: &Board, point: Point, me: Stone) -> u16 {
    let mut total: u16 = 0;
    for &(dc, dr) in DIRECTIONS.iter() {
        total = total.saturating_add(direction_score(line_classes(board, point, dc, dr), me));
    }
    total
}

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

pub(crate) const MAX_POINTS: usize = MAX_SIDE as usize * MAX_SIDE as usize;

/// The words an [`Info`] keeps its scores in: one a point, row by row.
pub const INFO_WORDS: usize = MAX_POINTS;

/// **Info**, Piskasm's incremental evaluation: one CountScore per point for
/// the computer's possible moves, 0 where the point is occupied. Classic plays
/// its best point (PCMove, in `classic`); the Strong level orders its
/// candidates by it when the game keeps one for its side.
///
/// **Update**, after every stone: the stone's point gets 0 and every free point
/// within four steps of it in the eight directions is re-scored with CountScore.
/// Nothing else is recomputed. This is exact, not an approximation: CountScore
/// only looks at points within four steps (see `patterns`, Units), so no other
/// score can change.
///
/// The scores are kept in [`INFO_WORDS`] words of a [`Words`] table, one a
/// point: the game's Info in the DOS layer's far memory (its 722 bytes were on
/// the stack under every path of a game), the others in a [`Classic`]'s own
/// array (`classic`).
///
/// [`Classic`]: crate::ai::classic::Classic
pub struct Info<'a> {
    computer: Stone,
    /// The board's side (Classic's PCMove scans the scores row by row).
    pub(crate) side: u8,
    scores: &'a dyn Words,
}

impl<'a> Info<'a> {
    /// Info for an empty board of `side` points a side, its scores in
    /// `scores`: all zeros, as in Piskasm (the first Update fills in the
    /// scores around the first stone).
    pub fn new(computer: Stone, side: u8, scores: &'a dyn Words) -> Info<'a> {
        let info = Info::new_kept(computer, side, scores);
        info.clear();
        info
    }

    /// An Info over `scores` as they are (kept by their owner).
    pub(crate) fn new_kept(computer: Stone, side: u8, scores: &'a dyn Words) -> Info<'a> {
        Info {
            computer,
            side,
            scores,
        }
    }

    /// As [`Info::new`], in place.
    pub fn restart(&mut self, computer: Stone, side: u8) {
        self.computer = computer;
        self.side = side;
        self.clear();
    }

    /// All the scores 0.
    #[inline(never)]
    fn clear(&self) {
        for index in 0..MAX_POINTS {
            self.scores.set(index, 0);
        }
    }

    pub fn computer(&self) -> Stone {
        self.computer
    }

    fn index(&self, point: Point) -> usize {
        point.row as usize * self.side as usize + point.col as usize
    }

    /// The score at `index` (row by row).
    pub(crate) fn at(&self, index: usize) -> u16 {
        self.scores.get(index) as u16
    }

    /// Info's score for `point`.
    // Out of line: inlined at each call, it cost the .COM more.
    #[inline(never)]
    pub fn score(&self, point: Point) -> u16 {
        self.at(self.index(point))
    }

    /// Update: after a stone was placed on (or taken from) `point`, re-score the
    /// point itself and every free point within four steps in the eight directions.
    pub fn update(&self, board: &Board, point: Point) {
        self.rescore_around(board, point, None);
    }

    /// Update after a stone was placed on `point`, which was empty, while
    /// Info held the scores of the board without it: the same scores as
    /// [`Info::update`], sooner. A stone changes a point's units only along
    /// the line that joins them (`patterns`), so each point within four
    /// steps is re-scored in that one direction: its score less what the
    /// direction was worth without the stone (the same line, the stone's
    /// bit cleared), plus what it is worth now. (The 8086 build's Classic
    /// spent most of a reply in CountScore's four directions.) With no
    /// stone on `point`, [`Info::update`].
    pub fn update_placed(&self, board: &Board, point: Point) {
        self.rescore_around(board, point, board.get(point));
    }

    /// `point` and the free points within four steps of it re-scored: afresh,
    /// or with `placed` (the stone just put on `point`) one direction each.
    #[inline(never)]
    fn rescore_around(&self, board: &Board, point: Point, placed: Option<Stone>) {
        let here = self.index(point);
        let score = match board.get(point) {
            None => self.count_score(board, point),
            Some(_) => 0,
        };
        self.scores.set(here, score as u32);
        // Four steps back to four on along each line (each point's score depends
        // on the board only, so the order does not matter). The point walks
        // by adding the direction: a multiplication is a loop in 16-bit code.
        let side = self.side as i16;
        for &(dc, dr) in DIRECTIONS.iter() {
            let (dc16, dr16) = (dc as i16, dr as i16);
            let (mut col, mut row) = (point.col as i16 - 4 * dc16, point.row as i16 - 4 * dr16);
            for steps in -4..5 {
                let on_board = col >= 0 && row >= 0 && col < side && row < side;
                let near = Point::new(col as u8, row as u8);
                (col, row) = (col + dc16, row + dr16);
                if steps != 0 && on_board && board.get(near).is_none() {
                    let index = self.index(near);
                    let score = match placed {
                        None => self.count_score(board, near),
                        // `point` lies `steps` on from `near`, at bit 4 - steps.
                        Some(stone) => {
                            let (then, now) =
                                self.direction_change(board, near, (dc, dr), 4 - steps, stone);
                            self.at(index).wrapping_sub(then).wrapping_add(now)
                        }
                    };
                    self.scores.set(index, score as u32);
                }
            }
        }
    }

    /// What the direction `(dc, dr)` of `near` is worth to the computer
    /// without the stone at bit `bit` of its line (`stone`'s) and with it.
    /// Out of line: CountScore keeps its own inlined copy of the line's
    /// reading, whose speed is also the machine's measure (`ai::speed`).
    #[inline(never)]
    fn direction_change(
        &self,
        board: &Board,
        near: Point,
        (dc, dr): (i8, i8),
        bit: i8,
        stone: Stone,
    ) -> (u16, u16) {
        let (stones, edge) = board.line_masks(near, dc, dr, 4);
        let mut before = stones;
        before[stone as usize] &= !(1 << bit);
        (
            direction_score(classes_from_masks(before, edge), self.computer),
            direction_score(classes_from_masks(stones, edge), self.computer),
        )
    }

    /// Info computed from scratch: used after loading a game and for hints, and by
    /// the tests to check that Update keeps Info exact.
    pub fn recompute(&self, board: &Board) {
        for row in 0..self.side {
            for col in 0..self.side {
                let point = Point::new(col, row);
                let index = self.index(point);
                self.scores.set(
                    index,
                    if board.get(point).is_some() {
                        0
                    } else {
                        self.count_score(board, point)
                    } as u32,
                );
            }
        }
    }

    /// CountScore: the sum over the four directions of the best unit through `point`.
    pub fn count_score(&self, board: &Board, point: Point) -> u16 {
        count_score(board, point, self.computer)
    }
}
