//! The tree's big tables (`tree::TreeTables`) in far memory, for the tree's
//! engine (src/dos/tree_engine.rs: Strong in PISKRS.COM and PISKRS86.COM) and for
//! its benchmark build (`cargo tree-com`: target/PISKTREE.COM and its 8086
//! twin PISKTR86.COM). The 8086 builds reach them through the 8086
//! runtime's routines (src/dos/rt86.rs) where the 386 builds have `asm!`:
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

#[cfg(target_arch = "x86")]
use core::arch::asm;

#[cfg(target_arch = "msp430")]
use super::rt86;

#[cfg(all(feature = "tree-bench", target_arch = "x86"))]
use core::sync::atomic::AtomicU8;
#[cfg(feature = "tree-bench")]
use core::sync::atomic::Ordering;

// The 8086 build's stand-in: LLVM's MSP430 backend has no atomics (src/dos/single.rs).
#[cfg(all(feature = "tree-bench", target_arch = "msp430"))]
use super::single::AtomicU8;

#[cfg(feature = "tree-bench")]
use piskrs::ai::tree::KeptTree;
use piskrs::ai::tree::{CLASS_KEYS, EMPTY_KEYS, SAVED_POINTS, SavedPoint, TT_ENTRIES, TreeTables};

#[cfg(feature = "tree-bench")]
use super::far::TREE_AT;
/// In the tree's engine (src/dos/tree_engine.rs), right after its own segment.
#[cfg(feature = "tree-engine")]
pub const TREE_AT: u16 = 0x1000;
#[cfg(all(feature = "tree-bench", feature = "tree-engine"))]
compile_error!("the tree's benchmark build and its engine are two programs: build one");

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

/// The tree of the benchmark build (src/main.rs's tree bench), kept from
/// search to search as the engine keeps its own (src/dos/tree_engine.rs): in a
/// static, as a tree made on the stack is made in a temporary and copied
/// (tried: the 8086 build's frame held its 14 KiB twice, and its stack ran
/// into the code).
#[cfg(feature = "tree-bench")]
static mut BENCH_TREE: KeptTree<FarTreeTables> = KeptTree::new(FarTreeTables::UNPLACED);
/// Whether [`bench_tree`] has let it out (1).
#[cfg(feature = "tree-bench")]
static BENCH_TREE_TAKEN: AtomicU8 = AtomicU8::new(0);

/// The benchmark build's tree, its tables where `TREE_AT` puts them and
/// forgotten: once (None after), so that one reference to it lives.
#[cfg(feature = "tree-bench")]
pub fn bench_tree() -> Option<&'static mut KeptTree<FarTreeTables>> {
    // One program, one thread; no interrupt handler asks for it.
    if BENCH_TREE_TAKEN.load(Ordering::Relaxed) != 0 {
        return None;
    }
    BENCH_TREE_TAKEN.store(1, Ordering::Relaxed);
    let tree = &raw mut BENCH_TREE;
    // SAFETY: the flag lets this reference out once, and nothing else
    // names the static.
    let tree = unsafe { &mut *tree };
    *tree.memory() = FarTreeTables::new();
    tree.memory().forget();
    Some(tree)
}

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
        let ds: u16;
        // SAFETY: reads DS into a register, nothing else.
        #[cfg(target_arch = "x86")]
        unsafe {
            asm!("mov {ds:x}, ds", ds = out(reg) ds, options(nomem, nostack, preserves_flags));
        }
        // SAFETY: the runtime reads DS, nothing else.
        #[cfg(target_arch = "msp430")]
        unsafe {
            ds = rt86::rt86_segment();
        }
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
    #[cfg(target_arch = "msp430")]
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
        let fill = u32::from_le_bytes([piskrs::ai::tree::CLASS_UNKNOWN; 4]);
        fill_segment(self.classes, fill);
        self.clear_entries();
        far_write(self.kept, GENERATION_AT, 0);
        far_write(self.kept, EMPTY_SIDE_AT, 0);
    }
}

/// The word at `offset` of the kept table's segment `segment`.
fn far_read(segment: u16, offset: u16) -> u16 {
    let value: u16;
    // SAFETY: a word of the kept table (the callers' offsets are its two
    // words, inside its paragraphs); ES saved and restored (LLVM assumes ES =
    // DS everywhere else).
    #[cfg(target_arch = "x86")]
    unsafe {
        asm!(
            "push es",
            "mov es, {segment:x}",
            "mov {value:x}, word ptr es:[{offset:e}]",
            "pop es",
            segment = in(reg) segment,
            offset = in(reg) offset as u32,
            value = lateout(reg) value,
        );
    }
    // SAFETY: as above; the runtime restores ES.
    #[cfg(target_arch = "msp430")]
    unsafe {
        value = rt86::rt86_far_read(segment, offset);
    }
    value
}

/// Writes the word `value` at `offset` of the kept table's segment `segment`.
fn far_write(segment: u16, offset: u16, value: u16) {
    // SAFETY: as in `far_read`: a word of the kept table, ES saved and
    // restored.
    #[cfg(target_arch = "x86")]
    unsafe {
        asm!(
            "push es",
            "mov es, {segment:x}",
            "mov word ptr es:[{offset:e}], {value:x}",
            "pop es",
            segment = in(reg) segment,
            offset = in(reg) offset as u32,
            value = in(reg) value,
        );
    }
    // SAFETY: as above; the runtime restores ES.
    #[cfg(target_arch = "msp430")]
    unsafe {
        rt86::rt86_far_write(segment, offset, value);
    }
}

/// Copies the `words` words (an even number) at `from`, in our segment, to
/// `segment`:0 onwards.
///
/// # Safety
/// `from` must hold `words` words, and `segment`'s first `words` words
/// must be one of the tables' (inside the block the loader found to be
/// ours).
#[inline(always)]
unsafe fn far_put(segment: u16, from: *const u16, words: u16) {
    // SAFETY: the caller's promise; the copy is DS:SI to ES:DI from 0 for
    // `words / 2` double words; SI is LLVM's to keep, so it is saved; ES
    // saved and restored; the direction flag is clear (`_start`).
    #[cfg(target_arch = "x86")]
    unsafe {
        asm!(
            "push es",
            "push esi",
            "mov es, {segment:x}",
            "mov esi, {from:e}",
            "rep movsd",
            "pop esi",
            "pop es",
            from = in(reg) from as u32,
            segment = in(reg) segment,
            inout("edi") 0u32 => _,
            inout("ecx") words as u32 / 2 => _,
        );
    }
    // SAFETY: as above; the runtime keeps SI, DI and ES.
    #[cfg(target_arch = "msp430")]
    unsafe {
        rt86::rt86_far_put(segment, from, words);
    }
}

/// Copies the `words` words (an even number) at `segment`:0 onwards to
/// `to`, in our segment.
///
/// # Safety
/// `to` must have room for `words` words, and `segment`'s first `words`
/// words must be one of the tables' (inside the block the loader found to
/// be ours).
#[inline(always)]
unsafe fn far_get(segment: u16, to: *mut u16, words: u16) {
    // SAFETY: the caller's promise; the copy is DS:SI from 0 (DS set to
    // `segment` for the copy only) to ES:DI (ES set to our segment) for
    // `words / 2` double words; DS, ES and SI are restored, and nothing
    // between the pushes and the pops touches memory but the copy; the
    // direction flag is clear.
    #[cfg(target_arch = "x86")]
    unsafe {
        asm!(
            "push ds",
            "push es",
            "push esi",
            "mov {scratch:x}, ds",
            "mov es, {scratch:x}",
            "mov ds, {segment:x}",
            "xor esi, esi",
            "rep movsd",
            "pop esi",
            "pop es",
            "pop ds",
            segment = in(reg) segment,
            scratch = out(reg) _,
            inout("edi") to as u32 => _,
            inout("ecx") words as u32 / 2 => _,
        );
    }
    // SAFETY: as above; the runtime keeps SI, DI, DS and ES.
    #[cfg(target_arch = "msp430")]
    unsafe {
        rt86::rt86_far_get(segment, to, words);
    }
}

/// Fills the 64 KiB of segment `segment` with `word`.
fn fill_segment(segment: u16, word: u32) {
    // SAFETY: `segment` is one of the tables' 64 KiB (inside the block the
    // loader found to be ours); the 16-bit string store writes ES:DI for CX
    // double words, 0 to FFFCh; ES is saved and restored (LLVM assumes ES =
    // DS everywhere else) and the direction flag is clear (`_start`).
    #[cfg(target_arch = "x86")]
    unsafe {
        asm!(
            "push es",
            "mov es, {segment:x}",
            "rep stosd",
            "pop es",
            segment = in(reg) segment,
            inout("edi") 0u32 => _,
            inout("ecx") 0x4000u32 => _,
            in("eax") word,
        );
    }
    // SAFETY: as above; the runtime stores the word (the double word's two
    // halves are equal: both fills are of one byte) a word at a time.
    #[cfg(target_arch = "msp430")]
    unsafe {
        rt86::rt86_far_fill(segment, word as u16);
    }
}

impl TreeTables for FarTreeTables {
    fn classes(&self, key: u16) -> u8 {
        let classes: u8;
        // SAFETY: a byte of the classes' own segment (any 16-bit key is inside
        // its 64 KiB); ES saved and restored.
        #[cfg(target_arch = "x86")]
        unsafe {
            asm!(
                "push es",
                "mov es, {segment:x}",
                "mov {classes}, byte ptr es:[{key:e}]",
                "pop es",
                segment = in(reg) self.classes,
                key = in(reg) key as u32,
                classes = lateout(reg_byte) classes,
            );
        }
        // SAFETY: as above; the runtime restores ES.
        #[cfg(target_arch = "msp430")]
        unsafe {
            classes = rt86::rt86_far_read_byte(self.classes, key);
        }
        classes
    }

    fn set_classes(&mut self, key: u16, classes: u8) {
        // SAFETY: as in `classes`.
        #[cfg(target_arch = "x86")]
        unsafe {
            asm!(
                "push es",
                "mov es, {segment:x}",
                "mov byte ptr es:[{key:e}], {classes}",
                "pop es",
                segment = in(reg) self.classes,
                key = in(reg) key as u32,
                classes = in(reg_byte) classes,
            );
        }
        // SAFETY: as in `classes`.
        #[cfg(target_arch = "msp430")]
        unsafe {
            rt86::rt86_far_write_byte(self.classes, key, classes);
        }
    }

    fn entry(&self, slot: u16) -> (u32, u32) {
        let (key, data): (u32, u32);
        // SAFETY: entry `slot` (below TT_ENTRIES: the caller's slot is masked)
        // is 8 bytes at paragraph slot / 2 of the table, offset slot % 2 * 8;
        // ES saved and restored.
        #[cfg(target_arch = "x86")]
        unsafe {
            asm!(
                "push es",
                "mov es, {segment:x}",
                "mov {key:e}, dword ptr es:[{offset:e}]",
                "mov {data:e}, dword ptr es:[{offset:e} + 4]",
                "pop es",
                segment = in(reg) self.entries + (slot % TT_ENTRIES) / 2,
                offset = in(reg) (slot as u32 & 1) * ENTRY_BYTES,
                key = out(reg) key,
                data = out(reg) data,
            );
        }
        // SAFETY: as above, a word at a time (the runtime restores ES).
        #[cfg(target_arch = "msp430")]
        unsafe {
            let (segment, offset) = self.entry_at(slot);
            let word = |at: u16| rt86::rt86_far_read(segment, offset + at) as u32;
            key = word(0) | word(2) << 16;
            data = word(4) | word(6) << 16;
        }
        (key, data)
    }

    fn set_entry(&mut self, slot: u16, key: u32, data: u32) {
        // SAFETY: as in `entry`.
        #[cfg(target_arch = "x86")]
        unsafe {
            asm!(
                "push es",
                "mov es, {segment:x}",
                "mov dword ptr es:[{offset:e}], {key:e}",
                "mov dword ptr es:[{offset:e} + 4], {data:e}",
                "pop es",
                segment = in(reg) self.entries + (slot % TT_ENTRIES) / 2,
                offset = in(reg) (slot as u32 & 1) * ENTRY_BYTES,
                key = in(reg) key,
                data = in(reg) data,
            );
        }
        // SAFETY: as in `entry`.
        #[cfg(target_arch = "msp430")]
        unsafe {
            let (segment, offset) = self.entry_at(slot);
            rt86::rt86_far_write(segment, offset, key as u16);
            rt86::rt86_far_write(segment, offset + 2, (key >> 16) as u16);
            rt86::rt86_far_write(segment, offset + 4, data as u16);
            rt86::rt86_far_write(segment, offset + 6, (data >> 16) as u16);
        }
    }

    fn clear_entries(&mut self) {
        for half in 0..ENTRY_HALVES {
            fill_segment(self.entries + half * 0x1000, 0);
        }
    }

    fn generation(&self) -> u16 {
        far_read(self.kept, GENERATION_AT)
    }

    fn set_generation(&mut self, generation: u16) {
        far_write(self.kept, GENERATION_AT, generation);
    }

    fn empty_keys(&self, side: u8, keys: &mut [[u16; 4]]) -> bool {
        if far_read(self.kept, EMPTY_SIDE_AT) != side as u16 {
            return false;
        }
        // The tree never asks for more than a board's (EMPTY_KEYS).
        assert!(keys.len() <= EMPTY_KEYS);
        // SAFETY: `keys` has room for its words (4 a point); the kept
        // table's first EMPTY_KEYS points are the keys (checked above).
        unsafe { far_get(self.kept, keys.as_mut_ptr().cast(), keys.len() as u16 * 4) };
        true
    }

    fn keep_empty_keys(&mut self, side: u8, keys: &[[u16; 4]]) {
        assert!(keys.len() <= EMPTY_KEYS);
        // SAFETY: as in `empty_keys`.
        unsafe { far_put(self.kept, keys.as_ptr().cast(), keys.len() as u16 * 4) };
        far_write(self.kept, EMPTY_SIDE_AT, side as u16);
    }

    fn save_points(&mut self, at: u16, points: &[SavedPoint]) {
        // The tree never asks for more (SAVED_POINTS is its most); the
        // host's tables would panic too.
        assert!(at as usize + points.len() <= SAVED_POINTS);
        // SAFETY: the points (at most 33, 528 bytes) go to paragraphs `at`
        // onwards of the saved points' table, inside it (checked above).
        unsafe {
            far_put(
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
            far_get(
                self.saved + at,
                points.as_mut_ptr().cast(),
                points.len() as u16 * 8,
            )
        };
    }
}
