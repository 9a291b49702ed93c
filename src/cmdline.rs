//! The command line: `PISKRS [/?]`. Switches are case-insensitive, as DOS users expect.

/// What the command line asks for.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Request {
    /// Start the game.
    Play,
    /// `/?`: print the usage and exit with errorlevel 0.
    Usage,
    /// Anything not understood: print the usage and exit with errorlevel 1.
    Invalid,
}

/// The usage text, lines ending in CR LF.
pub const USAGE: &[u8] = b"PISKRS - Gomoku for DOS (after Piskasm, 2004)\r\n\
\r\n\
Usage: PISKRS [/?]\r\n\
\r\n\
  /?      show this help and exit\r\n\
\r\n\
In the game: F1 lists the keys, Esc leaves a game or quits from the menu,\r\n\
F12 saves the text screen to SCRnnnnn.BIN. A mouse is optional.\r\n";

/// Reads the command tail (the bytes after the program name).
pub fn parse(tail: &[u8]) -> Request {
    let mut request = Request::Play;
    for word in tail
        .split(|&b| b == b' ' || b == b'\t')
        .filter(|w| !w.is_empty())
    {
        if word == b"/?" || word == b"-?" {
            request = Request::Usage;
        } else {
            return Request::Invalid;
        }
    }
    request
}
