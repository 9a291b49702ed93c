//! The 8086 runtime's routines against the model's: memory, multiplication,
//! division and shifts; the far call to the tree's engine; and that the
//! runtime is 8086 code.

mod common;
use common::*;
use translator::emit::Label;
use translator::program::only_8086;
use translator::runtime::{Entry, Needs, assemble};

// ---------------------------------------------------------------- the runtime

fn routine_case(name: &'static str, regs: &[(usize, u16)], results: &[usize]) -> (Asm, Case) {
    let mut a = Asm::default();
    a.call_rt(name).ret();
    let mut case = Case::new(format!("{name} {regs:x?}"));
    for &(r, v) in regs {
        case.regs[r] = v;
    }
    // The caller-saved registers a routine may change.
    let clobbered: Vec<usize> = [11, 12, 13, 14, 15]
        .into_iter()
        .filter(|r| !results.contains(r))
        .collect();
    (a, case.skip(&clobbered))
}

#[test]
fn memory_routines() {
    let mut cases = Vec::new();
    for n in [0u16, 1, 7, 64] {
        cases.push(routine_case(
            "memcpy",
            &[(12, DATA + 0x100), (13, DATA + 0x10), (14, n)],
            &[],
        ));
        cases.push(routine_case(
            "memset",
            &[(12, DATA + 0x101), (13, 0x12A5), (14, n)],
            &[],
        ));
        // Overlapping both ways.
        cases.push(routine_case(
            "memmove",
            &[(12, DATA + 0x13), (13, DATA + 0x10), (14, n)],
            &[],
        ));
        cases.push(routine_case(
            "memmove",
            &[(12, DATA + 0x10), (13, DATA + 0x13), (14, n)],
            &[],
        ));
        // The destination a byte below (memcpy copies words forwards).
        cases.push(routine_case(
            "memmove",
            &[(12, DATA + 0x10), (13, DATA + 0x11), (14, n)],
            &[],
        ));
    }
    for (x, y, n) in [
        (0u16, 0u16, 0u16),
        (0, 0, 16),
        (0x10, 0x10, 5),
        (0x10, 0x11, 5),
        (0x11, 0x10, 5),
    ] {
        let (a, case) = routine_case(
            "memcmp",
            &[(12, DATA + 0x100 + x), (13, DATA + 0x120 + y), (14, n)],
            &[12],
        );
        // Equal copies with one difference.
        let mut block = vec![7u8; 0x40];
        block[0x14] = 9;
        let case = case
            .mem(DATA + 0x100, &block)
            .mem(DATA + 0x120, &[7u8; 0x40]);
        cases.push((a, case));
    }
    run_all(cases);
}

fn words16() -> Vec<u16> {
    vec![
        0, 1, 2, 3, 7, 0x7F, 0x80, 0xFF, 0x100, 0x1234, 0x7FFF, 0x8000, 0x8001, 0xFFFE, 0xFFFF,
    ]
}

#[test]
fn multiplication_and_division_16() {
    let mut cases = Vec::new();
    for x in words16() {
        for y in words16() {
            cases.push(routine_case("__mspabi_mpyi", &[(12, x), (13, y)], &[12]));
            cases.push(routine_case(
                "__mspabi_mpysl",
                &[(12, x), (13, y)],
                &[12, 13],
            ));
            cases.push(routine_case(
                "__mspabi_mpyul",
                &[(12, x), (13, y)],
                &[12, 13],
            ));
            if y != 0 {
                cases.push(routine_case("__mspabi_divu", &[(12, x), (13, y)], &[12]));
                cases.push(routine_case("__mspabi_remu", &[(12, x), (13, y)], &[12]));
                // (Rust checks MIN / -1 before it calls.)
                if !(x == 0x8000 && y == 0xFFFF) {
                    cases.push(routine_case("__mspabi_divi", &[(12, x), (13, y)], &[12]));
                    cases.push(routine_case("__mspabi_remi", &[(12, x), (13, y)], &[12]));
                }
            }
        }
    }
    run_all(cases);
}

/// `call #__mspabi_mpyi` by a constant (`mov #k, r13` just before, r13
/// not read after): the constant goes to AX, and MUL takes r12's operand
/// where `mov x, r12` has just fetched it (SI, a memory word, X(SI), r13,
/// or r12 as it was). The same product as the model's, every other
/// register kept, and the short form made (no `mov ax, bx`); where r13
/// is read after, or is 0 (`xor cx, cx`), the plain MUL by CX.
#[test]
fn multiplication_by_a_constant() {
    // (A function reads r4-r10 only after setting them: they are its
    // caller's there, in homes of its own choice.)
    let fetches = [
        (None, true),
        (Some(S::R(13)), true),
        (Some(S::R(15)), true),
        (Some(S::X(12, 6)), true),
        (Some(S::R(10)), false),
        (Some(S::R(4)), false),
        (Some(S::X(10, 6)), false),
    ];
    let mut cases = Vec::new();
    for (fetch, in_function_too) in fetches {
        for k in [0u16, 3, 6, 12, 0x56, 0xFFFF] {
            for x in [0u16, 1, 0x7F, 0x1234, 0xFFFF] {
                for r13_read_after in [false, true] {
                    let mut a = Asm::default();
                    if let Some(s) = fetch {
                        a.w(MOV, s, D::R(12));
                    }
                    a.w(MOV, S::Imm(k), D::R(13));
                    a.call_rt("__mspabi_mpyi");
                    if r13_read_after {
                        a.w(ADD, S::R(13), D::R(12));
                    }
                    a.w(MOV, S::Imm(0x5A5A), D::R(13)).ret();
                    let base = match fetch {
                        Some(S::X(..)) => DATA + 0x40,
                        _ => x,
                    };
                    let case = Case::new(format!(
                        "{fetch:?} x {k:#x}, x = {x:#x}, r13 read after: {r13_read_after}"
                    ))
                    .reg(4, x)
                    .reg(10, base)
                    .reg(13, x)
                    .reg(15, x)
                    .words(DATA + 0x46, &[x])
                    .skip(&[14]);
                    let case = match fetch {
                        Some(S::X(12, _)) => case.reg(12, base),
                        None => case.reg(12, x),
                        _ => case,
                    };
                    for as_function in [false, true] {
                        if as_function && !in_function_too {
                            continue;
                        }
                        let case = if as_function {
                            case.clone().function_mode()
                        } else {
                            case.clone()
                        };
                        assert_eq!(
                            copies_r12_to_ax(&a, as_function),
                            r13_read_after || k == 0,
                            "{}",
                            case.name
                        );
                        cases.push((a.clone(), case));
                    }
                }
            }
        }
    }
    run_all(cases);
}

/// Whether a translation copies r12 (BX) to AX: the plain MUL by CX does.
fn copies_r12_to_ax(asm: &Asm, as_function: bool) -> bool {
    let snippet = translation(asm, as_function).expect("translates");
    iced_x86::Decoder::new(16, &snippet.code, iced_x86::DecoderOptions::NONE)
        .into_iter()
        .any(|i| {
            matches!(
                i.code(),
                iced_x86::Code::Mov_r16_rm16 | iced_x86::Code::Mov_rm16_r16
            ) && i.op0_register() == iced_x86::Register::AX
                && i.op1_kind() == iced_x86::OpKind::Register
                && i.op1_register() == iced_x86::Register::BX
        })
}

fn words32() -> Vec<u32> {
    vec![
        0,
        1,
        3,
        0xFFFF,
        0x1_0000,
        0x1_0001,
        0x1234_5678,
        0x7FFF_FFFF,
        0x8000_0000,
        0x8000_0001,
        0xFFFF_FFFE,
        0xFFFF_FFFF,
        0xDEAD_BEEF,
    ]
}

#[test]
fn multiplication_and_division_32() {
    let mut cases = Vec::new();
    for x in words32() {
        for y in words32() {
            let regs = [
                (12, x as u16),
                (13, (x >> 16) as u16),
                (14, y as u16),
                (15, (y >> 16) as u16),
            ];
            cases.push(routine_case("__mspabi_mpyl", &regs, &[12, 13]));
            if y != 0 {
                cases.push(routine_case("__mspabi_divul", &regs, &[12, 13]));
                cases.push(routine_case("__mspabi_remul", &regs, &[12, 13]));
            }
        }
    }
    run_all(cases);
}

#[test]
fn shifts() {
    let mut cases = Vec::new();
    for x in [0x8421u16, 0xFFFF, 1, 0x7FFF, 0x8000] {
        for n in 0..16 {
            for name in ["__mspabi_slli", "__mspabi_srli", "__mspabi_srai"] {
                cases.push(routine_case(name, &[(12, x), (13, n)], &[12]));
            }
        }
    }
    for x in [0x8421_0F0Fu32, 0xFFFF_FFFF, 1, 0x7FFF_FFFF, 0x8000_0000] {
        for n in 0..32 {
            for name in ["__mspabi_slll", "__mspabi_srll", "__mspabi_sral"] {
                cases.push(routine_case(
                    name,
                    &[(12, x as u16), (13, (x >> 16) as u16), (14, n)],
                    &[12, 13],
                ));
            }
        }
    }
    run_all(cases);
}

// ---------------------------------------------------------------- the tree's engine

/// The far call to the tree's engine, both sides: the program's
/// `rt86_engine_call` (segment 1000h) calls an engine (segment 3000h) whose
/// runtime is assembled in engine mode, with an 8086 stand-in for
/// `piskrs_engine_main`: it sums the request's words it was given (or, with
/// `trap`, pushes a little and calls `abort`). The caller gets the u32 in
/// BX:CX, keeps SI, DI, BP, DS, ES, SS:SP, and the direction flag is clear.
fn engine_call(len: u16, trap: bool) -> (u16, u16) {
    use iced_x86::code_asm::*;
    use translator::emit::Label;
    use translator::runtime::{self, Entry, Needs};

    const CALLER: u64 = 0x1000;
    const ENGINE: u64 = 0x3000;
    const REQUEST: u16 = 0x0200; // in the caller's segment
    const BUFFER: u16 = 0x0300; // the engine's copy
    const BUFFER_LEN: u16 = 8;
    const MAIN: u16 = 0x0500; // the engine's stand-in main
    const CALL_AT: u16 = 0x0800; // the caller's `call rt86_engine_call`

    let mut emu = Unicorn::new(Arch::X86, Mode::MODE_16).unwrap();
    emu.mem_map(0, 0x40000, Prot::ALL).unwrap();

    // The caller: its runtime at 1000h, a call at CALL_AT, a request.
    let program = runtime::assemble(
        0x1000,
        &Needs {
            entry: Entry::Program {
                main: Label::Text(0x2000),
                fatal: Label::Text(0x2000),
                initial_sp: 0x0F00,
            },
            vregs: 0x0F00,
            wanted: None,
        },
        0x8000,
        &|_| Some(0x2000),
    )
    .unwrap();
    let base = CALLER * 16;
    emu.mem_write(base + 0x1000, &program.bytes).unwrap();
    let call = program.labels[&Label::Runtime("rt86_engine_call".into())];
    let rel = call.wrapping_sub(CALL_AT + 3);
    emu.mem_write(
        base + CALL_AT as u64,
        &[0xE8, rel as u8, (rel >> 8) as u8, 0xF4],
    )
    .unwrap();
    let request: Vec<u8> = (1..=16).collect();
    emu.mem_write(base + REQUEST as u64, &request).unwrap();

    // The engine: 100h jumps to `_start`; the runtime at 1000h.
    let needs = Needs {
        entry: Entry::Engine {
            main: Label::Text(MAIN),
            request: BUFFER,
            request_len: BUFFER_LEN,
        },
        vregs: 0x0F00,
        wanted: None,
    };
    let engine = runtime::assemble(0x1000, &needs, 0x8000, &|_| Some(MAIN)).unwrap();
    let ebase = ENGINE * 16;
    emu.mem_write(ebase + 0x1000, &engine.bytes).unwrap();
    let start = engine.labels[&Label::Runtime("_start".into())];
    let rel = start.wrapping_sub(0x103);
    emu.mem_write(ebase + 0x100, &[0xE9, rel as u8, (rel >> 8) as u8])
        .unwrap();
    let abort = engine.labels[&Label::Runtime("abort".into())];
    let mut a = CodeAssembler::new(16).unwrap();
    if trap {
        a.push(ax).unwrap();
        a.push(ax).unwrap();
        a.call(abort as u64).unwrap();
    } else {
        // BX:CX = the sum of the buffer's first two words, DS:SS:SP checked:
        // the high word is 0 unless they are the engine's.
        a.mov(bx, word_ptr(BUFFER as u32)).unwrap();
        a.add(bx, word_ptr(BUFFER as u32 + 2)).unwrap();
        a.add(bx, word_ptr(BUFFER as u32 + 4)).unwrap();
        a.add(bx, word_ptr(BUFFER as u32 + 6)).unwrap();
        a.xor(cx, cx).unwrap();
        a.mov(ax, ds).unwrap();
        a.cmp(ax, ENGINE as u32).unwrap();
        let mut wrong = a.create_label();
        a.jne(wrong).unwrap();
        a.mov(ax, ss).unwrap();
        a.cmp(ax, ENGINE as u32).unwrap();
        a.jne(wrong).unwrap();
        a.cmp(sp, 0xFFFCu32).unwrap();
        a.jne(wrong).unwrap();
        a.mov(cx, 0x5A5Au32).unwrap();
        a.set_label(&mut wrong).unwrap();
        // A dirty direction flag and ES: the caller sets them right.
        a.std().unwrap();
        a.mov(ax, 0x1234u32).unwrap();
        a.mov(es, ax).unwrap();
        a.ret().unwrap();
    }
    let main = a.assemble(MAIN as u64).unwrap();
    emu.mem_write(ebase + MAIN as u64, &main).unwrap();
    // A stale buffer: what the request does not cover stays.
    emu.mem_write(ebase + BUFFER as u64, &[0xEE; 10]).unwrap();

    for seg in [
        RegisterX86::CS,
        RegisterX86::DS,
        RegisterX86::ES,
        RegisterX86::SS,
    ] {
        emu.reg_write(seg, CALLER).unwrap();
    }
    emu.reg_write(RegisterX86::SP, 0x7000).unwrap();
    emu.reg_write(RegisterX86::BX, ENGINE).unwrap();
    emu.reg_write(RegisterX86::CX, REQUEST as u64).unwrap();
    emu.reg_write(RegisterX86::DX, len as u64).unwrap();
    emu.reg_write(RegisterX86::SI, 0x1111).unwrap();
    emu.reg_write(RegisterX86::DI, 0x2222).unwrap();
    emu.reg_write(RegisterX86::BP, 0x3333).unwrap();
    emu.reg_write(RegisterX86::EFLAGS, 0x0002).unwrap();
    emu.emu_start(base + CALL_AT as u64, base + CALL_AT as u64 + 3, 0, 10_000)
        .unwrap();
    let reg = |r| emu.reg_read(r).unwrap() as u16;
    assert_eq!(reg(RegisterX86::IP), CALL_AT + 3, "back after the call");
    for (r, want) in [
        (RegisterX86::SI, 0x1111),
        (RegisterX86::DI, 0x2222),
        (RegisterX86::BP, 0x3333),
        (RegisterX86::SP, 0x7000),
        (RegisterX86::DS, CALLER as u16),
        (RegisterX86::ES, CALLER as u16),
        (RegisterX86::SS, CALLER as u16),
    ] {
        assert_eq!(reg(r), want, "{r:?} kept");
    }
    assert_eq!(
        reg(RegisterX86::FLAGS) & 0x0400,
        0,
        "the direction flag clear"
    );
    if !trap {
        // The copy: `len` bytes, at most the buffer's.
        let copied = emu.mem_read_as_vec(ebase + BUFFER as u64, 10).unwrap();
        let n = len.min(BUFFER_LEN) as usize;
        assert_eq!(&copied[..n], &request[..n]);
        assert!(copied[n..].iter().all(|&b| b == 0xEE), "no more than that");
    }
    (reg(RegisterX86::BX), reg(RegisterX86::CX))
}

#[test]
fn engine_far_call() {
    let sum = |bytes: &[u8]| {
        bytes.chunks(2).fold(0u16, |s, w| {
            s.wrapping_add(u16::from_le_bytes([w[0], w[1]]))
        })
    };
    let full: Vec<u8> = (1..=8).collect();
    assert_eq!(engine_call(8, false), (sum(&full), 0x5A5A));
    // A longer request is cut to the buffer.
    assert_eq!(engine_call(16, false), (sum(&full), 0x5A5A));
    // A shorter one leaves the rest of the buffer as it was.
    assert_eq!(
        engine_call(3, false),
        (sum(&[1, 2, 3, 0xEE, 0xEE, 0xEE, 0xEE, 0xEE]), 0x5A5A)
    );
    // A trap: the fatal reply word, the caller's stack back.
    let fatal = translator::runtime::ENGINE_FATAL_HALF;
    assert_eq!(engine_call(8, true), (fatal, fatal));
}

// ---------------------------------------------------------------- 8086 only

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
    only_8086(&runtime.bytes, 0x1000).unwrap();
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
    only_8086(&runtime.bytes, 0x1000).unwrap();
    assert!(only_8086(&[0x66, 0x40], 0x100).is_err(), "inc eax");
    assert!(only_8086(&[0x0F, 0xB6, 0xC0], 0x100).is_err(), "movzx");
    assert!(only_8086(&[0xCD, 0x15], 0x100).is_err(), "int 15h");
    assert!(only_8086(&[0x6A, 0x01], 0x100).is_err(), "push imm (186)");
    only_8086(&[0xCD, 0x21, 0x40, 0xC3], 0x100).unwrap();
}
