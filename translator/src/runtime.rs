//! The 8086 runtime: what src/dos's `asm!` blocks do in the 386 build, for
//! the translated build (src/dos/rt86.rs declares it to Rust), plus the
//! program's start, the C memory routines and the MSP430 libcalls.
//!
//! Every routine follows the translated code's calling convention
//! (src/translate/): arguments in BX, CX, DX, then r15's word; the result
//! in BX (a 32-bit one in BX:CX, low word first); SI, DI, BP and the words
//! of r4-r8 preserved; AX, the flags and r11/r15's words free to change.
//! All of it is 8086 code (the build checks decode it).
//!
//! Two kinds of program ([`Entry`]): a .COM, whose `_start` DOS runs, and the
//! tree's engine (src/dos/engine.rs), whose `_start` is a far entry that
//! PISKRS86.COM's `rt86_engine_call` calls in the engine's own segment.

use std::collections::HashMap;

use iced_x86::BlockEncoderOptions;
use iced_x86::IcedError;
use iced_x86::code_asm::*;

use crate::emit::Label;

/// What the runtime needs from the translated program.
pub struct Needs {
    /// What `_start` is: a program's start or the tree's engine's far entry.
    pub entry: Entry,
    /// Where the register words are ([`crate::translate::Vregs`]).
    pub vregs: u16,
    /// The routines the program calls (None: all of them); the others are
    /// left out (those the start and other routines use always stay).
    pub wanted: Option<std::collections::HashSet<String>>,
}

/// The two kinds of program the translator makes.
pub enum Entry {
    /// A .COM (PISKRS86.COM, PISKTR86.COM): `_start` paints the stack,
    /// calls `main` and exits with its u8 result; `abort` goes to `fatal`.
    Program {
        /// `piskrs_main`, called by `_start`.
        main: Label,
        /// `piskrs_fatal`, where a trap (a panic) goes.
        fatal: Label,
        /// The static that `_start` stores the initial SP in.
        initial_sp: u16,
    },
    /// The tree's engine (src/dos/engine.rs), in a segment of its own:
    /// `_start` (at 100h's jump) is its far entry. In: DS:SI the request, CX
    /// its length, the direction flag clear. It keeps the caller's SS:SP in
    /// the register words of r0 and r1 (never a register's home: PC and SP),
    /// copies at most `request_len` bytes to `request`, takes DS = ES = SS =
    /// CS and SP = FFFEh, calls `main` and returns far with its u32 (BX:CX)
    /// in DX:AX and the caller's SS:SP back. Nothing else of the caller's is
    /// kept. `abort` (a trap) returns far the same way with DX:AX =
    /// FFFE:FFFE (src/dos/rt86.rs's `ENGINE_FATAL`). No stack painting: .bss's
    /// zeros are in the image, and it keeps its values from call to call.
    Engine {
        /// `piskrs_engine_main`.
        main: Label,
        /// `piskrs_engine_request` and its size.
        request: u16,
        request_len: u16,
    },
}

/// The engine's reply when it trapped (src/dos/rt86.rs's `ENGINE_FATAL`),
/// one half of it.
pub const ENGINE_FATAL_HALF: u16 = 0xFFFE;

pub struct Runtime {
    pub bytes: Vec<u8>,
    pub labels: HashMap<Label, u16>,
}

/// The addresses the code refers to.
struct Addresses {
    main: u64,
    /// The program's `fatal` (None: the engine's `abort`).
    fatal: Option<u64>,
    initial_sp: u32,
    /// The engine's request buffer and its size (both 0 in a program).
    request: u32,
    request_len: u32,
    /// The register words (r0's and r1's keep the engine's caller's SS:SP).
    vregs: u32,
    vr15: u32,
    stack_floor: u32,
}

/// Assembles the runtime at `origin`. `resolve` gives the translated
/// program's addresses and `stack_floor` the end of the image; both are used
/// only as operands whose size does not depend on them, so a first pass may
/// pass anything.
pub fn assemble(
    origin: u16,
    needs: &Needs,
    stack_floor: u16,
    resolve: &dyn Fn(&Label) -> Option<u16>,
) -> Result<Runtime, String> {
    let at = match &needs.entry {
        Entry::Program {
            main,
            fatal,
            initial_sp,
        } => Addresses {
            main: resolve(main).ok_or("no piskrs_main")? as u64,
            fatal: Some(resolve(fatal).ok_or("no piskrs_fatal")? as u64),
            initial_sp: *initial_sp as u32,
            request: 0,
            request_len: 0,
            vregs: needs.vregs as u32,
            vr15: needs.vregs as u32 + 30,
            stack_floor: stack_floor as u32,
        },
        Entry::Engine {
            main,
            request,
            request_len,
        } => Addresses {
            main: resolve(main).ok_or("no piskrs_engine_main")? as u64,
            fatal: None,
            initial_sp: 0,
            request: *request as u32,
            request_len: *request_len as u32,
            vregs: needs.vregs as u32,
            vr15: needs.vregs as u32 + 30,
            stack_floor: stack_floor as u32,
        },
    };
    let e = |error: IcedError| format!("runtime: {error}");
    let mut a = CodeAssembler::new(16).map_err(e)?;
    let mut labels = Vec::new();
    let want = |name: &str| needs.wanted.as_ref().is_none_or(|w| w.contains(name));
    routines(&mut a, &mut labels, &at, &want).map_err(e)?;
    let result = a
        .assemble_options(
            origin as u64,
            BlockEncoderOptions::RETURN_NEW_INSTRUCTION_OFFSETS,
        )
        .map_err(e)?;
    let mut map = HashMap::new();
    for (name, label) in &labels {
        map.insert(
            Label::Runtime(name.to_string()),
            result.label_ip(label).map_err(e)? as u16,
        );
    }
    Ok(Runtime {
        bytes: result.inner.code_buffer,
        labels: map,
    })
}

fn routines(
    a: &mut CodeAssembler,
    names: &mut Vec<(&'static str, CodeLabel)>,
    at: &Addresses,
    want: &dyn Fn(&str) -> bool,
) -> Result<(), IcedError> {
    let mut name = |a: &mut CodeAssembler, n: &'static str| -> Result<(), IcedError> {
        // A second name for the same place (memcpy = memmove) reuses its label.
        if let Some(&(_, l)) = names.last()
            && n.starts_with("alias:")
        {
            names.push((&n[6..], l));
            return Ok(());
        }
        let mut l = a.create_label();
        a.set_label(&mut l)?;
        names.push((n, l));
        Ok(())
    };

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
        engine_entry(a, &mut name, at)?;
    }

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

    name(a, "rt86_segment")?;
    a.mov(bx, ds)?;
    a.ret()?;

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

    // memcpy/memmove(dst BX, src CX, n DX) -> dst; backwards when dst > src.
    name(a, "memmove")?;
    name(a, "alias:memcpy")?;
    let mut forward = a.create_label();
    let mut copied = a.create_label();
    a.push(si)?;
    a.push(di)?;
    a.mov(di, bx)?;
    a.mov(si, cx)?;
    a.mov(cx, dx)?;
    a.cmp(di, si)?;
    a.jbe(forward)?;
    a.add(si, cx)?;
    a.dec(si)?;
    a.add(di, cx)?;
    a.dec(di)?;
    a.std()?;
    a.rep().movsb()?;
    a.cld()?;
    a.jmp(copied)?;
    // Forwards a word a repetition (safe however the two overlap, the
    // destination below), then the odd byte.
    a.set_label(&mut forward)?;
    a.shr(cx, 1)?;
    a.rep().movsw()?;
    a.adc(cx, cx)?;
    a.rep().movsb()?;
    a.set_label(&mut copied)?;
    a.pop(di)?;
    a.pop(si)?;
    a.ret()?;
    // memset(dst BX, byte CL, n DX) -> dst, a word a repetition, then the
    // odd byte.
    name(a, "memset")?;
    a.push(di)?;
    a.mov(di, bx)?;
    a.mov(al, cl)?;
    a.mov(ah, al)?;
    a.mov(cx, dx)?;
    a.shr(cx, 1)?;
    a.rep().stosw()?;
    a.adc(cx, cx)?;
    a.rep().stosb()?;
    a.pop(di)?;
    a.ret()?;
    // memcmp/bcmp(a BX, b CX, n DX) -> the first difference (a's byte - b's)
    name(a, "memcmp")?;
    name(a, "alias:bcmp")?;
    let mut same = a.create_label();
    a.push(si)?;
    a.push(di)?;
    a.mov(si, bx)?;
    a.mov(di, cx)?;
    a.mov(cx, dx)?;
    a.xor(bx, bx)?;
    a.jcxz(same)?;
    a.repe().cmpsb()?;
    a.je(same)?;
    a.mov(al, byte_ptr(si - 1))?;
    a.mov(ah, 0)?;
    a.mov(bl, byte_ptr(di - 1))?;
    a.sub(ax, bx)?;
    a.mov(bx, ax)?;
    a.set_label(&mut same)?;
    a.pop(di)?;
    a.pop(si)?;
    a.ret()?;

    // Multiplication: 16x16 -> 16; 16x16 -> 32 (signed, unsigned); 32x32 -> 32.
    if want("__mspabi_mpyi") {
        name(a, "__mspabi_mpyi")?;
        a.mov(ax, bx)?;
        a.mul(cx)?;
        a.mov(bx, ax)?;
        a.ret()?;
    }
    if want("__mspabi_mpysl") {
        name(a, "__mspabi_mpysl")?;
        a.mov(ax, bx)?;
        a.imul(cx)?;
        a.mov(bx, ax)?;
        a.mov(cx, dx)?;
        a.ret()?;
    }
    if want("__mspabi_mpyul") {
        name(a, "__mspabi_mpyul")?;
        a.mov(ax, bx)?;
        a.mul(cx)?;
        a.mov(bx, ax)?;
        a.mov(cx, dx)?;
        a.ret()?;
    }
    name(a, "__mspabi_mpyl")?; // (BX:CX) * (DX:r15)
    a.push(si)?;
    a.push(di)?;
    a.mov(si, dx)?;
    a.mov(ax, bx)?;
    a.mul(word_ptr(at.vr15))?;
    a.mov(di, ax)?;
    a.mov(ax, cx)?;
    a.mul(si)?;
    a.add(di, ax)?;
    a.mov(ax, bx)?;
    a.mul(si)?;
    a.add(dx, di)?;
    a.mov(bx, ax)?;
    a.mov(cx, dx)?;
    a.pop(di)?;
    a.pop(si)?;
    a.ret()?;

    // Division, 16-bit: BX / CX. Rust checks for zero (and MIN / -1) first.
    if want("__mspabi_divu") {
        name(a, "__mspabi_divu")?;
        a.mov(ax, bx)?;
        a.xor(dx, dx)?;
        a.div(cx)?;
        a.mov(bx, ax)?;
        a.ret()?;
    }
    if want("__mspabi_remu") {
        name(a, "__mspabi_remu")?;
        a.mov(ax, bx)?;
        a.xor(dx, dx)?;
        a.div(cx)?;
        a.mov(bx, dx)?;
        a.ret()?;
    }
    if want("__mspabi_divi") {
        name(a, "__mspabi_divi")?;
        a.mov(ax, bx)?;
        a.cwd()?;
        a.idiv(cx)?;
        a.mov(bx, ax)?;
        a.ret()?;
    }
    if want("__mspabi_remi") {
        name(a, "__mspabi_remi")?;
        a.mov(ax, bx)?;
        a.cwd()?;
        a.idiv(cx)?;
        a.mov(bx, dx)?;
        a.ret()?;
    }

    // Division, 32-bit unsigned: (BX:CX) / (DX:r15), shift and subtract.
    let mut divmod = a.create_label();
    name(a, "__mspabi_divul")?;
    a.call(divmod)?;
    a.ret()?;
    name(a, "__mspabi_remul")?;
    a.call(divmod)?;
    a.mov(bx, ax)?;
    a.mov(cx, dx)?;
    a.ret()?;
    // Quotient to CX:BX, remainder to DX:AX.
    a.set_label(&mut divmod)?;
    let mut bit = a.create_label();
    let mut take = a.create_label();
    let mut next = a.create_label();
    a.push(si)?;
    a.push(di)?;
    a.push(bp)?;
    a.mov(si, dx)?;
    a.mov(di, word_ptr(at.vr15))?;
    a.xor(ax, ax)?;
    a.xor(dx, dx)?;
    a.mov(bp, 32u32)?;
    a.set_label(&mut bit)?;
    a.shl(bx, 1)?;
    a.rcl(cx, 1)?;
    a.rcl(ax, 1)?;
    a.rcl(dx, 1)?;
    a.jc(take)?; // past 32 bits: certainly not less than the divisor
    a.cmp(dx, di)?;
    a.jb(next)?;
    a.ja(take)?;
    a.cmp(ax, si)?;
    a.jb(next)?;
    a.set_label(&mut take)?;
    a.sub(ax, si)?;
    a.sbb(dx, di)?;
    a.inc(bx)?;
    a.set_label(&mut next)?;
    a.dec(bp)?;
    a.jnz(bit)?;
    a.pop(bp)?;
    a.pop(di)?;
    a.pop(si)?;
    a.ret()?;

    // Shifts by a variable count: 16-bit (value BX, count CX), 32-bit (value BX:CX, count DX).
    if want("__mspabi_slli") {
        name(a, "__mspabi_slli")?;
        a.shl(bx, cl)?;
        a.ret()?;
    }
    if want("__mspabi_srli") {
        name(a, "__mspabi_srli")?;
        a.shr(bx, cl)?;
        a.ret()?;
    }
    if want("__mspabi_srai") {
        name(a, "__mspabi_srai")?;
        a.sar(bx, cl)?;
        a.ret()?;
    }
    for (n, kind) in [
        ("__mspabi_slll", 0),
        ("__mspabi_srll", 1),
        ("__mspabi_sral", 2),
    ] {
        if !want(n) {
            continue;
        }
        name(a, n)?;
        // By words first (16 bits or more), then by CL: each word shifts
        // and takes the bits that cross from the other.
        let mut small = a.create_label();
        let mut end = a.create_label();
        a.xchg(cx, dx)?; // CX = the count, DX = the high word
        a.and(cx, 31u32)?;
        a.cmp(cl, 16)?;
        a.jb(small)?;
        a.sub(cl, 16)?;
        match kind {
            0 => {
                a.mov(dx, bx)?;
                a.xor(bx, bx)?;
            }
            1 => {
                a.mov(bx, dx)?;
                a.xor(dx, dx)?;
            }
            _ => {
                a.mov(bx, dx)?;
                a.mov(ax, dx)?;
                a.cwd()?;
            }
        }
        a.set_label(&mut small)?;
        a.jcxz(end)?;
        if kind == 0 {
            a.mov(ax, bx)?;
            a.shl(bx, cl)?;
            a.shl(dx, cl)?;
        } else {
            a.mov(ax, dx)?;
            if kind == 1 {
                a.shr(dx, cl)?;
            } else {
                a.sar(dx, cl)?;
            }
            a.shr(bx, cl)?;
        }
        a.neg(cl)?;
        a.add(cl, 16)?;
        if kind == 0 {
            a.shr(ax, cl)?;
            a.or(dx, ax)?;
        } else {
            a.shl(ax, cl)?;
            a.or(bx, ax)?;
        }
        a.set_label(&mut end)?;
        a.mov(cx, dx)?;
        a.ret()?;
    }
    Ok(())
}

/// The tree's engine's `_start` and `abort` ([`Entry::Engine`]).
fn engine_entry(
    a: &mut CodeAssembler,
    name: &mut dyn FnMut(&mut CodeAssembler, &'static str) -> Result<(), IcedError>,
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The runtime is 8086 code, and the check that says so fails on a 386
    /// instruction and on INT 15h.
    #[test]
    fn the_runtime_is_8086_code() {
        let needs = Needs {
            wanted: None,
            entry: Entry::Program {
                main: Label::Text(0x2000),
                fatal: Label::Text(0x2100),
                initial_sp: 0x200,
            },
            vregs: 0x300,
        };
        let runtime = assemble(0x1000, &needs, 0x8000, &|_| Some(0x2000)).unwrap();
        crate::program::only_8086(&runtime.bytes, 0x1000).unwrap();
        let engine = Needs {
            wanted: None,
            entry: Entry::Engine {
                main: Label::Text(0x2000),
                request: 0x200,
                request_len: 99,
            },
            vregs: 0x300,
        };
        let runtime = assemble(0x1000, &engine, 0x8000, &|_| Some(0x2000)).unwrap();
        crate::program::only_8086(&runtime.bytes, 0x1000).unwrap();
        assert!(
            crate::program::only_8086(&[0x66, 0x40], 0x100).is_err(),
            "inc eax"
        );
        assert!(
            crate::program::only_8086(&[0x0F, 0xB6, 0xC0], 0x100).is_err(),
            "movzx"
        );
        assert!(
            crate::program::only_8086(&[0xCD, 0x15], 0x100).is_err(),
            "int 15h"
        );
        assert!(
            crate::program::only_8086(&[0x6A, 0x01], 0x100).is_err(),
            "push imm (186)"
        );
        crate::program::only_8086(&[0xCD, 0x21, 0x40, 0xC3], 0x100).unwrap();
    }
}
