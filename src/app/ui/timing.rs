//! The game clock on the screen: starting it with a game, its flag, its face
//! on the panel (each side's m:ss on its player's row), and when a BIOS tick
//! needs a frame. The clock itself is [`crate::app::clock`].
//!
//! Decisions where the issue left them open: the clock runs from the game's
//! start (the computer's opening stone is timed too) while the game is on,
//! whatever page is up. The clocks always say what the moves' times say
//! (each move's is kept, [`crate::app::clock`], and saved in the .psq):
//! - a take-back takes the clocks back with the board: each move taken back
//!   gives its side the time it took, less the increment it earned, and the
//!   turn starts afresh (the time since the move taken back, spent thinking
//!   on a position that is gone, is not charged). A player takes a move
//!   back to play the position again, and the clocks are part of it; between
//!   two people at one machine both see it happen;
//! - a loaded game resumes each side's time as the menu's clock and the
//!   record's move times say: the clock's minutes, less the side's moves'
//!   times, plus an increment a move (a record from another clock, or from
//!   a game without one, is timed on the menu's clock: a side whose moves
//!   took more than it has starts at 0:00 and, to move, loses on time);
//! - a flag that falls ends the game as a loss for the side to move, counted
//!   in the score against the computer (a take-back after it does not take
//!   the result out of the score).

use super::words::push_side;
use super::{App, Page, Prompt};
use crate::app::clock::write_time;
use crate::app::screen::{Canvas, Sound, Style};
use crate::packed;
use crate::rules::board::Stone;

/// The clocks' column on the panel's rows for Black (8) and White (9).
const CLOCK_X: usize = 74;
const BLACK_CLOCK_Y: usize = 8;

impl App {
    /// The clock runs on the platform's BIOS tick count (18.2 a second).
    pub fn time_with(&mut self, ticks: fn() -> u32) {
        self.ticks = Some(ticks);
    }

    pub(super) fn now(&self) -> u32 {
        self.ticks.map_or(0, |ticks| ticks())
    }

    /// A new game's clock, as the settings say; the side to move starts now.
    pub(super) fn start_clock(&mut self) {
        let settings = &self.settings;
        let now = self.now();
        self.session
            .clock
            .set(settings.clock_minutes, settings.increment_seconds, now);
    }

    /// `side`'s time left now, in ms.
    #[inline(never)]
    pub fn clock_left(&self, side: Stone) -> u32 {
        self.session
            .clock
            .left(side, &self.session.game, self.now())
    }

    /// If the flag of the side to move has fallen, ends the game: that side
    /// loses on time. Says whether it did.
    #[inline(never)]
    pub(super) fn out_of_time(&mut self) -> bool {
        let game = &self.session.game;
        let loser = game.to_move();
        if game.is_over() || !self.session.clock.is_on() || self.clock_left(loser) > 0 {
            return false;
        }
        self.session.game.resign();
        self.keep_score();
        self.sound = Sound::Tune;
        self.prompt = Prompt::None;
        push_side(self.new_status(true), loser).push_packed(packed!(" lost on time."));
        true
    }

    /// A BIOS tick went by (the platform calls this while it waits for an
    /// input): the flag may fall, and the side to move's clock may show
    /// another second. Says whether a frame must be drawn (it draws the
    /// clock's cells, and the rest only if the flag fell).
    pub fn clock_tick(&mut self) -> bool {
        if self.page == Page::Menu || !self.session.clock.is_on() || self.session.game.is_over() {
            return false;
        }
        let seconds = self.clock_left(self.session.game.to_move()).div_ceil(1000);
        let shown = core::mem::replace(&mut self.clock_shown, seconds);
        self.out_of_time() || seconds != shown
    }

    /// Draws both clocks on the panel (nothing without a clock or off the
    /// game page): the side to move's in the heading colour while the game
    /// is on.
    #[inline(never)]
    pub(super) fn render_clock(&self, screen: &mut dyn Canvas) {
        if !self.session.clock.is_on() {
            return;
        }
        let game = &self.session.game;
        for side in [Stone::Black, Stone::White] {
            let mut face = [0u8; 5];
            write_time(self.clock_left(side), &mut face);
            let style = if side == game.to_move() && !game.is_over() {
                Style::Heading
            } else {
                Style::Label
            };
            screen.write(CLOCK_X, BLACK_CLOCK_Y + side as usize, &face, style);
        }
    }
}
