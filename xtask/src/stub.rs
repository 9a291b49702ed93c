//! The loader at the start of PISKRS.COM: 8086 code that unpacks the program.
//!
//! DOS loads a .COM of at most FF00h bytes at offset 100h of one segment. The
//! program's image (code and data), its far texts (the messages and the help)
//! and the tree's engine would not fit in that together, so the file holds
//! them packed behind this stub: the image in `lz.rs`'s byte tokens, quick
//! to unpack at every start; the texts and the engine in `lz_bits.rs`'s
//! denser bits:
//!
//! ```text
//! file:  [stub, its groups, its message] [engine stream] [texts stream] [image stream]
//! ```
//!
//! Each part is unpacked where it lies, its stream in the same segment as its
//! output and far enough into it (`in_place_gap` of its format) that the
//! output never overtakes the stream: the decoders (`decoders.rs`) need no
//! segment switch, so a match is a `rep movsb`. The stub, in code any 8086 runs (so
//! that the program's own check for a 386 still gets to speak):
//! 1. checks that DOS gave enough memory (PSP:0002 is the end of our block):
//!    our segment, the far memory the program uses, and room above it for a
//!    copy of the stub and the engine's stream. If not, it prints how much
//!    is needed and exits with errorlevel 1;
//! 2. copies the texts' stream to its place in far memory (our segment +
//!    1000h, at the offset the program names, plus its gap), then itself and
//!    the engine's stream to the same offsets of the segment above the
//!    program's memory, takes its stack there and jumps into the copy;
//! 3. builds the token decoder's two tables from the groups (`lz::tables`),
//!    unpacks the texts, moves the image's stream up to its gap if it lies lower, and
//!    unpacks the image to offset 100h of our segment, where the linker put it;
//! 4. puts at the engine's entry (offset 100h of its segment) a far jump to
//!    `lazy` in the copy: the engine is unpacked only when the program first
//!    calls it (Strong's first move; a start does not wait for it). `lazy`
//!    copies the engine's stream to its gap, unpacks it over the jump and
//!    goes on into the engine with the caller's DS:SI and CX, as if called
//!    there. The copy lies above all the memory the program uses, so it stays;
//! 5. jumps to 100h with DS = ES = SS = our segment and SP = FFFEh over a
//!    zero word, as if DOS had loaded the image itself.
//!
//! BP keeps our segment throughout (the decoders leave it).

use iced_x86::BlockEncoderOptions;
use iced_x86::code_asm::*;

use crate::{decoders, lz};

/// Where DOS puts a .COM's first byte.
pub const ORIGIN: u16 = 0x100;
/// The stub's stack in the copy, above the decoder's tables.
const STACK: u16 = 256;

/// A packed part: its stream's length and how far into its output's place
/// the stream must start (`lz::in_place_gap`).
#[derive(Clone, Copy, Debug)]
pub struct Part {
    pub stream_len: u16,
    pub gap: u16,
}

/// What the stub must know about the program and the file.
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    /// Paragraphs from our segment's start that the program uses: the
    /// segment, then its far memory.
    pub program_paragraphs: u16,
    /// The image, unpacked to 100h of our segment.
    pub image: Part,
    /// The far texts, unpacked to `tail_at` in far memory.
    pub texts: Part,
    pub tail_at: u16,
    /// The tree's engine and its segment, in paragraphs from ours (none in
    /// the tree's benchmark build).
    pub engine: Option<(Part, u16)>,
}

/// Where the stub put things, learned by assembling it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Places {
    stub_len: u16,
    in_copy: u16,
    lazy: u16,
    groups: u16,
    /// The token decoder, up to the bit decoder (the tests count its cycles).
    tokens: u16,
    bits: u16,
}

impl Layout {
    fn engine_stream_len(&self) -> u16 {
        self.engine.map_or(0, |(part, _)| part.stream_len)
    }

    /// The bytes from 100h copied above the program: the stub and the
    /// engine's stream.
    fn copied_len(&self, stub_len: u16) -> u16 {
        stub_len + self.engine_stream_len()
    }

    /// The decoder's tables in the copy (256 lengths, then 256 high bytes),
    /// and the top of the stub's stack there.
    fn tables_at(&self, stub_len: u16) -> u16 {
        (ORIGIN + self.copied_len(stub_len)).next_multiple_of(2)
    }

    fn stack_top(&self, stub_len: u16) -> u16 {
        self.tables_at(stub_len) + 512 + STACK
    }

    /// Where each stream lies in the file, from 100h.
    fn texts_offset(&self, stub_len: u16) -> u16 {
        self.copied_len(stub_len)
    }

    fn image_offset(&self, stub_len: u16) -> u16 {
        self.texts_offset(stub_len) + self.texts.stream_len
    }

    /// The file's length.
    pub fn file_len(&self, stub_len: u16) -> u32 {
        self.image_offset(stub_len) as u32 + self.image.stream_len as u32
    }

    /// The paragraphs DOS must give: the program's and the copy's.
    pub fn paragraphs_needed(&self, stub_len: u16) -> u16 {
        self.program_paragraphs + self.stack_top(stub_len).div_ceil(16)
    }

    /// The same in KB, rounded up: what the refusal says.
    pub fn kb_needed(&self, stub_len: u16) -> u32 {
        (self.paragraphs_needed(stub_len) as u32 * 16).div_ceil(1024)
    }
}

/// The stub's code, groups and message for `layout`.
pub fn assemble(layout: &Layout) -> Result<Vec<u8>, String> {
    settle(layout).map(|(stub, _)| stub)
}

/// The stub and its places. The places depend on the stub's length and its
/// length on the values in it (a message's figure, an immediate's size):
/// assemble until they stop changing.
fn settle(layout: &Layout) -> Result<(Vec<u8>, Places), String> {
    let mut places = Places::default();
    for _ in 0..8 {
        let (stub, found) = assemble_at(layout, places).map_err(|e| e.to_string())?;
        if found == places {
            return Ok((stub, places));
        }
        places = found;
    }
    Err("the stub's places do not settle".into())
}

/// The stub for the places `at` (a guess); and where things did land.
fn assemble_at(layout: &Layout, at: Places) -> Result<(Vec<u8>, Places), IcedError> {
    let message = format!(
        "PISKRS needs {} KB of free memory.\r\n$",
        layout.kb_needed(at.stub_len)
    );
    let message_at = ORIGIN + at.stub_len - message.len() as u16;
    let tables_at = layout.tables_at(at.stub_len);

    let mut a = CodeAssembler::new(16)?;
    let mut in_copy = a.create_label();
    let mut lazy = a.create_label();
    let mut unpack = a.create_label();
    let mut unpack_bits = a.create_label();
    let mut groups = a.create_label();

    check_memory_and_copy(&mut a, layout, at, message_at)?;
    a.set_label(&mut in_copy)?;
    build_tables(&mut a, at, tables_at)?;
    unpack_texts_and_image(&mut a, layout, at, unpack, unpack_bits)?;
    if let Some((_, engine_at)) = layout.engine {
        point_engine_at_lazy(&mut a, engine_at, at)?;
    }
    start_program(&mut a)?;
    if let Some((engine, engine_at)) = layout.engine {
        a.set_label(&mut lazy)?;
        lazy_engine(&mut a, layout, at, engine, engine_at, unpack_bits)?;
    }
    decoders::tokens(
        &mut a,
        &mut unpack,
        tables_at,
        lz::Codes::shipped().first_match(),
    )?;
    decoders::bits(&mut a, &mut unpack_bits)?;

    // The groups (length, codes), a 0 after them; the message ends the stub.
    a.set_label(&mut groups)?;
    for (length, codes) in lz::Codes::shipped().stub_groups() {
        a.db(&[length, codes])?;
    }
    a.db(&[0, 0])?;
    a.db(message.as_bytes())?;

    let result = a.assemble_options(
        ORIGIN as u64,
        BlockEncoderOptions::RETURN_NEW_INSTRUCTION_OFFSETS,
    )?;
    let found = Places {
        stub_len: result.inner.code_buffer.len() as u16,
        in_copy: result.label_ip(&in_copy)? as u16,
        lazy: match layout.engine {
            Some(_) => result.label_ip(&lazy)? as u16,
            None => 0,
        },
        groups: result.label_ip(&groups)? as u16,
        tokens: result.label_ip(&unpack)? as u16,
        bits: result.label_ip(&unpack_bits)? as u16,
    };
    Ok((result.inner.code_buffer, found))
}

/// Steps 1 and 2: enough memory, or the message and errorlevel 1; the
/// texts' stream to its gap in far memory; the stub and the engine's stream
/// to the copy above the program's memory, the stack there, and on into the
/// copy. BP keeps our segment from here on (the decoder uses BX).
fn check_memory_and_copy(
    a: &mut CodeAssembler,
    layout: &Layout,
    at: Places,
    message_at: u16,
) -> Result<(), IcedError> {
    let mut enough = a.create_label();
    // PSP:0002 is the paragraph after our block.
    a.cld()?;
    a.mov(ax, word_ptr(2u32))?;
    a.mov(bp, cs)?;
    a.sub(ax, bp)?;
    a.cmp(ax, layout.paragraphs_needed(at.stub_len) as u32)?;
    a.jae(enough)?;
    a.mov(dx, message_at as u32)?;
    a.mov(ah, 0x09)?; // print up to the '$'
    a.int(0x21)?;
    a.mov(ax, 0x4C01u32)?; // exit, errorlevel 1
    a.int(0x21)?;
    a.set_label(&mut enough)?;
    a.mov(ax, bp)?;
    a.add(ax, 0x1000u32)?;
    a.mov(es, ax)?;
    a.mov(si, (ORIGIN + layout.texts_offset(at.stub_len)) as u32)?;
    a.mov(di, (layout.tail_at + layout.texts.gap) as u32)?;
    a.mov(cx, layout.texts.stream_len.div_ceil(2) as u32)?;
    a.rep().movsw()?;
    a.mov(ax, bp)?;
    a.add(ax, layout.program_paragraphs as u32)?;
    a.mov(es, ax)?;
    a.mov(si, ORIGIN as u32)?;
    a.mov(di, si)?;
    a.mov(cx, layout.copied_len(at.stub_len).div_ceil(2) as u32)?;
    a.rep().movsw()?;
    a.cli()?;
    a.mov(ss, ax)?;
    a.mov(sp, layout.stack_top(at.stub_len) as u32)?;
    a.sti()?;
    a.push(ax)?;
    a.mov(ax, at.in_copy as u32)?;
    a.push(ax)?;
    a.retf()
}

/// Step 3's start, in the copy: the decoder's tables from the groups, each
/// code's length at `tables_at` and the high byte of its `-distance` 256
/// bytes on (`lz::Codes::tables`).
fn build_tables(a: &mut CodeAssembler, at: Places, tables_at: u16) -> Result<(), IcedError> {
    let mut next_group = a.create_label();
    let mut fill = a.create_label();
    let mut built = a.create_label();
    a.push(cs)?;
    a.pop(ds)?; // DS = ES = the copy
    a.mov(si, at.groups as u32)?;
    a.mov(di, tables_at as u32)?;
    a.xor(ax, ax)?;
    a.stosb()?; // the run's code: length 0
    a.set_label(&mut next_group)?;
    a.lodsw()?; // AL = the length, AH = its codes
    a.mov(cl, ah)?; // (CH = 0 after the REP)
    a.jcxz(built)?;
    a.mov(dl, 0xFF)?;
    a.set_label(&mut fill)?;
    a.stosb()?;
    a.mov(byte_ptr(di + 255), dl)?; // its high byte, 256 on
    a.dec(dl)?;
    a.loop_(fill)?;
    a.jmp(next_group)?;
    a.set_label(&mut built)
}

/// Step 3: the texts unpacked in far memory (`lz_bits`), then the image's
/// stream moved up to its gap if it lies lower (from its end down: the
/// places overlap) and unpacked to 100h (`lz`).
fn unpack_texts_and_image(
    a: &mut CodeAssembler,
    layout: &Layout,
    at: Places,
    unpack: CodeLabel,
    unpack_bits: CodeLabel,
) -> Result<(), IcedError> {
    a.mov(ax, bp)?;
    a.add(ax, 0x1000u32)?;
    a.mov(ds, ax)?;
    a.mov(es, ax)?;
    a.mov(si, (layout.tail_at + layout.texts.gap) as u32)?;
    a.mov(di, layout.tail_at as u32)?;
    a.call(unpack_bits)?;
    a.mov(ds, bp)?;
    a.mov(es, bp)?;
    let image_offset = layout.image_offset(at.stub_len);
    let image_at = image_offset.max(layout.image.gap);
    let words = if layout.image.gap > image_offset {
        layout.image.stream_len.div_ceil(2)
    } else {
        0
    };
    a.std()?;
    a.mov(
        si,
        (ORIGIN + image_offset + 2 * words).wrapping_sub(2) as u32,
    )?;
    a.mov(di, (ORIGIN + image_at + 2 * words).wrapping_sub(2) as u32)?;
    a.mov(cx, words as u32)?;
    a.rep().movsw()?;
    a.cld()?;
    a.mov(si, (ORIGIN + image_at) as u32)?;
    a.mov(di, ORIGIN as u32)?;
    a.call(unpack)
}

/// Step 4: at the engine's entry (100h of its segment, `engine_at`
/// paragraphs from ours) a far jump to `lazy`, here in the copy.
fn point_engine_at_lazy(
    a: &mut CodeAssembler,
    engine_at: u16,
    at: Places,
) -> Result<(), IcedError> {
    a.mov(ax, bp)?;
    a.add(ax, engine_at as u32)?;
    a.mov(es, ax)?;
    a.mov(di, ORIGIN as u32)?;
    a.mov(al, 0xEA)?; // JMP FAR
    a.stosb()?;
    a.mov(ax, at.lazy as u32)?;
    a.stosw()?;
    a.mov(ax, cs)?;
    a.stosw()
}

/// Step 5: into the program, as DOS would have started it.
fn start_program(a: &mut CodeAssembler) -> Result<(), IcedError> {
    a.cli()?;
    a.mov(ss, bp)?;
    a.mov(sp, 0xFFFEu32)?;
    a.sti()?;
    a.mov(ds, bp)?;
    a.mov(es, bp)?;
    a.xor(ax, ax)?;
    a.mov(word_ptr(0xFFFEu32), ax)?; // the image's stream may have lain there
    a.push(bp)?;
    a.mov(cx, ORIGIN as u32)?;
    a.push(cx)?;
    a.retf()
}

/// `lazy`, the engine's first call (DS:SI the request, CX its length, the
/// direction flag clear): the engine's stream from the copy to its gap in
/// the engine's segment, unpacked to 100h over the far jump, then entered
/// as if called there (the caller's DS, SI, CX and stack as they were).
fn lazy_engine(
    a: &mut CodeAssembler,
    layout: &Layout,
    at: Places,
    engine: Part,
    engine_at: u16,
    unpack_bits: CodeLabel,
) -> Result<(), IcedError> {
    a.push(ds)?;
    a.push(si)?;
    a.push(cx)?;
    a.mov(ax, cs)?;
    a.sub(ax, (layout.program_paragraphs - engine_at) as u32)?;
    a.mov(es, ax)?;
    a.push(cs)?;
    a.pop(ds)?;
    a.mov(si, (ORIGIN + at.stub_len) as u32)?;
    a.mov(di, (ORIGIN + engine.gap) as u32)?;
    a.mov(cx, engine.stream_len.div_ceil(2) as u32)?;
    a.rep().movsw()?;
    a.mov(ds, ax)?;
    a.mov(si, (ORIGIN + engine.gap) as u32)?;
    a.mov(di, ORIGIN as u32)?;
    a.call(unpack_bits)?;
    a.pop(cx)?;
    a.pop(si)?;
    a.pop(ds)?;
    a.push(es)?;
    a.mov(ax, ORIGIN as u32)?;
    a.push(ax)?;
    a.retf()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lz_bits;
    use iced_x86::{CpuidFeature, Decoder, DecoderOptions, Mnemonic};
    use unicorn_engine::{Arch, Mode, Prot, RegisterX86, Unicorn};

    /// Our segment in the emulator, and what far memory our program claims.
    const SEG: u16 = 0x1000;
    const PROGRAM_PARAGRAPHS: u16 = 0x4000;
    const TAIL_AT: u16 = 0x05A4;
    const ENGINE_AT: u16 = 0x1200;

    /// Bytes like code: pseudo-random, with stretches of repetition.
    fn code_like(len: usize, seed: u32) -> Vec<u8> {
        let mut state = seed;
        let mut data: Vec<u8> = Vec::new();
        while data.len() < len {
            state = state.wrapping_mul(1_103_515_245).wrapping_add(12345);
            let r = (state >> 16) as usize;
            if r.is_multiple_of(3) && data.len() > 40 {
                let start = data.len() - 1 - r % data.len().min(3000);
                for k in 0..(r % 20) {
                    data.push(data[start + k]);
                }
            } else {
                data.push((r >> 4) as u8);
            }
        }
        data.truncate(len);
        data
    }

    /// A program's parts, its file and its layout, as xtask's `pack` makes them.
    struct File {
        image: Vec<u8>,
        texts: Vec<u8>,
        engine: Vec<u8>,
        bytes: Vec<u8>,
        layout: Layout,
        places: Places,
    }

    fn file(image_len: usize, engine: bool) -> File {
        let image = code_like(image_len, 1);
        let texts = code_like(6000, 2);
        let engine_image = if engine {
            code_like(30_000, 3)
        } else {
            Vec::new()
        };
        let part = |stream: Vec<u8>, gap: usize| {
            let part = Part {
                stream_len: stream.len() as u16,
                gap: gap as u16,
            };
            (stream, part)
        };
        let tokens = |data: &[u8]| {
            let stream = lz::pack(data, 0.5);
            let gap = lz::in_place_gap(&stream);
            part(stream, gap)
        };
        let bits = |data: &[u8]| {
            let stream = lz_bits::pack(data, 0.1);
            let gap = lz_bits::in_place_gap(&stream);
            part(stream, gap)
        };
        let (image_stream, image_part) = tokens(&image);
        let (texts_stream, texts_part) = bits(&texts);
        let (engine_stream, engine_part) = bits(&engine_image);
        let layout = Layout {
            program_paragraphs: PROGRAM_PARAGRAPHS,
            image: image_part,
            texts: texts_part,
            tail_at: TAIL_AT,
            engine: engine.then_some((engine_part, ENGINE_AT)),
        };
        let (mut bytes, places) = settle(&layout).unwrap();
        if engine {
            bytes.extend_from_slice(&engine_stream);
        }
        bytes.extend_from_slice(&texts_stream);
        bytes.extend_from_slice(&image_stream);
        assert_eq!(bytes.len() as u32, layout.file_len(places.stub_len));
        File {
            image,
            texts,
            engine: engine_image,
            bytes,
            layout,
            places,
        }
    }

    /// The stub's instructions, up to its groups.
    fn instructions(file: &File) -> Vec<iced_x86::Instruction> {
        let code = &file.bytes[..(file.places.groups - ORIGIN) as usize];
        Decoder::with_ip(16, code, ORIGIN as u64, DecoderOptions::NONE)
            .iter()
            .collect()
    }

    fn linear(segment: u16, offset: u16) -> u64 {
        ((segment as u64) << 4) + offset as u64
    }

    /// An emulator with DOS's start of `file`: the PSP (PSP:0002 = `top`),
    /// the file at 100h, SP = FFFEh. DOS's zero word there is left out, as
    /// the end of a file of FF00h bytes would lie over it. INT 21h's calls
    /// are kept (AX); AH=4Ch ends the run.
    fn dos(file: &File, top: u16) -> Unicorn<'static, Vec<u16>> {
        let mut emu = Unicorn::new_with_data(Arch::X86, Mode::MODE_16, Vec::new()).unwrap();
        emu.mem_map(0, 0x100000, Prot::ALL).unwrap();
        // Memory as DOS leaves it: not zeroed.
        emu.mem_write(0, &vec![0xCCu8; 0x100000]).unwrap();
        emu.mem_write(linear(SEG, 0), &[0u8; 0x100]).unwrap();
        emu.mem_write(linear(SEG, 2), &top.to_le_bytes()).unwrap();
        emu.mem_write(linear(SEG, ORIGIN), &file.bytes).unwrap();
        for register in [
            RegisterX86::CS,
            RegisterX86::DS,
            RegisterX86::ES,
            RegisterX86::SS,
        ] {
            emu.reg_write(register, SEG as u64).unwrap();
        }
        emu.reg_write(RegisterX86::SP, 0xFFFE).unwrap();
        emu.add_intr_hook(|uc, _| {
            let called = uc.reg_read(RegisterX86::AX).unwrap() as u16;
            uc.get_data_mut().push(called);
            if called >> 8 == 0x4C {
                uc.emu_stop().unwrap();
            }
        })
        .unwrap();
        emu
    }

    fn read(emu: &Unicorn<Vec<u16>>, segment: u16, offset: u16, len: usize) -> Vec<u8> {
        let mut bytes = vec![0; len];
        emu.mem_read(linear(segment, offset), &mut bytes).unwrap();
        bytes
    }

    fn reg(emu: &Unicorn<Vec<u16>>, register: RegisterX86) -> u16 {
        emu.reg_read(register).unwrap() as u16
    }

    /// Runs the loader from 100h until it jumps back there, into the
    /// program. (Unicorn stops on reaching that address, so the run starts
    /// after the stub's first instruction, CLD, done here.)
    fn load(emu: &mut Unicorn<Vec<u16>>) {
        assert_eq!(read(emu, SEG, ORIGIN, 1), [0xFC], "CLD first");
        emu.reg_write(RegisterX86::FLAGS, 0x0002).unwrap();
        emu.emu_start(linear(SEG, ORIGIN + 1), linear(SEG, ORIGIN), 0, 100_000_000)
            .unwrap();
    }

    #[test]
    fn every_instruction_of_the_stub_runs_on_an_8086() {
        let code = instructions(&file(40_000, true));
        assert!(code.len() > 80);
        for instruction in &code {
            assert_ne!(instruction.mnemonic(), Mnemonic::INVALID);
            assert_eq!(
                instruction.cpuid_features(),
                &[CpuidFeature::INTEL8086],
                "{:?} at {:X} needs more than an 8086",
                instruction.code(),
                instruction.ip()
            );
        }
        // No segment prefix on a REP string instruction (an 8086 loses it
        // when an interrupt resumes the instruction).
        for instruction in code.iter().filter(|i| i.has_rep_prefix()) {
            assert_eq!(
                instruction.segment_prefix(),
                iced_x86::Register::None,
                "{:X}",
                instruction.ip()
            );
        }
    }

    #[test]
    fn the_loader_unpacks_the_image_and_the_texts_and_starts_the_program_as_dos_would() {
        for (image_len, engine) in [(45_000, true), (20_000, true), (45_000, false)] {
            let file = file(image_len, engine);
            let mut emu = dos(&file, 0xA000);
            load(&mut emu);
            assert!(emu.get_data().is_empty(), "no DOS call");
            assert_eq!(read(&emu, SEG, ORIGIN, file.image.len()), file.image);
            assert_eq!(
                read(&emu, SEG + 0x1000, TAIL_AT, file.texts.len()),
                file.texts
            );
            for register in [
                RegisterX86::CS,
                RegisterX86::DS,
                RegisterX86::ES,
                RegisterX86::SS,
            ] {
                assert_eq!(reg(&emu, register), SEG);
            }
            assert_eq!(reg(&emu, RegisterX86::SP), 0xFFFE);
            assert_eq!(read(&emu, SEG, 0xFFFE, 2), [0, 0], "the zero word");
            assert_eq!(
                emu.reg_read(RegisterX86::FLAGS).unwrap() & 0x400,
                0,
                "DF clear"
            );
            // The engine's entry: a far jump into the copy, or untouched.
            let copy = SEG + PROGRAM_PARAGRAPHS;
            let entry = read(&emu, SEG + ENGINE_AT, ORIGIN, 5);
            if engine {
                let lazy = file.places.lazy.to_le_bytes();
                let copy = copy.to_le_bytes();
                assert_eq!(entry, [0xEA, lazy[0], lazy[1], copy[0], copy[1]]);
            } else {
                assert_eq!(entry, [0xCC; 5]);
            }
        }
    }

    #[test]
    fn the_engine_is_unpacked_on_its_first_call_which_goes_on_into_it() {
        let file = file(45_000, true);
        let mut emu = dos(&file, 0xA000);
        load(&mut emu);
        // The program's far call: DS:SI a request, CX its length, a far
        // return address on its stack.
        let engine = SEG + ENGINE_AT;
        emu.reg_write(RegisterX86::DS, 0x0700).unwrap();
        emu.reg_write(RegisterX86::SI, 0x1234).unwrap();
        emu.reg_write(RegisterX86::CX, 77).unwrap();
        emu.reg_write(RegisterX86::BP, 0x5A5A).unwrap();
        emu.reg_write(RegisterX86::SP, 0xFFF0).unwrap();
        emu.mem_write(linear(SEG, 0xFFF0), &[0x34, 0x12, 0x78, 0x56])
            .unwrap();
        // The far jump at the entry (the test above checks it) taken here:
        // Unicorn stops on reaching the entry again.
        let copy = SEG + PROGRAM_PARAGRAPHS;
        emu.reg_write(RegisterX86::CS, copy as u64).unwrap();
        emu.emu_start(
            linear(copy, file.places.lazy),
            linear(engine, ORIGIN),
            0,
            100_000_000,
        )
        .unwrap();
        assert_eq!(reg(&emu, RegisterX86::CS), engine, "in the engine");
        assert_eq!(reg(&emu, RegisterX86::IP), ORIGIN);
        assert_eq!(read(&emu, engine, ORIGIN, file.engine.len()), file.engine);
        assert_eq!(
            [
                RegisterX86::DS,
                RegisterX86::SI,
                RegisterX86::CX,
                RegisterX86::BP,
                RegisterX86::SS,
                RegisterX86::SP
            ]
            .map(|r| reg(&emu, r)),
            [0x0700, 0x1234, 77, 0x5A5A, SEG, 0xFFF0],
            "the caller's request, its BP and its stack with the return address on top"
        );
        // The image stays as it was.
        assert_eq!(read(&emu, SEG, ORIGIN, file.image.len()), file.image);
    }

    #[test]
    fn the_bit_decoder_takes_the_cycles_lz_bits_counts() {
        // DOSBox-X's cycles: one an instruction, one a repetition of a REP
        // (Unicorn's code hook runs so too), in `lazy` on the engine.
        // (Unicorn runs a hook only in code translated after it was added.)
        let file = file(45_000, true);
        let mut emu = dos(&file, 0xA000);
        let counted = std::rc::Rc::new(std::cell::Cell::new(0u64));
        let count = counted.clone();
        emu.add_code_hook(0, 0xFFFFF, move |_, _, _| count.set(count.get() + 1))
            .unwrap();
        load(&mut emu);
        counted.set(0);
        let copy = SEG + PROGRAM_PARAGRAPHS;
        emu.reg_write(RegisterX86::CS, copy as u64).unwrap();
        emu.reg_write(RegisterX86::SP, 0xFFF0).unwrap();
        emu.emu_start(
            linear(copy, file.places.lazy),
            linear(SEG + ENGINE_AT, ORIGIN),
            0,
            100_000_000,
        )
        .unwrap();
        let engine = file.layout.engine.unwrap().0;
        let from = file.places.stub_len as usize;
        let stream = &file.bytes[from..from + engine.stream_len as usize];
        // Past the decoder: the stream's copy (its words) and some 25
        // instructions of `lazy`'s own.
        let lazy = counted.get() - lz_bits::cycles(stream) - engine.stream_len.div_ceil(2) as u64;
        assert!(
            (15..=35).contains(&lazy),
            "{} counted, {lazy} past the model",
            counted.get()
        );
    }

    #[test]
    fn the_token_decoder_takes_the_cycles_lz_counts() {
        // As above, counting the instructions run from the token decoder's
        // start to the bit decoder's in the copy: the image's unpacking.
        for image_len in [45_000, 20_000] {
            let file = file(image_len, true);
            let mut emu = dos(&file, 0xA000);
            let copy = linear(SEG + PROGRAM_PARAGRAPHS, 0);
            let range = copy + file.places.tokens as u64..copy + file.places.bits as u64;
            let counted = std::rc::Rc::new(std::cell::Cell::new(0u64));
            let count = counted.clone();
            emu.add_code_hook(0, 0xFFFFF, move |_, address, _| {
                if range.contains(&address) {
                    count.set(count.get() + 1)
                }
            })
            .unwrap();
            load(&mut emu);
            assert_eq!(read(&emu, SEG, ORIGIN, file.image.len()), file.image);
            let from = file.bytes.len() - file.layout.image.stream_len as usize;
            let model = lz::cycles(&file.bytes[from..]);
            let off = counted.get().abs_diff(model);
            assert!(
                off <= model / 200 + 30,
                "{} counted, the model {model}",
                counted.get()
            );
        }
    }

    #[test]
    fn with_too_little_memory_the_stub_says_how_much_it_needs_and_ends() {
        let file = file(45_000, true);
        let needed = file.layout.paragraphs_needed(file.places.stub_len);
        let mut emu = dos(&file, SEG + needed - 1);
        emu.emu_start(linear(SEG, ORIGIN), 0, 0, 100_000).unwrap();
        let calls = emu.get_data().clone();
        assert_eq!(
            calls.iter().map(|call| call >> 8).collect::<Vec<_>>(),
            [0x09, 0x4C]
        );
        assert_eq!(calls[1], 0x4C01, "errorlevel 1");
        let message = format!(
            "PISKRS needs {} KB of free memory.\r\n$",
            (needed as u32 * 16).div_ceil(1024)
        );
        let message_at = reg(&emu, RegisterX86::DX);
        assert_eq!(
            read(&emu, SEG, message_at, message.len()),
            message.as_bytes()
        );
        // With exactly enough, it loads.
        let mut emu = dos(&file, SEG + needed);
        load(&mut emu);
        assert!(emu.get_data().is_empty());
    }

    #[test]
    fn the_memory_needed_covers_the_copy_with_its_tables_and_stack() {
        let file = file(45_000, true);
        let stub_len = file.places.stub_len;
        let copy_end = file.layout.stack_top(stub_len) as u32;
        assert!(
            copy_end
                >= ORIGIN as u32 + stub_len as u32 + file.layout.engine_stream_len() as u32 + 512
        );
        assert_eq!(
            file.layout.paragraphs_needed(stub_len) as u32,
            PROGRAM_PARAGRAPHS as u32 + copy_end.div_ceil(16)
        );
    }
}
