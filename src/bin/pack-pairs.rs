//! Learns the pair table of src/packed.rs from the program's own texts: every
//! `packed!("...")` literal under src/ is read, and 128 times the most frequent
//! pair of adjacent bytes becomes a new byte (80h, 81h, ...), exactly as
//! `packed::pack_bytes` replaces them. Writes the table to src/packed_pairs.in
//! (not through a redirection: the program itself includes that file):
//!
//!     cargo run --bin pack-pairs
//!
//! (src/bin is skipped: its texts are not in the .COM.)

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

fn main() {
    let mut texts = Vec::new();
    collect(Path::new("src"), &mut texts);
    let raw: usize = texts.iter().map(Vec::len).sum();
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
        let Some((pair, count)) = best.filter(|&(_, count)| count >= 2) else {
            break;
        };
        let _ = count;
        let token = 0x80 + pairs.len() as u8;
        for text in &mut texts {
            *text = replace(text, pair, token);
        }
        pairs.push(pair);
    }
    let packed: usize = texts.iter().map(Vec::len).sum();
    eprintln!(
        "{} texts: {raw} bytes packed to {packed} (+{} bytes of table)",
        texts.len(),
        2 * 128
    );
    let mut table = String::from("[\n");
    for k in 0..128 {
        let (a, b) = pairs.get(k).copied().unwrap_or((0, 0));
        table += &format!("    [{a:#04x}, {b:#04x}],\n");
    }
    table += "]\n";
    fs::write("src/packed_pairs.in", table).expect("writing src/packed_pairs.in");
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

fn collect(dir: &Path, texts: &mut Vec<Vec<u8>>) {
    let mut entries: Vec<_> = fs::read_dir(dir).expect("src/").flatten().collect();
    entries.sort_by_key(|e| e.path());
    for entry in entries {
        let path = entry.path();
        if path.is_dir() {
            if !path.ends_with("bin") {
                collect(&path, texts);
            }
        } else if path.extension().is_some_and(|e| e == "rs") {
            let source = fs::read_to_string(&path).expect("a source file");
            let mut rest = source.as_str();
            // `packed!("...")`, which rustfmt may break after the parenthesis.
            while let Some(at) = rest.find("packed!(") {
                rest = rest[at + "packed!(".len()..].trim_start();
                if let Some(text) = rest.strip_prefix('"') {
                    let (text, after) = literal(text);
                    texts.push(text);
                    rest = after;
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
