//! Cha's checks as they were before they read rays (piskrs 98500aa,
//! src/ai/cha.rs, its drawings' documentation left out): every candidate point,
//! for every shape and every way round, looked at the board cell by cell. The
//! tests keep it as the reference the rays must agree with, move for move
//! (tests/cha_same_moves.rs).

use piskrs::ai::patterns::Line;
use piskrs::rules::WinRule;
use piskrs::rules::board::{Board, DIRECTIONS, MAX_SIDE, Stone};
use piskrs::rules::coord::Point;

/// The seed's "first few turns": the T-shaped second drawing of check 3 (and 4) is
/// looked for while I have fewer stones than this (Cha's program: while it makes
/// its first six moves).
pub const FIRST_FEW_TURNS: usize = 6;

/// A shape of the drawings above, for its owner, as it is written below.
struct Drawing {
    /// Which pair of checks looks for it: 0 for checks 1 and 2, 1 for 3 and 4, 2
    /// for 5 and 6.
    check: u8,
    /// The drawing, top row first, one character a point (a space: anything),
    /// `width` points a row.
    cells: &'static str,
    /// The points in a row of the drawing.
    width: u8,
    /// The point I play when the shape is mine, as (column, row) of the drawing.
    mine: (u8, u8),
    /// The point I play when the shape is his.
    his: (u8, u8),
    /// Looked for only in the first few turns.
    early_only: bool,
}

/// A shape along one line; I play its point `mine` or `his` (counted from 0).
const fn line(check: u8, cells: &'static str, mine: u8, his: u8) -> Drawing {
    Drawing {
        check,
        cells,
        width: cells.len() as u8,
        mine: (mine, 0),
        his: (his, 0),
        early_only: false,
    }
}

/// A shape of two crossing lines, five points a row.
const fn cross(check: u8, cells: &'static str, mine: (u8, u8), his: (u8, u8)) -> Drawing {
    Drawing {
        check,
        cells,
        width: 5,
        mine,
        his,
        early_only: false,
    }
}

/// The shapes of checks 1 to 6, in the order they are tried.
const DRAWINGS: [Drawing; 14] = [
    // Checks 1 and 2: five in one move.
    line(0, "!XXXX+!", 5, 5),
    line(0, "!XXX+X!", 4, 4),
    line(0, "!XX+XX!", 3, 3),
    // Checks 3 and 4: a bingo in two turns.
    line(1, "!X+X+X+X!", 4, 4),
    line(1, "+XX+X+", 3, 3),
    line(1, "++XXX+", 1, 1),
    line(1, "+XXX+", 0, 0),
    cross(
        1,
        concat!("  +  ", "  X  ", "+X+X+", "  X  ", "  +  "),
        (2, 2),
        (2, 2),
    ),
    Drawing {
        check: 1,
        cells: concat!(" X ", "X+X", " + "),
        width: 3,
        mine: (1, 2),
        his: (1, 1),
        early_only: true,
    },
    // Checks 5 and 6: a bingo in three turns.
    line(2, "OXXX++", 4, 4),
    line(2, "OXX+XX+", 6, 3),
    line(2, "OXX+X+", 5, 3),
    line(2, "OX+XX+", 5, 2),
    cross(
        2,
        concat!("  O  ", "  X  ", "+X+X+", "  X  ", "  +  "),
        (2, 2),
        (2, 2),
    ),
];

/// A shape as the program keeps it: [`Drawing`] with its cells in [`CELLS`] (an
/// offset and a length of one byte each cost the .COM less than a `&str`).
struct Shape {
    /// As in [`Drawing`], plus [`EARLY_ONLY`] if `early_only`.
    check: u8,
    /// Where its cells start in [`CELLS`].
    start: u8,
    /// How many cells it has.
    len: u8,
    /// As in [`Drawing`].
    width: u8,
    /// The points `mine` and `his` of [`Drawing`], as the index of their cell.
    /// (Mine first, then his.)
    played: [u8; 2],
}

/// In [`Shape::check`]: the shape is looked for only in the first few turns.
const EARLY_ONLY: u8 = 4;

/// The cells of all the drawings, one after the other.
static CELLS: [u8; cells_len()] = {
    let mut cells = [0; cells_len()];
    let (mut shape, mut at) = (0, 0);
    while shape < DRAWINGS.len() {
        let drawing = DRAWINGS[shape].cells.as_bytes();
        let mut cell = 0;
        while cell < drawing.len() {
            cells[at] = drawing[cell];
            (cell, at) = (cell + 1, at + 1);
        }
        shape += 1;
    }
    cells
};

/// How many cells the drawings have in all.
const fn cells_len() -> usize {
    let (mut shape, mut len) = (0, 0);
    while shape < DRAWINGS.len() {
        len += DRAWINGS[shape].cells.len();
        shape += 1;
    }
    len
}

/// [`DRAWINGS`] as the program keeps them.
static SHAPES: [Shape; DRAWINGS.len()] = {
    let mut shapes = [const {
        Shape {
            check: 0,
            start: 0,
            len: 0,
            width: 0,
            played: [0; 2],
        }
    }; DRAWINGS.len()];
    let (mut shape, mut start) = (0, 0);
    while shape < DRAWINGS.len() {
        let drawing = &DRAWINGS[shape];
        shapes[shape] = Shape {
            check: drawing.check | if drawing.early_only { EARLY_ONLY } else { 0 },
            start: start as u8,
            len: drawing.cells.len() as u8,
            width: drawing.width,
            played: [
                drawing.mine.1 * drawing.width + drawing.mine.0,
                drawing.his.1 * drawing.width + drawing.his.0,
            ],
        };
        start += drawing.cells.len();
        shape += 1;
    }
    shapes
};

/// The point Cha's program plays for `me` on `board` under `rule`; `his_first` is
/// the opponent's first stone, if any (check 8 plays next to it at 1:30). `None`
/// only when the board is full.
pub fn choose(board: &Board, me: Stone, his_first: Option<Point>, rule: WinRule) -> Option<Point> {
    let my_stones = board.points().iter().filter(|&&s| s == Some(me)).count();
    let early = my_stones < FIRST_FEW_TURNS;
    // Checks 1 to 6 (counted from 0 here), in pairs: my shapes, then his (one
    // loop rather than six calls: each call costs the .COM its arguments).
    for check in 0..6 {
        if let Some(point) = find(board, check / 2, me, check & 1 != 0, rule, early) {
            return Some(point);
        }
    }
    check7_longest_line(board, me)
        .or_else(|| check8_first_move(board, his_first, my_stones))
        .or_else(|| nearest_the_centre(board))
}

/// Check 7: one more stone on my longest run that is open at both ends, after its
/// far end.
fn check7_longest_line(board: &Board, me: Stone) -> Option<Point> {
    // The longest so far and the point after it (every run is 1 long at least).
    let (mut longest, mut best) = (0, None);
    for (index, &stone) in board.points().iter().enumerate() {
        if stone != Some(me) {
            continue;
        }
        let at = point(board, index);
        for &(dc, dr) in DIRECTIONS.iter() {
            // A run from its first stone, read as the other levels read a line:
            // the point before it is empty, and so must the point after it be.
            if let Some(length) = Line::through(board, at, me, dc, dr).open_run_ahead()
                && length <= 4
                && length > longest
            {
                longest = length;
                let step =
                    |coordinate: u8, d: i8| (coordinate as i16 + d as i16 * length as i16) as u8;
                best = Some(Point::new(step(at.col, dc), step(at.row, dr)));
            }
        }
    }
    best
}

/// Check 8: my first stone goes next to his first, at 1:30 (or the nearest
/// diagonal that is free).
fn check8_first_move(board: &Board, his_first: Option<Point>, my_stones: usize) -> Option<Point> {
    let his_first = his_first.filter(|_| my_stones == 0)?;
    board.get(his_first)?;
    // (Only whether a point is empty matters, so any owner will do for `look`.)
    // 1:30, 10:30, 4:30, 7:30: right or left, then up or down.
    for (dc, dr) in [(1, 1), (-1, 1), (1, -1), (-1, -1)] {
        let (col, row) = (his_first.col as i16 + dc, his_first.row as i16 + dr);
        if look(board, col, row, Stone::Black) == Seen::Empty {
            return Some(Point::new(col as u8, row as u8));
        }
    }
    None
}

/// When no check applies: the free point nearest the centre (in king steps),
/// the first in the scan among the nearest.
fn nearest_the_centre(board: &Board) -> Option<Point> {
    let middle = board.side() / 2;
    // The nearest so far and its distance (any point is nearer than u8::MAX).
    let (mut nearest, mut best) = (u8::MAX, None);
    for (index, stone) in board.points().iter().enumerate() {
        let at = point(board, index);
        let distance = at.col.abs_diff(middle).max(at.row.abs_diff(middle));
        if stone.is_none() && distance < nearest {
            nearest = distance;
            best = Some(at);
        }
    }
    best
}

/// What a point of a drawing finds on the board, seen by the shape's owner.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Seen {
    Edge,
    Empty,
    Owner,
    Other,
}

/// The point with index `index` in `Board::points` (`row * side + col`): the
/// checks scan the board in that order, row by row from the bottom left.
#[inline(never)]
fn point(board: &Board, index: usize) -> Point {
    let (index, side) = (index as u16, board.side() as u16);
    Point::new((index % side) as u8, (index / side) as u8)
}

/// The first free point where one of the shapes of `check` (his if `his`, else
/// mine) lies with the point I play there.
fn find(
    board: &Board,
    check: u8,
    me: Stone,
    his: bool,
    rule: WinRule,
    early: bool,
) -> Option<Point> {
    let owner = if his { me.opponent() } else { me };
    // Every shape but the T has a stone of the owner's right next to the point
    // played (across, up or on a diagonal; the T turned by 45 degrees has its
    // stones two points from its fourth arm), so for the others only such points
    // are tried. Bit `col + 1` of `near[row + 1]` says whether (`col`, `row`) has
    // one: shifted by one so that stones on the first row or column need no care.
    // (Worked out once, not looked for around every point: eight looks a point
    // made Cha several times slower.)
    let mut near = [0u32; MAX_SIDE as usize + 2];
    for (index, &stone) in board.points().iter().enumerate() {
        if stone == Some(owner) {
            let at = point(board, index);
            let rows = at.row as usize..at.row as usize + 3;
            for bits in &mut near[rows] {
                *bits |= 0b111 << at.col;
            }
        }
    }
    for shape in &SHAPES {
        let early_only = shape.check & EARLY_ONLY != 0;
        if shape.check & !EARLY_ONLY != check || early_only && !early {
            continue;
        }
        let anchor = shape.played[his as usize];
        let anchor = (anchor % shape.width, anchor / shape.width);
        for (index, stone) in board.points().iter().enumerate() {
            if stone.is_some() {
                continue;
            }
            let at = point(board, index);
            if !early_only && near[at.row as usize + 1] >> (at.col + 1) & 1 == 0 {
                continue;
            }
            for turn in 0..16 {
                // A line has no second axis: flipping it (turns 8 to 15)
                // changes nothing.
                if shape.len == shape.width && turn & 8 != 0 {
                    continue;
                }
                if fits(board, shape, anchor, at, owner, rule, turn) {
                    return Some(at);
                }
            }
        }
    }
    None
}

/// One of the first 8 of the 16 ways to lay a drawing on the board: where its
/// rightward and downward steps go. Bit 2 picks the axes (across and up, or the
/// two diagonals), bit 1 swaps them, bit 0 reverses the rightward step; the first
/// eight turns go right all eight ways. Bit 3 of a turn, which reverses the
/// downward step, is [`fits`]'s.
const fn axes(turn: u8) -> ((i8, i8), (i8, i8)) {
    let (mut right, mut down) = if turn & 4 == 0 {
        ((1, 0), (0, 1))
    } else {
        ((1, 1), (1, -1))
    };
    if turn & 2 != 0 {
        (right, down) = (down, right);
    }
    if turn & 1 != 0 {
        right = (-right.0, -right.1);
    }
    (right, down)
}

/// [`axes`] for the first eight turns, worked out when the program is compiled:
/// a table costs the .COM less than the code.
static AXES: [((i8, i8), (i8, i8)); 8] = {
    let mut table = [((0, 0), (0, 0)); 8];
    let mut turn = 0;
    while turn < 8 {
        table[turn] = axes(turn as u8);
        turn += 1;
    }
    table
};

/// Whether `shape`, owned by `owner` and laid the way `turn` says, lies on the
/// board with its point `anchor` on `at`.
fn fits(
    board: &Board,
    shape: &Shape,
    anchor: (u8, u8),
    at: Point,
    owner: Stone,
    rule: WinRule,
    turn: u8,
) -> bool {
    let ((right_col, right_row), (down_col, down_row)) = AXES[turn as usize & 7];
    for index in 0..shape.len {
        let want = CELLS[(shape.start + index) as usize];
        // A space is anything: not looked at.
        if want == b' ' {
            continue;
        }
        // From the point played to this one, in steps of the drawing.
        let x = (index % shape.width) as i16 - anchor.0 as i16;
        let y = (index / shape.width) as i16 - anchor.1 as i16;
        // Bit 3 of `turn` reverses the downward step.
        let y = if turn & 8 != 0 { -y } else { y };
        let col = at.col as i16 + x * right_col as i16 + y * down_col as i16;
        let row = at.row as i16 + x * right_row as i16 + y * down_row as i16;
        let seen = look(board, col, row, owner);
        let matches = match want {
            b'X' => seen == Seen::Owner,
            b'O' => seen == Seen::Other || seen == Seen::Edge,
            b'+' => seen == Seen::Empty,
            // `!` (spaces are skipped above)
            _ => rule == WinRule::FiveOrMore || seen != Seen::Owner,
        };
        if !matches {
            return false;
        }
    }
    true
}

/// What is on (`col`, `row`), seen by `owner`.
fn look(board: &Board, col: i16, row: i16, owner: Stone) -> Seen {
    let side = board.side() as i16;
    if col < 0 || row < 0 || col >= side || row >= side {
        return Seen::Edge;
    }
    match board.get(Point::new(col as u8, row as u8)) {
        None => Seen::Empty,
        Some(stone) if stone == owner => Seen::Owner,
        Some(_) => Seen::Other,
    }
}
