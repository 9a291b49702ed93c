//! The board: a square of points, each empty or holding a black or white stone.

use crate::rules::coord::Point;

/// The largest board side PISKRS plays on: 20 on the host (the Gomocup brain
/// plays 20x20), 19 in PISKRS.COM, whose largest board is 19x19 (every board,
/// move list and Info then costs the scarce segment less).
pub const MAX_SIDE: u8 = if cfg!(target_os = "none") { 19 } else { 20 };
const MAX_POINTS: usize = MAX_SIDE as usize * MAX_SIDE as usize;

/// The four directions a line can run in: across, up, and the two diagonals.
/// The other four are these reversed.
pub const DIRECTIONS: [(i8, i8); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// A stone's colour, which is also the player who owns it. Black moves first.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Stone {
    Black,
    White,
}

impl Stone {
    pub fn opponent(self) -> Stone {
        match self {
            Stone::Black => Stone::White,
            Stone::White => Stone::Black,
        }
    }
}

/// How many steps fit on the board back and on from `position` along a
/// coordinate that moves by `delta` (`reach` when it does not move). Inlined:
/// it runs twice in every line read, the evaluators' innermost work.
#[inline(always)]
fn room(position: i16, delta: i8, side: i16, reach: i16) -> (i16, i16) {
    match delta {
        1 => (position, side - 1 - position),
        -1 => (side - 1 - position, position),
        _ => (reach, reach),
    }
}

/// A board of `side` x `side` points.
#[derive(Clone)]
pub struct Board {
    side: u8,
    points: [Option<Stone>; MAX_POINTS],
}

impl Board {
    /// An empty board; `side` is clamped to 5..=MAX_SIDE.
    pub fn new(side: u8) -> Board {
        Board {
            side: side.clamp(5, MAX_SIDE),
            points: [None; MAX_POINTS],
        }
    }

    /// Empties the board and gives it `side` points a side, in place.
    pub fn reset(&mut self, side: u8) {
        self.side = side.clamp(5, MAX_SIDE);
        self.points = [None; MAX_POINTS];
    }

    pub fn side(&self) -> u8 {
        self.side
    }

    pub fn point_count(&self) -> u16 {
        self.side as u16 * self.side as u16
    }

    /// Whether `point` is on this board.
    pub fn contains(&self, point: Point) -> bool {
        point.col < self.side && point.row < self.side
    }

    fn index(&self, point: Point) -> usize {
        point.row as usize * self.side as usize + point.col as usize
    }

    /// The stone on `point`; `None` if it is empty or off the board.
    pub fn get(&self, point: Point) -> Option<Stone> {
        if self.contains(point) {
            self.points[self.index(point)]
        } else {
            None
        }
    }

    /// The points row by row from the bottom left (index = row * side + col), for
    /// scans that walk the board with a fixed stride.
    #[inline(always)]
    pub fn points(&self) -> &[Option<Stone>] {
        &self.points[..self.point_count() as usize]
    }

    /// Puts `stone` on `point` (or clears it with `None`). The caller checks legality.
    pub fn set(&mut self, point: Point, stone: Option<Stone>) {
        if self.contains(point) {
            let index = self.index(point);
            self.points[index] = stone;
        }
    }

    /// The stones on the line through `point` along `(dc, dr)`, from `reach`
    /// steps back to `reach` on, as bit masks with `point` at bit `reach`:
    /// Black's, White's, and the points off the board. The evaluators' innermost
    /// work: the part of the line on the board is walked with a fixed stride, no
    /// bounds looked at point by point. Inlined: CountScore's speed is also
    /// the machine's measure (`ai::speed`).
    #[inline(always)]
    pub fn line_masks(&self, point: Point, dc: i8, dr: i8, reach: i16) -> ([u16; 2], u16) {
        let side = self.side as i16;
        let (col, row) = (point.col as i16, point.row as i16);
        let (col_back, col_ahead) = room(col, dc, side, reach);
        let (row_back, row_ahead) = room(row, dr, side, reach);
        let back = col_back.min(row_back).min(reach);
        let ahead = col_ahead.min(row_ahead).min(reach);
        // Black's stones in the low half, White's in the high half: one mask
        // to set a bit in (two in an array cost the .COM more).
        let mut stones = 0u32;
        let stride = dr as i16 * side + dc as i16;
        let mut index = (row * side + col - back * stride) as usize;
        for bit in (reach - back)..(reach + ahead + 1) {
            if let Some(stone) = self.points[index] {
                stones |= 1 << (bit + 16 * stone as i16);
            }
            index = index.wrapping_add(stride as isize as usize);
        }
        let on_board = ((1u16 << (back + ahead + 1)) - 1) << (reach - back);
        (
            [stones as u16, (stones >> 16) as u16],
            !on_board & ((1 << (2 * reach + 1)) - 1),
        )
    }

    /// Counts the stones of `stone`'s colour in an unbroken run from `point`
    /// (not counting `point` itself) in direction `(dc, dr)`.
    pub fn run_from(&self, point: Point, dc: i8, dr: i8, stone: Stone) -> u8 {
        let mut count = 0;
        let mut here = point;
        while let Some(next) = here.step(dc, dr, 1, self.side) {
            if self.get(next) != Some(stone) {
                break;
            }
            count += 1;
            here = next;
        }
        count
    }
}
