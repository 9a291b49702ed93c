//! The command line. Switches are case-insensitive, as DOS users expect; a
//! switch's value is the next word. See the usage text, `@usage` in src/help.txt.

use crate::engine::Level;
use crate::help::{self, Topic};
use crate::settings::{Settings, yes_or_no};
use crate::text::{Text, TextList, parse_u16};
use crate::text_list;
use crate::variant::Variant;

/// What the command line asks for.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Request {
    /// Start the game with these options.
    Play(Options),
    /// `/?`: print the usage and exit with errorlevel 0.
    Usage,
    /// Anything not understood: print the usage and exit with errorlevel 1.
    Invalid,
}

/// Options for a game.
#[derive(Clone, Copy, PartialEq, Eq, Default)]
pub struct Options {
    /// `/SEED n` (0..65535): fixes the random source, so a game replays exactly.
    pub seed: Option<u16>,
    /// `/LOAD file`: a saved game to continue.
    pub load: Option<Text<40>>,
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
    /// `/PLAY 1|2|4`: start that game at once, as the menu key does.
    pub play: Option<u8>,
    /// `/STACK`: print the stack's high-water mark at the end (a diagnostic).
    pub report_stack: bool,
    /// `/FIXED`: Strong keeps the reference budget whatever the machine's
    /// speed ([`crate::speed`]).
    pub fixed_budget: bool,
}

/// Writes the usage text (src/help.txt, `@usage`) to `out`, a line at a time,
/// each ending in CR LF; `byte_at` reads the far texts (see [`crate::help::TAIL`]).
pub fn write_usage(byte_at: &dyn Fn(u16) -> u8, out: &mut dyn FnMut(&[u8])) {
    help::for_each_line(Topic::Usage, byte_at, &mut |line| {
        out(line);
        out(b"\r\n");
    });
}

/// The switches with their own meaning (the games' switches are their keywords).
#[derive(Clone, Copy)]
enum Switch {
    Usage,
    Seed,
    Load,
    Bench,
    Con,
    Stack,
    Level,
    Time,
    Sound,
    Rule,
    Play,
    Fixed,
}

/// Each switch's name, upper case, and the switch in [`SWITCHES`] at the same
/// place. A table rather than a match on the names: a match compiles every
/// comparison inline, costing the .COM more.
static SWITCH_NAMES: TextList = text_list![
    b"/?", b"-?", b"/SEED", b"/LOAD", b"/BENCH", b"/CON", b"/STACK", b"/LEVEL", b"/TIME",
    b"/SOUND", b"/RULE", b"/PLAY", b"/FIXED",
];

/// The switch each of [`SWITCH_NAMES`] names.
static SWITCHES: [Switch; 13] = [
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
];

/// Reads the command tail (the bytes after the program name).
pub fn parse(tail: &[u8]) -> Request {
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
        let takes_value = !matches!(
            switch,
            None | Some(
                Switch::Usage | Switch::Bench | Switch::Con | Switch::Stack | Switch::Fixed
            )
        );
        let value = if takes_value { words.next() } else { None };
        match switch {
            Some(Switch::Usage) => usage = true,
            Some(Switch::Seed) => match value.and_then(parse_u16) {
                Some(seed) => options.seed = Some(seed),
                None => return Request::Invalid,
            },
            Some(Switch::Load) => match value {
                Some(name) if name.len() <= 40 && !matches!(name, [b'/', ..]) => {
                    // Filled in place (a Text built apart would be copied in).
                    options.load.insert(Text::new()).push(name);
                }
                _ => return Request::Invalid,
            },
            Some(Switch::Bench) => options.bench = true,
            Some(Switch::Con) => options.console_controller = true,
            Some(Switch::Stack) => options.report_stack = true,
            Some(Switch::Fixed) => options.fixed_budget = true,
            Some(Switch::Level) => match value.and_then(Level::from_keyword) {
                Some(level) => options.level = Some(level),
                None => return Request::Invalid,
            },
            Some(Switch::Time) => match value.and_then(crate::settings::parse_tenths) {
                Some(tenths) => options.think_tenths = Some(tenths),
                None => return Request::Invalid,
            },
            Some(Switch::Sound) => match value.and_then(|w| yes_or_no(w, b"ON", b"OFF")) {
                Some(on) => options.sound = Some(on),
                None => return Request::Invalid,
            },
            Some(Switch::Rule) => match value.and_then(|w| yes_or_no(w, b"EXACT", b"FREE")) {
                Some(exact) => options.exact_five = Some(exact),
                None => return Request::Invalid,
            },
            Some(Switch::Play) => match value {
                Some(&[key @ (b'1' | b'2' | b'4')]) => options.play = Some(key),
                _ => return Request::Invalid,
            },
            None => match word {
                [b'/', keyword @ ..] if let Some(variant) = Variant::from_keyword(keyword) => {
                    options.variant = Some(variant);
                }
                _ => return Request::Invalid,
            },
        }
    }
    if usage {
        Request::Usage
    } else {
        Request::Play(options)
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
    }
}
