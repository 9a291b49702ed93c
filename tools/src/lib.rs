//! The host tools of piskrs, built with std on the portable core `piskrs`, which
//! they use like any other crate:
//!
//! - [`gomocup`]: the Gomocup (Piskvork) brain protocol, served on stdin/stdout
//!   by the `pbrain-piskrs` binary;
//! - [`arena`]: matches between two levels, run by the `arena` binary and the
//!   examples that study its games (examples/);
//! - [`tournament`]: several entrants in an all-play-all or a Swiss, each
//!   game the arena's, run by the `tournament` binary;
//! - [`mist_arena`]: Gomoku in the Mist between levels (reading the hole or
//!   not) and a scripted straight line, each side seeing only what the rules
//!   show it, run by the `mist-arena` binary;
//! - [`player`]: a level and its budget, as the tools ask the core's one door;
//! - [`threat_search`]: Strong before the tree (threat search and two plies),
//!   the `threats:N` player and the examples' judge of forced wins;
//! - [`timed`]: Strong within a time limit (the brain's), by growing budgets;
//! - [`fitting`]: what the examples that fit the tree's weights share;
//! - [`gomorpion_players`]: Gomorpion opponents for the `gomorpion-arena` binary;
//! - [`pack_pairs`]: the `pack-pairs` binary's reading of the core's packed
//!   texts and its pair table.

pub mod arena;
pub mod fitting;
pub mod gomocup;
pub mod gomorpion_players;
pub mod mist_arena;
pub mod pack_pairs;
pub mod player;
pub mod threat_search;
pub mod timed;
pub mod tournament;
