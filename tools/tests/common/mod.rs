//! Helpers shared by the tools' tests: the brain binary, the levels, moves on
//! the wire and the brain's settings.
#![allow(dead_code)]

use piskrs_tools::gomocup::{Invocation, Settings};

pub const BRAIN: &str = env!("CARGO_BIN_EXE_pbrain-piskrs");

pub const LEVELS: [&str; 4] = ["classic", "cha", "strong", "tree"];

pub fn parse_move(reply: &str) -> Option<(u8, u8)> {
    let (x, y) = reply.split_once(',')?;
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(x) || !digits(y) {
        return None;
    }
    Some((x.parse().ok()?, y.parse().ok()?))
}

pub fn settings(level: &str) -> Settings {
    let args = ["--level".to_string(), level.to_string()];
    match Settings::from_args(args) {
        Ok(Invocation::Run(settings)) => settings,
        _ => panic!("settings"),
    }
}
