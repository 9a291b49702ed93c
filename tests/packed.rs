//! The packed texts (src/packed.rs): what is packed at compile time unpacks to the
//! very bytes written in the source, and packing saves room.

use piskrs::packed as packed_macro;
use piskrs::packed::{self, MAX_UNPACKED, PAIRS, Packed};
use piskrs::text::Text;

fn unpacked(text: Packed) -> Vec<u8> {
    text.unpack(&mut [0; MAX_UNPACKED]).to_vec()
}

#[test]
fn a_packed_literal_unpacks_to_its_text() {
    let text =
        packed_macro!("Black begins. Click a point, or move with the arrows and press Enter.");
    assert_eq!(
        unpacked(text),
        b"Black begins. Click a point, or move with the arrows and press Enter."
    );
    assert_eq!(unpacked(packed_macro!("")), b"");
    assert!(packed_macro!("").is_empty());
    assert_eq!(unpacked(packed_macro!("x")), b"x");
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
        let packed_text = Packed::from_packed(Box::leak(bytes[..len].to_vec().into_boxed_slice()));
        assert_eq!(
            unpacked(packed_text),
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
    assert_eq!(text.as_bytes(), b"[Saved to ]");
    let long = packed_macro!(
        "0123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789"
    );
    assert_eq!(unpacked(long).len(), MAX_UNPACKED);
}
