//! The menu's choices, remembered between runs in PISKRS.CFG beside the program:
//!
//! ```text
//! GAME=MIST
//! LEVEL=CHA
//! SOUND=ON
//! RULE=EXACT
//! ```
//! Unknown or damaged lines are ignored: a missing or broken file means defaults.

use crate::variant::{Level, Variant};

#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Settings {
    pub variant: Variant,
    pub level: Level,
    pub sound: bool,
    /// Exactly five wins (six or more does not) in every game, not only in
    /// Exact five (the Mist's controller keeps its seed's five or more).
    pub exact_five: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            variant: Variant::Piskasm,
            level: Level::Classic,
            sound: true,
            exact_five: false,
        }
    }
}

/// The file's name, looked for in the program's own directory.
pub const FILE_NAME: &[u8] = b"PISKRS.CFG";
/// Bytes `write` needs at most.
pub const MAX_BYTES: usize = 80;

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
            if key.eq_ignore_ascii_case(b"GAME") {
                if let Some(variant) = Variant::from_keyword(value) {
                    settings.variant = variant;
                }
            } else if key.eq_ignore_ascii_case(b"LEVEL") {
                if let Some(level) = Level::from_keyword(value) {
                    settings.level = level;
                }
            } else if key.eq_ignore_ascii_case(b"RULE") {
                if value.eq_ignore_ascii_case(b"EXACT") {
                    settings.exact_five = true;
                } else if value.eq_ignore_ascii_case(b"FREE") {
                    settings.exact_five = false;
                }
            } else if key.eq_ignore_ascii_case(b"SOUND") {
                if value.eq_ignore_ascii_case(b"ON") {
                    settings.sound = true;
                } else if value.eq_ignore_ascii_case(b"OFF") {
                    settings.sound = false;
                }
            }
        }
        settings
    }

    /// The file's text; returns the length used.
    pub fn write(&self, out: &mut [u8; MAX_BYTES]) -> usize {
        let parts: [&[u8]; 9] = [
            b"GAME=",
            self.variant.keyword(),
            b"\r\nLEVEL=",
            self.level.keyword(),
            b"\r\nSOUND=",
            if self.sound { b"ON" } else { b"OFF" },
            b"\r\nRULE=",
            if self.exact_five { b"EXACT" } else { b"FREE" },
            b"\r\n",
        ];
        let mut len = 0;
        for part in parts {
            out[len..len + part.len()].copy_from_slice(part);
            len += part.len();
        }
        len
    }
}
