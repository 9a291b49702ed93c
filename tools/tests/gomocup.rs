//! The Gomocup protocol module (`piskrs_tools::gomocup`) in-process: the
//! settings, wire coordinates, a rule change mid-game, and proptest (random
//! and near-miss lines must never panic and every reply must have one of the
//! protocol's forms).

mod common;

use common::*;
use piskrs::rules::WinRule;
use piskrs::rules::board::Stone;
use piskrs::rules::coord::Point;
use piskrs_tools::gomocup::{self, Brain, Invocation, Settings, read_line};
use piskrs_tools::player::Player;
use proptest::prelude::*;
use std::io::{Cursor, Write};
use std::process::{Command, Stdio};

#[test]
fn wire_coordinates_map_to_points_with_rows_from_the_bottom() {
    let mut brain = Brain::new(settings("cha"));
    assert_eq!(brain.handle("START 15").lines, ["OK"]);
    let reply = brain.handle("TURN 2,0");
    assert_eq!(reply.lines.len(), 1);
    let game = brain.game().expect("started");
    // x = 2 from the left, y = 0 the top row, which is row 14 from the bottom.
    assert!(game.board().get(Point::new(2, 14)) == Some(Stone::Black));
    assert!(brain.colour() == Some(Stone::White));
    let (x, y) = parse_move(&reply.lines[0]).expect("a move");
    assert!(game.board().get(Point::new(x, 14 - y)) == Some(Stone::White));
}

#[test]
fn a_rule_change_mid_game_replays_the_stones() {
    let mut brain = Brain::new(settings("cha"));
    brain.handle("START 15");
    assert_eq!(brain.handle("BEGIN").lines.len(), 1);
    brain.handle("INFO rule 1");
    let game = brain.game().expect("started");
    assert!(game.rule() == WinRule::ExactlyFive && game.move_count() == 1);
    // His six in a row under exact five: no win, the game goes on.
    let mut brain = Brain::new(settings("cha"));
    brain.handle("INFO rule 1");
    brain.handle("START 15");
    brain.handle("BOARD");
    for x in 2..8 {
        brain.handle(&format!("{x},3,2"));
    }
    for (x, y) in [(1, 10), (4, 10), (7, 10), (10, 10), (13, 10)] {
        brain.handle(&format!("{x},{y},1"));
    }
    let reply = brain.handle("DONE");
    assert!(parse_move(&reply.lines[0]).is_some(), "{:?}", reply.lines);
    // Under five or more the six would have won before the brain's last stone:
    // this game keeps exact five, and goes on.
    brain.handle("INFO rule 0");
    assert!(brain.game().expect("started").rule() == WinRule::ExactlyFive);
    let reply = brain.handle("TURN 14,14");
    assert!(parse_move(&reply.lines[0]).is_some(), "{:?}", reply.lines);
    // The next game takes the new rule.
    assert_eq!(brain.handle("RESTART").lines, ["OK"]);
    assert!(brain.game().expect("started").rule() == WinRule::FiveOrMore);
}

#[test]
fn told_outer_open_each_level_opens_on_the_outer_band_and_refuses_a_centre_opening() {
    let on_band = |x: u8, y: u8| x < 2 || y < 2 || x > 12 || y > 12;
    for level in LEVELS {
        for seed in 1..=4 {
            let args = ["--level", level, "--seed", &seed.to_string()].map(str::to_string);
            let Ok(Invocation::Run(settings)) = Settings::from_args(args) else {
                panic!("settings");
            };
            let mut brain = Brain::new(settings);
            brain.handle("START 15");
            // After START and without a value, as the arena sends it.
            brain.handle("INFO outer_open");
            let reply = brain.handle("BEGIN");
            let (x, y) = parse_move(&reply.lines[0]).expect("a move");
            assert!(on_band(x, y), "{level} seed {seed} opened at {x},{y}");
            // Without the word, the same brain opens in the middle.
            brain.handle("INFO outer_open 0");
            assert_eq!(brain.handle("RESTART").lines, ["OK"]);
            let reply = brain.handle("BEGIN");
            let (x, y) = parse_move(&reply.lines[0]).expect("a move");
            assert!(!on_band(x, y), "{level} seed {seed} opened at {x},{y}");
        }
    }
    // A board whose Black stone is off the band is refused under the rule.
    let mut brain = Brain::new(settings("cha"));
    brain.handle("START 15");
    brain.handle("INFO outer_open 1");
    brain.handle("BOARD");
    brain.handle("7,7,2");
    let reply = brain.handle("DONE");
    assert!(reply.lines[0].starts_with("ERROR"), "{:?}", reply.lines);
}

#[test]
fn default_settings_are_strong_untimed_and_the_tree_on_a_clock() {
    let parse = |args: &[&str]| match Settings::from_args(args.iter().map(|a| a.to_string())) {
        Ok(Invocation::Run(settings)) => settings,
        _ => panic!("{args:?} are fine"),
    };
    // No flags: with no time limit Strong plays as PISKRS.COM ships (its
    // default thinking time's budget); given time, the tree thinks.
    let settings = parse(&[]);
    assert!(settings.engine == Player::strong(gomocup::DEFAULT_BUDGET));
    assert!(settings.timed == Some(Player::tree(gomocup::DEFAULT_BUDGET)));
    assert_eq!(
        gomocup::DEFAULT_BUDGET,
        piskrs::app::settings::Settings::default().strong_budget()
    );
    assert_eq!(settings.seed, 1);
    // A level named is that level, timed or not.
    let strong = parse(&["--level", "strong"]);
    assert!(strong.engine == Player::strong(gomocup::DEFAULT_BUDGET));
    assert!(strong.timed == Some(strong.engine));
    let tree = parse(&["--level", "tree", "--seed", "9"]);
    assert!(tree.engine == Player::tree(gomocup::DEFAULT_BUDGET));
    assert!(tree.timed == Some(tree.engine));
    assert_eq!(tree.seed, 9);
    // A budget is fixed whatever the time: without a level, Strong's.
    let fixed = parse(&["--budget", "500", "--seed", "3"]);
    assert!(fixed.engine == Player::strong(500));
    assert!(fixed.timed.is_none());
    assert_eq!(fixed.seed, 3);
    assert!(
        parse(&["--level", "tree", "--budget", "500"])
            .timed
            .is_none()
    );
    // The levels that do not search never think on a clock.
    assert!(parse(&["--level", "classic"]).timed.is_none());
    assert!(parse(&["--level", "cha"]).timed.is_none());
}

/// Whether `line` has one of the forms a brain may send.
fn well_formed(line: &str) -> bool {
    !line.contains(['\n', '\r'])
        && (line == "OK"
            || line.starts_with("ERROR ")
            || line.starts_with("UNKNOWN ")
            || line.starts_with("MESSAGE ")
            || line.starts_with("name=\"")
            || parse_move(line).is_some())
}

/// Lines near the protocol: commands with random numbers, stone lines, and
/// plain noise.
fn protocol_line() -> impl Strategy<Value = String> {
    let n = || 0u32..22;
    prop_oneof![
        1 => n().prop_map(|s| format!("START {s}")),
        1 => prop::sample::select(vec!["START 15", "START 19", "START 20"]).prop_map(String::from),
        8 => (n(), n()).prop_map(|(x, y)| format!("TURN {x},{y}")),
        2 => (n(), n()).prop_map(|(x, y)| format!("TAKEBACK {x},{y}")),
        5 => (n(), n(), 0u32..5).prop_map(|(x, y, f)| format!("{x},{y},{f}")),
        2 => Just("BOARD".to_string()),
        2 => Just("DONE".to_string()),
        1 => Just("BEGIN".to_string()),
        1 => Just("RESTART".to_string()),
        1 => Just("ABOUT".to_string()),
        1 => (0u32..20).prop_map(|r| format!("INFO rule {r}")),
        1 => (n(), n()).prop_map(|(w, h)| format!("RECTSTART {w},{h}")),
        1 => "[A-Z]{1,10}( [-0-9,]{0,8})?",
        1 => "[ -~]{0,40}",
        1 => ".{0,40}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Any sequence of lines: no panic, every reply well formed, every move on a
    /// point that was free, and the brain's game consistent with its board.
    #[test]
    fn any_lines_get_well_formed_replies(
        start in prop::sample::select(vec!["START 15", "START 19", "START 20", ""]),
        lines in prop::collection::vec(protocol_line(), 1..80),
        level in 0usize..LEVELS.len(),
    ) {
        let mut brain = Brain::new(settings(LEVELS[level]));
        for line in std::iter::once(&start.to_string()).chain(&lines) {
            if line.trim().eq_ignore_ascii_case("END") {
                continue;
            }
            let before = brain.game().map(|game| game.board().clone());
            let reply = brain.handle(line);
            prop_assert!(!reply.quit);
            for out in &reply.lines {
                prop_assert!(well_formed(out), "{:?} -> {:?}", line, out);
            }
            let game = brain.game();
            if let Some(game) = game {
                let stones = game.board().points().iter().filter(|p| p.is_some()).count();
                prop_assert_eq!(stones, game.move_count() as usize);
            }
            if let (Some(out), Some(game)) = (reply.lines.last(), game)
                && let Some((x, y)) = parse_move(out)
            {
                let side = game.board().side();
                prop_assert!(x < side && y < side);
                let point = Point::new(x, side - 1 - y);
                prop_assert!(game.last_move() == Some(point));
                prop_assert!(game.board().get(point) == brain.colour());
                // Free before, unless BOARD replaced the board.
                if !line.trim().eq_ignore_ascii_case("DONE") {
                    let before = before.expect("a move needs a game");
                    prop_assert!(before.get(point).is_none());
                }
            }
        }
        prop_assert!(brain.handle("END").quit);
    }

    /// Raw bytes through the line reader, then the brain: every line is read
    /// whole, whatever its length (its leading blanks dropped), CR and LF
    /// both end a line, nothing panics.
    #[test]
    fn raw_bytes_are_read_safely(bytes in prop::collection::vec(any::<u8>(), 0..400), chunk in 1usize..64) {
        let mut input = std::io::BufReader::with_capacity(chunk, Cursor::new(bytes.clone()));
        let mut brain = Brain::new(settings("classic"));
        let mut read = Vec::new();
        while let Some(line) = read_line(&mut input).expect("a cursor cannot fail") {
            for out in brain.handle(&String::from_utf8_lossy(&line)).lines {
                prop_assert!(well_formed(&out));
            }
            read.push(line);
        }
        let mut want: Vec<Vec<u8>> = bytes
            .split(|&b| b == b'\n' || b == b'\r')
            .map(|line| {
                let start = line.iter().position(|&b| b != b' ' && b != b'\t').unwrap_or(line.len());
                line[start..].to_vec()
            })
            .collect();
        // After the last line end there is no line (nor in an empty input).
        if bytes.is_empty() || matches!(bytes.last(), Some(b'\n' | b'\r')) {
            want.pop();
        }
        prop_assert_eq!(read, want);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    /// Noise through the real binary and its pipes: it keeps answering and END
    /// still exits with status 0.
    #[test]
    fn the_binary_survives_noise(lines in prop::collection::vec("[ -~]{0,30}|.{0,30}", 1..40)) {
        let mut child = Command::new(BRAIN)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("starts");
        let mut stdin = child.stdin.take().expect("piped");
        let mut script = String::from("START 15\r\n");
        for line in &lines {
            if !line.trim().eq_ignore_ascii_case("END") {
                script.push_str(line);
                script.push_str("\r\n");
            }
        }
        script.push_str("DONE\r\nABOUT\r\nEND\r\n");
        std::thread::spawn(move || {
            let _ = stdin.write_all(script.as_bytes());
        });
        let output = child.wait_with_output().expect("exits");
        prop_assert!(output.status.success());
        prop_assert!(output.stderr.is_empty(), "{}", String::from_utf8_lossy(&output.stderr));
        let text = String::from_utf8_lossy(&output.stdout);
        let replies: Vec<&str> = text.lines().collect();
        prop_assert!(replies.iter().all(|l| well_formed(l)), "{:?}", replies);
        prop_assert!(replies.last().is_some_and(|l| l.starts_with("name=\"pbrain-piskrs\"")));
    }
}
