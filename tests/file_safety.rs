//! The core's side of never destroying a file: an existing file is replaced
//! only after a Y, a read-only file or a device is refused with its reason,
//! and records load whatever their line ends (CR LF, LF, or CR alone).
//!
//! The platform's part is played by hand, as src/bin/piskrs/event_loop.rs does it: on
//! `Command::SaveFile` it finds a file of that name and calls `ask_replace`;
//! on `Command::ReplaceFile` it saves; it reports with `save_finished` or
//! `load_finished`.

mod common;

use common::app::answers_but_yes;
use piskrs::app::screen::{Style, TextScreen};
use piskrs::app::ui::{App, Command, FileError, Input, Key};
use piskrs::rules::psq::{self, RecordError};

const STATUS_Y: usize = 22;

fn key(app: &mut App, key: Key) -> Command {
    app.handle(Input::Key(key))
}

fn status(app: &App) -> String {
    String::from_utf8_lossy(app.status().as_bytes()).into_owned()
}

fn status_style(app: &App) -> Style {
    let mut screen = TextScreen::new();
    app.render(&mut screen);
    screen.cell(1, STATUS_Y).style
}

/// Two players, Black on K10 (a click on its cell), then S and Enter: the
/// platform is asked to save GAME.PSQ.
fn asked_to_save() -> App {
    let mut app = App::new(true);
    key(&mut app, Key::Char(b'4'));
    assert!(app.handle(Input::Click { x: 24, y: 10 }) == Command::Continue);
    assert_eq!(app.game().move_count(), 1);
    key(&mut app, Key::Char(b's'));
    assert!(key(&mut app, Key::Enter) == Command::SaveFile);
    app
}

#[test]
fn an_existing_file_is_replaced_only_after_y() {
    for yes in *b"yY" {
        let mut app = asked_to_save();
        app.ask_replace();
        assert_eq!(status(&app), "GAME.PSQ is there already. Replace it? Y/N");
        assert!(status_style(&app) == Style::Alert);
        assert!(key(&mut app, Key::Char(yes)) == Command::ReplaceFile);
        app.save_finished(Ok(()));
        assert_eq!(status(&app), "Saved to GAME.PSQ.");
    }
}

#[test]
fn any_answer_but_y_leaves_the_file_and_the_game_as_they_were() {
    for no in answers_but_yes(b's', &[(24, 10), (26, 10)]) {
        let mut app = asked_to_save();
        app.ask_replace();
        assert!(app.handle(no) == Command::Continue);
        assert_eq!(status(&app), "The game goes on.");
        // The answer was only an answer: no stone was placed by the click.
        assert_eq!(app.game().move_count(), 1);
        // The question is over: a click is a move again.
        assert!(app.handle(Input::Click { x: 26, y: 10 }) == Command::Continue);
        assert_eq!(app.game().move_count(), 2);
    }
}

#[test]
fn a_read_only_file_or_a_device_is_refused_with_its_reason() {
    let mut app = asked_to_save();
    app.save_finished(Err(FileError::ReadOnly));
    assert_eq!(
        status(&app),
        "Could not save GAME.PSQ: it is read-only. The game goes on."
    );
    assert!(status_style(&app) == Style::Alert);
    assert_eq!(app.game().move_count(), 1);

    // A directory is named so, whether saved to or loaded.
    let mut app = asked_to_save();
    app.save_finished(Err(FileError::Directory));
    assert_eq!(
        status(&app),
        "Could not save GAME.PSQ: it is a directory, not a file. The game goes on."
    );
    let mut app = App::new(true);
    app.request_load(b"GAMES");
    app.load_finished(Err(FileError::Directory));
    assert_eq!(
        status(&app),
        "Could not load GAMES: it is a directory, not a file."
    );

    let mut app = App::new(true);
    assert!(app.request_load(b"CON") == Command::LoadFile);
    app.load_finished(Err(FileError::Device));
    assert_eq!(
        status(&app),
        "Could not load CON: it is a device, not a file."
    );
    assert!(app.on_menu());
}

/// A record of three moves with `end` after every line.
fn record(end: &str) -> Vec<u8> {
    [
        "Piskvorky 19x19, 11:11, 0",
        "10,10,0",
        "11,10,0",
        "10,9,0",
        "-1",
    ]
    .iter()
    .flat_map(|line| format!("{line}{end}").into_bytes())
    .collect()
}

#[test]
fn records_load_with_cr_lf_lf_or_cr_alone() {
    for end in ["\r\n", "\n", "\r"] {
        let bytes = record(end);
        let read = psq::read(&bytes, 19);
        assert!(read.is_ok(), "line ends {end:?}");
        assert_eq!(read.ok().unwrap().moves().len(), 3, "line ends {end:?}");
        // Fed a byte at a time (a CR LF split between two chunks) the same.
        let mut reader = psq::Reader::new();
        for byte in &bytes {
            reader.feed(core::slice::from_ref(byte));
        }
        assert_eq!(reader.finish().ok().unwrap().moves().len(), 3);
    }
    let mut app = App::new(true);
    app.request_load(b"CR.PSQ");
    app.load_finished(Ok(&record("\r")));
    assert_eq!(status(&app), "Loaded CR.PSQ: 3 moves. White to move.");
}

#[test]
fn a_file_cut_off_is_still_called_cut_off_whatever_its_line_ends() {
    for end in ["\r\n", "\n", "\r"] {
        let mut bytes = record(end);
        // The last line ("-1") without its line end.
        bytes.truncate(bytes.len() - end.len());
        assert!(
            psq::read(&bytes, 19).err() == Some(RecordError::Truncated),
            "line ends {end:?}"
        );
    }
}

/// The status line's row as text.
fn status_row(app: &App) -> String {
    let mut screen = TextScreen::new();
    app.render(&mut screen);
    let mut row = [0u8; 80];
    screen.row_text(STATUS_Y, &mut row);
    String::from_utf8_lossy(&row).trim_end().to_string()
}

#[test]
fn a_path_as_long_as_dos_takes_is_kept_whole_and_shown_by_its_end() {
    const PATH: &[u8] = b"C:\\ABCDEFGH\\IJKLMNOP\\QRSTUVWX\\YZABCDEF\\GAME0001.PSQ";
    let mut app = App::new(true);
    assert!(app.request_load(PATH) == Command::LoadFile);
    assert_eq!(app.file_name(), PATH);
    app.load_finished(Ok(&record("\r\n")));
    // The message stays whole on the line: the name's end names the file.
    assert_eq!(
        status(&app),
        "Loaded ...YZABCDEF\\GAME0001.PSQ: 3 moves. White to move."
    );
    // The longest a command line holds (117 bytes after "/LOAD ").
    let longest = [b"C:\\".as_slice(), &b"ABCDEFGH\\".repeat(12), b"AB.PSQ"].concat();
    let mut app = App::new(true);
    app.request_load(&longest);
    assert_eq!(app.file_name(), longest.as_slice());
    app.load_finished(Err(FileError::NotFound));
    assert_eq!(
        status(&app),
        "Could not load ...DEFGH\\ABCDEFGH\\AB.PSQ: no such file."
    );

    // Saving under it: the prompt shows the name's end, with the cursor.
    key(&mut app, Key::Char(b'4'));
    key(&mut app, Key::Char(b's'));
    let row = status_row(&app);
    assert!(row.ends_with("ABCDEFGH\\AB.PSQ_"), "{row:?}");
    assert!(
        row.starts_with(" Save as (Enter saves, Esc cancels): "),
        "{row:?}"
    );
    assert_eq!(row.len(), 79, "{row:?}");
    // The question before replacing it: the question stays on the line.
    assert!(key(&mut app, Key::Enter) == Command::SaveFile);
    app.ask_replace();
    assert_eq!(
        status(&app),
        "...DEFGH\\ABCDEFGH\\AB.PSQ is there already. Replace it? Y/N"
    );
}
