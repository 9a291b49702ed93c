//! Gomorpion (seeds/004): Gomoku on a 30x30 board where five in a row ends a
//! *cast* rather than the game, pieces are captured and sieged, and points decide.
//! The rules, with every ambiguity of the seed resolved, are in docs/gomorpion.md;
//! this module follows that document section by section.
//!
//! The state is one byte per cell of a 32x32 array (the board and a frame around
//! it) plus a few counters, and it is written for size: PISKRS.COM holds it in a
//! static (built with [`Gomorpion::unstarted`], then [`Gomorpion::restart`]) and
//! the computer's move needs no board-sized scratch. The API:
//!
//! - [`Gomorpion::unstarted`] and [`Gomorpion::restart`] (in place), or
//!   [`Gomorpion::new`]; [`Gomorpion::to_move`], [`Gomorpion::cast`],
//!   [`Gomorpion::score`], [`Gomorpion::is_over`], [`Gomorpion::winner`],
//!   [`Gomorpion::resigned`], [`Gomorpion::last_cast_winner`];
//! - [`Gomorpion::view`]: what the screen shows on an intersection;
//! - [`Gomorpion::legal`] and [`Gomorpion::play`] (which returns an [`Event`]
//!   for the status line), [`Gomorpion::resign`], [`Gomorpion::can_play`],
//!   [`Gomorpion::line_through`] (the row a move would make: 5 ends the cast);
//! - [`Gomorpion::setup`] and [`Gomorpion::set_turn`]: draw a position (tests,
//!   diagrams, saved games);
//! - [`choose`]: the computer's move.
//!
//! There is no pass: a player who has no intersection he may use ends the game
//! (docs/gomorpion.md, "The end of the game"), so `play` checks that after every
//! move.

use crate::rules::coord::Point;
use crate::support::random::Random;

/// The board's side.
pub const SIDE: u8 = 30;

/// Cells are stored 32 a row: the board in columns and rows 1..=30 and a frame of
/// [`BORDER`] cells around it. One step from an intersection lands on the board or
/// on the frame, so a scan stops at the frame and needs no bounds checks, and a
/// cell's column and row are a mask and a shift.
const WIDTH: usize = 32;
const AREA: usize = WIDTH * WIDTH;

// A player in a cell is a two-bit mask, so that "who owns it" and "who may play
// here" are masks too.
const BLACK: u8 = 1;
const RED: u8 = 2;
const BOTH: u8 = BLACK | RED;

// The byte of a cell:
/// The colour of a piece standing here (BLACK or RED; 0 on an empty intersection).
const COLOUR: u8 = 3;
/// On a piece: its capturer (BLACK or RED shifted left 2; 0: the piece is live).
/// On an empty intersection: whose siege it is (0: nobody's).
const TAG: u8 = 12;
/// A live piece played in an earlier cast (shifted or recapturable).
const CARRIED: u8 = 16;
/// Sieged: on an empty intersection (with TAG), nobody but the owner may play
/// here; on a live piece, it is a safe piece (its owner played it into his siege).
const SIEGED: u8 = 32;
/// A captured piece with a neighbour captured in the same cast (drawn with a
/// line to it); without it the piece is drawn circled.
const LINKED: u8 = 64;
/// Scratch bit while a cast is resolved: captured in this cast.
const MARK: u8 = 128;
/// The frame: a "piece" of both colours, so nobody may play there, it is nobody's
/// live piece and nobody's for a capture, and it walls a siege for either player
/// (docs/gomorpion.md, section 3: the edge is a wall, never a piece).
const BORDER: u8 = BOTH;

/// The steps to the eight neighbours of a cell. The first four are the line
/// directions (right, up, up-right, down-right); the other four are them reversed.
const STEPS: [i8; 8] = [1, 32, 33, -31, -1, -32, -33, 31];

/// A player, who is also the colour of his pieces. Black moves first.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Player {
    Black,
    Red,
}

impl Player {
    pub fn opponent(self) -> Player {
        match self {
            Player::Black => Player::Red,
            Player::Red => Player::Black,
        }
    }

    /// 0 for Black, 1 for Red (the index into scores).
    pub fn index(self) -> usize {
        self as usize
    }

    /// The player's bit in a cell (BLACK or RED).
    fn mask(self) -> u8 {
        self as u8 + 1
    }
}

/// Why a move is refused.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    OffBoard,
    /// A piece (live or captured) already stands there.
    Occupied,
    /// The opponent has sieged this intersection.
    Sieged,
    GameOver,
}

/// What a live piece is, for the screen.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum LiveMark {
    /// Played in this cast.
    Current,
    /// Carried over: of the colour that won the last cast.
    Shifted,
    /// Carried over: of the colour that lost the last cast (drawn circled).
    Recapturable,
}

/// What the screen shows on an intersection.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum PointView {
    Free,
    /// Empty, and only this player may play here.
    Sieged(Player),
    Live(Player, LiveMark),
    /// A live piece its owner played into his own siege.
    Safe(Player),
    /// Marked off: the piece's colour, its capturer (who owns the point), and
    /// whether a neighbour was captured in the same cast (a line) or not (a circle).
    Captured {
        piece: Player,
        by: Player,
        linked: bool,
    },
}

/// What a move did, for the status line. A move can end a cast (a five) and then
/// the game (a player can no longer play), in which case the figures add up and
/// `winner` is the last cast's.
#[derive(Clone, Copy, PartialEq, Eq, Default)]
pub struct Event {
    /// Pieces in the five (or more) this move made; 0 if none.
    pub five: u8,
    /// Whether a cast was resolved.
    pub cast_ended: bool,
    /// The winner of the resolved cast; `None` for a drawn last cast.
    pub winner: Option<Player>,
    /// Pieces the cast's winner captured, the five included.
    pub captured: u16,
    /// Recapturable pieces rescued by being part of the five.
    pub rescued: u16,
    /// Safe pieces scored by their siege's owner (Black, Red).
    pub safe: [u16; 2],
    pub sieges_made: u16,
    pub sieges_broken: u16,
    /// Points gained (Black, Red).
    pub points: [u16; 2],
    pub game_over: bool,
}

/// A game of Gomorpion.
#[derive(Clone, PartialEq, Eq)]
pub struct Gomorpion {
    cells: [u8; AREA],
    turn: Player,
    cast: u16,
    scores: [u16; 2],
    /// The winner of the last cast (BLACK or RED; 0: none yet, or a draw).
    last_winner: u8,
    /// Who resigned (BLACK or RED; 0: nobody).
    resigned: u8,
    /// False once the game is over (and in an unstarted game, so that all-zero
    /// bytes, which a static keeps in .bss, are a finished game).
    playing: bool,
}

impl Default for Gomorpion {
    fn default() -> Self {
        Self::new()
    }
}

/// The cell of an intersection, if it is on the board.
fn index(p: Point) -> Option<usize> {
    (p.col < SIDE && p.row < SIDE).then_some(p.row as usize * WIDTH + p.col as usize + WIDTH + 1)
}

/// The intersection of a cell on the board.
fn point(i: usize) -> Point {
    Point::new((i % WIDTH) as u8 - 1, (i / WIDTH) as u8 - 1)
}

/// The cell `k` steps from `i` along `step` (any cell: off the array wraps, which
/// only ever reaches cells behind the frame).
fn at(i: usize, k: isize, step: i8) -> usize {
    i.wrapping_add_signed(k * step as isize) % AREA
}

/// The player of a mask (`None` for 0).
// Out of line: inlined at each call, it cost the .COM more.
#[inline(never)]
fn player(mask: u8) -> Option<Player> {
    match mask {
        BLACK => Some(Player::Black),
        RED => Some(Player::Red),
        _ => None,
    }
}

/// The player of a non-zero mask.
fn colour(mask: u8) -> Player {
    if mask == RED {
        Player::Red
    } else {
        Player::Black
    }
}

/// Who a cell belongs to: a live piece to its colour, a captured one to its
/// capturer, an empty intersection to nobody (0), the frame to both.
fn owner(cell: u8) -> u8 {
    OWNER[(cell & (COLOUR | TAG)) as usize]
}

/// Who may play on a cell: nobody on a piece (or the frame), the owner on a
/// sieged intersection, anybody on a free one.
fn users(cell: u8) -> u8 {
    USERS[(cell & (COLOUR | TAG)) as usize]
}

// `owner` and `users` by a cell's colour and tag bits, at colour + 4 * tag: rows
// of four colours (none, Black, Red, the frame) for no tag, Black's, Red's. A
// table is smaller than the tests in every place they are used.
const OWNER: [u8; 16] = [0, 1, 2, 3, 0, 1, 1, 1, 0, 2, 2, 2, 0, 3, 3, 3];
const USERS: [u8; 16] = [3, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0];

/// A live piece of either colour (safe pieces included).
fn is_piece(cell: u8) -> bool {
    matches!(cell & (COLOUR | TAG), BLACK | RED)
}

impl Gomorpion {
    /// A game that is over before it began: all zero bytes, so that a `static`
    /// of it costs no bytes in the .COM file. [`Gomorpion::restart`] starts it.
    pub const fn unstarted() -> Gomorpion {
        Gomorpion {
            cells: [0; AREA],
            turn: Player::Black,
            cast: 0,
            scores: [0; 2],
            last_winner: 0,
            resigned: 0,
            playing: false,
        }
    }

    /// Starts a new game in place: an empty board, cast 1, Black to move.
    pub fn restart(&mut self) {
        // Field by field: `*self = Gomorpion::unstarted()` could build the whole
        // game on the stack first.
        for (i, cell) in self.cells.iter_mut().enumerate() {
            // The place on the board counted from A1, wrapping around off it.
            let k = i.wrapping_sub(WIDTH + 1);
            *cell = if k % WIDTH >= SIDE as usize || k >= WIDTH * SIDE as usize {
                BORDER
            } else {
                0
            };
        }
        self.turn = Player::Black;
        self.cast = 1;
        self.scores = [0; 2];
        self.last_winner = 0;
        self.resigned = 0;
        self.playing = true;
    }

    /// An empty board, cast 1, Black to move.
    pub fn new() -> Gomorpion {
        let mut game = Gomorpion::unstarted();
        game.restart();
        game
    }

    pub fn to_move(&self) -> Player {
        self.turn
    }

    /// The number of the cast being played (1 for the first).
    pub fn cast(&self) -> u16 {
        self.cast
    }

    pub fn score(&self, player: Player) -> u16 {
        self.scores[player.index()]
    }

    pub fn is_over(&self) -> bool {
        !self.playing
    }

    /// Who resigned, if someone did.
    pub fn resigned(&self) -> Option<Player> {
        player(self.resigned)
    }

    /// The winner of the last cast resolved (`None` before the first, or after a
    /// drawn last cast).
    pub fn last_cast_winner(&self) -> Option<Player> {
        player(self.last_winner)
    }

    /// The winner of a finished game: the opponent of a player who resigned,
    /// otherwise the one with more points; `None` for a draw or a game not over.
    pub fn winner(&self) -> Option<Player> {
        let (b, r) = (self.scores[0], self.scores[1]);
        if self.playing {
            None
        } else if self.resigned != 0 {
            player(self.resigned ^ BOTH)
        } else if b == r {
            None
        } else {
            Some(colour(if r > b { RED } else { BLACK }))
        }
    }

    /// What the screen shows on `p` (off the board: `Free`).
    pub fn view(&self, p: Point) -> PointView {
        let Some(i) = index(p) else {
            return PointView::Free;
        };
        let cell = self.cells[i];
        let tag = cell >> 2 & BOTH;
        let piece = colour(cell & COLOUR);
        if cell & COLOUR == 0 {
            if tag == 0 {
                PointView::Free
            } else {
                PointView::Sieged(colour(tag))
            }
        } else if tag != 0 {
            PointView::Captured {
                piece,
                by: colour(tag),
                linked: cell & LINKED != 0,
            }
        } else if cell & SIEGED != 0 {
            PointView::Safe(piece)
        } else if cell & CARRIED == 0 {
            PointView::Live(piece, LiveMark::Current)
        } else if self.last_winner == cell & COLOUR {
            PointView::Live(piece, LiveMark::Shifted)
        } else {
            PointView::Live(piece, LiveMark::Recapturable)
        }
    }

    /// Draws `view` on `p` directly, for diagrams and saved games: a captured
    /// piece adds a point to its capturer (as if it had been captured in an earlier
    /// cast); a shifted or recapturable piece sets the last cast's winner.
    pub fn setup(&mut self, p: Point, view: PointView) {
        let Some(i) = index(p) else { return };
        let old = self.cells[i];
        if old & COLOUR != 0 && old & TAG != 0 {
            let score = &mut self.scores[usize::from(old & TAG == RED << 2)];
            *score = score.saturating_sub(1);
        }
        self.cells[i] = match view {
            PointView::Free => 0,
            PointView::Sieged(who) => SIEGED | who.mask() << 2,
            PointView::Safe(who) => SIEGED | who.mask(),
            PointView::Live(who, LiveMark::Current) => who.mask(),
            PointView::Live(who, mark) => {
                let shifted = mark == LiveMark::Shifted;
                self.last_winner = who.mask() ^ if shifted { 0 } else { BOTH };
                CARRIED | who.mask()
            }
            PointView::Captured { piece, by, linked } => {
                self.scores[by.index()] += 1;
                piece.mask() | by.mask() << 2 | if linked { LINKED } else { 0 }
            }
        };
    }

    /// Sets who moves next (for diagrams).
    pub fn set_turn(&mut self, player: Player) {
        self.turn = player;
    }

    /// Whether the player to move may play on `p`, and why not.
    pub fn legal(&self, p: Point) -> Result<(), Refusal> {
        self.check(p).map(|_| ())
    }

    /// `legal`, giving the cell of `p`.
    fn check(&self, p: Point) -> Result<u16, Refusal> {
        if !self.playing {
            return Err(Refusal::GameOver);
        }
        let i = index(p).ok_or(Refusal::OffBoard)?;
        let cell = self.cells[i];
        if users(cell) & self.turn.mask() != 0 {
            Ok(i as u16)
        } else if cell & COLOUR != 0 {
            Err(Refusal::Occupied)
        } else {
            Err(Refusal::Sieged)
        }
    }

    /// Who has an intersection he may use (a mask).
    // Out of line: inlined at each call, it cost the .COM more.
    #[inline(never)]
    fn usable(&self) -> u8 {
        self.cells.iter().fold(0, |who, &cell| who | users(cell))
    }

    /// Whether `player` has an intersection he may use.
    pub fn can_play(&self, player: Player) -> bool {
        self.usable() & player.mask() != 0
    }

    /// The player to move resigns: the game is over and his opponent wins it.
    pub fn resign(&mut self) {
        if self.playing {
            self.playing = false;
            self.resigned = self.turn.mask();
        }
    }

    /// The number of live pieces of `me` in an unbroken run from cell `i` (not
    /// counting `i`) along `step` (the frame ends every run).
    #[inline(never)]
    fn run(&self, i: usize, step: i8, me: u8) -> isize {
        let mut n = 0;
        while self.cells[at(i, n + 1, step)] & (COLOUR | TAG) == me {
            n += 1;
        }
        n
    }

    /// The longest line through cell `i` for `me` if `i` held his piece: its
    /// length and how many of its pieces lie behind `i` along `step`.
    fn line(&self, i: usize, step: i8, me: u8) -> (isize, isize) {
        let back = self.run(i, -step, me);
        (back + 1 + self.run(i, step, me), back)
    }

    /// The longest line the player to move would make by playing on the empty
    /// intersection `p` (5 or more ends the cast; 0 off the board).
    pub fn line_through(&self, p: Point) -> u8 {
        let Some(i) = index(p) else { return 0 };
        let mut best = 1;
        for &step in &STEPS[..4] {
            best = best.max(self.line(i, step, self.turn.mask()).0);
        }
        best as u8
    }

    /// How many of the eight neighbours of cell `i` belong to nobody, to Black,
    /// to Red, and are the frame (indexed by the owner mask).
    #[inline(never)]
    fn census(&self, i: usize) -> [u8; 4] {
        let mut count = [0; 4];
        for &step in STEPS.iter() {
            count[owner(self.cells[at(i, 1, step)]) as usize] += 1;
        }
        count
    }

    /// Whose siege cell `i` is (an empty intersection or a safe piece), as a mask
    /// (0: nobody's): every neighbour belongs to one player, but for at most one
    /// empty neighbour whose other neighbours all belong to him too (a pair of
    /// sieged intersections). The frame walls for both.
    #[inline(never)]
    fn siege_owner(&self, i: usize) -> u8 {
        let count = self.census(i);
        let who = if count[RED as usize] == 0 {
            BLACK
        } else if count[BLACK as usize] == 0 {
            RED
        } else {
            return 0;
        };
        match count[0] {
            0 => who,
            1 => {
                let mut hole = 0;
                for &step in STEPS.iter() {
                    if owner(self.cells[at(i, 1, step)]) == 0 {
                        hole = at(i, 1, step);
                    }
                }
                // The hole's neighbours other than `i`: no empty one, none of
                // the other player's.
                let mut around = self.census(hole);
                around[owner(self.cells[i]) as usize] -= 1;
                if around[0] == 0 && around[(who ^ BOTH) as usize] == 0 {
                    who
                } else {
                    0
                }
            }
            _ => 0,
        }
    }

    /// Plays the player to move on `p`. A five (or more) ends the cast; then, if
    /// either player has no intersection he may use, the game ends.
    pub fn play(&mut self, p: Point) -> Result<Event, Refusal> {
        let i = self.check(p)? as usize;
        let mut event = Event::default();
        let me = self.turn.mask();
        // Playing on one's own siege keeps SIEGED: the piece is safe.
        self.cells[i] = (self.cells[i] & SIEGED) | me;
        for &step in &STEPS[..4] {
            let (length, back) = self.line(i, step, me);
            if length >= 5 {
                event.five = event.five.max(length as u8);
                let mut j = at(i, -back, step);
                for _ in 0..length {
                    let cell = self.cells[j];
                    if cell & (CARRIED | MARK) == CARRIED && self.last_winner != me {
                        event.rescued += 1;
                    }
                    self.cells[j] = cell | MARK;
                    j = at(j, 1, step);
                }
            }
        }
        if event.five > 0 {
            self.resolve(me, &mut event);
            self.cast += 1;
        }
        self.turn = self.turn.opponent();
        // Both can play, or the game ends and whoever still can wins its last cast.
        let usable = self.usable();
        if usable != BOTH {
            self.resolve(usable, &mut event);
            self.playing = false;
            event.game_over = true;
        }
        Ok(event)
    }

    /// `by` captures the piece on cell `i`: a point, in the score and the event.
    #[inline(never)]
    fn capture(&mut self, i: usize, by: u8, event: &mut Event) {
        self.cells[i] = (self.cells[i] & !(CARRIED | TAG | SIEGED)) | MARK | by << 2;
        let by = usize::from(by == RED);
        self.scores[by] += 1;
        event.points[by] += 1;
    }

    /// The end of a cast won by `winner` (a mask; 0: a drawn last cast). The
    /// pieces of the five are already marked.
    fn resolve(&mut self, winner: u8, event: &mut Event) {
        event.cast_ended = true;
        event.winner = player(winner);
        if winner != 0 {
            // 1. Captures are decided together, on the board as it stands.
            for i in 0..AREA {
                let cell = self.cells[i];
                // A live piece that is not safe.
                if matches!(cell & (COLOUR | TAG | SIEGED), BLACK | RED)
                    && self.census(i)[(winner & BOTH) as usize] >= 4
                {
                    self.cells[i] = cell | MARK;
                }
            }
            for i in 0..AREA {
                if self.cells[i] & MARK != 0 {
                    self.capture(i, winner, event);
                    event.captured += 1;
                }
            }
        }
        // 2. Safe pieces go to the siege's owner, unless the siege is broken, and
        // 4. sieges are made and broken on the empty intersections. Neither
        // changes who owns a cell, so one pass does both.
        for i in 0..AREA {
            let cell = self.cells[i];
            let who = cell & COLOUR;
            if who == 0 {
                let old = cell >> 2 & BOTH;
                let new = self.siege_owner(i);
                if new != old {
                    event.sieges_made += (new != 0) as u16;
                    event.sieges_broken += (old != 0) as u16;
                }
                self.cells[i] = if new != 0 { SIEGED | new << 2 } else { 0 };
            } else if cell & (TAG | SIEGED) == SIEGED {
                // A safe piece (the frame has no SIEGED).
                if self.siege_owner(i) == who {
                    self.capture(i, who, event);
                    event.safe[usize::from(who == RED)] += 1;
                } else {
                    self.cells[i] = cell & !SIEGED;
                    event.sieges_broken += 1;
                }
            }
        }
        // 3. Lines between pieces captured together; the rest is carried over.
        // A cell's neighbours lie within WIDTH + 1 cells of it, so the cell that
        // far behind is done with: its MARK goes.
        for i in 0..AREA {
            let mut cell = self.cells[i];
            if cell & MARK != 0
                && STEPS
                    .iter()
                    .any(|&step| self.cells[at(i, 1, step)] & MARK != 0)
            {
                cell |= LINKED;
            }
            if is_piece(cell) {
                cell |= CARRIED;
            }
            self.cells[i] = cell;
            self.cells[at(i, -1, WIDTH as i8 + 1)] &= !MARK;
        }
        self.last_winner = winner;
    }
}

/// The weights of a five-point window holding 0..=4 pieces of one side and
/// nothing that blocks it: own windows, then the opponent's.
const WEIGHTS: [[i32; 5]; 2] = [[1, 12, 120, 1_500, 1_000_000], [1, 10, 100, 1_200, 200_000]];

impl Gomorpion {
    /// The window weights of the four lines through the empty cell `i`: for each
    /// player, every five-point window through `i` that he could still fill adds
    /// the weight of the number of his pieces in it. The frame blocks a window
    /// for both (and every window reaching past the frame holds a frame cell).
    fn lines_value(&self, i: usize) -> i32 {
        let me = self.turn.mask();
        let mut value = 0;
        for &step in &STEPS[..4] {
            for (side, weights) in WEIGHTS.iter().enumerate() {
                let player = if side == 0 { me } else { me ^ BOTH };
                for start in -4..1 {
                    let mut pieces = 0;
                    let mut open = true;
                    for k in start..start + 5 {
                        let cell = self.cells[at(i, k, step)];
                        if cell & (COLOUR | TAG) == player {
                            pieces += 1;
                        } else if k != 0 && users(cell) & player == 0 {
                            open = false;
                        }
                    }
                    if open {
                        value += weights[pieces.min(4)];
                    }
                }
            }
        }
        value
    }

    /// The heuristic value of the player to move playing on the legal cell `i`,
    /// whose neighbours are counted in `count`. (Out of line: inlined in
    /// `choose`, it cost the .COM more.)
    #[inline(never)]
    fn value(&self, i: usize, count: [u8; 4]) -> i32 {
        let me = self.turn.mask();
        let them = me ^ BOTH;
        let mut value = self.lines_value(i);
        // A piece played into one's own siege is a point at the end of the cast.
        if self.cells[i] & SIEGED != 0 {
            value += 60;
        }
        // Dense own groups score when the cast is won.
        if count[me as usize] >= 4 {
            value += 15;
        }
        for &step in STEPS.iter() {
            let j = at(i, 1, step);
            let cell = self.cells[j];
            let around = self.census(j);
            let mine = around[me as usize] + 1;
            let theirs = around[them as usize];
            if is_piece(cell) {
                let theirs_here = cell & COLOUR == them;
                // A live piece next to p: with p, does it have four of mine around?
                if mine >= 4 {
                    value += if theirs_here { 30 } else { 10 };
                }
                // A wall of the opponent's siege, weakened.
                if theirs_here
                    && STEPS
                        .iter()
                        .any(|&s| self.cells[at(j, 1, s)] & (COLOUR | SIEGED) == SIEGED)
                {
                    value += 10 * mine as i32;
                }
            } else if cell & COLOUR == 0 {
                // An empty neighbour: close a siege of mine or spoil one of theirs.
                let count = 8 - around[BORDER as usize];
                if theirs == 0 && mine == count {
                    value += 60;
                } else if theirs == 0 && mine + 1 == count {
                    value += 12;
                } else if theirs + 1 == count {
                    value += 35;
                }
            }
        }
        value
    }
}

/// The computer's move for the player to move: it finishes fives, blocks the
/// opponent's, captures, builds and breaks sieges. Only intersections next to a
/// piece are weighed (the centre on an empty board); `None` only when the game is
/// over. Never an illegal intersection.
pub fn choose(game: &Gomorpion, random: &mut Random) -> Option<Point> {
    if !game.playing {
        return None;
    }
    let me = game.turn.mask();
    let centre = index(Point::new(SIDE / 2, SIDE / 2)).unwrap_or(0);
    let mut best = 0;
    let mut best_value = i32::MIN;
    for i in 0..AREA {
        if users(game.cells[i]) & me == 0 {
            continue;
        }
        let count = game.census(i);
        let value = if count[BLACK as usize] == 0 && count[RED as usize] == 0 {
            // Far from every piece (or the board is empty): a last resort, the
            // centre first.
            i32::MIN + 1 + (i == centre) as i32
        } else {
            game.value(i, count) * 4 + random.below(4) as i32
        };
        if value > best_value {
            best_value = value;
            best = i;
        }
    }
    (best_value > i32::MIN).then(|| point(best))
}
