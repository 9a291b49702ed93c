//! pbrain-piskrs: piskrs as a Gomocup (Piskvork) brain on stdin/stdout.
//!
//! `pbrain-piskrs [--level classic|cha|strong|tree] [--budget N] [--seed N]`
//! (with no level: the tree on a clock, Strong without one); the protocol is
//! in `piskrs_tools::gomocup` (tools/src/gomocup/). Each reply is flushed at
//! once.

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Instant;

use piskrs_tools::gomocup::{Brain, Invocation, Settings, USAGE, read_line};

fn main() -> ExitCode {
    let settings = match Settings::from_args(std::env::args().skip(1)) {
        Ok(Invocation::Run(settings)) => settings,
        Ok(Invocation::Help) => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(message) => {
            eprintln!("pbrain-piskrs: {message}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    match serve(Brain::new(settings)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("pbrain-piskrs: {error}");
            ExitCode::FAILURE
        }
    }
}

/// Answers commands until END or the end of the input.
fn serve(mut brain: Brain) -> io::Result<()> {
    let mut input = io::stdin().lock();
    let mut output = io::stdout().lock();
    while let Some(bytes) = read_line(&mut input)? {
        let received = Instant::now();
        let reply = brain.handle_at(&String::from_utf8_lossy(&bytes), received);
        for line in &reply.lines {
            writeln!(output, "{line}")?;
        }
        output.flush()?;
        if reply.quit {
            break;
        }
    }
    Ok(())
}
