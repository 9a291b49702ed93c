//! arena: two piskrs levels play a match and the results come out as a table.
//!
//! `arena --a strong:1600 --b classic --games 200 --rule freestyle --size 19 --seed 1`
//!
//! The match logic is in `piskrs_tools::arena` (tools/src/arena.rs, which
//! tools/tests/arena.rs and the examples use too). The
//! table on stdout depends only on the arguments; times go to stderr.

use std::process::ExitCode;
use std::time::Instant;

use piskrs::rules::WinRule;
use piskrs_tools::arena::{self, MatchSettings, describe, engine_name, parse_engine, rule_name};

/// Strong's budget when `strong` is given without one: as PISKRS.COM ships
/// (its default thinking time on the reference 386).
const DEFAULT_BUDGET: u32 = piskrs::settings::DEFAULT_STRONG_BUDGET;

const USAGE: &str = "\
usage: arena --a LEVEL --b LEVEL [--games N] [--rule freestyle|exact] [--size 15|19|20]
             [--seed N] [--openings 1|2|3] [--verbose]
  LEVEL is classic, cha, strong or strong:BUDGET (strong alone: 1600 nodes)
  --games    how many games (default 200); openings are played twice, colours swapped
  --rule     freestyle: five or more wins (default); exact: exactly five
  --size     the board's side (default 19)
  --seed     the random sources' seed, 0..=65535 (default 1)
  --openings 1: the 14 openings of the tables (default); 2: a second set of 14;
             3: 14 balanced by Classic against itself
  --verbose  a line for every game";

struct Options {
    settings: MatchSettings,
    verbose: bool,
}

fn parse(args: Vec<String>) -> Result<Option<Options>, String> {
    let mut a = None;
    let mut b = None;
    let mut games = 200;
    let mut rule = WinRule::FiveOrMore;
    let mut side = 19;
    let mut seed = 1;
    let mut verbose = false;
    let mut openings: &'static [&'static [(i8, i8)]] = &arena::OPENINGS;
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        let (flag, inline) = match arg.split_once('=') {
            Some((flag, value)) if flag.starts_with("--") => {
                (flag.to_string(), Some(value.to_string()))
            }
            _ => (arg.clone(), None),
        };
        let mut value = || {
            inline
                .clone()
                .or_else(|| args.next())
                .ok_or(format!("{flag} needs a value"))
        };
        match flag.as_str() {
            "-h" | "--help" => return Ok(None),
            "-v" | "--verbose" => verbose = true,
            "--a" => a = Some(parse_engine(&value()?, DEFAULT_BUDGET)?),
            "--b" => b = Some(parse_engine(&value()?, DEFAULT_BUDGET)?),
            "--games" => {
                let text = value()?;
                games = text
                    .parse()
                    .map_err(|_| format!("--games {text}: a number"))?;
            }
            "--rule" => {
                rule = match value()?.as_str() {
                    "freestyle" => WinRule::FiveOrMore,
                    "exact" => WinRule::ExactlyFive,
                    other => return Err(format!("--rule {other}: freestyle or exact")),
                }
            }
            "--size" => {
                let text = value()?;
                side = match text.parse::<u8>() {
                    Ok(n @ (15 | 19 | 20)) => n,
                    _ => return Err(format!("--size {text}: 15, 19 or 20")),
                };
            }
            "--openings" => {
                openings = match value()?.as_str() {
                    "1" => &arena::OPENINGS,
                    "2" => &arena::SECOND_OPENINGS,
                    "3" => &arena::THIRD_OPENINGS,
                    other => return Err(format!("--openings {other}: 1, 2 or 3")),
                }
            }
            "--seed" => {
                let text = value()?;
                seed = text
                    .parse()
                    .map_err(|_| format!("--seed {text}: 0..=65535"))?;
            }
            _ => return Err(format!("unknown argument {arg}")),
        }
    }
    let (Some(a), Some(b)) = (a, b) else {
        return Err("--a and --b are required".to_string());
    };
    Ok(Some(Options {
        settings: MatchSettings {
            a,
            b,
            games,
            side,
            rule,
            seed,
            openings,
        },
        verbose,
    }))
}

fn main() -> ExitCode {
    let options = match parse(std::env::args().skip(1).collect()) {
        Ok(Some(options)) => options,
        Ok(None) => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(message) => {
            eprintln!("arena: {message}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let settings = options.settings;
    println!(
        "arena: A = {}, B = {}; {}x{} {}; {} games; seed {}",
        engine_name(settings.a),
        engine_name(settings.b),
        settings.side,
        settings.side,
        rule_name(settings.rule),
        settings.games,
        settings.seed
    );
    let started = Instant::now();
    let tally = arena::run(&settings, |record| {
        if options.verbose || record.illegal.is_some() {
            println!("{}", describe(&settings, record));
        }
    });
    print!("{}", tally.table());
    let _ = std::io::Write::flush(&mut std::io::stdout());
    if tally.illegal > 0 {
        println!("illegal moves: {} (each lost its game)", tally.illegal);
    }
    let per_move = |nodes: u64, moves: u64| nodes.checked_div(moves).unwrap_or(0);
    eprintln!(
        "time {:.1} s; nodes per move: A {}, B {}",
        started.elapsed().as_secs_f64(),
        per_move(tally.a_nodes, tally.a_moves),
        per_move(tally.b_nodes, tally.b_moves)
    );
    ExitCode::SUCCESS
}
