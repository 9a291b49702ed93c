//! The command line. Switches are case-insensitive, as DOS users expect; a
//! switch's value is the next word. See the usage text, `@usage` in src/help.txt.

use crate::ai::engine::Level;
use crate::app::help::{self, Topic};
use crate::app::settings::{Settings, yes_or_no};
use crate::app::ui::MAX_NAME;
use crate::rules::variant::Variant;
use crate::support::packed::{PackedList, Unpacker};
use crate::support::text::{Text, TextList, parse_u16};
use crate::{packed, packed_list, text_list};

/// What the command line asks for.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Request<'a> {
    /// Start the game with these options.
    Play(Options),
    /// `/?`: print the usage and exit with errorlevel 0.
    Usage,
    /// A word not understood, or a switch's value out of its range: print
    /// the mistake ([`write_mistake`]) and exit with errorlevel 1.
    Mistake(Mistake<'a>),
}

/// A word of the command line that was not understood, and what it should be.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Mistake<'a> {
    /// The switch and its value as typed (the value if any).
    pub said: &'a [u8],
    /// What the switch takes: its text in [`MISTAKES`].
    why: u8,
}

/// What each switch takes, as its mistake's line says it after the words
/// typed; the first for a word that is no switch at all, the last for /LOAD
/// with the Mist's controller. In the order of the `WHY_` numbers.
static MISTAKES: PackedList = packed_list![
    packed!("no such switch."),
    packed!("the seed is a whole number from 0 to 65535."),
    packed!("the name of a saved game (a .psq file) follows /LOAD."),
    packed!("the level is CLASSIC, CHA or STRONG."),
    packed!("the thinking time is 0.1 to 25 seconds, as 2 or 2.5."),
    packed!("the sound is ON or OFF."),
    packed!("the rule is FREE (five or more) or EXACT (exactly five)."),
    packed!("the game to start is 1, 2, 4 or 5, as the menu's keys."),
    packed!("the clock is m or m+s."),
    packed!("the Mist's controller (input redirected, or /CON) loads no game."),
];
const WHY_UNKNOWN: u8 = 0;
const WHY_LOAD_IN_CONTROLLER: u8 = 9;

/// The mistake of /LOAD given to the Mist's controller, which plays a new
/// game from its commands (known only once standard input is asked).
pub const LOAD_IN_CONTROLLER: Mistake<'static> = Mistake {
    said: b"/LOAD",
    why: WHY_LOAD_IN_CONTROLLER,
};

/// Options for a game.
#[derive(Clone, Copy, PartialEq, Eq, Default)]
pub struct Options {
    /// `/SEED n` (0..65535): fixes the random source, so a game replays exactly.
    pub seed: Option<u16>,
    /// `/LOAD file`: a saved game to continue.
    pub load: Option<Text<MAX_NAME>>,
    /// `/BENCH`: time the Classic AI's replies and print a report.
    pub bench: bool,
    /// `/PISKASM`, `/MIST`, `/OUTER`, `/EXACT`, `/GOMORPION`: the game.
    pub variant: Option<Variant>,
    /// `/LEVEL CLASSIC|CHA|STRONG`: the computer's level.
    pub level: Option<Level>,
    /// `/TIME s`: Strong's thinking time, in tenths of a second.
    pub think_tenths: Option<u8>,
    /// `/SOUND ON|OFF`.
    pub sound: Option<bool>,
    /// `/RULE FREE|EXACT`: five or more, or exactly five, in every game.
    pub exact_five: Option<bool>,
    /// `/CON`: with `/MIST`, the command controller even on the console.
    pub console_controller: bool,
    /// `/PLAY 1|2|4|5`: start that game at once, as the menu key does.
    pub play: Option<u8>,
    /// `/CLOCK m[+s]`: the game clock, minutes a side and the increment in
    /// seconds (0 or OFF: none).
    pub clock: Option<(u8, u8)>,
    /// `/STACK`: print the stack's high-water mark at the end (a diagnostic).
    pub report_stack: bool,
    /// `/FIXED`: Strong keeps the reference budget whatever the machine's
    /// speed ([`crate::ai::speed`]).
    pub fixed_budget: bool,
}

/// Writes the usage text (src/help.txt, `@usage`) to `out`, a line at a time,
/// each ending in CR LF; `byte_at` reads the far texts (see [`crate::app::help::TAIL`]).
pub fn write_usage(byte_at: &dyn Fn(u16) -> u8, out: &mut dyn FnMut(&[u8])) {
    help::for_each_line(Topic::Usage, byte_at, &mut |line| {
        out(line);
        out(b"\r\n");
    });
}

/// The switches with their own meaning (the games' switches are their
/// keywords). Those that take a value come first, numbered as their texts in
/// [`MISTAKES`].
#[derive(Clone, Copy)]
enum Switch {
    Seed = 1,
    Load,
    Level,
    Time,
    Sound,
    Rule,
    Play,
    Clock,
    Usage,
    Bench,
    Con,
    Stack,
    Fixed,
}

/// Each switch's name, upper case, and the switch in [`SWITCHES`] at the same
/// place. A table rather than a match on the names: a match compiles every
/// comparison inline, costing the .COM more.
static SWITCH_NAMES: TextList = text_list![
    b"/?", b"-?", b"/SEED", b"/LOAD", b"/BENCH", b"/CON", b"/STACK", b"/LEVEL", b"/TIME",
    b"/SOUND", b"/RULE", b"/PLAY", b"/FIXED", b"/CLOCK",
];

/// The switch each of [`SWITCH_NAMES`] names.
static SWITCHES: [Switch; 14] = [
    Switch::Usage,
    Switch::Usage,
    Switch::Seed,
    Switch::Load,
    Switch::Bench,
    Switch::Con,
    Switch::Stack,
    Switch::Level,
    Switch::Time,
    Switch::Sound,
    Switch::Rule,
    Switch::Play,
    Switch::Fixed,
    Switch::Clock,
];

/// Reads the command tail (the bytes after the program name). The first
/// word not understood is the mistake, whatever follows it.
pub fn parse(tail: &[u8]) -> Request<'_> {
    let mut options = Options::default();
    let mut usage = false;
    let mut words = tail
        .split(|&b| b == b' ' || b == b'\t' || b == b'\r')
        .filter(|w| !w.is_empty());
    while let Some(word) = words.next() {
        let switch = (0..SWITCHES.len())
            .find(|&i| SWITCH_NAMES.get(i).eq_ignore_ascii_case(word))
            .map(|i| SWITCHES[i]);
        // The next word is the value of the switches that take one (read in one
        // place: each `words.next()` is a call of its own in the .COM).
        let takes_value = switch.is_some_and(|s| (s as u8) < Switch::Usage as u8);
        let value = if takes_value { words.next() } else { None };
        let understood = match switch {
            Some(Switch::Usage) => {
                usage = true;
                Some(())
            }
            Some(Switch::Seed) => value
                .and_then(parse_u16)
                .map(|seed| options.seed = Some(seed)),
            Some(Switch::Load) => match value {
                Some(name) if !matches!(name, [b'/', ..]) => {
                    // Filled in place (a Text built apart would be copied in).
                    // Any name the command line holds fits (MAX_NAME).
                    options.load.insert(Text::new()).push(name);
                    Some(())
                }
                _ => None,
            },
            Some(Switch::Bench) => {
                options.bench = true;
                Some(())
            }
            Some(Switch::Con) => {
                options.console_controller = true;
                Some(())
            }
            Some(Switch::Stack) => {
                options.report_stack = true;
                Some(())
            }
            Some(Switch::Fixed) => {
                options.fixed_budget = true;
                Some(())
            }
            Some(Switch::Level) => value
                .and_then(Level::from_keyword)
                .map(|level| options.level = Some(level)),
            Some(Switch::Time) => value
                .and_then(crate::app::settings::parse_tenths)
                .map(|tenths| options.think_tenths = Some(tenths)),
            Some(Switch::Sound) => value
                .and_then(|w| yes_or_no(w, b"ON", b"OFF"))
                .map(|on| options.sound = Some(on)),
            Some(Switch::Rule) => value
                .and_then(|w| yes_or_no(w, b"EXACT", b"FREE"))
                .map(|exact| options.exact_five = Some(exact)),
            Some(Switch::Play) => match value {
                Some(&[key @ (b'1' | b'2' | b'4' | b'5')]) => {
                    options.play = Some(key);
                    Some(())
                }
                _ => None,
            },
            Some(Switch::Clock) => value
                .and_then(crate::app::settings::parse_clock)
                .map(|clock| options.clock = Some(clock)),
            None => match word {
                [b'/', keyword @ ..] => {
                    Variant::from_keyword(keyword).map(|variant| options.variant = Some(variant))
                }
                _ => None,
            },
        };
        if understood.is_none() {
            // The words as typed, from the switch to its value's end: both
            // lie in `tail`.
            let start = word.as_ptr() as usize - tail.as_ptr() as usize;
            let last = value.unwrap_or(word);
            let end = last.as_ptr() as usize - tail.as_ptr() as usize + last.len();
            return Request::Mistake(Mistake {
                said: &tail[start..end],
                why: switch.map_or(WHY_UNKNOWN, |s| s as u8),
            });
        }
    }
    if usage {
        Request::Usage
    } else {
        Request::Play(options)
    }
}

/// Writes a mistake's two lines (each ending in CR LF): the words typed and
/// what the switch takes, then where the switches are listed. `byte_at`
/// reads the far texts (see [`crate::app::help::TAIL`]).
pub fn write_mistake(mistake: &Mistake, byte_at: &dyn Fn(u16) -> u8, out: &mut dyn FnMut(&[u8])) {
    out(mistake.said);
    out(b": ");
    for text in [
        MISTAKES.get(mistake.why as usize),
        packed!("PISKRS /? lists the switches."),
    ] {
        // A byte at a time: two short lines, printed once.
        let mut chars = Unpacker::text(text, byte_at);
        while let Some(ch) = chars.next(byte_at) {
            out(&[ch]);
        }
        out(b"\r\n");
    }
}

impl Settings {
    /// Lays the command line's switches over these (remembered) settings: a
    /// switch given wins, one not given leaves its setting as it was. (Here,
    /// not in settings: the command line knows the settings, not the other
    /// way round.)
    pub fn apply(&mut self, options: &Options) {
        if let Some(variant) = options.variant {
            self.variant = variant;
        }
        if let Some(level) = options.level {
            self.level = level;
        }
        if let Some(tenths) = options.think_tenths {
            self.think_tenths = tenths;
        }
        if let Some(sound) = options.sound {
            self.sound = sound;
        }
        if let Some(exact_five) = options.exact_five {
            self.exact_five = exact_five;
        }
        if let Some((minutes, increment)) = options.clock {
            (self.clock_minutes, self.increment_seconds) = (minutes, increment);
        }
    }
}
