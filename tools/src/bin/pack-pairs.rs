//! pack-pairs: learns the pair table of the core's src/support/packed.rs from the
//! program's own texts and lists those texts for it (how: `piskrs_tools::pack_pairs`,
//! tools/src/pack_pairs.rs). Writes the table to src/packed_pairs.in and the
//! texts to src/packed_texts.in (not through a redirection: the program itself
//! includes those files):
//!
//!     cargo run --bin pack-pairs
//!
//! Run it after a text changes: the .COM does not build while a text is missing
//! from src/packed_texts.in (tools/tests/pack_pairs.rs says so on the host).

use std::fs;

use piskrs_tools::pack_pairs::{
    core_src, learn_pairs, learning_texts, pairs_file, stored_texts, texts_file,
};

fn main() {
    let src = core_src();
    let texts = stored_texts(&src);
    let texts_path = src.join("packed_texts.in");
    fs::write(&texts_path, texts_file(&texts))
        .unwrap_or_else(|e| panic!("writing {}: {e}", texts_path.display()));
    let learning = learning_texts(&src);
    let raw: usize = learning.iter().map(Vec::len).sum();
    let (pairs, packed) = learn_pairs(&learning);
    eprintln!(
        "{} texts and {} help lines: {raw} bytes packed to {packed} (+{} bytes of table)",
        texts.len(),
        learning.len() - texts.len(),
        2 * 128
    );
    let pairs_path = src.join("packed_pairs.in");
    fs::write(&pairs_path, pairs_file(&pairs))
        .unwrap_or_else(|e| panic!("writing {}: {e}", pairs_path.display()));
}
