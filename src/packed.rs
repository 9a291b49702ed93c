//! Texts packed by byte-pair encoding, to keep the .COM's messages small.
//!
//! The messages, the help page and the usage are plain ASCII, so bytes 80h..FFh
//! are free to stand for pairs: byte 80h + k stands for the two bytes of
//! [`PAIRS`]`[k]`, each of which may itself be a pair. [`packed!`] packs a string
//! literal while the program is compiled (a `const fn`, replacing the pairs in
//! table order, as they were learned), so only the packed bytes are in the
//! program; [`Packed::unpack`] expands them again as they are shown. The table
//! holds the most frequent pairs of the program's own texts (`cargo run --bin
//! pack-pairs` learns it again; any table packs and unpacks correctly, a stale one
//! just packs less).
//!
//! A packed text is a type of its own, so it cannot reach a place that expects
//! plain bytes (a file, a comparison, the Mist controller's output).

/// The pairs, in the order they were learned: byte 80h + k stands for `PAIRS[k]`.
pub const PAIRS: [[u8; 2]; 128] = include!("packed_pairs.in");

/// Room for one text while it is packed (in const evaluation only).
const MAX_TEXT: usize = 2048;

/// A text packed by [`packed!`].
#[derive(Clone, Copy)]
pub struct Packed {
    bytes: &'static [u8],
}

/// The longest text [`Packed::unpack`] gives back (a screen row); the rest is cut.
pub const MAX_UNPACKED: usize = 80;

impl Packed {
    /// Wraps bytes packed by [`pack`] (use [`packed!`]).
    pub const fn from_packed(bytes: &'static [u8]) -> Packed {
        Packed { bytes }
    }

    /// The text unpacked into `out` (at most [`MAX_UNPACKED`] bytes).
    pub fn unpack(self, out: &mut [u8; MAX_UNPACKED]) -> &[u8] {
        let mut len = 0;
        for &byte in self.bytes {
            len = unpack_byte(byte, out, len);
        }
        &out[..len.min(MAX_UNPACKED)]
    }

    pub fn is_empty(self) -> bool {
        self.bytes.is_empty()
    }
}

impl<const N: usize> crate::text::Text<N> {
    /// Appends `text`, unpacked.
    pub fn push_packed(&mut self, text: Packed) -> &mut Self {
        self.push(text.unpack(&mut [0; MAX_UNPACKED]))
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

/// The first `N` bytes of `raw` packed (`N` is the packed length).
pub const fn pack<const N: usize>(raw: &[u8]) -> [u8; N] {
    let (text, len) = pack_bytes(raw);
    assert!(len == N);
    let mut out = [0u8; N];
    let mut i = 0;
    while i < N {
        out[i] = text[i];
        i += 1;
    }
    out
}

/// A [`Packed`] text from a string literal, packed at compile time.
#[macro_export]
macro_rules! packed {
    ($text:expr) => {{
        const RAW: &[u8] = $text.as_bytes();
        const LEN: usize = $crate::packed::pack_bytes(RAW).1;
        const BYTES: [u8; LEN] = $crate::packed::pack::<LEN>(RAW);
        $crate::packed::Packed::from_packed(&BYTES)
    }};
}
