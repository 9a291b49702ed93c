//! The DOS layer: the only code that touches hardware, BIOS or DOS. Every `unsafe`
//! block lives here and says why it is sound. Types, not raw numbers, cross into
//! the core.
//!
//! These are the game's modules (src/bin/piskrs/main.rs). The other programs take a part
//! of the layer, each listed in its own binary: the tree's engine
//! (src/bin/tree_engine.rs: its entry, `tree_engine`, the far primitives and
//! the tree's far tables) and the tree's benchmark (src/bin/pisktree.rs). A
//! primitive exists once and serves every program.

pub mod bios;
pub mod display;
pub mod dosapi;
pub mod entry;
pub mod far;
pub mod far_access;
#[cfg(target_arch = "x86")]
mod mem;
pub mod mouse;
#[cfg(target_arch = "msp430")]
pub mod rt86;
#[cfg(target_arch = "msp430")]
mod single;
pub mod speaker;
pub mod tree_door;
