//! The machine's speed against the reference 386, so that Strong's thinking
//! time holds on a slower PC. A thinking time buys a node budget at the
//! reference 386's rate ([`crate::app::settings::strong_budget`]); when Strong
//! first moves, the DOS layer's tree (src/dos/tree_door.rs,
//! [`crate::ai::engine::TreeSearch::speed_units`]) counts how many probe units
//! run in one BIOS tick, once, and a machine slower than the reference gets
//! the share of the budget it can do in the time. The reference 386 and
//! anything faster keep the whole budget, so their moves stay the host's.
//! `/FIXED` skips the probe (the whole budget always). Both .COMs probe
//! (PISKRS.COM and PISKRS86.COM); a start does not wait for it, nor a game
//! at another level. The budget's tests are in tests/settings.rs.

use crate::ai::evaluation::count_score;
use crate::rules::board::{Board, Stone};
use crate::rules::coord::Point;

/// Probe units the reference 386 (PISKRS.COM on DOSBox-X, cputype=386,
/// core=normal, cycles=fixed 3000) runs in one BIOS tick, less a tenth: 157
/// measured (/BENCH's `SPEED units=`, tests/dosbox/bench.js, 2026-11-26, the
/// same in a test build of the eighth session and in the shipped build of the
/// tenth). The tenth keeps a measurement's noise on
/// the reference from ever lowering its budget; a PC up to a tenth slower
/// than the reference keeps the whole budget too.
pub const REFERENCE_UNITS_PER_TICK: u16 = 141;

/// One unit of the probe: a CountScore (where a Strong node spends its
/// time) at the centre of `board` (the DOS layer's: an empty 19x19 board).
pub fn probe(board: &Board) -> u16 {
    count_score(board, Point::new(9, 9), Stone::Black)
}
