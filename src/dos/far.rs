//! Far memory: conventional memory beyond our 64 KiB segment. DOS gives a .COM
//! the largest free block, so the paragraphs from DS+1000h up to the one named
//! at PSP:0002 (the block's end) are ours; the search's big tables live there,
//! so that the segment keeps its bytes for code and the stack, and so do the
//! far texts (the packed messages, their pairs and the help).

#[cfg(target_arch = "x86")]
use core::arch::asm;

#[cfg(target_arch = "msp430")]
use super::rt86;

use piskrs::app::help;
use piskrs::support::word_tables::Words;

/// The words of the far table: the game's Info, 361 (Classic's scores).
const INFO_WORDS: usize = piskrs::ai::evaluation::INFO_WORDS;
const FAR_WORDS: usize = INFO_WORDS;
/// Where the far texts (`help::TAIL`: the pairs and the packed messages, then
/// the help) are kept, after the table.
pub const HELP_AT: usize = FAR_WORDS * 4;
/// Where the 386 build keeps the 80x25 screen's copy (src/dos/display.rs's
/// frame), after the texts: its 4,000 bytes have no room in PISKRS.COM's
/// segment beside the code and the stack. (The 8086 build keeps it near.)
pub const FRAME_AT: usize = (HELP_AT + help::TAIL_LEN).next_multiple_of(2);
const FRAME_BYTES: usize = if cfg!(target_arch = "x86") { 4000 } else { 0 };
/// Paragraphs (16 bytes) of our segment, then of the table, the texts and
/// the frame.
const SEGMENT_PARAGRAPHS: u16 = 0x1000;
const TABLE_PARAGRAPHS: u16 = (FRAME_AT + FRAME_BYTES).div_ceil(16) as u16;
/// Where the tree's tables start in the tree's benchmark build
/// (src/dos/far_tree.rs), in paragraphs from our segment's start: after the
/// table and the texts.
#[cfg(feature = "tree-bench")]
pub const TREE_AT: u16 = SEGMENT_PARAGRAPHS + TABLE_PARAGRAPHS;
#[cfg(feature = "tree-bench")]
const TREE_PARAGRAPHS: u16 = super::far_tree::PARAGRAPHS;
/// The benchmark build has no engine: 0 tells `cargo tree-com` so.
#[cfg(feature = "tree-bench")]
pub const ENGINE_AT: u16 = 0;
/// The tree's engine (src/dos/tree_engine.rs): its segment, in paragraphs from
/// ours, after the table and the texts; its image starts at offset 100h,
/// which `cargo com` places in the far texts' stream (xtask, told by
/// `_start`'s symbol `piskrs_engine_at`). The segment, then the engine's
/// tables, are its own.
#[cfg(not(feature = "tree-bench"))]
pub const ENGINE_AT: u16 = SEGMENT_PARAGRAPHS + TABLE_PARAGRAPHS;
#[cfg(not(feature = "tree-bench"))]
const TREE_PARAGRAPHS: u16 = SEGMENT_PARAGRAPHS + piskrs::ai::tree_request::TABLE_PARAGRAPHS;
/// The paragraphs from our segment's start that must be ours: the loader
/// (xtask/src/stub.rs, told by `_start`'s symbols) says so and ends the
/// program when DOS gave fewer.
pub const PARAGRAPHS_NEEDED: u16 = SEGMENT_PARAGRAPHS + TABLE_PARAGRAPHS + TREE_PARAGRAPHS;

/// The far texts (link.x's `.tail`): the loader unpacks them to far memory at
/// HELP_AT.
#[unsafe(link_section = ".tail")]
#[used]
static FAR_TEXTS: [u8; help::TAIL_LEN] = help::TAIL;

/// A part of the far table (DS+1000h:0000 onwards), a word at a time: `count`
/// words from word `first`.
pub struct FarWords {
    first: usize,
    count: usize,
}

/// The game's Info (Classic's scores, `evaluation::INFO_WORDS`).
pub static INFO_MEMORY: FarWords = FarWords {
    first: 0,
    count: INFO_WORDS,
};

impl Words for FarWords {
    fn get(&self, index: usize) -> u32 {
        if index >= self.count {
            return 0;
        }
        let word: u32;
        // SAFETY: the address is inside the far table (index checked above
        // against this part's count; the parts lie within FAR_WORDS),
        // which the loader (xtask/src/stub.rs) found to be ours; ES is saved and restored (LLVM
        // assumes ES = DS everywhere else).
        #[cfg(target_arch = "x86")]
        unsafe {
            asm!(
                "push es",
                "mov {seg:x}, ds",
                "add {seg:x}, 0x1000",
                "mov es, {seg:x}",
                "mov {word:e}, dword ptr es:[{offset:e}]",
                "pop es",
                seg = out(reg) _,
                offset = in(reg) ((self.first + index) * 4) as u32,
                word = lateout(reg) word,
            );
        }
        // SAFETY: as above (the runtime finds the table's segment, 1000h
        // paragraphs past the program's, and restores its segment register).
        #[cfg(target_arch = "msp430")]
        unsafe {
            word = rt86::rt86_table_read(((self.first + index) * 4) as u16);
        }
        word
    }

    fn set(&self, index: usize, word: u32) {
        if index >= self.count {
            return;
        }
        // SAFETY: as in `get`: inside the far table, ES saved and restored.
        #[cfg(target_arch = "x86")]
        unsafe {
            asm!(
                "push es",
                "mov {seg:x}, ds",
                "add {seg:x}, 0x1000",
                "mov es, {seg:x}",
                "mov dword ptr es:[{offset:e}], {word:e}",
                "pop es",
                seg = out(reg) _,
                offset = in(reg) ((self.first + index) * 4) as u32,
                word = in(reg) word,
            );
        }
        // SAFETY: as in `get`: inside the far table, through the runtime.
        #[cfg(target_arch = "msp430")]
        unsafe {
            rt86::rt86_table_write(((self.first + index) * 4) as u16, word);
        }
    }
}

/// The far texts' byte at `offset`, from their copy in far memory (0 past
/// their end).
pub fn text_byte(offset: u16) -> u8 {
    if offset as usize >= help::TAIL_LEN {
        return 0;
    }
    let byte: u8;
    // SAFETY: the address is inside the far copy of the texts (offset checked
    // above), which the loader found to be ours; ES is saved and restored (LLVM
    // assumes ES = DS everywhere else).
    #[cfg(target_arch = "x86")]
    unsafe {
        asm!(
            "push es",
            "mov {seg:x}, ds",
            "add {seg:x}, 0x1000",
            "mov es, {seg:x}",
            "mov {byte}, byte ptr es:[{at:e}]",
            "pop es",
            seg = out(reg) _,
            at = in(reg) (HELP_AT + offset as usize) as u32,
            byte = lateout(reg_byte) byte,
        );
    }
    // SAFETY: as above, through the runtime (which restores its segment register).
    #[cfg(target_arch = "msp430")]
    unsafe {
        byte = rt86::rt86_far_read_byte(rt86::rt86_segment() + 0x1000, HELP_AT as u16 + offset);
    }
    byte
}

/// The 386 build's frame (see [`FRAME_AT`]): its word `index` (0 to 1,999).
#[cfg(target_arch = "x86")]
pub fn frame_word(index: usize) -> u16 {
    let word: u16;
    // SAFETY: callers pass an index below 2,000, so the address is inside the
    // frame, which the loader found to be ours; ES is saved and restored.
    unsafe {
        asm!(
            "push es",
            "mov {seg:x}, ds",
            "add {seg:x}, 0x1000",
            "mov es, {seg:x}",
            "mov {word:x}, word ptr es:[{offset:e}]",
            "pop es",
            seg = out(reg) _,
            offset = in(reg) (FRAME_AT + index * 2) as u32,
            word = lateout(reg) word,
        );
    }
    word
}

/// Sets the 386 build's frame's word `index` (0 to 1,999).
#[cfg(target_arch = "x86")]
pub fn set_frame_word(index: usize, word: u16) {
    // SAFETY: as in `frame_word`: inside the frame, ES saved and restored.
    unsafe {
        asm!(
            "push es",
            "mov {seg:x}, ds",
            "add {seg:x}, 0x1000",
            "mov es, {seg:x}",
            "mov word ptr es:[{offset:e}], {word:x}",
            "pop es",
            seg = out(reg) _,
            offset = in(reg) (FRAME_AT + index * 2) as u32,
            word = in(reg) word,
        );
    }
}

/// Fills the 386 build's whole frame with `word`.
#[cfg(target_arch = "x86")]
pub fn fill_frame(word: u16) {
    // SAFETY: 2,000 words from FRAME_AT: the frame, ours (the loader checked);
    // ES is saved and restored; the direction flag is clear (`_start`).
    unsafe {
        asm!(
            "push es",
            "mov {seg:x}, ds",
            "add {seg:x}, 0x1000",
            "mov es, {seg:x}",
            "rep stosw",
            "pop es",
            seg = out(reg) _,
            in("ax") word,
            inout("edi") FRAME_AT as u32 => _,
            inout("ecx") 2000u32 => _,
        );
    }
}

/// Copies row `row` (0 to 24) of the 386 build's frame to video memory at
/// `video`:0 (the segment of that row), with one string instruction.
#[cfg(target_arch = "x86")]
pub fn show_frame_row(row: usize, video: u16) {
    // SAFETY: 80 words from the frame's row (inside the frame for a row below
    // 25) to the display's video memory; DS, ES and SI are saved and
    // restored; the direction flag is clear (`_start`).
    unsafe {
        asm!(
            "push es",
            "push ds",
            "push esi",
            "mov es, {video:x}",
            "mov {seg:x}, ds",
            "add {seg:x}, 0x1000",
            "mov ds, {seg:x}",
            "mov esi, {from:e}",
            "rep movsw",
            "pop esi",
            "pop ds",
            "pop es",
            seg = out(reg) _,
            video = in(reg) video,
            from = in(reg) (FRAME_AT + row * 160) as u32,
            inout("edi") 0u32 => _,
            inout("ecx") 80u32 => _,
        );
    }
}
