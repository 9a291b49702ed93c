//! The variants (src/rules/variant.rs; seeds/000, 001, 003): their lettering, sides,
//! names and levels, and Gomorpion chosen on the menu.
//!
//! Screen layout (the UI's contract): board column c (A = 0) at x = 4 + 2c; on
//! a board of `side` points, row r (1-based) at y = 1 + side - r; the status
//! line at y = 22; the menu's Game line at y = 16; the side panel from x = 46.

mod common;

use common::app::{render, row};
use common::variants::*;
use piskrs::ai::engine::{LEVELS, Level};
use piskrs::app::settings::Settings;
use piskrs::app::ui::{App, Command, Opponent};
use piskrs::rules::board::Stone;
use piskrs::rules::coord::Lettering;
use piskrs::rules::variant::{ALL, MENU, Variant};
use piskrs::rules::{Opening, WinRule};

// ---------------------------------------------------------------------------
// Variants: lettering, sides, names.

/// One variant as the menu and the game see it.
struct Expected {
    variant: Variant,
    side: u8,
    name: &'static str,
    keyword: &'static str,
    rule_text: &'static str,
    win_rule: WinRule,
    opening: Opening,
    lettering: Lettering,
}

#[test]
fn variants_sides_lettering_rules_and_names() {
    let expected = [
        Expected {
            variant: Variant::Piskasm,
            side: 19,
            name: "Gomoku 19x19 (Piskasm)",
            keyword: "PISKASM",
            rule_text: "Five or more in a row wins.",
            win_rule: WinRule::FiveOrMore,
            opening: Opening::Free,
            lettering: Lettering::Consecutive,
        },
        Expected {
            variant: Variant::Mist,
            side: 19,
            name: "Gomoku in the Mist 19x19",
            keyword: "MIST",
            rule_text: "Five or more in a row wins.",
            win_rule: WinRule::FiveOrMore,
            opening: Opening::Free,
            lettering: Lettering::Consecutive,
        },
        Expected {
            variant: Variant::OuterOpen,
            side: 15,
            name: "Outer-Open Gomoku 15x15",
            keyword: "OUTER",
            rule_text: "Five or more; Black opens outside.",
            win_rule: WinRule::FiveOrMore,
            opening: Opening::OuterTwoLines,
            lettering: Lettering::SkipI,
        },
        Expected {
            variant: Variant::ExactFive,
            side: 15,
            name: "Exact five 15x15",
            keyword: "EXACT",
            rule_text: "Exactly five wins; six does not.",
            win_rule: WinRule::ExactlyFive,
            opening: Opening::Free,
            lettering: Lettering::SkipI,
        },
    ];
    assert!(ALL.len() == 4);
    for (i, e) in expected.into_iter().enumerate() {
        let (v, side, name, keyword) = (e.variant, e.side, e.name, e.keyword);
        assert!(ALL[i] == v, "ALL[{i}]");
        assert_eq!(v.side(), side, "{name}");
        assert_eq!(common::unpacked(v.name()), name);
        assert_eq!(String::from_utf8_lossy(v.keyword()), keyword);
        assert_eq!(common::unpacked(v.rule_text()), e.rule_text);
        assert!(v.lettering() == e.lettering, "{name}");
        assert!(v.win_rule() == e.win_rule, "{name}");
        assert!(v.opening() == e.opening, "{name}");
        assert_eq!(v.has_mist(), v == Variant::Mist);
        let game = v.new_game();
        assert_eq!(game.board().side(), side);
        assert!(game.rule() == v.win_rule() && game.opening() == v.opening());
        // next() walks the menu's cycle: the four, then Gomorpion, then back.
        assert!(v.next() == MENU[i + 1]);
        // Keywords are read in any case.
        assert!(Variant::from_keyword(keyword.as_bytes()) == Some(v));
        assert!(Variant::from_keyword(keyword.to_lowercase().as_bytes()) == Some(v));
    }
    assert!(MENU.len() == 5 && MENU[4] == Variant::Gomorpion);
    assert!(Variant::Gomorpion.next() == Variant::Piskasm);
    assert!(Variant::from_keyword(b"gomorpion") == Some(Variant::Gomorpion));
    assert_eq!(Variant::Gomorpion.side(), 30);
    assert!(
        !ALL.contains(&Variant::Gomorpion),
        "ALL is the games of the Game board"
    );
    assert!(Variant::from_keyword(b"MISTY").is_none());
    assert!(Variant::from_keyword(b"").is_none());
}

#[test]
fn lettering_of_15x15_skips_i_so_column_13_is_o_and_14_is_p() {
    let letters: String = (0..15)
        .map(|c| Lettering::SkipI.letter(c) as char)
        .collect();
    assert_eq!(letters, LETTERS_15);
    assert_eq!(Lettering::SkipI.letter(13), b'O');
    assert_eq!(Lettering::SkipI.letter(14), b'P');
    assert_eq!(Lettering::SkipI.letter(8), b'J');
    assert_eq!(Lettering::SkipI.column(b'I'), None);
    assert_eq!(Lettering::SkipI.column(b'J'), Some(8));
    assert_eq!(Lettering::SkipI.column(b'P'), Some(14));
    let letters19: String = (0..19)
        .map(|c| Lettering::Consecutive.letter(c) as char)
        .collect();
    assert_eq!(letters19, "ABCDEFGHIJKLMNOPQRS");
}

#[test]
fn levels_names_and_keywords() {
    assert!(LEVELS == [Level::Classic, Level::Cha, Level::Strong]);
    assert_eq!(common::unpacked(Level::Classic.name()), "Classic (Piskasm)");
    assert_eq!(
        common::unpacked(Level::Cha.name()),
        "Cha (Harry Cha's rules)"
    );
    assert!(Level::from_keyword(b"classic") == Some(Level::Classic));
    assert!(Level::from_keyword(b"ChA") == Some(Level::Cha));
    assert_eq!(
        common::unpacked(Level::Strong.name()),
        "Strong (tree search)"
    );
    assert!(Level::from_keyword(b"strong") == Some(Level::Strong));
    assert!(Level::from_keyword(b"CHAS").is_none());
    assert!(Level::Classic.next() == Level::Cha);
    assert!(Level::Cha.next() == Level::Strong && Level::Strong.next() == Level::Classic);
}

/// Gomorpion is the fifth game of the menu: 1, 2 and 4 hand it to the platform
/// (its own 30x30 screen) as a command naming the opponent; nothing starts on
/// the 19x19 board, and a menu remembered with Gomorpion still has a Gomoku
/// board behind it.
#[test]
fn gomorpion_is_chosen_on_the_menu_and_started_by_the_platform() {
    let mut app = menu_with_game("Gomorpion 30x30", 5);
    assert!(app.settings().variant == Variant::Gomorpion);
    assert!(press(&mut app, b'1') == Command::Gomorpion(Opponent::Computer(Stone::White)));
    assert!(app.on_menu(), "the menu stays behind the Gomorpion screen");
    assert!(press(&mut app, b'2') == Command::Gomorpion(Opponent::Computer(Stone::Black)));
    assert!(press(&mut app, b'4') == Command::Gomorpion(Opponent::Person));
    assert!(app.start_from_menu(b'4') == Command::Gomorpion(Opponent::Person));
    let (mut app, _) = gomorpion_menu();
    assert_eq!(app.game().board().side(), 19);
    assert!(app.variant() == Variant::Piskasm);
    app.gomorpion_needs_ega();
    assert!(String::from_utf8_lossy(app.status().as_bytes()).contains("EGA or VGA"));
    assert!(row(&render(&app), MENU_GAME_Y).contains("Gomorpion 30x30"));
    // Back on a Gomoku variant, 1 starts a game on the board as before.
    assert!(press(&mut app, b'g') == Command::Continue);
    assert!(press(&mut app, b'1') == Command::Continue);
    assert!(!app.on_menu());
}

/// The menu with Gomorpion chosen, and its settings.
fn gomorpion_menu() -> (App, Settings) {
    let settings = Settings {
        variant: Variant::Gomorpion,
        ..Settings::default()
    };
    (App::with_settings(true, settings), settings)
}

/// Gomorpion's menu hides the level, rule and time: their keys C, R and T
/// then change nothing (nor PISKRS.CFG) and say why.
#[test]
fn c_r_and_t_change_nothing_with_gomorpion_chosen() {
    let (mut app, settings) = gomorpion_menu();
    for key in *b"crtCRT" {
        assert!(press(&mut app, key) == Command::Continue);
        assert!(app.settings() == settings, "{}", key as char);
        assert!(!app.take_settings_changed(), "{}", key as char);
        assert_eq!(
            String::from_utf8_lossy(app.status().as_bytes()),
            "Level, rule and time do not apply to Gomorpion."
        );
    }
    // On a Gomoku game the keys change their settings as before.
    assert!(press(&mut app, b'g') == Command::Continue);
    assert!(app.take_settings_changed());
    assert!(press(&mut app, b'c') == Command::Continue);
    assert!(app.settings().level != settings.level);
}

/// A key the menu does not know lists the keys it does: on Gomorpion's menu
/// without C, R and T, which do not apply there.
#[test]
fn an_unknown_menu_key_lists_only_the_keys_that_apply() {
    let (mut app, _) = gomorpion_menu();
    assert!(press(&mut app, b'z') == Command::Continue);
    assert_eq!(
        String::from_utf8_lossy(app.status().as_bytes()),
        "1, 2 or 4 play; G, S options; L load; 3 or Esc to quit."
    );
    assert!(press(&mut app, b'g') == Command::Continue);
    assert!(press(&mut app, b'z') == Command::Continue);
    assert_eq!(
        String::from_utf8_lossy(app.status().as_bytes()),
        "1, 2, 4 or 5 play; G, C, W, S, R, T, K options; L load; 3 or Esc quit."
    );
}
