//! What the game screen shows: the board, the side panel, the buttons and the
//! key bar; and the status line and the prompt's typing on every page.

use super::game_screen::BUTTONS;
use super::words::{key_bar, push_point, push_side};
use super::{
    App, BOARD_TOP_Y, BOARD_X, BUTTONS_Y, KEY_BAR_Y, Line, MOVES_A_PAGE, Opponent, Page, Panel,
    Prompt, STATUS_Y,
};
use crate::board::Stone;
use crate::coord::Point;
use crate::game::Outcome;
use crate::help_page;
use crate::mist;
use crate::packed;
use crate::packed::PackedList;
use crate::packed_list;
use crate::rules::WinRule;
use crate::screen::{Canvas, Style, WIDTH, glyph};

const PANEL_X: usize = 46;

/// The screen row of `row` on a board of `side` points a side.
// Out of line: it is called at every row and mark, and the .COM is smaller so.
#[inline(never)]
fn row_y(row: u8, side: u8) -> usize {
    BOARD_TOP_Y + (side - 1 - row) as usize
}

impl App {
    /// Draws the current page.
    pub fn render(&self, screen: &mut dyn Canvas) {
        screen.clear();
        screen.fill(0, 0, WIDTH, 1, b' ', Style::Title);
        screen.write_packed(1, 0, packed!("PISKRS - Gomoku for DOS"), Style::Title);
        match self.page {
            Page::Menu => self.render_menu(screen),
            Page::Game => self.render_game(screen),
            Page::Help { over_game, page } => {
                help_page::render_page(screen, &self.help_topics(over_game), page, KEY_BAR_Y)
            }
        }
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

    fn render_game(&self, screen: &mut dyn Canvas) {
        self.render_board(screen);
        self.render_panel(screen);
        let over = self.session.game.is_over();
        for &(x, label, key) in &BUTTONS {
            // No hints in the Mist (nobody may see under it) or after the end;
            // replay only of a finished or a loaded game.
            let hint = key == b'h' && (self.session.variant.has_mist() || over);
            if !hint && !(key == b'p' && !self.may_replay()) {
                screen.write(x as usize, BUTTONS_Y, label, Style::MenuKey);
            }
        }
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
    fn highlighted_move(&self) -> Option<Point> {
        if self.replay.is_some() {
            // In replay, the move just stepped to.
            return self.shown_moves().last().copied();
        }
        match self.session.opponent {
            Opponent::Person => self.session.game.last_move(),
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

    /// The stone the board shows on `point`: in replay, none from a move not
    /// shown yet.
    #[inline(never)]
    fn shown_stone(&self, point: Point) -> Option<Stone> {
        let stone = self.session.game.board().get(point);
        match self.replay {
            Some(_) if !self.shown_moves().contains(&point) => None,
            _ => stone,
        }
    }

    /// The moves the board shows: all of them, or in replay the first ones.
    fn shown_moves(&self) -> &[Point] {
        let moves = self.session.game.moves();
        &moves[..self.replay.map_or(moves.len(), |shown| shown as usize)]
    }

    fn render_board(&self, screen: &mut dyn Canvas) {
        let board = self.session.game.board();
        let side = board.side();
        let lettering = self.session.variant.lettering();
        let highlighted = self.highlighted_move();
        let moves = self.shown_moves();
        let replaying = moves.len() < self.session.game.moves().len();
        let win_line = match self.session.game.outcome() {
            Outcome::Won { line, .. } if !replaying => Some(line),
            _ => None,
        };
        // The Mist hides everything outside the hole until the game is over.
        let misty = self.session.variant.has_mist() && !self.session.game.is_over();
        screen.fill(
            BOARD_X - 1,
            BOARD_TOP_Y,
            2 * side as usize + 1,
            side as usize,
            b' ',
            Style::Board,
        );
        for row in 0..side {
            let y = row_y(row, side);
            // The row's number, right-aligned in two cells (1..19).
            let number = row + 1;
            let label = [if number < 10 { b' ' } else { b'1' }, b'0' + number % 10];
            screen.write(1, y, &label, Style::Label);
            let (mut left_hidden, mut left_shaded) = (false, false);
            for col in 0..side {
                let x = BOARD_X + 2 * col as usize;
                let point = Point::new(col, row);
                let hidden = misty && !mist::in_hole(self.session.centre, point);
                let shaded = self.session.game.may_open_only_on(point);
                // The line from the point on the left: under the Mist if either
                // end is, shaded if both ends are.
                if col > 0 {
                    if hidden || left_hidden {
                        screen.put(x - 1, y, glyph::MIST, Style::Mist);
                    } else {
                        let style = if shaded && left_shaded {
                            Style::Opening
                        } else {
                            Style::Board
                        };
                        screen.put(x - 1, y, glyph::HORIZONTAL, style);
                    }
                }
                (left_hidden, left_shaded) = (hidden, shaded);
                let in_win = win_line.is_some_and(|line| line.contains(point));
                let (ch, style) = match self.shown_stone(point) {
                    _ if hidden => (glyph::MIST, Style::Mist),
                    None if misty && point == self.session.centre => {
                        (glyph::HOLE_CENTRE, Style::Cursor)
                    }
                    None if shaded => (empty_point_glyph(col, row, side), Style::Opening),
                    None => (empty_point_glyph(col, row, side), Style::Board),
                    Some(stone) => {
                        let emphasis = if in_win {
                            2
                        } else {
                            (highlighted == Some(point)) as usize
                        };
                        (
                            stone_glyph(stone),
                            STONE_STYLES[emphasis][(stone == Stone::White) as usize],
                        )
                    }
                };
                screen.put(x, y, ch, style);
                // The column letters under the board, along with its bottom row.
                if row == 0 {
                    screen.put(
                        x,
                        BOARD_TOP_Y + side as usize,
                        lettering.letter(col),
                        Style::Label,
                    );
                }
            }
        }
        if let Some(hint) = self.hint {
            let (x, y) = (BOARD_X + 2 * hint.col as usize, row_y(hint.row, side));
            screen.put(x - 1, y, b'<', Style::Alert);
            screen.put(x + 1, y, b'>', Style::Alert);
        }
        if !self.session.game.is_over() && self.replay.is_none() {
            let x = BOARD_X + 2 * self.cursor.col as usize;
            let y = row_y(self.cursor.row, side);
            screen.put(x - 1, y, b'[', Style::Cursor);
            screen.put(x + 1, y, b']', Style::Cursor);
        }
    }

    fn render_panel(&self, screen: &mut dyn Canvas) {
        screen.write(PANEL_X, 1, self.session.variant.name(), Style::Label);
        let players = 3 * match self.session.opponent {
            Opponent::Person => 0,
            Opponent::Computer(Stone::White) => 1,
            Opponent::Computer(Stone::Black) => 2,
        };
        // The heading, then the lines for Black and White.
        for (i, (y, style)) in [(2, Style::Heading), (8, Style::Label), (9, Style::Label)]
            .into_iter()
            .enumerate()
        {
            screen.write_packed(PANEL_X, y, PLAYERS_PANEL.get(players + i), style);
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
        if let Opponent::Computer(_) = self.session.opponent {
            line.push_packed(packed!("Level: "))
                .push(self.settings.level.name());
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
                screen.write_packed(PANEL_X, 11, packed!("Moves:"), Style::Heading);
                let pages = moves.len().saturating_sub(1) / MOVES_A_PAGE;
                let first = pages.saturating_sub(back as usize) * MOVES_A_PAGE;
                for (i, &point) in moves.iter().enumerate().skip(first).take(MOVES_A_PAGE) {
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
            Panel::Rules => {
                let rule = if self.session.game.rule() == WinRule::ExactlyFive {
                    b"Exactly five wins; six does not.".as_slice()
                } else {
                    self.session.variant.rule_text()
                };
                screen.write(PANEL_X, 11, rule, Style::Label);
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
