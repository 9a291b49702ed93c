//! Swap2 openings in the arena (`--openings swap2`, tools/src/arena/swap2.rs):
//! the first player (A in the even games) places three stones, the second
//! takes a colour or places two more, the first then chooses; levels answer
//! as the brain does, brains are asked with SWAP2BOARD. A scripted brain
//! (tests/brains/scripted.sh) gives set answers, pbrain-piskrs real ones.

use piskrs::rules::WinRule;
use piskrs::rules::coord::Point;
use piskrs_tools::arena::{
    Contestant, ExternalBrain, GameRecord, MatchSettings, Openings, TimeControl, Winner, describe,
    play_game,
};
use piskrs_tools::player::Player;

fn swap2_match(a: Contestant, b: Contestant, renju: bool) -> MatchSettings {
    MatchSettings {
        a,
        b,
        games: 4,
        side: 15,
        rule: WinRule::FiveOrMore,
        renju,
        seed: 1,
        openings: Openings::Swap2,
        time: TimeControl::default(),
    }
}

fn brain(program: &str, args: &[&str]) -> Contestant {
    Contestant::Brain(ExternalBrain {
        program: program.to_string(),
        args: args.iter().map(|a| a.to_string()).collect(),
        infos: Vec::new(),
    })
}

fn scripted(answers: &[&str]) -> Contestant {
    let program = format!("{}/tests/brains/scripted.sh", env!("CARGO_MANIFEST_DIR"));
    brain(&program, answers)
}

/// `x,y` on the wire (y from the top) as a point of 15x15.
fn point(x: u8, y: u8) -> Point {
    Point::new(x, 14 - y)
}

/// Checks that the record's opening agrees with its choices: 3 stones and a
/// colour taken, or 5 and a choice, the first player alternating by game.
fn check_choices(record: &GameRecord, text: &str) {
    let first = if record.index.is_multiple_of(2) {
        "A"
    } else {
        "B"
    };
    let second = if first == "A" { "B" } else { "A" };
    let choices: Vec<&str> = record.choices.split(", ").collect();
    assert_eq!(choices[0], format!("{first}: 3 stones"), "{text}");
    let (black, stones) = match choices[1..] {
        [c] if c == format!("{second}: SWAP") => (second, 3),
        [c] if c == format!("{second}: White") => (first, 4),
        [c, d] if c == format!("{second}: 2 stones") && d == format!("{first}: SWAP") => (first, 5),
        [c, d] if c == format!("{second}: 2 stones") && d == format!("{first}: White") => {
            (second, 6)
        }
        _ => panic!("choices: {text}"),
    };
    assert_eq!(record.opening_stones.len(), stones, "{text}");
    assert_eq!(record.a_black, black == "A", "{text}");
}

#[test]
fn levels_choose_swap2_openings_and_play_them() {
    for renju in [false, true] {
        let settings = swap2_match(Player::CLASSIC.into(), Player::strong(100).into(), renju);
        for index in 0..4 {
            let record = play_game(&settings, index);
            let text = describe(&settings, &record);
            assert!(record.illegal.is_none(), "{text}");
            assert!(
                record.winner != Winner::Draw || record.stones == 225,
                "{text}"
            );
            check_choices(&record, &text);
        }
    }
}

#[test]
fn the_brain_answers_swap2board_in_the_arena() {
    let pbrain = brain(env!("CARGO_BIN_EXE_pbrain-piskrs"), &["--level", "classic"]);
    let settings = swap2_match(pbrain, Player::CHA.into(), true);
    for index in 0..2 {
        let record = play_game(&settings, index);
        let text = describe(&settings, &record);
        assert!(record.illegal.is_none(), "{text}");
        check_choices(&record, &text);
    }
}

#[test]
fn scripted_answers_are_followed() {
    // A first: its three stones, then Classic chooses.
    let settings = swap2_match(scripted(&["7,7 8,8 9,9"]), Player::CLASSIC.into(), false);
    let record = play_game(&settings, 0);
    let text = describe(&settings, &record);
    assert!(
        record.opening_stones[..3] == [point(7, 7), point(8, 8), point(9, 9)],
        "{text}"
    );
    check_choices(&record, &text);
    // A second, taking Black: Classic (first) then plays White's fourth.
    let settings = swap2_match(scripted(&["SWAP"]), Player::CLASSIC.into(), false);
    let record = play_game(&settings, 1);
    let text = describe(&settings, &record);
    assert!(record.a_black && record.opening_stones.len() == 3, "{text}");
    assert!(record.choices.ends_with("A: SWAP"), "{text}");
    assert!(!record.moves.is_empty(), "White played the fourth: {text}");
    // A second, placing two: Classic (first) chooses.
    let settings = swap2_match(scripted(&["0,0 14,14"]), Player::CLASSIC.into(), false);
    let record = play_game(&settings, 1);
    let text = describe(&settings, &record);
    assert!(
        record.opening_stones[3..5] == [point(0, 0), point(14, 14)],
        "{text}"
    );
    check_choices(&record, &text);
}

#[test]
fn a_wrong_swap2_answer_loses() {
    // One stone on an empty board, SWAP on an empty board, three after
    // three, and a taken point: each loses at once.
    for (index, answer) in [
        (0, "7,7"),
        (0, "SWAP"),
        (1, "1,1 2,2 3,3"),
        (0, "7,7 7,7 8,8"),
    ] {
        let settings = swap2_match(scripted(&[answer]), Player::CLASSIC.into(), false);
        let record = play_game(&settings, index);
        let text = describe(&settings, &record);
        let illegal = record.illegal.as_ref().expect("a loss");
        assert!(
            illegal.by_a && record.winner == Winner::B,
            "{answer}: {text}"
        );
        assert!(
            text.contains("its Swap2 answer was wrong"),
            "{answer}: {text}"
        );
    }
}
