//! Helpers for the win detection tests (tests/win_*.rs): the verdict of the
//! core's rules on a diagram.

use super::{diagram, line_summary};
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
