//! A call tracer on the reference model: runs the MSP430 ELF in
//! `translator::model` from `piskrs_main` with the same faked DOS as the
//! lockstep differ (examples/lockstep.rs, whose loader this copies), and
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

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let elf_path = args
        .get(1)
        .map(String::as_str)
        .unwrap_or("target/msp430-dos/dos/piskrs");
    let cmdtail = args.get(2).cloned().unwrap_or(" /BENCH /FIXED".into());
    let env = |k: &str, d: u64| -> u64 {
        std::env::var(k)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(d)
    };
    let skip = env("TRACE_SKIP", 0);
    let max = env("TRACE_MAX", u64::MAX);
    let parts: Vec<String> = std::env::var("TRACE_FN")
        .unwrap_or_default()
        .split(',')
        .filter(|s| !s.is_empty())
        .map(String::from)
        .collect();
    let dump: Option<(usize, u16, u16)> = std::env::var("TRACE_DUMP").ok().map(|v| {
        let mut it = v.split(',').map(|x| x.parse::<u16>().unwrap());
        (
            it.next().unwrap() as usize,
            it.next().unwrap(),
            it.next().unwrap(),
        )
    });
    // TRACE_AFTER=part: nothing is traced before the first entry of that function.
    let after = std::env::var("TRACE_AFTER").ok();
    let elf = std::fs::read(elf_path).expect("read the ELF");
    let image = translator::program::build(&elf).expect("translate");
    let p = load(&elf, image);
    let traced: HashMap<u16, String> = p
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
    let after_at: Option<u16> = after.as_ref().map(|part| {
        p.functions
            .iter()
            .find(|f| f.0.contains(part.as_str()))
            .expect("TRACE_AFTER: no such function")
            .1
    });
    let mut armed = after_at.is_none();
    for (a, n) in &traced {
        eprintln!("tracing {a:#06x} {n}");
    }
    let mut cpu = Cpu::new();
    cpu.mem.copy_from_slice(&p.model_mem);
    prepare_segment(&mut cpu.mem, &p, cmdtail.as_bytes());
    let mut far = Far {
        mem: vec![0; 0x100000],
    };
    let tail_at = lin(SEG + 0x1000, p.image.tail_at) as usize;
    far.mem[tail_at..tail_at + p.tail.len()].copy_from_slice(&p.tail);
    let natives = model_natives(&p.natives);
    let mut dos = Dos::default();
    cpu.regs[1] = SP0;
    cpu.push(STOP);
    cpu.regs[0] = p.main_msp;
    // Open traced calls: (return address, SP at entry, short name, depth).
    let ret_dump = env("TRACE_RET_DUMP", 0) as u16;
    // TRACE_FAR=first,count: the far table's words (DS+1000h:4*i) at each entry.
    let far_words: Option<(u32, u32)> = std::env::var("TRACE_FAR").ok().map(|v| {
        let mut it = v.split(',').map(|x| x.parse::<u32>().unwrap());
        (it.next().unwrap(), it.next().unwrap())
    });
    let mut open: Vec<(u16, u16, String, u16)> = Vec::new();
    let mut count = 0u64;
    let mut lines = 0u64;
    let end = loop {
        let pc = cpu.regs[0];
        if pc == STOP {
            break format!("piskrs_main returned {:#x}", cpu.regs[12]);
        }
        if lines >= max {
            break "TRACE_MAX".into();
        }
        while let Some(top) = open.last() {
            if pc == top.0 && cpu.regs[1] == top.1.wrapping_add(2) {
                let (_, _, name, r12) = open.pop().unwrap();
                if count > skip {
                    let mut s = String::new();
                    for i in 0..ret_dump {
                        s += &format!("{:02x}", cpu.read_byte(r12.wrapping_add(i)));
                    }
                    println!(
                        "{}< {} r12={:04x} r13={:04x} at-r12={}",
                        " ".repeat(open.len()),
                        name,
                        cpu.regs[12],
                        cpu.regs[13],
                        s
                    );
                    lines += 1;
                }
            } else {
                break;
            }
        }
        if Some(pc) == after_at {
            armed = true;
        }
        if let Some(name) = traced.get(&pc).filter(|_| armed) {
            count += 1;
            let sp = cpu.regs[1];
            let name = name.clone();
            if count > skip {
                let mut s = format!(
                    "{}> {} r12={:04x} r13={:04x} r14={:04x} r15={:04x} stack={:04x} {:04x} {:04x}",
                    " ".repeat(open.len()),
                    name,
                    cpu.regs[12],
                    cpu.regs[13],
                    cpu.regs[14],
                    cpu.regs[15],
                    cpu.read_word(sp.wrapping_add(2)),
                    cpu.read_word(sp.wrapping_add(4)),
                    cpu.read_word(sp.wrapping_add(6)),
                );
                if let Some((reg, off, len)) = dump {
                    s += " dump=";
                    for i in 0..len {
                        s += &format!("{:02x}", cpu.read_byte(cpu.regs[reg].wrapping_add(off + i)));
                    }
                }
                if let Some((first, n)) = far_words {
                    s += " far=";
                    for i in first..first + n {
                        let l = lin(SEG + 0x1000, 0) + 4 * i;
                        s += &format!(
                            "{:08x} ",
                            u32::from_le_bytes([0, 1, 2, 3].map(|k| far.mem[(l + k) as usize]))
                        );
                    }
                }
                println!("{s}");
                lines += 1;
            }
            open.push((cpu.read_word(sp), sp, name, cpu.regs[12]));
        }
        if let Some((name, libcall)) = natives.get(&pc) {
            if let Some(end) = model_runtime(name, *libcall, &mut cpu, &mut far, &mut dos) {
                break end;
            }
            cpu.regs[0] = cpu.pop();
            cpu.steps += 1;
            continue;
        }
        if let Err(e) = cpu.step() {
            break format!("model error: {e}");
        }
    };
    eprintln!(
        "{end} after {} instructions; output:\n{}",
        cpu.steps,
        String::from_utf8_lossy(&dos.out)
    );
}
