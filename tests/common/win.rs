//! Helpers for the win detection tests (tests/win_*.rs): the verdict of the
//! core's rules on a diagram.

use super::{diagram, expect_line, line_summary};
use piskrs::rules::{WinRule, winning_line};

pub type Verdict = Option<(String, (i8, i8), u8)>;

/// What `winning_line` says about the diagram's last stone under `rule`. A line it
/// returns must run through the last stone and hold only stones of its colour.
pub fn verdict(text: &str, rule: WinRule) -> Verdict {
    let d = diagram(text);
    let last = d.last();
    let line = winning_line(&d.board, last, rule);
    if let Some(line) = line {
        assert!(line.contains(last), "the line runs through the last stone");
        let colour = d.board.get(last);
        for i in 0..line.length {
            assert!(
                d.board.get(line.point(i)) == colour,
                "point {i} of the line holds the last stone's colour"
            );
        }
    }
    line_summary(line)
}

/// The verdict under both rules, which must agree (no overline involved).
pub fn same_under_both_rules(text: &str) -> Verdict {
    let five_or_more = verdict(text, WinRule::FiveOrMore);
    let exactly_five = verdict(text, WinRule::ExactlyFive);
    assert_eq!(five_or_more, exactly_five, "both rules agree");
    five_or_more
}

/// Under both rules the diagram's last stone makes the line `start`,
/// `direction`, `length` (a five, or a longer line under neither rule).
pub fn line_under_both_rules(text: &str, start: &str, direction: (i8, i8), length: u8) {
    assert_eq!(
        same_under_both_rules(text),
        expect_line(start, direction, length)
    );
}

/// Under neither rule does the diagram's last stone make a winning line.
pub fn no_line_under_either_rule(text: &str) {
    assert_eq!(same_under_both_rules(text), None);
}

/// Five-or-more takes the overline through the last stone whole.
pub fn wins_whole_under_five_or_more(text: &str, start: &str, direction: (i8, i8), length: u8) {
    assert_eq!(
        verdict(text, WinRule::FiveOrMore),
        expect_line(start, direction, length)
    );
}

/// Exactly five does not take the overline through the last stone.
pub fn does_not_win_under_exactly_five(text: &str) {
    assert_eq!(verdict(text, WinRule::ExactlyFive), None);
}
