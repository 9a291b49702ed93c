//! Strong as it was before the tree (the tools' `threats:N`): Piskasm's
//! evaluator plus what it lacked, look-ahead.
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
//! In 6 and 7, while the budget has room, candidates are **played out**
//! (see `playouts`): both sides play CountScore's best point for a while; the
//! first whose playout I win is played, else the first I do not lose.
//!
//! Everything counts **nodes** against a budget, a node being one point looked
//! at (four 11-point lines read into bit masks and classified, see
//! `patterns::Line`; in a playout, four line looks or 32 points scanned), so
//! a given position and budget give the same move on the host and on DOS, and
//! the budget is a fair measure of time (counted as 800 nodes a second on the
//! reference 386, whose benchmark positions run at 940 to 1,100: a thinking
//! time is a limit). The search keeps its own copy of the board, a bit for
//! each point near a stone (the points it tries) and, for each side, its
//! stones on the lines through each point (a point with too few is passed
//! over without a look); all three are updated as it places and takes back
//! stones. Classic's Info is not touched: a full Update per stone would cost
//! more than the look.
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
//! Classic by position, not by tactics (tools/examples/blunders.rs).
//!
//! # The files
//!
//! - `ladder`: the steps above in order, the share of the budget each may
//!   use, and how much a side threatens;
//! - `threats`: what a stone makes on its lines, the VCF and the VCT (steps 1
//!   to 5, and the safety checks of 6 and 7);
//! - `candidates`: my best points by CountScore, and the two-ply order of the
//!   quiet moves (step 7);
//! - `playouts`: a candidate played on to see who wins (steps 6 and 7);
//! - here: the doors (`choose`, `choose_with_info`, `forced_win`), the
//!   search's own copy of the board and the node budget.
//!
//! The lines are read by `patterns` and scored by `evaluation`, as Classic
//! reads and scores them.

// Loops run over half-open ranges (`-4..5`, not `-4..=4`): an inclusive
// range costs the .COM an out-of-line `next` and bulkier loops.

use piskrs::ai::evaluation::Info;
use piskrs::rules::WinRule;
use piskrs::rules::board::{Board, DIRECTIONS, MAX_SIDE, Stone};
use piskrs::rules::coord::Point;
use piskrs::rules::game::Position;
use piskrs::support::random::Random;
use piskrs::support::word_tables::{WordArray, Words};

mod candidates;
mod ladder;
mod playouts;
mod threats;

use candidates::CANDIDATES;
use playouts::{CACHE_WORDS, LineCache};

const MAX_POINTS: usize = MAX_SIDE as usize * MAX_SIDE as usize;
/// The words a search keeps outside its own frame (see [`choose_in`]): a
/// playout's line cache, then each point's stones on the lines through it
/// (`Search::may_hold`), a byte a side.
pub const SEARCH_WORDS: usize = ON_LINES + MAX_POINTS;
/// Where the points' counts of stones on their lines start.
const ON_LINES: usize = CACHE_WORDS;
/// The most threats `threats` can search in a row (it keeps his answers, one
/// per threat, 2 bytes of stack each): room for [`forced_win`] to look
/// deeper than Strong does.
pub const MAX_THREAT_DEPTH: u8 = 10;

/// The most the forcing steps' shares are taken from (see
/// `Search::forcing_phase`): the budget they were tuned at. Against Classic
/// at 1,300 nodes, the six arena runs' mean over seeds 1-3 was 91.5% with the
/// shares taken from the whole budget, 92.5% from at most 650 (and 92.8 from
/// 450, 91.4 from 900, 91.2 from 200: the forcing steps need some room); at
/// 1,950 nodes 94.0 -> 93.9 (the same within the noise).
const FORCING_BUDGET: u32 = 650;

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

impl Reason {
    /// The step's name, for the tests' messages and the tools' tallies.
    pub fn name(self) -> &'static str {
        match self {
            Reason::WinInOne => "win in one",
            Reason::BlockFive => "block five",
            Reason::MyVcf => "my VCF",
            Reason::MyVct => "my VCT",
            Reason::FourThree => "four-three",
            Reason::BlockFours => "defence (fours)",
            Reason::BlockThrees => "defence (threes)",
            Reason::Search => "quiet move",
        }
    }
}

/// One search for one move: its own copy of the board, what it keeps up to
/// date as it places and takes back stones, and its node count against the
/// budget. Its steps are methods in the files below (see The files).
struct Search<'m> {
    board: Board,
    rule: WinRule,
    /// One bit for each point within two points of a stone, the points the
    /// searches try. Bits are set as stones are placed and never cleared when
    /// a stone is taken back: a few more points tried, but 46 bytes of stack
    /// rather than 361 for counts.
    near: [u8; MAX_POINTS.div_ceil(8)],
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
    /// SEARCH_WORDS words: a playout's line cache (`playouts::LineCache`),
    /// then, from ON_LINES, each point's word of its stones on the lines
    /// through it, a byte for each side (Black's first): its stones within
    /// four steps of the point along the four lines. A point with fewer than
    /// three cannot give it a four, and is passed over without a look
    /// (without a node). On DOS in far memory: 722 bytes the stack keeps.
    memory: &'m dyn Words,
}

/// The point Strong plays for the side to move, and the nodes it searched.
pub fn choose(position: Position, budget: u32, random: &mut Random) -> Option<(Point, u32)> {
    choose_explained(position, budget, random).map(|(point, nodes, _)| (point, nodes))
}

/// As [`choose`], with the candidates ordered by `info`, Classic's Info for the
/// side to move kept up to date by Update (the game keeps one anyway): the same
/// scores as CountScore afresh, so the same move and nodes, without scoring
/// every point near the stones first (on a 386, a good part of a quiet move).
pub fn choose_with_info(position: Position, budget: u32, info: &Info) -> Option<(Point, u32)> {
    choose_in(position, budget, Some(info), None)
}

/// As [`choose`], ordered by `info` if given (see [`choose_with_info`]), with
/// the search's SEARCH_WORDS words (the playouts' line cache and the points'
/// counts) in `memory` (on DOS, far memory: the stack keeps their 2,888
/// bytes); None: on the stack.
pub fn choose_in(
    position: Position,
    budget: u32,
    info: Option<&Info>,
    memory: Option<&'static dyn Words>,
) -> Option<(Point, u32)> {
    search(position, budget, info, memory).map(|(point, nodes, _)| (point, nodes))
}

/// As [`choose`], and which step decided.
pub fn choose_explained(
    position: Position,
    budget: u32,
    random: &mut Random,
) -> Option<(Point, u32, Reason)> {
    let _ = random; // the search is deterministic; variety comes from the openings
    search(position, budget, None, None)
}

/// Builds the search for `position` in place, its words in `memory`, and
/// hands it to `run` (a copy of it would cost the stack its bytes twice).
#[inline(always)]
fn with_search<R>(
    position: Position,
    budget: u32,
    memory: &dyn Words,
    run: impl FnOnce(&mut Search) -> R,
) -> R {
    for index in ON_LINES..SEARCH_WORDS {
        memory.set(index, 0);
    }
    let mut search = Search {
        board: position.board.clone(),
        rule: position.rule,
        near: [0; MAX_POINTS.div_ceil(8)],
        nodes: 0,
        budget: budget.max(1),
        limit: budget.max(1),
        his_new: [Point::new(0, 0); MAX_THREAT_DEPTH as usize],
        his_len: 0,
        focused: false,
        memory,
    };
    search.mark_stones();
    run(&mut search)
}

fn search(
    position: Position,
    budget: u32,
    info: Option<&Info>,
    memory: Option<&'static dyn Words>,
) -> Option<(Point, u32, Reason)> {
    match memory {
        Some(memory) => search_in(position, budget, info, memory),
        None => search_here(position, budget, info),
    }
}

/// A search with its words on the stack (the host's way; on DOS they are in
/// far memory and this is never called).
#[inline(never)]
fn search_here(
    position: Position,
    budget: u32,
    info: Option<&Info>,
) -> Option<(Point, u32, Reason)> {
    search_in(position, budget, info, &WordArray::<SEARCH_WORDS>::new())
}

#[inline(never)]
fn search_in(
    position: Position,
    budget: u32,
    info: Option<&Info>,
    memory: &dyn Words,
) -> Option<(Point, u32, Reason)> {
    let me = position.to_move;
    let info = info.filter(|info| info.computer() == me);
    with_search(position, budget, memory, |search| {
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
/// each depth at most [`MAX_THREAT_DEPTH`]. None when he has a four on the
/// board and I have none: my move is then his block, and what follows it is
/// not looked at (tools/examples/blunders.rs follows it). For analysis tools
/// (tools/examples/blunders.rs) that judge Strong's moves with deeper searches than
/// it can afford; Strong itself does not call it.
pub fn forced_win(position: Position, budget: u32, vcf_depth: u8, vct_depth: u8) -> Option<Point> {
    let me = position.to_move;
    let memory = WordArray::<SEARCH_WORDS>::new();
    with_search(position, budget, &memory, |search| {
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

/// One stone of `stone` in a point's word of counts (see `Search::memory`):
/// 1 in Black's byte or in White's. A count is changed by adding this to
/// the word's low two bytes as one u16, or taking it away (a count is at
/// most 32: no carry or borrow crosses a byte; the upper two stay 0). Not
/// the byte picked out of `to_le_bytes` and put back: LLVM's MSP430 backend
/// compiled that to OR White's old count into its new one (1, 3, 7, 15...),
/// and PISKRS86.COM's searches counted other nodes than the host's and
/// PISKRS.COM's.
fn count_unit(stone: Stone) -> u16 {
    match stone {
        Stone::Black => 1,
        Stone::White => 0x100,
    }
}

impl Search<'_> {
    /// Counts the stones near each point (the search is built in place: a
    /// copy of it would cost the stack its 800 bytes twice).
    fn mark_stones(&mut self) {
        for index in 0..self.point_count() {
            let point = self.point(index);
            if let Some(stone) = self.board.get(point) {
                self.mark_near(point, count_unit(stone), None);
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

    /// After a stone on `point` (`change` its [`count_unit`]) or its taking
    /// back (the unit's negation): the points near it, and its side's count
    /// on the lines through each point; or, in a playout (`lines` given), its
    /// lines' classes forgotten and no counts (the playout takes all its
    /// stones back, and never asks).
    fn mark_near(&mut self, point: Point, change: u16, mut lines: Option<&mut LineCache>) {
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
        for (d, &(dc, dr)) in DIRECTIONS.iter().enumerate() {
            for steps in -4..5i8 {
                if let Some(q) = point.step(dc, dr, steps, side as u8) {
                    if let Some(lines) = &mut lines {
                        lines.forget(q, d);
                    } else {
                        let slot = ON_LINES + (q.row as i16 * side + q.col as i16) as usize;
                        let counts = self.memory.get(slot) as u16;
                        self.memory.set(slot, counts.wrapping_add(change) as u32);
                    }
                }
            }
        }
    }

    fn place(&mut self, point: Point, stone: Stone) {
        self.board.set(point, Some(stone));
        self.mark_near(point, count_unit(stone), None);
    }

    fn remove(&mut self, point: Point, stone: Stone) {
        self.board.set(point, None);
        self.mark_near(point, count_unit(stone).wrapping_neg(), None);
    }

    /// Whether `stone` has at least `least` stones on the lines through the
    /// empty `point` (within four steps): else no shape() is worth a look.
    fn may_hold(&self, point: Point, stone: Stone, least: u8) -> bool {
        let counts = self.memory.get(ON_LINES + self.index(point)).to_le_bytes();
        counts[stone as usize] >= least
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

    /// Lets the next forcing step (my VCF, his threats, my VCT) use at most
    /// `1 / part` of what their shares are taken from: the budget up to
    /// FORCING_BUDGET. Beyond it, the nodes serve the playouts better. (One
    /// routine for the three steps: each use cost the .COM its own division.)
    #[inline(never)]
    fn forcing_phase(&mut self, part: u32) {
        self.phase(self.budget.min(FORCING_BUDGET) / part);
    }
}
