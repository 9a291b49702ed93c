//! The computer's levels behind one door: given a position, a level picks a point.
//! The game (ui) keeps Classic's Info incrementally, as Piskasm did; the Gomocup
//! brain and the arena use this stateless door for every level.

use crate::classic::{Classic, opening_move};
use crate::coord::Point;
pub use crate::game::Position;
use crate::random::Random;
use crate::rules::Opening;
use crate::strong;

/// A level and its settings.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    /// Piskasm's static evaluator.
    Classic,
    /// Harry Cha's rule program.
    Cha,
    /// Threat search (VCF, VCT) and a two-ply search, limited to `budget` nodes.
    Strong { budget: u32 },
}

/// The point `engine` plays, and how many search nodes it used (0 for the
/// levels that do not search). None only on a full board.
pub fn think(engine: Engine, position: Position, random: &mut Random) -> Option<(Point, u32)> {
    let board = position.board;
    let side = board.side();
    if position.moves.is_empty() || board.points().iter().all(|p| p.is_none()) {
        let point = match position.opening {
            Opening::Free => opening_move(side, random),
            Opening::OuterTwoLines => Point::new(side / 2 - 2 + random.below(5) as u8, 1),
        };
        return Some((point, 0));
    }
    match engine {
        Engine::Classic => {
            let mut classic = Classic::new(position.to_move, side);
            classic.recompute(board);
            classic.choose(board, random).map(|p| (p, 0))
        }
        Engine::Cha => {
            let me = position.to_move;
            let his_first = position
                .moves
                .iter()
                .copied()
                .find(|&p| board.get(p) == Some(me.opponent()));
            crate::cha::choose(board, me, his_first, position.rule).map(|p| (p, 0))
        }
        Engine::Strong { budget } => strong::choose(position, budget, random),
    }
}
