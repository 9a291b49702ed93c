//! The loader at the start of PISKRS.COM: 8086 code that unpacks the program.
//!
//! DOS loads a .COM of at most FF00h bytes at offset 100h of one segment. The
//! program's image (code and data) and the help text that goes to far memory
//! would not fit in that together, so the file holds both packed (`lzss.rs`)
//! behind this stub:
//!
//! ```text
//! file:  [stub, its message] [image stream] [tail stream]
//! ```
//!
//! The stub, in code any 8086 runs (so that the program's own check for a 386
//! still gets to speak):
//! 1. checks that DOS gave enough memory (PSP:0002 is the end of our block):
//!    our segment, the far memory the program uses, and room for a copy of
//!    the file above it. If not, it prints how much is needed and exits with
//!    errorlevel 1;
//! 2. copies the whole file, itself included, to the same offsets of a segment
//!    above the program's far memory, and jumps into the copy;
//! 3. unpacks the image to offset 100h of our segment, where the linker put
//!    it, and the tail to far memory (our segment + 1000h, at the offset the
//!    program names), both from the copy;
//! 4. jumps to 100h with DS = ES = our segment and the stack as DOS left it
//!    (SP = FFFEh over a zero word), as if DOS had loaded the image itself.
//!
//! The unpacker, `DS:SI` → `ES:DI` until `DI` = `DX`, keeps the flag bits in
//! BP above a sentinel bit: when only the sentinel is left (BP = 1) it reads
//! the next flag byte. A match copies from `ES:DI` back, with DS set to ES
//! for the copy rather than a segment prefix on `rep movsb` (an 8086 loses all
//! but the last prefix when an interrupt resumes such an instruction).

use iced_x86::BlockEncoderOptions;
use iced_x86::code_asm::*;

/// What the stub must know about the program and the file.
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    /// Paragraphs from our segment's start that the program uses: the
    /// segment, then its far memory.
    pub program_paragraphs: u16,
    /// The unpacked image's length (it goes to 100h).
    pub image_len: u16,
    /// Where in far memory the tail goes, and its unpacked length.
    pub tail_at: u16,
    pub tail_len: u16,
    /// The two streams' lengths (they follow the stub in the file).
    pub image_stream_len: u16,
    pub tail_stream_len: u16,
}

/// Where DOS puts a .COM's first byte.
pub const ORIGIN: u16 = 0x100;

impl Layout {
    /// The paragraphs the copy of the file needs above the program's memory.
    fn copy_paragraphs(&self, stub_len: u16) -> u16 {
        (ORIGIN as u32 + self.file_len(stub_len) as u32).div_ceil(16) as u16
    }

    fn file_len(&self, stub_len: u16) -> u16 {
        stub_len + self.image_stream_len + self.tail_stream_len
    }

    /// The paragraphs DOS must give (the program's and the copy's).
    pub fn paragraphs_needed(&self, stub_len: u16) -> u16 {
        self.program_paragraphs + self.copy_paragraphs(stub_len)
    }

    /// The same in KB, rounded up: what the refusal says.
    pub fn kb_needed(&self, stub_len: u16) -> u32 {
        (self.paragraphs_needed(stub_len) as u32 * 16).div_ceil(1024)
    }
}

/// The stub's code and message for `layout`.
pub fn assemble(layout: &Layout) -> Result<Vec<u8>, IcedError> {
    // The stub's length and the place of its second part do not depend on
    // the values in it (every immediate and address is a full word), so
    // assemble once to learn them, then again with them.
    let (first, in_copy_at) = assemble_for(layout, 0, 0)?;
    let (stub, again) = assemble_for(layout, first.len() as u16, in_copy_at)?;
    assert_eq!(
        stub.len(),
        first.len(),
        "the stub's length must not depend on its values"
    );
    assert_eq!(again, in_copy_at);
    Ok(stub)
}

/// The stub for a stub of `stub_len` bytes whose second part starts at
/// `in_copy_at`; and where that part did start.
fn assemble_for(
    layout: &Layout,
    stub_len: u16,
    in_copy_at: u16,
) -> Result<(Vec<u8>, u16), IcedError> {
    let message = format!(
        "PISKRS needs {} KB of free memory.\r\n$",
        layout.kb_needed(stub_len)
    );
    let message_at = ORIGIN + stub_len - message.len() as u16;
    let image_stream_at = ORIGIN + stub_len;
    let tail_stream_at = image_stream_at + layout.image_stream_len;

    let mut a = CodeAssembler::new(16)?;
    let mut enough = a.create_label();
    let mut in_copy = a.create_label();
    let mut unpack = a.create_label();

    // 1. Enough memory? PSP:0002 is the paragraph after our block.
    a.cld()?;
    a.mov(ax, word_ptr(2u32))?;
    a.mov(bx, cs)?;
    a.sub(ax, bx)?;
    a.cmp(ax, layout.paragraphs_needed(stub_len) as u32)?;
    a.jae(enough)?;
    a.mov(dx, message_at as u32)?;
    a.mov(ah, 0x09)?; // print up to the '$'
    a.int(0x21)?;
    a.mov(ax, 0x4C01u32)?; // exit, errorlevel 1
    a.int(0x21)?;

    // 2. The file to a copy above the program's memory; carry on there.
    a.set_label(&mut enough)?;
    a.mov(ax, bx)?;
    a.add(ax, layout.program_paragraphs as u32)?;
    a.mov(es, ax)?;
    a.mov(si, ORIGIN as u32)?;
    a.mov(di, si)?;
    a.mov(cx, layout.file_len(stub_len) as u32)?;
    a.rep().movsb()?;
    a.push(es)?;
    a.mov(ax, in_copy_at as u32)?;
    a.push(ax)?;
    a.retf()?;

    // 3. From the copy (CS): the image to our segment (BX), the tail to far
    //    memory.
    a.set_label(&mut in_copy)?;
    a.push(cs)?;
    a.pop(ds)?;
    a.mov(es, bx)?;
    a.mov(si, image_stream_at as u32)?;
    a.mov(di, ORIGIN as u32)?;
    a.mov(dx, (ORIGIN + layout.image_len) as u32)?;
    a.call(unpack)?;
    a.mov(ax, bx)?;
    a.add(ax, 0x1000u32)?;
    a.mov(es, ax)?;
    a.mov(si, tail_stream_at as u32)?;
    a.mov(di, layout.tail_at as u32)?;
    a.mov(dx, (layout.tail_at + layout.tail_len) as u32)?;
    a.call(unpack)?;

    // 4. Into the program, as DOS would have started it.
    a.mov(ds, bx)?;
    a.mov(es, bx)?;
    a.xor(ax, ax)?;
    a.push(bx)?;
    a.mov(cx, ORIGIN as u32)?;
    a.push(cx)?;
    a.retf()?;

    // The unpacker: DS:SI -> ES:DI until DI = DX (the format: lzss.rs).
    let mut next = a.create_label();
    let mut have_flags = a.create_label();
    let mut is_match = a.create_label();
    let mut done = a.create_label();
    a.set_label(&mut unpack)?;
    a.mov(bp, 1u32)?; // only the sentinel: read a flag byte first
    a.set_label(&mut next)?;
    a.cmp(di, dx)?;
    a.jae(done)?;
    a.cmp(bp, 1u32)?;
    a.jne(have_flags)?;
    a.lodsb()?;
    a.mov(ah, 1)?;
    a.mov(bp, ax)?; // the flag byte over the sentinel
    a.set_label(&mut have_flags)?;
    a.shr(bp, 1)?; // CF = this item's flag
    a.jnc(is_match)?;
    a.movsb()?; // a literal
    a.jmp(next)?;
    a.set_label(&mut is_match)?;
    a.lodsw()?; // AX = the match's word
    a.push(si)?;
    a.mov(si, di)?;
    a.mov(cx, ax)?;
    a.and(ax, 0x0FFFu32)?;
    a.sub(si, ax)?;
    a.dec(si)?; // SI = DI - distance
    a.mov(al, ch)?;
    a.mov(cl, 4)?;
    a.shr(al, cl)?;
    a.cbw()?;
    a.add(ax, 3u32)?;
    a.mov(cx, ax)?; // CX = the length
    a.push(ds)?;
    a.push(es)?;
    a.pop(ds)?;
    a.rep().movsb()?;
    a.pop(ds)?;
    a.pop(si)?;
    a.jmp(next)?;
    a.set_label(&mut done)?;
    a.ret()?;

    // The message ends the stub (its address was computed above).
    a.db(message.as_bytes())?;

    let result = a.assemble_options(
        ORIGIN as u64,
        BlockEncoderOptions::RETURN_NEW_INSTRUCTION_OFFSETS,
    )?;
    let in_copy_ip = result.label_ip(&in_copy)? as u16;
    Ok((result.inner.code_buffer, in_copy_ip))
}

#[cfg(test)]
mod tests {
    use super::*;
    use iced_x86::{CpuidFeature, Decoder, DecoderOptions, Mnemonic, OpKind};

    fn layout() -> Layout {
        Layout {
            program_paragraphs: 0x1280,
            image_len: 60_000,
            tail_at: 4096,
            tail_len: 4000,
            image_stream_len: 40_000,
            tail_stream_len: 3_000,
        }
    }

    /// The stub's instructions, up to its message.
    fn instructions(stub: &[u8]) -> Vec<iced_x86::Instruction> {
        let message = stub
            .windows(6)
            .position(|w| w == b"PISKRS")
            .expect("the message");
        let mut decoder =
            Decoder::with_ip(16, &stub[..message], ORIGIN as u64, DecoderOptions::NONE);
        decoder.iter().collect()
    }

    #[test]
    fn every_instruction_of_the_stub_runs_on_an_8086() {
        let stub = assemble(&layout()).unwrap();
        let code = instructions(&stub);
        assert!(code.len() > 40);
        for instruction in &code {
            assert_ne!(
                instruction.mnemonic(),
                Mnemonic::INVALID,
                "{:?}",
                instruction.code()
            );
            assert_eq!(
                instruction.cpuid_features(),
                &[CpuidFeature::INTEL8086],
                "{:?} at {:X} needs more than an 8086",
                instruction.code(),
                instruction.ip()
            );
        }
    }

    #[test]
    fn the_stub_refuses_with_the_memory_it_needs_and_points_at_its_message() {
        let layout = layout();
        let stub = assemble(&layout).unwrap();
        let needed = layout.paragraphs_needed(stub.len() as u16);
        // The file's copy goes above the program's paragraphs.
        let file = stub.len() + 40_000 + 3_000;
        assert_eq!(needed as usize, 0x1280 + (0x100 + file).div_ceil(16));
        let text = format!(
            "PISKRS needs {} KB of free memory.\r\n$",
            (needed as usize * 16).div_ceil(1024)
        );
        assert!(stub.ends_with(text.as_bytes()));
        let code = instructions(&stub);
        let compared = code.iter().find(|i| i.mnemonic() == Mnemonic::Cmp).unwrap();
        assert_eq!(
            compared.immediate(1),
            needed as u64,
            "the check compares with the need"
        );
        let message_at = ORIGIN as u64 + (stub.len() - text.len()) as u64;
        assert!(
            code.iter().any(|i| i.mnemonic() == Mnemonic::Mov
                && i.op1_kind() == OpKind::Immediate16
                && i.immediate(1) == message_at),
            "DX points at the message"
        );
    }

    #[test]
    fn the_far_jump_lands_on_the_second_part() {
        let stub = assemble(&layout()).unwrap();
        let code = instructions(&stub);
        // `push es; mov ax, target; push ax; retf`: the target is the
        // instruction after the RETF, `push cs`.
        let retf = code
            .iter()
            .position(|i| i.mnemonic() == Mnemonic::Retf)
            .unwrap();
        let target = code[retf - 2].immediate(1);
        assert_eq!(code[retf + 1].ip(), target);
        assert_eq!(code[retf + 1].mnemonic(), Mnemonic::Push);
    }
}
