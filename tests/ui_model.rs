//! The UI model: `ui::App` driven by `Input`s and rendered into a `TextScreen`,
//! checked against the screen layout contract (the menu, the game screen, the
//! panel, the status line).
//!
//! Layout contract: board column c (A = 0) is at x = 4 + 2c, board row r (1..19)
//! at y = 20 - r; the column letters are on y = 20, the row numbers right-aligned
//! in x = 1..2, the side panel starts at x = 46, the status line is y = 22.

mod common;

use common::app::{PANEL_X, STATUS_Y, answers_but_yes, cell_of, key, render, row, status, text_at};
use common::{diagram, fill_order, name, pt};
use piskrs::app::screen::{Style, TextScreen, glyph};
use piskrs::app::ui::{self, App, Command, Input, Key, point_at};
use piskrs::rules::coord::Point;

fn click_at(point: Point) -> Input {
    let (x, y) = cell_of(point);
    Input::Click {
        x: x as u8,
        y: y as u8,
    }
}

fn click(app: &mut App, point: &str) {
    assert!(app.handle(click_at(pt(point))) == Command::Continue);
}

fn style_name(style: Style) -> &'static str {
    match style {
        Style::Normal => "Normal",
        Style::Title => "Title",
        Style::Heading => "Heading",
        Style::Label => "Label",
        Style::Board => "Board",
        Style::BlackStone => "BlackStone",
        Style::WhiteStone => "WhiteStone",
        Style::BlackLast => "BlackLast",
        Style::WhiteLast => "WhiteLast",
        Style::BlackWin => "BlackWin",
        Style::WhiteWin => "WhiteWin",
        Style::Cursor => "Cursor",
        Style::Status => "Status",
        Style::Alert => "Alert",
        Style::KeyBar => "KeyBar",
        Style::MenuKey => "MenuKey",
        Style::Mist => "Mist",
        Style::RedPiece => "RedPiece",
        Style::BlackCaptured => "BlackCaptured",
        Style::RedCaptured => "RedCaptured",
        Style::Opening => "Opening",
    }
}

/// The character and style at a board point.
fn at_point(screen: &TextScreen, point: &str) -> (char, &'static str) {
    let (x, y) = cell_of(pt(point));
    let cell = screen.cell(x, y);
    (cell.ch as char, style_name(cell.style))
}

/// Every point of the board as shown (character and style), as text.
fn board_points(screen: &TextScreen) -> String {
    let mut out = String::new();
    for row in (0..19u8).rev() {
        for col in 0..19u8 {
            let (x, y) = cell_of(Point::new(col, row));
            let cell = screen.cell(x, y);
            out.push(cell.ch as char);
            out.push_str(style_name(cell.style));
            out.push(' ');
        }
        out.push('\n');
    }
    out
}

/// An app with a two-player game just started from the menu.
fn started() -> App {
    let mut app = App::new(true);
    assert!(key(&mut app, Key::Char(b'4')) == Command::Continue);
    app
}

/// The side panel line (x >= 46, y 1..=21) that starts with `prefix`, trimmed.
fn panel_line(screen: &TextScreen, prefix: &str) -> Option<String> {
    (1..=21)
        .map(|y| {
            text_at(screen, PANEL_X, y, 80 - PANEL_X)
                .trim_end()
                .to_string()
        })
        .find(|line| line.starts_with(prefix))
}

fn is_menu(screen: &TextScreen) -> bool {
    row(screen, 10).contains("4  Two players") && row(screen, 12).contains("3  Quit (also Esc)")
}

fn is_game(screen: &TextScreen) -> bool {
    text_at(screen, PANEL_X, 2, 11) == "Two players"
        && text_at(screen, 4, 20, 37).starts_with("A B")
}

fn is_help(screen: &TextScreen) -> bool {
    row(screen, 24).starts_with(" Page ") && row(screen, 24).contains("Other keys: leave the help")
}

// ---------------------------------------------------------------------------
// point_at: the screen layout contract.

#[test]
fn point_at_maps_the_documented_cells() {
    let at = |x, y| point_at(x, y).map(name);
    assert_eq!(at(24, 10), Some("K10".to_string()));
    assert_eq!(at(4, 19), Some("A1".to_string()));
    assert_eq!(at(40, 1), Some("S19".to_string()));
    assert_eq!(at(40, 19), Some("S1".to_string()));
    assert_eq!(at(4, 1), Some("A19".to_string()));
    assert_eq!(at(22, 10), Some("J10".to_string()));
    assert_eq!(at(6, 18), Some("B2".to_string()));
}

#[test]
fn point_at_is_none_between_points_and_off_the_board() {
    for x in 0..=255u8 {
        for y in 0..=255u8 {
            let on_board = (4..=40).contains(&x) && x.is_multiple_of(2) && (1..=19).contains(&y);
            let got = point_at(x, y);
            if on_board {
                let expected = Point::new((x - 4) / 2, 19 - y);
                assert!(got == Some(expected), "({x}, {y})");
            } else {
                assert!(
                    got.is_none(),
                    "({x}, {y}) is not a point but gave {:?}",
                    got.map(name)
                );
            }
        }
    }
}

#[test]
fn screen_x_and_screen_y_invert_point_at() {
    for col in 0..19u8 {
        for r in 0..19u8 {
            let point = Point::new(col, r);
            let (x, y) = cell_of(point);
            assert_eq!((ui::screen_x(col), ui::screen_y(r)), (x, y));
            assert!(point_at(x as u8, y as u8) == Some(point));
        }
    }
}

// ---------------------------------------------------------------------------
// The game screen.

#[test]
fn a_new_game_shows_row_numbers_and_column_letters() {
    let app = started();
    let screen = render(&app);
    assert_eq!(
        text_at(&screen, 4, 20, 37),
        "A B C D E F G H I J K L M N O P Q R S"
    );
    for (i, letter) in "ABCDEFGHIJKLMNOPQRS".chars().enumerate() {
        let cell = screen.cell(4 + 2 * i, 20);
        assert_eq!(cell.ch as char, letter);
        assert_eq!(style_name(cell.style), "Label");
    }
    for number in 1..=19usize {
        let y = 20 - number;
        assert_eq!(
            text_at(&screen, 1, y, 2),
            format!("{number:>2}"),
            "row {number}"
        );
        assert_eq!(style_name(screen.cell(2, y).style), "Label");
    }
    // Nothing else on the label column or under the board.
    assert_eq!(text_at(&screen, 0, 20, 4), "    ");
    assert_eq!(text_at(&screen, 0, 21, 80).trim(), "");
}

#[test]
fn a_new_game_draws_an_empty_grid_with_the_cursor_in_the_middle() {
    let app = started();
    let screen = render(&app);
    let ch = |x, y| screen.cell(x, y).ch;
    assert_eq!(ch(4, 1), glyph::TOP_LEFT);
    assert_eq!(ch(40, 1), glyph::TOP_RIGHT);
    assert_eq!(ch(4, 19), glyph::BOTTOM_LEFT);
    assert_eq!(ch(40, 19), glyph::BOTTOM_RIGHT);
    assert_eq!(ch(6, 1), glyph::TEE_DOWN);
    assert_eq!(ch(6, 19), glyph::TEE_UP);
    assert_eq!(ch(4, 5), glyph::TEE_RIGHT);
    assert_eq!(ch(40, 5), glyph::TEE_LEFT);
    assert_eq!(ch(24, 5), glyph::CROSS);
    assert_eq!(ch(5, 5), glyph::HORIZONTAL);
    // The cursor starts on the middle point, J10 in A..S lettering.
    assert!(app.cursor() == pt("J10"));
    assert_eq!(ch(21, 10), b'[');
    assert_eq!(ch(23, 10), b']');
    assert_eq!(style_name(screen.cell(21, 10).style), "Cursor");
    assert_eq!(text_at(&screen, 1, 0, 23), "PISKRS - Gomoku for DOS");
    assert_eq!(text_at(&screen, PANEL_X, 4, 17), "Black (X) to move");
    assert_eq!(
        panel_line(&screen, "Stones on the board:").as_deref(),
        Some("Stones on the board: 0")
    );
    assert_eq!(panel_line(&screen, "Last move:"), None, "no last move yet");
    assert!(status(&app).starts_with("Black begins:"));
    assert!(row(&screen, 24).contains("F1 Help"));
}

#[test]
fn a_click_on_k10_puts_black_there_and_white_is_to_move() {
    let mut app = started();
    click(&mut app, "K10");
    let screen = render(&app);
    assert_eq!(screen.cell(24, 10).ch, b'X');
    assert_eq!(at_point(&screen, "K10"), ('X', "BlackLast"));
    assert_eq!(text_at(&screen, PANEL_X, 4, 17), "White (O) to move");
    assert_eq!(
        panel_line(&screen, "Stones on the board:").as_deref(),
        Some("Stones on the board: 1")
    );
    assert_eq!(
        panel_line(&screen, "Last move:").as_deref(),
        Some("Last move: K10")
    );
    assert_eq!(status(&app), "Black played K10.");
    assert!(app.cursor() == pt("K10"));
    assert_eq!(app.game().move_count(), 1);
}

#[test]
fn the_last_stone_is_marked_and_earlier_stones_are_plain() {
    let mut app = started();
    click(&mut app, "K10");
    click(&mut app, "L11");
    let screen = render(&app);
    assert_eq!(at_point(&screen, "K10"), ('X', "BlackStone"));
    assert_eq!(at_point(&screen, "L11"), ('O', "WhiteLast"));
    assert_eq!(text_at(&screen, PANEL_X, 4, 17), "Black (X) to move");
    assert_eq!(status(&app), "White played L11.");
    click(&mut app, "A1");
    let screen = render(&app);
    assert_eq!(at_point(&screen, "L11"), ('O', "WhiteStone"));
    assert_eq!(at_point(&screen, "A1"), ('X', "BlackLast"));
    assert_eq!(
        panel_line(&screen, "Last move:").as_deref(),
        Some("Last move: A1")
    );
}

#[test]
fn clicking_an_occupied_point_changes_nothing_and_says_occupied() {
    let mut app = started();
    click(&mut app, "K10");
    click(&mut app, "C3");
    let before = board_points(&render(&app));
    for point in ["K10", "C3"] {
        click(&mut app, point);
        let screen = render(&app);
        assert!(status(&app).contains("occupied"), "{}", status(&app));
        assert_eq!(
            status(&app),
            format!("{point} is occupied: choose a free point.")
        );
        assert_eq!(style_name(screen.cell(1, STATUS_Y).style), "Alert");
        assert_eq!(app.game().move_count(), 2);
        assert_eq!(text_at(&screen, PANEL_X, 4, 17), "Black (X) to move");
        assert_eq!(board_points(&screen), before);
    }
}

#[test]
fn a_click_off_the_board_says_so_and_places_nothing() {
    let mut app = started();
    for (x, y) in [
        (3u8, 10u8),
        (5, 10),
        (24, 0),
        (24, 20),
        (42, 10),
        (41, 1),
        (70, 5),
        (24, 22),
        (0, 24),
    ] {
        app.handle(Input::Click { x, y });
        assert!(
            status(&app).contains("off the board"),
            "({x}, {y}): {}",
            status(&app)
        );
        assert_eq!(app.game().move_count(), 0);
        let screen = render(&app);
        assert_eq!(style_name(screen.cell(1, STATUS_Y).style), "Alert");
        assert!(is_game(&screen));
    }
    // The game goes on: the next click on the board places Black.
    click(&mut app, "D4");
    assert_eq!(at_point(&render(&app), "D4"), ('X', "BlackLast"));
}

#[test]
fn enter_and_space_place_a_stone_at_the_cursor() {
    let mut app = started();
    key(&mut app, Key::Enter);
    assert_eq!(at_point(&render(&app), "J10"), ('X', "BlackLast"));
    key(&mut app, Key::Right);
    assert!(app.cursor() == pt("K10"));
    key(&mut app, Key::Space);
    let screen = render(&app);
    assert_eq!(at_point(&screen, "K10"), ('O', "WhiteLast"));
    assert_eq!(screen.cell(24, 10).ch, b'O');
    assert_eq!(app.game().move_count(), 2);
    // Enter on an occupied point is refused like a click.
    key(&mut app, Key::Enter);
    assert_eq!(status(&app), "K10 is occupied: choose a free point.");
    assert_eq!(app.game().move_count(), 2);
}

/// `k` pressed `times` times.
fn key_times(app: &mut App, k: Key, times: usize) {
    for _ in 0..times {
        key(app, k);
    }
}

#[test]
fn arrows_move_the_cursor_and_stop_at_the_edges() {
    let mut app = started();
    key(&mut app, Key::Up);
    assert!(app.cursor() == pt("J11"));
    key(&mut app, Key::Left);
    assert!(app.cursor() == pt("I11"));
    key(&mut app, Key::Down);
    key(&mut app, Key::Down);
    assert!(app.cursor() == pt("I9"));
    key(&mut app, Key::Right);
    assert!(app.cursor() == pt("J9"));
    // Round the corners, 30 presses each: the cursor stops at the edge, and
    // at A19 and S1 its brackets stand on the screen's row and columns.
    for (arrow, corner, brackets) in [
        (Key::Up, "J19", None),
        (Key::Left, "A19", Some((1, 3, 5))),
        (Key::Down, "A1", None),
        (Key::Right, "S1", Some((19, 39, 41))),
    ] {
        key_times(&mut app, arrow, 30);
        assert!(app.cursor() == pt(corner), "{corner}");
        if let Some((y, left, right)) = brackets {
            let screen = render(&app);
            assert_eq!(screen.cell(left, y).ch, b'[', "{corner}");
            assert_eq!(screen.cell(right, y).ch, b']', "{corner}");
        }
    }
    // Moving the cursor places nothing.
    assert_eq!(app.game().move_count(), 0);
}

#[test]
fn an_unknown_key_in_a_game_is_reported() {
    let mut app = started();
    key(&mut app, Key::Char(b'z'));
    assert_eq!(status(&app), "Unknown key. F1 lists the keys.");
    assert_eq!(app.game().move_count(), 0);
}

#[test]
fn escape_asks_to_leave_and_n_goes_on() {
    let mut app = started();
    click(&mut app, "K10");
    key(&mut app, Key::Escape);
    assert_eq!(status(&app), "Leave this game? Y/N");
    let screen = render(&app);
    assert_eq!(text_at(&screen, 1, STATUS_Y, 20), "Leave this game? Y/N");
    assert!(is_game(&screen));
    assert!(key(&mut app, Key::Char(b'n')) == Command::Continue);
    assert_eq!(status(&app), "The game goes on.");
    let screen = render(&app);
    assert!(is_game(&screen));
    assert_eq!(at_point(&screen, "K10"), ('X', "BlackLast"));
    assert_eq!(app.game().move_count(), 1);
    // The question is over: a move is a move again.
    click(&mut app, "K11");
    assert_eq!(app.game().move_count(), 2);
}

#[test]
fn escape_then_y_returns_to_the_menu() {
    for answer in *b"yY" {
        let mut app = started();
        click(&mut app, "K10");
        key(&mut app, Key::Escape);
        assert!(key(&mut app, Key::Char(answer)) == Command::Continue);
        let screen = render(&app);
        assert!(is_menu(&screen), "{}", row(&screen, 10));
        assert_eq!(status(&app), "Choose with a key{ or a click}.");
        // A new game starts empty.
        key(&mut app, Key::Char(b'4'));
        assert_eq!(app.game().move_count(), 0);
        assert_eq!(at_point(&render(&app), "K10").1, "Board");
    }
}

#[test]
fn the_key_3_quits_at_once_as_in_piskasm() {
    for mouse in [true, false] {
        let mut app = App::new(mouse);
        assert!(key(&mut app, Key::Char(b'3')) == Command::Quit);
    }
}

/// Esc on the menu, or a click on its Quit line, asks first: only Y quits.
#[test]
fn escape_or_a_click_on_quit_asks_and_only_y_quits() {
    let asks: [fn(&mut App) -> Command; 2] = [
        |app| key(app, Key::Escape),
        |app| app.handle(Input::Click { x: 30, y: 12 }),
    ];
    for ask in asks {
        // Every answer but Y keeps the program on the menu.
        for no in answers_but_yes(b'3', &[(30, 12)]) {
            let mut app = App::new(true);
            assert!(ask(&mut app) == Command::Continue);
            assert_eq!(status(&app), "Quit PISKRS for DOS? Y/N");
            assert!(is_menu(&render(&app)));
            assert!(app.handle(no) == Command::Continue);
            assert_eq!(status(&app), "Choose with a key{ or a click}.");
            assert!(is_menu(&render(&app)));
            // The question is over: the menu's keys work again.
            key(&mut app, Key::Char(b'4'));
            assert!(is_game(&render(&app)));
        }
        for yes in *b"yY" {
            let mut app = App::new(true);
            ask(&mut app);
            assert!(key(&mut app, Key::Char(yes)) == Command::Quit);
        }
    }
}

#[test]
fn other_menu_keys_explain_the_choices() {
    let mut app = App::new(true);
    for k in [Key::Enter, Key::Up, Key::Char(b'6'), Key::Char(b'q')] {
        assert!(key(&mut app, k) == Command::Continue);
        assert!(status(&app).contains("3 or Esc quit"), "{}", status(&app));
        let screen = render(&app);
        assert_eq!(style_name(screen.cell(1, STATUS_Y).style), "Alert");
        assert!(is_menu(&screen));
    }
    // A click on a row without an entry chooses nothing.
    for y in [0u8, 7, 20, 24] {
        assert!(app.handle(Input::Click { x: 30, y }) == Command::Continue);
        assert!(is_menu(&render(&app)), "click on row {y}");
    }
}

#[test]
fn the_menu_lists_its_entries_and_a_click_starts_a_game() {
    let mut app = App::new(true);
    let screen = render(&app);
    assert!(is_menu(&screen));
    let four = row(&screen, 10).find("4  Two players").unwrap();
    assert_eq!(style_name(screen.cell(four, 10).style), "MenuKey");
    assert!(row(&screen, 14).contains("F1"));
    assert!(!row(&screen, 18).contains("No mouse"));
    assert_eq!(status(&app), "Choose with a key{ or a click}.");
    assert!(app.handle(Input::Click { x: 30, y: 10 }) == Command::Continue);
    assert!(is_game(&render(&app)));
}

#[test]
fn without_a_mouse_the_menu_says_no_mouse() {
    let app = App::new(false);
    let screen = render(&app);
    assert_eq!(
        text_at(&screen, 14, 7, 46),
        "No mouse driver found: play with the keyboard."
    );
    assert_eq!(style_name(screen.cell(14, 7).style), "Alert");
    let with_mouse = render(&App::new(true));
    assert_eq!(text_at(&with_mouse, 0, 7, 80).trim(), "");
    assert_eq!(
        text_at(&with_mouse, 0, 20, 80).trim(),
        "T  Time:  2.0 s (Strong)"
    );
}

fn play_clicks(app: &mut App, moves: &[&str]) {
    for m in moves {
        click(app, m);
    }
}

/// A started two-player game that Black has won by clicks, A1 to E1 (nine
/// moves, White on row 2).
fn won_by_black_on_row_1() -> App {
    let mut app = started();
    play_clicks(
        &mut app,
        &["A1", "A2", "B1", "B2", "C1", "C2", "D1", "D2", "E1"],
    );
    app
}

#[test]
fn black_five_announces_black_wins_and_marks_the_five() {
    let mut app = started();
    play_clicks(
        &mut app,
        &["C5", "C6", "D5", "D6", "E5", "E6", "F5", "F6", "G5"],
    );
    assert!(status(&app).starts_with("Black wins!"), "{}", status(&app));
    let screen = render(&app);
    assert!(text_at(&screen, 1, STATUS_Y, 78).starts_with("Black wins!"));
    assert_eq!(style_name(screen.cell(1, STATUS_Y).style), "Status");
    for p in ["C5", "D5", "E5", "F5", "G5"] {
        assert_eq!(at_point(&screen, p), ('X', "BlackWin"), "{p}");
    }
    for p in ["C6", "D6", "E6", "F6"] {
        assert_eq!(at_point(&screen, p), ('O', "WhiteStone"), "{p}");
    }
    assert_eq!(text_at(&screen, PANEL_X, 4, 10), "Black won ");
    // No cursor on the board once the game is over.
    assert!(!(1..=19).any(|y| text_at(&screen, 3, y, 39).contains('[')));
}

#[test]
fn white_five_announces_white_wins_and_marks_the_five() {
    let mut app = started();
    play_clicks(
        &mut app,
        &[
            "A1", "P15", "C1", "Q16", "E1", "R17", "G1", "S18", "J1", "O14",
        ],
    );
    assert!(status(&app).starts_with("White wins!"), "{}", status(&app));
    let screen = render(&app);
    for p in ["O14", "P15", "Q16", "R17", "S18"] {
        assert_eq!(at_point(&screen, p), ('O', "WhiteWin"), "{p}");
    }
    for p in ["A1", "C1", "E1", "G1", "J1"] {
        assert_eq!(at_point(&screen, p), ('X', "BlackStone"), "{p}");
    }
    assert_eq!(text_at(&screen, PANEL_X, 4, 9), "White won");
}

#[test]
fn an_overline_is_marked_whole() {
    let mut app = started();
    // Black: A10 B10 C10 E10 F10, then D10 joins them into six.
    play_clicks(
        &mut app,
        &[
            "A10", "A11", "B10", "B11", "C10", "C11", "E10", "S1", "F10", "S3", "D10",
        ],
    );
    assert!(status(&app).starts_with("Black wins!"));
    let screen = render(&app);
    for p in ["A10", "B10", "C10", "D10", "E10", "F10"] {
        assert_eq!(at_point(&screen, p), ('X', "BlackWin"), "{p}");
    }
}

#[test]
fn after_the_game_ends_other_keys_and_the_menu_button_return_to_the_menu() {
    let inputs = [
        Input::Key(Key::Enter),
        Input::Key(Key::Space),
        Input::Key(Key::Escape),
        Input::Key(Key::F1),
        Input::Key(Key::Up),
        Input::Key(Key::Char(b'y')),
        Input::Click { x: 45, y: 23 }, // [Menu Esc]
    ];
    for input in inputs {
        let mut app = won_by_black_on_row_1();
        assert!(app.game().is_over());
        assert!(app.handle(input) == Command::Continue);
        assert!(is_menu(&render(&app)));
        assert_eq!(status(&app), "Choose with a key{ or a click}.");
        // The input was not a move in the finished game.
        assert_eq!(app.game().move_count(), 9);
    }
}

/// A click that is not on a button (on the board, say, meant as a move in the
/// game that has just ended) leaves the result on the screen.
#[test]
fn after_the_game_ends_a_click_off_the_buttons_keeps_the_result() {
    for (x, y) in [(24, 10), (70, 24), (4, 19)] {
        let mut app = won_by_black_on_row_1();
        let before = render(&app);
        assert!(app.handle(Input::Click { x, y }) == Command::Continue);
        let after = render(&app);
        assert!(!is_menu(&after));
        assert_eq!(app.game().move_count(), 9);
        for y in 0..22 {
            assert_eq!(row(&before, y), row(&after, y), "row {y} changed");
        }
        assert_eq!(
            status(&app),
            "The game is over: click a button, or press a key for the menu."
        );
    }
}

/// The exceptions the core defines: after the result, U takes the winning move
/// back (to see where it went wrong) instead of returning to the menu.
#[test]
fn after_the_game_ends_u_takes_the_winning_move_back() {
    let mut app = won_by_black_on_row_1();
    assert!(app.game().is_over());
    key(&mut app, Key::Char(b'u'));
    let screen = render(&app);
    assert!(is_game(&screen));
    assert!(!app.game().is_over());
    assert_eq!(app.game().move_count(), 8);
    assert_eq!(at_point(&screen, "E1").1, "Board");
    assert_eq!(text_at(&screen, PANEL_X, 4, 17), "Black (X) to move");
}

#[test]
fn f1_opens_the_help_page_and_any_key_goes_back_to_the_game() {
    let mut app = started();
    click(&mut app, "K10");
    key(&mut app, Key::F1);
    let screen = render(&app);
    assert!(is_help(&screen));
    assert!(!is_game(&screen));
    // The game's rules first, then (PgDn) its keys.
    assert_eq!(row(&screen, 2).trim(), "Piskasm's Gomoku");
    key(&mut app, Key::PageDown);
    let screen = render(&app);
    assert_eq!(row(&screen, 2).trim(), "Keys in a Gomoku game");
    assert!(row(&screen, 4).contains("Mouse, left button"));
    assert!(key(&mut app, Key::Char(b'q')) == Command::Continue);
    let screen = render(&app);
    assert!(is_game(&screen));
    assert_eq!(at_point(&screen, "K10"), ('X', "BlackLast"));
    // The key that closed the help did nothing else.
    assert_eq!(app.game().move_count(), 1);
    key(&mut app, Key::F1);
    app.handle(Input::Click { x: 24, y: 12 });
    assert!(is_game(&render(&app)));
    assert_eq!(app.game().move_count(), 1);
}

#[test]
fn f1_on_the_menu_opens_the_help_page_and_any_key_goes_back_to_the_menu() {
    for back in [Key::Escape, Key::Enter, Key::Char(b'4')] {
        let mut app = App::new(true);
        key(&mut app, Key::F1);
        assert!(is_help(&render(&app)));
        assert!(
            key(&mut app, back) == Command::Continue,
            "Esc on the help page does not quit"
        );
        assert!(is_menu(&render(&app)));
    }
    let mut app = App::new(true);
    assert!(app.handle(Input::Click { x: 30, y: 14 }) == Command::Continue);
    assert!(is_help(&render(&app)));
}

#[test]
fn a_full_board_through_the_ui_is_a_draw() {
    let rows = [
        "X X O O X X O O X X O O X X O O X X O",
        "O O X X O O X X O O X X O O X X O O X",
    ];
    let text: String = (0..19).map(|i| format!("{}\n", rows[i % 2])).collect();
    let full = diagram(&text);
    let mut app = started();
    for point in fill_order(&full.board) {
        assert!(!app.game().is_over());
        assert!(app.handle(click_at(point)) == Command::Continue);
    }
    assert_eq!(
        status(&app),
        "Draw: the board is full. U undo, S save, N moves, P replay; else menu."
    );
    let screen = render(&app);
    assert_eq!(text_at(&screen, PANEL_X, 4, 5), "Draw ");
    assert_eq!(
        panel_line(&screen, "Stones on the board:").as_deref(),
        Some("Stones on the board: 361")
    );
    key(&mut app, Key::Space);
    assert!(is_menu(&render(&app)));
}
