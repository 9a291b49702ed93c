//! Exact five (seeds/003's rule): on 15x15 through the App (an overline does
//! not win, exactly five does; Outer-Open's overline wins), and chosen for a
//! 19x19 game and saved.
//!
//! Screen layout (the UI's contract): board column c (A = 0) at x = 4 + 2c; on
//! a board of `side` points, row r (1-based) at y = 1 + side - r; the status
//! line at y = 22; the menu's Game line at y = 16; the side panel from x = 46.

mod common;

use common::app::{render, status};
use common::variants::*;
use common::{board_text, diagram, normalise};
use piskrs::app::screen::Style;
use piskrs::app::ui::App;
use piskrs::rules::WinRule;
use piskrs::rules::board::Stone;
use piskrs::rules::coord::Point;
use piskrs::rules::game::Outcome;
use piskrs::rules::variant::Variant;

// ---------------------------------------------------------------------------
// Exact five on 15x15 through the App.

/// Black: C2 D2 E2 G2 H2, then F2 makes six. White scattered.
const OVERLINE_GAME: [&str; 11] = [
    "C2", "C12", "D2", "D12", "E2", "E13", "G2", "F13", "H2", "A15", "F2",
];

const AFTER_THE_OVERLINE: &str = "
    O . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . O O . . . . . . . . .
    . . O O . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . X X X x X X . . . . . . .
    . . . . . . . . . . . . . . .
";

fn click_all(app: &mut App, moves: &[&str]) {
    for m in moves {
        let before = app.game().move_count();
        click(app, p15(m));
        assert_eq!(app.game().move_count(), before + 1, "{m} was not played");
    }
}

fn style_at(app: &App, point: Point) -> Style {
    let (x, y) = cell(point, 15);
    render(app).cell(x, y).style
}

#[test]
fn exact_five_an_overline_does_not_win_and_exactly_five_does() {
    let mut app = two_players_remembered(Variant::ExactFive);
    assert!(app.variant() == Variant::ExactFive);
    click_all(&mut app, &OVERLINE_GAME);
    assert_eq!(
        board_text(app.game().board()),
        normalise(AFTER_THE_OVERLINE)
    );
    assert_eq!(
        board_text(app.game().board()),
        board_text(&diagram(AFTER_THE_OVERLINE).board)
    );
    assert!(
        app.game().outcome() == Outcome::InProgress,
        "six does not win"
    );
    assert_eq!(
        status(&app),
        "Black played F2. Six or more in a row does not win."
    );
    assert!(app.game().to_move() == Stone::White);
    for p in ["C2", "D2", "E2", "G2", "H2"] {
        assert!(style_at(&app, p15(p)) == Style::BlackStone, "{p}");
    }
    // Black's exactly five on column L.
    click_all(
        &mut app,
        &["B15", "L5", "C15", "L6", "P1", "L7", "P2", "L8", "P4"],
    );
    assert!(
        app.game().outcome() == Outcome::InProgress,
        "four does not win"
    );
    click_all(&mut app, &["L9"]);
    assert_eq!(
        board_text(app.game().board()),
        normalise(
            "
            O O O . . . . . . . . . . . .
            . . . . . . . . . . . . . . .
            . . . . O O . . . . . . . . .
            . . O O . . . . . . . . . . .
            . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . .
            . . . . . . . . . . x . . . .
            . . . . . . . . . . X . . . .
            . . . . . . . . . . X . . . .
            . . . . . . . . . . X . . . .
            . . . . . . . . . . X . . . .
            . . . . . . . . . . . . . . O
            . . . . . . . . . . . . . . .
            . . X X X X X X . . . . . . O
            . . . . . . . . . . . . . . O
            "
        )
    );
    match app.game().outcome() {
        Outcome::Won { winner, line } => {
            assert!(winner == Stone::Black);
            assert_eq!(line.length, 5);
            assert_eq!(name15(line.start), "L5");
        }
        other => panic!("expected Black's win, got {}", common::outcome_text(other)),
    }
    assert_eq!(
        status(&app),
        "Black wins! U undo, S save, N moves, P replay; else menu."
    );
    for p in ["L5", "L6", "L7", "L8", "L9"] {
        assert!(style_at(&app, p15(p)) == Style::BlackWin, "{p}");
    }
    for p in ["C2", "F2", "H2"] {
        assert!(style_at(&app, p15(p)) == Style::BlackStone, "{p}");
    }
}

#[test]
fn exact_five_white_overline_does_not_win_either() {
    let mut app = two_players_remembered(Variant::ExactFive);
    // White: B3 B4 B5 B7 B8, then B6 makes six; Black scattered.
    click_all(
        &mut app,
        &[
            "H8", "B3", "K14", "B4", "N2", "B5", "P9", "B7", "A15", "B8", "F11", "B6",
        ],
    );
    assert!(app.game().outcome() == Outcome::InProgress);
    assert_eq!(
        status(&app),
        "White played B6. Six or more in a row does not win."
    );
}

#[test]
fn outer_open_an_overline_wins() {
    // The same stones under five-or-more: the six wins at once.
    let mut app = two_players_remembered(Variant::OuterOpen);
    click_all(&mut app, &OVERLINE_GAME);
    match app.game().outcome() {
        Outcome::Won { winner, line } => {
            assert!(winner == Stone::Black);
            assert_eq!(line.length, 6);
        }
        other => panic!("expected a win, got {}", common::outcome_text(other)),
    }
    for p in ["C2", "D2", "E2", "F2", "G2", "H2"] {
        assert!(style_at(&app, p15(p)) == Style::BlackWin, "{p}");
    }
}

#[test]
fn the_exact_five_rule_can_be_chosen_for_a_19x19_game_and_is_saved() {
    let mut app = App::new(true);
    app.fix_seed(1);
    press(&mut app, b'r'); // Rule: exactly five, in every game
    assert!(app.settings().exact_five);
    press(&mut app, b'4'); // two players, Gomoku 19x19
    assert!(app.game().rule() == WinRule::ExactlyFive);
    // Black: A1 B1 C1 D1 F1 G1, then E1 makes six: no win. White plays far away.
    for (black, white) in [
        ("A1", "A10"),
        ("B1", "B10"),
        ("C1", "C12"),
        ("D1", "D14"),
        ("F1", "F16"),
        ("G1", "G18"),
    ] {
        click19(&mut app, black);
        click19(&mut app, white);
    }
    click19(&mut app, "E1");
    assert!(
        !app.game().is_over(),
        "six in a row does not win: {}",
        status(&app)
    );
    let mut buffer = [0u8; piskrs::rules::psq::MAX_RECORD_BYTES + 32];
    let saved = app.save_request(&mut buffer).to_vec();
    assert!(
        String::from_utf8_lossy(&saved).contains("piskrs: game=PISKASM two players rule=exact\r\n")
    );
    // Loaded into an App whose menu says five or more, the game keeps its rule.
    let mut loaded = App::new(true);
    loaded.load_finished(Ok(&saved));
    assert!(loaded.game().rule() == WinRule::ExactlyFive);
    assert_eq!(loaded.game().move_count(), 13);
}
