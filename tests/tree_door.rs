//! The request and reply that PISKRS.COM and the tree's engine hand each
//! other across segments (`piskrs::ai::tree_request`): whatever board, side, rule
//! and budget (or Cha's clue) go in come out the same, a reply word gives back its point and
//! nodes, and bytes that are not a request are refused rather than read as
//! some other position.

use piskrs::ai::tree_request::{
    Question, REQUEST_LEN, asks_for_stack, decode, decode_reply, decode_stack_reply, encode,
    encode_cha, encode_reply, encode_stack_question, encode_stack_reply,
};
use piskrs::rules::WinRule;
use piskrs::rules::board::{Board, MAX_SIDE, Stone};
use piskrs::rules::coord::Point;
use proptest::prelude::*;

/// A board of `side` with the stones `cells` gives (0 empty, 1 Black, 2
/// White), row by row from the bottom left.
fn board_of(side: u8, cells: &[u8]) -> Board {
    let mut board = Board::new(side);
    for (index, &cell) in cells.iter().enumerate().take(side as usize * side as usize) {
        let stone = match cell {
            1 => Some(Stone::Black),
            2 => Some(Stone::White),
            _ => None,
        };
        let point = Point::new((index % side as usize) as u8, (index / side as usize) as u8);
        board.set(point, stone);
    }
    board
}

fn same_board(a: &Board, b: &Board) -> bool {
    a.side() == b.side() && a.points() == b.points()
}

proptest! {
    #[test]
    fn a_request_comes_back_as_it_went(
        side in 5u8..=MAX_SIDE,
        cells in proptest::collection::vec(0u8..3, 400),
        white in any::<bool>(),
        exact in any::<bool>(),
        budget in any::<u32>(),
    ) {
        let board = board_of(side, &cells);
        let to_move = if white { Stone::White } else { Stone::Black };
        let rule = if exact { WinRule::ExactlyFive } else { WinRule::FiveOrMore };
        let bytes = encode(&board, to_move, rule, budget);
        prop_assert!(!asks_for_stack(&bytes));
        let request = decode(&bytes).expect("a request");
        prop_assert!(same_board(&request.board, &board));
        prop_assert!(request.to_move == to_move);
        prop_assert!(request.rule == rule);
        let asked = match request.question { Question::Tree { budget } => Some(budget), Question::Cha { .. } => None };
        prop_assert_eq!(asked, Some(budget));
    }

    #[test]
    fn a_request_for_cha_comes_back_as_it_went(
        side in 5u8..=MAX_SIDE,
        cells in proptest::collection::vec(0u8..3, 400),
        white in any::<bool>(),
        exact in any::<bool>(),
        first in proptest::option::of((0u8..MAX_SIDE, 0u8..MAX_SIDE)),
    ) {
        let board = board_of(side, &cells);
        let to_move = if white { Stone::White } else { Stone::Black };
        let rule = if exact { WinRule::ExactlyFive } else { WinRule::FiveOrMore };
        let his_first = first
            .map(|(col, row)| Point::new(col % side, row % side));
        let bytes = encode_cha(&board, to_move, rule, his_first);
        prop_assert!(!asks_for_stack(&bytes));
        let request = decode(&bytes).expect("a request");
        prop_assert!(same_board(&request.board, &board));
        prop_assert!(request.to_move == to_move);
        prop_assert!(request.rule == rule);
        let clue = match request.question { Question::Cha { his_first } => Some(his_first), Question::Tree { .. } => None };
        prop_assert!(clue == Some(his_first));
    }

    #[test]
    fn a_reply_word_gives_its_point_and_nodes(col in 0u8..MAX_SIDE, row in 0u8..MAX_SIDE, nodes in 0u32..=0xFFFF) {
        let point = Point::new(col, row);
        prop_assert!(decode_reply(encode_reply(Some((point, nodes)))) == Some((point, nodes)));
    }
}

#[test]
fn no_move_and_many_nodes() {
    assert!(decode_reply(encode_reply(None)).is_none());
    // Nodes past 16 bits are cut to 65,535, never wrapped.
    let point = Point::new(3, 4);
    assert!(decode_reply(encode_reply(Some((point, 70_000)))) == Some((point, 0xFFFF)));
}

#[test]
fn what_is_not_a_request_is_refused() {
    let board = board_of(19, &[1, 2, 0, 1]);
    let good = encode(&board, Stone::Black, WinRule::FiveOrMore, 430);
    assert!(decode(&good).is_some());
    let spoiled = |at: usize, value: u8| {
        let mut bytes = good;
        bytes[at] = value;
        decode(&bytes).is_none()
    };
    assert!(spoiled(0, 4), "a side below 5");
    assert!(spoiled(0, MAX_SIDE + 1), "a side past the largest board");
    assert!(spoiled(1, 2), "a third colour");
    assert!(spoiled(2, 2), "a third rule");
    assert!(spoiled(3, 1), "the stack question");
    assert!(spoiled(3, 3), "an unknown question");
    assert!(spoiled(8, 0b11), "a point's code 3");
    assert_eq!(good.len(), REQUEST_LEN);
}

#[test]
fn chas_clue_off_the_board_is_refused() {
    let board = board_of(15, &[1, 2, 0, 1]);
    let good = encode_cha(
        &board,
        Stone::White,
        WinRule::ExactlyFive,
        Some(Point::new(14, 0)),
    );
    assert!(decode(&good).is_some());
    let mut off = good;
    off[4] = 15;
    assert!(decode(&off).is_none(), "a column past the board");
    let mut half = good;
    half[5] = 0xFF;
    assert!(decode(&half).is_none(), "half of the no-point mark");
}

#[test]
fn the_stack_question_and_its_answer() {
    let question = encode_stack_question();
    assert!(asks_for_stack(&question));
    assert!(decode(&question).is_none(), "not a move's request");
    assert_eq!(
        decode_stack_reply(encode_stack_reply(28_607, 40_874)),
        (28_607, 40_874)
    );
}
