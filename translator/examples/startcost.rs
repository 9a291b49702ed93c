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
//! calls in src/main.rs, those not inlined), and at the menu; then the
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

use object::{Object, ObjectSymbol, SymbolKind};
use unicorn_engine::{Arch, Mode, Prot, RegisterX86, Unicorn};

#[path = "common/mod.rs"]
mod common;
use common::{Dos, SEG, fake_int_in};

/// The steps shown by default: calls of `play` in src/main.rs, in order.
const STEPS: &str =
    "piskrs_main,read_options,read_file_chunks,measure_speed,with_info_in,Display>::draw";

/// A BIOS tick: 65536 / 1193182 s, in milliseconds.
const TICK_MS: f64 = 54.925_4;

fn readable(mangled: &str) -> String {
    format!("{:#}", rustc_demangle::demangle(mangled))
}

/// The functions (start, name) of the build, sorted by start.
fn functions(elf: &[u8]) -> Vec<(u32, String)> {
    let file = object::File::parse(elf).expect("an ELF");
    let mut list: Vec<(u32, String)> = if file.architecture() == object::Architecture::Msp430 {
        let image = translator::program::build(elf).expect("the translation");
        let mut list: Vec<(u32, String)> = image
            .functions
            .iter()
            .filter(|f| f.1 != 0)
            .map(|(name, at)| (*at as u32, name.clone()))
            .collect();
        list.extend(
            image
                .runtime_routines
                .iter()
                .map(|(name, at)| (*at as u32, name.clone())),
        );
        list
    } else {
        file.symbols()
            .filter(|s| s.kind() == SymbolKind::Text && s.size() > 0)
            .map(|s| (s.address() as u32, s.name().unwrap_or("?").to_string()))
            .collect()
    };
    for f in &mut list {
        f.1 = readable(&f.1);
    }
    list.sort();
    list.dedup_by_key(|f| f.0);
    list
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
    let steps: Vec<&str> = steps_text.split(',').filter(|s| !s.is_empty()).collect();
    // The first function whose name has each step's part.
    let step_at: Vec<(u32, &str)> = steps
        .iter()
        .filter_map(|part| {
            functions
                .iter()
                .find(|f| f.1.contains(part))
                .map(|f| (f.0, *part))
        })
        .collect();

    let base = (SEG as u64) << 4;
    let mut emu = Unicorn::new(Arch::X86, Mode::MODE_16).unwrap();
    emu.mem_map(0, 0x100000, Prot::ALL).unwrap();
    let mut psp = vec![0u8; 0x100];
    psp[0] = 0xCD; // INT 20h, as DOS puts it
    psp[1] = 0x20;
    // PSP:0002, the paragraph after our block: all of memory below A000h.
    psp[2..4].copy_from_slice(&0xA000u16.to_le_bytes());
    psp[0x80] = tail.len() as u8;
    psp[0x81..0x81 + tail.len()].copy_from_slice(tail.as_bytes());
    psp[0x81 + tail.len()] = 0x0D;
    emu.mem_write(base, &psp).unwrap();
    emu.mem_write(base + 0x100, &com).unwrap();
    for r in [
        RegisterX86::CS,
        RegisterX86::DS,
        RegisterX86::ES,
        RegisterX86::SS,
    ] {
        emu.reg_write(r, SEG as u64).unwrap();
    }
    emu.reg_write(RegisterX86::SP, 0xFFFE).unwrap();
    emu.reg_write(RegisterX86::EFLAGS, 0x0202).unwrap();

    // Cycles so far; the cycles each address of our segment ran (from the
    // loader's end on); where each step was first reached.
    let cycles = Rc::new(Cell::new(0u64));
    let loader_end = Rc::new(Cell::new(None::<u64>));
    let counts: Rc<RefCell<HashMap<u32, u64>>> = Rc::default();
    let reached: Rc<RefCell<Vec<(u64, String)>>> = Rc::default();
    {
        let (cycles, loader_end, counts, reached) = (
            cycles.clone(),
            loader_end.clone(),
            counts.clone(),
            reached.clone(),
        );
        let step_at = step_at.clone();
        let mut seen_start = false;
        // Unicorn runs the hook once for each repetition of a REP string
        // instruction too, and once more for its end, as DOSBox-X charges it
        // (a REP STOSB of 100 bytes counts 101).
        emu.add_code_hook(0, 0xFFFFF, move |uc, address, _| {
            cycles.set(cycles.get() + 1);
            let cs = uc.reg_read(RegisterX86::CS).unwrap() as u16;
            let ip = uc.reg_read(RegisterX86::IP).unwrap() as u32;
            if cs == SEG && ip == 0x100 {
                // DOS starts the loader here; the loader jumps back here
                // when the image is in place.
                if seen_start && loader_end.get().is_none() {
                    loader_end.set(Some(cycles.get() - 1));
                }
                seen_start = true;
            }
            if loader_end.get().is_some() && address >= base && address < base + 0x10000 {
                *counts.borrow_mut().entry(ip).or_default() += 1;
                if let Some((_, part)) = step_at.iter().find(|s| s.0 == ip) {
                    let mut reached = reached.borrow_mut();
                    if !reached.iter().any(|r| r.1 == *part) {
                        reached.push((cycles.get() - 1, part.to_string()));
                    }
                }
            }
        })
        .unwrap();
    }
    let dos = Rc::new(RefCell::new(Dos::with_profile_keys()));
    let menu_at = Rc::new(Cell::new(None::<u64>));
    {
        let (dos, cycles, menu_at) = (dos.clone(), cycles.clone(), menu_at.clone());
        emu.add_intr_hook(move |uc, n| {
            let mut dos = dos.borrow_mut();
            // The BIOS clock: ticks of the emulated time so far.
            dos.ticks = (cycles.get() as f64 / per_ms / TICK_MS) as u32;
            let ah = (uc.reg_read(RegisterX86::AX).unwrap() >> 8) as u8;
            if n == 0x16 && matches!(ah, 0x00 | 0x01 | 0x10 | 0x11) && !dos.keys_given {
                menu_at.set(Some(cycles.get()));
                uc.emu_stop().unwrap();
                return;
            }
            fake_int_in(uc, &mut dos, n);
            if dos.out_of_keys && dos.keys_given {
                menu_at.set(Some(cycles.get()));
            }
        })
        .unwrap();
    }
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
    let Some(menu) = menu_at.get() else {
        println!("it never asked for a key");
        std::process::exit(1);
    };
    let ms = |c: u64| c as f64 / per_ms;
    println!(
        "{}: {} bytes; at {per_ms} cycles a millisecond:",
        args[1],
        com.len()
    );
    let mut marks: Vec<(u64, String)> = vec![(0, "the loader".into())];
    if let Some(end) = loader_end.get() {
        marks.push((end, "the program's _start".into()));
    }
    marks.extend(reached.borrow().iter().cloned());
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

    // The functions that ran the most after the loader.
    let function_of = |ip: u32| {
        let at = functions.partition_point(|f| f.0 <= ip);
        (at > 0).then(|| at - 1)
    };
    let mut own: HashMap<Option<usize>, u64> = HashMap::new();
    for (&ip, &n) in counts.borrow().iter() {
        *own.entry(function_of(ip)).or_default() += n;
    }
    let mut rows: Vec<_> = own.into_iter().collect();
    rows.sort_by_key(|r| std::cmp::Reverse(r.1));
    println!(
        "{:>10} {:>9}  function (its own cycles, not its callees')",
        "cycles", "ms"
    );
    for (f, n) in rows.into_iter().take(top) {
        let name = f.map_or("(before any function)", |f| functions[f].1.as_str());
        println!("{n:>10} {:>9.1}  {name}", ms(n));
    }
}
