//! The loader's two decoders (`stub.rs` places and calls them), in code
//! any 8086 runs: `tokens` for `lz.rs`'s byte tokens (the image, unpacked at
//! every start: quick), `bits` for `lz_bits.rs`'s bits (the far texts and
//! the tree's engine: denser). Each is called near with DS:SI the stream
//! and ES:DI the output, DS = ES, the direction flag clear; neither changes
//! BP (the stub keeps our segment there). Their REP MOVSBs have no segment
//! prefix (an 8086 loses all but the last prefix when an interrupt resumes
//! such an instruction).

use iced_x86::code_asm::*;

/// The token decoder (the format: lz.rs), the tables at CS:`tables_at`,
/// its codes below `first_match` the run's and the repeats'. It keeps the
/// flag bits in DL above a sentinel bit (ADD DL, DL gives the next flag in
/// CF and ZF once only the sentinel went out), the last match's
/// `-distance` in BP (kept on the stack), CH = 0 and BH = 0 throughout (a
/// REP leaves CX at 0). Changes AX, BX, CX, DX, SI, DI.
pub fn tokens(
    a: &mut CodeAssembler,
    unpack: &mut CodeLabel,
    tables_at: u16,
    first_match: u8,
) -> Result<(), IcedError> {
    let high_at = tables_at + 256;
    let mut literal = a.create_label();
    let mut next = a.create_label();
    let mut token = a.create_label();
    let mut copy = a.create_label();
    let mut reload = a.create_label();
    let mut short = a.create_label();
    let mut run = a.create_label();
    let mut done = a.create_label();
    a.set_label(unpack)?;
    a.push(bp)?;
    a.xor(bx, bx)?;
    a.xor(cx, cx)?;
    a.mov(dl, 0x80)?; // only the sentinel: a flag byte first
    a.jmp(next)?;
    a.set_label(&mut literal)?;
    a.movsb()?;
    a.set_label(&mut next)?;
    a.add(dl, dl)?; // CF = the flag; ZF = only the sentinel went out
    a.jnc(literal)?;
    a.jz(reload)?;
    a.set_label(&mut token)?;
    a.lodsb()?; // the code
    a.mov(bl, al)?;
    a.mov(cl, byte_ptr(bx + tables_at as i32).cs())?;
    a.cmp(al, first_match as u32)?;
    a.jb(short)?;
    a.mov(ah, byte_ptr(bx + high_at as i32).cs())?;
    a.lodsb()?; // AX = -distance
    a.mov(bp, ax)?;
    a.set_label(&mut copy)?;
    a.add(ax, di)?;
    a.xchg(ax, si)?; // SI = the match, AX = the stream
    a.rep().movsb()?;
    a.xchg(ax, si)?;
    a.add(dl, dl)?; // the next flag, as at `next`
    a.jnc(literal)?;
    a.jnz(token)?;
    a.set_label(&mut reload)?;
    a.mov(dl, byte_ptr(si))?;
    a.inc(si)?;
    a.adc(dl, dl)?; // a new sentinel in (CF was 1); CF = the first flag
    a.jnc(literal)?;
    a.jmp(token)?;
    a.set_label(&mut short)?; // a repeat, or the run's code (length 0)
    a.mov(ax, bp)?;
    a.jcxz(run)?;
    a.add(ax, di)?; // as at `copy`, a jump less
    a.xchg(ax, si)?;
    a.rep().movsb()?;
    a.xchg(ax, si)?;
    a.add(dl, dl)?;
    a.jnc(literal)?;
    a.jnz(token)?;
    a.jmp(reload)?;
    a.set_label(&mut run)?;
    a.lodsb()?;
    a.mov(cl, al)?;
    a.jcxz(done)?;
    a.rep().movsb()?;
    a.jmp(next)?;
    a.set_label(&mut done)?;
    a.pop(bp)?;
    a.ret()?;
    Ok(())
}

/// GETBIT: the next bit of the bit byte in DL (above its sentinel) into
/// CF; when only the sentinel went out, the next byte of the stream at SI
/// (ADC takes the sentinel's carry in as the new one).
fn get_bit(a: &mut CodeAssembler) -> Result<(), IcedError> {
    let mut have = a.create_label();
    a.add(dl, dl)?;
    a.jnz(have)?;
    a.mov(dl, byte_ptr(si))?;
    a.inc(si)?;
    a.adc(dl, dl)?;
    a.set_label(&mut have)
}

/// The bit decoder (the format: lz_bits.rs). DL keeps the bit byte, BX
/// the last match's `-offset`, CX a gamma's value. Changes AX, BX, CX, DX,
/// SI, DI.
pub fn bits(a: &mut CodeAssembler, unpack_bits: &mut CodeLabel) -> Result<(), IcedError> {
    let mut literal = a.create_label();
    let mut after_literal = a.create_label();
    let mut new_offset = a.create_label();
    let mut copy = a.create_label();
    let mut after_match = a.create_label();
    let mut repeat = a.create_label();
    let mut done = a.create_label();
    a.set_label(unpack_bits)?;
    a.mov(dl, 0x80)?; // only the sentinel: a bit byte first
    a.jmp(after_match)?;
    a.set_label(&mut literal)?;
    a.movsb()?;
    a.set_label(&mut after_literal)?;
    get_bit(a)?;
    a.jnc(literal)?; // 0: a literal
    get_bit(a)?;
    a.jc(repeat)?; // 11: the last offset again
    a.set_label(&mut new_offset)?; // 10: a new offset
    gamma(a)?; // CX = high + 1, 256 at the end
    a.neg(cl)?;
    a.jz(done)?;
    a.mov(ah, cl)?; // -(high + 1)
    a.lodsb()?; // AX = -offset
    a.xchg(ax, bx)?;
    gamma(a)?;
    a.inc(cx)?; // the length
    a.set_label(&mut copy)?;
    a.mov(ax, si)?;
    a.lea(si, word_ptr(bx + di))?;
    a.rep().movsb()?;
    a.mov(si, ax)?;
    a.set_label(&mut after_match)?;
    get_bit(a)?;
    a.jnc(literal)?; // 0: a literal
    a.jmp(new_offset)?; // 1: a new offset
    a.set_label(&mut repeat)?;
    gamma(a)?; // the length
    a.jmp(copy)?;
    a.set_label(&mut done)?;
    a.ret()
}

/// CX = an interleaved Elias gamma (lz_bits.rs), in line: after a 0, a bit
/// of the value; a 1 ends it.
fn gamma(a: &mut CodeAssembler) -> Result<(), IcedError> {
    let mut bit = a.create_label();
    let mut end = a.create_label();
    a.mov(cx, 1u32)?;
    get_bit(a)?;
    a.jc(end)?;
    a.set_label(&mut bit)?;
    get_bit(a)?;
    a.adc(cx, cx)?;
    get_bit(a)?;
    a.jnc(bit)?;
    a.set_label(&mut end)?;
    Ok(())
}
