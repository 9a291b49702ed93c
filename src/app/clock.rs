//! The game clock: each side's time for all its moves, with a Fischer
//! increment, as in seed 001's tournaments ("all moves in 20 minutes for each
//! program") and piskvorky.net's games.
//!
//! Time comes in as BIOS ticks (18.2 a second, counted from midnight and back
//! to 0 there: the DOS layer reads them, the core never does) and is kept in
//! milliseconds, the unit of a .psq record's move times. A side's time is
//! what its clock showed when its turn began, less the ticks since: nothing
//! is added up tick by tick, so no rounding piles up, and a turn is charged
//! in one subtraction when its move is made.

use crate::rules::board::Stone;

/// Ticks in a day: the BIOS count goes back to 0 at midnight (1800B0h).
const TICKS_A_DAY: u32 = 0x1800B0;

/// Milliseconds in `ticks` BIOS ticks (54.9254 ms each). A turn longer than
/// an hour counts as an hour: no clock here holds that much.
pub fn ticks_to_ms(ticks: u32) -> u32 {
    ticks.min(65_536) * 54_925 / 1000
}

/// The ticks from `start` to `now`, across midnight too.
pub fn ticks_between(start: u32, now: u32) -> u32 {
    if now >= start {
        now - start
    } else {
        now + TICKS_A_DAY - start
    }
}

/// The clocks of both sides in a game.
#[derive(Clone, Copy)]
pub struct Clock {
    /// Each side's time (Black, White) in ms when its last turn began, or
    /// for the side to move, when this turn began.
    left: [u32; 2],
    /// The Fischer increment in ms: added to a side's time after each of its
    /// moves.
    increment: u32,
    /// The tick this turn began at.
    turn_start: u32,
    /// Each side's time at the start in ms (0: no clock).
    base: u32,
}

impl Clock {
    /// No clock: a game without a time limit.
    pub const OFF: Clock = Clock {
        left: [0; 2],
        increment: 0,
        turn_start: 0,
        base: 0,
    };

    /// A clock of `minutes` for each side (0: no clock) and `increment`
    /// seconds a move; the side to move starts at tick `now`.
    pub fn new(minutes: u8, increment: u8, now: u32) -> Clock {
        let base = minutes as u32 * 60_000;
        Clock {
            left: [base; 2],
            increment: increment as u32 * 1000,
            turn_start: now,
            base,
        }
    }

    pub fn is_on(&self) -> bool {
        self.base > 0
    }

    /// The increment in ms.
    pub fn increment(&self) -> u32 {
        self.increment
    }

    /// The time this turn has taken so far, in ms.
    pub fn spent(&self, now: u32) -> u32 {
        ticks_to_ms(ticks_between(self.turn_start, now))
    }

    /// `side`'s time at tick `now`, in ms: running down if it is to move.
    pub fn left(&self, side: Stone, to_move: Stone, now: u32) -> u32 {
        let left = self.left[side as usize];
        if side == to_move {
            left.saturating_sub(self.spent(now))
        } else {
            left
        }
    }

    /// Whether the flag of `to_move` has fallen: its time is used up.
    pub fn fallen(&self, to_move: Stone, now: u32) -> bool {
        self.is_on() && self.left(to_move, to_move, now) == 0
    }

    /// `mover` has moved at tick `now`: its turn is charged, it gets the
    /// increment, and the other side's turn starts.
    pub fn switch(&mut self, mover: Stone, now: u32) {
        let spent = self.spent(now);
        let left = &mut self.left[mover as usize];
        *left = left.saturating_sub(spent) + self.increment;
        self.turn_start = now;
    }
}

/// A thinking time, in tenths of a second (1 to 250), for a computer with
/// `left` ms on its clock and `increment` ms a move, `played` moves into the
/// game: as a Gomocup brain shares its match time out, what is left over the
/// moves still expected (fewer as the game goes on, never under 25, so that
/// each move leaves most of the time for the rest), plus most of the
/// increment; never more than a quarter of what is left.
pub fn share_tenths(left: u32, increment: u32, played: u16) -> u8 {
    let expected = 40u32.saturating_sub(played as u32 / 4).max(25);
    let share = (left / expected + increment / 4 * 3).min(left / 4);
    (share / 100).clamp(1, 250) as u8
}

/// Writes `ms` as the clock shows it, `m:ss` right-aligned in five cells
/// (` 5:00`, `20:00`); seconds are rounded up, so a clock shows 0:00 only
/// when its time is out.
pub fn write_time(ms: u32, out: &mut [u8; 5]) {
    // In 16 bits from here: the 8086 build's 32-bit arithmetic is long.
    let seconds = ms.div_ceil(1000).min(99 * 60 + 59) as u16;
    let minutes = seconds / 60;
    let seconds = seconds % 60;
    *out = [
        if minutes >= 10 {
            b'0' + (minutes / 10) as u8
        } else {
            b' '
        },
        b'0' + (minutes % 10) as u8,
        b':',
        b'0' + (seconds / 10) as u8,
        b'0' + (seconds % 10) as u8,
    ];
}
