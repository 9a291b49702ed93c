//! A small fixed-capacity byte string for messages, without core::fmt (which would
//! cost the .COM kilobytes).

/// Up to `N` bytes of text; pushing past the end drops the excess.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Text<const N: usize> {
    bytes: [u8; N],
    len: u16,
}

impl<const N: usize> Text<N> {
    pub const fn new() -> Self {
        Text {
            bytes: [0; N],
            len: 0,
        }
    }

    pub fn from(text: &[u8]) -> Self {
        let mut out = Self::new();
        out.push(text);
        out
    }

    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes[..self.len as usize]
    }

    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Writes a 0 byte after the text, if it has room (for
    /// [`Text::with_zero`]).
    pub fn put_zero_after(&mut self) {
        if let Some(byte) = self.bytes.get_mut(self.len as usize) {
            *byte = 0;
        }
    }

    /// The text and the byte after it, which [`Text::put_zero_after`] made a
    /// 0: a name as DOS takes it.
    pub fn with_zero(&self) -> &[u8] {
        &self.bytes[..(self.len as usize + 1).min(N)]
    }

    /// Drops the last byte, if any.
    pub fn pop(&mut self) {
        self.len = self.len.saturating_sub(1);
    }

    pub fn push(&mut self, text: &[u8]) -> &mut Self {
        push_into(&mut self.bytes, &mut self.len, text);
        self
    }

    pub fn push_byte(&mut self, byte: u8) -> &mut Self {
        self.push(&[byte])
    }

    /// Appends `number` in decimal.
    pub fn push_number(&mut self, number: u32) -> &mut Self {
        push_number_into(&mut self.bytes, &mut self.len, number);
        self
    }
}

// The work of `push` and `push_number` is done once, for any capacity: as generic
// methods the .COM held a copy for every `N`.

/// Appends `text` to `bytes[..*len]`, dropping what does not fit.
#[inline(never)]
fn push_into(bytes: &mut [u8], len: &mut u16, text: &[u8]) {
    for &byte in text {
        if let Some(slot) = bytes.get_mut(*len as usize) {
            *slot = byte;
            *len += 1;
        }
    }
}

/// Appends `number` in decimal to `bytes[..*len]`, dropping what does not fit.
#[inline(never)]
fn push_number_into(bytes: &mut [u8], len: &mut u16, number: u32) {
    // The digits are written from the end of `digits` back, last digit first,
    // then pushed at once.
    let mut digits = [0u8; 10];
    let mut start = digits.len();
    let mut rest = number;
    loop {
        start -= 1;
        digits[start] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    push_into(bytes, len, &digits[start..]);
}

/// A decimal number of one to five digits, nothing else, up to 65535: /SEED's
/// value and the clock's.
pub fn parse_u16(text: &[u8]) -> Option<u16> {
    parse_digits(text, 5).and_then(|value| u16::try_from(value).ok())
}

/// A decimal number of one to `most` digits (at most 9), nothing else: a
/// .psq record's numbers (a move's time in ms may pass 65535).
#[inline(never)]
pub fn parse_digits(text: &[u8], most: usize) -> Option<u32> {
    if text.is_empty() || text.len() > most {
        return None;
    }
    let mut value: u32 = 0;
    for &digit in text {
        if !digit.is_ascii_digit() {
            return None;
        }
        value = value * 10 + (digit - b'0') as u32;
    }
    Some(value)
}

impl<const N: usize> Default for Text<N> {
    fn default() -> Self {
        Self::new()
    }
}

/// Where text goes: standard output, a file, the status line, a test's buffer.
pub trait Sink {
    fn write(&mut self, bytes: &[u8]);
}

impl<const N: usize> Sink for Text<N> {
    fn write(&mut self, bytes: &[u8]) {
        self.push(bytes);
    }
}

/// A sink into a byte slice: what does not fit is dropped (a whole piece at a time).
pub struct SliceSink<'a> {
    bytes: &'a mut [u8],
    len: usize,
}

impl<'a> SliceSink<'a> {
    pub fn new(bytes: &'a mut [u8]) -> SliceSink<'a> {
        SliceSink { bytes, len: 0 }
    }

    /// The bytes written so far.
    pub fn into_written(self) -> &'a [u8] {
        &self.bytes[..self.len]
    }
}

impl Sink for SliceSink<'_> {
    fn write(&mut self, bytes: &[u8]) {
        if let Some(room) = self.bytes.get_mut(self.len..self.len + bytes.len()) {
            room.copy_from_slice(bytes);
            self.len += bytes.len();
        }
    }
}

/// Texts one after another in one static, with a byte for each one's length: a
/// list costs the .COM a byte a text, where a `[&[u8]; N]` costs eight (a
/// pointer and a length). Built by [`text_list!`](crate::text_list).
pub struct TextList {
    bytes: &'static [u8],
    lens: &'static [u8],
}

impl TextList {
    /// The list of the texts in `bytes`, `lens` bytes each (use
    /// [`text_list!`](crate::text_list)).
    pub const fn new(bytes: &'static [u8], lens: &'static [u8]) -> TextList {
        TextList { bytes, lens }
    }

    /// How many texts the list holds.
    pub fn len(&self) -> usize {
        self.lens.len()
    }

    pub fn is_empty(&self) -> bool {
        self.lens.is_empty()
    }

    /// The text at `index` (counted from 0).
    pub fn get(&self, index: usize) -> &'static [u8] {
        let start: usize = self.lens[..index].iter().map(|&len| len as usize).sum();
        &self.bytes[start..start + self.lens[index] as usize]
    }
}

/// `texts` one after another (while the program is compiled); `T` is their
/// total length.
pub const fn concat<const T: usize>(texts: &[&[u8]]) -> [u8; T] {
    let mut out = [0u8; T];
    let (mut at, mut i) = (0, 0);
    while i < texts.len() {
        let mut j = 0;
        while j < texts[i].len() {
            out[at] = texts[i][j];
            (at, j) = (at + 1, j + 1);
        }
        i += 1;
    }
    assert!(at == T);
    out
}

/// The total length of `texts`.
pub const fn total_len(texts: &[&[u8]]) -> usize {
    let (mut total, mut i) = (0, 0);
    while i < texts.len() {
        total += texts[i].len();
        i += 1;
    }
    total
}

/// The length of each of `texts` (`N` of them).
pub const fn lens<const N: usize>(texts: &[&[u8]]) -> [u8; N] {
    assert!(texts.len() == N);
    let mut lens = [0u8; N];
    let mut i = 0;
    while i < N {
        assert!(
            texts[i].len() <= u8::MAX as usize,
            "text too long for a list"
        );
        lens[i] = texts[i].len() as u8;
        i += 1;
    }
    lens
}

/// A [`TextList`] of byte strings, laid out while the program is compiled.
#[macro_export]
macro_rules! text_list {
    ($($text:expr),* $(,)?) => {{
        const TEXTS: &[&[u8]] = &[$($text),*];
        static BYTES: [u8; $crate::support::text::total_len(TEXTS)] = $crate::support::text::concat(TEXTS);
        static LENS: [u8; TEXTS.len()] = $crate::support::text::lens(TEXTS);
        $crate::support::text::TextList::new(&BYTES, &LENS)
    }};
}
