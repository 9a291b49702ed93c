//! Helpers for the tests that drive `ui::App` and read its screen (and play the
//! computer through it, save and load), from the
//! screen layout contract (not from the core): board column c (A = 0) at
//! x = 4 + 2c, on 19x19 board row r (1..19) at y = 20 - r; the side panel from
//! x = 46; the status line at y = 22.

use super::{all_points, game_state, name, pt, stone_name};
use piskrs::ai::classic::Classic;
use piskrs::app::screen::TextScreen;
use piskrs::app::ui::{App, Command, Input, Key, Opponent};
use piskrs::rules::board::Stone;
use piskrs::rules::coord::Point;

/// The status line's row.
pub const STATUS_Y: usize = 22;
/// The first column of the side panel.
pub const PANEL_X: usize = 46;

/// The answers to a Y/N question that are not a yes: N, Esc, Enter, the key
/// `other` and a click at each of `clicks` (x, y).
pub fn answers_but_yes(other: u8, clicks: &[(u8, u8)]) -> Vec<Input> {
    let mut noes = vec![
        Input::Key(Key::Char(b'n')),
        Input::Key(Key::Escape),
        Input::Key(Key::Enter),
        Input::Key(Key::Char(other)),
    ];
    noes.extend(clicks.iter().map(|&(x, y)| Input::Click { x, y }));
    noes
}

/// Screen cell of a point of the 19x19 board.
pub fn cell_of(point: Point) -> (usize, usize) {
    (4 + 2 * point.col as usize, 20 - (point.row as usize + 1))
}

/// Presses `key`.
pub fn key(app: &mut App, key: Key) -> Command {
    app.handle(Input::Key(key))
}

/// The App's screen, rendered into a fresh `TextScreen`.
pub fn render(app: &App) -> TextScreen {
    let mut screen = TextScreen::new();
    app.render(&mut screen);
    screen
}

/// Row `y` of the screen as a string (CP437 bytes above 0x7F as Latin-1).
pub fn row(screen: &TextScreen, y: usize) -> String {
    let mut bytes = [0u8; 80];
    screen.row_text(y, &mut bytes);
    bytes.iter().map(|&b| b as char).collect()
}

/// `len` characters of row `y` from `x`.
pub fn text_at(screen: &TextScreen, x: usize, y: usize, len: usize) -> String {
    row(screen, y).chars().skip(x).take(len).collect()
}

/// The status line's text.
pub fn status(app: &App) -> String {
    String::from_utf8(app.status().as_bytes().to_vec()).unwrap()
}

/// Every row of the screen but the status line, characters and styles: what a
/// change to the game, the page or the panel would show.
pub fn screen_without_status(app: &App) -> String {
    let screen = render(app);
    let mut out = String::new();
    for y in (0..25).filter(|&y| y != STATUS_Y) {
        out.push_str(&row(&screen, y));
        for x in 0..80 {
            out.push((b'a' + screen.cell(x, y).style as u8) as char);
        }
        out.push('\n');
    }
    out
}

// ---------------------------------------------------------------------------
// Playing the computer through the App.

pub fn char_key(app: &mut App, c: u8) -> Command {
    key(app, Key::Char(c))
}

pub fn click_point(app: &mut App, point: Point) -> Command {
    let (x, y) = cell_of(point);
    app.handle(Input::Click {
        x: x as u8,
        y: y as u8,
    })
}

/// A new App on the menu with its random source fixed (the /SEED switch).
pub fn app_with_seed(seed: u16) -> App {
    let mut app = App::new(true);
    app.fix_seed(seed);
    app
}

/// A game begun from the menu with `key` against the computer, which plays
/// `computer`; no move of the computer's is then awaited.
fn begun(seed: u16, key: u8, computer: Stone) -> App {
    let mut app = app_with_seed(seed);
    assert!(char_key(&mut app, key) == Command::Continue);
    assert!(!app.on_menu());
    assert!(app.opponent() == Opponent::Computer(computer));
    assert!(!app.computer_to_move(), "it is the person's turn");
    app
}

/// The person begins (menu key 1): the person plays Black.
pub fn person_begins(seed: u16) -> App {
    let app = begun(seed, b'1', Stone::White);
    assert_eq!(app.game().move_count(), 0);
    app
}

/// The computer begins (menu key 2): it plays Black and its opening stone at once.
pub fn computer_begins(seed: u16) -> App {
    let app = begun(seed, b'2', Stone::Black);
    assert_eq!(app.game().move_count(), 1, "the computer's opening stone");
    app
}

/// The first free point of `candidates` (the computer may have taken some).
pub fn first_free(app: &App, candidates: &[&str]) -> Point {
    candidates
        .iter()
        .map(|c| pt(c))
        .find(|&p| app.game().board().get(p).is_none())
        .expect("one of the candidate points is free")
}

/// The person clicks `point`, then the platform lets the computer reply; returns
/// the computer's point.
pub fn exchange(app: &mut App, point: Point) -> Point {
    let before = app.game().move_count();
    assert!(click_point(app, point) == Command::Continue);
    assert_eq!(app.game().move_count(), before + 1, "the person's stone");
    assert!(app.game().last_move() == Some(point));
    assert!(
        app.computer_to_move(),
        "after {}: {}",
        name(point),
        status(app)
    );
    app.computer_move();
    assert_eq!(app.game().move_count(), before + 2, "the computer's stone");
    assert!(!app.computer_to_move());
    app.game().last_move().unwrap()
}

/// Plays a few exchanges, the person taking the first free candidate each time.
pub fn play_exchanges(app: &mut App, rounds: &[&[&str]]) -> Vec<Point> {
    rounds
        .iter()
        .map(|candidates| {
            let point = first_free(app, candidates);
            exchange(app, point)
        })
        .collect()
}

pub const ROUNDS: [&[&str]; 4] = [
    &["J10", "K10"],
    &["K11", "H8", "L12"],
    &["H12", "G13", "M9"],
    &["L8", "F6", "N14"],
];

/// Info as the App keeps it equals Info recomputed from the board.
pub fn assert_info_is_recomputed(app: &App, context: &str) {
    let classic = app.classic();
    let mut fresh = Classic::new(classic.computer(), 19);
    fresh.recompute(app.game().board());
    for point in all_points(19) {
        assert_eq!(
            classic.score(point),
            fresh.score(point),
            "{context}: Info at {}",
            name(point)
        );
    }
}

/// 'l' on the menu, Enter: the platform is asked to load GAME.PSQ.
pub fn ask_to_load(app: &mut App) {
    assert!(app.on_menu());
    assert!(char_key(app, b'l') == Command::Continue);
    assert_eq!(status(app), "Load (Enter loads, Esc cancels): ");
    assert!(key(app, Key::Enter) == Command::LoadFile);
    assert_eq!(app.file_name(), b"GAME.PSQ");
}

/// What a load or a save must leave alone: the page, the game, Info, the panel.
pub fn snapshot(app: &App) -> String {
    let info: Vec<u16> = all_points(19)
        .into_iter()
        .map(|p| app.classic().score(p))
        .collect();
    format!(
        "menu: {}\nopponent: {}\ncomputer to move: {}\nhint: {:?}\ncursor: {}\n{}info: {:?}\n{}",
        app.on_menu(),
        match app.opponent() {
            Opponent::Person => "two players".to_string(),
            Opponent::Computer(stone) => format!("computer {}", stone_name(stone)),
            Opponent::Computers => "the computer against itself".to_string(),
        },
        app.computer_to_move(),
        app.hint().map(name),
        name(app.cursor()),
        game_state(app.game()),
        info,
        screen_without_status(app)
    )
}

/// A valid record of K10, J10 on 19x19, then `tail`.
pub fn record_with(lines: &str) -> Vec<u8> {
    format!("Piskvorky 19x19, 11:11, 0\r\n{lines}").into_bytes()
}
