//! The whole program: reads the MSP430 ELF (linked by link86.x), translates
//! every function, and puts PISKRS86.COM's image together.
//!
//! The image, from 100h (where DOS, or our loader, puts a .COM):
//! - 100h: `jmp` to the runtime's start;
//! - 104h: the data (.rodata, .data) exactly where the MSP430 link put it,
//!   so that every data address in the code stays as it is; then .bss;
//! - the MSP430 registers that live in memory ([`crate::translate::Vregs`]);
//! - the runtime (src/runtime.rs), then the translated functions.
//!
//! Code addresses change: every relocation that names code (a call, a
//! function pointer, a jump table or vtable entry in the data) is pointed at
//! the translation. `--emit-relocs` keeps them in the ELF
//! ([`crate::linked_elf`] reads them).

use std::collections::{HashMap, HashSet};

use crate::decoded::{Decoded, Target};
use crate::emit::{self, Item, Label};
use crate::flags;
use crate::linked_elf::{DATA_AT, Data, Elf, Function, Text};
use crate::msp430::{self, Instruction as M, Op1, Operand};
use crate::runtime;
use crate::translate::{FunctionTranslator, Vregs};

/// The built image and what the .COM's packer and checks need to know.
pub struct Image {
    /// The tree's engine (its ELF defines `piskrs_engine_main`): `_start` is
    /// its far entry ([`runtime::Entry::Engine`]), and it has no far texts.
    pub engine: bool,
    /// The bytes from 100h to the end of the code.
    pub bytes: Vec<u8>,
    /// The lowest address the stack may reach (the end of the code).
    pub stack_floor: u16,
    /// The far texts (link86.x's .tail).
    pub tail: Vec<u8>,
    pub tail_at: u16,
    pub program_paragraphs: u16,
    /// Sizes, for the build's report.
    pub msp430_code: usize,
    pub translated_code: usize,
    pub runtime_code: usize,
    pub data: usize,
    pub bss: usize,
    /// Where the translated code starts and ends.
    pub code: (u16, u16),
    /// Functions' names and their new addresses (for the build checks).
    pub functions: Vec<(String, u16)>,
    /// The runtime's routines and their addresses (for the tools).
    pub runtime_routines: Vec<(String, u16)>,
}

/// Translates the linked MSP430 ELF into the 8086 image.
pub fn build(elf_bytes: &[u8]) -> Result<Image, String> {
    let elf = Elf::parse(elf_bytes)?;
    let text = elf.text()?;
    let mut data = elf.data(text.range)?;
    // The tree's engine (src/dos/tree_engine.rs) is a program of its own that
    // another calls far: its ELF defines `piskrs_engine_main` (and names it
    // `piskrs_main` too, link86.x's entry, which keeps it in the link).
    let engine = elf.symbols.contains_key("piskrs_engine_main");
    // Calls to piskrs_fatal (a panic's end) never return; nor do the
    // engine's calls to the runtime's `abort` (its traps).
    let no_return = if engine {
        Target::Runtime("abort".into())
    } else {
        Target::Text(elf.symbol("piskrs_fatal")?)
    };
    let decoded = decode_program(&elf, &text, &data, &no_return)?;
    let vregs = Vregs(elf.symbol("__code_start")?);
    let items = translate_program(&decoded, &text.functions, &vregs)?;
    if let Some(rows) = std::env::var_os("TRANSLATOR_STATS") {
        print_stats(
            &items,
            rows.to_str().and_then(|v| v.parse().ok()).unwrap_or(60),
        );
    }
    let needs = runtime::Needs {
        wanted: Some(runtime_routines_named(&items, &data)),
        entry: runtime_entry(&elf, engine)?,
        vregs: vregs.0,
    };
    let placed = place_code(&items, &needs, &no_return)?;
    for (at, target) in &data.targets {
        let value = placed.address_of(target)?;
        data.bytes[(at - DATA_AT) as usize..][..2].copy_from_slice(&value.to_le_bytes());
    }
    let bytes = image_bytes(&data.bytes, &placed)?;
    // The far texts' place and the memory needed: the program's, not the
    // engine's (it has no far texts; its caller claims its memory).
    let program_symbol = |name: &str| {
        if engine { Ok(0) } else { elf.symbol(name) }
    };
    let functions = text
        .functions
        .iter()
        .map(|(a, _, n)| {
            (
                n.clone(),
                placed
                    .layout
                    .labels
                    .get(&Label::Text(*a))
                    .copied()
                    .unwrap_or(0),
            )
        })
        .collect();
    Ok(Image {
        engine,
        stack_floor: 0x100 + bytes.len() as u16,
        bytes,
        tail: elf.tail()?,
        tail_at: program_symbol("piskrs_tail_at")?,
        program_paragraphs: program_symbol("piskrs_program_paragraphs")?,
        msp430_code: text.functions.iter().map(|f| f.1 as usize).sum(),
        translated_code: placed.code.len(),
        runtime_code: placed.runtime.bytes.len(),
        data: data.bytes.len(),
        bss: (elf.symbol("__bss_end")? - elf.symbol("__bss_start")?) as usize,
        code: (placed.code_at, placed.layout.end),
        functions,
        runtime_routines: placed
            .runtime
            .labels
            .iter()
            .filter_map(|(label, &at)| match label {
                Label::Runtime(name) => Some((name.clone(), at)),
                _ => None,
            })
            .collect(),
    })
}

/// The program decoded, function by function, and the addresses the
/// translation must keep as labels.
struct Decoding {
    functions: Vec<Vec<Decoded>>,
    /// Every address something jumps, calls or points to.
    labels: HashSet<u16>,
    /// Those something other than a direct jump reaches: function entries,
    /// jump tables, function pointers.
    entered_indirectly: HashSet<u16>,
}

/// Decodes every function of .text and marks what the translation needs to
/// know of each instruction: the calls that never return, which argument
/// registers calls and returns carry ([`crate::argument_use`]).
fn decode_program(
    elf: &Elf,
    text: &Text,
    data: &Data,
    no_return: &Target,
) -> Result<Decoding, String> {
    let mut decoded: Vec<Vec<Decoded>> = Vec::new();
    let mut labels: HashSet<u16> = HashSet::new();
    for (start, size, name) in &text.functions {
        labels.insert(*start);
        let offset = (start - text.at) as usize;
        let list = decode_code(
            &text.bytes[offset..offset + *size as usize],
            *start,
            &text.targets,
            &mut labels,
        )
        .map_err(|e| format!("{name}: {e}"))?;
        decoded.push(list);
    }
    for d in decoded.iter_mut().flatten() {
        d.never_returns = matches!(d.instruction, M::One { op: Op1::Call, .. })
            && d.src_target.as_ref() == Some(no_return);
    }
    crate::argument_use::mark_calls(&mut decoded);
    let roots: Vec<u16> = ["piskrs_main", "piskrs_engine_main", "piskrs_fatal"]
        .iter()
        .filter_map(|name| elf.symbols.get(*name).copied())
        .collect();
    let text_named = |targets: &mut dyn Iterator<Item = &Target>| -> Vec<u16> {
        targets
            .filter_map(|t| match t {
                Target::Text(a) => Some(*a),
                Target::Runtime(_) => None,
            })
            .collect()
    };
    let pointed = text_named(&mut data.targets.iter().map(|(_, t)| t));
    crate::argument_use::mark_returns(&mut decoded, &pointed, &roots);
    let named = text_named(
        &mut text
            .targets
            .values()
            .chain(data.targets.iter().map(|(_, t)| t)),
    );
    labels.extend(&named);
    let entered_indirectly: HashSet<u16> =
        text.functions.iter().map(|f| f.0).chain(named).collect();
    Ok(Decoding {
        functions: decoded,
        labels,
        entered_indirectly,
    })
}

/// Translates every function, in address order.
fn translate_program(
    decoded: &Decoding,
    functions: &[Function],
    vregs: &Vregs,
) -> Result<Vec<Item>, String> {
    let mut items: Vec<Item> = Vec::new();
    for (list, (_, _, name)) in decoded.functions.iter().zip(functions) {
        let (live_after, live_in) = flags::liveness(list);
        if live_in.get(&list[0].address).copied().unwrap_or(0) != 0 {
            return Err(format!("{name}: flags live into the function"));
        }
        let out = translate_function(
            list,
            vregs,
            &decoded.labels,
            &decoded.entered_indirectly,
            &live_after,
            &live_in,
            false,
        )
        .map_err(|e| format!("{name}: {e}"))?;
        items.extend(out);
    }
    Ok(items)
}

/// TRANSLATOR_STATS: the translation's instructions by kind and operands,
/// the `rows` that take the most bytes first (to find what to shorten).
fn print_stats(items: &[Item], rows: usize) {
    let mut histogram: HashMap<String, (usize, usize)> = HashMap::new();
    let mut encoder = iced_x86::Encoder::new(16);
    for item in items {
        let (key, size) = match item {
            Item::Plain(i) | Item::WithAddress(i, _) => {
                let size = encoder.encode(i, 0).unwrap_or(0);
                let _ = encoder.take_buffer();
                let mut key = format!("{:?}", i.code());
                for n in 0..i.op_count() {
                    key += &match i.op_kind(n) {
                        iced_x86::OpKind::Register => format!(" {:?}", i.op_register(n)),
                        iced_x86::OpKind::Memory => {
                            if i.memory_base() == iced_x86::Register::None {
                                " [abs]".into()
                            } else {
                                format!(" [{:?}]", i.memory_base())
                            }
                        }
                        _ => " imm".into(),
                    };
                }
                (key, size)
            }
            Item::Branch(c, _) => (format!("branch {c:?}"), 2),
            Item::Call(_) => ("call".into(), 3),
            Item::Label(_) => continue,
        };
        let e = histogram.entry(key).or_default();
        e.0 += 1;
        e.1 += size;
    }
    let mut list: Vec<_> = histogram.into_iter().collect();
    list.sort_by_key(|(_, (_, bytes))| std::cmp::Reverse(*bytes));
    for (key, (count, bytes)) in list.iter().take(rows) {
        eprintln!("{bytes:7} {count:6}  {key}");
    }
}

/// The runtime's routines the program names, in its code or its data (the
/// others are left out of the image).
fn runtime_routines_named(items: &[Item], data: &Data) -> HashSet<String> {
    items
        .iter()
        .filter_map(|item| match item {
            Item::Call(Label::Runtime(n))
            | Item::Branch(_, Label::Runtime(n))
            | Item::WithAddress(_, Label::Runtime(n)) => Some(n.clone()),
            _ => None,
        })
        .chain(data.targets.iter().filter_map(|(_, t)| match t {
            Target::Runtime(n) => Some(n.clone()),
            _ => None,
        }))
        .collect()
}

/// What the runtime's `_start` is: the engine's far entry, or a program's
/// start with its panic's end and its stack.
fn runtime_entry(elf: &Elf, engine: bool) -> Result<runtime::Entry, String> {
    Ok(if engine {
        let (request, request_len) = elf
            .sized_symbol("piskrs_engine_request")
            .ok_or("the engine has no piskrs_engine_request")?;
        runtime::Entry::Engine {
            main: Label::Text(elf.symbol("piskrs_engine_main")?),
            request,
            request_len,
        }
    } else {
        runtime::Entry::Program {
            main: Label::Text(elf.symbol("piskrs_main")?),
            fatal: Label::Text(elf.symbol("piskrs_fatal")?),
            initial_sp: elf.symbol("piskrs_initial_sp")?,
        }
    })
}

/// The runtime and the translation, placed and encoded.
struct Placed {
    runtime_at: u16,
    runtime: runtime::Runtime,
    code_at: u16,
    layout: emit::Layout,
    code: Vec<u8>,
    /// What the code names outside itself: the runtime's routines and the
    /// end of the image.
    outside: HashMap<Label, u16>,
}

impl Placed {
    /// Where a relocation's target ended up.
    fn address_of(&self, target: &Target) -> Result<u16, String> {
        let label = label_of(target);
        self.layout
            .labels
            .get(&label)
            .or_else(|| self.outside.get(&label))
            .copied()
            .ok_or_else(|| format!("nothing at {target:?}"))
    }
}

fn label_of(target: &Target) -> Label {
    match target {
        Target::Text(a) => Label::Text(*a),
        Target::Runtime(n) => Label::Runtime(n.clone()),
    }
}

/// Places the runtime after the registers, then the translation after it,
/// and encodes both. The runtime's size does not depend on where things
/// are: a first pass gives it, the second fills in the addresses.
fn place_code(
    items: &[Item],
    needs: &runtime::Needs,
    no_return: &Target,
) -> Result<Placed, String> {
    let runtime_at = needs.vregs + 32;
    let first = runtime::assemble(runtime_at, needs, 0, &|_| Some(0))?;
    let code_at = runtime_at + first.bytes.len() as u16;
    // A panic's call never returns: any such call serves as a stepping stone.
    let noreturn = HashSet::from([label_of(no_return)]);
    let layout = emit::layout_with(items, code_at, &first.labels, &noreturn)?;
    let runtime = runtime::assemble(runtime_at, needs, layout.end, &|l| {
        layout.labels.get(l).copied()
    })?;
    if runtime.bytes.len() != first.bytes.len() {
        return Err("the runtime changed size between passes".into());
    }
    // Besides the runtime's routines, the code may name the end of the image
    // (`__stack_floor`, for /STACK's measure).
    let mut outside = runtime.labels.clone();
    outside.insert(Label::Runtime("__stack_floor".into()), layout.end);
    let code = emit::encode(items, &layout, &outside)?;
    Ok(Placed {
        runtime_at,
        runtime,
        code_at,
        layout,
        code,
        outside,
    })
}

/// The image from 100h: the jump to `_start`, the data, the runtime and the
/// translation. Every instruction of the runtime and the translation runs
/// on an 8086, and none is an AT-only BIOS call.
fn image_bytes(data: &[u8], placed: &Placed) -> Result<Vec<u8>, String> {
    let start = *placed
        .runtime
        .labels
        .get(&Label::Runtime("_start".into()))
        .ok_or("no _start")?;
    let runtime_at = placed.runtime_at;
    let mut bytes = vec![0u8; (runtime_at - 0x100) as usize];
    bytes[0] = 0xE9;
    bytes[1..3].copy_from_slice(&(start.wrapping_sub(0x103)).to_le_bytes());
    bytes[(DATA_AT - 0x100) as usize..][..data.len()].copy_from_slice(data);
    bytes.extend_from_slice(&placed.runtime.bytes);
    bytes.extend_from_slice(&placed.code);
    only_8086(&bytes[(runtime_at - 0x100) as usize..], runtime_at)?;
    only_8086(&bytes[..3], 0x100)?;
    Ok(bytes)
}

/// An operand that names code: only immediates do (`call #f`, `mov #f, r12`).
pub fn names_code(o: &Operand) -> bool {
    matches!(o, Operand::Imm(_))
}

/// Translates a stand-alone piece of MSP430 code (one function, no
/// relocations) to 8086 code at `origin`, with the runtime right after it;
/// the register words at `vregs`. For the tests: they run both sides.
pub struct Snippet {
    /// The translation, from `origin`.
    pub code: Vec<u8>,
    /// The runtime, right after the code.
    pub runtime: Vec<u8>,
    /// Where each MSP430 address's translation starts.
    pub addresses: HashMap<u16, u16>,
    /// The runtime's routines.
    pub routines: HashMap<String, u16>,
}

pub fn translate_snippet(code: &[u8], at: u16, origin: u16, vregs: u16) -> Result<Snippet, String> {
    translate_snippet_with(code, at, origin, vregs, &HashMap::new(), false)
}

/// As [`translate_snippet`], with relocations: the address of an extension
/// word -> what its immediate names (code in the snippet, or a runtime routine).
/// With `as_function`, the snippet is a function that keeps the calling
/// convention (its prologue saves the r4-r10 it uses, it returns its result
/// in r12-r15), translated as the program's functions are: its own homes for
/// r4-r11, frame slots, high bytes left where nothing reads them.
pub fn translate_snippet_with(
    code: &[u8],
    at: u16,
    origin: u16,
    vregs: u16,
    code_targets: &HashMap<u16, Target>,
    as_function: bool,
) -> Result<Snippet, String> {
    let mut labels = HashSet::new();
    labels.insert(at);
    let list = decode_code(code, at, code_targets, &mut labels)?;
    for t in code_targets.values() {
        if let Target::Text(a) = t {
            labels.insert(*a);
        }
    }
    let vregs = Vregs(vregs);
    // As functions, the snippet splits where a `call #label` goes.
    let mut starts: Vec<usize> = vec![0];
    if as_function {
        let entries: HashSet<u16> = list
            .iter()
            .filter_map(|d| match (&d.instruction, &d.src_target) {
                (
                    M::One {
                        op: crate::msp430::Op1::Call,
                        ..
                    },
                    Some(Target::Text(a)),
                ) => Some(*a),
                _ => None,
            })
            .collect();
        starts.extend((1..list.len()).filter(|&n| entries.contains(&list[n].address)));
    }
    starts.push(list.len());
    let entered: HashSet<u16> = starts[..starts.len() - 1]
        .iter()
        .map(|&n| list[n].address)
        .collect();
    let mut parts: Vec<Vec<Decoded>> = starts
        .windows(2)
        .map(|pair| list[pair[0]..pair[1]].to_vec())
        .collect();
    if as_function {
        crate::argument_use::mark_calls(&mut parts);
    }
    let mut items = Vec::new();
    for part in &parts {
        let (live_after, live_in) = flags::liveness(part);
        items.extend(translate_function(
            part,
            &vregs,
            &labels,
            &entered,
            &live_after,
            &live_in,
            !as_function,
        )?);
    }
    let needs = runtime::Needs {
        wanted: None,
        entry: runtime::Entry::Program {
            main: Label::Text(at),
            fatal: Label::Text(at),
            initial_sp: vregs.0,
        },
        vregs: vregs.0,
    };
    // The runtime's size first (it does not depend on where things are).
    let probe = runtime::assemble(0x100, &needs, 0, &|_| Some(0))?;
    let mut laid = emit::layout(&items, origin, &HashMap::new());
    if laid.is_err() {
        // Calls into the runtime: lay the code out again knowing where it goes.
        let guess = emit::layout(
            &items,
            origin,
            &probe.labels.keys().map(|k| (k.clone(), 0xF000)).collect(),
        )?;
        let runtime = runtime::assemble(guess.end, &needs, 0, &|l| guess.labels.get(l).copied())?;
        laid = emit::layout(&items, origin, &runtime.labels);
    }
    let layout = laid?;
    let runtime = runtime::assemble(layout.end, &needs, 0, &|l| layout.labels.get(l).copied())?;
    let bytes = emit::encode(&items, &layout, &runtime.labels)?;
    let addresses = layout
        .labels
        .iter()
        .filter_map(|(l, a)| {
            if let Label::Text(t) = l {
                Some((*t, *a))
            } else {
                None
            }
        })
        .collect();
    let routines = runtime
        .labels
        .iter()
        .filter_map(|(l, a)| {
            if let Label::Runtime(n) = l {
                Some((n.clone(), *a))
            } else {
                None
            }
        })
        .collect();
    Ok(Snippet {
        code: bytes,
        runtime: runtime.bytes,
        addresses,
        routines,
    })
}

/// Translates one function. BP is preserved across calls: where the
/// translation writes BP and returns, it is made again saving the caller's
/// BP ([`FunctionTranslator::save_bp`]).
fn translate_function(
    list: &[Decoded],
    vregs: &Vregs,
    labels: &HashSet<u16>,
    entered_indirectly: &HashSet<u16>,
    live_after: &[flags::FlagSet],
    live_in: &HashMap<u16, flags::FlagSet>,
    fixed: bool,
) -> Result<Vec<Item>, String> {
    let context = (
        vregs,
        labels,
        entered_indirectly,
        live_after,
        live_in,
        fixed,
    );
    let out = translate_passes(list, context, false)?;
    let plain = |item: &Item| match item {
        Item::Plain(i) | Item::WithAddress(i, _) => Some(*i),
        _ => None,
    };
    let writes_bp = out.iter().filter_map(plain).any(|i| {
        i.op_count() > 0
            && i.op0_kind() == iced_x86::OpKind::Register
            && i.op0_register() == iced_x86::Register::BP
    });
    let returns = out
        .iter()
        .filter_map(plain)
        .any(|i| i.code() == iced_x86::Code::Retnw);
    if writes_bp && returns && !fixed {
        translate_passes(list, context, true)
    } else {
        Ok(out)
    }
}

type Context<'a> = (
    &'a Vregs,
    &'a HashSet<u16>,
    &'a HashSet<u16>,
    &'a [flags::FlagSet],
    &'a HashMap<u16, flags::FlagSet>,
    bool,
);

/// Translates one function with BP a copy of SP, and again with BP pointing
/// into the frame where that promises fewer bytes
/// ([`crate::translate::frame_bias_worth`]): the smaller.
fn translate_passes(
    list: &[Decoded],
    context: Context,
    save_bp: bool,
) -> Result<Vec<Item>, String> {
    let plain = translate_passes_biased(list, context, save_bp, 0)?;
    let Some(bias) = crate::translate::frame_bias_worth(&plain) else {
        return Ok(plain);
    };
    let biased = translate_passes_biased(list, context, save_bp, bias)?;
    Ok(if size_of(&biased) < size_of(&plain) {
        biased
    } else {
        plain
    })
}

/// Translates one function in passes, BP - SP being `frame_bias` where BP
/// is made a copy of SP: the first finds at which labels every arrival
/// agrees on what BP holds; the next assume it there.
fn translate_passes_biased(
    list: &[Decoded],
    (vregs, labels, entered_indirectly, live_after, live_in, fixed): Context,
    save_bp: bool,
    frame_bias: i16,
) -> Result<Vec<Item>, String> {
    let mut assume: HashMap<u16, i16> = HashMap::new();
    let mut best: Option<Vec<Item>> = None;
    for _ in 0..PASSES {
        let plan = if fixed {
            crate::translate::Plan::fixed(list, vregs, labels)?
        } else {
            crate::translate::plan(list, vregs, labels)?
        };
        let mut pass = FunctionTranslator::new(vregs, labels, plan);
        if save_bp {
            pass.save_bp();
        }
        // A snippet translated whole keeps no calling convention between its
        // parts: BP is not kept across its calls.
        pass.callees_change_bp = fixed;
        pass.frame_bias = frame_bias;
        pass.entered_indirectly = entered_indirectly.clone();
        pass.assume = assume.clone();
        pass.function(list, live_after, live_in)?;
        if best
            .as_ref()
            .is_none_or(|b| size_of(&pass.out) < size_of(b))
        {
            best = Some(pass.out);
        }
        let next: HashMap<u16, i16> = pass
            .arrivals
            .iter()
            .filter(|(label, _)| !entered_indirectly.contains(label))
            .filter_map(|(label, states)| {
                let agreed = states.first().copied().flatten()?;
                states
                    .iter()
                    .all(|s| *s == Some(agreed))
                    .then_some((*label, agreed))
            })
            .collect();
        // Each pass carries what BP holds one label further along a chain
        // of labels that assume it: the next pass would be this one.
        if next == assume {
            break;
        }
        assume = next;
    }
    Ok(best.unwrap_or_default())
}

/// At most how many passes [`translate_function`] makes (the tree's
/// hot functions settle within 8).
const PASSES: usize = 16;

/// The bytes of a function's items, counting every jump short.
fn size_of(items: &[Item]) -> usize {
    let mut encoder = iced_x86::Encoder::new(16);
    items
        .iter()
        .map(|item| match item {
            Item::Plain(i) | Item::WithAddress(i, _) => encoder.encode(i, 0).unwrap_or(0),
            Item::Branch(..) => 2,
            Item::Call(_) => 3,
            Item::Label(_) => 0,
        })
        .sum()
}

/// Decodes `code` (at `address`) and fails on any instruction an 8086 lacks
/// (iced-x86's CPUID features) and on INT 15h (an AT BIOS's services; INT 16h's
/// enhanced-keyboard calls are guarded in src/dos/bios.rs and reach the BIOS
/// through rt86_int with AH from a register).
pub fn only_8086(code: &[u8], address: u16) -> Result<(), String> {
    use iced_x86::{CpuidFeature, Decoder, DecoderOptions, Mnemonic};
    let mut decoder = Decoder::with_ip(16, code, address as u64, DecoderOptions::NONE);
    for instruction in &mut decoder {
        let at = instruction.ip();
        if instruction.is_invalid() {
            return Err(format!("{at:#06x}: not an instruction"));
        }
        if instruction
            .cpuid_features()
            .iter()
            .any(|f| *f != CpuidFeature::INTEL8086)
        {
            return Err(format!(
                "{at:#06x}: {:?} needs more than an 8086",
                instruction.code()
            ));
        }
        if instruction.mnemonic() == Mnemonic::Int && instruction.immediate8() == 0x15 {
            return Err(format!("{at:#06x}: INT 15h (an AT BIOS call)"));
        }
    }
    Ok(())
}

/// Decodes `code` (at `at`) instruction by instruction, with what the
/// relocations say of their immediates; each jump's target joins `labels`.
pub fn decode_code(
    code: &[u8],
    at: u16,
    code_targets: &HashMap<u16, Target>,
    labels: &mut HashSet<u16>,
) -> Result<Vec<Decoded>, String> {
    let mut list = Vec::new();
    let mut offset = 0;
    while offset < code.len() {
        let address = at + offset as u16;
        let (instruction, len) =
            msp430::decode(&code[offset..], address).map_err(|e| format!("+{offset:#x}: {e:?}"))?;
        let first = u16::from_le_bytes([code[offset], code[offset + 1]]);
        let (src_ext, dst_ext) = msp430::extension_offsets(first);
        let target_at = |o: usize| code_targets.get(&(address + o as u16)).cloned();
        if let M::Jump { target, .. } = instruction {
            labels.insert(target);
        }
        list.push(Decoded {
            address,
            len: len as u16,
            instruction,
            src_target: src_ext.and_then(target_at),
            dst_target: dst_ext.and_then(target_at),
            never_returns: false,
            call_use: crate::argument_use::UNKNOWN,
            return_reads: crate::argument_use::ARGUMENTS,
        });
        offset += len;
    }
    Ok(list)
}
