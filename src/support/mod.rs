//! Support: texts and their packing, the random numbers, values that count
//! their changes, and tables of words that may live beyond the program's
//! segment. Nothing here knows the game.

pub mod packed;
pub mod random;
pub mod text;
pub mod tracked;
pub mod word_tables;
