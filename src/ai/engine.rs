//! The one door to the computer's levels: [`think`] picks the point a [`Level`]
//! plays. Every caller comes through it: the game screen (which keeps Classic's
//! Info from move to move, as Piskasm did, and in the Mist knows only part of
//! the board), `/BENCH`, the Gomocup brain, the arena and the examples (which
//! keep nothing and see the whole board).

#[cfg(not(target_os = "none"))]
use crate::ai::cha;
use crate::ai::classic::{Classic, opening_move};
use crate::ai::evaluation::Info;
#[cfg(not(target_os = "none"))]
use crate::ai::mist_reading::{Reading, Sight};
pub use crate::ai::tree::TreeSearch;
use crate::packed_list;
use crate::rules::Opening;
use crate::rules::WinRule;
use crate::rules::board::{Board, Stone};
use crate::rules::coord::Point;
pub use crate::rules::game::Position;
use crate::support::packed::{Packed, PackedList};
use crate::support::random::Random;
use crate::support::text::TextList;
use crate::text_list;

/// The computer's level: the menu's choice, the settings' and the switches',
/// and what the tools name. Strong's node budget goes beside it to [`think`].
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Level {
    /// Piskasm's static evaluator.
    Classic,
    /// Harry Cha's rule program.
    Cha,
    /// The tree ([`crate::ai::tree`]): an alpha-beta search over threats,
    /// within a node budget.
    Strong,
}

pub const LEVELS: [Level; 3] = [Level::Classic, Level::Cha, Level::Strong];

// The levels' names and keywords in the order of [`Level`]. A list costs the
// .COM a byte a text, where a `match` giving `&[u8]` costs eight, again at
// every place it is inlined.
static LEVEL_NAMES: PackedList = packed_list![
    packed!("Classic (Piskasm)"),
    packed!("Cha (Harry Cha's rules)"),
    packed!("Strong (tree search)"),
];
static LEVEL_KEYWORDS: TextList = text_list![b"CLASSIC", b"CHA", b"STRONG"];

impl Level {
    pub fn name(self) -> Packed {
        LEVEL_NAMES.get(self as usize)
    }

    pub fn keyword(self) -> &'static [u8] {
        LEVEL_KEYWORDS.get(self as usize)
    }

    pub fn from_keyword(word: &[u8]) -> Option<Level> {
        LEVELS
            .iter()
            .copied()
            .find(|l| l.keyword().eq_ignore_ascii_case(word))
    }

    pub fn next(self) -> Level {
        let index = LEVELS.iter().position(|&l| l == self).unwrap_or(0);
        LEVELS[(index + 1) % LEVELS.len()]
    }
}

/// The point `level` plays in `position`, and the nodes it searched (0 for the
/// levels that do not search). `budget` is Strong's node budget (the others
/// ignore it). None only when there is no free point.
///
/// - `knowledge`: in the Mist, the board the computer may know (its own
///   stones, what it saw through the hole, where its moves hit hidden stones);
///   the levels then reason on it instead of `position.board`. None: it sees
///   the whole board.
/// - `kept`: Classic's Info for the side to move, kept up to date with Update
///   by the caller (the game screen; in the Mist, of `knowledge`). Classic
///   chooses from it, giving what a fresh Info would give, only sooner.
///   None: a fresh one is computed.
/// - `tree`: where Strong's tree runs (PISKRS.COM's engine); None: on the
///   host, with tables of its own for this move (on DOS: no move). The
///   move is the same either way.
///
/// Where the game screen and the tools' old door differed, the cases are:
/// 1. No move yet: the opening stone, a random point within two of the middle
///    (Outer-Open: near the middle of the second row). The tools' door also
///    took an empty board for "no move"; their boards always hold their moves,
///    so nothing changes for them. In the Mist the computer may know of no
///    stone after moves were played: case 3 then decides, as the game did.
/// 2. Cha's "his first stone": his first move, if the board the computer sees
///    shows his stone there (the game screen's rule). The tools' door took the
///    first of the moves whose point holds his stone; as their boards hold
///    every move and a game's moves alternate from Black's, that is the same
///    point. In the Mist the computer may not know of his first move: none.
/// 3. The Mist's fallbacks: Classic (with `knowledge` only), knowing of nothing
///    worth a point (the hole moved away from everything), tries a random point
///    near the middle rather than Piskasm's first free point (A1); Strong,
///    knowing of no stone, plays a random point near the middle (outside the
///    Mist a position with a move holds a stone, so only the Mist gets there).
pub fn think(
    level: Level,
    budget: u32,
    position: Position,
    knowledge: Option<&Board>,
    kept: Option<&Info>,
    tree: Option<&dyn TreeSearch>,
    random: &mut Random,
) -> Option<(Point, u32)> {
    let side = position.board.side();
    if position.moves.is_empty() {
        return Some((opening(side, position.opening, random), 0));
    }
    // The .COMs do not read the hole: their board is the knowledge.
    #[cfg(target_os = "none")]
    let board = knowledge.unwrap_or(position.board);
    #[cfg(not(target_os = "none"))]
    let likely;
    #[cfg(not(target_os = "none"))]
    let (board, kept) = match knowledge {
        Some(known) => {
            let urgent;
            (likely, urgent) = read_the_hole(known, position);
            if let Some(point) = urgent {
                return Some((point, 0));
            }
            // Classic's kept Info scores the knowledge, not the likely stones.
            let kept = kept.filter(|_| likely.points() == known.points());
            (&likely, kept)
        }
        None => (position.board, kept),
    };
    let me = position.to_move;
    let point = match level {
        Level::Classic => {
            let Some(info) = kept else {
                return classic_afresh(board, me, random).map(|p| (p, 0));
            };
            let choice = info.choose(board, random)?;
            if knowledge.is_none() || info.score(choice) > 0 {
                choice
            } else {
                let middle = opening_move(side, random);
                if board.get(middle).is_none() {
                    middle
                } else {
                    choice
                }
            }
        }
        // A likely stone is no sight of his first stone: the knowledge tells.
        #[cfg(not(target_os = "none"))]
        Level::Cha => cha_choice(board, knowledge.unwrap_or(board), position, tree)?,
        #[cfg(target_os = "none")]
        Level::Cha => cha_choice(board, position, tree)?,
        Level::Strong => {
            let chosen = match tree {
                Some(tree) => tree.choose(board, me, position.rule, budget),
                None => tree_here(board, me, position.rule, budget),
            };
            match chosen {
                None => opening_move(side, random),
                chosen => return chosen,
            }
        }
    };
    Some((point, 0))
}

/// The Mist, on the host: the board the levels play on, the computer's knowledge with the
/// other side's likely hidden stones ([`crate::ai::mist_reading`]), and the
/// point every level plays first if there is one: a five of its own it
/// knows of, else a point that blocks the lines where the other side may
/// win next move ([`Reading::urgent_block`]). On the likely board a block
/// may be a candidate, where the level would not play. (Either may hold a
/// hidden stone: the computer then learns it and chooses again.)
///
/// Not in PISKRS.COM and PISKRS86.COM: there it took 5.9 KB of
/// PISKRS.COM's segment, where 3.8 KB are free (the likely board alone 4.0
/// KB: 196 bytes short, and 713 in PISKRS86.COM's); their levels in the
/// Mist play on the computer's knowledge alone.
#[cfg(not(target_os = "none"))]
#[inline(never)]
fn read_the_hole(known: &Board, position: Position) -> (Board, Option<Point>) {
    let me = position.to_move;
    let sight = Sight::new(position.moves, me, known);
    let reading = Reading::new(&sight);
    let likely = reading.likely_board(known, LIKELY, me.opponent());
    let urgent = own_five(known, me, position.rule).or_else(|| reading.urgent_block(known, me));
    (likely, urgent)
}

/// A point where `me` makes five on `board`, if there is one.
#[cfg(not(target_os = "none"))]
fn own_five(board: &Board, me: Stone, rule: WinRule) -> Option<Point> {
    let side = board.side();
    (0..side)
        .flat_map(|row| (0..side).map(move |col| Point::new(col, row)))
        .filter(|&p| board.get(p).is_none())
        .find(|&p| {
            crate::rules::board::DIRECTIONS.iter().any(|&(dc, dr)| {
                let run = 1 + board.run_from(p, dc, dr, me) + board.run_from(p, -dc, -dr, me);
                match rule {
                    WinRule::FiveOrMore => run >= 5,
                    WinRule::ExactlyFive => run == 5,
                }
            })
        })
}

/// The likelihood (in twelfths) from which a hidden stone counts as there:
/// every candidate, a quarter of a stone or more. Blocking each of a line's
/// mirror images beats guessing which one is real: before the urgent
/// blocks, the line player of tools/examples/mist_straight.rs won 4 games
/// in 30 against Strong (the player White) so, 13 from a third of a stone,
/// 19 from half.
#[cfg(not(target_os = "none"))]
const LIKELY: u8 = 1;

/// The tree with tables of its own, for one move (the host's callers that
/// keep none: tests, examples). PISKRS.COM always names its engine.
#[cfg(not(target_os = "none"))]
fn tree_here(board: &Board, me: Stone, rule: WinRule, budget: u32) -> Option<(Point, u32)> {
    crate::ai::tree::HostTree::new().choose(board, me, rule, budget)
}

#[cfg(target_os = "none")]
fn tree_here(_: &Board, _: Stone, _: WinRule, _: u32) -> Option<(Point, u32)> {
    None
}

/// The computer's first stone: near the middle, or for Outer-Open near the
/// middle of the second row.
fn opening(side: u8, opening: Opening, random: &mut Random) -> Point {
    match opening {
        Opening::Free => opening_move(side, random),
        Opening::OuterTwoLines => Point::new(side / 2 - 2 + random.below(5) as u8, 1),
    }
}

/// Cha's point on `board`, given his first move (Black's moves come first,
/// then they alternate) if `seen` (the board without the Mist's likely
/// stones: a candidate is no sight of it) shows his stone there. Cha runs
/// where `tree` runs (PISKRS.COM's engine); None: here on the host (on DOS:
/// no move). Out of line: Cha's tables must not sit in [`think`]'s frame
/// under Strong's search.
#[inline(never)]
fn cha_choice(
    board: &Board,
    #[cfg(not(target_os = "none"))] seen: &Board,
    position: Position,
    tree: Option<&dyn TreeSearch>,
) -> Option<Point> {
    // The .COMs do not read the hole: their board is the knowledge.
    #[cfg(target_os = "none")]
    let seen = board;
    let me = position.to_move;
    let index = if me == Stone::Black { 1 } else { 0 };
    let his_first = position.moves.get(index).copied();
    let his_first = his_first.filter(|&p| seen.get(p) == Some(me.opponent()));
    match tree {
        Some(tree) => tree.cha(board, me, his_first, position.rule),
        None => cha_here(board, me, his_first, position.rule),
    }
}

/// Cha on the host, for the callers that name no engine.
#[cfg(not(target_os = "none"))]
fn cha_here(board: &Board, me: Stone, his_first: Option<Point>, rule: WinRule) -> Option<Point> {
    cha::choose(board, me, his_first, rule)
}

#[cfg(target_os = "none")]
fn cha_here(_: &Board, _: Stone, _: Option<Point>, _: WinRule) -> Option<Point> {
    None
}

/// Classic with an Info computed afresh for `me`. Out of line: its 724-byte
/// Info must not sit in [`think`]'s frame under Strong's search.
#[inline(never)]
fn classic_afresh(board: &Board, me: Stone, random: &mut Random) -> Option<Point> {
    let classic = Classic::new(me, board.side());
    let info = classic.info();
    info.recompute(board);
    info.choose(board, random)
}
