//! The help pages and the usage text (src/help.txt): long texts that are read
//! only when asked for. In the .COM they take none of the 64 KiB: they ride at
//! the end of the file with the program's other packed texts ([`TAIL`]), past
//! all the program keeps, and the DOS layer copies them to far memory as the
//! program starts, before the stack can reach them; the screen then reads them
//! through [`crate::app::screen::Canvas::text_byte`] and draws them with
//! [`crate::app::help_page`]. On the host they are a plain constant.
//!
//! In the file a line `@topic` begins a page; the page's first line is its
//! title. A topic may have several pages, shown one after another. The lines
//! are packed while the program is compiled, as `packed!` texts are.

use crate::support::packed;
use crate::support::packed::{MAX_UNPACKED, Unpacker};

/// The help file as written.
const RAW: &[u8] = include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/help.txt"));
/// The help's lines packed with [`crate::support::packed`]'s pairs (pack-pairs learns
/// them from these lines too), each ended by LF; the page markers are not in
/// it, [`PAGES`] says where each page's lines are.
pub const TEXT: [u8; LEN] = pack_help().0;
/// Its length.
pub const LEN: usize = packed_length();

/// The far texts: the program's packed messages and their pairs
/// ([`packed::FAR`]), then the help. The .COM keeps them at the end of its file (link.x's `.tail`) and
/// copies them to far memory as it starts; the screen reads them a byte at a
/// time ([`crate::app::screen::Canvas::text_byte`]). The help's offsets in
/// [`PAGES`] are offsets into this.
pub const TAIL: [u8; TAIL_LEN] = tail();
/// Its length (it must fit the .COM's tail: link.x checks it too).
pub const TAIL_LEN: usize = packed::LEN + LEN;
const _: () = assert!(TAIL_LEN < 8192, "the far texts must fit the .COM's tail");

const fn tail() -> [u8; TAIL_LEN] {
    let mut tail = [0; TAIL_LEN];
    let mut i = 0;
    while i < TAIL_LEN {
        tail[i] = if i < packed::LEN {
            packed::FAR[i]
        } else {
            TEXT[i - packed::LEN]
        };
        i += 1;
    }
    tail
}

/// What a page is about: the menu, the keys of a Gomoku game, a game's rules,
/// the command line's switches.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Topic {
    Menu,
    Keys,
    Piskasm,
    Mist,
    Outer,
    Exact,
    Gomorpion,
    Usage,
}

/// No topic: a second place in a list of topics left empty.
pub const NO_TOPIC: u8 = u8::MAX;

// The Gomoku variants' rules are the topics from Piskasm on, in their order.
const _: () = assert!(
    Topic::Exact as u8 == Topic::Piskasm as u8 + crate::rules::variant::Variant::ExactFive as u8
        && Topic::Gomorpion as u8
            == Topic::Piskasm as u8 + crate::rules::variant::Variant::Gomorpion as u8
);

/// The topics' names after `@` in the file, in the order of [`Topic`].
const TOPIC_NAMES: [&[u8]; 8] = [
    b"menu",
    b"keys",
    b"piskasm",
    b"mist",
    b"outer",
    b"exact",
    b"gomorpion",
    b"usage",
];

/// A page: its topic and where its lines are in [`TAIL`] (a line ends in LF;
/// the marker line is not part of it).
#[derive(Clone, Copy)]
pub struct HelpPage {
    pub topic: u8,
    pub start: u16,
    pub end: u16,
}

/// How many pages the file has.
const PAGE_COUNT: usize = count_pages();
/// The pages in the file's order (worked out while compiling).
pub static PAGES: [HelpPage; PAGE_COUNT] = pack_help().1;

/// The line of [`RAW`] from `at`: its bytes and where the next one starts.
const fn raw_line(at: usize) -> (&'static [u8], usize) {
    let mut end = at;
    while end < RAW.len() && RAW[end] != b'\n' {
        end += 1;
    }
    let (_, rest) = RAW.split_at(at);
    let (line, _) = rest.split_at(end - at);
    (line, end + 1)
}

const fn count_pages() -> usize {
    let (mut at, mut count) = (0, 0);
    while at < RAW.len() {
        let (line, next) = raw_line(at);
        if !line.is_empty() && line[0] == b'@' {
            count += 1;
        }
        at = next;
    }
    count
}

const fn packed_length() -> usize {
    let (mut at, mut len) = (0, 0);
    while at < RAW.len() {
        let (line, next) = raw_line(at);
        if line.is_empty() || line[0] != b'@' {
            len += packed::pack_bytes(line).1 + 1;
        }
        at = next;
    }
    len
}

/// The topic a marker line (`@name`) names.
const fn topic_of(marker: &[u8]) -> u8 {
    let mut topic = 0;
    while topic < TOPIC_NAMES.len() {
        let name = TOPIC_NAMES[topic];
        let mut i = 0;
        while i < name.len() && i + 1 < marker.len() && marker[i + 1] == name[i] {
            i += 1;
        }
        if i == name.len() && marker.len() == name.len() + 1 {
            return topic as u8;
        }
        topic += 1;
    }
    panic!("src/help.txt: a page marker names no topic");
}

/// The packed text and its pages.
const fn pack_help() -> ([u8; LEN], [HelpPage; PAGE_COUNT]) {
    let mut text = [0; LEN];
    let mut pages = [HelpPage {
        topic: 0,
        start: 0,
        end: 0,
    }; PAGE_COUNT];
    let (mut at, mut len, mut page) = (0, 0, 0);
    while at < RAW.len() {
        let (line, next) = raw_line(at);
        if !line.is_empty() && line[0] == b'@' {
            if page > 0 {
                pages[page - 1].end = (packed::LEN + len) as u16;
            }
            pages[page] = HelpPage {
                topic: topic_of(line),
                start: (packed::LEN + len) as u16,
                end: TAIL_LEN as u16,
            };
            page += 1;
        } else {
            let (packed, count) = packed::pack_bytes(line);
            let mut i = 0;
            while i < count {
                text[len] = packed[i];
                (len, i) = (len + 1, i + 1);
            }
            text[len] = b'\n';
            len += 1;
        }
        at = next;
    }
    assert!(len == LEN);
    (text, pages)
}

/// The pages of `topics` (as `Topic as u8`), the first topic's first: the
/// `n`-th of them (from 0), and how many there are.
pub fn page_of(topics: &[u8], n: usize) -> (Option<HelpPage>, usize) {
    let mut found = None;
    let mut count = 0;
    for &topic in topics {
        for page in PAGES.iter().filter(|page| page.topic == topic) {
            if count == n {
                found = Some(*page);
            }
            count += 1;
        }
    }
    (found, count)
}

/// Hands each line of `topic`'s pages to `line`, unpacked, reading the far
/// texts a byte at a time with `byte_at` (the usage text, printed by /?).
pub fn for_each_line(topic: Topic, byte_at: &dyn Fn(u16) -> u8, line: &mut dyn FnMut(&[u8])) {
    for page in PAGES.iter().filter(|page| page.topic == topic as u8) {
        let mut chars = Unpacker::range(page.start, page.end);
        let mut text = [0; MAX_UNPACKED];
        let mut len = 0;
        while let Some(ch) = chars.next(byte_at) {
            if ch == b'\n' {
                line(&text[..len]);
                len = 0;
            } else if len < text.len() {
                text[len] = ch;
                len += 1;
            }
        }
    }
}

/// The byte of [`TAIL`] at `offset` (the host's way; the .COM reads its copy
/// in far memory); 0 past its end.
pub fn byte_at(offset: u16) -> u8 {
    TAIL.get(offset as usize).copied().unwrap_or(0)
}
