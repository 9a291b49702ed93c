//! When a stone wins. Rules are runtime values: one code path serves every variant.
//!
//! The game's rules: points and the board, the win and the opening, a
//! game, the variants, the Mist, the .psq record, Gomorpion's rules.

pub mod board;
pub mod coord;
pub mod game;
pub mod gomorpion;
pub mod mist;
pub mod psq;
pub mod renju;
pub mod variant;

use crate::rules::board::{Board, DIRECTIONS, Stone};
use crate::rules::coord::Point;

/// What length of line wins.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum WinRule {
    /// Five or more in a row (freestyle Gomoku, Piskasm, the Mist).
    FiveOrMore,
    /// Exactly five: an overline of six or more does not win.
    ExactlyFive,
}

/// Where Black's first stone may go.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Opening {
    /// Anywhere.
    Free,
    /// Outer-Open Gomoku (seeds/001): only on the two outer rows or columns of
    /// each side (on 15x15: rows 1, 2, 14, 15 and columns A, B, O, P).
    OuterTwoLines,
}

impl Opening {
    /// Whether Black may open on `point` of a board of `side` points a side.
    pub fn allows(self, point: Point, side: u8) -> bool {
        match self {
            Opening::Free => true,
            Opening::OuterTwoLines => {
                let outer = |v: u8| v < 2 || v + 2 >= side;
                outer(point.col) || outer(point.row)
            }
        }
    }
}

/// An unbroken run of stones: where it starts, its direction and its length.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Line {
    pub start: Point,
    pub direction: (i8, i8),
    pub length: u8,
}

impl Line {
    /// The `i`-th point of the line (0 is `start`).
    pub fn point(&self, i: u8) -> Point {
        Point::new(
            (self.start.col as i16 + self.direction.0 as i16 * i as i16) as u8,
            (self.start.row as i16 + self.direction.1 as i16 * i as i16) as u8,
        )
    }

    pub fn contains(&self, point: Point) -> bool {
        (0..self.length).any(|i| self.point(i) == point)
    }
}

/// The winning line made by the stone on `point`, if it makes one under `rule`.
/// Runs through `point` are checked in all four directions; the whole run is
/// returned, so an overline (under `FiveOrMore`) is highlighted whole.
pub fn winning_line(board: &Board, point: Point, rule: WinRule) -> Option<Line> {
    let stone: Stone = board.get(point)?;
    for &(dc, dr) in DIRECTIONS.iter() {
        let back = board.run_from(point, -dc, -dr, stone);
        let forward = board.run_from(point, dc, dr, stone);
        let length = back + 1 + forward;
        let wins = match rule {
            WinRule::FiveOrMore => length >= 5,
            WinRule::ExactlyFive => length == 5,
        };
        if wins {
            let start = Point::new(
                (point.col as i16 - dc as i16 * back as i16) as u8,
                (point.row as i16 - dr as i16 * back as i16) as u8,
            );
            return Some(Line {
                start,
                direction: (dc, dr),
                length,
            });
        }
    }
    None
}
