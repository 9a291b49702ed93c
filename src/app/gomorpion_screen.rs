//! The Gomorpion game on the screen: the 30x30 board, the side panel and the
//! status line in 80x50 text (80x43 on an EGA), and what each key or click does.
//! The rules are [`crate::rules::gomorpion`]'s; this module only shows them and asks.
//!
//! Layout (`ROWS` = 37 rows are used, so an EGA's 43 are enough):
//! ```text
//! y 0    title bar
//! y 1-2  column names: A..Z, then AA..AD written downwards (A over A..D)
//! y 3    30 . . . ...          side panel from x = 64: cast, points, whose
//! ...                          turn, last move, the legend
//! y 32    1 . . . ...          column c is at x = 3 + 2c, row r (1..30) at y = 33 - r
//! y 34   status line
//! y 35   key bar: F1 Help, the arrows, Enter, R Resign, Esc Menu (a click on
//!        F1, R or Esc is the key)
//! y 36-49 on a VGA's 50 rows: the rules (the first page of F1's help); with
//!        F1 its other page, the key bar then the help's (an EGA's 43 rows
//!        have no room below: F1's pages take the screen there)
//! ```
//! Each intersection shows the letter docs/gomorpion.md uses in its diagrams:
//! `X O` live pieces of this cast, `x o` carried ones (recapturable ones circled:
//! `(o)`), `Y Q` safe pieces, `B R` captured pieces by whom they count for
//! (circled when captured alone, linked `B─B` to a neighbour captured with them),
//! `b r` sieged intersections, `·` free ones.

use crate::app::help;
use crate::app::help_page;
use crate::app::screen::{Canvas, Input, Key, Sound, Style, WIDTH};
use crate::packed;
use crate::packed_list;
use crate::rules::gomorpion::{self, Event, Gomorpion, LiveMark, Player, PointView, Refusal, SIDE};
use crate::support::packed::Packed;
use crate::support::packed::PackedList;
use crate::support::random::Random;
use crate::support::text::Text;

use crate::rules::coord::Point;

/// Screen rows the game needs (the 8x8 font gives 50 on a VGA, 43 on an EGA).
pub const ROWS: usize = 37;
/// Screen column of board column 0 (A); columns are two cells apart.
pub const BOARD_X: usize = 3;
/// Screen row of the top board row (30).
pub const BOARD_TOP_Y: usize = 3;
pub const STATUS_Y: usize = 34;
pub const KEY_BAR_Y: usize = 35;
/// Where the rules are shown on a 50-row screen: rows 36 up to 50 (their
/// title, a blank row, their 12 lines).
const RULES_Y: usize = 36;
const RULES_END: usize = 50;
const PANEL_X: usize = 64;
// An EGA's 8x8 font gives 43 rows, a VGA's 50.
const _: () = assert!(ROWS <= 43);
const LAST: u8 = SIDE - 1;

/// The screen column of board column `col`.
pub fn screen_x(col: u8) -> usize {
    BOARD_X + 2 * col as usize
}

/// The screen row of board row `row` (0 is row 1, at the bottom).
pub fn screen_y(row: u8) -> usize {
    BOARD_TOP_Y + (LAST - row) as usize
}

/// The intersection drawn on cell (x, y), if any (the cells between two columns
/// belong to neither).
pub fn point_at(x: u8, y: u8) -> Option<Point> {
    let dx = (x as usize).checked_sub(BOARD_X)?;
    let dy = (y as usize).checked_sub(BOARD_TOP_Y)?;
    if dx % 2 != 0 || dx / 2 >= SIDE as usize || dy >= SIDE as usize {
        return None;
    }
    Some(Point::new((dx / 2) as u8, LAST - dy as u8))
}

/// A point's name as docs/gomorpion.md writes it: A1, Z30, AA12, AD30.
pub fn point_name(p: Point, out: &mut Text<78>) {
    let letters = [b'A', b'A' + p.col % 26];
    // One letter, or two from AA on.
    out.push(&letters[(p.col < 26) as usize..])
        .push_number(p.row as u32 + 1);
}

/// What the status line is asking, if anything.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Prompt {
    None,
    Resign,
    Leave,
}

/// What the platform does after an input.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    Continue,
    /// Back to the menu (the 80x25 screen).
    Leave,
}

/// The key bar's words that a click presses: (first column, last column + 1,
/// the key), in both [`key_bar`]'s texts.
static KEY_BAR_CLICKS: [(u8, u8, Key); 3] = [
    (1, 8, Key::F1),
    (47, 55, Key::Char(b'r')),
    (57, 65, Key::Escape),
];

/// The legend in the side panel, a line each (16 columns at most). A captured
/// piece is drawn as the letter of the player it counts for.
static LEGEND: PackedList = packed_list![
    packed!("X O this cast"),
    packed!("x o carried"),
    packed!("(o) recapturable"),
    packed!("Y Q safe"),
    packed!("B R captured"),
    packed!("B-B linked"),
    packed!("b r sieged"),
];

/// A game of Gomorpion as the person sees it.
pub struct GomorpionScreen {
    game: Gomorpion,
    /// The computer's colour, or `None` for two people.
    computer: Option<Player>,
    random: Random,
    cursor: Point,
    last: Option<Point>,
    status: Text<78>,
    status_is_alert: bool,
    prompt: Prompt,
    sound: Sound,
    /// The help page shown over the game (F1), if any.
    help: Option<u8>,
    /// The rules below the board (a 50-row screen; `show_rules_below`).
    rules_below: bool,
}

/// The help's topics in Gomorpion: its rules, its board and keys.
const HELP_TOPICS: [u8; 2] = [help::Topic::Gomorpion as u8, help::NO_TOPIC];

impl GomorpionScreen {
    /// No game yet: all constants, so `let mut screen = unstarted()` is cleared
    /// where it stands; [`GomorpionScreen::start`] then begins a game in place
    /// (a returned screen of over a kilobyte would be built apart and copied).
    pub const fn unstarted() -> GomorpionScreen {
        GomorpionScreen {
            game: Gomorpion::unstarted(),
            computer: None,
            random: Random::new(0),
            cursor: Point::new(SIDE / 2, SIDE / 2),
            last: None,
            status: Text::new(),
            status_is_alert: false,
            prompt: Prompt::None,
            sound: Sound::None,
            help: None,
            rules_below: false,
        }
    }

    /// On a screen of 50 rows (a VGA's), the 14 rows below the key bar show
    /// the rules (the first page of Gomorpion's help); an EGA's 43 have no
    /// room for them.
    pub fn show_rules_below(&mut self, rows: usize) {
        self.rules_below = rows >= RULES_END;
    }

    /// A new game (`unstarted`, then `start`), for tests.
    pub fn new(computer: Option<Player>, seed: u16) -> GomorpionScreen {
        let mut screen = GomorpionScreen::unstarted();
        screen.start(computer, seed);
        screen
    }

    /// Begins a game: Black moves first; `computer` is the computer's colour,
    /// if it plays.
    pub fn start(&mut self, computer: Option<Player>, seed: u16) {
        self.game.restart();
        self.computer = computer;
        self.random = Random::new(seed);
        self.say(match computer {
            None => packed!("Black begins: the arrows and Enter{, or click an intersection}."),
            Some(Player::Red) => {
                packed!("You play Black and begin: the arrows and Enter{, or a click}.")
            }
            Some(Player::Black) => packed!("The computer plays Black and begins."),
        });
    }

    pub fn game(&self) -> &Gomorpion {
        &self.game
    }

    /// The game itself, to set up a position (tests, diagrams).
    pub fn game_mut(&mut self) -> &mut Gomorpion {
        &mut self.game
    }

    pub fn cursor(&self) -> Point {
        self.cursor
    }

    /// The status line's text, its packed texts unpacked (for tests: the
    /// screen unpacks them as it writes the line).
    pub fn status(&self) -> Text<78> {
        self.status.unpacked()
    }

    /// The sound the last input made, once.
    pub fn take_sound(&mut self) -> Sound {
        core::mem::replace(&mut self.sound, Sound::None)
    }

    fn say(&mut self, text: Packed) {
        self.status.clear();
        self.status.push_packed(text);
        self.status_is_alert = false;
    }

    fn warn(&mut self, text: Packed) {
        self.say(text);
        self.status_is_alert = true;
    }

    /// Whether the computer should move now.
    pub fn computer_to_move(&self) -> bool {
        !self.game.is_over()
            && self.prompt == Prompt::None
            && self.computer == Some(self.game.to_move())
    }

    /// The computer's move (never an illegal one: `choose` weighs legal
    /// intersections only).
    #[inline(never)]
    pub fn computer_move(&mut self) {
        if !self.computer_to_move() {
            return;
        }
        if let Some(p) = gomorpion::choose(&self.game, &mut self.random) {
            self.play(p);
        }
    }

    /// Does what `input` asks.
    #[inline(never)]
    pub fn handle(&mut self, input: Input) -> Flow {
        if let Some(page) = self.help {
            self.help = help_page::turn_page(&HELP_TOPICS, page, input);
            return Flow::Continue;
        }
        let key = match input {
            Input::Key(key) => key,
            Input::Click { x, y } if y as usize == KEY_BAR_Y => {
                match KEY_BAR_CLICKS.iter().find(|b| (b.0..b.1).contains(&x)) {
                    Some(&(_, _, key)) => key,
                    None => return Flow::Continue,
                }
            }
            Input::Click { x, y } => {
                if self.prompt != Prompt::None {
                    return Flow::Continue;
                }
                match point_at(x, y) {
                    Some(p) => {
                        self.cursor = p;
                        self.try_play(p);
                    }
                    None => self.warn(packed!(
                        "Click on an intersection of the board (a letter or a dot)."
                    )),
                }
                return Flow::Continue;
            }
        };
        self.handle_key(key)
    }

    fn handle_key(&mut self, key: Key) -> Flow {
        match self.prompt {
            Prompt::None => {}
            asked => {
                self.prompt = Prompt::None;
                if matches!(key, Key::Char(b'y' | b'Y')) {
                    if asked == Prompt::Leave {
                        return Flow::Leave;
                    }
                    self.game.resign();
                    self.report_end();
                } else {
                    self.say(packed!("Play on."));
                }
                return Flow::Continue;
            }
        }
        let (dc, dr) = match key {
            Key::Up => (0, 1),
            Key::Down => (0, -1),
            Key::Left => (-1, 0),
            Key::Right => (1, 0),
            Key::Enter | Key::Space => {
                self.try_play(self.cursor);
                return Flow::Continue;
            }
            Key::Escape if self.game.is_over() => return Flow::Leave,
            Key::Escape => {
                self.prompt = Prompt::Leave;
                self.say(packed!("Leave this game for the menu? Y/N"));
                return Flow::Continue;
            }
            // Below the board on a VGA, where the rules (the first page)
            // already are, the help opens on its second page: the legend and
            // the keys beside the board they explain.
            Key::F1 => {
                self.help = Some(self.rules_below as u8);
                return Flow::Continue;
            }
            Key::Char(b'r' | b'R') if !self.game.is_over() => {
                self.prompt = Prompt::Resign;
                self.say(packed!("Resign this game? Y/N"));
                return Flow::Continue;
            }
            // After the end the status line keeps the result: R (there is
            // no game left to resign) and the other keys do nothing.
            _ if self.game.is_over() => return Flow::Continue,
            _ => {
                self.warn(packed!(
                    "Arrows and Enter{ or a click} play; R resigns; Esc leaves; F1 help."
                ));
                return Flow::Continue;
            }
        };
        // The cursor wraps around the edges: the far side of a 30x30 board is
        // one key away.
        self.cursor = Point::new(
            (self.cursor.col as i8 + dc).rem_euclid(SIDE as i8) as u8,
            (self.cursor.row as i8 + dr).rem_euclid(SIDE as i8) as u8,
        );
        Flow::Continue
    }

    /// The person's move on `p`, or a message why not.
    fn try_play(&mut self, p: Point) {
        if self.computer_to_move() {
            return;
        }
        match self.game.legal(p) {
            Ok(()) => self.play(p),
            Err(Refusal::Sieged) => self.warn(packed!(
                "Refused: your opponent has sieged that intersection."
            )),
            Err(Refusal::Occupied) => self.warn(packed!("That intersection is taken.")),
            Err(_) => self.warn(packed!("The game is over: Esc returns to the menu.")),
        }
    }

    /// Plays a legal move and says what it did.
    #[inline(never)]
    fn play(&mut self, p: Point) {
        let mover = self.game.to_move();
        let Ok(event) = self.game.play(p) else { return };
        self.last = Some(p);
        self.sound = Sound::Click;
        if event.game_over {
            self.report_end();
        } else if event.cast_ended {
            self.report_cast(&event);
        } else {
            self.status.clear();
            self.status
                .push_packed(name(mover))
                .push_packed(packed!(" played "));
            point_name(p, &mut self.status);
            self.status.push(b". ");
            self.status
                .push_packed(name(self.game.to_move()))
                .push_packed(packed!(" to move."));
            self.status_is_alert = false;
        }
    }

    /// "Cast 3 to Black: Black +7, Red +1."
    fn report_cast(&mut self, event: &Event) {
        self.status.clear();
        self.status
            .push_packed(packed!("Cast "))
            .push_number(self.game.cast() as u32 - 1);
        match event.winner {
            Some(winner) => self.status.push(b" to ").push_packed(name(winner)),
            None => self.status.push_packed(packed!(" drawn")),
        };
        self.status
            .push_packed(packed!(": Black +"))
            .push_number(event.points[0] as u32)
            .push_packed(packed!(", Red +"))
            .push_number(event.points[1] as u32)
            .push(b".");
        self.status_is_alert = false;
        self.sound = Sound::Tune;
    }

    /// "Game over: Black wins 23 to 19." (or a draw, or a resignation).
    fn report_end(&mut self) {
        self.status.clear();
        if let Some(loser) = self.game.resigned() {
            self.status
                .push_packed(name(loser))
                .push_packed(packed!(" resigned. "));
        } else {
            self.status.push_packed(packed!("Game over. "));
        }
        match self.game.winner() {
            Some(winner) => self
                .status
                .push_packed(name(winner))
                .push_packed(packed!(" wins ")),
            None => self.status.push_packed(packed!("A draw ")),
        };
        self.status
            .push_number(self.game.score(Player::Black) as u32)
            .push(b" to ")
            .push_number(self.game.score(Player::Red) as u32)
            .push_packed(packed!(". Esc: menu."));
        self.status_is_alert = false;
        self.sound = Sound::Tune;
    }

    /// Draws the whole screen (`ROWS` rows, all 50 with the rules below).
    #[inline(never)]
    pub fn render(&self, screen: &mut dyn Canvas) {
        let rows = if self.rules_below { RULES_END } else { ROWS };
        screen.fill(0, 0, WIDTH, rows, b' ', Style::Normal);
        screen.fill(0, 0, WIDTH, 1, b' ', Style::Title);
        screen.write_packed(
            2,
            0,
            packed!("PISKRS  Gomorpion 30x30: casts, captures, sieges"),
            Style::Title,
        );
        // With no rows below the board (an EGA's 43), a help page takes the
        // screen.
        if let Some(page) = self.help
            && !self.rules_below
        {
            help_page::render_page(screen, &HELP_TOPICS, page, STATUS_Y);
            return;
        }
        self.render_board(screen);
        self.render_panel(screen);
        let style = if self.status_is_alert {
            Style::Alert
        } else {
            Style::Status
        };
        screen.write(1, STATUS_Y, self.status.as_bytes(), style);
        // The keys, as on the Gomoku screens' bottom row; after the end
        // there is nothing to play or resign (Esc Menu stays in its place).
        // A help page below the board has its own keys.
        if let Some(page) = self.help {
            help_page::render_bar(screen, &HELP_TOPICS, page, KEY_BAR_Y);
        } else {
            screen.fill(0, KEY_BAR_Y, WIDTH, 1, b' ', Style::KeyBar);
            screen.write_packed(
                0,
                KEY_BAR_Y,
                if self.game.is_over() {
                    packed!(" F1 Help  Arrows Move{      }                              Esc Menu")
                } else {
                    packed!(" F1 Help  Arrows Move  Enter/Space{/Click} Play  R Resign  Esc Menu")
                },
                Style::KeyBar,
            );
        }
        if self.rules_below {
            let page = self.help.unwrap_or(0);
            help_page::draw_text(screen, &HELP_TOPICS, page, RULES_Y, RULES_END);
        }
    }

    fn render_board(&self, screen: &mut dyn Canvas) {
        // Column names; AA..AD are written downwards, their first A above.
        for col in 0..SIDE {
            let x = screen_x(col);
            if col >= 26 {
                screen.put(x, 1, b'A', Style::Label);
            }
            screen.put(x, 2, b'A' + col % 26, Style::Label);
        }
        for row in 0..SIDE {
            let y = screen_y(row);
            let number = row + 1;
            if number >= 10 {
                screen.put(0, y, b'0' + number / 10, Style::Label);
            }
            screen.put(1, y, b'0' + number % 10, Style::Label);
            // Each cell between two columns shows the halves of circles, or a
            // link between two captured pieces: it depends on both neighbours.
            let mut left = Look::OFF_BOARD;
            // (Half-open ranges throughout: an inclusive one costs the .COM more.)
            for col in 0..SIDE + 1 {
                let this = if col < SIDE {
                    look(&self.game, Point::new(col, row))
                } else {
                    Look::OFF_BOARD
                };
                let x = BOARD_X + 2 * col as usize;
                let (between, style) = match (left.frame, this.frame) {
                    (CIRCLED, CIRCLED) => (0xB3, left.style),
                    (CIRCLED, _) => (b')', left.style),
                    (_, CIRCLED) => (b'(', this.style),
                    (LINKED, LINKED) => (0xC4, this.style),
                    _ => (b' ', Style::Board),
                };
                screen.put(x - 1, y, between, style);
                // The last move stands on bright red, as on the other boards.
                let last = self.last == Some(Point::new(col, row));
                screen.put(
                    x,
                    y,
                    this.ch,
                    if last { Style::WhiteLast } else { this.style },
                );
                left = this;
            }
        }
        let x = screen_x(self.cursor.col);
        let y = screen_y(self.cursor.row);
        screen.put(x - 1, y, b'[', Style::Cursor);
        screen.put(x + 1, y, b']', Style::Cursor);
    }

    fn render_panel(&self, screen: &mut dyn Canvas) {
        let numbers = [
            self.game.cast(),
            self.game.score(Player::Black),
            self.game.score(Player::Red),
        ];
        let mut line = Text::<78>::new();
        for (&(y, label, style), number) in PANEL_NUMBERS.iter().zip(numbers) {
            line.clear();
            line.push_packed(label).push_number(number as u32);
            screen.write(PANEL_X, y, line.as_bytes(), style);
        }
        if let Some(computer) = self.computer {
            screen.write_packed(
                PANEL_X + 12,
                4 + computer.index(),
                packed!("(PC)"),
                Style::Label,
            );
        }
        let turn = if self.game.is_over() {
            2
        } else {
            self.game.to_move().index()
        };
        screen.write_packed(PANEL_X, 7, TURN_LINES.get(turn), Style::Heading);
        if let Some(last) = self.last {
            line.clear();
            line.push_packed(packed!("Last: "));
            point_name(last, &mut line);
            screen.write(PANEL_X, 8, line.as_bytes(), Style::Normal);
        }
        for i in 0..LEGEND.len() {
            screen.write_packed(PANEL_X, 11 + i, LEGEND.get(i), Style::Label);
        }
    }
}

/// The panel's lines with a number: (row, label, style).
static PANEL_NUMBERS: [(usize, Packed, Style); 3] = [
    (2, packed!("Cast "), Style::Heading),
    (4, packed!("X Black "), Style::BlackStone),
    (5, packed!("O Red   "), Style::RedPiece),
];

/// Whose turn, by player index; the last when the game is over.
static TURN_LINES: PackedList = packed_list![
    packed!("To move: Black"),
    packed!("To move: Red"),
    packed!("Game over"),
];

/// A player's name. (Out of line: inlined at each of its five uses, it cost
/// the .COM more.)
#[inline(never)]
fn name(player: Player) -> Packed {
    match player {
        Player::Black => packed!("Black"),
        Player::Red => packed!("Red"),
    }
}

/// How an intersection is drawn: its diagram letter, colours and frame.
#[derive(Clone, Copy)]
struct Look {
    ch: u8,
    style: Style,
    frame: u8,
}

/// Frames: none, a circle (a recapturable piece, a piece captured alone), or a
/// link to a neighbour captured in the same cast.
const PLAIN: u8 = 0;
const CIRCLED: u8 = 1;
const LINKED: u8 = 2;

impl Look {
    /// Left of column A and right of column AD: board-coloured space (the
    /// right one at x = 63 closes the board's frame before the panel).
    const OFF_BOARD: Look = Look {
        ch: b' ',
        style: Style::Board,
        frame: PLAIN,
    };
}

/// The diagram letter of intersection `p`, its colours and its frame.
fn look(game: &Gomorpion, p: Point) -> Look {
    let view = game.view(p);
    let (owner, black, red, frame) = match view {
        PointView::Free => {
            return Look {
                ch: 0xFA, // ·
                style: Style::Board,
                frame: PLAIN,
            };
        }
        PointView::Captured { by, linked, .. } => {
            (by, b'B', b'R', if linked { LINKED } else { CIRCLED })
        }
        PointView::Sieged(owner) => (owner, b'b', b'r', PLAIN),
        PointView::Live(owner, LiveMark::Current) => (owner, b'X', b'O', PLAIN),
        PointView::Live(owner, LiveMark::Shifted) => (owner, b'x', b'o', PLAIN),
        PointView::Live(owner, LiveMark::Recapturable) => (owner, b'x', b'o', CIRCLED),
        PointView::Safe(owner) => (owner, b'Y', b'Q', PLAIN),
    };
    let black_owns = owner == Player::Black;
    let style = match (view, black_owns) {
        (PointView::Captured { .. }, true) => Style::BlackCaptured,
        (PointView::Captured { .. }, false) => Style::RedCaptured,
        (_, true) => Style::BlackStone,
        (_, false) => Style::RedPiece,
    };
    Look {
        ch: if black_owns { black } else { red },
        style,
        frame,
    }
}
