//! The host side of the tree's host-vs-DOS agreement: the tree's move and node
//! count on each benchmark position (src/benchmark.rs) at 400 nodes, exactly as
//! PISKTREE.COM (the tree's benchmark build, `cargo tree-com`) prints them
//! with its tables in far memory. The e2e test (tests/dosbox/tree.test.js)
//! compares the .COM's lines with the same fixture.
//! `UPDATE_FIXTURES=1 cargo test --test tree_bench` rewrites the fixture.

use piskrs::benchmark::{POSITIONS, position};
use piskrs::coord::{Lettering, write_point};
use piskrs::game::Position;
use piskrs::tree::{self, HeapTables};

const FIXTURE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/dosbox/fixtures/tree-bench.txt"
);
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
        let mut notation = [0u8; 3];
        let len = write_point(point, Lettering::Consecutive, &mut notation);
        let name = std::str::from_utf8(&notation[..len]).unwrap();
        lines += &format!("TREE {} {} nodes={}\n", n + 1, name, nodes);
    }
    if std::env::var_os("UPDATE_FIXTURES").is_some() {
        std::fs::write(FIXTURE, &lines).unwrap();
    }
    let fixture =
        std::fs::read_to_string(FIXTURE).expect("the fixture (UPDATE_FIXTURES=1 writes it)");
    assert_eq!(fixture, lines);
}
