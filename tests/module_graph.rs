//! The core's modules import one another in layers, never round in a circle:
//! support below the rules, the rules below the AI, the AI below the
//! application (src/support, src/rules, src/ai, src/app). This test
//! reads every file of src/ (the core, not the DOS layer), collects the
//! modules each one names through `crate::…` (and `super::…` inside a folder)
//! outside comments, and fails on a cycle, printing it. The DOS layer
//! (src/dos), the game's program (src/bin/piskrs) and the other crates
//! (translator/src, tools/src, xtask/src) are read the same way.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// A module's path from the crate root (`ui`, `ui::render`) and its file.
fn modules(dir: &Path, prefix: &str, out: &mut BTreeMap<String, PathBuf>) {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .expect("src/ is readable")
        .map(|entry| entry.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        let name = if prefix.is_empty() {
            stem.clone()
        } else {
            format!("{prefix}::{stem}")
        };
        if path.is_dir() {
            // The DOS layer and the binaries are not the core.
            if prefix.is_empty() && (stem == "dos" || stem == "bin") {
                continue;
            }
            modules(&path, &name, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            match stem.as_str() {
                "lib" | "main" if prefix.is_empty() => {}
                "mod" => {
                    out.insert(prefix.to_string(), path);
                }
                _ => {
                    out.insert(name, path);
                }
            }
        }
    }
}

/// The modules `text` (the file of `module`) names: the longest known module
/// path after each `crate::` or `super::`, other than `module` itself and its
/// own children.
fn imports(module: &str, text: &str, known: &BTreeMap<String, PathBuf>) -> BTreeSet<String> {
    let parent = module.rsplit_once("::").map_or("", |(parent, _)| parent);
    let mut found = BTreeSet::new();
    for (anchor, base) in [("crate::", ""), ("super::", parent)] {
        for (at, _) in text.match_indices(anchor) {
            let rest = &text[at + anchor.len()..];
            let words: Vec<&str> = rest
                .split("::")
                .map(|w| {
                    let end = w
                        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                        .unwrap_or(w.len());
                    &w[..end]
                })
                .take_while(|w| !w.is_empty())
                .collect();
            // The longest prefix of the path that is a module.
            let mut best = None;
            for n in 1..=words.len() {
                let tail = words[..n].join("::");
                let candidate = if base.is_empty() {
                    tail
                } else {
                    format!("{base}::{tail}")
                };
                if known.contains_key(&candidate) {
                    best = Some(candidate);
                }
            }
            if let Some(target) = best
                && target != module
                && !target.starts_with(&format!("{module}::"))
                && !module.starts_with(&format!("{target}::"))
            {
                found.insert(target);
            }
        }
    }
    found
}

/// A cycle in `graph`, if there is one, as the modules along it.
fn find_cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        Open,
        Done,
    }
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        marks: &mut BTreeMap<String, Mark>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        match marks.get(node) {
            Some(Mark::Done) => return None,
            Some(Mark::Open) => {
                let start = path.iter().position(|n| n == node).unwrap();
                let mut cycle = path[start..].to_vec();
                cycle.push(node.to_string());
                return Some(cycle);
            }
            None => {}
        }
        marks.insert(node.to_string(), Mark::Open);
        path.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(cycle) = visit(next, graph, marks, path) {
                return Some(cycle);
            }
        }
        path.pop();
        marks.insert(node.to_string(), Mark::Done);
        None
    }
    let mut marks = BTreeMap::new();
    for node in graph.keys() {
        if let Some(cycle) = visit(node, graph, &mut marks, &mut Vec::new()) {
            return Some(cycle);
        }
    }
    None
}

fn core_graph() -> BTreeMap<String, BTreeSet<String>> {
    graph_of(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"))
}

/// The import graph of the crate whose root folder is `src`.
fn graph_of(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut known = BTreeMap::new();
    modules(src, "", &mut known);
    known
        .iter()
        .map(|(module, path)| {
            let text = fs::read_to_string(path).expect("a source file");
            // Comments name modules without importing them (doc links).
            let code: String = text
                .lines()
                .map(|line| line.split("//").next().unwrap_or(""))
                .collect::<Vec<_>>()
                .join("\n");
            (module.clone(), imports(module, &code, &known))
        })
        .collect()
}

#[test]
fn the_core_modules_import_each_other_without_a_cycle() {
    let graph = core_graph();
    // The reading works: a folder's mod.rs (ui) and a file (engine) are seen.
    assert!(graph["app::ui"].contains("rules::board"), "{graph:?}");
    assert!(graph["ai::engine"].contains("ai::tree"), "{graph:?}");
    assert_no_cycle("src", &graph);
}

#[test]
fn the_translator_modules_import_each_other_without_a_cycle() {
    let graph = graph_of(&Path::new(env!("CARGO_MANIFEST_DIR")).join("translator/src"));
    // The reading works: the image stands on the code generator, which
    // stands on the flag analyses.
    assert!(graph["program"].contains("translate"), "{graph:?}");
    assert!(graph["translate"].contains("flags"), "{graph:?}");
    assert_no_cycle("translator/src", &graph);
}

#[test]
fn the_dos_layer_and_the_other_crates_import_without_a_cycle() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    // The DOS layer (its modules name each other through `super::`), the
    // tools and the build's own crate.
    let dos = graph_of(&root.join("src/dos"));
    // The reading works: the display writes through far_access.
    assert!(dos["display"].contains("far_access"), "{dos:?}");
    for (name, graph) in [
        ("src/dos", dos),
        ("src/bin/piskrs", graph_of(&root.join("src/bin/piskrs"))),
        ("tools/src", graph_of(&root.join("tools/src"))),
        ("xtask/src", graph_of(&root.join("xtask/src"))),
    ] {
        assert_no_cycle(name, &graph);
    }
}

/// Panics with the cycle, if the modules of `folder` import in one.
fn assert_no_cycle(folder: &str, graph: &BTreeMap<String, BTreeSet<String>>) {
    if let Some(cycle) = find_cycle(graph) {
        panic!("an import cycle in {folder}: {}", cycle.join(" -> "));
    }
}

/// The core's graph with one made-up import more: `from` imports `to`.
fn core_graph_with(from: &str, to: &str) -> BTreeMap<String, BTreeSet<String>> {
    let mut graph = core_graph();
    graph.get_mut(from).unwrap().insert(to.to_string());
    graph
}

#[test]
fn the_cycle_finder_finds_a_cycle() {
    // A made-up import back from the board to the engine that stands on it.
    let graph = core_graph_with("rules::board", "ai::engine");
    let cycle = find_cycle(&graph).expect("board -> engine -> ... -> board is a cycle");
    assert_eq!(cycle.first(), cycle.last());
    assert!(cycle.contains(&"rules::board".to_string()));
    assert!(cycle.contains(&"ai::engine".to_string()));
}

/// The core's layers, lowest first: a module imports only from its own
/// layer or the ones below it.
const LAYERS: [&str; 4] = ["support", "rules", "ai", "app"];

/// The layer of `module` (its first name), as its place in [`LAYERS`].
fn layer(module: &str) -> usize {
    let top = module.split("::").next().unwrap();
    LAYERS
        .iter()
        .position(|&layer| layer == top)
        .unwrap_or_else(|| panic!("{module} is in no layer of {LAYERS:?}"))
}

/// The imports that reach up a layer: `from -> to`.
fn upward_imports(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<String> {
    graph
        .iter()
        .flat_map(|(from, targets)| {
            targets
                .iter()
                .filter(|to| layer(to) > layer(from))
                .map(move |to| format!("{from} -> {to}"))
        })
        .collect()
}

#[test]
fn each_layer_imports_only_from_itself_and_the_layers_below() {
    let graph = core_graph();
    let upward = upward_imports(&graph);
    assert!(upward.is_empty(), "imports up a layer: {upward:?}");
}

#[test]
fn an_import_up_a_layer_is_found() {
    // A made-up import of the screen's Canvas by the rules.
    let graph = core_graph_with("rules::game", "app::screen");
    assert_eq!(upward_imports(&graph), ["rules::game -> app::screen"]);
}
