//! The game screen's input: a click or a key on the board, the buttons, the
//! cursor, the hint, and the status line after a move.

use super::words::{push_point, push_side, side_name};
use super::{App, BUTTONS_Y, Command, MOVES_A_PAGE, Opponent, Page, Panel, Prompt, point_on};
use crate::ai::engine::{self, Level, Position};
use crate::app::screen::{Input, Key};
use crate::packed;
use crate::rules::board::Stone;
use crate::rules::coord::Point;
use crate::rules::game::{MoveError, Outcome};
use crate::rules::{WinRule, winning_line};
use crate::support::packed::Packed;

/// The buttons under the status line: (first column, label, key it stands for).
/// The column is a byte, which keeps the table small.
pub(super) static BUTTONS: [(u8, &[u8], u8); 6] = [
    (1, b"[Undo U]", b'u'),
    (11, b"[Hint H]", b'h'),
    (21, b"[Numbers N]", b'n'),
    (34, b"[Save S]", b's'),
    (44, b"[Menu Esc]", 0x1B),
    (56, b"[Replay P]", b'p'),
];

impl App {
    pub(super) fn handle_game(&mut self, input: Input) -> Command {
        match self.prompt {
            Prompt::SaveName | Prompt::LoadName => return self.edit_file_name(input),
            Prompt::Command => return self.edit_command(input),
            _ => {}
        }
        if let Some(shown) = self.replay {
            self.step_replay(shown, input);
            return Command::Continue;
        }
        if self.session.game.is_over() {
            // After the result, U takes back (to see where it went wrong), S
            // saves, N shows the moves and P replays them (below, as during the
            // game: none is a click on the board); any other key or the Menu
            // button returns to the menu (Piskasm's Restart). A click elsewhere
            // does nothing: it may have been meant for the game just ended.
            // PgUp and PgDn turn the move list's pages.
            let button = self.button_or_key(input);
            if let (Input::Click { .. }, None) = (input, button) {
                self.say(packed!(
                    "The game is over: click a button, or press a key for the menu."
                ));
                return Command::Continue;
            }
            if !matches!(button, Some(b'u' | b's' | b'n' | b'p'))
                && !matches!(input, Input::Key(Key::PageUp | Key::PageDown))
            {
                self.back_to_menu();
                return Command::Continue;
            }
        }
        if let Input::Click { x, y } = input
            && let Some(point) = point_on(x, y, self.session.game.board().side())
        {
            self.cursor = point;
            self.place(point);
            return Command::Continue;
        }
        match self.button_or_key(input) {
            Some(b'u') => self.take_back(),
            Some(b'h') if self.session.variant.has_mist() => {
                self.warn(packed!("No hints in the Mist: nobody may see under it."))
            }
            Some(b'h') => self.show_hint(),
            Some(b'c') if self.session.variant.has_mist() => {
                self.prompt = Prompt::Command;
                self.command_line.edit().clear();
                self.say(packed!("Command: "));
            }
            Some(b'n') => {
                if matches!(self.panel, Panel::Moves { .. }) {
                    self.panel = Panel::Rules;
                    self.say(packed!("Move numbers hidden."));
                } else {
                    self.panel = Panel::Moves { back: 0 };
                    self.say(packed!("The moves by number: PgUp, PgDn turn pages."));
                }
            }
            Some(b's') => self.ask_file_name(Prompt::SaveName),
            Some(b'p') if self.may_replay() => {
                self.replay = Some(0);
                self.say_replay(0);
            }
            Some(b'p') => self.warn(packed!("P replays a finished or a loaded game.")),

            Some(0x1B) => {
                self.prompt = Prompt::LeaveGame;
                self.warn(packed!("Leave this game? Y/N"));
            }
            Some(_) => self.warn(packed!("Unknown key. F1 lists the keys.")),
            None => match input {
                Input::Key(Key::Up) => self.move_cursor(0, 1),
                Input::Key(Key::Down) => self.move_cursor(0, -1),
                Input::Key(Key::Left) => self.move_cursor(-1, 0),
                Input::Key(Key::Right) => self.move_cursor(1, 0),
                Input::Key(Key::Enter | Key::Space) => self.place(self.cursor),
                Input::Key(Key::F1) => {
                    self.page = Page::Help {
                        over_game: true,
                        page: 0,
                    }
                }
                Input::Key(key @ (Key::PageUp | Key::PageDown)) => self.turn_move_page(key),
                Input::Click { .. } => {
                    self.warn(packed!("That click is off the board: click on a point."))
                }
                _ => {}
            },
        }
        Command::Continue
    }

    /// The letter a key or a button click stands for: the game's command keys in
    /// lower case, Esc as 1Bh, Backspace as `u`; None for everything else.
    fn button_or_key(&self, input: Input) -> Option<u8> {
        match input {
            Input::Key(Key::Char(c)) => Some(c.to_ascii_lowercase()),
            Input::Key(Key::Escape) => Some(0x1B),
            Input::Key(Key::Backspace) => Some(b'u'),
            Input::Click { x, y } if y as usize == BUTTONS_Y => BUTTONS
                .iter()
                .find(|&&(start, label, _)| {
                    let start = start as usize;
                    (start..start + label.len()).contains(&(x as usize))
                })
                .map(|&(_, _, key)| key),
            _ => None,
        }
    }

    /// Whether P may replay this game: it has ended, or came from a file.
    pub(super) fn may_replay(&self) -> bool {
        self.session.game.is_over() || self.session.loaded
    }

    /// A key in replay: the arrows step a move back or on, PgUp and PgDn ten,
    /// Home and End go to the first and the last; Esc (or P) returns to the
    /// game as it was. Only what the board shows changes.
    fn step_replay(&mut self, shown: u16, input: Input) {
        let total = self.session.game.moves().len() as u16;
        let shown = match input {
            Input::Key(Key::Left | Key::Up) => shown.saturating_sub(1),
            Input::Key(Key::Right | Key::Down | Key::Enter | Key::Space) => shown + 1,
            Input::Key(Key::PageUp) => shown.saturating_sub(10),
            Input::Key(Key::PageDown) => shown + 10,
            Input::Key(Key::Home) => 0,
            Input::Key(Key::End) => total,
            _ if matches!(self.button_or_key(input), Some(0x1B | b'p')) => {
                self.replay = None;
                self.say(packed!("Back to the game."));
                return;
            }
            _ => shown,
        }
        .min(total);
        self.replay = Some(shown);
        self.say_replay(shown);
    }

    fn say_replay(&mut self, shown: u16) {
        let total = self.session.game.moves().len() as u32;
        self.new_status(false)
            .push_packed(packed!("Replay: move "))
            .push_number(shown as u32)
            .push_packed(packed!(" of "))
            .push_number(total)
            .push_packed(packed!(". Esc returns to the game."));
    }

    /// PgUp: the move list's page before; PgDn: the one after.
    fn turn_move_page(&mut self, key: Key) {
        if let Panel::Moves { back } = self.panel {
            let pages = self.session.game.moves().len().saturating_sub(1) / MOVES_A_PAGE;
            let back = if key == Key::PageUp {
                back.saturating_add(1).min(pages as u8)
            } else {
                back.saturating_sub(1)
            };
            self.panel = Panel::Moves { back };
        }
    }

    fn move_cursor(&mut self, dc: i8, dr: i8) {
        if let Some(next) = self
            .cursor
            .step(dc, dr, 1, self.session.game.board().side())
        {
            self.cursor = next;
        }
    }

    pub(super) fn place(&mut self, point: Point) {
        if !self.session.person_to_move() {
            self.warn(WAIT_FOR_COMPUTER);
            return;
        }
        let mover = self.session.game.to_move();
        match self.put_stone(point) {
            Ok(()) => self.announce(mover, point),
            Err(MoveError::Occupied) => {
                let variant = self.session.variant;
                push_point(self.new_status(true), point, variant)
                    .push_packed(packed!(" is occupied: choose a free point."));
            }
            Err(MoveError::OffBoard) => self.warn(packed!("That point is off the board.")),
            Err(MoveError::GameOver) => self.back_to_menu(),
            Err(MoveError::Restricted) => self.warn(packed!(
                "Outer-Open: Black opens on rows 1, 2, 14, 15 or columns A, B, O, P."
            )),
        }
    }

    pub(super) fn announce(&mut self, mover: Stone, point: Point) {
        let outcome = self.session.game.outcome();
        let opponent = self.session.opponent;
        let mover_name = self.mover_name(mover);
        let variant = self.session.variant;
        let secret = self.is_secret(self.session.game.moves().len() - 1);
        // Under exact five, six or more in a row goes on: the status says why.
        let game = &self.session.game;
        let made_overline = game.rule() == WinRule::ExactlyFive
            && winning_line(game.board(), point, WinRule::FiveOrMore).is_some();
        let text = self.new_status(false);
        match outcome {
            Outcome::Won { winner, .. } => {
                match opponent {
                    Opponent::Computer(computer) if winner == computer => {
                        text.push_packed(packed!("The computer wins! "));
                    }
                    Opponent::Computer(_) => {
                        text.push_packed(packed!("You win! "));
                    }
                    _ => {}
                }
                push_side(text, winner).push_packed(WINS_ANY_KEY);
            }
            Outcome::Draw => {
                text.push_packed(packed!(
                    "Draw: the board is full. U undo, S save, N moves, P replay; else menu."
                ));
            }
            Outcome::InProgress if secret => {
                text.push_packed(packed!("The computer has moved."));
            }
            Outcome::InProgress => {
                text.push_packed(mover_name)
                    .push_packed(packed!(" played "));
                push_point(text, point, variant).push(b".");
                if made_overline {
                    text.push_packed(packed!(" Six or more in a row does not win."));
                }
                if matches!(opponent, Opponent::Computer(computer) if computer != mover) {
                    text.push_packed(packed!(" The computer is thinking..."));
                }
            }
        }
    }

    /// Whether move `index` (0-based) is the computer's, hidden: in the Mist
    /// against the computer, until the game ends, nothing on the screen names
    /// or marks its stones outside the hole (the board shows the hole only).
    pub(super) fn is_secret(&self, index: usize) -> bool {
        let white = index % 2 == 1; // Black's moves come first, then they alternate
        match self.session.opponent {
            Opponent::Computer(computer) => {
                self.session.variant.has_mist()
                    && !self.session.game.is_over()
                    && white == (computer == Stone::White)
            }
            _ => false,
        }
    }

    fn mover_name(&self, stone: Stone) -> Packed {
        match self.session.opponent {
            Opponent::Computer(computer) if computer == stone => packed!("The computer"),
            Opponent::Computer(_) => packed!("You"),
            _ => side_name(stone),
        }
    }

    /// The hint: the Classic evaluator, seen from the side to move, picks a point.
    fn show_hint(&mut self) {
        // A copy of the random source: asking for a hint never changes the game.
        // Classic afresh (nothing kept), for the side to move; on an empty
        // board the middle, where the computer opens.
        let mut random = self.random;
        self.hint = engine::think(
            Level::Classic,
            0,
            Position::of(&self.session.game),
            None,
            None,
            None,
            &mut random,
        )
        .map(|(point, _)| point);
        if let Some(point) = self.hint {
            let variant = self.session.variant;
            let text = self.new_status(false).push_packed(packed!("Hint: "));
            push_point(text, point, variant).push_packed(packed!(" (marked < >)."));
        }
    }
}

/// Said when a person tries to move on the computer's turn (also on the Mist's
/// command line).
pub(super) const WAIT_FOR_COMPUTER: Packed = packed!("Wait for the computer's move.");

/// The end of a win's message, after the winner's name (also for a resignation).
pub(super) const WINS_ANY_KEY: Packed =
    packed!(" wins! U undo, S save, N moves, P replay; else menu.");
