//! The status line's prompts: the Y/N questions (leave, quit, replace), the
//! file name, and the Mist's command line with the controller's answers.

use super::files::WILDCARDS_REFUSED;
use super::game_screen::{WAIT_FOR_COMPUTER, WINS_ANY_KEY};
use super::words::{push_point, push_side};
use super::{App, Command, Panel, Prompt};
use crate::app::controller::{self, Request};
use crate::app::screen::{Input, Key, Sound};
use crate::packed;
use crate::rules::board::Stone;
use crate::rules::game::MoveError;
use crate::support::text::Sink;

impl App {
    /// The answer to a Y/N question on the status line: only Y says yes, so a
    /// stray key, Esc or a click never quits or replaces anything.
    #[inline(never)]
    pub(super) fn answer(&mut self, input: Input) -> Command {
        let question = core::mem::replace(&mut self.prompt, Prompt::None);
        if !matches!(input, Input::Key(Key::Char(b'y' | b'Y'))) {
            if question == Prompt::QuitProgram {
                self.back_to_menu();
            } else {
                // Not left, or not saved: the file stays as it was.
                self.say(packed!("The game goes on."));
            }
            return Command::Continue;
        }
        match question {
            Prompt::QuitProgram => Command::Quit,
            Prompt::ReplaceFile => Command::ReplaceFile,
            _ => {
                self.back_to_menu();
                Command::Continue
            }
        }
    }

    /// A file of the name being saved is there: ask before replacing it.
    pub fn ask_replace(&mut self) {
        self.prompt = Prompt::ReplaceFile;
        self.status_is_alert = true;
        let status = self.status.edit();
        status.clear();
        super::files::push_file_name(status, self.file_name.as_bytes())
            .push_packed(packed!(" is there already. Replace it? Y/N"));
    }

    /// Puts up the file-name prompt, `SaveName` or `LoadName`, with its question
    /// (also again after each key typed at it).
    // Out of line: the .COM is smaller so.
    #[inline(never)]
    pub(super) fn ask_file_name(&mut self, prompt: Prompt) {
        self.prompt = prompt;
        self.say(if prompt == Prompt::SaveName {
            packed!("Save as (Enter saves, Esc cancels): ")
        } else {
            packed!("Load (Enter loads, Esc cancels): ")
        });
    }

    /// Esc at a prompt.
    fn cancel(&mut self) {
        self.prompt = Prompt::None;
        self.say(packed!("Cancelled."));
    }

    /// The file-name prompt on the status line: type, Backspace, Enter, Esc.
    pub(super) fn edit_file_name(&mut self, input: Input) -> Command {
        let request = self.prompt;
        match input {
            Input::Key(Key::Escape) => {
                self.cancel();
                return Command::Continue;
            }
            Input::Key(Key::Enter) => {
                if self.file_name.as_bytes().is_empty() {
                    self.warn(packed!("Type a file name, or Esc to cancel."));
                    return Command::Continue;
                }
                self.prompt = Prompt::None;
                return if request == Prompt::SaveName {
                    Command::SaveFile
                } else {
                    Command::LoadFile
                };
            }
            Input::Key(Key::Backspace) => self.file_name.edit().pop(),
            // Said, not dropped: the name is not changed behind the typist's
            // back. The next key shows the prompt again.
            Input::Key(Key::Char(b'*' | b'?')) => {
                self.warn(WILDCARDS_REFUSED);
                return Command::Continue;
            }
            Input::Key(Key::Char(c))
                if is_file_name_char(c) && self.file_name.as_bytes().len() < super::MAX_NAME =>
            {
                self.file_name.edit().push(&[c.to_ascii_uppercase()]);
            }
            _ => {}
        }
        self.ask_file_name(request);
        Command::Continue
    }

    /// The Mist's command line (C in a Mist game): the controller's commands with
    /// the controller's answers, shown on the status line.
    pub(super) fn edit_command(&mut self, input: Input) -> Command {
        match input {
            Input::Key(Key::Escape) => self.cancel(),
            Input::Key(Key::Enter) => {
                self.prompt = Prompt::None;
                return self.run_command();
            }
            Input::Key(Key::Backspace) => self.command_line.edit().pop(),
            Input::Key(key @ (Key::Space | Key::Char(_))) => {
                let c = if let Key::Char(c) = key { c } else { b' ' };
                // Any case is taken: the controller's words are lower case,
                // a coordinate after `place ` upper case.
                let c = if self.command_line.as_bytes().starts_with(b"place ") {
                    c.to_ascii_uppercase()
                } else {
                    c.to_ascii_lowercase()
                };
                self.command_line.edit().push(&[c]);
            }
            _ => {}
        }
        if self.prompt == Prompt::Command {
            self.say(packed!("Command: "));
        }
        Command::Continue
    }

    /// Runs the command line's command on this game; the answer goes to the
    /// status line.
    fn run_command(&mut self) -> Command {
        let request = controller::parse(self.command_line.as_bytes());
        if request == Request::Term {
            return Command::Terminate;
        }
        // The answer is written straight into the status line.
        self.new_status(false);
        match request {
            Request::Who => self.status.edit().push(match self.session.game.to_move() {
                Stone::Black => b"B",
                Stone::White => b"W",
            }),
            Request::Term => return Command::Terminate,
            Request::Resign => {
                if self.session.person_to_move() {
                    let winner = self.session.game.to_move().opponent();
                    self.session.game.resign();
                    self.keep_score();
                    self.sound = Sound::Tune;
                    push_side(self.status.edit(), winner).push_packed(WINS_ANY_KEY)
                } else {
                    self.status.edit().push_packed(WAIT_FOR_COMPUTER)
                }
            }
            Request::View => {
                // The controller's answer is a line of 49 characters; on the
                // screen the panel draws them as the 7x7 picture they are.
                self.panel = Panel::Hole;
                let text = self
                    .status
                    .edit()
                    .push_packed(packed!("The hole: the clear 7x7 around "));
                push_point(text, self.session.centre, self.session.variant)
                    .push_packed(packed!(", in the panel."))
            }
            Request::History => {
                // The status line holds the last moves; the whole list is in N.
                let mut all = HistorySink {
                    bytes: [0; 78],
                    len: 0,
                    dropped: false,
                    moves: 0,
                    secret: [self.is_secret(0), self.is_secret(1)],
                };
                controller::write_history(&self.session.game, &mut all);
                if all.dropped {
                    self.status.edit().push(b"...");
                }
                self.status.edit().push(&all.bytes[..all.len])
            }
            Request::Place(None) => self
                .status
                .edit()
                .push_packed(packed!("Invalid coordinate")),
            Request::Place(Some(point)) => {
                if !self.session.person_to_move() {
                    self.status.edit().push_packed(WAIT_FOR_COMPUTER)
                } else {
                    match self.session.game.check(point) {
                        Err(MoveError::Occupied) => self
                            .status
                            .edit()
                            .push_packed(packed!("Occupied coordinate")),
                        Err(_) => self
                            .status
                            .edit()
                            .push_packed(packed!("Invalid coordinate")),
                        Ok(()) => {
                            self.cursor = point;
                            self.place(point);
                            return Command::Continue;
                        }
                    }
                }
            }
            Request::Invalid => self.status.edit().push_packed(packed!("Invalid!")),
        };
        Command::Continue
    }
}

/// Characters DOS allows in a file name or path, as typed.
// A loop, not `contains`: that would bring in core's memchr (300 bytes).
#[allow(clippy::manual_contains)]
fn is_file_name_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || b".\\:_-~!#$%&'()@^{}".iter().any(|&allowed| allowed == c)
}

/// The end of the history line: the last moves that fit on the status line.
struct HistorySink {
    bytes: [u8; 78],
    len: usize,
    dropped: bool,
    /// Moves written so far.
    moves: usize,
    /// Whether Black's, White's moves are the computer's hidden ones: each is
    /// written as `?`.
    secret: [bool; 2],
}

impl Sink for HistorySink {
    fn write(&mut self, bytes: &[u8]) {
        let bytes = if self.secret[self.moves % 2] {
            b"?"
        } else {
            bytes
        };
        self.moves += 1;
        // Keep room for "..." in front; drop the oldest moves first.
        const ROOM: usize = 70;
        // Each write is one move: drop whole moves, a letter and its digits.
        while self.len + bytes.len() > ROOM && self.len > 0 {
            let mut drop = 1;
            while drop < self.len && self.bytes[drop].is_ascii_digit() {
                drop += 1;
            }
            self.bytes.copy_within(drop..self.len, 0);
            self.len -= drop;
            self.dropped = true;
        }
        self.bytes[self.len..self.len + bytes.len()].copy_from_slice(bytes);
        self.len += bytes.len();
    }
}
