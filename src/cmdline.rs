//! The command line: `PISKRS [/SEED n] [/LOAD file] [/BENCH] [/?]`. Switches are
//! case-insensitive, as DOS users expect; a switch's value is the next word.

use crate::text::Text;

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
}

/// The usage text, lines ending in CR LF.
pub const USAGE: &[u8] = b"PISKRS - Gomoku for DOS (after Piskasm, 2004)\r\n\
\r\n\
Usage: PISKRS [/SEED n] [/LOAD file] [/BENCH] [/?]\r\n\
\r\n\
  /SEED n     fix the random seed (0-65535) so a game replays exactly\r\n\
  /LOAD file  continue a game saved with S (a Piskvork .psq file)\r\n\
  /BENCH      time the computer's replies and print a report\r\n\
  /?          show this help and exit\r\n\
\r\n\
In the game: F1 lists the keys, Esc leaves a game or quits from the menu,\r\n\
F12 saves the text screen to SCRnnnnn.BIN. A mouse is optional.\r\n";

/// Reads the command tail (the bytes after the program name).
pub fn parse(tail: &[u8]) -> Request {
    let mut options = Options::default();
    let mut usage = false;
    let mut words = tail
        .split(|&b| b == b' ' || b == b'\t' || b == b'\r')
        .filter(|w| !w.is_empty());
    while let Some(word) = words.next() {
        let mut upper = Text::<16>::new();
        for &b in word.iter().take(16) {
            upper.push_byte(b.to_ascii_uppercase());
        }
        match upper.as_bytes() {
            b"/?" | b"-?" => usage = true,
            b"/SEED" => match words.next().and_then(parse_u16) {
                Some(seed) => options.seed = Some(seed),
                None => return Request::Invalid,
            },
            b"/LOAD" => match words.next() {
                Some(name) if name.len() <= 40 && !name.starts_with(b"/") => {
                    options.load = Some(Text::from(name))
                }
                _ => return Request::Invalid,
            },
            b"/BENCH" => options.bench = true,
            _ => return Request::Invalid,
        }
    }
    if usage {
        Request::Usage
    } else {
        Request::Play(options)
    }
}

fn parse_u16(word: &[u8]) -> Option<u16> {
    if word.is_empty() || word.len() > 5 || !word.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let value = word.iter().fold(0u32, |v, &d| v * 10 + (d - b'0') as u32);
    u16::try_from(value).ok()
}
