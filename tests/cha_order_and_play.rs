//! Harry Cha's rule AI (`piskrs::ai::cha`): the order of the checks on hand-drawn
//! boards, a property test (never an occupied or off-board point, a last free
//! point is played) and an arena against a random mover.
//!
//! Diagrams list their rows from the top (the highest row number) down: `X` is
//! the program's stone, `O` the player's, `.` an empty point and `*` an empty
//! point the test names (the move expected, or the moves accepted). The board
//! side is the number of rows; columns are lettered A.. with no letter skipped
//! (the comment under each diagram). In the diagrams the program is Black.
//!
//! Every diagram is also checked turned and mirrored (the eight symmetries of
//! the square) and with the colours swapped (the program White): the move must
//! be one of the marked points carried along (tests/common/cha.rs).

mod common;

use WinRule::{ExactlyFive, FiveOrMore};
use common::cha::*;
use common::{XorShift, name, pt};
use piskrs::ai::cha::choose;
use piskrs::rules::WinRule;
use piskrs::rules::board::{Board, Stone};
use piskrs::rules::coord::Point;
use piskrs::rules::game::{Game, Outcome};
use proptest::prelude::*;

// ---------------------------------------------------------------- the order

#[test]
fn order_my_five_beats_blocking_his_five() {
    let text = "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . O O O O . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . * X X X X * . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .";
    // A B C D E F G H I J K L M N O
    expect(text, FiveOrMore);
    expect(text, ExactlyFive);
}

#[test]
fn order_blocking_his_five_beats_my_open_four() {
    let text = "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . X O O O O * . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . X X X . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .";
    // A B C D E F G H I J K L M N O
    assert_eq!(expect(text, FiveOrMore), "I10");
}

#[test]
fn order_my_open_four_beats_blocking_his_open_three() {
    let text = "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . O O O . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . * X X X * . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .";
    // A B C D E F G H I J K L M N O
    expect(text, FiveOrMore);
}

#[test]
fn order_blocking_his_open_three_beats_my_four() {
    // My O X X X + + (check 5) waits: his open three (check 4) is blocked first.
    let text = "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . * O O O * . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . O X X X . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .";
    // A B C D E F G H I J K L M N O
    expect(text, FiveOrMore);
}

#[test]
fn order_my_four_beats_blocking_his_closed_three() {
    let text = "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . X O O O . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . O X X X * . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .";
    // A B C D E F G H I J K L M N O
    assert_eq!(expect(text, FiveOrMore), "I6");
}

#[test]
fn order_blocking_his_closed_three_beats_my_longest_line() {
    let text = "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . X O O O * . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . X X . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .";
    // A B C D E F G H I J K L M N O
    assert_eq!(expect(text, FiveOrMore), "I10");
}

// ---------------------------------------------------------------- properties

/// A board of `side` points a side from `cells` (0 empty, 1 Black, 2 White).
fn board_from(side: u8, cells: &[u8]) -> Board {
    let mut board = Board::new(side);
    for row in 0..side {
        for col in 0..side {
            let stone = match cells[row as usize * side as usize + col as usize] {
                1 => Some(Stone::Black),
                2 => Some(Stone::White),
                _ => None,
            };
            board.set(Point::new(col, row), stone);
        }
    }
    board
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn never_an_occupied_or_off_board_point(
        big: bool,
        cells in prop::collection::vec(prop_oneof![3 => Just(0u8), 1 => Just(1u8), 1 => Just(2u8)], 361),
        white: bool,
        exactly_five: bool,
        his_first in (0u8..19, 0u8..19),
    ) {
        let side = if big { 19 } else { 15 };
        let board = board_from(side, &cells);
        let me = if white { Stone::White } else { Stone::Black };
        let rule = if exactly_five { ExactlyFive } else { FiveOrMore };
        let his_first = Some(Point::new(his_first.0, his_first.1));
        let free = (0..side).any(|r| (0..side).any(|c| board.get(Point::new(c, r)).is_none()));
        match choose(&board, me, his_first, rule) {
            Some(p) => {
                prop_assert!(board.contains(p), "off the board: ({}, {})", p.col, p.row);
                prop_assert!(board.get(p).is_none(), "occupied: {}", name(p));
            }
            None => prop_assert!(!free, "a free point exists but Cha gave none"),
        }
    }

    #[test]
    fn sparse_positions_get_a_free_point_too(
        big: bool,
        stones in prop::collection::vec((0u8..19, 0u8..19, any::<bool>()), 0..12),
        white: bool,
        exactly_five: bool,
    ) {
        let side = if big { 19 } else { 15 };
        let mut board = Board::new(side);
        let mut first_white = None;
        for (col, row, is_white) in stones {
            let p = Point::new(col % side, row % side);
            let stone = if is_white { Stone::White } else { Stone::Black };
            if board.get(p).is_none() {
                board.set(p, Some(stone));
                if is_white && first_white.is_none() {
                    first_white = Some(p);
                }
            }
        }
        let me = if white { Stone::White } else { Stone::Black };
        let his_first = if white { None } else { first_white };
        let rule = if exactly_five { ExactlyFive } else { FiveOrMore };
        let p = choose(&board, me, his_first, rule).expect("free points exist");
        prop_assert!(board.contains(p));
        prop_assert!(board.get(p).is_none());
    }
}

#[test]
fn a_full_board_has_no_move_and_a_last_free_point_is_played() {
    let mut board = Board::new(15);
    for row in 0..15 {
        for col in 0..15 {
            // Stripes of two that never make five in any direction.
            let stone = if (col / 2 + row) % 2 == 0 {
                Stone::Black
            } else {
                Stone::White
            };
            board.set(Point::new(col, row), Some(stone));
        }
    }
    assert!(choose(&board, Stone::Black, None, FiveOrMore).is_none());
    board.set(pt("O1"), None);
    assert_eq!(
        name(choose(&board, Stone::White, Some(pt("A1")), ExactlyFive).unwrap()),
        "O1"
    );
}

// ---------------------------------------------------------------- the arena

#[test]
fn arena_cha_beats_a_random_mover() {
    let side = 15;
    let (mut cha_wins, mut random_wins, mut draws) = (0, 0, 0);
    let mut lengths = Vec::new();
    for game_number in 0..20u32 {
        let rule = if game_number % 4 < 2 {
            FiveOrMore
        } else {
            ExactlyFive
        };
        let cha = if game_number % 2 == 0 {
            Stone::Black
        } else {
            Stone::White
        };
        let mut random = XorShift(0x9E37_79B9 ^ (game_number * 7919 + 1));
        let mut game = Game::new(side, rule);
        let mut his_first = None;
        while !game.is_over() {
            let point = if game.to_move() == cha {
                choose(game.board(), cha, his_first, rule).expect("a free point")
            } else {
                let free: Vec<Point> = (0..side)
                    .flat_map(|r| (0..side).map(move |c| Point::new(c, r)))
                    .filter(|&p| game.board().get(p).is_none())
                    .collect();
                let p = free[random.next() as usize % free.len()];
                his_first.get_or_insert(p);
                p
            };
            assert!(
                game.play(point).is_ok(),
                "game {game_number}: {} refused",
                name(point)
            );
        }
        match game.outcome() {
            Outcome::Won { winner, .. } if winner == cha => cha_wins += 1,
            Outcome::Won { .. } => random_wins += 1,
            _ => draws += 1,
        }
        lengths.push(game.move_count());
    }
    println!(
        "arena, 20 games on 15x15: Cha {cha_wins}, random mover {random_wins}, draws {draws}; \
         moves per game {lengths:?}"
    );
    assert!(cha_wins >= 18, "Cha won only {cha_wins} of 20");
}
