//! Fits the tree's tempo to its own deeper search (the nineteenth session,
//! docs/strength.md): what the side to move's best threat is worth at a
//! leaf, as a table over both sides' best threats rather than
//! `tree::TEMPO_VALUE`'s one value a threat of mine.
//!
//! Games between the project's players (tree:1600 against strong:1600 and
//! against tree:400, on 19x19 five or more and 15x15 exact five, random
//! openings) give the positions a leaf would score (`tree::terms`). Each is
//! searched again by the tree at DEEP nodes; a logistic model
//! `1 / (1 + e^(-value / 600))` of the evaluation, its tempo read from the
//! table, is fitted by gradient descent (Adam) to the same of the deeper
//! search's score (a proven win 1, a proven loss 0). The classes' and
//! threats' values stay the shipped ones; a pair met in fewer than 20
//! training positions keeps its shipped value. It prints the error of the
//! shipped and the fitted table on held-out positions (every fifth game)
//! and the table, by the side to move's threat (T_NONE to T_FIVE) and his.
//! The fit is a candidate for the arena, not a result: this one beat the
//! shipped tree head to head and was level against Rapfi and Classic.
//!
//! `cargo run --release --example fit_tempo -- [GAMES] [DEEP] [SEED]`
//! (100 games per pairing and rule, 20,000 nodes and seed 11 by default: the
//! session's fit, about 8 minutes)
use piskrs::game::Game;
use piskrs::rules::WinRule;
use piskrs::tree::{self, CLASS_VALUE, HeapTables, PROVEN, TEMPO_VALUE, THREAT_VALUE};
use piskrs_tools::arena::play_game_watched;
use piskrs_tools::fitting::{Adam, logistic, match_name, pairing_matches, squared_error_slope};

/// The threats, T_NONE to T_FIVE.
const THREATS: usize = 7;
/// The logistic model's scale, in the evaluation's units.
const SCALE: f64 = 600.0;
/// The fewest training positions for a pair to be fitted.
const FEWEST: usize = 20;

/// A position a leaf would score: its value without the tempo, the pair of
/// best threats, and the deeper search's verdict.
struct Row {
    points: f64,
    pair: usize,
    target: f64,
    held_out: bool,
}

fn loss(rows: &[&Row], table: &[f64]) -> f64 {
    let sum: f64 = rows
        .iter()
        .map(|row| (row.target - logistic(row.points + table[row.pair], SCALE)).powi(2))
        .sum();
    sum / rows.len() as f64
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: u32 = args.first().map_or(100, |a| a.parse().expect("GAMES"));
    let deep: u32 = args.get(1).map_or(20_000, |a| a.parse().expect("DEEP"));
    let seed: u16 = args.get(2).map_or(11, |a| a.parse().expect("SEED"));
    let pairings = [("tree:1600", "strong:1600"), ("tree:1600", "tree:400")];
    let rules = [(WinRule::FiveOrMore, 19u8), (WinRule::ExactlyFive, 15)];
    let mut rows: Vec<Row> = Vec::new();
    let (mut memory, mut search_memory) = (HeapTables::new(), HeapTables::new());
    let mut played = 0u32;
    for settings in pairing_matches(&pairings, &rules, games, seed) {
        let rule = settings.rule;
        for index in 0..games {
            played += 1;
            let held_out = played.is_multiple_of(5);
            let mut watch = |game: &Game, _: piskrs::coord::Point, _: bool| {
                let mover = game.to_move();
                let Some(terms) = tree::terms(game.board(), mover, rule, &mut memory) else {
                    return;
                };
                if !terms.leaf {
                    return;
                }
                let deeper = tree::search_until(
                    game.board(),
                    mover,
                    rule,
                    deep,
                    &mut search_memory,
                    &|| false,
                )
                .expect("a position with a stone and a free point");
                let target = if deeper.score.abs() >= PROVEN {
                    (deeper.score > 0) as u8 as f64
                } else {
                    logistic(deeper.score as f64, SCALE)
                };
                let weigh = |whose: usize| -> i32 {
                    let classes: i32 = (0..9)
                        .map(|c| CLASS_VALUE[c] as i32 * terms.classes[whose][c] as i32)
                        .sum();
                    let threats: i32 = (0..THREATS)
                        .map(|t| THREAT_VALUE[t] as i32 * terms.threats[whose][t] as i32)
                        .sum();
                    classes + threats
                };
                let points = weigh(0) - weigh(1);
                let tempo = TEMPO_VALUE[terms.my_best as usize];
                assert_eq!(points + tempo, terms.value, "the terms are the evaluation");
                rows.push(Row {
                    points: points as f64,
                    pair: terms.my_best as usize * THREATS + terms.his_best as usize,
                    target,
                    held_out,
                });
            };
            play_game_watched(&settings, index, &mut watch);
        }
        eprintln!("{}: {} positions so far", match_name(&settings), rows.len());
    }
    let train: Vec<&Row> = rows.iter().filter(|row| !row.held_out).collect();
    let test: Vec<&Row> = rows.iter().filter(|row| row.held_out).collect();
    let shipped: Vec<f64> = (0..THREATS * THREATS)
        .map(|pair| TEMPO_VALUE[pair / THREATS] as f64)
        .collect();
    let mut met = vec![0usize; THREATS * THREATS];
    train.iter().for_each(|row| met[row.pair] += 1);
    // Adam over the whole training set, on the pairs met often enough.
    let free: Vec<usize> = (0..met.len()).filter(|&pair| met[pair] >= FEWEST).collect();
    let mut table = shipped.clone();
    let mut adam = Adam::new(table.len(), 2.0);
    for _ in 0..3000 {
        let mut gradient = vec![0.0; table.len()];
        for row in &train {
            gradient[row.pair] +=
                squared_error_slope(row.target, row.points + table[row.pair], SCALE);
        }
        gradient.iter_mut().for_each(|g| *g /= train.len() as f64);
        adam.step(&mut table, &gradient, &free);
    }
    println!(
        "{played} games, {} positions ({} held out), the deeper search at {deep} nodes",
        rows.len(),
        test.len()
    );
    println!(
        "error: shipped train {:.4}, held out {:.4}; fitted train {:.4}, held out {:.4}",
        loss(&train, &shipped),
        loss(&test, &shipped),
        loss(&train, &table),
        loss(&test, &table)
    );
    println!("the tempo by my best threat (rows) and his (columns), T_NONE to T_FIVE:");
    for mine in 0..THREATS {
        let row: Vec<String> = (0..THREATS)
            .map(|his| {
                let pair = mine * THREATS + his;
                format!(
                    "{:>6}{}",
                    table[pair].round(),
                    if met[pair] >= FEWEST { " " } else { "*" }
                )
            })
            .collect();
        println!("{}", row.join(""));
    }
    println!("(* met in fewer than {FEWEST} training positions: the shipped value)");
}
