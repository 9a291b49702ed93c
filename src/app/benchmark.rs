//! The benchmark positions: the same on the host and in `PISKRS /BENCH`, so that
//! the thinking times printed on DOS and the moves and node counts computed on
//! the host are about the same boards (tests/strong_bench.rs checks the host
//! side, tests/dosbox/files.test.js the .COM's).
//!
//! Position `n` is the game of Classic against itself from seed `n + 1` (see
//! [`crate::app::selfplay`]), stopped after `8 + 2n` plies, or one ply before its end
//! when it ended sooner: openings, middle games and crowded boards with threats.

use crate::ai::engine::{Level, Position, TreeSearch, think};
use crate::app::selfplay::Players;
use crate::rules::coord::{self, Lettering, Point};
use crate::rules::game::Game;
use crate::rules::{Opening, WinRule};
use crate::support::random::Random;
use crate::support::text::Text;

/// How many positions there are.
pub const POSITIONS: u16 = 12;

/// Sets `game` to benchmark position `n` (0-based). (Filled in, not returned:
/// on DOS a returned game would sit on the stack twice; and played in `game`
/// itself, not in a SelfPlay's own game copied out afterwards.)
#[inline(never)]
pub fn set_position(n: u16, game: &mut Game) {
    game.restart(19, WinRule::FiveOrMore, Opening::Free);
    let mut players = Players::new(n + 1);
    while game.move_count() < 8 + 2 * n && players.step(game).is_some() {}
    if game.is_over() {
        game.undo(); // the position before the winning stone
    }
}

/// The tree's benchmark game (`PISKTREE`'s GAME lines, src/bin/pisktree.rs;
/// tests/tree_bench.rs keeps the host's): from position GAME_FROM the tree
/// plays on against Classic for GAME_REPLIES replies, each of its searches
/// after the first two stones on from its last, as in a game against
/// Strong. (From the first position the game lasts them all, and at 400
/// nodes all but the last fill their budget.)
pub const GAME_FROM: u16 = 0;
pub const GAME_REPLIES: usize = 8;

/// Classic's answer in the tree's benchmark game, played in `game`: the
/// side to move's, its scores worked out afresh, `random` the game's.
/// None when the game is over.
#[inline(never)]
pub fn classic_answer(game: &mut Game, random: &mut Random) -> Option<crate::rules::coord::Point> {
    if game.is_over() {
        return None;
    }
    let mut classic = crate::ai::classic::Classic::new(game.to_move(), game.board().side());
    classic.recompute(game.board());
    let point = classic.choose(game.board(), random)?;
    game.play(point).ok()?;
    Some(point)
}

/// Benchmark position `n` (0-based), as a game to continue.
pub fn position(n: u16) -> Game {
    let mut game = Game::new(19, WinRule::FiveOrMore);
    set_position(n, &mut game);
    game
}

/// What `level` plays in `game` (Strong within `budget` nodes; the benchmark's
/// random source, seed 1), and the nodes it searched: through the one door,
/// keeping nothing, as the brain and the arena ask.
#[inline(never)]
pub fn reply(
    level: Level,
    budget: u32,
    game: &Game,
    tree: Option<&dyn TreeSearch>,
) -> Option<(crate::rules::coord::Point, u32)> {
    think(
        level,
        budget,
        Position::of(game),
        None,
        None,
        tree,
        &mut Random::new(1),
    )
}

/// Appends a label and a number ("budget=" and 1000), as the benchmarks'
/// lines (and /STACK's) show them.
#[inline(never)]
pub fn push_field(line: &mut Text<78>, label: &[u8], value: u32) {
    line.push(label).push_number(value);
}

/// Appends a point as the benchmarks' lines show it (consecutive letters, as
/// in "H8").
#[inline(never)]
pub fn push_point(line: &mut Text<78>, point: Point) -> &mut Text<78> {
    let mut notation = [0u8; 3];
    let len = coord::write_point(point, Lettering::Consecutive, &mut notation);
    line.push(&notation[..len])
}
