//! pack-pairs (tools/src/pack_pairs.rs) against the core's files: the list of
//! the program's texts, src/packed_texts.in, and the pair table,
//! src/packed_pairs.in, are the ones the tool writes.

use std::fs;

use piskrs_tools::pack_pairs::{
    core_src, learn_pairs, learning_texts, pairs_file, stored_texts, texts_file,
};

#[test]
fn the_list_of_texts_is_the_one_pack_pairs_writes() {
    let src = core_src();
    let written = texts_file(&stored_texts(&src));
    assert!(
        fs::read_to_string(src.join("packed_texts.in")).unwrap() == written,
        "src/packed_texts.in is stale: run `cargo run --bin pack-pairs`"
    );
}

#[test]
fn the_pair_table_is_the_one_pack_pairs_learns() {
    let src = core_src();
    let (pairs, _) = learn_pairs(&learning_texts(&src));
    assert!(
        fs::read_to_string(src.join("packed_pairs.in")).unwrap() == pairs_file(&pairs),
        "src/packed_pairs.in is stale: run `cargo run --bin pack-pairs`"
    );
}
