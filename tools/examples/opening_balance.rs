//! Finds balanced openings: every opening of two to four stones within two
//! points of the centre (Black's first on it, the colours alternating, none the
//! same as another under the board's eight symmetries), played by Classic
//! against itself in all eight symmetries with seeds 1 to 4, on 19x19 five or
//! more and 15x15 exact five; prints, as Rust, the 14 whose Black score is
//! nearest 50% on both (neither outside 40-60%) and in neither of the arena's
//! sets. The arena's third set (`--openings 3`) is its output: chosen by
//! Classic alone, so not fitted to Strong.
//!
//! `cargo run --release --example opening_balance`
use piskrs::rules::WinRule;
use piskrs_tools::arena::*;
use piskrs_tools::player::Player;
use std::collections::BTreeSet;

type Opening = Vec<(i8, i8)>;

/// The opening's canonical form: Black's and White's stones each sorted, the
/// least over the eight symmetries.
fn canonical(opening: &[(i8, i8)]) -> Opening {
    (0..8u8)
        .map(|symmetry| {
            let turned: Vec<(i8, i8)> = opening.iter().map(|&s| turn(s, symmetry)).collect();
            let mut black: Opening = turned.iter().step_by(2).copied().collect();
            let mut white: Opening = turned.iter().skip(1).step_by(2).copied().collect();
            black.sort();
            white.sort();
            black.into_iter().chain([(99, 99)]).chain(white).collect()
        })
        .min()
        .unwrap()
}

/// Black's score in per cent over the opening's games of Classic against itself.
fn black_score(opening: &[(i8, i8)], side: u8, rule: WinRule) -> f64 {
    let leaked: &'static [&'static [(i8, i8)]] =
        Box::leak(vec![&*Box::leak(opening.to_vec().into_boxed_slice())].into_boxed_slice());
    let (mut points, mut games) = (0.0, 0.0);
    for seed in 1..5 {
        let settings = MatchSettings {
            a: Player::CLASSIC.into(),
            b: Player::CLASSIC.into(),
            games: 16,
            side,
            rule,
            renju: false,
            seed,
            openings: Openings::Fixed(leaked),
            time: TimeControl::default(),
        };
        for index in 0..16 {
            let record = play_game(&settings, index);
            let a_black = index % 2 == 0;
            points += match record.winner {
                Winner::Draw => 0.5,
                Winner::A if a_black => 1.0,
                Winner::B if !a_black => 1.0,
                _ => 0.0,
            };
            games += 1.0;
        }
    }
    100.0 * points / games
}

fn main() {
    let near: Vec<(i8, i8)> = (-2..3)
        .flat_map(|r| (-2..3).map(move |c| (c, r)))
        .filter(|&p| p != (0, 0))
        .collect();
    let known: BTreeSet<Opening> = OPENINGS
        .iter()
        .chain(SECOND_OPENINGS.iter())
        .map(|o| canonical(o))
        .collect();
    let mut seen = BTreeSet::new();
    let mut candidates: Vec<Opening> = vec![];
    let mut add = |opening: Opening| {
        let key = canonical(&opening);
        if !known.contains(&key) && seen.insert(key) {
            candidates.push(opening);
        }
    };
    for &w in &near {
        add(vec![(0, 0), w]);
        for &b in &near {
            if b == w {
                continue;
            }
            add(vec![(0, 0), w, b]);
            for &w2 in &near {
                if w2 != w && w2 != b {
                    add(vec![(0, 0), w, b, w2]);
                }
            }
        }
    }
    eprintln!("{} openings to play", candidates.len());
    let mut balanced: Vec<(f64, f64, f64, Opening)> = candidates
        .into_iter()
        .map(|opening| {
            let free = black_score(&opening, 19, WinRule::FiveOrMore);
            let exact = black_score(&opening, 15, WinRule::ExactlyFive);
            (
                (free - 50.0).abs().max((exact - 50.0).abs()),
                free,
                exact,
                opening,
            )
        })
        .filter(|&(worst, ..)| worst <= 10.0)
        .collect();
    balanced.sort_by(|a, b| a.partial_cmp(b).unwrap());
    eprintln!("{} within 40-60% on both", balanced.len());
    println!("pub const THIRD_OPENINGS: [&[(i8, i8)]; 14] = [");
    for (_, free, exact, opening) in balanced.iter().take(14) {
        let stones: Vec<String> = opening.iter().map(|(c, r)| format!("({c}, {r})")).collect();
        println!(
            "    &[{}], // Black {free:.0}% / {exact:.0}%",
            stones.join(", ")
        );
    }
    println!("];");
}
