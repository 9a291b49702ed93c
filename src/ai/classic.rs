//! The Classic AI: Piskasm's static evaluator, reproduced.
//!
//! Data, as in Piskasm: the board (empty, computer, person) and **Info**, one
//! 16-bit score per point for the computer's possible moves, 0 where the point is
//! occupied or hopeless: its CountScore. Info and its **Update** after every
//! stone are the evaluation's ([`Info`]), since the Strong level reads the same
//! Info; the game keeps one from move to move, as Piskasm did.
//!
//! **PCMove**: from a random starting point, scan Info forward to the end, then
//! backward from the start, and take the first point with the maximum score; if
//! every score is 0, the first free point.

// Loops run over half-open ranges (`1..5`, not `1..=4`): an inclusive range
// costs the .COM an out-of-line `next` and bulkier loops.

use crate::ai::evaluation::{INFO_WORDS, Info};
use crate::rules::board::{Board, Stone};
use crate::rules::coord::Point;
use crate::support::random::Random;
use crate::support::word_tables::HalfWordArray;

/// Info and CountScore are the evaluation's (the Strong level keeps reading
/// Info, the tests call CountScore here).
pub use crate::ai::evaluation::count_score;

/// Classic with an Info of its own, its scores in an array here: the
/// self-play's sides, a hint's fresh Info, the tools and the tests. (The
/// game's Info keeps its scores where the App is told, on DOS far memory.)
#[derive(Clone)]
pub struct Classic {
    computer: Stone,
    side: u8,
    scores: HalfWordArray<INFO_WORDS>,
}

impl Classic {
    /// As [`Info::new`], the scores in this Classic.
    pub fn new(computer: Stone, side: u8) -> Classic {
        Classic {
            computer,
            side,
            scores: HalfWordArray::new(),
        }
    }

    /// Its Info (the scores are this Classic's: Update through it changes them).
    #[inline(always)]
    pub fn info(&self) -> Info<'_> {
        Info::new_kept(self.computer, self.side, &self.scores)
    }

    pub fn computer(&self) -> Stone {
        self.computer
    }

    #[inline(always)]
    pub fn score(&self, point: Point) -> u16 {
        self.info().score(point)
    }

    #[inline(always)]
    pub fn update(&mut self, board: &Board, point: Point) {
        self.info().update(board, point)
    }

    /// [`Info::update_placed`]: after a stone on `point`, which was empty.
    #[inline(always)]
    pub fn update_placed(&mut self, board: &Board, point: Point) {
        self.info().update_placed(board, point)
    }

    #[inline(always)]
    pub fn recompute(&mut self, board: &Board) {
        self.info().recompute(board)
    }

    #[inline(always)]
    pub fn choose(&self, board: &Board, random: &mut Random) -> Option<Point> {
        self.info().choose(board, random)
    }
}

impl Info<'_> {
    /// PCMove: the point to play, chosen as Piskasm did from a random start.
    pub fn choose(&self, board: &Board, random: &mut Random) -> Option<Point> {
        let count = self.side as usize * self.side as usize;
        let start = random.below(count as u16) as usize;
        // The first point of the highest score above 0 in that order. Two
        // plain loops, not a chained iterator: the same order, and the 8086
        // build's PCMove in a third fewer instructions.
        let mut best: Option<usize> = None;
        let mut best_score = 0;
        let mut consider = |index: usize| {
            let score = self.at(index);
            if score > best_score {
                best = Some(index);
                best_score = score;
            }
        };
        for index in start..count {
            consider(index);
        }
        for index in (0..start).rev() {
            consider(index);
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
