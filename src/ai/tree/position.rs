//! The position a search stands on: its stones and, for each point, a
//! **key** for each of the four lines through it: the eight points within
//! four steps (two bits each: empty, Black, White, off the board). A stone
//! changes the keys of the 32 points on its lines by one bit pair each,
//! with no line read. A key gives the point's classes along that line for
//! both sides (`patterns::classes_from_masks`: the best unit a stone there
//! would make), looked up in a table filled as keys are met; the point is
//! then judged again (`classes`).
//!
//! A node is one stone placed; taking it away puts back the points and sums
//! it changed, saved as it was placed (no point is judged twice).

use super::Stop;
use super::classes::{Judged, T_FIVE, judge};
use super::tables::{CLASS_UNKNOWN, TreeTables};
use super::{MAX_POINTS, NO_CLASSES, NO_KEYS, NO_WORTH, Tree, ZERO_TALLY};
use crate::ai::patterns::classes_from_masks;
use crate::rules::board::{Board, DIRECTIONS};

/// A point off the board, in a key.
pub(super) const WALL: u16 = 3;
/// A key's walls ahead of its point (slots 4 to 7) and behind it (slots 3
/// down to 0), by the steps the board has room for that way.
const WALLS_AHEAD: [u16; 5] = [0xFF00, 0xFC00, 0xF000, 0xC000, 0];
const WALLS_BEHIND: [u16; 5] = [0x00FF, 0x003F, 0x000F, 0x0003, 0];

/// The hash of a stone of `stone` on the point of index `index` (worked out
/// rather than kept in a table).
fn stone_key(index: usize, stone: u8) -> u32 {
    let mut x = (index as u32 * 2 + stone as u32).wrapping_mul(0x9E37_79B9);
    x ^= x >> 15;
    x = x.wrapping_mul(0x85EB_CA6B);
    x ^ (x >> 13)
}

/// The points where one side has a five.
#[derive(Clone, Copy)]
pub(super) struct FivePoints {
    pub(super) list: [u16; FIVE_POINTS],
    pub(super) len: u8,
}

/// The most points with a five a side's list keeps.
pub(super) const FIVE_POINTS: usize = 8;

/// What a position adds up to beyond its points: for Black and for White,
/// how many points near a stone have each threat (a node's threats are read
/// from here, not scanned for), the points with a five (always near a
/// stone) and whether a list ever held too few (then they are scanned for),
/// the sum of the points' worth; and the hash and the stones' box. A stone
/// of the search keeps a copy to restore.
#[derive(Clone, Copy)]
pub(super) struct Tally {
    pub(super) threat_counts: [[u16; 7]; 2],
    pub(super) five_points: [FivePoints; 2],
    pub(super) fives_overflowed: bool,
    pub(super) totals: [i32; 2],
    pub(super) hash: u32,
    pub(super) stones_box: StonesBox,
}

/// A stone placed by the search: its point, the tally before it, and where
/// the points it changed begin among the saved ones.
#[derive(Clone, Copy)]
pub(super) struct Placed {
    pub(super) index: u16,
    pub(super) tally: Tally,
    pub(super) saved_from: u16,
}

/// The rows and columns the stones span (the moves tried lie within two
/// points of them): the first and the last of each.
#[derive(Clone, Copy, PartialEq)]
pub(super) struct StonesBox {
    pub(super) cols: (u8, u8),
    pub(super) rows: (u8, u8),
}

/// The box of no stone: the first stone makes it.
pub(super) const NO_STONES: StonesBox = StonesBox {
    cols: (u8::MAX, 0),
    rows: (u8::MAX, 0),
};

/// The most new stones a kept tree goes on with: a game's reply brings two
/// (the tree's last move and his answer). Beyond a few, building the
/// position afresh costs less than judging each stone's points in turn: on
/// an 8086 a new stone costs some 14,000 instructions, going on 7,000 more,
/// and a position of 10 to 30 stones built afresh 100,000 to 170,000.
const GO_ON_STONES: usize = 4;

impl<M: TreeTables, S: Stop> Tree<M, S> {
    /// Makes `board` the position to search: with `go_on`, going on from
    /// the tree's position when `board` only adds a few stones to it, else
    /// (or with no position to go on from) built afresh. False when the
    /// board holds no stone.
    pub(super) fn take_board(&mut self, board: &Board, go_on: bool) -> bool {
        if !(go_on && self.go_on_to(board)) {
            self.set_empty(board.side() as usize);
            self.set_board(board);
        }
        self.tally.stones_box != NO_STONES
    }

    /// An empty board of `side` points a side: no stone, class, worth or
    /// count, only the walls in the keys. They are worked out for the first
    /// search on a board of this size, then copied from the tables (working
    /// them out was a seventh of a search's start on DOS, and the same every
    /// time).
    pub(super) fn set_empty(&mut self, side: usize) {
        if side != self.side {
            // The keys past this board's points are the fresh tree's too.
            self.keys = NO_KEYS;
            self.side = side;
        }
        self.cells = [0; MAX_POINTS];
        self.classes = NO_CLASSES;
        self.judged = NO_WORTH;
        self.near = [0; MAX_POINTS];
        self.tally = Tally {
            stones_box: NO_STONES,
            ..ZERO_TALLY
        };
        let points = side * side;
        if !self.memory.empty_keys(side as u8, &mut self.keys[..points]) {
            self.set_walls();
            self.memory
                .keep_empty_keys(side as u8, &self.keys[..points]);
        }
    }

    /// Goes on from the tree's position to `board` when `board` only adds
    /// stones to it, GO_ON_STONES at most: places each new stone (in the
    /// order of their points) as the search places its own, its points
    /// judged again, and puts the fives' lists as `set_board` leaves them.
    /// So the position is the one `set_board` builds, in all the search
    /// reads (`a_kept_tree_goes_on_to_the_position_built_afresh`; a stone's
    /// own classes, which nothing reads while it stands, may be older).
    /// False, the position unchanged, when it cannot: no position yet,
    /// another size, a stone taken away or another colour, too many new.
    pub(super) fn go_on_to(&mut self, board: &Board) -> bool {
        if board.side() as usize != self.side {
            return false;
        }
        // The new stones, their points and colours, in the order of their
        // points (one pass over the board: on an 8086 a pass costs some
        // 3,000 instructions).
        let mut new = [(0u16, 0u8); GO_ON_STONES];
        let mut count = 0;
        for (index, (&cell, &point)) in self.cells.iter().zip(board.points()).enumerate() {
            let stone = point.map_or(0, |stone| stone as u8 + 1);
            if cell != stone {
                if cell != 0 || count == GO_ON_STONES {
                    return false;
                }
                new[count] = (index as u16, stone);
                count += 1;
            }
        }
        for &(index, stone) in &new[..count] {
            // The points it changes are not kept: it stays.
            self.changed_count = 0;
            self.set(index as usize, stone, true);
        }
        self.put_fives_in_order();
        true
    }

    /// Puts each side's points with a five as `set_board` leaves them: in
    /// the order of their indices (the stones' places and removals left
    /// them in theirs, past the list's end too), and found again when a
    /// list overflowed since the position was built (`set_board`'s overflow
    /// only when more than FIVE_POINTS are there now). Their order and the
    /// overflow change no move (the search counts the fives and takes the
    /// last), only what the state is.
    fn put_fives_in_order(&mut self) {
        if self.tally.fives_overflowed {
            self.tally.five_points = ZERO_TALLY.five_points;
            self.tally.fives_overflowed = false;
            for index in 0..self.side * self.side {
                for side in 0..2 {
                    if self.judged[index][side].threat == T_FIVE {
                        self.note_five(index, side, true);
                    }
                }
            }
            return;
        }
        for points in self.tally.five_points.iter_mut() {
            let len = points.len as usize;
            points.list[..len].sort_unstable();
            points.list[len..].fill(0);
        }
    }

    /// Places `board`'s stones on the empty board, then judges every point
    /// once from its final keys.
    pub(super) fn set_board(&mut self, board: &Board) {
        let side = self.side;
        // The board's points in the order of their indices (as its rows
        // are the tree's), not by `Board::get`: no point's column and row
        // worked out from its index (a division on DOS, 361 of them a start).
        for (index, &point) in board.points().iter().enumerate() {
            if let Some(stone) = point {
                self.set(index, stone as u8 + 1, false);
            }
        }
        for index in 0..side * side {
            // A point with no stone within four steps has no class (its
            // classes and worth stay the empty tree's): most of an early
            // board, not looked up.
            let keys = self.keys[index];
            let stones = keys.iter().any(|&key| (key ^ key >> 1) & 0x5555 != 0);
            if stones || self.cells[index] != 0 {
                self.refresh(index);
            }
        }
    }

    /// The step between neighbours along line `d`.
    fn stride(&self, d: usize) -> isize {
        let (dc, dr) = DIRECTIONS[d];
        dr as isize * self.side as isize + dc as isize
    }

    /// The bit pair of the point `steps` from a point along a line (-4..=4,
    /// not 0) in its key.
    pub(super) fn slot(steps: isize) -> u32 {
        (if steps < 0 { steps + 4 } else { steps + 3 }) as u32 * 2
    }

    /// Marks the points off the board in every key: along each line, the
    /// steps past the room a point has to the edge, each way.
    fn set_walls(&mut self) {
        let side = self.side;
        // How far a point at `at` can step by `delta` (-1, 0 or 1) and stay
        // on the board, four at most.
        let room = |at: usize, delta: i8| match delta {
            1 => (side - 1 - at).min(4),
            -1 => at.min(4),
            _ => 4,
        };
        for index in 0..side * side {
            let (col, row) = (index % side, index / side);
            for (d, &(dc, dr)) in DIRECTIONS.iter().enumerate() {
                let ahead = room(col, dc).min(room(row, dr));
                let behind = room(col, -dc).min(room(row, -dr));
                self.keys[index][d] = WALLS_AHEAD[ahead] | WALLS_BEHIND[behind];
            }
        }
    }

    /// The classes of a key, from the table (worked out the first time).
    #[inline(always)]
    pub(super) fn classes_of(&mut self, key: u16) -> u8 {
        let known = self.memory.classes(key);
        if known != CLASS_UNKNOWN {
            return known;
        }
        self.work_out_classes(key)
    }

    /// The classes of a key met for the first time (a few hundred keys a
    /// game: out of the way of the lookup), kept in the table.
    #[inline(never)]
    fn work_out_classes(&mut self, key: u16) -> u8 {
        let (mut stones, mut edge) = ([0u16; 2], 0u16);
        for steps in -4..5isize {
            if steps == 0 {
                continue;
            }
            let bit = 1 << (steps + 4);
            match key >> Self::slot(steps) & 3 {
                1 => stones[0] |= bit,
                2 => stones[1] |= bit,
                3 => edge |= bit,
                _ => {}
            }
        }
        let classes = classes_from_masks(stones, edge);
        self.memory.set_classes(key, classes);
        classes
    }

    /// Works out an empty point's classes along line `d` from its key, and
    /// its worth when they changed.
    fn refresh_line(&mut self, index: usize, d: usize) {
        let both = self.classes_of(self.keys[index][d]) as u16;
        let old = self.classes[index];
        let line = !(15 << (4 * d));
        let words = [
            old[0] & line | (both & 15) << (4 * d),
            old[1] & line | (both >> 4) << (4 * d),
        ];
        if words != old {
            self.save_point(index);
        }
        for side in 0..2 {
            if words[side] != old[side] {
                self.classes[index][side] = words[side];
                self.rejudge(index, side);
            }
        }
    }

    /// Keeps the point `index` as it is, to be restored when the newest
    /// stone is taken away.
    #[inline(always)]
    fn save_point(&mut self, index: usize) {
        let [black, white] = self.judged[index];
        let point = [
            index as u16,
            self.classes[index][0],
            self.classes[index][1],
            black.threat as u16 | (white.threat as u16) << 8,
            black.value as u16,
            white.value as u16,
            black.worth as u16,
            white.worth as u16,
        ];
        self.changed[self.changed_count] = point;
        self.changed_count += 1;
    }

    /// Works out a point's classes along all four lines.
    fn refresh(&mut self, index: usize) {
        let mut words = [0u16; 2];
        for d in 0..4 {
            let both = self.classes_of(self.keys[index][d]) as u16;
            words[0] |= (both & 15) << (4 * d);
            words[1] |= (both >> 4) << (4 * d);
        }
        self.classes[index] = words;
        self.rejudge(index, 0);
        self.rejudge(index, 1);
    }

    /// A point's worth to one side from its classes (nothing for a stone's
    /// point), keeping the totals and the threat counts.
    #[inline(always)]
    fn rejudge(&mut self, index: usize, side: usize) {
        let judged = if self.cells[index] != 0 {
            Judged::default()
        } else {
            judge(self.classes[index][side])
        };
        let old = self.judged[index][side];
        self.tally.totals[side] += judged.worth as i32 - old.worth as i32;
        if self.near[index] > 0 {
            self.tally.threat_counts[side][old.threat as usize] -= 1;
            self.tally.threat_counts[side][judged.threat as usize] += 1;
        }
        if (old.threat == T_FIVE) != (judged.threat == T_FIVE) {
            self.note_five(index, side, judged.threat == T_FIVE);
        }
        self.judged[index][side] = judged;
    }

    /// Adds the point `index` to `side`'s points with a five, or takes it
    /// away.
    fn note_five(&mut self, index: usize, side: usize, five: bool) {
        let points = &mut self.tally.five_points[side];
        if self.tally.fives_overflowed {
            return;
        }
        if five {
            if points.len as usize == FIVE_POINTS {
                self.tally.fives_overflowed = true;
                return;
            }
            points.list[points.len as usize] = index as u16;
            points.len += 1;
        } else if let Some(at) = points.list[..points.len as usize]
            .iter()
            .position(|&point| point == index as u16)
        {
            points.len -= 1;
            points.list[at] = points.list[points.len as usize];
        }
    }

    /// Puts stone `stone` (1 Black, 2 White) on the point `index`, or takes
    /// the newest away (`stone` 0: only the keys and the near counts, as
    /// [`Tree::remove`] restores the rest); the points whose keys change are
    /// judged again if `judge` (else the caller judges every point
    /// afterwards).
    fn set(&mut self, index: usize, stone: u8, judge: bool) {
        self.cells[index] = stone;
        if stone != 0 {
            self.tally.hash ^= stone_key(index, stone);
            let (col, row) = ((index % self.side) as u8, (index / self.side) as u8);
            let stones = &mut self.tally.stones_box;
            stones.cols = (stones.cols.0.min(col), stones.cols.1.max(col));
            stones.rows = (stones.rows.0.min(row), stones.rows.1.max(row));
        }
        for d in 0..4 {
            let stride = self.stride(d);
            // The point's own key marks where the board ends along the line:
            // its slots 3 down to 0 behind it, 4 up to 7 ahead. In the key
            // of a point behind it, it is ahead (and the other way round).
            let own = self.keys[index][d];
            let (mut q, mut shift) = (index as isize, 0);
            while shift < 8 && own >> (6 - shift) & 3 != WALL {
                q -= stride;
                self.set_key(q as usize, d, 8 + shift, stone, judge);
                shift += 2;
            }
            let (mut q, mut shift) = (index as isize, 0);
            while shift < 8 && own >> (8 + shift) & 3 != WALL {
                q += stride;
                self.set_key(q as usize, d, 6 - shift, stone, judge);
                shift += 2;
            }
        }
        // The points within two of the stone, row by row.
        let side = self.side;
        let (col, row) = (index % side, index / side);
        let cols = col.saturating_sub(2)..side.min(col + 3);
        for r in row.saturating_sub(2)..side.min(row + 3) {
            let first = r * side;
            if stone == 0 {
                for q in first + cols.start..first + cols.end {
                    self.near[q] -= 1;
                }
                continue;
            }
            for q in first + cols.start..first + cols.end {
                self.near[q] += 1;
                if self.near[q] == 1 {
                    // The point joins the points counted.
                    let [black, white] = self.judged[q];
                    self.tally.threat_counts[0][black.threat as usize] += 1;
                    self.tally.threat_counts[1][white.threat as usize] += 1;
                }
            }
        }
        if judge {
            // The stone's own point is worth nothing now; its classes wait,
            // unused, for the stone to be taken away (they are restored).
            self.rejudge(index, 0);
            self.rejudge(index, 1);
        }
    }

    /// Puts `stone` (or an empty point, 0) in the key of the point `at`
    /// along line `d`, at the bit pair `shift`; judges the point again if
    /// `judge` and it is empty.
    #[inline(always)]
    fn set_key(&mut self, at: usize, d: usize, shift: u32, stone: u8, judge: bool) {
        let key = &mut self.keys[at][d];
        *key = *key & !(3 << shift) | (stone as u16) << shift;
        if judge && self.cells[at] == 0 {
            self.refresh_line(at, d);
        }
    }

    /// Places a stone of the search, keeping what it changes.
    pub(super) fn place(&mut self, index: usize, stone: u8) {
        self.nodes += 1;
        self.placed[self.placed_count] = Placed {
            index: index as u16,
            tally: self.tally,
            saved_from: self.saved_count as u16,
        };
        self.placed_count += 1;
        self.changed_count = 0;
        self.save_point(index);
        self.set(index, stone, true);
        let changed = &self.changed[..self.changed_count];
        self.memory.save_points(self.saved_count as u16, changed);
        self.saved_count += changed.len();
    }

    /// Takes away the newest stone of the search, at `index`: the keys and
    /// the near counts as they were, every point it changed restored.
    pub(super) fn remove(&mut self, index: usize) {
        self.placed_count -= 1;
        let saved = self.placed[self.placed_count];
        self.set(index, 0, false);
        let changed = &mut self.changed[..self.saved_count - saved.saved_from as usize];
        self.memory.saved_points(saved.saved_from, changed);
        for &[
            index,
            black,
            white,
            threats,
            black_value,
            white_value,
            black_worth,
            white_worth,
        ] in changed.iter()
        {
            let index = index as usize;
            self.classes[index] = [black, white];
            self.judged[index] = [
                Judged {
                    threat: threats as u8,
                    value: black_value as i16,
                    worth: black_worth as i16,
                },
                Judged {
                    threat: (threats >> 8) as u8,
                    value: white_value as i16,
                    worth: white_worth as i16,
                },
            ];
        }
        self.saved_count = saved.saved_from as usize;
        self.tally = saved.tally;
    }
}
