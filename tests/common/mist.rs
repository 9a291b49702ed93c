//! The Mist as the computer sees it, for the tests of its reading of the hole.

use piskrs::rules::board::{Board, Stone};
use piskrs::rules::coord::Point;
use piskrs::rules::mist::{centre_after, in_hole};

/// Who plays ply `ply` (from 0): Black first.
pub fn mover(ply: usize) -> Stone {
    if ply.is_multiple_of(2) {
        Stone::Black
    } else {
        Stone::White
    }
}

/// The computer's knowledge after `moves`, as the game screen keeps it (its
/// own stones, and after every move what the hole shows), and the board.
pub fn knowledge_and_board(moves: &[Point], computer: Stone) -> (Board, Board) {
    knowledge_with_holes(moves, computer, true)
}

/// What the game screen's knowledge holds after a take back or a load: the
/// computer's own stones and the hole after the last move only.
pub fn knowledge_after_take_back(moves: &[Point], computer: Stone) -> Board {
    knowledge_with_holes(moves, computer, false).0
}

/// The knowledge (the computer's own stones and what the hole showed after
/// every move, or after the last only) and the board after `moves`.
fn knowledge_with_holes(moves: &[Point], computer: Stone, every_hole: bool) -> (Board, Board) {
    let mut board = Board::new(19);
    let mut known = Board::new(19);
    for (ply, &point) in moves.iter().enumerate() {
        board.set(point, Some(mover(ply)));
        if mover(ply) == computer {
            known.set(point, Some(computer));
        }
        if every_hole || ply + 1 == moves.len() {
            let centre = centre_after(point);
            for row in 0..19 {
                for col in 0..19 {
                    let p = Point::new(col, row);
                    if in_hole(centre, p) {
                        known.set(p, board.get(p));
                    }
                }
            }
        }
    }
    (known, board)
}
