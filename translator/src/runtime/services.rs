//! What src/dos's `asm!` blocks do in the 386 build: the program's start
//! and exit, the tree's engine's far entry and the far call into it, INT
//! through the Regs, the status register from the flags, far memory and the
//! far table, ports, idle and the Ctrl+C handler.

use iced_x86::IcedError;
use iced_x86::code_asm::*;

use super::{Addresses, ENGINE_FATAL_HALF, Name};

/// The program's `_start`, `rt86_exit` and `abort`, or the tree's engine's
/// far entry ([`super::Entry`]).
pub(super) fn program_start(
    a: &mut CodeAssembler,
    name: &mut Name<'_>,
    at: &Addresses,
    want: &dyn Fn(&str) -> bool,
) -> Result<(), IcedError> {
    if let Some(fatal) = at.fatal {
        // _start: DOS (or the loader) left CS = DS = ES = SS and SP near
        // FFFEh. The image holds .bss's zeros already. Paint the free stack
        // below SP (all but its top 64 bytes) with A5h for /STACK, a word a
        // repetition (half the cycles of bytes: some 8,000 at every start),
        // call the program, exit with its result.
        name(a, "_start")?;
        a.cld()?;
        a.mov(word_ptr(at.initial_sp), sp)?;
        a.mov(di, at.stack_floor)?;
        a.mov(cx, sp)?;
        a.sub(cx, di)?;
        a.sub(cx, 64u32)?;
        a.mov(ax, 0xA5A5u32)?;
        a.shr(cx, 1)?;
        a.rep().stosw()?;
        a.adc(cx, cx)?; // the odd byte
        a.rep().stosb()?;
        a.call(at.main)?;
        name(a, "rt86_exit")?; // (errorlevel: BL)
        a.mov(al, bl)?;
        a.mov(ah, 0x4C)?;
        a.int(0x21)?;

        // A trap (what a panic becomes): the program's fatal-error path.
        if want("abort") {
            name(a, "abort")?;
            a.jmp(fatal)?;
        }
    } else {
        engine_entry(a, name, at)?;
    }
    Ok(())
}

/// The far call into the tree's engine.
pub(super) fn engine_call(
    a: &mut CodeAssembler,
    name: &mut Name<'_>,
    want: &dyn Fn(&str) -> bool,
) -> Result<(), IcedError> {
    // rt86_engine_call(segment BX, request CX, len DX) -> BX:CX: the far
    // call to the tree's engine at BX:0100 (src/dos/rt86.rs; the contract
    // is [`Entry::Engine`]'s). It keeps only SS:SP: SI, DI, BP and DS are
    // saved here, ES is DS again and the direction flag clear afterwards.
    if want("rt86_engine_call") {
        name(a, "rt86_engine_call")?;
        a.push(si)?;
        a.push(di)?;
        a.push(bp)?;
        a.push(ds)?;
        a.mov(si, cx)?;
        a.mov(cx, dx)?;
        a.push(bx)?;
        a.mov(ax, 0x100u32)?;
        a.push(ax)?;
        a.mov(bp, sp)?;
        a.call(dword_ptr(bp))?;
        a.add(sp, 4u32)?;
        a.pop(ds)?;
        a.push(ds)?;
        a.pop(es)?;
        a.cld()?;
        a.pop(bp)?;
        a.pop(di)?;
        a.pop(si)?;
        a.mov(bx, ax)?;
        a.mov(cx, dx)?;
        a.ret()?;
    }
    Ok(())
}

/// The tree's engine's `_start` and `abort` ([`Entry::Engine`]).
pub(super) fn engine_entry(
    a: &mut CodeAssembler,
    name: &mut Name<'_>,
    at: &Addresses,
) -> Result<(), IcedError> {
    let caller_ss = at.vregs;
    let caller_sp = at.vregs + 2;
    let mut fits = a.create_label();
    let mut back = a.create_label();
    name(a, "_start")?;
    // Our DS is not set yet: our words through CS.
    a.mov(word_ptr(caller_ss).cs(), ss)?;
    a.mov(word_ptr(caller_sp).cs(), sp)?;
    a.push(cs)?;
    a.pop(es)?;
    a.cld()?;
    // The request, DS:SI -> ES:request, at most request_len bytes.
    a.cmp(cx, at.request_len)?;
    a.jbe(fits)?;
    a.mov(cx, at.request_len)?;
    a.set_label(&mut fits)?;
    a.mov(di, at.request)?;
    a.rep().movsb()?;
    // Our segment and stack.
    a.mov(ax, cs)?;
    a.mov(ds, ax)?;
    a.cli()?;
    a.mov(ss, ax)?;
    a.mov(sp, 0xFFFEu32)?;
    a.sti()?;
    a.call(at.main)?;
    a.mov(ax, bx)?;
    a.mov(dx, cx)?;
    // The caller's stack back, and home.
    a.set_label(&mut back)?;
    a.cli()?;
    a.mov(ss, word_ptr(caller_ss).cs())?;
    a.mov(sp, word_ptr(caller_sp).cs())?;
    a.sti()?;
    a.retf()?;
    // A trap (a panic): the fatal reply, from wherever the stack was.
    name(a, "abort")?;
    a.mov(ax, ENGINE_FATAL_HALF as u32)?;
    a.mov(dx, ax)?;
    a.jmp(back)?;
    Ok(())
}

/// rt86_int: any interrupt with the Regs a Rust caller filled.
pub(super) fn interrupt(a: &mut CodeAssembler, name: &mut Name<'_>) -> Result<(), IcedError> {
    // rt86_int(number: BL, regs: CX): INT number with AX..DI, DS, ES from
    // the Regs at CX (a DS or ES of 0: unchanged); all of them and FLAGS
    // written back. BIOSes may clobber BP: the Regs pointer is kept on the stack.
    name(a, "rt86_int")?;
    let mut keep_es = a.create_label();
    let mut keep_ds = a.create_label();
    let mut done = a.create_label();
    a.push(si)?;
    a.push(di)?;
    a.push(bp)?;
    a.push(ds)?;
    a.push(es)?;
    a.mov(bp, cx)?;
    a.push(bp)?;
    a.push(bx)?; // the number, in BL
    a.mov(bx, word_ptr(bp + 2))?;
    a.mov(cx, word_ptr(bp + 4))?;
    a.mov(dx, word_ptr(bp + 6))?;
    a.mov(si, word_ptr(bp + 8))?;
    a.mov(di, word_ptr(bp + 10))?;
    a.mov(ax, word_ptr(bp + 14))?;
    a.test(ax, ax)?;
    a.jz(keep_es)?;
    a.mov(es, ax)?;
    a.set_label(&mut keep_es)?;
    a.mov(ax, word_ptr(bp + 12))?;
    a.test(ax, ax)?;
    a.jz(keep_ds)?;
    a.mov(ds, ax)?;
    a.set_label(&mut keep_ds)?;
    a.pop(ax)?; // AL = the number
    for number in [0x10u32, 0x16, 0x1A, 0x33] {
        let mut other = a.create_label();
        a.cmp(al, number)?;
        a.jne(other)?;
        a.mov(ax, word_ptr(bp))?;
        a.int(number)?;
        a.jmp(done)?;
        a.set_label(&mut other)?;
    }
    a.mov(ax, word_ptr(bp))?;
    a.int(0x21)?;
    a.set_label(&mut done)?;
    a.pop(bp)?;
    a.mov(word_ptr(bp), ax)?;
    a.mov(word_ptr(bp + 2), bx)?;
    a.mov(word_ptr(bp + 4), cx)?;
    a.mov(word_ptr(bp + 6), dx)?;
    a.mov(word_ptr(bp + 8), si)?;
    a.mov(word_ptr(bp + 10), di)?;
    a.mov(word_ptr(bp + 12), ds)?;
    a.mov(word_ptr(bp + 14), es)?;
    a.pushf()?;
    a.pop(word_ptr(bp + 16))?;
    a.pop(es)?;
    a.pop(ds)?;
    a.pop(bp)?;
    a.pop(di)?;
    a.pop(si)?;
    a.ret()?;
    Ok(())
}

/// rt86_segment: the program's segment.
pub(super) fn segment(a: &mut CodeAssembler, name: &mut Name<'_>) -> Result<(), IcedError> {
    name(a, "rt86_segment")?;
    a.mov(bx, ds)?;
    a.ret()?;

    Ok(())
}

/// Ports, the idle call and the Ctrl+C handler.
pub(super) fn ports(a: &mut CodeAssembler, name: &mut Name<'_>) -> Result<(), IcedError> {
    // Ports: (port BX[, value CL]).
    name(a, "rt86_in")?;
    a.mov(dx, bx)?;
    a.in_(al, dx)?;
    a.mov(bl, al)?;
    a.mov(bh, 0)?;
    a.ret()?;
    name(a, "rt86_out")?;
    a.mov(dx, bx)?;
    a.mov(al, cl)?;
    a.out(dx, al)?;
    a.ret()?;
    name(a, "rt86_idle")?;
    a.sti()?;
    a.hlt()?;
    a.ret()?;
    // INT 23h (Ctrl+C): carry on.
    name(a, "piskrs_ctrl_c")?;
    a.iret()?;

    Ok(())
}

/// rt86_sr and its two senses of the carry.
pub(super) fn status_register(a: &mut CodeAssembler, name: &mut Name<'_>) -> Result<(), IcedError> {
    // The MSP430's status register from the 8086's flags, in AX (C bit 0,
    // Z bit 1, N bit 2, V bit 8), for a translated read of SR; C is the CF
    // (rt86_sr), its complement (after SUB/CMP: rt86_sr_inverted) or not ZF
    // (after AND/BIT/XOR: rt86_sr_not_zero). Only AX and the flags change (BP
    // is saved: the calling convention keeps it).
    let mut rest = a.create_label();
    name(a, "rt86_sr")?;
    a.push(bp)?;
    a.pushf()?;
    a.pop(bp)?;
    a.mov(ax, bp)?;
    a.and(ax, 1u32)?;
    a.jmp(rest)?;
    name(a, "rt86_sr_inverted")?;
    a.push(bp)?;
    a.pushf()?;
    a.pop(bp)?;
    a.mov(ax, bp)?;
    a.and(ax, 1u32)?;
    a.xor(al, 1)?;
    a.jmp(rest)?;
    name(a, "rt86_sr_not_zero")?;
    a.push(bp)?;
    a.pushf()?;
    a.pop(bp)?;
    a.xor(ax, ax)?;
    a.test(bp, 0x40u32)?;
    a.jnz(rest)?;
    a.inc(ax)?;
    a.set_label(&mut rest)?;
    for (x86, msp) in [(0x40u32, 2u32), (0x80, 4)] {
        let mut clear = a.create_label();
        a.test(bp, x86)?;
        a.jz(clear)?;
        a.or(al, msp)?;
        a.set_label(&mut clear)?;
    }
    let mut no_overflow = a.create_label();
    a.test(bp, 0x800u32)?;
    a.jz(no_overflow)?;
    a.or(ah, 1)?;
    a.set_label(&mut no_overflow)?;
    a.pop(bp)?;
    a.ret()?;
    Ok(())
}

/// Far reads and writes, and the tree's tables' fills and copies.
pub(super) fn far_memory(
    a: &mut CodeAssembler,
    name: &mut Name<'_>,
    want: &dyn Fn(&str) -> bool,
) -> Result<(), IcedError> {
    // Far memory: (segment BX, offset CX[, value DX]).
    name(a, "rt86_far_read")?;
    a.push(es)?;
    a.mov(es, bx)?;
    a.mov(bx, cx)?;
    a.mov(bx, word_ptr(bx).es())?;
    a.pop(es)?;
    a.ret()?;
    name(a, "rt86_far_read_byte")?;
    a.push(es)?;
    a.mov(es, bx)?;
    a.mov(bx, cx)?;
    a.mov(bl, byte_ptr(bx).es())?;
    a.mov(bh, 0)?;
    a.pop(es)?;
    a.ret()?;
    name(a, "rt86_far_write")?;
    a.push(es)?;
    a.mov(es, bx)?;
    a.mov(bx, cx)?;
    a.mov(word_ptr(bx).es(), dx)?;
    a.pop(es)?;
    a.ret()?;
    // The tree's tables (src/dos/far_tree.rs, its benchmark build only).
    if want("rt86_far_write_byte") {
        // (segment BX, offset CX, value DL)
        name(a, "rt86_far_write_byte")?;
        a.push(es)?;
        a.mov(es, bx)?;
        a.mov(bx, cx)?;
        a.mov(byte_ptr(bx).es(), dl)?;
        a.pop(es)?;
        a.ret()?;
    }
    if want("rt86_far_fill") {
        // (segment BX, value CX): the segment's 8000h words.
        name(a, "rt86_far_fill")?;
        a.push(es)?;
        a.push(di)?;
        a.mov(es, bx)?;
        a.mov(ax, cx)?;
        a.xor(di, di)?;
        a.mov(cx, 0x8000u32)?;
        a.rep().stosw()?;
        a.pop(di)?;
        a.pop(es)?;
        a.ret()?;
    }
    if want("rt86_far_put") {
        // (segment BX, from CX, words DX): DS:CX to BX:0.
        name(a, "rt86_far_put")?;
        a.push(es)?;
        a.push(si)?;
        a.push(di)?;
        a.mov(es, bx)?;
        a.mov(si, cx)?;
        a.xor(di, di)?;
        a.mov(cx, dx)?;
        a.rep().movsw()?;
        a.pop(di)?;
        a.pop(si)?;
        a.pop(es)?;
        a.ret()?;
    }
    if want("rt86_far_get") {
        // (segment BX, to CX, words DX): BX:0 to DS:CX (DS is the far
        // segment for the copy only).
        name(a, "rt86_far_get")?;
        a.push(ds)?;
        a.push(es)?;
        a.push(si)?;
        a.push(di)?;
        a.mov(ax, ds)?;
        a.mov(es, ax)?;
        a.mov(di, cx)?;
        a.mov(cx, dx)?;
        a.mov(ds, bx)?;
        a.xor(si, si)?;
        a.rep().movsw()?;
        a.pop(di)?;
        a.pop(si)?;
        a.pop(es)?;
        a.pop(ds)?;
        a.ret()?;
    }
    Ok(())
}

/// The far table's double words.
pub(super) fn far_table(
    a: &mut CodeAssembler,
    name: &mut Name<'_>,
    want: &dyn Fn(&str) -> bool,
) -> Result<(), IcedError> {
    // The far table (src/dos/far.rs), 1000h paragraphs past the program:
    // a double word at offset BX, read into BX:CX or written from CX:DX.
    if want("rt86_table_read") {
        name(a, "rt86_table_read")?;
        a.push(es)?;
        a.mov(ax, ds)?;
        a.add(ax, 0x1000u32)?;
        a.mov(es, ax)?;
        a.mov(cx, word_ptr(bx + 2).es())?;
        a.mov(bx, word_ptr(bx).es())?;
        a.pop(es)?;
        a.ret()?;
    }
    if want("rt86_table_write") {
        name(a, "rt86_table_write")?;
        a.push(es)?;
        a.mov(ax, ds)?;
        a.add(ax, 0x1000u32)?;
        a.mov(es, ax)?;
        a.mov(word_ptr(bx).es(), cx)?;
        a.mov(word_ptr(bx + 2).es(), dx)?;
        a.pop(es)?;
        a.ret()?;
    }

    Ok(())
}
