//! What LLVM calls for itself: the C memory routines (memcpy/memmove,
//! memset, memcmp/bcmp) and the MSP430 libcalls (multiplication, division,
//! shifts).

use iced_x86::IcedError;
use iced_x86::code_asm::*;

use super::{Addresses, Name};

/// memcpy/memmove, memset, memcmp/bcmp.
pub(super) fn memory_routines(a: &mut CodeAssembler, name: &mut Name<'_>) -> Result<(), IcedError> {
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

    Ok(())
}

/// The multiplication libcalls.
pub(super) fn multiplication(
    a: &mut CodeAssembler,
    name: &mut Name<'_>,
    at: &Addresses,
    want: &dyn Fn(&str) -> bool,
) -> Result<(), IcedError> {
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

    Ok(())
}

/// The division libcalls, 16 and 32 bits.
pub(super) fn division(
    a: &mut CodeAssembler,
    name: &mut Name<'_>,
    at: &Addresses,
    want: &dyn Fn(&str) -> bool,
) -> Result<(), IcedError> {
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

    Ok(())
}

/// The shift libcalls by a variable count.
pub(super) fn shifts(
    a: &mut CodeAssembler,
    name: &mut Name<'_>,
    want: &dyn Fn(&str) -> bool,
) -> Result<(), IcedError> {
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
