//! The Mist's Game Controller (seeds/000), byte for byte: every command and
//! every error through `Controller::handle_line`, the end of a game (a five, an
//! overline, a resignation, a full board) and `LineReader`. (Complete scripted
//! games: tests/controller_scripts.rs.)

mod common;

use common::controller::*;
use common::{Bytes, brute_force_fives, go_name, go_point, longest_run, show};
use piskrs::app::controller::{Controller, LineEnd, LineReader, MAX_LINE};
use piskrs::rules::WinRule;
use piskrs::rules::board::Stone;
use piskrs::rules::coord::Point;
use piskrs::rules::game::Outcome;

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
    let mut table: Vec<(&[&str], String, String, &str)> = vec![
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
        // a point alone is no command
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
    // place: not a coordinate (with no moves before)
    let more_bad_places = ["place A100", "place @1", "place A-1", "place k10"];
    for text in BAD_PLACES.into_iter().chain(more_bad_places) {
        table.push((&[], text.into(), crlf(&["Invalid coordinate"]), CONTINUE));
    }
    // anything else (with no moves before)
    for text in INVALID_COMMANDS.into_iter().chain(["who\r"]) {
        table.push((&[], text.into(), crlf(&["Invalid!"]), CONTINUE));
    }
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
// A full board without a five (the board and moves: tests/common/controller.rs).

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
