//! The brain's command line: which level plays, with what budget and seed,
//! and what thinks when the manager gives a time limit.

use crate::player::Player;

/// Strong's node budget when `--budget` is not given: what PISKRS.COM searches
/// in its default thinking time on the reference 386 (settings.rs), so the
/// brain plays as the game ships.
pub const DEFAULT_BUDGET: u32 = piskrs::app::settings::DEFAULT_STRONG_BUDGET;

/// How the brain was started: its level and random seed, and what thinks
/// when the manager gives a time limit.
#[derive(Clone, Copy)]
pub struct Settings {
    /// What plays with no time limit (or `timeout_turn 0`), and the first
    /// move of a game: a fixed budget, as PISKRS.COM searches.
    pub engine: Player,
    pub seed: u16,
    /// What thinks for the time INFO timeout_turn, timeout_match and
    /// time_left allow (see `timed`); None with `--budget` or a level that
    /// does not search: then `engine` plays whatever the time.
    pub timed: Option<Player>,
}

impl Default for Settings {
    /// No flags: Strong (the tree) at PISKRS.COM's budget with no time
    /// limit, and the tree on a clock when the manager gives time: it
    /// searches from that budget until its deadline stops it (at 200 ms a
    /// move against Rapfi 26.2% over five seeds, where Strong before the
    /// tree, which saturated within milliseconds, scored 4%:
    /// docs/strength.md, "Today's figures").
    fn default() -> Settings {
        Settings {
            engine: Player::strong(DEFAULT_BUDGET),
            seed: 1,
            timed: Some(Player::tree(DEFAULT_BUDGET)),
        }
    }
}

/// What the command line asked for.
pub enum Invocation {
    Run(Settings),
    Help,
}

pub const USAGE: &str = "\
usage: pbrain-piskrs [--level classic|cha|strong|tree] [--budget N] [--seed N]
  a Gomocup (Piskvork) brain on stdin/stdout
  --level   the computer's level (default strong: the tree, as PISKRS.COM
            plays it; tree is the same search)
  --budget  a fixed node budget, 1 or more, whatever the time: Strong's gives
            the same moves as PISKRS.COM at that budget. Without it, the time
            the manager gives is used (INFO timeout_turn, timeout_match,
            time_left): the tree searches from 470 nodes until the deadline
            stops it; with no time limit given (or timeout_turn 0) it plays
            470 nodes
  --seed    the random source's seed, 0..=65535 (default 1)";

impl Settings {
    /// Parses the command line (without the program name).
    pub fn from_args<I: IntoIterator<Item = String>>(args: I) -> Result<Invocation, String> {
        let mut level: Option<String> = None;
        let mut budget: Option<u32> = None;
        let mut seed: u16 = 1;
        let mut args = args.into_iter();
        while let Some(arg) = args.next() {
            let (flag, inline) = match arg.split_once('=') {
                Some((flag, value)) if flag.starts_with("--") => (flag.to_string(), Some(value)),
                _ => (arg.clone(), None),
            };
            let mut value = |name: &str| -> Result<String, String> {
                match inline {
                    Some(value) => Ok(value.to_string()),
                    None => args.next().ok_or(format!("{name} needs a value")),
                }
            };
            match flag.as_str() {
                "-h" | "--help" => return Ok(Invocation::Help),
                "--level" => level = Some(value("--level")?),
                "--budget" => {
                    let text = value("--budget")?;
                    match text.parse::<u32>() {
                        Ok(n) if n >= 1 => budget = Some(n),
                        _ => return Err(format!("--budget {text}: a number of nodes, 1 or more")),
                    }
                }
                "--seed" => {
                    let text = value("--seed")?;
                    seed = text
                        .parse()
                        .map_err(|_| format!("--seed {text}: a number 0..=65535"))?;
                }
                _ => return Err(format!("unknown argument {arg}")),
            }
        }
        let Some(level) = level else {
            let settings = match budget {
                Some(budget) => Settings {
                    engine: Player::strong(budget),
                    seed,
                    timed: None,
                },
                None => Settings {
                    seed,
                    ..Settings::default()
                },
            };
            return Ok(Invocation::Run(settings));
        };
        let engine = match level.as_str() {
            "strong" => Player::strong(budget.unwrap_or(DEFAULT_BUDGET)),
            "tree" => Player::tree(budget.unwrap_or(DEFAULT_BUDGET)),
            other => {
                if budget.is_some() {
                    return Err("--budget applies only to --level strong and tree".to_string());
                }
                match other {
                    "classic" => Player::CLASSIC,
                    "cha" => Player::CHA,
                    _ => return Err(format!("--level {other}: classic, cha, strong or tree")),
                }
            }
        };
        let timed = (engine.strong_budget().is_some() && budget.is_none()).then_some(engine);
        Ok(Invocation::Run(Settings {
            engine,
            seed,
            timed,
        }))
    }
}
