//! Playing the computer through `ui::App`, as the DOS layer drives it: the
//! computer's replies and opening, take back, the move list, the hint, and
//! leaving a game. (Saving and loading: tests/app_save_load.rs.)
//!
//! The platform's part is played here by hand: after the person's stone it calls
//! `computer_to_move()` / `computer_move()`; on `Command::SaveFile` it takes the
//! bytes from `save_request` and reports with `save_finished`; on
//! `Command::LoadFile` it reads the file and calls `load_finished`.
//!
//! Screen layout (from the UI's contract, not from the core): board column c
//! (A = 0) at x = 4 + 2c, board row r (1..19) at y = 20 - r, the side panel from
//! x = 46, the status line at y = 22.

mod common;

use common::app::*;
use common::app::{PANEL_X, STATUS_Y, cell_of, key, render, row, status};
use common::{all_points, chebyshev, game_state, name, pt};
use piskrs::app::screen::{Style, TextScreen};
use piskrs::app::ui::{App, Command, Key, Opponent};
use piskrs::rules::board::Stone;
use piskrs::rules::coord::Point;
use piskrs::support::random::{Random, STEP};

/// Row `y` of the side panel (x >= 46), trimmed at the end.
fn panel_text(screen: &TextScreen, y: usize) -> String {
    row(screen, y)
        .chars()
        .skip(PANEL_X)
        .collect::<String>()
        .trim_end()
        .to_string()
}

/// The panel line (x >= 46, y 1..=21) that starts with `prefix`, trimmed.
fn panel_line(screen: &TextScreen, prefix: &str) -> Option<String> {
    (1..=21)
        .map(|y| panel_text(screen, y))
        .find(|line| line.starts_with(prefix))
}

/// The numbered move lines of the panel (`  1. X J10`), top to bottom.
fn move_list(screen: &TextScreen) -> Vec<String> {
    // Three columns of ten rows (y 12..=21) from x = 46, 57 and 68, read down
    // each column in turn.
    let mut list = Vec::new();
    for column in 0..3 {
        for y in 12..=21 {
            let text: String = row(screen, y)
                .chars()
                .skip(PANEL_X + 11 * column)
                .take(11)
                .collect();
            let text = text.trim_end().to_string();
            let t = text.trim_start();
            if t.split_once(' ').is_some_and(|(n, rest)| {
                !n.is_empty()
                    && n.bytes().all(|b| b.is_ascii_digit())
                    && (rest.starts_with("X ") || rest.starts_with("O "))
            }) {
                list.push(text);
            }
        }
    }
    list
}

/// A move as the panel lists it: the number right-aligned in three places.
fn move_line(number: usize, point: Point) -> String {
    let stone = if number % 2 == 1 { 'X' } else { 'O' };
    format!("{number:>3} {stone} {}", name(point))
}

// ---------------------------------------------------------------------------
// The computer's replies and its opening.

#[test]
fn the_computer_replies_after_the_persons_click() {
    let mut app = person_begins(3);
    assert!(click_point(&mut app, pt("K10")) == Command::Continue);
    assert_eq!(status(&app), "You played K10. The computer is thinking...");
    assert!(app.computer_to_move());
    // Until the computer has moved, the person's clicks wait.
    assert!(click_point(&mut app, pt("A1")) == Command::Continue);
    assert_eq!(status(&app), "Wait for the computer's move.");
    assert_eq!(app.game().move_count(), 1);
    app.computer_move();
    assert_eq!(app.game().move_count(), 2);
    let reply = app.game().last_move().unwrap();
    assert!(app.game().board().get(reply) == Some(Stone::White));
    assert!(reply != pt("K10"));
    assert_eq!(
        status(&app),
        format!("The computer played {}.", name(reply))
    );
    // The stone is on the screen, marked as the computer's last move.
    let screen = render(&app);
    let (x, y) = cell_of(reply);
    assert_eq!(screen.cell(x, y).ch, b'O');
    assert!(screen.cell(x, y).style == Style::WhiteLast);
    assert_eq!(
        panel_line(&screen, "Last move:"),
        Some(format!("Last move: {}", name(reply)))
    );
    assert!(app.game().to_move() == Stone::Black);
    // A second call does nothing: it is the person's turn.
    app.computer_move();
    assert_eq!(app.game().move_count(), 2);
}

#[test]
fn the_computer_replies_near_the_persons_stone() {
    for seed in 0..40 {
        let mut app = person_begins(seed);
        let reply = exchange(&mut app, pt("K10"));
        assert!(
            chebyshev(reply, pt("K10")) <= 4,
            "seed {seed}: reply {} is far from K10",
            name(reply)
        );
    }
}

#[test]
fn when_the_computer_begins_its_first_stone_is_within_two_points_of_j10() {
    let mut openings = std::collections::BTreeSet::new();
    for seed in 0..500u16 {
        let app = computer_begins(seed);
        let game = app.game();
        let opening = game.moves()[0];
        assert!(game.board().get(opening) == Some(Stone::Black));
        assert!(
            chebyshev(opening, pt("J10")) <= 2,
            "seed {seed}: the opening {} is more than two points from J10",
            name(opening)
        );
        assert!(
            status(&app).starts_with("The computer began."),
            "seed {seed}"
        );
        openings.insert(name(opening));
    }
    assert!(
        openings.len() > 1,
        "the seed moves the opening: {openings:?}"
    );
}

#[test]
fn every_point_within_two_of_j10_can_be_the_computers_opening() {
    let mut openings = std::collections::BTreeSet::new();
    for seed in 0..=u16::MAX {
        let app = computer_begins(seed);
        openings.insert(name(app.game().moves()[0]));
    }
    assert!(openings.contains("J10"), "the middle itself: {openings:?}");
    assert_eq!(openings.len(), 25, "{openings:?}");
}

#[test]
fn the_same_seed_replays_the_same_game() {
    let mut a = computer_begins(77);
    let mut b = computer_begins(77);
    let replies_a = play_exchanges(&mut a, &ROUNDS);
    let replies_b = play_exchanges(&mut b, &ROUNDS);
    assert_eq!(
        replies_a.iter().map(|&p| name(p)).collect::<Vec<_>>(),
        replies_b.iter().map(|&p| name(p)).collect::<Vec<_>>()
    );
    assert_eq!(game_state(a.game()), game_state(b.game()));
}

// ---------------------------------------------------------------------------
// Take back.

#[test]
fn take_back_returns_to_the_empty_board_when_the_person_began() {
    let mut app = person_begins(11);
    let mut states = vec![game_state(app.game())];
    for round in ROUNDS.iter().take(3) {
        let point = first_free(&app, round);
        exchange(&mut app, point);
        assert_info_is_recomputed(&app, "after an exchange");
        states.push(game_state(app.game()));
    }
    assert_eq!(app.game().move_count(), 6);
    // U, Backspace, U: each takes back the person's move and the computer's reply.
    for (i, k) in [Key::Char(b'u'), Key::Backspace, Key::Char(b'U')]
        .into_iter()
        .enumerate()
    {
        assert!(key(&mut app, k) == Command::Continue);
        assert_eq!(status(&app), "Taken back.");
        assert_eq!(app.game().move_count() as usize, 4 - 2 * i);
        assert_eq!(game_state(app.game()), states[2 - i], "take back {}", i + 1);
        assert_info_is_recomputed(&app, &format!("after take back {}", i + 1));
    }
    assert_eq!(app.game().move_count(), 0);
    assert!(
        all_points(19)
            .into_iter()
            .all(|p| app.game().board().get(p).is_none())
    );
    // Nothing left.
    key(&mut app, Key::Char(b'u'));
    assert_eq!(status(&app), "Nothing to take back.");
    assert_eq!(app.game().move_count(), 0);
    assert!(!app.on_menu());
    // The game goes on from the empty board.
    let reply = exchange(&mut app, pt("J10"));
    assert!(app.game().board().get(reply) == Some(Stone::White));
    assert_info_is_recomputed(&app, "after playing on");
}

#[test]
fn take_back_stops_at_the_computers_opening_stone_when_it_began() {
    let mut app = computer_begins(21);
    let opening = app.game().moves()[0];
    let mut states = vec![game_state(app.game())];
    for round in ROUNDS.iter().take(3) {
        let point = first_free(&app, round);
        exchange(&mut app, point);
        states.push(game_state(app.game()));
    }
    assert_eq!(app.game().move_count(), 7);
    for i in 0..3 {
        key(&mut app, Key::Char(b'u'));
        assert_eq!(status(&app), "Taken back.");
        assert_eq!(game_state(app.game()), states[2 - i], "take back {}", i + 1);
        assert_info_is_recomputed(&app, &format!("after take back {}", i + 1));
    }
    assert_eq!(app.game().move_count(), 1);
    assert!(app.game().moves()[0] == opening);
    assert!(
        app.game().to_move() == Stone::White,
        "the person is to move"
    );
    for k in [Key::Char(b'u'), Key::Backspace] {
        key(&mut app, k);
        assert_eq!(status(&app), "Nothing to take back.");
        assert_eq!(game_state(app.game()), states[0]);
    }
    assert!(!app.computer_to_move());
    assert_info_is_recomputed(&app, "after refusing");
}

#[test]
fn info_after_take_back_in_a_longer_game_equals_a_recomputation() {
    for seed in [1u16, 2, 3, 500, 9999] {
        let mut app = person_begins(seed);
        // Play on the computer's doorstep, so Update has overlapping work to undo.
        let rounds: [&[&str]; 6] = [
            &["J10"],
            &["K11", "K9", "H9"],
            &["L12", "H11", "G12"],
            &["J12", "L10", "M13"],
            &["H10", "G10", "F9"],
            &["K12", "M12", "N12"],
        ];
        play_exchanges(&mut app, &rounds);
        assert_info_is_recomputed(&app, &format!("seed {seed} after the game"));
        while app.game().move_count() > 0 {
            key(&mut app, Key::Char(b'u'));
            assert_info_is_recomputed(&app, &format!("seed {seed} after a take back"));
        }
    }
}

// ---------------------------------------------------------------------------
// The move list.

#[test]
fn n_shows_and_hides_the_numbered_moves_in_the_side_panel() {
    let mut app = person_begins(4);
    let reply = exchange(&mut app, pt("J10"));
    assert!(move_list(&render(&app)).is_empty(), "hidden at first");
    key(&mut app, Key::Char(b'n'));
    assert_eq!(status(&app), "The moves by number: PgUp, PgDn turn pages.");
    let screen = render(&app);
    assert_eq!(panel_line(&screen, "Moves:").as_deref(), Some("Moves:"));
    let list = move_list(&screen);
    assert_eq!(list, vec!["  1 X J10".to_string(), move_line(2, reply)]);
    // Exactly where the panel puts it: x = 46, under the heading.
    let y = (1..=21)
        .find(|&y| panel_text(&screen, y).starts_with("  1 X J10"))
        .expect("the first move is listed");
    assert!(panel_text(&screen, y - 1).starts_with("Moves:"));
    // It stays shown as the game goes on, and the person's click is numbered.
    let second = first_free(&app, &["K11", "H8"]);
    let reply2 = exchange(&mut app, second);
    let person2 = app.game().moves()[2];
    assert_eq!(
        move_list(&render(&app)),
        vec![
            "  1 X J10".to_string(),
            move_line(2, reply),
            move_line(3, person2),
            move_line(4, reply2),
        ]
    );
    key(&mut app, Key::Char(b'N'));
    assert_eq!(status(&app), "Move numbers hidden.");
    assert!(move_list(&render(&app)).is_empty());
    assert_eq!(app.game().move_count(), 4, "n changes no move");
}

#[test]
fn the_move_list_shows_every_move_thirty_a_page_and_pgup_pgdn_turn_its_pages() {
    let mut app = computer_begins(8);
    key(&mut app, Key::Char(b'n'));
    let opening = app.game().moves()[0];
    assert_eq!(move_list(&render(&app)), vec![move_line(1, opening)]);
    // The person follows the hint each time, so the game goes on long enough.
    for _ in 0..5 {
        key(&mut app, Key::Char(b'h'));
        let point = app.hint().expect("a hint");
        exchange(&mut app, point);
    }
    assert!(!app.game().is_over());
    let moves = app.game().moves().to_vec();
    assert_eq!(moves.len(), 11);
    let all: Vec<String> = (1..=11).map(|n| move_line(n, moves[n - 1])).collect();
    assert_eq!(
        move_list(&render(&app)),
        all,
        "all eleven, not the last eight"
    );
    assert!(all[10].starts_with(" 11 X "), "{}", all[10]);
    // PgUp and PgDn on a single page change nothing.
    key(&mut app, Key::PageUp);
    assert_eq!(move_list(&render(&app)), all);
    key(&mut app, Key::PageDown);
    assert_eq!(move_list(&render(&app)), all);
}

#[test]
fn a_long_game_lists_its_last_page_and_pgup_shows_the_moves_before() {
    let mut app = app_with_seed(1);
    assert!(char_key(&mut app, b'4') == Command::Continue);
    assert!(app.opponent() == Opponent::Person);
    // 40 stones, spread so that no five appears: two players take turns.
    let mut placed = 0;
    let mut k = 0u32;
    while placed < 40 {
        k += 1;
        let point = Point::new(((k * 7) % 19) as u8, ((k * 11 + k / 19) % 19) as u8);
        if app.game().board().get(point).is_some() {
            continue;
        }
        click_point(&mut app, point);
        placed += 1;
        assert!(!app.game().is_over(), "no five in the spread stones");
    }
    let moves = app.game().moves().to_vec();
    key(&mut app, Key::Char(b'n'));
    let line = |n: usize| move_line(n, moves[n - 1]);
    let last_page: Vec<String> = (31..=40).map(line).collect();
    assert_eq!(move_list(&render(&app)), last_page, "moves 31 to 40");
    key(&mut app, Key::PageUp);
    let first_page: Vec<String> = (1..=30).map(line).collect();
    assert_eq!(move_list(&render(&app)), first_page, "moves 1 to 30");
    key(&mut app, Key::PageUp);
    assert_eq!(
        move_list(&render(&app)),
        first_page,
        "no page before the first"
    );
    key(&mut app, Key::PageDown);
    assert_eq!(move_list(&render(&app)), last_page);
    assert_eq!(app.game().move_count(), 40, "the list changes no move");
}

// ---------------------------------------------------------------------------
// The hint.

#[test]
fn the_hint_marks_a_point_with_angle_brackets_and_names_it() {
    let mut app = person_begins(13);
    play_exchanges(&mut app, &ROUNDS[..2]);
    let before = game_state(app.game());
    assert!(char_key(&mut app, b'h') == Command::Continue);
    let hint = app.hint().expect("a hint is given");
    assert!(app.game().board().get(hint).is_none(), "a free point");
    assert_eq!(status(&app), format!("Hint: {} (marked < >).", name(hint)));
    let screen = render(&app);
    let (x, y) = cell_of(hint);
    assert_eq!(screen.cell(x - 1, y).ch, b'<');
    assert_eq!(screen.cell(x + 1, y).ch, b'>');
    let brackets = (1..=19)
        .map(|y| row(&screen, y).matches('<').count())
        .sum::<usize>();
    assert_eq!(brackets, 1, "one point is marked");
    assert_eq!(game_state(app.game()), before, "the hint places no stone");
    assert!(!app.computer_to_move());
    // The person plays elsewhere: the mark goes.
    let elsewhere = first_free(&app, &["A1", "A2"]);
    assert!(elsewhere != hint);
    exchange(&mut app, elsewhere);
    assert!(app.hint().is_none());
    assert!((1..=19).all(|y| !row(&render(&app), y).contains('<')));
}

#[test]
fn the_hint_points_at_an_end_of_the_computers_open_four() {
    // A loaded game: Black (the person) has scattered stones on the edge, White
    // (the computer) J10 K10 L10 M10. Black is to move; the hint must stop the
    // five at I10 or N10.
    let bytes = record_with(
        "1,1,0\r\n10,10,0\r\n1,3,0\r\n11,10,0\r\n1,5,0\r\n12,10,0\r\n3,1,0\r\n13,10,0\r\n-1\r\n",
    );
    let mut app = App::new(true);
    ask_to_load(&mut app);
    app.load_finished(Ok(&bytes));
    assert_eq!(status(&app), "Loaded GAME.PSQ: 8 moves. Black to move.");
    assert!(app.opponent() == Opponent::Computer(Stone::White));
    for point in ["J10", "K10", "L10", "M10"] {
        assert!(app.game().board().get(pt(point)) == Some(Stone::White));
    }
    char_key(&mut app, b'h');
    let hint = app.hint().map(name);
    assert!(
        hint.as_deref() == Some("I10") || hint.as_deref() == Some("N10"),
        "the hint {hint:?} blocks the open four J10..M10"
    );
}

#[test]
fn asking_for_a_hint_does_not_change_the_computers_next_move() {
    let mut sensitive = 0;
    for seed in 0..60u16 {
        let mut with_hint = computer_begins(seed);
        let mut without = computer_begins(seed);
        let person = first_free(&with_hint, &["K11", "H8"]);
        for _ in 0..3 {
            char_key(&mut with_hint, b'h');
            assert!(with_hint.hint().is_some());
        }
        // The computer's reply, as PCMove makes it from this Info: the opening used
        // one random number, the reply uses the second.
        assert!(click_point(&mut with_hint, person) == Command::Continue);
        let board = with_hint.game().board().clone();
        let expected = with_hint
            .classic()
            .choose(&board, &mut Random::new(seed.wrapping_add(STEP)))
            .unwrap();
        // Had the hints drawn from the random source, the reply would come from a
        // later number; for some seeds that is another point.
        let if_drawn = with_hint
            .classic()
            .choose(&board, &mut Random::new(seed.wrapping_add(4 * STEP)))
            .unwrap();
        sensitive += (if_drawn != expected) as u32;
        with_hint.computer_move();
        let a = with_hint.game().last_move().unwrap();
        let b = exchange(&mut without, person);
        assert_eq!(name(a), name(expected), "seed {seed}: PCMove's reply");
        assert_eq!(name(a), name(b), "seed {seed}: the hint changed the reply");
        // And the game after it, too.
        let next = first_free(&with_hint, &["G7", "L12", "M13"]);
        char_key(&mut with_hint, b'h');
        assert_eq!(
            name(exchange(&mut with_hint, next)),
            name(exchange(&mut without, next))
        );
    }
    assert!(
        sensitive > 10,
        "the check has teeth: a changed random source changes the reply ({sensitive} seeds)"
    );
}

// ---------------------------------------------------------------------------
// Leaving a game.

#[test]
fn escape_mid_game_asks_to_leave_and_n_continues() {
    let mut app = person_begins(14);
    play_exchanges(&mut app, &ROUNDS[..2]);
    let before = snapshot(&app);
    assert!(key(&mut app, Key::Escape) == Command::Continue);
    assert_eq!(status(&app), "Leave this game? Y/N");
    let screen = render(&app);
    assert!(row(&screen, STATUS_Y).contains("Leave this game? Y/N"));
    assert!(screen.cell(1, STATUS_Y).style == Style::Alert);
    assert!(!app.on_menu());
    assert!(char_key(&mut app, b'n') == Command::Continue);
    assert_eq!(status(&app), "The game goes on.");
    assert!(!app.on_menu());
    assert_eq!(snapshot(&app), before);
    // The game continues: the person moves, the computer replies.
    let next = first_free(&app, ROUNDS[2]);
    let reply = exchange(&mut app, next);
    assert!(app.game().board().get(reply) == Some(Stone::White));
    // A click on the board answers "no" and places nothing.
    let count = app.game().move_count();
    key(&mut app, Key::Escape);
    let free = first_free(&app, &["A1", "A2"]);
    click_point(&mut app, free);
    assert_eq!(status(&app), "The game goes on.");
    assert_eq!(app.game().move_count(), count);
    // Esc, Y leaves for the menu.
    key(&mut app, Key::Escape);
    char_key(&mut app, b'Y');
    assert!(app.on_menu());
    assert!(!app.computer_to_move());
}
