//! The PC speaker: PIT channel 2 drives it through port 61h. A click on a move,
//! a short tune on a win.

use core::arch::asm;

use piskrs::screen::Sound;

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
}

fn tone_off() {
    // SAFETY: clears the speaker's gate and data bits in port 61h, nothing else.
    unsafe {
        asm!("in al, 0x61", "and al, 0xFC", "out 0x61, al", out("al") _);
    }
}

/// Waits `microseconds` (INT 15h AH=86h, AT BIOS and later).
fn wait(microseconds: u32) {
    // SAFETY: INT 15h AH=86h waits CX:DX microseconds; it changes AX and flags.
    unsafe {
        asm!(
            "int 0x15",
            inout("ax") 0x8600u16 => _,
            in("cx") (microseconds >> 16) as u16,
            in("dx") microseconds as u16,
        );
    }
}

fn note(divisor: u16, milliseconds: u16) {
    tone_on(divisor);
    wait(milliseconds as u32 * 1000);
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
