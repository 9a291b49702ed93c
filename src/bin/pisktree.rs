//! PISKTREE.COM and PISKTR86.COM (`cargo tree-com`): the tree's benchmark,
//! a program of its own, not shipped (docs/benchmarks.md). On the host this
//! binary only says how to build it, so that `cargo test` builds everything.
#![cfg_attr(target_os = "none", no_std, no_main)]
// The 8086 build's input (msp430-dos.json) defines two absolute symbols and
// `abort` with a global_asm! (src/dos/entry.rs), which Rust has behind a gate
// for the MSP430 target.
#![cfg_attr(target_arch = "msp430", feature(asm_experimental_arch))]

/// The DOS layer's part the benchmark needs: the game's entry and far
/// memory, the BIOS clock, standard output and the tree's far tables
/// (src/dos/). What it does not call of those modules (the game's far
/// words, the screen's frame) stays unused here.
#[cfg(target_os = "none")]
#[path = "../dos"]
#[allow(dead_code, reason = "the benchmark takes a part of the game's modules")]
mod dos {
    pub mod bench_tree;
    pub mod bios;
    pub mod dosapi;
    pub mod entry;
    pub mod far;
    pub mod far_access;
    pub mod far_tree;
    #[cfg(target_arch = "x86")]
    mod mem;
    pub mod mouse;
    #[cfg(target_arch = "msp430")]
    pub mod rt86;
    #[cfg(target_arch = "msp430")]
    mod single;
}

/// What follows the far texts in far memory: the tree's tables (src/dos/far.rs).
#[cfg(target_os = "none")]
const FAR_AFTER_TEXTS: dos::far::AfterTexts = dos::far::AfterTexts::TreeTables;

/// Where the tree's tables start (src/dos/far_tree.rs): after the far table and texts.
#[cfg(target_os = "none")]
const TREE_AT: u16 = dos::far::AFTER_TABLE;

#[cfg(target_os = "none")]
use dos::{bios, dosapi};
#[cfg(target_os = "none")]
use piskrs::app::benchmark::{self, push_field, push_point};
#[cfg(target_os = "none")]
use piskrs::support::text::Text;

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
/// (`tree::KeptTree`, `bench_tree::bench_tree`).
#[cfg(target_os = "none")]
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
    let Some(tree) = dos::bench_tree::bench_tree() else {
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
    push_field(&mut line, b" budget=", budget);
    push_field(&mut line, b" nodes=", total_nodes);
    let per_s = total_nodes * 1000 / (all * 55).max(1);
    push_field(&mut line, b" nodes_per_s=", per_s);
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
#[cfg(target_os = "none")]
fn tree_line(
    line: &mut Text<78>,
    name: &[u8],
    n: usize,
    point: piskrs::rules::coord::Point,
    nodes: u32,
    ticks: u32,
) {
    line.clear();
    push_field(line, name, n as u32 + 1);
    line.push(b" ");
    push_point(line, point);
    push_field(line, b" nodes=", nodes);
    push_field(line, b" ms=", ticks * 55);
    print_line(line);
}

/// Prints the TIME line's start (`name`, the count, the median and the
/// worst of the replies' `ticks`), sorting them; the caller ends it.
#[cfg(target_os = "none")]
fn time_line(line: &mut Text<78>, name: &[u8], ticks: &mut [u32]) {
    let count = ticks.len();
    ticks.sort_unstable();
    line.clear();
    // As time_level's TIME line for Strong (its code left alone: a
    // function shared with it costs PISKRS.COM 8 bytes).
    push_field(line, name, count as u32);
    let median = (ticks[count / 2 - 1] + ticks[count / 2]) * 55 / 2;
    push_field(line, b" median_ms=", median);
    push_field(line, b" worst_ms=", ticks[count - 1] * 55);
    dosapi::print(line.as_bytes());
    line.clear();
}

/// Ends a line with CR LF and prints it.
#[cfg(target_os = "none")]
fn print_line(line: &mut Text<78>) {
    dosapi::print(line.push(b"\r\n").as_bytes());
}

#[cfg(not(target_os = "none"))]
fn main() {
    eprintln!("PISKTREE is a DOS program: build target/PISKTREE.COM with `cargo tree-com`.");
    std::process::exit(1);
}
