//! The DOS layer: the only code that touches hardware, BIOS or DOS. Every `unsafe`
//! block lives here and says why it is sound. Types, not raw numbers, cross into
//! the core.
//!
//! The tree's engine (feature `tree-engine`) is a program of its own that
//! PISKRS.COM calls far: of this layer it has only its entry (`tree_engine`), the
//! tree's far tables and, in the 8086 build, the runtime's names.

#[cfg(not(feature = "tree-engine"))]
pub mod bios;
#[cfg(not(feature = "tree-engine"))]
pub mod display;
#[cfg(not(feature = "tree-engine"))]
pub mod dosapi;
#[cfg(not(feature = "tree-engine"))]
pub mod entry;
#[cfg(not(feature = "tree-engine"))]
pub mod far;
pub mod far_access;
#[cfg(feature = "tree-engine")]
pub mod tree_engine;
// The tree's tables: in its benchmark build and in its engine.
#[cfg(any(feature = "tree-bench", feature = "tree-engine"))]
pub mod far_tree;
#[cfg(target_arch = "x86")]
mod mem;
#[cfg(not(feature = "tree-engine"))]
pub mod mouse;
#[cfg(target_arch = "msp430")]
pub mod rt86;
#[cfg(all(target_arch = "msp430", not(feature = "tree-engine")))]
mod single;
#[cfg(not(feature = "tree-engine"))]
pub mod speaker;
#[cfg(not(feature = "tree-engine"))]
pub mod tree_door;
