//! Gomorpion (seeds/004): Gomoku on a 30x30 board where five in a row ends a
//! *cast* rather than the game, pieces are captured and sieged, and points decide.
//! The rules, with every ambiguity of the seed resolved, are in docs/gomorpion.md;
//! this module follows that document section by section.
//!
//! The state is one byte per intersection (900 bytes) plus a few counters, so a
//! [`Gomorpion`] is cheap to clone. The API:
//!
//! - [`Gomorpion::new`], [`Gomorpion::to_move`], [`Gomorpion::cast`],
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

use crate::coord::Point;
use crate::random::Random;

/// The board's side.
pub const SIDE: u8 = 30;
const POINTS: usize = SIDE as usize * SIDE as usize;

// The byte of an intersection. An empty intersection is 0, or SIEGED with RED
// saying whose siege it is. A piece has PIECE, RED for its colour, and:
const PIECE: u8 = 1;
/// Red's piece; on an empty sieged intersection: Red's siege.
const RED: u8 = 2;
/// Marked off at the end of a cast; it belongs to its capturer from then on.
const CAPTURED: u8 = 4;
/// The capturer is Red (with CAPTURED).
const BY_RED: u8 = 8;
/// A live piece played in an earlier cast (shifted or recapturable).
const CARRIED: u8 = 16;
/// Sieged: on an empty intersection, nobody but the owner may play here; on a
/// live piece, it is a safe piece (its owner played it into his own siege).
const SIEGED: u8 = 32;
/// A captured piece with a neighbour captured in the same cast (drawn with a
/// line to it); without it the piece is drawn circled.
const LINKED: u8 = 64;
/// Scratch bit while a cast is resolved: captured in this cast.
const MARK: u8 = 128;

/// The eight neighbours of an intersection (fewer at the edge).
const NEIGHBOURS: [(i8, i8); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];
/// The four line directions; the other four are these reversed.
const LINES: [(i8, i8); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

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

    fn bit(self) -> u8 {
        self as u8 * RED
    }

    fn by_bit(self) -> u8 {
        self as u8 * BY_RED
    }

    fn of(red: bool) -> Player {
        if red { Player::Red } else { Player::Black }
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
    cells: [u8; POINTS],
    turn: Player,
    cast: u16,
    scores: [u16; 2],
    last_winner: Option<Player>,
    over: bool,
    resigned: Option<Player>,
}

impl Default for Gomorpion {
    fn default() -> Self {
        Self::new()
    }
}

fn index(p: Point) -> Option<usize> {
    if p.col < SIDE && p.row < SIDE {
        Some(p.row as usize * SIDE as usize + p.col as usize)
    } else {
        None
    }
}

fn point(i: usize) -> Point {
    Point::new((i % SIDE as usize) as u8, (i / SIDE as usize) as u8)
}

fn neighbours(p: Point) -> impl Iterator<Item = Point> {
    NEIGHBOURS
        .iter()
        .filter_map(move |&(dc, dr)| p.step(dc, dr, 1, SIDE))
}

/// Who a cell belongs to: a live piece to its colour, a captured one to its
/// capturer, an empty intersection to nobody.
fn owner(cell: u8) -> Option<Player> {
    if cell & PIECE == 0 {
        None
    } else if cell & CAPTURED != 0 {
        Some(Player::of(cell & BY_RED != 0))
    } else {
        Some(Player::of(cell & RED != 0))
    }
}

fn is_live(cell: u8, player: Player) -> bool {
    cell & (PIECE | CAPTURED | RED) == PIECE | player.bit()
}

impl Gomorpion {
    /// An empty board, cast 1, Black to move.
    pub fn new() -> Gomorpion {
        Gomorpion {
            cells: [0; POINTS],
            turn: Player::Black,
            cast: 1,
            scores: [0; 2],
            last_winner: None,
            over: false,
            resigned: None,
        }
    }

    fn at(&self, p: Point) -> u8 {
        index(p)
            .and_then(|i| self.cells.get(i))
            .copied()
            .unwrap_or(0)
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
        self.over
    }

    /// Who resigned, if someone did.
    pub fn resigned(&self) -> Option<Player> {
        self.resigned
    }

    /// The winner of the last cast resolved (`None` before the first, or after a
    /// drawn last cast).
    pub fn last_cast_winner(&self) -> Option<Player> {
        self.last_winner
    }

    /// The winner of a finished game: the opponent of a player who resigned,
    /// otherwise the one with more points; `None` for a draw or a game not over.
    pub fn winner(&self) -> Option<Player> {
        if !self.over {
            return None;
        }
        if let Some(loser) = self.resigned {
            return Some(loser.opponent());
        }
        let (b, r) = (self.scores[0], self.scores[1]);
        if b == r {
            None
        } else {
            Some(Player::of(r > b))
        }
    }

    /// What the screen shows on `p` (off the board: `Free`).
    pub fn view(&self, p: Point) -> PointView {
        let cell = self.at(p);
        let colour = Player::of(cell & RED != 0);
        if cell & PIECE == 0 {
            return if cell & SIEGED != 0 {
                PointView::Sieged(colour)
            } else {
                PointView::Free
            };
        }
        if cell & CAPTURED != 0 {
            PointView::Captured {
                piece: colour,
                by: Player::of(cell & BY_RED != 0),
                linked: cell & LINKED != 0,
            }
        } else if cell & SIEGED != 0 {
            PointView::Safe(colour)
        } else if cell & CARRIED == 0 {
            PointView::Live(colour, LiveMark::Current)
        } else if self.last_winner == Some(colour) {
            PointView::Live(colour, LiveMark::Shifted)
        } else {
            PointView::Live(colour, LiveMark::Recapturable)
        }
    }

    /// Draws `view` on `p` directly, for diagrams and saved games: a captured
    /// piece adds a point to its capturer (as if it had been captured in an earlier
    /// cast); a shifted or recapturable piece sets the last cast's winner.
    pub fn setup(&mut self, p: Point, view: PointView) {
        let Some(i) = index(p) else { return };
        let old = self.cells[i];
        if old & CAPTURED != 0 {
            let by = Player::of(old & BY_RED != 0).index();
            self.scores[by] = self.scores[by].saturating_sub(1);
        }
        self.cells[i] = match view {
            PointView::Free => 0,
            PointView::Sieged(who) => SIEGED | who.bit(),
            PointView::Safe(who) => PIECE | SIEGED | who.bit(),
            PointView::Live(who, mark) => {
                if mark != LiveMark::Current {
                    let shifted = mark == LiveMark::Shifted;
                    self.last_winner = Some(if shifted { who } else { who.opponent() });
                }
                PIECE
                    | who.bit()
                    | if mark == LiveMark::Current {
                        0
                    } else {
                        CARRIED
                    }
            }
            PointView::Captured { piece, by, linked } => {
                self.scores[by.index()] += 1;
                PIECE | CAPTURED | piece.bit() | by.by_bit() | if linked { LINKED } else { 0 }
            }
        };
    }

    /// Sets who moves next (for diagrams).
    pub fn set_turn(&mut self, player: Player) {
        self.turn = player;
    }

    /// Whether the player to move may play on `p`, and why not.
    pub fn legal(&self, p: Point) -> Result<(), Refusal> {
        if self.over {
            return Err(Refusal::GameOver);
        }
        let Some(i) = index(p) else {
            return Err(Refusal::OffBoard);
        };
        may_use(self.cells[i], self.turn)
    }

    /// Whether `player` has an intersection he may use.
    pub fn can_play(&self, player: Player) -> bool {
        self.cells.iter().any(|&c| may_use(c, player).is_ok())
    }

    /// The player to move resigns: the game is over and his opponent wins it.
    pub fn resign(&mut self) {
        if !self.over {
            self.over = true;
            self.resigned = Some(self.turn);
        }
    }

    /// The number of live pieces of `player` in an unbroken run from `p` (not
    /// counting `p`) in direction `(dc, dr)`.
    fn run(&self, p: Point, dc: i8, dr: i8, player: Player) -> i8 {
        let mut n = 0;
        while let Some(q) = p.step(dc, dr, n + 1, SIDE) {
            if !is_live(self.at(q), player) {
                break;
            }
            n += 1;
        }
        n
    }

    /// The longest line the player to move would make by playing on the empty
    /// intersection `p` (5 or more ends the cast).
    pub fn line_through(&self, p: Point) -> u8 {
        let mut best = 1;
        for &(dc, dr) in LINES.iter() {
            let n = self.run(p, -dc, -dr, self.turn) + 1 + self.run(p, dc, dr, self.turn);
            best = best.max(n as u8);
        }
        best
    }

    /// How many neighbours of `p` belong to `player`.
    fn owned_around(&self, p: Point, player: Player) -> u8 {
        neighbours(p)
            .filter(|&q| owner(self.at(q)) == Some(player))
            .count() as u8
    }

    /// Whose siege `p` is (p empty, or a safe piece): every neighbour belongs to
    /// one player, but for at most one empty neighbour whose other neighbours all
    /// belong to him too (a pair of sieged intersections).
    fn siege_owner(&self, p: Point) -> Option<Player> {
        let mut who = None;
        let mut hole = None;
        for q in neighbours(p) {
            match owner(self.at(q)) {
                None if hole.is_none() => hole = Some(q),
                None => return None,
                o if who.is_none() || who == o => who = o,
                _ => return None,
            }
        }
        if let Some(h) = hole {
            let walled = neighbours(h).all(|q| q == p || owner(self.at(q)) == who);
            if !walled {
                return None;
            }
        }
        who
    }

    /// Plays the player to move on `p`. A five (or more) ends the cast; then, if
    /// either player has no intersection he may use, the game ends.
    pub fn play(&mut self, p: Point) -> Result<Event, Refusal> {
        self.legal(p)?;
        let mut event = Event::default();
        let before = self.scores;
        let me = self.turn;
        let i = index(p).ok_or(Refusal::OffBoard)?;
        // Playing on one's own siege keeps SIEGED: the piece is safe.
        self.cells[i] = (self.cells[i] & SIEGED) | PIECE | me.bit();
        for &(dc, dr) in LINES.iter() {
            let back = self.run(p, -dc, -dr, me);
            let length = back + 1 + self.run(p, dc, dr, me);
            if length >= 5 {
                event.five = event.five.max(length as u8);
                for k in -back..length - back {
                    if let Some(j) = p.step(dc, dr, k, SIDE).and_then(index) {
                        if self.cells[j] & (CARRIED | MARK) == CARRIED
                            && self.last_winner != Some(me)
                        {
                            event.rescued += 1;
                        }
                        self.cells[j] |= MARK;
                    }
                }
            }
        }
        if event.five > 0 {
            self.resolve(Some(me), &mut event);
            self.cast += 1;
        }
        self.turn = me.opponent();
        let (black, red) = (self.can_play(Player::Black), self.can_play(Player::Red));
        if !(black && red) {
            let winner = if black {
                Some(Player::Black)
            } else if red {
                Some(Player::Red)
            } else {
                None
            };
            self.resolve(winner, &mut event);
            self.over = true;
            event.game_over = true;
        }
        event.points = [self.scores[0] - before[0], self.scores[1] - before[1]];
        Ok(event)
    }

    fn capture(&mut self, i: usize, by: Player) {
        self.cells[i] =
            (self.cells[i] & !(CARRIED | BY_RED | SIEGED)) | CAPTURED | MARK | by.by_bit();
        self.scores[by.index()] += 1;
    }

    /// The end of a cast won by `winner` (`None`: a drawn last cast). The pieces
    /// of the five are already marked.
    fn resolve(&mut self, winner: Option<Player>, event: &mut Event) {
        event.cast_ended = true;
        event.winner = winner;
        if let Some(w) = winner {
            // 1. Captures are decided together, on the board as it stands.
            for i in 0..POINTS {
                let c = self.cells[i];
                if c & (PIECE | CAPTURED | SIEGED) == PIECE && self.owned_around(point(i), w) >= 4 {
                    self.cells[i] |= MARK;
                }
            }
            for i in 0..POINTS {
                if self.cells[i] & MARK != 0 {
                    self.capture(i, w);
                    event.captured += 1;
                }
            }
        }
        // 2. Safe pieces go to the siege's owner, unless the siege is broken.
        for i in 0..POINTS {
            let c = self.cells[i];
            if c & (PIECE | CAPTURED | SIEGED) == PIECE | SIEGED {
                let who = Player::of(c & RED != 0);
                if self.siege_owner(point(i)) == Some(who) {
                    self.capture(i, who);
                    event.safe[who.index()] += 1;
                } else {
                    self.cells[i] = c & !SIEGED;
                    event.sieges_broken += 1;
                }
            }
        }
        // 3. Lines between pieces captured together; the rest is carried over.
        for i in 0..POINTS {
            if self.cells[i] & MARK != 0 && neighbours(point(i)).any(|q| self.at(q) & MARK != 0) {
                self.cells[i] |= LINKED;
            }
        }
        for c in self.cells.iter_mut() {
            *c &= !MARK;
            if *c & (PIECE | CAPTURED) == PIECE {
                *c |= CARRIED;
            }
        }
        // 4. Sieges, made and broken, on the empty intersections.
        for i in 0..POINTS {
            let c = self.cells[i];
            if c & PIECE != 0 {
                continue;
            }
            let old = (c & SIEGED != 0).then(|| Player::of(c & RED != 0));
            let new = self.siege_owner(point(i));
            if new != old {
                event.sieges_made += new.is_some() as u16;
                event.sieges_broken += old.is_some() as u16;
            }
            self.cells[i] = new.map_or(0, |who| SIEGED | who.bit());
        }
        self.last_winner = winner;
    }
}

/// Whether `player` may play on a cell: it is empty and not the opponent's siege.
fn may_use(cell: u8, player: Player) -> Result<(), Refusal> {
    if cell & PIECE != 0 {
        Err(Refusal::Occupied)
    } else if cell & SIEGED != 0 && cell & RED != player.bit() {
        Err(Refusal::Sieged)
    } else {
        Ok(())
    }
}

/// The weights of a five-point window holding 0..=4 pieces of one side and
/// nothing that blocks it: own windows, then the opponent's.
const ATTACK: [i32; 5] = [1, 12, 120, 1_500, 1_000_000];
const DEFEND: [i32; 5] = [1, 10, 100, 1_200, 200_000];

/// How many neighbours `p` has on the board (8, 5 on an edge, 3 in a corner).
fn neighbour_count(p: Point) -> u8 {
    let span = |v: u8| if v == 0 || v == SIDE - 1 { 2 } else { 3 };
    span(p.col) * span(p.row) - 1
}

/// The computer's view of the board: for each intersection, how many of its
/// neighbours belong to the player to move (low nibble) and to his opponent
/// (high nibble). Built once per move, so that weighing a candidate is cheap.
struct Around([u8; POINTS]);

impl Around {
    fn new(game: &Gomorpion) -> Around {
        let mut around = [0u8; POINTS];
        for (i, &c) in game.cells.iter().enumerate() {
            if let Some(who) = owner(c) {
                let add = if who == game.turn { 1 } else { 16 };
                for q in neighbours(point(i)) {
                    if let Some(j) = index(q) {
                        around[j] += add;
                    }
                }
            }
        }
        Around(around)
    }

    /// (mine, theirs) around `p`.
    fn get(&self, p: Point) -> (u8, u8) {
        let a = index(p).and_then(|i| self.0.get(i)).copied().unwrap_or(0);
        (a & 15, a >> 4)
    }
}

impl Gomorpion {
    /// The window weights of the four lines through the empty `p`: for each
    /// player, every five-point window through `p` that he could still fill adds
    /// the weight of the number of his pieces in it.
    fn lines_value(&self, p: Point) -> i32 {
        let me = self.turn;
        let mut value = 0;
        for &(dc, dr) in LINES.iter() {
            // The nine cells centred on p; off the board blocks both players.
            let mut line = [PIECE | CAPTURED; 9];
            for (k, cell) in (-4i8..).zip(line.iter_mut()) {
                if let Some(q) = p.step(dc, dr, k, SIDE) {
                    *cell = self.at(q);
                }
            }
            for (player, weights) in [(me, &ATTACK), (me.opponent(), &DEFEND)] {
                for start in 0..5 {
                    let mut pieces = 0;
                    let open = line[start..start + 5].iter().enumerate().all(|(k, &c)| {
                        pieces += is_live(c, player) as usize;
                        start + k == 4 || is_live(c, player) || may_use(c, player).is_ok()
                    });
                    if open {
                        value += weights[pieces.min(4)];
                    }
                }
            }
        }
        value
    }

    /// The heuristic value of the player to move playing on the legal `p`.
    fn value(&self, p: Point, around: &Around) -> i32 {
        let me = self.turn;
        let them = me.opponent();
        let mut value = self.lines_value(p);
        // A piece played into one's own siege is a point at the end of the cast.
        if self.at(p) & SIEGED != 0 {
            value += 60;
        }
        // Dense own groups score when the cast is won.
        if around.get(p).0 >= 4 {
            value += 15;
        }
        for q in neighbours(p) {
            let c = self.at(q);
            let (mine, theirs) = around.get(q);
            let mine = mine + 1;
            if c & (PIECE | CAPTURED) == PIECE {
                // A live piece next to p: with p, does it have four of mine around?
                if mine >= 4 {
                    value += if is_live(c, them) { 30 } else { 10 };
                }
                // A wall of the opponent's siege, weakened.
                if is_live(c, them)
                    && neighbours(q).any(|s| self.at(s) & (PIECE | SIEGED) == SIEGED)
                {
                    value += 10 * mine as i32;
                }
            } else if c & PIECE == 0 {
                // An empty neighbour: close a siege of mine or spoil one of theirs.
                let count = neighbour_count(q);
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
    let around = Around::new(game);
    let mut best = None;
    let mut best_value = i32::MIN;
    for (i, &a) in around.0.iter().enumerate() {
        let p = point(i);
        if game.legal(p).is_err() {
            continue;
        }
        // Far from every piece (or the board is empty): a last resort.
        let value = if a == 0 {
            i32::MIN + 1
        } else {
            game.value(p, &around) * 4 + random.below(4) as i32
        };
        if value > best_value {
            best_value = value;
            best = Some(p);
        }
    }
    let centre = Point::new(SIDE / 2, SIDE / 2);
    if best_value == i32::MIN + 1 && game.legal(centre).is_ok() {
        return Some(centre);
    }
    best
}
