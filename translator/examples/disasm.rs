//! Prints the 8086 code of the functions whose names contain a pattern (a
//! development aid): `cargo run -p translator --example disasm -- ELF PATTERN`.
use iced_x86::{Decoder, DecoderOptions, Formatter, NasmFormatter};

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("usage: disasm ELF PATTERN");
    let pattern = args.next().expect("usage: disasm ELF PATTERN");
    let elf = std::fs::read(&path).expect("read");
    let image = translator::program::build(&elf).expect("build");
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
