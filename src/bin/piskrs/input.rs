//! Keys and clicks: waiting for one, what the BIOS's key codes mean to the
//! game, the keys typed ahead thrown away, and F12's dump of the screen.

use crate::dos::{bios, display::Display, dosapi, mouse};
use piskrs::app::screen::{Input, Key};

/// What the keyboard and mouse produced.
pub(crate) enum Event {
    /// Something for the game.
    Game(Input),
    /// F12: save the text screen to a file.
    DumpScreen,
    /// A BIOS tick went by in a game: the clock may show it.
    Tick,
}

/// Waits for a key or a left click. On the menu the loop spins and counts, as
/// Piskasm's did, and the count seeds the random source; in a game it idles,
/// and a BIOS tick gone by is an event of its own (for the clock).
pub(crate) fn next_event(has_mouse: bool, on_menu: bool, counter: &mut u16) -> Event {
    let start = bios::ticks();
    loop {
        *counter = counter.wrapping_add(1);
        if let Some((ascii, scan)) = bios::read_key()
            && let Some(event) = translate_key(ascii, scan)
        {
            if let Event::Game(Input::Key(Key::Up | Key::Down | Key::Left | Key::Right)) = event {
                // Repeats of the arrow that piled up while a frame was
                // drawn are one move: the cursor stops when the key does.
                let code = (scan as u16) << 8 | ascii as u16;
                while bios::peek_key() == Some(code) {
                    bios::read_key();
                }
            }
            return event;
        }
        if has_mouse && let Some((x, y)) = mouse::left_click() {
            return Event::Game(Input::Click { x, y });
        }
        if !on_menu {
            bios::idle();
            if bios::ticks() != start {
                return Event::Tick;
            }
        }
    }
}

/// Throws away the keys and clicks made while the computer thought: they
/// were aimed at a screen the person had not seen yet. Says whether Esc
/// was among them (it still asks to leave).
pub(crate) fn discard_typed_ahead(has_mouse: bool) -> bool {
    let mut escape = false;
    while let Some((ascii, _)) = bios::read_key() {
        escape |= ascii == 0x1B;
    }
    if has_mouse {
        mouse::forget_clicks();
    }
    escape
}

/// The arrow keys' and the page keys' scan codes (with ASCII 00h, or E0h
/// on the grey keys).
const ARROWS: [(u8, Key); 8] = [
    (0x48, Key::Up),
    (0x50, Key::Down),
    (0x4B, Key::Left),
    (0x4D, Key::Right),
    (0x49, Key::PageUp),
    (0x51, Key::PageDown),
    (0x47, Key::Home),
    (0x4F, Key::End),
];

/// BIOS (ASCII, scan code) to a key the game knows; None for keys it ignores
/// (including the empty key Ctrl+Break leaves in the buffer).
fn translate_key(ascii: u8, scan: u8) -> Option<Event> {
    let key = match (ascii, scan) {
        (0x1B, _) => Key::Escape,
        (0x0D, _) => Key::Enter,
        (0x08, _) => Key::Backspace,
        (b' ', _) => Key::Space,
        (0x21..=0x7E, _) => Key::Char(ascii),
        (0x00, 0x3B) => Key::F1,
        (0x00 | 0xE0, 0x86) => return Some(Event::DumpScreen),
        (0x00 | 0xE0, _) => ARROWS.iter().find(|&&(code, _)| code == scan)?.1,
        _ => return None,
    };
    Some(Event::Game(Input::Key(key)))
}

/// Writes video memory as it is to SCRnnnnn.BIN (160 bytes a row: 4,000 for
/// 80x25, 8,000 for 80x50, 6,880 for 80x43), then says on the bottom row,
/// for two seconds, where it went or that it could not be written. The
/// file never holds that note: a note still shown is put back first.
#[inline(never)]
pub(crate) fn dump_screen(display: &mut Display, number: u32, has_mouse: bool) {
    let mut note = *b" F12: SCR00000.BIN\0saved.    ";
    let mut rest = number;
    for digit in note[9..14].iter_mut().rev() {
        *digit = b'0' + (rest % 10) as u8;
        rest /= 10;
    }
    display.end_note(has_mouse);
    if has_mouse {
        mouse::hide_cursor();
    }
    let bytes = display.bytes();
    let saved = dosapi::create(&note[6..]).is_ok_and(|handle| {
        let written = dosapi::write_far(handle, display.segment(), 0, bytes);
        dosapi::close(handle).is_ok() && written == Ok(bytes)
    });
    note[18] = b' ';
    if !saved {
        note[19..].copy_from_slice(b"not saved.");
    }
    display.note(&note);
    if has_mouse {
        mouse::show_cursor();
    }
}
