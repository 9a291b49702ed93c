//! Far memory: conventional memory beyond our 64 KiB segment. DOS gives a .COM
//! the largest free block, so the paragraphs from DS+1000h up to the one named
//! at PSP:0002 (the block's end) are ours; the search's big tables live there,
//! so that the segment keeps its bytes for code and the stack, and so do the
//! far texts (the packed messages, their pairs and the help).

use super::far_access;
#[cfg(target_arch = "msp430")]
use super::rt86;

use piskrs::app::help;
use piskrs::support::word_tables::Words;

/// The words of the far table: the game's Info, 361 (Classic's scores), then
/// the moves' times and a load's (`app::clock::GAME_WORDS`).
const FAR_WORDS: usize = piskrs::app::clock::GAME_WORDS;
/// Where the far texts (`help::TAIL`: the pairs and the packed messages, then
/// the help) are kept, after the table.
pub const HELP_AT: usize = FAR_WORDS * 4;
/// Where the 386 build keeps the 80x25 screen's copy (src/dos/display.rs's
/// frame), after the texts: its 4,000 bytes have no room in PISKRS.COM's
/// segment beside the code and the stack. (The 8086 build keeps it near.)
pub const FRAME_AT: usize = (HELP_AT + help::TAIL_LEN).next_multiple_of(2);
/// What a program keeps in far memory after the far table and texts (its
/// crate root's `FAR_AFTER_TEXTS` says which).
#[allow(dead_code, reason = "each program names one")]
pub enum AfterTexts {
    /// The game: in the 386 build the screen's frame, then the tree's
    /// engine's segment, then the engine's tables.
    FrameAndEngine,
    /// The tree's benchmark: the tree's tables (src/dos/far_tree.rs).
    TreeTables,
}
const FRAME_BYTES: usize = match crate::FAR_AFTER_TEXTS {
    AfterTexts::FrameAndEngine if cfg!(target_arch = "x86") => 4000,
    _ => 0,
};
/// Paragraphs (16 bytes) of our segment, then of the table, the texts and
/// the frame.
const SEGMENT_PARAGRAPHS: u16 = 0x1000;
const TABLE_PARAGRAPHS: u16 = (FRAME_AT + FRAME_BYTES).div_ceil(16) as u16;
/// The first paragraph after them, from our segment's start: where the
/// tree's benchmark's tables start.
pub const AFTER_TABLE: u16 = SEGMENT_PARAGRAPHS + TABLE_PARAGRAPHS;
/// The tree's engine (src/dos/tree_engine.rs): its segment, in paragraphs from
/// ours, after the table and the texts; its image starts at offset 100h,
/// which `cargo com` places in the far texts' stream (xtask, told by
/// `_start`'s symbol `piskrs_engine_at`). The segment, then the engine's
/// tables, are its own. The benchmark has no engine: 0 tells `cargo tree-com` so.
pub const ENGINE_AT: u16 = match crate::FAR_AFTER_TEXTS {
    AfterTexts::FrameAndEngine => AFTER_TABLE,
    AfterTexts::TreeTables => 0,
};
/// What follows the table: the engine's segment and its tables, or the
/// tables alone.
const TREE_PARAGRAPHS: u16 = match crate::FAR_AFTER_TEXTS {
    AfterTexts::FrameAndEngine => SEGMENT_PARAGRAPHS + piskrs::ai::tree_request::TABLE_PARAGRAPHS,
    AfterTexts::TreeTables => piskrs::ai::tree_request::TABLE_PARAGRAPHS,
};
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

/// The game's word table: its Info (Classic's scores,
/// `evaluation::INFO_WORDS`), then its moves' times (`app::clock`).
pub static INFO_MEMORY: FarWords = FarWords {
    first: 0,
    count: FAR_WORDS,
};

impl Words for FarWords {
    fn get(&self, index: usize) -> u32 {
        if index >= self.count {
            return 0;
        }
        let offset = ((self.first + index) * 4) as u16;
        // The 8086 build's runtime reads a double word of the table in one call.
        #[cfg(target_arch = "x86")]
        return far_access::read_u32(far_access::table_segment(), offset);
        // SAFETY: the offset is inside the far table (index checked above
        // against this part's count; the parts lie within FAR_WORDS), which
        // the loader found to be ours; the runtime restores its segment
        // register.
        #[cfg(target_arch = "msp430")]
        unsafe {
            rt86::rt86_table_read(offset)
        }
    }

    fn set(&self, index: usize, word: u32) {
        if index >= self.count {
            return;
        }
        let offset = ((self.first + index) * 4) as u16;
        #[cfg(target_arch = "x86")]
        far_access::write_u32(far_access::table_segment(), offset, word);
        // SAFETY: as in `get`: inside the far table, through the runtime.
        #[cfg(target_arch = "msp430")]
        unsafe {
            rt86::rt86_table_write(offset, word);
        }
    }
}

/// The far texts' byte at `offset`, from their copy in far memory (0 past
/// their end).
pub fn text_byte(offset: u16) -> u8 {
    if offset as usize >= help::TAIL_LEN {
        return 0;
    }
    far_access::read_u8(
        far_access::table_segment(),
        (HELP_AT + offset as usize) as u16,
    )
}

/// The 386 build's frame (see [`FRAME_AT`]): its word `index` (0 to 1,999).
#[cfg(target_arch = "x86")]
pub fn frame_word(index: usize) -> u16 {
    far_access::read_u16(far_access::table_segment(), (FRAME_AT + index * 2) as u16)
}

/// Sets the 386 build's frame's word `index` (0 to 1,999).
#[cfg(target_arch = "x86")]
pub fn set_frame_word(index: usize, word: u16) {
    far_access::write_u16(
        far_access::table_segment(),
        (FRAME_AT + index * 2) as u16,
        word,
    );
}

/// Fills the 386 build's whole frame with `word`.
#[cfg(target_arch = "x86")]
pub fn fill_frame(word: u16) {
    far_access::fill_words(far_access::table_segment(), FRAME_AT as u16, 2000, word);
}

/// Copies row `row` (0 to 24) of the 386 build's frame to video memory at
/// `video`:0 (the segment of that row), with one string instruction.
#[cfg(target_arch = "x86")]
pub fn show_frame_row(row: usize, video: u16) {
    far_access::copy_words(
        far_access::table_segment(),
        (FRAME_AT + row * 160) as u16,
        video,
        80,
    );
}
