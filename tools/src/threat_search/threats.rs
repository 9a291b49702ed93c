//! The threat search: what a stone makes on its lines (`shape`: a five, a
//! four and where it is completed, open threes), the first point of each kind
//! a side has (`scan`), and victories by threats (`threats`): by continuous
//! fours (VCF), which he must answer each at its one completion point, or by
//! threes and fours (VCT). Each `shape` is a node. The lines are read as
//! `patterns::Line`s, which know the rule (a six is no five under the
//! exact-five rule).
//!
//! Four-threes are judged here too (`four_three_wins`), for the ladder's step
//! 4 and inside the VCF and the VCT alike.

// Loops run over half-open ranges (`1..5`, not `1..=4`): an inclusive range
// costs the .COM an out-of-line `next` and bulkier loops.

use super::Search;
use piskrs::ai::patterns::{CENTRE, Line};
use piskrs::rules::board::{DIRECTIONS, Stone};
use piskrs::rules::coord::Point;

/// What a stone makes on its lines.
#[derive(Clone, Copy)]
struct Shape {
    five: bool,
    /// Points that would then make five: 0, 1 (a four) or 2 (two or more:
    /// an open four or a double four).
    fours: u8,
    /// The completion point of a single four (his forced answer).
    block: Point,
    /// Lines with an open three (counted only when asked for).
    threes: u8,
}

/// The first point of each kind a scan found, see [`Search::scan`].
pub(super) struct Found {
    pub(super) five: Option<Point>,
    pub(super) four: Option<Point>,
    pub(super) open_four: Option<Point>,
    pub(super) four_three: Option<Point>,
    pub(super) three_three: Option<Point>,
}

/// Whether `b` lies on one of the four lines through `a`, within four steps.
fn in_line(a: Point, b: Point) -> bool {
    let dc = a.col.abs_diff(b.col);
    let dr = a.row.abs_diff(b.row);
    dc.max(dr) <= 4 && (dc == 0 || dr == 0 || dc == dr)
}

impl Search<'_> {
    /// The line through `point` along `(dc, dr)` as `stone` sees it, `point`
    /// itself counted as its stone.
    fn line(&self, point: Point, stone: Stone, dc: i8, dr: i8) -> Line {
        Line::through(&self.board, point, stone, dc, dr)
    }

    /// What `stone` on the empty `point` makes (a node), or None when no
    /// five-point window through it holds `least` of its stones besides (a
    /// cheap look that spares most points the rest). Open threes only if asked.
    #[inline(never)]
    fn shape(
        &mut self,
        point: Point,
        stone: Stone,
        least: u32,
        with_threes: bool,
    ) -> Option<Shape> {
        self.nodes += 1;
        let mut lines = [Line { own: 0, blocked: 0 }; 4];
        // The most stones in an open window of each line: a five needs five,
        // a four four, an open three three, so most lines need no closer look
        // (this saves most of the time on a 386 and changes no answer).
        let mut mosts = [0; 4];
        for d in 0..4 {
            let (dc, dr) = DIRECTIONS[d];
            lines[d] = self.line(point, stone, dc, dr);
            mosts[d] = lines[d].most_in_a_window();
        }
        if mosts.iter().all(|&most| most <= least) {
            return None; // the point itself is one of them
        }
        let mut shape = Shape {
            five: false,
            fours: 0,
            block: point,
            threes: 0,
        };
        for d in 0..4 {
            let (dc, dr) = DIRECTIONS[d];
            let (line, most) = (lines[d], mosts[d]);
            shape.five |= most == 5 && line.is_five(self.rule);
            let completions = if most >= 4 {
                line.completions(self.rule)
            } else {
                0
            };
            if completions != 0 {
                let steps = completions.trailing_zeros() as i8 - CENTRE as i8;
                let block = point
                    .step(dc, dr, steps, self.board.side())
                    .unwrap_or(point);
                let another =
                    completions.count_ones() > 1 || shape.fours > 0 && block != shape.block;
                shape.fours = if another { 2 } else { 1 };
                shape.block = block;
            } else if with_threes && most >= 3 && line.has_open_three(self.rule) {
                shape.threes += 1;
            }
        }
        Some(shape)
    }

    /// One look at every point near the stones for what `stone` could make
    /// there (the first point of each kind); threes only if asked.
    #[inline(never)]
    pub(super) fn scan(&mut self, stone: Stone, with_threes: bool) -> Found {
        let mut found = Found {
            five: None,
            four: None,
            open_four: None,
            four_three: None,
            three_three: None,
        };
        // A four needs three of its stones in a window already, a three two.
        let least = if with_threes { 2 } else { 3 };
        let mut next = self.next_near(0);
        while let Some(point) = next {
            if !self.may_hold(point, stone, least as u8)
                || self.focused
                    && !self.his_new[..self.his_len]
                        .iter()
                        .any(|&s| in_line(s, point))
            {
                next = self.next_near(self.index(point) + 1);
                continue;
            }
            if let Some(shape) = self.shape(point, stone, least, with_threes) {
                let kinds = [
                    (&mut found.five, shape.five),
                    (&mut found.four, shape.fours > 0),
                    (&mut found.open_four, shape.fours >= 2),
                    (
                        &mut found.four_three,
                        shape.fours >= 2 || shape.fours == 1 && shape.threes > 0,
                    ),
                    (
                        &mut found.three_three,
                        shape.fours == 0 && shape.threes >= 2,
                    ),
                ];
                for (first, is) in kinds {
                    if is && first.is_none() {
                        *first = Some(point);
                    }
                }
            }
            next = self.next_near(self.index(point) + 1);
        }
        found
    }

    /// A first move of a victory by threats for `me`, within `depth` threats
    /// and the budget: by continuous fours (VCF), or with `threes` by open
    /// threes as well (VCT), each threat then on a line through the one
    /// before. A four wins when his forced answer leaves me more fours (or, in
    /// a VCF, a four-three); a three when he has no four to answer with and
    /// every answer on its line leaves me a win.
    pub(super) fn threats(
        &mut self,
        me: Stone,
        depth: u8,
        threes: bool,
        focus: Option<Point>,
    ) -> Option<Point> {
        let him = me.opponent();
        // A four needs three of my stones in a window already, a three two.
        // A VCT's first threat is looked for only where three of my stones lie
        // on the point's lines: one more to build the next threat on (this
        // halves its nodes, and it won more than it lost in the arena).
        let least = 3 - threes as u8;
        let mut next = self.next_near(0);
        while let Some(point) = next {
            if depth == 0 || self.out_of_budget() {
                return None;
            }
            next = self.next_near(self.index(point) + 1);
            if !self.may_hold(point, me, least + (threes && focus.is_none()) as u8)
                || focus.is_some_and(|f| !in_line(f, point))
            {
                continue;
            }
            let Some(shape) = self.shape(point, me, least as u32, threes) else {
                continue;
            };
            let won = shape.five
                || shape.fours >= 2
                || if shape.fours == 1 {
                    // A four-three wins unless his block makes him a four; a
                    // VCT's last threat may not be a bare four.
                    shape.threes > 0 && self.four_three_wins(point, me)
                        || (depth > 1 || !threes)
                            && self.four_wins(point, shape.block, me, depth, threes)
                } else if shape.threes >= 2 {
                    !self.his_counter(him, false)
                } else if shape.threes == 1 && depth > 1 {
                    self.place(point, me);
                    let won = !self.his_counter(him, false) && self.three_wins(point, me, depth);
                    self.remove(point, me);
                    won
                } else {
                    false
                };
            if won {
                return Some(point);
            }
        }
        None
    }

    /// Whether my four on `point`, which he must block on `block`, wins: by a
    /// four-three or by more threats (within `depth - 1` of them).
    fn four_wins(
        &mut self,
        point: Point,
        block: Point,
        me: Stone,
        depth: u8,
        threes: bool,
    ) -> bool {
        let him = me.opponent();
        self.place(point, me);
        self.place(block, him);
        // His forced block must not make his five, nor leave him a four of his
        // own (then my next threat would not force). A VCF looks for his fours
        // everywhere; a VCT, which starts only when he has none, on the lines
        // of his stones it placed.
        let his_five = DIRECTIONS
            .iter()
            .any(|&(dc, dr)| self.line(block, him, dc, dr).is_five(self.rule));
        self.his_new[self.his_len] = block;
        self.his_len += 1;
        let countered = if threes {
            self.his_counter(him, true)
        } else {
            self.scan(him, false).five.is_some()
        };
        let won = !his_five
            && !countered
            && (self
                .threats(me, depth - 1, threes, threes.then_some(point))
                .is_some()
                || !threes
                    && self
                        .scan(me, true)
                        .four_three
                        .is_some_and(|point| self.four_three_wins(point, me)));
        self.his_len -= 1;
        self.remove(block, him);
        self.remove(point, me);
        won
    }

    /// Whether my four-three on `point` wins: an open or a double four does,
    /// a four and an open three when his forced block makes him neither a
    /// five nor a four of his own (either would take the move from my three).
    pub(super) fn four_three_wins(&mut self, point: Point, me: Stone) -> bool {
        let Some(mine) = self.shape(point, me, 3, false) else {
            return false;
        };
        self.place(point, me);
        let his = self.shape(mine.block, me.opponent(), 3, false);
        self.remove(point, me);
        mine.fours >= 2 || his.is_none_or(|his| !his.five && his.fours == 0)
    }

    /// Whether he has a four (or with `five_only`, a five) to play on a line
    /// through one of his stones the VCT placed (he had none before it).
    /// (Inlined: as a call it cost the .COM more.)
    #[inline(always)]
    fn his_counter(&mut self, him: Stone, five_only: bool) -> bool {
        self.focused = true;
        let found = self.scan(him, false);
        self.focused = false;
        found.five.is_some() || !five_only && found.four.is_some()
    }

    /// Whether my open three(s) through `point` (placed) win whatever he answers.
    fn three_wins(&mut self, point: Point, me: Stone, depth: u8) -> bool {
        let him = me.opponent();
        let side = self.board.side();
        for &(dc, dr) in DIRECTIONS.iter() {
            let line = self.line(point, me, dc, dr);
            if !line.has_open_three(self.rule) {
                continue;
            }
            for bit in 0..2 * CENTRE + 1 {
                let q = 1u16 << bit;
                if (line.own | line.blocked) & q != 0 {
                    continue;
                }
                let answered = Line {
                    blocked: line.blocked | q,
                    ..line
                };
                if answered.has_open_three(self.rule) {
                    continue;
                }
                let Some(answer) = point.step(dc, dr, bit as i8 - CENTRE as i8, side) else {
                    continue;
                };
                self.place(answer, him);
                self.his_new[self.his_len] = answer;
                self.his_len += 1;
                let won = self.threats(me, depth - 1, true, Some(point)).is_some();
                self.his_len -= 1;
                self.remove(answer, him);
                if !won || self.out_of_budget() {
                    return false;
                }
            }
        }
        true
    }
}
