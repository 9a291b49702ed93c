//! The user interface as a model: which screen is up, what it shows, and what each
//! key or click does. The DOS layer feeds [`Input`]s in, lets [`App::render`] draw
//! on video memory, and carries out the file requests a [`Command`] names;
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

use crate::board::{Board, Stone};
use crate::classic::Classic;
use crate::controller::{self, Request};
use crate::coord::{Point, write_point};
use crate::engine::{self, Level, Position};
use crate::game::{Game, MoveError, Outcome};
use crate::mist;
use crate::packed;
use crate::packed::{Packed, PackedList};
use crate::packed_list;
use crate::psq::{self, RecordError};
use crate::random::Random;
use crate::rules::{Opening, WinRule};
use crate::screen::{Canvas, Style, WIDTH, glyph};
use crate::settings::{self, Settings};
use crate::text::Text;
use crate::text::{Sink, SliceSink};
use crate::variant::Variant;

/// Screen column of board column 0 (A); columns are two cells apart.
pub const BOARD_X: usize = 4;
/// Screen row of the top board row.
pub const BOARD_TOP_Y: usize = 1;
pub const STATUS_Y: usize = 22;
pub const BUTTONS_Y: usize = 23;
pub const KEY_BAR_Y: usize = 24;
const PANEL_X: usize = 46;
/// The side of the largest board (19x19), which the screen layout is drawn for.
const SIDE: u8 = 19;
/// The file name offered when saving or loading.
pub const DEFAULT_FILE: &[u8] = b"GAME.PSQ";
/// Longest file name the prompt takes (a DOS path of modest length).
pub const MAX_NAME: usize = 40;
/// How many moves the move list shows.
const MOVE_LIST_LINES: usize = 8;

/// The one text type of this module: the status line and every line built for
/// the screen. One capacity, so the program holds one copy of `Text`'s methods.
type Line = Text<78>;

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
    /// Write [`App::save_request`]'s bytes to its file, then call
    /// [`App::save_finished`]; but if a file of that name is there, call
    /// [`App::ask_replace`] instead.
    SaveFile,
    /// The person said yes to replacing the file: save as [`Command::SaveFile`]
    /// does, without asking.
    ReplaceFile,
    /// Read the file [`App::file_name`] names, then call [`App::load_finished`].
    LoadFile,
    /// The Mist's `term` command: end the program at once with errorlevel 1.
    Terminate,
    /// Play Gomorpion against this opponent (the computer's `Stone::White` is
    /// Red) on its own 30x30 screen ([`crate::gomorpion_screen`]), then come
    /// back to the menu.
    Gomorpion(Opponent),
}

/// A sound the platform plays if sound is on.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Sound {
    None,
    /// A stone was placed.
    Click,
    /// Somebody won.
    Tune,
}

/// Why a file operation failed, as the platform reports it. (FILE_ERRORS holds
/// the texts in this order.)
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum FileError {
    NotFound,
    /// The directory or drive in the name does not exist.
    PathNotFound,
    AccessDenied,
    DiskFull,
    TooBig,
    /// A device (CON, NUL, PRN...), not a file: never read or written.
    Device,
    /// A read-only file (or a directory): a save leaves it as it is.
    ReadOnly,
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
    /// Y/N questions: Y does it, any other key or a click does not.
    LeaveGame,
    QuitProgram,
    ReplaceFile,
    SaveName,
    LoadName,
    /// The Mist's command line.
    Command,
}

/// The menu's choice for Esc and a click on the Quit line: not a key anyone
/// can type (those are 21h..7Eh).
const ASK_TO_QUIT: u8 = 0x1B;

/// Menu rows (a click on a row chooses it).
const MENU_PERSON_BEGINS_Y: usize = 8;
const MENU_COMPUTER_BEGINS_Y: usize = 9;
const MENU_TWO_PLAYERS_Y: usize = 10;
const MENU_LOAD_Y: usize = 11;
const MENU_QUIT_Y: usize = 12;
const MENU_HELP_Y: usize = 14;
const MENU_GAME_Y: usize = 16;
const MENU_LEVEL_Y: usize = 17;
const MENU_SOUND_Y: usize = 18;
const MENU_RULE_Y: usize = 19;
const MENU_TIME_Y: usize = 20;

/// The buttons under the status line: (first column, label, key it stands for).
/// The column is a byte, which keeps the table small.
static BUTTONS: [(u8, &[u8], u8); 5] = [
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

/// The point under text cell (x, y) of a 19x19 board, if any.
pub fn point_at(x: u8, y: u8) -> Option<Point> {
    point_on(x, y, SIDE)
}

/// The point under text cell (x, y) of a board of `side` points a side (drawn
/// from the same top left corner), if any.
pub fn point_on(x: u8, y: u8, side: u8) -> Option<Point> {
    let (x, y) = (x as usize, y as usize);
    if x < BOARD_X || !(x - BOARD_X).is_multiple_of(2) || y < BOARD_TOP_Y {
        return None;
    }
    let col = (x - BOARD_X) / 2;
    let from_top = y - BOARD_TOP_Y;
    if col >= side as usize || from_top >= side as usize {
        return None;
    }
    Some(Point::new(col as u8, side - 1 - from_top as u8))
}

/// The screen row of `row` on a board of `side` points a side.
// Out of line: it is called at every row and mark, and the .COM is smaller so.
#[inline(never)]
fn row_y(row: u8, side: u8) -> usize {
    BOARD_TOP_Y + (side - 1 - row) as usize
}

/// The whole program's interface state.
pub struct App {
    page: Page,
    /// The menu's choices: the game, the computer's level, sound.
    settings: Settings,
    settings_changed: bool,
    /// The variant of the game on the board (the menu's choice when it began).
    variant: Variant,
    game: Game,
    opponent: Opponent,
    /// Piskasm's evaluator, kept up to date with Update after every stone. In
    /// the Mist it scores the computer's knowledge, not the board.
    classic: Classic,
    /// The Mist: the hole's centre.
    centre: Point,
    /// The Mist: what the computer knows of the board (its own stones, what it
    /// saw through the hole, where its moves hit hidden stones).
    known: Board,
    random: Random,
    /// Set by /SEED: the menu's wait counter does not replace the seed.
    seed_fixed: bool,
    cursor: Point,
    hint: Option<Point>,
    show_move_list: bool,
    status: Line,
    status_is_alert: bool,
    prompt: Prompt,
    file_name: Text<MAX_NAME>,
    command_line: Text<{ controller::MAX_LINE }>,
    sound: Sound,
    mouse_present: bool,
}

impl App {
    /// The program as it starts: the menu. `mouse_present` is what INT 33h said.
    pub fn new(mouse_present: bool) -> App {
        App::with_settings(mouse_present, Settings::default())
    }

    /// The menu with the choices remembered from the last run.
    #[inline(never)]
    pub fn with_settings(mouse_present: bool, settings: Settings) -> App {
        // Behind the menu stands a board of the Gomoku variants; Gomorpion has
        // its own screen.
        let variant = match settings.variant {
            Variant::Gomorpion => Variant::Piskasm,
            chosen => chosen,
        };
        let side = variant.side();
        // Built in place (no `let app` then changes): a copy of App would cost
        // its 2.6 KB twice on the stack.
        App {
            page: Page::Menu,
            settings,
            settings_changed: false,
            variant,
            game: variant.new_game(),
            opponent: Opponent::Person,
            classic: Classic::new(Stone::White, side),
            centre: mist::START,
            known: Board::new(side),
            random: Random::new(0),
            seed_fixed: false,
            cursor: Point::new(side / 2, side / 2),
            hint: None,
            show_move_list: false,
            status: Text::from(b"Choose with a key or a click."),
            status_is_alert: false,
            prompt: Prompt::None,
            file_name: Text::from(DEFAULT_FILE),
            command_line: Text::new(),
            sound: Sound::None,
            mouse_present,
        }
    }

    pub fn settings(&self) -> Settings {
        self.settings
    }

    /// Whether the menu's choices changed since the last call (the platform then
    /// saves them).
    pub fn take_settings_changed(&mut self) -> bool {
        core::mem::take(&mut self.settings_changed)
    }

    /// The sound the last input or move asked for (once).
    pub fn take_sound(&mut self) -> Sound {
        let sound = core::mem::replace(&mut self.sound, Sound::None);
        if self.settings.sound {
            sound
        } else {
            Sound::None
        }
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The Mist: the hole's centre.
    pub fn hole_centre(&self) -> Point {
        self.centre
    }

    /// The Mist: what the computer knows of the board.
    pub fn computer_knowledge(&self) -> &Board {
        &self.known
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

    /// The status line, cleared for a new message (in the alert colours if
    /// `alert`). Written in place: a message built apart would be copied in.
    fn new_status(&mut self, alert: bool) -> &mut Line {
        self.status.clear();
        self.status_is_alert = alert;
        &mut self.status
    }

    fn say(&mut self, text: Packed) {
        self.new_status(false).push_packed(text);
    }

    fn warn(&mut self, text: Packed) {
        self.new_status(true).push_packed(text);
    }

    /// `say` for a text that is not packed (a name the program also compares).
    fn say_bytes(&mut self, text: &[u8]) {
        self.new_status(false).push(text);
    }

    /// Does what `input` asks on the current page.
    pub fn handle(&mut self, input: Input) -> Command {
        if matches!(
            self.prompt,
            Prompt::LeaveGame | Prompt::QuitProgram | Prompt::ReplaceFile
        ) {
            return self.answer(input);
        }
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
            // Esc (often pressed once too often after a game) and a click on
            // the Quit line ask first; the key 3 quits at once, as in Piskasm.
            Input::Key(Key::Escape) => ASK_TO_QUIT,
            Input::Key(Key::F1) => b'?',
            // A click on a menu line is its key.
            Input::Click { y, .. } => {
                MENU_LINES
                    .iter()
                    .find(|&&(row, _)| row == y)
                    .map_or(0, |&(_, key)| match key {
                        F1_KEY => b'?',
                        b'3' => ASK_TO_QUIT,
                        _ => key.to_ascii_lowercase(),
                    })
            }
            _ => 0,
        };
        let opponent = match choice {
            b'1' => Opponent::Computer(Stone::White),
            b'2' => Opponent::Computer(Stone::Black),
            _ => Opponent::Person,
        };
        // Every option key changes the settings.
        if matches!(choice, b'g' | b'v' | b'c' | b'r' | b't' | b's') {
            self.settings_changed = true;
        }
        match choice {
            b'1' | b'2' | b'4' if self.settings.variant == Variant::Gomorpion => {
                return Command::Gomorpion(opponent);
            }
            b'1' | b'2' | b'4' => self.start(opponent),
            b'l' => self.ask_file_name(Prompt::LoadName),
            b'g' | b'v' => {
                self.settings.variant = self.settings.variant.next();
                self.say_bytes(self.settings.variant.name());
            }
            b'c' => {
                self.settings.level = self.settings.level.next();
                self.say_bytes(self.settings.level.name());
            }
            b'r' => {
                self.settings.exact_five = !self.settings.exact_five;
                self.say(if self.settings.exact_five {
                    packed!("Rule: exactly five wins in every game.")
                } else {
                    packed!("Rule: five or more wins (Exact five keeps exactly five).")
                });
            }
            b't' => {
                let now = self.settings.think_tenths;
                self.settings.think_tenths = settings::THINK_CHOICES
                    .iter()
                    .copied()
                    .find(|&t| t > now)
                    .unwrap_or(settings::THINK_CHOICES[0]);
                self.say(packed!("Thinking time of the Strong level changed."));
            }
            b's' => {
                self.settings.sound = !self.settings.sound;
                self.say(if self.settings.sound {
                    packed!("Sound on.")
                } else {
                    packed!("Sound off.")
                });
            }
            b'3' => return Command::Quit,
            ASK_TO_QUIT => {
                self.prompt = Prompt::QuitProgram;
                self.warn(packed!("Quit PISKRS for DOS? Y/N"));
            }
            b'?' => self.page = Page::Help { over_game: false },
            _ => self.warn(packed!(
                "1, 2 or 4 play; G, C, S, R, T options; L load; 3 or Esc to quit."
            )),
        }
        Command::Continue
    }

    /// Starts a game as the menu key does (the /PLAY switch); a Gomorpion game
    /// comes back as its command.
    #[inline(never)]
    pub fn start_from_menu(&mut self, key: u8) -> Command {
        if self.page == Page::Menu {
            self.handle(Input::Key(Key::Char(key)))
        } else {
            Command::Continue
        }
    }

    /// The platform could not show Gomorpion's 30x30 board.
    pub fn gomorpion_needs_ega(&mut self) {
        self.warn(packed!(
            "Gomorpion needs an EGA or VGA: its board takes 43 or 50 text rows."
        ));
    }

    /// A seed for a game the platform runs on its own (Gomorpion's computer).
    pub fn seed(&self) -> u16 {
        self.random.peek()
    }

    /// A new game of the menu's variant against `opponent`. When the computer
    /// begins, its opening stone is a random point near the middle (on the outer
    /// lines in Outer-Open).
    // Out of line: inlined into `handle`, it made the .COM 24 bytes larger.
    #[inline(never)]
    fn start(&mut self, opponent: Opponent) {
        self.variant = self.settings.variant;
        // In place: new values would be built on the stack and copied.
        self.variant
            .restart_game(&mut self.game, self.settings.exact_five);
        self.opponent = opponent;
        self.centre = mist::START;
        self.known.reset(self.variant.side());
        self.reset_view();
        self.page = Page::Game;
        // Info for this board's size (also kept in two-player games, for hints).
        let computer = match opponent {
            Opponent::Computer(computer) => computer,
            Opponent::Person => Stone::White,
        };
        self.classic.restart(computer, self.variant.side());
        match opponent {
            Opponent::Person => self.say(packed!(
                "Black begins. Click a point, or move with the arrows and press Enter."
            )),
            Opponent::Computer(computer) => {
                if computer == Stone::Black {
                    self.computer_move(); // the opening stone
                    self.say(packed!(
                        "The computer began. Your move: click a point or use the arrows."
                    ));
                } else {
                    self.say(packed!(
                        "You begin with X. Click a point, or use the arrows and Enter."
                    ));
                }
            }
        }
        if self.game.opening() == Opening::OuterTwoLines && self.game.move_count() == 0 {
            self.say(packed!(
                "Black opens on rows 1, 2, 14, 15 or columns A, B, O, P."
            ));
        }
    }

    fn reset_view(&mut self) {
        let side = self.game.board().side();
        self.cursor = Point::new(side / 2, side / 2);
        self.prompt = Prompt::None;
        self.hint = None;
    }

    fn back_to_menu(&mut self) {
        self.page = Page::Menu;
        self.prompt = Prompt::None;
        self.say(packed!("Choose with a key or a click."));
    }

    fn person_to_move(&self) -> bool {
        match self.opponent {
            Opponent::Person => true,
            Opponent::Computer(computer) => self.game.to_move() != computer,
        }
    }

    /// Whether the computer should move now (the platform then calls
    /// [`App::computer_move`], after showing the person's stone).
    // Inlined everywhere: the .COM is smaller so.
    #[inline(always)]
    pub fn computer_to_move(&self) -> bool {
        self.page == Page::Game && !self.game.is_over() && !self.person_to_move()
    }

    /// The computer's move, at its level. In the Mist it chooses from what it
    /// knows; a hidden stone it hits teaches it that point, and it chooses again.
    #[inline(never)]
    pub fn computer_move(&mut self) {
        if !self.computer_to_move() {
            return;
        }
        let mover = self.game.to_move();
        for _ in 0..self.game.board().point_count() + 1 {
            // The one door to the levels (crate::engine), asked about the game
            // with what the screen keeps: the Mist's knowledge, Classic's Info.
            let knowledge = self.variant.has_mist().then_some(&self.known);
            let Some((point, _)) = engine::think(
                self.settings.level,
                self.settings.strong_budget(),
                Position::of(&self.game),
                knowledge,
                Some(&self.classic),
                &mut self.random,
            ) else {
                return;
            };
            match self.put_stone(point) {
                Ok(()) => {
                    self.announce(mover, point);
                    return;
                }
                Err(MoveError::Occupied) if self.variant.has_mist() => {
                    // Every stone it does not know of is the person's.
                    self.learn(point, Some(mover.opponent()));
                }
                Err(_) => return,
            }
        }
    }

    /// The Mist: the computer's knowledge of `point` becomes `stone`.
    fn learn(&mut self, point: Point, stone: Option<Stone>) {
        if self.known.get(point) != stone {
            self.known.set(point, stone);
            self.classic.update(&self.known, point);
        }
    }

    /// The Mist: the computer looks through the hole.
    fn look_through_hole(&mut self) {
        // The board's side is the variant's (asking the board is cheaper, here
        // and in forget_hidden).
        let side = self.game.board().side();
        let reach = mist::HOLE_REACH as i8;
        // Half-open ranges: an inclusive one costs an out-of-line `next`.
        for dr in -reach..reach + 1 {
            for dc in -reach..reach + 1 {
                if let Some(point) = self.centre.step(dc, dr, 1, side) {
                    let stone = self.game.board().get(point);
                    self.learn(point, stone);
                }
            }
        }
    }

    /// Plays `point` for the side to move, then Update (in the Mist: the hole
    /// moves, and the computer learns its own stone and what the hole shows).
    fn put_stone(&mut self, point: Point) -> Result<(), MoveError> {
        let mover = self.game.to_move();
        self.game.play(point)?;
        self.sound = if self.game.is_over() {
            Sound::Tune
        } else {
            Sound::Click
        };
        self.hint = None;
        if self.variant.has_mist() {
            self.centre = mist::centre_after(point);
            if let Opponent::Computer(computer) = self.opponent {
                if mover == computer {
                    self.learn(point, Some(mover));
                }
                self.look_through_hole();
            }
        } else {
            self.classic.update(self.game.board(), point);
        }
        Ok(())
    }

    /// The answer to a Y/N question on the status line: only Y says yes, so a
    /// stray key, Esc or a click never quits or replaces anything.
    #[inline(never)]
    fn answer(&mut self, input: Input) -> Command {
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
        self.status.clear();
        self.status
            .push(self.file_name.as_bytes())
            .push_packed(packed!(" is there already. Replace it? Y/N"));
    }

    fn handle_game(&mut self, input: Input) -> Command {
        match self.prompt {
            Prompt::SaveName | Prompt::LoadName => return self.edit_file_name(input),
            Prompt::Command => return self.edit_command(input),
            _ => {}
        }
        if self.game.is_over() {
            // After the result, U takes back (to see where it went wrong) and S
            // saves (below, as during the game: neither is a click on the
            // board); anything else returns to the menu (Piskasm's Restart).
            if !matches!(self.button_or_key(input), Some(b'u' | b's')) {
                self.back_to_menu();
                return Command::Continue;
            }
        }
        if let Input::Click { x, y } = input
            && let Some(point) = point_on(x, y, self.game.board().side())
        {
            self.cursor = point;
            self.place(point);
            return Command::Continue;
        }
        match self.button_or_key(input) {
            Some(b'u') => self.take_back(),
            Some(b'h') if self.variant.has_mist() => {
                self.warn(packed!("No hints in the Mist: nobody may see under it."))
            }
            Some(b'h') => self.show_hint(),
            Some(b'c') if self.variant.has_mist() => {
                self.prompt = Prompt::Command;
                self.command_line.clear();
                self.say(packed!("Command: "));
            }
            Some(b'n') => {
                self.show_move_list = !self.show_move_list;
                self.say(if self.show_move_list {
                    packed!("Move numbers shown beside the board.")
                } else {
                    packed!("Move numbers hidden.")
                });
            }
            Some(b's') => self.ask_file_name(Prompt::SaveName),
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
                Input::Key(Key::F1) => self.page = Page::Help { over_game: true },
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

    fn move_cursor(&mut self, dc: i8, dr: i8) {
        if let Some(next) = self.cursor.step(dc, dr, 1, self.game.board().side()) {
            self.cursor = next;
        }
    }

    fn place(&mut self, point: Point) {
        if !self.person_to_move() {
            self.warn(WAIT_FOR_COMPUTER);
            return;
        }
        let mover = self.game.to_move();
        match self.put_stone(point) {
            Ok(()) => self.announce(mover, point),
            Err(MoveError::Occupied) => {
                let variant = self.variant;
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

    fn announce(&mut self, mover: Stone, point: Point) {
        let outcome = self.game.outcome();
        let opponent = self.opponent;
        let mover_name = self.mover_name(mover);
        let variant = self.variant;
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
                    Opponent::Person => {}
                }
                push_side(text, winner).push_packed(WINS_ANY_KEY);
            }
            Outcome::Draw => {
                text.push_packed(packed!(
                    "Draw: the board is full. Press a key or click for the menu."
                ));
            }
            Outcome::InProgress => {
                text.push(mover_name).push_packed(packed!(" played "));
                push_point(text, point, variant).push(b".");
            }
        }
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
            self.warn(packed!("Nothing to take back."));
            return;
        }
        for _ in 0..count {
            if let Some(point) = self.game.undo() {
                if !self.variant.has_mist() {
                    self.classic.update(self.game.board(), point);
                }
                self.cursor = point;
            }
        }
        if self.variant.has_mist() {
            self.centre = self
                .game
                .last_move()
                .map_or(mist::START, mist::centre_after);
            self.forget_hidden();
        }
        self.hint = None;
        self.say(packed!("Taken back."));
    }

    /// The Mist, after a take back or a load: the computer keeps only what it may
    /// know now, its own stones and what the hole shows.
    fn forget_hidden(&mut self) {
        let side = self.game.board().side();
        // In place: new ones would be built on the stack and copied.
        self.known.reset(side);
        if let Opponent::Computer(computer) = self.opponent {
            self.classic.restart(computer, side);
            for row in 0..side {
                for col in 0..side {
                    let point = Point::new(col, row);
                    if self.game.board().get(point) == Some(computer) {
                        self.learn(point, Some(computer));
                    }
                }
            }
            self.look_through_hole();
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
            Position::of(&self.game),
            None,
            None,
            &mut random,
        )
        .map(|(point, _)| point);
        if let Some(point) = self.hint {
            let variant = self.variant;
            let text = self.new_status(false).push_packed(packed!("Hint: "));
            push_point(text, point, variant).push_packed(packed!(" (marked < >)."));
        }
    }

    /// Puts up the file-name prompt, `SaveName` or `LoadName`, with its question
    /// (also again after each key typed at it).
    // Out of line: the .COM is smaller so.
    #[inline(never)]
    fn ask_file_name(&mut self, prompt: Prompt) {
        self.prompt = prompt;
        self.say_bytes(if prompt == Prompt::SaveName {
            b"Save as? "
        } else {
            b"Load which file? "
        });
    }

    /// Esc at a prompt.
    fn cancel(&mut self) {
        self.prompt = Prompt::None;
        self.say(packed!("Cancelled."));
    }

    /// The file-name prompt on the status line: type, Backspace, Enter, Esc.
    fn edit_file_name(&mut self, input: Input) -> Command {
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
            Input::Key(Key::Backspace) => self.file_name.pop(),
            Input::Key(Key::Char(c)) if is_file_name_char(c) => {
                self.file_name.push(&[c.to_ascii_uppercase()]);
            }
            _ => {}
        }
        self.ask_file_name(request);
        Command::Continue
    }

    /// The Mist's command line (C in a Mist game): the controller's commands with
    /// the controller's answers, shown on the status line.
    fn edit_command(&mut self, input: Input) -> Command {
        match input {
            Input::Key(Key::Escape) => self.cancel(),
            Input::Key(Key::Enter) => {
                self.prompt = Prompt::None;
                return self.run_command();
            }
            Input::Key(Key::Backspace) => self.command_line.pop(),
            Input::Key(key @ (Key::Space | Key::Char(_))) => {
                let c = if let Key::Char(c) = key { c } else { b' ' };
                self.command_line.push(&[c]);
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
            Request::Who => self.status.push(match self.game.to_move() {
                Stone::Black => b"B",
                Stone::White => b"W",
            }),
            Request::Term => return Command::Terminate,
            Request::Resign => {
                if self.person_to_move() {
                    let winner = self.game.to_move().opponent();
                    self.game.resign();
                    self.sound = Sound::Tune;
                    push_side(&mut self.status, winner).push_packed(WINS_ANY_KEY)
                } else {
                    self.status.push_packed(WAIT_FOR_COMPUTER)
                }
            }
            Request::View => {
                let mut text = [0u8; 53];
                let len = mist::view(self.game.board(), self.centre, &mut text);
                self.status.push(&text[..len])
            }
            Request::History => {
                // The status line holds the last moves; the whole list is in N.
                let mut all = HistorySink {
                    bytes: [0; 78],
                    len: 0,
                    dropped: false,
                };
                controller::write_history(&self.game, &mut all);
                if all.dropped {
                    self.status.push(b"...");
                }
                self.status.push(&all.bytes[..all.len])
            }
            Request::Place(None) => self.status.push(b"Invalid coordinate"),
            Request::Place(Some(point)) => {
                if !self.person_to_move() {
                    self.status.push_packed(WAIT_FOR_COMPUTER)
                } else {
                    match self.game.check(point) {
                        Err(MoveError::Occupied) => self.status.push(b"Occupied coordinate"),
                        Err(_) => self.status.push(b"Invalid coordinate"),
                        Ok(()) => {
                            self.cursor = point;
                            self.place(point);
                            return Command::Continue;
                        }
                    }
                }
            }
            Request::Invalid => self.status.push(b"Invalid!"),
        };
        Command::Continue
    }

    /// The file a save or load request names (no terminating zero).
    pub fn file_name(&self) -> &[u8] {
        self.file_name.as_bytes()
    }

    /// Asks to load `name` as if chosen from the menu (the /LOAD switch).
    #[inline(never)]
    pub fn request_load(&mut self, name: &[u8]) -> Command {
        self.file_name.clear();
        self.file_name.push(name);
        Command::LoadFile
    }

    /// Writes this game's record for a save request: .psq, and a line saying
    /// which game and who plays (Piskvork ignores it).
    pub fn save_to(&self, out: &mut dyn Sink) {
        psq::write_to(self.game.board().side(), self.game.moves(), out);
        out.write(b"piskrs: game=");
        out.write(self.variant.keyword());
        out.write(match self.opponent {
            Opponent::Person => b" two players",
            Opponent::Computer(_) => b" against the computer",
        });
        if self.game.rule() == WinRule::ExactlyFive {
            out.write(b" rule=exact");
        }
        out.write(b"\r\n");
    }

    /// The same record in a buffer (a full 19x19 game takes 3.3 KB of it).
    pub fn save_request<'a>(&self, buffer: &'a mut [u8; psq::MAX_RECORD_BYTES + 32]) -> &'a [u8] {
        let mut sink = SliceSink::new(buffer);
        self.save_to(&mut sink);
        sink.into_written()
    }

    /// The platform wrote the file (or failed to); the game in memory is untouched.
    pub fn save_finished(&mut self, result: Result<(), FileError>) {
        match result {
            Ok(()) => {
                self.file_status(false, packed!("Saved to ")).push(b".");
            }
            Err(error) => {
                self.file_status(true, packed!("Could not save "))
                    .push(b": ")
                    .push_packed(file_error_text(error))
                    .push_packed(packed!(". The game goes on."));
            }
        }
    }

    /// The platform read the file (or failed to): check it whole, and only then
    /// replace the game.
    pub fn load_finished(&mut self, result: Result<&[u8], FileError>) {
        match result {
            Ok(bytes) => {
                let mut reader = psq::Reader::new();
                reader.feed(bytes);
                self.load_record(reader.finish());
            }
            Err(error) => self.load_failed(file_error_text(error)),
        }
    }

    /// A file could not be read: say why; nothing else changes.
    pub fn load_failed_with(&mut self, error: FileError) {
        self.load_failed(file_error_text(error));
    }

    /// A record was read: if it is a legal game of a game PISKRS plays, it
    /// replaces the game. The person continues on the side to move; against the
    /// computer, the computer takes the other side.
    #[inline(never)]
    pub fn load_record(&mut self, record: Result<&psq::Record, RecordError>) {
        // One place reports a failure (each call costs the .COM its arguments);
        // try_load stays a function of its own, which the .COM finds smaller.
        if let Err(why) = self.try_load(record) {
            self.load_failed(why);
        }
    }

    /// Plays a record's game, or says why not (the game on the board stays).
    #[inline(never)]
    fn try_load(&mut self, record: Result<&psq::Record, RecordError>) -> Result<(), Packed> {
        let record = record.map_err(|error| RECORD_ERRORS.get(error as usize))?;
        // The game: as the file's piskrs line says, else by the board's size.
        let line = record.piskrs_line.as_bytes();
        let marked = crate::variant::ALL.iter().copied().find(|v| {
            let mut tag = Line::new();
            tag.push(b"game=").push(v.keyword()).push(b" ");
            contains(line, tag.as_bytes())
        });
        let variant = match marked {
            Some(variant) => variant,
            None if record.side == self.settings.variant.side() => self.settings.variant,
            None if record.side == 15 => Variant::ExactFive,
            None => Variant::Piskasm,
        };
        if variant.side() != record.side {
            return Err(RECORD_ERRORS.get(RecordError::WrongSize as usize));
        }
        // The game on the board stays until the whole record has proved good:
        // the moves are checked first, then replayed in place. (Not replayed on
        // a copy of the game: that would cost the stack another 1.1 KB.)
        let exact_five = contains(line, b" rule=exact");
        let (rule, opening) = (variant.rule_with(exact_five), variant.opening());
        if !crate::game::playable(variant.side(), rule, opening, record.moves()) {
            return Err(packed!(
                "a move breaks the rules or follows the end (corrupt?)"
            ));
        }
        variant.restart_game(&mut self.game, exact_five);
        for &point in record.moves() {
            let _ = self.game.play(point); // never refused: checked above
        }
        let two_players = contains(line, b" two players");
        self.variant = variant;
        self.opponent = if two_players {
            Opponent::Person
        } else {
            Opponent::Computer(self.game.to_move().opponent())
        };
        self.classic
            .restart(self.game.to_move().opponent(), variant.side());
        self.classic.recompute(self.game.board());
        self.centre = self
            .game
            .last_move()
            .map_or(mist::START, mist::centre_after);
        if variant.has_mist() {
            self.forget_hidden();
        }
        self.reset_view();
        if let Some(last) = self.game.last_move() {
            self.cursor = last;
        }
        self.page = Page::Game;
        let to_move = self.game.to_move();
        let moves = self.game.move_count() as u32;
        let text = self
            .file_status(false, packed!("Loaded "))
            .push(b": ")
            .push_number(moves)
            .push_packed(packed!(" moves. "));
        push_side(text, to_move).push_packed(packed!(" to move."));
        Ok(())
    }

    fn load_failed(&mut self, why: Packed) {
        self.file_status(true, packed!("Could not load "))
            .push(b": ")
            .push_packed(why)
            .push(b".");
    }

    /// A new status line about the file: `before`, then the file's name.
    fn file_status(&mut self, alert: bool, before: Packed) -> &mut Line {
        self.status_is_alert = alert;
        self.status.clear();
        self.status
            .push_packed(before)
            .push(self.file_name.as_bytes())
    }

    /// Draws the current page.
    pub fn render(&self, screen: &mut dyn Canvas) {
        screen.clear();
        screen.fill(0, 0, WIDTH, 1, b' ', Style::Title);
        screen.write_packed(1, 0, packed!("PISKRS - Gomoku for DOS"), Style::Title);
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
        let typed = match self.prompt {
            Prompt::SaveName | Prompt::LoadName => Some(self.file_name.as_bytes()),
            Prompt::Command => Some(self.command_line.as_bytes()),
            _ => None,
        };
        if let Some(typed) = typed {
            let x = 1 + self.status.as_bytes().len();
            screen.write(x, STATUS_Y, typed, Style::Cursor);
            screen.put(x + typed.len(), STATUS_Y, b'_', Style::Cursor);
        }
    }

    fn render_menu(&self, screen: &mut dyn Canvas) {
        screen.write_packed(28, 3, packed!("P  I  S  K  R  S"), Style::Heading);
        screen.write_packed(22, 5, packed!("Gomoku: five in a row wins."), Style::Normal);
        screen.write_packed(
            21,
            6,
            packed!("After Piskasm, Vojtech Havranek, 2004"),
            Style::Label,
        );
        for (i, &(y, key)) in MENU_LINES.iter().enumerate() {
            let label = MENU_LABELS.get(i);
            let one_letter = [key];
            let key: &[u8] = if key == F1_KEY { b"F1" } else { &one_letter };
            let y = y as usize;
            screen.write(22, y, key, Style::MenuKey);
            screen.write_packed(22 + key.len(), y, label, Style::Normal);
        }
        // The options' values, after their labels.
        screen.write(
            32,
            MENU_GAME_Y,
            self.settings.variant.name(),
            Style::Heading,
        );
        screen.write(32, MENU_LEVEL_Y, self.settings.level.name(), Style::Heading);
        screen.write_packed(
            32,
            MENU_SOUND_Y,
            if self.settings.sound {
                packed!("on")
            } else {
                packed!("off")
            },
            Style::Heading,
        );
        screen.write_packed(
            32,
            MENU_RULE_Y,
            if self.settings.exact_five {
                packed!("exactly five, in every game")
            } else {
                packed!("five or more")
            },
            Style::Heading,
        );
        let mut time = [0u8; 4];
        let len = settings::write_tenths(self.settings.think_tenths, &mut time);
        screen.write(32, MENU_TIME_Y, &time[..len], Style::Heading);
        screen.write_packed(
            32 + len,
            MENU_TIME_Y,
            packed!(" s (Strong)"),
            Style::Heading,
        );
        if !self.mouse_present {
            screen.write_packed(
                14,
                21,
                packed!("No mouse driver found: play with the keyboard."),
                Style::Alert,
            );
        }
        key_bar(
            screen,
            packed!(
                " 1/2 vs computer  4 Two players  G C S R T Options  L Load  3/Esc Quit  F1 Keys"
            ),
        );
    }

    fn render_game(&self, screen: &mut dyn Canvas) {
        self.render_board(screen);
        self.render_panel(screen);
        for &(x, label, key) in &BUTTONS {
            // No hints in the Mist: nobody may see under it.
            if !(key == b'h' && self.variant.has_mist()) {
                screen.write(x as usize, BUTTONS_Y, label, Style::MenuKey);
            }
        }
        key_bar(
            screen,
            if self.variant.has_mist() {
                packed!(
                    " F1 Keys  Arrows Move  Enter/Space Place  C Command  U Undo  S Save  Esc Leave"
                )
            } else {
                packed!(
                    " F1 Keys  Arrows Move  Enter/Space Place  U Undo  H Hint  S Save  Esc Leave"
                )
            },
        );
    }

    /// Which stone carries the last-move highlight: against the computer, its
    /// last move (Piskasm's bright red LastPC); between people, the last move.
    // Out of line: the .COM is smaller so.
    #[inline(never)]
    fn highlighted_move(&self) -> Option<Point> {
        match self.opponent {
            Opponent::Person => self.game.last_move(),
            Opponent::Computer(computer) => {
                // Black's moves have the even indices, White's the odd ones:
                // the computer's last is the last move or the one before it.
                let moves = self.game.moves();
                let computer_parity = (computer == Stone::White) as usize;
                let back = (moves.len() + 1 + computer_parity) % 2;
                moves.iter().rev().nth(back).copied()
            }
        }
    }

    fn render_board(&self, screen: &mut dyn Canvas) {
        let board = self.game.board();
        let side = board.side();
        let lettering = self.variant.lettering();
        let highlighted = self.highlighted_move();
        let win_line = match self.game.outcome() {
            Outcome::Won { line, .. } => Some(line),
            _ => None,
        };
        // The Mist hides everything outside the hole until the game is over.
        let misty = self.variant.has_mist() && !self.game.is_over();
        screen.fill(
            BOARD_X - 1,
            BOARD_TOP_Y,
            2 * side as usize + 1,
            side as usize,
            b' ',
            Style::Board,
        );
        for row in 0..side {
            let y = row_y(row, side);
            // The row's number, right-aligned in two cells (1..19).
            let number = row + 1;
            let label = [if number < 10 { b' ' } else { b'1' }, b'0' + number % 10];
            screen.write(1, y, &label, Style::Label);
            let mut left_hidden = false;
            for col in 0..side {
                let x = BOARD_X + 2 * col as usize;
                let point = Point::new(col, row);
                let hidden = misty && !mist::in_hole(self.centre, point);
                // The line from the point on the left: under the Mist if either
                // end is.
                if col > 0 {
                    if hidden || left_hidden {
                        screen.put(x - 1, y, glyph::MIST, Style::Mist);
                    } else {
                        screen.put(x - 1, y, glyph::HORIZONTAL, Style::Board);
                    }
                }
                left_hidden = hidden;
                let in_win = win_line.is_some_and(|line| line.contains(point));
                let (ch, style) = match board.get(point) {
                    _ if hidden => (glyph::MIST, Style::Mist),
                    None if misty && point == self.centre => (glyph::HOLE_CENTRE, Style::Cursor),
                    None => (empty_point_glyph(col, row, side), Style::Board),
                    Some(stone) => {
                        let emphasis = if in_win {
                            2
                        } else {
                            (highlighted == Some(point)) as usize
                        };
                        (
                            stone_glyph(stone),
                            STONE_STYLES[emphasis][(stone == Stone::White) as usize],
                        )
                    }
                };
                screen.put(x, y, ch, style);
                // The column letters under the board, along with its bottom row.
                if row == 0 {
                    screen.put(
                        x,
                        BOARD_TOP_Y + side as usize,
                        lettering.letter(col),
                        Style::Label,
                    );
                }
            }
        }
        if let Some(hint) = self.hint {
            let (x, y) = (BOARD_X + 2 * hint.col as usize, row_y(hint.row, side));
            screen.put(x - 1, y, b'<', Style::Alert);
            screen.put(x + 1, y, b'>', Style::Alert);
        }
        if !self.game.is_over() {
            let x = BOARD_X + 2 * self.cursor.col as usize;
            let y = row_y(self.cursor.row, side);
            screen.put(x - 1, y, b'[', Style::Cursor);
            screen.put(x + 1, y, b']', Style::Cursor);
        }
    }

    fn render_panel(&self, screen: &mut dyn Canvas) {
        screen.write(PANEL_X, 1, self.variant.name(), Style::Label);
        let players = 3 * match self.opponent {
            Opponent::Person => 0,
            Opponent::Computer(Stone::White) => 1,
            Opponent::Computer(Stone::Black) => 2,
        };
        // The heading, then the lines for Black and White.
        for (i, (y, style)) in [(2, Style::Heading), (8, Style::Label), (9, Style::Label)]
            .into_iter()
            .enumerate()
        {
            screen.write_packed(PANEL_X, y, PLAYERS_PANEL.get(players + i), style);
        }
        let variant = self.variant;
        let mut line = Line::new();
        match self.game.outcome() {
            Outcome::InProgress => {
                let mover = self.game.to_move();
                push_side(&mut line, mover)
                    .push(b" (")
                    .push(&[stone_glyph(mover)])
                    .push_packed(packed!(") to move"));
            }
            Outcome::Won { winner, .. } => {
                push_side(&mut line, winner).push_packed(packed!(" won"));
            }
            Outcome::Draw => {
                line.push_packed(packed!("Draw"));
            }
        }
        write_panel_line(screen, 4, &mut line, Style::Normal);
        line.push_packed(packed!("Stones on the board: "))
            .push_number(self.game.move_count() as u32);
        write_panel_line(screen, 5, &mut line, Style::Normal);
        if let Some(last) = self.game.last_move() {
            line.push_packed(packed!("Last move: "));
            push_point(&mut line, last, variant);
            write_panel_line(screen, 6, &mut line, Style::Normal);
        }
        if self.variant.has_mist() {
            line.push_packed(packed!("Hole centre: "));
            push_point(&mut line, self.centre, variant);
            write_panel_line(screen, 7, &mut line, Style::Normal);
        }
        if let Opponent::Computer(_) = self.opponent {
            line.push_packed(packed!("Level: "))
                .push(self.settings.level.name());
            write_panel_line(screen, 3, &mut line, Style::Label);
        }
        if self.show_move_list {
            screen.write_packed(PANEL_X, 11, packed!("Moves:"), Style::Heading);
            let moves = self.game.moves();
            let first = moves.len().saturating_sub(MOVE_LIST_LINES);
            for (i, &point) in moves.iter().enumerate().skip(first) {
                let number = i as u32 + 1;
                if number < 100 {
                    line.push(b" ");
                }
                if number < 10 {
                    line.push(b" ");
                }
                // Black's moves are the odd-numbered ones.
                line.push_number(number)
                    .push(if i % 2 == 0 { b". X " } else { b". O " });
                push_point(&mut line, point, variant);
                write_panel_line(screen, 12 + i - first, &mut line, Style::Normal);
            }
        } else {
            let rule = if self.game.rule() == WinRule::ExactlyFive {
                b"Exactly five wins; six does not.".as_slice()
            } else {
                self.variant.rule_text()
            };
            screen.write(PANEL_X, 11, rule, Style::Label);
            screen.write_packed(
                PANEL_X,
                12,
                packed!("A full board is a draw."),
                Style::Label,
            );
            screen.write_packed(
                PANEL_X,
                14,
                packed!("N shows the moves by number."),
                Style::Label,
            );
        }
    }
}

/// Said when a person tries to move on the computer's turn (also on the Mist's
/// command line).
const WAIT_FOR_COMPUTER: Packed = packed!("Wait for the computer's move.");
/// The end of a win's message, after the winner's name (also for a resignation).
const WINS_ANY_KEY: Packed = packed!(" wins! Any key or click: menu.");

/// A stone's style, Black's and White's: a plain stone, the highlighted last
/// move, a stone of the winning line.
static STONE_STYLES: [[Style; 2]; 3] = [
    [Style::BlackStone, Style::WhiteStone],
    [Style::BlackLast, Style::WhiteLast],
    [Style::BlackWin, Style::WhiteWin],
];

/// The panel's heading and its lines for Black and White, three each: two
/// players, you against the computer, the computer against you.
static PLAYERS_PANEL: PackedList = packed_list![
    packed!("Two players"),
    packed!("X Black moves first"),
    packed!("O White"),
    packed!("You against the computer"),
    packed!("X You (Black, first)"),
    packed!("O Computer (White)"),
    packed!("The computer against you"),
    packed!("X Computer (Black, first)"),
    packed!("O You (White)"),
];

/// The menu's lines: row and key; the labels, written after the keys, are
/// [`MENU_LABELS`] (in the same order), and the options' values follow at x=32.
/// Rows and keys are bytes, which keeps the table small; the key F1, the only one
/// of two letters, stands as [`F1_KEY`].
static MENU_LINES: [(u8, u8); 11] = [
    (MENU_PERSON_BEGINS_Y as u8, b'1'),
    (MENU_COMPUTER_BEGINS_Y as u8, b'2'),
    (MENU_TWO_PLAYERS_Y as u8, b'4'),
    (MENU_LOAD_Y as u8, b'L'),
    (MENU_QUIT_Y as u8, b'3'),
    (MENU_HELP_Y as u8, F1_KEY),
    (MENU_GAME_Y as u8, b'G'),
    (MENU_LEVEL_Y as u8, b'C'),
    (MENU_SOUND_Y as u8, b'S'),
    (MENU_RULE_Y as u8, b'R'),
    (MENU_TIME_Y as u8, b'T'),
];

/// The labels of [`MENU_LINES`].
static MENU_LABELS: PackedList = packed_list![
    packed!("  You begin (against the computer)"),
    packed!("  The computer begins"),
    packed!("  Two players"),
    packed!("  Load a saved game"),
    packed!("  Quit (also Esc)"),
    packed!(" Keys"),
    packed!("  Game:  "),
    packed!("  Level: "),
    packed!("  Sound: "),
    packed!("  Rule:  "),
    packed!("  Time:  "),
];

/// The F1 key in [`MENU_LINES`].
const F1_KEY: u8 = 0;

/// The help page's lines.
static HELP_LINES: PackedList = packed_list![
    packed!("Mouse, left button   place a stone on the point clicked"),
    packed!("Arrow keys           move the cursor [ ] on the board"),
    packed!("Enter or Space       place a stone under the cursor"),
    packed!("U or Backspace       take back (your move and the computer's reply)"),
    packed!("H                    hint: the computer suggests a point < >"),
    packed!("N                    show or hide the moves by number"),
    packed!("S                    save the game (Piskvork .psq file)"),
    packed!("Esc                  leave the game, or quit from the menu (asks first)"),
    packed!("F1                   this list"),
    packed!("F12                  save the text screen to SCRnnnnn.BIN"),
    packed!(""),
    packed!("Menu: 1 you begin, 2 the computer begins, 4 two players at one"),
    packed!("machine, L load a saved game, 3 quit to DOS (Esc asks first)."),
    packed!(""),
    packed!("Black (X) moves first. Five or more stones in a row - across, up"),
    packed!("or diagonal - win. When every point is taken it is a draw."),
];

fn render_help(screen: &mut dyn Canvas) {
    screen.write_packed(4, 2, packed!("Keys"), Style::Heading);
    for i in 0..HELP_LINES.len() {
        screen.write_packed(4, 4 + i, HELP_LINES.get(i), Style::Normal);
    }
    key_bar(screen, packed!(" Press any key or click to go back"));
}

/// Writes `line` on panel row `y`, then empties it for the next row (one call
/// instead of a write and a clear at every row).
#[inline(never)]
fn write_panel_line(screen: &mut dyn Canvas, y: usize, line: &mut Line, style: Style) {
    screen.write(PANEL_X, y, line.as_bytes(), style);
    line.clear();
}

fn key_bar(screen: &mut dyn Canvas, text: Packed) {
    screen.fill(0, KEY_BAR_Y, WIDTH, 1, b' ', Style::KeyBar);
    screen.write_packed(0, KEY_BAR_Y, text, Style::KeyBar);
}

/// Appends `point` in the notation of `variant`'s lettering (A..S on 19x19,
/// A..P without I on 15x15).
fn push_point(text: &mut Line, point: Point, variant: Variant) -> &mut Line {
    let mut notation = [0u8; 3];
    let len = write_point(point, variant.lettering(), &mut notation);
    text.push(&notation[..len])
}

/// Appends the name of `stone`'s side.
// Out of line: the .COM is smaller so.
#[inline(never)]
fn push_side(text: &mut Line, stone: Stone) -> &mut Line {
    text.push(side_name(stone))
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

fn file_error_text(error: FileError) -> Packed {
    FILE_ERRORS.get(error as usize)
}

/// What went wrong, in the order of [`FileError`]'s variants.
static FILE_ERRORS: PackedList = packed_list![
    packed!("no such file"),
    packed!("no such directory or drive"),
    packed!("access denied (read-only?)"),
    packed!("the disk is full"),
    packed!("the file is too big for a game record"),
    packed!("it is a device, not a file"),
    packed!("it is read-only (or a directory)"),
    packed!("DOS reported an error"),
];

/// What is wrong with a record, in the order of [`RecordError`]'s variants.
static RECORD_ERRORS: PackedList = packed_list![
    packed!("not a Piskvork .psq game record"),
    packed!("its board is not 15x15 or 19x19"),
    packed!("it holds a bad move line (corrupt?)"),
    packed!("more moves than points"),
    packed!("the file is cut off (truncated)"),
];

/// Characters DOS allows in a file name or path, as typed.
// A loop, not `contains`: that would bring in core's memchr (300 bytes).
#[allow(clippy::manual_contains)]
fn is_file_name_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || b".\\:_-~!#$%&'()@^{}".iter().any(|&allowed| allowed == c)
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

/// The end of the history line: the last moves that fit on the status line.
struct HistorySink {
    bytes: [u8; 78],
    len: usize,
    dropped: bool,
}

impl Sink for HistorySink {
    fn write(&mut self, bytes: &[u8]) {
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

/// The line-drawing character of an empty point: corners and edges of the grid.
fn empty_point_glyph(col: u8, row: u8, side: u8) -> u8 {
    // 0 on the first line, 2 on the last, 1 between.
    let place = |line: u8| match line {
        0 => 0,
        _ if line == side - 1 => 2,
        _ => 1,
    };
    GRID_GLYPHS[2 - place(row)][place(col)]
}

/// The grid's characters from the top row down, left to right.
static GRID_GLYPHS: [[u8; 3]; 3] = [
    [glyph::TOP_LEFT, glyph::TEE_DOWN, glyph::TOP_RIGHT],
    [glyph::TEE_RIGHT, glyph::CROSS, glyph::TEE_LEFT],
    [glyph::BOTTOM_LEFT, glyph::TEE_UP, glyph::BOTTOM_RIGHT],
];
