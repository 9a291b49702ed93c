//! Fits the tree's evaluation weights (`tree::CLASS_VALUE`, `THREAT_VALUE`,
//! `TEMPO_VALUE`) to game results, as engines tune theirs (the "Texel"
//! method): games between the project's own players (the tree at several
//! budgets, Strong, Classic; random openings) give positions; each position
//! the tree's evaluation would score at a leaf (he has no five, I have no win
//! in hand) is a row of its terms (`tree::terms`) and the result for the
//! side to move. A logistic model `P(win) = 1 / (1 + e^(-value / SCALE))`,
//! the value linear in the weights, is fitted by gradient descent; it prints
//! the loss of the shipped weights and of the fitted ones on positions held
//! out (every fifth game), and the fitted weights. (The thirteenth session's
//! fit predicted results better and played worse: docs/strength.md. A fit
//! is a candidate for the arena, not a result.)
//!
//! `cargo run --release --example tune_tree -- [GAMES] [SEED]`
//! (GAMES per pairing, 200 by default; with HIS set, the model also weighs
//! his best threat, a term the evaluation does not have yet)
use piskrs::game::Game;
use piskrs::rules::WinRule;
use piskrs::tree::{self, CLASS_VALUE, HeapTables, TEMPO_VALUE, THREAT_VALUE};
use piskrs_tools::arena::{Winner, play_game_watched};
use piskrs_tools::fitting::{Adam, logistic, match_name, pairing_matches, squared_error_slope};

/// The weights: classes 1..9, threats 1..7, the tempo of my best threat
/// 1..6, the tempo of his best threat 1..6, and Black to move (a nuisance
/// term the evaluation cannot use: it is the same at every leaf of a ply).
const CLASSES: usize = 0;
const THREATS: usize = CLASSES + 8;
const TEMPO: usize = THREATS + 6;
const HIS_TEMPO: usize = TEMPO + 5;
const BLACK: usize = HIS_TEMPO + 5;
const WEIGHTS: usize = BLACK + 1;

struct Row {
    terms: [f64; WEIGHTS],
    /// 1 the side to move won, 0 lost, 0.5 a draw.
    result: f64,
    held_out: bool,
}

fn shipped() -> [f64; WEIGHTS] {
    let mut w = [0.0; WEIGHTS];
    for c in 1..9 {
        w[CLASSES + c - 1] = CLASS_VALUE[c] as f64;
    }
    for t in 1..7 {
        w[THREATS + t - 1] = THREAT_VALUE[t] as f64;
    }
    for t in 1..6 {
        w[TEMPO + t - 1] = TEMPO_VALUE[t] as f64;
    }
    w
}

fn value(w: &[f64; WEIGHTS], x: &[f64; WEIGHTS]) -> f64 {
    w.iter().zip(x).map(|(a, b)| a * b).sum()
}

/// Mean squared error of the model over the rows chosen.
fn loss(rows: &[&Row], w: &[f64; WEIGHTS], scale: f64) -> f64 {
    let sum: f64 = rows
        .iter()
        .map(|row| (row.result - logistic(value(w, &row.terms), scale)).powi(2))
        .sum();
    sum / rows.len() as f64
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: u32 = args.first().map_or(200, |a| a.parse().expect("GAMES"));
    let seed: u16 = args.get(1).map_or(7, |a| a.parse().expect("SEED"));
    let his = std::env::var_os("HIS").is_some();
    let pairings = [
        ("tree:300", "tree:1200"),
        ("tree:1600", "strong:1600"),
        ("tree:800", "classic"),
    ];
    let rules = [(WinRule::FiveOrMore, 19u8), (WinRule::ExactlyFive, 15)];
    let mut rows: Vec<Row> = Vec::new();
    let mut memory = HeapTables::new();
    let mut played = 0u32;
    for settings in pairing_matches(&pairings, &rules, games, seed) {
        let rule = settings.rule;
        for index in 0..games {
            let mut positions: Vec<([f64; WEIGHTS], bool)> = Vec::new();
            let mut watch = |game: &Game, _: piskrs::coord::Point, _: bool| {
                let mover = game.to_move();
                let Some(terms) = tree::terms(game.board(), mover, rule, &mut memory) else {
                    return;
                };
                // Only what a leaf would score.
                if !terms.leaf {
                    return;
                }
                let mut x = [0.0; WEIGHTS];
                for c in 1..9 {
                    x[CLASSES + c - 1] = terms.classes[0][c] as f64 - terms.classes[1][c] as f64;
                }
                for t in 1..7 {
                    x[THREATS + t - 1] = terms.threats[0][t] as f64 - terms.threats[1][t] as f64;
                }
                if (1..6).contains(&terms.my_best) {
                    x[TEMPO + terms.my_best as usize - 1] = 1.0;
                }
                if (1..6).contains(&terms.his_best) {
                    x[HIS_TEMPO + terms.his_best as usize - 1] = 1.0;
                }
                let model = value(&shipped(), &x);
                assert!(
                    (model - terms.value as f64).abs() < 0.5,
                    "the model's value {model} is not the evaluation's {}",
                    terms.value
                );
                x[BLACK] = if mover == piskrs::board::Stone::Black {
                    1.0
                } else {
                    0.0
                };
                positions.push((x, mover == piskrs::board::Stone::Black));
            };
            let record = play_game_watched(&settings, index, &mut watch);
            played += 1;
            let black_won = match record.winner {
                Winner::Draw => None,
                Winner::A => Some(record.a_black),
                Winner::B => Some(!record.a_black),
            };
            for (terms, black) in positions {
                let result = match black_won {
                    None => 0.5,
                    Some(won) => (won == black) as u8 as f64,
                };
                rows.push(Row {
                    terms,
                    result,
                    held_out: played.is_multiple_of(5),
                });
            }
        }
        eprintln!("{}: {} rows so far", match_name(&settings), rows.len());
    }
    let train: Vec<&Row> = rows.iter().filter(|row| !row.held_out).collect();
    let test: Vec<&Row> = rows.iter().filter(|row| row.held_out).collect();
    let start = shipped();
    // The scale that fits the shipped weights best, then kept.
    let mut scale = 100.0;
    let mut best = f64::MAX;
    for s in (1..200).map(|k| k as f64 * 10.0) {
        let l = loss(&train, &start, s);
        if l < best {
            (best, scale) = (l, s);
        }
    }
    println!(
        "{} games, {} positions ({} held out); scale {scale}",
        played,
        rows.len(),
        test.len()
    );
    println!(
        "shipped: train {:.5}, held out {:.5}",
        loss(&train, &start, scale),
        loss(&test, &start, scale)
    );
    // Adam over the whole training set.
    let mut w = start;
    let free: Vec<usize> = (0..WEIGHTS)
        .filter(|&i| his || !(HIS_TEMPO..HIS_TEMPO + 5).contains(&i))
        .collect();
    let mut adam = Adam::new(WEIGHTS, 2.0);
    for step in 1..=3000 {
        let mut grad = [0.0; WEIGHTS];
        for row in &train {
            let slope = squared_error_slope(row.result, value(&w, &row.terms), scale);
            for &i in &free {
                grad[i] += slope * row.terms[i];
            }
        }
        grad.iter_mut().for_each(|g| *g /= train.len() as f64);
        adam.step(&mut w, &grad, &free);
        if step % 500 == 0 {
            eprintln!(
                "step {step}: train {:.5}, held out {:.5}",
                loss(&train, &w, scale),
                loss(&test, &w, scale)
            );
        }
    }
    println!(
        "fitted: train {:.5}, held out {:.5}",
        loss(&train, &w, scale),
        loss(&test, &w, scale)
    );
    let round = |range: std::ops::Range<usize>| -> Vec<i64> {
        w[range].iter().map(|x| x.round() as i64).collect()
    };
    println!("CLASS_VALUE  [0, {:?}]", round(CLASSES..THREATS));
    println!("THREAT_VALUE [0, {:?}]", round(THREATS..TEMPO));
    println!("TEMPO_VALUE  [0, {:?}, 0]", round(TEMPO..HIS_TEMPO));
    if his {
        println!("HIS_TEMPO    [0, {:?}]", round(HIS_TEMPO..BLACK));
    }
    println!("black to move {:.1}", w[BLACK]);
}
