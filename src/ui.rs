//! The user interface as a model: which screen is up, what it shows, and what each
//! key or click does. The DOS layer feeds [`Input`]s in and copies the rendered
//! [`TextScreen`] out; nothing here knows about hardware.
//!
//! Screen layout of a game (80x25):
//! ```text
//! y 0   title bar
//! y 1   19 ┌─┬─┬─ ... ─┐       side panel from x = 46: whose turn, move number,
//! ...                          last move, the rule
//! y 19   1 └─┴─┴─ ... ─┘
//! y 20     A B C ... S         column c is at x = 4 + 2c, row r (1..19) at y = 20 - r
//! y 22  status line
//! y 24  key bar
//! ```

use crate::board::Stone;
use crate::coord::{Lettering, Point, write_point};
use crate::game::{Game, MoveError, Outcome};
use crate::rules::WinRule;
use crate::screen::{HEIGHT, Style, TextScreen, WIDTH, glyph};
use crate::text::Text;

/// Screen column of board column 0 (A); columns are two cells apart.
pub const BOARD_X: usize = 4;
/// Screen row of the top board row.
pub const BOARD_TOP_Y: usize = 1;
pub const STATUS_Y: usize = 22;
pub const KEY_BAR_Y: usize = 24;
const PANEL_X: usize = 46;
const SIDE: u8 = 19;
const LETTERING: Lettering = Lettering::Consecutive;

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

/// Menu entries: the key, the screen row, the text.
const MENU_TWO_PLAYERS_Y: usize = 10;
const MENU_QUIT_Y: usize = 12;
const MENU_HELP_Y: usize = 14;

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
    cursor: Point,
    status: Text<78>,
    status_is_alert: bool,
    confirming_leave: bool,
    mouse_present: bool,
}

impl App {
    /// The program as it starts: the menu. `mouse_present` is what INT 33h said.
    pub fn new(mouse_present: bool) -> App {
        let mut app = App {
            page: Page::Menu,
            game: Game::new(SIDE, WinRule::FiveOrMore),
            cursor: Point::new(SIDE / 2, SIDE / 2),
            status: Text::new(),
            status_is_alert: false,
            confirming_leave: false,
            mouse_present,
        };
        app.say(b"Choose with a key or a click.");
        app
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn cursor(&self) -> Point {
        self.cursor
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
            Page::Game => {
                self.handle_game(input);
                Command::Continue
            }
            Page::Help { over_game } => {
                self.page = if over_game { Page::Game } else { Page::Menu };
                Command::Continue
            }
        }
    }

    fn handle_menu(&mut self, input: Input) -> Command {
        let choice = match input {
            Input::Key(Key::Char(c)) => c,
            Input::Key(Key::Escape) => b'3',
            Input::Key(Key::F1) => b'?',
            Input::Click { y, .. } => match y as usize {
                MENU_TWO_PLAYERS_Y => b'4',
                MENU_QUIT_Y => b'3',
                MENU_HELP_Y => b'?',
                _ => 0,
            },
            _ => 0,
        };
        match choice {
            b'4' => self.start_two_players(),
            b'3' => return Command::Quit,
            b'?' => self.page = Page::Help { over_game: false },
            _ => self.warn(b"Press 4 for two players, 3 or Esc to quit, F1 for the keys."),
        }
        Command::Continue
    }

    fn start_two_players(&mut self) {
        self.game = Game::new(SIDE, WinRule::FiveOrMore);
        self.cursor = Point::new(SIDE / 2, SIDE / 2);
        self.confirming_leave = false;
        self.page = Page::Game;
        self.say(b"Black begins. Click a point, or move with the arrows and press Enter.");
    }

    fn back_to_menu(&mut self) {
        self.page = Page::Menu;
        self.confirming_leave = false;
        self.say(b"Choose with a key or a click.");
    }

    fn handle_game(&mut self, input: Input) {
        if self.game.is_over() {
            // Any key or click after the result returns to the menu (Piskasm's Restart).
            self.back_to_menu();
            return;
        }
        if self.confirming_leave {
            self.confirming_leave = false;
            match input {
                Input::Key(Key::Char(b'y' | b'Y')) => self.back_to_menu(),
                _ => self.say(b"The game goes on."),
            }
            return;
        }
        match input {
            Input::Key(Key::Up) => self.move_cursor(0, 1),
            Input::Key(Key::Down) => self.move_cursor(0, -1),
            Input::Key(Key::Left) => self.move_cursor(-1, 0),
            Input::Key(Key::Right) => self.move_cursor(1, 0),
            Input::Key(Key::Enter | Key::Space) => self.place(self.cursor),
            Input::Key(Key::Escape) => {
                self.confirming_leave = true;
                self.warn(b"Leave this game? Y/N");
            }
            Input::Key(Key::F1) => self.page = Page::Help { over_game: true },
            Input::Key(Key::Char(_)) => self.warn(b"Unknown key. F1 lists the keys."),
            Input::Click { x, y } => match point_at(x, y) {
                Some(point) => {
                    self.cursor = point;
                    self.place(point);
                }
                None => self.warn(b"That click is off the board: click on a point."),
            },
        }
    }

    fn move_cursor(&mut self, dc: i8, dr: i8) {
        if let Some(next) = self.cursor.step(dc, dr, 1, SIDE) {
            self.cursor = next;
        }
    }

    fn place(&mut self, point: Point) {
        let mover = self.game.to_move();
        match self.game.play(point) {
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
                text.push(side_name(winner))
                    .push(b" wins! Press a key or click for the menu.");
            }
            Outcome::Draw => {
                text.push(b"Draw: the board is full. Press a key or click for the menu.");
            }
            Outcome::InProgress => {
                text.push(side_name(mover)).push(b" played ");
                push_point(&mut text, point);
                text.push(b".");
            }
        }
        self.status = text;
        self.status_is_alert = false;
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
    }

    fn render_menu(&self, screen: &mut TextScreen) {
        screen.write(28, 3, b"P  I  S  K  R  S", Style::Heading);
        screen.write(22, 5, b"Gomoku: five in a row wins. 19x19.", Style::Normal);
        screen.write(
            17,
            6,
            b"After Piskasm, Vojtech Havranek, 2004",
            Style::Label,
        );
        let entries: [(usize, &[u8], &[u8]); 3] = [
            (MENU_TWO_PLAYERS_Y, b"4", b"  Two players"),
            (MENU_QUIT_Y, b"3", b"  Quit (also Esc)"),
            (MENU_HELP_Y, b"F1", b" Keys"),
        ];
        for (y, key, label) in entries {
            screen.write(26, y, key, Style::MenuKey);
            screen.write(26 + key.len(), y, label, Style::Normal);
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
            b" 4 Two players   3/Esc Quit   F1 Keys   F12 Save screen to SCRnnnnn.BIN",
        );
    }

    fn render_game(&self, screen: &mut TextScreen) {
        self.render_board(screen);
        self.render_panel(screen);
        key_bar(
            screen,
            b" F1 Keys   Arrows Move   Enter/Space Place   Esc Leave game   F12 Save screen",
        );
    }

    fn render_board(&self, screen: &mut TextScreen) {
        let board = self.game.board();
        let last = self.game.last_move();
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
                        let style = match (stone, in_win, last == Some(point)) {
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
        if !self.game.is_over() {
            let x = screen_x(self.cursor.col);
            let y = screen_y(self.cursor.row);
            screen.put(x - 1, y, b'[', Style::Cursor);
            screen.put(x + 1, y, b']', Style::Cursor);
        }
    }

    fn render_panel(&self, screen: &mut TextScreen) {
        screen.write(PANEL_X, 2, b"Two players", Style::Heading);
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
        screen.write(PANEL_X, 6, line.as_bytes(), Style::Normal);
        if let Some(last) = self.game.last_move() {
            line.clear();
            line.push(b"Last move: ");
            push_point(&mut line, last);
            screen.write(PANEL_X, 7, line.as_bytes(), Style::Normal);
        }
        screen.write(PANEL_X, 9, b"X Black moves first", Style::Label);
        screen.write(PANEL_X, 10, b"O White", Style::Label);
        screen.write(PANEL_X, 12, b"Five or more in a row wins;", Style::Label);
        screen.write(PANEL_X, 13, b"a full board is a draw.", Style::Label);
    }
}

fn render_help(screen: &mut TextScreen) {
    screen.write(4, 2, b"Keys", Style::Heading);
    let lines: [&[u8]; 11] = [
        b"Mouse, left button   place a stone on the point clicked",
        b"Arrow keys           move the cursor [ ] on the board",
        b"Enter or Space       place a stone under the cursor",
        b"Esc                  leave the game (asks first); on the menu: quit",
        b"F1                   this list",
        b"F12                  save the text screen to SCRnnnnn.BIN",
        b"",
        b"Menu: 4 two players at one machine, 3 or Esc quit to DOS.",
        b"",
        b"Black (X) moves first. Five or more stones in a row - across,",
        b"up or diagonal - win. When every point is taken it is a draw.",
    ];
    for (i, line) in lines.iter().enumerate() {
        screen.write(4, 4 + i, line, Style::Normal);
    }
    key_bar(screen, b" Press any key or click to go back");
    let _ = HEIGHT;
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
