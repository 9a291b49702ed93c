//! The host side of the host-vs-.COM agreement: Strong's move and node count on
//! each benchmark position (src/app/benchmark.rs) at the default thinking time's
//! budget, exactly as `PISKRS /BENCH` prints them. The e2e test
//! (tests/dosbox/strong.test.js) compares the .COM's lines with the same fixture.
//! `UPDATE_FIXTURES=1 cargo test --test strong_bench` rewrites the fixture.

mod common;

use common::check_fixture;

use piskrs::ai::engine::Level;
use piskrs::app::benchmark::{POSITIONS, position, reply};
use piskrs::app::settings::Settings;
use piskrs::rules::coord::{Lettering, write_point};

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

#[test]
fn the_fixture_is_what_the_host_computes() {
    check_fixture(
        "strong-bench.txt",
        &host_lines(Settings::default().strong_budget()),
    );
}

#[test]
fn the_ten_second_fixture_is_what_the_host_computes() {
    let settings = Settings {
        think_tenths: 100,
        ..Settings::default()
    };
    let lines = host_lines(settings.strong_budget());
    check_fixture("strong-bench-10s.txt", &lines);
    // The budget was used: some position searched far more than the default's.
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
fn strong_stays_within_its_budget() {
    // The default thinking time, and the 10 s one.
    for tenths in [Settings::default().think_tenths, 100] {
        let budget = Settings {
            think_tenths: tenths,
            ..Settings::default()
        }
        .strong_budget();
        for n in 0..POSITIONS {
            let (_, nodes) = reply(Level::Strong, budget, &position(n), None).unwrap();
            assert!(
                nodes <= budget,
                "position {n}: {nodes} nodes for a budget of {budget}"
            );
        }
    }
}

/// The game asks its tree (on the host, tables kept for the game's life; in
/// PISKRS.COM the engine) with what it knows: its move must be the tree's
/// move on the same board with tables of its own, or the .COM and the host
/// would disagree.
#[test]
fn the_game_plays_the_trees_point() {
    use piskrs::ai::engine::Level;
    use piskrs::ai::tree::{HeapTables, choose};
    use piskrs::app::settings::{Settings, THINK_CHOICES};
    use piskrs::app::ui::{App, Input, Key};

    let mut compared = 0;
    for (game_number, seed) in (1..=8u16).enumerate() {
        let settings = Settings {
            level: Level::Strong,
            think_tenths: THINK_CHOICES[game_number % 3],
            ..Settings::default()
        };
        let budget = settings.strong_budget();
        let mut app = App::with_settings(true, settings);
        app.fix_seed(seed);
        // The computer begins (2), so it answers Classic-like moves of ours too.
        app.handle(Input::Key(Key::Char(b'2')));
        let mut random = piskrs::support::random::Random::new(seed);
        while !app.game().is_over() && app.game().move_count() < 40 {
            if app.computer_to_move() {
                let before = app.game().clone();
                let expected = (before.move_count() > 0).then(|| {
                    choose(
                        before.board(),
                        before.to_move(),
                        before.rule(),
                        budget,
                        &mut HeapTables::new(),
                    )
                    .expect("a move")
                    .0
                });
                app.computer_move();
                if expected.is_some() {
                    assert!(
                        app.game().last_move() == expected,
                        "seed {seed}, move {}: the game played the tree's point",
                        before.move_count() + 1
                    );
                    compared += 1;
                }
            } else {
                // Our side: Classic's choice for the person.
                let mut classic = piskrs::ai::classic::Classic::new(app.game().to_move(), 19);
                classic.recompute(app.game().board());
                let point = classic
                    .choose(app.game().board(), &mut random)
                    .expect("a point");
                let (x, y) = (
                    piskrs::app::ui::screen_x(point.col) as u8,
                    piskrs::app::ui::screen_y(point.row) as u8,
                );
                app.handle(Input::Click { x, y });
            }
        }
    }
    assert!(compared >= 60, "only {compared} computer moves compared");
}
