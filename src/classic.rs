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

use crate::board::Board;
use crate::coord::Point;
use crate::evaluation::Info;
use crate::random::Random;

/// Info and CountScore are the evaluation's (the Strong level keeps reading
/// Info, the tests call CountScore here): Classic is Info and PCMove over it.
pub use crate::evaluation::{Info as Classic, count_score};

impl Info {
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
