//! The user interface as a model: which screen is up, what it shows, and what each
//! key or click does. The DOS layer feeds [`Input`]s in, lets [`App::render`] draw
//! on video memory, and carries out the file requests a [`Command`] names;
//! nothing here knows about hardware.
//!
//! [`App`] is here with its input's first step ([`App::handle`]); the rest is
//! in the modules below, each an `impl App` of its own part:
//! - `session`: the game and the computer's view of it (`Session`: the game,
//!   the opponent, the Mist's knowledge and hole, Classic's Info), the
//!   computer's move through the one door, putting and taking back stones;
//! - `menu`: the menu and the help page, and starting a game;
//! - `game_screen`: a key or a click in a game, the hint, the move's message;
//! - `prompt`: the Y/N questions, the file name, the Mist's command line;
//! - `files`: the record a save writes and the checks a load makes;
//! - `render`: what is drawn;
//! - `timing`: the game clock, its flag and its face on the panel;
//! - `frame`: which parts of the page a frame draws (what changed).
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

use crate::ai::engine::TreeSearch;
use crate::ai::evaluation::Info;
use crate::app::controller;
use crate::app::help::{NO_TOPIC, Topic};
use crate::app::help_page;
use crate::app::settings::Settings;
use crate::rules::board::{Board, Stone};
use crate::rules::coord::Point;
use crate::rules::game::Game;
use crate::rules::variant::Variant;
use crate::support::packed::Packed;
use crate::support::random::Random;
use crate::support::text::Text;
use crate::support::tracked::Tracked;
use crate::support::word_tables::Words;

mod files;
mod frame;
mod game_screen;
mod menu;
mod prompt;
mod render;
mod session;
mod timing;
mod words;

use session::Session;

pub use crate::app::screen::{Input, Key, Sound};
pub use frame::Damage;

/// Screen column of board column 0 (A); columns are two cells apart.
pub const BOARD_X: usize = 4;

/// Screen row of the top board row.
pub const BOARD_TOP_Y: usize = 1;
pub const STATUS_Y: usize = 22;
pub const BUTTONS_Y: usize = 23;
pub const KEY_BAR_Y: usize = 24;
/// The side of the largest board (19x19), which the screen layout is drawn for.
const SIDE: u8 = 19;

/// The file name offered when saving or loading.
pub const DEFAULT_FILE: &[u8] = b"GAME.PSQ";

/// Longest file name kept: any path DOS takes (at most 127 bytes: the
/// command line itself holds no more).
pub const MAX_NAME: usize = 127;

/// The one text type of this module: the status line and every line built for
/// the screen. One capacity, so the program holds one copy of `Text`'s methods.
type Line = Text<78>;

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
    /// Red) on its own 30x30 screen ([`crate::app::gomorpion_screen`]), then come
    /// back to the menu.
    Gomorpion(Opponent),
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
    /// A read-only file: a save leaves it as it is.
    ReadOnly,
    /// Any other DOS error.
    Failed,
    /// A directory, not a file (DOS says only "access denied").
    Directory,
}

/// Who plays against whom.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Opponent {
    /// Two people at one machine.
    Person,
    /// The person against the computer, which plays the given colour.
    Computer(Stone),
    /// The computer against itself, Black at the settings' level and White
    /// at theirs for White: watched, Esc stops it.
    Computers,
}

/// Which screen is up.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Page {
    Menu,
    Game,
    /// The help: the menu's pages, or the game's behind it; the page shown.
    Help {
        over_game: bool,
        page: u8,
    },
}

/// How many moves a page of the move list shows: three columns of ten.
const MOVES_A_PAGE: usize = 30;

/// What the game panel shows under the players.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Panel {
    /// The rule of the game.
    Rules,
    /// The moves by number (N), 30 a page; `back` pages before the last.
    Moves { back: u8 },
    /// The Mist's hole as its `view` command gives it, 7x7.
    Hole,
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

/// The whole program's interface state.
pub struct App {
    page: Page,
    /// The menu's choices: the game, the computer's level, sound.
    settings: Settings,
    settings_changed: bool,
    /// The game and the computer's view of it: what the one door is asked about.
    session: Session,
    random: Random,
    /// Set by /SEED: the menu's wait counter does not replace the seed.
    seed_fixed: bool,
    cursor: Point,
    hint: Option<Point>,
    /// What the panel's lower part shows.
    panel: Panel,
    /// In replay: how many of the game's moves the board shows (see
    /// [`App::step_replay`]); the game itself is not touched.
    replay: Option<u16>,
    /// The status line; its changes, with the typed names', tell a frame
    /// whether to draw it.
    status: Tracked<Line>,
    status_is_alert: bool,
    prompt: Prompt,
    /// The name, and room for the 0 byte DOS wants after it.
    file_name: Tracked<Text<{ MAX_NAME + 1 }>>,
    command_line: Tracked<Text<{ controller::MAX_LINE }>>,
    sound: Sound,
    mouse_present: bool,
    /// Where Strong's tree runs (see [`App::search_with`]).
    tree: Option<&'static dyn TreeSearch>,
    /// What the last frame showed (None: draw everything next).
    last_shown: Option<frame::Shown>,
    /// The platform's BIOS tick count (see [`App::time_with`]): none, no
    /// time passes.
    ticks: Option<fn() -> u32>,
    /// The seconds the clock of the side to move showed at the last tick.
    clock_shown: u32,
}

impl App {
    /// The program as it starts: the menu. `mouse_present` is what INT 33h said.
    /// (The host's: Classic's Info in an array of its own, kept for the
    /// program's life.)
    #[cfg(not(target_os = "none"))]
    pub fn new(mouse_present: bool) -> App {
        App::with_settings(mouse_present, Settings::default())
    }

    /// The menu with the choices remembered from the last run (the host's:
    /// Classic's Info in an array of its own, kept for the program's life).
    #[cfg(not(target_os = "none"))]
    pub fn with_settings(mouse_present: bool, settings: Settings) -> App {
        let scores = alloc::boxed::Box::new(crate::support::word_tables::WordArray::<
            { crate::app::clock::GAME_WORDS },
        >::new());
        App::with_info_in(mouse_present, settings, alloc::boxed::Box::leak(scores))
    }

    /// Strong's tree runs in `tree` (PISKRS.COM's engine, through the DOS
    /// layer) rather than with tables of its own for each move (the host's).
    pub fn search_with(&mut self, tree: &'static dyn TreeSearch) {
        self.tree = Some(tree);
    }

    /// The menu with the choices remembered from the last run, Classic's Info
    /// kept in `scores` ([`crate::app::clock::GAME_WORDS`] words: Info's,
    /// then the moves' times; on DOS, far memory, so that they are not in
    /// the segment).
    #[inline(never)]
    pub fn with_info_in(
        mouse_present: bool,
        settings: Settings,
        scores: &'static dyn Words,
    ) -> App {
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
            session: Session::new(variant, scores),
            random: Random::new(0),
            seed_fixed: false,
            cursor: Point::new(side / 2, side / 2),
            hint: None,
            panel: Panel::Rules,
            replay: None,
            status: Tracked::new(Text::from(b"Choose with a key{ or a click}.")),
            status_is_alert: false,
            prompt: Prompt::None,
            file_name: Tracked::new(Text::from(DEFAULT_FILE)),
            command_line: Tracked::new(Text::new()),
            sound: Sound::None,
            mouse_present,
            tree: None,
            last_shown: None,
            ticks: None,
            clock_shown: 0,
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
        self.session.variant
    }

    /// The Mist: the hole's centre.
    pub fn hole_centre(&self) -> Point {
        self.session.centre
    }

    /// The Mist: what the computer knows of the board.
    pub fn computer_knowledge(&self) -> &Board {
        &self.session.known
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
        &self.session.game
    }

    pub fn opponent(&self) -> Opponent {
        self.session.opponent
    }

    pub fn classic(&self) -> &Info<'static> {
        self.session.classic()
    }

    /// Work left over from the last input that the screen need not wait
    /// for (Classic's Update for the stone just shown): run when the frame
    /// is drawn.
    pub fn catch_up(&self) {
        self.session.catch_up();
    }

    pub fn cursor(&self) -> Point {
        self.cursor
    }

    pub fn hint(&self) -> Option<Point> {
        self.hint
    }

    /// The status line's text, its packed texts unpacked (for tests: the
    /// screen unpacks them as it writes the line).
    pub fn status(&self) -> Text<78> {
        self.status.unpacked()
    }

    /// The status line, cleared for a new message (in the alert colours if
    /// `alert`). Written in place: a message built apart would be copied in.
    fn new_status(&mut self, alert: bool) -> &mut Line {
        self.status_is_alert = alert;
        let status = self.status.edit();
        status.clear();
        status
    }

    fn say(&mut self, text: Packed) {
        self.new_status(false).push_packed(text);
    }

    fn warn(&mut self, text: Packed) {
        self.new_status(true).push_packed(text);
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
            Page::Help { over_game, page } => {
                self.page = match help_page::turn_page(&self.help_topics(over_game), page, input) {
                    Some(page) => Page::Help { over_game, page },
                    None if over_game => Page::Game,
                    None => Page::Menu,
                };
                Command::Continue
            }
        }
    }

    /// The help's topics: the menu's, or the game's rules and then its keys.
    pub(super) fn help_topics(&self, over_game: bool) -> [u8; 2] {
        if over_game {
            // The Gomoku variants' topics follow Topic::Piskasm in their order.
            [
                Topic::Piskasm as u8 + self.session.variant as u8,
                Topic::Keys as u8,
            ]
        } else {
            [Topic::Menu as u8, NO_TOPIC]
        }
    }

    /// A seed for a game the platform runs on its own (Gomorpion's computer).
    pub fn seed(&self) -> u16 {
        self.random.peek()
    }
}
