//! A player of the host tools: a level and, for Strong, its node budget — the
//! two things the core's one door to the levels, [`engine::think`], is asked
//! with. The tools keep nothing between moves and see the whole board, so they
//! pass no Mist knowledge and no kept Info.
//!
//! Strong is the tree (`piskrs::ai::tree`) since 2026-11-28: `strong:BUDGET` and
//! `tree:BUDGET` play the same moves, with the tables on the heap kept by
//! the thread; `tree` is also what the timed brain stops on a clock.
//! `threats:BUDGET` is Strong as the .COMs played it before: threat search
//! and two plies ([`crate::threat_search`]), kept to measure against.

use piskrs::ai::engine::{self, Level, Position};
use piskrs::ai::tree::{self, HeapTables, Searched};
use piskrs::rules::WinRule;
use piskrs::rules::board::{Board, Stone};
use piskrs::rules::coord::Point;
use piskrs::rules::renju::{each_foul, foul};
use piskrs::support::random::Random;

use crate::threat_search;

#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Player {
    pub level: Level,
    /// Strong's node budget (0 for the other levels, which do not search).
    pub budget: u32,
    /// The tree searches, within `budget` (and a clock, in the timed brain).
    pub tree: bool,
    /// Strong as it was before the tree ([`threat_search`]), within `budget`.
    pub threats: bool,
    /// The game is Renju: as Black it never plays a forbidden point
    /// (`piskrs::rules::renju`); the tree searches knowing the rule.
    pub renju: bool,
}

impl Player {
    pub const CLASSIC: Player = Player {
        level: Level::Classic,
        budget: 0,
        tree: false,
        threats: false,
        renju: false,
    };
    pub const CHA: Player = Player {
        level: Level::Cha,
        budget: 0,
        tree: false,
        threats: false,
        renju: false,
    };

    /// Strong (the tree) within `budget` nodes.
    pub const fn strong(budget: u32) -> Player {
        Player {
            level: Level::Strong,
            budget,
            tree: false,
            threats: false,
            renju: false,
        }
    }

    /// The tree within `budget` nodes (the same moves as Strong's).
    pub const fn tree(budget: u32) -> Player {
        Player {
            level: Level::Strong,
            budget,
            tree: true,
            threats: false,
            renju: false,
        }
    }

    /// Strong before the tree: threat search and two plies, within `budget`.
    pub const fn threats(budget: u32) -> Player {
        Player {
            level: Level::Strong,
            budget,
            tree: false,
            threats: true,
            renju: false,
        }
    }

    /// The budget (Strong's or the tree's), or None for the levels that do
    /// not search.
    pub fn strong_budget(self) -> Option<u32> {
        (self.level == Level::Strong).then_some(self.budget)
    }

    /// The point this player plays in `position`, and the nodes it searched.
    pub fn think(self, position: Position, random: &mut Random) -> Option<(Point, u32)> {
        self.think_until(position, random, &|| false)
    }

    /// As [`Player::think`]; the tree also stops when `stop` says so (the
    /// timed brain's clock), Strong before the tree only at its budget.
    pub fn think_until(
        self,
        position: Position,
        random: &mut Random,
        stop: &dyn Fn() -> bool,
    ) -> Option<(Point, u32)> {
        let chosen = self.think_freely(position, random, stop);
        if !self.renju || position.to_move != Stone::Black {
            return chosen;
        }
        let mut board = position.board.clone();
        if chosen.is_some_and(|(point, _)| foul(&mut board, point).is_none()) {
            return chosen;
        }
        // The level chose a forbidden point (only the tree knows the rule):
        // it chooses again with White stones on every forbidden point, which
        // it then cannot choose; failing that, the free point nearest the
        // centre that Black may play.
        let mut forbidden = Vec::new();
        each_foul(position.board, |point, _| forbidden.push(point));
        for &point in &forbidden {
            board.set(point, Some(Stone::White));
        }
        let blocked = Position {
            board: &board,
            ..position
        };
        let nodes = chosen.map_or(0, |(_, nodes)| nodes);
        let again = self.think_freely(blocked, random, stop);
        if let Some((point, more)) = again
            && board.contains(point)
            && board.get(point).is_none()
        {
            return Some((point, nodes + more));
        }
        let side = board.side();
        let middle = side / 2;
        (0..side)
            .flat_map(|row| (0..side).map(move |col| Point::new(col, row)))
            .filter(|&point| board.get(point).is_none())
            .min_by_key(|p| p.col.abs_diff(middle).max(p.row.abs_diff(middle)))
            .map(|point| (point, nodes))
    }

    /// As [`Player::think_until`], Renju's forbidden points aside.
    fn think_freely(
        self,
        position: Position,
        random: &mut Random,
        stop: &dyn Fn() -> bool,
    ) -> Option<(Point, u32)> {
        // (No move yet: the door's opening stone, below, for every level.)
        if self.threats && !position.moves.is_empty() {
            return threat_search::choose(position, self.budget, random);
        }
        if self.level == Level::Strong && !position.moves.is_empty() {
            let chosen = tree_think(position, self.budget, self.renju, stop);
            if chosen.is_some() {
                return chosen;
            }
        }
        engine::think(self.level, self.budget, position, None, None, None, random)
    }
}

thread_local! {
    /// The tree's tables of this thread, kept from move to move (the table of
    /// classes only fills up; the transposition table is cleared for every
    /// move, so a position and a budget give one move).
    static TABLES: std::cell::RefCell<HeapTables> = std::cell::RefCell::new(HeapTables::new());
}

/// Builds this thread's tree tables now, if they are not yet (some 200 KB
/// written): the timed brain does it at START, so that a game's first timed
/// move does not.
pub fn prepare_tree_tables() {
    TABLES.with(|_| {});
}

/// The tree's search of `board` for `to_move` within `budget` nodes, with
/// this thread's tables: the move and its score (the brain's Swap2 choices).
pub fn tree_search(
    board: &Board,
    to_move: Stone,
    rule: WinRule,
    renju: bool,
    budget: u32,
) -> Option<Searched> {
    TABLES.with(|tables| {
        let tables = &mut *tables.borrow_mut();
        tree::search_renju_until(board, to_move, rule, renju, budget, tables, &|| false)
    })
}

/// The tree's move, with this thread's tables ([`TABLES`]).
fn tree_think(
    position: Position,
    budget: u32,
    renju: bool,
    stop: &dyn Fn() -> bool,
) -> Option<(Point, u32)> {
    TABLES.with(|tables| {
        let tables = &mut *tables.borrow_mut();
        if renju {
            return tree::search_renju_until(
                position.board,
                position.to_move,
                position.rule,
                true,
                budget,
                tables,
                stop,
            )
            .map(|searched| (searched.point, searched.nodes));
        }
        tree::choose_until(
            position.board,
            position.to_move,
            position.rule,
            budget,
            tables,
            stop,
        )
    })
}
