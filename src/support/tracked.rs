//! A value that counts its changes, so that a frame can tell from a number
//! whether what shows the value must be drawn again.

use core::ops::Deref;

/// A value read freely and changed only through [`Tracked::edit`], which
/// counts every change.
pub struct Tracked<T> {
    value: T,
    changes: u16,
}

impl<T> Tracked<T> {
    pub const fn new(value: T) -> Tracked<T> {
        Tracked { value, changes: 0 }
    }

    /// How many times the value was edited (wrapping): two readings differ
    /// whenever the value may have changed between them (unless 65,536 edits
    /// came between, far beyond what a frame's keys make).
    pub fn changes(&self) -> u16 {
        self.changes
    }

    /// The value, to change: counted as a change whether or not it is one.
    pub fn edit(&mut self) -> &mut T {
        self.changes = self.changes.wrapping_add(1);
        &mut self.value
    }
}

impl<T> Deref for Tracked<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.value
    }
}
