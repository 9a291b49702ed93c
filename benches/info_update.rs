//! What Piskasm's Update saves: one `Classic::update` (re-score the free points
//! within four steps of the new stone) against one `Classic::recompute` (score
//! every point of the board), on a mid-game position: `SelfPlay::new(7)` after 40
//! plies.
//!
//! Run with `cargo bench --bench info_update`. Before criterion's groups it times
//! both itself with `std::time::Instant` and prints the ratio recompute / update.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group};
use piskrs::board::{Board, Stone};
use piskrs::classic::Classic;
use piskrs::coord::Point;
use piskrs::selfplay::SelfPlay;

const SEED: u16 = 7;
const PLIES: usize = 40;

/// The position after `PLIES` plies, the last stone's point, and Info for the side
/// to move, exact for that board.
fn position() -> (Board, Point, Classic) {
    let mut selfplay = SelfPlay::new(SEED);
    let mut last = None;
    for ply in 0..PLIES {
        last = Some(
            selfplay
                .step()
                .unwrap_or_else(|| panic!("seed {SEED} ended after {ply} plies")),
        );
    }
    let game = selfplay.game();
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

/// Nanoseconds per call of `f`, over at least `budget` of calls.
fn time_per_call(budget: Duration, mut f: impl FnMut()) -> f64 {
    for _ in 0..100 {
        f(); // warm up
    }
    let mut calls: u64 = 0;
    let start = Instant::now();
    while start.elapsed() < budget {
        for _ in 0..100 {
            f();
        }
        calls += 100;
    }
    start.elapsed().as_nanos() as f64 / calls as f64
}

/// Times one Update and one recompute by hand and prints the ratio.
fn print_ratio() {
    let (board, last, classic) = position();
    let mut info = classic.clone();
    let budget = Duration::from_millis(700);
    let update_ns = time_per_call(budget, || {
        info.update(black_box(&board), black_box(last));
        black_box(&info);
    });
    let recompute_ns = time_per_call(budget, || {
        info.recompute(black_box(&board));
        black_box(&info);
    });
    println!(
        "info_update: seed {SEED} after {PLIES} plies, last stone {}{}",
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
    print_ratio();
    benches();
    Criterion::default().configure_from_args().final_summary();
}
