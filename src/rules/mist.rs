//! Gomoku in the Mist (seeds/000): a 7x7 hole in a mist that covers the board.
//!
//! The hole starts centred on J10. After every stone its centre moves to
//! Xmist = 1 + (5X² + 3X + 4) mod 19, Ymist = 1 + (4Y² + 2Y − 4) mod 19, with the
//! stone's 1-based numeric coordinates (column A = 1, row 1 = 1). Where the hole
//! crosses the border, the part off the board is simply not there.
//!
//! ```text
//! A1 -> M3   B2 -> L17   C3 -> B1   D4 -> B12
//! ```

use crate::rules::board::{Board, Stone};
use crate::rules::coord::Point;

/// The Mist is played on 19x19.
pub const SIDE: u8 = 19;
/// Points from the centre to the hole's edge (a 7x7 hole).
pub const HOLE_REACH: u8 = 3;
/// The hole's centre before the first move: J10.
pub const START: Point = Point::new(9, 9);

/// The hole's centre after a stone on `stone`.
pub fn centre_after(stone: Point) -> Point {
    let x = stone.col as u32 + 1;
    let y = stone.row as u32 + 1;
    let x_mist = 1 + (5 * x * x + 3 * x + 4) % 19;
    // 4Y² + 2Y − 4 is at least 2 for Y >= 1, so the remainder is never negative.
    let y_mist = 1 + (4 * y * y + 2 * y - 4) % 19;
    Point::new((x_mist - 1) as u8, (y_mist - 1) as u8)
}

/// Whether `point` lies in the hole centred on `centre`.
pub fn in_hole(centre: Point, point: Point) -> bool {
    centre.col.abs_diff(point.col) <= HOLE_REACH && centre.row.abs_diff(point.row) <= HOLE_REACH
}

/// The controller's `view` answer: the centre in Go notation, a comma, then 49
/// characters for the hole, rows from the highest row number down, each from the
/// lowest column: `#` black, `o` white, `.` empty, `x` off the board. Returns
/// the length used in `out`.
pub fn view(board: &Board, centre: Point, out: &mut [u8; 53]) -> usize {
    let mut notation = [0u8; 3];
    let mut len = crate::rules::coord::write_point(
        centre,
        crate::rules::coord::Lettering::Consecutive,
        &mut notation,
    );
    out[..len].copy_from_slice(&notation[..len]);
    out[len] = b',';
    len += 1;
    let reach = HOLE_REACH as i8;
    // Half-open ranges: an inclusive one costs the .COM an out-of-line `next`.
    for dr in (-reach..reach + 1).rev() {
        for dc in -reach..reach + 1 {
            out[len] = match centre.step(dc, dr, 1, SIDE) {
                None => b'x',
                Some(point) => match board.get(point) {
                    Some(Stone::Black) => b'#',
                    Some(Stone::White) => b'o',
                    None => b'.',
                },
            };
            len += 1;
        }
    }
    len
}
