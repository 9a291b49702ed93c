//! How a contestant is written on the command line (a level and its budget,
//! or an external brain's command), and the names the arena prints.

use piskrs::rules::WinRule;

use super::{Contestant, ExternalBrain};
use crate::player::Player;

/// How a contestant is written on the command line: a level ([`parse_engine`])
/// or `brain:PROGRAM [ARGUMENTS]` (split at white space).
pub fn parse_contestant(text: &str, default_budget: u32) -> Result<Contestant, String> {
    match text.strip_prefix("brain:") {
        Some(command) => {
            let mut words = command.split_whitespace().map(str::to_string);
            let Some(program) = words.next() else {
                return Err(format!("'{text}': brain:PROGRAM [ARGUMENTS]"));
            };
            Ok(Contestant::Brain(ExternalBrain {
                program,
                args: words.collect(),
                infos: Vec::new(),
            }))
        }
        None => parse_engine(text, default_budget).map(Contestant::Level),
    }
}

/// The name of a contestant: its level's ([`engine_name`]) or `brain:PROGRAM`
/// (the program's file name).
pub fn contestant_name(contestant: &Contestant) -> String {
    match contestant {
        Contestant::Level(player) => engine_name(*player),
        Contestant::Brain(brain) => {
            let file = std::path::Path::new(&brain.program)
                .file_name()
                .map_or(brain.program.clone(), |f| f.to_string_lossy().into_owned());
            let mut name = format!("brain:{file}");
            for arg in &brain.args {
                name.push(' ');
                name.push_str(arg);
            }
            name
        }
    }
}

/// How an engine is written on the command line: classic, cha, strong,
/// strong:BUDGET, tree or tree:BUDGET (Strong's tree, see `Player`),
/// threats or threats:BUDGET (Strong before the tree).
pub fn parse_engine(text: &str, default_budget: u32) -> Result<Player, String> {
    let known = "classic, cha, strong, strong:BUDGET, tree, tree:BUDGET, threats or threats:BUDGET";
    let searcher = |name: &str, budget: u32| match name {
        "tree" => Player::tree(budget),
        "threats" => Player::threats(budget),
        _ => Player::strong(budget),
    };
    match text.split_once(':') {
        None => match text {
            "classic" => Ok(Player::CLASSIC),
            "cha" => Ok(Player::CHA),
            "strong" | "tree" | "threats" => Ok(searcher(text, default_budget)),
            _ => Err(format!("'{text}': {known}")),
        },
        Some((name @ ("strong" | "tree" | "threats"), budget)) => match budget.parse::<u32>() {
            Ok(budget) if budget >= 1 => Ok(searcher(name, budget)),
            _ => Err(format!(
                "'{text}': the budget is a number of nodes, 1 or more"
            )),
        },
        Some(_) => Err(format!(
            "'{text}': only strong, tree and threats take a budget (strong:BUDGET)"
        )),
    }
}

pub fn engine_name(engine: Player) -> String {
    match engine.strong_budget() {
        Some(budget) if engine.tree => format!("tree:{budget}"),
        Some(budget) if engine.threats => format!("threats:{budget}"),
        Some(budget) => format!("strong:{budget}"),
        None if engine == Player::CHA => "cha".to_string(),
        None => "classic".to_string(),
    }
}

pub fn rule_name(rule: WinRule) -> &'static str {
    match rule {
        WinRule::FiveOrMore => "freestyle",
        WinRule::ExactlyFive => "exact five",
    }
}

/// The command line read a flag at a time, for the arena and the
/// tournament: `--flag VALUE` or `--flag=VALUE`.
pub struct Flags {
    args: std::vec::IntoIter<String>,
    /// The value after the last flag's `=`, if it had one.
    inline: Option<String>,
}

impl Flags {
    pub fn new(args: Vec<String>) -> Flags {
        Flags {
            args: args.into_iter(),
            inline: None,
        }
    }

    /// The next argument: the flag (`--flag=VALUE` gives `--flag`, its value
    /// kept for [`Flags::value`]) and the argument as written.
    pub fn next_flag(&mut self) -> Option<(String, String)> {
        let arg = self.args.next()?;
        self.inline = None;
        match arg.split_once('=') {
            Some((flag, value)) if flag.starts_with("--") => {
                self.inline = Some(value.to_string());
                Some((flag.to_string(), arg))
            }
            _ => Some((arg.clone(), arg)),
        }
    }

    /// The value of `flag`: after its `=`, or the next argument.
    pub fn value(&mut self, flag: &str) -> Result<String, String> {
        self.inline
            .take()
            .or_else(|| self.args.next())
            .ok_or(format!("{flag} needs a value"))
    }
}

/// What a tool's parsed command line comes to: its options, or the exit
/// code once the usage is printed (asked for with --help: success; after a
/// mistake, on stderr with the message: 2).
pub fn options_or_usage<T>(
    program: &str,
    usage: &str,
    parsed: Result<Option<T>, String>,
) -> Result<T, std::process::ExitCode> {
    match parsed {
        Ok(Some(options)) => Ok(options),
        Ok(None) => {
            println!("{usage}");
            Err(std::process::ExitCode::SUCCESS)
        }
        Err(message) => {
            eprintln!("{program}: {message}\n{usage}");
            Err(std::process::ExitCode::from(2))
        }
    }
}
