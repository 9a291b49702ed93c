//! Gomoku in the Mist against each level, as a new player tries it: a
//! straight line of five from a start near the middle, never blocking. The
//! games run in the real App (the game screen's session: the computer sees
//! only its stones, the hole and its hits, and chooses again after a hit),
//! the player's stones put by clicks.
//!
//! A line whose next point is refused (taken) is dropped for a new one. The
//! figures: games the line player won, how many of them with its first five
//! stones (the computer never blocked), and games it lost, per level and
//! colour (the rest are drawn or stopped at 300 moves).
//!
//! `cargo run --release --example mist_straight -- [GAMES]` (default 100 a
//! colour).
use piskrs::ai::engine::{LEVELS, Level};
use piskrs::app::settings::Settings;
use piskrs::app::ui::{App, Input, Opponent};
use piskrs::rules::board::{DIRECTIONS, Stone};
use piskrs::rules::coord::Point;
use piskrs::rules::game::Outcome;
use piskrs::rules::variant::Variant;

// The core's tests' xorshift64.
#[path = "../../tests/common/xorshift64.rs"]
mod xorshift64;
use xorshift64::XorShift64;

/// Five points in a row from a random start within four of the middle.
fn new_line(random: &mut XorShift64) -> [Point; 5] {
    loop {
        let (dc, dr) = DIRECTIONS[random.below(4)];
        let col = 5 + random.below(9) as i8;
        let row = 5 + random.below(9) as i8;
        let points = core::array::from_fn(|i| (col + dc * i as i8, row + dr * i as i8));
        if points
            .iter()
            .all(|&(c, r)| (0..19).contains(&c) && (0..19).contains(&r))
        {
            return points.map(|(c, r)| Point::new(c as u8, r as u8));
        }
    }
}

/// A click on `point` (board column c at x = 4 + 2c, row r from the top).
fn click(app: &mut App, point: Point) {
    let x = 4 + 2 * point.col;
    let y = 19 - point.row;
    app.handle(Input::Click { x, y });
}

/// One game; the line player's colour `person`. Returns (won, won with its
/// first five stones, lost).
fn play(level: Level, person: Stone, seed: u32) -> (bool, bool, bool) {
    let settings = Settings {
        variant: Variant::Mist,
        level,
        ..Settings::default()
    };
    let mut app = App::with_settings(true, settings);
    app.fix_seed(seed as u16);
    let key = if person == Stone::Black { b'1' } else { b'2' };
    app.handle(Input::Key(piskrs::app::ui::Key::Char(key)));
    assert!(app.variant() == Variant::Mist);
    assert!(app.opponent() == Opponent::Computer(person.opponent()));
    let mut random = XorShift64::new(seed as u64);
    let mut line = new_line(&mut random);
    let (mut next, mut stones) = (0, 0);
    while !app.game().is_over() && app.game().move_count() < 300 {
        if app.computer_to_move() {
            app.computer_move();
            continue;
        }
        let before = app.game().move_count();
        click(&mut app, line[next]);
        if app.game().move_count() == before {
            line = new_line(&mut random);
            next = 0;
            continue;
        }
        stones += 1;
        next += 1;
        if next == 5 {
            line = new_line(&mut random);
            next = 0;
        }
    }
    let won = matches!(app.game().outcome(), Outcome::Won { winner, .. } if winner == person);
    let lost = matches!(app.game().outcome(), Outcome::Won { winner, .. } if winner != person);
    (won, won && stones == 5, lost)
}

fn main() {
    let games: u32 = std::env::args()
        .nth(1)
        .map_or(100, |a| a.parse().expect("GAMES"));
    println!("level    colour  won  in-five  lost  (of {games})");
    for level in LEVELS {
        for person in [Stone::Black, Stone::White] {
            let (mut won, mut in_five, mut lost) = (0, 0, 0);
            for game in 0..games {
                let (w, f, l) = play(level, person, 1 + game * 7919);
                won += w as u32;
                in_five += f as u32;
                lost += l as u32;
            }
            let name = match level {
                Level::Classic => "Classic",
                Level::Cha => "Cha",
                Level::Strong => "Strong",
            };
            let colour = if person == Stone::Black {
                "Black"
            } else {
                "White"
            };
            println!("{name:<8} {colour:<7} {won:>4} {in_five:>8} {lost:>5}");
        }
    }
}
