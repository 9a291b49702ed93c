//! Helpers for the Gomorpion tests: the diagrams of docs/gomorpion.md, read into a
//! game and drawn back from one.
//!
//! A diagram is a header of column names followed by rows, each starting with its
//! row number, one character per intersection:
//!
//! ```text
//!     A B C D E
//!   3 . x . . .
//!   2 X O b . .
//!   1 B . . . .
//! ```
//!
//! `.` free, `X`/`O` a live Black/Red piece of this cast, `x`/`o` a live piece
//! carried over from an earlier cast, `Y`/`Q` a safe Black/Red piece, `B`/`R` a
//! captured piece counting for Black/Red, `b`/`r` a free intersection sieged by
//! Black/Red. Intersections the diagram leaves out are free. Columns are named
//! A..Z then AA..AD, rows numbered 1..30 from the bottom.
#![allow(dead_code)]

use piskrs::rules::coord::Point;
use piskrs::rules::gomorpion::{Event, Gomorpion, LiveMark, Player, PointView, SIDE};

/// Section 9's diagram: Black completes A6..E6 at E6, which captures the five
/// and Red's C3, whose four diagonal neighbours are Black's.
pub const RULE_9_DIAGRAM: &str = "
    A B C D E F
  6 X X X X . .
  5 . . . . . .
  4 . X . X . .
  3 . . O . . .
  2 . X . X . .";

/// The name of column `col` (A..Z, AA..AD).
pub fn column_name(col: u8) -> String {
    if col < 26 {
        ((b'A' + col) as char).to_string()
    } else {
        format!("A{}", (b'A' + col - 26) as char)
    }
}

pub fn column_of(name: &str) -> u8 {
    (0..SIDE)
        .find(|&c| column_name(c) == name)
        .unwrap_or_else(|| panic!("no column {name}"))
}

/// `"C12"` -> the point.
pub fn pt(name: &str) -> Point {
    let split = name
        .find(|c: char| c.is_ascii_digit())
        .expect("a row number");
    let row: u8 = name[split..].parse().expect("a row number");
    assert!((1..=SIDE).contains(&row), "row {row} is off the board");
    Point::new(column_of(&name[..split]), row - 1)
}

pub fn name(p: Point) -> String {
    format!("{}{}", column_name(p.col), p.row + 1)
}

fn view_of(ch: char) -> PointView {
    use Player::{Black, Red};
    match ch {
        '.' => PointView::Free,
        'X' => PointView::Live(Black, LiveMark::Current),
        'O' => PointView::Live(Red, LiveMark::Current),
        'x' => PointView::Live(Black, LiveMark::Shifted),
        'o' => PointView::Live(Red, LiveMark::Shifted),
        'Y' => PointView::Safe(Black),
        'Q' => PointView::Safe(Red),
        'B' => PointView::Captured {
            piece: Black,
            by: Black,
            linked: true,
        },
        'R' => PointView::Captured {
            piece: Red,
            by: Red,
            linked: true,
        },
        'b' => PointView::Sieged(Black),
        'r' => PointView::Sieged(Red),
        other => panic!("unexpected {other:?} in a diagram"),
    }
}

/// The character a view is drawn with (the inverse of `view_of`, but for the
/// captured piece's own colour and its line or circle, which diagrams leave out).
pub fn char_of(view: PointView) -> char {
    use Player::{Black, Red};
    match view {
        PointView::Free => '.',
        PointView::Live(Black, LiveMark::Current) => 'X',
        PointView::Live(Red, LiveMark::Current) => 'O',
        PointView::Live(Black, _) => 'x',
        PointView::Live(Red, _) => 'o',
        PointView::Safe(Black) => 'Y',
        PointView::Safe(Red) => 'Q',
        PointView::Captured { by: Black, .. } => 'B',
        PointView::Captured { by: Red, .. } => 'R',
        PointView::Sieged(Black) => 'b',
        PointView::Sieged(Red) => 'r',
    }
}

/// The rows of a diagram: (row number, [(column, char)]), and its columns.
fn parse(text: &str) -> (Vec<u8>, Vec<(u8, Vec<char>)>) {
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    let header: Vec<u8> = lines
        .next()
        .expect("a header")
        .split_whitespace()
        .map(column_of)
        .collect();
    let rows = lines
        .map(|line| {
            let mut tokens = line.split_whitespace();
            let row: u8 = tokens.next().unwrap().parse().expect("a row number");
            let cells: Vec<char> = tokens.map(|t| t.chars().next().unwrap()).collect();
            assert_eq!(
                cells.len(),
                header.len(),
                "row {row} has {} cells",
                cells.len()
            );
            (row, cells)
        })
        .collect();
    (header, rows)
}

/// A game holding the diagram's position, `to_move` to play. A diagram with both
/// `x` and `o` pieces takes the colour of the first one met (top left first) as
/// the last cast's winner; `last_winner` overrides that when given.
pub fn game(text: &str, to_move: Player) -> Gomorpion {
    game_with(text, to_move, None)
}

pub fn game_with(text: &str, to_move: Player, mut last_winner: Option<Player>) -> Gomorpion {
    let mut g = Gomorpion::new();
    let (header, rows) = parse(text);

    for (row, cells) in rows {
        for (&col, &ch) in header.iter().zip(cells.iter()) {
            let mut view = view_of(ch);
            if let PointView::Live(who, LiveMark::Shifted) = view {
                let winner = *last_winner.get_or_insert(who);
                if winner != who {
                    view = PointView::Live(who, LiveMark::Recapturable);
                }
            }
            g.setup(Point::new(col, row - 1), view);
        }
    }
    g.set_turn(to_move);
    g
}

/// The same rectangle as `like` (a diagram), drawn from `g`.
pub fn draw(g: &Gomorpion, like: &str) -> String {
    let (header, rows) = parse(like);
    draw_area(g, &header, &rows.iter().map(|r| r.0).collect::<Vec<_>>())
}

pub fn draw_area(g: &Gomorpion, cols: &[u8], rows: &[u8]) -> String {
    let mut out = String::from("   ");
    for &c in cols {
        out += &format!(" {}", column_name(c));
    }
    out.push('\n');
    for &r in rows {
        out += &format!("{r:>3}");
        for &c in cols {
            out += &format!(" {}", char_of(g.view(Point::new(c, r - 1))));
        }
        out.push('\n');
    }
    out
}

/// Normalises a diagram's whitespace for comparison.
pub fn norm(text: &str) -> String {
    text.lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Asserts that the rectangle of `expected` shows exactly that on `g`.
pub fn assert_board(g: &Gomorpion, expected: &str) {
    assert_eq!(
        norm(&draw(g, expected)),
        norm(expected),
        "\n{}",
        draw(g, expected)
    );
}

/// Plays the named moves, which must all be legal.
pub fn play_all(g: &mut Gomorpion, moves: &[&str]) {
    for m in moves {
        if g.play(pt(m)).is_err() {
            panic!("{m} refused");
        }
    }
}

/// Plays `m` on the diagram `before` (`to_move` to play) and checks the
/// rectangle of `after`; returns the event and the game.
pub fn check(before: &str, to_move: Player, m: &str, after: &str) -> (Event, Gomorpion) {
    let mut g = game(before, to_move);
    let event = g.play(pt(m)).ok().unwrap_or_else(|| panic!("{m} refused"));
    assert_board(&g, after);
    (event, g)
}
