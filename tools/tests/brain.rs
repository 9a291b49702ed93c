//! The Gomocup brain, pbrain-piskrs: the real binary driven through real pipes
//! (scripted sessions, obvious positions, garbage). (The protocol module
//! in-process: tools/tests/gomocup.rs.)

mod common;

use common::*;
use piskrs_tools::arena::lines_read_apart;
use std::collections::HashMap;
use std::io::Write;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::Duration;

/// Long enough for a debug build of Strong on a crowded board.
const REPLY_TIMEOUT: Duration = Duration::from_secs(60);

/// A running brain, a transcript of the session, and the stones on the board as
/// the test sees them (to check that every move is legal).
struct Session {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    transcript: Vec<String>,
    side: u8,
    stones: HashMap<(u8, u8), u8>,
}

impl Session {
    fn start(args: &[&str]) -> Session {
        let mut child = Command::new(BRAIN)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("pbrain-piskrs starts");
        let stdout = child.stdout.take().expect("piped stdout");
        let lines = lines_read_apart(stdout);
        Session {
            stdin: child.stdin.take(),
            child,
            lines,
            transcript: Vec::new(),
            side: 0,
            stones: HashMap::new(),
        }
    }

    fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).expect("write to the brain");
        stdin.write_all(b"\r\n").expect("write to the brain");
        stdin.flush().expect("flush to the brain");
        let shown = String::from_utf8_lossy(bytes);
        let shown: String = if shown.chars().count() > 60 {
            format!(
                "{}... ({} bytes)",
                shown.chars().take(20).collect::<String>(),
                bytes.len()
            )
        } else {
            shown.into_owned()
        };
        self.transcript.push(format!("> {shown}"));
    }

    /// Sends one line (the manager ends lines with CR LF).
    fn send(&mut self, line: &str) {
        self.send_bytes(line.as_bytes());
    }

    fn recv(&mut self) -> String {
        match self.lines.recv_timeout(REPLY_TIMEOUT) {
            Ok(line) => {
                self.transcript.push(format!("< {line}"));
                line
            }
            Err(RecvTimeoutError::Timeout) => panic!(
                "no reply within {REPLY_TIMEOUT:?}; transcript:\n{}",
                self.transcript.join("\n")
            ),
            Err(RecvTimeoutError::Disconnected) => panic!(
                "the brain closed its output; transcript:\n{}",
                self.transcript.join("\n")
            ),
        }
    }

    fn ask(&mut self, line: &str) -> String {
        self.send(line);
        self.recv()
    }

    fn expect(&mut self, line: &str, reply: &str) {
        let got = self.ask(line);
        assert_eq!(
            got,
            reply,
            "reply to {line:?}; transcript:\n{}",
            self.transcript()
        );
    }

    /// The reply to `line` must be `ERROR <message>` containing `part`.
    fn expect_error(&mut self, line: &str, part: &str) {
        let got = self.ask(line);
        self.assert_error(&got, part);
    }

    fn assert_error(&self, got: &str, part: &str) {
        assert!(
            got.starts_with("ERROR ") && got.len() > 6 && got.contains(part),
            "expected ERROR ...{part}..., got {got:?}; transcript:\n{}",
            self.transcript()
        );
    }

    fn expect_unknown(&mut self, line: &str) {
        let got = self.ask(line);
        assert!(
            got.starts_with("UNKNOWN ") && got.len() > 8,
            "expected UNKNOWN ..., got {got:?}; transcript:\n{}",
            self.transcript()
        );
    }

    /// START `side`, OK, and a fresh board for the legality checks.
    fn start_game(&mut self, side: u8) {
        self.expect(&format!("START {side}"), "OK");
        self.side = side;
        self.stones.clear();
    }

    fn restart(&mut self) {
        self.expect("RESTART", "OK");
        self.stones.clear();
    }

    /// Parses a move reply and checks that it is on the board and free; records it.
    fn brain_move(&mut self, reply: &str) -> (u8, u8) {
        let point = parse_move(reply).unwrap_or_else(|| {
            panic!(
                "expected x,y, got {reply:?}; transcript:\n{}",
                self.transcript()
            )
        });
        assert!(
            point.0 < self.side && point.1 < self.side,
            "{reply} is off the {0}x{0} board",
            self.side
        );
        assert!(
            !self.stones.contains_key(&point),
            "{reply} is taken; transcript:\n{}",
            self.transcript()
        );
        self.stones.insert(point, 1);
        point
    }

    /// The manager's move: TURN x,y, and the brain's legal reply.
    fn turn(&mut self, point: (u8, u8)) -> (u8, u8) {
        assert!(
            !self.stones.contains_key(&point),
            "the test plays a taken point"
        );
        self.stones.insert(point, 2);
        let reply = self.ask(&format!("TURN {},{}", point.0, point.1));
        self.brain_move(&reply)
    }

    fn begin(&mut self) -> (u8, u8) {
        let reply = self.ask("BEGIN");
        self.brain_move(&reply)
    }

    /// BOARD with (x, y, field) lines, DONE; returns the reply.
    fn board(&mut self, stones: &[(u8, u8, u8)]) -> String {
        self.send("BOARD");
        for &(x, y, field) in stones {
            self.send(&format!("{x},{y},{field}"));
        }
        self.ask("DONE")
    }

    /// BOARD whose reply must be a legal move; the board is replaced.
    fn board_move(&mut self, stones: &[(u8, u8, u8)]) -> (u8, u8) {
        let reply = self.board(stones);
        self.stones = stones.iter().map(|&(x, y, f)| ((x, y), f)).collect();
        self.brain_move(&reply)
    }

    fn takeback(&mut self, point: (u8, u8)) {
        self.expect(&format!("TAKEBACK {},{}", point.0, point.1), "OK");
        self.stones.remove(&point);
    }

    fn transcript(&self) -> String {
        self.transcript.join("\n")
    }

    /// END: the brain must exit with status 0 and say nothing more.
    fn end(mut self) -> (ExitStatus, Vec<String>) {
        self.send("END");
        let status = self.child.wait().expect("the brain exits");
        let rest: Vec<String> = self.lines.iter().collect();
        (status, rest)
    }
}

/// ABOUT's reply: `key="value"` pairs separated by ", ", in this order.
fn check_about(line: &str) {
    let mut keys = Vec::new();
    let mut rest = line;
    loop {
        let (key, after) = rest
            .split_once("=\"")
            .unwrap_or_else(|| panic!("bad ABOUT {line:?}"));
        let (value, after) = after
            .split_once('"')
            .unwrap_or_else(|| panic!("bad ABOUT {line:?}"));
        assert!(!value.contains('"'));
        keys.push((key.to_string(), value.to_string()));
        if after.is_empty() {
            break;
        }
        rest = after
            .strip_prefix(", ")
            .unwrap_or_else(|| panic!("bad ABOUT {line:?}"));
    }
    let names: Vec<&str> = keys.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(
        names,
        ["name", "version", "author", "country", "www"],
        "{line}"
    );
    assert_eq!(keys[0].1, "pbrain-piskrs");
    assert_eq!(keys[1].1, env!("CARGO_PKG_VERSION"));
}

#[test]
fn scripted_session() {
    let mut brain = Session::start(&[]);
    brain.start_game(15);
    // INFO gets no reply: the next reply must be BEGIN's move.
    for info in [
        "INFO timeout_turn 5000",
        "INFO timeout_match 100000",
        "INFO max_memory 83886080",
        "INFO time_left 100000",
        "INFO game_type 1",
        "INFO rule 1",
        "INFO folder /tmp/piskrs",
        "INFO some_future_key 42",
    ] {
        brain.send(info);
    }
    let first = brain.begin();
    assert!(
        first.0.abs_diff(7) <= 2 && first.1.abs_diff(7) <= 2,
        "the opening stone {first:?} is not near the centre"
    );
    // The manager answers next to the brain's stones (three times: the brain
    // cannot have five with four stones).
    let mut last_brain = first;
    let mut last_mine = (0, 0);
    for _ in 0..3 {
        let mine = [
            (1i8, 0i8),
            (0, 1),
            (-1, 0),
            (0, -1),
            (1, 1),
            (-1, -1),
            (1, -1),
            (-1, 1),
        ]
        .iter()
        .map(|&(dx, dy)| {
            (
                (last_brain.0 as i8 + dx) as u8,
                (last_brain.1 as i8 + dy) as u8,
            )
        })
        .find(|p| p.0 < 15 && p.1 < 15 && !brain.stones.contains_key(p))
        .expect("a free neighbour");
        last_mine = mine;
        last_brain = brain.turn(mine);
    }
    // Undo the last two moves, then play the same point again.
    brain.takeback(last_brain);
    brain.takeback(last_mine);
    brain.turn(last_mine);
    brain.restart();
    // A position in any order: three stones each, the brain (to move) is Black.
    brain.board_move(&[
        (7, 7, 1),
        (8, 8, 2),
        (6, 8, 1),
        (8, 6, 2),
        (9, 7, 2),
        (7, 9, 1),
    ]);
    brain.restart();
    // The brain as White.
    let reply = brain.ask("TURN 7,7");
    brain.stones.insert((7, 7), 2);
    brain.brain_move(&reply);
    let about = brain.ask("ABOUT");
    check_about(&about);
    let transcript = brain.transcript();
    let (status, rest) = brain.end();
    assert!(status.success(), "END: {status}");
    assert!(rest.is_empty(), "output after END: {rest:?}");
    println!("{transcript}\n> END\n(exit status 0)");
}

#[test]
fn every_level_plays_a_legal_game_against_a_scripted_opponent() {
    for level in LEVELS {
        let mut brain = Session::start(&["--level", level]);
        brain.start_game(20);
        let mut next = 0u32;
        let mut opponent = || {
            // A fixed walk over the board from the top left.
            next += 7;
            ((next % 20) as u8, (next / 20 % 20) as u8)
        };
        brain.begin();
        for _ in 0..30 {
            let mut point = opponent();
            while brain.stones.contains_key(&point) {
                point = opponent();
            }
            let reply = brain.ask(&format!("TURN {},{}", point.0, point.1));
            brain.stones.insert(point, 2);
            if reply.starts_with("ERROR ") {
                // The game ended (the brain made five, or we did): that is fine.
                assert!(reply.contains("the game is over"), "{level}: {reply}");
                break;
            }
            brain.brain_move(&reply);
        }
        let (status, _) = brain.end();
        assert!(status.success(), "{level}");
    }
}

/// Balanced position (4 each, the brain Black): the brain's closed four in
/// row y=3 from x=5 to 8; the only winning point is 9,3.
const OWN_FOUR: [(u8, u8, u8); 8] = [
    (5, 3, 1),
    (6, 3, 1),
    (7, 3, 1),
    (8, 3, 1),
    (4, 3, 2),
    (10, 10, 2),
    (3, 11, 2),
    (12, 7, 2),
];

/// His closed four on the diagonal 5,5..8,8 (blocked at 4,4); the brain (White,
/// three stones) must block at 9,9.
const HIS_FOUR: [(u8, u8, u8); 7] = [
    (5, 5, 2),
    (6, 6, 2),
    (7, 7, 2),
    (8, 8, 2),
    (4, 4, 1),
    (12, 2, 1),
    (2, 12, 1),
];

/// Both have a four; the brain (to move, Black) must win, not block: its four
/// is vertical at x=3, y=6..9 (blocked at 3,10), win at 3,5; his at y=12.
const BOTH_FOURS: [(u8, u8, u8); 8] = [
    (3, 6, 1),
    (3, 7, 1),
    (3, 8, 1),
    (3, 9, 1),
    (3, 10, 2),
    (8, 12, 2),
    (9, 12, 2),
    (10, 12, 2),
];

#[test]
fn completes_its_own_four() {
    for level in LEVELS {
        let mut brain = Session::start(&["--level", level]);
        brain.start_game(15);
        assert_eq!(brain.board(&OWN_FOUR), "9,3", "{level}");
        // The same through the other board size.
        brain.start_game(19);
        assert_eq!(brain.board(&OWN_FOUR), "9,3", "{level} on 19x19");
        assert!(brain.end().0.success());
    }
}

#[test]
fn blocks_the_opponents_four() {
    for level in LEVELS {
        let mut brain = Session::start(&["--level", level]);
        brain.start_game(15);
        assert_eq!(brain.board(&HIS_FOUR), "9,9", "{level}");
        assert!(brain.end().0.success());
    }
}

#[test]
fn wins_rather_than_blocks() {
    // His three at y=12 plus one more: 7,12 makes his four too.
    let mut stones = BOTH_FOURS.to_vec();
    stones.push((7, 12, 2));
    stones.push((12, 1, 1)); // balance: 5 each
    for level in LEVELS {
        let mut brain = Session::start(&["--level", level]);
        brain.start_game(15);
        assert_eq!(brain.board(&stones), "3,5", "{level}");
        assert!(brain.end().0.success());
    }
}

#[test]
fn exact_five_avoids_the_overline() {
    // X X X X . X in row 5 (x = 3..6 and 8): 7,5 makes six, 2,5 makes five.
    let stones = [
        (3, 5, 1),
        (4, 5, 1),
        (5, 5, 1),
        (6, 5, 1),
        (8, 5, 1),
        (10, 10, 2),
        (12, 12, 2),
        (1, 1, 2),
        (13, 2, 2),
        (8, 11, 2),
    ];
    // Classic's evaluator does not know the rule; Cha, Strong and the tree
    // (the default brain's engine on a clock) do.
    for level in ["cha", "strong", "tree"] {
        let mut brain = Session::start(&["--level", level]);
        brain.send("INFO rule 1");
        brain.start_game(15);
        assert_eq!(brain.board(&stones), "2,5", "{level} under exact five");
        assert!(brain.end().0.success());
    }
}

#[test]
fn coordinates_count_rows_from_the_top() {
    // Cha's first reply is next to his first stone at 1:30: one right, one up,
    // which on the wire is x + 1, y - 1.
    let mut brain = Session::start(&["--level", "cha"]);
    brain.start_game(15);
    assert_eq!(brain.ask("TURN 7,7"), "8,6");
    brain.restart();
    assert_eq!(brain.ask("TURN 3,11"), "4,10");
    assert!(brain.end().0.success());
}

#[test]
fn start_refuses_other_sizes_and_keeps_working() {
    let mut brain = Session::start(&[]);
    for size in ["18", "14", "21", "0", "5", "255", "4294967296"] {
        brain.expect_error(&format!("START {size}"), "size");
    }
    brain.expect_error("START", "START");
    brain.expect_error("START banana", "START");
    brain.expect_error("RECTSTART 20,15", "rectangular");
    brain.start_game(20);
    brain.begin();
    brain.start_game(19);
    brain.begin();
    assert_eq!(brain.ask("RECTSTART 15,15"), "OK");
    brain.side = 15;
    brain.stones.clear();
    brain.begin();
    assert!(brain.end().0.success());
}

#[test]
fn a_command_after_any_number_of_blanks_is_answered() {
    // A fuzzing run's line (issue 51): 5,000 spaces, then ABOUT, got no
    // answer when lines were cut at 4,096 bytes.
    let mut brain = Session::start(&["--level", "classic"]);
    for blanks in [5_000, 4_096, 1_000_000] {
        brain.send(&format!("{}ABOUT", " ".repeat(blanks)));
        check_about(&brain.recv());
    }
    brain.send(&format!("{}ABOUT", "\t ".repeat(3_000)));
    check_about(&brain.recv());
    // And blanks inside a command, between it and its values.
    brain.start_game(15);
    brain.send(&format!("TURN{}7,7", " ".repeat(6_000)));
    let reply = brain.recv();
    assert!(parse_move(&reply).is_some(), "{reply}");
    assert!(brain.end().0.success());
}

#[test]
fn garbage_is_answered_and_the_brain_keeps_working() {
    let mut brain = Session::start(&[]);
    brain.start_game(15);
    brain.expect_unknown("HELLO");
    brain.expect_unknown("SUGGEST 1,1");
    brain.expect_unknown("PLAY 1,1");
    brain.expect_unknown("1,2");
    brain.expect_unknown("\u{1F600} \u{0}");
    brain.send_bytes(&[0xFF, 0xFE, 0x00, 0x80]);
    let reply = brain.recv();
    assert!(reply.starts_with("UNKNOWN "), "{reply}");
    brain.send_bytes(&vec![b'A'; 100_000]);
    let reply = brain.recv();
    assert!(reply.starts_with("UNKNOWN "), "{reply}");
    // Empty lines get no reply: the next reply is ABOUT's.
    brain.send("");
    brain.send("   ");
    brain.send("\t");
    check_about(&brain.ask("ABOUT"));
    check_about(&brain.ask("about"));
    for bad in [
        "TURN",
        "TURN 3",
        "TURN a,b",
        "TURN 15,0",
        "TURN 0,15",
        "TURN -1,2",
        "TURN 1,2,3",
        "TURN 1;2",
        "TURN 99999999999999999999,1",
        "TAKEBACK 0,0",
        "TAKEBACK x",
        "DONE",
        "BEGIN now",
        "RESTART please",
    ] {
        let got = brain.ask(bad);
        brain.assert_error(&got, "");
    }
    // A BOARD cut short by a command: ERROR, then the command is answered.
    brain.send("BOARD");
    brain.send("1,1,1");
    let reply = brain.ask("ABOUT");
    brain.assert_error(&reply, "DONE");
    check_about(&brain.recv());
    // A SWAP2BOARD cut short likewise.
    brain.send("SWAP2BOARD");
    brain.send("7,7");
    let reply = brain.ask("ABOUT");
    brain.assert_error(&reply, "DONE");
    check_about(&brain.recv());
    // Bad stone lines are reported at DONE; the board is unchanged.
    for lines in [
        &["1,1,7"][..],
        &["1,1,0"],
        &["15,1,1"],
        &["a,1,1"],
        &["1,1,1", "1,1,2"],
        &["1,1,1", "2,2,2", "3,3,3", "4,4,2"],
    ] {
        brain.send("BOARD");
        for line in lines {
            brain.send(line);
        }
        let reply = brain.ask("DONE");
        brain.assert_error(&reply, "BOARD");
    }
    // Still working: a normal game.
    let m = brain.begin();
    brain.turn(((m.0 + 1) % 15, m.1));
    assert!(brain.end().0.success());
}

#[test]
fn commands_before_start_are_errors() {
    let mut brain = Session::start(&[]);
    brain.expect_error("BEGIN", "START");
    brain.expect_error("TURN 1,1", "START");
    brain.expect_error("TAKEBACK 1,1", "START");
    brain.expect_error("RESTART", "START");
    brain.send("BOARD");
    brain.send("1,1,1");
    brain.send("2,2,2");
    brain.expect_error("DONE", "START");
    brain.start_game(15);
    brain.begin();
    assert!(brain.end().0.success());
}

#[test]
fn a_move_on_a_taken_point_is_an_error() {
    let mut brain = Session::start(&[]);
    brain.start_game(15);
    let first = brain.begin();
    brain.expect_error(&format!("TURN {},{}", first.0, first.1), "taken");
    let free = if first == (0, 0) { (0, 1) } else { (0, 0) };
    let second = brain.turn(free);
    brain.expect_error(&format!("TURN {},{}", free.0, free.1), "taken");
    brain.expect_error(&format!("TURN {},{}", second.0, second.1), "taken");
    // Nothing changed: a good move is still answered.
    let other = (1..15)
        .map(|x| (x, 14))
        .find(|p| !brain.stones.contains_key(p))
        .expect("a free point");
    brain.turn(other);
    // BEGIN on a board with stones.
    brain.expect_error("BEGIN", "empty");
    assert!(brain.end().0.success());
}

#[test]
fn unsupported_rules_are_refused_until_a_supported_one_comes() {
    let mut brain = Session::start(&[]);
    brain.start_game(15);
    brain.send("INFO rule 2");
    brain.expect_error("TURN 7,7", "continuous");
    brain.send("INFO rule 9");
    brain.expect_error("BEGIN", "caro");
    brain.send("INFO rule 5");
    brain.send("BOARD");
    brain.send("7,7,1");
    brain.send("8,8,2");
    brain.expect_error("DONE", "renju");
    brain.send("INFO rule 1");
    brain.begin();
    brain.restart();
    brain.send("INFO rule 0");
    brain.begin();
    // Renju (rule 4) is played.
    brain.restart();
    brain.send("INFO rule 4");
    brain.begin();
    assert!(brain.end().0.success());
}

#[test]
fn takeback_after_a_board_in_any_order() {
    let mut brain = Session::start(&["--level", "cha"]);
    brain.start_game(15);
    let stones = [
        (9, 7, 2),
        (7, 7, 1),
        (8, 8, 2),
        (6, 8, 1),
        (8, 6, 2),
        (7, 9, 1),
    ];
    let reply = brain.board_move(&stones);
    // Take back the brain's move, then any of the opponent's stones (BOARD's
    // order says nothing about which one came last).
    brain.takeback(reply);
    brain.takeback((8, 6));
    // His turn again: he plays the same point, the brain answers.
    brain.turn((8, 6));
    // The brain moved last: the opponent's stones cannot be taken back now.
    let his = *brain
        .stones
        .iter()
        .find(|&(_, &f)| f == 2)
        .expect("his stone")
        .0;
    let got = brain.ask(&format!("TAKEBACK {},{}", his.0, his.1));
    brain.assert_error(&got, "last");
    brain.expect_error("TAKEBACK 0,0", "no stone");
    assert!(brain.end().0.success());
}

#[test]
fn decided_or_impossible_boards_are_refused() {
    let mut brain = Session::start(&[]);
    brain.start_game(15);
    // His five on the board.
    let five: Vec<(u8, u8, u8)> = (0..5)
        .map(|x| (x + 3, 2, 2))
        .chain([(1, 9, 1), (3, 9, 1), (5, 9, 1), (7, 9, 1)])
        .collect();
    let reply = brain.board(&five);
    brain.assert_error(&reply, "over");
    // Too many of mine.
    let reply = brain.board(&[(1, 1, 1), (2, 2, 1), (3, 3, 2)]);
    brain.assert_error(&reply, "stones of mine");
    // Field 3 belongs to continuous games, which this brain does not play.
    let reply = brain.board(&[(1, 1, 1), (2, 2, 3)]);
    brain.assert_error(&reply, "field 3");
    // The board is still empty: BEGIN works.
    brain.begin();
    assert!(brain.end().0.success());
}

#[test]
fn the_opponents_winning_turn_is_answered_with_an_error() {
    let mut brain = Session::start(&["--level", "classic"]);
    brain.start_game(15);
    // His open four in column 0 (y = 1..4): the brain (White) blocks one end,
    // he completes five at the other; the brain cannot move after that.
    let reply = brain.board(&[
        (0, 1, 2),
        (0, 2, 2),
        (0, 3, 2),
        (0, 4, 2),
        (10, 10, 1),
        (12, 12, 1),
        (13, 10, 1),
    ]);
    let other_end = match reply.as_str() {
        "0,0" => "TURN 0,5",
        "0,5" => "TURN 0,0",
        _ => panic!("the brain did not block the four: {reply}"),
    };
    brain.expect_error(other_end, "the game is over");
    // The game is over: no more moves either way, but TAKEBACK still works.
    brain.expect_error("TURN 7,7", "the game is over");
    brain.expect(&other_end.replace("TURN", "TAKEBACK"), "OK");
    assert!(brain.end().0.success());
}

#[test]
fn end_of_input_exits_cleanly() {
    let mut brain = Session::start(&[]);
    brain.start_game(15);
    brain.stdin = None; // close the pipe
    let status = brain.child.wait().expect("exits");
    assert!(status.success());
}

#[test]
fn bad_command_lines_are_refused() {
    for args in [
        &["--level", "expert"][..],
        &["--budget", "0"],
        &["--budget"],
        &["--seed", "70000"],
        &["--level", "cha", "--budget", "10"],
        &["--frobnicate"],
    ] {
        let output = Command::new(BRAIN)
            .args(args)
            .stdin(Stdio::null())
            .output()
            .expect("runs");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(String::from_utf8_lossy(&output.stderr).contains("usage"));
    }
    let output = Command::new(BRAIN).arg("--help").output().expect("runs");
    assert!(output.status.success());
    // The help names the default budget that PISKRS.COM ships with.
    let budget = piskrs::app::settings::DEFAULT_STRONG_BUDGET.to_string();
    let help = String::from_utf8_lossy(&output.stdout).to_string();
    assert!(help.contains(&format!("from {budget} nodes")), "{help}");
    assert!(
        help.contains(&format!("it plays\n            {budget} nodes")),
        "{help}"
    );
}

#[test]
fn the_same_seed_plays_the_same_game() {
    let play = |seed: &str| {
        let mut brain = Session::start(&["--level", "classic", "--seed", seed]);
        brain.start_game(19);
        let mut moves = vec![brain.begin()];
        for point in [(0, 0), (18, 0), (0, 18), (18, 18)] {
            moves.push(brain.turn(point));
        }
        assert!(brain.end().0.success());
        moves
    };
    assert_eq!(play("7"), play("7"));
}
