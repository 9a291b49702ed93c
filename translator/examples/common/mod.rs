//! The whole-program tools' Unicorn side: an interrupt through the library's
//! faked DOS ([`translator::whole_program`]). The library does not depend on
//! Unicorn (the build tool, xtask, links it), so this glue stays here.
#![allow(dead_code)]

pub use translator::whole_program::*;

/// One interrupt in Unicorn (the 8086 side of lockstep.rs, profile386.rs):
/// its registers through [`fake_int`], the bytes it wrote stored, and the
/// run stopped when the program ends (INT 21h AH=4Ch).
pub fn fake_int_in(uc: &mut unicorn_engine::Unicorn<()>, dos: &mut Dos, n: u32) {
    use unicorn_engine::RegisterX86;
    let regs = [
        RegisterX86::AX,
        RegisterX86::BX,
        RegisterX86::CX,
        RegisterX86::DX,
        RegisterX86::SI,
        RegisterX86::DI,
        RegisterX86::DS,
        RegisterX86::ES,
    ];
    let mut r = [0u16; 9];
    for (k, x) in regs.iter().enumerate() {
        r[k] = uc.reg_read(*x).unwrap() as u16;
    }
    {
        let uc2: &unicorn_engine::Unicorn<()> = uc;
        fake_int(dos, n as u8, &mut r, &|l| {
            let mut b = [0u8];
            uc2.mem_read(l as u64, &mut b).unwrap();
            b[0]
        });
    }
    for (l, v) in std::mem::take(&mut dos.writes) {
        uc.mem_write(l as u64, &[v]).unwrap();
    }
    for (k, x) in regs.iter().enumerate() {
        uc.reg_write(*x, r[k] as u64).unwrap();
    }
    uc.reg_write(RegisterX86::EFLAGS, r[8] as u64).unwrap();
    if dos.exit.is_some() || (dos.out_of_keys && dos.keys_given) {
        uc.emu_stop().unwrap();
    }
}

/// A number from the environment (`key`), or `default` when it is not set.
pub fn env_number(key: &str, default: u64) -> u64 {
    std::env::var(key)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The command line's ELF (argument 1) and command tail (argument 2), each
/// with its default.
pub fn elf_and_tail(default_elf: &str, default_tail: &str) -> (String, String) {
    let args: Vec<String> = std::env::args().collect();
    let elf = args.get(1).cloned().unwrap_or(default_elf.into());
    let tail = args.get(2).cloned().unwrap_or(default_tail.into());
    (elf, tail)
}

/// A symbol's name as Rust writes it, without its hash.
pub fn readable(mangled: &str) -> String {
    format!("{:#}", rustc_demangle::demangle(mangled))
}

/// The program run in the reference model (lockstep.rs's model side,
/// calltrace.rs): its CPU from `piskrs_main` on, with the far texts where
/// the loader puts them, and the runtime's routines done in Rust.
pub struct ModelRun {
    pub cpu: translator::model::Cpu,
    pub far: Far,
    pub dos: Dos,
    natives: std::collections::HashMap<u16, (String, Option<translator::model::Native>)>,
    /// The lowest SP after any instruction, and the PC then.
    pub lowest_sp: (u16, u16),
}

impl ModelRun {
    pub fn new(p: &Program, cmdtail: &[u8], dos: Dos) -> ModelRun {
        let mut cpu = translator::model::Cpu::new();
        cpu.mem.copy_from_slice(&p.model_mem);
        prepare_segment(&mut cpu.mem, p, cmdtail);
        let mut far = Far {
            mem: vec![0; 0x100000],
        };
        let tail_at = lin(SEG + 0x1000, p.image.tail_at) as usize;
        far.mem[tail_at..tail_at + p.tail.len()].copy_from_slice(&p.tail);
        cpu.regs[1] = SP0;
        cpu.push(STOP);
        cpu.regs[0] = p.main_msp;
        ModelRun {
            cpu,
            far,
            dos,
            natives: model_natives(&p.natives),
            lowest_sp: (u16::MAX, 0),
        }
    }

    /// One instruction, or one call of a runtime routine. Err(why) where the
    /// program has ended (or the model failed).
    pub fn step(&mut self) -> Result<(), String> {
        let cpu = &mut self.cpu;
        let pc = cpu.regs[0];
        if pc == STOP {
            return Err(format!("piskrs_main returned {:#x}", cpu.regs[12]));
        }
        if let Some((name, libcall)) = self.natives.get(&pc) {
            if let Some(end) = model_runtime(name, *libcall, cpu, &mut self.far, &mut self.dos) {
                return Err(end);
            }
            cpu.regs[0] = cpu.pop();
            cpu.steps += 1;
            return Ok(());
        }
        cpu.step().map_err(|e| format!("model error: {e}"))?;
        if cpu.regs[1] < self.lowest_sp.0 {
            self.lowest_sp = (cpu.regs[1], cpu.regs[0]);
        }
        Ok(())
    }
}

/// Unicorn's 16-bit x86 with the first MiB mapped, CS = DS = ES = SS =
/// [`SEG`], SP at `sp` and interrupts on.
pub fn unicorn_in_segment(sp: u16) -> unicorn_engine::Unicorn<'static, ()> {
    use unicorn_engine::{Arch, Mode, Prot, RegisterX86, Unicorn};
    let mut emu = Unicorn::new(Arch::X86, Mode::MODE_16).unwrap();
    emu.mem_map(0, 0x100000, Prot::ALL).unwrap();
    let segment = SEG as u64;
    let registers = [
        (RegisterX86::CS, segment),
        (RegisterX86::DS, segment),
        (RegisterX86::ES, segment),
        (RegisterX86::SS, segment),
        (RegisterX86::SP, sp as u64),
        (RegisterX86::EFLAGS, 0x0202),
    ];
    for (register, value) in registers {
        emu.reg_write(register, value).unwrap();
    }
    emu
}

/// DOS's PSP for the command tail: INT 20h at 0, PSP:0002 (the paragraph
/// after our block) A000h, all of memory below the screen, and the tail at
/// 80h.
pub fn psp(tail: &str) -> Vec<u8> {
    let mut psp = vec![0u8; 0x100];
    psp[0] = 0xCD;
    psp[1] = 0x20;
    psp[2..4].copy_from_slice(&0xA000u16.to_le_bytes());
    psp[0x80] = tail.len() as u8;
    psp[0x81..0x81 + tail.len()].copy_from_slice(tail.as_bytes());
    psp[0x81 + tail.len()] = 0x0D;
    psp
}

/// The heaviest `top` rows of per-function counts, heaviest first: each
/// address's count added to the function `function_of` puts it in.
pub fn by_function(
    counts: &std::collections::HashMap<u32, u64>,
    function_of: impl Fn(u32) -> Option<usize>,
) -> Vec<(Option<usize>, u64)> {
    let mut own: std::collections::HashMap<Option<usize>, u64> = Default::default();
    for (&ip, &n) in counts {
        *own.entry(function_of(ip)).or_default() += n;
    }
    let mut rows: Vec<_> = own.into_iter().collect();
    rows.sort_by_key(|r| std::cmp::Reverse(r.1));
    rows
}

/// The functions of an ELF linked for the 8086 or 386: (start, end,
/// readable name) of each text symbol, by start.
pub fn text_functions(file: &object::File) -> Vec<(u32, u32, String)> {
    use object::{Object, ObjectSymbol, SymbolKind};
    let mut functions: Vec<(u32, u32, String)> = file
        .symbols()
        .filter(|s| s.kind() == SymbolKind::Text && s.size() > 0)
        .map(|s| {
            let start = s.address() as u32;
            (
                start,
                start + s.size() as u32,
                readable(s.name().unwrap_or("?")),
            )
        })
        .collect();
    functions.sort_by_key(|f| f.0);
    functions
}
