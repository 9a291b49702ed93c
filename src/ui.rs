//! The user interface as a model: which screen is up, what it shows, and what each
//! key or click does. The DOS layer feeds [`Input`]s in, copies the rendered
//! [`TextScreen`] out, and carries out the file requests a [`Command`] names;
//! nothing here knows about hardware.
//!
//! Screen layout of a game (80x25):
//! ```text
//! y 0   title bar
//! y 1   19 ┌─┬─┬─ ... ─┐       side panel from x = 46: players, whose turn,
//! ...                          stones, last move, the move list (N)
//! y 19   1 └─┴─┴─ ... ─┘
//! y 20     A B C ... S         column c is at x = 4 + 2c, row r (1..19) at y = 20 - r
//! y 22  status line
//! y 23  buttons: [Undo] [Hint] [Numbers] [Save] [Menu]
//! y 24  key bar
//! ```

use crate::board::Stone;
use crate::classic::{Classic, opening_move};
use crate::coord::{Lettering, Point, write_point};
use crate::game::{Game, MoveError, Outcome};
use crate::psq::{self, RecordError};
use crate::random::Random;
use crate::rules::WinRule;
use crate::screen::{Style, TextScreen, WIDTH, glyph};
use crate::text::Text;

/// Screen column of board column 0 (A); columns are two cells apart.
pub const BOARD_X: usize = 4;
/// Screen row of the top board row.
pub const BOARD_TOP_Y: usize = 1;
pub const STATUS_Y: usize = 22;
pub const BUTTONS_Y: usize = 23;
pub const KEY_BAR_Y: usize = 24;
const PANEL_X: usize = 46;
const SIDE: u8 = 19;
const LETTERING: Lettering = Lettering::Consecutive;
/// The file name offered when saving or loading.
pub const DEFAULT_FILE: &[u8] = b"GAME.PSQ";
/// Longest file name the prompt takes (a DOS path of modest length).
pub const MAX_NAME: usize = 40;
/// How many moves the move list shows.
const MOVE_LIST_LINES: usize = 8;

/// A key the game understands. The DOS layer translates BIOS codes into these.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Key {
    Up,
    Down,
    Left,
    Right,
    Enter,
    Space,
    Escape,
    Backspace,
    F1,
    /// A printable character as typed.
    Char(u8),
}

/// One thing the user did.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Input {
    Key(Key),
    /// A left click on text cell (x, y).
    Click {
        x: u8,
        y: u8,
    },
}

/// What the platform must do after an input.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Command {
    Continue,
    /// Leave the program with errorlevel 0.
    Quit,
    /// Write [`App::save_request`]'s bytes to its file, then call [`App::save_finished`].
    SaveFile,
    /// Read the file [`App::file_name`] names, then call [`App::load_finished`].
    LoadFile,
}

/// Why a file operation failed, as the platform reports it.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum FileError {
    NotFound,
    AccessDenied,
    DiskFull,
    TooBig,
    /// Any other DOS error.
    Failed,
}

/// Who plays against whom.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Opponent {
    /// Two people at one machine.
    Person,
    /// The person against the computer, which plays the given colour.
    Computer(Stone),
}

/// Which screen is up.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Page {
    Menu,
    Game,
    /// The key list; remembers whether a game is behind it.
    Help {
        over_game: bool,
    },
}

/// What the status line is asking for, if anything.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Prompt {
    None,
    LeaveGame,
    SaveName,
    LoadName,
}

/// Menu rows (a click on a row chooses it).
const MENU_PERSON_BEGINS_Y: usize = 8;
const MENU_COMPUTER_BEGINS_Y: usize = 9;
const MENU_TWO_PLAYERS_Y: usize = 10;
const MENU_LOAD_Y: usize = 11;
const MENU_QUIT_Y: usize = 12;
const MENU_HELP_Y: usize = 14;
const MENU_OPTIONS_Y: usize = 16;

/// The buttons under the status line: (first column, label, key it stands for).
const BUTTONS: [(usize, &[u8], u8); 5] = [
    (1, b"[Undo U]", b'u'),
    (11, b"[Hint H]", b'h'),
    (21, b"[Numbers N]", b'n'),
    (34, b"[Save S]", b's'),
    (44, b"[Menu Esc]", 0x1B),
];

/// The screen row of board row `row` (0-based from the bottom).
pub fn screen_y(row: u8) -> usize {
    BOARD_TOP_Y + (SIDE - 1 - row) as usize
}

/// The screen column of board column `col`.
pub fn screen_x(col: u8) -> usize {
    BOARD_X + 2 * col as usize
}

/// The board point under text cell (x, y), if any.
pub fn point_at(x: u8, y: u8) -> Option<Point> {
    let (x, y) = (x as usize, y as usize);
    if x < BOARD_X || !(x - BOARD_X).is_multiple_of(2) || y < BOARD_TOP_Y {
        return None;
    }
    let col = (x - BOARD_X) / 2;
    let from_top = y - BOARD_TOP_Y;
    if col >= SIDE as usize || from_top >= SIDE as usize {
        return None;
    }
    Some(Point::new(col as u8, SIDE - 1 - from_top as u8))
}

/// The whole program's interface state.
pub struct App {
    page: Page,
    game: Game,
    opponent: Opponent,
    /// Piskasm's evaluator, kept up to date with Update after every stone.
    classic: Classic,
    random: Random,
    /// Set by /SEED: the menu's wait counter does not replace the seed.
    seed_fixed: bool,
    cursor: Point,
    hint: Option<Point>,
    show_move_list: bool,
    status: Text<78>,
    status_is_alert: bool,
    prompt: Prompt,
    file_name: Text<MAX_NAME>,
    mouse_present: bool,
}

impl App {
    /// The program as it starts: the menu. `mouse_present` is what INT 33h said.
    pub fn new(mouse_present: bool) -> App {
        let mut app = App {
            page: Page::Menu,
            game: Game::new(SIDE, WinRule::FiveOrMore),
            opponent: Opponent::Person,
            classic: Classic::new(Stone::White, SIDE),
            random: Random::new(0),
            seed_fixed: false,
            cursor: Point::new(SIDE / 2, SIDE / 2),
            hint: None,
            show_move_list: false,
            status: Text::new(),
            status_is_alert: false,
            prompt: Prompt::None,
            file_name: Text::from(DEFAULT_FILE),
            mouse_present,
        };
        app.say(b"Choose with a key or a click.");
        app
    }

    /// Fixes the random seed (the /SEED switch): games replay exactly.
    pub fn fix_seed(&mut self, seed: u16) {
        self.random = Random::new(seed);
        self.seed_fixed = true;
    }

    /// The menu's wait counter when a key came: Piskasm's seed. Ignored under /SEED.
    pub fn seed_from_wait(&mut self, counter: u16) {
        if !self.seed_fixed {
            self.random = Random::new(counter);
        }
    }

    /// Whether the menu is up (the platform runs the seed counter there).
    pub fn on_menu(&self) -> bool {
        self.page == Page::Menu
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn opponent(&self) -> Opponent {
        self.opponent
    }

    pub fn classic(&self) -> &Classic {
        &self.classic
    }

    pub fn cursor(&self) -> Point {
        self.cursor
    }

    pub fn hint(&self) -> Option<Point> {
        self.hint
    }

    /// The status line's text.
    pub fn status(&self) -> &[u8] {
        self.status.as_bytes()
    }

    fn say(&mut self, text: &[u8]) {
        self.status = Text::from(text);
        self.status_is_alert = false;
    }

    fn warn(&mut self, text: &[u8]) {
        self.status = Text::from(text);
        self.status_is_alert = true;
    }

    /// Does what `input` asks on the current page.
    pub fn handle(&mut self, input: Input) -> Command {
        match self.page {
            Page::Menu => self.handle_menu(input),
            Page::Game => self.handle_game(input),
            Page::Help { over_game } => {
                self.page = if over_game { Page::Game } else { Page::Menu };
                Command::Continue
            }
        }
    }

    fn handle_menu(&mut self, input: Input) -> Command {
        if self.prompt == Prompt::LoadName {
            return self.edit_file_name(input);
        }
        let choice = match input {
            Input::Key(Key::Char(c)) => c.to_ascii_lowercase(),
            Input::Key(Key::Escape) => b'3',
            Input::Key(Key::F1) => b'?',
            Input::Click { y, .. } => match y as usize {
                MENU_PERSON_BEGINS_Y => b'1',
                MENU_COMPUTER_BEGINS_Y => b'2',
                MENU_TWO_PLAYERS_Y => b'4',
                MENU_LOAD_Y => b'l',
                MENU_QUIT_Y => b'3',
                MENU_HELP_Y => b'?',
                _ => 0,
            },
            _ => 0,
        };
        match choice {
            b'1' => self.start(Opponent::Computer(Stone::White)),
            b'2' => self.start(Opponent::Computer(Stone::Black)),
            b'4' => self.start(Opponent::Person),
            b'l' => self.ask_file_name(Prompt::LoadName, b"Load which file? "),
            b'3' => return Command::Quit,
            b'?' => self.page = Page::Help { over_game: false },
            _ => self.warn(b"Press 1, 2 or 4 to play, L to load, 3 or Esc to quit, F1 for keys."),
        }
        Command::Continue
    }

    /// A new game against `opponent`. When the computer begins, its opening stone
    /// is a random point near the middle.
    fn start(&mut self, opponent: Opponent) {
        self.game = Game::new(SIDE, WinRule::FiveOrMore);
        self.opponent = opponent;
        self.reset_view();
        self.page = Page::Game;
        match opponent {
            Opponent::Person => {
                self.say(b"Black begins. Click a point, or move with the arrows and press Enter.")
            }
            Opponent::Computer(computer) => {
                self.classic = Classic::new(computer, SIDE);
                if computer == Stone::Black {
                    let point = opening_move(SIDE, &mut self.random);
                    let _ = self.put_stone(point); // an empty board: always legal
                    self.say(b"The computer began. Your move: click a point or use the arrows.");
                } else {
                    self.say(b"You begin with X. Click a point, or use the arrows and Enter.");
                }
            }
        }
    }

    fn reset_view(&mut self) {
        self.cursor = Point::new(SIDE / 2, SIDE / 2);
        self.prompt = Prompt::None;
        self.hint = None;
    }

    fn back_to_menu(&mut self) {
        self.page = Page::Menu;
        self.prompt = Prompt::None;
        self.say(b"Choose with a key or a click.");
    }

    fn person_to_move(&self) -> bool {
        match self.opponent {
            Opponent::Person => true,
            Opponent::Computer(computer) => self.game.to_move() != computer,
        }
    }

    /// Whether the computer should move now (the platform then calls
    /// [`App::computer_move`], after showing the person's stone).
    pub fn computer_to_move(&self) -> bool {
        self.page == Page::Game && !self.game.is_over() && !self.person_to_move()
    }

    /// PCMove: the computer picks its point from Info and plays it.
    pub fn computer_move(&mut self) {
        if !self.computer_to_move() {
            return;
        }
        if let Some(point) = self.classic.choose(self.game.board(), &mut self.random) {
            let mover = self.game.to_move();
            if self.put_stone(point).is_ok() {
                self.announce(mover, point);
            }
        }
    }

    /// Plays `point` for the side to move and runs Update.
    fn put_stone(&mut self, point: Point) -> Result<(), MoveError> {
        self.game.play(point)?;
        self.classic.update(self.game.board(), point);
        self.hint = None;
        Ok(())
    }

    fn handle_game(&mut self, input: Input) -> Command {
        match self.prompt {
            Prompt::LeaveGame => {
                self.prompt = Prompt::None;
                match input {
                    Input::Key(Key::Char(b'y' | b'Y')) => self.back_to_menu(),
                    _ => self.say(b"The game goes on."),
                }
                return Command::Continue;
            }
            Prompt::SaveName | Prompt::LoadName => return self.edit_file_name(input),
            Prompt::None => {}
        }
        if self.game.is_over() {
            // After the result, U takes back (to see where it went wrong) and S
            // saves; anything else returns to the menu (Piskasm's Restart).
            match self.button_or_key(input) {
                Some(b'u') => self.take_back(),
                Some(b's') => self.ask_file_name(Prompt::SaveName, b"Save as? "),
                _ => self.back_to_menu(),
            }
            return Command::Continue;
        }
        if let Input::Click { x, y } = input
            && let Some(point) = point_at(x, y)
        {
            self.cursor = point;
            self.place(point);
            return Command::Continue;
        }
        match self.button_or_key(input) {
            Some(b'u') => self.take_back(),
            Some(b'h') => self.show_hint(),
            Some(b'n') => {
                self.show_move_list = !self.show_move_list;
                self.say(if self.show_move_list {
                    b"Move numbers shown beside the board."
                } else {
                    b"Move numbers hidden."
                });
            }
            Some(b's') => self.ask_file_name(Prompt::SaveName, b"Save as? "),
            Some(0x1B) => {
                self.prompt = Prompt::LeaveGame;
                self.warn(b"Leave this game? Y/N");
            }
            Some(_) => self.warn(b"Unknown key. F1 lists the keys."),
            None => match input {
                Input::Key(Key::Up) => self.move_cursor(0, 1),
                Input::Key(Key::Down) => self.move_cursor(0, -1),
                Input::Key(Key::Left) => self.move_cursor(-1, 0),
                Input::Key(Key::Right) => self.move_cursor(1, 0),
                Input::Key(Key::Enter | Key::Space) => self.place(self.cursor),
                Input::Key(Key::F1) => self.page = Page::Help { over_game: true },
                Input::Click { .. } => self.warn(b"That click is off the board: click on a point."),
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
                .find(|(start, label, _)| (*start..start + label.len()).contains(&(x as usize)))
                .map(|&(_, _, key)| key),
            _ => None,
        }
    }

    fn move_cursor(&mut self, dc: i8, dr: i8) {
        if let Some(next) = self.cursor.step(dc, dr, 1, SIDE) {
            self.cursor = next;
        }
    }

    fn place(&mut self, point: Point) {
        if !self.person_to_move() {
            self.warn(b"Wait for the computer's move.");
            return;
        }
        let mover = self.game.to_move();
        match self.put_stone(point) {
            Ok(()) => self.announce(mover, point),
            Err(MoveError::Occupied) => {
                let mut text = Text::<78>::new();
                push_point(&mut text, point);
                text.push(b" is occupied: choose a free point.");
                self.status = text;
                self.status_is_alert = true;
            }
            Err(MoveError::OffBoard) => self.warn(b"That point is off the board."),
            Err(MoveError::GameOver) => self.back_to_menu(),
        }
    }

    fn announce(&mut self, mover: Stone, point: Point) {
        let mut text = Text::<78>::new();
        match self.game.outcome() {
            Outcome::Won { winner, .. } => {
                match self.opponent {
                    Opponent::Computer(computer) if winner == computer => {
                        text.push(b"The computer wins! ");
                    }
                    Opponent::Computer(_) => {
                        text.push(b"You win! ");
                    }
                    Opponent::Person => {}
                }
                text.push(side_name(winner))
                    .push(b" wins! Any key or click: menu.");
            }
            Outcome::Draw => {
                text.push(b"Draw: the board is full. Press a key or click for the menu.");
            }
            Outcome::InProgress => {
                text.push(self.mover_name(mover)).push(b" played ");
                push_point(&mut text, point);
                text.push(b".");
            }
        }
        self.status = text;
        self.status_is_alert = false;
    }

    fn mover_name(&self, stone: Stone) -> &'static [u8] {
        match self.opponent {
            Opponent::Person => side_name(stone),
            Opponent::Computer(computer) if computer == stone => b"The computer",
            Opponent::Computer(_) => b"You",
        }
    }

    /// Take back: against the computer, its reply and your last move together;
    /// between two people, one move.
    fn take_back(&mut self) {
        let count = match self.opponent {
            Opponent::Person => 1,
            // Your winning move leaves the computer to move: take back just that.
            Opponent::Computer(computer) if self.game.to_move() == computer => 1,
            Opponent::Computer(_) => 2,
        };
        let stuck =
            matches!(self.opponent, Opponent::Computer(_)) && count == 1 && !self.game.is_over();
        if (self.game.move_count() as usize) < count || stuck {
            self.warn(b"Nothing to take back.");
            return;
        }
        for _ in 0..count {
            if let Some(point) = self.game.undo() {
                self.classic.update(self.game.board(), point);
                self.cursor = point;
            }
        }
        self.hint = None;
        self.say(b"Taken back.");
    }

    /// The hint: the Classic evaluator, seen from the side to move, picks a point.
    fn show_hint(&mut self) {
        let mut advisor = Classic::new(self.game.to_move(), SIDE);
        advisor.recompute(self.game.board());
        // A copy of the random source: asking for a hint never changes the game.
        let mut random = self.random;
        self.hint = advisor.choose(self.game.board(), &mut random);
        if let Some(point) = self.hint {
            let mut text = Text::<78>::new();
            text.push(b"Hint: ");
            push_point(&mut text, point);
            text.push(b" (marked < >).");
            self.status = text;
            self.status_is_alert = false;
        }
    }

    fn ask_file_name(&mut self, prompt: Prompt, question: &'static [u8]) {
        self.prompt = prompt;
        self.status = Text::from(question);
        self.status_is_alert = false;
    }

    fn prompt_question(&self) -> &'static [u8] {
        match self.prompt {
            Prompt::SaveName => b"Save as? ",
            _ => b"Load which file? ",
        }
    }

    /// The file-name prompt on the status line: type, Backspace, Enter, Esc.
    fn edit_file_name(&mut self, input: Input) -> Command {
        let request = self.prompt;
        match input {
            Input::Key(Key::Escape) => {
                self.prompt = Prompt::None;
                self.say(b"Cancelled.");
                return Command::Continue;
            }
            Input::Key(Key::Enter) => {
                if self.file_name.as_bytes().is_empty() {
                    self.warn(b"Type a file name, or Esc to cancel.");
                    return Command::Continue;
                }
                self.prompt = Prompt::None;
                return if request == Prompt::SaveName {
                    Command::SaveFile
                } else {
                    Command::LoadFile
                };
            }
            Input::Key(Key::Backspace) => {
                let keep = self.file_name.as_bytes().len().saturating_sub(1);
                let mut name = Text::<MAX_NAME>::new();
                name.push(&self.file_name.as_bytes()[..keep]);
                self.file_name = name;
            }
            Input::Key(Key::Char(c)) if is_file_name_char(c) => {
                self.file_name.push_byte(c.to_ascii_uppercase());
            }
            _ => {}
        }
        let question = self.prompt_question();
        self.status = Text::from(question);
        self.status_is_alert = false;
        Command::Continue
    }

    /// The file a save or load request names (no terminating zero).
    pub fn file_name(&self) -> &[u8] {
        self.file_name.as_bytes()
    }

    /// Asks to load `name` as if chosen from the menu (the /LOAD switch).
    pub fn request_load(&mut self, name: &[u8]) -> Command {
        self.file_name = Text::from(name);
        Command::LoadFile
    }

    /// The bytes to write for a save request: the .psq record of this game.
    pub fn save_request<'a>(&self, buffer: &'a mut [u8; psq::MAX_RECORD_BYTES + 32]) -> &'a [u8] {
        let len = psq::write(SIDE, self.game.moves(), buffer).unwrap_or(0);
        let marker: &[u8] = match self.opponent {
            Opponent::Person => b"piskrs: two players\r\n",
            Opponent::Computer(_) => b"piskrs: against the computer\r\n",
        };
        buffer[len..len + marker.len()].copy_from_slice(marker);
        &buffer[..len + marker.len()]
    }

    /// The platform wrote the file (or failed to); the game in memory is untouched.
    pub fn save_finished(&mut self, result: Result<(), FileError>) {
        let mut text = Text::<78>::new();
        match result {
            Ok(()) => {
                text.push(b"Saved to ")
                    .push(self.file_name.as_bytes())
                    .push(b".");
                self.status = text;
                self.status_is_alert = false;
            }
            Err(error) => {
                text.push(b"Could not save ")
                    .push(self.file_name.as_bytes())
                    .push(b": ")
                    .push(file_error_text(error))
                    .push(b". The game goes on.");
                self.status = text;
                self.status_is_alert = true;
            }
        }
    }

    /// The platform read the file: check it whole, and only then replace the game.
    /// The person continues on the side to move; against the computer, the
    /// computer takes the other side.
    pub fn load_finished(&mut self, result: Result<&[u8], FileError>) {
        let bytes = match result {
            Ok(bytes) => bytes,
            Err(error) => {
                self.load_failed(file_error_text(error));
                return;
            }
        };
        let record = match psq::read(bytes, SIDE) {
            Ok(record) => record,
            Err(error) => {
                self.load_failed(match error {
                    RecordError::NotARecord => b"not a Piskvork .psq game record",
                    RecordError::WrongSize => b"the board is not 19x19",
                    RecordError::BadMove => b"it holds a bad move line (corrupt?)",
                    RecordError::TooLong => b"more moves than points",
                    RecordError::Truncated => b"the file is cut off (truncated)",
                });
                return;
            }
        };
        let mut game = Game::new(SIDE, WinRule::FiveOrMore);
        for &point in record.moves() {
            if game.play(point).is_err() {
                self.load_failed(b"a move after the game had ended (corrupt?)");
                return;
            }
        }
        let two_players = contains(bytes, b"piskrs: two players");
        self.game = game;
        self.opponent = if two_players {
            Opponent::Person
        } else {
            Opponent::Computer(self.game.to_move().opponent())
        };
        self.classic = Classic::new(self.game.to_move().opponent(), SIDE);
        self.classic.recompute(self.game.board());
        self.reset_view();
        if let Some(last) = self.game.last_move() {
            self.cursor = last;
        }
        self.page = Page::Game;
        let mut text = Text::<78>::new();
        text.push(b"Loaded ")
            .push(self.file_name.as_bytes())
            .push(b": ")
            .push_number(self.game.move_count() as u32)
            .push(b" moves. ")
            .push(side_name(self.game.to_move()))
            .push(b" to move.");
        self.status = text;
        self.status_is_alert = false;
    }

    fn load_failed(&mut self, why: &[u8]) {
        let mut text = Text::<78>::new();
        text.push(b"Could not load ")
            .push(self.file_name.as_bytes())
            .push(b": ")
            .push(why)
            .push(b".");
        self.status = text;
        self.status_is_alert = true;
    }

    /// Draws the current page.
    pub fn render(&self, screen: &mut TextScreen) {
        screen.clear();
        screen.fill(0, 0, WIDTH, 1, b' ', Style::Title);
        screen.write(1, 0, b"PISKRS - Gomoku for DOS", Style::Title);
        match self.page {
            Page::Menu => self.render_menu(screen),
            Page::Game => self.render_game(screen),
            Page::Help { .. } => render_help(screen),
        }
        let status_style = if self.status_is_alert {
            Style::Alert
        } else {
            Style::Status
        };
        screen.fill(0, STATUS_Y, WIDTH, 1, b' ', status_style);
        screen.write(1, STATUS_Y, self.status.as_bytes(), status_style);
        if matches!(self.prompt, Prompt::SaveName | Prompt::LoadName) {
            let x = 1 + self.status.as_bytes().len();
            screen.write(x, STATUS_Y, self.file_name.as_bytes(), Style::Cursor);
            screen.put(
                x + self.file_name.as_bytes().len(),
                STATUS_Y,
                b'_',
                Style::Cursor,
            );
        }
    }

    fn render_menu(&self, screen: &mut TextScreen) {
        screen.write(28, 3, b"P  I  S  K  R  S", Style::Heading);
        screen.write(22, 5, b"Gomoku: five in a row wins. 19x19.", Style::Normal);
        screen.write(
            21,
            6,
            b"After Piskasm, Vojtech Havranek, 2004",
            Style::Label,
        );
        let entries: [(usize, &[u8], &[u8]); 7] = [
            (
                MENU_PERSON_BEGINS_Y,
                b"1",
                b"  You begin (against the computer)",
            ),
            (MENU_COMPUTER_BEGINS_Y, b"2", b"  The computer begins"),
            (MENU_TWO_PLAYERS_Y, b"4", b"  Two players"),
            (MENU_LOAD_Y, b"L", b"  Load a saved game"),
            (MENU_QUIT_Y, b"3", b"  Quit (also Esc)"),
            (MENU_HELP_Y, b"F1", b" Keys"),
            (
                MENU_OPTIONS_Y,
                b"",
                b"Level: Classic (Piskasm)   Rules: Gomoku 19x19",
            ),
        ];
        for (y, key, label) in entries {
            screen.write(22, y, key, Style::MenuKey);
            screen.write(22 + key.len(), y, label, Style::Normal);
        }
        if !self.mouse_present {
            screen.write(
                14,
                18,
                b"No mouse driver found: play with the keyboard.",
                Style::Alert,
            );
        }
        key_bar(
            screen,
            b" 1/2 vs computer  4 Two players  L Load  3/Esc Quit  F1 Keys  F12 Dump",
        );
    }

    fn render_game(&self, screen: &mut TextScreen) {
        self.render_board(screen);
        self.render_panel(screen);
        for (x, label, _) in BUTTONS {
            screen.write(x, BUTTONS_Y, label, Style::MenuKey);
        }
        key_bar(
            screen,
            b" F1 Keys  Arrows Move  Enter/Space Place  U Undo  H Hint  S Save  Esc Leave",
        );
    }

    /// Which stone carries the last-move highlight: against the computer, its
    /// last move (Piskasm's bright red LastPC); between people, the last move.
    fn highlighted_move(&self) -> Option<Point> {
        match self.opponent {
            Opponent::Person => self.game.last_move(),
            Opponent::Computer(computer) => {
                let moves = self.game.moves();
                let computer_moves_odd = computer == Stone::White;
                moves
                    .iter()
                    .enumerate()
                    .rev()
                    .find(|(i, _)| (i % 2 == 1) == computer_moves_odd)
                    .map(|(_, &p)| p)
            }
        }
    }

    fn render_board(&self, screen: &mut TextScreen) {
        let board = self.game.board();
        let highlighted = self.highlighted_move();
        let win_line = match self.game.outcome() {
            Outcome::Won { line, .. } => Some(line),
            _ => None,
        };
        screen.fill(
            BOARD_X - 1,
            BOARD_TOP_Y,
            2 * SIDE as usize + 1,
            SIDE as usize,
            b' ',
            Style::Board,
        );
        for row in 0..SIDE {
            let y = screen_y(row);
            let mut label = Text::<2>::new();
            if row + 1 < 10 {
                label.push(b" ");
            }
            label.push_number(row as u32 + 1);
            screen.write(1, y, label.as_bytes(), Style::Label);
            for col in 0..SIDE {
                let x = screen_x(col);
                let point = Point::new(col, row);
                let in_win = win_line.is_some_and(|line| line.contains(point));
                let (ch, style) = match board.get(point) {
                    None => (empty_point_glyph(col, row), Style::Board),
                    Some(stone) => {
                        let ch = stone_glyph(stone);
                        let style = match (stone, in_win, highlighted == Some(point)) {
                            (Stone::Black, true, _) => Style::BlackWin,
                            (Stone::White, true, _) => Style::WhiteWin,
                            (Stone::Black, false, true) => Style::BlackLast,
                            (Stone::White, false, true) => Style::WhiteLast,
                            (Stone::Black, false, false) => Style::BlackStone,
                            (Stone::White, false, false) => Style::WhiteStone,
                        };
                        (ch, style)
                    }
                };
                screen.put(x, y, ch, style);
                if col + 1 < SIDE {
                    screen.put(x + 1, y, glyph::HORIZONTAL, Style::Board);
                }
            }
        }
        for col in 0..SIDE {
            screen.put(
                screen_x(col),
                BOARD_TOP_Y + SIDE as usize,
                LETTERING.letter(col),
                Style::Label,
            );
        }
        if let Some(hint) = self.hint {
            let (x, y) = (screen_x(hint.col), screen_y(hint.row));
            screen.put(x - 1, y, b'<', Style::Alert);
            screen.put(x + 1, y, b'>', Style::Alert);
        }
        if !self.game.is_over() {
            let x = screen_x(self.cursor.col);
            let y = screen_y(self.cursor.row);
            screen.put(x - 1, y, b'[', Style::Cursor);
            screen.put(x + 1, y, b']', Style::Cursor);
        }
    }

    fn render_panel(&self, screen: &mut TextScreen) {
        let (heading, black, white): (&[u8], &[u8], &[u8]) = match self.opponent {
            Opponent::Person => (b"Two players", b"X Black moves first", b"O White"),
            Opponent::Computer(Stone::White) => (
                b"You against the computer",
                b"X You (Black, first)",
                b"O Computer (White)",
            ),
            Opponent::Computer(Stone::Black) => (
                b"The computer against you",
                b"X Computer (Black, first)",
                b"O You (White)",
            ),
        };
        screen.write(PANEL_X, 2, heading, Style::Heading);
        let mut line = Text::<32>::new();
        match self.game.outcome() {
            Outcome::InProgress => {
                let mover = self.game.to_move();
                line.push(side_name(mover))
                    .push(b" (")
                    .push_byte(stone_glyph(mover))
                    .push(b") to move");
            }
            Outcome::Won { winner, .. } => {
                line.push(side_name(winner)).push(b" won");
            }
            Outcome::Draw => {
                line.push(b"Draw");
            }
        }
        screen.write(PANEL_X, 4, line.as_bytes(), Style::Normal);
        line.clear();
        line.push(b"Stones on the board: ")
            .push_number(self.game.move_count() as u32);
        screen.write(PANEL_X, 5, line.as_bytes(), Style::Normal);
        if let Some(last) = self.game.last_move() {
            line.clear();
            line.push(b"Last move: ");
            push_point(&mut line, last);
            screen.write(PANEL_X, 6, line.as_bytes(), Style::Normal);
        }
        screen.write(PANEL_X, 8, black, Style::Label);
        screen.write(PANEL_X, 9, white, Style::Label);
        if self.show_move_list {
            screen.write(PANEL_X, 11, b"Moves:", Style::Heading);
            let moves = self.game.moves();
            let first = moves.len().saturating_sub(MOVE_LIST_LINES);
            for (i, &point) in moves.iter().enumerate().skip(first) {
                line.clear();
                let number = i as u32 + 1;
                if number < 100 {
                    line.push(b" ");
                }
                if number < 10 {
                    line.push(b" ");
                }
                line.push_number(number)
                    .push(b". ")
                    .push_byte(if i % 2 == 0 {
                        glyph::BLACK_STONE
                    } else {
                        glyph::WHITE_STONE
                    })
                    .push(b" ");
                push_point(&mut line, point);
                screen.write(PANEL_X, 12 + i - first, line.as_bytes(), Style::Normal);
            }
        } else {
            screen.write(PANEL_X, 11, b"Five or more in a row wins;", Style::Label);
            screen.write(PANEL_X, 12, b"a full board is a draw.", Style::Label);
            screen.write(PANEL_X, 14, b"N shows the moves by number.", Style::Label);
        }
    }
}

fn render_help(screen: &mut TextScreen) {
    screen.write(4, 2, b"Keys", Style::Heading);
    let lines: [&[u8]; 16] = [
        b"Mouse, left button   place a stone on the point clicked",
        b"Arrow keys           move the cursor [ ] on the board",
        b"Enter or Space       place a stone under the cursor",
        b"U or Backspace       take back (your move and the computer's reply)",
        b"H                    hint: the computer suggests a point < >",
        b"N                    show or hide the moves by number",
        b"S                    save the game (Piskvork .psq file)",
        b"Esc                  leave the game (asks first); on the menu: quit",
        b"F1                   this list",
        b"F12                  save the text screen to SCRnnnnn.BIN",
        b"",
        b"Menu: 1 you begin, 2 the computer begins, 4 two players at one",
        b"machine, L load a saved game, 3 or Esc quit to DOS.",
        b"",
        b"Black (X) moves first. Five or more stones in a row - across, up",
        b"or diagonal - win. When every point is taken it is a draw.",
    ];
    for (i, line) in lines.iter().enumerate() {
        screen.write(4, 4 + i, line, Style::Normal);
    }
    key_bar(screen, b" Press any key or click to go back");
}

fn key_bar(screen: &mut TextScreen, text: &[u8]) {
    screen.fill(0, KEY_BAR_Y, WIDTH, 1, b' ', Style::KeyBar);
    screen.write(0, KEY_BAR_Y, text, Style::KeyBar);
}

fn side_name(stone: Stone) -> &'static [u8] {
    match stone {
        Stone::Black => b"Black",
        Stone::White => b"White",
    }
}

fn stone_glyph(stone: Stone) -> u8 {
    match stone {
        Stone::Black => glyph::BLACK_STONE,
        Stone::White => glyph::WHITE_STONE,
    }
}

fn file_error_text(error: FileError) -> &'static [u8] {
    match error {
        FileError::NotFound => b"no such file",
        FileError::AccessDenied => b"access denied (read-only?)",
        FileError::DiskFull => b"the disk is full",
        FileError::TooBig => b"the file is too big for a game record",
        FileError::Failed => b"DOS reported an error",
    }
}

/// Characters DOS allows in a file name or path, as typed.
fn is_file_name_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || b".\\:_-~!#$%&'()@^{}".contains(&c)
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

fn push_point<const N: usize>(text: &mut Text<N>, point: Point) {
    let mut notation = [0u8; 3];
    let len = write_point(point, LETTERING, &mut notation);
    text.push(&notation[..len]);
}

/// The line-drawing character of an empty point: corners and edges of the grid.
fn empty_point_glyph(col: u8, row: u8) -> u8 {
    let last = SIDE - 1;
    match (col, row) {
        (0, r) if r == last => glyph::TOP_LEFT,
        (c, r) if c == last && r == last => glyph::TOP_RIGHT,
        (0, 0) => glyph::BOTTOM_LEFT,
        (c, 0) if c == last => glyph::BOTTOM_RIGHT,
        (_, r) if r == last => glyph::TEE_DOWN,
        (_, 0) => glyph::TEE_UP,
        (0, _) => glyph::TEE_RIGHT,
        (c, _) if c == last => glyph::TEE_LEFT,
        _ => glyph::CROSS,
    }
}
