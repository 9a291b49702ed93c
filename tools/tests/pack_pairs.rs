//! pack-pairs (tools/src/pack_pairs.rs) against the core's files: the list of
//! the program's texts, src/packed_texts.in, is the one the tool writes.

use std::fs;

use piskrs_tools::pack_pairs::{core_src, stored_texts, texts_file};

#[test]
fn the_list_of_texts_is_the_one_pack_pairs_writes() {
    let src = core_src();
    let written = texts_file(&stored_texts(&src));
    assert!(
        fs::read_to_string(src.join("packed_texts.in")).unwrap() == written,
        "src/packed_texts.in is stale: run `cargo run --bin pack-pairs`"
    );
}
