//! The screen drawn a part at a time, as the .COM draws it (`App::take_damage`
//! then `App::render_parts` on the screen the last frame left), is always the
//! screen drawn whole afresh: random inputs on every page, the computer's
//! moves between them as the program's loop makes them.

use piskrs::ai::engine::Level;
use piskrs::app::screen::{Canvas, TextScreen};
use piskrs::app::settings::Settings;
use piskrs::app::ui::{App, Command, Input, Key};
use proptest::prelude::*;

/// The keys a person may press (the core's types have no Debug, which
/// proptest's values need: an input is drawn as numbers, then made): the
/// arrows twice, Enter, Space, the letters and digits the screens take, Esc,
/// Backspace, F1, PgUp and PgDn.
fn keys() -> Vec<Key> {
    let arrows = [Key::Up, Key::Down, Key::Left, Key::Right];
    let mut keys = [arrows, arrows].concat();
    keys.extend([Key::Enter, Key::Space]);
    keys.extend(b"124grunhpsycw".iter().map(|&c| Key::Char(c)));
    keys.extend([
        Key::Escape,
        Key::Backspace,
        Key::F1,
        Key::PageUp,
        Key::PageDown,
    ]);
    keys
}

/// An input from three numbers: a key (kind 0-4), a click on a point of the
/// board (5-7), or a click anywhere (8); and whether a frame is drawn after
/// it (not after a quarter of the keys: keys typed quickly are handled
/// together, then drawn once).
fn input_of((kind, a, b): (u8, u8, u8)) -> (Input, bool) {
    let input = match kind {
        0..=4 => {
            let keys = keys();
            Input::Key(keys[a as usize % keys.len()])
        }
        5..=7 => Input::Click {
            x: 4 + 2 * (a % 19),
            y: 1 + b % 19,
        },
        _ => Input::Click {
            x: a % 80,
            y: b % 25,
        },
    };
    (input, kind > 4 || b < 192)
}

/// Draws a frame as the .COM does, on the screen the last one left, and
/// checks it against the page drawn whole.
fn frame(app: &mut App, screen: &mut TextScreen, step: usize) {
    let damage = app.take_damage();
    app.render_parts(screen, &damage);
    let mut whole = TextScreen::new();
    app.render(&mut whole);
    for y in 0..25 {
        for x in 0..80 {
            let (got, want) = (screen.cell(x, y), whole.cell(x, y));
            assert!(
                got == want,
                "step {step}: cell ({x}, {y}) is {:?}/{} where the whole page has {:?}/{}",
                got.ch as char,
                got.style as u8,
                want.ch as char,
                want.style as u8
            );
        }
    }
}

fn play(level: Level, inputs: &[Input]) {
    let inputs: Vec<(Input, bool)> = inputs.iter().map(|&input| (input, true)).collect();
    play_framed(level, &inputs);
}

/// [`play`], with a frame after an input only where it says so (and always
/// after the computer's move).
fn play_framed(level: Level, inputs: &[(Input, bool)]) {
    let settings = Settings {
        level,
        ..Settings::default()
    };
    let mut app = App::with_settings(true, settings);
    app.fix_seed(7);
    // A screen with something else on it: the first frame draws everything.
    let mut screen = TextScreen::new();
    screen.fill(0, 0, 80, 25, b'#', piskrs::app::screen::Style::Alert);
    frame(&mut app, &mut screen, 0);
    for (step, &(input, framed)) in inputs.iter().enumerate() {
        match app.handle(input) {
            Command::Quit | Command::Terminate => return,
            _ => {}
        }
        if framed || app.computer_to_move() {
            frame(&mut app, &mut screen, step + 1);
        }
        while app.computer_to_move() {
            app.computer_move();
            frame(&mut app, &mut screen, step + 1);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn frames_drawn_in_parts_equal_the_page_drawn_whole(
        cha in any::<bool>(),
        inputs in proptest::collection::vec((0u8..9, any::<u8>(), any::<u8>()), 1..120),
    ) {
        let inputs: Vec<(Input, bool)> = inputs.into_iter().map(input_of).collect();
        play_framed(if cha { Level::Cha } else { Level::Classic }, &inputs);
    }
}

/// A game against the computer and the keys that matter most, always: the
/// cursor's moves, stones, a take-back, the hint, the move list, the end.
#[test]
fn a_game_against_the_computer_drawn_in_parts() {
    let mut inputs = vec![Input::Key(Key::Char(b'1'))];
    for round in 0..12u8 {
        for _ in 0..round % 4 {
            inputs.push(Input::Key(Key::Left));
            inputs.push(Input::Key(Key::Up));
        }
        inputs.push(Input::Key(Key::Enter));
        if round == 3 {
            inputs.extend([Key::Char(b'h'), Key::Char(b'n'), Key::Char(b'u')].map(Input::Key));
        }
        inputs.push(Input::Click {
            x: 4 + 2 * round,
            y: 10,
        });
    }
    play(Level::Classic, &inputs);
}

/// Two people fill more than a page of the list of moves (30 entries), with
/// the list shown and then the rules: each frame after a stone draws only the
/// new entry, or nothing below the turn, and a new page whole.
#[test]
fn a_long_list_of_moves_drawn_in_parts() {
    let mut inputs = vec![Input::Key(Key::Char(b'4')), Input::Key(Key::Char(b'n'))];
    // Stones two columns apart on rows far from each other: no five.
    let stones = (0..40u8).map(|i| Input::Click {
        x: 4 + 2 * (2 * (i % 9)),
        y: 1 + (i / 9) * 4 + (i % 2),
    });
    inputs.extend(stones.clone().take(34));
    inputs.push(Input::Key(Key::Char(b'n')));
    inputs.extend(stones.skip(34));
    play(Level::Classic, &inputs);
}

/// A name typed, a letter taken back and another typed between two frames:
/// the status line's text changes, its length does not, and the frame after
/// draws the new name.
#[test]
fn a_name_retyped_between_frames_is_drawn() {
    let mut inputs = vec![
        (Input::Key(Key::Char(b'1')), true),
        (Input::Key(Key::Char(b's')), true),
    ];
    inputs.push((Input::Key(Key::Char(b'a')), true));
    for key in [Key::Backspace, Key::Char(b'b'), Key::Backspace] {
        inputs.push((Input::Key(key), false));
    }
    inputs.push((Input::Key(Key::Char(b'c')), true));
    play_framed(Level::Classic, &inputs);
}
