//! Texts packed by byte-pair encoding, to keep the .COM's messages small.
//!
//! The messages, the help page and the usage are plain ASCII, so bytes 80h..FFh
//! are free to stand for pairs: byte 80h + k stands for the two bytes of
//! [`PAIRS`]`[k]`, each of which may itself be a pair. The program's texts are
//! packed while it is compiled (a `const fn`, replacing the pairs in table
//! order, as they were learned), one after another, so only the packed bytes
//! and a zero byte after each are in the program, with where each starts. The .COM keeps them and the
//! table outside its segment ([`FAR`], at the start of the far texts,
//! [`crate::app::help::TAIL`]), so the core cannot read them itself: a line keeps a
//! text as its number ([`Text::push_packed`](crate::support::text::Text::push_packed)),
//! and the screen expands it as it writes the line, reading the far texts a
//! byte at a time ([`Unpacker`], [`crate::app::screen::Canvas::write`]). The table
//! holds the most frequent pairs of the program's own texts (any table packs
//! and unpacks correctly, a stale one just packs less).
//!
//! A text is written where it is used, as `packed!("...")` (or in a
//! `packed_list!`), but a [`Packed`] is only its number among [`TEXTS`]: one
//! byte to pass or keep rather than eight (a pointer and a length), which saves
//! the .COM about five bytes of code at each use. [`TEXTS`] is the list of
//! them that `cargo run --bin pack-pairs` writes to src/packed_texts.in
//! together with the table: run it after a text changes. The .COM does not
//! build while a text is missing from the list; on the host such a text is a
//! number past the list's end (unpacking it panics), so that pack-pairs itself
//! still builds, and tools/tests/pack_pairs.rs fails until the list is written again.
//!
//! A packed text is a type of its own, so it cannot reach a place that expects
//! plain bytes (a file, a comparison, the Mist controller's output).

/// The pairs, in the order they were learned: byte 80h + k stands for `PAIRS[k]`.
pub const PAIRS: [[u8; 2]; 128] =
    include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/packed_pairs.in"));

/// Every text of the program written as `packed!("...")`, each list's texts
/// together and in order (written by `cargo run --bin pack-pairs`).
pub const TEXTS: &[&str] = &include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/packed_texts.in"));

/// The number of a text missing from [`TEXTS`] (on the host only): past their
/// end, so that showing it panics.
const MISSING: u8 = u8::MAX;

const _: () = assert!(TEXTS.len() < MISSING as usize, "a Packed is one byte");

/// [`TEXTS`] packed, one after another, each ended by a zero byte.
pub const BYTES: [u8; packed_total(TEXTS)] = packed_concat(TEXTS);

/// What the program reads its texts from: [`PAIRS`], where each text starts
/// (the low bytes of the offsets in it, then the high bytes: [`starts`]),
/// then [`BYTES`]. The .COM keeps them outside its segment, at the start of
/// the far texts ([`crate::app::help::TAIL`], the help follows), and reads them
/// only through an [`Unpacker`], a byte at a time, from where the screen keeps
/// them. A text is found by its start rather than by passing over the texts
/// before it: passing over them cost an 8088 some 5 s of its first screen.
pub const FAR: [u8; LEN] = far();
/// Its length.
pub const LEN: usize = TEXTS_AT as usize + BYTES.len();
/// Where the starts' low bytes, their high bytes and [`BYTES`] are in it.
const STARTS_LOW_AT: u16 = 2 * PAIRS.len() as u16;
const STARTS_HIGH_AT: u16 = STARTS_LOW_AT + TEXTS.len() as u16;
const TEXTS_AT: u16 = STARTS_HIGH_AT + TEXTS.len() as u16;

/// Where each text starts in [`FAR`] (while the program is compiled).
const fn starts() -> [u16; TEXTS.len()] {
    let mut starts = [0; TEXTS.len()];
    let (mut at, mut i) = (TEXTS_AT, 0);
    while i < TEXTS.len() {
        starts[i] = at;
        while BYTES[(at - TEXTS_AT) as usize] != 0 {
            at += 1;
        }
        (at, i) = (at + 1, i + 1);
    }
    starts
}

const fn far() -> [u8; LEN] {
    let starts = starts();
    let (low, high) = (STARTS_LOW_AT as usize, STARTS_HIGH_AT as usize);
    let mut far = [0; LEN];
    let mut i = 0;
    while i < LEN {
        far[i] = if i < low {
            PAIRS[i / 2][i % 2]
        } else if i < high {
            starts[i - low] as u8
        } else if i < TEXTS_AT as usize {
            (starts[i - high] >> 8) as u8
        } else {
            BYTES[i - TEXTS_AT as usize]
        };
        i += 1;
    }
    far
}

/// Room for one text while it is packed (in const evaluation only).
const MAX_TEXT: usize = 2048;

/// A text packed by [`packed!`]: its number among [`TEXTS`].
#[derive(Clone, Copy)]
pub struct Packed(pub(crate) u8);

/// The longest text [`Packed::unpack`] gives back (a screen row); the rest is cut.
pub const MAX_UNPACKED: usize = 80;

impl Packed {
    /// The text `text`, found among [`TEXTS`] (use [`packed!`]). In the .COM a
    /// text missing from them fails the build.
    pub const fn find(text: &str) -> Packed {
        Packed(find_texts(&[text]))
    }

    /// The text unpacked into `out` (at most [`MAX_UNPACKED`] bytes), from
    /// [`FAR`] (the host's way and the tests').
    pub fn unpack(self, out: &mut [u8; MAX_UNPACKED]) -> &[u8] {
        let byte_at = |offset: u16| FAR[offset as usize];
        let mut chars = Unpacker::text(self, &byte_at);
        let mut len = 0;
        while let Some(ch) = chars.next(&byte_at) {
            if let Some(slot) = out.get_mut(len) {
                *slot = ch;
                len += 1;
            }
        }
        &out[..len]
    }
}

/// Inside a [`Text`](crate::support::text::Text), this byte and a text's number stand
/// for that packed text ([`Text::push_packed`](crate::support::text::Text::push_packed)):
/// the screen unpacks it as it writes the line ([`crate::app::screen::Canvas::write`]).
/// Lines hold no other control characters (typed keys are printable).
pub const MARK: u8 = 0x01;

/// The characters of packed bytes, one at a time, read a byte at a time
/// through `byte_at` (the .COM keeps the texts outside its segment): from a
/// text's start to its zero byte, or over a range of the help.
pub struct Unpacker {
    /// The next packed byte to read, and where to stop.
    at: u16,
    end: u16,
    /// The bytes still to expand, the next on top.
    pending: [u8; PENDING],
    count: u8,
}

/// Room for the bytes still to expand: pairs nest a few deep (checked below).
const PENDING: usize = 8;
const _: () = assert!(pending_needed() <= PENDING, "the pairs nest too deep");

impl Unpacker {
    /// The packed bytes from `at` up to `end` (or a zero byte).
    pub fn range(at: u16, end: u16) -> Unpacker {
        Unpacker {
            at,
            end,
            pending: [0; PENDING],
            count: 0,
        }
    }

    /// The characters of `text`, whose start `byte_at` reads from the far
    /// texts ([`FAR`] starts them).
    pub fn text(text: Packed, byte_at: &dyn Fn(u16) -> u8) -> Unpacker {
        let number = text.0 as u16;
        // On the host a text missing from the list has no start: showing it
        // panics (the .COM does not build with one).
        #[cfg(not(target_os = "none"))]
        assert!((number as usize) < TEXTS.len(), "a text missing from TEXTS");
        let start =
            byte_at(STARTS_LOW_AT + number) as u16 | (byte_at(STARTS_HIGH_AT + number) as u16) << 8;
        Unpacker::range(start, u16::MAX)
    }

    /// The next character, None at the end.
    pub fn next(&mut self, byte_at: &dyn Fn(u16) -> u8) -> Option<u8> {
        loop {
            if self.count == 0 {
                if self.at >= self.end {
                    return None;
                }
                let byte = byte_at(self.at);
                if byte == 0 {
                    return None;
                }
                self.at += 1;
                self.pending[0] = byte;
                self.count = 1;
            }
            self.count -= 1;
            let byte = self.pending[self.count as usize];
            if byte < 0x80 {
                return Some(byte);
            }
            // Its pair, PAIRS[byte - 80h], from the start of FAR: the first
            // byte goes on top.
            let pair = 2 * (byte - 0x80) as u16;
            self.pending[self.count as usize] = byte_at(pair + 1);
            self.pending[self.count as usize + 1] = byte_at(pair);
            self.count += 2;
        }
    }
}

/// The room [`Unpacker`] needs for the deepest pair (while compiling).
const fn pending_needed() -> usize {
    let (mut most, mut k) = (1, 0);
    while k < PAIRS.len() {
        let need = pending_for(0x80 + k as u8);
        if need > most {
            most = need;
        }
        k += 1;
    }
    most
}

const fn pending_for(byte: u8) -> usize {
    if byte < 0x80 {
        return 1;
    }
    let [first, second] = PAIRS[(byte - 0x80) as usize];
    let (first, second) = (pending_for(first) + 1, pending_for(second));
    if first > second { first } else { second }
}

/// `bytes` (packed by [`pack_bytes`]) unpacked into `out` (at most
/// [`MAX_UNPACKED`] bytes), up to a zero byte or their end.
pub fn unpack_bytes<'a>(bytes: &[u8], out: &'a mut [u8; MAX_UNPACKED]) -> &'a [u8] {
    let mut len = 0;
    for &byte in bytes {
        if byte == 0 {
            break;
        }
        len = unpack_byte(byte, out, len);
    }
    &out[..len.min(MAX_UNPACKED)]
}

/// The number of the first of [`TEXTS`] from which `texts` follow in order; in
/// the .COM a compile error if they do not, on the host [`MISSING`].
const fn find_texts(texts: &[&str]) -> u8 {
    let mut first = 0;
    while first + texts.len() <= TEXTS.len() {
        let mut i = 0;
        while i < texts.len() && same(TEXTS[first + i], texts[i]) {
            i += 1;
        }
        if i == texts.len() {
            return first as u8;
        }
        first += 1;
    }
    if cfg!(target_os = "none") {
        panic!(
            "a packed text is missing from src/packed_texts.in: run `cargo run --bin pack-pairs`"
        );
    }
    MISSING
}

/// Whether `a` and `b` are the same text (`==` is not a `const fn`).
const fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// Texts written together as `packed_list![packed!("..."), ...]`, in order:
/// the first one's number and how many there are.
pub struct PackedList {
    first: u8,
    len: u8,
}

impl PackedList {
    /// The texts `texts`, found together among [`TEXTS`] (use
    /// [`packed_list!`](crate::packed_list)).
    pub const fn find(texts: &[&str]) -> PackedList {
        PackedList {
            first: find_texts(texts),
            len: texts.len() as u8,
        }
    }

    /// How many texts the list holds.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The text at `index` (counted from 0).
    pub fn get(&self, index: usize) -> Packed {
        assert!(index < self.len());
        // Saturating: a list missing on the host stays at MISSING.
        Packed(self.first.saturating_add(index as u8))
    }
}

impl<const N: usize> crate::support::text::Text<N> {
    /// Appends `text`: its number, after a [`MARK`], which the screen unpacks
    /// as it writes the line.
    pub fn push_packed(&mut self, text: Packed) -> &mut Self {
        self.push(&[MARK, text.0])
    }

    /// The text with its packed texts unpacked, cut at `N` bytes as pushing
    /// them unpacked would (from [`FAR`]: the host's way and the tests').
    pub fn unpacked(&self) -> Self {
        let mut out = Self::new();
        let bytes = self.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            match bytes.get(i..i + 2) {
                Some(&[MARK, text]) => {
                    out.push(Packed(text).unpack(&mut [0; MAX_UNPACKED]));
                    i += 2;
                }
                _ => {
                    out.push_byte(bytes[i]);
                    i += 1;
                }
            }
        }
        out
    }
}

/// Writes `byte` unpacked into `out` from `len` on; the new length (bytes past
/// the end are counted, not written).
fn unpack_byte(byte: u8, out: &mut [u8; MAX_UNPACKED], len: usize) -> usize {
    if byte < 0x80 {
        if let Some(slot) = out.get_mut(len) {
            *slot = byte;
        }
        len + 1
    } else {
        let [first, second] = PAIRS[(byte - 0x80) as usize];
        let len = unpack_byte(first, out, len);
        unpack_byte(second, out, len)
    }
}

/// `raw` with every pair of [`PAIRS`] replaced, in table order; the packed bytes
/// and their number. Fails to compile for a text that is not plain ASCII.
pub const fn pack_bytes(raw: &[u8]) -> ([u8; MAX_TEXT], usize) {
    assert!(raw.len() <= MAX_TEXT, "text too long to pack");
    let mut text = [0u8; MAX_TEXT];
    let mut len = 0;
    while len < raw.len() {
        assert!(raw[len] < 0x80, "only plain ASCII texts can be packed");
        assert!(raw[len] != 0, "a zero byte ends a packed text");
        text[len] = raw[len];
        len += 1;
    }
    let mut k = 0;
    while k < PAIRS.len() {
        let [first, second] = PAIRS[k];
        let token = 0x80 + k as u8;
        let (mut read, mut write) = (0, 0);
        while read < len {
            if read + 1 < len && text[read] == first && text[read + 1] == second {
                text[write] = token;
                read += 2;
            } else {
                text[write] = text[read];
                read += 1;
            }
            write += 1;
        }
        len = write;
        k += 1;
    }
    (text, len)
}

/// The packed bytes of all of `texts`, with a zero byte after each (while the
/// program is compiled).
pub const fn packed_total(texts: &[&str]) -> usize {
    let (mut total, mut i) = (0, 0);
    while i < texts.len() {
        total += pack_bytes(texts[i].as_bytes()).1 + 1;
        i += 1;
    }
    total
}

/// `texts` packed, one after another, each ended by a zero byte; `T` is
/// [`packed_total`].
pub const fn packed_concat<const T: usize>(texts: &[&str]) -> [u8; T] {
    let mut out = [0u8; T];
    let (mut at, mut i) = (0, 0);
    while i < texts.len() {
        let (text, len) = pack_bytes(texts[i].as_bytes());
        let mut j = 0;
        while j < len {
            out[at] = text[j];
            (at, j) = (at + 1, j + 1);
        }
        (at, i) = (at + 1, i + 1);
    }
    assert!(at == T);
    out
}

/// A [`Packed`] text from a string literal (the literal itself: pack-pairs
/// reads it from the source).
#[macro_export]
macro_rules! packed {
    ($text:literal) => {
        const { $crate::support::packed::Packed::find($text) }
    };
}

/// A [`PackedList`] of texts written as `packed!("...")` (so pack-pairs finds
/// them), kept together in order.
#[macro_export]
macro_rules! packed_list {
    ($(packed!($text:literal)),* $(,)?) => {
        const { $crate::support::packed::PackedList::find(&[$($text),*]) }
    };
}
