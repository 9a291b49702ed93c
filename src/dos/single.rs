//! Stand-ins for `AtomicU8` and `AtomicU16` in the 8086 build (msp430 only).
//!
//! LLVM's MSP430 backend has no atomic instructions at all: every atomic load
//! and store becomes a call to `__atomic_load_N` / `__atomic_store_N`, which
//! nothing provides. The program has one thread, and no interrupt handler of
//! ours touches memory (INT 23h's is an IRET), so plain loads and stores are
//! all an atomic needs to be here. These have the same `new`, `load` and `store`
//! (and `AtomicU16::swap`) as core's, so the statics that use them read the same in both
//! builds.

use core::cell::UnsafeCell;
use core::sync::atomic::Ordering;

macro_rules! single_thread_cell {
    ($name:ident, $type:ty) => {
        /// A value read and written in place (see the module's comment).
        pub struct $name(UnsafeCell<$type>);

        // SAFETY: the program runs one thread and no interrupt handler of ours
        // touches memory, so no two accesses ever overlap.
        unsafe impl Sync for $name {}

        impl $name {
            pub const fn new(value: $type) -> $name {
                $name(UnsafeCell::new(value))
            }

            pub fn load(&self, _: Ordering) -> $type {
                // SAFETY: no access overlaps this one (see `Sync` above).
                unsafe { *self.0.get() }
            }

            pub fn store(&self, value: $type, _: Ordering) {
                // SAFETY: no access overlaps this one (see `Sync` above).
                unsafe { *self.0.get() = value }
            }
        }
    };
}

single_thread_cell!(AtomicU8, u8);
single_thread_cell!(AtomicU16, u16);

impl AtomicU16 {
    pub fn swap(&self, value: u16, order: Ordering) -> u16 {
        let old = self.load(order);
        self.store(value, order);
        old
    }
}
