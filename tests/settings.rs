//! The settings file (src/app/settings.rs, PISKRS.CFG): its name and defaults,
//! parsing good and broken files, writing and reading back, the thinking time.
//!
//! Screen layout (the UI's contract): board column c (A = 0) at x = 4 + 2c; on
//! a board of `side` points, row r (1-based) at y = 1 + side - r; the status
//! line at y = 22; the menu's Game line at y = 16; the side panel from x = 46.

mod common;

use std::cell::{Cell, RefCell};

use common::show;
use piskrs::ai::engine::{LEVELS, Level, TreeSearch};
use piskrs::app::screen::{Input, Key};
use piskrs::app::settings::{self, Settings};
use piskrs::app::ui::{App, Command};
use piskrs::rules::WinRule;
use piskrs::rules::board::{Board, Stone};
use piskrs::rules::coord::Point;
use piskrs::rules::variant::{ALL, Variant};

// ---------------------------------------------------------------------------
// Settings.

fn settings_text(s: Settings) -> String {
    let mut out = [0u8; settings::MAX_BYTES];
    let len = s.write(&mut out);
    show(&out[..len])
}

#[test]
fn settings_file_name_and_defaults() {
    assert_eq!(settings::FILE_NAME, b"PISKRS.CFG");
    let d = Settings::default();
    assert!(d.variant == Variant::Piskasm && d.level == Level::Classic && d.sound);
}

#[test]
fn settings_parse_good_files() {
    let table: [(&[u8], Variant, Level, bool); 9] = [
        (
            b"GAME=GOMORPION\r\nLEVEL=CHA\r\nSOUND=ON\r\n",
            Variant::Gomorpion,
            Level::Cha,
            true,
        ),
        (
            b"GAME=MIST\r\nLEVEL=CHA\r\nSOUND=ON\r\n",
            Variant::Mist,
            Level::Cha,
            true,
        ),
        (
            b"GAME=MIST\nLEVEL=CHA\nSOUND=OFF\n",
            Variant::Mist,
            Level::Cha,
            false,
        ),
        (
            b"GAME=OUTER\r\nLEVEL=CLASSIC\r\nSOUND=OFF",
            Variant::OuterOpen,
            Level::Classic,
            false,
        ),
        (
            b"SOUND=OFF\r\nGAME=EXACT\r\nLEVEL=CHA\r\n",
            Variant::ExactFive,
            Level::Cha,
            false,
        ),
        (
            b"game=exact\nlevel=cha\nsound=off\n",
            Variant::ExactFive,
            Level::Cha,
            false,
        ),
        (
            b"Game=Mist\r\nLevel=Cha\r\nSound=Off\r\n",
            Variant::Mist,
            Level::Cha,
            false,
        ),
        (
            b"GAME=PISKASM\r\nLEVEL=CLASSIC\r\nSOUND=ON\r\n",
            Variant::Piskasm,
            Level::Classic,
            true,
        ),
        // Mixed line ends in one file.
        (
            b"GAME=OUTER\nLEVEL=CHA\r\nSOUND=OFF\n",
            Variant::OuterOpen,
            Level::Cha,
            false,
        ),
    ];
    for (text, variant, level, sound) in table {
        let s = Settings::parse(text);
        assert!(
            s == Settings {
                variant,
                level,
                sound,
                exact_five: false,
                think_tenths: settings::DEFAULT_THINK_TENTHS,
                ..Settings::default()
            },
            "{:?} read as {}",
            show(text),
            settings_text(s)
        );
    }
}

#[test]
fn settings_parse_keeps_defaults_for_what_is_missing_or_broken() {
    let d = Settings::default();
    let table: [(&[u8], Settings); 12] = [
        (b"", d),
        (b"\r\n\r\n", d),
        (b"SOUND=OFF\r\n", Settings { sound: false, ..d }),
        (
            b"LEVEL=CHA",
            Settings {
                level: Level::Cha,
                ..d
            },
        ),
        (
            b"GAME=MIST",
            Settings {
                variant: Variant::Mist,
                ..d
            },
        ),
        (b"GAME=CHESS\r\nLEVEL=GOD\r\nSOUND=LOUD\r\n", d),
        (b"GAME\r\nLEVEL\r\nSOUND\r\n", d),
        (b"=MIST\r\n=CHA\r\n=OFF\r\n", d),
        (b"GAME=\r\nLEVEL=\r\nSOUND=\r\n", d),
        (b"\x00\xFF\x1A garbage \x80\x81=\x82", d),
        (
            b"COLOUR=RED\r\nGAME=OUTER\r\n# comment\r\n",
            Settings {
                variant: Variant::OuterOpen,
                ..d
            },
        ),
        (
            b"GAMES=MIST\r\nXLEVEL=CHA\r\nSOUND=OFF\r\n",
            Settings { sound: false, ..d },
        ),
    ];
    for (text, expected) in table {
        let s = Settings::parse(text);
        assert!(
            s == expected,
            "{:?} read as {}, expected {}",
            show(text),
            settings_text(s),
            settings_text(expected)
        );
    }
}

#[test]
fn settings_write_then_parse_round_trips_all_combinations() {
    let mut count = 0;
    for variant in ALL {
        for level in LEVELS {
            for sound in [true, false] {
                for exact_five in [true, false] {
                    for think_tenths in [1, 5, 10, 15, 99, 100, 250] {
                        // Every clock of the menu, in turn.
                        let (clock_minutes, increment_seconds) =
                            settings::CLOCK_CHOICES[count % settings::CLOCK_CHOICES.len()];
                        // White's level in turn, against every level.
                        let white_level = LEVELS[count % LEVELS.len()];
                        let s = Settings {
                            variant,
                            level,
                            white_level,
                            sound,
                            exact_five,
                            think_tenths,
                            clock_minutes,
                            increment_seconds,
                        };
                        let mut out = [0u8; settings::MAX_BYTES];
                        let len = s.write(&mut out);
                        let text = &out[..len];
                        assert!(text.ends_with(b"\r\n"));
                        assert!(Settings::parse(text) == s, "{}", show(text));
                        count += 1;
                    }
                }
            }
        }
    }
    assert_eq!(count, 4 * 3 * 2 * 2 * 7);
    let s = Settings {
        variant: Variant::Mist,
        level: Level::Cha,
        white_level: Level::Strong,
        sound: true,
        exact_five: false,
        think_tenths: 15,
        clock_minutes: 20,
        increment_seconds: 5,
    };
    assert_eq!(
        settings_text(s),
        show(b"GAME=MIST\r\nLEVEL=CHA\r\nSOUND=ON\r\nRULE=FREE\r\nTIME=1.5\r\nCLOCK=20+05\r\nWHITE=STRONG\r\n")
    );
    // The longest file fits.
    let longest = Settings {
        variant: Variant::Gomorpion,
        level: Level::Classic,
        white_level: Level::Classic,
        sound: false,
        exact_five: true,
        think_tenths: 250,
        clock_minutes: 99,
        increment_seconds: 99,
    };
    let mut out = [0u8; settings::MAX_BYTES];
    let len = longest.write(&mut out);
    assert!(
        Settings::parse(&out[..len]) == longest,
        "{}",
        show(&out[..len])
    );
}

#[test]
fn whites_level_is_its_own_and_defaults_to_classic() {
    let s = Settings::parse(b"LEVEL=STRONG\r\nWHITE=CHA\r\n");
    assert!(s.level == Level::Strong && s.white_level == Level::Cha);
    let s = Settings::parse(b"LEVEL=STRONG\r\nWHITE=nobody\r\n");
    assert!(s.level == Level::Strong && s.white_level == Level::Classic);
}

#[test]
fn the_clock_is_kept_as_minutes_and_increment() {
    let clock = |text: &[u8]| {
        let s = Settings::parse(text);
        (s.clock_minutes, s.increment_seconds)
    };
    assert_eq!(clock(b"CLOCK=05+00\r\n"), (5, 0));
    assert_eq!(clock(b"CLOCK=1+5\r\n"), (1, 5));
    assert_eq!(clock(b"clock=20\r\n"), (20, 0));
    // No clock has no increment; a broken value keeps the default (none).
    assert_eq!(clock(b"CLOCK=00+05\r\n"), (0, 0));
    for broken in [
        &b"CLOCK=fast\r\n"[..],
        b"CLOCK=100\r\n",
        b"CLOCK=5+\r\n",
        b"CLOCK=\r\n",
    ] {
        assert_eq!(clock(broken), (0, 0), "{}", show(broken));
    }
    let mut out = [0u8; settings::MAX_BYTES];
    let d = Settings::default();
    let len = d.write(&mut out);
    assert!(
        out[..len].ends_with(b"CLOCK=00+00\r\nWHITE=CLASSIC\r\n"),
        "{}",
        show(&out[..len])
    );
}

#[test]
fn the_thinking_time_is_read_in_seconds_with_one_decimal() {
    for (text, tenths) in [
        ("0.1", Some(1)),
        ("1", Some(10)),
        ("1.0", Some(10)),
        ("2.5", Some(25)),
        ("25", Some(250)),
        ("25.0", Some(250)),
        ("0", None),
        ("0.0", None),
        ("25.1", None),
        ("100", None),
        ("1.", None),
        (".5", None),
        ("1.25", None),
        ("-1", None),
        ("1x", None),
        ("", None),
    ] {
        assert_eq!(settings::parse_tenths(text.as_bytes()), tenths, "{text:?}");
    }
    let d = Settings::default();
    assert_eq!(Settings::parse(b"TIME=2.5\r\n").think_tenths, 25);
    assert!(
        Settings::parse(b"TIME=fast\r\n") == d,
        "a bad TIME keeps the default"
    );
    assert_eq!(
        d.strong_budget(),
        d.think_tenths as u32 * settings::STRONG_NODES_PER_FIFTH / 2
    );
}

// ---------------------------------------------------------------------------
// The thinking time as nodes, and the switches laid over the settings.

#[test]
fn a_thinking_time_buys_47_nodes_a_fifth_of_a_second_everywhere() {
    const { assert!(settings::STRONG_NODES_PER_FIFTH == 47) };
    const { assert!(settings::DEFAULT_STRONG_BUDGET == 470) };
    assert!(settings::strong_budget(settings::DEFAULT_THINK_TENTHS) == 470);
    for tenths in [1, 5, 10, 20, 50, 100, 250] {
        let budget = settings::strong_budget(tenths);
        assert!(budget == tenths as u32 * 47 / 2, "{tenths}");
        let chosen = Settings {
            think_tenths: tenths,
            ..Settings::default()
        };
        assert!(chosen.strong_budget() == budget, "{tenths}");
    }
    // The menu's choices: 0.5 s to 10 s.
    let budgets: Vec<u32> = settings::THINK_CHOICES
        .iter()
        .map(|&t| settings::strong_budget(t))
        .collect();
    assert_eq!(budgets, [117, 235, 470, 1_175, 2_350]);
}

fn parsed(tail: &str) -> piskrs::app::cmdline::Options {
    match piskrs::app::cmdline::parse(tail.as_bytes()) {
        piskrs::app::cmdline::Request::Play(options) => options,
        _ => panic!("{tail}: not a game"),
    }
}

#[test]
fn apply_lays_each_switch_given_over_the_remembered_settings() {
    let remembered = Settings {
        variant: Variant::Mist,
        level: Level::Cha,
        sound: false,
        exact_five: true,
        think_tenths: 50,
        ..Settings::default()
    };
    // No switch: the remembered settings stay as they are.
    let mut settings = remembered;
    settings.apply(&parsed(""));
    assert!(settings == remembered);
    // Switches that are not settings leave them too.
    settings.apply(&parsed("/SEED 7 /STACK /PLAY 1"));
    assert!(settings == remembered);
    // Each switch alone changes its setting only.
    let cases: [(&str, Settings); 5] = [
        (
            "/OUTER",
            Settings {
                variant: Variant::OuterOpen,
                ..remembered
            },
        ),
        (
            "/LEVEL STRONG",
            Settings {
                level: Level::Strong,
                ..remembered
            },
        ),
        (
            "/TIME 0.5",
            Settings {
                think_tenths: 5,
                ..remembered
            },
        ),
        (
            "/SOUND ON",
            Settings {
                sound: true,
                ..remembered
            },
        ),
        (
            "/RULE FREE",
            Settings {
                exact_five: false,
                ..remembered
            },
        ),
    ];
    for (tail, expected) in cases {
        let mut settings = remembered;
        settings.apply(&parsed(tail));
        assert!(settings == expected, "{tail}");
    }
    // All at once, over the defaults.
    let mut settings = Settings::default();
    settings.apply(&parsed(
        "/PISKASM /LEVEL CLASSIC /TIME 10 /SOUND OFF /RULE EXACT",
    ));
    assert!(
        settings
            == Settings {
                variant: Variant::Piskasm,
                level: Level::Classic,
                sound: false,
                exact_five: true,
                think_tenths: 100,
                ..Settings::default()
            }
    );
    for level in LEVELS {
        let mut settings = remembered;
        let tail = format!("/LEVEL {}", String::from_utf8_lossy(level.keyword()));
        settings.apply(&parsed(&tail));
        assert!(settings.level == level);
    }
}

// The thinking time on a machine slower than the reference (src/ai/speed.rs).
#[test]
fn the_reference_and_faster_keep_the_whole_budget() {
    let whole = settings::strong_budget(20);
    assert_eq!(
        settings::strong_budget_at(20, piskrs::ai::speed::REFERENCE_UNITS_PER_TICK),
        whole
    );
    assert_eq!(settings::strong_budget_at(20, u16::MAX), whole);
}

#[test]
fn a_slower_machine_gets_its_share() {
    // Half the reference's speed: half the nodes in the same time (less
    // the rounding of the reference's units down, two nodes at most).
    let half = settings::strong_budget_at(20, piskrs::ai::speed::REFERENCE_UNITS_PER_TICK / 2);
    let want = settings::strong_budget(20) / 2;
    assert!(half <= want && half + 2 >= want, "{half}");
    assert!(
        settings::strong_budget_at(20, piskrs::ai::speed::REFERENCE_UNITS_PER_TICK - 1)
            < settings::strong_budget(20)
    );
    // Never nothing: a node a tenth at the least.
    assert_eq!(settings::strong_budget_at(20, 0), 20);
}

/// A tree that reports a quarter of the reference's speed, counts how often
/// it was asked, and answers with the first empty point, keeping the
/// budgets it was given.
#[derive(Default)]
struct QuarterSpeedTree {
    asked: Cell<u32>,
    budgets: RefCell<Vec<u32>>,
}

impl TreeSearch for QuarterSpeedTree {
    fn choose(&self, board: &Board, _: Stone, _: WinRule, budget: u32) -> Option<(Point, u32)> {
        self.budgets.borrow_mut().push(budget);
        let side = board.side();
        (0..side)
            .flat_map(|x| (0..side).map(move |y| Point::new(x, y)))
            .find(|&p| board.get(p).is_none())
            .map(|p| (p, budget))
    }

    fn speed_units(&self) -> u16 {
        self.asked.set(self.asked.get() + 1);
        piskrs::ai::speed::REFERENCE_UNITS_PER_TICK / 4
    }
}

/// A game against the computer at `level` (the person begins) with `tree`,
/// three of the person's stones each answered.
fn play_with(level: Level, tree: &'static QuarterSpeedTree) {
    let settings = Settings {
        level,
        ..Settings::default()
    };
    let mut app = App::with_settings(true, settings);
    app.search_with(tree);
    app.fix_seed(1);
    assert!(app.handle(Input::Key(Key::Char(b'1'))) == Command::Continue);
    for point in ["K10", "C3", "R17"] {
        common::app::click_point(&mut app, common::pt(point));
        assert!(app.computer_to_move(), "{point}");
        app.computer_move();
    }
}

#[test]
fn strong_s_budget_follows_the_speed_the_tree_measures_and_only_strong_asks() {
    let tree: &'static QuarterSpeedTree = Box::leak(Box::default());
    play_with(Level::Strong, tree);
    let quarter = settings::strong_budget_at(
        settings::DEFAULT_THINK_TENTHS,
        piskrs::ai::speed::REFERENCE_UNITS_PER_TICK / 4,
    );
    assert!(quarter < settings::DEFAULT_STRONG_BUDGET / 4 + 20);
    assert_eq!(*tree.budgets.borrow(), [quarter; 3]);
    assert_eq!(tree.asked.get(), 3, "asked at each of Strong's moves");
    // Classic and Cha never ask (the DOS layer's tree would measure).
    for level in [Level::Classic, Level::Cha] {
        let tree: &'static QuarterSpeedTree = Box::leak(Box::default());
        play_with(level, tree);
        assert_eq!(
            tree.asked.get(),
            0,
            "{}",
            String::from_utf8_lossy(level.keyword())
        );
        assert!(tree.budgets.borrow().is_empty());
    }
    // On the reference machine and faster, the whole budget.
    assert_eq!(
        Settings::default().strong_budget(),
        settings::DEFAULT_STRONG_BUDGET
    );
}

#[test]
fn fixed_is_a_switch() {
    assert!(parsed("/FIXED").fixed_budget);
    assert!(!parsed("/BENCH").fixed_budget);
}
