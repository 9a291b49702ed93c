//! A call tracer on the reference model: runs the MSP430 ELF in
//! `translator::model` from `piskrs_main` with the same faked DOS as the
//! lockstep differ (examples/lockstep.rs; both run the model through
//! examples/common's `ModelRun`), and
//! prints every entry of the functions whose (mangled) names contain one of
//! TRACE_FN's comma-separated parts, with r12-r15 and the first stack words,
//! and each exit with r12/r13 (the results).
//!
//! ```text
//! TRACE_FN=Search5shape,Search7playout cargo run --release -p translator --example calltrace -- ELF [TAIL]
//! ```
//! TRACE_SKIP=n drops the first n traced entries; TRACE_MAX=n stops after n
//! lines; TRACE_DUMP=reg,offset,len dumps len bytes at rREG+offset on entry;
//! TRACE_AFTER=part starts tracing at that function's first entry;
//! TRACE_FAR=first,count prints the far table's words first.. on entry;
//! TRACE_RET_DUMP=len dumps len bytes at the entry's r12 on exit (an sret).
//!
//! With it the /BENCH node counts' difference between PISKRS86.COM and the
//! host was found (`Search::mark_near`'s count update, miscompiled):
//! `TRACE_AFTER=9search_in TRACE_FN=Search8may_hold,Search9mark_near
//! TRACE_DUMP=12,0,4 TRACE_FAR=406,1` (`Search::nodes` is its first word).

use std::collections::HashMap;

use translator::model::Cpu;

#[path = "common/mod.rs"]
mod common;
use common::*;

/// What to trace and how (the environment's TRACE_* settings).
struct Options {
    skip: u64,
    max: u64,
    /// TRACE_DUMP=reg,offset,len.
    dump: Option<(usize, u16, u16)>,
    /// TRACE_FAR=first,count: the far table's words (DS+1000h:4*i) at each entry.
    far_words: Option<(u32, u32)>,
    ret_dump: u16,
    /// The traced functions' MSP430 addresses, each with the part of
    /// TRACE_FN its name has.
    traced: HashMap<u16, String>,
    /// TRACE_AFTER=part: nothing is traced before the first entry of that function.
    after_at: Option<u16>,
}

/// A comma-separated list of numbers from the environment.
fn numbers<T: std::str::FromStr>(key: &str) -> Option<Vec<T>>
where
    T::Err: std::fmt::Debug,
{
    std::env::var(key)
        .ok()
        .map(|v| v.split(',').map(|x| x.parse::<T>().unwrap()).collect())
}

impl Options {
    fn from_env(p: &Program) -> Options {
        let parts: Vec<String> = std::env::var("TRACE_FN")
            .unwrap_or_default()
            .split(',')
            .filter(|s| !s.is_empty())
            .map(String::from)
            .collect();
        let traced = p
            .functions
            .iter()
            .filter(|f| parts.iter().any(|part| f.0.contains(part.as_str())))
            .map(|f| {
                let part = parts
                    .iter()
                    .find(|part| f.0.ends_with(part.as_str()) || f.0.contains(part.as_str()))
                    .unwrap();
                (f.1, part.clone())
            })
            .collect();
        let after_at = std::env::var("TRACE_AFTER").ok().map(|part| {
            p.functions
                .iter()
                .find(|f| f.0.contains(part.as_str()))
                .expect("TRACE_AFTER: no such function")
                .1
        });
        Options {
            skip: env_number("TRACE_SKIP", 0),
            max: env_number("TRACE_MAX", u64::MAX),
            dump: numbers::<u16>("TRACE_DUMP").map(|v| (v[0] as usize, v[1], v[2])),
            far_words: numbers::<u32>("TRACE_FAR").map(|v| (v[0], v[1])),
            ret_dump: env_number("TRACE_RET_DUMP", 0) as u16,
            traced,
            after_at,
        }
    }
}

/// An entry's line: the registers, the first stack words, and the dumps asked for.
fn entry_line(o: &Options, m: &ModelRun, depth: usize, name: &str) -> String {
    let cpu = &m.cpu;
    let sp = cpu.regs[1];
    let mut s = format!(
        "{}> {} r12={:04x} r13={:04x} r14={:04x} r15={:04x} stack={:04x} {:04x} {:04x}",
        " ".repeat(depth),
        name,
        cpu.regs[12],
        cpu.regs[13],
        cpu.regs[14],
        cpu.regs[15],
        cpu.read_word(sp.wrapping_add(2)),
        cpu.read_word(sp.wrapping_add(4)),
        cpu.read_word(sp.wrapping_add(6)),
    );
    if let Some((reg, off, len)) = o.dump {
        s += " dump=";
        s += &hex_bytes(cpu, cpu.regs[reg].wrapping_add(off), len);
    }
    if let Some((first, n)) = o.far_words {
        s += " far=";
        for i in first..first + n {
            let l = lin(SEG + 0x1000, 0) + 4 * i;
            s += &format!(
                "{:08x} ",
                u32::from_le_bytes([0, 1, 2, 3].map(|k| m.far.mem[(l + k) as usize]))
            );
        }
    }
    s
}

/// `len` bytes of the model's memory from `at`, in hex.
fn hex_bytes(cpu: &Cpu, at: u16, len: u16) -> String {
    (0..len)
        .map(|i| format!("{:02x}", cpu.read_byte(at.wrapping_add(i))))
        .collect()
}

fn main() {
    let (elf_path, cmdtail) = elf_and_tail("target/msp430-dos/dos/piskrs", " /BENCH /FIXED");
    let elf = std::fs::read(elf_path).expect("read the ELF");
    let image = translator::program::build(&elf).expect("translate");
    let p = load(&elf, image);
    let o = Options::from_env(&p);
    let mut armed = o.after_at.is_none();
    for (a, n) in &o.traced {
        eprintln!("tracing {a:#06x} {n}");
    }
    let mut m = ModelRun::new(&p, cmdtail.as_bytes(), Dos::default());
    // Open traced calls: (return address, SP at entry, short name, r12 at entry).
    let mut open: Vec<(u16, u16, String, u16)> = Vec::new();
    let mut count = 0u64;
    let mut lines = 0u64;
    let end = loop {
        let pc = m.cpu.regs[0];
        if lines >= o.max {
            break "TRACE_MAX".into();
        }
        while let Some(top) = open.last() {
            if pc != top.0 || m.cpu.regs[1] != top.1.wrapping_add(2) {
                break;
            }
            let (_, _, name, r12) = open.pop().unwrap();
            if count > o.skip {
                println!(
                    "{}< {} r12={:04x} r13={:04x} at-r12={}",
                    " ".repeat(open.len()),
                    name,
                    m.cpu.regs[12],
                    m.cpu.regs[13],
                    hex_bytes(&m.cpu, r12, o.ret_dump)
                );
                lines += 1;
            }
        }
        if Some(pc) == o.after_at {
            armed = true;
        }
        if let Some(name) = o.traced.get(&pc).filter(|_| armed) {
            count += 1;
            if count > o.skip {
                println!("{}", entry_line(&o, &m, open.len(), name));
                lines += 1;
            }
            let sp = m.cpu.regs[1];
            open.push((m.cpu.read_word(sp), sp, name.clone(), m.cpu.regs[12]));
        }
        if let Err(end) = m.step() {
            break end;
        }
    };
    eprintln!(
        "{end} after {} instructions; output:\n{}",
        m.cpu.steps,
        String::from_utf8_lossy(&m.dos.out)
    );
}
