//! What a frame redraws: only the parts of the page whose content changed
//! since the last frame. A cursor's move is its old and new point and the
//! status line; a stone is its point, the highlight's old and new points, the
//! panel and the status line; a page of its own (the menu, a game started, a
//! help page) is drawn whole.
//!
//! The decision compares two [`Shown`]s, cheap summaries of what the page
//! shows, taken after each frame; whatever is not summarised is drawn only
//! with the whole page. The status line is summarised by its count of
//! changes (and the typed names'), not its text: comparing two counts costs
//! less than drawing the line, which every frame did before (3.7k of a
//! cursor move's 8.6k instructions on the 386). A host test
//! (tests/ui_frames.rs) checks that the parts drawn this way always give the
//! same screen as the whole page drawn afresh.

use super::{App, MOVES_A_PAGE, Opponent, Page, Panel};
use crate::app::settings::Settings;
use crate::rules::WinRule;
use crate::rules::coord::Point;
use crate::rules::variant::Variant;

/// What the screen showed after a frame, as far as choosing what to redraw
/// goes. Numbers only (a point as [`code`]), so that comparing two is a few
/// instructions in the .COM.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct Shown {
    /// The page, the variant, the opponent and the rule: a change in any of
    /// them is a page of its own.
    page: [u8; 5],
    /// The question or the typing on the status line: in a game, the key bar
    /// follows it.
    prompt: u8,
    /// The status line's text and the typed names, as their counts of
    /// changes (summed: each edit adds one), and its colours.
    status: u16,
    alert: bool,
    /// The menu's values.
    settings: Settings,
    /// The game's [`crate::rules::game::Game::revision`] and its number of moves.
    revision: u16,
    move_count: u16,
    over: bool,
    loaded: bool,
    replay: u16,
    centre: u16,
    hint: u16,
    cursor: u16,
    highlighted: u16,
    panel: u8,
    score: [u8; 3],
}

/// A point as a number (`NONE` for no point).
fn code(point: Option<Point>) -> u16 {
    point.map_or(NONE, |point| (point.col as u16) << 8 | point.row as u16)
}

/// The point of a [`code`].
fn point_of(code: u16) -> Option<Point> {
    (code != NONE).then(|| Point::new((code >> 8) as u8, code as u8))
}

const NONE: u16 = u16::MAX;

/// Board points a frame may redraw on their own: the new stone, the
/// highlight's old and new place, the cursor's and the hint's.
const MAX_POINTS: usize = 7;

/// The parts of the page a frame draws.
#[derive(Clone, Copy)]
pub struct Damage {
    /// The whole page, from a cleared screen.
    pub(super) everything: bool,
    /// The board, with the buttons and the key bar under it.
    pub(super) board: bool,
    /// The game's side panel and the buttons.
    pub(super) panel: bool,
    /// Only the panel's rows that follow the moves.
    pub(super) panel_moves: bool,
    /// Of those, the lower part (rows 11 on) keeps what it shows, but for the
    /// list of moves' new entry: the rules shown do not change with a stone,
    /// and a move added to the page shown is one entry (a long list costs an
    /// 8088 more than the stone).
    pub(super) lower_part_kept: bool,
    /// The menu's values (game, sound, level, rule, time).
    pub(super) menu_values: bool,
    /// The game's key bar (it follows the prompt).
    pub(super) key_bar: bool,
    /// The status line, with the typing after it.
    pub(super) status: bool,
    /// Board points drawn on their own (with the cells either side), as
    /// [`code`]s; [`NONE`] fills the rest.
    points: [u16; MAX_POINTS],
}

impl Damage {
    /// The whole page.
    pub const EVERYTHING: Damage = Damage {
        everything: true,
        board: true,
        panel: true,
        panel_moves: true,
        lower_part_kept: false,
        menu_values: true,
        key_bar: true,
        status: true,
        points: [NONE; MAX_POINTS],
    };

    /// Nothing to draw.
    const NOTHING: Damage = Damage {
        everything: false,
        board: false,
        panel: false,
        panel_moves: false,
        lower_part_kept: false,
        menu_values: false,
        key_bar: false,
        status: false,
        points: [NONE; MAX_POINTS],
    };

    #[inline(never)]
    fn add_point(&mut self, point: u16) {
        if point == NONE || self.points.contains(&point) {
            return;
        }
        match self.points.iter_mut().find(|slot| **slot == NONE) {
            Some(free) => *free = point,
            None => self.board = true,
        }
    }

    /// The board points drawn on their own.
    pub(super) fn points(&self) -> impl Iterator<Item = Point> + '_ {
        self.points.iter().filter_map(|&code| point_of(code))
    }
}

impl App {
    /// The summary of what the page shows now.
    #[inline(never)]
    fn shown(&self) -> Shown {
        let game = &self.session.game;
        let (page, help_page) = match self.page {
            Page::Menu => (0, 0),
            Page::Game => (1, 0),
            Page::Help { over_game, page } => (2 + over_game as u8, page),
        };
        let opponent = match self.session.opponent {
            Opponent::Person => 0,
            Opponent::Computer(stone) => 1 + stone as u8,
            Opponent::Computers => 3,
        };
        Shown {
            page: [
                page,
                help_page,
                self.session.variant as u8,
                opponent,
                (game.rule() == WinRule::ExactlyFive) as u8,
            ],
            prompt: self.prompt as u8,
            status: self
                .status
                .changes()
                .wrapping_add(self.file_name.changes())
                .wrapping_add(self.command_line.changes()),
            alert: self.status_is_alert,
            settings: self.settings,
            revision: game.revision(),
            move_count: game.move_count(),
            over: game.is_over(),
            loaded: self.session.loaded,
            replay: self.replay.unwrap_or(NONE),
            centre: code(Some(self.session.centre)),
            hint: code(self.hint),
            cursor: code(Some(self.cursor)),
            highlighted: code(self.highlighted_move()),
            panel: match self.panel {
                Panel::Rules => 0,
                Panel::Hole => 1,
                Panel::Moves { back } => 2 + back,
            },
            score: self.session.score[self.settings.level as usize],
        }
    }

    /// What the next frame must draw to bring the screen up to date, and
    /// remembers what it will show. After [`App::forget_screen`] (and at
    /// first) that is everything.
    pub fn take_damage(&mut self) -> Damage {
        let now = self.shown();
        let damage = match self.last_shown {
            Some(before) => damage_between(&before, &now, self.session.game.last_move()),
            None => Damage::EVERYTHING,
        };
        self.last_shown = Some(now);
        damage
    }

    /// The screen no longer shows what the last frame drew (another screen
    /// was up, or the mode was set again): the next frame draws everything.
    pub fn forget_screen(&mut self) {
        self.last_shown = None;
    }
}

/// The parts that differ between `before` and `now`; `last_move` is the
/// game's last move now.
#[inline(never)]
fn damage_between(before: &Shown, now: &Shown, last_move: Option<Point>) -> Damage {
    if before == now {
        return Damage::NOTHING;
    }
    if before.page != now.page {
        return Damage::EVERYTHING;
    }
    let mut damage = Damage::NOTHING;
    // The typing shows after the question, in the prompt's colours.
    damage.status =
        before.status != now.status || before.alert != now.alert || before.prompt != now.prompt;
    match now.page[0] {
        MENU => {
            let gomorpion = Variant::Gomorpion;
            let (was, is) = (before.settings.variant, now.settings.variant);
            if was != is && (was == gomorpion || is == gomorpion) {
                // The menu's lines change with Gomorpion.
                return Damage::EVERYTHING;
            }
            damage.menu_values = before.settings != now.settings;
        }
        GAME => game_damage(before, now, last_move, &mut damage),
        _ => return Damage::EVERYTHING, // a help page
    }
    damage
}

/// [`Shown::page`]'s first byte on the menu and in a game.
const MENU: u8 = 0;
const GAME: u8 = 1;

/// [`damage_between`] on the game page.
#[inline(never)]
fn game_damage(before: &Shown, now: &Shown, last_move: Option<Point>, damage: &mut Damage) {
    let game_changed = before.revision != now.revision;
    // One stone more, the game going on as before: its point and the
    // highlight's are all the board that changed. Anything else (a take-back,
    // a load, the end, the first stone that lifts Outer-Open's shading, the
    // Mist's hole moving, a replay's step) redraws the board.
    let one_stone_more = now.revision == before.revision.wrapping_add(1)
        && now.move_count == before.move_count + 1
        && (before.move_count > 0 || now.page[2] != Variant::OuterOpen as u8);
    damage.board = (game_changed && !one_stone_more)
        || before.over != now.over
        || before.replay != now.replay
        || before.centre != now.centre;
    // One stone more changes only the panel's rows that follow the moves;
    // below them, the rules (panel 0) stay, and of the list of moves on its
    // last page (panel 2, Moves { back: 0 }) only the new entry is new,
    // unless it starts a page.
    damage.key_bar = before.prompt != now.prompt;
    damage.panel_moves = game_changed;
    damage.lower_part_kept = one_stone_more
        && (now.panel == 0
            || now.panel == 2 && !(now.move_count as usize - 1).is_multiple_of(MOVES_A_PAGE));
    damage.panel = (game_changed && !one_stone_more)
        || before.over != now.over
        || before.loaded != now.loaded
        || before.replay != now.replay
        || before.panel != now.panel
        || before.score != now.score
        || before.settings.level != now.settings.level
        || before.centre != now.centre;
    if damage.board {
        return;
    }
    if game_changed {
        damage.add_point(code(last_move));
    }
    for (old, new) in [
        (before.highlighted, now.highlighted),
        (before.cursor, now.cursor),
        (before.hint, now.hint),
    ] {
        if old != new {
            damage.add_point(old);
            damage.add_point(new);
        }
    }
}
