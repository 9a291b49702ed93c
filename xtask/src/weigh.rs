//! `cargo run -p xtask -- weigh W...`: how the images of the last `cargo
//! com` pack at other weights of a cycle, for docs/benchmarks.md ("The
//! start"). Each W is `t` (the image's byte tokens, `lz.rs`) or `b` (the
//! bits, `lz_bits.rs`) and a cycle's weight in bits, e.g. `t0.2 b0.1`; it
//! prints each image's packed bytes and the decoder's cycles (each
//! format's model, checked against the loader run in Unicorn by the tests).

use crate::{ELF, ELF86, Program, lz, lz_bits};

pub fn run(args: &[String]) -> Result<(), String> {
    let root = crate::root();
    let read = |elf: &str| std::fs::read(root.join(elf)).map_err(|e| format!("{elf}: {e}"));
    let images = [
        ("PISKRS.COM", Program::read(&read(ELF)?, ELF)?.image),
        (
            "PISKRS86.COM",
            translator::program::build(&read(ELF86)?)?.bytes,
        ),
    ];
    for (name, image) in &images {
        for arg in args {
            let (format, weight) = arg.split_at(arg.len().min(1));
            let weight: f64 = weight.parse().map_err(|_| format!("{arg}: not tW or bW"))?;
            let (bytes, cycles) = match format {
                "t" => {
                    let stream = lz::pack(image, weight);
                    (stream.len(), lz::cycles(&stream))
                }
                "b" => {
                    let stream = lz_bits::pack(image, weight);
                    (stream.len(), lz_bits::cycles(&stream))
                }
                _ => return Err(format!("{arg}: not tW or bW")),
            };
            println!(
                "{name}'s image {} bytes, {arg}: {bytes} bytes, about {cycles} cycles",
                image.len()
            );
        }
    }
    Ok(())
}
