//! What the game screen shows: the board, the side panel, the buttons and the
//! key bar; and the status line and the prompt's typing on every page.

use super::frame::Damage;
use super::game_screen::BUTTONS;
use super::words::{key_bar, push_point, push_side};
use super::{
    App, BOARD_TOP_Y, BOARD_X, BUTTONS_Y, KEY_BAR_Y, Line, MOVES_A_PAGE, Opponent, Page, Panel,
    Prompt, STATUS_Y,
};
use crate::app::help_page;
use crate::app::screen::{Canvas, Style, WIDTH, glyph};
use crate::packed;
use crate::packed_list;
use crate::rules::WinRule;
use crate::rules::board::Stone;
use crate::rules::coord::Point;
use crate::rules::game::Outcome;
use crate::rules::mist;
use crate::rules::variant::Variant;
use crate::support::packed::PackedList;

const PANEL_X: usize = 46;
/// The panel's rows, from row 1: down to the row above the status line.
const PANEL_ROWS: usize = STATUS_Y - 1;

/// The screen row of `row` on a board of `side` points a side.
// Out of line: it is called at every row and mark, and the .COM is smaller so.
#[inline(never)]
fn row_y(row: u8, side: u8) -> usize {
    BOARD_TOP_Y + (side - 1 - row) as usize
}

impl App {
    /// Draws the current page, whole.
    pub fn render(&self, screen: &mut dyn Canvas) {
        self.render_parts(screen, &Damage::EVERYTHING);
    }

    /// Draws the parts of the current page that `damage` names (from
    /// [`App::take_damage`]).
    pub fn render_parts(&self, screen: &mut dyn Canvas, damage: &Damage) {
        if damage.everything {
            screen.clear();
            screen.fill(0, 0, WIDTH, 1, b' ', Style::Title);
            screen.write_packed(1, 0, packed!("PISKRS - Gomoku for DOS"), Style::Title);
        }
        match self.page {
            Page::Menu if damage.everything => self.render_menu(screen),
            Page::Menu if damage.menu_values => self.render_menu_values(screen, true),
            Page::Game => self.render_game(screen, damage),
            Page::Help { over_game, page } if damage.everything => {
                help_page::render_page(screen, &self.help_topics(over_game), page, KEY_BAR_Y)
            }
            _ => {}
        }
        if damage.status {
            self.render_status(screen);
        }
    }

    /// The status line, and the typing after its question.
    fn render_status(&self, screen: &mut dyn Canvas) {
        let status_style = if self.status_is_alert {
            Style::Alert
        } else {
            Style::Status
        };
        screen.fill(0, STATUS_Y, WIDTH, 1, b' ', status_style);
        let end = screen.write(1, STATUS_Y, self.status.as_bytes(), status_style);
        let typed = match self.prompt {
            Prompt::SaveName | Prompt::LoadName => Some(self.file_name.as_bytes()),
            Prompt::Command => Some(self.command_line.as_bytes()),
            _ => None,
        };
        if let Some(typed) = typed {
            // A name longer than the line's room shows its end, where the
            // typing is (a path may be as long as DOS takes).
            let room = (WIDTH - 2).saturating_sub(end);
            let typed = &typed[typed.len().saturating_sub(room)..];
            screen.write(end, STATUS_Y, typed, Style::Cursor);
            screen.put(end + typed.len(), STATUS_Y, b'_', Style::Cursor);
        }
    }

    fn render_game(&self, screen: &mut dyn Canvas, damage: &Damage) {
        if damage.board {
            self.render_board(screen);
        } else {
            let side = self.session.game.board().side();
            for point in damage.points() {
                self.render_board_span(screen, point.row, point.col, point.col, side);
            }
        }
        if damage.panel {
            if !damage.everything {
                screen.fill(PANEL_X, 1, WIDTH - PANEL_X, PANEL_ROWS, b' ', Style::Normal);
                screen.fill(0, BUTTONS_Y, WIDTH, 1, b' ', Style::Normal);
            }
            self.render_panel(screen, true, false);
            self.render_buttons(screen);
        } else if damage.panel_moves {
            let parts = if damage.lower_part_kept { 1 } else { 2 };
            for &(y, rows) in &PANEL_MOVE_ROWS[..parts] {
                screen.fill(PANEL_X, y, WIDTH - PANEL_X, rows, b' ', Style::Normal);
            }
            self.render_panel(screen, false, damage.lower_part_kept);
        }
        if damage.board || damage.key_bar {
            self.render_key_bar(screen);
        }
        // The clock's ten cells, every frame: a tick between frames draws
        // them alone ([`App::render_clock`]).
        self.render_clock(screen);
    }

    fn render_buttons(&self, screen: &mut dyn Canvas) {
        let over = self.session.game.is_over();
        for &(x, label, key) in &BUTTONS {
            // No hints in the Mist (nobody may see under it) or after the end;
            // replay only of a finished or a loaded game.
            let hint = key == b'h' && (self.session.variant.has_mist() || over);
            if !hint && !(key == b'p' && !self.may_replay()) {
                screen.write(x as usize, BUTTONS_Y, label, Style::MenuKey);
            }
        }
    }

    fn render_key_bar(&self, screen: &mut dyn Canvas) {
        let over = self.session.game.is_over();
        key_bar(
            screen,
            if matches!(self.prompt, Prompt::SaveName) {
                packed!(" Type a file name  Enter Save  Esc Cancel  Backspace Erase")
            } else if self.replay.is_some() {
                packed!(" Left/Right Step  PgUp/PgDn Ten moves  Home/End First/Last  Esc Back")
            } else if over {
                packed!(" F1 Help  U Undo  S Save  N Numbers  P Replay  Other keys: menu")
            } else if self.session.variant.has_mist() {
                packed!(
                    " F1 Help  Arrows Move  Enter/Space Place  C Command  U Undo  S Save  Esc Leave"
                )
            } else {
                packed!(
                    " F1 Help  Arrows Move  Enter/Space Place  U Undo  H Hint  S Save  Esc Leave"
                )
            },
        );
    }

    /// Which stone carries the last-move highlight: against the computer, its
    /// last move (Piskasm's bright red LastPC); between people, the last move.
    // Out of line: the .COM is smaller so.
    #[inline(never)]
    pub(super) fn highlighted_move(&self) -> Option<Point> {
        if self.replay.is_some() {
            // In replay, the move just stepped to.
            return self.shown_moves().last().copied();
        }
        match self.session.opponent {
            Opponent::Person | Opponent::Computers => self.session.game.last_move(),
            Opponent::Computer(computer) => {
                // Black's moves have the even indices, White's the odd ones:
                // the computer's last is the last move or the one before it.
                let moves = self.session.game.moves();
                let computer_parity = (computer == Stone::White) as usize;
                let back = (moves.len() + 1 + computer_parity) % 2;
                moves.iter().rev().nth(back).copied()
            }
        }
    }

    /// The moves the board shows: all of them, or in replay the first ones.
    fn shown_moves(&self) -> &[Point] {
        let moves = self.session.game.moves();
        &moves[..self.replay.map_or(moves.len(), |shown| shown as usize)]
    }

    fn render_board(&self, screen: &mut dyn Canvas) {
        let side = self.session.game.board().side();
        let lettering = self.session.variant.lettering();
        for row in 0..side {
            let y = row_y(row, side);
            // The row's number, right-aligned in two cells (1..19).
            let number = row + 1;
            let label = [if number < 10 { b' ' } else { b'1' }, b'0' + number % 10];
            screen.write(1, y, &label, Style::Label);
            self.render_board_span(screen, row, 0, side - 1, side);
        }
        // The column letters under the board.
        for col in 0..side {
            let x = BOARD_X + 2 * col as usize;
            screen.put(
                x,
                BOARD_TOP_Y + side as usize,
                lettering.letter(col),
                Style::Label,
            );
        }
    }

    /// Draws board row `row` from column `first` to `last`: their points, the
    /// cells between them and the cell either side, with the hint's and the
    /// cursor's brackets that fall there. The whole board is its rows drawn
    /// so; a point drawn alone after a change is the same three cells.
    fn render_board_span(&self, screen: &mut dyn Canvas, row: u8, first: u8, last: u8, side: u8) {
        let look = BoardLook::of(self);
        let y = row_y(row, side);
        let (mut left_hidden, mut left_shaded) = match first {
            0 => (false, false),
            _ => look.hidden_and_shaded(self, Point::new(first - 1, row)),
        };
        for col in first..=last {
            let x = BOARD_X + 2 * col as usize;
            let point = Point::new(col, row);
            let (hidden, shaded) = look.hidden_and_shaded(self, point);
            if col > 0 {
                line_cell(
                    screen,
                    x - 1,
                    y,
                    (left_hidden, left_shaded),
                    (hidden, shaded),
                );
            } else {
                screen.put(x - 1, y, b' ', Style::Board);
            }
            (left_hidden, left_shaded) = (hidden, shaded);
            let (ch, style) = look.point_cell(self, point, hidden, shaded, side);
            screen.put(x, y, ch, style);
        }
        let right = BOARD_X + 2 * last as usize + 1;
        if last + 1 < side {
            let next = look.hidden_and_shaded(self, Point::new(last + 1, row));
            line_cell(screen, right, y, (left_hidden, left_shaded), next);
        } else {
            screen.put(right, y, b' ', Style::Board);
        }
        // The brackets, where they fall in the span: the hint's, then the
        // cursor's over them.
        let span = BOARD_X + 2 * first as usize - 1..=right;
        let mut brackets = |at: Point, open: u8, close: u8, style: Style| {
            if at.row == row {
                let x = BOARD_X + 2 * at.col as usize;
                for (x, ch) in [(x - 1, open), (x + 1, close)] {
                    if span.contains(&x) {
                        screen.put(x, y, ch, style);
                    }
                }
            }
        };
        if let Some(hint) = self.hint {
            brackets(hint, b'<', b'>', Style::Alert);
        }
        if !self.session.game.is_over() && self.replay.is_none() {
            brackets(self.cursor, b'[', b']', Style::Cursor);
        }
    }

    /// The side panel: `whole`, or only its rows that follow the moves
    /// (whose turn, the stones, the last move, the hole, the move list),
    /// which the caller has blanked.
    /// The side panel; `whole`: its heading and the opponent's lines too;
    /// `lower_part_kept`: the lower part is on the screen, but for the list
    /// of moves' last entry.
    fn render_panel(&self, screen: &mut dyn Canvas, whole: bool, lower_part_kept: bool) {
        if whole {
            self.render_panel_heading(screen);
        }
        let variant = self.session.variant;
        let mut line = Line::new();
        match self.session.game.outcome() {
            Outcome::InProgress => {
                let mover = self.session.game.to_move();
                push_side(&mut line, mover)
                    .push(b" (")
                    .push(&[stone_glyph(mover)])
                    .push_packed(packed!(") to move"));
            }
            Outcome::Won { winner, .. } => {
                push_side(&mut line, winner).push_packed(packed!(" won"));
            }
            Outcome::Draw => {
                line.push_packed(packed!("Draw"));
            }
        }
        write_panel_line(screen, 4, &mut line, Style::Normal);
        let moves = self.shown_moves();
        line.push_packed(packed!("Stones on the board: "))
            .push_number(moves.len() as u32);
        write_panel_line(screen, 5, &mut line, Style::Normal);
        if let Some(&last) = moves.last()
            && !self.is_secret(moves.len() - 1)
        {
            line.push_packed(packed!("Last move: "));
            push_point(&mut line, last, variant);
            write_panel_line(screen, 6, &mut line, Style::Normal);
        }
        if self.session.variant.has_mist() {
            line.push_packed(packed!("Hole centre: "));
            push_point(&mut line, self.session.centre, variant);
            write_panel_line(screen, 7, &mut line, Style::Normal);
        }
        if let (Opponent::Computer(_), true) = (self.session.opponent, whole) {
            line.push_packed(packed!("Level: "))
                .push_packed(self.settings.level.name());
            write_panel_line(screen, 3, &mut line, Style::Label);
            // This run's score at this level.
            let [won, lost, drawn] = self.session.score[self.settings.level as usize];
            line.push_packed(packed!("You "))
                .push_number(won as u32)
                .push(b" : ")
                .push_number(lost as u32)
                .push_packed(packed!(" Computer  Draws "))
                .push_number(drawn as u32);
            write_panel_line(screen, 10, &mut line, Style::Label);
        }
        match self.panel {
            Panel::Moves { back } => {
                let pages = moves.len().saturating_sub(1) / MOVES_A_PAGE;
                let first = pages.saturating_sub(back as usize) * MOVES_A_PAGE;
                let skip = if lower_part_kept {
                    moves.len() - 1
                } else {
                    screen.write_packed(PANEL_X, 11, packed!("Moves:"), Style::Heading);
                    first
                };
                for (i, &point) in moves.iter().enumerate().skip(skip).take(MOVES_A_PAGE) {
                    let number = i as u32 + 1;
                    if number < 100 {
                        line.push(b" ");
                    }
                    if number < 10 {
                        line.push(b" ");
                    }
                    // Black's moves are the odd-numbered ones.
                    line.push_number(number)
                        .push(if i % 2 == 0 { b" X " } else { b" O " });
                    if self.is_secret(i) {
                        line.push(b"?");
                    } else {
                        push_point(&mut line, point, variant);
                    }
                    let k = i - first;
                    screen.write(
                        PANEL_X + 11 * (k / 10),
                        12 + k % 10,
                        line.as_bytes(),
                        Style::Normal,
                    );
                    line.clear();
                }
            }
            Panel::Hole => {
                // `view`'s answer: the centre, a comma, then the hole's 49
                // points row by row from the top, two cells apart.
                let mut view = [0u8; 53];
                let len = mist::view(self.session.game.board(), self.session.centre, &mut view);
                let first = len - 49;
                screen.write_packed(PANEL_X, 11, packed!("The hole around"), Style::Heading);
                screen.write(PANEL_X + 16, 11, &view[..first - 1], Style::Heading);
                for (i, &point) in view[first..len].iter().enumerate() {
                    screen.put(PANEL_X + 2 * (i % 7), 12 + i / 7, point, Style::Normal);
                }
                screen.write_packed(
                    PANEL_X,
                    20,
                    packed!("# black  o white  . free  x off"),
                    Style::Label,
                );
            }
            Panel::Rules if lower_part_kept => {}
            Panel::Rules => {
                let rule = if self.session.game.rule() == WinRule::ExactlyFive {
                    Variant::ExactFive.rule_text()
                } else {
                    self.session.variant.rule_text()
                };
                screen.write_packed(PANEL_X, 11, rule, Style::Label);
                screen.write_packed(
                    PANEL_X,
                    12,
                    packed!("A full board is a draw."),
                    Style::Label,
                );
                screen.write_packed(
                    PANEL_X,
                    14,
                    packed!("N shows the moves by number."),
                    Style::Label,
                );
            }
        }
    }
}

/// What every point of the board is drawn with in one frame.
struct BoardLook<'a> {
    highlighted: Option<Point>,
    win_line: Option<crate::rules::Line>,
    /// The Mist hides everything outside the hole until the game is over.
    misty: bool,
    shown_moves: &'a [Point],
}

impl<'a> BoardLook<'a> {
    fn of(app: &'a App) -> BoardLook<'a> {
        let moves = app.shown_moves();
        let replaying = moves.len() < app.session.game.moves().len();
        BoardLook {
            highlighted: app.highlighted_move(),
            win_line: match app.session.game.outcome() {
                Outcome::Won { line, .. } if !replaying => Some(line),
                _ => None,
            },
            misty: app.session.variant.has_mist() && !app.session.game.is_over(),
            shown_moves: moves,
        }
    }

    /// Whether `point` is under the Mist, and whether it is shaded as a point
    /// where Black may open.
    fn hidden_and_shaded(&self, app: &App, point: Point) -> (bool, bool) {
        (
            self.misty && !mist::in_hole(app.session.centre, point),
            app.session.game.may_open_only_on(point),
        )
    }

    /// The character and style of `point`'s own cell.
    fn point_cell(
        &self,
        app: &App,
        point: Point,
        hidden: bool,
        shaded: bool,
        side: u8,
    ) -> (u8, Style) {
        let stone = match app.session.game.board().get(point) {
            Some(_) if app.replay.is_some() && !self.shown_moves.contains(&point) => None,
            stone => stone,
        };
        match stone {
            _ if hidden => (glyph::MIST, Style::Mist),
            None if self.misty && point == app.session.centre => {
                (glyph::HOLE_CENTRE, Style::Cursor)
            }
            None if shaded => (
                empty_point_glyph(point.col, point.row, side),
                Style::Opening,
            ),
            None => (empty_point_glyph(point.col, point.row, side), Style::Board),
            Some(stone) => {
                let in_win = self.win_line.is_some_and(|line| line.contains(point));
                let emphasis = if in_win {
                    2
                } else {
                    (self.highlighted == Some(point)) as usize
                };
                (
                    stone_glyph(stone),
                    STONE_STYLES[emphasis][(stone == Stone::White) as usize],
                )
            }
        }
    }
}

/// The cell between two neighbouring points of a row, given whether each is
/// hidden and shaded: under the Mist if either end is, shaded if both ends
/// are.
fn line_cell(screen: &mut dyn Canvas, x: usize, y: usize, left: (bool, bool), right: (bool, bool)) {
    if left.0 || right.0 {
        screen.put(x, y, glyph::MIST, Style::Mist);
    } else if left.1 && right.1 {
        screen.put(x, y, glyph::HORIZONTAL, Style::Opening);
    } else {
        screen.put(x, y, glyph::HORIZONTAL, Style::Board);
    }
}

impl App {
    /// The panel's heading: the game, the players.
    fn render_panel_heading(&self, screen: &mut dyn Canvas) {
        screen.write_packed(PANEL_X, 1, self.session.variant.name(), Style::Label);
        let players = 3 * match self.session.opponent {
            Opponent::Person => 0,
            Opponent::Computer(Stone::White) => 1,
            Opponent::Computer(Stone::Black) => 2,
            // The computer against itself: the sides are named as between
            // two players (room: no texts of its own).
            Opponent::Computers => 0,
        };
        // The heading, then the lines for Black and White.
        for (i, (y, style)) in [(2, Style::Heading), (8, Style::Label), (9, Style::Label)]
            .into_iter()
            .enumerate()
        {
            screen.write_packed(PANEL_X, y, PLAYERS_PANEL.get(players + i), style);
        }
    }
}

/// The panel's rows that follow the moves: whose turn, the stones, the last
/// move, the hole's centre (4 to 7), and the lower part (11 to 21).
const PANEL_MOVE_ROWS: [(usize, usize); 2] = [(4, 4), (11, PANEL_ROWS - 10)];

/// A stone's style, Black's and White's: a plain stone, the highlighted last
/// move, a stone of the winning line.
static STONE_STYLES: [[Style; 2]; 3] = [
    [Style::BlackStone, Style::WhiteStone],
    [Style::BlackLast, Style::WhiteLast],
    [Style::BlackWin, Style::WhiteWin],
];

/// The panel's heading and its lines for Black and White, three each: two
/// players, you against the computer, the computer against you.
static PLAYERS_PANEL: PackedList = packed_list![
    packed!("Two players"),
    packed!("X Black moves first"),
    packed!("O White"),
    packed!("You against the computer"),
    packed!("X You (Black, first)"),
    packed!("O Computer (White)"),
    packed!("The computer against you"),
    packed!("X Computer (Black, first)"),
    packed!("O You (White)"),
];

/// Writes `line` on panel row `y`, then empties it for the next row (one call
/// instead of a write and a clear at every row).
#[inline(never)]
fn write_panel_line(screen: &mut dyn Canvas, y: usize, line: &mut Line, style: Style) {
    screen.write(PANEL_X, y, line.as_bytes(), style);
    line.clear();
}

fn stone_glyph(stone: Stone) -> u8 {
    match stone {
        Stone::Black => glyph::BLACK_STONE,
        Stone::White => glyph::WHITE_STONE,
    }
}

/// The line-drawing character of an empty point: corners and edges of the grid.
fn empty_point_glyph(col: u8, row: u8, side: u8) -> u8 {
    // 0 on the first line, 2 on the last, 1 between.
    let place = |line: u8| match line {
        0 => 0,
        _ if line == side - 1 => 2,
        _ => 1,
    };
    GRID_GLYPHS[2 - place(row)][place(col)]
}

/// The grid's characters from the top row down, left to right.
static GRID_GLYPHS: [[u8; 3]; 3] = [
    [glyph::TOP_LEFT, glyph::TEE_DOWN, glyph::TOP_RIGHT],
    [glyph::TEE_RIGHT, glyph::CROSS, glyph::TEE_LEFT],
    [glyph::BOTTOM_LEFT, glyph::TEE_UP, glyph::BOTTOM_RIGHT],
];
