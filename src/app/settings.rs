//! The menu's choices, remembered between runs in PISKRS.CFG beside the program:
//!
//! ```text
//! GAME=MIST
//! LEVEL=CHA
//! SOUND=ON
//! RULE=EXACT
//! TIME=1.5
//! CLOCK=05+00
//! WHITE=STRONG
//! ```
//! Unknown or damaged lines are ignored: a missing or broken file means defaults.

use crate::ai::engine::Level;
use crate::rules::variant::Variant;
use crate::support::text::TextList;
use crate::text_list;

// Aligned to 4: a copy is then two double words in the 386 build, where the
// five bytes alone took 128 bytes more of code across the App (measured).
#[derive(Clone, Copy, PartialEq, Eq)]
#[repr(align(4))]
pub struct Settings {
    pub variant: Variant,
    /// The computer's level (menu C, /LEVEL, LEVEL=); when it plays itself,
    /// Black's.
    pub level: Level,
    /// White's level when the computer plays itself (menu W, WHITE=).
    pub white_level: Level,
    pub sound: bool,
    /// Exactly five wins (six or more does not) in every game, not only in
    /// Exact five (the Mist's controller keeps its seed's five or more).
    pub exact_five: bool,
    /// The Strong level's thinking time in tenths of a second (menu T, /TIME,
    /// TIME=); the search's node budget follows from it ([`Settings::strong_budget`],
    /// on a slower machine [`strong_budget_at`]).
    pub think_tenths: u8,
    /// The game clock: minutes for all of a side's moves (0: no clock) and
    /// the Fischer increment in seconds (menu K, /CLOCK, CLOCK=mm+ss).
    pub clock_minutes: u8,
    pub increment_seconds: u8,
}

/// The menu's clocks: (minutes, increment), in the order K steps through.
pub const CLOCK_CHOICES: [(u8, u8); 9] = [
    (0, 0),
    (1, 0),
    (1, 5),
    (5, 0),
    (5, 5),
    (10, 0),
    (10, 5),
    (20, 0),
    (20, 5),
];

/// A clock as `m+s` or `m` (/CLOCK's value; 0 for none), up
/// to 99 minutes and 99 seconds: (minutes, increment).
#[inline(never)]
pub fn parse_clock(text: &[u8]) -> Option<(u8, u8)> {
    let (minutes, increment) = match text.iter().position(|&b| b == b'+') {
        Some(plus) => (&text[..plus], &text[plus + 1..]),
        None => (text, &b"0"[..]),
    };
    let parse = crate::support::text::parse_u16;
    let (minutes, increment) = (parse(minutes)?, parse(increment)?);
    (minutes < 100 && increment < 100).then_some((
        minutes as u8,
        if minutes == 0 { 0 } else { increment as u8 },
    ))
}

/// The menu's thinking times, in tenths of a second.
pub const THINK_CHOICES: [u8; 5] = [5, 10, 20, 50, 100];
/// The default thinking time: two seconds (as a limit: on the reference 386
/// Strong's worst on /BENCH's positions is under 2 s and its median far
/// below, docs/benchmarks.md).
pub const DEFAULT_THINK_TENTHS: u8 = 20;
/// Strong's tree nodes per fifth of a second on the reference machine (a 386
/// as DESIGN.md sets up DOSBox-X: cputype=386, cycles=fixed 3000): a node
/// costs about 3.3 ms there (the engine built for speed, Cargo.toml's
/// dos-engine), so the default 2 s buy 470 nodes: the most (in tens) whose
/// slowest /BENCH position, at 1,595 ms, is no slower than Strong's slowest
/// before the tree (1,650 ms; 473 nodes take 1,650, 494 take 1,705:
/// docs/benchmarks.md, /BENCH's worst must not get worse); a thinking time
/// is a limit. A node budget rather than a clock keeps the move the same on
/// every machine, and on the host; a faster PC just answers sooner.
pub const STRONG_NODES_PER_FIFTH: u32 = 47;
/// Strong's node budget for a thinking time of `tenths` tenths of a second:
/// the one place a time becomes nodes (the menu's, PISKRS.CFG's, /TIME's).
pub const fn strong_budget(tenths: u8) -> u32 {
    tenths as u32 * STRONG_NODES_PER_FIFTH / 2
}
/// Strong's node budget for a thinking time of `tenths` on a machine that
/// runs `speed_units` probe units in a BIOS tick ([`crate::ai::speed`]): the
/// reference's budget ([`strong_budget`]) at the reference's speed and above,
/// the share the machine does in the time below it (a node a tenth at least).
#[inline(never)]
pub fn strong_budget_at(tenths: u8, speed_units: u16) -> u32 {
    let reference = crate::ai::speed::REFERENCE_UNITS_PER_TICK;
    let whole = strong_budget(tenths);
    if speed_units >= reference {
        whole
    } else {
        (whole * speed_units as u32 / reference as u32).max(tenths as u32)
    }
}
/// Strong's budget at the default thinking time: what PISKRS.COM ships with,
/// and so the default of the host's brain and arena too.
pub const DEFAULT_STRONG_BUDGET: u32 = strong_budget(DEFAULT_THINK_TENTHS);

impl Default for Settings {
    fn default() -> Self {
        Settings {
            variant: Variant::Piskasm,
            level: Level::Classic,
            white_level: Level::Classic,
            sound: true,
            exact_five: false,
            think_tenths: DEFAULT_THINK_TENTHS,
            clock_minutes: 0,
            increment_seconds: 0,
        }
    }
}

/// The file's keys, in the order `write_to` writes them (`parse` knows them by
/// their place here).
static KEYS: TextList = text_list![
    b"GAME", b"LEVEL", b"SOUND", b"RULE", b"TIME", b"CLOCK", b"WHITE"
];

/// The file's name, looked for in the program's own directory.
pub const FILE_NAME: &[u8] = b"PISKRS.CFG";
/// Bytes `write` needs at most.
pub const MAX_BYTES: usize = 96;

/// A thinking time in seconds, `n` or `n.d` (0.1 to 25.0), as tenths.
pub fn parse_tenths(text: &[u8]) -> Option<u8> {
    let (whole, tenth) = match text {
        [whole @ .., b'.', tenth] => (whole, *tenth),
        whole => (whole, b'0'),
    };
    if whole.len() > 2 || !tenth.is_ascii_digit() {
        return None;
    }
    // One or two digits: the program's one decimal parser.
    let tenths = crate::support::text::parse_u16(whole)? * 10 + (tenth - b'0') as u16;
    (1..=250).contains(&tenths).then_some(tenths as u8)
}

/// `Some(true)` for the word `yes`, `Some(false)` for `no` (either case), else
/// `None`: ON/OFF, EXACT/FREE. One routine for the command line and the file.
#[inline(never)]
pub fn yes_or_no(word: &[u8], yes: &[u8], no: &[u8]) -> Option<bool> {
    if word.eq_ignore_ascii_case(yes) {
        Some(true)
    } else if word.eq_ignore_ascii_case(no) {
        Some(false)
    } else {
        None
    }
}

/// A thinking time as `n.d` (the settings file's and the menu's form); returns
/// the length used.
pub fn write_tenths(tenths: u8, out: &mut [u8; 4]) -> usize {
    let mut len = 0;
    if tenths >= 100 {
        out[len] = b'0' + tenths / 100;
        len += 1;
    }
    out[len] = b'0' + tenths / 10 % 10;
    out[len + 1] = b'.';
    out[len + 2] = b'0' + tenths % 10;
    len + 3
}

impl Settings {
    /// Reads the file's text; anything not understood keeps the default.
    pub fn parse(bytes: &[u8]) -> Settings {
        let mut settings = Settings::default();
        for line in bytes.split(|&b| b == b'\n') {
            let line = line.strip_suffix(b"\r").unwrap_or(line);
            let Some(equals) = line.iter().position(|&b| b == b'=') else {
                continue;
            };
            let (key, value) = (&line[..equals], &line[equals + 1..]);
            // A table and one comparison call: a chain of them cost more code.
            match (0..KEYS.len()).find(|&i| key.eq_ignore_ascii_case(KEYS.get(i))) {
                Some(0) => {
                    if let Some(variant) = Variant::from_keyword(value) {
                        settings.variant = variant;
                    }
                }
                Some(key @ (1 | 6)) => {
                    if let Some(level) = Level::from_keyword(value) {
                        *if key == 1 {
                            &mut settings.level
                        } else {
                            &mut settings.white_level
                        } = level;
                    }
                }
                Some(2) => {
                    if let Some(on) = yes_or_no(value, b"ON", b"OFF") {
                        settings.sound = on;
                    }
                }
                Some(3) => {
                    if let Some(exact) = yes_or_no(value, b"EXACT", b"FREE") {
                        settings.exact_five = exact;
                    }
                }
                Some(4) => {
                    if let Some(tenths) = parse_tenths(value) {
                        settings.think_tenths = tenths;
                    }
                }
                Some(5) => {
                    if let Some(clock) = parse_clock(value) {
                        (settings.clock_minutes, settings.increment_seconds) = clock;
                    }
                }
                _ => {}
            }
        }
        settings
    }

    /// The clock as `mm+ss` (the menu's form, as /CLOCK takes it: two
    /// digits each, and no number writer needed). Out of line: the menu and
    /// the file's writer share it.
    #[inline(never)]
    pub fn clock_digits(&self) -> [u8; 5] {
        let (minutes, increment) = (self.clock_minutes, self.increment_seconds);
        [
            b'0' + minutes / 10,
            b'0' + minutes % 10,
            b'+',
            b'0' + increment / 10,
            b'0' + increment % 10,
        ]
    }

    /// Strong's node budget for the thinking time on the reference machine
    /// (the tree's speed cuts it on a slower one: `strong_budget_at`).
    pub fn strong_budget(&self) -> u32 {
        strong_budget(self.think_tenths)
    }

    /// The file's text; returns the length used.
    pub fn write(&self, out: &mut [u8; MAX_BYTES]) -> usize {
        let mut sink = crate::support::text::SliceSink::new(out);
        self.write_to(&mut sink);
        sink.into_written().len()
    }

    /// The file's text, a piece at a time (straight into the file: no buffer
    /// to fill and copy).
    pub fn write_to(&self, out: &mut dyn crate::support::text::Sink) {
        let mut time = [0u8; 4];
        let time_len = write_tenths(self.think_tenths, &mut time);
        let clock = self.clock_digits();
        let values: [&[u8]; 7] = [
            self.variant.keyword(),
            self.level.keyword(),
            if self.sound { b"ON" } else { b"OFF" },
            if self.exact_five { b"EXACT" } else { b"FREE" },
            &time[..time_len],
            &clock,
            self.white_level.keyword(),
        ];
        // The keys from a static table: an array of all eleven parts was built
        // on the stack at every save, costing the .COM more.
        for (i, value) in values.into_iter().enumerate() {
            out.write(KEYS.get(i));
            out.write(b"=");
            out.write(value);
            out.write(b"\r\n");
        }
    }
}
