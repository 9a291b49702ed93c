//! The host side of the tree's host-vs-DOS agreement: the tree's move and node
//! count on each benchmark position (src/app/benchmark.rs) at 400 nodes, exactly as
//! PISKTREE.COM (the tree's benchmark build, `cargo tree-com`) prints them
//! with its tables in far memory; and in its game against Classic, where its
//! tree goes on from search to search. The e2e test
//! (tests/dosbox/tree.test.js) compares the .COM's lines with the same
//! fixtures. `UPDATE_FIXTURES=1 cargo test --test tree_bench` rewrites them.

mod common;

use common::check_fixture;

use piskrs::ai::tree::{self, HeapTables, KeptTree};
use piskrs::app::benchmark::{GAME_FROM, GAME_REPLIES, POSITIONS, classic_answer, position};
use piskrs::rules::coord::{Lettering, Point, write_point};
use piskrs::rules::game::Position;
use piskrs::support::random::Random;

/// The budget tests/dosbox/tree.test.js gives PISKTREE.
const BUDGET: u32 = 400;

#[test]
fn the_fixture_is_what_the_host_computes() {
    // One set of tables for all the positions, as PISKTREE keeps its far ones.
    let mut tables = HeapTables::new();
    let mut lines = String::new();
    for n in 0..POSITIONS {
        let game = position(n);
        let at = Position::of(&game);
        let (point, nodes) =
            tree::choose(at.board, at.to_move, at.rule, BUDGET, &mut tables).expect("a move");
        lines += &format!("TREE {} {} nodes={}\n", n + 1, name(point), nodes);
    }
    check_fixture("tree-bench.txt", &lines);
}

/// The tree's game (PISKTREE's GAME lines): from the first position it plays
/// on against Classic, its every move and node count what fresh tables give;
/// a kept tree, going on from search to search as PISKTREE's and the
/// engine's do, gives the same.
#[test]
fn the_game_fixture_is_what_the_host_computes() {
    let mut kept = KeptTree::new(HeapTables::new());
    let mut game = position(GAME_FROM);
    let mut random = Random::new(1);
    let mut lines = String::new();
    for n in 0..GAME_REPLIES {
        let at = Position::of(&game);
        let fresh = tree::choose(
            at.board,
            at.to_move,
            at.rule,
            BUDGET,
            &mut HeapTables::new(),
        );
        let went_on = kept.choose(at.board, at.to_move, at.rule, BUDGET);
        assert!(fresh == went_on, "reply {}", n + 1);
        let Some((point, nodes)) = fresh else { break };
        lines += &format!("GAME {} {} nodes={}\n", n + 1, name(point), nodes);
        if game.play(point).is_err() || classic_answer(&mut game, &mut random).is_none() {
            break;
        }
    }
    assert_eq!(lines.lines().count(), GAME_REPLIES, "{lines}");
    check_fixture("tree-game.txt", &lines);
}

/// A point as PISKTREE prints it.
fn name(point: Point) -> String {
    let mut notation = [0u8; 3];
    let len = write_point(point, Lettering::Consecutive, &mut notation);
    std::str::from_utf8(&notation[..len]).unwrap().to_string()
}
