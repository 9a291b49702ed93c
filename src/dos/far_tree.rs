//! The tree's big tables (`tree::TreeTables`) in far memory, for the tree's
//! engine (src/dos/tree_engine.rs: Strong in PISKRS.COM and PISKRS86.COM) and for
//! its benchmark build (`cargo tree-com`: target/PISKTREE.COM and its 8086
//! twin PISKTR86.COM). The 8086 builds reach them through the 8086
//! runtime's routines where the 386 builds have `asm!` (src/dos/far_access.rs):
//! the classes by key (64 KiB, one byte a key), the transposition table
//! (TT_ENTRIES entries of two double words, 128 KiB), the points saved for
//! the stones of the line being searched (one paragraph a point) and what
//! the tables keep from search to search: an empty board's keys (eight
//! bytes a point), then the newest search's generation and the side of the
//! board whose keys they are (a word each). In the engine they follow its
//! own segment; in the benchmark build, the far table and the far texts
//! (src/dos/far.rs). The loader (xtask/src/stub.rs) ends the program,
//! saying how much it needs, when DOS gave less.
//!
//! Each table starts at offset 0 of its own segment, so that an address is a
//! segment and an offset below 10000h: the transposition table's entry `slot`
//! is at paragraph `slot / 2`, offset `slot % 2 * 8`, a saved point at
//! paragraph `at`, offset 0, the empty board's keys at offset 0.

use super::far_access;

use piskrs::ai::tree::{CLASS_KEYS, EMPTY_KEYS, SAVED_POINTS, SavedPoint, TT_ENTRIES, TreeTables};

// Where the tables start, in paragraphs from the program's segment: the
// program's crate root says (the engine: right after its own segment; the
// benchmark: after its far table and texts).
use crate::TREE_AT;

/// The paragraphs of each table (16 bytes each).
const CLASS_PARAGRAPHS: u16 = (CLASS_KEYS / 16) as u16;
const ENTRY_BYTES: u32 = 8;
const ENTRY_PARAGRAPHS: u16 = (TT_ENTRIES as u32 * ENTRY_BYTES / 16) as u16;
const SAVED_PARAGRAPHS: u16 = SAVED_POINTS as u16;
/// The kept table: the empty board's keys, then two words.
const EMPTY_KEYS_BYTES: u16 = EMPTY_KEYS as u16 * 8;
const GENERATION_AT: u16 = EMPTY_KEYS_BYTES;
const EMPTY_SIDE_AT: u16 = EMPTY_KEYS_BYTES + 2;
const KEPT_PARAGRAPHS: u16 = (EMPTY_KEYS_BYTES + 4).div_ceil(16);
/// The transposition table is cleared 64 KiB at a time (a segment's worth).
const ENTRY_HALVES: u16 = (TT_ENTRIES as u32 * ENTRY_BYTES / 0x10000) as u16;

/// The paragraphs the four tables take, from `TREE_AT` on.
pub const PARAGRAPHS: u16 =
    CLASS_PARAGRAPHS + ENTRY_PARAGRAPHS + SAVED_PARAGRAPHS + KEPT_PARAGRAPHS;
const _: () = assert!(PARAGRAPHS == piskrs::ai::tree_request::TABLE_PARAGRAPHS);

// A saved point is exactly a paragraph, and the table is whole 64 KiB halves.
const _: () = assert!(core::mem::size_of::<SavedPoint>() == 16);
const _: () = assert!(ENTRY_HALVES as u32 * 0x10000 == TT_ENTRIES as u32 * ENTRY_BYTES);

/// The tables' segments (worked out once from DS).
pub struct FarTreeTables {
    classes: u16,
    entries: u16,
    saved: u16,
    kept: u16,
}

impl FarTreeTables {
    /// No tables yet (a kept tree's, in a static of zeros, until the
    /// first call sets it with [`FarTreeTables::new`]).
    pub const UNPLACED: FarTreeTables = FarTreeTables {
        classes: 0,
        entries: 0,
        saved: 0,
        kept: 0,
    };

    /// The tables, where `TREE_AT` puts them. Their contents are
    /// whatever DOS left: the caller starts with [`FarTreeTables::forget`].
    pub fn new() -> FarTreeTables {
        let ds = far_access::our_segment();
        let classes = ds + TREE_AT;
        let entries = classes + CLASS_PARAGRAPHS;
        let saved = entries + ENTRY_PARAGRAPHS;
        FarTreeTables {
            classes,
            entries,
            saved,
            kept: saved + SAVED_PARAGRAPHS,
        }
    }

    /// The segment and offset of the transposition table's entry `slot`.
    fn entry_at(&self, slot: u16) -> (u16, u16) {
        (
            self.entries + (slot % TT_ENTRIES) / 2,
            (slot & 1) * ENTRY_BYTES as u16,
        )
    }

    /// Puts the tables as a tree that never searched would find them: every
    /// key's classes not yet worked out, the transposition table empty (its
    /// generations start again), no empty board's keys kept. Once, before
    /// the first search: the tree keeps them so from then on.
    pub fn forget(&mut self) {
        let fill = u16::from_le_bytes([piskrs::ai::tree::CLASS_UNKNOWN; 2]);
        far_access::fill_segment(self.classes, fill);
        self.clear_entries();
        far_access::write_u16(self.kept, GENERATION_AT, 0);
        far_access::write_u16(self.kept, EMPTY_SIDE_AT, 0);
    }
}

impl TreeTables for FarTreeTables {
    fn classes(&self, key: u16) -> u8 {
        // Any 16-bit key is inside the classes' own 64 KiB.
        far_access::read_u8(self.classes, key)
    }

    fn set_classes(&mut self, key: u16, classes: u8) {
        far_access::write_u8(self.classes, key, classes);
    }

    fn entry(&self, slot: u16) -> (u32, u32) {
        let (segment, offset) = self.entry_at(slot);
        (
            far_access::read_u32(segment, offset),
            far_access::read_u32(segment, offset + 4),
        )
    }

    fn set_entry(&mut self, slot: u16, key: u32, data: u32) {
        let (segment, offset) = self.entry_at(slot);
        far_access::write_u32(segment, offset, key);
        far_access::write_u32(segment, offset + 4, data);
    }

    fn clear_entries(&mut self) {
        for half in 0..ENTRY_HALVES {
            far_access::fill_segment(self.entries + half * 0x1000, 0);
        }
    }

    fn generation(&self) -> u16 {
        far_access::read_u16(self.kept, GENERATION_AT)
    }

    fn set_generation(&mut self, generation: u16) {
        far_access::write_u16(self.kept, GENERATION_AT, generation);
    }

    fn empty_keys(&self, side: u8, keys: &mut [[u16; 4]]) -> bool {
        if far_access::read_u16(self.kept, EMPTY_SIDE_AT) != side as u16 {
            return false;
        }
        // The tree never asks for more than a board's (EMPTY_KEYS).
        assert!(keys.len() <= EMPTY_KEYS);
        // SAFETY: `keys` has room for its words (4 a point); the kept
        // table's first EMPTY_KEYS points are the keys (checked above).
        unsafe { far_access::get(self.kept, keys.as_mut_ptr().cast(), keys.len() as u16 * 4) };
        true
    }

    fn keep_empty_keys(&mut self, side: u8, keys: &[[u16; 4]]) {
        assert!(keys.len() <= EMPTY_KEYS);
        // SAFETY: as in `empty_keys`.
        unsafe { far_access::put(self.kept, keys.as_ptr().cast(), keys.len() as u16 * 4) };
        far_access::write_u16(self.kept, EMPTY_SIDE_AT, side as u16);
    }

    fn save_points(&mut self, at: u16, points: &[SavedPoint]) {
        // The tree never asks for more (SAVED_POINTS is its most); the
        // host's tables would panic too.
        assert!(at as usize + points.len() <= SAVED_POINTS);
        // SAFETY: the points (at most 33, 528 bytes) go to paragraphs `at`
        // onwards of the saved points' table, inside it (checked above).
        unsafe {
            far_access::put(
                self.saved + at,
                points.as_ptr().cast(),
                points.len() as u16 * 8,
            )
        };
    }

    fn saved_points(&self, at: u16, points: &mut [SavedPoint]) {
        assert!(at as usize + points.len() <= SAVED_POINTS);
        // SAFETY: as in `save_points`, the other way.
        unsafe {
            far_access::get(
                self.saved + at,
                points.as_mut_ptr().cast(),
                points.len() as u16 * 8,
            )
        };
    }
}
