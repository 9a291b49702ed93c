//! The arena under Renju (`--rule renju`, `MatchSettings::renju`): a point
//! forbidden for Black loses the game, Black's five wins though it makes a
//! forbidden shape too, Black's overline loses and White's wins. A scripted
//! brain (tests/brains/scripted.sh) plays the one move each test is about,
//! from an opening that sets it up; the same move under five or more is
//! played.

use piskrs::rules::WinRule;
use piskrs::rules::coord::Point;
use piskrs_tools::arena::{
    Contestant, ExternalBrain, GameRecord, MatchSettings, Openings, TimeControl, Winner, describe,
    play_game,
};
use piskrs_tools::player::Player;

/// A match of the scripted brain playing `moves` (x,y) against Classic on
/// 15x15 from `opening` (steps from the centre, Black first).
fn scripted(opening: &'static [&'static [(i8, i8)]], moves: &[&str], renju: bool) -> MatchSettings {
    MatchSettings {
        a: Contestant::Brain(ExternalBrain {
            program: format!("{}/tests/brains/scripted.sh", env!("CARGO_MANIFEST_DIR")),
            args: moves.iter().map(|m| m.to_string()).collect(),
            infos: Vec::new(),
        }),
        b: Player::CLASSIC.into(),
        games: 2,
        side: 15,
        rule: WinRule::FiveOrMore,
        renju,
        seed: 1,
        openings: Openings::Fixed(opening),
        time: TimeControl::default(),
    }
}

/// Game `index` of the match (0: the script is Black; 1: White).
fn game(settings: &MatchSettings, index: u32) -> (GameRecord, String) {
    let record = play_game(settings, index);
    let text = describe(settings, &record);
    (record, text)
}

/// The point `(dc, dr)` from the centre of 15x15.
fn at(dc: i8, dr: i8) -> Point {
    Point::new((7 + dc) as u8, (7 + dr) as u8)
}

/// White's stones far from the play, to fill the opening's turns.
const FAR: [(i8, i8); 9] = [
    (-7, -7),
    (-5, -7),
    (-3, -7),
    (3, -7),
    (5, -7),
    (7, -7),
    (-7, 7),
    (7, 7),
    (-7, 5),
];

/// Black's two open twos meeting at the centre, White far: the centre is a
/// double three.
const DOUBLE_THREE: [&[(i8, i8)]; 1] = [&[
    (-2, 0),
    FAR[0],
    (-1, 0),
    FAR[1],
    (0, -2),
    FAR[2],
    (0, -1),
    FAR[3],
]];

#[test]
fn a_double_three_by_black_loses_under_renju() {
    let (record, text) = game(&scripted(&DOUBLE_THREE, &["7,7"], true), 0);
    let illegal = record.illegal.as_ref().expect("the move lost");
    assert!(illegal.by_a && illegal.point == Some(at(0, 0)), "{text}");
    assert!(record.winner == Winner::B, "{text}");
    assert!(
        text.contains("forbidden for Black under Renju (a double three)"),
        "{text}"
    );
    // Five or more: the move is played.
    let (record, text) = game(&scripted(&DOUBLE_THREE, &["7,7"], false), 0);
    assert!(
        record.moves.first().map(|m| m.0) == Some(at(0, 0)),
        "{text}"
    );
}

/// Black's X X . X X X across the centre's row, White far; Black to move.
const BLACK_SIX: [&[(i8, i8)]; 1] = [&[
    (-3, 0),
    FAR[0],
    (-2, 0),
    FAR[1],
    (0, 0),
    FAR[2],
    (1, 0),
    FAR[3],
    (2, 0),
    FAR[4],
]];

#[test]
fn an_overline_by_black_loses_under_renju_and_wins_under_five_or_more() {
    let (record, text) = game(&scripted(&BLACK_SIX, &["6,7"], true), 0);
    let illegal = record.illegal.as_ref().expect("the move lost");
    assert!(illegal.point == Some(at(-1, 0)), "{text}");
    assert!(record.winner == Winner::B, "{text}");
    assert!(text.contains("(an overline)"), "{text}");
    let (record, text) = game(&scripted(&BLACK_SIX, &["6,7"], false), 0);
    assert!(
        record.illegal.is_none() && record.winner == Winner::A,
        "{text}"
    );
}

/// White's O O . O O O across the centre's row, Black far; White to move.
const WHITE_SIX: [&[(i8, i8)]; 1] = [&[
    FAR[0],
    (-3, 0),
    FAR[1],
    (-2, 0),
    FAR[2],
    (0, 0),
    FAR[3],
    (1, 0),
    FAR[4],
    (2, 0),
    FAR[5],
]];

#[test]
fn an_overline_by_white_wins_under_renju() {
    // Game 1: the script (A) is White.
    let (record, text) = game(&scripted(&WHITE_SIX, &["6,7"], true), 1);
    assert!(!record.a_black, "{text}");
    assert!(
        record.illegal.is_none() && record.winner == Winner::A,
        "{text}"
    );
    assert_eq!(record.stones, 12, "{text}");
}

/// Black's X X . X X across the centre's row and X X X . X X up its column:
/// the centre makes five across and six up.
const FIVE_AND_SIX: [&[(i8, i8)]; 1] = [&[
    (-2, 0),
    FAR[0],
    (-1, 0),
    FAR[1],
    (1, 0),
    FAR[2],
    (2, 0),
    FAR[3],
    (0, 1),
    FAR[4],
    (0, 2),
    FAR[5],
    (0, 3),
    FAR[6],
    (0, -1),
    FAR[7],
    (0, -2),
    FAR[8],
]];

#[test]
fn black_s_five_wins_under_renju_though_it_makes_an_overline_too() {
    let (record, text) = game(&scripted(&FIVE_AND_SIX, &["7,7"], true), 0);
    assert!(
        record.illegal.is_none() && record.winner == Winner::A,
        "{text}"
    );
    // With the column alone the centre makes six and no five: it loses.
    const SIX_ONLY: [&[(i8, i8)]; 1] = [&[
        (0, 1),
        FAR[0],
        (0, 2),
        FAR[1],
        (0, 3),
        FAR[2],
        (0, -1),
        FAR[3],
        (0, -2),
        FAR[4],
    ]];
    let (record, text) = game(&scripted(&SIX_ONLY, &["7,7"], true), 0);
    assert!(
        record.winner == Winner::B && record.illegal.is_some(),
        "{text}"
    );
}

#[test]
fn the_binaries_take_rule_renju() {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_arena"))
        .args([
            "--a", "classic", "--b", "cha", "--games", "2", "--size", "15",
        ])
        .args(["--rule", "renju", "--openings", "random"])
        .output()
        .expect("arena runs");
    assert!(output.status.success());
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.starts_with("arena: A = classic, B = cha; 15x15 renju; 2 games; seed 1\n"),
        "{text}"
    );
    assert!(!text.contains("illegal"), "{text}");
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_tournament"))
        .args([
            "--rule",
            "renju",
            "--format",
            "round-robin",
            "classic",
            "cha",
        ])
        .output()
        .expect("tournament runs");
    assert!(output.status.success());
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.lines().next().unwrap_or("").contains("15x15 renju"),
        "{text}"
    );
}
