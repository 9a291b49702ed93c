//! The compression of PISKRS.COM's image: LZSS, as small to decode as it gets.
//!
//! The stream is a sequence of groups: a flag byte, then up to eight items,
//! one per flag bit from the lowest up. A set bit is a literal (one byte, copied
//! as it is); a clear bit is a match (two bytes, a little-endian word `w`): copy
//! `(w >> 12) + 3` bytes (3..18) from `(w & 0xFFF) + 1` bytes back (1..4096) in
//! the output, a byte at a time, so that a match may overlap the bytes it makes
//! (a run). The stream has no end mark: the decoder is told how many bytes to
//! make. The stub's decoder (`stub.rs`) is this format in 8086 code; [`unpack`]
//! is its model on the host.

/// The farthest back a match may reach.
pub const WINDOW: usize = 4096;
/// The shortest and longest match.
pub const MIN_MATCH: usize = 3;
pub const MAX_MATCH: usize = 18;

/// `data` packed; `unpack(&pack(data), data.len())` gives `data` back.
///
/// The parse is optimal for this format: from the end backwards, each position
/// takes whichever of a literal or a match of any usable length leaves the
/// fewest bits to the end.
pub fn pack(data: &[u8]) -> Vec<u8> {
    let longest = longest_matches(data);
    // bits[i]: the fewest bits that encode data[i..]; choice[i]: 0 for a
    // literal, else the match length taken there.
    let n = data.len();
    let mut bits = vec![0u32; n + 1];
    let mut choice = vec![0usize; n];
    for i in (0..n).rev() {
        bits[i] = 9 + bits[i + 1];
        let (length, _) = longest[i];
        for take in MIN_MATCH..=length {
            let cost = 17 + bits[i + take];
            if cost < bits[i] {
                bits[i] = cost;
                choice[i] = take;
            }
        }
    }
    let mut out = Vec::with_capacity(n);
    let (mut flag_at, mut flag_bit) = (0, 8);
    let mut i = 0;
    while i < n {
        if flag_bit == 8 {
            flag_at = out.len();
            out.push(0);
            flag_bit = 0;
        }
        if choice[i] == 0 {
            out[flag_at] |= 1 << flag_bit;
            out.push(data[i]);
            i += 1;
        } else {
            let distance = longest[i].1;
            let word = (((choice[i] - MIN_MATCH) << 12) | (distance - 1)) as u16;
            out.extend_from_slice(&word.to_le_bytes());
            i += choice[i];
        }
        flag_bit += 1;
    }
    out
}

/// For each position: the longest match there (0 if none of at least
/// [`MIN_MATCH`]) and how far back it starts, the nearest such.
fn longest_matches(data: &[u8]) -> Vec<(usize, usize)> {
    let n = data.len();
    // The positions of each three-byte prefix seen so far, newest last.
    let mut seen: std::collections::HashMap<[u8; 3], Vec<usize>> = Default::default();
    let mut longest = vec![(0, 0); n];
    for i in 0..n {
        if i + MIN_MATCH > n {
            break;
        }
        let key = [data[i], data[i + 1], data[i + 2]];
        let positions = seen.entry(key).or_default();
        let limit = (n - i).min(MAX_MATCH);
        for &start in positions.iter().rev() {
            if i - start > WINDOW {
                break;
            }
            let mut length = 0;
            while length < limit && data[start + length] == data[i + length] {
                length += 1;
            }
            if length > longest[i].0 {
                longest[i] = (length, i - start);
                if length == limit {
                    break;
                }
            }
        }
        positions.push(i);
    }
    longest
}

/// The stream unpacked into `length` bytes: what the stub does, on the host.
/// None when the stream ends early or reaches back before the start.
pub fn unpack(stream: &[u8], length: usize) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(length);
    let mut bytes = stream.iter().copied();
    let mut flags = 1u16; // only the sentinel: read a flag byte first
    while out.len() < length {
        if flags == 1 {
            flags = 0x100 | bytes.next()? as u16;
        }
        let literal = flags & 1 != 0;
        flags >>= 1;
        if literal {
            out.push(bytes.next()?);
        } else {
            let word = u16::from_le_bytes([bytes.next()?, bytes.next()?]) as usize;
            let distance = (word & 0xFFF) + 1;
            let count = (word >> 12) + MIN_MATCH;
            let from = out.len().checked_sub(distance)?;
            for k in 0..count {
                out.push(out[from + k]);
            }
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip(data: &[u8]) -> Vec<u8> {
        let stream = pack(data);
        assert_eq!(unpack(&stream, data.len()).as_deref(), Some(data));
        stream
    }

    #[test]
    fn empty_and_tiny_inputs_round_trip() {
        assert!(round_trip(&[]).is_empty());
        round_trip(&[7]);
        round_trip(&[1, 2]);
        round_trip(&[1, 2, 3]);
    }

    #[test]
    fn a_run_becomes_overlapping_matches() {
        let data = vec![0xA5u8; 1000];
        let stream = round_trip(&data);
        // A literal, then matches of 18 a distance of 1 back: 1000 bytes in
        // far fewer than 1000 / 18 * 2 + flags.
        assert!(stream.len() < 130, "{} bytes", stream.len());
    }

    #[test]
    fn a_match_reaches_back_the_whole_window_and_no_further() {
        let mut data: Vec<u8> = (0..WINDOW as u32).map(|i| (i * 7919 % 251) as u8).collect();
        let head = data[..MAX_MATCH].to_vec();
        data.extend_from_slice(&head); // exactly WINDOW back: a match
        let stream = round_trip(&data);
        let unmatched = pack(&data[..WINDOW]);
        assert!(
            stream.len() < unmatched.len() + 4,
            "the repeat was not matched"
        );
        // One byte farther than the window: must not be matched from there.
        let mut far = data[..WINDOW].to_vec();
        far.push(0xFF);
        far.extend_from_slice(&head);
        round_trip(&far);
    }

    #[test]
    fn a_truncated_stream_is_refused() {
        let data: Vec<u8> = (0..300u32).map(|i| (i % 13) as u8).collect();
        let stream = pack(&data);
        assert_eq!(unpack(&stream[..stream.len() - 1], data.len()), None);
        assert_eq!(
            unpack(&[0x00, 0x05, 0x00], 3),
            None,
            "a match before the start"
        );
    }

    #[test]
    fn random_and_repetitive_data_round_trip() {
        // A fixed pseudo-random sequence with stretches of repetition, like code.
        let mut state = 12345u32;
        let mut data = Vec::new();
        for _ in 0..20_000 {
            state = state.wrapping_mul(1_103_515_245).wrapping_add(12345);
            let r = (state >> 16) as usize;
            if r.is_multiple_of(5) && data.len() > 40 {
                let back = 1 + r % data.len().min(5000);
                let start = data.len() - back;
                for k in 0..(r % 30) {
                    data.push(data[start + k % back]);
                }
            } else {
                data.push((r >> 3) as u8);
            }
        }
        let stream = round_trip(&data);
        assert!(stream.len() < data.len());
    }
}
