//! Saving and loading games through `ui::App`, as the DOS layer drives it: .psq
//! records written and read back, and failed file operations.
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
use common::app::{STATUS_Y, key, render, row, status};
use common::{all_points, game_state, name, pt};
use piskrs::app::screen::Style;
use piskrs::app::ui::{App, Command, FileError, Key, Opponent};
use piskrs::rules::board::Stone;
use piskrs::rules::coord::Point;
use piskrs::rules::psq;

type SaveBuffer = [u8; psq::MAX_RECORD_BYTES + 32];

// ---------------------------------------------------------------------------
// Saving and loading.

/// 's', edits of the pre-filled name, Enter: the platform is asked to save.
fn save(app: &mut App, edits: &[Key]) -> Vec<u8> {
    assert!(char_key(app, b's') == Command::Continue);
    assert_eq!(status(app), "Save as (Enter saves, Esc cancels): ");
    assert_eq!(app.file_name(), b"GAME.PSQ", "the default name is offered");
    let screen = render(app);
    assert!(
        row(&screen, STATUS_Y).starts_with(" Save as (Enter saves, Esc cancels): GAME.PSQ_"),
        "{}",
        row(&screen, STATUS_Y)
    );
    for &k in edits {
        assert!(key(app, k) == Command::Continue);
    }
    assert!(key(app, Key::Enter) == Command::SaveFile);
    let mut buffer: SaveBuffer = [0; psq::MAX_RECORD_BYTES + 32];
    app.save_request(&mut buffer).to_vec()
}

#[test]
fn save_then_load_into_a_fresh_app_and_play_on() {
    let mut app = person_begins(5);
    play_exchanges(&mut app, &ROUNDS[..3]);
    key(&mut app, Key::Char(b'n'));
    let bytes = save(&mut app, &[]);
    assert_eq!(app.file_name(), b"GAME.PSQ");
    app.save_finished(Ok(()));
    assert_eq!(status(&app), "Saved to GAME.PSQ.");
    assert!(!app.on_menu(), "saving keeps the game");
    assert_eq!(app.game().move_count(), 6);

    let mut loaded = App::new(true);
    ask_to_load(&mut loaded);
    loaded.load_finished(Ok(&bytes));
    assert_eq!(status(&loaded), "Loaded GAME.PSQ: 6 moves. Black to move.");
    assert!(!loaded.on_menu());
    assert_eq!(game_state(loaded.game()), game_state(app.game()));
    assert!(loaded.game().to_move() == app.game().to_move());
    assert_eq!(loaded.game().move_count(), app.game().move_count());
    assert!(loaded.opponent() == Opponent::Computer(Stone::White));
    assert!(!loaded.computer_to_move(), "the person is to move");
    assert_info_is_recomputed(&loaded, "after loading");
    for point in all_points(19) {
        assert_eq!(loaded.classic().score(point), app.classic().score(point));
    }
    // Both go on from here with the same random source: the computer replies,
    // and alike, in both.
    app.fix_seed(1234);
    loaded.fix_seed(1234);
    for round in &ROUNDS[3..] {
        let point = first_free(&app, round);
        let reply = exchange(&mut app, point);
        let loaded_reply = exchange(&mut loaded, point);
        assert_eq!(name(reply), name(loaded_reply));
        assert!(loaded.game().board().get(loaded_reply) == Some(Stone::White));
        assert!(status(&loaded).starts_with("The computer played "));
    }
    assert_eq!(game_state(loaded.game()), game_state(app.game()));
}

#[test]
fn a_game_the_computer_began_loads_with_the_computer_on_black() {
    let mut app = computer_begins(6);
    play_exchanges(&mut app, &ROUNDS[..2]);
    let bytes = save(&mut app, &[]);
    app.save_finished(Ok(()));
    let mut loaded = App::new(true);
    ask_to_load(&mut loaded);
    loaded.load_finished(Ok(&bytes));
    assert!(loaded.opponent() == Opponent::Computer(Stone::Black));
    assert_eq!(game_state(loaded.game()), game_state(app.game()));
    assert!(loaded.game().to_move() == Stone::White);
    assert_eq!(status(&loaded), "Loaded GAME.PSQ: 5 moves. White to move.");
    let point = first_free(&loaded, &["A1", "A2"]);
    let reply = exchange(&mut loaded, point);
    assert!(loaded.game().board().get(reply) == Some(Stone::Black));
}

#[test]
fn the_file_name_prompt_takes_typing_and_backspace() {
    let mut app = person_begins(9);
    exchange(&mut app, pt("J10"));
    let mut edits = vec![Key::Backspace; 4];
    edits.extend(b"1.psq".iter().map(|&c| Key::Char(c)));
    assert!(char_key(&mut app, b's') == Command::Continue);
    for k in edits {
        key(&mut app, k);
    }
    assert_eq!(app.file_name(), b"GAME1.PSQ");
    let screen = render(&app);
    assert!(row(&screen, STATUS_Y).starts_with(" Save as (Enter saves, Esc cancels): GAME1.PSQ_"));
    // Keys that are not file-name characters are ignored while typing.
    key(&mut app, Key::Char(b' '));
    key(&mut app, Key::Char(b'*'));
    assert_eq!(app.file_name(), b"GAME1.PSQ");
    assert!(key(&mut app, Key::Enter) == Command::SaveFile);
    app.save_finished(Ok(()));
    assert_eq!(status(&app), "Saved to GAME1.PSQ.");
    assert_eq!(app.game().move_count(), 2, "typing placed no stone");
}

#[test]
fn the_saved_bytes_are_a_piskvork_record_with_k10_as_11_10() {
    let mut app = person_begins(10);
    let reply = exchange(&mut app, pt("K10"));
    let a1 = first_free(&app, &["A1"]);
    let reply2 = exchange(&mut app, a1);
    let s19 = first_free(&app, &["S19"]);
    exchange(&mut app, s19);
    let bytes = save(&mut app, &[]);
    let text = String::from_utf8(bytes.clone()).unwrap();
    assert!(text.starts_with("Piskvorky 19x19"), "{text}");
    let lines: Vec<&str> = text.split("\r\n").collect();
    assert_eq!(lines[0], "Piskvorky 19x19, 11:11, 0");
    // x is the column from the left, y the row from the top, both from 1.
    assert_eq!(lines[1], "11,10,0", "K10");
    let xy = |p: Point| format!("{},{},0", p.col + 1, 19 - p.row);
    assert_eq!(lines[2], xy(reply));
    assert_eq!(lines[3], "1,19,0", "A1");
    assert_eq!(lines[4], xy(reply2));
    assert_eq!(lines[5], "19,1,0", "S19");
    assert_eq!(lines.len(), 10, "{lines:?}");
    assert_eq!(lines[7], "-1");
    // piskrs's own marker (Piskvork ignores lines after the moves).
    assert!(
        lines[8].starts_with("piskrs: ") && lines[8].ends_with("against the computer"),
        "{:?}",
        lines[8]
    );
    assert_eq!(lines[9], "");
    let record = psq::read(&bytes, 19).unwrap_or_else(|_| panic!("psq::read refused {text}"));
    assert_eq!(record.side, 19);
    let read: Vec<String> = record.moves().iter().map(|&p| name(p)).collect();
    let played: Vec<String> = app.game().moves().iter().map(|&p| name(p)).collect();
    assert_eq!(read, played);
}

/// A bad file: what it is, what the platform reports, what the status must say.
type BadFile = (&'static str, Result<Vec<u8>, FileError>, &'static str);

/// The bad files and what the status line must say about each.
fn bad_files() -> Vec<BadFile> {
    let mut good = person_begins(12);
    play_exchanges(&mut good, &ROUNDS[..2]);
    let saved = save(&mut good, &[]);
    // Cut the third move line in half.
    let text = String::from_utf8(saved.clone()).unwrap();
    let third = text.match_indices("\r\n").nth(2).unwrap().0 + 2;
    let truncated = saved[..third + 3].to_vec();
    assert!(psq::read(&saved, 19).is_ok());
    vec![
        (
            "garbage",
            Ok(b"\x00\x7fMZ garbage \xff\xfe\n".to_vec()),
            "not a Piskvork .psq game record",
        ),
        (
            "an empty file",
            Ok(Vec::new()),
            "not a Piskvork .psq game record",
        ),
        (
            "a move off the board",
            Ok(record_with("11,10,0\r\n99,1,0\r\n-1\r\n")),
            "line 3 holds a bad move (corrupt?)",
        ),
        (
            "a malformed move",
            Ok(record_with("11,10,0\r\n1x,1,0\r\n-1\r\n")),
            "line 3 holds a bad move (corrupt?)",
        ),
        (
            "a repeated point",
            Ok(record_with("11,10,0\r\n10,10,0\r\n11,10,0\r\n-1\r\n")),
            "line 4 holds a bad move (corrupt?)",
        ),
        (
            "a move after a five",
            Ok(record_with(
                "1,1,0\r\n1,19,0\r\n2,1,0\r\n2,19,0\r\n3,1,0\r\n3,19,0\r\n4,1,0\r\n4,19,0\r\n5,1,0\r\n5,19,0\r\n10,10,0\r\n-1\r\n",
            )),
            "(corrupt?)",
        ),
        ("a file cut mid-line", Ok(truncated), "cut off (truncated)"),
        (
            "a 10x10 board",
            Ok(b"Piskvorky 10x10, 11:11, 0\r\n5,5,0\r\n-1\r\n".to_vec()),
            "board",
        ),
        ("a missing file", Err(FileError::NotFound), "no such file"),
        (
            "an unreadable file",
            Err(FileError::AccessDenied),
            "access denied",
        ),
    ]
}

fn assert_failed_load(app: &mut App, what: &str, file: &Result<Vec<u8>, FileError>, why: &str) {
    let before = snapshot(app);
    match file {
        Ok(bytes) => app.load_finished(Ok(bytes)),
        Err(error) => app.load_finished(Err(*error)),
    }
    let said = status(app);
    assert!(
        said.starts_with("Could not load GAME.PSQ: "),
        "{what}: the status says {said:?}"
    );
    assert!(said.contains(why), "{what}: {said:?} should say {why:?}");
    assert!(
        render(app).cell(1, STATUS_Y).style == Style::Alert,
        "{what}: shown as an alert"
    );
    assert_eq!(snapshot(app), before, "{what}: nothing else changed");
}

#[test]
fn a_bad_or_missing_file_leaves_the_menu_as_it_was() {
    for (what, file, why) in bad_files() {
        let mut app = app_with_seed(40);
        ask_to_load(&mut app);
        assert_failed_load(&mut app, what, &file, why);
        assert!(app.on_menu(), "{what}: still on the menu");
        // The menu still works: a game starts as from a fresh menu.
        let mut fresh = app_with_seed(40);
        char_key(&mut app, b'2');
        char_key(&mut fresh, b'2');
        assert!(!app.on_menu());
        assert_eq!(game_state(app.game()), game_state(fresh.game()), "{what}");
    }
}

#[test]
fn a_bad_file_leaves_the_previous_game_behind_the_menu_untouched() {
    for (what, file, why) in bad_files() {
        let mut app = person_begins(41);
        play_exchanges(&mut app, &ROUNDS[..2]);
        let game_before = game_state(app.game());
        key(&mut app, Key::Escape);
        char_key(&mut app, b'y');
        assert!(app.on_menu());
        ask_to_load(&mut app);
        assert_failed_load(&mut app, what, &file, why);
        assert!(app.on_menu());
        assert_eq!(game_state(app.game()), game_before, "{what}");
    }
}

#[test]
fn a_bad_file_requested_during_a_game_leaves_the_game_as_it_was() {
    for (what, file, why) in bad_files() {
        let mut app = person_begins(42);
        let mut twin = person_begins(42);
        play_exchanges(&mut app, &ROUNDS[..2]);
        play_exchanges(&mut twin, &ROUNDS[..2]);
        // The platform's /LOAD path, with a game on the screen.
        assert!(app.request_load(b"GAME.PSQ") == Command::LoadFile);
        assert_failed_load(&mut app, what, &file, why);
        assert!(!app.on_menu(), "{what}: still in the game");
        // The game goes on exactly as the twin's, which never saw the bad file.
        let a = play_exchanges(&mut app, &ROUNDS[2..]);
        let b = play_exchanges(&mut twin, &ROUNDS[2..]);
        assert_eq!(
            a.iter().map(|&p| name(p)).collect::<Vec<_>>(),
            b.iter().map(|&p| name(p)).collect::<Vec<_>>(),
            "{what}"
        );
        assert_eq!(game_state(app.game()), game_state(twin.game()), "{what}");
    }
}

#[test]
fn a_failed_save_says_so_and_the_game_goes_on_untouched() {
    for (error, why) in [
        (FileError::DiskFull, "the disk is full"),
        (FileError::AccessDenied, "access denied"),
        (FileError::Failed, "DOS reported an error"),
    ] {
        let mut app = computer_begins(43);
        let mut twin = computer_begins(43);
        play_exchanges(&mut app, &ROUNDS[..2]);
        play_exchanges(&mut twin, &ROUNDS[..2]);
        let bytes = save(&mut app, &[]);
        assert!(bytes.starts_with(b"Piskvorky 19x19"));
        let before = snapshot(&app);
        app.save_finished(Err(error));
        let said = status(&app);
        assert!(
            said.starts_with("Could not save GAME.PSQ: ") && said.contains(why),
            "{said:?}"
        );
        assert!(said.ends_with("The game goes on."), "{said:?}");
        assert!(render(&app).cell(1, STATUS_Y).style == Style::Alert);
        assert_eq!(snapshot(&app), before, "the game in memory is untouched");
        // It can still be saved, and the game goes on as the twin's.
        let again = save(&mut app, &[]);
        assert_eq!(again, bytes);
        app.save_finished(Ok(()));
        assert_eq!(status(&app), "Saved to GAME.PSQ.");
        let a = play_exchanges(&mut app, &ROUNDS[2..]);
        let b = play_exchanges(&mut twin, &ROUNDS[2..]);
        assert_eq!(
            a.iter().map(|&p| name(p)).collect::<Vec<_>>(),
            b.iter().map(|&p| name(p)).collect::<Vec<_>>()
        );
    }
}

#[test]
fn escape_at_the_file_name_prompt_cancels_the_save() {
    let mut app = person_begins(44);
    exchange(&mut app, pt("J10"));
    let before = snapshot(&app);
    char_key(&mut app, b's');
    assert!(key(&mut app, Key::Escape) == Command::Continue);
    assert_eq!(status(&app), "Cancelled.");
    assert_eq!(snapshot(&app), before);
    // Keys are game keys again, not file-name characters.
    let next = first_free(&app, &["K11", "H8"]);
    exchange(&mut app, next);
    assert_eq!(app.file_name(), b"GAME.PSQ");
}
