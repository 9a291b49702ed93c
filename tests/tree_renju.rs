//! The tree under Renju (`tree::search_renju_until`, the host's brain):
//! Black never plays a forbidden point, and White counts a
//! forbidden point as no defence, so a four whose only block is forbidden
//! for Black wins.

use piskrs::ai::tree::{self, HeapTables, PROVEN, Searched};
use piskrs::rules::WinRule;
use piskrs::rules::board::{Board, Stone};
use piskrs::rules::coord::Point;
use piskrs::rules::renju::{Foul, foul_on};

const BUDGET: u32 = 2000;

fn search(board: &Board, to_move: Stone, renju: bool) -> Searched {
    let mut tables = HeapTables::new();
    tree::search_renju_until(
        board,
        to_move,
        WinRule::FiveOrMore,
        renju,
        BUDGET,
        &mut tables,
        &|| false,
    )
    .expect("a move")
}

/// Black's double three at H8 (7,7): two open twos meet there.
fn double_three_at_the_centre() -> Board {
    let mut board = Board::new(15);
    for (col, row) in [(5, 7), (6, 7), (7, 5), (7, 6)] {
        board.set(Point::new(col, row), Some(Stone::Black));
    }
    board
}

#[test]
fn black_does_not_play_its_forbidden_double_three() {
    let mut board = double_three_at_the_centre();
    for (col, row) in [(0, 14), (14, 0), (0, 0), (14, 14)] {
        board.set(Point::new(col, row), Some(Stone::White));
    }
    let centre = Point::new(7, 7);
    assert!(foul_on(&board, centre) == Some(Foul::DoubleThree));
    // Free-style, the double three wins: the tree plays it.
    let free = search(&board, Stone::Black, false);
    assert!(free.point == centre, "free-style plays the double three");
    // Under Renju it is forbidden.
    let renju = search(&board, Stone::Black, true);
    assert!(renju.point != centre && board.get(renju.point).is_none());
    assert!(foul_on(&board, renju.point).is_none());
}

#[test]
fn a_four_whose_only_block_is_forbidden_wins_for_white() {
    // White's J9, K10 and M12 (Go lettering, I skipped) on the rising
    // diagonal, closed by Black's N13: White's L11 makes a four whose only
    // five point is H8, Black's forbidden double three. (White's H8 would
    // only make a four that L11 blocks.)
    let mut board = double_three_at_the_centre();
    board.set(Point::new(12, 12), Some(Stone::Black));
    for (col, row) in [(8, 8), (9, 9), (11, 11), (0, 14), (14, 0)] {
        board.set(Point::new(col, row), Some(Stone::White));
    }
    let renju = search(&board, Stone::White, true);
    assert!(
        renju.point == Point::new(10, 10) && renju.score >= PROVEN,
        "Renju: L11 wins (played {},{} scored {})",
        renju.point.col,
        renju.point.row,
        renju.score
    );
    // Free-style Black blocks at H8 (with its double three): no proof.
    let free = search(&board, Stone::White, false);
    assert!(free.score < PROVEN, "free-style scored {}", free.score);
}

#[test]
fn white_finds_a_four_that_leads_to_a_forbidden_block() {
    // Black's double three at H8 and N13 closing the rising diagonal as
    // above; White's J9 and K10 on it, and N12 O12 P12 across row 12.
    // White's M12 makes a four across (Black must block at L12) and puts a
    // third stone on the diagonal; then White's L11 makes a four whose only
    // five point is H8, forbidden for Black. Two fours deep: a proven win
    // under Renju, nothing under five or more (Black blocks on H8).
    let mut board = double_three_at_the_centre();
    board.set(Point::new(12, 12), Some(Stone::Black));
    for (col, row) in [(8, 8), (9, 9), (12, 11), (13, 11), (14, 11)] {
        board.set(Point::new(col, row), Some(Stone::White));
    }
    let renju = search(&board, Stone::White, true);
    assert!(
        renju.point == Point::new(11, 11) && renju.score >= PROVEN,
        "Renju: M12 wins (played {},{} scored {})",
        renju.point.col,
        renju.point.row,
        renju.score
    );
    let free = search(&board, Stone::White, false);
    assert!(free.score < PROVEN, "free-style scored {}", free.score);
}
