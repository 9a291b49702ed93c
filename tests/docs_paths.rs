//! docs/architecture.md names only paths that exist: every `src/…`,
//! `tests/…`, `tools/…`, `translator/…`, `xtask/…`, `web/…` and `docs/…`
//! path in it, and every doc it links to, is in the repository.

use std::fs;
use std::path::Path;

/// The paths `text` names: words that start with one of the repository's
/// folders and a slash, up to the first character a path does not hold.
fn named_paths(text: &str) -> Vec<String> {
    const FOLDERS: [&str; 7] = [
        "src/",
        "tests/",
        "tools/",
        "translator/",
        "xtask/",
        "web/",
        "docs/",
    ];
    let is_path_char = |c: char| c.is_ascii_alphanumeric() || "_./-".contains(c);
    let mut found = Vec::new();
    for (at, _) in text.match_indices('/') {
        let start = text[..at]
            .rfind(|c: char| !is_path_char(c))
            .map_or(0, |i| i + 1);
        let end = text[at..]
            .find(|c: char| !is_path_char(c))
            .map_or(text.len(), |i| at + i);
        let word = text[start..end].trim_end_matches(['.', '/']);
        if FOLDERS.iter().any(|f| word.starts_with(f)) && !found.iter().any(|w| w == word) {
            found.push(word.to_string());
        }
    }
    found
}

/// The docs `text` links to: `(name.md)` or `(name.md#anchor)`.
fn linked_docs(text: &str) -> Vec<String> {
    text.split("](")
        .skip(1)
        .filter_map(|rest| rest.split([')', '#']).next())
        .filter(|target| target.ends_with(".md") && !target.contains("://"))
        .map(str::to_string)
        .collect()
}

#[test]
fn architecture_md_names_only_paths_that_exist() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = fs::read_to_string(root.join("docs/architecture.md")).expect("docs/architecture.md");
    let paths = named_paths(&text);
    assert!(paths.len() > 20, "the reading works: {paths:?}");
    let missing: Vec<_> = paths.iter().filter(|p| !root.join(p).exists()).collect();
    assert!(missing.is_empty(), "named but not there: {missing:?}");
    let links = linked_docs(&text);
    assert!(!links.is_empty(), "the reading works");
    let broken: Vec<_> = links
        .iter()
        .filter(|l| !root.join("docs").join(l).exists())
        .collect();
    assert!(broken.is_empty(), "links to no doc: {broken:?}");
}

#[test]
fn a_path_that_is_not_there_is_caught() {
    let paths = named_paths("see `src/rules/board.rs` and tests/win_diagrams.rs.");
    assert_eq!(paths, ["src/rules/board.rs", "tests/win_diagrams.rs"]);
    assert!(
        !Path::new(env!("CARGO_MANIFEST_DIR"))
            .join(&paths[1])
            .exists()
    );
    assert_eq!(
        linked_docs("[x](strength.md#the-levels) [y](https://a.md)"),
        ["strength.md"]
    );
}
