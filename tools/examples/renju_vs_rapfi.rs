//! Renju's forbidden points as the core judges them (`piskrs::rules::renju`)
//! against Rapfi's `YXSHOWFORBID`, a published engine's answer, on random
//! Black-to-move positions of 15x15. Needs a Rapfi build (tools/rapfi/build.sh);
//! it stays out of CI.
//!
//! `cargo run --release --example renju_vs_rapfi -- RAPFI [POSITIONS] [SEED]`
//!
//! Each position has as many black stones as white ones, scattered over a
//! square of random size around a random centre (dense enough for threes and
//! fours to cross), with no five on it. It prints each disagreement (the board
//! and both answers) and the counts, and exits with 1 if any disagreed.
use piskrs::rules::board::{Board, DIRECTIONS, Stone};
use piskrs::rules::coord::Point;
use piskrs::rules::renju::{Foul, each_foul};
use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

// The core's tests' xorshift64.
#[path = "../../tests/common/xorshift64.rs"]
mod xorshift64;
use xorshift64::XorShift64;

const SIDE: u8 = 15;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(rapfi) = args.first() else {
        eprintln!("usage: renju_vs_rapfi RAPFI [POSITIONS] [SEED]");
        std::process::exit(2);
    };
    let positions: u32 = args
        .get(1)
        .map_or(10_000, |n| n.parse().expect("POSITIONS"));
    let seed: u64 = args.get(2).map_or(1, |n| n.parse().expect("SEED"));
    let mut child = Command::new(rapfi)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("Rapfi starts");
    let mut to_rapfi = child.stdin.take().unwrap();
    let mut from_rapfi = BufReader::new(child.stdout.take().unwrap());
    writeln!(to_rapfi, "INFO rule 4\nSTART {SIDE}").unwrap();
    expect_line(&mut from_rapfi, "OK");

    let mut random = XorShift64::new(seed);
    let (mut agreed, mut forbidden_points, mut with_forbidden) = (0u32, 0u32, 0u32);
    let mut why_counts = [0u32; 3];
    let mut disagreed_with_four = 0u32;
    for index in 0..positions {
        let (board, moves) = random_position(&mut random);
        let mut ours = BTreeSet::new();
        each_foul(&board, |point, why| {
            ours.insert((point.col, point.row));
            why_counts[why as usize] += 1;
        });
        let theirs = rapfi_forbidden(&mut to_rapfi, &mut from_rapfi, &moves);
        forbidden_points += ours.len() as u32;
        with_forbidden += !ours.is_empty() as u32;
        if ours == theirs {
            agreed += 1;
        } else if ours
            .symmetric_difference(&theirs)
            .all(|&(col, row)| four_with(&board, Point::new(col, row)))
        {
            disagreed_with_four += 1;
        } else {
            println!("position {index} disagrees:");
            print_board(&board, &ours, &theirs);
        }
    }
    writeln!(to_rapfi, "END").ok();
    child.wait().ok();
    println!(
        "{agreed} of {positions} positions agree ({with_forbidden} with a forbidden point; \
         {forbidden_points} forbidden points: {} overlines, {} double fours, {} double threes)",
        why_counts[Foul::Overline as usize],
        why_counts[Foul::DoubleFour as usize],
        why_counts[Foul::DoubleThree as usize],
    );
    println!(
        "{disagreed_with_four} positions disagree only on points where Black, with a stone \
         there, has a four (a point that makes five)"
    );
    if agreed + disagreed_with_four != positions {
        std::process::exit(1);
    }
}

/// A random position with Black to move, and its stones in the order played
/// (Black first, alternating).
fn random_position(random: &mut XorShift64) -> (Board, Vec<Point>) {
    let mut board = Board::new(SIDE);
    let square = 5 + random.below(11) as u8;
    let low = |random: &mut XorShift64| random.below((SIDE - square + 1) as usize) as u8;
    let (left, bottom) = (low(random), low(random));
    let pairs = 2 + random.below(square as usize * square as usize / 5);
    let mut moves = Vec::new();
    let mut stone = Stone::Black;
    let mut tries = 0;
    while moves.len() < pairs * 2 && tries < 2_000 {
        tries += 1;
        let point = Point::new(
            left + random.below(square as usize) as u8,
            bottom + random.below(square as usize) as u8,
        );
        if board.get(point).is_some() || makes_five_or_more(&board, point, stone) {
            continue;
        }
        board.set(point, Some(stone));
        moves.push(point);
        stone = stone.opponent();
    }
    if moves.len() % 2 == 1 {
        let last = moves.pop().unwrap();
        board.set(last, None);
    }
    (board, moves)
}

/// Whether Black, with a stone on `point`, can make five at once. Only then
/// can Rapfi's shortcut differ from the rule's letter, which the core
/// follows: Rapfi does not count a point that makes five in one line as
/// making a straight four in another (so as completing a three), though a
/// move that makes five is never forbidden.
fn four_with(board: &Board, point: Point) -> bool {
    let mut board = board.clone();
    board.set(point, Some(Stone::Black));
    (0..SIDE).any(|col| {
        (0..SIDE).any(|row| {
            let point = Point::new(col, row);
            board.get(point).is_none()
                && DIRECTIONS.iter().any(|&(dc, dr)| {
                    board.run_from(point, -dc, -dr, Stone::Black)
                        + 1
                        + board.run_from(point, dc, dr, Stone::Black)
                        == 5
                })
        })
    })
}

fn makes_five_or_more(board: &Board, point: Point, stone: Stone) -> bool {
    DIRECTIONS.iter().any(|&(dc, dr)| {
        board.run_from(point, -dc, -dr, stone) + 1 + board.run_from(point, dc, dr, stone) >= 5
    })
}

/// Rapfi's forbidden points for the position `moves` makes (YXBOARD does
/// not think; YXSHOWFORBID lists the points as xxyy, y from the top).
fn rapfi_forbidden(
    to_rapfi: &mut impl Write,
    from_rapfi: &mut impl BufRead,
    moves: &[Point],
) -> BTreeSet<(u8, u8)> {
    let mut text = String::from("YXBOARD\n");
    for (i, point) in moves.iter().enumerate() {
        let field = if i % 2 == 0 { 1 } else { 2 };
        text += &format!("{},{},{field}\n", point.col, SIDE - 1 - point.row);
    }
    text += "DONE\nYXSHOWFORBID\n";
    to_rapfi.write_all(text.as_bytes()).unwrap();
    to_rapfi.flush().unwrap();
    let line = loop {
        let line = read_line(from_rapfi);
        if line.starts_with("FORBID") {
            break line;
        }
    };
    let digits = line["FORBID".len()..].trim().trim_end_matches('.');
    assert!(digits.len() % 4 == 0, "Rapfi's answer '{line}'");
    (0..digits.len() / 4)
        .map(|i| {
            let x: u8 = digits[i * 4..i * 4 + 2].parse().unwrap();
            let y: u8 = digits[i * 4 + 2..i * 4 + 4].parse().unwrap();
            (x, SIDE - 1 - y)
        })
        .collect()
}

fn read_line(from: &mut impl BufRead) -> String {
    let mut line = String::new();
    assert!(from.read_line(&mut line).unwrap() > 0, "Rapfi ended");
    line.trim().to_string()
}

fn expect_line(from: &mut impl BufRead, wanted: &str) {
    let line = read_line(from);
    assert_eq!(line, wanted, "Rapfi's answer");
}

/// The board from the top row: X and O the stones, `a` a point only we
/// forbid, `b` one only Rapfi does, `#` one both do.
fn print_board(board: &Board, ours: &BTreeSet<(u8, u8)>, theirs: &BTreeSet<(u8, u8)>) {
    for row in (0..SIDE).rev() {
        let mut text = String::new();
        for col in 0..SIDE {
            let point = Point::new(col, row);
            let key = (col, row);
            text.push(
                match (board.get(point), ours.contains(&key), theirs.contains(&key)) {
                    (Some(Stone::Black), _, _) => 'X',
                    (Some(Stone::White), _, _) => 'O',
                    (None, true, true) => '#',
                    (None, true, false) => 'a',
                    (None, false, true) => 'b',
                    (None, false, false) => '.',
                },
            );
            text.push(' ');
        }
        println!("  {text}");
    }
}
