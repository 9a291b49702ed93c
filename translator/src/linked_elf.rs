//! What [`crate::program::build`] reads from the linked MSP430 ELF (link86.x,
//! `--emit-relocs`): its symbols, its functions, the data with the words that
//! name code, and the relocations inside the code.

use std::collections::HashMap;

use object::{
    Object, ObjectSection, ObjectSymbol, RelocationFlags, RelocationTarget, SectionKind, SymbolKind,
};

use crate::decoded::Target;

/// R_MSP430_16 and R_MSP430_16_BYTE: a 16-bit absolute address.
const R_MSP430_16: u32 = 3;
const R_MSP430_16_BYTE: u32 = 5;

/// Where the data starts (link86.x).
pub const DATA_AT: u16 = 0x104;

/// The parsed ELF and its defined symbols by name.
pub struct Elf<'d> {
    pub file: object::File<'d>,
    pub symbols: HashMap<String, u16>,
}

/// A function of .text: its address, its size and its name.
pub type Function = (u16, u16, String);

/// The code: .text's bytes, where they stand, and what the relocations in
/// them name (by the address of the word they fill).
pub struct Text<'d> {
    pub at: u16,
    pub bytes: &'d [u8],
    pub range: (u16, u16),
    pub targets: HashMap<u16, Target>,
    /// The functions, in address order, one per address.
    pub functions: Vec<Function>,
}

/// The data from [`DATA_AT`] to `__image_data_end` as linked, and the words
/// in it that name code or a runtime routine (by their address).
pub struct Data {
    pub bytes: Vec<u8>,
    pub targets: Vec<(u16, Target)>,
}

impl<'d> Elf<'d> {
    pub fn parse(elf_bytes: &'d [u8]) -> Result<Elf<'d>, String> {
        let file = object::File::parse(elf_bytes).map_err(|e| format!("not an ELF: {e}"))?;
        let symbols: HashMap<String, u16> = file
            .symbols()
            .filter(|s| !s.is_undefined())
            .filter_map(|s| Some((s.name().ok()?.to_string(), s.address() as u16)))
            .collect();
        Ok(Elf { file, symbols })
    }

    pub fn symbol(&self, name: &str) -> Result<u16, String> {
        self.symbols
            .get(name)
            .copied()
            .ok_or_else(|| format!("the ELF has no symbol {name}"))
    }

    /// .text, its relocations and its functions. In a linked executable a
    /// relocation's offset is an address.
    pub fn text(&self) -> Result<Text<'d>, String> {
        let file = &self.file;
        let text = file.section_by_name(".text").ok_or("no .text")?;
        let at = text.address() as u16;
        let bytes = text.data().map_err(|e| e.to_string())?;
        let range = (at, at + bytes.len() as u16);
        let mut targets: HashMap<u16, Target> = HashMap::new();
        for (offset, reloc) in text.relocations() {
            if let Some(target) = relocation_target(file, &reloc, range)? {
                targets.insert(offset as u16, target);
            }
        }
        let mut functions: Vec<Function> = file
            .symbols()
            .filter(|s| {
                s.kind() == SymbolKind::Text
                    && s.size() > 0
                    && s.section_index() == Some(text.index())
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
        Ok(Text {
            at,
            bytes,
            range,
            targets,
            functions,
        })
    }

    /// The data sections (not the far texts, .tail) copied where they were
    /// linked, with their relocations into `text_range` or the runtime.
    pub fn data(&self, text_range: (u16, u16)) -> Result<Data, String> {
        let file = &self.file;
        let data_end = self.symbol("__image_data_end")?;
        let mut data = vec![0u8; (data_end - DATA_AT) as usize];
        let mut targets: Vec<(u16, Target)> = Vec::new();
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
                    targets.push((offset as u16, target));
                }
            }
        }
        Ok(Data {
            bytes: data,
            targets,
        })
    }

    /// The far texts (link86.x's .tail), empty when there are none.
    pub fn tail(&self) -> Result<Vec<u8>, String> {
        Ok(match self.file.section_by_name(".tail") {
            Some(s) => s.data().map_err(|e| e.to_string())?.to_vec(),
            None => Vec::new(),
        })
    }

    /// A defined symbol's address and size.
    pub fn sized_symbol(&self, name: &str) -> Option<(u16, u16)> {
        self.file
            .symbols()
            .find(|s| s.name() == Ok(name))
            .map(|s| (s.address() as u16, s.size() as u16))
    }
}

/// What a relocation names: code in `text` (an address to move with the
/// translation), a runtime routine (an undefined symbol), or nothing to
/// change (None: data, or not a 16-bit address).
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
