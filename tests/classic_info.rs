//! The Classic AI's Info: Update keeps it equal to a full recomputation.

use piskrs::board::{Board, Stone};
use piskrs::classic::Classic;
use piskrs::coord::Point;
use proptest::prelude::*;

fn all_points(side: u8) -> Vec<Point> {
    (0..side)
        .flat_map(|row| (0..side).map(move |col| Point::new(col, row)))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]
    /// After every move of a random game (stones placed and, sometimes, taken back),
    /// the incrementally updated Info equals Info recomputed from the board.
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
                incremental.update(&board, point);
            }
            let mut full = Classic::new(computer, side);
            full.recompute(&board);
            for point in all_points(side) {
                prop_assert_eq!(incremental.score(point), full.score(point));
            }
        }
    }
}
