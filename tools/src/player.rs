//! A player of the host tools: a level and, for Strong, its node budget — the
//! two things the core's one door to the levels, [`engine::think`], is asked
//! with. The tools keep nothing between moves and see the whole board, so they
//! pass no Mist knowledge and no kept Info.

use piskrs::coord::Point;
use piskrs::engine::{self, Level, Position};
use piskrs::random::Random;

#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Player {
    pub level: Level,
    /// Strong's node budget (0 for the other levels, which do not search).
    pub budget: u32,
}

impl Player {
    pub const CLASSIC: Player = Player {
        level: Level::Classic,
        budget: 0,
    };
    pub const CHA: Player = Player {
        level: Level::Cha,
        budget: 0,
    };

    /// Strong within `budget` nodes.
    pub const fn strong(budget: u32) -> Player {
        Player {
            level: Level::Strong,
            budget,
        }
    }

    /// Strong's budget, or None for the levels that do not search.
    pub fn strong_budget(self) -> Option<u32> {
        (self.level == Level::Strong).then_some(self.budget)
    }

    /// The point this player plays in `position`, and the nodes it searched.
    pub fn think(self, position: Position, random: &mut Random) -> Option<(Point, u32)> {
        engine::think(self.level, self.budget, position, None, None, None, random)
    }
}
