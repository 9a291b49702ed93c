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
//! tree's engine (src/dos/tree_engine.rs), whose `_start` is a far entry that
//! PISKRS86.COM's `rt86_engine_call` calls in the engine's own segment.

use std::collections::HashMap;

use iced_x86::BlockEncoderOptions;
use iced_x86::IcedError;
use iced_x86::code_asm::*;

use crate::emit::Label;

mod libcalls;
mod services;

/// Names the place the assembler is at (the routines' entry points).
type Name<'a> = dyn FnMut(&mut CodeAssembler, &'static str) -> Result<(), IcedError> + 'a;

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
    /// The tree's engine (src/dos/tree_engine.rs), in a segment of its own:
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

/// Every routine, in the order they are laid out.
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

    services::program_start(a, &mut name, at, want)?;
    services::interrupt(a, &mut name)?;
    services::status_register(a, &mut name)?;
    services::far_memory(a, &mut name, want)?;
    services::engine_call(a, &mut name, want)?;
    services::segment(a, &mut name)?;
    services::far_table(a, &mut name, want)?;
    services::ports(a, &mut name)?;
    libcalls::memory_routines(a, &mut name)?;
    libcalls::multiplication(a, &mut name, at, want)?;
    libcalls::division(a, &mut name, at, want)?;
    libcalls::shifts(a, &mut name, want)?;
    Ok(())
}
