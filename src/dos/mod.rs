//! The DOS layer: the only code that touches hardware, BIOS or DOS. Every `unsafe`
//! block lives here and says why it is sound. Types, not raw numbers, cross into
//! the core.

pub mod bios;
pub mod display;
pub mod dosapi;
pub mod entry;
pub mod far;
mod mem;
pub mod mouse;
pub mod speaker;
