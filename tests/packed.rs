//! The packed texts (src/support/packed.rs): what is packed at compile time unpacks to the
//! very bytes written in the source, and packing saves room. (That the list of
//! the program's texts, src/packed_texts.in, is the one pack-pairs writes is
//! checked by the tool's own tests: tools/tests/pack_pairs.rs.)

use piskrs::app::screen::{Canvas, Style, TextScreen, WIDTH};
use piskrs::packed as packed_macro;
use piskrs::packed_list;
use piskrs::support::packed::{self, MAX_UNPACKED, PAIRS, Packed, TEXTS};
use piskrs::support::text::Text;

fn unpacked(text: Packed) -> Vec<u8> {
    text.unpack(&mut [0; MAX_UNPACKED]).to_vec()
}

#[test]
fn a_packed_literal_unpacks_to_its_text() {
    let text =
        packed_macro!("Black begins: move with the arrows and press Enter{, or click a point}.");
    assert_eq!(
        unpacked(text),
        b"Black begins: move with the arrows and press Enter{, or click a point}."
    );
    assert_eq!(unpacked(packed_macro!("Taken back.")), b"Taken back.");
}

#[test]
fn a_packed_list_gives_its_texts_in_order() {
    let list = packed_list![
        packed!("no such file"),
        packed!("no such directory or drive"),
    ];
    assert_eq!(list.len(), 2);
    assert_eq!(unpacked(list.get(0)), b"no such file");
    assert_eq!(unpacked(list.get(1)), b"no such directory or drive");
}

#[test]
fn every_text_of_the_program_unpacks_to_itself() {
    assert!(TEXTS.len() > 100);
    for text in TEXTS {
        let bytes = text.as_bytes();
        assert_eq!(
            unpacked(Packed::find(text)),
            &bytes[..bytes.len().min(MAX_UNPACKED)]
        );
    }
}

#[test]
#[should_panic]
fn on_the_host_a_text_missing_from_the_list_panics_when_shown() {
    unpacked(Packed::find("a text the program does not have"));
}

#[test]
fn every_ascii_text_round_trips_and_the_program_s_texts_shrink() {
    // Every pair of printable characters, and a long run of the same one.
    let mut samples: Vec<Vec<u8>> = Vec::new();
    for a in 0x20..0x7Fu8 {
        samples.push((0x20..0x7F).flat_map(|b| [a, b]).take(78).collect());
    }
    samples.push(vec![b' '; 79]);
    samples.push(
        b"  /PISKASM    Gomoku 19x19, five or more wins (Piskasm's game; the default)".to_vec(),
    );
    for raw in samples {
        let (bytes, len) = packed::pack_bytes(&raw);
        assert_eq!(
            packed::unpack_bytes(&bytes[..len], &mut [0; MAX_UNPACKED]),
            raw,
            "{}",
            String::from_utf8_lossy(&raw)
        );
    }
    let text = b"Black opens on rows 1, 2, 14, 15 or columns A, B, O, P.";
    let (_, len) = packed::pack_bytes(text);
    println!("{} bytes packed to {len}", text.len());
    assert!(
        len * 10 < text.len() * 8,
        "the pairs save at least a fifth here"
    );
}

#[test]
fn pairs_only_refer_to_earlier_bytes() {
    // Byte 80h + k may only stand for plain bytes and earlier pairs, so unpacking
    // always ends.
    for (k, pair) in PAIRS.iter().enumerate() {
        for &byte in pair {
            assert!(byte < 0x80 + k as u8 || *pair == [0, 0], "pair {k}");
        }
    }
}

#[test]
fn push_packed_appends_and_long_texts_are_cut_at_a_screen_row() {
    let mut text = Text::<78>::new();
    text.push(b"[")
        .push_packed(packed_macro!("Saved to "))
        .push(b"]");
    // The line keeps the text's number; the screen unpacks it as it writes.
    assert_eq!(text.as_bytes().len(), 4);
    assert_eq!(text.as_bytes()[1], packed::MARK);
    assert_eq!(text.unpacked().as_bytes(), b"[Saved to ]");
    let mut screen = TextScreen::new();
    let end = screen.write(3, 1, text.as_bytes(), Style::Normal);
    let mut row = [0; WIDTH];
    screen.row_text(1, &mut row);
    assert_eq!(&row[..end + 1], b"   [Saved to ] ");
    assert_eq!(end, 3 + 11);
    // Texts one after another, and one at the line's start.
    let mut two = Text::<78>::new();
    two.push_packed(packed_macro!("Saved to "))
        .push_packed(packed_macro!("Taken back."));
    assert_eq!(two.unpacked().as_bytes(), b"Saved to Taken back.");
    let end = screen.write(0, 2, two.as_bytes(), Style::Normal);
    screen.row_text(2, &mut row);
    assert_eq!(&row[..end + 1], b"Saved to Taken back. ");
    let long = b"0123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789";
    let (bytes, len) = packed::pack_bytes(long);
    assert_eq!(
        packed::unpack_bytes(&bytes[..len], &mut [0; MAX_UNPACKED]),
        &long[..MAX_UNPACKED]
    );
}
