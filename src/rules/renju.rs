//! Renju's rule for Black, as the Renju International Federation states it
//! (the Gomocup's rule 4): the points Black may not play, and why.
//!
//! - A move that makes five (exactly five in a row) wins, whatever else it
//!   makes.
//! - Otherwise Black may not make an overline (six or more in a row), a double
//!   four (two fours at once) or a double three (two threes at once).
//! - A four is a line to which one more stone gives five. A straight four
//!   (`.XXXX.`, five on either end) is one four; two fours on one line
//!   (`X.XXX.X` filled in the middle) are two.
//! - A three is a line to which one more stone gives a straight four, by a
//!   move that is not itself forbidden: whether it is, is judged by this same
//!   rule with the three's stones on the board (the recursive definition).
//! - Only lines through the new stone count: fours and threes already on the
//!   board are not made by the move.
//!
//! White has no restriction, and White's overline wins; Black's overline never
//! wins (with no five elsewhere it is forbidden, so it is never played).
//!
//! The board is borrowed mutably to try stones on it; every stone tried is
//! taken off again before a function returns. No heap, no table: a point is
//! judged from the stones on its four lines. Any board will do that is
//! [`Stones`]: the game's [`Board`], or the tree's cells.

use crate::rules::board::{Board, DIRECTIONS, MAX_SIDE, Stone};
use crate::rules::coord::Point;

/// Why a point is forbidden for Black.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Foul {
    /// Six or more in a row.
    Overline,
    /// Two fours at once.
    DoubleFour,
    /// Two threes at once.
    DoubleThree,
}

/// A board the rule reads and tries stones on.
pub trait Stones {
    /// Its points a side.
    fn side(&self) -> u8;
    /// The stone on `point`: None when it is empty (the caller keeps to the
    /// board).
    fn stone(&self, point: Point) -> Option<Stone>;
    /// Puts `stone` on `point`, or takes it off with None.
    fn put(&mut self, point: Point, stone: Option<Stone>);
}

impl Stones for Board {
    fn side(&self) -> u8 {
        Board::side(self)
    }

    fn stone(&self, point: Point) -> Option<Stone> {
        self.get(point)
    }

    fn put(&mut self, point: Point, stone: Option<Stone>) {
        self.set(point, stone);
    }
}

/// Why Black may not play `point` on `board`, if Black may not; None when it
/// may, and when `point` is off the board or taken. The board is as it was
/// when this returns.
pub fn foul(board: &mut impl Stones, point: Point) -> Option<Foul> {
    let side = board.side();
    if point.col >= side || point.row >= side || board.stone(point).is_some() {
        return None;
    }
    board.put(point, Some(Stone::Black));
    let verdict = judge(board, point);
    board.put(point, None);
    verdict
}

/// [`foul`] on a board that stays untouched (it judges on a copy).
pub fn foul_on(board: &Board, point: Point) -> Option<Foul> {
    let mut scratch = board.clone();
    foul(&mut scratch, point)
}

/// The verdict on the black stone just put on `point`.
fn judge(board: &mut impl Stones, point: Point) -> Option<Foul> {
    let mut overline = false;
    for &(dc, dr) in DIRECTIONS.iter() {
        match run_length(board, point, dc, dr) {
            5 => return None,
            6.. => overline = true,
            _ => {}
        }
    }
    if overline {
        return Some(Foul::Overline);
    }
    let mut fours = 0;
    for &(dc, dr) in DIRECTIONS.iter() {
        fours += fours_on_line(board, point, dc, dr);
    }
    if fours >= 2 {
        return Some(Foul::DoubleFour);
    }
    let mut threes = 0;
    for &(dc, dr) in DIRECTIONS.iter() {
        if fours_on_line(board, point, dc, dr) == 0 && three_on_line(board, point, dc, dr) {
            threes += 1;
        }
    }
    if threes >= 2 {
        Some(Foul::DoubleThree)
    } else {
        None
    }
}

/// How many black stones follow `point` in an unbroken run along
/// `(dc, dr)`, `point` not counted.
fn run_from(board: &impl Stones, point: Point, dc: i8, dr: i8) -> u8 {
    let side = board.side();
    let mut count = 0;
    let mut here = point;
    while let Some(next) = here.step(dc, dr, 1, side) {
        if board.stone(next) != Some(Stone::Black) {
            break;
        }
        count += 1;
        here = next;
    }
    count
}

/// The length of the black run through `point` along `(dc, dr)`, `point`
/// counted (a black stone, or the empty point a stone is thought on).
fn run_length(board: &impl Stones, point: Point, dc: i8, dr: i8) -> u8 {
    run_from(board, point, -dc, -dr) + 1 + run_from(board, point, dc, dr)
}

/// The empty points that end the black run through `point` along `(dc, dr)`,
/// behind it and ahead of it (None where the run meets a white stone or the
/// edge). Only they can lengthen the run: every line the stone on `point`
/// makes grows through one of them.
fn run_ends(board: &impl Stones, point: Point, dc: i8, dr: i8) -> [Option<Point>; 2] {
    let side = board.side();
    let back = run_from(board, point, -dc, -dr) as i8;
    let ahead = run_from(board, point, dc, dr) as i8;
    let empty = |end: Option<Point>| end.filter(|&end| board.stone(end).is_none());
    [
        empty(point.step(-dc, -dr, back + 1, side)),
        empty(point.step(dc, dr, ahead + 1, side)),
    ]
}

/// Whether a black stone on the empty `point` would make exactly five along
/// `(dc, dr)`.
fn makes_five(board: &impl Stones, point: Point, dc: i8, dr: i8) -> bool {
    run_length(board, point, dc, dr) == 5
}

/// How many fours the black stone on `point` makes along `(dc, dr)`: the ends
/// of its run where one more stone makes five, a straight four counting once.
fn fours_on_line(board: &impl Stones, point: Point, dc: i8, dr: i8) -> u8 {
    let ends = run_ends(board, point, dc, dr);
    let fives = ends
        .iter()
        .filter(|end| end.is_some_and(|end| makes_five(board, end, dc, dr)))
        .count() as u8;
    if fives == 2 && run_length(board, point, dc, dr) == 4 {
        1
    } else {
        fives
    }
}

/// Whether the black stone on `point` makes a three along `(dc, dr)`: an end
/// of its run where a black stone makes a straight four and is not itself
/// forbidden.
fn three_on_line(board: &mut impl Stones, point: Point, dc: i8, dr: i8) -> bool {
    for end in run_ends(board, point, dc, dr).into_iter().flatten() {
        board.put(end, Some(Stone::Black));
        let three = straight_four(board, end, dc, dr) && judge(board, end).is_none();
        board.put(end, None);
        if three {
            return true;
        }
    }
    false
}

/// Whether the black stone on `point` stands in a straight four along
/// `(dc, dr)`: four in a row with five on both ends.
fn straight_four(board: &impl Stones, point: Point, dc: i8, dr: i8) -> bool {
    run_length(board, point, dc, dr) == 4
        && run_ends(board, point, dc, dr)
            .iter()
            .all(|end| end.is_some_and(|end| makes_five(board, end, dc, dr)))
}

/// Every point forbidden for Black on `board`, row by row from the bottom
/// left, handed to `each` with its reason.
pub fn each_foul(board: &Board, mut each: impl FnMut(Point, Foul)) {
    let mut scratch = board.clone();
    let side = board.side();
    for row in 0..side {
        for col in 0..side {
            let point = Point::new(col, row);
            if let Some(why) = foul(&mut scratch, point) {
                each(point, why);
            }
        }
    }
}

/// The bytes of a [`FoulMap`]: 2 bits for each point of the largest board.
pub const FOUL_MAP_BYTES: usize = (MAX_SIDE as usize * MAX_SIDE as usize).div_ceil(4);

/// Black's forbidden points of a board, 2 bits a point, for the screen's
/// marks and for a searcher to hand back whole (the .COMs' engine, whose
/// reply is bytes): the point `index` (row by row from the bottom left,
/// `row * side + col`, as [`Board::points`]) in byte `index / 4`, at bits
/// `2 * (index % 4)`: 0 allowed, 1 a double three, 2 a double four, 3 an
/// overline.
#[derive(Clone, PartialEq, Eq)]
pub struct FoulMap {
    pub bytes: [u8; FOUL_MAP_BYTES],
}

impl FoulMap {
    /// No point forbidden.
    pub const fn new() -> FoulMap {
        FoulMap {
            bytes: [0; FOUL_MAP_BYTES],
        }
    }

    /// Why Black may not play the point `index`; None when it may.
    pub fn get(&self, index: usize) -> Option<Foul> {
        match self
            .bytes
            .get(index / 4)
            .map_or(0, |byte| byte >> (2 * (index % 4)) & 3)
        {
            1 => Some(Foul::DoubleThree),
            2 => Some(Foul::DoubleFour),
            3 => Some(Foul::Overline),
            _ => None,
        }
    }

    /// Marks the point `index` with `why` (None: allowed).
    pub fn set(&mut self, index: usize, why: Option<Foul>) {
        let code = match why {
            None => 0,
            Some(Foul::DoubleThree) => 1,
            Some(Foul::DoubleFour) => 2,
            Some(Foul::Overline) => 3,
        };
        if let Some(byte) = self.bytes.get_mut(index / 4) {
            let shift = 2 * (index % 4);
            *byte = *byte & !(3 << shift) | code << shift;
        }
    }
}

impl Default for FoulMap {
    fn default() -> FoulMap {
        FoulMap::new()
    }
}

/// Every point of `board` forbidden for Black, into `map` (the rest
/// cleared).
pub fn foul_map(board: &Board, map: &mut FoulMap) {
    *map = FoulMap::new();
    let side = board.side() as usize;
    each_foul(board, |point, why| {
        map.set(point.row as usize * side + point.col as usize, Some(why));
    });
}
