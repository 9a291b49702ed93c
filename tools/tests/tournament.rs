//! The tournament manager (tools/src/tournament/, the `tournament` binary):
//! the pairings of each format, the tie-breaks and tables on made-up
//! results, the .psq records, and whole tournaments of fast entrants.

use std::collections::HashMap;
use std::process::Command;
use std::time::Duration;

use piskrs::rules::coord::Point;
use piskrs::rules::psq;
use piskrs_tools::tournament::{
    BYE_HALF_POINTS, Played, Results, Round, TieBreak, double_round_robin, psq_text, round_robin,
    swiss_round,
};

const TOURNAMENT: &str = env!("CARGO_BIN_EXE_tournament");

/// The brain that plays a random free point (tests/brains/random.sh) with
/// its seed: as Black it opens at 8,13 with seed 1 (on Outer-Open's band)
/// and at 8,2 with seed 2 (off it).
fn random_brain(seed: u32) -> String {
    format!(
        "brain:{}/tests/brains/random.sh {seed}",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// How many times each unordered pair met, and each entrant's Blacks less Whites.
fn meetings(rounds: &[Round]) -> (HashMap<(usize, usize), u32>, HashMap<usize, i32>) {
    let mut pairs = HashMap::new();
    let mut colours = HashMap::new();
    for round in rounds {
        for game in &round.games {
            let key = (game.black.min(game.white), game.black.max(game.white));
            *pairs.entry(key).or_insert(0) += 1;
            *colours.entry(game.black).or_insert(0) += 1;
            *colours.entry(game.white).or_insert(0) -= 1;
        }
    }
    (pairs, colours)
}

/// Each entrant plays at most once a round, and the bye is not among them.
fn assert_rounds_are_well_formed(rounds: &[Round], entrants: usize) {
    for (r, round) in rounds.iter().enumerate() {
        let mut seen = vec![false; entrants];
        for game in &round.games {
            for e in [game.black, game.white] {
                assert!(e < entrants && !seen[e], "round {r}: {round:?}");
                seen[e] = true;
            }
        }
        if let Some(bye) = round.bye {
            assert!(!seen[bye], "round {r}: {round:?}");
            seen[bye] = true;
        }
        assert!(
            seen.iter().all(|&s| s),
            "round {r}: someone left out: {round:?}"
        );
    }
}

#[test]
fn an_all_play_all_pairs_everyone_once_with_balanced_colours() {
    for entrants in 2..=13 {
        let rounds = round_robin(entrants);
        assert_eq!(
            rounds.len(),
            entrants - 1 + entrants % 2,
            "{entrants} entrants"
        );
        assert_rounds_are_well_formed(&rounds, entrants);
        let (pairs, colours) = meetings(&rounds);
        assert_eq!(pairs.len(), entrants * (entrants - 1) / 2);
        assert!(pairs.values().all(|&n| n == 1), "{entrants}: {pairs:?}");
        for e in 0..entrants {
            let balance = colours.get(&e).copied().unwrap_or(0);
            assert!(balance.abs() <= 1, "{entrants} entrants: {e} has {balance}");
        }
        // An odd field: each entrant rests once.
        let mut rests = vec![0; entrants];
        for round in &rounds {
            if let Some(bye) = round.bye {
                rests[bye] += 1;
            }
        }
        let expected = entrants % 2;
        assert!(
            rests.iter().all(|&n| n == expected),
            "{entrants}: {rests:?}"
        );
    }
}

#[test]
fn a_double_all_play_all_pairs_everyone_twice_with_the_colours_exchanged() {
    for entrants in 2..=7 {
        let rounds = double_round_robin(entrants);
        assert_rounds_are_well_formed(&rounds, entrants);
        let mut coloured: HashMap<(usize, usize), u32> = HashMap::new();
        for game in rounds.iter().flat_map(|r| &r.games) {
            *coloured.entry((game.black, game.white)).or_insert(0) += 1;
        }
        // Every ordered pair once: each pair met twice, once each way round.
        assert_eq!(coloured.len(), entrants * (entrants - 1), "{entrants}");
        assert!(
            coloured.values().all(|&n| n == 1),
            "{entrants}: {coloured:?}"
        );
        let (_, colours) = meetings(&rounds);
        assert!(colours.values().all(|&b| b == 0), "{entrants}: {colours:?}");
    }
}

/// Plays a Swiss of `entrants` over `rounds` on made-up results (`winner`
/// of a game between two entrants: Some(true) Black wins, None a draw),
/// returning the rounds and the results.
fn swiss(
    entrants: usize,
    rounds: u32,
    winner: &dyn Fn(u32, usize, usize) -> Option<bool>,
) -> (Vec<Round>, Results) {
    let mut results = Results::new(entrants);
    let mut played = Vec::new();
    for r in 0..rounds {
        let round = swiss_round(&results, r);
        if let Some(bye) = round.bye {
            // The bye goes to the lowest scorer among those without one.
            let lowest = (0..entrants)
                .filter(|&e| !results.had_bye(e))
                .map(|e| results.half_points(e))
                .min();
            if lowest.is_some() {
                assert!(
                    !results.had_bye(bye),
                    "{entrants} entrants, round {r}: a second bye for {bye}"
                );
                assert_eq!(Some(results.half_points(bye)), lowest, "round {r}");
            }
            results.add_bye(r, bye);
        }
        for game in &round.games {
            let black_half = match winner(r, game.black, game.white) {
                Some(true) => 2,
                Some(false) => 0,
                None => 1,
            };
            results.add_game(Played {
                round: r,
                black: game.black,
                white: game.white,
                black_half,
            });
        }
        played.push(round);
    }
    (played, results)
}

#[test]
fn a_swiss_never_repeats_a_pair_and_keeps_the_colours_within_two() {
    // Made-up results of three kinds: the lower number wins; Black wins;
    // a mix with draws drawn from the round and the pair.
    let kinds: [&dyn Fn(u32, usize, usize) -> Option<bool>; 3] = [
        &|_, b, w| Some(b < w),
        &|_, _, _| Some(true),
        &|r, b, w| match (r as usize * 7 + b * 3 + w * 5) % 3 {
            0 => None,
            1 => Some(true),
            _ => Some(false),
        },
    ];
    // Up to 11 rounds (seeds/001's), and at most one fewer than an
    // all-play-all's: in a Swiss's last such round, the pairs already
    // played can leave no pairing without a repeat or a second bye (nine
    // entrants, eight rounds, the lower number winning: the eighth round
    // gives a second bye to keep the pairs new).
    for entrants in (4..=24).chain([31]) {
        let rounds = 11.min(entrants as u32 - 2);
        for (k, winner) in kinds.iter().enumerate() {
            let (played, results) = swiss(entrants, rounds, winner);
            assert_rounds_are_well_formed(&played, entrants);
            let (pairs, colours) = meetings(&played);
            let repeats: Vec<_> = pairs.iter().filter(|&(_, &n)| n > 1).collect();
            assert!(
                repeats.is_empty(),
                "{entrants} entrants, kind {k}: {repeats:?}"
            );
            for e in 0..entrants {
                let balance = colours.get(&e).copied().unwrap_or(0);
                assert!(
                    balance.abs() <= 2,
                    "{entrants}, kind {k}: {e} has {balance}"
                );
            }
            // Games and byes add up to the points.
            let total: u32 = (0..entrants).map(|e| results.half_points(e)).sum();
            let byes = played.iter().filter(|r| r.bye.is_some()).count() as u32;
            let games = played.iter().map(|r| r.games.len() as u32).sum::<u32>();
            assert_eq!(total, 2 * games + BYE_HALF_POINTS * byes);
        }
    }
}

#[test]
fn a_swiss_pairs_by_score_and_repeats_only_when_it_must() {
    // Eight entrants, the lower number winning: after round 1 the four
    // winners meet each other, and so do the four losers.
    let (_, results) = swiss(8, 1, &|_, b, w| Some(b < w));
    let second = swiss_round(&results, 1);
    assert_eq!(second.games.len(), 4);
    for game in &second.games {
        assert_eq!(
            results.half_points(game.black),
            results.half_points(game.white),
            "round 2 pairs by score: {second:?}"
        );
    }
    // Four entrants, five rounds: after three every pair has met, and the
    // rounds after that are still played in full.
    let (played, _) = swiss(4, 5, &|_, b, w| Some(b < w));
    assert_rounds_are_well_formed(&played, 4);
    let (pairs, _) = meetings(&played[..3]);
    assert!(pairs.values().all(|&n| n == 1) && pairs.len() == 6);
    assert!(played[3..].iter().all(|r| r.games.len() == 2));
    // Three entrants, three rounds: each sits out once.
    let (played, _) = swiss(3, 3, &|_, b, w| Some(b < w));
    let mut byes: Vec<usize> = played.iter().filter_map(|r| r.bye).collect();
    byes.sort();
    assert_eq!(byes, [0, 1, 2]);
}

fn game(round: u32, black: usize, white: usize, black_half: u32) -> Played {
    Played {
        round,
        black,
        white,
        black_half,
    }
}

#[test]
fn sonneborn_berger_breaks_ties_and_the_crosstable_shows_each_game() {
    // Four entrants, a single all-play-all: A beats B, draws C, loses to D;
    // B beats C and D; C beats D. Points: A 1.5, B 2, C 1.5, D 1.
    // SB: A = 2 (B) + 1.5/2 (C) = 2.75; C = 1.5/2 (A) + 1 (D) = 1.75.
    let mut results = Results::new(4);
    for played in [
        game(0, 0, 1, 2),
        game(0, 2, 3, 2),
        game(1, 2, 0, 1),
        game(1, 1, 3, 2),
        game(2, 3, 0, 2),
        game(2, 1, 2, 2),
    ] {
        results.add_game(played);
    }
    assert_eq!(results.tie_break(0, TieBreak::SonnebornBerger), 11);
    assert_eq!(results.tie_break(2, TieBreak::SonnebornBerger), 7);
    let standings = "1. B 2\n2. A 1.5\n3. C 1.5\n4. D 1\n";
    let crosstable = "\
#  name  1  2  3  4  points        SB
1  B     *  0  1  1       2       2.5
2  A     1  *  =  0     1.5      2.75
3  C     0  =  *  1     1.5      1.75
4  D     0  1  0  *       1       1.5
";
    assert_tables(
        &results,
        TieBreak::SonnebornBerger,
        3,
        standings,
        crosstable,
    );
}

/// The standings and crosstable of `results` among entrants named A, B, C...
fn assert_tables(
    results: &Results,
    rule: TieBreak,
    rounds: u32,
    standings: &str,
    crosstable: &str,
) {
    let names: Vec<String> = (0..results.entrants())
        .map(|e| char::from(b'A' + e as u8).to_string())
        .collect();
    assert_eq!(results.standings_text(&names, rule), standings);
    assert_eq!(results.crosstable(&names, rule, rounds), crosstable);
}

#[test]
fn buchholz_breaks_ties_in_a_swiss_and_a_bye_scores_a_win() {
    // Three entrants, two rounds. Round 1: A beats B, C has the bye.
    // Round 2: C (Black) draws A, B has the bye.
    let mut results = Results::new(3);
    results.add_game(game(0, 0, 1, 2));
    results.add_bye(0, 2);
    results.add_game(game(1, 2, 0, 1));
    results.add_bye(1, 1);
    // A 1.5, B 1 (the bye), C 1.5; Buchholz: A = 1 + 1.5, C = 1.5.
    assert_eq!(results.half_points(1), 2);
    assert_eq!(results.tie_break(0, TieBreak::Buchholz), 10);
    assert_eq!(results.tie_break(2, TieBreak::Buchholz), 6);
    let standings = "1. A 1.5\n2. C 1.5\n3. B 1\n";
    let crosstable = "\
#  name   R1   R2  points  Buchholz
1  A     b3+  w2=     1.5       2.5
2  C     bye  b1=     1.5       1.5
3  B     w1-  bye       1       1.5
";
    assert_tables(&results, TieBreak::Buchholz, 2, standings, crosstable);
}

#[test]
fn a_game_record_keeps_each_move_and_its_time_and_reads_back() {
    let opening = [Point::new(7, 7)];
    let moves = [
        (Point::new(8, 7), Duration::from_millis(153)),
        (Point::new(0, 14), Duration::from_millis(2)),
    ];
    let text = psq_text(15, &opening, &moves, ["strong:470", "brain:x"], "0-1");
    let lines: Vec<&str> = text.split("\r\n").collect();
    assert_eq!(
        lines[..7],
        [
            "Piskvorky 15x15, 11:11, 0",
            "8,8,0",
            "9,8,153",
            "1,1,2",
            "-1",
            "Black: strong:470",
            "White: brain:x"
        ]
    );
    let record = psq::read(text.as_bytes(), 15)
        .ok()
        .expect("the core reads it");
    assert!(record.moves() == [opening[0], moves[0].0, moves[1].0]);
}

/// Runs the binary; its stdout, or a panic with its stderr.
fn run_tournament(args: &[&str]) -> String {
    let output = Command::new(TOURNAMENT)
        .args(args)
        .output()
        .expect("the tournament binary runs");
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        output.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    stdout
}

/// The progress lines of a run: (black, white, result, the rest).
fn games_of(stdout: &str) -> Vec<(String, String, String, String)> {
    stdout
        .lines()
        .filter(|l| l.starts_with("round ") && l.contains(" (Black) v "))
        .map(|line| {
            let (_, rest) = line.split_once(": ").expect("round R game G: ...");
            let (black, rest) = rest.split_once(" (Black) v ").expect("black");
            let (white, rest) = rest.split_once(" (White): ").expect("white");
            let (result, rest) = rest.split_once(' ').expect("result");
            (black.into(), white.into(), result.into(), rest.into())
        })
        .collect()
}

#[test]
fn a_double_all_play_all_under_outer_open_on_a_minute_clock() {
    let out = std::env::temp_dir().join(format!("piskrs-tournament-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    let (off_band, on_band) = (random_brain(2), random_brain(1));
    let stdout = run_tournament(&[
        "--rule",
        "outer-open",
        "--match-ms",
        "60000",
        "--out",
        out.to_str().expect("a path"),
        "classic",
        "strong:30",
        &off_band,
        &on_band,
    ]);
    assert!(
        stdout
            .starts_with("tournament: 4 entrants, double all-play-all, 6 rounds; 15x15 Outer-Open"),
        "{stdout}"
    );
    let games = games_of(&stdout);
    assert_eq!(games.len(), 12, "{stdout}");
    let names = [
        "classic",
        "strong:30",
        "brain:random.sh 2",
        "brain:random.sh 1",
    ];
    let mut colours: HashMap<(String, String), u32> = HashMap::new();
    for (black, white, result, rest) in &games {
        *colours.entry((black.clone(), white.clone())).or_insert(0) += 1;
        let illegal_opening = rest.contains("where the opening rule forbids it");
        // The brain that opens off the band loses every game it opens, on
        // its first stone; no one else ever plays an illegal move.
        if black == names[2] {
            assert!(
                illegal_opening && result == "0-1",
                "{black} v {white}: {rest}"
            );
            assert!(rest.starts_with("in 0 stones"), "{rest}");
        } else {
            assert!(!rest.contains("illegal"), "{black} v {white}: {rest}");
        }
        assert!(!rest.contains("on time"), "{black} v {white}: {rest}");
    }
    // Each pair twice, colours exchanged.
    assert_eq!(colours.len(), 12);
    for (i, a) in names.iter().enumerate() {
        for b in &names[i + 1..] {
            assert_eq!(colours.get(&(a.to_string(), b.to_string())), Some(&1));
            assert_eq!(colours.get(&(b.to_string(), a.to_string())), Some(&1));
        }
    }
    // The crosstable, then the standings: a line each, RANK. NAME POINTS,
    // the points adding up to the games.
    let (_, tables) = stdout
        .split_once("\n\n")
        .expect("the tables after the games");
    assert!(tables.starts_with("#  name"), "{tables}");
    let standings: Vec<&str> = stdout.lines().rev().take(4).collect();
    let mut total = 0.0;
    for line in &standings {
        let (rank, rest) = line.split_once(". ").expect("RANK. NAME POINTS");
        assert!(rank.parse::<u32>().is_ok(), "{line}");
        let (name, points) = rest.rsplit_once(' ').expect("NAME POINTS");
        assert!(names.contains(&name), "{line}");
        total += points.parse::<f64>().expect("points");
    }
    assert_eq!(total, 12.0, "{stdout}");
    // Every game saved with its times, and the tables.
    let mut files: Vec<String> = std::fs::read_dir(&out)
        .expect("--out DIR")
        .map(|f| {
            f.expect("a file")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    files.sort();
    assert_eq!(files.len(), 13, "{files:?}");
    assert_eq!(files[0], "001-classic-brain_random.sh_1.psq");
    assert_eq!(files[12], "crosstable.txt");
    let saved = std::fs::read_to_string(out.join("crosstable.txt")).expect("crosstable.txt");
    assert_eq!(saved, tables);
    for file in &files[..12] {
        let text = std::fs::read_to_string(out.join(file)).expect("a .psq");
        let record = psq::read(text.as_bytes(), 15)
            .ok()
            .expect("the core reads it");
        let moves = text
            .lines()
            .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()))
            .count();
        assert_eq!(record.moves().len(), moves, "{file}");
    }
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
fn a_brain_that_crashes_loses_and_a_swiss_gives_the_odd_one_a_bye() {
    let stdout = run_tournament(&[
        "--format",
        "swiss",
        "--rounds",
        "3",
        "cha",
        "classic",
        "brain:false",
    ]);
    let games = games_of(&stdout);
    assert_eq!(games.len(), 3, "{stdout}");
    for (black, white, result, rest) in &games {
        if black == "brain:false" || white == "brain:false" {
            let lost = if black == "brain:false" { "0-1" } else { "1-0" };
            assert_eq!(result, lost, "{rest}");
            assert!(
                rest.contains("brain:false lost: its brain failed"),
                "{rest}"
            );
        }
    }
    let byes = stdout
        .lines()
        .filter(|l| l.contains(" bye (a win): "))
        .count();
    assert_eq!(byes, 3, "{stdout}");
    assert!(stdout.contains("Buchholz"), "{stdout}");
}

#[test]
fn seed_001s_format_follows_the_field() {
    let formats = [
        (2, "double all-play-all"),
        (7, "all-play-all"),
        (13, "11-round Swiss"),
    ];
    for (entrants, format) in formats {
        let field = vec!["classic"; entrants];
        let mut args = vec!["--seed", "3"];
        args.extend(field);
        let stdout = run_tournament(&args);
        assert!(
            stdout.starts_with(&format!("tournament: {entrants} entrants, {format},")),
            "{stdout}"
        );
        // Games: each pair twice, each pair once, 11 rounds of 6 and a bye.
        let (games, byes) = match entrants {
            2 => (2, 0),
            7 => (21, 0),
            _ => (66, 11),
        };
        assert_eq!(games_of(&stdout).len(), games, "{stdout}");
        let bye_lines = stdout
            .lines()
            .filter(|l| l.contains(" bye (a win): "))
            .count();
        assert_eq!(bye_lines, byes, "{stdout}");
    }
}
