//! How long pbrain-piskrs takes to answer a TURN on the Gomocup clock,
//! measured from outside as a manager would: from the write of the command
//! to the reply's line, over fresh processes (issue 51 found 12 replies of
//! 1,615 past `timeout_turn 100`, most of them the first timed move of a new
//! process). Not a test: it prints figures, which depend on how busy the
//! machine is.
//!
//! `cargo run --release --example brain_latency -- [BRAIN] [PROCESSES] [MOVES] [TURN_MS]`
//!
//! BRAIN defaults to target/release/pbrain-piskrs (build it first with
//! `cargo build --release --bin pbrain-piskrs`), then 40 processes, 15 moves
//! each, `timeout_turn 100`. Each process gets START 20, INFO timeout_turn,
//! INFO timeout_match 0 and BEGIN (its opening stone, untimed), then TURNs
//! of an opponent that plays a random free point within two of a stone (a
//! seeded random source: the same games each run, as far as the brain's
//! moves are the same). The first timed move of each process is reported
//! apart: later ones are often forced and answered at once.

use std::collections::HashSet;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::Instant;

use piskrs::support::random::Random;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let brain = args
        .first()
        .cloned()
        .unwrap_or_else(|| "target/release/pbrain-piskrs".to_string());
    let number = |i: usize, default: u64| -> u64 {
        args.get(i)
            .map_or(default, |a| a.parse().expect("a number"))
    };
    let (processes, moves, turn_ms) = (number(1, 40), number(2, 15), number(3, 100));
    let mut random = Random::new(7);
    // (the move's number in its process from 0, the milliseconds)
    let mut replies: Vec<(u64, f64)> = Vec::new();
    for _ in 0..processes {
        let mut child = Command::new(&brain)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("{brain}: {e}"));
        let mut input = child.stdin.take().expect("piped");
        let mut output = BufReader::new(child.stdout.take().expect("piped"));
        let mut send = |line: &str| {
            input
                .write_all(format!("{line}\r\n").as_bytes())
                .expect("write");
            input.flush().expect("flush");
        };
        let mut receive = || {
            let mut line = String::new();
            output.read_line(&mut line).expect("read");
            line.trim().to_string()
        };
        send("START 20");
        assert_eq!(receive(), "OK");
        send(&format!("INFO timeout_turn {turn_ms}"));
        send("INFO timeout_match 0");
        send("BEGIN");
        let mut taken: HashSet<(i32, i32)> = HashSet::new();
        taken.insert(parse(&receive()).expect("BEGIN's move"));
        for n in 0..moves {
            let stones: Vec<(i32, i32)> = {
                let mut all: Vec<_> = taken.iter().copied().collect();
                all.sort();
                all
            };
            let point = loop {
                let (x, y) = stones[random.below(stones.len() as u16) as usize];
                let point = (
                    x + random.below(5) as i32 - 2,
                    y + random.below(5) as i32 - 2,
                );
                let on = (0..20).contains(&point.0) && (0..20).contains(&point.1);
                if on && !taken.contains(&point) {
                    break point;
                }
            };
            taken.insert(point);
            let sent = Instant::now();
            send(&format!("TURN {},{}", point.0, point.1));
            let reply = receive();
            let ms = sent.elapsed().as_secs_f64() * 1000.0;
            let Some(answer) = parse(&reply) else { break };
            taken.insert(answer);
            replies.push((n, ms));
        }
        send("END");
        let _ = child.wait();
    }
    report(&brain, turn_ms, &replies);
}

/// `x,y`, or None for anything else (the game ended with ERROR or MESSAGE).
fn parse(reply: &str) -> Option<(i32, i32)> {
    let (x, y) = reply.split_once(',')?;
    Some((x.parse().ok()?, y.parse().ok()?))
}

fn report(brain: &str, turn_ms: u64, replies: &[(u64, f64)]) {
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    let load = load.split_whitespace().next().unwrap_or("?");
    println!("{brain}: timeout_turn {turn_ms}, load average {load}");
    /// Which replies a line counts, by their move's number in the process.
    type Keep = fn(u64) -> bool;
    let parts: [(&str, Keep); 3] = [
        ("all replies", |_| true),
        ("first timed moves", |n| n == 0),
        ("later moves", |n| n > 0),
    ];
    for (what, keep) in parts {
        let mut ms: Vec<f64> = replies
            .iter()
            .filter(|&&(n, _)| keep(n))
            .map(|&(_, ms)| ms)
            .collect();
        if ms.is_empty() {
            continue;
        }
        ms.sort_by(f64::total_cmp);
        let at = |q: f64| ms[((ms.len() - 1) as f64 * q).round() as usize];
        let over = ms.iter().filter(|&&m| m > turn_ms as f64).count();
        println!(
            "  {what}: {} replies, median {:.1} ms, 99% {:.1}, worst {:.1}; past {turn_ms} ms: {over}",
            ms.len(),
            at(0.5),
            at(0.99),
            ms[ms.len() - 1],
        );
    }
}
