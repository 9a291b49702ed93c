//! Harry Cha's rule AI (seeds/003): eight fixed checks in order, no search.
//!
//! The program is `X` ("my"), the opponent `O` ("his"), `+` an empty point. The
//! checks are tried in order and the first that finds something decides the move:
//!
//! 1. my five in one move: complete it
//! 2. his five in one move: block it
//! 3. my bingo in two turns: make an open (or double) four, or a double three
//! 4. his bingo in two turns: block it
//! 5. my bingo in three turns: make a four he must answer
//! 6. his bingo in three turns: block it
//! 7. my longest open line: make it one longer
//! 8. my first stone: next to his first one, at 1:30
//!
//! and if none applies (on the empty board when I begin, say): the free point
//! nearest the centre.
//!
//! Where the seed's text is unclear, Cha's own program (C++, 2016,
//! github.com/HarryCha777/Gomoku, which the seed explains) settles it and is
//! cited below as "Cha's program". Its code is not followed where it contradicts
//! the seed: it scans only 15x15, reads past the board's edge, and blocks his
//! shapes where it would play its own.
//!
//! # The drawings
//!
//! A shape is drawn for its owner: me in checks 1, 3 and 5, him in 2, 4 and 6
//! (the seed's "same as listed above, but reverse O and X"), so one drawing
//! serves both sides.
//!
//! ```text
//! X   a stone of the owner
//! O   a stone of the other player, or the edge of the board (it blocks the same way)
//! +   an empty point
//! !   not the owner's stone (the seed's `!` and `@`): the exact-five guard,
//!     looked at only under `WinRule::ExactlyFive`
//! ```
//!
//! A shape is found in every way it can lie on the board: a line along the four
//! directions, both ways round (a shape and its mirror); two crossing lines also
//! turned and mirrored, upright (across and up) or turned by 45 degrees (on the
//! two diagonals). `^` marks the point played; where it differs, `m` is where I
//! play when the shape is mine and `h` where I play when it is his (drawings of
//! crossing lines show it in place of that point's `+`). A check tries its shapes
//! in the order drawn, each on every free point, row by row from the bottom
//! left; the first fit is played.
//!
//! # Checks 1 and 2: a five in one move
//!
//! ```text
//! ! X X X X + !      ! X X X + X !      ! X X + X X !
//!           ^                ^                ^
//! ```
//!
//! The seed's `XXXX+`, `XXX+X` and `XX+XX`; with their mirrors (`+XXXX`, `X+XXX`)
//! these are all the ways four stones and a gap make five. The `!` ends are the
//! seed's exact-five guard: its rule is "exactly 5 ... may not win if 6 or more",
//! and a stone of the owner's just beyond would turn the five into six. Under
//! `FiveOrMore` six wins too and the ends are not looked at.
//!
//! The seed's fourth step-1 shape, `!X+X+X+X!`, is not a five in one move. Read as
//! written it is a line of nine points, aligned after all: a stone on its middle
//! gap makes `X+XXX+X`, a four with two gaps that he cannot both block. That is a
//! bingo in two turns, so it is the first shape of check 3 (and 4), which is also
//! where Cha's program tests it. Checked before check 2 it would let him complete
//! his five. Its `!` ends are the same guard: under exact five, a stone of mine
//! beyond an end would make one of the two fives a six.
//!
//! # Checks 3 and 4: a bingo in two turns
//!
//! ```text
//! ! X + X + X + X !      + X X + X +      + + X X X +      + X X X +
//!         ^                    ^            ^                ^
//!
//!     +                       X
//!     X                     X h X
//! + X ^ X +                   m
//!     X
//!     +
//! ```
//!
//! In this order, strongest first:
//!
//! - `!X+X+X+X!`: the double four described above. Mine and his: the centre.
//! - the seed's `XX+X`, read with both ends empty, `+XX+X+`: the gap makes an open
//!   four `+XXXX+`, a bingo in two turns. With one end shut it is step 5's
//!   `OXX+X+`; taking it here would leave that shape (and `OX+XX+`, its mirror
//!   with the gap on the other side) unreachable. Mine and his: the gap ("place
//!   mark on the center", "block the center").
//! - the seed's `+XXX+`, the open three: a stone on the end that has one more empty
//!   point beyond (`++XXX+`) makes an open four. If neither end has one
//!   (`O+XXX+O`), the end itself (a four he must answer). Not the centre, as the
//!   seed says, for his as well as mine: I block the end he would extend.
//! - the plus (the seed's third drawing): two crossing lines `+X+X+` with an empty
//!   centre; the centre makes two open threes at once, "3 by 3". The centre.
//! - the seed's second drawing: three stones around an empty centre, the fourth
//!   arm empty. Not really a bingo in two turns, the seed says, but its fourth arm
//!   makes a diamond, four stones in pairs on diagonals ("diagonal attacks with 3
//!   by 3 attacks at the beginning"), and the diamond's empty centre is then the
//!   plus. Looked for, mine and his, only in the first few turns: while I have
//!   fewer than [`FIRST_FEW_TURNS`] stones (Cha's program: its first six moves).
//!   Mine: the fourth arm. His: the centre ("except for +XXX+, block the
//!   center").
//!
//! # Checks 5 and 6: a bingo in three turns
//!
//! ```text
//! O X X X + +      O X X + X X +      O X X + X +      O X + X X +
//!         ^              h     m            h   m          h     m
//!
//!     O
//!     X
//! + X ^ X +
//!     X
//!     +
//! ```
//!
//! - the seed's `OXXX+`, needing one more empty point beyond (`OXXX++`): the `+`
//!   makes a four `OXXXX+` that he must answer (with the edge or his stone beyond,
//!   it would be a dead four). Mine and his: that point ("except for OXXX+, block
//!   the center").
//! - `OXX+XX+`, as the seed writes it (Cha's program has it too). Its gap makes five,
//!   which check 1 or 2 always finds first, so this check never sees it; it is kept
//!   for the record. Mine: the far end; his: the gap.
//! - `OXX+X+` and `OX+XX+` ("reverse of prev."): mine, the far end, making a four
//!   with a gap ("do not place mark on center to not make it look too obvious");
//!   his, the gap.
//! - the plus with one arm shut by `O`: the centre makes a shut three and an open
//!   three at once. Mine and his: the centre ("except for the last one").
//!
//! # Check 7: my longest line
//!
//! "Add a mark on the longest line (1 or 2 in length + 1)": the longest run of my
//! stones with an empty point at both ends (1 to 4 stones; by now, in practice, 1
//! or 2: longer ones were taken by checks 1, 3 and 5), the first found in the scan
//! if several are as long. I play the empty point after it, going right, up,
//! up-right or down-right, as Cha's program does.
//!
//! # Check 8: my first stone
//!
//! When I have no stone yet: next to his first stone at 1:30, up and to the
//! right (column + 1, row + 1: rows count upwards). Where that is off the board or
//! taken, 10:30, then 4:30, then 7:30 (the order of Cha's program).
//!
//! Nothing here allocates, recurses or formats: the shapes are a few short strings
//! (kept as one static of 131 bytes and six bytes a shape), matched by one small
//! routine.

use crate::ai::patterns::Line;
use crate::rules::WinRule;
use crate::rules::board::{Board, DIRECTIONS, MAX_SIDE, Stone};
use crate::rules::coord::Point;

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

/// A shape of two crossing lines, five points a row; I play its centre.
const fn cross(check: u8, cells: &'static str) -> Drawing {
    Drawing {
        check,
        cells,
        width: 5,
        mine: (2, 2),
        his: (2, 2),
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
    cross(1, concat!("  +  ", "  X  ", "+X+X+", "  X  ", "  +  ")),
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
    cross(2, concat!("  O  ", "  X  ", "+X+X+", "  X  ", "  +  ")),
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
