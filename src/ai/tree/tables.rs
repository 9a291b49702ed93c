//! The tree's big tables, behind [`TreeTables`], wherever the caller keeps
//! them: on the host's heap ([`HeapTables`]), or in far memory on DOS
//! (src/dos/far_tree.rs).

use super::{CHANGED_PER_STONE, MAX_PLY, MAX_POINTS};

/// The transposition table's entries (a power of two), the same everywhere.
pub const TT_ENTRIES: u16 = 1 << 14;
/// The points whose keys an empty board has (the largest board's).
pub const EMPTY_KEYS: usize = MAX_POINTS;
/// The number of keys (the table of classes' size).
pub const CLASS_KEYS: u32 = 1 << 16;
/// A key's classes not yet worked out.
pub const CLASS_UNKNOWN: u8 = 0xFF;

/// A point as it was before a stone changed it, to be put back when the
/// stone is taken away (undo by restoring rather than by judging again): its
/// index, its classes for Black and for White, both threats (a byte each),
/// both values and both worths.
pub type SavedPoint = [u16; 8];

/// The points the tables keep for the stones of one line of the search.
pub const SAVED_POINTS: usize = MAX_PLY * CHANGED_PER_STONE;

/// The tree's big tables, wherever the caller keeps them (their 216 KiB are
/// no stack's, and on DOS no segment's): the classes by key (CLASS_KEYS bytes,
/// [`CLASS_UNKNOWN`] until worked out; they may be kept from move to move, as
/// they only fill up), the transposition table (TT_ENTRIES entries of a
/// key and a word of data, each search's own: its entries carry the
/// search's generation, see [`TT_GENERATIONS`](super::TT_GENERATIONS)), the
/// points saved for the stones of the line being searched (SAVED_POINTS of
/// them) and the keys of an empty board (its walls: the same for every
/// search on a board of that size, and dear to work out on DOS).
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
/// caller's ([`choose`](super::choose) and the rest), a kept tree owns its
/// own ([`KeptTree`](super::KeptTree)).
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
