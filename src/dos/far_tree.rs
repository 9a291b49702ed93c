//! The tree's big tables (`tree::TreeTables`) in far memory, for the tree's
//! engine (src/dos/engine.rs: Strong in PISKRS.COM and PISKRS86.COM) and for
//! its benchmark build (`cargo tree-com`: target/PISKTREE.COM and its 8086
//! twin PISKTR86.COM). The 8086 builds reach them through the 8086
//! runtime's routines (src/dos/rt86.rs) where the 386 builds have `asm!`:
//! the classes by key (64 KiB, one byte a key), the transposition table
//! (TT_ENTRIES entries of two double words, 128 KiB) and the points saved
//! for the stones of the line being searched (one paragraph a point). In
//! the engine they follow its own segment; in the benchmark build, the far
//! table and the far texts (src/dos/far.rs). The loader (xtask/src/stub.rs)
//! ends the program, saying how much it needs, when DOS gave less.
//!
//! Each table starts at offset 0 of its own segment, so that an address is a
//! segment and an offset below 10000h: the transposition table's entry `slot`
//! is at paragraph `slot / 2`, offset `slot % 2 * 8`, a saved point at
//! paragraph `at`, offset 0.

#[cfg(target_arch = "x86")]
use core::arch::asm;

#[cfg(target_arch = "msp430")]
use super::rt86;

use piskrs::tree::{CLASS_KEYS, SAVED_POINTS, SavedPoint, TT_ENTRIES, TreeTables};

#[cfg(feature = "tree-bench")]
use super::far::TREE_AT;
/// In the tree's engine (src/dos/engine.rs), right after its own segment.
#[cfg(feature = "tree-engine")]
pub const TREE_AT: u16 = 0x1000;
#[cfg(all(feature = "tree-bench", feature = "tree-engine"))]
compile_error!("the tree's benchmark build and its engine are two programs: build one");

/// The paragraphs of each table (16 bytes each).
const CLASS_PARAGRAPHS: u16 = (CLASS_KEYS / 16) as u16;
const ENTRY_BYTES: u32 = 8;
const ENTRY_PARAGRAPHS: u16 = (TT_ENTRIES as u32 * ENTRY_BYTES / 16) as u16;
const SAVED_PARAGRAPHS: u16 = SAVED_POINTS as u16;
/// The transposition table is cleared 64 KiB at a time (a segment's worth).
const ENTRY_HALVES: u16 = (TT_ENTRIES as u32 * ENTRY_BYTES / 0x10000) as u16;

/// The paragraphs the three tables take, from `TREE_AT` on.
pub const PARAGRAPHS: u16 = CLASS_PARAGRAPHS + ENTRY_PARAGRAPHS + SAVED_PARAGRAPHS;
const _: () = assert!(PARAGRAPHS == piskrs::tree_door::TABLE_PARAGRAPHS);

// A saved point is exactly a paragraph, and the table is whole 64 KiB halves.
const _: () = assert!(core::mem::size_of::<SavedPoint>() == 16);
const _: () = assert!(ENTRY_HALVES as u32 * 0x10000 == TT_ENTRIES as u32 * ENTRY_BYTES);

/// The tables' segments (worked out once from DS).
pub struct FarTreeTables {
    classes: u16,
    entries: u16,
    saved: u16,
}

impl FarTreeTables {
    /// The tables, where `TREE_AT` puts them. Their contents are
    /// whatever DOS left: the caller starts with [`FarTreeTables::forget_classes`].
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
        FarTreeTables {
            classes,
            entries,
            saved: entries + ENTRY_PARAGRAPHS,
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

    /// Marks every key's classes as not yet worked out.
    pub fn forget_classes(&mut self) {
        let fill = u32::from_le_bytes([piskrs::tree::CLASS_UNKNOWN; 4]);
        fill_segment(self.classes, fill);
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

    fn save_points(&mut self, at: u16, points: &[SavedPoint]) {
        // The tree never asks for more (SAVED_POINTS is its most); the
        // host's tables would panic too.
        assert!(at as usize + points.len() <= SAVED_POINTS);
        // SAFETY: copies the points (in our segment, DS:SI) to paragraphs
        // `at` onwards of the saved points' table (ES:DI from 0, inside it:
        // checked above; at most 33 points, 528 bytes); SI is LLVM's to keep,
        // so it is saved; ES saved and restored; the direction flag is clear.
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
                from = in(reg) points.as_ptr() as u32,
                segment = in(reg) self.saved + at,
                inout("edi") 0u32 => _,
                inout("ecx") points.len() as u32 * 4 => _,
            );
        }
        // SAFETY: as above; the runtime keeps SI, DI and ES.
        #[cfg(target_arch = "msp430")]
        unsafe {
            rt86::rt86_far_put(
                self.saved + at,
                points.as_ptr().cast(),
                points.len() as u16 * 8,
            );
        }
    }

    fn saved_points(&self, at: u16, points: &mut [SavedPoint]) {
        assert!(at as usize + points.len() <= SAVED_POINTS);
        // SAFETY: copies paragraphs `at` onwards of the saved points' table
        // (DS:SI from 0, DS set to its segment for the copy only) to the
        // points (ES:DI, ES set to our segment); DS, ES and SI are restored,
        // and nothing between the pushes and the pops touches memory but the
        // copy; the direction flag is clear.
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
                segment = in(reg) self.saved + at,
                scratch = out(reg) _,
                inout("edi") points.as_mut_ptr() as u32 => _,
                inout("ecx") points.len() as u32 * 4 => _,
            );
        }
        // SAFETY: as above; the runtime keeps SI, DI, DS and ES.
        #[cfg(target_arch = "msp430")]
        unsafe {
            rt86::rt86_far_get(
                self.saved + at,
                points.as_mut_ptr().cast(),
                points.len() as u16 * 8,
            );
        }
    }
}
