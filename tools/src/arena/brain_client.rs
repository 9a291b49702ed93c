//! The arena's side of an external Gomocup (Piskvork protocol) brain: its
//! program started for each game, its commands sent, its replies read on a
//! thread of their own and timed against the match's [`TimeControl`].

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use piskrs::rules::WinRule;
use piskrs::rules::coord::Point;
use piskrs::rules::game::Game;

use super::{MatchSettings, Openings, Turn};
use crate::gomocup::wire;

/// An external Gomocup (Piskvork protocol) brain: a program the arena starts
/// for each game and talks to through its standard input and output.
///
/// The arena sends START, INFO timeout_turn, timeout_match (and time_left
/// before every move when it is not 0), game_type 1, rule, outer_open for
/// an Outer-Open game ([`Openings::OuterOpen`](super::Openings)) and
/// THREAD_NUM 1 (one core each), then `infos` (e.g. `max_node 1600`); then BEGIN or
/// BOARD for its first move and TURN after that; END at the end of the game.
/// MESSAGE and DEBUG lines are read past. Every reply is timed from the
/// command's last line to the move's line: a reply over the limit
/// ([`TimeControl`]) loses the game on time, and so does a brain that
/// answers ERROR, UNKNOWN, something that is not a move, or nothing.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ExternalBrain {
    pub program: String,
    pub args: Vec<String>,
    /// More INFO lines, without the word INFO ("max_node 1600").
    pub infos: Vec<String>,
}

/// The time the external brains get (piskrs's levels in-process are limited
/// by nodes and only timed).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct TimeControl {
    /// INFO timeout_turn: the most for one reply, in milliseconds.
    pub turn_ms: u64,
    /// INFO timeout_match: the most for all the replies of one game, in
    /// milliseconds; 0 for no limit.
    pub match_ms: u64,
    /// How much longer than the limit a reply may take before it loses on
    /// time, in milliseconds.
    pub grace_ms: u64,
    /// How long the arena waits after a brain's answer before it sends that
    /// brain its next command, in milliseconds (not counted in its time):
    /// Rapfi drops a command that arrives within a few milliseconds of its
    /// own answer.
    pub pause_ms: u64,
}

impl Default for TimeControl {
    fn default() -> TimeControl {
        TimeControl {
            turn_ms: 5000,
            match_ms: 0,
            grace_ms: 0,
            pause_ms: 20,
        }
    }
}

/// The lines a program writes, read on a thread of their own, so that the
/// reader can wait for the next with a time limit (`recv_timeout`). The
/// channel closes when the program's output does.
pub fn lines_read_apart(output: impl Read + Send + 'static) -> Receiver<String> {
    let (sender, lines) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(output).lines() {
            let Ok(line) = line else { break };
            if sender.send(line).is_err() {
                break;
            }
        }
    });
    lines
}

/// A brain's program while a game lasts.
pub(super) struct Running {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// When its last answer came (the next command waits the pause).
    answered: Instant,
    pause: Duration,
}

/// How long START may take (a brain may load its tables then): not a move,
/// not timed against the limit.
const START_LIMIT: Duration = Duration::from_secs(30);

impl Running {
    fn start(brain: &ExternalBrain, settings: &MatchSettings) -> Result<Running, String> {
        let mut child = Command::new(&brain.program)
            .args(&brain.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|error| format!("cannot start {}: {error}", brain.program))?;
        let stdout = child.stdout.take().expect("piped stdout");
        let stdin = child.stdin.take().expect("piped stdin");
        let lines = lines_read_apart(stdout);
        let mut running = Running {
            child,
            stdin,
            lines,
            answered: Instant::now(),
            pause: Duration::from_millis(settings.time.pause_ms),
        };
        running.send(&[format!("START {}", settings.side)])?;
        let (answer, _) = running.answer(START_LIMIT)?;
        if answer != "OK" {
            return Err(format!("START {}: {answer}", settings.side));
        }
        let time = settings.time;
        let rule = match settings.rule {
            _ if settings.renju => 4,
            WinRule::FiveOrMore => 0,
            WinRule::ExactlyFive => 1,
        };
        let mut infos = vec![
            format!("INFO timeout_turn {}", time.turn_ms),
            format!("INFO timeout_match {}", time.match_ms),
        ];
        if time.match_ms > 0 {
            infos.push(format!("INFO time_left {}", time.match_ms));
        }
        infos.push("INFO game_type 1".to_string());
        infos.push(format!("INFO rule {rule}"));
        if matches!(settings.openings, Openings::OuterOpen) {
            infos.push("INFO outer_open".to_string());
        }
        infos.push("INFO THREAD_NUM 1".to_string());
        infos.extend(brain.infos.iter().map(|info| format!("INFO {info}")));
        running.send(&infos)?;
        Ok(running)
    }

    /// Sends `lines`, after the pause since the last answer.
    fn send(&mut self, lines: &[String]) -> Result<(), String> {
        let ready = self.answered + self.pause;
        let now = Instant::now();
        if ready > now {
            std::thread::sleep(ready - now);
        }
        let mut text = String::new();
        for line in lines {
            text.push_str(line);
            text.push_str("\r\n");
        }
        self.stdin
            .write_all(text.as_bytes())
            .and_then(|()| self.stdin.flush())
            .map_err(|error| format!("the brain's input closed: {error}"))
    }

    /// The next line that is not MESSAGE or DEBUG, and how long it took
    /// from now; an error if none comes within `limit` (the brain is then
    /// still thinking, or its program ended).
    fn answer(&mut self, limit: Duration) -> Result<(String, Duration), String> {
        let started = Instant::now();
        loop {
            let wait = limit.saturating_sub(started.elapsed());
            match self.lines.recv_timeout(wait) {
                Ok(line) => {
                    let line = line.trim().to_string();
                    let word = line.split_whitespace().next().unwrap_or("");
                    if line.is_empty()
                        || word.eq_ignore_ascii_case("MESSAGE")
                        || word.eq_ignore_ascii_case("DEBUG")
                    {
                        continue;
                    }
                    self.answered = Instant::now();
                    return Ok((line, started.elapsed()));
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(format!("no answer in {} ms", limit.as_millis()));
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err("its program ended".to_string());
                }
            }
        }
    }

    /// END, and the program is gone: at once if it is still thinking.
    pub(super) fn end(mut self) {
        let _ = self.send(&["END".to_string()]);
        let until = Instant::now() + Duration::from_millis(500);
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A brain's move in `game`: started for its first, asked with BEGIN or BOARD
/// then, with TURN and the other side's last stone after that; its reply
/// timed against the limit.
pub(super) fn brain_reply(
    brain: &ExternalBrain,
    running: &mut Option<Running>,
    used: &mut Duration,
    game: &Game,
    settings: &MatchSettings,
) -> (Turn, Duration) {
    let before = *used;
    let turn = brain_turn(brain, running, used, game, settings);
    (turn, *used - before)
}

fn brain_turn(
    brain: &ExternalBrain,
    running: &mut Option<Running>,
    used: &mut Duration,
    game: &Game,
    settings: &MatchSettings,
) -> Turn {
    let broken = |detail: String| Turn::Lost {
        reason: "its brain failed",
        on_time: false,
        detail,
    };
    let side = settings.side;
    let time = settings.time;
    let mut commands = Vec::new();
    let first = running.is_none();
    if first {
        match Running::start(brain, settings) {
            Ok(started) => *running = Some(started),
            Err(detail) => return broken(detail),
        }
    }
    let mut limit = Duration::from_millis(time.turn_ms);
    if time.match_ms > 0 {
        let left = Duration::from_millis(time.match_ms).saturating_sub(*used);
        limit = limit.min(left);
        commands.push(format!("INFO time_left {}", left.as_millis()));
    }
    let moves = game.moves();
    if first && moves.is_empty() {
        commands.push("BEGIN".to_string());
    } else if first {
        commands.push("BOARD".to_string());
        // Field 1: the brain's stones (the side to move), 2: the other's.
        let to_move_parity = moves.len() % 2;
        for (i, &point) in moves.iter().enumerate() {
            let field = if i % 2 == to_move_parity { 1 } else { 2 };
            commands.push(format!("{},{field}", wire(point, side)));
        }
        commands.push("DONE".to_string());
    } else {
        let last = *moves.last().expect("the other side moved");
        commands.push(format!("TURN {}", wire(last, side)));
    }
    let process = running.as_mut().expect("started");
    if let Err(detail) = process.send(&commands) {
        return broken(detail);
    }
    let grace = Duration::from_millis(time.grace_ms);
    let answer = process.answer(limit + grace);
    let (line, took) = match answer {
        Ok(answer) => answer,
        Err(detail) => {
            *used += limit + grace;
            let on_time = !detail.contains("ended");
            return Turn::Lost {
                reason: if on_time {
                    "over the time limit"
                } else {
                    "its brain failed"
                },
                on_time,
                detail,
            };
        }
    };
    *used += took;
    if took > limit + grace {
        return Turn::Lost {
            reason: "over the time limit",
            on_time: true,
            detail: format!("{} ms", took.as_millis()),
        };
    }
    let point = line.split_once(',').and_then(|(x, y)| {
        let x: u8 = x.trim().parse().ok()?;
        let y: u8 = y.trim().parse().ok()?;
        (x < side && y < side).then(|| Point::new(x, side - 1 - y))
    });
    match point {
        Some(point) => Turn::Move(point, 0),
        None => broken(format!("answered '{line}'")),
    }
}

/// A brain's Swap2 answer ([`super::swap2`]): its program is started for
/// it, sent SWAP2BOARD with `stones` (Black first; each `x,y,field` as in
/// BOARD, field 1 the side to move's, 2 the other's: Rapfi reads the
/// field), and ended. The answer line and its time, or what went wrong and
/// whether it was the clock: it is timed against `timeout_turn`, and not
/// counted in `timeout_match`.
pub(super) fn brain_swap2(
    brain: &ExternalBrain,
    settings: &MatchSettings,
    stones: &[Point],
) -> Result<(String, Duration), (String, bool)> {
    let mut running = Running::start(brain, settings).map_err(|detail| (detail, false))?;
    let side = settings.side;
    let mut commands = vec!["SWAP2BOARD".to_string()];
    let to_move_parity = stones.len() % 2;
    for (i, &point) in stones.iter().enumerate() {
        let field = if i % 2 == to_move_parity { 1 } else { 2 };
        commands.push(format!("{},{field}", wire(point, side)));
    }
    commands.push("DONE".to_string());
    let limit = Duration::from_millis(settings.time.turn_ms + settings.time.grace_ms);
    let answer = running
        .send(&commands)
        .map_err(|detail| (detail, false))
        .and_then(|()| {
            running.answer(limit).map_err(|detail| {
                let on_time = !detail.contains("ended");
                (detail, on_time)
            })
        });
    running.end();
    let (line, took) = answer?;
    if took > limit {
        return Err((format!("{} ms", took.as_millis()), true));
    }
    Ok((line, took))
}
