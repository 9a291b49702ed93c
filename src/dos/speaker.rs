//! The PC speaker: PIT channel 2 drives it through port 61h. A click on a move,
//! a short tune on a win.

#[cfg(target_arch = "x86")]
use core::arch::asm;

#[cfg(target_arch = "msp430")]
use super::rt86;

use piskrs::app::screen::Sound;

/// The PIT's input clock, 1.193182 MHz.
const PIT_HZ: u32 = 1_193_182;

/// The PIT divisor that sounds `frequency` (in Hz).
const fn divisor(frequency: u32) -> u16 {
    (PIT_HZ / frequency) as u16
}

/// A click on a move, and the win tune: (PIT divisor, milliseconds) a note.
const CLICK: [(u16, u16); 1] = [(divisor(1800), 12)];
const TUNE: [(u16, u16); 4] = [
    (divisor(523), 110),
    (divisor(659), 110),
    (divisor(784), 110),
    (divisor(1047), 260),
];

fn tone_on(divisor: u16) {
    // SAFETY: port 43h selects PIT channel 2, mode 3 (square wave), low then high
    // byte; ports 42h and 61h belong to the speaker. Only AL is used.
    #[cfg(target_arch = "x86")]
    unsafe {
        asm!(
            "mov al, 0xB6",
            "out 0x43, al",
            "mov al, {lo}",
            "out 0x42, al",
            "mov al, {hi}",
            "out 0x42, al",
            "in al, 0x61",
            "or al, 3",
            "out 0x61, al",
            lo = in(reg_byte) divisor as u8,
            hi = in(reg_byte) (divisor >> 8) as u8,
            out("al") _,
        );
    }
    // SAFETY: as above, through the runtime's OUT and IN.
    #[cfg(target_arch = "msp430")]
    unsafe {
        rt86::rt86_out(0x43, 0xB6);
        rt86::rt86_out(0x42, divisor as u8);
        rt86::rt86_out(0x42, (divisor >> 8) as u8);
        rt86::rt86_out(0x61, rt86::rt86_in(0x61) | 3);
    }
}

fn tone_off() {
    // SAFETY: clears the speaker's gate and data bits in port 61h, nothing else.
    #[cfg(target_arch = "x86")]
    unsafe {
        asm!("in al, 0x61", "and al, 0xFC", "out 0x61, al", out("al") _);
    }
    // SAFETY: as above, through the runtime's IN and OUT.
    #[cfg(target_arch = "msp430")]
    unsafe {
        rt86::rt86_out(0x61, rt86::rt86_in(0x61) & 0xFC);
    }
}

/// PIT channel 0's count: the timer the BIOS runs for its 18.2 Hz tick, in
/// mode 3 (down by 2 at each of the PIT's 1.193182 MHz clocks, from 65536).
fn timer_count() -> u16 {
    let count: u16;
    // SAFETY: port 43h command 00h latches channel 0's count, which ports 40h
    // gives back low byte first; the BIOS's tick keeps running. Only AX is used.
    #[cfg(target_arch = "x86")]
    unsafe {
        asm!(
            "mov al, 0",
            "out 0x43, al",
            "in al, 0x40",
            "mov ah, al",
            "in al, 0x40",
            "xchg al, ah",
            out("ax") count,
        );
    }
    // SAFETY: as above, through the runtime's OUT and IN.
    #[cfg(target_arch = "msp430")]
    unsafe {
        rt86::rt86_out(0x43, 0);
        let low = rt86::rt86_in(0x40) as u16;
        count = (rt86::rt86_in(0x40) as u16) << 8 | low;
    }
    count
}

/// Waits `milliseconds` by PIT channel 0, which every PC has (INT 15h AH=86h
/// would need an AT BIOS), read often enough not to miss a turn of its count.
/// The BIOS's tick counter bounds the wait, so a timer in another mode can
/// make it shorter or longer, never endless.
fn wait(milliseconds: u16) {
    let needed = milliseconds as u32 * (PIT_HZ / 1000);
    let ticks_allowed = milliseconds / 55 + 2;
    let start = super::far_access::read_u16(0x40, 0x6C);
    let (mut last, mut elapsed) = (timer_count(), 0u32);
    while elapsed < needed
        && super::far_access::read_u16(0x40, 0x6C).wrapping_sub(start) < ticks_allowed
    {
        let now = timer_count();
        elapsed += (last.wrapping_sub(now) / 2) as u32;
        last = now;
    }
}

fn note(divisor: u16, milliseconds: u16) {
    tone_on(divisor);
    wait(milliseconds);
    tone_off();
}

pub fn play(sound: Sound) {
    let notes: &[(u16, u16)] = match sound {
        Sound::None => &[],
        Sound::Click => &CLICK,
        Sound::Tune => &TUNE,
    };
    for &(divisor, milliseconds) in notes {
        note(divisor, milliseconds);
    }
}
