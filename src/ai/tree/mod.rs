//! The tree: the Strong level, an alpha-beta search (principal variation
//! search with iterative deepening, a transposition table and killer moves)
//! over a pattern evaluation kept up to date stone by stone. On the host it
//! runs here with its tables on the heap ([`HostTree`]; the arena, the brain
//! on a clock); in PISKRS.COM and PISKRS86.COM in the tree's engine, a
//! program of its own in a segment of its own (src/dos/tree_engine.rs, asked
//! through [`TreeSearch`] and `crate::ai::tree_request`). docs/strength.md says how
//! it measures.
//!
//! A search's state is one `Tree`; each piece adds the `impl Tree` block
//! for its job:
//! - `classes`: what a point's four classes make of it (its threat, value
//!   and worth) and the fitted tables behind that;
//! - `tables`: the big tables, wherever the caller keeps them
//!   ([`TreeTables`]);
//! - `position`: the stones, each point's keys and classes, judged again as
//!   stones come and go;
//! - `moves`: the threats on the board and the moves worth trying;
//! - `search`: iterative deepening, negamax, the transposition table, the
//!   killers and the evaluation.

mod classes;
mod forbidden;
mod moves;
mod position;
mod search;
mod tables;
#[cfg(test)]
mod tests;

pub use classes::{
    CLASS_VALUE, COUNT_BUCKETS, COUNT_VALUE, POINT_WORTH, TEMPO_VALUE, THREAT_VALUE, WORTH_ENTRIES,
    class_value, point_threat, point_worth, worth_index,
};
pub use search::{PROVEN, TT_GENERATIONS};
#[cfg(not(target_os = "none"))]
pub use tables::HeapTables;
pub use tables::{
    CLASS_KEYS, CLASS_UNKNOWN, EMPTY_KEYS, SAVED_POINTS, SavedPoint, TT_ENTRIES, TreeTables,
};

use crate::rules::WinRule;
use crate::rules::board::{Board, MAX_SIDE, Stone};
use crate::rules::coord::Point;
use crate::rules::renju::FoulMap;
use classes::Judged;
use position::{FIVE_POINTS, FivePoints, Placed, StonesBox, Tally};

const MAX_POINTS: usize = MAX_SIDE as usize * MAX_SIDE as usize;
/// Plies searched at most, forced blocks included.
const MAX_PLY: usize = 40;
/// The most points a stone changes: the 32 on its lines and its own.
const CHANGED_PER_STONE: usize = 33;

/// Where Strong's search runs: the tree with its tables.
/// PISKRS.COM's tree is an engine in a segment of its own, which the DOS
/// layer calls far ([`crate::ai::tree_request`]); the host's keeps its tables on
/// the heap ([`HostTree`]). The same request gives the same
/// reply in both.
pub trait TreeSearch {
    /// The tree's point for `to_move` on `board` within `budget` nodes, and
    /// the nodes it searched; None when the board holds no stone.
    fn choose(
        &self,
        board: &Board,
        to_move: Stone,
        rule: WinRule,
        budget: u32,
    ) -> Option<(Point, u32)>;

    /// The machine's speed in probe units a BIOS tick ([`crate::ai::speed`]),
    /// which cuts Strong's budget on a PC slower than the reference
    /// ([`crate::app::settings::strong_budget_at`]): u16::MAX (the reference or
    /// faster) unless the searcher measures it. The DOS layer's does, when
    /// first asked (Strong's first move), not at every start.
    fn speed_units(&self) -> u16 {
        u16::MAX
    }

    /// Cha's point for `to_move` on `board` ([`crate::ai::cha::choose`]),
    /// where it runs: here on the host; in the .COMs in the engine, whose
    /// segment has the room for Cha's code.
    fn cha(
        &self,
        board: &Board,
        to_move: Stone,
        his_first: Option<Point>,
        rule: WinRule,
    ) -> Option<Point> {
        crate::ai::cha::choose(board, to_move, his_first, rule)
    }

    /// Black's forbidden points on `board` under Renju
    /// ([`crate::rules::renju`]), for the screen's marks: written into
    /// `out`, and true; false when this searcher cannot judge them, `out`
    /// untouched. Host: judged here. The .COMs: no Renju code may live in
    /// the game's segment, so the door (src/dos/tree_door.rs) is to ask the
    /// tree's engine, whose reply hands the map back whole; until it does,
    /// the answer there is false (no marks).
    fn fouls(&self, board: &Board, out: &mut FoulMap) -> bool {
        #[cfg(not(target_os = "none"))]
        {
            crate::rules::renju::foul_map(board, out);
            true
        }
        #[cfg(target_os = "none")]
        {
            let _ = (board, out);
            false
        }
    }
}

/// The tree on the host, kept from move to move as the engine keeps
/// PISKRS.COM's ([`KeptTree`]): its tables on the heap (the table of
/// classes only fills up; each move's search sees only its own entries in
/// the transposition table) and the position of its last search, from
/// which a game's next reply goes on. A position and a budget give one
/// move, whatever it searched before.
#[cfg(not(target_os = "none"))]
pub struct HostTree(core::cell::RefCell<alloc::boxed::Box<KeptTree<HeapTables>>>);

#[cfg(not(target_os = "none"))]
impl HostTree {
    pub fn new() -> HostTree {
        let kept = KeptTree::new(HeapTables::new());
        HostTree(core::cell::RefCell::new(alloc::boxed::Box::new(kept)))
    }
}

#[cfg(not(target_os = "none"))]
impl Default for HostTree {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(not(target_os = "none"))]
impl TreeSearch for HostTree {
    fn choose(
        &self,
        board: &Board,
        to_move: Stone,
        rule: WinRule,
        budget: u32,
    ) -> Option<(Point, u32)> {
        self.0.borrow_mut().choose(board, to_move, rule, budget)
    }
}

/// Whether a search is to stop now (asked every STOP_EVERY nodes).
pub trait Stop {
    fn now(&self) -> bool;
}

/// A clock's question, or any other.
impl<F: Fn() -> bool + ?Sized> Stop for &F {
    fn now(&self) -> bool {
        (**self)()
    }
}

/// No question: only the budget ends the search (a kept tree's: its static
/// could hold no reference to a question; this takes no byte).
pub struct Never;

impl Stop for Never {
    fn now(&self) -> bool {
        false
    }
}

/// The search: its position, and what it keeps while it searches. Built for
/// one search on the stack ([`choose`] and the rest), or kept from search to
/// search ([`KeptTree`]); `memory` its tables, `stop` what it asks.
struct Tree<M: TreeTables, S: Stop> {
    /// The board's side (0: no position yet, in a kept tree).
    side: usize,
    rule: WinRule,
    /// Renju binds Black (`forbidden`): set on the host only, after
    /// `begin`, which clears it. (Not in the .COMs' engine.)
    #[cfg(not(target_os = "none"))]
    renju: bool,
    /// 0 empty, 1 Black, 2 White (a stone's number is its colour plus one).
    cells: [u8; MAX_POINTS],
    /// Each point's key along each line.
    keys: [[u16; 4]; MAX_POINTS],
    /// Each point's classes for Black and for White, as of its keys: a
    /// nibble a line.
    classes: [[u16; 2]; MAX_POINTS],
    /// Each point's worth to Black and to White (0 for a stone's point).
    judged: [[Judged; 2]; MAX_POINTS],
    /// How many stones lie within two points (the moves tried are near one).
    near: [u8; MAX_POINTS],
    tally: Tally,
    /// The stones placed by the search, newest last: what each changed, so
    /// that taking it away restores them.
    placed: [Placed; MAX_PLY],
    placed_count: usize,
    /// The points saved in the tables so far.
    saved_count: usize,
    /// The points the stone being placed (or taken away) changes, on their
    /// way to the tables (or back from them).
    changed: [SavedPoint; CHANGED_PER_STONE],
    changed_count: usize,
    killers: [[u16; 2]; MAX_PLY],
    /// The moves tried at a node below the root (by the budget).
    width: usize,
    /// The fours (of either side) among the stones the search has placed.
    fours_on_path: u8,
    nodes: u32,
    budget: u32,
    aborted: bool,
    /// The best move at the root of the depth under way whose search
    /// finished.
    root_move: Option<u16>,
    /// The moves the root tries (the same at every depth).
    root_moves: usize,
    /// This search's generation: its entries' in the transposition table.
    generation: u16,
    memory: M,
    /// Asked every STOP_EVERY nodes whether to stop now (a clock's), first
    /// at node STOP_EVERY.
    stop: S,
}

/// The point the tree plays for the side to move on `board`, within `budget`
/// nodes, and the nodes it searched; None when the board holds no stone or
/// no empty point near one.
pub fn choose<M: TreeTables + ?Sized>(
    board: &Board,
    to_move: Stone,
    rule: WinRule,
    budget: u32,
    memory: &mut M,
) -> Option<(Point, u32)> {
    choose_until(board, to_move, rule, budget, memory, &|| false)
}

/// As [`choose`], also stopping when `stop` says so (asked every few hundred
/// nodes): the host's timed brain gives it a clock, so that one search uses
/// the whole turn. Stopped, it plays what [`choose`] would have played had
/// the budget ended there.
pub fn choose_until<M: TreeTables + ?Sized>(
    board: &Board,
    to_move: Stone,
    rule: WinRule,
    budget: u32,
    memory: &mut M,
    stop: &dyn Fn() -> bool,
) -> Option<(Point, u32)> {
    let searched = search_until(board, to_move, rule, budget, memory, stop)?;
    Some((searched.point, searched.nodes))
}

/// What one search found: the move, the nodes searched, and the deepest
/// depth that finished with its score for the side to move (depth 0 when
/// none did: the move is then the first in order, or the best of the
/// depth under way so far).
pub struct Searched {
    pub point: Point,
    pub nodes: u32,
    pub depth: i8,
    pub score: i32,
}

/// As [`choose_until`], with the depth and the score the move rests on (the
/// host's tools print them; the move is the same).
pub fn search_until<M: TreeTables + ?Sized>(
    board: &Board,
    to_move: Stone,
    rule: WinRule,
    budget: u32,
    memory: &mut M,
    stop: &dyn Fn() -> bool,
) -> Option<Searched> {
    with_tree(board, rule, budget, memory, stop, |tree| {
        tree.search(to_move)
    })?
}

/// As [`search_until`], under Renju when `renju` (Black's forbidden points,
/// `forbidden`): the host's brain (the .COMs' engine plays no
/// Renju). `rule` is then the game's win rule, five or more.
#[cfg(not(target_os = "none"))]
pub fn search_renju_until<M: TreeTables + ?Sized>(
    board: &Board,
    to_move: Stone,
    rule: WinRule,
    renju: bool,
    budget: u32,
    memory: &mut M,
    stop: &dyn Fn() -> bool,
) -> Option<Searched> {
    with_tree(board, rule, budget, memory, stop, |tree| {
        tree.renju = renju;
        tree.search(to_move)
    })?
}

/// The tree kept from search to search: its tables (owned: in PISKRS.COM's
/// engine a static holds it, src/dos/tree_engine.rs; the host's game boxes it,
/// [`HostTree`]) and the position of its last search. A game's next reply
/// asks about that position with two stones more: the tree goes on from
/// it, placing and judging only the new stones, where a search of its own
/// builds every position afresh (on an 8086 most of a reply's start: the
/// stones placed, every point near one judged). What it goes on to is
/// exactly what it would build (`go_on_to`), so a position and a budget
/// give the move and the nodes [`choose`] gives with fresh tables.
pub struct KeptTree<M: TreeTables>(Tree<M, Never>);

impl<M: TreeTables> KeptTree<M> {
    /// A tree that has searched nothing, with `memory` for its tables (as
    /// fresh tables have them: see `FarTreeTables::forget` on DOS). Every
    /// byte of it but `memory`'s is 0, so that a static of it is .bss.
    pub const fn new(memory: M) -> KeptTree<M> {
        KeptTree(Tree::new(memory, Never))
    }

    /// Its tables.
    pub fn memory(&mut self) -> &mut M {
        &mut self.0.memory
    }

    /// As [`choose`].
    pub fn choose(
        &mut self,
        board: &Board,
        to_move: Stone,
        rule: WinRule,
        budget: u32,
    ) -> Option<(Point, u32)> {
        let tree = &mut self.0;
        tree.begin(rule, budget);
        if !tree.take_board(board, true) {
            return None;
        }
        let searched = tree.search(to_move)?;
        Some((searched.point, searched.nodes))
    }
}

/// What the tree's evaluation of a position is made of, for the side to
/// move (the fitting tool's features, tools/examples/fit_worth.rs): its
/// value is `Σ point_worth(words[0]) - Σ point_worth(words[1])` over the
/// empty points, plus COUNT_VALUE of each side's count of points with each
/// threat (`point_threat` of their words), plus TEMPO_VALUE of `my_best` and
/// `his_best` when he has no five.
#[cfg(not(target_os = "none"))]
pub struct Terms {
    /// Each empty point's classes words: the side to move's, the other's.
    pub point_words: alloc::vec::Vec<[u16; 2]>,
    /// The best threat of each side, as the search sees it, and his points
    /// with a five.
    pub my_best: u8,
    pub his_best: u8,
    pub his_fives: u8,
    /// Whether the search would score the position by its evaluation at a
    /// leaf: he has no five and I have no win in hand.
    pub leaf: bool,
    /// The evaluation itself.
    pub value: i32,
}

/// The terms of the tree's evaluation of `board`, `to_move` to move; None
/// when the board holds no stone.
#[cfg(not(target_os = "none"))]
pub fn terms<M: TreeTables + ?Sized>(
    board: &Board,
    to_move: Stone,
    rule: WinRule,
    memory: &mut M,
) -> Option<Terms> {
    use classes::{T_FOUR, T_FOUR_THREE};
    with_tree(board, rule, 1, memory, &|| false, |tree| {
        let me = to_move as u8 + 1;
        let (mine, his) = (me as usize - 1, 2 - me as usize);
        let scan = tree.threats(me);
        let point_words = (0..tree.side * tree.side)
            .filter(|&index| tree.cells[index] == 0)
            .map(|index| [tree.classes[index][mine], tree.classes[index][his]])
            .collect();
        Terms {
            point_words,
            my_best: scan.my_best,
            his_best: scan.his_best,
            his_fives: scan.his_fives,
            leaf: scan.his_fives == 0
                && (scan.my_best < T_FOUR_THREE
                    || scan.my_best == T_FOUR_THREE && scan.his_best >= T_FOUR),
            value: tree.evaluate(me, &scan),
        }
    })
}

// The empty tree's arrays, as constants: on DOS an array of arrays (or of
// structs) written out in the tree's literal is built in a temporary and
// copied, a constant is zeroed (or filled) in place. Each is one repeated
// byte, so that no copy of it lands in the program's data.
const NO_KEYS: [[u16; 4]; MAX_POINTS] = [[0; 4]; MAX_POINTS];
const NO_CLASSES: [[u16; 2]; MAX_POINTS] = [[0; 2]; MAX_POINTS];
const NO_WORTH: [[Judged; 2]; MAX_POINTS] = [[Judged {
    threat: 0,
    value: 0,
    worth: 0,
}; 2]; MAX_POINTS];
const NO_CHANGES: [SavedPoint; CHANGED_PER_STONE] = [[0; 8]; CHANGED_PER_STONE];
const NO_KILLERS: [[u16; 2]; MAX_PLY] = [[u16::MAX; 2]; MAX_PLY];
/// A kept tree's killers before its first search (zero bytes: see
/// `KeptTree::new`).
const ZERO_KILLERS: [[u16; 2]; MAX_PLY] = [[0; 2]; MAX_PLY];
/// A tally of nothing, its box too (all zero bytes, as above; the tree's own
/// starts with NO_STONES).
const ZERO_TALLY: Tally = Tally {
    threat_counts: [[0; 7]; 2],
    five_points: [FivePoints {
        list: [0; FIVE_POINTS],
        len: 0,
    }; 2],
    fives_overflowed: false,
    totals: [0; 2],
    hash: 0,
    stones_box: StonesBox {
        cols: (0, 0),
        rows: (0, 0),
    },
};
const NO_PLACED: [Placed; MAX_PLY] = [Placed {
    index: 0,
    tally: ZERO_TALLY,
    saved_from: 0,
}; MAX_PLY];

/// Builds the search for `board` (an empty board, its edges marked, then
/// its stones) on the stack and hands it to `run`; None when the board holds
/// no stone. The host's: on DOS the tree is kept ([`KeptTree`]).
fn with_tree<R, M: TreeTables + ?Sized>(
    board: &Board,
    rule: WinRule,
    budget: u32,
    memory: &mut M,
    stop: &dyn Fn() -> bool,
    run: impl FnOnce(&mut Tree<&mut M, &dyn Fn() -> bool>) -> R,
) -> Option<R> {
    let mut tree = Tree::new(memory, stop);
    tree.begin(rule, budget);
    tree.take_board(board, false).then(|| run(&mut tree))
}

impl<M: TreeTables, S: Stop> Tree<M, S> {
    /// A tree with no position (side 0), every array and count 0 (the
    /// constants: built in place). `begin` and `take_board` ready it for a
    /// search.
    const fn new(memory: M, stop: S) -> Tree<M, S> {
        Tree {
            side: 0,
            rule: WinRule::FiveOrMore,
            #[cfg(not(target_os = "none"))]
            renju: false,
            cells: [0; MAX_POINTS],
            keys: NO_KEYS,
            classes: NO_CLASSES,
            judged: NO_WORTH,
            near: [0; MAX_POINTS],
            tally: ZERO_TALLY,
            placed: NO_PLACED,
            placed_count: 0,
            saved_count: 0,
            changed: NO_CHANGES,
            changed_count: 0,
            killers: ZERO_KILLERS,
            width: 0,
            fours_on_path: 0,
            nodes: 0,
            budget: 0,
            aborted: false,
            root_move: None,
            root_moves: 0,
            generation: 0,
            memory,
            stop,
        }
    }
}
