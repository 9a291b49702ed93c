//! The program's start: the command line read, then the game, the Mist's
//! controller or /BENCH; and /STACK's line at the end.

use crate::bench::{bench, print_line};
use crate::dos::{dosapi, entry, entry::MOUSE_PRESENT, far, mouse, tree_door};
use crate::event_loop::play;
use crate::mist_controller::run_controller;
use core::sync::atomic::Ordering;
use piskrs::app::benchmark::push_field;
use piskrs::app::cmdline::{self, Options, Request};
use piskrs::rules::variant::Variant;
use piskrs::support::text::Text;

/// The program: read the command line, take over the screen, then show the
/// screen and hand each key or click to the core until it says quit.
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
pub(crate) fn print_mistake(mistake: &cmdline::Mistake) -> u8 {
    cmdline::write_mistake(mistake, &far::text_byte, &mut |bytes| dosapi::print(bytes));
    1
}

/// /STACK's line (its own frame: the line is not on the stack under the game).
#[inline(never)]
fn report_stack() {
    let mut line = Text::<78>::new();
    push_field(
        &mut line,
        b"STACK high_water=",
        entry::stack_high_water() as u32,
    );
    line.push(b" bytes");
    // Strong's engine, on its own stack in its own segment.
    let (used, size) = tree_door::engine_stack();
    push_field(&mut line, b"; engine ", used as u32);
    push_field(&mut line, b" of ", size as u32);
    print_line(&mut line);
}

fn print_usage() {
    cmdline::write_usage(&far::text_byte, &mut |line| {
        dosapi::print(line);
    });
}
