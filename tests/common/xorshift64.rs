//! xorshift64, for the tests and tools that draw thousands of games or
//! positions: the core's Random (Piskasm's counter) cycles its low bits too
//! soon for that (tests/common's XorShift is a 32-bit one). The tools take
//! this file by its path.

pub struct XorShift64(u64);

impl XorShift64 {
    /// A source for `seed`, spread over the bits (the state is never 0).
    pub fn new(seed: u64) -> XorShift64 {
        XorShift64(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// A number below `bound` (0 for a bound of 0), from the state's high bits.
    pub fn below(&mut self, bound: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        ((self.0 >> 32) % bound.max(1) as u64) as usize
    }
}
