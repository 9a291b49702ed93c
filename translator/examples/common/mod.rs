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
