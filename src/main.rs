//! PISKRS.COM: the entry and the main loop. The body is compiled only for DOS
//! (`target_os = "none"`); a host build of this binary just says how to build the
//! real one, so that `cargo test` builds everything.
#![cfg_attr(target_os = "none", no_std, no_main)]
// The 8086 build's input (msp430-dos.json) defines two absolute symbols and
// `abort` with a global_asm! (src/dos/entry.rs), which Rust has behind a gate
// for the MSP430 target.
#![cfg_attr(target_arch = "msp430", feature(asm_experimental_arch))]

#[cfg(target_os = "none")]
#[cfg_attr(any(feature = "tree-bench", feature = "tree-engine"), allow(dead_code))]
mod dos;

/// Deliberate ballast that must make the link fail (see tests/build/checks.test.js).
#[cfg(all(target_os = "none", feature = "link-budget-ballast"))]
#[used]
static LINK_BUDGET_BALLAST: [u8; 60000] = [1; 60000];

// The tree's benchmark build keeps only `piskrs_main`'s tree bench of the
// program's functions: the rest is left unused there.
// The tree's engine (feature `tree-engine`) has none of them: only
// src/dos/tree_engine.rs.
#[cfg(all(target_os = "none", not(feature = "tree-engine")))]
#[cfg_attr(feature = "tree-bench", allow(dead_code, unused_imports))]
mod program {
    use core::sync::atomic::Ordering;

    mod bench;
    use bench::{bench, field, print_line};

    use crate::dos::{
        bios, display::Display, dosapi, entry, entry::MOUSE_PRESENT, far, mouse, speaker, tree_door,
    };
    use piskrs::app::cmdline::{self, Options, Request};
    use piskrs::app::controller::{Controller, Flow, LineEnd, LineReader, Sink};
    use piskrs::app::gomorpion_screen::{self, GomorpionScreen};
    use piskrs::app::screen::{Input, Key, Sound};
    use piskrs::app::settings::{self, Settings};
    use piskrs::app::ui::{App, Command, FileError, Opponent};
    use piskrs::rules::board::Stone;
    use piskrs::rules::gomorpion::Player;
    use piskrs::rules::psq;
    use piskrs::rules::variant::Variant;
    use piskrs::support::text::Text;

    /// What the keyboard and mouse produced.
    enum Event {
        /// Something for the game.
        Game(Input),
        /// F12: save the text screen to a file.
        DumpScreen,
    }

    /// The program: read the command line, take over the screen, then show the
    /// screen and hand each key or click to the core until it says quit.
    #[cfg(not(feature = "tree-bench"))]
    #[unsafe(no_mangle)]
    pub extern "C" fn piskrs_main() -> u8 {
        let options = match read_options() {
            Ok(options) => options,
            Err(errorlevel) => return errorlevel,
        };
        if options.fixed_budget {
            tree_door::fix_speed();
        }
        let errorlevel = if options.bench {
            bench(options.think_tenths)
        } else if options.variant == Some(Variant::Mist)
            && (options.console_controller || dosapi::stdin_is_redirected())
        {
            // The controller plays a new game from its commands: a game to
            // load is refused rather than ignored.
            if options.load.is_some() {
                print_mistake(&cmdline::LOAD_IN_CONTROLLER)
            } else {
                run_controller()
            }
        } else {
            entry::ignore_ctrl_c();
            let has_mouse = mouse::detect();
            if has_mouse {
                mouse::keep_colours_under_pointer();
            }
            MOUSE_PRESENT.store(has_mouse as u8, Ordering::Relaxed);
            play(&options, has_mouse)
        };
        if options.report_stack {
            report_stack();
        }
        // Standard output closed here rather than by DOS as the program ends:
        // harmless on any DOS, and the DOSBox-X build the tests run in dies in
        // DOS_Terminate's closing of a redirected standard output about one run
        // in ten (tests/dosbox/README.md), but not once in 40 runs so.
        let _ = dosapi::close(dosapi::STDOUT);
        errorlevel
    }

    /// The command line's options, or (usage printed) the errorlevel to end
    /// with. Out of line: the command tail is not on the stack under the game.
    #[inline(never)]
    fn read_options() -> Result<Options, u8> {
        let mut tail = [0u8; 127];
        match cmdline::parse(dosapi::command_tail(&mut tail)) {
            Request::Play(options) => Ok(options),
            Request::Usage => {
                print_usage();
                Err(0)
            }
            Request::Mistake(mistake) => Err(print_mistake(&mistake)),
        }
    }

    /// Prints a command line's mistake (its two lines, not the usage, which
    /// would scroll them off the screen); returns errorlevel 1.
    fn print_mistake(mistake: &cmdline::Mistake) -> u8 {
        cmdline::write_mistake(mistake, &far::text_byte, &mut |bytes| print(bytes));
        1
    }

    /// /STACK's line (its own frame: the line is not on the stack under the game).
    #[inline(never)]
    fn report_stack() {
        let mut line = Text::<78>::new();
        field(
            &mut line,
            b"STACK high_water=",
            entry::stack_high_water() as u32,
        );
        line.push(b" bytes");
        // Strong's engine, on its own stack in its own segment.
        let (used, size) = tree_door::engine_stack();
        field(&mut line, b"; engine ", used as u32);
        field(&mut line, b" of ", size as u32);
        print_line(&mut line);
    }

    /// Writes to standard output; a failed write is ignored (there is nowhere
    /// to report it).
    #[inline(never)]
    fn print(bytes: &[u8]) {
        let _ = dosapi::write(dosapi::STDOUT, bytes);
    }

    fn print_usage() {
        cmdline::write_usage(&far::text_byte, &mut |line| {
            print(line);
        });
    }

    /// The Mist's Game Controller: commands from standard input, answers on
    /// standard output, byte for byte as the seed's controller.
    #[inline(never)]
    fn run_controller() -> u8 {
        let mut controller = Controller::new();
        let mut reader = LineReader::new();
        let mut buffer = [0u8; 128];
        loop {
            let count = match dosapi::read(dosapi::STDIN, &mut buffer) {
                Ok(count) => count as usize,
                Err(_) => 0,
            };
            // Ctrl+Z (1Ah) marks the end of a DOS text file.
            let data_end = buffer[..count]
                .iter()
                .position(|&b| b == 0x1A)
                .unwrap_or(count);
            let end_of_input = count == 0 || data_end < count;
            for &byte in &buffer[..data_end] {
                if let Some(end) = reader.push(byte)
                    && let Flow::Exit(errorlevel) =
                        controller_line(&mut controller, &mut reader, end)
                {
                    return errorlevel;
                }
            }
            if end_of_input {
                // The end of input without a result ends quietly with errorlevel 1.
                return match reader
                    .finish()
                    .map(|end| controller_line(&mut controller, &mut reader, end))
                {
                    Some(Flow::Exit(errorlevel)) => errorlevel,
                    _ => 1,
                };
            }
        }
    }

    /// A whole line (or one too long) to the controller.
    fn controller_line(controller: &mut Controller, reader: &mut LineReader, end: LineEnd) -> Flow {
        struct Stdout;
        impl Sink for Stdout {
            fn write(&mut self, bytes: &[u8]) {
                print(bytes);
            }
        }
        match end {
            LineEnd::TooLong => {
                controller.handle_line(&[0; piskrs::app::controller::MAX_LINE + 1], &mut Stdout)
            }
            LineEnd::Line => controller.handle_line(reader.take_line(), &mut Stdout),
        }
    }

    /// PISKRS.CFG in the program's directory, as a 0-terminated name.
    fn settings_path(out: &mut [u8; 96]) -> &[u8] {
        // The directory is read straight into place (no copy through a buffer).
        let directory = out.first_chunk_mut().expect("96 bytes hold the 80");
        let len = dosapi::program_directory(directory);
        out[len..len + settings::FILE_NAME.len()].copy_from_slice(settings::FILE_NAME);
        out[len + settings::FILE_NAME.len()] = 0;
        &out[..=len + settings::FILE_NAME.len()]
    }

    #[inline(never)]
    fn load_settings() -> Settings {
        let mut path = [0u8; 96];
        // A byte more than the file may hold: a longer file fills it, and is
        // refused by its length alone.
        const LIMIT: usize = settings::MAX_BYTES * 2;
        let mut text = Text::<{ LIMIT + 1 }>::new();
        let read = dosapi::read_file_chunks(settings_path(&mut path), &mut |chunk| {
            text.push(chunk);
        });
        match read {
            Ok(()) if text.as_bytes().len() <= LIMIT => Settings::parse(text.as_bytes()),
            _ => Settings::default(), // missing, damaged or too big: defaults
        }
    }

    #[inline(never)]
    fn save_settings(settings: &Settings) {
        let mut path = [0u8; 96];
        let path = settings_path(&mut path);
        // A failed write (a read-only disk or file) only loses the remembered
        // choices.
        let _ = dosapi::save_file_with(path, &mut |out| settings.write_to(out));
    }

    #[inline(never)]
    fn play(options: &Options, has_mouse: bool) -> u8 {
        let mut display = Display::open();
        let mut settings = load_settings();
        settings.apply(options);
        let mut app = App::with_info_in(has_mouse, settings, &far::INFO_MEMORY);
        app.search_with(&tree_door::FAR_TREE);
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
                Page::Gomoku(app) if app.computer_to_move() => {
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
        if !display.set_tall(has_mouse, true) || (display.rows() as usize) < gomorpion_screen::ROWS
        {
            display.set_tall(has_mouse, false);
            app.forget_screen();
            app.gomorpion_needs_ega();
            return;
        }
        let computer = match opponent {
            Opponent::Person => None,
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

    /// Waits for a key or a left click. On the menu the loop spins and counts, as
    /// Piskasm's did, and the count seeds the random source; in a game it idles.
    fn next_event(has_mouse: bool, on_menu: bool, counter: &mut u16) -> Event {
        loop {
            *counter = counter.wrapping_add(1);
            if let Some((ascii, scan)) = bios::read_key()
                && let Some(event) = translate_key(ascii, scan)
            {
                if let Event::Game(Input::Key(Key::Up | Key::Down | Key::Left | Key::Right)) = event
                {
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
            }
        }
    }

    /// Throws away the keys and clicks made while the computer thought: they
    /// were aimed at a screen the person had not seen yet. Says whether Esc
    /// was among them (it still asks to leave).
    fn discard_typed_ahead(has_mouse: bool) -> bool {
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
    fn dump_screen(display: &mut Display, number: u32, has_mouse: bool) {
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
}

#[cfg(not(target_os = "none"))]
fn main() {
    eprintln!(
        "PISKRS is a DOS program: build target/PISKRS.COM with `cargo com`, run it with ./play."
    );
    std::process::exit(1);
}
