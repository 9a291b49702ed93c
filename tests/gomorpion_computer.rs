//! Gomorpion's computer (`gomorpion::choose`) on the diagrams of
//! docs/gomorpion.md: it finishes and blocks fives, closes sieges and opens in
//! the centre.

mod common;

use Player::Black;
use common::gomorpion::{game, name};
use piskrs::rules::gomorpion::Player;

// The computer

fn computer(text: &str, to_move: Player) -> String {
    let g = game(text, to_move);
    let p =
        piskrs::rules::gomorpion::choose(&g, &mut piskrs::support::random::Random::new(1)).unwrap();
    assert!(g.legal(p).is_ok());
    name(p)
}

#[test]
fn computer_finishes_a_five() {
    let text = "
        A B C D E F G
      3 . O O O . . .
      2 . . . . . . .
      1 X X X X . . .";
    assert_eq!(computer(text, Black), "E1");
}

#[test]
fn computer_blocks_the_opponents_four() {
    let text = "
        A B C D E F G
      3 . . . . . . .
      2 . . X . . . .
      1 O O O O . . .";
    assert_eq!(computer(text, Black), "E1");
}

#[test]
fn computer_closes_a_siege() {
    // B1 is walled by Black's captured pieces but for C1.
    let text = "
        A B C D
      3 . . . .
      2 B B B .
      1 B . . .";
    assert_eq!(computer(text, Black), "C1");
}

#[test]
fn computer_plays_its_own_siege_rather_than_nothing() {
    let text = "
        A B C
      2 B B .
      1 b B .";
    assert_eq!(computer(text, Black), "A1");
}

#[test]
fn computer_opens_in_the_centre() {
    assert_eq!(computer("  A\n 1 .", Black), "P16");
}

#[test]
fn computer_finishes_the_five_that_also_captures() {
    // A1 and F1 both make five; F1 is also Red's G2's fourth Black neighbour.
    let text = "
        A B C D E F G H
      3 . . . . . X X X
      2 . . . . . . O .
      1 . X X X X . . .";
    assert_eq!(computer(text, Black), "F1");
}
