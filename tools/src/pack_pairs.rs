//! What the `pack-pairs` binary does (tools/src/bin/pack-pairs.rs): learns the
//! pair table of the core's src/support/packed.rs from the program's own texts and lists
//! those texts for it. Every `packed!("...")` literal under the core's src/ is
//! read (a `packed_list!` keeps its texts together, in order), and 128 times the
//! most frequent pair of adjacent bytes of the texts becomes a new byte (80h,
//! 81h, ...), exactly as `packed::pack_bytes` replaces them.
//!
//! tools/tests/pack_pairs.rs checks with [`stored_texts`] and [`texts_file`]
//! that src/packed_texts.in is the list this module writes.
//! (A src/bin folder would be skipped: its texts would not be in the .COM.)

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

/// The core crate's src/ folder (this crate lives in tools/ next to it),
/// wherever the tool is started from.
pub fn core_src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join("src")
}

/// The pair table for `texts`: up to 128 pairs, the most frequent pair of
/// adjacent bytes first, each replaced by its byte before the next is counted;
/// and how many bytes the texts take packed with it.
pub fn learn_pairs(texts: &[Vec<u8>]) -> (Vec<(u8, u8)>, usize) {
    let mut texts = texts.to_vec();
    let mut pairs = Vec::new();
    while pairs.len() < 128 {
        let mut counts: BTreeMap<(u8, u8), usize> = BTreeMap::new();
        for text in &texts {
            for w in text.windows(2) {
                *counts.entry((w[0], w[1])).or_default() += 1;
            }
        }
        // The most frequent pair; the smallest among equals, so the table is stable.
        let best = counts
            .iter()
            .max_by(|a, b| a.1.cmp(b.1).then(b.0.cmp(a.0)))
            .map(|(&pair, &count)| (pair, count));
        let Some((pair, _)) = best.filter(|&(_, count)| count >= 2) else {
            break;
        };
        let token = 0x80 + pairs.len() as u8;
        for text in &mut texts {
            *text = replace(text, pair, token);
        }
        pairs.push(pair);
    }
    let packed = texts.iter().map(Vec::len).sum();
    (pairs, packed)
}

/// src/packed_pairs.in for `pairs`: a Rust array of 128 byte pairs, `[0, 0]`
/// for those not used.
pub fn pairs_file(pairs: &[(u8, u8)]) -> String {
    let mut table = String::from("[\n");
    for k in 0..128 {
        let (a, b) = pairs.get(k).copied().unwrap_or((0, 0));
        table += &format!("    [{a:#04x}, {b:#04x}],\n");
    }
    table + "]\n"
}

fn replace(text: &[u8], (first, second): (u8, u8), token: u8) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len());
    let mut i = 0;
    while i < text.len() {
        if i + 1 < text.len() && text[i] == first && text[i + 1] == second {
            out.push(token);
            i += 2;
        } else {
            out.push(text[i]);
            i += 1;
        }
    }
    out
}

/// The texts the program stores, in the order of src/packed_texts.in: every
/// text written alone, once, unless a list holds it, then every list's texts
/// together (lists in the order found). The texts alone come first because a
/// number below 80h is a byte shorter to pass (a sign-extended immediate).
pub fn stored_texts(src: &Path) -> Vec<Vec<u8>> {
    let mut found = Vec::new();
    collect(src, &mut found);
    let mut lists: Vec<Vec<u8>> = Vec::new();
    for texts in &found {
        if let Found::List(texts) = texts {
            lists.extend(texts.iter().cloned());
        }
    }
    let mut stored: Vec<Vec<u8>> = Vec::new();
    for text in &found {
        if let Found::Text(text) = text
            && !stored.contains(text)
            && !lists.contains(text)
        {
            stored.push(text.clone());
        }
    }
    stored.extend(lists);
    stored
}

/// The lines of the help (src/help.txt) that are packed with the same pairs
/// (`piskrs::app::help`): every line but the page markers and the empty ones.
pub fn help_lines(src: &Path) -> Vec<Vec<u8>> {
    let help = fs::read(src.join("help.txt")).expect("src/help.txt");
    help.split(|&b| b == b'\n')
        .filter(|line| !line.is_empty() && line[0] != b'@')
        .map(<[u8]>::to_vec)
        .collect()
}

/// What the pairs are learned from: the stored texts, then the help's lines.
pub fn learning_texts(src: &Path) -> Vec<Vec<u8>> {
    let mut texts = stored_texts(src);
    texts.extend(help_lines(src));
    texts
}

/// src/packed_texts.in for `texts`: a Rust array of string literals.
pub fn texts_file(texts: &[Vec<u8>]) -> String {
    let mut file = String::from(
        "// Written by `cargo run --bin pack-pairs`: the texts of src/ written as\n\
         // packed!(\"...\"), each list's together. Run it again after a text changes.\n[\n",
    );
    for text in texts {
        let text = std::str::from_utf8(text).expect("an ASCII text");
        file += &format!("    {text:?},\n");
    }
    file + "]\n"
}

/// A `packed!("...")` of a source file: alone, or a `packed_list!`'s texts.
enum Found {
    Text(Vec<u8>),
    List(Vec<Vec<u8>>),
}

fn collect(dir: &Path, found: &mut Vec<Found>) {
    let mut entries: Vec<_> = fs::read_dir(dir).expect("src/").flatten().collect();
    entries.sort_by_key(|e| e.path());
    for entry in entries {
        let path = entry.path();
        if path.is_dir() {
            if !path.ends_with("bin") {
                collect(&path, found);
            }
        } else if path.extension().is_some_and(|e| e == "rs") {
            scan(&fs::read_to_string(&path).expect("a source file"), found);
        }
    }
}

const TEXT: &str = "packed!(";
const LIST: &str = "packed_list![";

/// The texts of `source`, in order: `packed!("...")`, which rustfmt may break
/// after the parenthesis, and `packed_list![packed!("..."), ...]`. Those in a
/// `//` comment are not the program's.
fn scan(source: &str, found: &mut Vec<Found>) {
    let mut pos = 0;
    loop {
        let text = source[pos..].find(TEXT).map(|at| (pos + at, false));
        let list = source[pos..].find(LIST).map(|at| (pos + at, true));
        let Some((at, is_list)) = [text, list].into_iter().flatten().min() else {
            return;
        };
        let line = &source[source[..at].rfind('\n').map_or(0, |n| n + 1)..at];
        let in_comment = line.trim_start().starts_with("//");
        if is_list {
            pos = at + LIST.len();
            let mut texts = Vec::new();
            while let Some(rest) = source[pos..].trim_start().strip_prefix(TEXT)
                && let Some(rest) = rest.trim_start().strip_prefix('"')
            {
                let (text, rest) = literal(rest);
                texts.push(text);
                let rest = rest.trim_start();
                let rest = rest.strip_prefix(')').unwrap_or(rest).trim_start();
                pos = source.len() - rest.strip_prefix(',').unwrap_or(rest).len();
            }
            if !in_comment {
                found.push(Found::List(texts));
            }
        } else {
            pos = at + TEXT.len();
            if let Some(rest) = source[pos..].trim_start().strip_prefix('"') {
                let (text, rest) = literal(rest);
                pos = source.len() - rest.len();
                if !in_comment {
                    found.push(Found::Text(text));
                }
            }
        }
    }
}

/// The string literal's bytes up to its closing quote (the escapes Rust source
/// uses here: \\ \" \r \n \t), and what follows it.
fn literal(source: &str) -> (Vec<u8>, &str) {
    let bytes = source.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() && bytes[i] != b'"' {
        if bytes[i] == b'\\' && i + 1 < bytes.len() {
            out.push(match bytes[i + 1] {
                b'r' => b'\r',
                b'n' => b'\n',
                b't' => b'\t',
                other => other,
            });
            i += 2;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    (out, &source[(i + 1).min(source.len())..])
}
