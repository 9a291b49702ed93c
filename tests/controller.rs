//! The Mist's Game Controller (seeds/000), byte for byte: every command and
//! every error through `Controller::handle_line`, the end of a game (a five, an
//! overline, a resignation, a full board), `LineReader`, and complete scripted
//! games run the way PISKRS.COM runs them (src/main.rs, `run_controller`).
//!
//! The scripted games are also kept as files in tests/dosbox/fixtures/controller
//! (`NN-name.in`, `.out`, `.code`) so that the DOSBox-X end-to-end test can feed
//! the same input to the real PISKRS.COM and compare its output byte for byte.
//! `WRITE_FIXTURES=1 cargo test --test controller` writes them; otherwise the
//! test asserts that they exist with exactly the content of the table.

mod common;

use std::path::PathBuf;

use common::{Bytes, brute_force_fives, fill_order, go_name, go_point, longest_run, show};
use piskrs::board::{Board, Stone};
use piskrs::controller::{Controller, Flow, LineEnd, LineReader, MAX_LINE};
use piskrs::coord::Point;
use piskrs::game::Outcome;
use piskrs::rules::WinRule;

// ---------------------------------------------------------------------------
// Driving the controller.

fn flow_text(flow: Flow) -> String {
    match flow {
        Flow::Continue => "continue".to_string(),
        Flow::Exit(code) => format!("exit {code}"),
    }
}

/// Runs one line; returns what it printed (shown readably) and the flow.
fn line(controller: &mut Controller, text: &str) -> (String, String) {
    let mut out = Bytes::default();
    let flow = controller.handle_line(text.as_bytes(), &mut out);
    (show(&out.0), flow_text(flow))
}

/// Runs lines that must all go on quietly (moves), and returns the controller.
fn after(lines: &[&str]) -> Controller {
    let mut controller = Controller::new();
    for &text in lines {
        assert_eq!(
            line(&mut controller, text),
            (String::new(), "continue".to_string()),
            "setup line {text:?}"
        );
    }
    controller
}

/// `place` lines for the named points.
fn places(points: &[&str]) -> Vec<String> {
    points.iter().map(|p| format!("place {p}")).collect()
}

fn after_places(points: &[&str]) -> Controller {
    let lines = places(points);
    let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
    after(&refs)
}

/// The answer lines as the controller writes them: each ends in CR LF.
fn crlf(lines: &[&str]) -> String {
    let mut out = Vec::new();
    for l in lines {
        out.extend_from_slice(l.as_bytes());
        out.extend_from_slice(b"\r\n");
    }
    show(&out)
}

fn ended(result: &str, history: &str) -> String {
    crlf(&[result, history, "Thank you for playing!"])
}

const CONTINUE: &str = "continue";
const EXIT_0: &str = "exit 0";
const EXIT_1: &str = "exit 1";

// ---------------------------------------------------------------------------
// Every command and every error.

#[test]
fn every_command_and_error() {
    let dots = ".".repeat(49);
    let j10 = format!("J10,{dots}");
    // (moves before, the line, what it prints, the flow)
    let table: Vec<(&[&str], String, String, &str)> = vec![
        // who
        (&[], "who".into(), crlf(&["B"]), CONTINUE),
        (&["A1"], "who".into(), crlf(&["W"]), CONTINUE),
        (&["A1", "B2"], "who".into(), crlf(&["B"]), CONTINUE),
        // term: nothing at all, errorlevel 1
        (&[], "term".into(), String::new(), EXIT_1),
        (&["K10", "K11"], "term".into(), String::new(), EXIT_1),
        // resign: the other player wins
        (&[], "resign".into(), ended("White wins!", ""), EXIT_0),
        (&["A1"], "resign".into(), ended("Black wins!", "A1"), EXIT_0),
        (
            &["A1", "B2"],
            "resign".into(),
            ended("White wins!", "A1B2"),
            EXIT_0,
        ),
        // view
        (&[], "view".into(), crlf(&[&j10]), CONTINUE),
        // A1 -> M3: J..P, rows 6 down to 0 (off the board); A1 is not in it.
        (
            &["A1"],
            "view".into(),
            crlf(&[&format!("M3,{}xxxxxxx", ".".repeat(42))]),
            CONTINUE,
        ),
        // K10 -> P18: M..S, rows 21 and 20 off the board.
        (
            &["K10"],
            "view".into(),
            crlf(&[&format!("P18,{}{}", "x".repeat(14), ".".repeat(35))]),
            CONTINUE,
        ),
        // A1, M3 -> O1: L..R, rows 4..1 then off; M3 (white) is in row 3.
        (
            &["A1", "M3"],
            "view".into(),
            crlf(&["O1,........o...................xxxxxxxxxxxxxxxxxxxxx"]),
            CONTINUE,
        ),
        // history
        (&[], "history".into(), crlf(&[""]), CONTINUE),
        (
            &["A1", "B2", "C3", "D4"],
            "history".into(),
            crlf(&["A1B2C3D4"]),
            CONTINUE,
        ),
        (
            &["A10", "S19", "J9", "I1"],
            "history".into(),
            crlf(&["A10S19J9I1"]),
            CONTINUE,
        ),
        // place: nothing
        (&[], "place A1".into(), String::new(), CONTINUE),
        (&[], "place S19".into(), String::new(), CONTINUE),
        (&[], "place I9".into(), String::new(), CONTINUE),
        (&["K10"], "place K11".into(), String::new(), CONTINUE),
        // place: not a coordinate
        (
            &[],
            "place A".into(),
            crlf(&["Invalid coordinate"]),
            CONTINUE,
        ),
        (
            &[],
            "place a1".into(),
            crlf(&["Invalid coordinate"]),
            CONTINUE,
        ),
        (
            &[],
            "place T1".into(),
            crlf(&["Invalid coordinate"]),
            CONTINUE,
        ),
        (
            &[],
            "place Z9".into(),
            crlf(&["Invalid coordinate"]),
            CONTINUE,
        ),
        (
            &[],
            "place A05".into(),
            crlf(&["Invalid coordinate"]),
            CONTINUE,
        ),
        (
            &[],
            "place A0".into(),
            crlf(&["Invalid coordinate"]),
            CONTINUE,
        ),
        (
            &[],
            "place A20".into(),
            crlf(&["Invalid coordinate"]),
            CONTINUE,
        ),
        (
            &[],
            "place S20".into(),
            crlf(&["Invalid coordinate"]),
            CONTINUE,
        ),
        (
            &[],
            "place A100".into(),
            crlf(&["Invalid coordinate"]),
            CONTINUE,
        ),
        (
            &[],
            "place 1A".into(),
            crlf(&["Invalid coordinate"]),
            CONTINUE,
        ),
        (
            &[],
            "place AA1".into(),
            crlf(&["Invalid coordinate"]),
            CONTINUE,
        ),
        (
            &[],
            "place A1A".into(),
            crlf(&["Invalid coordinate"]),
            CONTINUE,
        ),
        (
            &[],
            "place @1".into(),
            crlf(&["Invalid coordinate"]),
            CONTINUE,
        ),
        (
            &[],
            "place A-1".into(),
            crlf(&["Invalid coordinate"]),
            CONTINUE,
        ),
        (
            &[],
            "place k10".into(),
            crlf(&["Invalid coordinate"]),
            CONTINUE,
        ),
        // place: occupied, by either colour
        (
            &["A1"],
            "place A1".into(),
            crlf(&["Occupied coordinate"]),
            CONTINUE,
        ),
        (
            &["A1", "K10"],
            "place K10".into(),
            crlf(&["Occupied coordinate"]),
            CONTINUE,
        ),
        // anything else
        (&[], "".into(), crlf(&["Invalid!"]), CONTINUE),
        (&[], "Who".into(), crlf(&["Invalid!"]), CONTINUE),
        (&[], "WHO".into(), crlf(&["Invalid!"]), CONTINUE),
        (&[], "who ".into(), crlf(&["Invalid!"]), CONTINUE),
        (&[], " who".into(), crlf(&["Invalid!"]), CONTINUE),
        (&[], "who who".into(), crlf(&["Invalid!"]), CONTINUE),
        (&[], "whom".into(), crlf(&["Invalid!"]), CONTINUE),
        (&[], "who\r".into(), crlf(&["Invalid!"]), CONTINUE),
        (&[], "View".into(), crlf(&["Invalid!"]), CONTINUE),
        (&[], "view x".into(), crlf(&["Invalid!"]), CONTINUE),
        (&[], "history 1".into(), crlf(&["Invalid!"]), CONTINUE),
        (&[], "term ".into(), crlf(&["Invalid!"]), CONTINUE),
        (&[], "Term".into(), crlf(&["Invalid!"]), CONTINUE),
        (&[], "resign now".into(), crlf(&["Invalid!"]), CONTINUE),
        (&[], "RESIGN".into(), crlf(&["Invalid!"]), CONTINUE),
        (&[], "place".into(), crlf(&["Invalid!"]), CONTINUE),
        (&[], "place ".into(), crlf(&["Invalid!"]), CONTINUE),
        (&[], "place A1 x".into(), crlf(&["Invalid!"]), CONTINUE),
        (&[], "place A1 ".into(), crlf(&["Invalid!"]), CONTINUE),
        (&[], "place  A1".into(), crlf(&["Invalid!"]), CONTINUE),
        (&[], "PLACE A1".into(), crlf(&["Invalid!"]), CONTINUE),
        (&[], "Place A1".into(), crlf(&["Invalid!"]), CONTINUE),
        (&[], "place\tA1".into(), crlf(&["Invalid!"]), CONTINUE),
        (&[], "placeA1".into(), crlf(&["Invalid!"]), CONTINUE),
        (&[], "hello".into(), crlf(&["Invalid!"]), CONTINUE),
        (&["A1"], "A2".into(), crlf(&["Invalid!"]), CONTINUE),
        // longer than the buffer
        (&[], "a".repeat(MAX_LINE + 1), crlf(&["Invalid!"]), CONTINUE),
        (&[], "who".repeat(100), crlf(&["Invalid!"]), CONTINUE),
        (
            &[],
            format!("place {}", "A".repeat(MAX_LINE - 6 + 1)),
            crlf(&["Invalid!"]),
            CONTINUE,
        ),
        // exactly the buffer: still a line (and not a coordinate)
        (
            &[],
            format!("place {}", "A".repeat(MAX_LINE - 6)),
            crlf(&["Invalid coordinate"]),
            CONTINUE,
        ),
    ];
    let mut failures = Vec::new();
    for (moves, text, expected, flow) in &table {
        let mut controller = after_places(moves);
        let got = line(&mut controller, text);
        if got != (expected.clone(), flow.to_string()) {
            failures.push(format!(
                "after {moves:?}, {:?}:\n  expected {expected:?} {flow}\n  got      {:?} {}",
                show(text.as_bytes()),
                got.0,
                got.1
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(table.len() > 60);
}

#[test]
fn after_an_error_the_same_player_is_to_move_and_nothing_was_played() {
    let errors = [
        "place A",
        "place a1",
        "place T1",
        "place A05",
        "place K10", // occupied
        "place A1",  // occupied
        "place",
        "place ",
        "place A1 x",
        "Who",
        "",
        "place  B2",
    ];
    for moves in [&["K10", "A1"][..], &["K10", "A1", "B7"][..]] {
        let mut controller = after_places(moves);
        let to_move = if moves.len() % 2 == 0 { "B" } else { "W" };
        let history = moves.concat();
        for error in errors {
            assert_eq!(line(&mut controller, "who").0, crlf(&[to_move]));
            let (printed, flow) = line(&mut controller, error);
            assert!(
                printed.ends_with("<CR><LF>\n"),
                "{error:?} answers: {printed}"
            );
            assert_eq!(flow, CONTINUE, "{error:?}");
            assert_eq!(
                line(&mut controller, "who").0,
                crlf(&[to_move]),
                "after {error:?}"
            );
            assert_eq!(
                line(&mut controller, "history").0,
                crlf(&[&history]),
                "after {error:?}"
            );
            assert_eq!(controller.game().move_count() as usize, moves.len());
        }
        // And the right player still plays next.
        assert_eq!(
            line(&mut controller, "place S19"),
            (String::new(), CONTINUE.into())
        );
        let stone = controller.game().board().get(go_point("S19"));
        let expected = if moves.len() % 2 == 0 {
            Stone::Black
        } else {
            Stone::White
        };
        assert!(stone == Some(expected), "S19 holds the mover's stone");
    }
}

#[test]
fn term_prints_nothing_and_exits_with_1_at_any_time() {
    for moves in [&[][..], &["A1"][..], &["A1", "B1", "C1", "D1"][..]] {
        let mut controller = after_places(moves);
        let mut out = Bytes::default();
        let flow = controller.handle_line(b"term", &mut out);
        assert!(out.0.is_empty(), "term printed {:?}", show(&out.0));
        assert_eq!(flow_text(flow), EXIT_1);
    }
}

#[test]
fn resign_by_black_and_by_white() {
    // Black to move resigns: White wins.
    let mut controller = after_places(&["K10", "K11", "A10"]);
    assert_eq!(line(&mut controller, "who").0, crlf(&["W"]));
    let mut controller2 = after_places(&["K10", "K11"]);
    assert_eq!(
        line(&mut controller2, "resign"),
        (ended("White wins!", "K10K11"), EXIT_0.into())
    );
    // White to move resigns: Black wins.
    assert_eq!(
        line(&mut controller, "resign"),
        (ended("Black wins!", "K10K11A10"), EXIT_0.into())
    );
}

/// Plays `moves` (Black first); every move but the last goes on quietly; the
/// last one's answer and flow are returned.
fn play_out(moves: &[&str]) -> (String, String) {
    let (last, before) = moves.split_last().unwrap();
    let mut controller = after_places(before);
    line(&mut controller, &format!("place {last}"))
}

#[test]
fn a_five_ends_the_game_for_either_colour_in_every_direction() {
    let games: [(&str, &[&str]); 6] = [
        // Black across
        (
            "Black wins!",
            &[
                "K10", "K11", "L10", "L11", "M10", "M11", "N10", "N11", "O10",
            ],
        ),
        // Black up, at the edge
        (
            "Black wins!",
            &["A1", "B1", "A2", "B2", "A3", "B3", "A4", "C9", "A5"],
        ),
        // Black falling diagonal, filled in from the middle
        (
            "Black wins!",
            &["E15", "A1", "G13", "A3", "H12", "A5", "F14", "A7", "D16"],
        ),
        // White rising diagonal
        (
            "White wins!",
            &[
                "A1", "K10", "C1", "L11", "E1", "M12", "G1", "N13", "S19", "O14",
            ],
        ),
        // White up, top edge
        (
            "White wins!",
            &[
                "A1", "S19", "C1", "S18", "E1", "S17", "G1", "S16", "J3", "S15",
            ],
        ),
        // White across with the middle stone last
        (
            "White wins!",
            &["A1", "C5", "A3", "D5", "A5", "F5", "A7", "G5", "A9", "E5"],
        ),
    ];
    for (result, moves) in games {
        assert_eq!(
            play_out(moves),
            (ended(result, &moves.concat()), EXIT_0.into()),
            "{moves:?}"
        );
    }
}

#[test]
fn four_and_broken_fives_do_not_end_the_game() {
    // Four in a row, and X X _ X X with the gap later filled by White.
    let mut controller = after_places(&[
        "K10", "A1", "L10", "A3", "M10", "A5", "N10", "A7", "C3", "A19", "D3", "A17", "F3", "E3",
        "G3",
    ]);
    assert_eq!(controller.game().move_count(), 15);
    assert!(controller.game().outcome() == Outcome::InProgress);
    assert_eq!(line(&mut controller, "who").0, crlf(&["W"]));
}

#[test]
fn an_overline_of_six_or_more_wins_too() {
    // Black: A1 B1 C1 _ E1 F1, then D1 makes six.
    let black = [
        "A1", "A19", "B1", "B19", "C1", "C19", "E1", "E19", "F1", "F19", "D1",
    ];
    assert_eq!(
        play_out(&black),
        (ended("Black wins!", &black.concat()), EXIT_0.into())
    );
    // White: seven in a column, K3..K9 with K6 last.
    let white = [
        "A1", "K3", "A3", "K4", "A5", "K5", "A7", "K7", "A9", "K8", "A11", "K9", "A13", "K6",
    ];
    assert_eq!(
        play_out(&white),
        (ended("White wins!", &white.concat()), EXIT_0.into())
    );
}

#[test]
fn the_hole_follows_every_stone_placed() {
    let mut controller = Controller::new();
    assert_eq!(
        go_name(controller.centre().col, controller.centre().row),
        "J10"
    );
    for stone in ["A1", "B2", "C3", "D4", "S19", "K10", "I9"] {
        assert_eq!(line(&mut controller, &format!("place {stone}")).0, "");
        let p = go_point(stone);
        let (col, row) = common::mist_formula(p.col, p.row);
        assert!(controller.centre() == Point::new(col, row), "after {stone}");
        let view = line(&mut controller, "view").0;
        assert!(
            view.starts_with(&format!("{},", go_name(col, row))),
            "{view}"
        );
    }
    // A refused place leaves the hole where it was.
    let before = controller.centre();
    assert_eq!(
        line(&mut controller, "place A1").0,
        crlf(&["Occupied coordinate"])
    );
    assert_eq!(
        line(&mut controller, "place A0").0,
        crlf(&["Invalid coordinate"])
    );
    assert!(controller.centre() == before);
}

#[test]
fn view_shows_the_stones_in_the_hole() {
    // A1 -> M3; M3 -> O1; O1 -> P3; P3 -> C1; the hole keeps showing stones.
    let mut controller = Controller::new();
    let steps = [
        ("A1", "M3,..........................................xxxxxxx"),
        ("M3", "O1,........o...................xxxxxxxxxxxxxxxxxxxxx"),
        ("O1", "P3,.....................o...............#....xxxxxxx"),
        ("P3", "C1,x......x......x......x#.....xxxxxxxxxxxxxxxxxxxxx"),
    ];
    for (stone, view) in steps {
        line(&mut controller, &format!("place {stone}"));
        assert_eq!(
            line(&mut controller, "view").0,
            crlf(&[view]),
            "after {stone}"
        );
        let c = controller.centre();
        assert_eq!(
            view.to_string(),
            common::hole_view(controller.game().board(), (c.col, c.row))
        );
    }
}

// ---------------------------------------------------------------------------
// A full board without a five.

/// A full 19x19 board with no five: rows of pairs, each row shifted by two,
/// `X` where (col + 2 row) mod 4 is 0 or 1. Across the runs are two long, up
/// the colours alternate, and both diagonals have runs of two.
fn tie_board() -> Board {
    let mut board = Board::new(19);
    for row in 0..19u8 {
        for col in 0..19u8 {
            let black = (col as u32 + 2 * row as u32) % 4 < 2;
            board.set(
                Point::new(col, row),
                Some(if black { Stone::Black } else { Stone::White }),
            );
        }
    }
    board
}

fn count(board: &Board, stone: Stone) -> usize {
    common::all_points(19)
        .into_iter()
        .filter(|&p| board.get(p) == Some(stone))
        .count()
}

#[test]
fn the_tie_board_is_full_without_a_five() {
    let board = tie_board();
    assert_eq!(
        count(&board, Stone::Black),
        181,
        "Black moves first: one more"
    );
    assert_eq!(count(&board, Stone::White), 180);
    assert!(longest_run(&board, Stone::Black) <= 2);
    assert!(longest_run(&board, Stone::White) <= 2);
    assert!(brute_force_fives(&board, WinRule::FiveOrMore).is_empty());
    // The checker itself sees a five when there is one.
    let mut five = board.clone();
    for col in 0..5 {
        five.set(Point::new(col, 7), Some(Stone::White));
    }
    assert!(longest_run(&five, Stone::White) >= 5);
}

/// The tie as `place` lines, Black and White alternating.
fn tie_moves() -> Vec<String> {
    fill_order(&tie_board())
        .into_iter()
        .map(|p| go_name(p.col, p.row))
        .collect()
}

#[test]
fn a_full_board_without_a_five_is_a_tie() {
    let moves = tie_moves();
    assert_eq!(moves.len(), 361);
    let mut controller = Controller::new();
    let (last, before) = moves.split_last().unwrap();
    for (i, m) in before.iter().enumerate() {
        assert_eq!(
            line(&mut controller, &format!("place {m}")),
            (String::new(), CONTINUE.into()),
            "move {} {m}",
            i + 1
        );
    }
    assert_eq!(controller.game().free_points(), 1);
    let (printed, flow) = line(&mut controller, &format!("place {last}"));
    assert_eq!(printed, ended("Wow, a tie!", &moves.concat()));
    assert_eq!(flow, EXIT_0);
    assert!(controller.game().outcome() == Outcome::Draw);
}

/// A full board on which Black's last stone, the 361st, makes a five (an
/// overline of six, A1..F1): a win, not a tie. The tie board with C1 and D1
/// turned black and A19, B19 turned white.
fn last_stone_wins_moves() -> Vec<String> {
    let mut board = tie_board();
    for name in ["C1", "D1"] {
        board.set(go_point(name), Some(Stone::Black));
    }
    for name in ["A19", "B19"] {
        board.set(go_point(name), Some(Stone::White));
    }
    assert!(longest_run(&board, Stone::White) < 5);
    let last = go_point("C1");
    let fives = brute_force_fives(&board, WinRule::FiveOrMore);
    assert!(!fives.is_empty());
    assert!(
        fives
            .iter()
            .all(|w| w.points.contains(&(last.col, last.row))),
        "every five goes through C1"
    );
    let mut order = fill_order(&board);
    // Move C1 to the end: swap it with Black's last stone (the last point).
    let at = order.iter().position(|&p| p == last).unwrap();
    let end = order.len() - 1;
    order.swap(at, end);
    order.into_iter().map(|p| go_name(p.col, p.row)).collect()
}

#[test]
fn a_five_on_the_last_free_point_wins_rather_than_ties() {
    let moves = last_stone_wins_moves();
    assert_eq!(moves.len(), 361);
    assert_eq!(moves[360], "C1");
    let refs: Vec<&str> = moves.iter().map(String::as_str).collect();
    assert_eq!(
        play_out(&refs),
        (ended("Black wins!", &moves.concat()), EXIT_0.into())
    );
}

// ---------------------------------------------------------------------------
// LineReader.

/// Feeds bytes; returns each completed line as text (`<TOO LONG>` for a
/// too-long one), then what `finish` gave.
fn read_lines(input: &[u8]) -> Vec<String> {
    let mut reader = LineReader::new();
    let mut lines = Vec::new();
    for &byte in input {
        match reader.push(byte) {
            None => {}
            Some(LineEnd::TooLong) => lines.push("<TOO LONG>".to_string()),
            Some(LineEnd::Line) => lines.push(show(reader.take_line())),
        }
    }
    match reader.finish() {
        None => lines.push("<END>".to_string()),
        Some(LineEnd::TooLong) => lines.push("<TOO LONG> <END>".to_string()),
        Some(LineEnd::Line) => lines.push(format!("{} <END>", show(reader.take_line()))),
    }
    lines
}

#[test]
fn line_reader_takes_cr_lf_and_lf() {
    assert_eq!(read_lines(b"who\r\nview\n"), ["who", "view", "<END>"]);
    assert_eq!(read_lines(b"who\nview\r\n"), ["who", "view", "<END>"]);
    assert_eq!(read_lines(b"\r\n\n"), ["", "", "<END>"]);
    // Only one CR belongs to the line end.
    assert_eq!(read_lines(b"who\r\r\n"), ["who<CR>", "<END>"]);
}

#[test]
fn line_reader_keeps_a_last_line_without_a_line_end() {
    assert_eq!(read_lines(b"who\r\nplace A1"), ["who", "place A1 <END>"]);
    assert_eq!(read_lines(b"who\r"), ["who <END>"]);
    assert_eq!(read_lines(b""), ["<END>"]);
    assert_eq!(read_lines(b"who\n"), ["who", "<END>"]);
}

#[test]
fn line_reader_takes_exactly_max_line_bytes_and_no_more() {
    assert_eq!(MAX_LINE, 80);
    let exact = "a".repeat(MAX_LINE);
    let input = format!("{exact}\n");
    assert_eq!(read_lines(input.as_bytes()), [exact.as_str(), "<END>"]);
    let input = format!("{exact}a\nwho\n");
    assert_eq!(read_lines(input.as_bytes()), ["<TOO LONG>", "who", "<END>"]);
    // A too-long line at the end of input without a line end.
    let input = format!("who\n{}", "b".repeat(300));
    assert_eq!(read_lines(input.as_bytes()), ["who", "<TOO LONG> <END>"]);
    // Bytes after a too-long line start a fresh line.
    let input = format!(
        "{}\nview\n{}\r\nhistory\r\n",
        "c".repeat(500),
        "d".repeat(81)
    );
    assert_eq!(
        read_lines(input.as_bytes()),
        ["<TOO LONG>", "view", "<TOO LONG>", "history", "<END>"]
    );
    // One byte short of too long, with CR LF.
    let input = format!("{}\r\n", "e".repeat(MAX_LINE - 1));
    assert_eq!(
        read_lines(input.as_bytes()),
        ["e".repeat(MAX_LINE - 1).as_str(), "<END>"]
    );
}

#[test]
fn a_line_of_exactly_max_line_bytes_ending_in_cr_lf_is_a_line() {
    let exact = "a".repeat(MAX_LINE);
    let input = format!("{exact}\r\nwho\r\n");
    assert_eq!(
        read_lines(input.as_bytes()),
        [exact.as_str(), "who", "<END>"]
    );
    // So the same 80-byte command answers the same with either line end.
    let long_place = format!("place {}", "A".repeat(MAX_LINE - 6));
    let lf = run_script(format!("{long_place}\n").as_bytes());
    let cr_lf = run_script(format!("{long_place}\r\n").as_bytes());
    assert_eq!(show(&lf.0), crlf(&["Invalid coordinate"]));
    assert_eq!(show(&cr_lf.0), show(&lf.0));
}

// ---------------------------------------------------------------------------
// Whole games, as PISKRS.COM runs them.

/// The controller on a whole input, as src/main.rs's `run_controller` runs it:
/// bytes up to a Ctrl+Z (1Ah) or the end; a too-long line is handed over as a
/// line longer than MAX_LINE; at the end of input `finish` gives the last line,
/// and no result means errorlevel 1. Returns the output and the errorlevel.
fn run_script(input: &[u8]) -> (Vec<u8>, u8) {
    let mut controller = Controller::new();
    let mut reader = LineReader::new();
    let mut out = Bytes::default();
    let data_end = input.iter().position(|&b| b == 0x1A).unwrap_or(input.len());
    for &byte in &input[..data_end] {
        let flow = match reader.push(byte) {
            None => continue,
            Some(LineEnd::TooLong) => controller.handle_line(&[0; MAX_LINE + 1], &mut out),
            Some(LineEnd::Line) => controller.handle_line(reader.take_line(), &mut out),
        };
        if let Flow::Exit(errorlevel) = flow {
            return (out.0, errorlevel);
        }
    }
    let flow = match reader.finish() {
        Some(LineEnd::TooLong) => controller.handle_line(&[0; MAX_LINE + 1], &mut out),
        Some(LineEnd::Line) => controller.handle_line(reader.take_line(), &mut out),
        None => Flow::Exit(1),
    };
    let errorlevel = match flow {
        Flow::Exit(errorlevel) => errorlevel,
        Flow::Continue => 1,
    };
    (out.0, errorlevel)
}

/// One scripted game: its file name, the input, the expected output, the
/// expected errorlevel.
struct Script {
    name: &'static str,
    input: Vec<u8>,
    output: Vec<u8>,
    errorlevel: u8,
}

fn input_lines(lines: &[&str], end: &str) -> Vec<u8> {
    lines
        .iter()
        .flat_map(|l| format!("{l}{end}").into_bytes())
        .collect()
}

fn output_lines(lines: &[&str]) -> Vec<u8> {
    input_lines(lines, "\r\n")
}

fn script(name: &'static str, input: Vec<u8>, output: &[&str], errorlevel: u8) -> Script {
    Script {
        name,
        input,
        output: output_lines(output),
        errorlevel,
    }
}

fn scripts() -> Vec<Script> {
    let dots = ".".repeat(49);
    let j10 = format!("J10,{dots}");
    let tie: Vec<String> = tie_moves().iter().map(|m| format!("place {m}")).collect();
    let mut tie_input: Vec<&str> = tie.iter().map(String::as_str).collect();
    tie_input.push("who");
    let tie_history = tie_moves().concat();
    let last_wins: Vec<String> = last_stone_wins_moves()
        .iter()
        .map(|m| format!("place {m}"))
        .collect();
    let last_wins_input: Vec<&str> = last_wins.iter().map(String::as_str).collect();
    let last_wins_history = last_stone_wins_moves().concat();
    let too_long = "a".repeat(100);
    let exactly_80 = format!("place {}", "A".repeat(74));
    let just_over = format!("place {}", "A".repeat(75));
    let very_long = "x".repeat(200);
    let long_last = "y".repeat(100);
    let mut no_final_eol = input_lines(
        &[
            "place K10",
            "place K11",
            "place L10",
            "place L11",
            "place M10",
            "place M11",
            "place N10",
            "place N11",
        ],
        "\r\n",
    );
    no_final_eol.extend_from_slice(b"place O10");
    let mut ctrl_z = input_lines(&["who", "place A1", "who"], "\r\n");
    ctrl_z.push(0x1A);
    ctrl_z.extend(input_lines(&["place B1", "who", "resign"], "\r\n"));
    let mut long_lines = input_lines(
        &[&exactly_80, &just_over, &very_long, "who", "history"],
        "\n",
    );
    long_lines.extend_from_slice(long_last.as_bytes());

    vec![
        script(
            "01-black-five",
            input_lines(
                &[
                    "who",
                    "place K10",
                    "who",
                    "place K11",
                    "view",
                    "place L10",
                    "place L11",
                    "place M10",
                    "place M11",
                    "view",
                    "place N10",
                    "history",
                    "place N11",
                    "place O10",
                    "who",
                    "view",
                ],
                "\r\n",
            ),
            &[
                "B",
                "W",
                "P9,.................................................",
                "O9,.......oo.....##.................................",
                "K10K11L10L11M10M11N10",
                "Black wins!",
                "K10K11L10L11M10M11N10N11O10",
                "Thank you for playing!",
            ],
            0,
        ),
        script(
            "02-white-diagonal",
            input_lines(
                &[
                    "place A1",
                    "place K10",
                    "place C1",
                    "place L11",
                    "place E1",
                    "place M12",
                    "place G1",
                    "place N13",
                    "who",
                    "place S19",
                    "history",
                    "place O14",
                    "place H1",
                ],
                "\r\n",
            ),
            &[
                "B",
                "A1K10C1L11E1M12G1N13S19",
                "White wins!",
                "A1K10C1L11E1M12G1N13S19O14",
                "Thank you for playing!",
            ],
            0,
        ),
        script(
            "03-black-resigns",
            input_lines(
                &["place J10", "place J11", "view", "who", "resign", "who"],
                "\r\n",
            ),
            &[
                "C9,x......x......x......x......x......x......x......",
                "B",
                "White wins!",
                "J10J11",
                "Thank you for playing!",
            ],
            0,
        ),
        script(
            "04-white-resigns-lf",
            input_lines(
                &[
                    "who",
                    "place A10",
                    "who",
                    "place S10",
                    "place A11",
                    "history",
                    "who",
                    "resign",
                    "place A12",
                ],
                "\n",
            ),
            &[
                "B",
                "W",
                "A10S10A11",
                "W",
                "Black wins!",
                "A10S10A11",
                "Thank you for playing!",
            ],
            0,
        ),
        script(
            "05-term",
            input_lines(
                &[
                    "place K10",
                    "who",
                    "view",
                    "term",
                    "who",
                    "place A1",
                    "resign",
                ],
                "\r\n",
            ),
            &["W", "P18,xxxxxxxxxxxxxx..................................."],
            1,
        ),
        script(
            "06-silent-end",
            input_lines(
                &["place K10", "place K11", "place L10", "place L11"],
                "\r\n",
            ),
            &[],
            1,
        ),
        script(
            "07-answers-then-end-lf",
            input_lines(&["who", "view", "place D4", "view", "history", "who"], "\n"),
            &[
                "B",
                &j10,
                "B12,xx.....xx.....xx.....xx.....xx.....xx.....xx.....",
                "D4",
                "W",
            ],
            1,
        ),
        script(
            "08-invalid-commands",
            input_lines(
                &[
                    "",
                    "Who",
                    "WHO",
                    "who ",
                    " who",
                    "who who",
                    "whom",
                    "view x",
                    "View",
                    "history 1",
                    "term ",
                    "Term",
                    "resign now",
                    "RESIGN",
                    "place",
                    "place ",
                    "place A1 x",
                    "place  A1",
                    "PLACE A1",
                    "Place A1",
                    "place\tA1",
                    "placeA1",
                    "place A1 ",
                    "hello",
                    "w",
                    &too_long,
                    "who",
                    "place K10",
                    "who",
                    "view ",
                    "resign",
                ],
                "\r\n",
            ),
            &[
                "Invalid!",
                "Invalid!",
                "Invalid!",
                "Invalid!",
                "Invalid!",
                "Invalid!",
                "Invalid!",
                "Invalid!",
                "Invalid!",
                "Invalid!",
                "Invalid!",
                "Invalid!",
                "Invalid!",
                "Invalid!",
                "Invalid!",
                "Invalid!",
                "Invalid!",
                "Invalid!",
                "Invalid!",
                "Invalid!",
                "Invalid!",
                "Invalid!",
                "Invalid!",
                "Invalid!",
                "Invalid!",
                "Invalid!",
                "B",
                "W",
                "Invalid!",
                "Black wins!",
                "K10",
                "Thank you for playing!",
            ],
            0,
        ),
        script(
            "09-coordinates",
            input_lines(
                &[
                    "place K10",
                    "who",
                    "place A",
                    "place a1",
                    "place T1",
                    "place A05",
                    "place A0",
                    "place A20",
                    "place S20",
                    "place Z9",
                    "place 1A",
                    "place AA1",
                    "place A1A",
                    "place K10",
                    "who",
                    "history",
                    "place S19",
                    "who",
                    "place S19",
                    "place I9",
                    "history",
                    "resign",
                ],
                "\r\n",
            ),
            &[
                "W",
                "Invalid coordinate",
                "Invalid coordinate",
                "Invalid coordinate",
                "Invalid coordinate",
                "Invalid coordinate",
                "Invalid coordinate",
                "Invalid coordinate",
                "Invalid coordinate",
                "Invalid coordinate",
                "Invalid coordinate",
                "Invalid coordinate",
                "Occupied coordinate",
                "W",
                "K10",
                "B",
                "Occupied coordinate",
                "K10S19I9",
                "Black wins!",
                "K10S19I9",
                "Thank you for playing!",
            ],
            0,
        ),
        script(
            "10-overline",
            input_lines(
                &[
                    "place A1",
                    "place A19",
                    "place B1",
                    "place B19",
                    "place C1",
                    "place C19",
                    "place E1",
                    "place E19",
                    "place F1",
                    "place F19",
                    "who",
                    "place D1",
                    "who",
                ],
                "\r\n",
            ),
            &[
                "B",
                "Black wins!",
                "A1A19B1B19C1C19E1E19F1F19D1",
                "Thank you for playing!",
            ],
            0,
        ),
        script(
            "11-tie",
            input_lines(&tie_input, "\r\n"),
            &["Wow, a tie!", &tie_history, "Thank you for playing!"],
            0,
        ),
        script(
            "12-no-final-line-end",
            no_final_eol,
            &[
                "Black wins!",
                "K10K11L10L11M10M11N10N11O10",
                "Thank you for playing!",
            ],
            0,
        ),
        script("13-ctrl-z-ends-input", ctrl_z, &["B", "W"], 1),
        script(
            "14-long-lines-lf",
            long_lines,
            &[
                "Invalid coordinate",
                "Invalid!",
                "Invalid!",
                "B",
                "",
                "Invalid!",
            ],
            1,
        ),
        script(
            "15-views",
            input_lines(
                &[
                    "view",
                    "place A1",
                    "view",
                    "place M3",
                    "view",
                    "place O1",
                    "view",
                    "place P3",
                    "view",
                    "place S19",
                    "view",
                    "who",
                    "resign",
                ],
                "\r\n",
            ),
            &[
                &j10,
                "M3,..........................................xxxxxxx",
                "O1,........o...................xxxxxxxxxxxxxxxxxxxxx",
                "P3,.....................o...............#....xxxxxxx",
                "C1,x......x......x......x#.....xxxxxxxxxxxxxxxxxxxxx",
                "E16,.................................................",
                "W",
                "Black wins!",
                "A1M3O1P3S19",
                "Thank you for playing!",
            ],
            0,
        ),
        script("16-empty-input", Vec::new(), &[], 1),
        script("17-who-without-line-end-lf", b"who".to_vec(), &["B"], 1),
        script(
            "18-last-point-wins",
            input_lines(&last_wins_input, "\r\n"),
            &["Black wins!", &last_wins_history, "Thank you for playing!"],
            0,
        ),
    ]
}

#[test]
fn scripted_games_run_as_the_table_says() {
    let scripts = scripts();
    assert!(scripts.len() >= 12);
    let mut failures = Vec::new();
    for s in &scripts {
        let (output, errorlevel) = run_script(&s.input);
        if output != s.output || errorlevel != s.errorlevel {
            failures.push(format!(
                "{}: expected errorlevel {} and\n{}\ngot errorlevel {errorlevel} and\n{}",
                s.name,
                s.errorlevel,
                show(&s.output),
                show(&output)
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn the_scripted_games_cover_every_kind_of_input_and_ending() {
    let scripts = scripts();
    let has = |f: &dyn Fn(&Script) -> bool| scripts.iter().any(f);
    let contains = |hay: &[u8], needle: &[u8]| hay.windows(needle.len()).any(|w| w == needle);
    assert!(has(&|s| contains(&s.output, b"Wow, a tie!")));
    assert!(has(&|s| contains(&s.output, b"Black wins!")));
    assert!(has(&|s| contains(&s.output, b"White wins!")));
    assert!(has(&|s| contains(&s.input, b"resign")));
    assert!(has(&|s| contains(&s.input, b"term\r\n")));
    assert!(has(&|s| s.output.is_empty() && s.errorlevel == 1));
    assert!(has(&|s| contains(&s.output, b"Invalid!")));
    assert!(has(&|s| contains(&s.output, b"Invalid coordinate")));
    assert!(has(&|s| contains(&s.output, b"Occupied coordinate")));
    // Both line ends: most games CR LF, a few LF only.
    let lf_only = scripts
        .iter()
        .filter(|s| contains(&s.input, b"\n") && !contains(&s.input, b"\r\n"))
        .count();
    let cr_lf = scripts
        .iter()
        .filter(|s| contains(&s.input, b"\r\n"))
        .count();
    assert!(lf_only >= 2, "{lf_only} LF games");
    assert!(cr_lf > lf_only, "{cr_lf} CR LF games");
    // Every answer line ends in CR LF: no lone LF in any expected output.
    for s in &scripts {
        for (i, &b) in s.output.iter().enumerate() {
            if b == b'\n' {
                assert!(i > 0 && s.output[i - 1] == b'\r', "{}: lone LF", s.name);
            }
        }
    }
}

fn fixture_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/dosbox/fixtures/controller")
}

#[test]
fn the_fixture_files_hold_the_scripted_games() {
    let dir = fixture_dir();
    let scripts = scripts();
    let mut expected_files = Vec::new();
    for s in &scripts {
        let code = format!("{}\n", s.errorlevel);
        for (ext, bytes) in [
            ("in", s.input.as_slice()),
            ("out", s.output.as_slice()),
            ("code", code.as_bytes()),
        ] {
            let file = format!("{}.{ext}", s.name);
            expected_files.push(file.clone());
            let path = dir.join(&file);
            if std::env::var_os("WRITE_FIXTURES").is_some_and(|v| v == "1") {
                std::fs::create_dir_all(&dir).unwrap();
                std::fs::write(&path, bytes).unwrap();
            }
            let on_disk = std::fs::read(&path).unwrap_or_else(|e| {
                panic!(
                    "{}: {e}; write the fixtures with WRITE_FIXTURES=1 cargo test --test controller",
                    path.display()
                )
            });
            assert!(
                on_disk == bytes,
                "{} differs from the table (WRITE_FIXTURES=1 rewrites it)",
                path.display()
            );
        }
    }
    // No stale fixtures: the directory holds exactly the table's files.
    let mut on_disk: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    on_disk.sort();
    expected_files.sort();
    assert_eq!(on_disk, expected_files);
}
