//! The engine's levels asked for from another program: the position as bytes
//! and the reply as one word.
//!
//! In PISKRS.COM the tree (`crate::ai::tree`) and Cha (`crate::ai::cha`) run
//! in a segment of their own: their code and the search's state leave no
//! room in the program's one 64 KiB segment. The game hands the engine a
//! request (the board, the side to move, the rule, the question and the
//! tree's node budget or Cha's clue) through a far call and gets back a
//! reply word (the point and the nodes searched). Both sides read and write
//! them here, so they cannot disagree on the layout.

use crate::rules::WinRule;
use crate::rules::board::{Board, MAX_SIDE, Stone};
use crate::rules::coord::Point;

/// The header: the board's side, the side to move (0 Black, 1 White), the
/// rule (0 five or more, 1 exactly five), the question (0 the tree's move,
/// 1 the engine's stack, 2 Cha's move), the budget (four bytes, low byte
/// first; for Cha, his first stone: its column and row, FFh for none).
const HEADER: usize = 8;
/// Two bits a point (0 empty, 1 Black, 2 White), four points a byte.
const STONE_BYTES: usize = (MAX_SIDE as usize * MAX_SIDE as usize).div_ceil(4);
/// A request's length in bytes.
pub const REQUEST_LEN: usize = HEADER + STONE_BYTES;

/// The paragraphs (16 bytes) of the tree's far tables in the engine
/// (src/dos/far_tree.rs): the classes, a byte a key; the transposition
/// table, two double words an entry; the saved points, a paragraph each;
/// the kept table, an empty board's keys (8 bytes a point) and two words.
pub const TABLE_PARAGRAPHS: u16 = (crate::ai::tree::CLASS_KEYS / 16
    + crate::ai::tree::TT_ENTRIES as u32 * 8 / 16
    + crate::ai::tree::SAVED_POINTS as u32
    + (crate::ai::tree::EMPTY_KEYS as u32 * 8 + 4).div_ceil(16))
    as u16;

/// What the engine is asked for.
pub struct Request {
    pub board: Board,
    pub to_move: Stone,
    pub rule: WinRule,
    pub question: Question,
}

/// Which level's move a request asks for.
pub enum Question {
    /// The tree's, within a node budget.
    Tree { budget: u32 },
    /// Cha's, given his first stone if it is known.
    Cha { his_first: Option<Point> },
}

/// The question byte of a request for Cha's move.
const CHA_QUESTION: u8 = 2;
/// No point, in Cha's clue.
const NO_POINT: u8 = 0xFF;

/// The request for the tree's move in `board` for `to_move`, within `budget`
/// nodes.
pub fn encode(board: &Board, to_move: Stone, rule: WinRule, budget: u32) -> [u8; REQUEST_LEN] {
    let mut bytes = encode_board(board, to_move, rule);
    bytes[4..8].copy_from_slice(&budget.to_le_bytes());
    bytes
}

/// The request for Cha's move in `board` for `to_move`, his first stone
/// being `his_first` if it is known.
pub fn encode_cha(
    board: &Board,
    to_move: Stone,
    rule: WinRule,
    his_first: Option<Point>,
) -> [u8; REQUEST_LEN] {
    let mut bytes = encode_board(board, to_move, rule);
    bytes[3] = CHA_QUESTION;
    let (col, row) = his_first.map_or((NO_POINT, NO_POINT), |p| (p.col, p.row));
    bytes[4] = col;
    bytes[5] = row;
    bytes
}

/// A request's header and stones, with the tree's question and no budget.
fn encode_board(board: &Board, to_move: Stone, rule: WinRule) -> [u8; REQUEST_LEN] {
    let mut bytes = [0u8; REQUEST_LEN];
    bytes[0] = board.side();
    bytes[1] = to_move as u8;
    bytes[2] = rule as u8;
    for (index, point) in board.points().iter().enumerate() {
        let code = match point {
            None => 0,
            Some(stone) => *stone as u8 + 1,
        };
        bytes[HEADER + index / 4] |= code << (index % 4 * 2);
    }
    bytes
}

/// The question byte of a request for the engine's stack.
const STACK_QUESTION: u8 = 1;

/// The request for the engine's stack: how deep it has reached so far, and
/// how much it has (`/STACK`).
pub fn encode_stack_question() -> [u8; REQUEST_LEN] {
    let mut bytes = [0u8; REQUEST_LEN];
    bytes[3] = STACK_QUESTION;
    bytes
}

/// Whether `bytes` ask for the engine's stack rather than a move.
pub fn asks_for_stack(bytes: &[u8; REQUEST_LEN]) -> bool {
    bytes[3] == STACK_QUESTION
}

/// The reply to the stack question: the bytes of stack the engine has used
/// at most (the low half) and the bytes it has (the high half).
pub fn encode_stack_reply(used: u16, size: u16) -> u32 {
    (size as u32) << 16 | used as u32
}

/// The stack's use and size a stack reply holds.
pub fn decode_stack_reply(word: u32) -> (u16, u16) {
    (word as u16, (word >> 16) as u16)
}

/// The request `bytes` hold; None when they are not one (a side off the
/// board's range, an unknown colour or rule, a point's code 3, a question
/// other than a move, Cha's clue off the board).
pub fn decode(bytes: &[u8; REQUEST_LEN]) -> Option<Request> {
    let side = bytes[0];
    if !(5..=MAX_SIDE).contains(&side) {
        return None;
    }
    let question = match bytes[3] {
        0 => Question::Tree {
            budget: u32::from_le_bytes([bytes[4], bytes[5], bytes[6], bytes[7]]),
        },
        CHA_QUESTION => Question::Cha {
            his_first: match (bytes[4], bytes[5]) {
                (NO_POINT, NO_POINT) => None,
                (col, row) if col < side && row < side => Some(Point::new(col, row)),
                _ => return None,
            },
        },
        _ => return None,
    };
    let to_move = match bytes[1] {
        0 => Stone::Black,
        1 => Stone::White,
        _ => return None,
    };
    let rule = match bytes[2] {
        0 => WinRule::FiveOrMore,
        1 => WinRule::ExactlyFive,
        _ => return None,
    };
    let mut board = Board::new(side);
    for index in 0..side as usize * side as usize {
        let stone = match bytes[HEADER + index / 4] >> (index % 4 * 2) & 3 {
            0 => None,
            1 => Some(Stone::Black),
            2 => Some(Stone::White),
            _ => return None,
        };
        let point = Point::new((index % side as usize) as u8, (index / side as usize) as u8);
        board.set(point, stone);
    }
    Some(Request {
        board,
        to_move,
        rule,
        question,
    })
}

/// No move (the tree found none, or the request was not one).
const NO_MOVE: u16 = 0xFFFF;

/// The reply word: the point (its column, then its row times 256) in the low
/// half, the nodes searched (at most 65,535) in the high half.
pub fn encode_reply(reply: Option<(Point, u32)>) -> u32 {
    match reply {
        None => NO_MOVE as u32,
        Some((point, nodes)) => {
            (nodes.min(0xFFFF) << 16) | (point.row as u32) << 8 | point.col as u32
        }
    }
}

/// The point and nodes a reply word holds.
pub fn decode_reply(word: u32) -> Option<(Point, u32)> {
    let point = word as u16;
    if point == NO_MOVE {
        return None;
    }
    Some((Point::new(point as u8, (point >> 8) as u8), word >> 16))
}
