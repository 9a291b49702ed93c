//! Tables of 32-bit words that need not live in the program's 64 KiB: the
//! game's evaluation (Classic's Info scores, `evaluation::Info`), and for the
//! tools Strong before the tree's working tables (`strong`). The DOS layer
//! keeps them in conventional memory beyond the segment, behind a [`Words`]
//! of its own (`dos::far::INFO_MEMORY`); the host, the tests and the tools
//! keep them in a [`WordArray`] or [`HalfWordArray`]. Either answers the same
//! questions, so a position gives the same move everywhere.

use core::cell::Cell;

/// A table of words, read and written through a shared reference (the DOS
/// table is memory outside Rust's view; an array here is cells).
pub trait Words {
    /// The word at `index` (0 past the end).
    fn get(&self, index: usize) -> u32;
    /// Sets the word at `index` (nothing past the end).
    fn set(&self, index: usize, word: u32);
}

/// Sets `words`' word at `index`: out of line, so that a caller's indirect
/// call is this one's, which the stack check knows reaches a `Words` method
/// only (tests/build/checks.test.js).
#[inline(never)]
pub fn put_word(words: &dyn Words, index: usize, word: u32) {
    words.set(index, word);
}

/// `words`' word at `index` (see [`put_word`]).
#[inline(never)]
pub fn word_at(words: &dyn Words, index: usize) -> u32 {
    words.get(index)
}

/// A table of no words: what is set there is lost (a reader's moves' times
/// when nobody keeps them).
pub struct Nowhere;

pub static NOWHERE: Nowhere = Nowhere;

impl Words for Nowhere {
    fn get(&self, _: usize) -> u32 {
        0
    }

    fn set(&self, _: usize, _: u32) {}
}

/// A table of `N` words in ordinary memory.
pub struct WordArray<const N: usize>([Cell<u32>; N]);

impl<const N: usize> WordArray<N> {
    pub fn new() -> Self {
        WordArray([const { Cell::new(0) }; N])
    }
}

impl<const N: usize> Default for WordArray<N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const N: usize> Words for WordArray<N> {
    fn get(&self, index: usize) -> u32 {
        self.0.get(index).map_or(0, Cell::get)
    }

    fn set(&self, index: usize, word: u32) {
        if let Some(cell) = self.0.get(index) {
            cell.set(word);
        }
    }
}

/// A table of `N` 16-bit words in ordinary memory (the upper half of a word
/// set is dropped): an Info's scores, which fit in 16 bits.
#[derive(Clone)]
pub struct HalfWordArray<const N: usize>([Cell<u16>; N]);

impl<const N: usize> HalfWordArray<N> {
    pub fn new() -> Self {
        HalfWordArray([const { Cell::new(0) }; N])
    }
}

impl<const N: usize> Default for HalfWordArray<N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const N: usize> Words for HalfWordArray<N> {
    fn get(&self, index: usize) -> u32 {
        self.0.get(index).map_or(0, Cell::get) as u32
    }

    fn set(&self, index: usize, word: u32) {
        if let Some(cell) = self.0.get(index) {
            cell.set(word as u16);
        }
    }
}
