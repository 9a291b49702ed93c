//! The Mist's Game Controller (seeds/000): complete scripted games run the way
//! PISKRS.COM runs them (src/bin/piskrs/mist_controller.rs, `run_controller`), and the fixture files
//! the end-to-end test feeds to the real program.
//!
//! The scripted games are also kept as files in tests/dosbox/fixtures/controller
//! (`NN-name.in`, `.out`, `.code`) so that the DOSBox-X end-to-end test can feed
//! the same input to the real PISKRS.COM and compare its output byte for byte.
//! `WRITE_FIXTURES=1 cargo test --test controller_scripts` writes them; otherwise
//! the test asserts that they exist with exactly the content of the table.

mod common;

use common::controller::*;
use common::show;
use std::path::PathBuf;

// ---------------------------------------------------------------------------
// Whole games, as PISKRS.COM runs them (`run_script`: tests/common/controller.rs).

/// One scripted game: its file name, the input, the expected output, the
/// expected errorlevel.
struct Script {
    name: &'static str,
    input: Vec<u8>,
    output: Vec<u8>,
    errorlevel: u8,
}

fn input_lines(lines: &[&str], end: &str) -> Vec<u8> {
    lines
        .iter()
        .flat_map(|l| format!("{l}{end}").into_bytes())
        .collect()
}

fn output_lines(lines: &[&str]) -> Vec<u8> {
    input_lines(lines, "\r\n")
}

fn script(name: &'static str, input: Vec<u8>, output: &[&str], errorlevel: u8) -> Script {
    Script {
        name,
        input,
        output: output_lines(output),
        errorlevel,
    }
}

/// The scripts, in their files' order.
fn scripts() -> Vec<Script> {
    let mut all = scripts_to_an_end();
    all.extend(scripts_of_refusals());
    all.extend(scripts_of_odd_input());
    all.extend(scripts_of_views());
    all
}

/// What `view` answers at J10 before any stone.
fn empty_view_at_j10() -> String {
    format!("J10,{}", ".".repeat(49))
}

/// Games to a win, a resignation, `term` or the input's end.
fn scripts_to_an_end() -> Vec<Script> {
    let j10 = empty_view_at_j10();
    vec![
        script(
            "01-black-five",
            input_lines(
                &[
                    "who",
                    "place K10",
                    "who",
                    "place K11",
                    "view",
                    "place L10",
                    "place L11",
                    "place M10",
                    "place M11",
                    "view",
                    "place N10",
                    "history",
                    "place N11",
                    "place O10",
                    "who",
                    "view",
                ],
                "\r\n",
            ),
            &[
                "B",
                "W",
                "P9,.................................................",
                "O9,.......oo.....##.................................",
                "K10K11L10L11M10M11N10",
                "Black wins!",
                "K10K11L10L11M10M11N10N11O10",
                "Thank you for playing!",
            ],
            0,
        ),
        script(
            "02-white-diagonal",
            input_lines(
                &[
                    "place A1",
                    "place K10",
                    "place C1",
                    "place L11",
                    "place E1",
                    "place M12",
                    "place G1",
                    "place N13",
                    "who",
                    "place S19",
                    "history",
                    "place O14",
                    "place H1",
                ],
                "\r\n",
            ),
            &[
                "B",
                "A1K10C1L11E1M12G1N13S19",
                "White wins!",
                "A1K10C1L11E1M12G1N13S19O14",
                "Thank you for playing!",
            ],
            0,
        ),
        script(
            "03-black-resigns",
            input_lines(
                &["place J10", "place J11", "view", "who", "resign", "who"],
                "\r\n",
            ),
            &[
                "C9,x......x......x......x......x......x......x......",
                "B",
                "White wins!",
                "J10J11",
                "Thank you for playing!",
            ],
            0,
        ),
        script(
            "04-white-resigns-lf",
            input_lines(
                &[
                    "who",
                    "place A10",
                    "who",
                    "place S10",
                    "place A11",
                    "history",
                    "who",
                    "resign",
                    "place A12",
                ],
                "\n",
            ),
            &[
                "B",
                "W",
                "A10S10A11",
                "W",
                "Black wins!",
                "A10S10A11",
                "Thank you for playing!",
            ],
            0,
        ),
        script(
            "05-term",
            input_lines(
                &[
                    "place K10",
                    "who",
                    "view",
                    "term",
                    "who",
                    "place A1",
                    "resign",
                ],
                "\r\n",
            ),
            &["W", "P18,xxxxxxxxxxxxxx..................................."],
            1,
        ),
        script(
            "06-silent-end",
            input_lines(
                &["place K10", "place K11", "place L10", "place L11"],
                "\r\n",
            ),
            &[],
            1,
        ),
        script(
            "07-answers-then-end-lf",
            input_lines(&["who", "view", "place D4", "view", "history", "who"], "\n"),
            &[
                "B",
                &j10,
                "B12,xx.....xx.....xx.....xx.....xx.....xx.....xx.....",
                "D4",
                "W",
            ],
            1,
        ),
    ]
}

/// Commands and coordinates refused, and an overline.
fn scripts_of_refusals() -> Vec<Script> {
    let too_long = "a".repeat(100);
    vec![
        script(
            "08-invalid-commands",
            input_lines(
                &[
                    &INVALID_COMMANDS[..],
                    &["w", &too_long],
                    &["who", "place K10", "who", "view ", "resign"],
                ]
                .concat(),
                "\r\n",
            ),
            &[
                // Each of INVALID_COMMANDS, "w" and the line too long.
                &["Invalid!"; INVALID_COMMANDS.len() + 2][..],
                &[
                    "B",
                    "W",
                    "Invalid!",
                    "Black wins!",
                    "K10",
                    "Thank you for playing!",
                ],
            ]
            .concat(),
            0,
        ),
        script(
            "09-coordinates",
            input_lines(
                &[
                    &["place K10", "who"][..],
                    &BAD_PLACES,
                    &[
                        "place K10",
                        "who",
                        "history",
                        "place S19",
                        "who",
                        "place S19",
                        "place I9",
                        "history",
                        "resign",
                    ],
                ]
                .concat(),
                "\r\n",
            ),
            &[
                &["W"][..],
                &["Invalid coordinate"; BAD_PLACES.len()],
                &[
                    "Occupied coordinate",
                    "W",
                    "K10",
                    "B",
                    "Occupied coordinate",
                    "K10S19I9",
                    "Black wins!",
                    "K10S19I9",
                    "Thank you for playing!",
                ],
            ]
            .concat(),
            0,
        ),
        script(
            "10-overline",
            input_lines(
                &[
                    "place A1",
                    "place A19",
                    "place B1",
                    "place B19",
                    "place C1",
                    "place C19",
                    "place E1",
                    "place E19",
                    "place F1",
                    "place F19",
                    "who",
                    "place D1",
                    "who",
                ],
                "\r\n",
            ),
            &[
                "B",
                "Black wins!",
                "A1A19B1B19C1C19E1E19F1F19D1",
                "Thank you for playing!",
            ],
            0,
        ),
    ]
}

/// A tie, and input that ends oddly: no last line end, Ctrl-Z, long lines.
fn scripts_of_odd_input() -> Vec<Script> {
    let tie: Vec<String> = tie_moves().iter().map(|m| format!("place {m}")).collect();
    let mut tie_input: Vec<&str> = tie.iter().map(String::as_str).collect();
    tie_input.push("who");
    let tie_history = tie_moves().concat();
    let exactly_80 = format!("place {}", "A".repeat(74));
    let just_over = format!("place {}", "A".repeat(75));
    let very_long = "x".repeat(200);
    let long_last = "y".repeat(100);
    let mut no_final_eol = input_lines(
        &[
            "place K10",
            "place K11",
            "place L10",
            "place L11",
            "place M10",
            "place M11",
            "place N10",
            "place N11",
        ],
        "\r\n",
    );
    no_final_eol.extend_from_slice(b"place O10");
    let mut ctrl_z = input_lines(&["who", "place A1", "who"], "\r\n");
    ctrl_z.push(0x1A);
    ctrl_z.extend(input_lines(&["place B1", "who", "resign"], "\r\n"));
    let mut long_lines = input_lines(
        &[&exactly_80, &just_over, &very_long, "who", "history"],
        "\n",
    );
    long_lines.extend_from_slice(long_last.as_bytes());

    vec![
        script(
            "11-tie",
            input_lines(&tie_input, "\r\n"),
            &["Wow, a tie!", &tie_history, "Thank you for playing!"],
            0,
        ),
        script(
            "12-no-final-line-end",
            no_final_eol,
            &[
                "Black wins!",
                "K10K11L10L11M10M11N10N11O10",
                "Thank you for playing!",
            ],
            0,
        ),
        script("13-ctrl-z-ends-input", ctrl_z, &["B", "W"], 1),
        script(
            "14-long-lines-lf",
            long_lines,
            &[
                "Invalid coordinate",
                "Invalid!",
                "Invalid!",
                "B",
                "",
                "Invalid!",
            ],
            1,
        ),
    ]
}

/// The views, and a last point that wins.
fn scripts_of_views() -> Vec<Script> {
    let j10 = empty_view_at_j10();
    let last_wins: Vec<String> = last_stone_wins_moves()
        .iter()
        .map(|m| format!("place {m}"))
        .collect();
    let last_wins_input: Vec<&str> = last_wins.iter().map(String::as_str).collect();
    let last_wins_history = last_stone_wins_moves().concat();
    vec![
        script(
            "15-views",
            input_lines(
                &[
                    "view",
                    "place A1",
                    "view",
                    "place M3",
                    "view",
                    "place O1",
                    "view",
                    "place P3",
                    "view",
                    "place S19",
                    "view",
                    "who",
                    "resign",
                ],
                "\r\n",
            ),
            &[
                &j10,
                "M3,..........................................xxxxxxx",
                "O1,........o...................xxxxxxxxxxxxxxxxxxxxx",
                "P3,.....................o...............#....xxxxxxx",
                "C1,x......x......x......x#.....xxxxxxxxxxxxxxxxxxxxx",
                "E16,.................................................",
                "W",
                "Black wins!",
                "A1M3O1P3S19",
                "Thank you for playing!",
            ],
            0,
        ),
        script("16-empty-input", Vec::new(), &[], 1),
        script("17-who-without-line-end-lf", b"who".to_vec(), &["B"], 1),
        script(
            "18-last-point-wins",
            input_lines(&last_wins_input, "\r\n"),
            &["Black wins!", &last_wins_history, "Thank you for playing!"],
            0,
        ),
    ]
}

#[test]
fn scripted_games_run_as_the_table_says() {
    let scripts = scripts();
    assert!(scripts.len() >= 12);
    let mut failures = Vec::new();
    for s in &scripts {
        let (output, errorlevel) = run_script(&s.input);
        if output != s.output || errorlevel != s.errorlevel {
            failures.push(format!(
                "{}: expected errorlevel {} and\n{}\ngot errorlevel {errorlevel} and\n{}",
                s.name,
                s.errorlevel,
                show(&s.output),
                show(&output)
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn the_scripted_games_cover_every_kind_of_input_and_ending() {
    let scripts = scripts();
    let has = |f: &dyn Fn(&Script) -> bool| scripts.iter().any(f);
    let contains = |hay: &[u8], needle: &[u8]| hay.windows(needle.len()).any(|w| w == needle);
    assert!(has(&|s| contains(&s.output, b"Wow, a tie!")));
    assert!(has(&|s| contains(&s.output, b"Black wins!")));
    assert!(has(&|s| contains(&s.output, b"White wins!")));
    assert!(has(&|s| contains(&s.input, b"resign")));
    assert!(has(&|s| contains(&s.input, b"term\r\n")));
    assert!(has(&|s| s.output.is_empty() && s.errorlevel == 1));
    assert!(has(&|s| contains(&s.output, b"Invalid!")));
    assert!(has(&|s| contains(&s.output, b"Invalid coordinate")));
    assert!(has(&|s| contains(&s.output, b"Occupied coordinate")));
    // Both line ends: most games CR LF, a few LF only.
    let lf_only = scripts
        .iter()
        .filter(|s| contains(&s.input, b"\n") && !contains(&s.input, b"\r\n"))
        .count();
    let cr_lf = scripts
        .iter()
        .filter(|s| contains(&s.input, b"\r\n"))
        .count();
    assert!(lf_only >= 2, "{lf_only} LF games");
    assert!(cr_lf > lf_only, "{cr_lf} CR LF games");
    // Every answer line ends in CR LF: no lone LF in any expected output.
    for s in &scripts {
        for (i, &b) in s.output.iter().enumerate() {
            if b == b'\n' {
                assert!(i > 0 && s.output[i - 1] == b'\r', "{}: lone LF", s.name);
            }
        }
    }
}

fn fixture_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/dosbox/fixtures/controller")
}

#[test]
fn the_fixture_files_hold_the_scripted_games() {
    let dir = fixture_dir();
    let scripts = scripts();
    let mut expected_files = Vec::new();
    for s in &scripts {
        let code = format!("{}\n", s.errorlevel);
        for (ext, bytes) in [
            ("in", s.input.as_slice()),
            ("out", s.output.as_slice()),
            ("code", code.as_bytes()),
        ] {
            let file = format!("{}.{ext}", s.name);
            expected_files.push(file.clone());
            let path = dir.join(&file);
            if std::env::var_os("WRITE_FIXTURES").is_some_and(|v| v == "1") {
                std::fs::create_dir_all(&dir).unwrap();
                std::fs::write(&path, bytes).unwrap();
            }
            let on_disk = std::fs::read(&path).unwrap_or_else(|e| {
                panic!(
                    "{}: {e}; write the fixtures with WRITE_FIXTURES=1 cargo test --test controller_scripts",
                    path.display()
                )
            });
            assert!(
                on_disk == bytes,
                "{} differs from the table (WRITE_FIXTURES=1 rewrites it)",
                path.display()
            );
        }
    }
    // No stale fixtures: the directory holds exactly the table's files.
    let mut on_disk: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    on_disk.sort();
    expected_files.sort();
    assert_eq!(on_disk, expected_files);
}
