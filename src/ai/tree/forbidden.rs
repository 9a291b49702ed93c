//! Renju in the tree (the host's brain asks for it; the .COMs'
//! engine never does): which points Black may not play, judged by
//! [`crate::rules::renju`] on a copy of the tree's cells.
//!
//! With `renju` set, Black's five is exactly five, Black never tries a
//! forbidden point, and a forced block that is forbidden is no block: Black
//! has lost, so White's four whose five point is forbidden for Black wins,
//! and a four-three whose defence is forbidden too. Black's flex four and
//! four-three are not taken as won below the root (either may stand on a
//! forbidden point): they are searched. Host only: in the .COMs' engine
//! `renju_binds` is false and `Cells` has no value.

use super::tables::TreeTables;
use super::{Stop, Tree};

#[cfg(not(target_os = "none"))]
pub(super) use host::Cells;

/// In the .COMs' engine there are no cells to judge: Renju never binds
/// there, and none of this is built into it (its stack is counted to the
/// byte: xtask's check).
#[cfg(target_os = "none")]
pub(super) enum Cells {}

#[cfg(target_os = "none")]
impl Cells {
    pub(super) fn forbids(&mut self, _index: usize) -> bool {
        match *self {}
    }
}

impl<M: TreeTables, S: Stop> Tree<M, S> {
    /// Whether Renju binds `me` (1 or 2): Black, in a Renju search.
    #[inline(always)]
    pub(super) fn renju_binds(&self, me: u8) -> bool {
        #[cfg(not(target_os = "none"))]
        return self.renju && me == 1;
        #[cfg(target_os = "none")]
        return {
            let _ = me;
            false
        };
    }

    /// The cells to judge Black's points on, when Renju binds `me`.
    pub(super) fn renju_cells(&self, me: u8) -> Option<Cells> {
        #[cfg(not(target_os = "none"))]
        if self.renju_binds(me) {
            // Not `then_some`: the copy is made only when it is wanted.
            return Some(host::Cells::of(self.side, &self.cells));
        }
        let _ = me;
        None
    }
}

#[cfg(not(target_os = "none"))]
mod host {
    use super::super::MAX_POINTS;
    use crate::rules::board::Stone;
    use crate::rules::coord::Point;
    use crate::rules::renju::{Stones, foul};

    /// The tree's cells as a board the rule reads: 0 empty, 1 Black, 2 White.
    pub(in super::super) struct Cells {
        side: usize,
        cells: [u8; MAX_POINTS],
    }

    impl Cells {
        pub(super) fn of(side: usize, cells: &[u8; MAX_POINTS]) -> Cells {
            Cells {
                side,
                cells: *cells,
            }
        }

        /// Whether Black may not play the point `index`.
        pub(in super::super) fn forbids(&mut self, index: usize) -> bool {
            let point = Point::new((index % self.side) as u8, (index / self.side) as u8);
            foul(self, point).is_some()
        }
    }

    impl Stones for Cells {
        fn side(&self) -> u8 {
            self.side as u8
        }

        fn stone(&self, point: Point) -> Option<Stone> {
            match self.cells[point.row as usize * self.side + point.col as usize] {
                1 => Some(Stone::Black),
                2 => Some(Stone::White),
                _ => None,
            }
        }

        fn put(&mut self, point: Point, stone: Option<Stone>) {
            self.cells[point.row as usize * self.side + point.col as usize] = match stone {
                None => 0,
                Some(stone) => stone as u8 + 1,
            };
        }
    }
}
