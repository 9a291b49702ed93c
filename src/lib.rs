//! The portable core of piskrs: the game of Gomoku as PISKRS.COM plays it.
//!
//! Everything here is plain, safe, `no_std` Rust that builds for the host and for
//! DOS alike: coordinates and their notation, the board, the rules, the state of a
//! game, the command line, and the user interface as a model (what the 80x25 text
//! screen shows, what a key or a click does). The DOS layer in `src/dos/` only
//! moves bytes between this model and the hardware.
#![cfg_attr(not(test), no_std)]
#![forbid(unsafe_code)]

// The host's App keeps its Info's scores in a box of their own (`ui`).
#[cfg(not(target_os = "none"))]
extern crate alloc;

pub mod ai;
pub mod app;
pub mod rules;
pub mod support;
