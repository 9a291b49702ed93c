//! `cargo com`: builds target/PISKRS.COM.
//!
//! It links the DOS build (`cargo dos-build`: an ELF whose image starts at
//! 100h, see link.x), takes from it the image (code and data up to
//! `__image_end`) and the tail (link.x's `.tail`: the far texts, the messages
//! and the help, which the program reads from far memory), packs both
//! (`lz.rs`) and writes them behind the loader (`stub.rs`) that unpacks them
//! when DOS starts the file. The program finds everything where the linker
//! put it, as if DOS had loaded the image itself.
//!
//! The tree's engine (the bin `tree-engine`, src/bin/tree_engine.rs) is built
//! first and packed as a third part, which the loader unpacks to offset 100h
//! of the engine's segment when the program first calls it: for PISKRS.COM
//! linked for the 386, for PISKRS86.COM (`build_com86`) compiled for msp430
//! and translated too (the translator's engine mode).
//!
//! `cargo tree-com` builds target/PISKTREE.COM and its 8086 twin
//! target/PISKTR86.COM the same ways from the tree's benchmark (the bin
//! `pisktree`, src/bin/pisktree.rs): not shipped, only measured
//! (tests/dosbox/tree_bench.js) and checked against the host
//! (tests/dosbox/tree.test.js).
//!
//! `cargo run -p xtask -- weigh t0.2 b0.1` (weigh.rs) measures the last
//! build's images packed at other weights of a cycle.

mod decoders;
mod lz;
mod lz_bits;
mod stub;
mod weigh;

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use object::{Object, ObjectSection, ObjectSymbol};

/// The linked DOS build, from the workspace's root.
const ELF: &str = "target/i8086-dos/dos/piskrs";
/// The file it becomes.
const COM: &str = "target/PISKRS.COM";
/// The 8086 build: the linked msp430 ELF and the file it becomes.
const ELF86: &str = "target/msp430-dos/dos/piskrs";
const COM86: &str = "target/PISKRS86.COM";
/// DOS loads a .COM of at most this many bytes.
const MAX_COM: usize = 0xFF00;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("com") => build_com(),
        Some("tree-com") => build_tree_com(),
        Some("weigh") => weigh::run(&args[1..]),
        _ => Err("usage: cargo com  (xtask com: builds target/PISKRS.COM); \
                  cargo tree-com  (xtask tree-com: target/PISKTREE.COM); \
                  xtask weigh t0.2 b0.1 ...  (the images packed at those weights)"
            .into()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("xtask: {message}");
            ExitCode::FAILURE
        }
    }
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// The tree's engine (the bin `tree-engine`, src/bin/tree_engine.rs): linked like
/// a .COM in the profile dos-engine; its image goes into PISKRS.COM as a
/// part the loader unpacks to offset 100h of the engine's segment.
/// Built by the aliases `engine-build` and `engine86-build` (.cargo/config.toml:
/// the profile dos-engine, for speed).
const ENGINE_ELF: &str = "target/i8086-dos/dos-engine/tree-engine";
/// The least stack the engine's segment must leave it (the search's state
/// and its recursion; docs/memory.md): the 386 engine's deepest computed
/// path is some 13.5 KB (tests/build/checks.test.js checks it), the 8086
/// engine's deepest measured some 9 KB.
const ENGINE_MIN_STACK: u32 = 15 * 1024;

fn build_com() -> Result<(), String> {
    let root = root();
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let engine = engine_image(&root, &cargo)?;
    let game = ["--bin", "piskrs"];
    let mut program = dos_build(&root, &cargo, &game, ELF, "the DOS build")?;
    program.add_engine(engine)?;
    write_com(&root, COM, &program)?;
    build_com86(&root, &cargo, &game, ELF86, COM86, true)
}

/// The tree's engine for the 8086 build: the msp430 ELF the translator
/// turns into an engine whose far entry is its runtime's (engine mode).
const ENGINE_ELF86: &str = "target/msp430-dos/dos-engine/tree-engine";

/// Says how much stack the engine's segment leaves it above `floor` (the
/// end of its image and .bss); an error when less than ENGINE_MIN_STACK.
fn engine_stack(elf: &str, floor: u16) -> Result<(), String> {
    let stack = 0xFFFE_u32.saturating_sub(floor as u32);
    println!(
        "{elf}: the tree's engine: image and .bss end at {floor:#06x}, {stack} bytes of stack"
    );
    if stack < ENGINE_MIN_STACK {
        return Err(format!(
            "the tree's engine leaves {stack} bytes of stack, less than {ENGINE_MIN_STACK}"
        ));
    }
    Ok(())
}

/// Builds the tree's engine for msp430 and translates it (engine mode):
/// its image from 100h, .bss's zeros included.
fn engine_image86(root: &Path, cargo: &str) -> Result<Vec<u8>, String> {
    run_cargo(
        root,
        cargo,
        "engine86-build",
        &[],
        "the tree's engine (msp430)",
    )?;
    let elf = std::fs::read(root.join(ENGINE_ELF86)).map_err(|e| format!("{ENGINE_ELF86}: {e}"))?;
    let image = translator::program::build(&elf).map_err(|e| format!("{ENGINE_ELF86}: {e}"))?;
    if !image.engine {
        return Err(format!("{ENGINE_ELF86}: not the tree's engine"));
    }
    println!(
        "{ENGINE_ELF86}: the tree's engine: MSP430 code {} -> 8086 code {} + runtime {}; data {}, .bss {}",
        image.msp430_code, image.translated_code, image.runtime_code, image.data, image.bss,
    );
    engine_stack(ENGINE_ELF86, image.stack_floor)?;
    Ok(image.bytes)
}

/// Builds the tree's engine and gives its image (code and data from 100h).
fn engine_image(root: &Path, cargo: &str) -> Result<Vec<u8>, String> {
    run_cargo(root, cargo, "engine-build", &[], "the tree's engine")?;
    let bytes = std::fs::read(root.join(ENGINE_ELF)).map_err(|e| format!("{ENGINE_ELF}: {e}"))?;
    let file = object::File::parse(&*bytes).map_err(|e| format!("{ENGINE_ELF}: {e}"))?;
    let floor = symbol(&file, ENGINE_ELF, "__stack_floor")?;
    engine_stack(ENGINE_ELF, floor as u16)?;
    Ok(Program::read(&bytes, ENGINE_ELF)?.image)
}

/// The address of symbol `name` in `file`.
fn symbol(file: &object::File, elf: &str, name: &str) -> Result<u64, String> {
    file.symbols()
        .find(|s| s.name() == Ok(name))
        .map(|s| s.address())
        .ok_or_else(|| format!("{elf} has no symbol {name}"))
}

/// Runs `cargo dos-build` with `extra` arguments and reads the program
/// from the ELF it links at `elf`; `what` names the build in an error.
fn dos_build(
    root: &Path,
    cargo: &str,
    extra: &[&str],
    elf: &str,
    what: &str,
) -> Result<Program, String> {
    run_cargo(root, cargo, "dos-build", extra, what)?;
    let bytes = std::fs::read(root.join(elf)).map_err(|e| format!("{elf}: {e}"))?;
    Program::read(&bytes, elf)
}

/// Runs `cargo ALIAS --quiet` with `extra` arguments; `what` names the build
/// in an error.
fn run_cargo(
    root: &Path,
    cargo: &str,
    alias: &str,
    extra: &[&str],
    what: &str,
) -> Result<(), String> {
    let status = Command::new(cargo)
        .current_dir(root)
        .args([alias, "--quiet"])
        .args(extra)
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if !status.success() {
        return Err(format!("{what} failed"));
    }
    Ok(())
}

/// The tree's benchmark (the bin `pisktree`, src/bin/pisktree.rs).
const TREE_ELF: &str = "target/i8086-dos/dos/pisktree";
const TREE_COM: &str = "target/PISKTREE.COM";
const TREE_ELF86: &str = "target/msp430-dos/dos/pisktree";
const TREE_COM86: &str = "target/PISKTR86.COM";

fn build_tree_com() -> Result<(), String> {
    let root = root();
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let extra = ["--bin", "pisktree"];
    let program = dos_build(&root, &cargo, &extra, TREE_ELF, "the tree's benchmark")?;
    write_com(&root, TREE_COM, &program)?;
    build_com86(&root, &cargo, &extra, TREE_ELF86, TREE_COM86, false)
}

/// Packs a program and writes it behind the loader; says what it wrote.
fn write_com(root: &Path, name: &str, program: &Program) -> Result<(), String> {
    let com = pack(program)?;
    std::fs::write(root.join(name), &com.bytes).map_err(|e| format!("{name}: {e}"))?;
    let engine = match &program.engine {
        Some((engine, _)) => format!(
            ", the engine {} -> {} (unpacked at its first call, about {} cycles)",
            engine.len(),
            com.engine_stream_len,
            com.engine_cycles
        ),
        None => String::new(),
    };
    println!(
        "{name}: {} bytes: a {}-byte loader, the image {} -> {}, the far texts {} -> {}{engine}; \
         needs {} KB; unpacking at start about {} cycles",
        com.bytes.len(),
        com.stub_len,
        program.image.len(),
        com.image_stream_len,
        program.tail.len(),
        com.tail_stream_len,
        com.kb_needed,
        com.start_cycles,
    );
    Ok(())
}

/// An 8086 build: the program for msp430 (`cargo dos86-build` with `extra`
/// arguments, link86.x, linked at `elf`), translated to 8086 code
/// (translator/), packed like PISKRS.COM and written to `com`; with
/// `with_engine` (PISKRS86.COM), the tree's engine translated too, in its
/// far texts as in PISKRS.COM.
fn build_com86(
    root: &Path,
    cargo: &str,
    extra: &[&str],
    elf_path: &str,
    com: &str,
    with_engine: bool,
) -> Result<(), String> {
    let engine = if with_engine {
        Some(engine_image86(root, cargo)?)
    } else {
        None
    };
    run_cargo(root, cargo, "dos86-build", extra, "the 8086 build (msp430)")?;
    let elf = std::fs::read(root.join(elf_path)).map_err(|e| format!("{elf_path}: {e}"))?;
    let image = translator::program::build(&elf)?;
    let reserve = stack_reserve(&elf, elf_path)?;
    let free = 0xFFFE_i32 - image.stack_floor as i32 - reserve as i32;
    println!(
        "{com}: MSP430 code {} -> 8086 code {} + runtime {}; data {}; the image ends at {:#06x}; \
         the stack's {reserve} bytes leave {free} bytes of the segment free",
        image.msp430_code, image.translated_code, image.runtime_code, image.data, image.stack_floor,
    );
    if free < 0 {
        // Not yet a file to ship (issue 20 is open): say so, remove a stale
        // one, and leave PISKRS.COM's build a success.
        let _ = std::fs::remove_file(root.join(com));
        println!(
            "{com}: NOT WRITTEN: code + data + the reserved stack ({reserve} bytes, link86.x) \
             pass the TINY model's one segment by {} bytes",
            -free
        );
        return Ok(());
    }
    let mut program = Program {
        image: image.bytes,
        tail: image.tail,
        tail_at: image.tail_at,
        program_paragraphs: image.program_paragraphs,
        engine_at: 0,
        engine: None,
    };
    if let Some(engine) = engine {
        let file = object::File::parse(&*elf).map_err(|e| format!("{elf_path}: {e}"))?;
        program.engine_at = symbol(&file, elf_path, "piskrs_engine_at")? as u16;
        program.add_engine(engine)?;
    }
    write_com(root, com, &program)
}

/// link86.x's STACK_RESERVE (an absolute symbol in the ELF).
fn stack_reserve(elf: &[u8], name: &str) -> Result<u16, String> {
    let file = object::File::parse(elf).map_err(|e| format!("{name}: {e}"))?;
    file.symbols()
        .find(|s| s.name() == Ok("STACK_RESERVE"))
        .map(|s| s.address() as u16)
        .ok_or_else(|| format!("{name} has no STACK_RESERVE"))
}

/// What the linker made, as the loader must place it.
struct Program {
    /// Code and data from 100h up to `__image_end`.
    image: Vec<u8>,
    /// The tail (the far texts), and where in far memory it goes.
    tail: Vec<u8>,
    tail_at: u16,
    /// Paragraphs from our segment's start that the program uses.
    program_paragraphs: u16,
    /// The tree's engine's segment, in paragraphs from ours (0: none).
    engine_at: u16,
    /// The tree's engine's image (from its 100h) and its segment.
    engine: Option<(Vec<u8>, u16)>,
}

impl Program {
    /// The program `elf` links (its name for the errors). A program without
    /// far texts (the tree's engine) has an empty tail.
    fn read(elf: &[u8], name: &str) -> Result<Program, String> {
        let file = object::File::parse(elf).map_err(|e| format!("{name}: {e}"))?;
        let origin = stub::ORIGIN as u64;
        let image_end = symbol(&file, name, "__image_end")?;
        let mut image = vec![0u8; (image_end - origin) as usize];
        let mut tail = Vec::new();
        for section in file.sections() {
            let section_name = section.name().unwrap_or("");
            let data = section
                .data()
                .map_err(|e| format!("{name}: {section_name}: {e}"))?;
            if section_name == ".tail" {
                tail = data.to_vec();
            } else if section.address() >= origin
                && section.address() < image_end
                && !data.is_empty()
            {
                let start = (section.address() - origin) as usize;
                let end = start + data.len();
                if end > image.len() {
                    return Err(format!("{name}: {section_name} ends past __image_end"));
                }
                image[start..end].copy_from_slice(data);
            }
        }
        let optional = |symbol_name: &str| symbol(&file, name, symbol_name).unwrap_or(0) as u16;
        Ok(Program {
            image,
            tail,
            tail_at: optional("piskrs_tail_at"),
            program_paragraphs: optional("piskrs_program_paragraphs"),
            engine_at: optional("piskrs_engine_at"),
            engine: None,
        })
    }

    /// Takes the tree's engine's image, for offset 100h of its segment,
    /// which must lie past the far texts and inside the program's memory.
    fn add_engine(&mut self, engine: Vec<u8>) -> Result<(), String> {
        if self.engine_at <= 0x1000 {
            return Err("the program names no place for the tree's engine".into());
        }
        let engine_offset = (self.engine_at as usize - 0x1000) * 16 + stub::ORIGIN as usize;
        let tail_end = self.tail_at as usize + self.tail.len();
        if engine_offset < tail_end {
            return Err("the tree's engine would lie over the far texts".into());
        }
        if stub::ORIGIN as usize + engine.len() > 0xFFFF
            || self.engine_at as usize + 0x1000 > self.program_paragraphs as usize
        {
            return Err("the tree's engine passes its segment or the program's memory".into());
        }
        self.engine = Some((engine, self.engine_at));
        Ok(())
    }
}

struct Com {
    bytes: Vec<u8>,
    stub_len: usize,
    image_stream_len: usize,
    tail_stream_len: usize,
    engine_stream_len: usize,
    kb_needed: u32,
    /// The decoder's cycles for the image and the texts, and for the engine
    /// (the parse's model).
    start_cycles: u64,
    engine_cycles: u64,
}

/// How a part is packed: `lz`'s byte tokens, quick to unpack, for the
/// image; `lz_bits`, denser and slower, for the far texts and the engine
/// (unpacked once, when Strong first plays). Each with how its parse weighs
/// a cycle of the decoder against a bit of the file (docs/benchmarks.md,
/// "The start").
#[derive(Clone, Copy)]
enum Packing {
    Tokens(f64),
    Bits(f64),
}

/// The image: weighing a cycle as a fifth of a bit made PISKRS86.COM's
/// image 611 bytes bigger and its unpacking some 51,700 cycles quicker than
/// packing it smallest (docs/benchmarks.md, "The start").
const IMAGE_PACKING: Packing = Packing::Tokens(0.2);
/// The texts and the engine: weighing a cycle as a tenth of a bit made
/// PISKRS86.COM's texts 26 bytes bigger and 5,400 cycles quicker to unpack
/// than packing them smallest, its engine 46 bytes and 12,300 cycles.
const TEXTS_PACKING: Packing = Packing::Bits(0.1);
const ENGINE_PACKING: Packing = Packing::Bits(0.1);

impl Packing {
    fn pack(self, data: &[u8]) -> Vec<u8> {
        match self {
            Packing::Tokens(cycle_bits) => lz::pack(data, cycle_bits),
            Packing::Bits(cycle_bits) => lz_bits::pack(data, cycle_bits),
        }
    }

    fn in_place_gap(self, stream: &[u8]) -> usize {
        match self {
            Packing::Tokens(_) => lz::in_place_gap(stream),
            Packing::Bits(_) => lz_bits::in_place_gap(stream),
        }
    }

    fn unpack_in_place(self, stream: &[u8], gap: usize, out_len: usize) -> Option<Vec<u8>> {
        match self {
            Packing::Tokens(_) => lz::unpack_in_place(stream, gap, out_len),
            Packing::Bits(_) => lz_bits::unpack_in_place(stream, gap, out_len),
        }
    }

    /// About how many cycles the loader's decoder takes.
    fn cycles(self, stream: &[u8]) -> u64 {
        match self {
            Packing::Tokens(_) => lz::cycles(stream),
            Packing::Bits(_) => lz_bits::cycles(stream),
        }
    }
}

/// A part packed, checked to unpack where it will lie; and its gap.
fn pack_part(data: &[u8], packing: Packing, what: &str) -> Result<(Vec<u8>, stub::Part), String> {
    let stream = packing.pack(data);
    let gap = packing.in_place_gap(&stream);
    if packing.unpack_in_place(&stream, gap, data.len()).as_deref() != Some(data) {
        return Err(format!(
            "{what}: the packed stream does not unpack to itself"
        ));
    }
    let part = stub::Part {
        stream_len: u16::try_from(stream.len()).map_err(|_| format!("{what} is too big"))?,
        gap: u16::try_from(gap).map_err(|_| format!("{what} is too big"))?,
    };
    Ok((stream, part))
}

fn pack(program: &Program) -> Result<Com, String> {
    let (image_stream, image) = pack_part(&program.image, IMAGE_PACKING, "the image")?;
    let (tail_stream, texts) = pack_part(&program.tail, TEXTS_PACKING, "the far texts")?;
    let engine = match &program.engine {
        Some((engine, engine_at)) => Some((
            pack_part(engine, ENGINE_PACKING, "the tree's engine")?,
            *engine_at,
        )),
        None => None,
    };
    let tail_end = program.tail_at as usize + program.tail.len();
    if tail_end > (program.program_paragraphs as usize - 0x1000) * 16 {
        return Err("the tail does not fit the far memory the program claims".into());
    }
    // Each stream where it is unpacked must stay inside its segment.
    let ends = [(program.tail_at, texts), (stub::ORIGIN, image)]
        .into_iter()
        .chain(engine.as_ref().map(|((_, part), _)| (stub::ORIGIN, *part)));
    for (at, part) in ends {
        if at as usize + part.gap as usize + part.stream_len as usize > 0x10000 {
            return Err("a part's stream passes its segment where it is unpacked".into());
        }
    }
    let layout = stub::Layout {
        program_paragraphs: program.program_paragraphs,
        image,
        texts,
        tail_at: program.tail_at,
        engine: engine.as_ref().map(|((_, part), at)| (*part, *at)),
    };
    let stub = stub::assemble(&layout).map_err(|e| format!("the loader: {e}"))?;
    let mut bytes = stub.clone();
    if let Some(((stream, _), _)) = &engine {
        bytes.extend_from_slice(stream);
    }
    bytes.extend_from_slice(&tail_stream);
    bytes.extend_from_slice(&image_stream);
    assert_eq!(bytes.len() as u32, layout.file_len(stub.len() as u16));
    if bytes.len() > MAX_COM {
        return Err(format!(
            "{} bytes: DOS loads a .COM of at most {MAX_COM}",
            bytes.len()
        ));
    }
    Ok(Com {
        stub_len: stub.len(),
        image_stream_len: image_stream.len(),
        tail_stream_len: tail_stream.len(),
        engine_stream_len: engine.as_ref().map_or(0, |((s, _), _)| s.len()),
        kb_needed: layout.kb_needed(stub.len() as u16),
        start_cycles: IMAGE_PACKING.cycles(&image_stream) + TEXTS_PACKING.cycles(&tail_stream),
        engine_cycles: engine
            .as_ref()
            .map_or(0, |((s, _), _)| ENGINE_PACKING.cycles(s)),
        bytes,
    })
}
