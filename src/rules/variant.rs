//! The games PISKRS plays, as runtime values: one code path, several rule sets.

use crate::packed;
use crate::packed_list;
use crate::rules::coord::Lettering;
use crate::rules::game::Game;
use crate::rules::{Opening, WinRule};
use crate::support::packed::{Packed, PackedList};
use crate::support::text::TextList;
use crate::text_list;

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Variant {
    /// Piskasm's game: 19x19, five or more wins.
    Piskasm,
    /// Gomoku in the Mist (seeds/000): 19x19, five or more, under the Mist.
    Mist,
    /// Outer-Open Gomoku (seeds/001): 15x15, Black opens on the outer two lines.
    OuterOpen,
    /// 15x15, exactly five wins (Harry Cha's rule, seeds/003).
    ExactFive,
    /// Gomorpion (seeds/004, docs/gomorpion.md): 30x30, casts, captures and
    /// points. Its own game and screen ([`crate::rules::gomorpion`]); not one of
    /// [`ALL`], which are the games of the 15x15 and 19x19 board.
    Gomorpion,
}

/// The Gomoku variants, played on the 15x15 or 19x19 board of [`Game`].
pub const ALL: [Variant; 4] = [
    Variant::Piskasm,
    Variant::Mist,
    Variant::OuterOpen,
    Variant::ExactFive,
];

impl Variant {
    pub fn side(self) -> u8 {
        match self {
            Variant::Piskasm | Variant::Mist => 19,
            Variant::OuterOpen | Variant::ExactFive => 15,
            Variant::Gomorpion => crate::rules::gomorpion::SIDE,
        }
    }

    /// 19x19 boards are lettered A..S as the Mist seed does; every 15x15 board
    /// uses Go lettering without I (A..H, J..P), so Outer-Open's "columns A, B, O
    /// and P" hold.
    pub fn lettering(self) -> Lettering {
        if self.side() == 19 {
            Lettering::Consecutive
        } else {
            Lettering::SkipI
        }
    }

    pub fn win_rule(self) -> WinRule {
        match self {
            Variant::ExactFive => WinRule::ExactlyFive,
            _ => WinRule::FiveOrMore,
        }
    }

    pub fn opening(self) -> Opening {
        match self {
            Variant::OuterOpen => Opening::OuterTwoLines,
            _ => Opening::Free,
        }
    }

    pub fn has_mist(self) -> bool {
        self == Variant::Mist
    }

    /// A new game of this variant.
    pub fn new_game(self) -> Game {
        Game::with_opening(self.side(), self.win_rule(), self.opening())
    }

    /// A new game of this variant, with exactly five winning if `exact_five`.
    /// Starts `game` afresh as this variant, exactly five winning when
    /// `exact_five` (the menu's rule for every game).
    pub fn restart_game(self, game: &mut Game, exact_five: bool) {
        game.restart(self.side(), self.rule_with(exact_five), self.opening());
    }

    /// The winning rule: this variant's, or exactly five if `exact_five`.
    pub fn rule_with(self, exact_five: bool) -> WinRule {
        if exact_five {
            WinRule::ExactlyFive
        } else {
            self.win_rule()
        }
    }

    pub fn name(self) -> Packed {
        VARIANT_NAMES.get(self as usize)
    }

    /// The word used in settings files and switches.
    pub fn keyword(self) -> &'static [u8] {
        VARIANT_KEYWORDS.get(self as usize)
    }

    pub fn from_keyword(word: &[u8]) -> Option<Variant> {
        MENU.iter()
            .copied()
            .find(|v| v.keyword().eq_ignore_ascii_case(word))
    }

    /// The rule in one line, for the side panel.
    pub fn rule_text(self) -> Packed {
        match self {
            Variant::OuterOpen => packed!("Five or more; Black opens outside."),
            Variant::ExactFive => packed!("Exactly five wins; six does not."),
            // Gomorpion's is not shown: it has a screen of its own.
            _ => packed!("Five or more in a row wins."),
        }
    }

    /// The next game on the menu (G): the Gomoku variants, then Gomorpion.
    pub fn next(self) -> Variant {
        let index = MENU.iter().position(|&v| v == self).unwrap_or(0);
        MENU[(index + 1) % MENU.len()]
    }
}

// The variants' names and keywords in the order of [`Variant`] (lists: see
// LEVEL_NAMES).
static VARIANT_NAMES: PackedList = packed_list![
    packed!("Gomoku 19x19 (Piskasm)"),
    packed!("Gomoku in the Mist 19x19"),
    packed!("Outer-Open Gomoku 15x15"),
    packed!("Exact five 15x15"),
    packed!("Gomorpion 30x30 (EGA/VGA)"),
];
static VARIANT_KEYWORDS: TextList =
    text_list![b"PISKASM", b"MIST", b"OUTER", b"EXACT", b"GOMORPION"];

/// Every game the menu offers, in the order G steps through them.
pub const MENU: [Variant; 5] = [
    Variant::Piskasm,
    Variant::Mist,
    Variant::OuterOpen,
    Variant::ExactFive,
    Variant::Gomorpion,
];
