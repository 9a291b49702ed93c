//! tournament: several entrants (piskrs's levels, Gomocup brains) in an
//! all-play-all, a double all-play-all or a Swiss, as seeds/001 runs one;
//! a progress line a game, then the crosstable and the standings.
//!
//! `tournament --rule outer-open --match-ms 1200000 classic cha strong 'brain:PATH/pbrain-rapfi'`
//!
//! The rounds and tables are in `piskrs_tools::tournament`; each game is
//! the arena's (`piskrs_tools::arena`).

use std::process::ExitCode;
use std::time::Instant;

use piskrs::rules::WinRule;
use piskrs_tools::arena::{
    Contestant, Flags, Openings, TimeControl, contestant_name, loss_text, options_or_usage,
    parse_contestant, rule_name,
};
use piskrs_tools::tournament::{
    Format, SEED_SWISS_ROUNDS, Tournament, TournamentGame, file_safe, psq_text,
};

/// Strong's budget when `strong` is given without one, as in the arena.
const DEFAULT_BUDGET: u32 = piskrs::app::settings::DEFAULT_STRONG_BUDGET;

const USAGE: &str = "\
usage: tournament [--format round-robin|double|swiss] [--rounds N]
                  [--rule freestyle|exact|outer-open|renju] [--size 15|19|20] [--seed N]
                  [--match-ms N] [--turn-ms N] [--jobs N] [--out DIR] ENTRANT...
  ENTRANT    as the arena's WHO: classic, cha, strong or strong:BUDGET (470 nodes
             alone), tree[:BUDGET], threats[:BUDGET], or 'brain:PROGRAM [ARGUMENTS]',
             a Gomocup brain started for each game; two or more
  --format   round-robin: each pair once; double: each pair twice, colours
             exchanged; swiss: rounds paired by score. Default as seeds/001:
             double for 6 entrants or fewer, round-robin for 12 or fewer, else swiss
  --rounds   the Swiss's rounds (default 11)
  --rule     freestyle: five or more wins (default); exact: exactly five;
             outer-open: freestyle from an empty board, Black's first stone on
             the two outer rows or columns (brains are sent INFO outer_open;
             one that opens elsewhere loses); renju: five or more, and a double
             three, double four or overline (without a five) by Black loses, as
             the arena's --rule renju (brains are sent INFO rule 4)
  --size     the board's side (default 15)
  --seed     0..=65535 (default 1): the openings under freestyle, exact and renju (1-3
             stones near the centre, as the arena's --openings random; a pair's
             two games of a double play the same one) and the levels' choices
  --match-ms INFO timeout_match: a brain's time for all its moves in a game (default
             0: none); seeds/001's 20 minutes is 1200000
  --turn-ms  INFO timeout_turn: the most for one move (default 5000, or with
             --match-ms the match's time)
             A brain over its time, or with an illegal move, a crash or a broken
             protocol loses the game; the levels play by nodes and are only timed
  --jobs     games of a round played at once (default 1, so that no program
             loses time to another); not with --match-ms or --turn-ms
  --out DIR  save each game as DIR/NNN-BLACK-WHITE.psq (moves with their times)
             and the crosstable and standings as DIR/crosstable.txt
  A bye (Swiss, odd field) scores a win. Tie-breaks: Sonneborn-Berger for an
  all-play-all, Buchholz for a Swiss.";

struct Options {
    tournament: Tournament,
    out: Option<std::path::PathBuf>,
}

fn parse(args: Vec<String>) -> Result<Option<Options>, String> {
    let mut entrants = Vec::new();
    let mut format = None;
    let mut rounds = SEED_SWISS_ROUNDS;
    let (mut rule, mut openings) = (WinRule::FiveOrMore, Openings::Random);
    let mut renju = false;
    let mut side = 15;
    let mut seed = 1;
    let mut time = TimeControl::default();
    let (mut turn_given, mut clocked) = (false, false);
    let mut jobs = 1;
    let mut out = None;
    let mut args = Flags::new(args);
    while let Some((flag, arg)) = args.next_flag() {
        let mut value = || args.value(&flag);
        let number = |text: String| {
            text.parse::<u64>()
                .map_err(|_| format!("{flag} {text}: a number"))
        };
        match flag.as_str() {
            "-h" | "--help" => return Ok(None),
            "--format" => {
                format = Some(match value()?.as_str() {
                    "round-robin" => Format::RoundRobin,
                    "double" => Format::Double,
                    "swiss" => Format::Swiss { rounds: 0 },
                    other => return Err(format!("--format {other}: round-robin, double or swiss")),
                })
            }
            "--rounds" => match number(value()?)? {
                n @ 1..=99 => rounds = n as u32,
                n => return Err(format!("--rounds {n}: 1 to 99")),
            },
            "--rule" => {
                (rule, openings, renju) = match value()?.as_str() {
                    "freestyle" => (WinRule::FiveOrMore, Openings::Random, false),
                    "exact" => (WinRule::ExactlyFive, Openings::Random, false),
                    "outer-open" => (WinRule::FiveOrMore, Openings::OuterOpen, false),
                    "renju" => (WinRule::FiveOrMore, Openings::Random, true),
                    other => {
                        return Err(format!(
                            "--rule {other}: freestyle, exact, outer-open or renju"
                        ));
                    }
                }
            }
            "--size" => match number(value()?)? {
                n @ (15 | 19 | 20) => side = n as u8,
                n => return Err(format!("--size {n}: 15, 19 or 20")),
            },
            "--seed" => match number(value()?)? {
                n @ 0..=65535 => seed = n as u16,
                n => return Err(format!("--seed {n}: 0..=65535")),
            },
            "--match-ms" => {
                time.match_ms = number(value()?)?;
                clocked |= time.match_ms > 0;
            }
            "--turn-ms" => match number(value()?)? {
                0 => return Err("--turn-ms 0: a brain needs a limit".to_string()),
                ms => (time.turn_ms, turn_given, clocked) = (ms, true, true),
            },
            "--jobs" => match number(value()?)? {
                n @ 1..=64 => jobs = n as usize,
                n => return Err(format!("--jobs {n}: 1 to 64")),
            },
            "--out" => out = Some(std::path::PathBuf::from(value()?)),
            _ if flag.starts_with('-') => return Err(format!("unknown argument {arg}")),
            _ => entrants.push(parse_contestant(&arg, DEFAULT_BUDGET)?),
        }
    }
    if entrants.len() < 2 {
        return Err("two entrants or more are needed".to_string());
    }
    if jobs > 1 && clocked {
        return Err("--jobs: a tournament on a clock is played one game at a time".to_string());
    }
    if time.match_ms > 0 && !turn_given {
        time.turn_ms = time.match_ms;
    }
    let format = match format {
        None => Format::for_field(entrants.len()),
        Some(Format::Swiss { .. }) => Format::Swiss { rounds },
        Some(format) => format,
    };
    Ok(Some(Options {
        tournament: Tournament {
            entrants,
            format,
            side,
            rule,
            renju,
            openings,
            seed,
            time,
            jobs,
        },
        out,
    }))
}

/// The progress line of a game.
fn progress(names: &[String], game: &TournamentGame, games: u32) -> String {
    let (black, white) = (game.pairing.black, game.pairing.white);
    let record = &game.record;
    let (black_time, white_time) = if record.a_black {
        (record.a_time, record.b_time)
    } else {
        (record.b_time, record.a_time)
    };
    let mut line = format!(
        "round {} game {}/{games}: {} (Black) v {} (White): {} in {} stones; Black {:.1} s, White {:.1} s",
        game.round + 1,
        game.number,
        names[black],
        names[white],
        game.result_text(),
        record.stones,
        black_time.as_secs_f64(),
        white_time.as_secs_f64()
    );
    if let Some(illegal) = &record.illegal {
        let loser = if illegal.by_a == record.a_black {
            black
        } else {
            white
        };
        line.push_str(&format!("; {} {}", names[loser], loss_text(illegal)));
    }
    line
}

fn main() -> ExitCode {
    let parsed = parse(std::env::args().skip(1).collect());
    let options = match options_or_usage("tournament", USAGE, parsed) {
        Ok(options) => options,
        Err(code) => return code,
    };
    let tournament = options.tournament;
    let names: Vec<String> = tournament.entrants.iter().map(contestant_name).collect();
    if let Some(dir) = &options.out
        && let Err(error) = std::fs::create_dir_all(dir)
    {
        eprintln!("tournament: --out {}: {error}", dir.display());
        return ExitCode::FAILURE;
    }
    let rule = match tournament.openings {
        Openings::OuterOpen => "Outer-Open",
        _ if tournament.renju => "renju",
        _ => rule_name(tournament.rule),
    };
    println!(
        "tournament: {} entrants, {}, {} rounds; {}x{} {rule}; seed {}",
        names.len(),
        tournament.format.name(),
        tournament.rounds(),
        tournament.side,
        tournament.side,
        tournament.seed
    );
    if tournament
        .entrants
        .iter()
        .any(|e| matches!(e, Contestant::Brain(_)))
    {
        let time = tournament.time;
        println!(
            "brains: timeout_turn {} ms, timeout_match {} ms",
            time.turn_ms, time.match_ms
        );
    }
    let started = Instant::now();
    let mut failed_writes = 0;
    let results = tournament.run(
        |game| {
            println!("{}", progress(&names, game, tournament.games()));
            if let Some(dir) = &options.out {
                let (black, white) = (&names[game.pairing.black], &names[game.pairing.white]);
                let file = dir.join(format!(
                    "{:03}-{}-{}.psq",
                    game.number,
                    file_safe(black),
                    file_safe(white)
                ));
                let text = psq_text(
                    tournament.side,
                    &game.record.opening_stones,
                    &game.record.moves,
                    [black, white],
                    game.result_text(),
                );
                if let Err(error) = std::fs::write(&file, text) {
                    eprintln!("tournament: {}: {error}", file.display());
                    failed_writes += 1;
                }
            }
        },
        |round, entrant, scores| {
            let what = if scores { "bye (a win)" } else { "rests" };
            println!("round {} {what}: {}", round + 1, names[entrant]);
        },
    );
    let tie_break = tournament.format.tie_break();
    let tables = format!(
        "{}\n{}",
        results.crosstable(&names, tie_break, tournament.rounds()),
        results.standings_text(&names, tie_break)
    );
    print!("\n{tables}");
    eprintln!("time {:.1} s", started.elapsed().as_secs_f64());
    if let Some(dir) = &options.out {
        let file = dir.join("crosstable.txt");
        if let Err(error) = std::fs::write(&file, &tables) {
            eprintln!("tournament: {}: {error}", file.display());
            failed_writes += 1;
        }
    }
    if failed_writes > 0 {
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
