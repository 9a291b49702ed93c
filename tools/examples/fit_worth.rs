//! Fits the tree's evaluation to its own deeper search (the twenty-first,
//! twenty-second and twenty-fourth sessions, docs/strength.md): a worth for
//! each empty point by its four classes sorted (`tree::POINT_WORTH`, one
//! table for both sides), the tempo of the side to move's best threat, by
//! that threat and his best (`tree::TEMPO_VALUE`), and what each side's
//! number of points with each threat adds (`tree::COUNT_VALUE`).
//!
//! Games between the project's players (tree:1600 against strong:1600,
//! tree:400 and Classic, on 19x19 five or more and 15x15 exact five, random
//! openings) give the positions a leaf would score (`tree::terms`). Each is
//! searched again by the tree at DEEP nodes, and a logistic model
//! `1 / (1 + e^(-value / 600))` of the evaluation is fitted by gradient
//! descent (Adam) to the same of the deeper search's score (a proven win 1,
//! a proven loss 0). A row of the model is, for each sorted combination of
//! classes, how many empty points have it for the side to move less for the
//! other, both sides' best threats, and each side's count of points with
//! each threat (worked out from the words, `tree::point_threat`). Only the
//! combinations with a three or better on one of their lines are fitted,
//! and only the combinations, tempo entries and counts met in 30 training
//! positions or more; the rest keep the table's value. It prints the error of the table it started from and of
//! the fitted one on held-out positions (every fifth game), the tempo, and
//! the combinations met most.
//!
//! `cargo run --release --example fit_worth -- [GAMES] [DEEP] [SEED]
//! [--rows FILE]... [--step SHARE] [--tempo-by-mine] [--tempo-only]
//! [--counts-only] [--write]`, or `-- --reset`
//!
//! GAMES per pairing and rule (100), DEEP nodes (20,000), SEED (11). With
//! `--rows FILE` the positions are read from FILE if it exists, else played
//! and written there (one line a position: target, the side to move's best
//! threat, his best, 1 if held out, then `word:count`, `word` a point's
//! classes word, plus 65,536 for the other side's points, whose counts are
//! negative); several files are fitted together. `--step SHARE` writes only
//! that share of the way from the table it started from to the fit (1);
//! `--tempo-by-mine` fits one tempo for each of my threats, whatever his
//! (the first round's); `--tempo-only` leaves the worths as they are, and
//! so do the counts; `--counts-only` fits only the counts. `--write` writes
//! the result to src/tree_worth.in, src/tree_tempo.in and
//! src/tree_counts.in.
//! The games are played on two threads. `--reset` writes the evaluation
//! before the first fit instead (each entry the classes' value,
//! `tree::class_value`, the old tempo and no counts) and stops.
//!
//! The teacher is the tree as it stands, so a run on the shipped table fits
//! a next round from it. The first round (the twenty-first session): after
//! `--reset` and a build, the rows of `-- 100 20000 11 --rows W11` and
//! `-- 150 20000 31 --rows W31`, fitted together by `-- --rows W11 --rows
//! W31 --tempo-by-mine --write` (those rows were written before his threat
//! was, and carry a 0 in its place). The second, shipped (the
//! twenty-second): on the first round's table, the rows of `-- 300 50000
//! 41 --rows R41`, fitted by `-- --rows R41 --step 0.7 --write`. The
//! third, shipped (the twenty-fourth), with the counts: on the second
//! round's table (and no counts), the rows of `-- 300 50000 61 --rows R61`,
//! fitted by `-- --rows R61 --step 0.7 --write`.
//! A fourth round (the twenty-fifth), on the third round's table, the rows
//! of `-- 300 50000 81 --rows R81` and of seed 82, fitted alone or with
//! R61, was not kept: no candidate held every opponent (docs/strength.md).
use std::collections::HashMap;

use piskrs::ai::patterns::THREE;
use piskrs::ai::tree::{
    self, COUNT_BUCKETS, COUNT_VALUE, HeapTables, POINT_WORTH, PROVEN, TEMPO_VALUE, WORTH_ENTRIES,
};
use piskrs::rules::WinRule;
use piskrs::rules::game::Game;
use piskrs_tools::arena::{MatchSettings, play_game_watched};
use piskrs_tools::fitting::{Adam, logistic, match_name, pairing_matches, squared_error_slope};

/// The logistic model's scale, in the evaluation's units.
const SCALE: f64 = 600.0;
/// The fewest training positions for a combination or a tempo entry to be
/// fitted.
const FEWEST: usize = 30;
/// In the rows' files, the other side's words carry this bit.
const HIS: u32 = 1 << 16;
/// The threats, T_NONE to T_FIVE (the tempo's rows and columns).
const THREATS: usize = 7;
/// The tempo before the first fit, by my best threat.
const OLD_TEMPO: [i64; THREATS] = [0, 30, 400, 100, 800, 1500, 0];

/// A position a leaf would score: for each worth entry met, its points for
/// the side to move less the other's; the side to move's best threat and
/// the other's; the deeper search's verdict.
struct Row {
    counts: Vec<(usize, i32)>,
    /// The count weights met: for each side (to move, the other) and each
    /// threat counted, the entry of its count of points with that threat.
    count_entries: Vec<usize>,
    my_best: usize,
    his_best: usize,
    target: f64,
    held_out: bool,
}

/// The model's value of a row: the weights are the worth table's entries,
/// then the tempo's.
fn value(row: &Row, weights: &[f64]) -> f64 {
    let points: f64 = row
        .counts
        .iter()
        .map(|&(entry, n)| n as f64 * weights[entry])
        .sum();
    let threats: f64 = row.count_entries.iter().map(|&entry| weights[entry]).sum();
    points + weights[tempo_entry(row.my_best, row.his_best)] + threats
}

/// The threats whose counts the evaluation weighs: an open three's point
/// (T_THREE) up to an open four's (T_FLEX_FOUR, below T_FIVE).
const T_THREE: usize = 1;
const T_FIVE: usize = 6;

/// The weight of `count` points with `threat` for `role` (0 the side to
/// move, 1 the other), after the worths and the tempo.
fn count_entry(role: usize, threat: usize, count: i32) -> usize {
    let bucket = (count as usize).min(COUNT_BUCKETS - 1);
    WORTH_ENTRIES + THREATS * THREATS + (role * THREATS + threat) * COUNT_BUCKETS + bucket
}

/// The weight of the tempo with the side to move's best threat `mine` and
/// the other's `his`.
fn tempo_entry(mine: usize, his: usize) -> usize {
    WORTH_ENTRIES + mine * THREATS + his
}

fn loss(rows: &[&Row], weights: &[f64]) -> f64 {
    let sum: f64 = rows
        .iter()
        .map(|row| (row.target - logistic(value(row, weights), SCALE)).powi(2))
        .sum();
    sum / rows.len() as f64
}

/// A line of a rows file: target, both best threats, held out, then the
/// words.
fn parse_row(line: &str) -> Row {
    let mut fields = line.split_whitespace();
    let mut next = || fields.next().expect("a rows file's line");
    let target: f64 = next().parse().expect("a target");
    let my_best: usize = next().parse().expect("a threat");
    let his_best: usize = next().parse().expect("his threat");
    let held_out = next() == "1";
    let mut counts: HashMap<usize, i32> = HashMap::new();
    let mut threat_counts = [[0; THREATS]; 2];
    for field in fields {
        let (word, n) = field.split_once(':').expect("word:count");
        let word: u32 = word.parse().expect("a word");
        let n: i32 = n.parse().expect("a count");
        *counts.entry(tree::worth_index(word as u16)).or_default() += n;
        let role = (word & HIS != 0) as usize;
        threat_counts[role][tree::point_threat(word as u16) as usize] += n.abs();
    }
    let mut counts: Vec<(usize, i32)> = counts.into_iter().filter(|&(_, n)| n != 0).collect();
    counts.sort();
    let count_entries = (0..2)
        .flat_map(|role| {
            (T_THREE..T_FIVE)
                .map(move |threat| count_entry(role, threat, threat_counts[role][threat]))
        })
        .collect();
    Row {
        counts,
        count_entries,
        my_best,
        his_best,
        target,
        held_out,
    }
}

/// The positions of a match's games, as rows' lines; a game is held out when
/// `first_game` plus its index is a multiple of 5 less one.
fn play_match(settings: &MatchSettings, deep: u32, first_game: u32) -> Vec<String> {
    let rule = settings.rule;
    let (mut memory, mut search_memory) = (HeapTables::new(), HeapTables::new());
    let mut lines = Vec::new();
    for index in 0..settings.games {
        let held_out = (first_game + index + 1).is_multiple_of(5);
        let mut watch = |game: &Game, _: piskrs::rules::coord::Point, _: bool| {
            let mover = game.to_move();
            let Some(terms) = tree::terms(game.board(), mover, rule, &mut memory) else {
                return;
            };
            if !terms.leaf {
                return;
            }
            let deeper =
                tree::search_until(game.board(), mover, rule, deep, &mut search_memory, &|| {
                    false
                })
                .expect("a position with a stone and a free point");
            let target = if deeper.score.abs() >= PROVEN {
                (deeper.score > 0) as u8 as f64
            } else {
                logistic(deeper.score as f64, SCALE)
            };
            let mut counts: HashMap<u32, i32> = HashMap::new();
            for &[mine, his] in &terms.point_words {
                *counts.entry(mine as u32).or_default() += 1;
                *counts.entry(HIS | his as u32).or_default() -= 1;
            }
            let mut counts: Vec<(u32, i32)> = counts.into_iter().collect();
            counts.sort();
            // The rows are the evaluation: its worths and tempo from them.
            let points: i32 = counts
                .iter()
                .map(|&(word, n)| n * tree::point_worth(word as u16) as i32)
                .sum();
            // ...and each side's counts of points with each threat.
            let mut threats = 0;
            for role in 0..2 {
                let mut counts = [0usize; THREATS];
                for words in &terms.point_words {
                    counts[tree::point_threat(words[role]) as usize] += 1;
                }
                for threat in T_THREE..T_FIVE {
                    threats += COUNT_VALUE[role][threat][counts[threat].min(COUNT_BUCKETS - 1)];
                }
            }
            assert_eq!(
                points + TEMPO_VALUE[terms.my_best as usize][terms.his_best as usize] + threats,
                terms.value,
                "the terms are the evaluation"
            );
            let mut line = format!(
                "{target} {} {} {}",
                terms.my_best, terms.his_best, held_out as u8
            );
            for (word, n) in counts {
                line.push_str(&format!(" {word}:{n}"));
            }
            lines.push(line);
        };
        play_game_watched(settings, index, &mut watch);
    }
    eprintln!("{}: {} positions", match_name(settings), lines.len());
    lines
}

/// The rows of every match, played on two threads, in the matches' order.
fn play(games: u32, deep: u32, seed: u16) -> Vec<String> {
    let pairings = [
        ("tree:1600", "strong:1600"),
        ("tree:1600", "tree:400"),
        ("tree:1600", "classic"),
    ];
    let rules = [(WinRule::FiveOrMore, 19u8), (WinRule::ExactlyFive, 15)];
    let matches = pairing_matches(&pairings, &rules, games, seed);
    let mut per_match: Vec<Vec<String>> = vec![Vec::new(); matches.len()];
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..2)
            .map(|worker| {
                let matches = &matches;
                scope.spawn(move || {
                    (worker..matches.len())
                        .step_by(2)
                        .map(|m| (m, play_match(&matches[m], deep, m as u32 * games)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for worker in workers {
            for (m, lines) in worker.join().expect("a worker") {
                per_match[m] = lines;
            }
        }
    });
    per_match.concat()
}

fn main() {
    let mut positional = Vec::new();
    let (mut files, mut write) = (Vec::new(), false);
    let (mut tempo_by_mine, mut tempo_only, mut step) = (false, false, 1.0);
    let mut counts_only = false;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--rows" => files.push(args.next().expect("--rows FILE")),
            "--write" => write = true,
            "--tempo-by-mine" => tempo_by_mine = true,
            "--tempo-only" => tempo_only = true,
            "--counts-only" => counts_only = true,
            "--step" => {
                step = args
                    .next()
                    .and_then(|s| s.parse().ok())
                    .expect("--step SHARE")
            }
            "--reset" => {
                let classes: Vec<i64> = entry_words()
                    .iter()
                    .map(|&word| tree::class_value(word) as i64)
                    .collect();
                let tempo: Vec<i64> = OLD_TEMPO.iter().flat_map(|&t| [t; THREATS]).collect();
                write_tables(&classes, &tempo, &[0; COUNT_ENTRIES]);
                return;
            }
            _ => positional.push(arg),
        }
    }
    let number = |i: usize, default: u32| -> u32 {
        positional
            .get(i)
            .map_or(default, |a| a.parse().expect("a number"))
    };
    let (games, deep, seed) = (number(0, 100), number(1, 20_000), number(2, 11) as u16);
    let mut lines: Vec<String> = Vec::new();
    if files.is_empty() {
        lines = play(games, deep, seed);
    }
    for file in &files {
        match std::fs::read_to_string(file) {
            Ok(text) => lines.extend(text.lines().map(str::to_owned)),
            Err(_) => {
                let played = play(games, deep, seed);
                std::fs::write(file, played.join("\n") + "\n").expect("the rows file");
                lines.extend(played);
            }
        }
    }
    let mut rows: Vec<Row> = lines.iter().map(|line| parse_row(line)).collect();
    if tempo_by_mine {
        // One tempo for each of my threats, whatever his: column 0 stands
        // for them all.
        rows.iter_mut().for_each(|row| row.his_best = 0);
    }
    let train: Vec<&Row> = rows.iter().filter(|row| !row.held_out).collect();
    let test: Vec<&Row> = rows.iter().filter(|row| row.held_out).collect();
    let mut met = vec![0usize; WORTH_ENTRIES + THREATS * THREATS + COUNT_ENTRIES];
    for row in &train {
        row.counts.iter().for_each(|&(entry, _)| met[entry] += 1);
        met[tempo_entry(row.my_best, row.his_best)] += 1;
        row.count_entries.iter().for_each(|&entry| met[entry] += 1);
    }
    let mut start: Vec<f64> = POINT_WORTH.iter().map(|&w| w as f64).collect();
    start.extend(TEMPO_VALUE.iter().flatten().map(|&t| t as f64));
    start.extend(COUNT_VALUE.iter().flatten().flatten().map(|&c| c as f64));
    // Only the combinations with a three or better on a line are fitted.
    // The quiet ones (ones and twos) are met around every stone, in the same
    // few arrangements, so their fitted worths stood in for each other: fitted
    // too, they left the tree's first moves to chance (it lost the one-stone
    // opening as White to Cha, a third of the games). Keeping them also pins
    // the rest: every empty point counts once for each side, so one number
    // added to every worth would change no evaluation. The open four's tempo
    // and the five's are never met at a leaf.
    let words = entry_words();
    let best_class = |e: usize| (0..4).map(|d| words[e] >> (4 * d) & 15).max();
    let mut free: Vec<usize> = (0..WORTH_ENTRIES)
        .filter(|&e| met[e] >= FEWEST && best_class(e) >= Some(THREE as u16))
        .collect();
    if tempo_only || counts_only {
        free.clear();
    }
    let fitted_combinations = free.len();
    let counts_from = WORTH_ENTRIES + THREATS * THREATS;
    if !counts_only {
        free.extend((WORTH_ENTRIES..counts_from).filter(|&e| met[e] >= FEWEST));
    }
    // A count of none keeps 0: the other counts are weighed against it.
    if !tempo_only {
        free.extend(
            (counts_from..met.len())
                .filter(|&e| met[e] >= FEWEST && !(e - counts_from).is_multiple_of(COUNT_BUCKETS)),
        );
    }
    let weights = fit(&train, &start, &free);
    println!(
        "{} positions ({} held out); {} of {WORTH_ENTRIES} combinations fitted",
        rows.len(),
        test.len(),
        fitted_combinations
    );
    println!(
        "error: the table started from train {:.4}, held out {:.4}; fitted train {:.4}, held out {:.4}",
        loss(&train, &start),
        loss(&test, &start),
        loss(&train, &weights),
        loss(&test, &weights)
    );
    // Only a share of the way from the table it started from to the fit
    // is taken: the teacher was the table itself, and a whole step lost
    // to Classic what it won against the rest (docs/strength.md).
    let mut rounded: Vec<i64> = weights
        .iter()
        .zip(&start)
        .map(|(w, s)| (s + step * (w - s)).round() as i64)
        .collect();
    if tempo_by_mine {
        for mine in 0..THREATS {
            for his in 1..THREATS {
                rounded[tempo_entry(mine, his)] = rounded[tempo_entry(mine, 0)];
            }
        }
    }
    let written: Vec<f64> = rounded.iter().map(|&w| w as f64).collect();
    println!(
        "written (a step of {step}): train {:.4}, held out {:.4}",
        loss(&train, &written),
        loss(&test, &written)
    );
    print_fitted(&met, &words, &start, &rounded);
    if write {
        let tempo = &rounded[WORTH_ENTRIES..WORTH_ENTRIES + THREATS * THREATS];
        let threat_counts = &rounded[WORTH_ENTRIES + THREATS * THREATS..];
        write_tables(&rounded[..WORTH_ENTRIES], tempo, threat_counts);
    }
}

/// The weights from `start` after 3,000 steps of Adam on the squared error
/// over `train`, only the `free` entries moving.
fn fit(train: &[&Row], start: &[f64], free: &[usize]) -> Vec<f64> {
    let mut weights = start.to_vec();
    let mut adam = Adam::new(weights.len(), 2.0);
    for _ in 0..3000 {
        let mut gradient = vec![0.0; weights.len()];
        for row in train {
            let slope = squared_error_slope(row.target, value(row, &weights), SCALE);
            for &(entry, n) in &row.counts {
                gradient[entry] += slope * n as f64;
            }
            gradient[tempo_entry(row.my_best, row.his_best)] += slope;
            for &entry in &row.count_entries {
                gradient[entry] += slope;
            }
        }
        gradient.iter_mut().for_each(|g| *g /= train.len() as f64);
        adam.step(&mut weights, &gradient, free);
    }
    weights
}

/// The fitted tables as they will be written, beside how often each entry
/// was met (and, for the combinations met most, the worth they started from).
fn print_fitted(met: &[usize], words: &[u16], start: &[f64], rounded: &[i64]) {
    let tempo = &rounded[WORTH_ENTRIES..WORTH_ENTRIES + THREATS * THREATS];
    let threat_counts = &rounded[WORTH_ENTRIES + THREATS * THREATS..];
    println!("counts by role (mover, then the other), threat (rows) and count (columns); met:");
    for (i, row) in threat_counts.chunks(COUNT_BUCKETS).enumerate() {
        let from = WORTH_ENTRIES + THREATS * THREATS + i * COUNT_BUCKETS;
        println!(
            "  {} t{} {row:?} {:?}",
            i / THREATS,
            i % THREATS,
            &met[from..from + COUNT_BUCKETS]
        );
    }
    println!("tempo by my best threat (rows) and his (columns), T_NONE to T_FIVE; met:");
    for mine in 0..THREATS {
        let row = &tempo[mine * THREATS..][..THREATS];
        let met = &met[tempo_entry(mine, 0)..][..THREATS];
        println!("  {row:?} {met:?}");
    }
    println!("the combinations met most (classes ONE=0 .. FIVE=8, sorted), from -> fitted:");
    let mut by_met: Vec<usize> = (0..WORTH_ENTRIES).collect();
    by_met.sort_by_key(|&e| std::cmp::Reverse(met[e]));
    for &entry in by_met.iter().take(40) {
        let word = words[entry];
        let mut classes = [word & 15, word >> 4 & 15, word >> 8 & 15, word >> 12];
        classes.sort_unstable_by(|a, b| b.cmp(a));
        println!(
            "  {classes:?}: met {:>6}, {:>6} -> {:>6}",
            met[entry], start[entry], rounded[entry]
        );
    }
}

/// A classes word for each entry of the worth table, by entry.
fn entry_words() -> Vec<u16> {
    let mut words = vec![0u16; WORTH_ENTRIES];
    for word in (0..=0x8888u16).filter(|word| (0..4).all(|d| word >> (4 * d) & 15 <= 8)) {
        words[tree::worth_index(word)] = word;
    }
    words
}

/// The numbers, comma-separated.
fn joined(numbers: &[i64]) -> String {
    let texts: Vec<String> = numbers.iter().map(|n| n.to_string()).collect();
    texts.join(", ")
}

/// Writes src/`file`: a comment that names what it holds, then the rows in
/// brackets.
fn write_table(file: &str, what: &str, rows: impl Iterator<Item = String>) {
    let src = concat!(env!("CARGO_MANIFEST_DIR"), "/../src");
    let mut text = format!("// {what}: written by tools/examples/fit_worth.rs.\n[\n");
    text.extend(rows);
    text.push_str("]\n");
    std::fs::write(format!("{src}/{file}"), text).expect(file);
}

/// The weights of the threats' counts: two roles, each threat, each count.
const COUNT_ENTRIES: usize = 2 * THREATS * COUNT_BUCKETS;

/// Writes src/tree_worth.in, src/tree_tempo.in and src/tree_counts.in.
fn write_tables(worths: &[i64], tempo: &[i64], threat_counts: &[i64]) {
    write_table(
        "tree_worth.in",
        "tree::POINT_WORTH, by worth_index",
        worths
            .chunks(15)
            .map(|row| format!("    {},\n", joined(row))),
    );
    write_table(
        "tree_tempo.in",
        "tree::TEMPO_VALUE, by my best threat, then his",
        tempo
            .chunks(THREATS)
            .map(|row| format!("    [{}],\n", joined(row))),
    );
    write_table(
        "tree_counts.in",
        "tree::COUNT_VALUE, by role, threat and count",
        threat_counts.chunks(THREATS * COUNT_BUCKETS).map(|role| {
            let rows: String = role
                .chunks(COUNT_BUCKETS)
                .map(|row| format!("        [{}],\n", joined(row)))
                .collect();
            format!("    [\n{rows}    ],\n")
        }),
    );
    println!("wrote src/tree_worth.in, src/tree_tempo.in and src/tree_counts.in");
}
