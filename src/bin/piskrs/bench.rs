//! /BENCH, the game program's benchmark: Classic's self-play and each
//! level's replies to the benchmark positions, timed with the BIOS clock, as
//! lines on standard output (docs/benchmarks.md). The tree's own benchmark
//! is a program of its own (src/bin/pisktree.rs).

use crate::dos::{bios, dosapi, tree_door};
use piskrs::ai::engine::{LEVELS, Level, TreeSearch};
use piskrs::app::benchmark::{self, push_field, push_point};
use piskrs::app::selfplay::SelfPlay;
use piskrs::app::settings;
use piskrs::support::text::Text;

/// Games of the Classic AI against itself, timed with the BIOS clock: each ply
/// costs what a reply costs in a game (Update for the other side's stone,
/// PCMove, Update for its own); then each level's replies to the benchmark
/// positions, Strong's at /TIME's thinking time if given, and before Cha's
/// the engine's unpacking. Prints a report
/// on standard output.
pub(crate) fn bench(think_tenths: Option<u8>) -> u8 {
    // Strong at the default thinking time, or at /TIME's, cut to this
    // machine's speed unless /FIXED.
    let tenths = think_tenths.unwrap_or(settings::DEFAULT_THINK_TENTHS);
    let units = tree_door::FAR_TREE.speed_units();
    let budget = settings::strong_budget_at(tenths, units);
    let mut line = Text::<78>::new();
    push_field(&mut line, b"SPEED units=", units as u32);
    push_field(&mut line, b" budget=", budget);
    print_line(&mut line);
    bench_self_play();
    for level in LEVELS {
        // Cha and Strong run in the engine: it is unpacked on its first
        // call, once a run, timed on its own line before theirs, so that no
        // level's first reply carries it (and Classic's part can be
        // profiled in the lockstep, which runs no engine).
        if level == Level::Cha {
            time_engine_unpacking();
        }
        time_level(level, budget);
    }
    0
}

/// The engine's first call, which unpacks it: the ENGINE line.
#[inline(never)]
fn time_engine_unpacking() {
    let mut line = Text::<78>::new();
    let start = bios::ticks();
    tree_door::engine_stack();
    push_field(
        &mut line,
        b"ENGINE unpacked_ms=",
        bios::ticks().wrapping_sub(start) * 55,
    );
    print_line(&mut line);
}

/// The Classic self-play part of /BENCH: the BENCH line.
#[inline(never)]
fn bench_self_play() {
    const GAMES: u16 = 8;
    let mut plies: u32 = 0;
    let mut line = Text::<78>::new();
    let start = bios::ticks();
    for seed in 1..GAMES + 1 {
        let mut selfplay = SelfPlay::new(seed);
        line.clear();
        line.push(b"seed ").push_number(seed as u32).push(b": ");
        let mut shown = 0;
        while let Some(point) = selfplay.step() {
            plies += 1;
            if seed == 1 && shown < 12 {
                push_point(&mut line, point).push(b" ");
                shown += 1;
            }
        }
        if seed == 1 {
            line.push(b"...");
            print_line(&mut line);
        }
    }
    let ticks = bios::ticks().wrapping_sub(start);
    // One tick is 65536/1193182 s = 54.925 ms; report microseconds per ply.
    let per_ply_us = ticks.saturating_mul(54925) / plies.max(1);
    line.clear();
    push_field(&mut line, b"BENCH games=", GAMES as u32);
    push_field(&mut line, b" plies=", plies);
    push_field(&mut line, b" ticks=", ticks);
    push_field(&mut line, b" us_per_reply=", per_ply_us);
    print_line(&mut line);
}

/// Ends a /BENCH or /STACK line with CR LF and prints it.
#[inline(never)]
pub(crate) fn print_line(line: &mut Text<78>) {
    dosapi::print(line.push(b"\r\n").as_bytes());
}

/// Each level's reply to every benchmark position, timed with the BIOS clock
/// (55 ms a tick): the median and the worst. Strong's lines also give its
/// move and node count (the host must agree:
/// tests/dosbox/fixtures/strong-bench.txt).
#[inline(never)]
fn time_level(level: Level, budget: u32) {
    const COUNT: usize = benchmark::POSITIONS as usize;
    let mut ticks = [0u32; COUNT];
    let mut total_nodes: u32 = 0;
    let mut line = Text::<78>::new();
    let mut game = piskrs::rules::game::Game::new(19, piskrs::rules::WinRule::FiveOrMore);
    for n in 0..COUNT {
        benchmark::set_position(n as u16, &mut game);
        let start = bios::ticks();
        let reply = benchmark::reply(level, budget, &game, Some(&tree_door::FAR_TREE));
        let spent = bios::ticks().wrapping_sub(start);
        // Insertion: `ticks` stays sorted.
        let mut at = n;
        while at > 0 && ticks[at - 1] > spent {
            ticks[at] = ticks[at - 1];
            at -= 1;
        }
        ticks[at] = spent;
        if let (Level::Strong, Some((point, nodes))) = (level, reply) {
            total_nodes += nodes;
            line.clear();
            push_field(&mut line, b"STRONG ", n as u32 + 1);
            line.push(b" ");
            push_point(&mut line, point);
            push_field(&mut line, b" nodes=", nodes);
            push_field(&mut line, b" ms=", spent * 55);
            print_line(&mut line);
        }
    }
    let all: u32 = ticks.iter().sum();
    line.clear();
    line.push(b"TIME ").push(level.keyword());
    push_field(&mut line, b" positions=", COUNT as u32);
    push_field(
        &mut line,
        b" median_ms=",
        (ticks[COUNT / 2 - 1] + ticks[COUNT / 2]) * 55 / 2,
    );
    push_field(&mut line, b" worst_ms=", ticks[COUNT - 1] * 55);
    if level == Level::Strong {
        // Strong's line is longer than the buffer: it goes out in two parts.
        dosapi::print(line.as_bytes());
        line.clear();
        push_field(&mut line, b" budget=", budget);
        push_field(&mut line, b" nodes=", total_nodes);
        push_field(
            &mut line,
            b" nodes_per_s=",
            total_nodes * 1000 / (all * 55).max(1),
        );
    }
    print_line(&mut line);
}
