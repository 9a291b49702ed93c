//! The DOS layer: the only code that touches hardware, BIOS or DOS. Every `unsafe`
//! block lives here and says why it is sound. Types, not raw numbers, cross into
//! the core.

pub mod bios;
pub mod display;
pub mod dosapi;
pub mod entry;
pub mod far;
// The tree's tables, only in its benchmark build.
#[cfg(feature = "tree-bench")]
pub mod far_tree;
#[cfg(target_arch = "x86")]
mod mem;
pub mod mouse;
#[cfg(target_arch = "msp430")]
pub mod rt86;
#[cfg(target_arch = "msp430")]
mod single;
pub mod speaker;
