//! The Strong level's search on the host: for each benchmark position of
//! `PISKRS /BENCH` (src/app/benchmark.rs), the move, the nodes searched and the time,
//! at the default thinking time's budget and at ten times it; then nodes per
//! second over all positions. criterion then times the whole set at the default
//! budget.
//!
//! Run with `cargo bench --bench strong_search`. `cargo test` runs it once in
//! criterion's test mode: every search once, not timed.

use std::hint::black_box;
use std::time::Instant;

use criterion::{Criterion, criterion_group};
use piskrs::ai::engine::Level;
use piskrs::app::benchmark::{POSITIONS, position, reply};
use piskrs::app::settings::Settings;
use piskrs::rules::coord::{Lettering, write_point};
use piskrs::rules::game::Game;

/// Repeats of each search for the printed times (the search is deterministic).
const REPEATS: u32 = 20;

/// How this run was started, by criterion's own rule: `cargo bench` passes
/// `--bench` (a measurement); `cargo test` does not, and `cargo bench -- --test`
/// adds `--test` (each function once).
fn measuring() -> bool {
    let args: Vec<String> = std::env::args().collect();
    args.iter().any(|a| a == "--bench") && !args.iter().any(|a| a == "--test")
}

fn print_figures(games: &[Game], budget: u32) {
    let repeats = if measuring() { REPEATS } else { 1 };
    println!("Strong, budget {budget} nodes ({repeats} runs each):");
    let (mut all_nodes, mut all_seconds) = (0u64, 0f64);
    for (n, game) in games.iter().enumerate() {
        let start = Instant::now();
        let mut result = None;
        for _ in 0..repeats {
            result = reply(Level::Strong, budget, black_box(game), None);
        }
        let seconds = start.elapsed().as_secs_f64() / repeats as f64;
        let (point, nodes) = result.expect("a move");
        let mut name = [0u8; 3];
        let len = write_point(point, Lettering::Consecutive, &mut name);
        println!(
            "  position {:2}: {:3} after {:6} nodes in {:8.3} ms",
            n + 1,
            std::str::from_utf8(&name[..len]).unwrap(),
            nodes,
            seconds * 1000.0
        );
        all_nodes += nodes as u64;
        all_seconds += seconds;
    }
    println!(
        "  all {POSITIONS}: {all_nodes} nodes in {:.3} ms = {:.0} nodes/s",
        all_seconds * 1000.0,
        all_nodes as f64 / all_seconds
    );
}

fn bench(c: &mut Criterion) {
    let games: Vec<Game> = (0..POSITIONS).map(position).collect();
    let budget = Settings::default().strong_budget();
    if !std::env::args().any(|a| a == "--list") {
        print_figures(&games, budget);
        print_figures(&games, budget * 10);
    }
    c.bench_function("strong: the 12 benchmark positions, default budget", |b| {
        b.iter(|| {
            for game in &games {
                black_box(reply(Level::Strong, budget, black_box(game), None));
            }
        })
    });
}

criterion_group!(benches, bench);

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
}
