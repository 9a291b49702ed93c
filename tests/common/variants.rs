//! Helpers shared by the variants' tests (tests/variants.rs, outer_open.rs,
//! exact_five.rs, settings.rs, cmdline.rs, mist_screen.rs, mist_computer.rs):
//! points on 15x15 named by hand, and driving the App on any board.

use super::app::{render, row};
use super::go_point;
use piskrs::app::settings::Settings;
use piskrs::app::ui::{App, Command, Input, Key, Opponent};
use piskrs::rules::coord::Point;
use piskrs::rules::variant::{MENU, Variant};

pub const MENU_GAME_Y: usize = 16;

// ---------------------------------------------------------------------------
// Points on 15x15, named by hand: Go lettering without I.

pub const LETTERS_15: &str = "ABCDEFGHJKLMNOP";

pub fn p15(name: &str) -> Point {
    let col = LETTERS_15
        .find(&name[..1])
        .unwrap_or_else(|| panic!("{name:?}: no such column on 15x15"));
    let row: u8 = name[1..].parse().unwrap();
    assert!((1..=15).contains(&row), "{name:?}");
    Point::new(col as u8, row - 1)
}

pub fn name15(point: Point) -> String {
    format!(
        "{}{}",
        LETTERS_15.as_bytes()[point.col as usize] as char,
        point.row + 1
    )
}

// ---------------------------------------------------------------------------
// Driving the App.

pub fn cell(point: Point, side: u8) -> (usize, usize) {
    (
        4 + 2 * point.col as usize,
        1 + side as usize - (point.row as usize + 1),
    )
}

pub fn click(app: &mut App, point: Point) -> Command {
    let (x, y) = cell(point, app.game().board().side());
    app.handle(Input::Click {
        x: x as u8,
        y: y as u8,
    })
}

pub fn press(app: &mut App, c: u8) -> Command {
    app.handle(Input::Key(Key::Char(c)))
}

/// A new App on the menu, 'g' pressed until the menu's Game line shows `name`.
pub fn menu_with_game(name: &str, seed: u16) -> App {
    let mut app = App::new(true);
    app.fix_seed(seed);
    for _ in 0..MENU.len() {
        if row(&render(&app), MENU_GAME_Y).contains(name) {
            return app;
        }
        assert!(press(&mut app, b'g') == Command::Continue);
    }
    panic!("the menu never showed {name:?}")
}

/// A two-player game of `variant` in an App that starts with it remembered
/// (PISKRS.CFG or a switch), so the game is the first of the run.
pub fn two_players_remembered(variant: Variant) -> App {
    let settings = Settings {
        variant,
        ..Settings::default()
    };
    let mut app = App::with_settings(true, settings);
    app.fix_seed(1);
    press(&mut app, b'4');
    assert!(app.variant() == variant);
    assert!(app.opponent() == Opponent::Person);
    app
}

/// A two-player game chosen on the menu with 'g' and '4'.
pub fn two_players(game_name: &str) -> App {
    let mut app = menu_with_game(game_name, 1);
    press(&mut app, b'4');
    assert!(!app.on_menu());
    assert!(app.opponent() == Opponent::Person);
    app
}

pub fn click19(app: &mut App, name: &str) {
    let before = app.game().move_count();
    click(app, go_point(name));
    assert_eq!(app.game().move_count(), before + 1, "{name} was not played");
}

/// Types a command on the Mist's command line and presses Enter.
pub fn command(app: &mut App, text: &str) -> Command {
    assert!(press(app, b'c') == Command::Continue);
    for &b in text.as_bytes() {
        let input = if b == b' ' { Key::Space } else { Key::Char(b) };
        app.handle(Input::Key(input));
    }
    app.handle(Input::Key(Key::Enter))
}
