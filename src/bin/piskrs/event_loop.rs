//! The game's screen: the one event loop (draw what changed, let the
//! computer move, hand each key or click to the core), Gomorpion's tall
//! screen, and the file work the core asks for.

use crate::dos::{bios, display::Display, dosapi, far, mouse, speaker, tree_door};
use crate::input::{Event, discard_typed_ahead, dump_screen, next_event};
use crate::settings_file::{load_settings, save_settings};
use piskrs::app::cmdline::Options;
use piskrs::app::gomorpion_screen::{self, GomorpionScreen};
use piskrs::app::screen::{Input, Key, Sound};
use piskrs::app::ui::{App, Command, FileError, Opponent};
use piskrs::rules::board::Stone;
use piskrs::rules::gomorpion::Player;
use piskrs::rules::psq;

#[inline(never)]
pub(crate) fn play(options: &Options, has_mouse: bool) -> u8 {
    let mut display = Display::open();
    let mut settings = load_settings();
    settings.apply(options);
    let mut app = App::with_info_in(has_mouse, settings, &far::INFO_MEMORY);
    app.search_with(&tree_door::FAR_TREE);
    app.time_with(bios::ticks);
    let mut dumps: u32 = 0;
    if let Some(seed) = options.seed {
        app.fix_seed(seed);
    }
    if let Some(key) = options.play
        && let Command::Gomorpion(opponent) = app.start_from_menu(key)
    {
        gomorpion(&mut display, &mut app, opponent, has_mouse, &mut dumps);
    }
    if let Some(name) = &options.load {
        let command = app.request_load(name.as_bytes());
        carry_out(&mut app, command);
    }
    draw_changes(&mut display, &mut app, false);
    if has_mouse {
        mouse::show_cursor();
        // A click made while the program started is not a choice on the
        // menu (the pointer starts on its centre, the Quit line).
        mouse::forget_clicks();
    }
    let mut counter: u16 = 0;
    // Drawn above: the first round waits for an input at once.
    let mut drawn = true;
    let errorlevel = loop {
        let ended = serve(
            &mut display,
            &mut Page::Gomoku(&mut app),
            has_mouse,
            &mut counter,
            &mut dumps,
            drawn,
        );
        drawn = false;
        match ended {
            Command::Terminate => break 1,
            Command::Gomorpion(opponent) => {
                gomorpion(&mut display, &mut app, opponent, has_mouse, &mut dumps)
            }
            _ => break 0, // Quit
        }
    };
    if has_mouse {
        mouse::hide_cursor();
    }
    display.close();
    errorlevel
}

/// Draws what changed on the Gomoku screen since the last frame; gives
/// the sound the change asked for. (Out of line: the frame's record of
/// what to draw stays off the stack under the file work.)
#[inline(never)]
fn draw_changes(display: &mut Display, app: &mut App, has_mouse: bool) -> Sound {
    let damage = app.take_damage();
    display.draw(has_mouse, &|canvas| app.render_parts(canvas, &damage));
    app.catch_up();
    app.take_sound()
}

/// The screen the event loop serves: the Gomoku screen (the menu and its
/// games) or Gomorpion's, with whether its sounds are heard. (An enum, not
/// a trait: a trait object or a generic loop made the .COM too big.)
enum Page<'a> {
    Gomoku(&'a mut App),
    Gomorpion(&'a mut GomorpionScreen, bool),
}

/// The one event loop: draw and sound after every change, let the computer
/// move when it is its turn (after the person's stone is on the screen),
/// else wait for a key or a click and hand it to the page. The Gomoku
/// screen's file work and settings are done here; returns the command that
/// leaves the loop (Quit, Terminate, Gomorpion; Gomorpion's screen leaves
/// with Quit). `drawn`: the screen is already up to date.
#[inline(never)]
fn serve(
    display: &mut Display,
    page: &mut Page,
    has_mouse: bool,
    counter: &mut u16,
    dumps: &mut u32,
    drawn: bool,
) -> Command {
    let mut redraw = !drawn;
    // Esc pressed while the computer thought: asked about once its move
    // is on the screen.
    let mut escape_pending = false;
    loop {
        // One place draws and sounds (after a move, the computer's or not).
        if redraw {
            let sound = match page {
                Page::Gomoku(app) => draw_changes(display, app, has_mouse),
                Page::Gomorpion(screen, sound_on) => {
                    display.draw(has_mouse, &|canvas| screen.render(canvas));
                    let made = screen.take_sound();
                    if *sound_on { made } else { Sound::None }
                }
            };
            speaker::play(sound);
        }
        redraw = true;
        let on_menu = match page {
            // Esc pressed while the computer played itself stops it first.
            Page::Gomoku(app) if app.computer_to_move() && !escape_pending => {
                app.computer_move();
                let escape = discard_typed_ahead(has_mouse);
                escape_pending |= escape && !app.game().is_over();
                continue;
            }
            Page::Gomorpion(screen, _) if screen.computer_to_move() => {
                screen.computer_move();
                discard_typed_ahead(has_mouse);
                continue;
            }
            Page::Gomoku(app) => app.on_menu(),
            Page::Gomorpion(..) => false,
        };
        let event = if core::mem::take(&mut escape_pending) {
            Event::Game(Input::Key(Key::Escape))
        } else {
            next_event(has_mouse, on_menu, counter)
        };
        let input = match event {
            Event::DumpScreen => {
                *dumps += 1;
                dump_screen(display, *dumps, has_mouse);
                redraw = false;
                continue;
            }
            Event::Tick => {
                // A frame when the clock shows another second: only its
                // cells change on the screen (the display writes only
                // the cells that differ), unless its flag fell.
                redraw = match page {
                    Page::Gomoku(app) => app.clock_tick(),
                    Page::Gomorpion(..) => false,
                };
                continue;
            }
            Event::Game(input) => input,
        };
        match page {
            Page::Gomoku(app) => {
                if on_menu {
                    app.seed_from_wait(*counter);
                }
                let command = app.handle(input);
                match command {
                    Command::Quit | Command::Terminate | Command::Gomorpion(_) => {
                        return command;
                    }
                    _ => carry_out(app, command),
                }
                if app.take_settings_changed() {
                    save_settings(&app.settings());
                }
            }
            Page::Gomorpion(screen, _) => {
                if screen.handle(input) == gomorpion_screen::Flow::Leave {
                    return Command::Quit;
                }
            }
        }
    }
}

/// A game of Gomorpion on the tall screen, until the person leaves it; then
/// back to 80x25 and the menu. Without an EGA or VGA the menu says why not.
#[inline(never)]
fn gomorpion(
    display: &mut Display,
    app: &mut App,
    opponent: Opponent,
    has_mouse: bool,
    dumps: &mut u32,
) {
    if !display.set_tall(has_mouse, true) || (display.rows() as usize) < gomorpion_screen::ROWS {
        display.set_tall(has_mouse, false);
        app.forget_screen();
        app.gomorpion_needs_ega();
        return;
    }
    let computer = match opponent {
        Opponent::Person | Opponent::Computers => None,
        Opponent::Computer(Stone::Black) => Some(Player::Black),
        Opponent::Computer(_) => Some(Player::Red),
    };
    // Cleared where it stands and started in place: the board is not copied
    // through the stack.
    let mut screen = GomorpionScreen::unstarted();
    screen.start(computer, app.seed());
    screen.show_rules_below(display.rows() as usize);
    let mut counter: u16 = 0;
    let mut page = Page::Gomorpion(&mut screen, app.settings().sound);
    serve(display, &mut page, has_mouse, &mut counter, dumps, false);
    display.set_tall(has_mouse, false);
    app.forget_screen();
}

/// Does the file work a command asks for and reports back to the core. Records
/// are written and read a line or a chunk at a time: no whole-file buffer.
#[inline(never)]
fn carry_out(app: &mut App, command: Command) {
    if !matches!(
        command,
        Command::SaveFile | Command::ReplaceFile | Command::LoadFile
    ) {
        return;
    }
    // Not for other commands: the name's edit would draw the status line.
    app.end_file_name_with_zero();
    // Read from the App in place: a copy would deepen the deepest stack
    // path (this one, a load).
    let name = app.file_name_with_zero();
    match command {
        // An existing file is replaced only when the person says so.
        Command::SaveFile if matches!(dosapi::save_target(name), Ok(true)) => app.ask_replace(),
        Command::SaveFile | Command::ReplaceFile => {
            let result = dosapi::save_file_with(name, &mut |out| app.save_to(out));
            app.save_finished(result.map_err(file_error));
        }
        Command::LoadFile => {
            let mut reader = psq::Reader::new();
            app.keep_loaded_times(&mut reader);
            match dosapi::read_file_chunks(name, &mut |chunk| reader.feed(chunk)) {
                Ok(()) => app.load_record(&reader),
                Err(error) => app.load_failed_with(file_error(error)),
            }
        }
        _ => {}
    }
}

fn file_error(error: dosapi::DosError) -> FileError {
    match error.0 {
        dosapi::FILE_NOT_FOUND => FileError::NotFound,
        dosapi::PATH_NOT_FOUND | dosapi::INVALID_DRIVE => FileError::PathNotFound,
        dosapi::ACCESS_DENIED => FileError::AccessDenied,
        dosapi::DISK_FULL => FileError::DiskFull,
        dosapi::IS_DEVICE => FileError::Device,
        dosapi::READ_ONLY => FileError::ReadOnly,
        dosapi::IS_DIRECTORY => FileError::Directory,
        _ => FileError::Failed,
    }
}
