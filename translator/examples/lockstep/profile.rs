//! lockstep.rs's LOCKSTEP_PROFILE: the 8086 code each function and runtime
//! routine ran, counted by basic block, and its tables.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use unicorn_engine::{RegisterX86, Unicorn};

use super::common::Program;
use super::{Checker, function_at};

/// A block's runs, bytes and instructions.
type Runs = (u64, u64, u64);

/// LOCKSTEP_PROFILE's counts: the bytes of 8086 code each function runs (an
/// 8086's time is mostly its instruction fetch), by basic block; the
/// instructions too: DOSBox-X's normal core takes about one cycle for
/// each, so they are what the e2e figures measure.
#[derive(Default)]
pub struct Profile {
    /// Each block's start (in the code's segment): its runs, bytes, instructions.
    blocks: RefCell<HashMap<u16, Runs>>,
    /// Each block (address, size): its runs.
    block_runs: RefCell<HashMap<(u64, u32), u64>>,
    /// (routine, return address): calls.
    callers: RefCell<HashMap<(u16, u16), u64>>,
}

/// LOCKSTEP_PROFILE's hook: counts each block run, within the parts of the
/// run LOCKSTEP_PROFILE_FROM, _UNTIL and _IN choose.
pub fn hook_profile(
    emu: &mut Unicorn<()>,
    p: &Program,
    checker: &Rc<RefCell<Checker>>,
    (base, code_base): (u64, u64),
) -> Rc<Profile> {
    let profile = Rc::new(Profile::default());
    let counts = profile.clone();
    let mut lengths: HashMap<(u64, u32), u64> = HashMap::new();
    let routines: std::collections::HashSet<u16> =
        p.image.runtime_routines.iter().map(|r| r.1).collect();
    // LOCKSTEP_PROFILE_FROM=text: count only once the output has it
    // (e.g. "TIME CHA": Strong's part of /BENCH).
    let from = std::env::var("LOCKSTEP_PROFILE_FROM").ok();
    let until = std::env::var("LOCKSTEP_PROFILE_UNTIL").ok();
    let within: Option<u16> = std::env::var("LOCKSTEP_PROFILE_IN").ok().and_then(|name| {
        p.functions
            .iter()
            .find(|f| f.0.contains(&name))
            .map(|f| f.2)
    });
    let mut within_sp: Option<u64> = None;
    let mut counting = from.is_none();
    let mut seen = 0;
    let checker = checker.clone();
    emu.add_block_hook(code_base, code_base + 0xFFFF, move |uc, a, size| {
        {
            let c = checker.borrow();
            if c.dos.out.len() != seen {
                seen = c.dos.out.len();
                let has = |text: &str| c.dos.out.windows(text.len()).any(|w| w == text.as_bytes());
                counting = from.as_deref().is_none_or(has) && !until.as_deref().is_some_and(has);
            }
        }
        // LOCKSTEP_PROFILE_IN=name: only within calls of that function.
        if let Some(entry) = within {
            let sp = uc.reg_read(RegisterX86::SP).unwrap_or(0);
            if a - code_base == entry as u64 {
                within_sp = Some(sp);
            } else if within_sp.is_some_and(|top| sp > top) {
                within_sp = None;
            }
            if within_sp.is_none() {
                return;
            }
        }
        if !counting {
            return;
        }
        if routines.contains(&((a - code_base) as u16)) {
            // A runtime routine's entry: who called it (the return address).
            let sp = uc.reg_read(RegisterX86::SP).unwrap_or(0);
            let mut word = [0u8; 2];
            let _ = uc.mem_read(base + sp, &mut word);
            *counts
                .callers
                .borrow_mut()
                .entry(((a - code_base) as u16, u16::from_le_bytes(word)))
                .or_insert(0) += 1;
        }
        let count = *lengths.entry((a, size)).or_insert_with(|| {
            let bytes = uc.mem_read_as_vec(a, size as usize).unwrap_or_default();
            iced_x86::Decoder::new(16, &bytes, iced_x86::DecoderOptions::NONE)
                .into_iter()
                .count() as u64
        });
        *counts.block_runs.borrow_mut().entry((a, size)).or_insert(0) += 1;
        let mut m = counts.blocks.borrow_mut();
        let e = m.entry((a - code_base) as u16).or_default();
        e.0 += 1;
        e.1 += size as u64;
        e.2 += count;
    })
    .unwrap();
    profile
}

/// The profile's tables: the instructions by kind, the runtime's busiest
/// call sites, and the functions by instructions run (with
/// LOCKSTEP_PROFILE=name, first the blocks of the functions so named).
pub fn print_profile(emu: &Unicorn<()>, p: &Program, profile: &Profile) {
    let mut by_function: HashMap<String, Runs> = HashMap::new();
    for (a, (blocks, bytes, instructions)) in profile.blocks.borrow().iter() {
        let name = function_at(p, *a).map(|f| f.0.clone()).unwrap_or_else(|| {
            let routine = p
                .image
                .runtime_routines
                .iter()
                .filter(|r| r.1 <= *a)
                .max_by_key(|r| r.1)
                .map_or("?", |r| r.0.as_str());
            format!("(runtime) {routine}")
        });
        let e = by_function.entry(name).or_default();
        e.0 += blocks;
        e.1 += bytes;
        e.2 += instructions;
    }
    let total: u64 = by_function.values().map(|v| v.1).sum();
    let total_instructions: u64 = by_function.values().map(|v| v.2).sum();
    let mut list: Vec<_> = by_function.into_iter().collect();
    list.sort_by_key(|(_, v)| std::cmp::Reverse(v.2));
    // LOCKSTEP_PROFILE=name: also the blocks of the functions whose
    // names contain it, by address.
    let wanted = std::env::var("LOCKSTEP_PROFILE").unwrap_or_default();
    if wanted.len() > 1 {
        let mut blocks: Vec<_> = profile
            .blocks
            .borrow()
            .iter()
            .filter(|(a, _)| function_at(p, **a).is_some_and(|f| f.0.contains(&wanted)))
            .map(|(a, v)| (*a, *v))
            .collect();
        blocks.sort();
        for (a, (runs, bytes, instructions)) in blocks {
            println!(
                "  block {a:04x}: {runs:10} runs {bytes:11} bytes {instructions:11} instructions"
            );
        }
    }
    print_kinds(emu, &profile.block_runs.borrow());
    print_call_sites(p, &profile.callers.borrow());
    println!(
        "8086 profile: {total_instructions} instructions ({total} bytes of code) run, by function:"
    );
    for (name, (blocks, bytes, instructions)) in list.iter().take(30) {
        println!(
            "{:6.2}% {instructions:11} instructions {:6.2}% {bytes:12} bytes {blocks:10} blocks  {name}",
            *instructions as f64 * 100.0 / total_instructions as f64,
            *bytes as f64 * 100.0 / total as f64
        );
    }
}

/// The instructions run, by kind (numbers other than the register words'
/// addresses left out): what the translation spends on what.
fn print_kinds(emu: &Unicorn<()>, block_runs: &HashMap<(u64, u32), u64>) {
    let mut kinds: HashMap<String, u64> = HashMap::new();
    for (&(a, size), &runs) in block_runs {
        let bytes = emu.mem_read_as_vec(a, size as usize).unwrap_or_default();
        let mut formatter = iced_x86::NasmFormatter::new();
        for instruction in iced_x86::Decoder::new(16, &bytes, iced_x86::DecoderOptions::NONE) {
            let mut text = String::new();
            iced_x86::Formatter::format(&mut formatter, &instruction, &mut text);
            let words: Vec<String> = text
                .split([' ', ','])
                .map(|w| {
                    if w.contains("0DB") || !w.chars().any(|c| c.is_ascii_digit()) {
                        w.to_string()
                    } else if w.starts_with('[') {
                        let base: String = w
                            .chars()
                            .take_while(|c| c.is_ascii_alphabetic() || *c == '[')
                            .collect();
                        format!("{base}+n]")
                    } else {
                        "n".to_string()
                    }
                })
                .collect();
            *kinds.entry(words.join(" ")).or_insert(0) += runs;
        }
    }
    let mut kinds: Vec<_> = kinds.into_iter().collect();
    kinds.sort_by_key(|k| std::cmp::Reverse(k.1));
    println!("8086 profile: instructions by kind:");
    for (kind, n) in kinds.iter().take(60) {
        println!("  {n:11} {kind}");
    }
}

/// The runtime's busiest call sites: (routine, return address) by calls.
fn print_call_sites(p: &Program, callers: &HashMap<(u16, u16), u64>) {
    let routine_of = |a: u16| {
        p.image
            .runtime_routines
            .iter()
            .find(|r| r.1 == a)
            .map_or("?", |r| r.0.as_str())
    };
    let mut calls: Vec<_> = callers.iter().map(|(k, v)| (*k, *v)).collect();
    calls.sort_by_key(|c| std::cmp::Reverse(c.1));
    println!("8086 profile: the runtime's busiest call sites:");
    for ((routine, back), n) in calls.iter().take(60) {
        println!(
            "  {n:10} calls of {} from {back:04x} in {}",
            routine_of(*routine),
            function_at(p, *back).map_or("?", |f| f.0.as_str())
        );
    }
}
