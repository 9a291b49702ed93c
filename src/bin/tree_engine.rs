//! Strong's tree engine: the tree's search as a program of its own, which
//! PISKRS.COM's loader puts in a segment of its own and the game calls far
//! (src/dos/tree_engine.rs has its entry and the call's contract). Never a
//! .COM by itself: `cargo com` links it and packs it into the game's file.
//! On the host this binary only says so, so that `cargo test` builds
//! everything.
#![cfg_attr(target_os = "none", no_std, no_main)]
// The 8086 build's input (msp430-dos.json) names the runtime's symbols with
// global_asm!, which Rust has behind a gate for the MSP430 target.
#![cfg_attr(target_arch = "msp430", feature(asm_experimental_arch))]

/// The DOS layer's part the engine needs: its entry, the far primitives and
/// the tree's far tables (src/dos/).
#[cfg(target_os = "none")]
#[path = "../dos"]
#[allow(dead_code, reason = "the engine takes a part of the layer's modules")]
mod dos {
    pub mod far_access;
    pub mod far_tree;
    #[cfg(target_arch = "x86")]
    mod mem;
    #[cfg(target_arch = "msp430")]
    pub mod rt86;
    pub mod tree_engine;
}

/// Where the tree's tables start, in paragraphs from the engine's segment:
/// right after it (src/dos/far_tree.rs).
#[cfg(target_os = "none")]
const TREE_AT: u16 = 0x1000;

#[cfg(not(target_os = "none"))]
fn main() {
    eprintln!("The tree's engine is built into PISKRS.COM: run `cargo com`.");
    std::process::exit(1);
}
