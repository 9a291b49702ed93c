//! The tree: an alpha-beta search (principal variation search with iterative
//! deepening, a transposition table and killer moves) over a pattern
//! evaluation kept up to date stone by stone: the Strong level. On the host
//! it runs here with its tables on the heap ([`HostTree`]; the arena, the
//! brain on a clock); in PISKRS.COM and PISKRS86.COM in the tree's engine,
//! a program of its own in a segment of its own (src/dos/engine.rs, asked
//! through [`TreeSearch`] and `crate::tree_door`). docs/strength.md says
//! how it measures.
//!
//! # Patterns
//!
//! Each point keeps, for each of the four lines through it, a **key**: the
//! eight points within four steps (two bits each: empty, Black, White, off the
//! board). A stone changes the keys of the 32 points on its lines by one bit
//! pair each, with no line read. A key gives the point's **classes** along
//! that line for both sides (`patterns::classes_from_masks`: the best unit a
//! stone there would make), looked up in a table filled as keys are met.
//! From a point's four classes for a side come:
//!
//! - its **threat**: a five, an open or double four, a four-three, a four,
//!   a three-three, an open three;
//! - its **value**: the classes' values plus the threat's bonus.
//!
//! # Search
//!
//! A position is worth the sum of its empty points' **worths** for the side
//! to move less the other's (kept up to date as the classes change), plus
//! what the side to move's best threat is worth with the move in hand,
//! given the other's best ([`TEMPO_VALUE`]), and what each side's number of
//! points with each threat is worth beyond those points' own worths
//! ([`COUNT_VALUE`]: two points that each make a four are not simply twice
//! one). A point's worth comes from a table over its four classes, sorted
//! ([`POINT_WORTH`]); the three tables are fitted to the tree's own deeper
//! search. The classes' values and the threat's bonus still order the
//! moves. The moves
//! tried come from the threats: against his five only its block; against his
//! open three or four-three, only the points on his threat lines and my own
//! fours; otherwise the best points by attack and defence (under a small
//! budget, only five below the root: `NARROW_WIDTH`). A forced block
//! costs no depth, and so does a four (his answer is forced); after four
//! fours on a line of play only fours go on, each in reach of the side's
//! last stone. A node is one
//! stone placed; taking it away puts back the points and sums it changed,
//! saved as it was placed (no point is judged twice). The search plays the
//! best move of the last depth it finished (or of the depth under way, once
//! its first move is searched).

use crate::board::{Board, DIRECTIONS, MAX_SIDE, Stone};
use crate::coord::Point;
use crate::patterns::{FIVE, FOUR, OPEN_FOUR, OPEN_THREE, WIDE_OPEN_THREE, classes_from_masks};
use crate::rules::WinRule;

const MAX_POINTS: usize = MAX_SIDE as usize * MAX_SIDE as usize;
/// The transposition table's entries (a power of two), the same everywhere.
pub const TT_ENTRIES: u16 = 1 << 14;
/// The low bits of a hash, which give its entry's slot: an entry's key has
/// no use for them, so they hold the generation of the search that stored
/// it instead, and an entry of another search never matches. A table
/// emptied for every search cost each of them a fill of its 128 KiB: nearly
/// a quarter of a search's start on DOS, 386 and 8086 alike
/// (docs/benchmarks.md, "The search's start").
const SLOT_BITS: u32 = TT_ENTRIES as u32 - 1;
/// The searches' generations, 1 to TT_GENERATIONS (0 is a cleared entry's):
/// when they run out, the table is cleared for real and they start again.
pub const TT_GENERATIONS: u16 = TT_ENTRIES - 1;
/// The points whose keys an empty board has (the largest board's).
pub const EMPTY_KEYS: usize = MAX_POINTS;
/// A key's classes not yet worked out.
const UNKNOWN: u8 = 0xFF;
/// A point off the board, in a key.
const WALL: u16 = 3;
/// A key's walls ahead of its point (slots 4 to 7) and behind it (slots 3
/// down to 0), by the steps the board has room for that way.
const WALLS_AHEAD: [u16; 5] = [0xFF00, 0xFC00, 0xF000, 0xC000, 0];
const WALLS_BEHIND: [u16; 5] = [0x00FF, 0x003F, 0x000F, 0x0003, 0];

/// The deepest the iterative deepening goes.
const MAX_DEPTH: i8 = 30;
/// Plies searched at most, forced blocks included.
const MAX_PLY: usize = 40;
/// Moves tried at a node, at most (8 and 16 scored 22% and 23% against
/// Rapfi where 12 scored 29%).
const WIDTH: usize = 12;
/// Below the root, the moves tried at a node under a small budget
/// ([`SMALL_BUDGET`]), the first in order once the table's move and the
/// killers are put first: with a few hundred nodes the full width does not
/// finish a second ply where five moves mostly finish a third (mean depth
/// 1.95 -> 2.49 at 450 nodes). At 430 nodes (what the default 2 s bought
/// on the reference 386 until the engine was built for speed; 470 now)
/// against Classic over seeds 1-3, 19x19 / 15x15 exact:
/// 12 moves 74.3 / 80.2%, 4 91.2 / 89.4%, 5 92.7 / 88.8%, 6 80.2 / 81.3%;
/// against Rapfi at `max_node 1600` over seeds 1-5: 36.6, 38.2, 49.3 and
/// 39.2% (a sharp setting: docs/strength.md).
const NARROW_WIDTH: usize = 5;
/// The budgets the narrow width is for: at 800 nodes 5 moves score 96.7 /
/// 93.3% against Classic where 12 score 88.8 / 88.5%; at 1,600 90.2 /
/// 88.6% and 45.2% against Rapfi where 12 score 98.2 / 96.8% and 53.5%.
const SMALL_BUDGET: u32 = 1000;

/// A win, less the plies to it.
const WIN: i32 = 30_000;

/// After this many fours on a line of play, only fours are searched on (at
/// 10,000 nodes against Classic on 15x15: 95.3 -> 99.3%).
const FOURS_BEFORE_ONLY_FOURS: u8 = 4;
/// A score at least this far from 0 is a win or a loss the search proved
/// (within MAX_PLY plies of WIN).
pub const PROVEN: i32 = WIN - 2 * MAX_PLY as i32;

/// Threats, weakest first.
const T_NONE: u8 = 0;
const T_THREE: u8 = 1;
const T_THREE_THREE: u8 = 2;
const T_FOUR: u8 = 3;
const T_FOUR_THREE: u8 = 4;
const T_FLEX_FOUR: u8 = 5;
const T_FIVE: u8 = 6;

/// A class's value along one line, for the side that would play there (by
/// `patterns`' classes, ONE to FIVE). With THREAT_VALUE it orders the moves
/// and gives the quiet points (no three on any line) their worth; it was
/// the whole evaluation before [`POINT_WORTH`]. Twos are worth next to
/// nothing: every point within four steps of a lone stone has them, and
/// when they counted (0, 2, 6, 5, 16, 16, 20, 90, 400) the sum rewarded
/// scattered stones over a three: 83.5 / 81.5% against Classic at 1,600
/// nodes (19x19 / 15x15 exact), where these values score 93.5 / 89.8%. A
/// four is worth 20, not 10 (with the old tempo's four at 100:
/// docs/strength.md).
pub const CLASS_VALUE: [i16; 9] = [0, 0, 1, 1, 12, 12, 20, 60, 300];
/// A threat's bonus on top of the classes' values (by T_NONE to T_FIVE;
/// against 40, 120, 300 and 600 for the three-three to the five, 29% ->
/// 31% against Rapfi and 91.5 -> 93.5% against Classic, docs/strength.md).
pub const THREAT_VALUE: [i16; 7] = [0, 0, 100, 0, 300, 600, 1000];
/// What the side to move's best threat is worth with the move in hand, by
/// that threat (rows) and the other side's best (columns), T_NONE to T_FIVE
/// each: a four-three it can play now is most of a win, more so when his
/// best is an open three it must not let grow. Fitted with [`POINT_WORTH`];
/// the entries met too seldom to fit (a leaf never has an open four of its
/// own or his five) keep the first fit's value, which did not look at his
/// threat (before any fit: 0, 30, 400, 100, 800, 1,500 by mine).
pub const TEMPO_VALUE: [[i32; 7]; 7] = include!("tree_tempo.in");

/// What the number of points with each threat adds to the evaluation, for
/// the side to move (row 0) and for the other side (row 1), by the threat
/// (T_NONE to T_FIVE) and the count (none, one, two, three or more): a
/// second point that makes an open three or a four is not the first's worth
/// again, as one stone may not stop both. The counts are those the search
/// keeps (the points near a stone, where every threat lies). Fitted with
/// [`POINT_WORTH`] and [`TEMPO_VALUE`] in the third round (the twenty-fourth
/// session, docs/strength.md); a count of none stays 0, and so do the
/// threats a leaf never counts (below an open three's point, and a five's).
pub const COUNT_VALUE: [[[i32; COUNT_BUCKETS]; 7]; 2] = include!("tree_counts.in");

/// The counts [`COUNT_VALUE`] tells apart: none, one, two, three or more.
pub const COUNT_BUCKETS: usize = 4;

/// The number of ways to sort four classes (nine of them) largest first:
/// the worth table's entries.
pub const WORTH_ENTRIES: usize = 495;

/// What an empty point adds to the evaluation for the side it is judged for,
/// by its four classes sorted largest first (entry [`worth_index`]). Fitted
/// by tools/examples/fit_worth.rs to the tree's own search, three times: at
/// 20,000 nodes on the evaluation before, then at 50,000 on the first fit
/// and at 50,000 on the second with [`COUNT_VALUE`], each seven tenths of
/// the way (docs/strength.md, the twenty-first, twenty-second and
/// twenty-fourth sessions). The quiet combinations (no three on any line)
/// and those met too seldom to fit keep [`class_value`]'s value, the
/// evaluation's before.
pub const POINT_WORTH: [i16; WORTH_ENTRIES] = include!("tree_worth.in");

/// The entry of [`POINT_WORTH`] for a point whose four classes (one a line)
/// are the nibbles of `classes`: sorted largest first, a >= b >= c >= d,
/// the entry is C(a+3, 4) + C(b+2, 3) + C(c+1, 2) + d (a multiset's rank).
pub const fn worth_index(classes: u16) -> usize {
    const RANK_A: [u16; 9] = [0, 1, 5, 15, 35, 70, 126, 210, 330];
    const RANK_B: [u16; 9] = [0, 1, 4, 10, 20, 35, 56, 84, 120];
    const RANK_C: [u16; 9] = [0, 1, 3, 6, 10, 15, 21, 28, 36];
    let mut n = [
        classes & 15,
        classes >> 4 & 15,
        classes >> 8 & 15,
        classes >> 12,
    ];
    // A sorting network of five exchanges, largest first.
    let exchanges = [(0, 1), (2, 3), (0, 2), (1, 3), (1, 2)];
    let mut k = 0;
    while k < exchanges.len() {
        let (i, j) = exchanges[k];
        if n[i] < n[j] {
            let t = n[i];
            n[i] = n[j];
            n[j] = t;
        }
        k += 1;
    }
    (RANK_A[n[0] as usize] + RANK_B[n[1] as usize] + RANK_C[n[2] as usize] + n[3]) as usize
}

/// The sorted pairs of two classes (45 of them): a pair's number by its two
/// classes (at 9 times the first plus the second), the same whichever comes
/// first.
const PAIR_NUMBER: [u8; 81] = {
    let mut number = [0u8; 81];
    let mut pair = 0u8;
    let mut high = 0;
    while high < 9 {
        let mut low = 0;
        while low <= high {
            number[high * 9 + low] = pair;
            number[low * 9 + high] = pair;
            pair += 1;
            low += 1;
        }
        high += 1;
    }
    number
};

/// A pair of lines' classes (a byte of a classes word: two nibbles) as its
/// pair's number (bytes with a nibble past FIVE never occur: 0).
const PAIR_BY_BYTE: [u8; 256] = {
    let mut number = [0u8; 256];
    let mut byte = 0;
    while byte < 256 {
        let (low, high) = (byte & 15, byte >> 4);
        if low < 9 && high < 9 {
            number[byte] = PAIR_NUMBER[low * 9 + high];
        }
        byte += 1;
    }
    number
};

/// What a point is to one side ([`judge_afresh`]) by the numbers of its two
/// pairs of lines (45 times the first plus the second): two byte lookups
/// and one of these, where working it out takes some eighty instructions
/// on the 386 (a stone has some thirty points judged again; the profile in
/// docs/benchmarks.md).
const JUDGED_BY_PAIRS: [Judged; 45 * 45] = {
    let mut pairs = [0u16; 45];
    let mut classes = 0u16;
    while classes < 81 {
        pairs[PAIR_NUMBER[classes as usize] as usize] = (classes / 9) | ((classes % 9) << 4);
        classes += 1;
    }
    let mut judged = [Judged {
        threat: 0,
        value: 0,
        worth: 0,
    }; 45 * 45];
    let mut first = 0;
    while first < 45 {
        let mut second = 0;
        while second < 45 {
            judged[first * 45 + second] = judge_afresh(pairs[first] | pairs[second] << 8);
            second += 1;
        }
        first += 1;
    }
    judged
};

/// A point's worth in the evaluation, by its classes.
#[inline(always)]
pub fn point_worth(classes: u16) -> i16 {
    judge(classes).worth
}

/// A point's threat for the side whose classes are `classes` (T_NONE to
/// T_FIVE), as the evaluation counts it.
pub fn point_threat(classes: u16) -> u8 {
    judge(classes).threat
}

/// A point's value by its classes, as it orders the moves: the classes'
/// values plus its threat's bonus (the evaluation's worth before the table).
pub fn class_value(classes: u16) -> i16 {
    judge(classes).value
}

/// The tree's big tables, wherever the caller keeps them (their 216 KiB are
/// no stack's, and on DOS no segment's): the classes by key (CLASS_KEYS bytes,
/// [`CLASS_UNKNOWN`] until worked out; they may be kept from move to move, as
/// they only fill up), the transposition table (TT_ENTRIES entries of a
/// key and a word of data, each search's own: its entries carry the
/// search's generation, see [`TT_GENERATIONS`]), the points saved for the
/// stones of the line being searched (SAVED_POINTS of them) and the keys
/// of an empty board (its walls: the same for every search on a board of
/// that size, and dear to work out on DOS).
pub trait TreeTables {
    /// The classes of a key, or [`CLASS_UNKNOWN`].
    fn classes(&self, key: u16) -> u8;
    fn set_classes(&mut self, key: u16, classes: u8);
    /// The transposition table's entry `slot` (below TT_ENTRIES): its key and
    /// its data.
    fn entry(&self, slot: u16) -> (u32, u32);
    fn set_entry(&mut self, slot: u16, key: u32, data: u32);
    /// Empties the transposition table (every entry's key and data 0). The
    /// tree does so only when its generations run out.
    fn clear_entries(&mut self);
    /// The generation of the newest search, as [`TreeTables::set_generation`]
    /// left it (0 with the table cleared and no search since).
    fn generation(&self) -> u16;
    fn set_generation(&mut self, generation: u16);
    /// The keys of an empty board of `side` points a side (`keys` holds
    /// side² of them), as [`TreeTables::keep_empty_keys`] kept them; false,
    /// `keys` untouched, when the tables keep another side's or none.
    fn empty_keys(&self, side: u8, keys: &mut [[u16; 4]]) -> bool;
    /// Keeps an empty board's keys, `keys` (side² of them), for the
    /// searches to come: one side's at a time.
    fn keep_empty_keys(&mut self, side: u8, keys: &[[u16; 4]]);
    /// Keeps the points' states as they were before a stone changed them,
    /// from slot `at` on (below [`SAVED_POINTS`]: the stones of a line of
    /// the search can change no more), until the stone is taken away: one
    /// call a stone, as a far copy is dear.
    fn save_points(&mut self, at: u16, points: &[SavedPoint]);
    /// The points' states kept from slot `at` on, as many as `points` holds.
    fn saved_points(&self, at: u16, points: &mut [SavedPoint]);
}

/// The tables on the host's heap (the tools' and the tests').
#[cfg(not(target_os = "none"))]
pub struct HeapTables {
    classes: alloc::vec::Vec<u8>,
    entries: alloc::vec::Vec<(u32, u32)>,
    generation: u16,
    saved: alloc::vec::Vec<SavedPoint>,
    /// The side whose empty board's keys are kept (0: none).
    empty_side: u8,
    empty_keys: alloc::vec::Vec<[u16; 4]>,
}

#[cfg(not(target_os = "none"))]
impl HeapTables {
    pub fn new() -> HeapTables {
        HeapTables {
            classes: alloc::vec![CLASS_UNKNOWN; CLASS_KEYS as usize],
            entries: alloc::vec![(0, 0); TT_ENTRIES as usize],
            generation: 0,
            saved: alloc::vec![[0; 8]; SAVED_POINTS],
            empty_side: 0,
            empty_keys: alloc::vec![[0; 4]; EMPTY_KEYS],
        }
    }
}

#[cfg(not(target_os = "none"))]
impl Default for HeapTables {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(not(target_os = "none"))]
impl TreeTables for HeapTables {
    fn classes(&self, key: u16) -> u8 {
        self.classes[key as usize]
    }

    fn set_classes(&mut self, key: u16, classes: u8) {
        self.classes[key as usize] = classes;
    }

    fn entry(&self, slot: u16) -> (u32, u32) {
        self.entries[slot as usize]
    }

    fn set_entry(&mut self, slot: u16, key: u32, data: u32) {
        self.entries[slot as usize] = (key, data);
    }

    fn clear_entries(&mut self) {
        self.entries.fill((0, 0));
    }

    fn generation(&self) -> u16 {
        self.generation
    }

    fn set_generation(&mut self, generation: u16) {
        self.generation = generation;
    }

    fn empty_keys(&self, side: u8, keys: &mut [[u16; 4]]) -> bool {
        if side != self.empty_side {
            return false;
        }
        keys.copy_from_slice(&self.empty_keys[..keys.len()]);
        true
    }

    fn keep_empty_keys(&mut self, side: u8, keys: &[[u16; 4]]) {
        self.empty_keys[..keys.len()].copy_from_slice(keys);
        self.empty_side = side;
    }

    fn save_points(&mut self, at: u16, points: &[SavedPoint]) {
        self.saved[at as usize..][..points.len()].copy_from_slice(points);
    }

    fn saved_points(&self, at: u16, points: &mut [SavedPoint]) {
        points.copy_from_slice(&self.saved[at as usize..][..points.len()]);
    }
}

/// The tables through a reference: a search on the stack borrows its
/// caller's ([`choose`] and the rest), a kept tree owns its own
/// ([`KeptTree`]).
impl<T: TreeTables + ?Sized> TreeTables for &mut T {
    #[inline(always)]
    fn classes(&self, key: u16) -> u8 {
        (**self).classes(key)
    }

    #[inline(always)]
    fn set_classes(&mut self, key: u16, classes: u8) {
        (**self).set_classes(key, classes);
    }

    #[inline(always)]
    fn entry(&self, slot: u16) -> (u32, u32) {
        (**self).entry(slot)
    }

    #[inline(always)]
    fn set_entry(&mut self, slot: u16, key: u32, data: u32) {
        (**self).set_entry(slot, key, data);
    }

    fn clear_entries(&mut self) {
        (**self).clear_entries();
    }

    fn generation(&self) -> u16 {
        (**self).generation()
    }

    fn set_generation(&mut self, generation: u16) {
        (**self).set_generation(generation);
    }

    fn empty_keys(&self, side: u8, keys: &mut [[u16; 4]]) -> bool {
        (**self).empty_keys(side, keys)
    }

    fn keep_empty_keys(&mut self, side: u8, keys: &[[u16; 4]]) {
        (**self).keep_empty_keys(side, keys);
    }

    #[inline(always)]
    fn save_points(&mut self, at: u16, points: &[SavedPoint]) {
        (**self).save_points(at, points);
    }

    #[inline(always)]
    fn saved_points(&self, at: u16, points: &mut [SavedPoint]) {
        (**self).saved_points(at, points);
    }
}

/// Where Strong's search runs: the tree with its tables.
/// PISKRS.COM's tree is an engine in a segment of its own, which the DOS
/// layer calls far ([`crate::tree_door`]); the host's keeps its tables on
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

    /// The machine's speed in probe units a BIOS tick ([`crate::speed`]),
    /// which cuts Strong's budget on a PC slower than the reference
    /// ([`crate::settings::strong_budget_at`]): u16::MAX (the reference or
    /// faster) unless the searcher measures it. The DOS layer's does, when
    /// first asked (Strong's first move), not at every start.
    fn speed_units(&self) -> u16 {
        u16::MAX
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

/// The number of keys (the table of classes' size).
pub const CLASS_KEYS: u32 = 1 << 16;
/// A key's classes not yet worked out.
pub const CLASS_UNKNOWN: u8 = UNKNOWN;

/// What a point is worth to one side: its threat, its value (the moves'
/// order) and its worth (the evaluation's).
#[derive(Clone, Copy, Default)]
struct Judged {
    threat: u8,
    value: i16,
    worth: i16,
}

/// A class's value (high half) and what it counts towards a threat (low
/// half: fives, open fours, fours and open threes, a nibble each), so that a
/// point's four lines add up in one sum.
const CLASS_SUMMARY: [u32; 9] = {
    let mut summary = [0u32; 9];
    let mut class = 0;
    while class < 9 {
        let counts = match class as u8 {
            FIVE => 1 << 12,
            OPEN_FOUR => 1 << 8,
            FOUR => 1 << 4,
            OPEN_THREE | WIDE_OPEN_THREE => 1,
            _ => 0,
        };
        summary[class] = (CLASS_VALUE[class] as u32) << 16 | counts;
        class += 1;
    }
    summary
};

/// A point's threat, value and worth for the side whose four classes are
/// the nibbles of `classes`, from the table.
#[inline(always)]
fn judge(classes: u16) -> Judged {
    let first = PAIR_BY_BYTE[classes as u8 as usize] as usize;
    let second = PAIR_BY_BYTE[(classes >> 8) as usize] as usize;
    JUDGED_BY_PAIRS[first * 45 + second]
}

/// A point's threat, value and worth for the side whose four classes are
/// the nibbles of `classes`, worked out (the table's entries).
const fn judge_afresh(classes: u16) -> Judged {
    let sum = CLASS_SUMMARY[classes as usize & 15]
        + CLASS_SUMMARY[(classes >> 4) as usize & 15]
        + CLASS_SUMMARY[(classes >> 8) as usize & 15]
        + CLASS_SUMMARY[(classes >> 12) as usize];
    let (fives, flex, fours, threes) = (sum >> 12 & 15, sum >> 8 & 15, sum >> 4 & 15, sum & 15);
    let threat = if fives > 0 {
        T_FIVE
    } else if flex > 0 || fours >= 2 {
        T_FLEX_FOUR
    } else if fours == 1 && threes > 0 {
        T_FOUR_THREE
    } else if fours == 1 {
        T_FOUR
    } else if threes >= 2 {
        T_THREE_THREE
    } else if threes == 1 {
        T_THREE
    } else {
        T_NONE
    };
    Judged {
        threat,
        value: (sum >> 16) as i16 + THREAT_VALUE[threat as usize],
        worth: POINT_WORTH[worth_index(classes)],
    }
}

/// The hash of a stone of `stone` on the point of index `index` (worked out
/// rather than kept in a table).
fn stone_key(index: usize, stone: u8) -> u32 {
    let mut x = (index as u32 * 2 + stone as u32).wrapping_mul(0x9E37_79B9);
    x ^= x >> 15;
    x = x.wrapping_mul(0x85EB_CA6B);
    x ^ (x >> 13)
}

/// A move tried, with what orders it.
#[derive(Clone, Copy)]
struct Candidate {
    index: u16,
    order: i32,
}

/// What a scan of the points near the stones found for the side to move:
/// the best threats of each side, and the fives.
struct Threats {
    my_best: u8,
    his_best: u8,
    my_five: u16,
    his_five: u16,
    his_fives: u8,
}

/// The points where one side has a five.
#[derive(Clone, Copy)]
struct FivePoints {
    list: [u16; FIVE_POINTS],
    len: u8,
}

/// The most points with a five a side's list keeps.
const FIVE_POINTS: usize = 8;

/// A point as it was before a stone changed it, to be put back when the
/// stone is taken away (undo by restoring rather than by judging again): its
/// index, its classes for Black and for White, both threats (a byte each),
/// both values and both worths.
pub type SavedPoint = [u16; 8];

/// What a position adds up to beyond its points: for Black and for White,
/// how many points near a stone have each threat (a node's threats are read
/// from here, not scanned for), the points with a five (always near a
/// stone) and whether a list ever held too few (then they are scanned for),
/// the sum of the points' worth; and the hash and the stones' box. A stone
/// of the search keeps a copy to restore.
#[derive(Clone, Copy)]
struct Tally {
    threat_counts: [[u16; 7]; 2],
    five_points: [FivePoints; 2],
    fives_overflowed: bool,
    totals: [i32; 2],
    hash: u32,
    stones_box: StonesBox,
}

/// A stone placed by the search: its point, the tally before it, and where
/// the points it changed begin among the saved ones.
#[derive(Clone, Copy)]
struct Placed {
    index: u16,
    tally: Tally,
    saved_from: u16,
}

/// The rows and columns the stones span (the moves tried lie within two
/// points of them): the first and the last of each.
#[derive(Clone, Copy, PartialEq)]
struct StonesBox {
    cols: (u8, u8),
    rows: (u8, u8),
}

/// The box of no stone: the first stone makes it.
const NO_STONES: StonesBox = StonesBox {
    cols: (u8::MAX, 0),
    rows: (u8::MAX, 0),
};

/// The most points a stone changes: the 32 on its lines and its own.
const CHANGED_PER_STONE: usize = 33;
/// The points the tables keep for the stones of one line of the search.
pub const SAVED_POINTS: usize = MAX_PLY * CHANGED_PER_STONE;

/// The moves tried at a node, best first.
struct Moves {
    list: [Candidate; WIDTH],
    count: usize,
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

/// How often (in nodes) the search asks whether to stop: well under a
/// millisecond on a PC.
const STOP_EVERY: u32 = 256;

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

/// The tree kept from search to search: its tables (owned: in PISKRS.COM's
/// engine a static holds it, src/dos/engine.rs; the host's game boxes it,
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

/// The generation of a new search, kept in `memory`: the one after the
/// newest, or 1 once they run out (past [`TT_GENERATIONS`], or whatever
/// else the tables hold), the table then cleared, so that no entry carries
/// it. So each search sees the table as if it had been cleared for it.
fn next_generation<M: TreeTables + ?Sized>(memory: &mut M) -> u16 {
    let generation = match memory.generation() {
        newest @ 0..TT_GENERATIONS => newest + 1,
        _ => {
            memory.clear_entries();
            1
        }
    };
    memory.set_generation(generation);
    generation
}

/// The most new stones a kept tree goes on with: a game's reply brings two
/// (the tree's last move and his answer). Beyond a few, building the
/// position afresh costs less than judging each stone's points in turn: on
/// an 8086 a new stone costs some 14,000 instructions, going on 7,000 more,
/// and a position of 10 to 30 stones built afresh 100,000 to 170,000.
const GO_ON_STONES: usize = 4;

impl<M: TreeTables, S: Stop> Tree<M, S> {
    /// A tree with no position (side 0), every array and count 0 (the
    /// constants: built in place). `begin` and `take_board` ready it for a
    /// search.
    const fn new(memory: M, stop: S) -> Tree<M, S> {
        Tree {
            side: 0,
            rule: WinRule::FiveOrMore,
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

    /// Readies what a search keeps for a search under `rule` within
    /// `budget` nodes, as a tree built for it would have it: its generation
    /// of the transposition table, no killers, no stone of its own placed,
    /// nothing searched. (What it places, it writes before it reads.)
    fn begin(&mut self, rule: WinRule, budget: u32) {
        self.rule = rule;
        self.placed_count = 0;
        self.saved_count = 0;
        self.changed_count = 0;
        self.killers = NO_KILLERS;
        self.width = if budget < SMALL_BUDGET {
            NARROW_WIDTH
        } else {
            WIDTH
        };
        self.fours_on_path = 0;
        self.nodes = 0;
        self.budget = budget.max(1);
        self.aborted = false;
        self.root_move = None;
        self.root_moves = 0;
        self.generation = next_generation(&mut self.memory);
    }

    /// Makes `board` the position to search: with `go_on`, going on from
    /// the tree's position when `board` only adds a few stones to it, else
    /// (or with no position to go on from) built afresh. False when the
    /// board holds no stone.
    fn take_board(&mut self, board: &Board, go_on: bool) -> bool {
        if !(go_on && self.go_on_to(board)) {
            self.set_empty(board.side() as usize);
            self.set_board(board);
        }
        self.tally.stones_box != NO_STONES
    }

    /// An empty board of `side` points a side: no stone, class, worth or
    /// count, only the walls in the keys. They are worked out for the first
    /// search on a board of this size, then copied from the tables (working
    /// them out was a seventh of a search's start on DOS, and the same every
    /// time).
    fn set_empty(&mut self, side: usize) {
        if side != self.side {
            // The keys past this board's points are the fresh tree's too.
            self.keys = NO_KEYS;
            self.side = side;
        }
        self.cells = [0; MAX_POINTS];
        self.classes = NO_CLASSES;
        self.judged = NO_WORTH;
        self.near = [0; MAX_POINTS];
        self.tally = Tally {
            stones_box: NO_STONES,
            ..ZERO_TALLY
        };
        let points = side * side;
        if !self.memory.empty_keys(side as u8, &mut self.keys[..points]) {
            self.set_walls();
            self.memory
                .keep_empty_keys(side as u8, &self.keys[..points]);
        }
    }

    /// Goes on from the tree's position to `board` when `board` only adds
    /// stones to it, GO_ON_STONES at most: places each new stone (in the
    /// order of their points) as the search places its own, its points
    /// judged again, and puts the fives' lists as `set_board` leaves them.
    /// So the position is the one `set_board` builds, in all the search
    /// reads (`a_kept_tree_goes_on_to_the_position_built_afresh`; a stone's
    /// own classes, which nothing reads while it stands, may be older).
    /// False, the position unchanged, when it cannot: no position yet,
    /// another size, a stone taken away or another colour, too many new.
    fn go_on_to(&mut self, board: &Board) -> bool {
        if board.side() as usize != self.side {
            return false;
        }
        // The new stones, their points and colours, in the order of their
        // points (one pass over the board: on an 8086 a pass costs some
        // 3,000 instructions).
        let mut new = [(0u16, 0u8); GO_ON_STONES];
        let mut count = 0;
        for (index, (&cell, &point)) in self.cells.iter().zip(board.points()).enumerate() {
            let stone = point.map_or(0, |stone| stone as u8 + 1);
            if cell != stone {
                if cell != 0 || count == GO_ON_STONES {
                    return false;
                }
                new[count] = (index as u16, stone);
                count += 1;
            }
        }
        for &(index, stone) in &new[..count] {
            // The points it changes are not kept: it stays.
            self.changed_count = 0;
            self.set(index as usize, stone, true);
        }
        self.put_fives_in_order();
        true
    }

    /// Puts each side's points with a five as `set_board` leaves them: in
    /// the order of their indices (the stones' places and removals left
    /// them in theirs, past the list's end too), and found again when a
    /// list overflowed since the position was built (`set_board`'s overflow
    /// only when more than FIVE_POINTS are there now). Their order and the
    /// overflow change no move (the search counts the fives and takes the
    /// last), only what the state is.
    fn put_fives_in_order(&mut self) {
        if self.tally.fives_overflowed {
            self.tally.five_points = ZERO_TALLY.five_points;
            self.tally.fives_overflowed = false;
            for index in 0..self.side * self.side {
                for side in 0..2 {
                    if self.judged[index][side].threat == T_FIVE {
                        self.note_five(index, side, true);
                    }
                }
            }
            return;
        }
        for points in self.tally.five_points.iter_mut() {
            let len = points.len as usize;
            points.list[..len].sort_unstable();
            points.list[len..].fill(0);
        }
    }

    /// Searches the position for `me` (`to_move`), a depth deeper each time
    /// until the budget ends: the move of the deepest depth it finished (or
    /// of the one under way, once its first move is searched).
    fn search(&mut self, to_move: Stone) -> Option<Searched> {
        let me = to_move as u8 + 1;
        let (mut finished, mut finished_score) = (0, 0);
        for depth in 1..MAX_DEPTH {
            // Each depth leaves its best move whose search finished in root_move.
            let score = self.negamax(me, depth, -WIN - 1, WIN + 1, 0);
            if self.aborted {
                break;
            }
            (finished, finished_score) = (depth, score);
            // Done early: a forced reply (his five's block, my five) is the
            // move whatever the depth, and so is a proven win (a deeper
            // depth may only find another). Both answer at once where they
            // spent the budget (on /BENCH's positions 5 to 11: 2 to 113
            // nodes of 400); against Classic the same 1,200 games' winners
            // (seeds 1-3, both rules), 32 a little longer or shorter.
            if self.nodes >= self.budget || self.root_moves == 1 || score >= PROVEN {
                break;
            }
        }
        let index = self.root_move? as usize;
        let side = self.side;
        Some(Searched {
            point: Point::new((index % side) as u8, (index / side) as u8),
            nodes: self.nodes,
            depth: finished,
            score: finished_score,
        })
    }

    /// Places `board`'s stones on the empty board, then judges every point
    /// once from its final keys.
    fn set_board(&mut self, board: &Board) {
        let side = self.side;
        // The board's points in the order of their indices (as its rows
        // are the tree's), not by `Board::get`: no point's column and row
        // worked out from its index (a division on DOS, 361 of them a start).
        for (index, &point) in board.points().iter().enumerate() {
            if let Some(stone) = point {
                self.set(index, stone as u8 + 1, false);
            }
        }
        for index in 0..side * side {
            // A point with no stone within four steps has no class (its
            // classes and worth stay the empty tree's): most of an early
            // board, not looked up.
            let keys = self.keys[index];
            let stones = keys.iter().any(|&key| (key ^ key >> 1) & 0x5555 != 0);
            if stones || self.cells[index] != 0 {
                self.refresh(index);
            }
        }
    }

    /// The step between neighbours along line `d`.
    fn stride(&self, d: usize) -> isize {
        let (dc, dr) = DIRECTIONS[d];
        dr as isize * self.side as isize + dc as isize
    }

    /// The bit pair of the point `steps` from a point along a line (-4..=4,
    /// not 0) in its key.
    fn slot(steps: isize) -> u32 {
        (if steps < 0 { steps + 4 } else { steps + 3 }) as u32 * 2
    }

    /// Marks the points off the board in every key: along each line, the
    /// steps past the room a point has to the edge, each way.
    fn set_walls(&mut self) {
        let side = self.side;
        // How far a point at `at` can step by `delta` (-1, 0 or 1) and stay
        // on the board, four at most.
        let room = |at: usize, delta: i8| match delta {
            1 => (side - 1 - at).min(4),
            -1 => at.min(4),
            _ => 4,
        };
        for index in 0..side * side {
            let (col, row) = (index % side, index / side);
            for (d, &(dc, dr)) in DIRECTIONS.iter().enumerate() {
                let ahead = room(col, dc).min(room(row, dr));
                let behind = room(col, -dc).min(room(row, -dr));
                self.keys[index][d] = WALLS_AHEAD[ahead] | WALLS_BEHIND[behind];
            }
        }
    }

    /// The classes of a key, from the table (worked out the first time).
    #[inline(always)]
    fn classes_of(&mut self, key: u16) -> u8 {
        let known = self.memory.classes(key);
        if known != UNKNOWN {
            return known;
        }
        self.work_out_classes(key)
    }

    /// The classes of a key met for the first time (a few hundred keys a
    /// game: out of the way of the lookup), kept in the table.
    #[inline(never)]
    fn work_out_classes(&mut self, key: u16) -> u8 {
        let (mut stones, mut edge) = ([0u16; 2], 0u16);
        for steps in -4..5isize {
            if steps == 0 {
                continue;
            }
            let bit = 1 << (steps + 4);
            match key >> Self::slot(steps) & 3 {
                1 => stones[0] |= bit,
                2 => stones[1] |= bit,
                3 => edge |= bit,
                _ => {}
            }
        }
        let classes = classes_from_masks(stones, edge);
        self.memory.set_classes(key, classes);
        classes
    }

    /// Works out an empty point's classes along line `d` from its key, and
    /// its worth when they changed.
    fn refresh_line(&mut self, index: usize, d: usize) {
        let both = self.classes_of(self.keys[index][d]) as u16;
        let old = self.classes[index];
        let line = !(15 << (4 * d));
        let words = [
            old[0] & line | (both & 15) << (4 * d),
            old[1] & line | (both >> 4) << (4 * d),
        ];
        if words != old {
            self.save_point(index);
        }
        for side in 0..2 {
            if words[side] != old[side] {
                self.classes[index][side] = words[side];
                self.rejudge(index, side);
            }
        }
    }

    /// Keeps the point `index` as it is, to be restored when the newest
    /// stone is taken away.
    #[inline(always)]
    fn save_point(&mut self, index: usize) {
        let [black, white] = self.judged[index];
        let point = [
            index as u16,
            self.classes[index][0],
            self.classes[index][1],
            black.threat as u16 | (white.threat as u16) << 8,
            black.value as u16,
            white.value as u16,
            black.worth as u16,
            white.worth as u16,
        ];
        self.changed[self.changed_count] = point;
        self.changed_count += 1;
    }

    /// Works out a point's classes along all four lines.
    fn refresh(&mut self, index: usize) {
        let mut words = [0u16; 2];
        for d in 0..4 {
            let both = self.classes_of(self.keys[index][d]) as u16;
            words[0] |= (both & 15) << (4 * d);
            words[1] |= (both >> 4) << (4 * d);
        }
        self.classes[index] = words;
        self.rejudge(index, 0);
        self.rejudge(index, 1);
    }

    /// A point's worth to one side from its classes (nothing for a stone's
    /// point), keeping the totals and the threat counts.
    #[inline(always)]
    fn rejudge(&mut self, index: usize, side: usize) {
        let judged = if self.cells[index] != 0 {
            Judged::default()
        } else {
            judge(self.classes[index][side])
        };
        let old = self.judged[index][side];
        self.tally.totals[side] += judged.worth as i32 - old.worth as i32;
        if self.near[index] > 0 {
            self.tally.threat_counts[side][old.threat as usize] -= 1;
            self.tally.threat_counts[side][judged.threat as usize] += 1;
        }
        if (old.threat == T_FIVE) != (judged.threat == T_FIVE) {
            self.note_five(index, side, judged.threat == T_FIVE);
        }
        self.judged[index][side] = judged;
    }

    /// Adds the point `index` to `side`'s points with a five, or takes it
    /// away.
    fn note_five(&mut self, index: usize, side: usize, five: bool) {
        let points = &mut self.tally.five_points[side];
        if self.tally.fives_overflowed {
            return;
        }
        if five {
            if points.len as usize == FIVE_POINTS {
                self.tally.fives_overflowed = true;
                return;
            }
            points.list[points.len as usize] = index as u16;
            points.len += 1;
        } else if let Some(at) = points.list[..points.len as usize]
            .iter()
            .position(|&point| point == index as u16)
        {
            points.len -= 1;
            points.list[at] = points.list[points.len as usize];
        }
    }

    /// Puts stone `stone` (1 Black, 2 White) on the point `index`, or takes
    /// the newest away (`stone` 0: only the keys and the near counts, as
    /// [`Tree::remove`] restores the rest); the points whose keys change are
    /// judged again if `judge` (else the caller judges every point
    /// afterwards).
    fn set(&mut self, index: usize, stone: u8, judge: bool) {
        self.cells[index] = stone;
        if stone != 0 {
            self.tally.hash ^= stone_key(index, stone);
            let (col, row) = ((index % self.side) as u8, (index / self.side) as u8);
            let stones = &mut self.tally.stones_box;
            stones.cols = (stones.cols.0.min(col), stones.cols.1.max(col));
            stones.rows = (stones.rows.0.min(row), stones.rows.1.max(row));
        }
        for d in 0..4 {
            let stride = self.stride(d);
            // The point's own key marks where the board ends along the line:
            // its slots 3 down to 0 behind it, 4 up to 7 ahead. In the key
            // of a point behind it, it is ahead (and the other way round).
            let own = self.keys[index][d];
            let (mut q, mut shift) = (index as isize, 0);
            while shift < 8 && own >> (6 - shift) & 3 != WALL {
                q -= stride;
                self.set_key(q as usize, d, 8 + shift, stone, judge);
                shift += 2;
            }
            let (mut q, mut shift) = (index as isize, 0);
            while shift < 8 && own >> (8 + shift) & 3 != WALL {
                q += stride;
                self.set_key(q as usize, d, 6 - shift, stone, judge);
                shift += 2;
            }
        }
        // The points within two of the stone, row by row.
        let side = self.side;
        let (col, row) = (index % side, index / side);
        let cols = col.saturating_sub(2)..side.min(col + 3);
        for r in row.saturating_sub(2)..side.min(row + 3) {
            let first = r * side;
            if stone == 0 {
                for q in first + cols.start..first + cols.end {
                    self.near[q] -= 1;
                }
                continue;
            }
            for q in first + cols.start..first + cols.end {
                self.near[q] += 1;
                if self.near[q] == 1 {
                    // The point joins the points counted.
                    let [black, white] = self.judged[q];
                    self.tally.threat_counts[0][black.threat as usize] += 1;
                    self.tally.threat_counts[1][white.threat as usize] += 1;
                }
            }
        }
        if judge {
            // The stone's own point is worth nothing now; its classes wait,
            // unused, for the stone to be taken away (they are restored).
            self.rejudge(index, 0);
            self.rejudge(index, 1);
        }
    }

    /// Puts `stone` (or an empty point, 0) in the key of the point `at`
    /// along line `d`, at the bit pair `shift`; judges the point again if
    /// `judge` and it is empty.
    #[inline(always)]
    fn set_key(&mut self, at: usize, d: usize, shift: u32, stone: u8, judge: bool) {
        let key = &mut self.keys[at][d];
        *key = *key & !(3 << shift) | (stone as u16) << shift;
        if judge && self.cells[at] == 0 {
            self.refresh_line(at, d);
        }
    }

    /// Places a stone of the search, keeping what it changes.
    fn place(&mut self, index: usize, stone: u8) {
        self.nodes += 1;
        self.placed[self.placed_count] = Placed {
            index: index as u16,
            tally: self.tally,
            saved_from: self.saved_count as u16,
        };
        self.placed_count += 1;
        self.changed_count = 0;
        self.save_point(index);
        self.set(index, stone, true);
        let changed = &self.changed[..self.changed_count];
        self.memory.save_points(self.saved_count as u16, changed);
        self.saved_count += changed.len();
    }

    /// Takes away the newest stone of the search, at `index`: the keys and
    /// the near counts as they were, every point it changed restored.
    fn remove(&mut self, index: usize) {
        self.placed_count -= 1;
        let saved = self.placed[self.placed_count];
        self.set(index, 0, false);
        let changed = &mut self.changed[..self.saved_count - saved.saved_from as usize];
        self.memory.saved_points(saved.saved_from, changed);
        for &[
            index,
            black,
            white,
            threats,
            black_value,
            white_value,
            black_worth,
            white_worth,
        ] in changed.iter()
        {
            let index = index as usize;
            self.classes[index] = [black, white];
            self.judged[index] = [
                Judged {
                    threat: threats as u8,
                    value: black_value as i16,
                    worth: black_worth as i16,
                },
                Judged {
                    threat: (threats >> 8) as u8,
                    value: white_value as i16,
                    worth: white_worth as i16,
                },
            ];
        }
        self.saved_count = saved.saved_from as usize;
        self.tally = saved.tally;
    }

    /// Whether a stone of `stone` on the empty point `index` makes a five
    /// under the rule (the classes see four points each way: under exact
    /// five a sixth stone beyond them spoils it).
    fn makes_five(&self, index: usize, stone: u8) -> bool {
        if self.rule == WinRule::FiveOrMore {
            return true;
        }
        (0..4).any(|d| self.run(index, d, stone) == 5)
    }

    /// The length of the run of `stone` through the empty point `index` along
    /// line `d`, the point counted.
    fn run(&self, index: usize, d: usize, stone: u8) -> u32 {
        let (dc, dr) = DIRECTIONS[d];
        let side = self.side as isize;
        let (col, row) = ((index % self.side) as isize, (index / self.side) as isize);
        let mut length = 1;
        for sign in [-1isize, 1] {
            let mut steps = 1;
            loop {
                let (c, r) = (
                    col + dc as isize * steps * sign,
                    row + dr as isize * steps * sign,
                );
                if !(0..side).contains(&c) || !(0..side).contains(&r) {
                    break;
                }
                if self.cells[(r * side + c) as usize] != stone {
                    break;
                }
                length += 1;
                steps += 1;
            }
        }
        length
    }

    /// Both sides' threats, `me` (1 or 2) to move: from the counts, unless a
    /// five is about (then its point is wanted, and under exact five whether
    /// it is one).
    fn threats(&self, me: u8) -> Threats {
        let (mine, his) = (me as usize - 1, 2 - me as usize);
        // The best threat below a five (fives are looked at below).
        let best = |counts: &[u16; 7]| {
            let mut threat = T_FLEX_FOUR;
            while threat >= T_THREE && counts[threat as usize] == 0 {
                threat -= 1;
            }
            threat
        };
        let mut scan = Threats {
            my_best: best(&self.tally.threat_counts[mine]),
            his_best: best(&self.tally.threat_counts[his]),
            my_five: 0,
            his_five: 0,
            his_fives: 0,
        };
        let (my_fives, my_five) = self.real_fives(mine);
        let (his_fives, his_five) = self.real_fives(his);
        if my_fives > 0 {
            (scan.my_best, scan.my_five) = (T_FIVE, my_five);
        }
        if his_fives > 0 {
            (scan.his_best, scan.his_fives, scan.his_five) = (T_FIVE, his_fives, his_five);
        }
        scan
    }

    /// How many points make `side` (0 Black, 1 White) a five under the rule,
    /// and the last of them.
    fn real_fives(&self, side: usize) -> (u8, u16) {
        let stone = side as u8 + 1;
        let (mut count, mut last) = (0, 0);
        let mut count_point = |index: usize| {
            if self.makes_five(index, stone) {
                count += 1;
                last = last.max(index as u16);
            }
        };
        if self.tally.threat_counts[side][T_FIVE as usize] == 0 {
            return (0, 0);
        }
        if self.tally.fives_overflowed {
            let points = self.side * self.side;
            (0..points)
                .filter(|&index| self.judged[index][side].threat == T_FIVE)
                .for_each(count_point);
        } else {
            let points = &self.tally.five_points[side];
            points.list[..points.len as usize]
                .iter()
                .for_each(|&index| count_point(index as usize));
        }
        (count, last)
    }

    /// The moves worth trying for `me` (1 or 2), best first, given the
    /// threats (a leaf needs only those); with `fours_from`, only my fours in
    /// reach of that stone of mine.
    fn moves(&self, me: u8, threats: &Threats, fours_from: Option<usize>) -> Moves {
        let mine = me as usize - 1;
        let mut moves = Moves {
            list: [Candidate { index: 0, order: 0 }; WIDTH],
            count: 0,
        };
        if threats.my_best == T_FIVE || threats.his_fives > 0 {
            // My five, else the block of his (of two, one: he wins anyway).
            moves.list[0].index = if threats.my_best == T_FIVE {
                threats.my_five
            } else {
                threats.his_five
            };
            moves.count = 1;
            return moves;
        }
        // Against his open three or four-three: only the points on his
        // threat lines, and my fours.
        let defend = threats.his_best >= T_FOUR_THREE && threats.my_best < T_FLEX_FOUR;
        // The points near a stone, in the order of their indices (plain
        // ranges: on DOS, chained iterators step by calls).
        let stones = self.tally.stones_box;
        let cols =
            stones.cols.0.saturating_sub(2) as usize..self.side.min(stones.cols.1 as usize + 3);
        let rows =
            stones.rows.0.saturating_sub(2) as usize..self.side.min(stones.rows.1 as usize + 3);
        for row in rows {
            for col in cols.clone() {
                let index = row * self.side + col;
                if let Some(candidate) = self.candidate(index, mine, defend, fours_from) {
                    insert(&mut moves, candidate);
                }
            }
        }
        moves
    }

    /// The point `index` as a move for side `mine` (0 Black, 1 White), with
    /// its order: None unless it is empty and near a stone, with
    /// `fours_from` a four of mine in reach of that stone, and when
    /// `defending`, on one of his threat lines or a four of mine.
    #[inline(always)]
    fn candidate(
        &self,
        index: usize,
        mine: usize,
        defending: bool,
        fours_from: Option<usize>,
    ) -> Option<Candidate> {
        let his = 1 - mine;
        if self.near[index] == 0 || self.cells[index] != 0 {
            return None;
        }
        let [a, b] = [self.judged[index][mine], self.judged[index][his]];
        if let Some(from) = fours_from
            && (a.threat < T_FOUR || !self.in_reach(index, from))
        {
            return None;
        }
        if defending && a.threat < T_FOUR {
            let word = self.classes[index][his];
            let on_his_line = (0..4).any(|d| (word >> (4 * d)) as u8 & 15 >= FOUR);
            if !on_his_line {
                return None;
            }
        }
        let order = a.value as i32 * 2 + b.value as i32 + ((a.threat.max(b.threat) as i32) << 12);
        Some(Candidate {
            index: index as u16,
            order,
        })
    }

    /// Whether the point `index` is within two points of the point `from`
    /// or on one of its lines within four steps: where a four that goes on
    /// from a stone at `from` lies (a victory by continuous fours).
    fn in_reach(&self, index: usize, from: usize) -> bool {
        let side = self.side;
        let cols = (index % side).abs_diff(from % side);
        let rows = (index / side).abs_diff(from / side);
        let on_a_line = cols == 0 || rows == 0 || cols == rows;
        cols.max(rows) <= 2 || on_a_line && cols.max(rows) <= 4
    }

    fn negamax(&mut self, me: u8, depth: i8, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        // Not asked before the first nodes: by then the root has a move.
        let ask = self.nodes > 0 && self.nodes.is_multiple_of(STOP_EVERY);
        if self.nodes >= self.budget || ask && self.stop.now() {
            self.aborted = true;
            return 0;
        }
        let scan = self.threats(me);
        // Below the root, what the threats decide is a score (at the root a
        // move is wanted: it is searched).
        let ply_score = ply as i32;
        if ply > 0 {
            if scan.my_best == T_FIVE {
                return WIN - ply_score;
            } else if scan.his_fives >= 2 {
                return -(WIN - ply_score - 1);
            } else if scan.his_fives == 0 && scan.my_best == T_FLEX_FOUR {
                return WIN - ply_score - 2;
            } else if scan.his_fives == 0 && scan.my_best == T_FOUR_THREE && scan.his_best < T_FOUR
            {
                return WIN - ply_score - 4;
            }
        }
        let forced = scan.his_fives > 0;
        if ply > 0 && (depth <= 0 && !forced || ply + 1 >= MAX_PLY) {
            return self.evaluate(me, &scan);
        }
        // Deep in fours, only fours go on, each in reach of the side's last
        // stone: a victory by continuous fours (each four near the one
        // before) is still searched to its end, but the fours of both sides
        // no longer each reopen a full node at the same depth, nor every four
        // on the board follow every other (a crowded position could spend
        // nearly all its nodes there: docs/strength.md). With none, the
        // position is scored. (Four fours on the line of play are four
        // stones, so the side has a last one.)
        let fours_only = ply > 0 && self.fours_on_path >= FOURS_BEFORE_ONLY_FOURS;
        let fours_from = fours_only.then(|| self.placed[self.placed_count - 2].index as usize);
        let Moves {
            list: mut moves,
            count,
        } = self.moves(me, &scan, fours_from);
        if ply == 0 {
            // At the root a move is wanted, not only a score: the first in
            // order stands until a search finishes.
            self.root_move = self.root_move.or((count > 0).then_some(moves[0].index));
            self.root_moves = count;
        }
        if count == 0 {
            return self.evaluate(me, &scan);
        }
        // A forced block costs no depth.
        let depth = if forced { depth } else { depth - 1 };
        let original_alpha = alpha;
        let (table_move, hit) = self.probe(depth, alpha, beta);
        if let (Some(score), true) = (hit, ply > 0) {
            return score;
        }
        let killers = self.killers[ply];
        for candidate in moves[..count].iter_mut() {
            if Some(candidate.index) == table_move {
                candidate.order = i32::MAX;
            } else if candidate.index == killers[0] || candidate.index == killers[1] {
                candidate.order = candidate.order.saturating_add(1 << 20);
            }
        }
        sort(&mut moves[..count]);
        // Cut after the order: the table's move and the killers stay.
        let count = if ply > 0 {
            count.min(self.width)
        } else {
            count
        };
        let him = 3 - me;
        let mut best_score = -WIN - 1;
        let mut best_move = moves[0].index;
        for (i, candidate) in moves[..count].iter().enumerate() {
            let index = candidate.index as usize;
            // A four costs no depth either: his answer is forced, so a
            // victory by fours is searched to its end (against Rapfi 32.5 ->
            // 37.0%, docs/strength.md).
            let threat = self.judged[index][me as usize - 1].threat;
            let four = (T_FOUR..T_FIVE).contains(&threat);
            let depth = if four { depth + 1 } else { depth };
            self.fours_on_path += four as u8;
            self.place(index, me);
            let mut score;
            if i == 0 {
                score = -self.negamax(him, depth, -beta, -alpha, ply + 1);
            } else {
                score = -self.negamax(him, depth, -alpha - 1, -alpha, ply + 1);
                if score > alpha && score < beta && !self.aborted {
                    score = -self.negamax(him, depth, -beta, -alpha, ply + 1);
                }
            }
            self.remove(index);
            self.fours_on_path -= four as u8;
            if self.aborted {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = candidate.index;
                if ply == 0 {
                    self.root_move = Some(best_move);
                }
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                if self.killers[ply][0] != candidate.index {
                    self.killers[ply] = [candidate.index, self.killers[ply][0]];
                }
                break;
            }
        }
        let bound = if best_score <= original_alpha {
            UPPER
        } else if best_score >= beta {
            LOWER
        } else {
            EXACT
        };
        self.store(depth, best_score, bound, best_move);
        best_score
    }

    /// The position's worth for `me`, to move.
    fn evaluate(&self, me: u8, scan: &Threats) -> i32 {
        let (mine, his) = (me as usize - 1, 2 - me as usize);
        let mut score = self.tally.totals[mine] - self.tally.totals[his];
        if scan.his_fives == 0 {
            score += TEMPO_VALUE[scan.my_best as usize][scan.his_best as usize];
        }
        // Each side's count of points with each threat, from an open
        // three's point to an open four's (the search keeps the counts).
        for (role, side) in [mine, his].into_iter().enumerate() {
            let counts = &self.tally.threat_counts[side];
            for threat in T_THREE as usize..T_FIVE as usize {
                let bucket = (counts[threat] as usize).min(COUNT_BUCKETS - 1);
                score += COUNT_VALUE[role][threat][bucket];
            }
        }
        score
    }

    /// The table's move for this position and, when its entry decides the
    /// window, its score.
    fn probe(&self, depth: i8, alpha: i32, beta: i32) -> (Option<u16>, Option<i32>) {
        let (key, data) = self.entry();
        if key != self.tally.hash {
            return (None, None);
        }
        let score = data as u16 as i16 as i32;
        let entry_depth = (data >> 16) as i8 & 31;
        let bound = (data >> 21) & 3;
        let index = (data >> 23) as u16;
        let hit = entry_depth >= depth
            && (bound == EXACT
                || bound == UPPER && score <= alpha
                || bound == LOWER && score >= beta);
        (Some(index), hit.then_some(score))
    }

    fn store(&mut self, depth: i8, score: i32, bound: u32, index: u16) {
        let data = score as i16 as u16 as u32
            | (depth.max(0) as u32 & 31) << 16
            | bound << 21
            | (index as u32) << 23;
        let key = self.tally.hash & !SLOT_BITS | self.generation as u32;
        self.memory.set_entry(self.entry_slot(), key, data);
    }

    /// The position's entry in the transposition table as a table cleared
    /// for this search would hold it: one this search stored, its key whole
    /// again (the slot's bits for the generation's), else an empty one (key
    /// 0, data 0: so even a hash of 0 meets what it met before the
    /// generations).
    fn entry(&self) -> (u32, u32) {
        let slot = self.entry_slot();
        let (key, data) = self.memory.entry(slot);
        if key & SLOT_BITS == self.generation as u32 {
            (key & !SLOT_BITS | slot as u32, data)
        } else {
            (0, 0)
        }
    }

    /// The position's entry in the transposition table.
    fn entry_slot(&self) -> u16 {
        self.tally.hash as u16 & (TT_ENTRIES - 1)
    }
}

/// A table entry's bound: its score is exact, at most, at least.
const EXACT: u32 = 0;
const UPPER: u32 = 1;
const LOWER: u32 = 2;

/// Sorts the moves best first (insertion: at most WIDTH of them).
fn sort(moves: &mut [Candidate]) {
    for i in 1..moves.len() {
        let mut at = i;
        let moving = moves[i];
        while at > 0 && moves[at - 1].order < moving.order {
            moves[at] = moves[at - 1];
            at -= 1;
        }
        moves[at] = moving;
    }
}

/// Puts `candidate` into the scan's moves, kept best first; the weakest
/// falls off the end.
fn insert(moves: &mut Moves, candidate: Candidate) {
    let mut at = moves.count;
    while at > 0 && moves.list[at - 1].order < candidate.order {
        at -= 1;
    }
    if at < WIDTH {
        moves.count = (moves.count + 1).min(WIDTH);
        let mut i = moves.count - 1;
        while i > at {
            moves.list[i] = moves.list[i - 1];
            i -= 1;
        }
        moves.list[at] = candidate;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    /// What a tree knows of its position, its points' classes only where
    /// empty (a stone's are kept unused until it is taken away) when
    /// `all_classes` is false.
    fn state<M: TreeTables, S: Stop>(tree: &Tree<M, S>, all_classes: bool) -> Vec<i64> {
        let mut seen: Vec<i64> = Vec::new();
        for index in 0..tree.side * tree.side {
            seen.push(tree.cells[index] as i64);
            seen.push(tree.near[index] as i64);
            seen.extend(tree.keys[index].iter().map(|&key| key as i64));
            if all_classes || tree.cells[index] == 0 {
                seen.extend(tree.classes[index].iter().map(|&word| word as i64));
            }
            for judged in tree.judged[index] {
                seen.extend([
                    judged.threat as i64,
                    judged.value as i64,
                    judged.worth as i64,
                ]);
            }
        }
        for side in 0..2 {
            seen.extend(
                tree.tally.threat_counts[side]
                    .iter()
                    .map(|&count| count as i64),
            );
            let points = &tree.tally.five_points[side];
            let mut fives: Vec<u16> = points.list[..points.len as usize].to_vec();
            fives.sort();
            seen.extend(fives.iter().map(|&index| index as i64));
            seen.push(-1);
            seen.push(tree.tally.totals[side] as i64);
        }
        seen.push(tree.tally.fives_overflowed as i64);
        seen.push(tree.tally.hash as i64);
        let stones = tree.tally.stones_box;
        seen.extend([stones.cols.0, stones.cols.1, stones.rows.0, stones.rows.1].map(i64::from));
        seen
    }

    /// Each point's keys as its lines read on the board (not as the
    /// stones' updates made them).
    fn read_keys<M: TreeTables, S: Stop>(tree: &Tree<M, S>) -> Vec<u16> {
        let side = tree.side as isize;
        let mut keys = Vec::new();
        for index in 0..tree.side * tree.side {
            let (col, row) = (index as isize % side, index as isize / side);
            for &(dc, dr) in DIRECTIONS.iter() {
                let mut key = 0;
                for steps in (-4..5isize).filter(|&steps| steps != 0) {
                    let (c, r) = (col + dc as isize * steps, row + dr as isize * steps);
                    let on_board = (0..side).contains(&c) && (0..side).contains(&r);
                    let what = if on_board {
                        tree.cells[(r * side + c) as usize] as u16
                    } else {
                        WALL
                    };
                    key |= what << Tree::<HeapTables, Never>::slot(steps);
                }
                keys.push(key);
            }
        }
        keys
    }

    /// Each empty point's classes as its keys give them, looked up afresh.
    fn looked_up_classes<M: TreeTables, S: Stop>(tree: &mut Tree<M, S>) -> Vec<[u16; 2]> {
        let mut classes = Vec::new();
        for index in 0..tree.side * tree.side {
            if tree.cells[index] == 0 {
                let mut words = [0u16; 2];
                for d in 0..4 {
                    let both = tree.classes_of(tree.keys[index][d]) as u16;
                    words[0] |= (both & 15) << (4 * d);
                    words[1] |= (both >> 4) << (4 * d);
                }
                classes.push(words);
            }
        }
        classes
    }

    /// What `read` reads of a tree built afresh for the stones of `tree`.
    fn read_afresh<M: TreeTables, S: Stop>(
        tree: &Tree<M, S>,
        read: impl FnOnce(&mut Tree<&mut HeapTables, &dyn Fn() -> bool>) -> Vec<i64>,
    ) -> Vec<i64> {
        let side = tree.side;
        let mut board = Board::new(side as u8);
        for index in 0..side * side {
            let stone = [None, Some(Stone::Black), Some(Stone::White)][tree.cells[index] as usize];
            board.set(
                Point::new((index % side) as u8, (index / side) as u8),
                stone,
            );
        }
        let mut memory = HeapTables::new();
        with_tree(&board, tree.rule, 1, &mut memory, &|| false, |fresh| {
            read(fresh)
        })
        .expect("stones")
    }

    /// The state of a tree built afresh for the stones of `tree`.
    fn fresh_state<M: TreeTables, S: Stop>(tree: &Tree<M, S>) -> Vec<i64> {
        read_afresh(tree, |fresh| state(fresh, false))
    }

    /// Stones placed as a search places them and taken away again: after
    /// each placing the tree is what a tree built afresh for its stones is
    /// (every key, class, worth, count, five and sum; the keys as the board
    /// reads, the classes as the keys give them), and after each
    /// taking away it is exactly what it was before that stone, on both
    /// boards and rules, fives and walls included.
    #[test]
    fn the_judged_table_is_each_point_judged_afresh() {
        for classes in 0..9u16.pow(4) {
            let word = (0..4).fold(0u16, |word, d| {
                word | (classes / 9u16.pow(d) % 9) << (4 * d)
            });
            let (table, afresh) = (judge(word), judge_afresh(word));
            assert_eq!(
                (table.threat, table.value, table.worth),
                (afresh.threat, afresh.value, afresh.worth),
                "classes {word:04x}"
            );
        }
    }

    /// The tests' random draws from `seed`: each call gives a number below
    /// its argument (a linear congruential generator, so a test replays).
    fn draws(mut seed: u32) -> impl FnMut(usize) -> usize {
        move |below| {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            (seed >> 16) as usize % below
        }
    }

    #[test]
    fn a_stone_taken_away_restores_the_tree() {
        let mut next = draws(11);
        for game in 0..24 {
            let (side, rule) = [(19, WinRule::FiveOrMore), (15, WinRule::ExactlyFive)][game % 2];
            let mut board = Board::new(side as u8);
            for stone in 0..(4 + next(30)) {
                let point = Point::new(next(side) as u8, next(side) as u8);
                board.set(point, Some([Stone::Black, Stone::White][stone % 2]));
            }
            let mut memory = HeapTables::new();
            with_tree(&board, rule, 1, &mut memory, &|| false, |tree| {
                for _line in 0..6 {
                    let mut before = Vec::new();
                    let mut placed = Vec::new();
                    // Down a line of the search (near the stones or
                    // anywhere), then back up it.
                    for ply in 0..(1 + next(14)) {
                        let index = next(side * side);
                        if tree.cells[index] != 0 {
                            continue;
                        }
                        before.push(state(tree, true));
                        tree.place(index, 1 + (ply % 2) as u8);
                        placed.push(index);
                        assert_eq!(state(tree, false), fresh_state(tree), "placed {index}");
                        let keys: Vec<u16> = tree.keys[..side * side].concat();
                        assert_eq!(keys, read_keys(tree), "the keys, placed {index}");
                        let empty = (0..side * side).filter(|&q| tree.cells[q] == 0);
                        let classes: Vec<[u16; 2]> = empty.map(|q| tree.classes[q]).collect();
                        assert_eq!(classes, looked_up_classes(tree), "placed {index}");
                    }
                    while let Some(index) = placed.pop() {
                        tree.remove(index);
                        assert_eq!(state(tree, true), before.pop().unwrap(), "took {index}");
                    }
                }
            })
            .expect("stones");
        }
    }

    /// What the search reads of a tree's position beyond [`state`]: every
    /// key (past the board's points too), and the fives' lists as they lie
    /// (their order, what is past their ends, whether one overflowed).
    fn raw_fives_and_keys<M: TreeTables, S: Stop>(tree: &Tree<M, S>) -> Vec<i64> {
        let mut seen: Vec<i64> = tree.keys.concat().iter().map(|&key| key as i64).collect();
        for points in &tree.tally.five_points {
            seen.extend(points.list.iter().map(|&index| index as i64));
            seen.push(points.len as i64);
        }
        seen.push(tree.tally.fives_overflowed as i64);
        seen
    }

    /// The same for a tree built afresh for the stones of `tree`.
    fn fresh_raw_fives_and_keys<M: TreeTables, S: Stop>(tree: &Tree<M, S>) -> Vec<i64> {
        read_afresh(tree, |fresh| raw_fives_and_keys(fresh))
    }

    /// A kept tree, searching move after move of games (a few stones more
    /// each time, now and then many, a stone taken away, another board),
    /// has after each search's start and after each search the position a
    /// tree built afresh has (every key, class, worth, count, five and
    /// sum: `state`, and the fives' lists exactly), whether it went on from
    /// its last position or built the new one: and it went on mostly.
    #[test]
    fn a_kept_tree_goes_on_to_the_position_built_afresh() {
        let mut next = draws(5);
        let mut kept = KeptTree::new(HeapTables::new());
        let (mut went_on, mut built) = (0, 0);
        for game in 0..16 {
            let (side, rule) = [(19, WinRule::FiveOrMore), (15, WinRule::ExactlyFive)][game % 2];
            let mut board = Board::new(side as u8);
            let mut color = 0;
            for turn in 0..40 {
                // Mostly a move or two; now and then ten stones, or one
                // taken away.
                let stones = match next(16) {
                    0 => 10,
                    1 => 0,
                    n => 1 + n % 2,
                };
                if stones == 0 && turn > 0 {
                    let taken = (0..side * side)
                        .map(|index| Point::new((index % side) as u8, (index / side) as u8))
                        .find(|&point| board.get(point).is_some());
                    board.set(taken.expect("a stone"), None);
                }
                for _ in 0..stones {
                    let point = Point::new(next(side) as u8, next(side) as u8);
                    if board.get(point).is_none() {
                        board.set(point, Some([Stone::Black, Stone::White][color]));
                        color = 1 - color;
                    }
                }
                let tree = &mut kept.0;
                tree.begin(rule, 30);
                if tree.go_on_to(&board) {
                    went_on += 1;
                } else {
                    tree.set_empty(side);
                    tree.set_board(&board);
                    built += 1;
                }
                if tree.tally.stones_box == NO_STONES {
                    continue;
                }
                for searched in [false, true] {
                    let tree = &mut kept.0;
                    let at = (game, turn, searched);
                    assert_eq!(state(tree, false), fresh_state(tree), "{at:?}");
                    assert_eq!(
                        raw_fives_and_keys(tree),
                        fresh_raw_fives_and_keys(tree),
                        "{at:?}"
                    );
                    let to_move = [Stone::Black, Stone::White][color];
                    tree.search(to_move);
                }
            }
        }
        assert!(
            went_on > 400 && built > 40,
            "went on {went_on}, built {built}"
        );
    }

    /// A list of fives that overflowed in a kept tree's past is found
    /// again when fewer are left: Black's five fours, open at both ends,
    /// have ten points with a five (more than a list holds); White blocks
    /// two and the kept tree's lists are the eight points a tree built
    /// afresh lists.
    #[test]
    fn a_kept_tree_finds_its_fives_again_after_an_overflow() {
        let mut board = Board::new(19);
        for row in [1, 4, 7, 10, 13] {
            for col in 5..9 {
                board.set(Point::new(col, row), Some(Stone::Black));
            }
        }
        let mut kept = KeptTree::new(HeapTables::new());
        let tree = &mut kept.0;
        tree.begin(WinRule::FiveOrMore, 1);
        assert!(tree.take_board(&board, true));
        assert!(tree.tally.fives_overflowed);
        board.set(Point::new(4, 1), Some(Stone::White));
        board.set(Point::new(9, 4), Some(Stone::White));
        tree.begin(WinRule::FiveOrMore, 1);
        assert!(tree.go_on_to(&board));
        assert!(!tree.tally.fives_overflowed);
        assert_eq!(tree.tally.five_points[0].len, 8);
        assert_eq!(raw_fives_and_keys(tree), fresh_raw_fives_and_keys(tree));
        assert_eq!(state(tree, false), fresh_state(tree));
    }
}
