//! A profile of the 386 build (not the translator's, but Unicorn is here):
//! runs a linked i8086-dos ELF (PISKRS.COM's, or the tree's benchmark build,
//! `cargo tree-com`) in Unicorn's 16-bit x86 from `piskrs_main`, with the
//! faked DOS of the lockstep differ (examples/common: INT 21h writes
//! captured, INT 1Ah's clock one tick a call), and counts the instructions
//! each function ran itself and how often it was called. DOSBox-X's normal
//! core counts a cycle an instruction or so, so on the reference 386
//! (cycles=fixed 3000) 3,000 instructions are about a millisecond: the
//! counts say where a reply's time goes.
//!
//! ```text
//! cargo run --release -p translator --example profile386 -- ELF [TAIL] [TOP]
//! ```
//! ELF: target/i8086-dos/dos/pisktree by default; TAIL the command
//! tail (" 140" by default: PISKTREE's budget); TOP the functions listed
//! (30). PROFILE_FROM=name counts only from that function's first call on
//! (a part of its mangled name); PROFILE_AFTER=text only once the output
//! has the text (e.g. "TIME TREE": PISKTREE's game, where its tree goes on
//! from search to search), PROFILE_UNTIL=text no longer once it has that
//! one (e.g. "TIME TREE" alone: its twelve positions). PROFILE_PART=text also sums the functions
//! whose names contain the text (`tree`: the tree's own, with its far
//! tables') and, from PISKTREE's `TIME TREE` line, gives that a node.
//! PROFILE_SHOW=text prints the code of the functions whose names contain
//! the text, each instruction with the times it ran. PROFILE_KEYS=list gives
//! the keyboard's keys (INT 16h words in hex, scan code high: `4D00` is the
//! right arrow, `1C0D` Enter), and the run ends when the program asks for a
//! key after the last: with the game's ELF (target/i8086-dos/dos/piskrs)
//! and " /PLAY 4", the difference between two runs' counts is what the keys
//! cost. The far texts (`.tail`) are put where the loader puts them, so the
//! screen's texts unpack as on DOS.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;

use iced_x86::{Decoder, DecoderOptions, Formatter, NasmFormatter};
use object::{Object, ObjectSection, ObjectSymbol};
use unicorn_engine::{RegisterX86, Unicorn};

#[path = "common/mod.rs"]
mod common;
use common::{
    Dos, SEG, SP0, by_function, elf_and_tail, fake_int_in, psp, text_functions, unicorn_in_segment,
};

/// Where `piskrs_main` returns to (its `retl` pops a 4-byte address).
const STOP: u16 = 0x0000;

/// A function: its start, its end and its name (demangled enough to read).
struct Function {
    start: u32,
    end: u32,
    name: String,
}

/// The emulator with the ELF's sections in our segment, the far texts where
/// the loader puts them, the PSP with `tail`, and `piskrs_main`'s return
/// address (STOP) on the stack.
fn load(file: &object::File, tail: &str) -> Unicorn<'static, ()> {
    let base = (SEG as u64) << 4;
    let sp = SP0 - 4;
    let mut emu = unicorn_in_segment(sp);
    for section in file.sections() {
        let name = section.name().unwrap_or("");
        if [".text", ".rodata", ".data"].contains(&name) {
            emu.mem_write(base + section.address(), section.data().unwrap())
                .unwrap();
        }
    }
    // The far texts: DS+1000h, after the far table's 361 words of 4 bytes
    // (src/dos/far.rs's HELP_AT).
    if let Some(tail) = file.section_by_name(".tail") {
        emu.mem_write(base + 0x10000 + 361 * 4, tail.data().unwrap())
            .unwrap();
    }
    emu.mem_write(base, &psp(tail)).unwrap();
    emu.mem_write(base + sp as u64, &(STOP as u32).to_le_bytes())
        .unwrap();
    emu
}

/// Instructions run, by address.
type Counts = HashMap<u32, u64>;

/// Whether to count: PROFILE_FROM's function reached, PROFILE_AFTER's text
/// printed, PROFILE_UNTIL's not yet.
struct Window {
    counting: Cell<bool>,
    from_at: Option<u32>,
    after: Option<String>,
    until: Option<String>,
}

/// The hooks that count each instruction by address (while the window is
/// open) and fake DOS.
fn hook_counts(
    emu: &mut Unicorn<()>,
    window: Rc<Window>,
) -> (Rc<RefCell<Counts>>, Rc<RefCell<Dos>>) {
    let base = (SEG as u64) << 4;
    let counts: Rc<RefCell<Counts>> = Rc::default();
    {
        let (counts, window) = (counts.clone(), window.clone());
        emu.add_code_hook(base, base + 0xFFFF, move |_, address, _| {
            let ip = (address - base) as u32;
            if !window.counting.get() && Some(ip) == window.from_at {
                window.counting.set(true);
            }
            if window.counting.get() {
                *counts.borrow_mut().entry(ip).or_default() += 1;
            }
        })
        .unwrap();
    }
    let dos = Rc::new(RefCell::new(Dos::with_profile_keys()));
    {
        let dos = dos.clone();
        emu.add_intr_hook(move |uc, n| {
            let mut dos = dos.borrow_mut();
            fake_int_in(uc, &mut dos, n);
            let has = |text: &str| String::from_utf8_lossy(&dos.out).contains(text);
            if let Some(text) = &window.after
                && !window.counting.get()
                && has(text)
            {
                window.counting.set(true);
            }
            if window.until.as_deref().is_some_and(has) {
                window.counting.set(false);
            }
        })
        .unwrap();
    }
    (counts, dos)
}

/// PROFILE_SHOW: the code of the functions whose names contain `part`,
/// each instruction with the times it ran.
fn print_code(emu: &Unicorn<()>, functions: &[Function], counts: &HashMap<u32, u64>, part: &str) {
    let base = (SEG as u64) << 4;
    for f in functions.iter().filter(|f| f.name.contains(part)) {
        println!("{}:", f.name);
        let mut code = vec![0u8; (f.end - f.start) as usize];
        emu.mem_read(base + f.start as u64, &mut code).unwrap();
        let mut formatter = NasmFormatter::new();
        for instruction in Decoder::with_ip(16, &code, f.start as u64, DecoderOptions::NONE) {
            let mut text = String::new();
            formatter.format(&instruction, &mut text);
            let ran = counts.get(&(instruction.ip() as u32)).copied().unwrap_or(0);
            println!("{ran:>10}  {:04x}  {text}", instruction.ip());
        }
    }
}

/// PROFILE_PART: the sum of the functions whose names contain `part`, and
/// from PISKTREE's `TIME TREE` line, that a node.
fn print_part(rows: &[(Option<usize>, u64)], functions: &[Function], out: &str, part: &str) {
    let sum: u64 = rows
        .iter()
        .filter(|r| r.0.is_some_and(|f| functions[f].name.contains(part)))
        .map(|r| r.1)
        .sum();
    let nodes: Option<u64> = out
        .split_once("TIME TREE ")
        .and_then(|(_, time)| time.split(" nodes=").nth(1))
        .and_then(|n| n.split(' ').next()?.parse().ok());
    print!("the functions named like {part}: {sum} instructions");
    match nodes {
        Some(nodes) => println!(", {nodes} nodes, {} a node", sum / nodes.max(1)),
        None => println!(),
    }
}

fn main() {
    let (elf_path, tail) = elf_and_tail("target/i8086-dos/dos/pisktree", " 140");
    let top: usize = std::env::args()
        .nth(3)
        .and_then(|t| t.parse().ok())
        .unwrap_or(30);
    let elf = std::fs::read(&elf_path).unwrap_or_else(|e| panic!("{elf_path}: {e}"));
    let file = object::File::parse(&*elf).expect("an ELF");
    let mut emu = load(&file, &tail);
    let functions: Vec<Function> = text_functions(&file)
        .into_iter()
        .map(|(start, end, name)| Function { start, end, name })
        .collect();
    let main = file
        .symbols()
        .find(|s| s.name() == Ok("piskrs_main"))
        .expect("piskrs_main")
        .address();
    let from = std::env::var("PROFILE_FROM").ok();
    let from_at: Option<u32> = from.as_ref().map(|part| {
        file.symbols()
            .find(|s| s.name().is_ok_and(|n| n.contains(part.as_str())))
            .unwrap_or_else(|| panic!("no function named like {part}"))
            .address() as u32
    });
    let after = std::env::var("PROFILE_AFTER").ok();
    let window = Rc::new(Window {
        counting: Cell::new(from_at.is_none() && after.is_none()),
        from_at,
        after,
        until: std::env::var("PROFILE_UNTIL").ok(),
    });
    let (counts, dos) = hook_counts(&mut emu, window);
    // PROFILE_MAX=n stops after n instructions (a run that waits forever).
    let max: usize = std::env::var("PROFILE_MAX")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    let base = (SEG as u64) << 4;
    let result = emu.emu_start(base + main, base + STOP as u64, 0, max);
    let dos = dos.borrow();
    print!("{}", String::from_utf8_lossy(&dos.out));
    if let Err(e) = result {
        let ip = emu.reg_read(RegisterX86::IP).unwrap();
        println!("stopped: {e:?} at IP {ip:#06x}");
    }
    for unknown in &dos.unknown {
        println!("not faked: {unknown}");
    }

    let counts = counts.borrow();
    let rows = by_function(&counts, |ip| {
        let at = functions.partition_point(|f| f.start <= ip);
        (at > 0 && ip < functions[at - 1].end).then(|| at - 1)
    });
    let total: u64 = rows.iter().map(|r| r.1).sum();
    if let Ok(part) = std::env::var("PROFILE_SHOW") {
        print_code(&emu, &functions, &counts, &part);
    }
    if let Ok(part) = std::env::var("PROFILE_PART") {
        print_part(&rows, &functions, &String::from_utf8_lossy(&dos.out), &part);
    }
    println!(
        "{total} instructions{}; by function (its own, not its callees'):",
        from.map_or(String::new(), |f| format!(" from {f}'s first call"))
    );
    println!(
        "{:>12} {:>6} {:>10}  function",
        "instructions", "%", "calls"
    );
    for (f, n) in rows.into_iter().take(top) {
        let (name, called) = match f {
            Some(f) => (
                functions[f].name.as_str(),
                counts.get(&functions[f].start).copied().unwrap_or(0),
            ),
            None => ("(outside any function)", 0),
        };
        println!(
            "{n:>12} {:>6.2} {called:>10}  {name}",
            n as f64 * 100.0 / total.max(1) as f64
        );
    }
}
