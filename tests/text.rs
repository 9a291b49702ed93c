//! The text buffer (src/support/text.rs): numbers in decimal, pushes that fit or are
//! cut.

mod common;

use common::app::{key, render, status, text_at};
use piskrs::app::cmdline::{self, Request};
use piskrs::app::ui::{App, Command, Input, Key};
use piskrs::support::text::Text;

// ---------------------------------------------------------------------------
// Text.

fn number_text<const N: usize>(number: u32) -> String {
    let mut text = Text::<N>::new();
    text.push_number(number);
    String::from_utf8(text.as_bytes().to_vec()).unwrap()
}

#[test]
fn push_number_writes_decimal() {
    assert_eq!(number_text::<16>(0), "0");
    assert_eq!(number_text::<16>(7), "7");
    assert_eq!(number_text::<16>(10), "10");
    assert_eq!(number_text::<16>(65535), "65535");
    assert_eq!(number_text::<16>(u32::MAX), "4294967295");
    assert_eq!(number_text::<10>(u32::MAX), "4294967295");
}

#[test]
fn text_drops_what_does_not_fit() {
    assert_eq!(number_text::<3>(u32::MAX), "429");
    assert_eq!(number_text::<1>(65535), "6");
    assert_eq!(number_text::<0>(7), "");
    let mut text = Text::<6>::new();
    text.push(b"ab").push_number(65535).push(b"cd");
    assert_eq!(text.as_bytes(), b"ab6553");
    text.push_byte(b'z');
    assert_eq!(text.as_bytes(), b"ab6553");
    text.clear();
    assert_eq!(text.as_bytes(), b"");
    text.push_byte(b'z').push_number(10);
    assert_eq!(text.as_bytes(), b"z10");
    assert_eq!(Text::<4>::from(b"Black wins!").as_bytes(), b"Blac");
    assert_eq!(Text::<78>::default().as_bytes(), b"");
}

#[test]
fn text_of_255_bytes_fills_up_and_stops() {
    let mut text = Text::<255>::new();
    text.push(&[b'a'; 300]);
    assert_eq!(text.as_bytes(), &[b'a'; 255][..]);
}

/// `Text` keeps its length in a `u8`, so a capacity above 255 cannot be filled:
/// the 256th byte overflows the length (a panic with overflow checks, a wrap to 0
/// in the DOS release build, after which bytes overwrite the start). No caller
/// uses more than 78 bytes today.
#[test]
fn text_longer_than_255_bytes_keeps_all_of_them() {
    let mut text = Text::<300>::new();
    text.push(&[b'a'; 256]);
    text.push(b"b");
    assert_eq!(text.as_bytes().len(), 257);
    assert_eq!(text.as_bytes()[256], b'b');
}

#[test]
fn t_on_the_menu_cycles_strongs_thinking_time_and_asks_to_save_it() {
    let mut app = App::new(true);
    let shown = |app: &App| text_at(&render(app), 0, 20, 80).trim().to_string();
    assert_eq!(shown(&app), "T  Time:  2.0 s (Strong)");
    assert!(!app.take_settings_changed());
    let mut seen = Vec::new();
    for _ in 0..5 {
        assert!(key(&mut app, Key::Char(b't')) == Command::Continue);
        assert!(app.take_settings_changed(), "the new time is to be saved");
        seen.push(shown(&app));
        assert_eq!(status(&app), "Thinking time of the Strong level changed.");
    }
    assert_eq!(
        seen,
        [
            "T  Time:  5.0 s (Strong)",
            "T  Time:  10.0 s (Strong)",
            "T  Time:  0.5 s (Strong)",
            "T  Time:  1.0 s (Strong)",
            "T  Time:  2.0 s (Strong)",
        ]
    );
    assert_eq!(app.settings().think_tenths, 20);
    assert_eq!(app.settings().strong_budget(), 470);
    // A click on the line does what the key does.
    assert!(app.handle(Input::Click { x: 30, y: 20 }) == Command::Continue);
    assert_eq!(shown(&app), "T  Time:  5.0 s (Strong)");
}

#[test]
fn slash_time_is_read_in_seconds_and_bad_values_are_refused() {
    let Request::Play(options) = cmdline::parse(b" /LEVEL STRONG /TIME 2.5") else {
        panic!("a good command line");
    };
    assert_eq!(options.think_tenths, Some(25));
    for bad in [" /TIME", " /TIME 0", " /TIME 30", " /TIME 1.25", " /TIME x"] {
        assert!(
            matches!(cmdline::parse(bad.as_bytes()), Request::Mistake(_)),
            "{bad:?} is refused"
        );
    }
}
