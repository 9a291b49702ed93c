//! The Mist's computer reads the hole (src/ai/mist_reading.rs): the other
//! side's hidden stones as candidates, narrowed by what is fair to know.
//!
//! Games here are random Mist games; what the computer knows of them is built
//! here as the game screen builds it: its own stones and, after every move,
//! what the hole shows.

mod common;

use common::mist::{knowledge_after_take_back, knowledge_and_board, mover};
use common::{XorShift, go_name, go_point};
use piskrs::ai::mist_reading::{CERTAIN, Reading, Sight, preimages};
use piskrs::rules::board::{Board, Stone};
use piskrs::rules::coord::Point;
use piskrs::rules::mist::{centre_after, in_hole};
use proptest::prelude::*;

fn all_points() -> impl Iterator<Item = Point> {
    (0..19).flat_map(|row| (0..19).map(move |col| Point::new(col, row)))
}

/// The computer's knowledge after `moves` (its own stones, and after every
/// move the hole's contents).
fn knowledge(moves: &[Point], computer: Stone) -> Board {
    knowledge_and_board(moves, computer).0
}

/// `count` distinct random points.
fn random_moves(seed: u32, count: usize) -> Vec<Point> {
    let mut random = XorShift(seed | 1);
    let mut moves = Vec::new();
    while moves.len() < count {
        let point = Point::new((random.next() % 19) as u8, (random.next() % 19) as u8);
        if !moves.contains(&point) {
            moves.push(point);
        }
    }
    moves
}

fn reading_of(moves: &[Point], computer: Stone, known: &Board) -> Reading {
    Reading::new(&Sight::new(moves, computer, known))
}

#[test]
fn every_centre_comes_from_one_two_or_four_points() {
    let mut sizes = [0; 5];
    for row in 0..19 {
        for col in 0..19 {
            let centre = Point::new(col, row);
            let (points, len) = preimages(centre);
            for &p in &points[..len] {
                assert!(centre_after(p) == centre, "a preimage that is not one");
            }
            sizes[len] += 1;
        }
    }
    // 100 centres are reachable: 81 from 4 points, 18 from 2, 1 from 1.
    assert_eq!(sizes, [261, 1, 18, 0, 81]);
}

#[test]
fn a_stone_is_among_the_preimages_of_the_hole_after_it() {
    for p in all_points() {
        let (points, len) = preimages(centre_after(p));
        assert!(
            points[..len].contains(&p),
            "{} missing",
            go_name(p.col, p.row)
        );
    }
    let (points, len) = preimages(centre_after(go_point("E10")));
    let names: Vec<String> = points[..len]
        .iter()
        .map(|p| go_name(p.col, p.row))
        .collect();
    assert_eq!(names, ["B10", "E10", "B18", "E18"]);
}

/// Black's E10, then the computer's (White's) A1: the holes after them (L18,
/// reaching I15..O19, and M3) show none of E10's four candidates, so each
/// holds a quarter of the stone.
#[test]
fn an_unseen_stone_weighs_a_quarter_on_each_candidate() {
    let moves = [go_point("E10"), go_point("A1")];
    let known = knowledge(&moves, Stone::White);
    let reading = reading_of(&moves, Stone::White, &known);
    assert_eq!(reading.stone_count(), 1);
    let (points, len) = reading.candidates(0);
    assert_eq!(len, 4, "E10's candidates: B10 E10 B18 E18");
    for &p in &points[..len] {
        assert_eq!(
            reading.likelihood(p),
            CERTAIN / 4,
            "{}",
            go_name(p.col, p.row)
        );
    }
    assert_eq!(reading.likelihood(go_point("K10")), 0);
}

/// The hole after White's stone shows a candidate empty: it is dropped, and
/// the others share the stone.
#[test]
fn a_candidate_the_hole_shows_empty_is_dropped() {
    // A White move whose hole shows B18 (empty) but neither B10 nor E10.
    let black = go_point("E10");
    let white = all_points()
        .find(|&w| {
            let c = centre_after(w);
            w != black
                && in_hole(c, go_point("B18"))
                && !in_hole(c, go_point("B10"))
                && !in_hole(c, go_point("E10"))
        })
        .expect("a White move whose hole shows B18");
    let moves = [black, white];
    let known = knowledge(&moves, Stone::White);
    let reading = reading_of(&moves, Stone::White, &known);
    assert_eq!(reading.likelihood(go_point("B18")), 0);
    let (_, len) = reading.candidates(0);
    assert!(len <= 3);
    assert!(reading.likelihood(go_point("E10")) >= CERTAIN / 3);
}

/// A stone the computer hit (its knowledge holds it, the hole never showed
/// it) pins the only stone that can stand there.
#[test]
fn a_hit_pins_the_stone() {
    let moves = [go_point("E10"), go_point("A1")];
    let mut known = knowledge(&moves, Stone::White);
    known.set(go_point("E10"), Some(Stone::Black));
    let reading = reading_of(&moves, Stone::White, &known);
    let (points, len) = reading.candidates(0);
    assert_eq!(len, 1);
    assert!(points[0] == go_point("E10"));
    // Known, so not hidden: nothing left to weigh.
    assert_eq!(reading.likelihood(go_point("E10")), 0);
    assert_eq!(reading.likelihood(go_point("B18")), 0);
}

/// `count` random moves from `seed`, and the computer's side.
fn random_game(seed: u32, count: usize, white: bool) -> (Vec<Point>, Stone) {
    let computer = if white { Stone::White } else { Stone::Black };
    (random_moves(seed, count), computer)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// The true point of every stone of the other side is among its
    /// candidates, and a hidden one has a likelihood above 0.
    #[test]
    fn the_true_stone_is_always_a_candidate(seed in any::<u32>(), count in 1usize..80, white in any::<bool>()) {
        let (moves, computer) = random_game(seed, count, white);
        let mut known = knowledge(&moves, computer);
        // Some hits: stones of the other side the computer's moves found.
        let mut random = XorShift(seed ^ 0x5555_5555 | 1);
        for (ply, &p) in moves.iter().enumerate() {
            if mover(ply) != computer && random.next().is_multiple_of(5) {
                known.set(p, Some(computer.opponent()));
            }
        }
        let reading = reading_of(&moves, computer, &known);
        let mut k = 0;
        for (ply, &p) in moves.iter().enumerate() {
            if mover(ply) == computer {
                continue;
            }
            let (points, len) = reading.candidates(k);
            prop_assert!(points[..len].contains(&p), "move {} ({}) lost", ply, go_name(p.col, p.row));
            if known.get(p).is_none() {
                prop_assert!(reading.likelihood(p) > 0);
            }
            k += 1;
        }
        prop_assert_eq!(k, reading.stone_count());
        for p in all_points() {
            if known.get(p).is_some() {
                prop_assert_eq!(reading.likelihood(p), 0, "a known point weighed");
            }
        }
    }

    /// The reading is a function of what the computer may know: moving one of
    /// the other side's stones to another candidate that no hole ever showed
    /// (the same public history) changes nothing.
    #[test]
    fn the_reading_uses_nothing_unfair(seed in any::<u32>(), count in 2usize..60, white in any::<bool>()) {
        let (moves, computer) = random_game(seed, count, white);
        let Some(other) = same_history_variant(&moves, computer) else {
            return Ok(());
        };
        let known = knowledge(&moves, computer);
        prop_assert!(known.points() == knowledge(&other, computer).points());
        let a = reading_of(&moves, computer, &known);
        let b = reading_of(&other, computer, &known);
        for p in all_points() {
            prop_assert_eq!(a.likelihood(p), b.likelihood(p));
        }
    }
}

/// `moves` with one of the other side's stones moved to another preimage of
/// the same centre, both points never in a hole after it: the public history
/// (centres, hole contents, own stones) is the same. None if there is none.
pub fn same_history_variant(moves: &[Point], computer: Stone) -> Option<Vec<Point>> {
    for ply in (0..moves.len()).rev() {
        if mover(ply) == computer {
            continue;
        }
        let (points, len) = preimages(centre_after(moves[ply]));
        for &q in &points[..len] {
            let unseen = |p: Point| (ply..moves.len()).all(|s| !in_hole(centre_after(moves[s]), p));
            if q != moves[ply] && !moves.contains(&q) && unseen(q) && unseen(moves[ply]) {
                let mut other = moves.to_vec();
                other[ply] = q;
                return Some(other);
            }
        }
    }
    None
}

/// Black's K14, L14 and M14 (a line that is its own mirror image: each
/// stone on one of two points of K14..O14) after White's far stones: the
/// urgent block is on that row, next to or inside the line.
#[test]
fn an_inferable_three_is_blocked_first() {
    let moves = ["K14", "A1", "L14", "S1", "M14", "A19"].map(go_point);
    let known = knowledge(&moves, Stone::White);
    let reading = reading_of(&moves, Stone::White, &known);
    let block = reading
        .urgent_block(&known, Stone::White)
        .expect("an urgent block");
    assert_eq!(
        block.row,
        go_point("K14").row,
        "{}",
        go_name(block.col, block.row)
    );
    assert!(
        (go_point("I14").col..=go_point("Q14").col).contains(&block.col),
        "{}",
        go_name(block.col, block.row)
    );
    // With one stone of the line nothing is urgent.
    let reading = reading_of(
        &moves[..2],
        Stone::White,
        &knowledge(&moves[..2], Stone::White),
    );
    assert!(reading.urgent_block(&known, Stone::White).is_none());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    /// Taken back to (or loaded at) the same moves, the computer reads the
    /// same likely board and urgent block as when it played them (without
    /// hits: those are not in the record).
    #[test]
    fn a_take_back_rebuilds_the_same_likely_board(seed in any::<u32>(), count in 1usize..60, white in any::<bool>()) {
        let (moves, computer) = random_game(seed, count, white);
        let played = knowledge(&moves, computer);
        let forgot = knowledge_after_take_back(&moves, computer);
        let (a, b) = (reading_of(&moves, computer, &played), reading_of(&moves, computer, &forgot));
        let likely_a = a.likely_board(&played, 1, computer.opponent());
        let likely_b = b.likely_board(&forgot, 1, computer.opponent());
        prop_assert!(likely_a.points() == likely_b.points());
        prop_assert!(a.urgent_block(&played, computer) == b.urgent_block(&forgot, computer));
    }
}
