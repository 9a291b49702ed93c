//! The command line (src/app/cmdline.rs): the request a tail makes (play, usage,
//! invalid), the switches of the variants and their values, and the usage text.

mod common;

use piskrs::ai::engine::Level;
use piskrs::app::cmdline::{self, Options, Request};
use piskrs::rules::variant::Variant;

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
        Request::Mistake(_) => "invalid".to_string(),
    }
}

/// What the program prints for a tail it does not understand (its two lines,
/// CR LF after each), or None for a tail it understands.
fn mistake(tail: &str) -> Option<String> {
    match cmdline::parse(tail.as_bytes()) {
        Request::Mistake(mistake) => {
            let mut out = Vec::new();
            cmdline::write_mistake(&mistake, &piskrs::app::help::byte_at, &mut |bytes| {
                out.extend_from_slice(bytes)
            });
            Some(String::from_utf8(out).expect("ASCII"))
        }
        _ => None,
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
    // Any name the command tail (127 bytes) holds: DOS takes paths longer
    // than 40 characters.
    let path = "C:\\ABCDEFGH\\IJKLMNOP\\QRSTUVWX\\YZABCDEF\\GAME0001.PSQ";
    assert_eq!(
        request(&format!("/LOAD {path}")),
        format!("play load={path}")
    );
    // The longest a command tail leaves room for: 126 bytes, "/LOAD " and 120.
    let longest = format!("C:\\{}AB.PSQ", "ABCDEFGH\\".repeat(12));
    assert_eq!(longest.len(), 117);
    assert_eq!(
        request(&format!("/LOAD {longest}")),
        format!("play load={longest}")
    );
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
    piskrs::app::cmdline::write_usage(&piskrs::app::help::byte_at, &mut |line| {
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
        Request::Mistake(_) => panic!("{tail:?}: invalid"),
    }
}

fn is_invalid(tail: &str) -> bool {
    matches!(cmdline::parse(tail.as_bytes()), Request::Mistake(_))
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
            &"  /MIST       Gomoku in the Mist 19x19. With input redirected or /CON, the"
        )
    );
    assert!(
        lines.contains(&"              controller: who, view, place <C><R>, history, resign, term")
    );
    // Under 80 columns: a line of 80 would take the console's next line too.
    assert!(
        lines.iter().all(|l| l.len() < 80),
        "a usage line is as wide as the screen"
    );
    assert!(usage.ends_with("\r\n"));
}

#[test]
fn the_usage_fits_a_screen_with_its_first_line() {
    // 24 lines: on a 25-line screen the prompt after them takes the last
    // line, and the first line is still on the screen.
    let usage = String::from_utf8_lossy(&usage_bytes()).to_string();
    assert_eq!(usage.matches("\r\n").count(), 24, "{usage}");
    assert!(usage.starts_with("PISKRS - Gomoku for DOS"));
}

// ---------------------------------------------------------------------------
// The command line's mistakes: the words typed and what they should be, then
// where the switches are listed; never the whole usage.

#[test]
fn a_bad_value_names_the_switch_and_its_range() {
    let see = "\r\nPISKRS /? lists the switches.\r\n";
    let table = [
        (
            "/TIME 99",
            "/TIME 99: the thinking time is 0.1 to 25 seconds, as 2 or 2.5.",
        ),
        (
            "/TIME 0",
            "/TIME 0: the thinking time is 0.1 to 25 seconds, as 2 or 2.5.",
        ),
        (
            "/time 1.55",
            "/time 1.55: the thinking time is 0.1 to 25 seconds, as 2 or 2.5.",
        ),
        (
            "/TIME",
            "/TIME: the thinking time is 0.1 to 25 seconds, as 2 or 2.5.",
        ),
        (
            "/SEED 65536",
            "/SEED 65536: the seed is a whole number from 0 to 65535.",
        ),
        (
            "/SEED -1",
            "/SEED -1: the seed is a whole number from 0 to 65535.",
        ),
        (
            "/LEVEL EXPERT",
            "/LEVEL EXPERT: the level is CLASSIC, CHA or STRONG.",
        ),
        ("/LEVEL", "/LEVEL: the level is CLASSIC, CHA or STRONG."),
        ("/SOUND LOUD", "/SOUND LOUD: the sound is ON or OFF."),
        (
            "/RULE SIX",
            "/RULE SIX: the rule is FREE (five or more) or EXACT (exactly five).",
        ),
        (
            "/PLAY 3",
            "/PLAY 3: the game to start is 1, 2, 4 or 5, as the menu's keys.",
        ),
        ("/CLOCK 100", "/CLOCK 100: the clock is m or m+s."),
        ("/CLOCK 5+", "/CLOCK 5+: the clock is m or m+s."),
        ("/CLOCK", "/CLOCK: the clock is m or m+s."),
        (
            "/LOAD",
            "/LOAD: the name of a saved game (a .psq file) follows /LOAD.",
        ),
        (
            "/LOAD /BENCH",
            "/LOAD /BENCH: the name of a saved game (a .psq file) follows /LOAD.",
        ),
    ];
    for (tail, first) in table {
        assert_eq!(
            mistake(tail).as_deref(),
            Some(format!("{first}{see}").as_str())
        );
        // Wherever it stands, after good switches or before others.
        let later = format!("/MIST /BENCH {tail}");
        assert_eq!(mistake(&later), mistake(tail), "{later}");
        // (A switch whose value is missing takes the next word as its value.)
        if tail.contains(' ') {
            let earlier = format!("{tail} /BOGUS");
            assert_eq!(mistake(&earlier), mistake(tail), "{earlier}");
        }
    }
}

#[test]
fn an_unknown_switch_names_itself() {
    for word in [
        "/BOGUS", "/bogus", "/MISTY", "/", "x", "--help", "/?x", "/BENCH/?",
    ] {
        assert_eq!(
            mistake(&format!(" /SEED 3 {word}\r")).as_deref(),
            Some(format!("{word}: no such switch.\r\nPISKRS /? lists the switches.\r\n").as_str())
        );
    }
    // The first mistake is the one named, and a mistake wins over /?.
    assert!(mistake("/? /BOGUS").is_some_and(|m| m.starts_with("/BOGUS: ")));
    // What is understood is no mistake.
    assert_eq!(mistake("/TIME 2.5 /SEED 65535 /PLAY 4 /LOAD X.PSQ"), None);
    assert_eq!(mistake("/?"), None);
}

#[test]
fn every_mistake_line_fits_the_screen() {
    for tail in [
        "/TIME 25.5",
        "/SEED 99999",
        "/LEVEL STRONGEST",
        "/RULE EXACTLY",
        "/PLAY 12",
    ] {
        let text = mistake(tail).expect("a mistake");
        assert!(text.split("\r\n").all(|line| line.len() < 80), "{text}");
    }
}

#[test]
fn loading_into_the_mists_controller_is_a_mistake_of_its_own() {
    let mut out = Vec::new();
    cmdline::write_mistake(
        &cmdline::LOAD_IN_CONTROLLER,
        &piskrs::app::help::byte_at,
        &mut |bytes| out.extend_from_slice(bytes),
    );
    assert_eq!(
        String::from_utf8(out).unwrap(),
        "/LOAD: the Mist's controller (input redirected, or /CON) loads no game.\r\n\
         PISKRS /? lists the switches.\r\n"
    );
}
