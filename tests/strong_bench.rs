//! The host side of the host-vs-.COM agreement: Strong's move and node count on
//! each benchmark position (src/benchmark.rs) at the default thinking time's
//! budget, exactly as `PISKRS /BENCH` prints them. The e2e test
//! (tests/dosbox/strong.test.js) compares the .COM's lines with the same fixture.
//! `UPDATE_FIXTURES=1 cargo test --test strong_bench` rewrites the fixture.

use piskrs::benchmark::{POSITIONS, position, reply};
use piskrs::coord::{Lettering, write_point};
use piskrs::engine::Level;
use piskrs::settings::Settings;

const FIXTURE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/dosbox/fixtures/strong-bench.txt"
);
/// The same at the menu's longest thinking time, 10 s (`PISKRS /BENCH /TIME
/// 10`): a budget with room for playouts.
const FIXTURE_10S: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/dosbox/fixtures/strong-bench-10s.txt"
);

fn host_lines(budget: u32) -> String {
    let mut out = String::new();
    for n in 0..POSITIONS {
        let game = position(n);
        let (point, nodes) = reply(Level::Strong, budget, &game, None).expect("a move");
        let mut notation = [0u8; 3];
        let len = write_point(point, Lettering::Consecutive, &mut notation);
        let name = std::str::from_utf8(&notation[..len]).unwrap();
        out += &format!("STRONG {} {} nodes={}\n", n + 1, name, nodes);
    }
    out
}

fn check_fixture(path: &str, lines: &str) {
    if std::env::var_os("UPDATE_FIXTURES").is_some() {
        std::fs::write(path, lines).unwrap();
    }
    let fixture = std::fs::read_to_string(path).expect("the fixture (UPDATE_FIXTURES=1 writes it)");
    assert_eq!(fixture, lines);
}

#[test]
fn the_fixture_is_what_the_host_computes() {
    check_fixture(FIXTURE, &host_lines(Settings::default().strong_budget()));
}

#[test]
fn the_ten_second_fixture_is_what_the_host_computes() {
    let settings = Settings {
        think_tenths: 100,
        ..Settings::default()
    };
    let lines = host_lines(settings.strong_budget());
    check_fixture(FIXTURE_10S, &lines);
    // Playouts ran: some position used far more than the default budget.
    let default = Settings::default().strong_budget();
    assert!(
        lines
            .lines()
            .any(|l| l.rsplit('=').next().unwrap().parse::<u32>().unwrap() > 2 * default),
        "{lines}"
    );
}

#[test]
fn the_positions_are_games_in_progress_of_growing_length() {
    let mut last = 0;
    for n in 0..POSITIONS {
        let game = position(n);
        assert!(!game.is_over(), "position {n} is over");
        assert!(
            game.move_count() >= 8,
            "position {n}: {} moves",
            game.move_count()
        );
        assert!(
            game.move_count() as u32 + 2 >= last,
            "position {n} shorter than the one before"
        );
        last = game.move_count() as u32;
    }
}

#[test]
fn strong_stays_within_its_budget_give_or_take_the_bounded_scans() {
    // The default thinking time, and the 10 s one (with playouts).
    for tenths in [Settings::default().think_tenths, 100] {
        let budget = Settings {
            think_tenths: tenths,
            ..Settings::default()
        }
        .strong_budget();
        for n in 0..POSITIONS {
            let (_, nodes) = reply(Level::Strong, budget, &position(n), None).unwrap();
            // The double-threat scans after the budget, and a playout's last
            // scoring of the points near the stones, are bounded by the
            // board: at most a few passes over its points.
            assert!(
                nodes <= budget + 4 * 361,
                "position {n}: {nodes} nodes for a budget of {budget}"
            );
        }
    }
}

/// The game orders Strong's candidates by the Info it keeps with Update; that
/// must give exactly the moves and nodes of CountScore afresh (the host's way),
/// or the .COM and the host would disagree.
#[test]
fn strong_with_the_games_info_plays_as_with_countscore() {
    use piskrs::engine::Level;
    use piskrs::engine::Position;
    use piskrs::random::Random;
    use piskrs::settings::{Settings, THINK_CHOICES};
    use piskrs::strong;
    use piskrs::ui::{App, Input, Key};

    let mut compared = 0;
    for (game_number, seed) in (1..=16u16).enumerate() {
        let settings = Settings {
            level: Level::Strong,
            think_tenths: THINK_CHOICES[game_number % THINK_CHOICES.len()],
            ..Settings::default()
        };
        let budget = settings.strong_budget();
        let mut app = App::with_settings(true, settings);
        app.fix_seed(seed);
        // The computer begins (2), so it answers Classic-like moves of ours too.
        app.handle(Input::Key(Key::Char(b'2')));
        let mut random = Random::new(seed);
        while !app.game().is_over() && app.game().move_count() < 60 {
            if app.computer_to_move() {
                let before = app.game().clone();
                // What the host's way gives on the same board.
                let expected = strong::choose(Position::of(&before), budget, &mut Random::new(1));
                let with_info =
                    strong::choose_with_info(Position::of(&before), budget, app.classic());
                assert!(
                    expected == with_info,
                    "seed {seed}, move {}",
                    before.move_count() + 1
                );
                app.computer_move();
                let played = app.game().last_move();
                assert!(
                    played == expected.map(|(p, _)| p),
                    "seed {seed}: the game played Strong's point"
                );
                compared += 1;
            } else {
                // Our side: Classic's choice for the person.
                let mut classic = piskrs::classic::Classic::new(app.game().to_move(), 19);
                classic.recompute(app.game().board());
                let point = classic
                    .choose(app.game().board(), &mut random)
                    .expect("a point");
                let (x, y) = (
                    piskrs::ui::screen_x(point.col) as u8,
                    piskrs::ui::screen_y(point.row) as u8,
                );
                app.handle(Input::Click { x, y });
            }
        }
    }
    assert!(compared >= 100, "only {compared} computer moves compared");
}
