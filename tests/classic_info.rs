//! The Classic AI's Info: Update keeps it equal to a full recomputation.

use piskrs::ai::classic::Classic;
use piskrs::rules::board::{Board, DIRECTIONS, Stone};
use piskrs::rules::coord::Point;
use proptest::prelude::*;

fn all_points(side: u8) -> Vec<Point> {
    (0..side)
        .flat_map(|row| (0..side).map(move |col| Point::new(col, row)))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]
    /// After every move of a random game (stones placed and, sometimes, taken back),
    /// the incrementally updated Info equals Info recomputed from the board,
    /// whether a placed stone's Update is the general one or `update_placed`.
    #[test]
    fn update_keeps_info_equal_to_recomputation(
        choices in proptest::collection::vec((0usize..361, prop::bool::weighted(0.1)), 1..150),
        computer_is_black in any::<bool>(),
    ) {
        let side = 19;
        let computer = if computer_is_black { Stone::Black } else { Stone::White };
        let mut board = Board::new(side);
        let mut incremental = Classic::new(computer, side);
        let mut placed: Vec<Point> = Vec::new();
        let mut to_move = Stone::Black;
        for (choice, take_back) in choices {
            if take_back && !placed.is_empty() {
                let point = placed.pop().unwrap();
                board.set(point, None);
                to_move = to_move.opponent();
                incremental.update(&board, point);
            } else {
                let free: Vec<Point> = all_points(side).into_iter().filter(|&p| board.get(p).is_none()).collect();
                let point = free[choice % free.len()];
                board.set(point, Some(to_move));
                to_move = to_move.opponent();
                placed.push(point);
                if placed.len().is_multiple_of(2) {
                    incremental.update(&board, point);
                } else {
                    // The placed stone's Update, which re-scores one
                    // direction a point, must give the same Info.
                    incremental.update_placed(&board, point);
                }
            }
            let mut full = Classic::new(computer, side);
            full.recompute(&board);
            for point in all_points(side) {
                prop_assert_eq!(incremental.score(point), full.score(point));
            }
        }
    }
}

/// CountScore as the module docs define it, unit by unit: in each direction the
/// best unit of 5, 6 or 7 points through the point (on the board, `p` inside as
/// drawn there) holding only my stones (attack) or only his (defence), `p`
/// counted as a stone of the unit's side; the sum over the four directions.
fn count_score_by_definition(board: &Board, point: Point, me: Stone) -> u16 {
    const ATTACK: [u16; 9] = [0, 5, 20, 30, 250, 280, 300, 2500, 10000];
    const DEFENCE: [u16; 9] = [0, 3, 10, 15, 120, 140, 150, 1200, 5000];
    // The shape of a unit's stones (bit i = its i-th point), weakest first.
    let shape = |length: u32, mask: u32| -> usize {
        match length {
            5 => [0, 0, 1, 3, 6, 8][mask.count_ones() as usize],
            6 if mask & 0b100001 != 0 => 0,
            6 => [0, 0, 2, 4, 7][(mask >> 1).count_ones() as usize],
            _ if mask == 0b0011100 => 5,
            _ => 0,
        }
    };
    let side = board.side();
    let mut total = 0;
    for (dc, dr) in DIRECTIONS {
        let mut best = 0;
        for (length, first) in [(5u32, 0), (6, 1), (7, 2)] {
            for k in first..5 {
                // The unit's points, from k steps back.
                let points: Option<Vec<Point>> = (0..length)
                    .map(|i| point.step(dc, dr, i as i8 - k as i8, side))
                    .collect();
                let Some(points) = points else { continue };
                for (owner, values) in [(me, &ATTACK), (me.opponent(), &DEFENCE)] {
                    let mut mask = 0;
                    let mut pure = true;
                    for (i, &q) in points.iter().enumerate() {
                        match board.get(q) {
                            _ if q == point => mask |= 1 << i,
                            Some(s) if s == owner => mask |= 1 << i,
                            Some(_) => pure = false,
                            None => {}
                        }
                    }
                    if pure {
                        best = best.max(values[shape(length, mask)]);
                    }
                }
            }
        }
        total += best;
    }
    total
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    /// CountScore (worked out from the segment tables) is the definition's, at
    /// every empty point of random boards of 15 and 19, for both sides.
    #[test]
    fn count_score_is_the_definitions(
        stones in proptest::collection::vec((0u8..19, 0u8..19, any::<bool>()), 1..120),
        small in any::<bool>(),
    ) {
        let side = if small { 15 } else { 19 };
        let mut board = Board::new(side);
        for (col, row, black) in stones {
            let stone = if black { Stone::Black } else { Stone::White };
            board.set(Point::new(col % side, row % side), Some(stone));
        }
        for point in all_points(side) {
            if board.get(point).is_some() {
                continue;
            }
            for me in [Stone::Black, Stone::White] {
                prop_assert_eq!(
                    piskrs::ai::classic::count_score(&board, point, me),
                    count_score_by_definition(&board, point, me)
                );
            }
        }
    }
}
