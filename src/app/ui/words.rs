//! How the screens put things into words: the sides' names, a point in the
//! board's notation, the key bar. The menu, the game screen, the prompts and
//! the rendering all use them, so they stand apart from each.

use super::{KEY_BAR_Y, Line};
use crate::app::screen::{Canvas, Style, WIDTH};
use crate::packed;
use crate::rules::board::Stone;
use crate::rules::coord::{Point, write_point};
use crate::rules::variant::Variant;
use crate::support::packed::Packed;

pub(super) fn key_bar(screen: &mut dyn Canvas, text: Packed) {
    screen.fill(0, KEY_BAR_Y, WIDTH, 1, b' ', Style::KeyBar);
    screen.write_packed(0, KEY_BAR_Y, text, Style::KeyBar);
}

/// Appends `point` in the notation of `variant`'s lettering (A..S on 19x19,
/// A..P without I on 15x15).
pub(super) fn push_point(text: &mut Line, point: Point, variant: Variant) -> &mut Line {
    let mut notation = [0u8; 3];
    let len = write_point(point, variant.lettering(), &mut notation);
    text.push(&notation[..len])
}

/// Appends the name of `stone`'s side.
// Out of line: the .COM is smaller so.
#[inline(never)]
pub(super) fn push_side(text: &mut Line, stone: Stone) -> &mut Line {
    text.push_packed(side_name(stone))
}

pub(super) fn side_name(stone: Stone) -> Packed {
    match stone {
        Stone::Black => packed!("Black"),
        Stone::White => packed!("White"),
    }
}
