//! A help page on the screen (the menu's, a game's, Gomorpion's): drawn from
//! [`crate::help`]'s text, turned with PgDn and PgUp.

use crate::help::{page_of, unpack_line};
use crate::packed;
use crate::packed::MAX_UNPACKED;
use crate::screen::{Canvas, Input, Key, Style, WIDTH};

/// Draws help page `page` of `topics` from row 2 down: its title, its lines,
/// and on row `bar_y` where it stands among the topics' pages.
pub fn render_page(screen: &mut dyn Canvas, topics: &[u8], page: u8, bar_y: usize) {
    let (Some(shown), _) = page_of(topics, page as usize) else {
        return;
    };
    let (mut at, mut y) = (shown.start, 2);
    while at < shown.end && y < bar_y {
        let mut line = [0; 80];
        let got = screen.read_help(at, &mut line);
        let mut text = [0; MAX_UNPACKED];
        let (text, took) = unpack_line(&line, got, shown.end - at, &mut text);
        let style = if y == 2 {
            Style::Heading
        } else {
            Style::Normal
        };
        screen.write(2, y, text, style);
        at += took;
        y += if y == 2 { 2 } else { 1 };
    }
    screen.fill(0, bar_y, WIDTH, 1, b' ', Style::KeyBar);
    screen.write_packed(
        0,
        bar_y,
        packed!(" PgDn Next page  PgUp Back  Other keys: leave the help"),
        Style::KeyBar,
    );
}

/// The page after `input` on help page `page` of `topics`: PgDn or an arrow
/// down or right the next, PgUp or up or left the one before; None: any other
/// key or a click leaves the help.
pub fn turn_page(topics: &[u8], page: u8, input: Input) -> Option<u8> {
    let (_, count) = page_of(topics, 0);
    match input {
        Input::Key(Key::PageDown | Key::Down | Key::Right) => Some((page + 1).min(count as u8 - 1)),
        Input::Key(Key::PageUp | Key::Up | Key::Left) => Some(page.saturating_sub(1)),
        _ => None,
    }
}
