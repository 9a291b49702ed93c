//! Gomoku in the Mist (seeds/000) in the App: the mist on the board, the hole
//! following the stones, the mist lifting at the end, the command line (as the
//! controller answers), its history, and taking back.
//!
//! Screen layout (the UI's contract): board column c (A = 0) at x = 4 + 2c; on
//! a board of `side` points, row r (1-based) at y = 1 + side - r; the status
//! line at y = 22; the menu's Game line at y = 16; the side panel from x = 46.

mod common;

use common::app::{PANEL_X, STATUS_Y, render, row, status};
use common::variants::*;
use common::{Bytes, go_name, go_point, mist_formula};
use piskrs::app::controller::Controller;
use piskrs::app::screen::{Style, TextScreen, glyph};
use piskrs::app::ui::{App, Command, Input, Key};
use piskrs::rules::board::Stone;
use piskrs::rules::coord::Point;
use piskrs::rules::game::Outcome;
use piskrs::rules::variant::Variant;

// ---------------------------------------------------------------------------
// The Mist in the App.

/// The board's points as shown: `~` mist, `X`/`O` stones, `*` the empty hole
/// centre, `+` any other visible empty point (rows from the top).
fn mist_picture(app: &App) -> String {
    let screen = render(app);
    let mut out = String::new();
    for r in (0..19u8).rev() {
        let points: Vec<String> = (0..19u8)
            .map(|c| {
                let (x, y) = cell(Point::new(c, r), 19);
                let ch = screen.cell(x, y).ch;
                match ch {
                    glyph::MIST => '~',
                    b'X' | b'O' | b'*' => ch as char,
                    _ => '+',
                }
                .to_string()
            })
            .collect();
        out.push_str(&points.join(" "));
        out.push('\n');
    }
    out
}

/// The picture of a 19x19 board under the mist but for `rows` (each of 19
/// points, as `picture` reads them): `from_top` rows of mist above them, and
/// mist below them down to row 1.
fn picture_in_the_mist(from_top: usize, rows: &str) -> String {
    let drawn = picture(rows);
    let below = 19 - from_top - drawn.lines().count();
    let mist = format!("{}\n", ["~"; 19].join(" "));
    mist.repeat(from_top) + &drawn + &mist.repeat(below)
}

fn picture(text: &str) -> String {
    let mut out = String::new();
    for l in text.lines() {
        let points: Vec<String> = l
            .chars()
            .filter(|c| *c != ' ')
            .map(|c| c.to_string())
            .collect();
        if !points.is_empty() {
            assert_eq!(points.len(), 19, "{l:?}");
            out.push_str(&points.join(" "));
            out.push('\n');
        }
    }
    out
}

fn mist_two_players() -> App {
    let app = two_players("Mist");
    assert!(app.variant() == Variant::Mist);
    assert_eq!(go_name(app.hole_centre().col, app.hole_centre().row), "J10");
    app
}

#[test]
fn the_mist_covers_the_board_but_the_hole() {
    let mut app = mist_two_players();
    // Before any move: the hole around J10, the centre marked.
    let start = picture_in_the_mist(
        6, // rows 13 down to 7
        "
        ~ ~ ~ ~ ~ ~ + + + + + + + ~ ~ ~ ~ ~ ~
        ~ ~ ~ ~ ~ ~ + + + + + + + ~ ~ ~ ~ ~ ~
        ~ ~ ~ ~ ~ ~ + + + + + + + ~ ~ ~ ~ ~ ~
        ~ ~ ~ ~ ~ ~ + + + * + + + ~ ~ ~ ~ ~ ~
        ~ ~ ~ ~ ~ ~ + + + + + + + ~ ~ ~ ~ ~ ~
        ~ ~ ~ ~ ~ ~ + + + + + + + ~ ~ ~ ~ ~ ~
        ~ ~ ~ ~ ~ ~ + + + + + + + ~ ~ ~ ~ ~ ~
        ",
    );
    assert_eq!(mist_picture(&app), start);
    // A1 (Black) -> the hole moves to M3; A1 is under the mist.
    click19(&mut app, "A1");
    // M3 (White) -> O1, which shows M3.
    click19(&mut app, "M3");
    // O1 (Black) -> P3, which shows M3 and O1; A1 stays hidden.
    click19(&mut app, "O1");
    assert_eq!(go_name(app.hole_centre().col, app.hole_centre().row), "P3");
    let after_three = picture_in_the_mist(
        13, // rows 6 down to 1
        "
        ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ + + + + + + +
        ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ + + + + + + +
        ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ + + + + + + +
        ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ O + + * + + +
        ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ + + + + + + +
        ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ + + X + + + +
        ",
    );
    assert_eq!(mist_picture(&app), after_three);
    // P3 (White) -> C1, which shows A1 and nothing else.
    click19(&mut app, "P3");
    let after_four = picture_in_the_mist(
        15, // rows 4 down to 1
        "
        + + + + + + ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~
        + + + + + + ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~
        + + + + + + ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~
        X + * + + + ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~
        ",
    );
    assert_eq!(mist_picture(&app), after_four);
}

#[test]
fn the_mist_hides_exactly_what_is_outside_the_hole_after_every_click() {
    let mut app = mist_two_players();
    let moves = [
        "K10", "K11", "L10", "L11", "A1", "S19", "C3", "D4", "M10", "M11", "E5", "I9", "N10", "R2",
    ];
    for m in moves {
        click19(&mut app, m);
        let p = go_point(m);
        let (col, row) = mist_formula(p.col, p.row);
        let centre = app.hole_centre();
        assert!(
            (centre.col, centre.row) == (col, row),
            "after {m} the hole is at {}, the formula says {}",
            go_name(centre.col, centre.row),
            go_name(col, row)
        );
        let screen = render(&app);
        // The panel says where the hole is.
        let panel = row_text_from(&screen, 7);
        assert_eq!(
            panel.trim_end(),
            format!("Hole centre: {}", go_name(col, row))
        );
        if app.game().is_over() {
            break;
        }
        let cursor = app.cursor();
        for point in common::all_points(19) {
            let (x, y) = cell(point, 19);
            let in_hole = (point.col as i32 - col as i32).abs() <= 3
                && (point.row as i32 - row as i32).abs() <= 3;
            let shown = screen.cell(x, y);
            if !in_hole {
                assert_eq!(
                    shown.ch,
                    glyph::MIST,
                    "{} after {m}",
                    go_name(point.col, point.row)
                );
                assert!(shown.style == Style::Mist);
            } else {
                let expected = match app.game().board().get(point) {
                    Some(Stone::Black) => b'X',
                    Some(Stone::White) => b'O',
                    None if point == centre => b'*',
                    None => shown.ch,
                };
                assert_eq!(
                    shown.ch,
                    expected,
                    "{} after {m}",
                    go_name(point.col, point.row)
                );
                assert_ne!(shown.ch, glyph::MIST);
            }
            // Between this point and the next to the right: mist unless both
            // are in the hole (the cursor's brackets aside).
            if point.col < 18 {
                let right = Point::new(point.col + 1, point.row);
                let right_in = (right.col as i32 - col as i32).abs() <= 3
                    && (right.row as i32 - row as i32).abs() <= 3;
                let is_bracket = point.row == cursor.row && (point == cursor || right == cursor);
                if !is_bracket {
                    assert_eq!(
                        screen.cell(x + 1, y).ch == glyph::MIST,
                        !(in_hole && right_in),
                        "between {} and the next after {m}",
                        go_name(point.col, point.row)
                    );
                }
            }
        }
    }
}

fn row_text_from(screen: &TextScreen, y: usize) -> String {
    row(screen, y).chars().skip(PANEL_X).collect()
}

#[test]
fn the_mist_lifts_when_the_game_ends() {
    let mut app = mist_two_players();
    for m in ["K10", "A1", "L10", "A3", "M10", "A5", "N10", "A7", "O10"] {
        click19(&mut app, m);
    }
    assert!(app.game().is_over());
    let picture = mist_picture(&app);
    assert!(!picture.contains('~'), "{picture}");
    assert!(picture.contains('X') && picture.contains('O'));
    assert_eq!(picture.matches('X').count(), 5);
    assert_eq!(picture.matches('O').count(), 4);
}

/// What the controller answers to `line` in `controller`, without the CR LF.
fn controller_answer(controller: &mut Controller, line: &str) -> String {
    let mut out = Bytes::default();
    controller.handle_line(line.as_bytes(), &mut out);
    let text = String::from_utf8(out.0).unwrap();
    text.strip_suffix("\r\n").unwrap_or(&text).to_string()
}

#[test]
fn the_command_line_answers_as_the_controller_does() {
    let mut app = mist_two_players();
    let mut controller = Controller::new();
    let moves = ["A1", "M3", "O1", "P3", "K10", "S19", "B2", "D4"];
    for (i, m) in moves.iter().enumerate() {
        for line in [
            "view",
            "who",
            "history",
            "place A05",
            "place T1",
            "Who",
            "PLACE t1",
            "place",
        ] {
            assert!(command(&mut app, line) == Command::Continue);
            // The screen takes any case: "Who" is the controller's "who".
            let mut expected = controller_answer(&mut controller, &as_typed_on_screen(line));
            if line == "view" {
                // The status names the centre; the panel draws the 7x7 picture
                // of the controller's 49 characters, row by row.
                let (centre, hole) = expected.split_once(',').unwrap();
                let screen = render(&app);
                assert_eq!(
                    row_text_from(&screen, 11).trim_end(),
                    format!("The hole around {centre}")
                );
                for r in 0..7 {
                    let shown: String = row_text_from(&screen, 12 + r)
                        .chars()
                        .step_by(2)
                        .take(7)
                        .collect();
                    assert_eq!(
                        shown,
                        &hole[7 * r..7 * r + 7],
                        "hole row {r} after {i} moves"
                    );
                }
                expected = format!("The hole: the clear 7x7 around {centre}, in the panel.");
            }
            assert_eq!(status(&app), expected, "{line:?} after {i} moves");
            // On the screen too: the status line from x = 1.
            let shown: String = row(&render(&app), STATUS_Y)
                .chars()
                .skip(1)
                .take(expected.len())
                .collect();
            assert_eq!(shown, expected);
        }
        if i > 0 {
            let taken = moves[i - 1];
            assert!(command(&mut app, &format!("place {taken}")) == Command::Continue);
            let expected = controller_answer(&mut controller, &format!("place {taken}"));
            assert_eq!(expected, "Occupied coordinate");
            assert_eq!(status(&app), expected);
        }
        // The move itself, by click in the App and by `place` in the controller.
        click19(&mut app, m);
        assert_eq!(
            controller_answer(&mut controller, &format!("place {m}")),
            ""
        );
    }
    // The view of a position with stones in the hole: the controller's byte for
    // byte; the screen names the centre of the hole its board draws.
    assert!(command(&mut app, "view") == Command::Continue);
    let view = controller_answer(&mut controller, "view");
    assert_eq!(
        status(&app),
        format!(
            "The hole: the clear 7x7 around {}, in the panel.",
            &view[..view.find(',').unwrap()]
        )
    );
    let c = app.hole_centre();
    assert_eq!(view, common::hole_view(app.game().board(), (c.col, c.row)));
}

#[test]
fn view_on_the_command_line_before_any_move() {
    let mut app = mist_two_players();
    command(&mut app, "view");
    assert_eq!(
        status(&app),
        "The hole: the clear 7x7 around J10, in the panel."
    );
}

#[test]
fn place_on_the_command_line_plays_and_moves_the_hole() {
    let mut app = mist_two_players();
    assert!(command(&mut app, "place K10") == Command::Continue);
    assert!(app.game().board().get(go_point("K10")) == Some(Stone::Black));
    assert_eq!(go_name(app.hole_centre().col, app.hole_centre().row), "P18");
    command(&mut app, "who");
    assert_eq!(status(&app), "W");
    assert!(command(&mut app, "term") == Command::Terminate);
}

#[test]
fn resign_on_the_command_line_ends_the_game() {
    let mut app = mist_two_players();
    click19(&mut app, "K10");
    command(&mut app, "resign");
    assert!(app.game().is_over());
    match app.game().outcome() {
        Outcome::Won { winner, .. } => assert!(winner == Stone::Black),
        other => panic!("{}", common::outcome_text(other)),
    }
    assert!(status(&app).starts_with("Black wins!"), "{}", status(&app));
}

#[test]
fn the_command_line_shows_what_is_typed() {
    let mut app = mist_two_players();
    press(&mut app, b'c');
    for b in *b"view" {
        app.handle(Input::Key(Key::Char(b)));
    }
    let shown = row(&render(&app), STATUS_Y);
    assert!(shown.contains("view"), "the status line shows {shown:?}");
}

/// The points of a two-player Mist game whose history line is long: stones two
/// points apart (no two touch, so nobody wins), first 23 with two-digit rows.
fn long_history_moves() -> Vec<String> {
    let mut moves = Vec::new();
    for row in [10u8, 12, 14, 16, 18] {
        for col in (0..19u8).step_by(2) {
            moves.push(go_name(col, row - 1));
        }
    }
    moves.truncate(23);
    for col in (0..19u8).step_by(2) {
        moves.push(go_name(col, 1)); // row 2
    }
    moves
}

#[test]
fn history_on_the_command_line_fits_the_status_line() {
    let mut app = mist_two_players();
    let mut controller = Controller::new();
    for m in long_history_moves() {
        click19(&mut app, &m);
        assert_eq!(
            controller_answer(&mut controller, &format!("place {m}")),
            ""
        );
        command(&mut app, "history");
        let full = controller_answer(&mut controller, "history");
        let shown = status(&app);
        if full.len() <= 70 {
            assert_eq!(shown, full);
        } else {
            let tail = shown
                .strip_prefix("...")
                .unwrap_or_else(|| panic!("a long history starts with ...: {shown}"));
            assert!(full.ends_with(tail), "{shown} is not the end of {full}");
            assert!(shown.len() <= 78);
        }
    }
}

#[test]
fn history_on_the_command_line_starts_with_a_whole_move() {
    let mut app = mist_two_players();
    let moves = long_history_moves();
    for (i, m) in moves.iter().enumerate() {
        click19(&mut app, m);
        command(&mut app, "history");
        let shown = status(&app);
        if let Some(tail) = shown.strip_prefix("...") {
            // The tail is the last moves whole: it is what the moves after some
            // point write.
            let whole = (0..=i).any(|from| moves[from..=i].concat() == tail);
            assert!(
                whole,
                "after {} moves the status line shows {shown:?}",
                i + 1
            );
        }
    }
}

#[test]
fn taking_back_in_the_mist_puts_the_hole_back() {
    let mut app = mist_two_players();
    let moves = ["A1", "M3", "K10"];
    for m in moves {
        click19(&mut app, m);
    }
    let centre = |app: &App| go_name(app.hole_centre().col, app.hole_centre().row);
    assert_eq!(centre(&app), "P18");
    press(&mut app, b'u');
    assert_eq!(app.game().move_count(), 2);
    assert_eq!(centre(&app), "O1", "back to the hole after M3");
    press(&mut app, b'u');
    assert_eq!(centre(&app), "M3", "back to the hole after A1");
    press(&mut app, b'u');
    assert_eq!(app.game().move_count(), 0);
    assert_eq!(centre(&app), "J10", "back to the start");
    command(&mut app, "view");
    assert_eq!(
        status(&app),
        "The hole: the clear 7x7 around J10, in the panel."
    );
}

/// A command line as the screen's command line keeps it while it is typed:
/// the words in lower case, the coordinate after `place ` in upper case.
fn as_typed_on_screen(line: &str) -> String {
    match line.to_ascii_lowercase().strip_prefix("place ") {
        Some(coordinate) => format!("place {}", coordinate.to_ascii_uppercase()),
        None => line.to_ascii_lowercase(),
    }
}
