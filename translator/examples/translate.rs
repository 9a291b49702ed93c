//! Translates an MSP430 ELF and prints the sizes (a development aid).
fn main() {
    let path = std::env::args().nth(1).expect("usage: translate ELF");
    let elf = std::fs::read(&path).expect("read");
    match translator::program::build(&elf) {
        Ok(image) => {
            println!(
                "msp430 code {} -> translated {} + runtime {}; data {}, bss {}; image end {:#x}",
                image.msp430_code,
                image.translated_code,
                image.runtime_code,
                image.data,
                image.bss,
                image.stack_floor
            );
            if let Some(out) = std::env::args().nth(2) {
                std::fs::write(out, &image.bytes).unwrap();
            }
        }
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(1);
        }
    }
}
