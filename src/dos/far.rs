//! Far memory: conventional memory beyond our 64 KiB segment. DOS gives a .COM
//! the largest free block, so the paragraphs from DS+1000h up to the one named
//! at PSP:0002 (the block's end) are ours; the search's big tables live there,
//! so that the segment keeps its bytes for code and the stack.

use core::arch::asm;

use piskrs::words::Words;

/// The words of the far table (4 KiB): Strong's search takes 722 (a
/// playout's line cache, then the points' counts of stones on their lines).
const FAR_WORDS: usize = 1024;
const _: () = assert!(FAR_WORDS >= piskrs::strong::SEARCH_WORDS);
/// Paragraphs (16 bytes) of our segment, then of the table.
const SEGMENT_PARAGRAPHS: u16 = 0x1000;
const TABLE_PARAGRAPHS: u16 = (FAR_WORDS * 4 / 16) as u16;

/// The far table, a word at a time; DS+1000h:0000 onwards.
pub struct FarWords;

/// The table Strong's search keeps its words in (see `strong::SEARCH_WORDS`).
pub static SEARCH_MEMORY: FarWords = FarWords;

/// Whether DOS gave us the segment and the table after it (checked once, at
/// the start; the program says so and ends when not).
pub fn available() -> bool {
    let (ours, end): (u16, u16);
    // SAFETY: PSP:0002 is the segment past our memory block, set by DOS; DS is
    // the PSP's segment in the TINY model. Reading them changes nothing.
    unsafe {
        asm!(
            "mov {ours:x}, ds",
            "mov {end:x}, word ptr ds:[2]",
            ours = out(reg) ours,
            end = out(reg) end,
        );
    }
    end.wrapping_sub(ours) >= SEGMENT_PARAGRAPHS + TABLE_PARAGRAPHS && end > ours
}

impl Words for FarWords {
    fn get(&self, index: usize) -> u32 {
        if index >= FAR_WORDS {
            return 0;
        }
        let word: u32;
        // SAFETY: the address is inside the far table (index checked above),
        // which `available` found to be ours; ES is saved and restored (LLVM
        // assumes ES = DS everywhere else).
        unsafe {
            asm!(
                "push es",
                "mov {seg:x}, ds",
                "add {seg:x}, 0x1000",
                "mov es, {seg:x}",
                "mov {word:e}, dword ptr es:[{offset:e}]",
                "pop es",
                seg = out(reg) _,
                offset = in(reg) (index * 4) as u32,
                word = lateout(reg) word,
            );
        }
        word
    }

    fn set(&self, index: usize, word: u32) {
        if index >= FAR_WORDS {
            return;
        }
        // SAFETY: as in `get`: inside the far table, ES saved and restored.
        unsafe {
            asm!(
                "push es",
                "mov {seg:x}, ds",
                "add {seg:x}, 0x1000",
                "mov es, {seg:x}",
                "mov dword ptr es:[{offset:e}], {word:e}",
                "pop es",
                seg = out(reg) _,
                offset = in(reg) (index * 4) as u32,
                word = in(reg) word,
            );
        }
    }
}
