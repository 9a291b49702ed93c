//! The menu (the first page): its keys and lines, the options it changes,
//! starting a game from it, and the help page it leads to.

use super::words::key_bar;
use super::{App, Command, Opponent, Page, Panel, Prompt};
use crate::app::screen::{Canvas, Style, WIDTH};
use crate::app::screen::{Input, Key};
use crate::app::settings::{self};
use crate::packed;
use crate::packed_list;
use crate::rules::Opening;
use crate::rules::board::Stone;
use crate::rules::coord::Point;
use crate::rules::variant::Variant;
use crate::support::packed::PackedList;

/// The menu's choice for Esc and a click on the Quit line: not a key anyone
/// can type (those are 21h..7Eh).
const ASK_TO_QUIT: u8 = 0x1B;

/// Menu rows (a click on a row chooses it).
const MENU_PERSON_BEGINS_Y: usize = 8;
const MENU_COMPUTER_BEGINS_Y: usize = 9;
const MENU_TWO_PLAYERS_Y: usize = 10;
const MENU_LOAD_Y: usize = 11;
const MENU_QUIT_Y: usize = 12;
const MENU_COMPUTERS_Y: usize = 13;
const MENU_HELP_Y: usize = 14;
const MENU_CLOCK_Y: usize = 15;
const MENU_GAME_Y: usize = 16;
const MENU_LEVEL_Y: usize = 18;
const MENU_SOUND_Y: usize = 17;
const MENU_RULE_Y: usize = 19;
const MENU_TIME_Y: usize = 20;
const MENU_WHITE_Y: usize = 21;
/// The row that says there is no mouse.
const MENU_NO_MOUSE_Y: usize = 7;

impl App {
    pub(super) fn handle_menu(&mut self, input: Input) -> Command {
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
            b'5' => Opponent::Computers,
            _ => Opponent::Person,
        };
        // Level, rule, time, clock and the computer against itself are
        // Gomoku's: their lines are hidden when Gomorpion is chosen, and their
        // keys change nothing then.
        let gomorpion = self.settings.variant == Variant::Gomorpion;
        if gomorpion && matches!(choice, b'c' | b'w' | b'r' | b't' | b'k' | b'5') {
            self.warn(packed!("Level, rule and time do not apply to Gomorpion."));
            return Command::Continue;
        }
        // Every option key changes the settings.
        if matches!(
            choice,
            b'g' | b'v' | b'c' | b'w' | b'r' | b't' | b's' | b'k'
        ) {
            self.settings_changed = true;
        }
        match choice {
            b'1' | b'2' | b'4' if self.settings.variant == Variant::Gomorpion => {
                return Command::Gomorpion(opponent);
            }
            b'1' | b'2' | b'4' | b'5' => self.start(opponent),
            b'l' => self.ask_file_name(Prompt::LoadName),
            b'g' | b'v' => {
                self.settings.variant = self.settings.variant.next();
                self.say(self.settings.variant.name());
            }
            b'c' | b'w' => {
                let level = if choice == b'c' {
                    &mut self.settings.level
                } else {
                    &mut self.settings.white_level
                };
                *level = level.next();
                let name = level.name();
                self.say(name);
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
            b'k' => {
                let settings = &mut self.settings;
                let now = (settings.clock_minutes, settings.increment_seconds);
                let choices = &settings::CLOCK_CHOICES;
                let next = choices.iter().position(|&c| c == now).map_or(0, |i| i + 1);
                (settings.clock_minutes, settings.increment_seconds) =
                    choices[next % choices.len()];
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
            b'?' => {
                self.page = Page::Help {
                    over_game: false,
                    page: 0,
                }
            }
            // Gomorpion's menu has no level, rule or thinking time (C, R, T).
            _ if self.settings.variant == Variant::Gomorpion => self.warn(packed!(
                "1, 2 or 4 play; G, S options; L load; 3 or Esc to quit."
            )),
            _ => self.warn(packed!(
                "1, 2, 4 or 5 play; G, C, W, S, R, T, K options; L load; 3 or Esc quit."
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

    /// A new game of the menu's variant against `opponent`. When the computer
    /// begins, its opening stone is a random point near the middle (on the outer
    /// lines in Outer-Open).
    // Out of line: inlined into `handle`, it made the .COM 24 bytes larger.
    #[inline(never)]
    pub(super) fn start(&mut self, opponent: Opponent) {
        self.session
            .restart(self.settings.variant, self.settings.exact_five, opponent);
        self.start_clock();
        self.reset_view();
        self.page = Page::Game;
        match opponent {
            Opponent::Person => self.say(packed!(
                "Black begins: move with the arrows and press Enter{, or click a point}."
            )),
            // The status keeps the menu's: the key bar names Esc.
            Opponent::Computers => return,
            Opponent::Computer(computer) => {
                if computer == Stone::Black {
                    self.computer_move(); // the opening stone
                    self.say(packed!(
                        "The computer began. Your move: the arrows and Enter{, or a click}."
                    ));
                } else {
                    self.say(packed!(
                        "You begin with X: the arrows and Enter{, or click a point}."
                    ));
                }
            }
        }
        if self.session.game.opening() == Opening::OuterTwoLines
            && self.session.game.move_count() == 0
        {
            self.say(packed!(
                "Black opens on rows 1, 2, 14, 15 or columns A, B, O, P."
            ));
        }
    }

    pub(super) fn reset_view(&mut self) {
        let side = self.session.game.board().side();
        // In Outer-Open the person who opens starts on a point Black may
        // open on: the middle of the second line.
        let opens_outside = self.session.game.opening() == Opening::OuterTwoLines
            && self.session.game.move_count() == 0
            && self.session.person_to_move();
        let row = if opens_outside { 1 } else { side / 2 };
        self.cursor = Point::new(side / 2, row);
        self.prompt = Prompt::None;
        self.hint = None;
        self.panel = Panel::Rules;
    }

    pub(super) fn back_to_menu(&mut self) {
        self.page = Page::Menu;
        self.prompt = Prompt::None;
        self.say(packed!("Choose with a key{ or a click}."));
    }

    pub(super) fn render_menu(&self, screen: &mut dyn Canvas) {
        screen.write_packed(28, 3, packed!("P  I  S  K  R  S"), Style::Heading);
        // Gomorpion has no levels, rule or thinking time: only the lines that
        // apply to the chosen game are shown.
        let gomorpion = self.settings.variant == Variant::Gomorpion;
        screen.write_packed(
            22,
            5,
            if gomorpion {
                packed!("Gomorpion: fives are captured; most points win.")
            } else {
                packed!("Gomoku: five in a row wins.")
            },
            Style::Normal,
        );
        screen.write_packed(
            21,
            6,
            packed!("After Piskasm, Vojtech Havranek, 2004"),
            Style::Label,
        );
        render_menu_lines(screen, gomorpion);
        self.render_menu_values(screen, false);
        self.render_menu_foot(screen);
    }

    /// The options' values, after their labels; `clear`: their rows are
    /// blanked first (a value changed on a menu already drawn).
    #[inline(never)]
    pub(super) fn render_menu_values(&self, screen: &mut dyn Canvas, clear: bool) {
        // Gomorpion has no levels, rule or thinking time.
        let gomorpion = self.settings.variant == Variant::Gomorpion;
        if clear {
            // The values' rows, 15 to 21 (Gomorpion's are blank but for 16
            // and 17).
            screen.fill(32, MENU_CLOCK_Y, WIDTH - 32, 7, b' ', Style::Normal);
        }
        screen.write_packed(
            32,
            MENU_GAME_Y,
            self.settings.variant.name(),
            Style::Heading,
        );
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
        if gomorpion {
            return;
        }
        screen.write_packed(32, MENU_LEVEL_Y, self.settings.level.name(), Style::Heading);
        let white = self.settings.white_level.name();
        screen.write_packed(32, MENU_WHITE_Y, white, Style::Heading);
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
        // Minutes a side + seconds a move, as /CLOCK takes them.
        let clock = self.settings.clock_digits();
        let clock: &[u8] = if self.settings.clock_minutes == 0 {
            b"off"
        } else {
            &clock
        };
        screen.write(32, MENU_CLOCK_Y, clock, Style::Heading);
    }

    /// The menu's last lines: the mouse, the keys.
    fn render_menu_foot(&self, screen: &mut dyn Canvas) {
        if !self.mouse_present {
            screen.write_packed(
                14,
                MENU_NO_MOUSE_Y,
                packed!("No mouse driver found: play with the keyboard."),
                Style::Alert,
            );
        }
        key_bar(
            screen,
            if self.settings.variant == Variant::Gomorpion {
                packed!(" 1/2 vs computer  4 Two players  G S Options  L Load  3/Esc Quit  F1 Help")
            } else {
                packed!(
                    " 1/2 vs computer  4 Two  5 Itself  GCWSRTK Options  L Load  3/Esc Quit  F1 Help"
                )
            },
        );
    }
}

/// The menu's lines: row and key; the labels, written after the keys, are
/// [`MENU_LABELS`] (in the same order), and the options' values follow at x=32.
/// Rows and keys are bytes, which keeps the table small; the key F1, the only one
/// of two letters, stands as [`F1_KEY`].
static MENU_LINES: [(u8, u8); 14] = [
    (MENU_PERSON_BEGINS_Y as u8, b'1'),
    (MENU_COMPUTER_BEGINS_Y as u8, b'2'),
    (MENU_TWO_PLAYERS_Y as u8, b'4'),
    (MENU_LOAD_Y as u8, b'L'),
    (MENU_QUIT_Y as u8, b'3'),
    (MENU_HELP_Y as u8, F1_KEY),
    (MENU_GAME_Y as u8, b'G'),
    (MENU_SOUND_Y as u8, b'S'),
    // Gomoku's alone (Gomorpion's menu ends above).
    (MENU_LEVEL_Y as u8, b'C'),
    (MENU_RULE_Y as u8, b'R'),
    (MENU_TIME_Y as u8, b'T'),
    (MENU_COMPUTERS_Y as u8, b'5'),
    (MENU_CLOCK_Y as u8, b'K'),
    (MENU_WHITE_Y as u8, b'W'),
];

/// Writes the menu's lines that apply (Gomorpion's first, `gomorpion`):
/// key and label. (Out of line, and by index: inlined, the loop made the
/// page's code 580 bytes larger once the table had 14 lines. The choice of
/// the count is made here: 14 or 8 chosen in the caller, a difference no
/// `lea` makes, became branches inside a call's arguments there, and the
/// 386 build then set up every call of the page's closure with `mov`s
/// instead of `push`es, 550 bytes more.)
#[inline(never)]
#[allow(clippy::needless_range_loop)] // by index: 24 bytes fewer than the iterator
fn render_menu_lines(screen: &mut dyn Canvas, gomorpion: bool) {
    let lines = if gomorpion {
        GOMORPION_LINES
    } else {
        MENU_LINES.len()
    };
    for i in 0..lines {
        let (y, key) = MENU_LINES[i];
        let one_letter = [key];
        let key: &[u8] = if key == F1_KEY { b"F1" } else { &one_letter };
        let y = y as usize;
        screen.write(22, y, key, Style::MenuKey);
        screen.write_packed(22 + key.len(), y, MENU_LABELS.get(i), Style::Normal);
    }
}

/// How many of [`MENU_LINES`] apply to Gomorpion.
const GOMORPION_LINES: usize = 8;

/// The labels of [`MENU_LINES`].
static MENU_LABELS: PackedList = packed_list![
    packed!("  You begin (against the computer)"),
    packed!("  The computer begins"),
    packed!("  Two players"),
    packed!("  Load a saved game"),
    packed!("  Quit (also Esc)"),
    packed!(" Help"),
    packed!("  Game:  "),
    packed!("  Sound: "),
    packed!("  Level: "),
    packed!("  Rule:  "),
    packed!("  Time:  "),
    packed!("  Computer against computer"),
    packed!("  Clock: "),
    packed!("  White: "),
];

/// The F1 key in [`MENU_LINES`].
const F1_KEY: u8 = 0;
