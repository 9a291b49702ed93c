//! The Strong level: Piskasm's evaluator plus what it lacked, look-ahead.
//!
//! In order, each step only when the ones before found nothing:
//!
//! 1. **Win in one**: a point that makes my five.
//! 2. **Block his five**: a point where his next stone would make five.
//! 3. **My VCF** (victory by continuous fours): a search over my fours only; he
//!    must answer each at its one completion point, so the tree is narrow and
//!    deep. A four with two completion points (an open four, a double four) wins,
//!    and so does reaching a four-three after his forced blocks.
//! 4. **My four-three**: a four and an open three (the four forces his answer,
//!    then the three becomes an open four), unless his answer makes him a
//!    four of his own (then I must block it, and he blocks my three). The VCF
//!    and the VCT judge their four-threes the same way.
//! 5. **My VCT** (victory by continuous threats: threes and fours, two threats
//!    deep, the second on a line through the first; a three-three wins at
//!    once), when he has no four, open three, four-three or VCF (a third of
//!    the budget). The VCF and the VCT are one search, `threats`.
//! 6. **Defence**: if he threatens (an open three, a four-three or a VCF: he
//!    wins by fours; a three-three), the first of my best candidates after
//!    which he threatens least. His VCT is not looked for: its nodes serve my
//!    VCT and the playouts better (see `decide`).
//! 7. **A quiet move**: my best candidates (by CountScore) ordered by a
//!    two-ply search over the best WIDTH of them, a move worth its CountScore
//!    minus his best CountScore reply (each CountScore a node); the first in
//!    that order after which he threatens nothing.
//!
//! In 6 and 7, while the budget has room (PLAYOUT_COST nodes left), each
//! candidate that leaves him nothing (in 7, each candidate: its playout is its
//! check) is **played out**: both sides play CountScore's best point for up
//! to PLAYOUT_PLIES stones (mine with a share of their defence values added,
//! MY_DEFENCE_SHARE). The first whose playout I win is played, else the
//! first I do not lose (`pick`, `playout`). A two-ply look cannot see who
//! wins the race of threats that one-ply play leads to; a playout can. A
//! playout keeps each point's best units along its four lines (`LineCache`):
//! a stone changes them only on its own four lines, so it costs eight line
//! looks rather than a CountScore of every point near the stones, and
//! playouts fit the default thinking time (with them and the budget's new
//! shares, Strong's mean against Classic over three sets of openings and two
//! rule sets went from 72% at the old default of 975 nodes to 86% at 650;
//! with the forcing steps' shares capped, six candidates ordered, my stones
//! in playouts blocking too and the cache over the whole board, 96% at the
//! default of 1,600 nodes, 98-99% on the arena's first openings; README,
//! Strength).
//!
//! Everything counts **nodes** against a budget, a node being one point looked
//! at (four 11-point lines read into bit masks and classified, see
//! `patterns::Line`; in a playout, four line looks or 32 points scanned), so a given position and
//! budget give the same move on the host and on DOS, and the budget is a fair
//! measure of time (counted as 800 nodes a second on the reference 386, whose
//! benchmark positions run at 940 to 1,100: a thinking time is a limit). The
//! search keeps its own copy
//! of the board, a bit for each point near a stone (the points it tries) and,
//! for each side, its stones on the lines through each point (a point with too
//! few is passed over without a look); all three are updated as it places and
//! takes back stones. Classic's Info is not touched: a full Update per stone
//! would cost more than the look.
//!
//! Measured and dropped (200 games against Classic each, README "Strength"):
//! a VCT scanning the whole board for his counter-fours at every three (it
//! rarely finished; his fours are now looked for only on the lines of the
//! stones the VCT gave him); VCT depth 3 (it does not finish at 975 nodes);
//! alpha-beta three and four plies deep (at 9,750 nodes, where it finishes,
//! 51% against Classic: CountScore is a move's worth, not a position's); a
//! count of open five-point windows as the evaluation (44% to 67%); taking his
//! points that would give him a four-three next (54%); alpha-beta two to four
//! plies deep with a weighted pattern sum (50-60%); a third ply along the
//! predicted line (55-67%). Defences and safety checks judged by a far deeper
//! threat search with no node limit gained only 3 points: Strong loses to
//! Classic by position, not by tactics (examples/blunders.rs).
//!
//! Loops run over half-open ranges (`1..CENTRE + 1`, not `1..=CENTRE`): an
//! inclusive range costs the .COM an out-of-line `next` and bulkier loops.
//!
//! The lines are read by `patterns` (the shapes are drawn there) and scored
//! by `evaluation`, as Classic reads and scores them.

use crate::board::{Board, DIRECTIONS, MAX_SIDE, Stone};
use crate::classic::Classic;
use crate::coord::Point;
use crate::evaluation::{
    BLOCKS_FIVE, MAKES_OPEN_FOUR, WINNING, count_score, defence_score, direction_score,
};
use crate::game::Position;
use crate::patterns::{CENTRE, Classes, Line, line_classes};
use crate::random::Random;
use crate::rules::WinRule;

const MAX_POINTS: usize = MAX_SIDE as usize * MAX_SIDE as usize;
/// My best candidates, by CountScore: the defences and quiet moves tried.
const CANDIDATES: usize = 16;
/// How deep the VCF search goes: three fours, and a four-three after them.
/// Each four costs the .COM about 125 bytes of stack, which has no room for
/// more; at the shipped budget 6 to 12 fours gave the same 1,600 arena games
/// and 3 a point more or less.
const VCF_DEPTH: u8 = 3;
/// How many of my best candidates are tried as defences.
const DEFENCES: usize = 16;
/// The candidates' indexes in their own order (CountScore's, best first).
const IN_ORDER: [u8; CANDIDATES] = {
    let mut order = [0; CANDIDATES];
    let mut i = 0;
    while i < CANDIDATES {
        order[i] = i as u8;
        i += 1;
    }
    order
};
/// How many quiet candidates are checked for leaving him a threat (and
/// played out).
const SAFETY_CHECKS: usize = 8;
/// How many threats deep the VCT search goes (threes and fours).
const VCT_DEPTH: u8 = 2;
/// The most threats `threats` can search in a row (it keeps his answers, one
/// per threat, 2 bytes of stack each): room for [`forced_win`] to look
/// deeper than Strong does.
pub const MAX_THREAT_DEPTH: u8 = 10;
/// Candidates the quiet moves' search orders (with playouts at 650 nodes, 4
/// scored 81% against Classic, 3 79%, 5 81%, 6 79%, 8 78%)...
const WIDTH: usize = 4;
/// ...and with a budget beyond FORCING_BUDGET, whose nodes go to the quiet
/// moves (at 1,300 nodes, the six arena runs' mean over seeds 1-3 against
/// Classic: 4 92.5%, 6 93.3%, 8 91.9%, 10 90.8%; at 1,950 nodes 4 93.9%, 6
/// 94.8%; against Cha at 1,300 nodes 97.8 -> 98.8%).
const WIDE: usize = 6;
/// Plies of the quiet moves' search: my move, his answer.
const MAX_DEPTH: u8 = 2;
/// How many stones a playout plays after my move (12 and 30 were weaker at
/// 6,500 nodes against Classic; once quiet candidates were played out
/// unchecked, 24 rather than 20 took the six arena runs' mean at 650 nodes
/// from 84.9 to 86.0%, seeds 1-3, at 1,950 from 92.6 to 93.9, at 6,500 from
/// 93.3 to 95.3; 22 did as well at 650, 26 and 28 worse).
const PLAYOUT_PLIES: u8 = 24;
/// The nodes a playout is begun with at least (one costs 100 to 300). A begun
/// playout stops when the budget is spent, at most one stone's scoring beyond
/// it (50 and 100 played the same games at 650 nodes, 200 and 500 weaker).
const PLAYOUT_COST: u32 = 100;
/// In a playout my stones are chosen by CountScore plus this share of the
/// defence values along the point's four lines (his stones' by CountScore
/// alone: he is Classic). CountScore takes the larger of attack and defence
/// along each line, so a point that builds and blocks at once is worth no more
/// than one that only builds; Strong's own moves do better, and a playout
/// stands for how Strong plays on. Against Classic at 1,300 nodes, the six
/// arena runs' mean over seeds 1-7 went from 93.3% to 95.2% (19x19 freestyle
/// on the first openings 95.0 -> 95.3, 15x15 exact 97.5 -> 99.0); a share
/// of 1/8 scored 95.0, 1/16 94.9, 1/6 94.9, 1/4 94.7 (seeds 1-3); against
/// Cha 98.8 -> 98.7%.
const MY_DEFENCE_SHARE: u16 = 12;

/// The most the forcing steps' shares are taken from (see
/// `Search::forcing_phase`): the budget they were tuned at. Against Classic
/// at 1,300 nodes, the six arena runs' mean over seeds 1-3 was 91.5% with the
/// shares taken from the whole budget, 92.5% from at most 650 (and 92.8 from
/// 450, 91.4 from 900, 91.2 from 200: the forcing steps need some room); at
/// 1,950 nodes 94.0 -> 93.9 (the same within the noise).
const FORCING_BUDGET: u32 = 650;

/// Threat levels, see [`Search::threat_level`].
const NONE: u8 = 0;
const THREES: u8 = 1;
const FOURS: u8 = 2;
const FIVE: u8 = 3;

/// Which of the steps decided a move (for tests and the curious).
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Reason {
    WinInOne,
    BlockFive,
    MyVcf,
    /// A victory by threes and fours (two threats deep), a three-three among
    /// them.
    MyVct,
    FourThree,
    /// He had a four-three, an open three or a VCF.
    BlockFours,
    /// He had a three-three.
    BlockThrees,
    Search,
}

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

/// The indexes 0..CANDIDATES ordered by `scores`, best first (a stable
/// insertion sort: equal scores keep their order).
fn sorted(scores: &[i32; CANDIDATES]) -> [u8; CANDIDATES] {
    let mut order = [0u8; CANDIDATES];
    for i in 0..CANDIDATES {
        let mut at = i;
        while at > 0 && scores[order[at - 1] as usize] < scores[i] {
            order[at] = order[at - 1];
            at -= 1;
        }
        order[at] = i as u8;
    }
    order
}

/// Whether `b` lies on one of the four lines through `a`, within four steps.
fn in_line(a: Point, b: Point) -> bool {
    let dc = a.col.abs_diff(b.col);
    let dr = a.row.abs_diff(b.row);
    dc.max(dr) <= 4 && (dc == 0 || dr == 0 || dc == dr)
}

/// The first point of each kind a scan found, see [`Search::scan`].
struct Found {
    five: Option<Point>,
    four: Option<Point>,
    open_four: Option<Point>,
    four_three: Option<Point>,
    three_three: Option<Point>,
}

/// A playout's memory of the best units along the four lines of each point
/// in a window of the board (`patterns::line_classes`): worked out when first
/// asked for, forgotten along the lines of each stone played. A stone changes
/// a point's units only along the line that joins them, so each stone costs
/// eight looks a line at most, where CountScore afresh reads all four lines of
/// every point. The window (WINDOW_SIDE points a side around the playout's
/// first stone) is the whole board on DOS; only the host's 20x20 boards (the
/// Gomocup brain's) have points outside it, looked at afresh.
struct LineCache<'a> {
    classes: &'a mut [[Classes; 4]; WINDOW_POINTS],
    /// The window's lower left corner.
    corner: Point,
    /// Lines looked at (one line of one point).
    looks: u32,
}

/// A 19x19 window, 1,444 bytes of stack, rather than the 15x15 that once fit
/// (900): on 19x19 boards points outside that window were looked at afresh on
/// every stone, dear in nodes; against Classic at 1,300 nodes, 19x19
/// freestyle on the first openings went from 94.8% to 98.2% (mean of seeds
/// 1-7), the six arena runs' mean from 95.2 to 96.2%.
const WINDOW_SIDE: u8 = 19;
const WINDOW_POINTS: usize = WINDOW_SIDE as usize * WINDOW_SIDE as usize;
/// A line's classes not known (no real classes are this: four bits each side,
/// at most 8).
const UNKNOWN: Classes = 0xFF;
/// Line looks that cost as much as a node...
const LOOKS_PER_NODE: u32 = 4;
/// ...and the points scanned for a playout's next stone that cost as much as
/// a line look (their lines mostly known, a few table lookups each). Counted,
/// a playout's node takes about as long on the 386 as a search node: without
/// them, with the whole board's lines cached, the benchmark's playouts ran at
/// 694 nodes a second where its forcing steps run at 950 or more, and more
/// stones on the board (more points to scan) would have made it worse.
const SCANS_PER_LOOK: u32 = 8;

impl LineCache<'_> {
    /// The window's place for `point`, if it is inside.
    #[inline(always)]
    fn slot(&self, point: Point) -> Option<usize> {
        let col = point.col.wrapping_sub(self.corner.col);
        let row = point.row.wrapping_sub(self.corner.row);
        (col < WINDOW_SIDE && row < WINDOW_SIDE)
            .then(|| row as usize * WINDOW_SIDE as usize + col as usize)
    }

    /// CountScore of `point` for `stone` from its lines' classes, looking at
    /// those not known, and the sum of its lines' defence values.
    fn gain(&mut self, board: &Board, point: Point, stone: Stone) -> (u16, u16) {
        // The four lines' classes read and written back at once (the playouts'
        // innermost loop: on a 386, every check and call in it counts).
        let slot = self.slot(point).filter(|&slot| slot < WINDOW_POINTS);
        let mut lines = slot.map_or([UNKNOWN; 4], |slot| self.classes[slot]);
        let (mut total, mut defence, mut looked) = (0, 0, false);
        for (classes, &(dc, dr)) in lines.iter_mut().zip(DIRECTIONS.iter()) {
            if *classes == UNKNOWN {
                self.looks += 1;
                *classes = line_classes(board, point, dc, dr);
                looked = true;
            }
            total += direction_score(*classes, stone);
            defence += defence_score(*classes, stone);
        }
        if let Some(slot) = slot.filter(|_| looked) {
            self.classes[slot] = lines;
        }
        (total, defence)
    }

    /// After a stone on a line through `point` (along `DIRECTIONS[d]`).
    fn forget(&mut self, point: Point, d: usize) {
        if let Some(slot) = self.slot(point) {
            self.classes[slot][d] = UNKNOWN;
        }
    }
}

struct Search {
    board: Board,
    rule: WinRule,
    /// One bit for each point within two points of a stone, the points the
    /// searches try. Bits are set as stones are placed and never cleared when
    /// a stone is taken back: a few more points tried, but 46 bytes of stack
    /// rather than 361 for counts.
    near: [u8; MAX_POINTS.div_ceil(8)],
    /// For each side, its stones within four steps of each point along the
    /// four lines: a point with fewer than three cannot give it a four, and
    /// is passed over without a look (without a node).
    on_lines: [[u8; MAX_POINTS]; 2],
    nodes: u32,
    budget: u32,
    /// The node count at which the current phase stops (at most `budget`).
    limit: u32,
    /// His stones placed by `threats` (his forced answers): in a VCT, only on
    /// their lines can he have gained a four or a five.
    his_new: [Point; MAX_THREAT_DEPTH as usize],
    his_len: usize,
    /// Whether scan() looks only on the lines through `his_new`.
    focused: bool,
}

/// The point Strong plays for the side to move, and the nodes it searched.
pub fn choose(position: Position, budget: u32, random: &mut Random) -> Option<(Point, u32)> {
    choose_explained(position, budget, random).map(|(point, nodes, _)| (point, nodes))
}

/// As [`choose`], with the candidates ordered by `info`, Classic's Info for the
/// side to move kept up to date by Update (the game keeps one anyway): the same
/// scores as CountScore afresh, so the same move and nodes, without scoring
/// every point near the stones first (on a 386, a good part of a quiet move).
pub fn choose_with_info(position: Position, budget: u32, info: &Classic) -> Option<(Point, u32)> {
    search(position, budget, Some(info)).map(|(point, nodes, _)| (point, nodes))
}

/// As [`choose`], and which step decided.
pub fn choose_explained(
    position: Position,
    budget: u32,
    random: &mut Random,
) -> Option<(Point, u32, Reason)> {
    let _ = random; // the search is deterministic; variety comes from the openings
    search(position, budget, None)
}

/// Builds the search for `position` in place and hands it to `run` (a copy of
/// it would cost the stack its 1,200 bytes twice).
#[inline(always)]
fn with_search<R>(position: Position, budget: u32, run: impl FnOnce(&mut Search) -> R) -> R {
    let mut search = Search {
        board: position.board.clone(),
        rule: position.rule,
        near: [0; MAX_POINTS.div_ceil(8)],
        on_lines: [[0; MAX_POINTS], [0; MAX_POINTS]],
        nodes: 0,
        budget: budget.max(1),
        limit: budget.max(1),
        his_new: [Point::new(0, 0); MAX_THREAT_DEPTH as usize],
        his_len: 0,
        focused: false,
    };
    search.mark_stones();
    run(&mut search)
}

#[inline(never)]
fn search(position: Position, budget: u32, info: Option<&Classic>) -> Option<(Point, u32, Reason)> {
    let me = position.to_move;
    let info = info.filter(|info| info.computer() == me);
    with_search(position, budget, |search| {
        let mut candidates = [Point::new(0, 0); CANDIDATES];
        let count = search.best_candidates(me, &mut candidates, info);
        if count == 0 {
            return None;
        }
        let candidates = &candidates[..count];
        let (point, reason) = search
            .decide(me, candidates)
            .unwrap_or_else(|| (search.quiet_move(me, candidates), Reason::Search));
        Some((point, search.nodes, reason))
    })
}

/// A first move of a forced win for the side to move, as far as a search
/// within `budget` nodes sees: a five, a VCF of up to `vcf_depth` fours (and a
/// closing four-three), a four-three that his block does not answer with a
/// four, or a VCT of up to `vct_depth` threats (none while he has a four);
/// each depth at most [`MAX_THREAT_DEPTH`]. For analysis tools
/// (examples/blunders.rs) that judge Strong's moves with deeper searches than
/// it can afford; Strong itself does not call it.
pub fn forced_win(position: Position, budget: u32, vcf_depth: u8, vct_depth: u8) -> Option<Point> {
    let me = position.to_move;
    with_search(position, budget, |search| {
        let mine = search.scan(me, true);
        let his = search.scan(me.opponent(), true);
        if mine.five.is_some() || his.five.is_some() {
            return mine.five; // my five, or I must block his
        }
        search
            .threats(me, vcf_depth.min(MAX_THREAT_DEPTH), false, None)
            .or_else(|| {
                let point = mine.four_three?;
                search.four_three_wins(point, me).then_some(point)
            })
            .or_else(|| {
                let depth = vct_depth.min(MAX_THREAT_DEPTH);
                his.four
                    .is_none()
                    .then(|| search.threats(me, depth, true, None))?
            })
    })
}

impl Search {
    /// Counts the stones near each point (the search is built in place: a
    /// copy of it would cost the stack its 800 bytes twice).
    fn mark_stones(&mut self) {
        for index in 0..self.point_count() {
            let point = self.point(index);
            if let Some(stone) = self.board.get(point) {
                self.mark_near(point, stone, 1, None);
            }
        }
    }

    fn point_count(&self) -> usize {
        self.board.point_count() as usize
    }

    fn point(&self, index: usize) -> Point {
        let side = self.board.side() as usize;
        Point::new((index % side) as u8, (index / side) as u8)
    }

    fn index(&self, point: Point) -> usize {
        point.row as usize * self.board.side() as usize + point.col as usize
    }

    /// The first empty point near a stone at `index` or after (row by row).
    fn next_near(&self, mut index: usize) -> Option<Point> {
        // The point itself is worked out only for the one returned (a division
        // by the side: on a 386, dear in a loop over every point).
        let points = self.board.points();
        while index < points.len() {
            let near = self.near[index / 8] >> (index % 8);
            if near == 0 {
                index = (index | 7) + 1; // no point near a stone in this byte
                continue;
            }
            if near & 1 != 0 && points[index].is_none() {
                return Some(self.point(index));
            }
            index += 1;
        }
        None
    }

    /// After a stone on `point` (`add` 1) or its taking back (-1): the points
    /// near it, and its count on the lines through each point; or, in a
    /// playout (`lines` given), its lines' classes forgotten and no counts
    /// (the playout takes all its stones back, and never asks).
    fn mark_near(
        &mut self,
        point: Point,
        stone: Stone,
        add: i8,
        mut lines: Option<&mut LineCache>,
    ) {
        // The near points by rows and columns, not by steps: every stone the
        // searches place and take back passes here (946 nodes a second on the
        // reference 386 rather than 885).
        let side = self.board.side() as i16;
        let (col, row) = (point.col as i16, point.row as i16);
        for r in (row - 2).max(0)..(row + 3).min(side) {
            for c in (col - 2).max(0)..(col + 3).min(side) {
                let index = (r * side + c) as usize;
                self.near[index / 8] |= 1 << (index % 8);
            }
        }
        let counts = &mut self.on_lines[stone as usize];
        for (d, &(dc, dr)) in DIRECTIONS.iter().enumerate() {
            for steps in -4..5i8 {
                if let Some(q) = point.step(dc, dr, steps, side as u8) {
                    if let Some(lines) = &mut lines {
                        lines.forget(q, d);
                    } else {
                        let count = &mut counts[(q.row as i16 * side + q.col as i16) as usize];
                        *count = count.wrapping_add_signed(add);
                    }
                }
            }
        }
    }

    fn place(&mut self, point: Point, stone: Stone) {
        self.board.set(point, Some(stone));
        self.mark_near(point, stone, 1, None);
    }

    fn remove(&mut self, point: Point, stone: Stone) {
        self.board.set(point, None);
        self.mark_near(point, stone, -1, None);
    }

    /// Whether `stone` has at least `least` stones on the lines through the
    /// empty `point` (within four steps): else no shape() is worth a look.
    fn may_hold(&self, point: Point, stone: Stone, least: u8) -> bool {
        self.on_lines[stone as usize][self.index(point)] >= least
    }

    /// Lets the next forcing step (my VCF, his threats, my VCT) use at most
    /// `1 / part` of what their shares are taken from: the budget up to
    /// FORCING_BUDGET. Beyond it, the nodes serve the playouts better. (One
    /// routine for the three steps: each use cost the .COM its own division.)
    #[inline(never)]
    fn forcing_phase(&mut self, part: u32) {
        self.phase(self.budget.min(FORCING_BUDGET) / part);
    }

    /// How many candidates the quiet moves' search orders.
    fn width(&self) -> usize {
        if self.budget > FORCING_BUDGET {
            WIDE
        } else {
            WIDTH
        }
    }

    fn out_of_budget(&self) -> bool {
        self.nodes >= self.limit
    }

    /// Lets the next phase use at most `share` of the whole budget (from now),
    /// so that no phase starves the ones after it.
    #[inline(never)]
    fn phase(&mut self, share: u32) {
        self.limit = (self.nodes + share).min(self.budget.max(self.nodes + 1));
    }

    /// The best empty points near stones by CountScore for `me` (which scores
    /// both my shapes and his; taken from `info` when given), best first;
    /// returns how many.
    fn best_candidates(
        &self,
        me: Stone,
        out: &mut [Point; CANDIDATES],
        info: Option<&Classic>,
    ) -> usize {
        let mut scores = [0u16; CANDIDATES];
        let mut count = 0;
        let mut next = self.next_near(0);
        while let Some(point) = next {
            let score = match info {
                Some(info) => info.score(point),
                None => count_score(&self.board, point, me),
            };
            // Insertion into the sorted list; the weakest falls off the end.
            let mut at = count;
            while at > 0 && scores[at - 1] < score {
                at -= 1;
            }
            if at < CANDIDATES {
                count = (count + 1).min(CANDIDATES);
                for i in (at + 1..count).rev() {
                    scores[i] = scores[i - 1];
                    out[i] = out[i - 1];
                }
                scores[at] = score;
                out[at] = point;
            }
            next = self.next_near(self.index(point) + 1);
        }
        count
    }

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
    fn scan(&mut self, stone: Stone, with_threes: bool) -> Found {
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

    /// The forcing steps; None when only a quiet move is left.
    fn decide(&mut self, me: Stone, candidates: &[Point]) -> Option<(Point, Reason)> {
        let him = me.opponent();
        let mine = self.scan(me, true);
        if let Some(win) = mine.five {
            return Some((win, Reason::WinInOne));
        }
        let his = self.scan(him, true);
        if let Some(block) = his.five {
            return Some((block, Reason::BlockFive));
        }
        // (A fifth of the forcing budget, see FORCING_BUDGET: a quarter scored
        // half a point less at 650 nodes, the mean of three seeds.)
        self.forcing_phase(5);
        if let Some(start) = self.threats(me, VCF_DEPTH, false, None) {
            return Some((start, Reason::MyVcf));
        }
        if let Some(point) = mine
            .four_three
            .filter(|&point| self.four_three_wins(point, me))
        {
            return Some((point, Reason::FourThree)); // the four forces, the three wins
        }
        // How much he threatens if I pass: his open three or four-three wins
        // faster than any three of mine; against his three-three my threats
        // come first. (An eighth of the forcing budget: a quarter left the playouts
        // less and scored 3 points fewer at 650 nodes.) His VCT is not looked
        // for, and my VCT has a third of the budget rather than a quarter: at
        // 650 nodes 81.2% -> 83.4% against Classic (mean of the six arena
        // runs; 80.6 -> 82.9 with seed 2), the same at 1,950 and 6,500.
        self.forcing_phase(8);
        let danger = self.threat_level(&his, him);
        if danger < FOURS && his.four.is_none() {
            self.forcing_phase(3);
            if let Some(point) = self.threats(me, VCT_DEPTH, true, None) {
                return Some((point, Reason::MyVct));
            }
        }
        if danger == NONE {
            return None;
        }
        // Defend: of my best candidates, the first that leaves him least.
        let point = self.pick(me, candidates, &IN_ORDER, DEFENCES, 24, danger + 1);
        let reason = if danger >= FOURS {
            Reason::BlockFours
        } else {
            Reason::BlockThrees
        };
        Some((point, reason))
    }

    /// How much `judged` threatens after a stone of `mover` on `point`.
    fn threat_after(&mut self, point: Point, mover: Stone, judged: Stone) -> u8 {
        self.place(point, mover);
        let found = self.scan(judged, true);
        let level = self.threat_level(&found, judged);
        self.remove(point, mover);
        level
    }

    /// What `stone` threatens with its move, from a scan of its points: FIVE
    /// (it has a four on the board), FOURS (an open three, a four-three, a win
    /// by continuous fours), THREES (a three-three or a victory by threats, which
    /// a defence may still break with a four of its own) or NONE. (Inlined in
    /// its two callers: as a call it cost the .COM more.)
    #[inline(always)]
    fn threat_level(&mut self, found: &Found, stone: Stone) -> u8 {
        if found.five.is_some() {
            FIVE
        } else if found.open_four.is_some()
            || found.four_three.is_some()
            || self.threats(stone, VCF_DEPTH, false, None).is_some()
        {
            FOURS
        } else if found.three_three.is_some() {
            THREES
        } else {
            NONE
        }
    }

    /// A first move of a victory by threats for `me`, within `depth` threats
    /// and the budget: by continuous fours (VCF), or with `threes` by open
    /// threes as well (VCT), each threat then on a line through the one
    /// before. A four wins when his forced answer leaves me more fours (or, in
    /// a VCF, a four-three); a three when he has no four to answer with and
    /// every answer on its line leaves me a win.
    fn threats(
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
    fn four_three_wins(&mut self, point: Point, me: Stone) -> bool {
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

    /// Step 7: my candidates ordered by the two-ply search over the best WIDTH
    /// of them (see `search_order`), then the first in that order after which
    /// he threatens nothing (see `pick`).
    fn quiet_move(&mut self, me: Stone, candidates: &[Point]) -> Point {
        let order = self.search_order(me, candidates);
        self.pick(me, candidates, &order, SAFETY_CHECKS, 8, THREES)
    }

    /// Of the first `count` of `candidates` taken in `order`, the first that
    /// leaves him least (below `worse`, else the first in order), each looked
    /// at within a `1 / share` of the budget. When the budget has room, those
    /// that leave him nothing are played out (see `playout`): the first whose
    /// playout I win, else the first I do not lose, else the first. A quiet
    /// candidate (`worse` is THREES only for those) is then played out
    /// unchecked.
    #[inline(never)]
    fn pick(
        &mut self,
        me: Stone,
        candidates: &[Point],
        order: &[u8; CANDIDATES],
        count: usize,
        share: u32,
        worse: u8,
    ) -> Point {
        let mut best = (worse, candidates[order[0] as usize]);
        let mut played_out = -2;
        for &i in order[..candidates.len()].iter().take(count) {
            if self.nodes >= self.budget {
                break; // the budget bounds the time: no more tried
            }
            self.phase(self.budget / share);
            let point = candidates[i as usize];
            // A quiet candidate's playout meets his threats as Classic plays
            // them; the check's nodes serve the playout better (at 650 nodes,
            // with my VCF a fifth of the budget rather than a quarter, the six
            // arena runs' mean against Classic went 83.4 -> 85.4%, seeds 2
            // and 3 82.9 -> 85.1 and 82.9 -> 84.0; at 1,950 nodes 91.7 ->
            // 92.6, at 6,500 93.7 -> 93.3; against Cha 95.7 -> 95.3).
            let left = if worse == THREES && self.nodes + PLAYOUT_COST <= self.budget {
                NONE
            } else {
                self.threat_after(point, me, me.opponent())
            };
            if left == NONE && self.nodes + PLAYOUT_COST <= self.budget {
                let outcome = self.playout(point, me);
                if outcome > played_out {
                    (best, played_out) = ((NONE, point), outcome);
                }
                if outcome > 0 {
                    break;
                }
            } else if left < best.0 || left == NONE && played_out < 0 {
                // (an unplayed safe point beats one whose playout I lose)
                best = (left, point);
                if left == NONE {
                    break;
                }
            }
        }
        best.1
    }

    /// Plays `point` for me, then lets both sides play CountScore's best point
    /// (Classic's way of playing; the scores from a LineCache, four line
    /// looks or 32 points scanned a node) for up to PLAYOUT_PLIES
    /// stones, and takes them all back: 1 (I win) or -1 (he wins) when a side
    /// reaches a point worth a five, or an open four and no block of a five
    /// (CountScore's values: the other side cannot stop it); 0 when neither
    /// happens or the budget runs out. A two-ply look cannot see who wins the
    /// race of threats that one-ply play leads to; a playout can.
    #[inline(never)]
    fn playout(&mut self, point: Point, me: Stone) -> i8 {
        // Built in place: a struct holding the array would cost the stack a
        // second copy.
        let mut classes = [[UNKNOWN; 4]; WINDOW_POINTS];
        let corner = |at: u8| {
            at.saturating_sub(WINDOW_SIDE / 2)
                .min(self.board.side().saturating_sub(WINDOW_SIDE))
        };
        let mut lines = LineCache {
            classes: &mut classes,
            corner: Point::new(corner(point.col), corner(point.row)),
            looks: 0,
        };
        let start = self.nodes;
        let mut played = [point; PLAYOUT_PLIES as usize + 1];
        let mut count = 0;
        let mut mover = me;
        let mut next_stone = Some(point);
        let mut outcome = 0;
        let mut scanned = 0;
        while let Some(q) = next_stone {
            self.board.set(q, Some(mover));
            self.mark_near(q, mover, 0, Some(&mut lines));
            played[count] = q;
            count += 1;
            mover = mover.opponent();
            if count == played.len() || self.nodes >= self.budget {
                break;
            }
            // (worth, CountScore, point): the point is chosen by its worth, the
            // playout's end told by its CountScore.
            let mut best = (0, 0, None);
            let mut next = self.next_near(0);
            while let Some(q) = next {
                scanned += 1;
                let (score, defence) = lines.gain(&self.board, q, mover);
                let worth = score
                    + if mover == me {
                        defence / MY_DEFENCE_SHARE
                    } else {
                        0
                    };
                if worth > best.0 {
                    best = (worth, score as i32, Some(q));
                }
                next = self.next_near(self.index(q) + 1);
            }
            self.nodes = start + (lines.looks + scanned / SCANS_PER_LOOK) / LOOKS_PER_NODE;
            if best.1 >= MAKES_OPEN_FOUR && !(BLOCKS_FIVE..WINNING).contains(&best.1) {
                outcome = if mover == me { 1 } else { -1 };
                break;
            }
            next_stone = best.2;
        }
        for &q in &played[..count] {
            self.board.set(q, None); // (the points near them stay marked)
        }
        outcome
    }

    /// The candidates' indexes, best first by an iterative-deepening minimax
    /// over the best WIDTH: one ply (my gain), then two (my gain less his best
    /// answer's). The last iteration that finished within half of the budget
    /// left decides; ties and the rest keep their CountScore order. Kept out of
    /// line: its arrays are gone before the safety checks' deep VCF.
    #[inline(never)]
    fn search_order(&mut self, me: Stone, candidates: &[Point]) -> [u8; CANDIDATES] {
        let him = me.opponent();
        // The search has half of what is left; the safety checks the rest.
        self.limit = self.nodes + self.budget.saturating_sub(self.nodes) / 2;
        let mut scores = [i32::MIN; CANDIDATES];
        for depth in 1..MAX_DEPTH + 1 {
            let mut iteration = [i32::MIN; CANDIDATES];
            for (i, &point) in candidates.iter().enumerate().take(self.width()) {
                if self.out_of_budget() {
                    return sorted(&scores); // an unfinished iteration does not count
                }
                let gain = self.gain(point, me);
                iteration[i] = if gain >= WINNING || depth == 1 {
                    gain
                } else {
                    self.place(point, me);
                    let reply = self.best_gain(him, candidates);
                    self.remove(point, me);
                    gain - reply
                };
            }
            scores = iteration;
        }
        sorted(&scores)
    }

    /// What a stone of `stone` on `point` is worth: its CountScore (a node:
    /// its lines read as a shape() reads them).
    fn gain(&mut self, point: Point, stone: Stone) -> i32 {
        self.nodes += 1;
        count_score(&self.board, point, stone) as i32
    }

    /// The best gain of `to_move` over the free points of `pool` (each a
    /// node), 0 if none is free.
    fn best_gain(&mut self, to_move: Stone, pool: &[Point]) -> i32 {
        let mut best = 0;
        for &point in pool {
            if self.board.get(point).is_none() {
                best = best.max(self.gain(point, to_move));
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Opening;

    /// A playout's cached gains are CountScore afresh (and the defence values
    /// its lines' classes give afresh), for both sides at every
    /// empty point, after every stone of random sequences on both board sizes
    /// and with the window anywhere (points outside it included); and a point
    /// asked for again costs no look.
    #[test]
    fn the_line_cache_keeps_count_score() {
        let mut seed = 7u32;
        let mut next = |below: u8| {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            ((seed >> 16) % below as u32) as u8
        };
        for game in 0..60 {
            let side = [15, 19][game % 2];
            let board = Board::new(side);
            let position = Position {
                board: &board,
                to_move: Stone::Black,
                rule: WinRule::FiveOrMore,
                opening: Opening::Free,
                moves: &[],
            };
            let corner = Point::new(next(side), next(side));
            with_search(position, 1, |search| {
                let mut classes = [[UNKNOWN; 4]; WINDOW_POINTS];
                let mut lines = LineCache {
                    classes: &mut classes,
                    corner,
                    looks: 0,
                };
                let mut stone = Stone::Black;
                for _ in 0..50 {
                    let q = Point::new(next(side), next(side));
                    if search.board.get(q).is_some() {
                        continue;
                    }
                    search.board.set(q, Some(stone));
                    search.mark_near(q, stone, 0, Some(&mut lines));
                    stone = stone.opponent();
                    for index in 0..search.point_count() {
                        let p = search.point(index);
                        if search.board.get(p).is_some() {
                            continue;
                        }
                        for s in [Stone::Black, Stone::White] {
                            let fresh = count_score(&search.board, p, s);
                            let defence: u16 = DIRECTIONS
                                .iter()
                                .map(|&(dc, dr)| {
                                    defence_score(line_classes(&search.board, p, dc, dr), s)
                                })
                                .sum();
                            assert_eq!(lines.gain(&search.board, p, s), (fresh, defence));
                        }
                        if lines.slot(p).is_some() {
                            let looks = lines.looks;
                            lines.gain(&search.board, p, stone);
                            assert_eq!(lines.looks, looks, "known lines are not looked at");
                        }
                    }
                }
            });
        }
    }
}
