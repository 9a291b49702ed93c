//! The position's tests: stones placed and taken away, and a kept tree
//! going on from search to search, each against a tree built afresh.

use super::position::{NO_STONES, WALL};
use super::*;
use crate::rules::board::DIRECTIONS;
use alloc::vec::Vec;

/// What a tree knows of its position, its points' classes only where
/// empty (a stone's are kept unused until it is taken away) when
/// `all_classes` is false.
fn state<M: TreeTables, S: Stop>(tree: &Tree<M, S>, all_classes: bool) -> Vec<i64> {
    let mut seen: Vec<i64> = Vec::new();
    for index in 0..tree.side * tree.side {
        seen.push(tree.cells[index] as i64);
        seen.push(tree.near[index] as i64);
        seen.extend(tree.keys[index].iter().map(|&key| key as i64));
        if all_classes || tree.cells[index] == 0 {
            seen.extend(tree.classes[index].iter().map(|&word| word as i64));
        }
        for judged in tree.judged[index] {
            seen.extend([
                judged.threat as i64,
                judged.value as i64,
                judged.worth as i64,
            ]);
        }
    }
    for side in 0..2 {
        seen.extend(
            tree.tally.threat_counts[side]
                .iter()
                .map(|&count| count as i64),
        );
        let points = &tree.tally.five_points[side];
        let mut fives: Vec<u16> = points.list[..points.len as usize].to_vec();
        fives.sort();
        seen.extend(fives.iter().map(|&index| index as i64));
        seen.push(-1);
        seen.push(tree.tally.totals[side] as i64);
    }
    seen.push(tree.tally.fives_overflowed as i64);
    seen.push(tree.tally.hash as i64);
    let stones = tree.tally.stones_box;
    seen.extend([stones.cols.0, stones.cols.1, stones.rows.0, stones.rows.1].map(i64::from));
    seen
}

/// Each point's keys as its lines read on the board (not as the
/// stones' updates made them).
fn read_keys<M: TreeTables, S: Stop>(tree: &Tree<M, S>) -> Vec<u16> {
    let side = tree.side as isize;
    let mut keys = Vec::new();
    for index in 0..tree.side * tree.side {
        let (col, row) = (index as isize % side, index as isize / side);
        for &(dc, dr) in DIRECTIONS.iter() {
            let mut key = 0;
            for steps in (-4..5isize).filter(|&steps| steps != 0) {
                let (c, r) = (col + dc as isize * steps, row + dr as isize * steps);
                let on_board = (0..side).contains(&c) && (0..side).contains(&r);
                let what = if on_board {
                    tree.cells[(r * side + c) as usize] as u16
                } else {
                    WALL
                };
                key |= what << Tree::<HeapTables, Never>::slot(steps);
            }
            keys.push(key);
        }
    }
    keys
}

/// Each empty point's classes as its keys give them, looked up afresh.
fn looked_up_classes<M: TreeTables, S: Stop>(tree: &mut Tree<M, S>) -> Vec<[u16; 2]> {
    let mut classes = Vec::new();
    for index in 0..tree.side * tree.side {
        if tree.cells[index] == 0 {
            let mut words = [0u16; 2];
            for d in 0..4 {
                let both = tree.classes_of(tree.keys[index][d]) as u16;
                words[0] |= (both & 15) << (4 * d);
                words[1] |= (both >> 4) << (4 * d);
            }
            classes.push(words);
        }
    }
    classes
}

/// What `read` reads of a tree built afresh for the stones of `tree`.
fn read_afresh<M: TreeTables, S: Stop>(
    tree: &Tree<M, S>,
    read: impl FnOnce(&mut Tree<&mut HeapTables, &dyn Fn() -> bool>) -> Vec<i64>,
) -> Vec<i64> {
    let side = tree.side;
    let mut board = Board::new(side as u8);
    for index in 0..side * side {
        let stone = [None, Some(Stone::Black), Some(Stone::White)][tree.cells[index] as usize];
        board.set(
            Point::new((index % side) as u8, (index / side) as u8),
            stone,
        );
    }
    let mut memory = HeapTables::new();
    with_tree(&board, tree.rule, 1, &mut memory, &|| false, |fresh| {
        read(fresh)
    })
    .expect("stones")
}

/// The state of a tree built afresh for the stones of `tree`.
fn fresh_state<M: TreeTables, S: Stop>(tree: &Tree<M, S>) -> Vec<i64> {
    read_afresh(tree, |fresh| state(fresh, false))
}

/// The tests' random draws from `seed`: each call gives a number below
/// its argument (a linear congruential generator, so a test replays).
fn draws(mut seed: u32) -> impl FnMut(usize) -> usize {
    move |below| {
        seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
        (seed >> 16) as usize % below
    }
}

/// Stones placed as a search places them and taken away again: after
/// each placing the tree is what a tree built afresh for its stones is
/// (every key, class, worth, count, five and sum; the keys as the board
/// reads, the classes as the keys give them), and after each
/// taking away it is exactly what it was before that stone, on both
/// boards and rules, fives and walls included.
#[test]
fn a_stone_taken_away_restores_the_tree() {
    let mut next = draws(11);
    for game in 0..24 {
        let (side, rule) = [(19, WinRule::FiveOrMore), (15, WinRule::ExactlyFive)][game % 2];
        let mut board = Board::new(side as u8);
        for stone in 0..(4 + next(30)) {
            let point = Point::new(next(side) as u8, next(side) as u8);
            board.set(point, Some([Stone::Black, Stone::White][stone % 2]));
        }
        let mut memory = HeapTables::new();
        with_tree(&board, rule, 1, &mut memory, &|| false, |tree| {
            for _line in 0..6 {
                let mut before = Vec::new();
                let mut placed = Vec::new();
                // Down a line of the search (near the stones or
                // anywhere), then back up it.
                for ply in 0..(1 + next(14)) {
                    let index = next(side * side);
                    if tree.cells[index] != 0 {
                        continue;
                    }
                    before.push(state(tree, true));
                    tree.place(index, 1 + (ply % 2) as u8);
                    placed.push(index);
                    assert_eq!(state(tree, false), fresh_state(tree), "placed {index}");
                    let keys: Vec<u16> = tree.keys[..side * side].concat();
                    assert_eq!(keys, read_keys(tree), "the keys, placed {index}");
                    let empty = (0..side * side).filter(|&q| tree.cells[q] == 0);
                    let classes: Vec<[u16; 2]> = empty.map(|q| tree.classes[q]).collect();
                    assert_eq!(classes, looked_up_classes(tree), "placed {index}");
                }
                while let Some(index) = placed.pop() {
                    tree.remove(index);
                    assert_eq!(state(tree, true), before.pop().unwrap(), "took {index}");
                }
            }
        })
        .expect("stones");
    }
}

/// What the search reads of a tree's position beyond [`state`]: every
/// key (past the board's points too), and the fives' lists as they lie
/// (their order, what is past their ends, whether one overflowed).
fn raw_fives_and_keys<M: TreeTables, S: Stop>(tree: &Tree<M, S>) -> Vec<i64> {
    let mut seen: Vec<i64> = tree.keys.concat().iter().map(|&key| key as i64).collect();
    for points in &tree.tally.five_points {
        seen.extend(points.list.iter().map(|&index| index as i64));
        seen.push(points.len as i64);
    }
    seen.push(tree.tally.fives_overflowed as i64);
    seen
}

/// The same for a tree built afresh for the stones of `tree`.
fn fresh_raw_fives_and_keys<M: TreeTables, S: Stop>(tree: &Tree<M, S>) -> Vec<i64> {
    read_afresh(tree, |fresh| raw_fives_and_keys(fresh))
}

/// A kept tree, searching move after move of games (a few stones more
/// each time, now and then many, a stone taken away, another board),
/// has after each search's start and after each search the position a
/// tree built afresh has (every key, class, worth, count, five and
/// sum: `state`, and the fives' lists exactly), whether it went on from
/// its last position or built the new one: and it went on mostly.
#[test]
fn a_kept_tree_goes_on_to_the_position_built_afresh() {
    let mut next = draws(5);
    let mut kept = KeptTree::new(HeapTables::new());
    let (mut went_on, mut built) = (0, 0);
    for game in 0..16 {
        let (side, rule) = [(19, WinRule::FiveOrMore), (15, WinRule::ExactlyFive)][game % 2];
        let mut board = Board::new(side as u8);
        let mut color = 0;
        for turn in 0..40 {
            // Mostly a move or two; now and then ten stones, or one
            // taken away.
            let stones = match next(16) {
                0 => 10,
                1 => 0,
                n => 1 + n % 2,
            };
            if stones == 0 && turn > 0 {
                let taken = (0..side * side)
                    .map(|index| Point::new((index % side) as u8, (index / side) as u8))
                    .find(|&point| board.get(point).is_some());
                board.set(taken.expect("a stone"), None);
            }
            for _ in 0..stones {
                let point = Point::new(next(side) as u8, next(side) as u8);
                if board.get(point).is_none() {
                    board.set(point, Some([Stone::Black, Stone::White][color]));
                    color = 1 - color;
                }
            }
            let tree = &mut kept.0;
            tree.begin(rule, 30);
            if tree.go_on_to(&board) {
                went_on += 1;
            } else {
                tree.set_empty(side);
                tree.set_board(&board);
                built += 1;
            }
            if tree.tally.stones_box == NO_STONES {
                continue;
            }
            for searched in [false, true] {
                let tree = &mut kept.0;
                let at = (game, turn, searched);
                assert_eq!(state(tree, false), fresh_state(tree), "{at:?}");
                assert_eq!(
                    raw_fives_and_keys(tree),
                    fresh_raw_fives_and_keys(tree),
                    "{at:?}"
                );
                let to_move = [Stone::Black, Stone::White][color];
                tree.search(to_move);
            }
        }
    }
    assert!(
        went_on > 400 && built > 40,
        "went on {went_on}, built {built}"
    );
}

/// A list of fives that overflowed in a kept tree's past is found
/// again when fewer are left: Black's five fours, open at both ends,
/// have ten points with a five (more than a list holds); White blocks
/// two and the kept tree's lists are the eight points a tree built
/// afresh lists.
#[test]
fn a_kept_tree_finds_its_fives_again_after_an_overflow() {
    let mut board = Board::new(19);
    for row in [1, 4, 7, 10, 13] {
        for col in 5..9 {
            board.set(Point::new(col, row), Some(Stone::Black));
        }
    }
    let mut kept = KeptTree::new(HeapTables::new());
    let tree = &mut kept.0;
    tree.begin(WinRule::FiveOrMore, 1);
    assert!(tree.take_board(&board, true));
    assert!(tree.tally.fives_overflowed);
    board.set(Point::new(4, 1), Some(Stone::White));
    board.set(Point::new(9, 4), Some(Stone::White));
    tree.begin(WinRule::FiveOrMore, 1);
    assert!(tree.go_on_to(&board));
    assert!(!tree.tally.fives_overflowed);
    assert_eq!(tree.tally.five_points[0].len, 8);
    assert_eq!(raw_fives_and_keys(tree), fresh_raw_fives_and_keys(tree));
    assert_eq!(state(tree, false), fresh_state(tree));
}
