//! The computer's play: the patterns and Classic's evaluation, Cha's rules,
//! the tree search, and the one door to them all (`engine::think`). It sees
//! the rules, never the screen.

pub mod cha;
pub mod classic;
pub mod engine;
pub mod evaluation;
pub mod mist_reading;
pub mod patterns;
pub mod speed;
pub mod tree;
pub mod tree_request;
