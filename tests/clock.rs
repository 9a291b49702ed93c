//! The game clock (issue 55): the pure clock, the computer's share of its
//! time, and the App on a clock driven by a made-up BIOS tick count.

mod common;

use std::sync::atomic::{AtomicU32, Ordering};

use common::app::{key, status};
use piskrs::ai::engine::Level;
use piskrs::app::clock::{
    Clock, GAME_WORDS, OTHER_TIMES_AT, TIMES_AT, other_times, share_tenths, ticks_between,
    ticks_to_ms, write_time,
};
use piskrs::app::screen::Key;
use piskrs::app::settings::{Settings, parse_clock};
use piskrs::app::ui::{App, Opponent};
use piskrs::rules::board::Stone;
use piskrs::rules::coord::Point;
use piskrs::rules::psq;
use piskrs::rules::variant::Variant;
use piskrs::support::word_tables::{WordArray, Words};

#[test]
fn ticks_become_milliseconds_across_midnight_too() {
    assert_eq!(ticks_to_ms(0), 0);
    assert_eq!(ticks_to_ms(182), 9996); // 18.2 ticks a second
    assert_eq!(ticks_to_ms(1092), 59978);
    assert_eq!(ticks_between(100, 150), 50);
    // The BIOS count goes back to 0 at midnight (1800B0h ticks a day).
    assert_eq!(ticks_between(0x1800B0 - 10, 5), 15);
}

/// A word table for the moves' times, kept for the test's life.
fn word_table() -> &'static WordArray<GAME_WORDS> {
    Box::leak(Box::new(WordArray::new()))
}

#[test]
fn a_sides_time_is_its_start_and_increments_less_its_moves_times() {
    let words = word_table();
    let mut clock = Clock::off(words);
    clock.set(1, 5, 1000);
    assert!(clock.is_on());
    let mut game = Variant::Piskasm.new_game();
    assert_eq!(clock.left(Stone::Black, &game, 1000), 60_000);
    // 182 ticks later Black has spent about 10 s; White's clock stands.
    assert_eq!(clock.left(Stone::Black, &game, 1182), 50_004);
    assert_eq!(clock.left(Stone::White, &game, 1182), 60_000);
    assert!(game.play(Point::new(9, 9)).is_ok());
    clock.switch(&game, 1182);
    assert_eq!(words.get(TIMES_AT), 9996, "the move's time is kept");
    assert_eq!(clock.left(Stone::Black, &game, 1200), 55_004);
    // Now White's turn runs, from its own start.
    assert_eq!(clock.left(Stone::White, &game, 1200), 60_000 - 988);
    assert_eq!(clock.left(Stone::White, &game, 1182 + 1093), 0);
    // White moves after 20 s; taken back, it has its time again, and not
    // the increment.
    assert!(game.play(Point::new(9, 10)).is_ok());
    clock.switch(&game, 1182 + 364);
    assert_eq!(
        clock.left(Stone::White, &game, 1600),
        60_000 - 19_992 + 5000
    );
    game.undo();
    clock.restart(1600);
    assert_eq!(clock.left(Stone::White, &game, 1600), 60_000);
    assert!(!Clock::off(words).is_on());
}

#[test]
fn a_loaded_games_moves_times_are_charged_to_each_side() {
    let words = word_table();
    for (index, ms) in [30_000, 45_000, 1000, 70_000].into_iter().enumerate() {
        words.set(OTHER_TIMES_AT + index, ms);
    }
    let mut game = Variant::Piskasm.new_game();
    for (col, row) in [(9, 9), (9, 10), (10, 9), (10, 10)] {
        assert!(game.play(Point::new(col, row)).is_ok());
    }
    // 1 minute + 5 s: Black took 31 s in two moves, White 115 s in two.
    let mut clock = Clock::off(words);
    clock.set(1, 5, 0);
    clock.times_at = other_times(TIMES_AT);
    assert_eq!(clock.left(Stone::Black, &game, 0), 60_000 - 31_000 + 10_000);
    assert_eq!(clock.left(Stone::White, &game, 0), 0, "out of time");
    // Huge times do not wrap around.
    words.set(OTHER_TIMES_AT + 2, u32::MAX);
    assert_eq!(clock.left(Stone::Black, &game, 0), 0);
    assert_eq!(other_times(OTHER_TIMES_AT), TIMES_AT);
}

#[test]
fn the_face_shows_minutes_and_seconds_rounded_up() {
    let face = |ms| {
        let mut out = [0u8; 5];
        write_time(ms, &mut out);
        String::from_utf8(out.to_vec()).unwrap()
    };
    assert_eq!(face(20 * 60_000), "20:00");
    assert_eq!(face(60_000), " 1:00");
    assert_eq!(face(59_001), " 1:00");
    assert_eq!(face(59_000), " 0:59");
    assert_eq!(face(1), " 0:01");
    assert_eq!(face(0), " 0:00");
}

#[test]
fn clock_values_read_as_minutes_and_increment() {
    assert_eq!(parse_clock(b"5"), Some((5, 0)));
    assert_eq!(parse_clock(b"5+5"), Some((5, 5)));
    assert_eq!(parse_clock(b"05+05"), Some((5, 5)));
    assert_eq!(parse_clock(b"0"), Some((0, 0)));
    assert_eq!(parse_clock(b"0+5"), Some((0, 0)));
    for bad in [
        &b""[..],
        b"+",
        b"5+",
        b"+5",
        b"100",
        b"5+100",
        b"5+5+5",
        b"x",
    ] {
        assert_eq!(parse_clock(bad), None, "{:?}", String::from_utf8_lossy(bad));
    }
}

/// A computer sharing out its clock move after move never runs out, even
/// when each move takes all it was given, in games of up to 100 moves a side
/// (Strong's games against Strong on 19x19 end far sooner); with an
/// increment, in a game as long as the board.
#[test]
fn the_computers_share_never_uses_up_its_time() {
    for (minutes, increment) in [(1u32, 0u32), (1, 5), (5, 0), (20, 0), (20, 5)] {
        let mut left = minutes * 60_000;
        let plies = if increment > 0 { 361 } else { 200 };
        for played in (0..plies).step_by(2) {
            let share = share_tenths(left, increment * 1000, played) as u32 * 100;
            assert!(share >= 100);
            // A thinking time is a limit: the move takes at most that.
            assert!(share < left, "{minutes}+{increment} at move {played}");
            left = left - share + increment * 1000;
        }
        assert!(left > 0);
    }
    // Plenty of time: at most 25 s a move (the thinking time's top).
    assert_eq!(share_tenths(20 * 60_000, 0, 0), 250);
    // The increment adds most of itself.
    assert!(share_tenths(10_000, 5_000, 100) > share_tenths(10_000, 0, 100));
}

static TICKS: AtomicU32 = AtomicU32::new(0);

fn ticks() -> u32 {
    TICKS.load(Ordering::Relaxed)
}

/// Two players on a clock of `minutes`+`increment`, the tick count at 0.
fn clocked_app(minutes: u8, increment: u8, opponent_key: u8) -> App {
    let settings = Settings {
        clock_minutes: minutes,
        increment_seconds: increment,
        ..Settings::default()
    };
    let mut app = App::with_settings(true, settings);
    app.fix_seed(1);
    app.time_with(ticks);
    key(&mut app, Key::Char(opponent_key));
    app
}

// One test drives the shared tick count, so that tests running in parallel
// do not move each other's clocks.
#[test]
fn an_app_on_a_clock_times_moves_and_loses_on_time() {
    // Two players, 1 minute + 5 s: Black spends 10 s on its move.
    TICKS.store(1000, Ordering::Relaxed);
    let mut app = clocked_app(1, 5, b'4');
    assert_eq!(app.clock_left(Stone::White), 60_000);
    TICKS.store(1182, Ordering::Relaxed);
    assert!(app.clock_tick(), "the face shows another second");
    assert!(!app.clock_tick(), "nothing new within the same second");
    key(&mut app, Key::Enter);
    assert_eq!(app.game().move_count(), 1);
    assert_eq!(app.clock_left(Stone::Black), 60_000 - 9996 + 5000);
    // White spends 20 s, then takes its move back: White has its time
    // back, less the increment, and its turn starts afresh.
    TICKS.store(1182 + 364, Ordering::Relaxed);
    key(&mut app, Key::Up);
    key(&mut app, Key::Enter);
    assert_eq!(app.game().move_count(), 2);
    assert_eq!(app.clock_left(Stone::White), 60_000 - 19_992 + 5000);
    // The record keeps each move's time.
    let mut buffer = [0u8; psq::MAX_RECORD_BYTES + 32];
    let saved = String::from_utf8_lossy(app.save_request(&mut buffer)).into_owned();
    assert!(
        saved.contains(",9996\r\n") && saved.contains(",19992\r\n"),
        "{saved}"
    );
    key(&mut app, Key::Char(b'u'));
    assert_eq!(app.game().move_count(), 1);
    assert_eq!(app.clock_left(Stone::White), 60_000);
    assert_eq!(app.clock_left(Stone::Black), 60_000 - 9996 + 5000);
    // Two players take back one move: White is to move again, with a whole
    // minute: 50 s later it still has time. It lets its time run out: the
    // flag falls, White loses.
    TICKS.store(1182 + 364 + 911, Ordering::Relaxed);
    app.clock_tick();
    assert!(!app.game().is_over());
    TICKS.store(1182 + 364 + 1093, Ordering::Relaxed);
    assert!(app.clock_tick());
    assert!(app.game().is_over());
    assert_eq!(status(&app), "White lost on time.");
    // A loaded record resumes each side's time from its moves' times
    // (one over 65535 ms too), under the menu's clock.
    TICKS.store(5000, Ordering::Relaxed);
    let mut app = clocked_app(1, 0, b'4');
    key(&mut app, Key::Escape);
    key(&mut app, Key::Char(b'y'));
    let mut reader = psq::Reader::new();
    app.keep_loaded_times(&mut reader);
    reader.feed(b"Piskvorky 19x19, 11:11, 0\r\n10,10,30000\r\n11,10,45000\r\n10,11,1000\r\n9,9,70000\r\n1,1,2\r\n-1\r\n");
    app.load_record(&reader);
    assert_eq!(app.game().move_count(), 5, "{}", status(&app));
    assert_eq!(app.clock_left(Stone::Black), 60_000 - 31_002);
    assert_eq!(app.clock_left(Stone::White), 0);
    // Saved again, the record keeps its times.
    let saved = String::from_utf8_lossy(app.save_request(&mut buffer)).into_owned();
    assert!(
        saved.starts_with("Piskvorky 19x19, 11:11, 0\r\n10,10,30000\r\n11,10,45000\r\n10,11,1000\r\n9,9,70000\r\n1,1,2\r\n-1\r\n"),
        "{saved}"
    );
    // A record that fails to load leaves the game's times alone.
    let mut reader = psq::Reader::new();
    app.keep_loaded_times(&mut reader);
    reader.feed(b"Piskvorky 19x19, 11:11, 0\r\n4,4,123\r\n4,4,456\r\n-1\r\n");
    app.load_record(&reader);
    assert_eq!(app.game().move_count(), 5);
    let again = String::from_utf8_lossy(app.save_request(&mut buffer)).into_owned();
    assert_eq!(again, saved);
    // A second good load: its own times (kept where the first one's were not).
    let mut reader = psq::Reader::new();
    app.keep_loaded_times(&mut reader);
    reader.feed(
        b"Piskvorky 19x19, 11:11, 0\r\n4,4,5000\r\n-1\r\npiskrs: game=PISKASM two players\r\n",
    );
    app.load_record(&reader);
    assert_eq!(app.game().move_count(), 1, "{}", status(&app));
    assert_eq!(app.clock_left(Stone::Black), 55_000);
    assert_eq!(app.clock_left(Stone::White), 60_000);
    // Two moves more, and a take-back of one: the times are the game's.
    TICKS.store(5000 + 182, Ordering::Relaxed);
    key(&mut app, Key::Up);
    key(&mut app, Key::Enter);
    TICKS.store(5000 + 182 + 91, Ordering::Relaxed);
    key(&mut app, Key::Up);
    key(&mut app, Key::Enter);
    assert_eq!(app.game().move_count(), 3, "{}", status(&app));
    key(&mut app, Key::Char(b'u'));
    let saved = String::from_utf8_lossy(app.save_request(&mut buffer)).into_owned();
    let lines: Vec<&str> = saved.split("\r\n").collect();
    assert_eq!(lines[1], "4,4,5000", "{saved}");
    assert!(lines[2].ends_with(",9996") && lines[3] == "-1", "{saved}");

    // The computer against itself: it plays both sides on its clock.
    TICKS.store(0, Ordering::Relaxed);
    let mut app = clocked_app(1, 0, b'5');
    assert!(app.opponent() == Opponent::Computers);
    for _ in 0..6 {
        assert!(app.computer_to_move());
        app.computer_move();
    }
    assert_eq!(app.game().move_count(), 6);
    // Esc asks to leave, and the play waits for the answer.
    key(&mut app, Key::Escape);
    assert!(!app.computer_to_move());
    key(&mut app, Key::Char(b'n'));
    assert!(app.computer_to_move());
}

/// The moves of a game of the computer against itself, Black at `black`'s
/// level and White at `white`'s, from seed 7.
fn computers_game(black: Level, white: Level) -> Vec<Point> {
    let settings = Settings {
        level: black,
        white_level: white,
        ..Settings::default()
    };
    let mut app = App::with_settings(true, settings);
    app.fix_seed(7);
    key(&mut app, Key::Char(b'5'));
    for _ in 0..16 {
        if app.computer_to_move() {
            app.computer_move();
        }
    }
    app.game().moves().to_vec()
}

#[test]
fn the_computer_against_itself_plays_white_at_whites_level() {
    let classic = computers_game(Level::Classic, Level::Classic);
    let classic_cha = computers_game(Level::Classic, Level::Cha);
    let cha_classic = computers_game(Level::Cha, Level::Classic);
    assert!(classic.len() >= 9 && classic_cha.len() >= 9 && cha_classic.len() >= 9);
    // White's level changes White's moves (the first is White's reply).
    assert!(classic[1] != classic_cha[1] || classic[3] != classic_cha[3]);
    // Black's first stones are Classic's in both, until White's differ.
    assert!(classic[0] == classic_cha[0]);
    // And Black's level is C's: Cha against Classic is neither of them.
    assert!(cha_classic != classic && cha_classic != classic_cha);
}
