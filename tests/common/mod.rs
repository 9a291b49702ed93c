//! Helpers shared by the integration tests: a parser for hand-drawn board
//! diagrams, readable summaries of the core's types (which derive no `Debug`),
//! and a brute-force five finder written independently of `rules`; Gomorpion's
//! diagrams in [`gomorpion`].
#![allow(dead_code)]

pub mod app;
pub mod cha;
pub mod cha_reference;
pub mod controller;
pub mod gomorpion;
pub mod mist;
pub mod variants;
pub mod win;
pub mod xorshift64;

use piskrs::rules::board::{Board, Stone};
use piskrs::rules::coord::{Lettering, Point, parse_point, write_point};
use piskrs::rules::game::{Game, MoveError, Outcome};
use piskrs::rules::{Line, WinRule};

/// The four line directions, spelled out here rather than taken from the core.
pub const ACROSS: (i8, i8) = (1, 0);
pub const UP: (i8, i8) = (0, 1);
/// Up and to the right: from the lower-left end.
pub const RISING: (i8, i8) = (1, 1);
/// Down and to the right: from the upper-left end.
pub const FALLING: (i8, i8) = (1, -1);
pub const ALL_DIRECTIONS: [(i8, i8); 4] = [ACROSS, UP, RISING, FALLING];

/// A board drawn in a test, and the stone just played (drawn lower-case).
pub struct Diagram {
    pub board: Board,
    pub last: Option<Point>,
}

impl Diagram {
    /// The stone marked as just played; panics if the diagram marks none.
    pub fn last(&self) -> Point {
        self.last.expect("the diagram marks no stone with x or o")
    }
}

/// A diagram's rows from the top, each without its spaces; blank lines are skipped.
fn diagram_rows(text: &str) -> Vec<Vec<char>> {
    text.lines()
        .map(|line| line.chars().filter(|c| *c != ' ').collect::<Vec<char>>())
        .filter(|row| !row.is_empty())
        .collect()
}

/// Parses a diagram: rows from the top (the highest row number) to the bottom,
/// `.` empty, `X` black, `O` white, `x`/`o` a black/white stone just played
/// (at most one). Spaces are ignored; blank lines are skipped. The board side is
/// the number of rows, and every row must have that many points.
pub fn diagram(text: &str) -> Diagram {
    let rows = diagram_rows(text);
    let side = rows.len();
    assert!(
        (5..=19).contains(&side),
        "a diagram has 5 to 19 rows, this one has {side}"
    );
    let mut board = Board::new(side as u8);
    assert_eq!(board.side() as usize, side, "Board::new kept the side");
    let mut last = None;
    for (from_top, row) in rows.iter().enumerate() {
        assert_eq!(
            row.len(),
            side,
            "diagram row {} has {} points, expected {side}",
            from_top + 1,
            row.len()
        );
        let row_index = (side - 1 - from_top) as u8;
        for (col, &ch) in row.iter().enumerate() {
            let point = Point::new(col as u8, row_index);
            let stone = match ch {
                '.' => None,
                'X' | 'x' => Some(Stone::Black),
                'O' | 'o' => Some(Stone::White),
                other => panic!("unexpected {other:?} in a diagram"),
            };
            if ch == 'x' || ch == 'o' {
                assert!(last.is_none(), "a diagram marks at most one last stone");
                last = Some(point);
            }
            board.set(point, stone);
        }
    }
    Diagram { board, last }
}

/// A packed text (a variant's or a level's name) as a string.
pub fn unpacked(text: piskrs::support::packed::Packed) -> String {
    let mut out = [0; piskrs::support::packed::MAX_UNPACKED];
    String::from_utf8_lossy(text.unpack(&mut out)).into_owned()
}

/// The board as a diagram (rows top to bottom, points separated by spaces).
pub fn board_text(board: &Board) -> String {
    let side = board.side();
    let mut out = String::new();
    for row in (0..side).rev() {
        let line: Vec<String> = (0..side)
            .map(|col| stone_char(board.get(Point::new(col, row))).to_string())
            .collect();
        out.push_str(&line.join(" "));
        out.push('\n');
    }
    out
}

/// The same diagram text normalised the way `board_text` writes it.
pub fn normalise(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        let points: Vec<String> = line
            .chars()
            .filter(|c| *c != ' ')
            .map(|c| c.to_ascii_uppercase().to_string())
            .collect();
        if !points.is_empty() {
            out.push_str(&points.join(" "));
            out.push('\n');
        }
    }
    out
}

pub fn stone_char(stone: Option<Stone>) -> char {
    match stone {
        None => '.',
        Some(Stone::Black) => 'X',
        Some(Stone::White) => 'O',
    }
}

pub fn stone_name(stone: Stone) -> &'static str {
    match stone {
        Stone::Black => "Black",
        Stone::White => "White",
    }
}

/// A point from its name on the A..S lettering (`"K10"`).
pub fn pt(name: &str) -> Point {
    parse_point(name.as_bytes(), 19, Lettering::Consecutive)
        .unwrap_or_else(|| panic!("{name:?} is not a point"))
}

/// A point's name on the A..S lettering.
pub fn name(point: Point) -> String {
    let mut out = [0u8; 3];
    let len = write_point(point, Lettering::Consecutive, &mut out);
    String::from_utf8(out[..len].to_vec()).unwrap()
}

/// A line as (start, direction, length), for `assert_eq!`.
pub fn line_summary(line: Option<Line>) -> Option<(String, (i8, i8), u8)> {
    line.map(|l| (name(l.start), l.direction, l.length))
}

/// An expected line.
pub fn expect_line(start: &str, direction: (i8, i8), length: u8) -> Option<(String, (i8, i8), u8)> {
    Some((start.to_string(), direction, length))
}

pub fn outcome_text(outcome: Outcome) -> String {
    match outcome {
        Outcome::InProgress => "in progress".to_string(),
        Outcome::Draw => "draw".to_string(),
        Outcome::Won { winner, line } => {
            let (start, dir, len) = line_summary(Some(line)).unwrap();
            format!("{} wins {start} {dir:?} {len}", stone_name(winner))
        }
    }
}

pub fn error_text(result: Result<(), MoveError>) -> &'static str {
    match result {
        Ok(()) => "ok",
        Err(MoveError::OffBoard) => "off board",
        Err(MoveError::Occupied) => "occupied",
        Err(MoveError::GameOver) => "game over",
        Err(MoveError::Restricted) => "restricted",
    }
}

/// Everything observable about a game, as text.
pub fn game_state(game: &Game) -> String {
    let moves: Vec<String> = game.moves().iter().map(|&p| name(p)).collect();
    format!(
        "{}to move: {}\nmoves: {} [{}]\nfree: {}\nlast: {:?}\noutcome: {}\n",
        board_text(game.board()),
        stone_name(game.to_move()),
        game.move_count(),
        moves.join(" "),
        game.free_points(),
        game.last_move().map(name),
        outcome_text(game.outcome())
    )
}

/// The points of a full board in an order Black, White, Black, ... can play them.
/// Panics unless Black has as many stones as White or one more.
pub fn fill_order(board: &Board) -> Vec<Point> {
    let side = board.side();
    let mut black = Vec::new();
    let mut white = Vec::new();
    for row in 0..side {
        for col in 0..side {
            let point = Point::new(col, row);
            match board.get(point) {
                Some(Stone::Black) => black.push(point),
                Some(Stone::White) => white.push(point),
                None => panic!("the board is not full at {}", name(point)),
            }
        }
    }
    assert!(
        black.len() == white.len() || black.len() == white.len() + 1,
        "{} black and {} white stones cannot alternate",
        black.len(),
        white.len()
    );
    let mut order = Vec::new();
    for i in 0..black.len() {
        order.push(black[i]);
        if i < white.len() {
            order.push(white[i]);
        }
    }
    order
}

/// The colour on (col, row) as the brute force sees it; off the board is empty.
fn at(board: &Board, col: i32, row: i32) -> Option<Stone> {
    let side = board.side() as i32;
    if col < 0 || row < 0 || col >= side || row >= side {
        None
    } else {
        board.get(Point::new(col as u8, row as u8))
    }
}

/// A winning window found by brute force: five points of one colour in a row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Window {
    pub stone: char,
    /// (col, row) of the five points, in direction order.
    pub points: [(u8, u8); 5],
}

/// Every window of five points in a row, in the four directions, holding five
/// stones of one colour. Under `ExactlyFive` a window counts only if the points
/// just before and after it do not hold that colour (the run is exactly five).
/// Written without `rules` or `Board::run_from`.
pub fn brute_force_fives(board: &Board, rule: WinRule) -> Vec<Window> {
    let side = board.side() as i32;
    let mut found = Vec::new();
    for row in 0..side {
        for col in 0..side {
            for &(dc, dr) in ALL_DIRECTIONS.iter() {
                let (dc, dr) = (dc as i32, dr as i32);
                let end_col = col + 4 * dc;
                let end_row = row + 4 * dr;
                if !(0..side).contains(&end_col) || !(0..side).contains(&end_row) {
                    continue;
                }
                let Some(stone) = at(board, col, row) else {
                    continue;
                };
                if !(1..5).all(|i| at(board, col + i * dc, row + i * dr) == Some(stone)) {
                    continue;
                }
                if rule == WinRule::ExactlyFive {
                    let before = at(board, col - dc, row - dr);
                    let after = at(board, col + 5 * dc, row + 5 * dr);
                    if before == Some(stone) || after == Some(stone) {
                        continue;
                    }
                }
                let mut points = [(0u8, 0u8); 5];
                for (i, p) in points.iter_mut().enumerate() {
                    let i = i as i32;
                    *p = ((col + i * dc) as u8, (row + i * dr) as u8);
                }
                found.push(Window {
                    stone: stone_char(Some(stone)),
                    points,
                });
            }
        }
    }
    found
}

/// The maximal run of `point`'s colour through `point` in direction `dir`, as
/// (col, row) points from the backward end; brute force, for checking a `Line`.
pub fn brute_force_run(board: &Board, point: Point, dir: (i8, i8)) -> Vec<(u8, u8)> {
    let Some(stone) = board.get(point) else {
        return Vec::new();
    };
    let (dc, dr) = (dir.0 as i32, dir.1 as i32);
    let (mut col, mut row) = (point.col as i32, point.row as i32);
    while at(board, col - dc, row - dr) == Some(stone) {
        col -= dc;
        row -= dr;
    }
    let mut run = Vec::new();
    while at(board, col, row) == Some(stone) {
        run.push((col as u8, row as u8));
        col += dc;
        row += dr;
    }
    run
}

/// Parses a diagram in which `*` marks empty points the test names (expected
/// moves, accepted blocking points): the board as `diagram` reads it with every
/// `*` empty, and the marked points from the top row down, left to right.
pub fn marked_diagram(text: &str) -> (Diagram, Vec<Point>) {
    let rows = diagram_rows(text);
    let side = rows.len();
    let mut marks = Vec::new();
    for (from_top, row) in rows.iter().enumerate() {
        for (col, &ch) in row.iter().enumerate() {
            if ch == '*' {
                marks.push(Point::new(col as u8, (side - 1 - from_top) as u8));
            }
        }
    }
    (diagram(&text.replace('*', ".")), marks)
}

/// Every point of a board of `side` points a side, row by row from the bottom
/// left (the order of the core's point index, row * side + col).
pub fn all_points(side: u8) -> Vec<Point> {
    (0..side)
        .flat_map(|row| (0..side).map(move |col| Point::new(col, row)))
        .collect()
}

/// Points as their names, sorted (for comparing sets of points in assertions).
pub fn names(points: impl IntoIterator<Item = Point>) -> Vec<String> {
    let mut out: Vec<String> = points.into_iter().map(name).collect();
    out.sort();
    out.dedup();
    out
}

/// The king-move (Chebyshev) distance between two points.
pub fn chebyshev(a: Point, b: Point) -> u8 {
    a.col.abs_diff(b.col).max(a.row.abs_diff(b.row))
}

// ---------------------------------------------------------------------------
// The Mist and the controller, computed here independently of `mist` and
// `coord`: the hole's centre, its view, Go notation on A..S.

/// Go notation on the Mist's A..S lettering, built by hand from 0-based
/// (col, row): column 0 is `A`, row 0 is `1`.
pub fn go_name(col: u8, row: u8) -> String {
    assert!(col < 19 && row < 19, "({col}, {row}) is off a 19x19 board");
    format!("{}{}", (b'A' + col) as char, row as u32 + 1)
}

/// The point of a Go name on A..S, parsed by hand (`"K10"` -> (10, 9)).
pub fn go_point(text: &str) -> Point {
    let bytes = text.as_bytes();
    let col = bytes[0] - b'A';
    let row: u8 = text[1..].parse().unwrap();
    assert!(
        col < 19 && (1..=19).contains(&row),
        "{text:?} is not a point"
    );
    Point::new(col, row - 1)
}

/// The seed's formula with 1-based X and Y, in i64 with a Euclidean
/// remainder: the hole's 0-based (col, row) after a stone on 0-based (col, row).
pub fn mist_formula(col: u8, row: u8) -> (u8, u8) {
    let x = col as i64 + 1;
    let y = row as i64 + 1;
    let x_mist = 1 + (5 * x * x + 3 * x + 4).rem_euclid(19);
    let y_mist = 1 + (4 * y * y + 2 * y - 4).rem_euclid(19);
    ((x_mist - 1) as u8, (y_mist - 1) as u8)
}

/// The controller's `view` answer (without the line end), by hand: the centre
/// in Go notation, a comma, 7 rows of 7 from the top row of the hole down, each
/// from its left, `#` black, `o` white, `.` empty, `x` off the 19x19 board.
pub fn hole_view(board: &Board, centre: (u8, u8)) -> String {
    let mut out = go_name(centre.0, centre.1);
    out.push(',');
    let (cc, cr) = (centre.0 as i32, centre.1 as i32);
    for row in (cr - 3..=cr + 3).rev() {
        for col in cc - 3..=cc + 3 {
            out.push(if !(0..19).contains(&col) || !(0..19).contains(&row) {
                'x'
            } else {
                match board.get(Point::new(col as u8, row as u8)) {
                    Some(Stone::Black) => '#',
                    Some(Stone::White) => 'o',
                    None => '.',
                }
            });
        }
    }
    out
}

/// How many points of a 19x19 board a 7x7 hole centred on (col, row) covers.
pub fn hole_points_on_board(centre: (u8, u8)) -> usize {
    let span = |v: u8| -> usize {
        let low = (v as i32 - 3).max(0);
        let high = (v as i32 + 3).min(18);
        (high - low + 1) as usize
    };
    span(centre.0) * span(centre.1)
}

/// The longest unbroken run of one colour anywhere on the board, by brute force
/// (for checking that a filled board has no five).
pub fn longest_run(board: &Board, stone: Stone) -> usize {
    let side = board.side() as i32;
    let mut best = 0;
    for row in 0..side {
        for col in 0..side {
            for &(dc, dr) in ALL_DIRECTIONS.iter() {
                let (dc, dr) = (dc as i32, dr as i32);
                let mut length = 0;
                let (mut c, mut r) = (col, row);
                while at(board, c, r) == Some(stone) {
                    length += 1;
                    c += dc;
                    r += dr;
                }
                best = best.max(length);
            }
        }
    }
    best
}

/// A controller output sink that keeps every byte.
#[derive(Default)]
pub struct Bytes(pub Vec<u8>);

impl piskrs::app::controller::Sink for Bytes {
    fn write(&mut self, bytes: &[u8]) {
        self.0.extend_from_slice(bytes);
    }
}

/// Bytes as readable text: CR and LF spelled out, other control bytes in hex.
pub fn show(bytes: &[u8]) -> String {
    let mut out = String::new();
    for &b in bytes {
        match b {
            b'\r' => out.push_str("<CR>"),
            b'\n' => out.push_str("<LF>\n"),
            0x20..=0x7E => out.push(b as char),
            _ => out.push_str(&format!("<{b:02X}>")),
        }
    }
    out
}

/// A small deterministic random source (xorshift32): the cha arena's random
/// mover and the Mist's random boards. The seed must not be 0.
pub struct XorShift(pub u32);

impl XorShift {
    pub fn next(&mut self) -> u32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 17;
        self.0 ^= self.0 << 5;
        self.0
    }
}

/// Diagrams both searches' tests play on (tests/tree.rs, and
/// tools/tests/threat_search.rs for Strong before the tree).
/// Black wins in one at B6 or G6.
pub const WIN_IN_ONE: &str = "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . O O O O . . .
        . . . . . . . . . . .
        . * X X X X * . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .";
/// White's four across: Black must block its one open end.
pub const HIS_FOUR: &str = "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . X O O O O * . .
        . . . . . . . . . . .
        . . . . X . X . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .";
/// Black wins by continuous fours from G6 (a closed three across and one
/// up: the four across forces White's block, then two fours at once).
pub const VCF_IN_TWO: &str = "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . X . . . .
        . . . . . . X . . . .
        . . O X X X * . . . .
        . . . . . . X . . . .
        . . . . . . O . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .";

/// `lines` must be the text of tests/dosbox/fixtures/`name`, which the
/// end-to-end tests compare the .COMs' output with (`UPDATE_FIXTURES=1`
/// writes it there).
pub fn check_fixture(name: &str, lines: &str) {
    let path = format!(
        "{}/tests/dosbox/fixtures/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    if std::env::var_os("UPDATE_FIXTURES").is_some() {
        std::fs::write(&path, lines).unwrap();
    }
    let fixture =
        std::fs::read_to_string(&path).expect("the fixture (UPDATE_FIXTURES=1 writes it)");
    assert_eq!(fixture, lines, "{name}");
}
