//! Prints the 8086 code of the functions whose names contain a pattern (a
//! development aid): `cargo run -p translator --example disasm -- ELF PATTERN`.
use iced_x86::{Decoder, DecoderOptions, Formatter, NasmFormatter};

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("usage: disasm ELF PATTERN");
    let pattern = args.next().expect("usage: disasm ELF PATTERN");
    let elf = std::fs::read(&path).expect("read");
    let image = translator::program::build(&elf).expect("build");
    // DISASM_CALLS=1: how many calls name each runtime routine.
    if std::env::var_os("DISASM_CALLS").is_some() {
        let code = &image.bytes[(image.code.0 - 0x100) as usize..(image.code.1 - 0x100) as usize];
        let mut calls = std::collections::HashMap::new();
        for i in Decoder::with_ip(16, code, image.code.0 as u64, DecoderOptions::NONE) {
            if i.code() == iced_x86::Code::Call_rel16
                && let Some(r) = image
                    .runtime_routines
                    .iter()
                    .find(|r| r.1 as u64 == i.near_branch_target())
            {
                *calls.entry(r.0.clone()).or_insert(0) += 1;
            }
        }
        let mut calls: Vec<_> = calls.into_iter().collect();
        calls.sort_by_key(|c| std::cmp::Reverse(c.1));
        for (name, n) in calls {
            println!("{n:5} calls of {name}");
        }
    }
    let mut functions = image.functions.clone();
    functions.sort_by_key(|f| f.1);
    for (i, (name, start)) in functions.iter().enumerate() {
        if !name.contains(&pattern) {
            continue;
        }
        let end = functions.get(i + 1).map_or(image.code.1, |f| f.1);
        println!("{name} ({} bytes):", end - start);
        let from = (*start - 0x100) as usize;
        let bytes = &image.bytes[from..(end - 0x100) as usize];
        let mut decoder = Decoder::with_ip(16, bytes, *start as u64, DecoderOptions::NONE);
        let mut formatter = NasmFormatter::new();
        let mut text = String::new();
        for instruction in &mut decoder {
            text.clear();
            formatter.format(&instruction, &mut text);
            println!("  {:04x}  {text}", instruction.ip());
        }
    }
}
