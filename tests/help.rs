//! The help text (src/help.txt) as the screens draw it: every topic has pages,
//! every page fits the 80x25 screen from row 2 (title, a blank row, then the
//! lines down to row 23) and every line fits from column 2, with its mouse-only
//! parts ({...}) balanced; the packed text unpacks to the file's lines.

use piskrs::app::help::{HelpPage, NO_TOPIC, PAGES, Topic, byte_at, for_each_line, page_of};
use piskrs::support::packed::{MAX_UNPACKED, unpack_bytes};

/// The lines of `page`, unpacked.
fn lines(page: HelpPage) -> Vec<Vec<u8>> {
    let mut lines = Vec::new();
    let mut packed = Vec::new();
    for at in page.start..page.end {
        match byte_at(at) {
            b'\n' => {
                lines.push(unpack_bytes(&packed, &mut [0; MAX_UNPACKED]).to_vec());
                packed.clear();
            }
            byte => packed.push(byte),
        }
    }
    assert!(packed.is_empty(), "a page ends with its line's LF");
    lines
}

#[test]
fn the_packed_pages_unpack_to_the_files_lines() {
    let raw =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/src/help.txt")).unwrap();
    let expected: Vec<&str> = raw.lines().filter(|l| !l.starts_with('@')).collect();
    let got: Vec<String> = PAGES
        .iter()
        .flat_map(|&page| lines(page))
        .map(|l| String::from_utf8(l).unwrap())
        .collect();
    assert_eq!(got, expected);
}

#[test]
fn every_page_fits_the_screen_and_its_mouse_parts_are_balanced() {
    for &page in PAGES.iter().filter(|p| p.topic != Topic::Usage as u8) {
        let lines = lines(page);
        let title = String::from_utf8_lossy(&lines[0]).to_string();
        // The title on row 2, the lines from row 4 to row 23 (the key bar is 24).
        assert!(lines.len() - 1 <= 20, "{title}: {} lines", lines.len() - 1);
        for line in &lines {
            let shown = line.iter().filter(|&&b| b != b'{' && b != b'}').count();
            assert!(
                2 + shown <= 80,
                "{title}: {:?}",
                String::from_utf8_lossy(line)
            );
            let opens = line.iter().filter(|&&b| b == b'{').count();
            let closes = line.iter().filter(|&&b| b == b'}').count();
            assert_eq!(opens, closes, "{title}");
        }
    }
}

#[test]
fn each_place_has_its_pages_in_order() {
    let titles = |topics: &[u8]| -> Vec<String> {
        let (_, count) = page_of(topics, 0);
        (0..count)
            .map(|n| {
                let page = page_of(topics, n).0.unwrap();
                String::from_utf8(lines(page)[0].clone()).unwrap()
            })
            .collect()
    };
    assert_eq!(
        titles(&[Topic::Menu as u8, NO_TOPIC]),
        ["The menu", "The games"]
    );
    assert_eq!(
        titles(&[Topic::Mist as u8, Topic::Keys as u8]),
        ["Gomoku in the Mist", "Keys in a Gomoku game"]
    );
    assert_eq!(
        titles(&[Topic::Gomorpion as u8, NO_TOPIC]),
        ["Gomorpion", "Gomorpion: the board and the keys"]
    );
    for topic in [Topic::Piskasm, Topic::Outer, Topic::Exact] {
        assert_eq!(titles(&[topic as u8, Topic::Keys as u8]).len(), 2);
    }
    let mut usage = Vec::new();
    for_each_line(Topic::Usage, &byte_at, &mut |line| {
        usage.push(line.to_vec())
    });
    assert!(usage[0].starts_with(b"PISKRS - Gomoku for DOS"));
}
