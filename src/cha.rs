//! Harry Cha's rule AI (seeds/003): fixed checks in order, no search.
//! (Being written: see tests/cha.rs.)

use crate::board::{Board, Stone};
use crate::coord::Point;

/// The point Cha's program plays for `me` on `board`; `his_first` is the
/// opponent's first stone, if any (check 8 plays next to it at 1:30).
pub fn choose(board: &Board, me: Stone, his_first: Option<Point>) -> Option<Point> {
    let _ = (board, me, his_first);
    None
}
