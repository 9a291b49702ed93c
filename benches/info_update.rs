//! What Piskasm's Update saves: one `Classic::update` (re-score the free points
//! within four steps of the new stone) against one `Classic::recompute` (score
//! every point of the board), on a mid-game position: the first 40 plies that
//! Classic played against itself from seed 1 (`SelfPlay::new(1)`), kept below as
//! a record so that the position stays where it is when Classic's play changes.
//! (The benchmark used to replay `SelfPlay::new(7)` for 40 plies; since Classic
//! changed, that game ends after 23, and the benchmark panicked.)
//!
//! Run with `cargo bench --bench info_update`. Before criterion's groups it times
//! both itself with `std::time::Instant` and prints the ratio recompute / update.
//! `cargo test` runs it once in criterion's test mode (every function once, the
//! hand timing one batch each), so a position that no longer holds fails there.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group};
use piskrs::ai::classic::Classic;
use piskrs::rules::WinRule;
use piskrs::rules::board::{Board, Stone};
use piskrs::rules::coord::{Lettering, Point, parse_point};
use piskrs::rules::game::Game;

/// Classic against itself from seed 1, its first 40 plies (Black first;
/// columns lettered A..S, I not skipped).
const RECORD: &str = "I8 H7 I6 I7 J7 H9 K8 H5 H8 J8 L9 M10 K9 K10 M9 J9 N9 O9 L10 L11 \
                      N8 K11 N11 N10 O7 P6 P8 M12 N13 J11 I11 J10 J12 I10 K12 H10 G10 F7 G8 G7";
const PLIES: usize = 40;

/// The position after the record's `PLIES` plies, the last stone's point, and
/// Info for the side to move, exact for that board.
fn position() -> (Board, Point, Classic) {
    let mut game = Game::new(19, WinRule::FiveOrMore);
    let mut last = None;
    for (ply, name) in RECORD.split_whitespace().enumerate() {
        let point = parse_point(name.as_bytes(), 19, Lettering::Consecutive)
            .unwrap_or_else(|| panic!("ply {}: {name} is not a point", ply + 1));
        assert!(!game.is_over(), "the game is over before ply {}", ply + 1);
        game.play(point)
            .unwrap_or_else(|_| panic!("ply {}: {name} is not a legal move", ply + 1));
        last = Some(point);
    }
    assert_eq!(game.move_count() as usize, PLIES);
    assert!(!game.is_over(), "a mid-game position: nobody has won yet");
    let board = game.board().clone();
    let mut classic = Classic::new(game.to_move(), 19);
    classic.recompute(&board);
    // Update on an exact Info leaves it exact: the work timed below is real.
    let mut updated = classic.clone();
    let last = last.expect("40 plies were played");
    updated.update(&board, last);
    for row in 0..19 {
        for col in 0..19 {
            let point = Point::new(col, row);
            assert_eq!(updated.score(point), classic.score(point));
        }
    }
    assert_eq!(classic.computer() == Stone::Black, PLIES.is_multiple_of(2));
    (board, last, classic)
}

/// How this run was started, by criterion's own rule: `cargo bench` passes
/// `--bench` (a measurement); `cargo test` does not, and `cargo bench -- --test`
/// adds `--test` (each function once).
fn measuring() -> bool {
    let args: Vec<String> = std::env::args().collect();
    args.iter().any(|a| a == "--bench") && !args.iter().any(|a| a == "--test")
}

/// Nanoseconds per call of `f`, over at least `budget` of calls (and at least
/// one batch of 100).
fn time_per_call(budget: Duration, mut f: impl FnMut()) -> f64 {
    for _ in 0..100 {
        f(); // warm up
    }
    let mut calls: u64 = 0;
    let start = Instant::now();
    loop {
        for _ in 0..100 {
            f();
        }
        calls += 100;
        if start.elapsed() >= budget {
            break;
        }
    }
    start.elapsed().as_nanos() as f64 / calls as f64
}

/// Times one Update and one recompute by hand and prints the ratio.
fn print_ratio() {
    let (board, last, classic) = position();
    let mut info = classic.clone();
    let budget = if measuring() {
        Duration::from_millis(700)
    } else {
        Duration::ZERO
    };
    let update_ns = time_per_call(budget, || {
        info.update(black_box(&board), black_box(last));
        black_box(&info);
    });
    let recompute_ns = time_per_call(budget, || {
        info.recompute(black_box(&board));
        black_box(&info);
    });
    println!(
        "info_update: Classic self-play, seed 1, after {PLIES} plies, last stone {}{}",
        (b'A' + last.col) as char,
        last.row + 1
    );
    println!("info_update: Classic::update    {update_ns:10.1} ns");
    println!("info_update: Classic::recompute {recompute_ns:10.1} ns");
    println!(
        "info_update: ratio recompute / update = {:.1}",
        recompute_ns / update_ns
    );
}

fn bench_info(c: &mut Criterion) {
    let (board, last, classic) = position();
    let mut group = c.benchmark_group("classic_info");
    let mut info = classic.clone();
    group.bench_function("update", |b| {
        b.iter(|| {
            info.update(black_box(&board), black_box(last));
            black_box(&info);
        })
    });
    let mut info = classic.clone();
    group.bench_function("recompute", |b| {
        b.iter(|| {
            info.recompute(black_box(&board));
            black_box(&info);
        })
    });
    group.finish();
}

criterion_group!(benches, bench_info);

fn main() {
    if !std::env::args().any(|a| a == "--list") {
        print_ratio();
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
