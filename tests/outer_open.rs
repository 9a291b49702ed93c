//! Outer-Open (seeds/001): its first move, by the rules and in the App (the
//! refusals, two players, the computer's opening, the hint).
//!
//! Screen layout (the UI's contract): board column c (A = 0) at x = 4 + 2c; on
//! a board of `side` points, row r (1-based) at y = 1 + side - r; the status
//! line at y = 22; the menu's Game line at y = 16; the side panel from x = 46.

mod common;

use common::app::{STATUS_Y, key, render, row, screen_without_status, status};
use common::variants::*;
use common::{game_state, go_name};
use piskrs::app::screen::Style;
use piskrs::app::settings::Settings;
use piskrs::app::ui::{App, Command, Input, Key, Opponent};
use piskrs::rules::board::Stone;
use piskrs::rules::coord::{Lettering, Point};
use piskrs::rules::game::{Game, MoveError};
use piskrs::rules::variant::Variant;
use piskrs::rules::{Opening, WinRule};

/// Outer-Open's rule as the seed words it: rows 1, 2, 14, 15 or columns A, B,
/// O, P (the column's letter as the 15x15 lettering writes it).
fn outer_open_allows(point: Point) -> bool {
    let row = point.row + 1;
    let letter = Lettering::SkipI.letter(point.col);
    [1, 2, 14, 15].contains(&row) || b"ABOP".contains(&letter)
}

// ---------------------------------------------------------------------------
// Outer-Open: the first move.

#[test]
fn outer_open_first_move_on_all_225_points() {
    let fresh_games = [
        Game::with_opening(15, WinRule::FiveOrMore, Opening::OuterTwoLines),
        Variant::OuterOpen.new_game(),
    ];
    for fresh in fresh_games {
        let before = game_state(&fresh);
        let mut allowed = 0;
        for point in common::all_points(15) {
            let mut game = fresh.clone();
            let result = game.play(point);
            if outer_open_allows(point) {
                assert!(result.is_ok(), "{} must be allowed", name15(point));
                assert_eq!(game.move_count(), 1);
                assert!(game.board().get(point) == Some(Stone::Black));
                assert!(game.to_move() == Stone::White);
                allowed += 1;
            } else {
                assert_eq!(
                    common::error_text(result),
                    "restricted",
                    "{} must be refused",
                    name15(point)
                );
                assert!(fresh.check(point) == Err(MoveError::Restricted));
                assert_eq!(
                    game_state(&game),
                    before,
                    "{} changed the game",
                    name15(point)
                );
            }
        }
        // The inner 11x11 square (C..N without I, rows 3..13) is closed.
        assert_eq!(allowed, 225 - 11 * 11);
    }
}

#[test]
fn outer_open_by_name() {
    let game = Variant::OuterOpen.new_game();
    for open in [
        "A1", "A8", "B8", "O8", "P8", "H1", "H2", "H14", "H15", "P15", "O14", "B2",
    ] {
        assert!(game.check(p15(open)).is_ok(), "{open}");
    }
    for closed in ["C3", "H8", "N13", "C8", "N8", "H3", "H13", "J7", "M12"] {
        assert!(
            game.check(p15(closed)) == Err(MoveError::Restricted),
            "{closed}"
        );
    }
}

#[test]
fn outer_open_on_19x19_uses_the_two_outer_lines_of_that_board() {
    let rule = Opening::OuterTwoLines;
    for point in common::all_points(19) {
        let outer = |v: u8| !(2..=16).contains(&v);
        assert_eq!(
            rule.allows(point, 19),
            outer(point.col) || outer(point.row),
            "{}",
            go_name(point.col, point.row)
        );
        assert!(Opening::Free.allows(point, 19));
    }
}

#[test]
fn from_the_second_move_there_is_no_restriction() {
    for first in ["A1", "H2", "P15", "O8"] {
        let mut game = Variant::OuterOpen.new_game();
        assert!(game.play(p15(first)).is_ok());
        // White may answer anywhere, the middle included.
        for point in common::all_points(15) {
            let mut g = game.clone();
            if point == p15(first) {
                assert!(g.play(point) == Err(MoveError::Occupied));
            } else {
                assert!(g.play(point).is_ok(), "White on {}", name15(point));
            }
        }
        // Black's second and later stones go anywhere too.
        assert!(game.play(p15("H8")).is_ok());
        for point in common::all_points(15) {
            if game.board().get(point).is_some() {
                continue;
            }
            let mut g = game.clone();
            assert!(g.play(point).is_ok(), "Black's second on {}", name15(point));
            // and its third
            let reply = common::all_points(15)
                .into_iter()
                .find(|&p| g.board().get(p).is_none())
                .unwrap();
            assert!(g.play(reply).is_ok());
            let third = p15("G7");
            if g.board().get(third).is_none() {
                assert!(g.play(third).is_ok());
            }
        }
    }
}

#[test]
fn the_restriction_comes_back_when_the_first_move_is_taken_back() {
    let mut game = Variant::OuterOpen.new_game();
    assert!(game.play(p15("A1")).is_ok());
    assert!(game.undo().is_some());
    assert!(game.check(p15("H8")) == Err(MoveError::Restricted));
}

#[test]
fn other_variants_open_anywhere() {
    for v in [Variant::Piskasm, Variant::Mist, Variant::ExactFive] {
        let side = v.side();
        let centre = Point::new(side / 2, side / 2);
        let mut game = v.new_game();
        assert!(game.play(centre).is_ok(), "{}", common::unpacked(v.name()));
    }
}

// ---------------------------------------------------------------------------
// Outer-Open in the App.

/// What the refusal must name (the message is checked in parts: see the
/// ignored test below for column P).
const OUTER_OPEN_ROWS: &str = "rows 1, 2, 14, 15";

const OUTER_OPEN_COLUMNS: &str = "columns A, B, O";

#[test]
fn outer_open_from_the_menu_refuses_an_inner_first_click() {
    let mut app = menu_with_game("Outer-Open", 1);
    assert_eq!(
        row(&render(&app), MENU_GAME_Y).trim(),
        "G  Game:  Outer-Open Gomoku 15x15"
    );
    assert!(app.settings().variant == Variant::OuterOpen);
    assert!(press(&mut app, b'4') == Command::Continue);
    assert!(app.variant() == Variant::OuterOpen);
    assert_eq!(app.game().board().side(), 15);
    assert_eq!(
        status(&app),
        "Black opens on rows 1, 2, 14, 15 or columns A, B, O, P.",
        "the game starts by saying where Black opens"
    );
    // The 15x15 board: letters without I under it, rows 15..1 beside it.
    let screen = render(&app);
    assert_eq!(&row(&screen, 16)[4..33], "A B C D E F G H J K L M N O P");
    assert_eq!(&row(&screen, 1)[1..3], "15");
    assert_eq!(&row(&screen, 15)[1..3], " 1");

    let game_before = game_state(app.game());
    for inner in ["H8", "C3", "N13", "C13", "N3", "G12"] {
        assert!(click(&mut app, p15(inner)) == Command::Continue);
        let said = status(&app);
        assert!(
            said.starts_with("Outer-Open: Black opens on")
                && said.contains(OUTER_OPEN_ROWS)
                && said.contains(OUTER_OPEN_COLUMNS),
            "{inner}: {said}"
        );
        assert!(render(&app).cell(1, STATUS_Y).style == Style::Alert);
        assert_eq!(game_state(app.game()), game_before, "{inner}");
        assert!(!app.game().is_over());
    }
}

#[test]
fn the_outer_open_refusal_names_column_p() {
    let mut app = two_players_remembered(Variant::OuterOpen);
    click(&mut app, p15("H8"));
    assert!(
        status(&app).contains("columns A, B, O, P"),
        "{}",
        status(&app)
    );
}

#[test]
fn a_15x15_two_player_game_chosen_on_the_menu_takes_its_stones() {
    for game in ["Outer-Open", "Exact five"] {
        let mut app = two_players(game);
        assert_eq!(app.game().board().side(), 15);
        click(&mut app, p15("A1"));
        click(&mut app, p15("H8"));
        assert_eq!(app.game().move_count(), 2, "{game}");
    }
}

#[test]
fn outer_open_two_players_refusal_then_the_game_goes_on() {
    let mut app = two_players_remembered(Variant::OuterOpen);
    // The cursor starts where Black may open (H2); up the arrows to H8,
    // where a refused Enter moves nothing.
    assert!(app.cursor() == p15("H2"));
    for _ in 0..6 {
        key(&mut app, Key::Up);
    }
    assert!(app.cursor() == p15("H8"));
    let before = screen_without_status(&app);
    let game_before = game_state(app.game());
    app.handle(Input::Key(Key::Enter));
    let said = status(&app);
    assert!(
        said.contains(OUTER_OPEN_ROWS) && said.contains(OUTER_OPEN_COLUMNS),
        "{said}"
    );
    assert_eq!(screen_without_status(&app), before);
    assert_eq!(game_state(app.game()), game_before);
    // An outer point is taken.
    assert!(click(&mut app, p15("O8")) == Command::Continue);
    assert_eq!(app.game().move_count(), 1);
    assert!(app.game().board().get(p15("O8")) == Some(Stone::Black));
    assert_eq!(status(&app), "Black played O8.");
    // Then White plays in the middle, and Black's second stone is free too.
    click(&mut app, p15("H8"));
    assert!(app.game().board().get(p15("H8")) == Some(Stone::White));
    click(&mut app, p15("G7"));
    assert!(app.game().board().get(p15("G7")) == Some(Stone::Black));
    assert_eq!(app.game().move_count(), 3);
}

#[test]
fn outer_open_the_person_against_the_computer_is_refused_too_and_the_computer_waits() {
    let mut app = menu_with_game("Outer-Open", 7);
    press(&mut app, b'1');
    assert!(app.opponent() == Opponent::Computer(Stone::White));
    click(&mut app, p15("H8"));
    assert_eq!(app.game().move_count(), 0);
    assert!(
        !app.computer_to_move(),
        "the computer does not move for a refused stone"
    );
    click(&mut app, p15("B8"));
    assert!(app.computer_to_move());
    app.computer_move();
    assert_eq!(app.game().move_count(), 2);
}

#[test]
fn the_computer_as_black_opens_on_an_allowed_point_for_many_seeds() {
    let mut seen = std::collections::BTreeSet::new();
    for seed in (0..=u16::MAX).step_by(97).chain(0..300) {
        let settings = Settings {
            variant: Variant::OuterOpen,
            ..Settings::default()
        };
        let mut app = App::with_settings(true, settings);
        app.fix_seed(seed);
        press(&mut app, b'2');
        assert!(app.opponent() == Opponent::Computer(Stone::Black));
        assert_eq!(app.game().move_count(), 1, "seed {seed}");
        let first = app.game().moves()[0];
        assert!(
            outer_open_allows(first),
            "seed {seed}: the computer opened on {}",
            name15(first)
        );
        seen.insert(name15(first));
        assert!(!app.computer_to_move());
    }
    assert!(
        seen.len() >= 3,
        "the opening varies with the seed: {seen:?}"
    );
    // Through the menu as a person would, too.
    for seed in [1, 777, 4242, 31337, 9] {
        let mut app = menu_with_game("Outer-Open", seed);
        press(&mut app, b'2');
        let first = app.game().moves()[0];
        assert!(outer_open_allows(first), "seed {seed}: {}", name15(first));
    }
}

#[test]
fn the_hint_on_an_empty_outer_open_board_is_allowed() {
    for seed in [0, 1, 2, 3, 500, 65535] {
        let mut app = menu_with_game("Outer-Open", seed);
        press(&mut app, b'4');
        press(&mut app, b'h');
        let hint = app.hint().expect("a hint");
        assert!(outer_open_allows(hint), "seed {seed}: {}", name15(hint));
    }
}
