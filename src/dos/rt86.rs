//! rt86.rs: the 8086 runtime's entry points (implemented in 8086 code by the translator crate).
//!
//! Only the msp430 build (`cargo dos86-build`, the 8086 build's input) has this
//! module: where the 386 build runs `asm!`, the DOS layer calls these instead.
//! The translator resolves them by name from the relocations the link keeps
//! (link86.x, `--emit-relocs`, `--unresolved-symbols=ignore-all`).
//!
//! Besides these, the runtime provides `_start` (.bss's zeros are in the image; it paints the stack
//! below SP with A5h except its top 64 bytes, stores SP in `piskrs_initial_sp`,
//! calls `piskrs_main`, exits with its u8 result), memcpy, memmove, memset,
//! memcmp, bcmp and the MSP430 libcalls (`__mspabi_*`), and resolves two more
//! undefined names: `__stack_floor` (src/dos/entry.rs: the first byte past the
//! translated code and the runtime, the lowest address the stack may reach,
//! where `_start`'s painting starts) and the call a trap (a panic) compiles to
//! (src/dos/entry.rs says which), which must end in `piskrs_fatal`.
//!
//! The tree's engine (src/bin/tree_engine.rs, src/dos/tree_engine.rs) is translated
//! in the runtime's engine mode (the ELF defines `piskrs_engine_main`, not
//! `piskrs_main`): its `_start` is the far entry of engine.rs's contract
//! (the request copied to `piskrs_engine_request`, its own SS:SP, a far
//! return with `piskrs_engine_main`'s u32 in DX:AX), with no stack painting,
//! and `abort` (its traps) returns far with [`ENGINE_FATAL`].

/// The registers an interrupt sees and leaves (`rt86_int`).
#[repr(C)]
pub struct Regs {
    pub ax: u16,
    pub bx: u16,
    pub cx: u16,
    pub dx: u16,
    pub si: u16,
    pub di: u16,
    pub ds: u16,
    pub es: u16,
    pub flags: u16,
}

impl Regs {
    /// AX..DX as given; SI and DI 0; DS and ES 0 (left as they are: our segment).
    pub const fn new(ax: u16, bx: u16, cx: u16, dx: u16) -> Regs {
        Regs {
            ax,
            bx,
            cx,
            dx,
            si: 0,
            di: 0,
            ds: 0,
            es: 0,
            flags: 0,
        }
    }
}

/// The tree's engine's reply when it trapped (a panic): no point's word
/// (tree_door's points have a column and a row below 30), so the caller
/// (src/dos/tree_door.rs) takes its own fatal-error path.
pub const ENGINE_FATAL: u32 = 0xFFFE_FFFE;

/// FLAGS bit 0: the carry flag (a DOS call failed).
pub const CF: u16 = 1 << 0;
/// FLAGS bit 6: the zero flag.
pub const ZF: u16 = 1 << 6;

unsafe extern "C" {
    /// INT `number` with AX..DI, DS and ES loaded from `regs` (a DS of 0 means: leave DS as it is; likewise ES 0 = ES unchanged (ES = DS)); afterwards AX..DI, DS, ES and FLAGS are written back to `regs` (CF is bit 0, ZF bit 6). BP, SP, DS and ES of the program are preserved.
    pub fn rt86_int(number: u8, regs: *mut Regs);
    /// The word at segment:offset.
    pub fn rt86_far_read(segment: u16, offset: u16) -> u16;
    /// The byte at segment:offset.
    pub fn rt86_far_read_byte(segment: u16, offset: u16) -> u8;
    /// Writes a word at segment:offset.
    pub fn rt86_far_write(segment: u16, offset: u16, value: u16);
    /// Writes a byte at segment:offset (this and the next three: the tree's
    /// tables, src/dos/far_tree.rs, in its benchmark and its engine).
    pub fn rt86_far_write_byte(segment: u16, offset: u16, value: u8);
    /// Fills the 64 KiB of `segment` with `value`, a word at a time.
    pub fn rt86_far_fill(segment: u16, value: u16);
    /// Copies `words` words from `from` in our segment to segment:0.
    pub fn rt86_far_put(segment: u16, from: *const u16, words: u16);
    /// Copies `words` words from segment:0 to `to` in our segment.
    pub fn rt86_far_get(segment: u16, to: *mut u16, words: u16);
    /// The far call to the tree's engine (src/dos/tree_engine.rs), whose image
    /// starts at `segment`:0100: DS:SI = `request`, CX = `len`, the
    /// direction flag clear; its DX:AX comes back as the result (low word
    /// AX). The runtime keeps our SI, DI, BP, DS and ES (the engine keeps
    /// only SS:SP); our register words are in our segment, out of its reach.
    pub fn rt86_engine_call(segment: u16, request: *const u8, len: u16) -> u32;
    /// The tree's engine's end for a trap (its `abort`, which its traps'
    /// `call #abort` reach): back to the engine's caller with the reply
    /// word [`ENGINE_FATAL`], the caller's SS:SP restored.
    #[allow(dead_code, reason = "the tree's engine's only")]
    pub fn abort() -> !;
    /// The program's segment (CS = DS = ES = SS).
    pub fn rt86_segment() -> u16;
    /// The far table's double word at `offset` (its segment lies 1000h
    /// paragraphs past the program's; low word first).
    pub fn rt86_table_read(offset: u16) -> u32;
    /// Writes the far table's double word at `offset`.
    pub fn rt86_table_write(offset: u16, value: u32);
    /// IN AL, DX.
    pub fn rt86_in(port: u16) -> u8;
    /// OUT DX, AL.
    pub fn rt86_out(port: u16, value: u8);
    /// STI; HLT.
    pub fn rt86_idle();
    /// INT 21h AH=4Ch with AL = errorlevel; never returns.
    pub fn rt86_exit(errorlevel: u8) -> !;
    /// An IRET-only handler for INT 23h; only its address is used.
    pub fn piskrs_ctrl_c();
}
