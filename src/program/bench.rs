//! /BENCH, the game program's benchmark (and PISKTREE's, the tree's
//! benchmark build): Classic's self-play and each level's replies to the
//! benchmark positions, timed with the BIOS clock, as lines on standard
//! output (docs/benchmarks.md).

use super::print;
#[cfg(feature = "tree-bench")]
use crate::dos::dosapi;
use crate::dos::{bios, tree_door};
use piskrs::ai::engine::{LEVELS, Level, TreeSearch};
use piskrs::app::benchmark;
use piskrs::app::selfplay::SelfPlay;
use piskrs::app::settings;
use piskrs::support::text::Text;

/// The tree's benchmark build (`cargo tree-com`: target/PISKTREE.COM),
/// `PISKTREE [BUDGET]`: the tree's reply to each of /BENCH's positions
/// within BUDGET nodes (140 if none), its tables in far memory, timed with
/// the BIOS clock (55 ms a tick). A TREE line a position gives its move
/// and nodes, which the host's must equal (at 400 nodes:
/// tests/dosbox/fixtures/tree-bench.txt); the TIME line the median, the
/// worst and the nodes a second. Then its game: from the first position
/// the tree plays on against Classic (`benchmark::classic_answer`), a
/// GAME line a reply (tests/dosbox/fixtures/tree-game.txt), each search
/// going on from its last as in a game against Strong, and a TIME GAME
/// line. The tree is kept from search to search as the engine keeps it
/// (`tree::KeptTree`, `far_tree::bench_tree`).
#[cfg(feature = "tree-bench")]
#[unsafe(no_mangle)]
pub extern "C" fn piskrs_main() -> u8 {
    const COUNT: usize = benchmark::POSITIONS as usize;
    let mut tail = [0u8; 127];
    let budget = dosapi::command_tail(&mut tail)
        .iter()
        .filter(|byte| byte.is_ascii_digit())
        .fold(0u32, |budget, &digit| {
            budget
                .saturating_mul(10)
                .saturating_add((digit - b'0') as u32)
        });
    let budget = if budget == 0 { 140 } else { budget };
    let Some(tree) = crate::dos::far_tree::bench_tree() else {
        return 1;
    };
    let mut ticks = [0u32; COUNT];
    let mut total_nodes: u32 = 0;
    let mut line = Text::<78>::new();
    let mut game = piskrs::rules::game::Game::new(19, piskrs::rules::WinRule::FiveOrMore);
    for (n, ticks) in ticks.iter_mut().enumerate() {
        benchmark::set_position(n as u16, &mut game);
        let position = piskrs::rules::game::Position::of(&game);
        let start = bios::ticks();
        let reply = tree.choose(position.board, position.to_move, position.rule, budget);
        let spent = bios::ticks().wrapping_sub(start);
        *ticks = spent;
        if let Some((point, nodes)) = reply {
            total_nodes += nodes;
            tree_line(&mut line, b"TREE ", n, point, nodes, spent);
        }
    }
    let all: u32 = ticks.iter().sum();
    time_line(&mut line, b"TIME TREE positions=", &mut ticks);
    line.clear();
    field(&mut line, b" budget=", budget);
    field(&mut line, b" nodes=", total_nodes);
    let per_s = total_nodes * 1000 / (all * 55).max(1);
    field(&mut line, b" nodes_per_s=", per_s);
    print_line(&mut line);
    // The game.
    benchmark::set_position(benchmark::GAME_FROM, &mut game);
    let mut random = piskrs::support::random::Random::new(1);
    let mut ticks = [0u32; benchmark::GAME_REPLIES];
    for (n, ticks) in ticks.iter_mut().enumerate() {
        let position = piskrs::rules::game::Position::of(&game);
        let start = bios::ticks();
        let reply = tree.choose(position.board, position.to_move, position.rule, budget);
        let spent = bios::ticks().wrapping_sub(start);
        *ticks = spent;
        let Some((point, nodes)) = reply else { break };
        tree_line(&mut line, b"GAME ", n, point, nodes, spent);
        if game.play(point).is_err() || benchmark::classic_answer(&mut game, &mut random).is_none()
        {
            break;
        }
    }
    time_line(&mut line, b"TIME GAME replies=", &mut ticks);
    print_line(&mut line);
    let _ = dosapi::close(dosapi::STDOUT);
    0
}

/// A TREE or GAME line: the `n`th reply's point, nodes and time.
#[cfg(feature = "tree-bench")]
fn tree_line(
    line: &mut Text<78>,
    name: &[u8],
    n: usize,
    point: piskrs::rules::coord::Point,
    nodes: u32,
    ticks: u32,
) {
    line.clear();
    field(line, name, n as u32 + 1);
    line.push(b" ");
    push_point(line, point);
    field(line, b" nodes=", nodes);
    field(line, b" ms=", ticks * 55);
    print_line(line);
}

/// Prints the TIME line's start (`name`, the count, the median and the
/// worst of the replies' `ticks`), sorting them; the caller ends it.
#[cfg(feature = "tree-bench")]
fn time_line(line: &mut Text<78>, name: &[u8], ticks: &mut [u32]) {
    let count = ticks.len();
    ticks.sort_unstable();
    line.clear();
    // As time_level's TIME line for Strong (its code left alone: a
    // function shared with it costs PISKRS.COM 8 bytes).
    field(line, name, count as u32);
    let median = (ticks[count / 2 - 1] + ticks[count / 2]) * 55 / 2;
    field(line, b" median_ms=", median);
    field(line, b" worst_ms=", ticks[count - 1] * 55);
    print(line.as_bytes());
    line.clear();
}

/// Games of the Classic AI against itself, timed with the BIOS clock: each ply
/// costs what a reply costs in a game (Update for the other side's stone,
/// PCMove, Update for its own); then each level's replies to the benchmark
/// positions, Strong's at /TIME's thinking time if given. Prints a report
/// on standard output.
pub(super) fn bench(think_tenths: Option<u8>) -> u8 {
    // Strong at the default thinking time, or at /TIME's, cut to this
    // machine's speed unless /FIXED.
    let tenths = think_tenths.unwrap_or(settings::DEFAULT_THINK_TENTHS);
    let units = tree_door::FAR_TREE.speed_units();
    let budget = settings::strong_budget_at(tenths, units);
    let mut line = Text::<78>::new();
    field(&mut line, b"SPEED units=", units as u32);
    field(&mut line, b" budget=", budget);
    print_line(&mut line);
    bench_self_play();
    for level in LEVELS {
        time_level(level, budget);
    }
    0
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
    field(&mut line, b"BENCH games=", GAMES as u32);
    field(&mut line, b" plies=", plies);
    field(&mut line, b" ticks=", ticks);
    field(&mut line, b" us_per_reply=", per_ply_us);
    print_line(&mut line);
}

/// Appends a label and a number ("budget=" and 1000), as the /BENCH and
/// /STACK lines show them.
#[inline(never)]
pub(super) fn field(line: &mut Text<78>, label: &[u8], value: u32) {
    line.push(label).push_number(value);
}

/// Ends a /BENCH or /STACK line with CR LF and prints it.
#[inline(never)]
pub(super) fn print_line(line: &mut Text<78>) {
    print(line.push(b"\r\n").as_bytes());
}

/// Appends a point as /BENCH shows it (consecutive letters, as in "H8").
#[inline(never)]
fn push_point(line: &mut Text<78>, point: piskrs::rules::coord::Point) -> &mut Text<78> {
    let mut notation = [0u8; 3];
    let len = piskrs::rules::coord::write_point(
        point,
        piskrs::rules::coord::Lettering::Consecutive,
        &mut notation,
    );
    line.push(&notation[..len])
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
            field(&mut line, b"STRONG ", n as u32 + 1);
            line.push(b" ");
            push_point(&mut line, point);
            field(&mut line, b" nodes=", nodes);
            field(&mut line, b" ms=", spent * 55);
            print_line(&mut line);
        }
    }
    let all: u32 = ticks.iter().sum();
    line.clear();
    line.push(b"TIME ").push(level.keyword());
    field(&mut line, b" positions=", COUNT as u32);
    field(
        &mut line,
        b" median_ms=",
        (ticks[COUNT / 2 - 1] + ticks[COUNT / 2]) * 55 / 2,
    );
    field(&mut line, b" worst_ms=", ticks[COUNT - 1] * 55);
    if level == Level::Strong {
        // Strong's line is longer than the buffer: it goes out in two parts.
        print(line.as_bytes());
        line.clear();
        field(&mut line, b" budget=", budget);
        field(&mut line, b" nodes=", total_nodes);
        field(
            &mut line,
            b" nodes_per_s=",
            total_nodes * 1000 / (all * 55).max(1),
        );
    }
    print_line(&mut line);
}
