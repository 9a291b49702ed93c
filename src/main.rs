//! PISKRS.COM: the entry and the main loop. The body is compiled only for DOS
//! (`target_os = "none"`); a host build of this binary just says how to build the
//! real one, so that `cargo test` builds everything.
#![cfg_attr(target_os = "none", no_std, no_main)]

#[cfg(target_os = "none")]
mod dos;

/// Deliberate ballast that must make the link fail (see tests/build/checks.test.js).
#[cfg(all(target_os = "none", feature = "link-budget-ballast"))]
#[used]
static LINK_BUDGET_BALLAST: [u8; 60000] = [1; 60000];

#[cfg(target_os = "none")]
mod program {
    use core::sync::atomic::Ordering;

    use crate::dos::{bios, display::Display, dosapi, entry::MOUSE_PRESENT, mouse};
    use piskrs::cmdline::{self, Request};
    use piskrs::screen::TextScreen;
    use piskrs::ui::{App, Command, Input, Key};

    /// What the keyboard and mouse produced.
    enum Event {
        /// Something for the game.
        Game(Input),
        /// F12: save the text screen to a file.
        DumpScreen,
    }

    /// The program: read the command line, take over the screen, then show the
    /// screen and hand each key or click to the core until it says quit.
    #[unsafe(no_mangle)]
    pub extern "C" fn piskrs_main() -> u8 {
        let mut tail = [0u8; 127];
        match cmdline::parse(dosapi::command_tail(&mut tail)) {
            Request::Play => {}
            Request::Usage => {
                let _ = dosapi::write(dosapi::STDOUT, cmdline::USAGE);
                return 0;
            }
            Request::Invalid => {
                let _ = dosapi::write(dosapi::STDOUT, b"Unknown switch.\r\n\r\n");
                let _ = dosapi::write(dosapi::STDOUT, cmdline::USAGE);
                return 1;
            }
        }
        dosapi::ignore_ctrl_c();
        let has_mouse = mouse::detect();
        MOUSE_PRESENT.store(has_mouse as u8, Ordering::Relaxed);

        let mut display = Display::open();
        let mut app = App::new(has_mouse);
        let mut screen = TextScreen::new();
        let mut dumps: u32 = 0;
        app.render(&mut screen);
        display.show(&screen, false);
        if has_mouse {
            mouse::show_cursor();
        }
        loop {
            match next_event(has_mouse) {
                Event::DumpScreen => {
                    dumps += 1;
                    dump_screen(&display, dumps, has_mouse);
                }
                Event::Game(input) => {
                    if app.handle(input) == Command::Quit {
                        break;
                    }
                    app.render(&mut screen);
                    display.show(&screen, has_mouse);
                }
            }
        }
        if has_mouse {
            mouse::hide_cursor();
        }
        display.close();
        0
    }

    /// Waits for a key or a left click, idling between polls.
    fn next_event(has_mouse: bool) -> Event {
        loop {
            if let Some((ascii, scan)) = bios::read_key() {
                if let Some(event) = translate_key(ascii, scan) {
                    return event;
                }
            }
            if has_mouse {
                if let Some((x, y)) = mouse::left_presses() {
                    return Event::Game(Input::Click { x, y });
                }
            }
            bios::idle();
        }
    }

    /// BIOS (ASCII, scan code) to a key the game knows; None for keys it ignores
    /// (including the empty key Ctrl+Break leaves in the buffer).
    fn translate_key(ascii: u8, scan: u8) -> Option<Event> {
        let key = match (ascii, scan) {
            (0x1B, _) => Key::Escape,
            (0x0D, _) => Key::Enter,
            (b' ', _) => Key::Space,
            (0x21..=0x7E, _) => Key::Char(ascii),
            (0x00 | 0xE0, 0x48) => Key::Up,
            (0x00 | 0xE0, 0x50) => Key::Down,
            (0x00 | 0xE0, 0x4B) => Key::Left,
            (0x00 | 0xE0, 0x4D) => Key::Right,
            (0x00, 0x3B) => Key::F1,
            (0x00 | 0xE0, 0x86) => return Some(Event::DumpScreen),
            _ => return None,
        };
        Some(Event::Game(Input::Key(key)))
    }

    /// Writes video memory as it is to SCRnnnnn.BIN (4000 bytes). A failed write
    /// changes nothing on the screen: the dump is a testing and bug-report aid.
    fn dump_screen(display: &Display, number: u32, has_mouse: bool) {
        let mut name = *b"SCR00000.BIN\0";
        let mut rest = number;
        for digit in name[3..8].iter_mut().rev() {
            *digit = b'0' + (rest % 10) as u8;
            rest /= 10;
        }
        let mut bytes = [0u8; 4000];
        if has_mouse {
            mouse::hide_cursor();
        }
        display.copy_video_memory(&mut bytes);
        if has_mouse {
            mouse::show_cursor();
        }
        let _ = dosapi::write_file(&name, &bytes);
    }
}

#[cfg(not(target_os = "none"))]
fn main() {
    eprintln!(
        "PISKRS is a DOS program: build target/PISKRS.COM with `cargo com`, run it with ./play."
    );
    std::process::exit(1);
}
