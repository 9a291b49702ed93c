//! Far memory a byte, a word or a block at a time: the one place that loads a
//! segment register for data. LLVM (and compiler_builtins) assume ES = DS
//! everywhere, so each access saves and restores what it loads; the 8086
//! build calls the runtime's routines (src/dos/rt86.rs), which keep their
//! registers. Every image uses these: the game (video memory, the BIOS data
//! area, the far table, texts and frame), the tree's engine and its
//! benchmark build (the tree's tables).
//!
//! Callers pass far memory that is theirs (a table the loader found to be
//! ours, video memory, the BIOS data area), never an address in our own
//! segment: that is what makes these accesses sound.

// Each image uses its part (those that only the tree's tables use are built
// only with them: the game's 8086 runtime has no routines for them).
#![allow(dead_code)]

#[cfg(target_arch = "x86")]
use core::arch::asm;

#[cfg(target_arch = "msp430")]
use super::rt86;

/// Our segment (DS, which the TINY model keeps equal to CS and SS).
#[inline(always)]
pub fn our_segment() -> u16 {
    let segment: u16;
    // SAFETY: reads DS into a register, nothing else.
    #[cfg(target_arch = "x86")]
    unsafe {
        asm!("mov {0:x}, ds", out(reg) segment, options(nomem, nostack, preserves_flags));
    }
    // SAFETY: the runtime gives the program's segment and changes nothing.
    #[cfg(target_arch = "msp430")]
    unsafe {
        segment = rt86::rt86_segment();
    }
    segment
}

/// The far table's segment: the 64 KiB after ours (the game's Info, the far
/// texts and, in the 386 build, the screen's frame: src/dos/far.rs).
#[inline(always)]
pub fn table_segment() -> u16 {
    our_segment() + 0x1000
}

/// The byte at `segment:offset`.
#[inline(always)]
pub fn read_u8(segment: u16, offset: u16) -> u8 {
    let value: u8;
    // SAFETY: ES is saved, loaded and restored inside the block; the address
    // is the caller's far memory (module doc).
    #[cfg(target_arch = "x86")]
    unsafe {
        asm!(
            "push es",
            "mov es, {seg:x}",
            "mov {val}, byte ptr es:[{off:e}]",
            "pop es",
            seg = in(reg) segment,
            off = in(reg) offset as u32,
            val = lateout(reg_byte) value,
        );
    }
    // SAFETY: as above; the runtime restores its segment register.
    #[cfg(target_arch = "msp430")]
    unsafe {
        value = rt86::rt86_far_read_byte(segment, offset);
    }
    value
}

/// Writes the byte `value` at `segment:offset`.
#[inline(always)]
#[allow(
    dead_code,
    reason = "for the tree's tables (src/dos/far_tree.rs), which the game does not hold"
)]
pub fn write_u8(segment: u16, offset: u16, value: u8) {
    // SAFETY: as in `read_u8`.
    #[cfg(target_arch = "x86")]
    unsafe {
        asm!(
            "push es",
            "mov es, {seg:x}",
            "mov byte ptr es:[{off:e}], {val}",
            "pop es",
            seg = in(reg) segment,
            off = in(reg) offset as u32,
            val = in(reg_byte) value,
        );
    }
    // SAFETY: as in `read_u8`.
    #[cfg(target_arch = "msp430")]
    unsafe {
        rt86::rt86_far_write_byte(segment, offset, value);
    }
}

/// The word at `segment:offset`.
#[inline(always)]
pub fn read_u16(segment: u16, offset: u16) -> u16 {
    let value: u16;
    // SAFETY: as in `read_u8`.
    #[cfg(target_arch = "x86")]
    unsafe {
        asm!(
            "push es",
            "mov es, {seg:x}",
            "mov {val:x}, word ptr es:[{off:e}]",
            "pop es",
            seg = in(reg) segment,
            off = in(reg) offset as u32,
            val = lateout(reg) value,
        );
    }
    // SAFETY: as in `read_u8`.
    #[cfg(target_arch = "msp430")]
    unsafe {
        value = rt86::rt86_far_read(segment, offset);
    }
    value
}

/// Writes the word `value` at `segment:offset`.
#[inline(always)]
pub fn write_u16(segment: u16, offset: u16, value: u16) {
    // SAFETY: as in `read_u8`.
    #[cfg(target_arch = "x86")]
    unsafe {
        asm!(
            "push es",
            "mov es, {seg:x}",
            "mov word ptr es:[{off:e}], {val:x}",
            "pop es",
            seg = in(reg) segment,
            off = in(reg) offset as u32,
            val = in(reg) value,
        );
    }
    // SAFETY: as in `read_u8`.
    #[cfg(target_arch = "msp430")]
    unsafe {
        rt86::rt86_far_write(segment, offset, value);
    }
}

/// The double word at `segment:offset` (the 8086 build: two words).
#[inline(always)]
pub fn read_u32(segment: u16, offset: u16) -> u32 {
    #[cfg(target_arch = "x86")]
    {
        let value: u32;
        // SAFETY: as in `read_u8`.
        unsafe {
            asm!(
                "push es",
                "mov es, {seg:x}",
                "mov {val:e}, dword ptr es:[{off:e}]",
                "pop es",
                seg = in(reg) segment,
                off = in(reg) offset as u32,
                val = lateout(reg) value,
            );
        }
        value
    }
    #[cfg(target_arch = "msp430")]
    {
        read_u16(segment, offset) as u32 | (read_u16(segment, offset + 2) as u32) << 16
    }
}

/// Writes the double word `value` at `segment:offset`.
#[inline(always)]
pub fn write_u32(segment: u16, offset: u16, value: u32) {
    // SAFETY: as in `read_u8`.
    #[cfg(target_arch = "x86")]
    unsafe {
        asm!(
            "push es",
            "mov es, {seg:x}",
            "mov dword ptr es:[{off:e}], {val:e}",
            "pop es",
            seg = in(reg) segment,
            off = in(reg) offset as u32,
            val = in(reg) value,
        );
    }
    #[cfg(target_arch = "msp430")]
    {
        write_u16(segment, offset, value as u16);
        write_u16(segment, offset + 2, (value >> 16) as u16);
    }
}

/// Copies the `words` words (an even number) at `from`, in our segment, to
/// `segment`:0 onwards.
///
/// # Safety
/// `from` must hold `words` words, and `segment`'s first `words` words must
/// be the caller's far memory (module doc).
#[inline(always)]
pub unsafe fn put(segment: u16, from: *const u16, words: u16) {
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

/// Copies the `words` words (an even number) at `segment`:0 onwards to `to`,
/// in our segment.
///
/// # Safety
/// `to` must have room for `words` words, and `segment`'s first `words` words
/// must be the caller's far memory (module doc).
#[inline(always)]
#[allow(
    dead_code,
    reason = "for the tree's tables (src/dos/far_tree.rs), which the game does not hold"
)]
pub unsafe fn get(segment: u16, to: *mut u16, words: u16) {
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

/// Fills the 64 KiB of segment `segment` (the caller's far memory) with
/// `word`.
#[allow(
    dead_code,
    reason = "for the tree's tables (src/dos/far_tree.rs), which the game does not hold"
)]
pub fn fill_segment(segment: u16, word: u16) {
    // SAFETY: the caller's 64 KiB (module doc); the 16-bit string store
    // writes ES:DI for CX double words, 0 to FFFCh; ES is saved and restored
    // and the direction flag is clear (`_start`).
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
            in("eax") (word as u32) << 16 | word as u32,
        );
    }
    // SAFETY: as above; the runtime stores the word a word at a time.
    #[cfg(target_arch = "msp430")]
    unsafe {
        rt86::rt86_far_fill(segment, word);
    }
}

/// Fills `words` words at `segment:offset` (the caller's far memory) with
/// `word`, with one string instruction.
#[cfg(target_arch = "x86")]
pub fn fill_words(segment: u16, offset: u16, words: u16, word: u16) {
    // SAFETY: the caller's far memory (module doc); ES saved and restored;
    // the direction flag is clear (`_start`).
    unsafe {
        asm!(
            "push es",
            "mov es, {segment:x}",
            "rep stosw",
            "pop es",
            segment = in(reg) segment,
            in("ax") word,
            inout("edi") offset as u32 => _,
            inout("ecx") words as u32 => _,
        );
    }
}

/// Copies `words` words from `from_segment:from` to `to_segment:0`, both the
/// caller's far memory, with one string instruction.
#[cfg(target_arch = "x86")]
pub fn copy_words(from_segment: u16, from: u16, to_segment: u16, words: u16) {
    // SAFETY: the caller's far memory (module doc); DS, ES and SI are saved
    // and restored, and nothing between the pushes and the pops touches
    // memory but the copy; the direction flag is clear (`_start`).
    unsafe {
        asm!(
            "push es",
            "push ds",
            "push esi",
            "mov es, {to:x}",
            "mov ds, {from_segment:x}",
            "mov esi, {from:e}",
            "rep movsw",
            "pop esi",
            "pop ds",
            "pop es",
            to = in(reg) to_segment,
            from_segment = in(reg) from_segment,
            from = in(reg) from as u32,
            inout("edi") 0u32 => _,
            inout("ecx") words as u32 => _,
        );
    }
}
