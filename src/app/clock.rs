//! The game clock: each side's time for all its moves, with a Fischer
//! increment, as in seed 001's tournaments ("all moves in 20 minutes for each
//! program") and piskvorky.net's games.
//!
//! Time comes in as BIOS ticks (18.2 a second, counted from midnight and back
//! to 0 there: the DOS layer reads them, the core never does) and is kept in
//! milliseconds, the unit of a .psq record's move times. A turn's time is
//! the ticks from its start to its move: nothing is added up tick by tick,
//! so no rounding piles up.
//!
//! Each move's time (what its turn took, in ms, whether or not the clock is
//! on) is kept in the game's word table after Classic's Info (in PISKRS.COM
//! far memory, 4 bytes a move), as a .psq record keeps it, and a side's time is worked out from them whenever it
//! is asked for ([`Clock::left`]): its start, plus an increment a move, less
//! its moves' times and its running turn's. So the clocks always say what
//! the moves say: a take-back gives the moves' times back (the clocks stand
//! as they stood before the move taken back, and the turn starts afresh), and
//! a loaded record resumes both clocks from its moves' times (under the
//! menu's clock).

use crate::ai::evaluation::INFO_WORDS;
use crate::rules::board::Stone;
use crate::rules::game::Game;
use crate::rules::psq::MAX_MOVES;
use crate::support::word_tables::{Words, put_word, word_at};

/// Where the game's word table keeps each move's time (move n's at
/// `TIMES_AT + n`), after Classic's Info; or, after a load, at
/// [`OTHER_TIMES_AT`]: a record being loaded keeps its times in the place
/// the game does not use, and only a record that proves good makes it the
/// game's (no copy, and a bad one leaves the game's times alone).
pub const TIMES_AT: usize = INFO_WORDS;
/// The moves' times' other place ([`TIMES_AT`]).
pub const OTHER_TIMES_AT: usize = TIMES_AT + MAX_MOVES;
/// The words of the game's table: Info, the moves' times' two places.
pub const GAME_WORDS: usize = OTHER_TIMES_AT + MAX_MOVES;

/// The place of the moves' times that is not `at` ([`TIMES_AT`]).
pub const fn other_times(at: usize) -> usize {
    TIMES_AT + OTHER_TIMES_AT - at
}

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

/// The clocks of both sides in a game: the rest is in the moves' times.
#[derive(Clone, Copy)]
pub struct Clock {
    /// The Fischer increment in ms: added to a side's time after each of its
    /// moves.
    increment: u32,
    /// The tick this turn began at.
    turn_start: u32,
    /// Each side's time at the start in ms (0: no clock).
    base: u32,
    /// The game's word table, where each move's time is kept, from word
    /// `times_at` ([`TIMES_AT`] or [`OTHER_TIMES_AT`]).
    times: &'static dyn Words,
    pub times_at: usize,
}

impl Clock {
    /// No clock, the moves' times kept in `times` (at [`TIMES_AT`]).
    pub const fn off(times: &'static dyn Words) -> Clock {
        Clock {
            increment: 0,
            turn_start: 0,
            base: 0,
            times,
            times_at: TIMES_AT,
        }
    }

    /// A new game's clock: `minutes` for each side (0: no clock) and
    /// `increment` seconds a move; the side to move starts at tick `now`.
    pub fn set(&mut self, minutes: u8, increment: u8, now: u32) {
        self.increment = increment as u32 * 1000;
        self.turn_start = now;
        self.base = minutes as u32 * 60_000;
    }

    pub fn is_on(&self) -> bool {
        self.base > 0
    }

    /// The increment in ms.
    pub fn increment(&self) -> u32 {
        self.increment
    }

    /// The word table the moves' times are kept in (from word `times_at`).
    pub fn times(&self) -> &'static dyn Words {
        self.times
    }

    /// The time this turn has taken so far, in ms.
    #[inline(never)]
    pub fn spent(&self, now: u32) -> u32 {
        ticks_to_ms(ticks_between(self.turn_start, now))
    }

    /// `side`'s time in `game` at tick `now`, in ms: the clock's start, plus
    /// an increment a move, less what its moves took (Black's are the even
    /// ones) and, if it is to move, its turn so far (0 at least: a flag that
    /// fell shows 0:00).
    #[inline(never)]
    pub fn left(&self, side: Stone, game: &Game, now: u32) -> u32 {
        let (mut earned, mut used) = (self.base, 0u32);
        if side == game.to_move() {
            used = self.spent(now);
        }
        let mut index = side as usize;
        while index < game.move_count() as usize {
            used = used.saturating_add(word_at(self.times, self.times_at + index));
            earned += self.increment;
            index += 2;
        }
        earned.saturating_sub(used)
    }

    /// `game`'s last move was made at tick `now`: its time is kept, and the
    /// next turn starts.
    #[inline(never)]
    pub fn switch(&mut self, game: &Game, now: u32) {
        let at = self.times_at + game.move_count() as usize - 1;
        put_word(self.times, at, self.spent(now));
        self.restart(now);
    }

    /// The turn starts afresh at tick `now` (after a take-back: the time
    /// since the move taken back is not charged).
    pub fn restart(&mut self, now: u32) {
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
