//! A help page on the screen (the menu's, a game's, Gomorpion's): drawn from
//! [`crate::app::help`]'s text, turned with PgDn and PgUp.

use crate::app::help::page_of;
use crate::app::screen::{Canvas, Input, Key, Style, WIDTH};
use crate::packed;
use crate::support::packed::Unpacker;

/// Draws help page `page` of `topics` from row 2 down: its title, its lines,
/// and on row `bar_y` where it stands among the topics' pages.
pub fn render_page(screen: &mut dyn Canvas, topics: &[u8], page: u8, bar_y: usize) {
    draw_text(screen, topics, page, 2, bar_y);
    render_bar(screen, topics, page, bar_y);
}

/// The help's key bar on row `y`: where page `page` stands among the
/// pages of `topics`, and the keys that turn a page there.
pub fn render_bar(screen: &mut dyn Canvas, topics: &[u8], page: u8, y: usize) {
    screen.fill(0, y, WIDTH, 1, b' ', Style::KeyBar);
    // " Page 2 of 3", then only the keys that turn a page here. Written in
    // pieces, not through a line buffer: this is on the deepest stack path.
    let (_, count) = page_of(topics, 0);
    screen.write_packed(0, y, packed!(" Page"), Style::KeyBar);
    let x = put_number(screen, 6, y, page as usize + 1);
    screen.write_packed(x, y, packed!(" of"), Style::KeyBar);
    put_number(screen, x + 4, y, count);
    if (page as usize) + 1 < count {
        screen.write_packed(15, y, packed!("PgDn Next page"), Style::KeyBar);
    }
    if page > 0 {
        screen.write_packed(31, y, packed!("PgUp Back"), Style::KeyBar);
    }
    screen.write_packed(42, y, packed!("Other keys: leave the help"), Style::KeyBar);
}

/// Writes `number` (below 100) at (x, y) on the key bar; returns the column
/// after it.
fn put_number(screen: &mut dyn Canvas, mut x: usize, y: usize, number: usize) -> usize {
    if number >= 10 {
        screen.put(x, y, b'0' + (number / 10) as u8, Style::KeyBar);
        x += 1;
    }
    screen.put(x, y, b'0' + (number % 10) as u8, Style::KeyBar);
    x + 1
}

/// Draws the text of help page `page` of `topics` from row `top` down to
/// the row before `end`: its title, a blank row, its lines.
pub fn draw_text(screen: &mut dyn Canvas, topics: &[u8], page: u8, top: usize, end: usize) {
    let (Some(shown), _) = page_of(topics, page as usize) else {
        return;
    };
    // Straight from the text to the screen, a character at a time: no line
    // buffers on the stack (a Gomorpion help page is the program's deepest
    // path). A part in braces speaks of the mouse, as in Canvas::write.
    let mouse = screen.has_mouse();
    let (mut y, mut x, mut skip) = (top, 2, false);
    let mut chars = Unpacker::range(shown.start, shown.end);
    while y < end
        && let Some(ch) = chars.next(&|offset| screen.text_byte(offset))
    {
        let style = if y == top {
            Style::Heading
        } else {
            Style::Normal
        };
        match ch {
            b'\n' => {
                y += if y == top { 2 } else { 1 };
                x = 2;
            }
            b'{' => skip = !mouse,
            b'}' => skip = false,
            _ if skip => {}
            _ => {
                screen.put(x, y, ch, style);
                x += 1;
            }
        }
    }
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
