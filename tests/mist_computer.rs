//! Gomoku in the Mist against the computer, which plays fairly: it knows only
//! what it has seen (its stones, the hole, the hidden stones it hit), so two
//! games that differ in a hidden stone get the same moves.
//!
//! Screen layout (the UI's contract): board column c (A = 0) at x = 4 + 2c; on
//! a board of `side` points, row r (1-based) at y = 1 + side - r; the status
//! line at y = 22; the menu's Game line at y = 16; the side panel from x = 46.

mod common;

use common::variants::*;
use common::{board_text, go_name, go_point, mist_formula};
use piskrs::ai::engine::{LEVELS, Level};
use piskrs::app::ui::{App, Opponent};
use piskrs::rules::board::Stone;
use piskrs::rules::coord::Point;
use piskrs::rules::game::{Game, Outcome};
use piskrs::rules::variant::Variant;

// ---------------------------------------------------------------------------
// The Mist: the computer plays fairly.

/// A Mist game against the computer, the person Black (menu key 1).
fn mist_against_the_computer(seed: u16, level: Level) -> App {
    let mut app = menu_with_game("Mist", seed);
    while app.settings().level != level {
        press(&mut app, b'c');
    }
    press(&mut app, b'1');
    assert!(app.variant() == Variant::Mist);
    assert!(app.opponent() == Opponent::Computer(Stone::White));
    app
}

/// The person's stone, then (if the game goes on) the computer's reply.
fn person_then_computer(app: &mut App, point: Point) {
    let before = app.game().move_count();
    click(app, point);
    assert_eq!(
        app.game().move_count(),
        before + 1,
        "{} was not played",
        go_name(point.col, point.row)
    );
    if app.computer_to_move() {
        app.computer_move();
        assert_eq!(
            app.game().move_count(),
            before + 2,
            "the computer did not move"
        );
    }
}

fn knowledge(app: &App) -> String {
    board_text(app.computer_knowledge())
}

/// Whether the computer's knowledge is true: every stone it believes in is on
/// the board, every stone of its own is known.
fn knowledge_is_true(app: &App) -> Result<(), String> {
    let known = app.computer_knowledge();
    let board = app.game().board();
    for p in common::all_points(19) {
        if let Some(stone) = known.get(p)
            && board.get(p) != Some(stone)
        {
            return Err(format!(
                "it believes in a stone on {}",
                go_name(p.col, p.row)
            ));
        }
        if board.get(p) == Some(Stone::White) && known.get(p) != Some(Stone::White) {
            return Err(format!("it forgot its own {}", go_name(p.col, p.row)));
        }
    }
    Ok(())
}

fn level_name(level: Level) -> &'static str {
    match level {
        Level::Classic => "Classic",
        Level::Cha => "Cha",
        Level::Strong => "Strong",
    }
}

fn move_list(game: &Game) -> String {
    let names: Vec<String> = game.moves().iter().map(|p| go_name(p.col, p.row)).collect();
    format!(
        "{} ({})",
        names.join(" "),
        common::outcome_text(game.outcome())
    )
}

fn in_hole_of(centre: (u8, u8), p: Point) -> bool {
    (p.col as i32 - centre.0 as i32).abs() <= 3 && (p.row as i32 - centre.1 as i32).abs() <= 3
}

/// Pairs of points after either of which the hole is in the same place, both
/// outside that hole. The formula's X depends on X only, and X1, X2 give the
/// same X exactly when (X1 - X2)(5(X1 + X2) + 3) = 0 mod 19, that is X1 + X2 = 7
/// mod 19 (5 * 4 = 1 mod 19, so X1 + X2 = -3 * 4 = -12 = 7); the same for Y
/// with Y1 + Y2 = 9 mod 19 (4 * 5 = 1, -2 * 5 = -10 = 9).
fn same_hole_pairs() -> Vec<(Point, Point)> {
    let partner = |v: u8, sum: i32| -> u8 {
        // 1-based v, partner w with v + w = sum mod 19, w in 1..=19.
        let w = (sum - v as i32).rem_euclid(19);
        if w == 0 { 19 } else { w as u8 }
    };
    let mut pairs = Vec::new();
    for p in common::all_points(19) {
        let (x, y) = (p.col + 1, p.row + 1);
        for (qx, qy) in [
            (partner(x, 7), y),
            (x, partner(y, 9)),
            (partner(x, 7), partner(y, 9)),
        ] {
            let q = Point::new(qx - 1, qy - 1);
            if q == p || (q.row, q.col) < (p.row, p.col) {
                continue;
            }
            let centre = mist_formula(p.col, p.row);
            assert_eq!(centre, mist_formula(q.col, q.row), "the pair's holes");
            if !in_hole_of(centre, p) && !in_hole_of(centre, q) && !pairs.contains(&(p, q)) {
                pairs.push((p, q));
            }
        }
    }
    pairs
}

#[test]
fn the_same_hole_pairs_are_many_and_right() {
    let pairs = same_hole_pairs();
    assert!(pairs.len() > 100, "{}", pairs.len());
    // By hand: S19 (19, 19) and S9 (19, 9): 9 + 19 = 28 = 9 mod 19. Both move
    // the hole to E16, which shows neither.
    assert!(pairs.contains(&(go_point("S9"), go_point("S19"))));
    let s19 = go_point("S19");
    let centre = mist_formula(s19.col, s19.row);
    assert_eq!(go_name(centre.0, centre.1), "E16");
    // And G19 (7, 19) goes with S19 as well, but E16's hole shows it.
    let g19 = go_point("G19");
    assert_eq!(mist_formula(g19.col, g19.row), centre);
    assert!(
        !pairs
            .iter()
            .any(|&(p, q)| (p, q) == (g19, s19) || (p, q) == (s19, g19))
    );
}

/// The person's stones after the first: spread over the middle.
const PERSON_MOVES: [&str; 14] = [
    "K10", "L11", "J9", "M12", "H8", "K12", "L9", "G10", "N11", "J12", "H11", "F7", "K7", "L13",
];

/// Two games against the computer (same seed, same level) whose first stones
/// are `first_a` and `first_b`, then the same stones (skipping points taken in
/// either): returns both and how many stones the person played.
fn twin_games(seed: u16, level: Level, first_a: Point, first_b: Point) -> (App, App, usize) {
    let mut a = mist_against_the_computer(seed, level);
    let mut b = mist_against_the_computer(seed, level);
    person_then_computer(&mut a, first_a);
    person_then_computer(&mut b, first_b);
    let mut played = 1;
    for m in PERSON_MOVES.map(go_point) {
        if a.game().is_over() || b.game().is_over() {
            break;
        }
        let free = |app: &App| app.game().board().get(m).is_none();
        if m == first_a || m == first_b || !free(&a) || !free(&b) {
            continue;
        }
        person_then_computer(&mut a, m);
        person_then_computer(&mut b, m);
        played += 1;
    }
    (a, b, played)
}

#[test]
fn two_games_that_differ_only_in_a_hidden_stone_get_the_same_moves() {
    // The person's first stone is one or the other of a pair that moves the
    // hole to the same place; when neither game ever shows it to the computer
    // (its knowledge says so at the end), the computer must play the same moves.
    let pairs = same_hole_pairs();
    for level in LEVELS {
        let mut compared = 0;
        // Two seeds a pair: the stronger the computer, the more often it finds
        // the hidden stone, and the fewer pairs stay fair to compare.
        for (i, &(p, q)) in pairs.iter().enumerate() {
            for seed in [17 + i as u16, 517 + i as u16] {
                let (a, b, played) = twin_games(seed, level, p, q);
                let seen_a = a.computer_knowledge().get(p).is_some();
                let seen_b = b.computer_knowledge().get(q).is_some();
                if seen_a || seen_b {
                    continue; // the hole or the computer found one: not a fair pair
                }
                let person_won = |app: &App| {
                    matches!(
                        app.game().outcome(),
                        Outcome::Won {
                            winner: Stone::Black,
                            ..
                        }
                    )
                };
                if person_won(&a) || person_won(&b) {
                    continue; // the differing stone may be part of the person's five
                }
                let label = format!(
                    "{} seed {seed}, {} or {}",
                    level_name(level),
                    go_name(p.col, p.row),
                    go_name(q.col, q.row)
                );
                assert!(played >= 4, "{label}: only {played} moves");
                assert!(
                    a.game().moves()[1..] == b.game().moves()[1..],
                    "{label}: the computer's moves differ:\n{}\n{}",
                    move_list(a.game()),
                    move_list(b.game())
                );
                assert_eq!(knowledge(&a), knowledge(&b), "{label}");
                knowledge_is_true(&a).unwrap();
                knowledge_is_true(&b).unwrap();
                compared += 1;
            }
        }
        assert!(
            compared >= 20,
            "{}: only {compared} pairs stayed hidden",
            level_name(level)
        );
    }
}

#[test]
fn a_visible_difference_does_change_the_computers_knowledge() {
    // The control: a stone of the person's that the hole after it shows is
    // known to the computer at once. M3 moves the hole to O1, which spans
    // L..R and rows 1..4: M3 is in it.
    let mut a = mist_against_the_computer(5, Level::Classic);
    click(&mut a, go_point("M3"));
    let centre = a.hole_centre();
    assert_eq!(go_name(centre.col, centre.row), "O1");
    assert!(a.computer_knowledge().get(go_point("M3")) == Some(Stone::Black));
}

/// The points the computer learned of by hitting them: Black stones it knows
/// now but did not know `before`, outside the hole it looks through now.
fn hits(before: &piskrs::rules::board::Board, app: &App) -> Vec<Point> {
    let c = app.hole_centre();
    common::all_points(19)
        .into_iter()
        .filter(|&p| {
            before.get(p).is_none()
                && app.computer_knowledge().get(p) == Some(Stone::Black)
                && !in_hole_of((c.col, c.row), p)
        })
        .collect()
}

#[test]
fn a_hidden_stone_the_computer_tries_is_learned_and_it_plays_elsewhere() {
    // The levels play on the likely board, where every candidate of a hidden
    // stone counts as a stone (src/ai/mist_reading.rs), so the computer
    // tries a hidden stone only to block a line it reads (a probe, which
    // costs nothing when the stone is there). Each it tries is a real stone
    // of the person's, learned, and the computer plays elsewhere. The
    // person plays straight lines (whose stones it reads four ways).
    let candidates = [
        "J11", "J12", "J13", "J14", "J15", "E5", "F6", "G7", "H8", "J9", "O4", "O5", "O6", "O7",
        "O8", "C12", "D12", "E12", "F12", "G12",
    ];
    let mut cases = 0;
    for level in LEVELS {
        for seed in [1, 4242, 31337, 555, 9] {
            let mut app = mist_against_the_computer(seed, level);
            for m in candidates.map(go_point) {
                if app.game().is_over() {
                    break;
                }
                if app.game().board().get(m).is_some() {
                    continue;
                }
                click(&mut app, m);
                if !app.computer_to_move() {
                    break; // the person won
                }
                let known = app.computer_knowledge().clone();
                let count = app.game().move_count();
                app.computer_move();
                assert_eq!(app.game().move_count(), count + 1, "it moved");
                let c = app.game().last_move().unwrap();
                assert!(app.game().board().get(c) == Some(Stone::White));
                for h in hits(&known, &app) {
                    assert!(app.game().board().get(h) == Some(Stone::Black));
                    assert!(h != c);
                    cases += 1;
                }
                knowledge_is_true(&app).unwrap();
            }
        }
    }
    assert!(cases >= 2, "only {cases} hidden stones tried");
}

#[test]
fn the_computers_knowledge_is_true_and_covers_its_stones_and_the_hole() {
    for level in LEVELS {
        let mut total = 0;
        for seed in [99, 1234, 50000] {
            let mut app = mist_against_the_computer(seed, level);
            for m in common::all_points(19).into_iter().step_by(7) {
                if app.game().is_over() {
                    break;
                }
                if app.game().board().get(m).is_some() {
                    continue;
                }
                person_then_computer(&mut app, m);
                total += 1;
                knowledge_is_true(&app).unwrap();
                let c = app.hole_centre();
                for p in common::all_points(19) {
                    if in_hole_of((c.col, c.row), p) {
                        assert!(
                            app.computer_knowledge().get(p) == app.game().board().get(p),
                            "{}: it does not see {} in the hole",
                            level_name(level),
                            go_name(p.col, p.row)
                        );
                    }
                }
            }
        }
        assert!(total >= 15, "{}: {total} turns", level_name(level));
    }
}
