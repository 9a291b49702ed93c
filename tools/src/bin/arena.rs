//! arena: two piskrs levels (or a level and an external Gomocup brain, or two
//! brains) play a match and the results come out as a table.
//!
//! `arena --a strong:1600 --b classic --games 200 --rule freestyle --size 19 --seed 1`
//! `arena --a brain:target/release/pbrain-piskrs --b brain:PATH/pbrain-rapfi --turn-ms 200 --openings random`
//!
//! The match logic is in `piskrs_tools::arena` (tools/src/arena/, which
//! tools/tests/arena.rs and the examples use too). Between levels, the
//! table on stdout depends only on the arguments; times go to stderr.

use std::process::ExitCode;
use std::time::Instant;

use piskrs::rules::WinRule;
use piskrs_tools::arena::{
    self, Contestant, Flags, MatchSettings, Openings, TimeControl, contestant_name, describe,
    options_or_usage, parse_contestant,
};

/// Strong's budget when `strong` is given without one: as PISKRS.COM ships
/// (its default thinking time on the reference 386).
const DEFAULT_BUDGET: u32 = piskrs::app::settings::DEFAULT_STRONG_BUDGET;

const USAGE: &str = "\
usage: arena --a WHO --b WHO [--games N] [--rule freestyle|exact|renju] [--size 15|19|20]
             [--seed N|N-M] [--openings 1|2|3|random|outer-open|swap2] [--verbose] [--jobs N]
             [--turn-ms N] [--match-ms N] [--grace-ms N] [--pause-ms N]
             [--info-a 'KEY VALUE'] [--info-b 'KEY VALUE']
  WHO is a level: classic, cha, strong or strong:BUDGET (strong alone: 470 nodes),
      Strong's tree on its own (the same moves): tree or tree:BUDGET,
      Strong before the tree (threat search and two plies): threats or threats:BUDGET,
      or an external Gomocup brain: 'brain:PROGRAM [ARGUMENTS]', started for each game
  --games    how many games (default 200); openings are played twice, colours swapped
  --rule     freestyle: five or more wins (default); exact: exactly five;
             renju: five or more, and Renju binds Black: a double three, a double
             four or an overline (without a five) by Black loses; White's
             overline wins (a brain is sent INFO rule 4)
  --size     the board's side (default 19)
  --seed     the random sources' seed, 0..=65535 (default 1); it draws random openings too;
             N-M plays the match once for each seed from N to M, a line each, then
             the table of all their games
  --openings 1: the 14 openings of the tables (default); 2: a second set of 14;
             3: 14 balanced by Classic against itself; random: 1-3 stones within
             two points of the centre, colours alternating, drawn from --seed;
             outer-open: an empty board, Black's first stone on the two outer rows
             or columns (seeds/001's Outer-Open; a brain is sent INFO outer_open);
             swap2: the sides choose the opening and colours by Swap2, A the first
             player in the even games (a brain is asked with SWAP2BOARD, a level
             answers as pbrain-piskrs does); a wrong answer loses
  --verbose  a line for every game
  --jobs     games played at once (default 1): the same games and table, sooner
             on a machine with that many cores; not with --turn-ms or --match-ms
             (a brain on a clock has the machine to itself)
  For brains (the levels are limited by nodes, not time):
  --turn-ms  INFO timeout_turn, ms (default 5000); a reply over it loses on time
  --match-ms INFO timeout_match, ms for all of a game's replies (default 0: none);
             INFO time_left is sent before every move
  --grace-ms how far over the limit a reply may go before it loses (default 0)
  --pause-ms the wait after a brain's answer before its next command (default 20;
             Rapfi drops a command that comes within a few ms of its answer)
  --info-a, --info-b  one more INFO line for A's or B's brain (repeatable), e.g.
             'max_node 1600'; every brain gets THREAD_NUM 1";

struct Options {
    settings: MatchSettings,
    verbose: bool,
    jobs: usize,
    /// The last seed of `--seed N-M` (the settings hold the first).
    last_seed: u16,
}

fn parse(args: Vec<String>) -> Result<Option<Options>, String> {
    let mut a = None;
    let mut b = None;
    let mut games = 200;
    let mut rule = WinRule::FiveOrMore;
    let mut renju = false;
    let mut side = 19;
    let mut seed = 1;
    let mut last_seed = None;
    let mut verbose = false;
    let mut jobs = 1;
    let mut clocked = false;
    let mut openings = Openings::Fixed(&arena::OPENINGS);
    let mut time = TimeControl::default();
    let mut infos: [Vec<String>; 2] = [Vec::new(), Vec::new()];
    let mut args = Flags::new(args);
    while let Some((flag, arg)) = args.next_flag() {
        let mut value = || args.value(&flag);
        match flag.as_str() {
            "-h" | "--help" => return Ok(None),
            "-v" | "--verbose" => verbose = true,
            "--a" => a = Some(parse_contestant(&value()?, DEFAULT_BUDGET)?),
            "--b" => b = Some(parse_contestant(&value()?, DEFAULT_BUDGET)?),
            "--info-a" => infos[0].push(value()?),
            "--info-b" => infos[1].push(value()?),
            "--turn-ms" | "--match-ms" | "--grace-ms" | "--pause-ms" => {
                let text = value()?;
                let ms: u64 = text
                    .parse()
                    .map_err(|_| format!("{flag} {text}: a number of milliseconds"))?;
                match flag.as_str() {
                    "--turn-ms" if ms == 0 => {
                        return Err("--turn-ms 0: the arena needs a limit".to_string());
                    }
                    "--turn-ms" => (time.turn_ms, clocked) = (ms, true),
                    "--match-ms" => (time.match_ms, clocked) = (ms, clocked || ms > 0),
                    "--grace-ms" => time.grace_ms = ms,
                    _ => time.pause_ms = ms,
                }
            }
            "--jobs" => {
                let text = value()?;
                jobs = match text.parse::<usize>() {
                    Ok(n @ 1..=64) => n,
                    _ => return Err(format!("--jobs {text}: 1 to 64")),
                };
            }
            "--games" => {
                let text = value()?;
                games = text
                    .parse()
                    .map_err(|_| format!("--games {text}: a number"))?;
            }
            "--rule" => {
                (rule, renju) = match value()?.as_str() {
                    "freestyle" => (WinRule::FiveOrMore, false),
                    "exact" => (WinRule::ExactlyFive, false),
                    "renju" => (WinRule::FiveOrMore, true),
                    other => return Err(format!("--rule {other}: freestyle, exact or renju")),
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
                    "1" => Openings::Fixed(&arena::OPENINGS),
                    "2" => Openings::Fixed(&arena::SECOND_OPENINGS),
                    "3" => Openings::Fixed(&arena::THIRD_OPENINGS),
                    "random" => Openings::Random,
                    "outer-open" => Openings::OuterOpen,
                    "swap2" => Openings::Swap2,
                    other => {
                        return Err(format!(
                            "--openings {other}: 1, 2, 3, random, outer-open or swap2"
                        ));
                    }
                }
            }
            "--seed" => {
                let text = value()?;
                let bad = || format!("--seed {text}: 0..=65535, or a range N-M with N <= M");
                let (first, last) = text.split_once('-').unwrap_or((&text, &text));
                seed = first.parse().map_err(|_| bad())?;
                let last: u16 = last.parse().map_err(|_| bad())?;
                if last < seed {
                    return Err(bad());
                }
                last_seed = Some(last);
            }
            _ => return Err(format!("unknown argument {arg}")),
        }
    }
    if jobs > 1 && clocked {
        return Err(
            "--jobs: a match on a clock (--turn-ms, --match-ms) is played one game at a time"
                .to_string(),
        );
    }
    let (Some(mut a), Some(mut b)) = (a, b) else {
        return Err("--a and --b are required".to_string());
    };
    for (contestant, infos, flag) in [
        (&mut a, &infos[0], "--info-a"),
        (&mut b, &infos[1], "--info-b"),
    ] {
        match contestant {
            Contestant::Brain(brain) => brain.infos = infos.clone(),
            Contestant::Level(_) if !infos.is_empty() => {
                return Err(format!("{flag}: only a brain takes INFO lines"));
            }
            Contestant::Level(_) => {}
        }
    }
    Ok(Some(Options {
        settings: MatchSettings {
            a,
            b,
            games,
            side,
            rule,
            renju,
            seed,
            openings,
            time,
        },
        verbose,
        jobs,
        last_seed: last_seed.unwrap_or(seed),
    }))
}

fn main() -> ExitCode {
    let parsed = parse(std::env::args().skip(1).collect());
    let options = match options_or_usage("arena", USAGE, parsed) {
        Ok(options) => options,
        Err(code) => return code,
    };
    let mut settings = options.settings;
    let seeds = settings.seed..=options.last_seed;
    let games_and_seeds = if options.last_seed == settings.seed {
        format!("{} games; seed {}", settings.games, settings.seed)
    } else {
        let (first, last) = (settings.seed, options.last_seed);
        format!("{} games a seed; seeds {first}-{last}", settings.games)
    };
    println!(
        "arena: A = {}, B = {}; {}x{} {}; {games_and_seeds}",
        contestant_name(&settings.a),
        contestant_name(&settings.b),
        settings.side,
        settings.side,
        settings.rule_text(),
    );
    let brains = [&settings.a, &settings.b]
        .iter()
        .any(|c| matches!(c, Contestant::Brain(_)));
    if brains {
        let time = settings.time;
        println!(
            "brains: timeout_turn {} ms, timeout_match {} ms, grace {} ms, pause {} ms",
            time.turn_ms, time.match_ms, time.grace_ms, time.pause_ms
        );
    }
    let started = Instant::now();
    let mut tally = arena::Tally::default();
    for seed in seeds.clone() {
        settings.seed = seed;
        let one = arena::run_jobs(&settings, options.jobs, |record| {
            tally.add(record);
            if options.verbose || record.illegal.is_some() {
                println!("{}", describe(&settings, record));
            }
        });
        if seeds.start() != seeds.end() {
            println!(
                "seed {seed}: A scores {} of {} ({}; as Black {}, as White {})",
                one.total.a_score(),
                one.total.games,
                one.total.a_percent(),
                one.a_black.a_percent(),
                one.a_white.a_percent()
            );
        }
    }
    print!("{}", tally.table());
    println!(
        "A's score {} +- {:.1} points (two standard errors)",
        tally.total.a_percent(),
        tally.total.a_margin()
    );
    let _ = std::io::Write::flush(&mut std::io::stdout());
    if tally.illegal > tally.on_time {
        println!(
            "illegal moves: {} (each lost its game)",
            tally.illegal - tally.on_time
        );
    }
    if brains {
        println!("lost on time: {}", tally.on_time);
    }
    let per_move = |nodes: u64, moves: u64| nodes.checked_div(moves).unwrap_or(0);
    let mean_ms =
        |time: std::time::Duration, moves: u64| time.as_secs_f64() * 1000.0 / moves.max(1) as f64;
    eprintln!(
        "time {:.1} s; nodes per move: A {}, B {}; ms per move: A {:.1} (longest {:.1}), B {:.1} (longest {:.1})",
        started.elapsed().as_secs_f64(),
        per_move(tally.a_nodes, tally.a_moves),
        per_move(tally.b_nodes, tally.b_moves),
        mean_ms(tally.a_time, tally.a_moves),
        tally.a_longest.as_secs_f64() * 1000.0,
        mean_ms(tally.b_time, tally.b_moves),
        tally.b_longest.as_secs_f64() * 1000.0
    );
    ExitCode::SUCCESS
}
