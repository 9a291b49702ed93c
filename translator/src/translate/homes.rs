//! Where each MSP430 register lives: the program-wide map (the calling
//! convention's) and each function's own choice for r4-r11.

use iced_x86::Register;

use crate::decoded::Decoded;
use crate::msp430::{Instruction as M, Op1, Operand, Reg};

/// The words in memory that hold r0-r15 when their home is not an 8086
/// register (only r4-r8, r11 and r15 are used): 32 bytes the output reserves
/// at this address.
pub struct Vregs(pub u16);

/// The home of an MSP430 register.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Home {
    Reg(Register),
    Mem(u16),
    /// A word of the function's own frame, at this offset from SP on entry:
    /// the word where the MSP430 code saves its caller's value of the
    /// register. The register lives there instead, and the caller's value
    /// stays in the caller's own home, untouched.
    Slot(i16),
}

/// Where one function keeps each register. r12-r15 stay where the calling
/// convention puts them. r4-r10 are the function's own (it saves its
/// caller's values on entry and restores them on exit, by their homes), so
/// it may put them in any home its callees preserve: the most used go to SI
/// and DI, the rest to the words of r4-r10; a function that calls nothing
/// may also use BX, CX and DX where r12-r14 are unused. r11 lives only
/// between calls: a free BX, CX or DX serves.
pub fn plan_homes(code: &[Decoded], vregs: &Vregs) -> [Home; 16] {
    let mut homes: [Home; 16] = std::array::from_fn(|r| home(r as Reg, vregs));
    let mut uses = [0usize; 16];
    let mut leaf = true;
    for d in code {
        // A register used as a base costs most outside SI/DI/BX (it must be
        // copied to BP, which then needs SP copied back).
        let mut count = |o: &Operand| match o {
            Operand::Reg(r) => uses[*r as usize] += 1,
            Operand::Indexed(r, _) | Operand::PostInc(r) => uses[*r as usize] += BASE_WEIGHT,
            _ => {}
        };
        match &d.instruction {
            M::Two { src, dst, .. } => {
                count(src);
                count(dst);
            }
            M::One { op, dst, .. } => {
                count(dst);
                if *op == Op1::Call {
                    leaf = false;
                }
            }
            M::Jump { .. } => {}
        }
    }
    let abi = [
        (12usize, Register::BX),
        (13, Register::CX),
        (14, Register::DX),
    ];
    let mut free_scratch: Vec<Register> = abi
        .iter()
        .filter(|(r, _)| uses[*r] == 0)
        .map(|&(_, x)| x)
        .collect();
    let mut saved: Vec<Home> = Vec::new();
    if leaf && free_scratch.first() == Some(&Register::BX) {
        saved.push(Home::Reg(Register::BX));
        free_scratch.remove(0);
    }
    saved.push(Home::Reg(Register::SI));
    saved.push(Home::Reg(Register::DI));
    if leaf {
        saved.extend(free_scratch.drain(..).map(Home::Reg));
    }
    saved.extend((4..=10u16).map(|r| Home::Mem(vregs.0 + 2 * r)));
    let mut callee_saved: Vec<usize> = (4..=10).filter(|&r| uses[r] > 0).collect();
    callee_saved.sort_by_key(|&r| (std::cmp::Reverse(uses[r]), r));
    for (r, place) in callee_saved.into_iter().zip(saved) {
        homes[r] = place;
    }
    // r11 stays in its word: a BX, CX or DX that this function's code never
    // names may still carry an argument through to a call, or a result
    // through to the return (found by the lockstep differ: r11 in DX broke
    // the budget that benchmark::reply passes on in r14).
    homes
}

/// How much more a use as a base weighs than a plain use, in [`plan_homes`].
const BASE_WEIGHT: usize = 2;

/// The program-wide homes (the calling convention's).
pub fn home(reg: Reg, vregs: &Vregs) -> Home {
    match reg {
        12 => Home::Reg(Register::BX),
        13 => Home::Reg(Register::CX),
        14 => Home::Reg(Register::DX),
        10 => Home::Reg(Register::SI),
        9 => Home::Reg(Register::DI),
        _ => Home::Mem(vregs.0 + 2 * reg as u16),
    }
}
