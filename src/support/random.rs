//! Piskasm's random source: a 16-bit counter with an additive prime step.
//!
//! While the menu waits for a key, a counter runs in the wait loop; the key
//! stops it and its value becomes the seed. Each call returns the current value and
//! adds 4567. 4567 is odd (a prime), so it is coprime to 65536 and the sequence
//! visits every value 0..=FFFFh exactly once per 65,536 calls. The high bits change
//! slowly, so callers use the low bits only (a remainder of a small number).

/// The step Piskasm added: a prime, hence odd, hence a full-period step mod 2^16.
pub const STEP: u16 = 4567;

#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Random {
    value: u16,
}

impl Random {
    pub const fn new(seed: u16) -> Random {
        Random { value: seed }
    }

    /// Piskasm's GetRandom: the current value; the next call sees it plus 4567.
    pub fn get_random(&mut self) -> u16 {
        let value = self.value;
        self.value = self.value.wrapping_add(STEP);
        value
    }

    /// A number below `bound` (at most 512), from the low nine bits, which cycle
    /// through all 512 values every 512 calls. (Out of line: inlined at each
    /// call it cost the .COM more.)
    #[inline(never)]
    pub fn below(&mut self, bound: u16) -> u16 {
        (self.get_random() & 0x1FF) % bound.max(1)
    }

    /// The value the next call will return.
    pub fn peek(&self) -> u16 {
        self.value
    }
}
