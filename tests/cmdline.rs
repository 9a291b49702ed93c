//! The command line (src/cmdline.rs): the request a tail makes (play, usage,
//! invalid), the switches of the variants and their values, and the usage text.

mod common;

use piskrs::cmdline::{self, Options, Request};
use piskrs::engine::Level;
use piskrs::variant::Variant;

// ---------------------------------------------------------------------------
// The command line.

/// The request as text: "play" with its options, "usage" or "invalid".
fn request(tail: &str) -> String {
    match cmdline::parse(tail.as_bytes()) {
        Request::Play(options) => {
            let mut out = "play".to_string();
            if let Some(seed) = options.seed {
                out.push_str(&format!(" seed={seed}"));
            }
            if let Some(name) = options.load {
                out.push_str(&format!(
                    " load={}",
                    String::from_utf8_lossy(name.as_bytes())
                ));
            }
            if options.bench {
                out.push_str(" bench");
            }
            out
        }
        Request::Usage => "usage".to_string(),
        Request::Invalid => "invalid".to_string(),
    }
}

#[test]
fn an_empty_command_line_plays() {
    for tail in ["", "  ", " \t ", "\r"] {
        assert_eq!(request(tail), "play", "{tail:?}");
    }
}

#[test]
fn slash_question_mark_asks_for_the_usage() {
    // The last: usage wins over options that were understood.
    for tail in ["/?", " /?", "\t/?  ", "/?\r", "-?", "/? /?", "/BENCH /?"] {
        assert_eq!(request(tail), "usage", "{tail:?}");
    }
}

#[test]
fn anything_not_understood_is_invalid() {
    for tail in [
        "/bogus", "/BOGUS", "/? /x", "/x /?", "/?x", "/??", "?", "/", "x", "/h", "/H", "--help",
        "/?/?", "/BENCHX", "/BENCH/?",
    ] {
        assert_eq!(request(tail), "invalid", "{tail:?}");
    }
}

#[test]
fn switches_are_case_insensitive() {
    for tail in ["/BENCH", "/bench", "/Bench", "/bEnCh"] {
        assert_eq!(request(tail), "play bench", "{tail:?}");
    }
    for tail in ["/SEED 7", "/seed 7", "/Seed 7"] {
        assert_eq!(request(tail), "play seed=7", "{tail:?}");
    }
    // The file name after /LOAD is kept as typed.
    assert_eq!(request("/load game.psq"), "play load=game.psq");
    assert_eq!(
        request("/LOAD C:\\GAMES\\A.PSQ"),
        "play load=C:\\GAMES\\A.PSQ"
    );
}

#[test]
fn switch_values_are_checked() {
    assert_eq!(request("/SEED 0"), "play seed=0");
    assert_eq!(request("/SEED 65535"), "play seed=65535");
    for tail in [
        "/SEED 65536",
        "/SEED",
        "/SEED x",
        "/SEED -1",
        "/SEED /BENCH",
        "/LOAD",
        "/LOAD /BENCH",
    ] {
        assert_eq!(request(tail), "invalid", "{tail:?}");
    }
    assert_eq!(
        request(&format!("/LOAD {}", "A".repeat(40))),
        format!("play load={}", "A".repeat(40))
    );
    assert_eq!(request(&format!("/LOAD {}", "A".repeat(41))), "invalid");
    assert_eq!(
        request("/seed 12 /bench /load X.PSQ"),
        "play seed=12 load=X.PSQ bench"
    );
}

#[test]
fn the_usage_text_names_the_switch_and_ends_lines_with_cr_lf() {
    let usage = String::from_utf8(usage_bytes()).unwrap();
    assert!(usage.contains("Usage: PISKRS"));
    assert!(usage.contains("[/?]"));
    assert!(usage.ends_with("\r\n"));
    assert!(!usage.replace("\r\n", "").contains('\n'));
}

/// The usage text as the program prints it.
fn usage_bytes() -> Vec<u8> {
    let mut out = Vec::new();
    piskrs::cmdline::write_usage(&piskrs::help::byte_at, &mut |line| {
        out.extend_from_slice(line)
    });
    out
}

// ---------------------------------------------------------------------------
// The command line's switches.

fn options(tail: &str) -> Options {
    match cmdline::parse(tail.as_bytes()) {
        Request::Play(options) => options,
        Request::Usage => panic!("{tail:?}: usage"),
        Request::Invalid => panic!("{tail:?}: invalid"),
    }
}

fn is_invalid(tail: &str) -> bool {
    cmdline::parse(tail.as_bytes()) == Request::Invalid
}

#[test]
fn cmdline_variant_switches() {
    let table = [
        ("/MIST", Variant::Mist),
        ("/mist", Variant::Mist),
        ("/Outer", Variant::OuterOpen),
        ("/EXACT", Variant::ExactFive),
        ("/exact", Variant::ExactFive),
        ("/PISKASM", Variant::Piskasm),
        ("/piskASM", Variant::Piskasm),
        ("/MIST /OUTER", Variant::OuterOpen),
        ("/GOMORPION", Variant::Gomorpion),
        ("/gomorpion /PLAY 4", Variant::Gomorpion),
    ];
    for (tail, variant) in table {
        assert!(options(tail).variant == Some(variant), "{tail}");
    }
    assert!(options("").variant.is_none());
    assert!(options("").play.is_none() && !options("").console_controller);
    for bad in ["/MISTY", "/OUT", "/", "MIST", "/EXACTLY", "/GOMOKU"] {
        assert!(is_invalid(bad), "{bad}");
    }
}

#[test]
fn cmdline_con_stack_level_play_sound() {
    let o = options(" /MIST /CON\r");
    assert!(o.variant == Some(Variant::Mist) && o.console_controller);
    assert!(options("/con").console_controller);
    assert!(options("/Stack").report_stack);
    assert!(!options("/MIST").report_stack);
    assert!(options("/LEVEL CLASSIC").level == Some(Level::Classic));
    assert!(options("/level cha").level == Some(Level::Cha));
    assert!(options("/Level ChA").level == Some(Level::Cha));
    for (tail, key) in [
        ("/PLAY 1", b'1'),
        ("/play 2", b'2'),
        ("/PLAY 4", b'4'),
        ("/PLAY\t4", b'4'),
    ] {
        assert!(options(tail).play == Some(key), "{tail}");
    }
    assert!(options("/SOUND ON").sound == Some(true));
    assert!(options("/sound off").sound == Some(false));
    assert!(options("/Sound Off").sound == Some(false));
    assert!(options("").sound.is_none() && options("").level.is_none());
    let all = options("/exact /level cha /play 4 /sound off /stack /seed 42");
    assert!(all.variant == Some(Variant::ExactFive));
    assert!(all.level == Some(Level::Cha));
    assert!(all.play == Some(b'4'));
    assert!(all.sound == Some(false));
    assert!(all.report_stack);
    assert!(all.seed == Some(42));
}

#[test]
fn cmdline_bad_or_missing_values_are_invalid() {
    for bad in [
        "/LEVEL",
        "/LEVEL EXPERT",
        "/LEVEL 1",
        "/LEVEL /MIST",
        "/PLAY",
        "/PLAY 3",
        "/PLAY 0",
        "/PLAY 12",
        "/PLAY one",
        "/PLAY /MIST",
        "/SOUND",
        "/SOUND YES",
        "/SOUND 1",
        "/SOUND /MIST",
        "/MIST /LEVEL",
        "/MIST /PLAY",
        "/MIST /SOUND",
        "/CONSOLE",
        "/STACKS",
    ] {
        assert!(is_invalid(bad), "{bad:?} must be invalid");
    }
    assert!(cmdline::parse(b"/MIST /?") == Request::Usage);
}

#[test]
fn the_usage_text_names_the_new_switches() {
    let bytes = usage_bytes();
    let usage = String::from_utf8_lossy(&bytes);
    for word in [
        "/MIST", "/CON", "/OUTER", "/EXACT", "/PISKASM", "/LEVEL", "/PLAY", "/SOUND", "/STACK",
    ] {
        assert!(usage.contains(word), "{word}");
    }
}

#[test]
fn the_usage_keeps_its_indentation() {
    let usage = String::from_utf8_lossy(&usage_bytes()).to_string();
    let lines: Vec<&str> = usage.split("\r\n").collect();
    assert!(
        lines.contains(
            &"  /MIST       Gomoku in the Mist 19x19. With input redirected (PISKRS /MIST"
        )
    );
    assert!(
        lines.contains(
            &"              < GAME.TXT > OUT.TXT), or with /CON, the command controller:"
        )
    );
    assert!(
        lines.iter().all(|l| l.len() <= 80),
        "a usage line is wider than the screen"
    );
    assert!(usage.ends_with("\r\n"));
}
