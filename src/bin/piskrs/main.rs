//! PISKRS.COM and PISKRS86.COM: the game. This file names the program's
//! parts; the body is compiled only for DOS (`target_os = "none"`), and a host
//! build of this binary just says how to build the real one, so that
//! `cargo test` builds everything.
#![cfg_attr(target_os = "none", no_std, no_main)]
// The 8086 build's input (msp430-dos.json) defines two absolute symbols and
// `abort` with a global_asm! (src/dos/entry.rs), which Rust has behind a gate
// for the MSP430 target.
#![cfg_attr(target_arch = "msp430", feature(asm_experimental_arch))]

/// The DOS layer (src/dos/), all of it.
#[cfg(target_os = "none")]
#[path = "../../dos/mod.rs"]
mod dos;

/// The program's start: the command line, then the game, the Mist's
/// controller or /BENCH.
#[cfg(target_os = "none")]
mod start;

/// The game's screen: the event loop, Gomorpion's tall screen, the files.
#[cfg(target_os = "none")]
mod event_loop;

/// Keys, clicks and F12's dump.
#[cfg(target_os = "none")]
mod input;

/// PISKRS.CFG.
#[cfg(target_os = "none")]
mod settings_file;

/// The Mist's Game Controller.
#[cfg(target_os = "none")]
mod mist_controller;

/// /BENCH.
#[cfg(target_os = "none")]
mod bench;

/// What follows the far texts in far memory: the 386 build's screen frame,
/// then the tree's engine and its tables (src/dos/far.rs).
#[cfg(target_os = "none")]
const FAR_AFTER_TEXTS: dos::far::AfterTexts = dos::far::AfterTexts::FrameAndEngine;

/// Deliberate ballast that must make the link fail (see tests/build/checks.test.js).
#[cfg(all(target_os = "none", feature = "link-budget-ballast"))]
#[used]
static LINK_BUDGET_BALLAST: [u8; 60000] = [1; 60000];

#[cfg(not(target_os = "none"))]
fn main() {
    eprintln!(
        "PISKRS is a DOS program: build target/PISKRS.COM with `cargo com`, run it with ./play."
    );
    std::process::exit(1);
}
