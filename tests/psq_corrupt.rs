//! Corrupt .psq records (src/rules/psq.rs) never load with moves missing: every
//! move loads, or the status says the file is corrupt and at which line. The
//! files a fuzzing run loaded with moves missing (issue 51) are here, then a
//! property over stray lines put anywhere among a record's moves.

use piskrs::app::ui::App;
use piskrs::rules::psq::{self, RecordError};
use proptest::prelude::*;

const HEADER: &str = "Piskvorky 19x19, 11:11, 0";

/// The lines joined with CR LF after each.
fn file(lines: &[&str]) -> Vec<u8> {
    lines
        .iter()
        .flat_map(|line| format!("{line}\r\n").into_bytes())
        .collect()
}

/// What the status line says once the file is loaded from the menu as
/// AFTER.PSQ.
fn load_status(bytes: &[u8]) -> String {
    let mut app = App::new(true);
    app.request_load(b"AFTER.PSQ");
    app.load_finished(Ok(bytes));
    String::from_utf8_lossy(app.status().as_bytes()).into_owned()
}

/// The moves read, or why none are and the line at fault if one is.
fn moves_read(bytes: &[u8]) -> Result<usize, (RecordError, Option<u16>)> {
    let mut reader = psq::Reader::new();
    reader.feed(bytes);
    match reader.finish() {
        Ok(record) => Ok(record.moves().len()),
        Err(error) => Err((error, reader.fault_line())),
    }
}

const fn cut_short(line: u16) -> Result<usize, (RecordError, Option<u16>)> {
    Err((RecordError::MovesCutShort, Some(line)))
}

const fn bad_move(line: u16) -> Result<usize, (RecordError, Option<u16>)> {
    Err((RecordError::BadMove, Some(line)))
}

#[test]
fn a_blank_line_among_the_moves_is_skipped() {
    let bytes = file(&[HEADER, "10,10,0", "", "11,11,0", "-1"]);
    assert!(moves_read(&bytes) == Ok(2));
    assert_eq!(
        load_status(&bytes),
        "Loaded AFTER.PSQ: 2 moves. Black to move."
    );
    // However many, spaces only too, and with LF or CR alone.
    for end in ["\n", "\r", "\r\n"] {
        let text = [HEADER, "10,10,0", "", "  ", "11,11,0", "", "12,12,0", "-1"].join(end) + end;
        assert!(moves_read(text.as_bytes()) == Ok(3), "{text:?}");
    }
}

#[test]
fn a_line_that_cuts_the_moves_short_is_named() {
    let digits = "7".repeat(10_000);
    for stray in ["GARBAGE", digits.as_str(), "-1", "pbrain-x.zip"] {
        let bytes = file(&[HEADER, "10,10,0", stray, "11,11,0", "-1"]);
        assert!(
            moves_read(&bytes) == cut_short(3),
            "{:?}",
            &stray[..stray.len().min(20)]
        );
        assert_eq!(
            load_status(&bytes),
            "Could not load AFTER.PSQ: line 3 is not a move, yet moves follow (corrupt?)."
        );
    }
    // A move after the end of the list, however far after it.
    let bytes = file(&[
        HEADER, "10,10,0", "11,10,0", "-1", "Black", "White", " 12,1,0",
    ]);
    assert!(moves_read(&bytes) == cut_short(4));
}

#[test]
fn a_move_line_too_long_to_read_is_a_bad_move_at_its_line() {
    let zeros = format!("11,11,{}", "0".repeat(300));
    let bytes = file(&[HEADER, "10,10,0", &zeros, "-1"]);
    assert!(moves_read(&bytes) == bad_move(3));
    assert_eq!(
        load_status(&bytes),
        "Could not load AFTER.PSQ: line 3 holds a bad move (corrupt?)."
    );
    // The line counted with blank lines and any line end.
    let text = [HEADER, "", "10,10,0", "", "99,1,0", "-1"].join("\n") + "\n";
    assert!(moves_read(text.as_bytes()) == bad_move(5));
}

#[test]
fn lines_after_the_moves_that_are_no_moves_are_kept_out_of_the_game() {
    let bytes = file(&[
        HEADER,
        "10,10,0",
        "11,10,0",
        "-1",
        "pbrain-one.zip",
        "",
        "piskrs: game=PISKASM two players",
        "-1",
    ]);
    assert!(moves_read(&bytes) == Ok(2));
    assert_eq!(
        load_status(&bytes),
        "Loaded AFTER.PSQ: 2 moves. Black to move."
    );
}

/// `count` moves on distinct points, on rows 1 and 19 in turn.
fn moves(count: usize) -> Vec<String> {
    (0..count)
        .map(|i| format!("{},{},0", 1 + i / 2, if i % 2 == 0 { 1 } else { 19 }))
        .collect()
}

fn stray_line() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(String::new()),
        Just("-1".to_string()),
        Just("GARBAGE".to_string()),
        "[ -~]{0,80}",
        "[0-9]{60,200}",
        "[0-9]{1,3},[0-9]{1,3},[0-9]{0,300}",
        "[0-9 ,]{0,70}",
    ]
}

proptest! {
    /// A stray line anywhere among a record's moves: every move is read, or
    /// the record is refused; never read with moves missing.
    #[test]
    fn a_stray_line_never_drops_moves(count in 1usize..12, at in 0usize..12, stray in stray_line()) {
        let moves = moves(count);
        let at = at.min(count);
        let mut lines: Vec<&str> = vec![HEADER];
        lines.extend(moves[..at].iter().map(String::as_str));
        lines.push(&stray);
        lines.extend(moves[at..].iter().map(String::as_str));
        lines.push("-1");
        let bytes = file(&lines);
        let mut reader = psq::Reader::new();
        reader.feed(&bytes);
        match reader.finish() {
            Ok(record) => {
                // The stray line may itself be a move: the others are all there, in order.
                let read: Vec<String> = record
                    .moves()
                    .iter()
                    .map(|p| format!("{},{},0", p.col + 1, 19 - p.row))
                    .collect();
                let others: Vec<&String> = read.iter().filter(|m| moves.contains(m)).collect();
                prop_assert_eq!(others.len(), count, "{:?}", read);
                prop_assert!(read.len() <= count + 1);
            }
            Err(_) => {
                // A line named is a line of the file.
                if let Some(line) = reader.fault_line() {
                    prop_assert!((2..=lines.len() as u16).contains(&line));
                }
            }
        }
    }
}
