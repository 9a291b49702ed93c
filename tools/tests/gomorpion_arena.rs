//! A short version of `gomorpion-arena`: the computer beats the random mover and
//! the one-ply greedy player (the full 100-game runs are in the binary).

use piskrs_tools::gomorpion_players::{Opponent, play_match};

#[test]
fn the_computer_beats_a_random_mover() {
    let r = play_match(Opponent::Random, 20, 7);
    assert!(r.wins >= 19, "won {} of 20", r.wins);
}

#[test]
fn the_computer_beats_a_greedy_player() {
    let r = play_match(Opponent::Greedy, 20, 7);
    assert!(r.wins >= 15, "won {} of 20", r.wins);
}
