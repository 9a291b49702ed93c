//! The Classic AI: Piskasm's static evaluator, reproduced.
//!
//! Data, as in Piskasm: the board (empty, computer, person) and **Info**, one
//! 16-bit score per point for the computer's possible moves, 0 where the point is
//! occupied or hopeless: its CountScore (see `evaluation`).
//!
//! **Update**, after every stone: the stone's point gets 0 and every free point
//! within four steps of it in the eight directions is re-scored with CountScore.
//! Nothing else is recomputed. This is exact, not an approximation: CountScore
//! only looks at points within four steps (see `patterns`, Units), so no other
//! score can change.
//!
//! **PCMove**: from a random starting point, scan Info forward to the end, then
//! backward from the start, and take the first point with the maximum score; if
//! every score is 0, the first free point.
//!
//! The Strong level orders its candidates by the game's Info when it is kept
//! for its side (`strong::choose_with_info`).

// Loops run over half-open ranges (`1..5`, not `1..=4`): an inclusive range
// costs the .COM an out-of-line `next` and bulkier loops.

use crate::board::{Board, DIRECTIONS, MAX_SIDE, Stone};
use crate::coord::Point;
use crate::random::Random;

/// CountScore is the evaluation's (this was its home, and the tests still
/// call it here).
pub use crate::evaluation::count_score;

const MAX_POINTS: usize = MAX_SIDE as usize * MAX_SIDE as usize;

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

/// The computer's opening stone when it begins: a random point within two points
/// of the middle of the board.
pub fn opening_move(side: u8, random: &mut Random) -> Point {
    // One number for both coordinates: two consecutive ones are correlated (they
    // differ by 4567), which would leave most of the 25 points unreachable.
    let middle = side / 2;
    let choice = random.below(25) as u8;
    Point::new(middle - 2 + choice % 5, middle - 2 + choice / 5)
}
