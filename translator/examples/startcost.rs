//! What the start costs, step by step: runs a whole .COM (PISKRS.COM or
//! PISKRS86.COM: the loader, its unpacking, then the program) in Unicorn's
//! 16-bit x86 as DOS would start it, with the faked DOS of the other tools
//! (examples/common: no files, no mouse, no key) and a BIOS clock that runs
//! at CYCLES a millisecond, until the program first asks the keyboard for a
//! key: the menu is on the screen then.
//!
//! It counts DOSBox-X's cycles as its normal core does: one an instruction,
//! and one for each repetition of a REP string instruction (a REP MOVSW
//! moves two bytes a cycle; src/cpu/core_normal/string.h there). At
//! `cycles=fixed N` the emulated machine runs N of them a millisecond, so
//! cycles / N are the milliseconds a person waits (tests/dosbox/cycles.js
//! shows each kind of instruction costs the same there).
//!
//! ```text
//! cargo run --release -p translator --example startcost -- COM ELF CYCLES [TAIL] [TOP]
//! ```
//! COM: the file; ELF: the build it came from (target/i8086-dos/dos/piskrs
//! for PISKRS.COM, target/msp430-dos/dos/piskrs for PISKRS86.COM, which is
//! translated again for its functions' addresses); CYCLES: 3000 for the
//! reference 386, 330 for the 8088; TAIL the command tail (none by default);
//! TOP the functions listed (20). It prints the cycles at each step: the
//! loader's end, and the first call of each function named in STEPS
//! (comma-separated parts of names; a default list otherwise: `play`'s
//! calls in src/bin/piskrs/event_loop.rs, those not inlined), and at the menu; then the
//! functions that ran the most cycles themselves after the loader. The
//! fake clock makes the speed probe cost what it costs in DOSBox-X: the
//! rest of a tick, then a whole one. PROFILE_KEYS=list (INT 16h words in
//! hex, as for profile386) gives the keyboard those keys and runs on until
//! the program asks for one after the last: the difference between two runs
//! is what the keys cost, on the 8088 too (TAIL " /PLAY 4 /SOUND OFF" starts
//! a game at once).

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;

use object::Object;
use unicorn_engine::{RegisterX86, Unicorn};

#[path = "common/mod.rs"]
mod common;
use common::{
    Dos, SEG, by_function, fake_int_in, psp, readable, text_functions, unicorn_in_segment,
};

/// The steps shown by default: calls of `play` in src/bin/piskrs/event_loop.rs, in order.
const STEPS: &str =
    "piskrs_main,read_options,read_file_chunks,measure_speed,with_info_in,Display>::draw";

/// A BIOS tick: 65536 / 1193182 s, in milliseconds.
const TICK_MS: f64 = 54.925_4;

/// The functions (start, name) of the build, sorted by start.
fn functions(elf: &[u8]) -> Vec<(u32, String)> {
    let file = object::File::parse(elf).expect("an ELF");
    if file.architecture() != object::Architecture::Msp430 {
        let mut list: Vec<(u32, String)> = text_functions(&file)
            .into_iter()
            .map(|(start, _, name)| (start, name))
            .collect();
        list.sort();
        list.dedup_by_key(|f| f.0);
        return list;
    }
    let image = translator::program::build(elf).expect("the translation");
    let mut list: Vec<(u32, String)> = image
        .functions
        .iter()
        .filter(|f| f.1 != 0)
        .chain(&image.runtime_routines)
        .map(|(name, at)| (*at as u32, readable(name)))
        .collect();
    list.sort();
    list.dedup_by_key(|f| f.0);
    list
}

/// What the run measured: the cycles so far, where the loader ended, the
/// cycles each address of our segment ran (from the loader's end on), where
/// each step was first reached, and when the program asked for a key.
#[derive(Default)]
struct Run {
    cycles: Cell<u64>,
    loader_end: Cell<Option<u64>>,
    counts: RefCell<HashMap<u32, u64>>,
    reached: RefCell<Vec<(u64, String)>>,
    menu_at: Cell<Option<u64>>,
}

/// The hook that counts the cycles (and each step's first call).
fn hook_cycles(emu: &mut Unicorn<()>, run: &Rc<Run>, step_at: Vec<(u32, String)>) {
    let base = (SEG as u64) << 4;
    let run = run.clone();
    let mut seen_start = false;
    // Unicorn runs the hook once for each repetition of a REP string
    // instruction too, and once more for its end, as DOSBox-X charges it
    // (a REP STOSB of 100 bytes counts 101).
    emu.add_code_hook(0, 0xFFFFF, move |uc, address, _| {
        let cycles = run.cycles.get() + 1;
        run.cycles.set(cycles);
        let cs = uc.reg_read(RegisterX86::CS).unwrap() as u16;
        let ip = uc.reg_read(RegisterX86::IP).unwrap() as u32;
        if cs == SEG && ip == 0x100 {
            // DOS starts the loader here; the loader jumps back here
            // when the image is in place.
            if seen_start && run.loader_end.get().is_none() {
                run.loader_end.set(Some(cycles - 1));
            }
            seen_start = true;
        }
        if run.loader_end.get().is_some() && address >= base && address < base + 0x10000 {
            *run.counts.borrow_mut().entry(ip).or_default() += 1;
            if let Some((_, part)) = step_at.iter().find(|s| s.0 == ip) {
                let mut reached = run.reached.borrow_mut();
                if !reached.iter().any(|r| r.1 == *part) {
                    reached.push((cycles - 1, part.clone()));
                }
            }
        }
    })
    .unwrap();
}

/// The faked DOS, with a BIOS clock at `per_ms` cycles a millisecond; the
/// run stops at the first wait for a key (or after the last key given).
fn hook_dos(emu: &mut Unicorn<()>, run: &Rc<Run>, per_ms: f64) -> Rc<RefCell<Dos>> {
    let dos = Rc::new(RefCell::new(Dos::with_profile_keys()));
    let (dos2, run) = (dos.clone(), run.clone());
    emu.add_intr_hook(move |uc, n| {
        let mut dos = dos2.borrow_mut();
        // The BIOS clock: ticks of the emulated time so far.
        dos.ticks = (run.cycles.get() as f64 / per_ms / TICK_MS) as u32;
        let ah = (uc.reg_read(RegisterX86::AX).unwrap() >> 8) as u8;
        if n == 0x16 && matches!(ah, 0x00 | 0x01 | 0x10 | 0x11) && !dos.keys_given {
            run.menu_at.set(Some(run.cycles.get()));
            uc.emu_stop().unwrap();
            return;
        }
        fake_int_in(uc, &mut dos, n);
        if dos.out_of_keys && dos.keys_given {
            run.menu_at.set(Some(run.cycles.get()));
        }
    })
    .unwrap();
    dos
}

/// The steps' table: where each began, in cycles and milliseconds, and what
/// it cost.
fn print_steps(run: &Run, menu: u64, per_ms: f64) {
    let ms = |c: u64| c as f64 / per_ms;
    let mut marks: Vec<(u64, String)> = vec![(0, "the loader".into())];
    if let Some(end) = run.loader_end.get() {
        marks.push((end, "the program's _start".into()));
    }
    marks.extend(run.reached.borrow().iter().cloned());
    marks.push((menu, "the menu (the first wait for a key)".into()));
    println!(
        "{:>10} {:>9} {:>10} {:>9}  step",
        "from", "ms", "cycles", "ms"
    );
    for pair in marks.windows(2) {
        let (at, name) = &pair[0];
        let spent = pair[1].0 - at;
        println!(
            "{at:>10} {:>9.1} {spent:>10} {:>9.1}  {name}",
            ms(*at),
            ms(spent)
        );
    }
    println!("{menu:>10} {:>9.1}  the menu", ms(menu));
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 4 {
        eprintln!("usage: startcost COM ELF CYCLES [TAIL] [TOP]");
        std::process::exit(2);
    }
    let com = std::fs::read(&args[1]).unwrap_or_else(|e| panic!("{}: {e}", args[1]));
    // "-": no ELF, no functions named.
    let functions = if args[2] == "-" {
        Vec::new()
    } else {
        functions(&std::fs::read(&args[2]).unwrap_or_else(|e| panic!("{}: {e}", args[2])))
    };
    let per_ms: f64 = args[3].parse().expect("CYCLES: a number");
    let tail = args.get(4).cloned().unwrap_or_default();
    let top: usize = args.get(5).and_then(|t| t.parse().ok()).unwrap_or(20);
    let steps_text = std::env::var("STEPS").unwrap_or(STEPS.into());
    // The first function whose name has each step's part.
    let step_at: Vec<(u32, String)> = steps_text
        .split(',')
        .filter(|s| !s.is_empty())
        .filter_map(|part| {
            functions
                .iter()
                .find(|f| f.1.contains(part))
                .map(|f| (f.0, part.to_string()))
        })
        .collect();

    let base = (SEG as u64) << 4;
    let mut emu = unicorn_in_segment(0xFFFE);
    emu.mem_write(base, &psp(&tail)).unwrap();
    emu.mem_write(base + 0x100, &com).unwrap();
    let run = Rc::new(Run::default());
    hook_cycles(&mut emu, &run, step_at);
    let dos = hook_dos(&mut emu, &run, per_ms);
    let result = emu.emu_start(base + 0x100, 0, 0, 0);
    let dos = dos.borrow();
    let out = String::from_utf8_lossy(&dos.out);
    if !out.is_empty() {
        println!("its output: {out}");
    }
    if let Err(e) = result {
        let cs = emu.reg_read(RegisterX86::CS).unwrap();
        let ip = emu.reg_read(RegisterX86::IP).unwrap();
        println!("stopped: {e:?} at {cs:04X}:{ip:04X}");
    }
    let Some(menu) = run.menu_at.get() else {
        println!("it never asked for a key");
        std::process::exit(1);
    };
    println!(
        "{}: {} bytes; at {per_ms} cycles a millisecond:",
        args[1],
        com.len()
    );
    print_steps(&run, menu, per_ms);

    // The functions that ran the most after the loader.
    let rows = by_function(&run.counts.borrow(), |ip| {
        let at = functions.partition_point(|f| f.0 <= ip);
        (at > 0).then(|| at - 1)
    });
    println!(
        "{:>10} {:>9}  function (its own cycles, not its callees')",
        "cycles", "ms"
    );
    for (f, n) in rows.into_iter().take(top) {
        let name = f.map_or("(before any function)", |f| functions[f].1.as_str());
        println!("{n:>10} {:>9.1}  {name}", n as f64 / per_ms);
    }
}
