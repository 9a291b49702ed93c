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
//! the translation. `--emit-relocs` keeps them in the ELF.

use std::collections::{HashMap, HashSet};

use object::{
    Object, ObjectSection, ObjectSymbol, RelocationFlags, RelocationTarget, SectionKind, SymbolKind,
};

use crate::decoded::{Decoded, Target};
use crate::emit::{self, Item, Label};
use crate::flags;
use crate::msp430::{self, Instruction as M, Op1, Operand};
use crate::runtime;
use crate::translate::{FunctionTranslator, Vregs};

/// R_MSP430_16 and R_MSP430_16_BYTE: a 16-bit absolute address.
const R_MSP430_16: u32 = 3;
const R_MSP430_16_BYTE: u32 = 5;

/// Where the data starts (link86.x).
pub const DATA_AT: u16 = 0x104;

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

struct Elf<'d> {
    file: object::File<'d>,
    symbols: HashMap<String, u16>,
}

impl<'d> Elf<'d> {
    fn symbol(&self, name: &str) -> Result<u16, String> {
        self.symbols
            .get(name)
            .copied()
            .ok_or_else(|| format!("the ELF has no symbol {name}"))
    }
}

fn relocation_target(
    file: &object::File,
    reloc: &object::Relocation,
    text: (u16, u16),
) -> Result<Option<Target>, String> {
    let RelocationFlags::Elf { r_type } = reloc.flags() else {
        return Err("not an ELF relocation".into());
    };
    if r_type != R_MSP430_16 && r_type != R_MSP430_16_BYTE {
        return Ok(None);
    }
    let (address, undefined_name) = match reloc.target() {
        RelocationTarget::Symbol(index) => {
            let symbol = file.symbol_by_index(index).map_err(|e| e.to_string())?;
            if symbol.is_undefined() {
                (
                    0,
                    Some(symbol.name().map_err(|e| e.to_string())?.to_string()),
                )
            } else if symbol.kind() == SymbolKind::Section {
                let index = symbol
                    .section_index()
                    .ok_or("a section symbol without a section")?;
                let section = file.section_by_index(index).map_err(|e| e.to_string())?;
                (section.address() as i64, None)
            } else {
                (symbol.address() as i64, None)
            }
        }
        RelocationTarget::Section(index) => {
            let section = file.section_by_index(index).map_err(|e| e.to_string())?;
            (section.address() as i64, None)
        }
        _ => return Err("a relocation with no target".into()),
    };
    if let Some(name) = undefined_name {
        if reloc.addend() != 0 {
            return Err(format!(
                "{name}+{}: an offset into a runtime routine",
                reloc.addend()
            ));
        }
        return Ok(Some(Target::Runtime(name)));
    }
    let address = (address + reloc.addend()) as u16;
    if address >= text.0 && address < text.1 {
        Ok(Some(Target::Text(address)))
    } else {
        Ok(None)
    }
}

/// Translates the linked MSP430 ELF into the 8086 image.
pub fn build(elf_bytes: &[u8]) -> Result<Image, String> {
    let file = object::File::parse(elf_bytes).map_err(|e| format!("not an ELF: {e}"))?;
    let symbols: HashMap<String, u16> = file
        .symbols()
        .filter(|s| !s.is_undefined())
        .filter_map(|s| Some((s.name().ok()?.to_string(), s.address() as u16)))
        .collect();
    let elf = Elf { file, symbols };
    let file = &elf.file;
    let text = file.section_by_name(".text").ok_or("no .text")?;
    let text_at = text.address() as u16;
    let text_bytes = text.data().map_err(|e| e.to_string())?;
    let text_range = (text_at, text_at + text_bytes.len() as u16);

    // Relocations: in the code (by the address of the word they fill) and in
    // the data. In a linked executable a relocation's offset is an address.
    let mut code_targets: HashMap<u16, Target> = HashMap::new();
    for (offset, reloc) in text.relocations() {
        if let Some(target) = relocation_target(file, &reloc, text_range)? {
            code_targets.insert(offset as u16, target);
        }
    }
    let data_end = elf.symbol("__image_data_end")?;
    let mut data = vec![0u8; (data_end - DATA_AT) as usize];
    let mut data_targets: Vec<(u16, Target)> = Vec::new();
    for section in file.sections() {
        let at = section.address() as u16;
        let kind = section.kind();
        if section.size() == 0
            || !matches!(
                kind,
                SectionKind::ReadOnlyData | SectionKind::Data | SectionKind::ReadOnlyString
            )
        {
            continue;
        }
        let name = section.name().unwrap_or("");
        if name.starts_with(".tail") {
            continue;
        }
        if at < DATA_AT || at as u32 + section.size() as u32 > data_end as u32 {
            return Err(format!("section {name} at {at:#x} lies outside the data"));
        }
        let bytes = section.data().map_err(|e| e.to_string())?;
        data[(at - DATA_AT) as usize..][..bytes.len()].copy_from_slice(bytes);
        for (offset, reloc) in section.relocations() {
            if let Some(target) = relocation_target(file, &reloc, text_range)? {
                data_targets.push((offset as u16, target));
            }
        }
    }

    // The functions, in address order.
    let mut functions: Vec<(u16, u16, String)> = file
        .symbols()
        .filter(|s| {
            s.kind() == SymbolKind::Text && s.size() > 0 && s.section_index() == Some(text.index())
        })
        .map(|s| {
            (
                s.address() as u16,
                s.size() as u16,
                s.name().unwrap_or("?").to_string(),
            )
        })
        .collect();
    functions.sort();
    functions.dedup_by_key(|f| f.0);

    let mut decoded: Vec<Vec<Decoded>> = Vec::new();
    let mut labels: HashSet<u16> = HashSet::new();
    for (start, size, name) in &functions {
        labels.insert(*start);
        let offset = (start - text_at) as usize;
        let list = decode_code(
            &text_bytes[offset..offset + *size as usize],
            *start,
            &code_targets,
            &mut labels,
        )
        .map_err(|e| format!("{name}: {e}"))?;
        decoded.push(list);
    }
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
    for d in decoded.iter_mut().flatten() {
        d.never_returns = matches!(d.instruction, M::One { op: Op1::Call, .. })
            && d.src_target.as_ref() == Some(&no_return);
    }
    crate::argument_use::mark_calls(&mut decoded);
    let roots: Vec<u16> = ["piskrs_main", "piskrs_engine_main", "piskrs_fatal"]
        .iter()
        .filter_map(|name| elf.symbols.get(*name).copied())
        .collect();
    let pointed: Vec<u16> = data_targets
        .iter()
        .filter_map(|(_, t)| match t {
            Target::Text(a) => Some(*a),
            Target::Runtime(_) => None,
        })
        .collect();
    crate::argument_use::mark_returns(&mut decoded, &pointed, &roots);
    for target in code_targets
        .values()
        .chain(data_targets.iter().map(|(_, t)| t))
    {
        if let Target::Text(t) = target {
            labels.insert(*t);
        }
    }
    let msp430_code: usize = functions.iter().map(|f| f.1 as usize).sum();
    // Labels something other than a direct jump reaches: function entries,
    // jump tables, function pointers.
    let entered_indirectly: HashSet<u16> = functions
        .iter()
        .map(|f| f.0)
        .chain(
            code_targets
                .values()
                .chain(data_targets.iter().map(|(_, t)| t))
                .filter_map(|t| match t {
                    Target::Text(a) => Some(*a),
                    _ => None,
                }),
        )
        .collect();

    // Translate.
    let mut items: Vec<Item> = Vec::new();
    let vregs = Vregs(elf.symbol("__code_start")?);
    for (list, (_, _, name)) in decoded.iter().zip(&functions) {
        let (live_after, live_in) = flags::liveness(list);
        if live_in.get(&list[0].address).copied().unwrap_or(0) != 0 {
            return Err(format!("{name}: flags live into the function"));
        }
        let out = translate_function(
            list,
            &vregs,
            &labels,
            &entered_indirectly,
            &live_after,
            &live_in,
            false,
        )
        .map_err(|e| format!("{name}: {e}"))?;
        items.extend(out);
    }

    if std::env::var_os("TRANSLATOR_STATS").is_some() {
        let mut histogram: HashMap<String, (usize, usize)> = HashMap::new();
        let mut encoder = iced_x86::Encoder::new(16);
        for item in &items {
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
        for (key, (count, bytes)) in list.iter().take(
            std::env::var("TRANSLATOR_STATS")
                .ok()
                .and_then(|v| v.parse().ok())
                .unwrap_or(60),
        ) {
            eprintln!("{bytes:7} {count:6}  {key}");
        }
    }

    // Place the runtime after the registers, then the translation after it.
    let runtime_at = vregs.0 + 32;
    // The runtime's routines the program names (the others are left out).
    let wanted = items
        .iter()
        .filter_map(|item| match item {
            Item::Call(Label::Runtime(n))
            | Item::Branch(_, Label::Runtime(n))
            | Item::WithAddress(_, Label::Runtime(n)) => Some(n.clone()),
            _ => None,
        })
        .chain(data_targets.iter().filter_map(|(_, t)| match t {
            Target::Runtime(n) => Some(n.clone()),
            _ => None,
        }))
        .collect();
    let entry = if engine {
        let (request, request_len) = elf
            .file
            .symbols()
            .find(|s| s.name() == Ok("piskrs_engine_request"))
            .map(|s| (s.address() as u16, s.size() as u16))
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
    };
    let needs = runtime::Needs {
        wanted: Some(wanted),
        entry,
        vregs: vregs.0,
    };
    let zero: HashMap<Label, u16> = HashMap::new();
    let first = runtime::assemble(runtime_at, &needs, 0, &|_| Some(0))?;
    let code_at = runtime_at + first.bytes.len() as u16;
    // A panic's call never returns: any such call serves as a stepping stone.
    let noreturn = HashSet::from([match &no_return {
        Target::Text(a) => Label::Text(*a),
        Target::Runtime(n) => Label::Runtime(n.clone()),
    }]);
    let layout = emit::layout_with(&items, code_at, &first.labels, &noreturn)?;
    let resolve = |l: &Label| {
        layout
            .labels
            .get(l)
            .copied()
            .or_else(|| zero.get(l).copied())
    };
    let runtime = runtime::assemble(runtime_at, &needs, layout.end, &|l| resolve(l))?;
    if runtime.bytes.len() != first.bytes.len() {
        return Err("the runtime changed size between passes".into());
    }
    // Besides the runtime's routines, the code may name the end of the image
    // (`__stack_floor`, for /STACK's measure).
    let mut outside = runtime.labels.clone();
    outside.insert(Label::Runtime("__stack_floor".into()), layout.end);
    let code = emit::encode(&items, &layout, &outside)?;
    let find = |t: &Target| -> Result<u16, String> {
        let label = match t {
            Target::Text(a) => Label::Text(*a),
            Target::Runtime(n) => Label::Runtime(n.clone()),
        };
        layout
            .labels
            .get(&label)
            .or_else(|| outside.get(&label))
            .copied()
            .ok_or_else(|| format!("nothing at {t:?}"))
    };
    for (at, target) in &data_targets {
        let value = find(target)?;
        data[(at - DATA_AT) as usize..][..2].copy_from_slice(&value.to_le_bytes());
    }

    // The image from 100h.
    let start = *runtime
        .labels
        .get(&Label::Runtime("_start".into()))
        .ok_or("no _start")?;
    let mut bytes = vec![0u8; (runtime_at - 0x100) as usize];
    bytes[0] = 0xE9;
    bytes[1..3].copy_from_slice(&(start.wrapping_sub(0x103)).to_le_bytes());
    bytes[(DATA_AT - 0x100) as usize..][..data.len()].copy_from_slice(&data);
    bytes.extend_from_slice(&runtime.bytes);
    bytes.extend_from_slice(&code);
    let stack_floor = 0x100 + bytes.len() as u16;
    // Every instruction of the runtime and the translation runs on an 8086,
    // and none is an AT-only BIOS call.
    only_8086(&bytes[(runtime_at - 0x100) as usize..], runtime_at)?;
    only_8086(&bytes[..3], 0x100)?;

    let tail = match file.section_by_name(".tail") {
        Some(s) => s.data().map_err(|e| e.to_string())?.to_vec(),
        None => Vec::new(),
    };
    // The far texts' place and the memory needed: the program's, not the
    // engine's (it has no far texts; its caller claims its memory).
    let program_symbol = |name: &str| {
        if engine { Ok(0) } else { elf.symbol(name) }
    };
    let bss_start = elf.symbol("__bss_start")?;
    let bss_end = elf.symbol("__bss_end")?;
    let functions = functions
        .iter()
        .map(|(a, _, n)| {
            (
                n.clone(),
                layout.labels.get(&Label::Text(*a)).copied().unwrap_or(0),
            )
        })
        .collect();
    Ok(Image {
        engine,
        bytes,
        stack_floor,
        tail,
        tail_at: program_symbol("piskrs_tail_at")?,
        program_paragraphs: program_symbol("piskrs_program_paragraphs")?,
        msp430_code,
        translated_code: code.len(),
        runtime_code: runtime.bytes.len(),
        data: data.len(),
        bss: (bss_end - bss_start) as usize,
        code: (code_at, layout.end),
        functions,
        runtime_routines: runtime
            .labels
            .iter()
            .filter_map(|(label, &at)| match label {
                Label::Runtime(name) => Some((name.clone(), at)),
                _ => None,
            })
            .collect(),
    })
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

/// Translates one function in passes: the first finds at which labels every
/// arrival agrees on what BP holds; the next assume it there.
fn translate_passes(
    list: &[Decoded],
    (vregs, labels, entered_indirectly, live_after, live_in, fixed): Context,
    save_bp: bool,
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
        pass.entered_indirectly = entered_indirectly.clone();
        pass.assume = assume;
        pass.function(list, live_after, live_in)?;
        if best
            .as_ref()
            .is_none_or(|b| size_of(&pass.out) < size_of(b))
        {
            best = Some(pass.out);
        }
        assume = pass
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
    }
    Ok(best.unwrap_or_default())
}

/// How many passes [`translate_function`] makes.
const PASSES: usize = 4;

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
