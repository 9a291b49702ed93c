//! The game on the board and what the computer keeps of it: the position the
//! one door ([`crate::ai::engine::think`]) is asked about. A stone put on the board
//! runs Update (or, in the Mist, moves the hole and teaches the computer what
//! it may know); a stone taken back does the same in reverse. The screen's
//! side of a move (the sound, the hint, the status line) is the App's.

use core::cell::Cell;

use super::{App, Opponent, Page, Prompt};
use crate::ai::engine::{self, LEVELS, Level, Position, TreeSearch};
use crate::ai::evaluation::Info;
use crate::app::clock::{self, Clock};
use crate::app::screen::Sound;
use crate::app::settings::{Settings, strong_budget_at};
use crate::packed;
use crate::rules::board::{Board, Stone};
use crate::rules::coord::Point;
use crate::rules::game::{Game, MoveError, Outcome};
use crate::rules::mist;
use crate::rules::variant::Variant;
use crate::support::random::Random;
use crate::support::word_tables::Words;

/// The game and the computer's view of it.
pub(super) struct Session {
    /// The variant of the game on the board (the menu's choice when it began).
    pub(super) variant: Variant,
    pub(super) game: Game,
    pub(super) opponent: Opponent,
    /// Piskasm's evaluator, kept up to date with Update after every stone. In
    /// the Mist it scores the computer's knowledge, not the board. Read it
    /// through [`Session::classic`], which brings it up to date.
    classic: Info<'static>,
    /// A stone whose Update waits until the screen shows it (on an 8088
    /// Update costs more than drawing the stone): [`Session::classic`] or
    /// [`Session::catch_up`] runs it, always before the board changes again
    /// (a placed stone's Update takes the Info as it was without it).
    update_behind: Cell<Option<Point>>,
    /// The Mist: the hole's centre.
    pub(super) centre: Point,
    /// The Mist: what the computer knows of the board (its own stones, what it
    /// saw through the hole, where its moves hit hidden stones).
    pub(super) known: Board,
    /// This run's finished games against the computer, per level: won,
    /// lost, drawn (never saved).
    pub(super) score: [[u8; 3]; LEVELS.len()],
    /// Whether this game is already in the score (an undone end that comes
    /// again does not count twice).
    pub(super) scored: bool,
    /// The game came from a file: it may be replayed before it ends.
    pub(super) loaded: bool,
    /// Both sides' time (running or not, it times every move, and keeps
    /// each move's time in the game's word table, Info's).
    pub(super) clock: Clock,
}

impl Session {
    /// A game of `variant` between two people, not begun. (Called inside
    /// App's in-place construction: a field expression, not a copy.)
    #[inline(always)]
    pub(super) fn new(variant: Variant, scores: &'static dyn Words) -> Session {
        let side = variant.side();
        Session {
            variant,
            game: variant.new_game(),
            opponent: Opponent::Person,
            classic: Info::new(Stone::White, side, scores),
            update_behind: Cell::new(None),
            centre: mist::START,
            known: Board::new(side),
            score: [[0; 3]; LEVELS.len()],
            scored: false,
            loaded: false,
            clock: Clock::off(scores),
        }
    }

    /// A new game of `variant` against `opponent`, everything reset in place
    /// (new values would be built on the stack and copied).
    pub(super) fn restart(&mut self, variant: Variant, exact_five: bool, opponent: Opponent) {
        self.variant = variant;
        variant.restart_game(&mut self.game, exact_five);
        self.opponent = opponent;
        (self.scored, self.loaded) = (false, false);
        self.centre = mist::START;
        self.known.reset(variant.side());
        // Info for this board's size (also kept in two-player games, for hints).
        let computer = match opponent {
            Opponent::Computer(computer) => computer,
            _ => Stone::White,
        };
        self.update_behind.set(None);
        self.classic.restart(computer, variant.side());
    }

    /// A loaded record's game, its moves already checked: replayed in place.
    /// Against the computer, the person continues on the side to move.
    pub(super) fn load(
        &mut self,
        variant: Variant,
        exact_five: bool,
        moves: &[Point],
        two_players: bool,
    ) {
        variant.restart_game(&mut self.game, exact_five);
        for &point in moves {
            let _ = self.game.play(point); // never refused: checked before
        }
        self.variant = variant;
        (self.scored, self.loaded) = (false, true);
        let computer = self.game.to_move().opponent();
        self.opponent = if two_players {
            Opponent::Person
        } else {
            Opponent::Computer(computer)
        };
        self.update_behind.set(None);
        self.classic.restart(computer, variant.side());
        self.classic.recompute(self.game.board());
        self.centre = self
            .game
            .last_move()
            .map_or(mist::START, mist::centre_after);
        if variant.has_mist() {
            self.forget_hidden();
        }
    }

    pub(super) fn person_to_move(&self) -> bool {
        match self.opponent {
            Opponent::Person => true,
            Opponent::Computer(computer) => self.game.to_move() != computer,
            Opponent::Computers => false,
        }
    }

    /// The computer's choice at the settings' level: the one door, asked about
    /// the game with what the session keeps (the Mist's knowledge, Classic's
    /// Info), so nothing kept is computed again. Strong's budget is the
    /// thinking time's on this machine, whose speed the tree measures when
    /// first asked; on a clock, the thinking time is its share of the time
    /// left at tick `now` ([`clock::share_tenths`]).
    pub(super) fn think(
        &self,
        settings: &Settings,
        tree: Option<&'static dyn TreeSearch>,
        random: &mut Random,
        now: u32,
    ) -> Option<Point> {
        let knowledge = self.variant.has_mist().then_some(&self.known);
        let to_move = self.game.to_move();
        // The computer against itself: White at a level of its own.
        let level = if self.opponent == Opponent::Computers && to_move == Stone::White {
            settings.white_level
        } else {
            settings.level
        };
        let tenths = if self.clock.is_on() {
            clock::share_tenths(
                self.clock.left(to_move, &self.game, now),
                self.clock.increment(),
                self.game.move_count(),
            )
        } else {
            settings.think_tenths
        };
        let budget = match level {
            Level::Strong => {
                strong_budget_at(tenths, tree.map_or(u16::MAX, |tree| tree.speed_units()))
            }
            _ => 0,
        };
        engine::think(
            level,
            budget,
            Position::of(&self.game),
            knowledge,
            Some(self.classic()),
            tree,
            random,
        )
        .map(|(point, _)| point)
    }

    /// Plays `point` for the side to move, then Update (in the Mist: the hole
    /// moves, and the computer learns its own stone and what the hole shows).
    pub(super) fn play(&mut self, point: Point) -> Result<(), MoveError> {
        let mover = self.game.to_move();
        self.catch_up();
        self.game.play(point)?;
        if self.variant.has_mist() {
            self.centre = mist::centre_after(point);
            if let Opponent::Computer(computer) = self.opponent {
                if mover == computer {
                    self.learn(point, Some(mover));
                }
                self.look_through_hole();
            }
        } else {
            self.update_later(point);
        }
        Ok(())
    }

    /// Update for `point`, once the screen shows the stone (the one before
    /// it ran before the board changed).
    fn update_later(&self, point: Point) {
        self.update_behind.set(Some(point));
    }

    /// Runs the Update that waits, if one does: the board is as the change
    /// left it, so a stone on the point was placed there, and none was
    /// taken back.
    pub(super) fn catch_up(&self) {
        if let Some(point) = self.update_behind.take() {
            let board = self.game.board();
            if board.get(point).is_some() {
                self.classic.update_placed(board, point);
            } else {
                self.classic.update(board, point);
            }
        }
    }

    /// Classic's Info, up to date.
    pub(super) fn classic(&self) -> &Info<'static> {
        self.catch_up();
        &self.classic
    }

    /// Takes back the last move at tick `now`, its time given back, then
    /// Update (the Mist catches up in [`Session::after_take_back`]); the
    /// point taken back.
    pub(super) fn undo(&mut self, now: u32) -> Option<Point> {
        self.catch_up();
        let point = self.game.undo()?;
        self.clock.restart(now);
        if !self.variant.has_mist() {
            self.update_later(point);
        }
        Some(point)
    }

    /// The Mist, after moves were taken back: the hole returns to the last
    /// move, and the computer forgets what it may no longer know.
    pub(super) fn after_take_back(&mut self) {
        if self.variant.has_mist() {
            self.centre = self
                .game
                .last_move()
                .map_or(mist::START, mist::centre_after);
            self.forget_hidden();
        }
    }

    /// The Mist: the computer's knowledge of `point` becomes `stone`.
    pub(super) fn learn(&mut self, point: Point, stone: Option<Stone>) {
        let before = self.known.get(point);
        if before != stone {
            self.known.set(point, stone);
            if before.is_none() {
                self.classic.update_placed(&self.known, point);
            } else {
                self.classic.update(&self.known, point);
            }
        }
    }

    /// The Mist: the computer looks through the hole.
    fn look_through_hole(&mut self) {
        // The board's side is the variant's (asking the board is cheaper, here
        // and in forget_hidden).
        let side = self.game.board().side();
        let reach = mist::HOLE_REACH as i8;
        // Half-open ranges: an inclusive one costs an out-of-line `next`.
        for dr in -reach..reach + 1 {
            for dc in -reach..reach + 1 {
                if let Some(point) = self.centre.step(dc, dr, 1, side) {
                    let stone = self.game.board().get(point);
                    self.learn(point, stone);
                }
            }
        }
    }

    /// The Mist, after a take back or a load: the computer keeps only what it may
    /// know now, its own stones and what the hole shows.
    pub(super) fn forget_hidden(&mut self) {
        let side = self.game.board().side();
        // In place: new ones would be built on the stack and copied.
        self.known.reset(side);
        if let Opponent::Computer(computer) = self.opponent {
            self.classic.restart(computer, side);
            for row in 0..side {
                for col in 0..side {
                    let point = Point::new(col, row);
                    if self.game.board().get(point) == Some(computer) {
                        self.learn(point, Some(computer));
                    }
                }
            }
            self.look_through_hole();
        }
    }
}

impl App {
    /// Whether the computer should move now (the platform then calls
    /// [`App::computer_move`], after showing the person's stone).
    // Inlined everywhere: the .COM is smaller so.
    #[inline(always)]
    pub fn computer_to_move(&self) -> bool {
        self.page == Page::Game
            && !self.session.game.is_over()
            && !self.session.person_to_move()
            && self.replay.is_none()
            && self.prompt == Prompt::None
    }

    /// The computer's move, at its level. In the Mist it chooses from what it
    /// knows; a hidden stone it hits teaches it that point, and it chooses again.
    #[inline(never)]
    pub fn computer_move(&mut self) {
        if !self.computer_to_move() {
            return;
        }
        let mover = self.session.game.to_move();
        for _ in 0..self.session.game.board().point_count() + 1 {
            let now = self.now();
            let Some(point) = self
                .session
                .think(&self.settings, self.tree, &mut self.random, now)
            else {
                return;
            };
            // A clock is not beaten by thinking on: the move comes too late.
            if self.out_of_time() {
                return;
            }
            match self.put_stone(point) {
                Ok(()) => {
                    self.announce(mover, point);
                    return;
                }
                Err(MoveError::Occupied) if self.session.variant.has_mist() => {
                    // Every stone it does not know of is the person's.
                    self.session.learn(point, Some(mover.opponent()));
                }
                Err(_) => return,
            }
        }
    }

    /// Plays `point` for the side to move (see [`Session::play`]), with the
    /// screen's part: the sound, and the hint gone.
    pub(super) fn put_stone(&mut self, point: Point) -> Result<(), MoveError> {
        self.session.play(point)?;
        let now = self.now();
        let session = &mut self.session;
        session.clock.switch(&session.game, now);
        self.sound = if self.session.game.is_over() {
            self.keep_score();
            Sound::Tune
        } else {
            Sound::Click
        };
        self.hint = None;
        Ok(())
    }

    /// A game against the computer that has just ended goes into the score of
    /// its level, once.
    pub(super) fn keep_score(&mut self) {
        let Opponent::Computer(computer) = self.session.opponent else {
            return;
        };
        let column = match self.session.game.outcome() {
            Outcome::InProgress => return,
            Outcome::Won { winner, .. } => (winner == computer) as usize,
            Outcome::Draw => 2,
        };
        if !self.session.scored {
            self.session.scored = true;
            let count = &mut self.session.score[self.settings.level as usize][column];
            *count = count.saturating_add(1);
        }
    }

    /// Take back: against the computer, its reply and your last move together;
    /// between two people, one move.
    pub(super) fn take_back(&mut self) {
        let game = &self.session.game;
        let count = match self.session.opponent {
            Opponent::Person | Opponent::Computers => 1,
            // Your winning move leaves the computer to move: take back just that.
            Opponent::Computer(computer) if game.to_move() == computer => 1,
            Opponent::Computer(_) => 2,
        };
        let stuck =
            matches!(self.session.opponent, Opponent::Computer(_)) && count == 1 && !game.is_over();
        if (game.move_count() as usize) < count || stuck {
            self.warn(packed!("Nothing to take back."));
            return;
        }
        for _ in 0..count {
            if let Some(point) = self.session.undo(self.now()) {
                self.cursor = point;
            }
        }
        self.session.after_take_back();
        self.hint = None;
        self.say(packed!("Taken back."));
    }
}
