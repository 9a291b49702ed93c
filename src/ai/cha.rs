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
//! # How the shapes are found
//!
//! Checks 1 to 6 run as one pass over the board. Each free point next to a
//! stone reads what lies on its eight rays (six points each way, the longest
//! arm of a drawing) once, as two bytes a ray for each side: its stones, and
//! the other's stones or the edge. Each drawing is kept as such rays too,
//! worked out from the text above when the program is compiled: what it wants
//! ahead and behind the point it is read at, along a direction, and for
//! crossing lines across it. A shape fits where the point's rays, masked,
//! equal the drawing's. The point played goes with the check, the owner and
//! the shape's place in the order; the least of all is played, which is the
//! move the checks would make one after the other. (Cha looked at the board
//! point by point for every shape, every way round and every candidate
//! before: several seconds on an 8088, docs/benchmarks.md;
//! tests/cha_same_moves.rs holds the two to the same moves.)
//!
//! Nothing here allocates, recurses or formats.

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

/// The eight ways a line leaves a point: each is followed two places on by one
/// across it, and four places on by its opposite.
const STEPS: [(i8, i8); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

/// How many points a ray reads from the point it leaves: the longest arm of a
/// drawing (`OXX+XX+`'s, from its far end back).
const REACH: u8 = 6;

/// A drawing's ray from the point it is read at, as the checks want it: bit
/// `k` of each byte for the point `k + 1` steps on, the owner's stones in the
/// low byte, the other's and the edge in the high byte. The points matched
/// are `CARE`'s; of them `WANT`'s must be set. `X` is wanted in the low byte,
/// `O` in the high, `+` cared for in both, `!` (not the owner's) in the low.
type Ray = [u16; 2];
const WANT: usize = 0;
const CARE: usize = 1;

/// A drawing as the checks read it: two arms through one point, each a ray
/// ahead and a ray behind. A line is read at my point, along a direction
/// (with anything across); crossing lines at their centre, their column along
/// a direction (down ahead) and their row across it.
struct Shape {
    /// `check << 5 | drawing`: the order the checks try the shapes in, mine
    /// first (his add 16).
    rank: u8,
    /// The arm across, as its place in [`ACROSS`]; [`EARLY_ONLY`];
    /// [`MINE_AHEAD`]; and how many steps behind the point read his point
    /// is, times [`HIS_BEHIND`].
    flags: u8,
    /// The arm along the direction: ahead, behind.
    along: [Ray; 2],
}

/// In [`Shape::flags`]: the shape is looked for only in the first few turns.
const EARLY_ONLY: u8 = 4;
/// In [`Shape::flags`]: my point is one step ahead of the point read (the
/// T's fourth arm).
const MINE_AHEAD: u8 = 8;
/// In [`Shape::flags`]: his point is `flags / HIS_BEHIND` steps behind the
/// point read.
const HIS_BEHIND: u8 = 16;

/// Whether `drawing` is a line (one row).
const fn is_line(drawing: &Drawing) -> bool {
    drawing.cells.len() == drawing.width as usize
}

/// The ray of `drawing` from its point (`col`, `row`) by (`dc`, `dr`) a step.
const fn ray(drawing: &Drawing, (col, row): (i16, i16), dc: i16, dr: i16) -> Ray {
    let cells = drawing.cells.as_bytes();
    let width = drawing.width as i16;
    let height = cells.len() as i16 / width;
    let mut ray = [0; 2];
    let mut k = 0;
    while k < REACH as i16 {
        let (c, r) = (col + dc * (k + 1), row + dr * (k + 1));
        if c >= 0 && r >= 0 && c < width && r < height {
            let bit = 1 << k;
            let (want, care) = match cells[(r * width + c) as usize] {
                b'X' => (bit, bit),
                b'O' => (bit << 8, bit << 8),
                b'+' => (0, bit | bit << 8),
                b'!' => (0, bit),
                _ => (0, 0),
            };
            ray[WANT] |= want;
            ray[CARE] |= care;
        }
        k += 1;
    }
    ray
}

/// The shape of the `index`th drawing.
const fn shape(index: usize) -> Shape {
    let drawing = &DRAWINGS[index];
    let mut flags = across_place(index);
    if drawing.early_only {
        flags |= EARLY_ONLY;
    }
    let along = if is_line(drawing) {
        // His point is mine or behind it.
        assert!(drawing.his.0 <= drawing.mine.0 && drawing.mine.0 - drawing.his.0 < 4);
        flags |= (drawing.mine.0 - drawing.his.0) * HIS_BEHIND;
        let at = (drawing.mine.0 as i16, 0);
        [ray(drawing, at, 1, 0), ray(drawing, at, -1, 0)]
    } else {
        let centre = drawing.width as i16 / 2;
        // His point is the centre; mine the centre or one step down.
        assert!(drawing.his.0 as i16 == centre && drawing.his.1 as i16 == centre);
        assert!(drawing.mine.0 as i16 == centre && drawing.mine.1 as i16 - centre < 2);
        if drawing.mine.1 as i16 != centre {
            flags |= MINE_AHEAD;
        }
        let at = (centre, centre);
        [ray(drawing, at, 0, 1), ray(drawing, at, 0, -1)]
    };
    // Every shape has an `X` next to the point it is read at, along: the
    // checks try a direction only where the owner has a stone there.
    assert!((along[0][WANT] | along[1][WANT]) & 1 != 0);
    Shape {
        rank: drawing.check << 5 | index as u8,
        flags,
        along,
    }
}

/// Where the arm across of the `index`th drawing is in [`ACROSS`]: 0 for a
/// line, then the crossing lines in the order drawn.
const fn across_place(index: usize) -> u8 {
    let (mut other, mut place) = (0, 0);
    while other <= index {
        if !is_line(&DRAWINGS[other]) {
            place += 1;
        }
        other += 1;
    }
    if is_line(&DRAWINGS[index]) { 0 } else { place }
}

/// The shapes of checks 1 to 6, in the order of [`DRAWINGS`].
static SHAPES: [Shape; DRAWINGS.len()] = {
    let mut shapes = [const {
        Shape {
            rank: 0,
            flags: 0,
            along: [[0; 2]; 2],
        }
    }; DRAWINGS.len()];
    let mut index = 0;
    while index < DRAWINGS.len() {
        shapes[index] = shape(index);
        index += 1;
    }
    shapes
};

/// The arms across: anything (a line's), then each crossing lines' row, in
/// the order drawn. Each reads the same both ways, so one ray serves.
static ACROSS: [Ray; 4] = {
    let mut across = [[0; 2]; 4];
    let mut index = 0;
    while index < DRAWINGS.len() {
        let drawing = &DRAWINGS[index];
        if !is_line(drawing) {
            let centre = (drawing.width as i16 / 2, drawing.width as i16 / 2);
            let (ahead, behind) = (ray(drawing, centre, 1, 0), ray(drawing, centre, -1, 0));
            assert!(ahead[WANT] == behind[WANT] && ahead[CARE] == behind[CARE]);
            across[across_place(index) as usize] = ahead;
        }
        index += 1;
    }
    across
};

/// The point Cha's program plays for `me` on `board` under `rule`; `his_first` is
/// the opponent's first stone, if any (check 8 plays next to it at 1:30). `None`
/// only when the board is full.
pub fn choose(board: &Board, me: Stone, his_first: Option<Point>, rule: WinRule) -> Option<Point> {
    let my_stones = board.points().iter().filter(|&&s| s == Some(me)).count();
    let early = my_stones < FIRST_FEW_TURNS;
    first_shape(board, me, rule, early)
        .or_else(|| check7_longest_line(board, me))
        .or_else(|| check8_first_move(board, his_first, my_stones))
        .or_else(|| nearest_the_centre(board))
}

/// Checks 1 to 6: the first shape, in their order, that lies on the board,
/// and the first point in the scan where it does. Each free point next to a
/// stone reads its eight rays once, and every shape, mine and his, is
/// matched on them.
fn first_shape(board: &Board, me: Stone, rule: WinRule, early: bool) -> Option<Point> {
    let side = board.side();
    let points = board.points();
    // Bit `col + 1` of `near[row + 1]`: a stone next to (`col`, `row`).
    // Every shape has one next to the point it is read at.
    let mut near = [0u32; MAX_SIDE as usize + 2];
    let mut index = 0;
    for row in 0..side as usize {
        for col in 0..side {
            if points[index].is_some() {
                for bits in &mut near[row..row + 3] {
                    *bits |= 0b111 << col;
                }
            }
            index += 1;
        }
    }
    // The step along the board's points in each direction.
    let mut strides = [0i16; 8];
    for (stride, &(dc, dr)) in strides.iter_mut().zip(STEPS.iter()) {
        *stride = dr as i16 * side as i16 + dc as i16;
    }
    // Under five or more, `!` is anything: its bits (cared for only in the low
    // byte, where nothing is wanted) are dropped.
    let loose = if rule == WinRule::FiveOrMore { 0xff } else { 0 };
    // The best so far: `rank << 9 | index` of the point played.
    let mut best = u16::MAX;
    let mut index = 0;
    for row in 0..side {
        let mut near_here = near[row as usize + 1] >> 1;
        for col in 0..side {
            if points[index].is_none() && near_here & 1 != 0 {
                let rays = read_rays(points, side, (col, row), index, &strides);
                for his in 0..2 {
                    let owner = if his == 0 { me } else { me.opponent() };
                    let rays = &rays[owner as usize];
                    // Once the first few turns are over, the early shapes
                    // are not looked for.
                    let skip = if early { 0 } else { EARLY_ONLY };
                    for d in 0..8 {
                        if (rays[d] | rays[(d + 4) & 7]) & 1 == 0 {
                            continue;
                        }
                        for shape in &SHAPES {
                            if shape.flags & skip != 0 {
                                continue;
                            }
                            let rank = (shape.rank | his << 4) as u16;
                            if rank > best >> 9 {
                                break;
                            }
                            // Along ahead and behind, then across both ways.
                            let across = &ACROSS[(shape.flags & 3) as usize];
                            if fits(&shape.along[0], rays[d], loose)
                                && fits(&shape.along[1], rays[(d + 4) & 7], loose)
                                && (2..4).all(|k| fits(across, rays[(d + k * 4 - 6) & 7], loose))
                            {
                                let steps = if his == 0 {
                                    ((shape.flags / MINE_AHEAD) & 1) as i16
                                } else {
                                    -((shape.flags / HIS_BEHIND) as i16)
                                };
                                let played = index as i16 + steps * strides[d];
                                best = best.min(rank << 9 | played as u16);
                            }
                        }
                    }
                }
            }
            near_here >>= 1;
            index += 1;
        }
    }
    (best != u16::MAX).then(|| point(board, (best & 511) as usize))
}

/// The rays from (`col`, `row`), the point `index` of `points`, in the eight
/// [`STEPS`], as Black sees them and as White does.
fn read_rays(
    points: &[Option<Stone>],
    side: u8,
    (col, row): (u8, u8),
    index: usize,
    strides: &[i16; 8],
) -> [[u16; 8]; 2] {
    let mut rays = [[0; 8]; 2];
    for d in 0..8 {
        let (dc, dr) = STEPS[d];
        // How many of the ray's points are on the board.
        let room = |at: u8, step: i8| match step {
            1 => side - 1 - at,
            -1 => at,
            _ => REACH,
        };
        let steps = room(col, dc).min(room(row, dr)).min(REACH);
        let (mut black, mut white, mut bit, mut i) = (0u8, 0u8, 1u8, index as i16);
        for _ in 0..steps {
            i += strides[d];
            match points[i as usize] {
                Some(Stone::Black) => black |= bit,
                Some(Stone::White) => white |= bit,
                None => {}
            }
            bit <<= 1;
        }
        // The points past the edge (bits `steps` to 5).
        let edge = (1 << REACH) - bit;
        rays[0][d] = black as u16 | ((white | edge) as u16) << 8;
        rays[1][d] = white as u16 | ((black | edge) as u16) << 8;
    }
    rays
}

/// Whether the ray `seen` on the board fits `want` of a drawing; `loose` is
/// 0xff under five or more (its `!` is then anything), else 0.
fn fits(want: &Ray, seen: u16, loose: u16) -> bool {
    let [wanted, care] = *want;
    let guard = care & !wanted & !(care >> 8) & loose;
    seen & (care & !guard) == wanted
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
    // 1:30, 10:30, 4:30, 7:30: right or left, then up or down.
    for (dc, dr) in [(1, 1), (-1, 1), (1, -1), (-1, -1)] {
        let at = Point::new(
            his_first.col.wrapping_add_signed(dc),
            his_first.row.wrapping_add_signed(dr),
        );
        if board.contains(at) && board.get(at).is_none() {
            return Some(at);
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

/// The point with index `index` in `Board::points` (`row * side + col`): the
/// checks scan the board in that order, row by row from the bottom left.
#[inline(never)]
fn point(board: &Board, index: usize) -> Point {
    let (index, side) = (index as u16, board.side() as u16);
    Point::new((index % side) as u8, (index / side) as u8)
}
