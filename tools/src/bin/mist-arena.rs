//! mist-arena: two players of Gomoku in the Mist, each seeing only what the
//! rules show it (its stones, the hole after every move, its hits), given the
//! same public history (piskrs_tools::mist_arena).
//!
//! `mist-arena --a strong --b today:strong --games 200 --seed 1 --jobs 2`

use std::process::ExitCode;
use std::time::Instant;

use piskrs_tools::mist_arena::{MistPlayer, MistTally, run_mist_match};

const DEFAULT_BUDGET: u32 = piskrs::app::settings::DEFAULT_STRONG_BUDGET;

const USAGE: &str = "\
usage: mist-arena --a WHO --b WHO [--games N] [--seed N] [--jobs N] [--verbose]
  WHO is a level reading the hole (the host's levels): classic, cha, strong or
      strong:BUDGET (strong alone: 470 nodes); the same level as the .COMs play
      it today, on its knowledge board alone: today:classic, today:cha,
      today:strong[:BUDGET]; or line: five in a row from a random start within
      four points of the middle, never blocking, a new line when refused
  --games    how many games (default 200); A is Black in the even games, White
             in the odd ones, each pair from the same random sources
  --seed     the random sources' seed, 0..=65535 (default 1); N-M plays the
             match once for each seed from N to M, a line each, then the sum
  --jobs     games played at once (default 1): the same games and result
  --verbose  a line for every game";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (mut a, mut b, mut games, mut jobs, mut verbose) = (None, None, 200, 1, false);
    let mut seeds = (1u16, 1u16);
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let mut value = || it.next().cloned().unwrap_or_default();
        let ok = match flag.as_str() {
            "--a" => {
                a = MistPlayer::parse(&value(), DEFAULT_BUDGET);
                a.is_some()
            }
            "--b" => {
                b = MistPlayer::parse(&value(), DEFAULT_BUDGET);
                b.is_some()
            }
            "--games" => value().parse().map(|n| games = n).is_ok(),
            "--seed" => {
                let text = value();
                let (first, last) = text.split_once('-').unwrap_or((&text, &text));
                match (first.parse(), last.parse()) {
                    (Ok(first), Ok(last)) if first <= last => {
                        seeds = (first, last);
                        true
                    }
                    _ => false,
                }
            }
            "--jobs" => value().parse().map(|n: usize| jobs = n.max(1)).is_ok(),
            "--verbose" => {
                verbose = true;
                true
            }
            _ => false,
        };
        if !ok {
            eprintln!("mist-arena: bad argument {flag}\n{USAGE}");
            return ExitCode::from(2);
        }
    }
    let (Some(a), Some(b)) = (a, b) else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let started = Instant::now();
    let mut total = MistTally::default();
    for seed in seeds.0..=seeds.1 {
        let tally = run_mist_match(a, b, seed, games, jobs, |index, result| {
            if verbose {
                let colour = if result.a_black { "Black" } else { "White" };
                let outcome = match result.a_won {
                    Some(true) => "A won",
                    Some(false) => "B won",
                    None => "drawn",
                };
                println!(
                    "game {index}: A {colour}, {outcome} in {} moves",
                    result.moves
                );
            }
        });
        println!("{} (seed {seed})", tally.line(a, b));
        total.merge(&tally);
    }
    if seeds.0 < seeds.1 {
        println!("{} (seeds {}-{})", total.line(a, b), seeds.0, seeds.1);
    }
    eprintln!("{:.1} s", started.elapsed().as_secs_f64());
    ExitCode::SUCCESS
}
