//! The compression of PISKRS.COM's parts: an LZSS whose decoder is quick on
//! an 8088. DOSBox-X charges a cycle an instruction and a cycle a repetition
//! of a string instruction, so the decoder (`decoders.rs`, `tokens`) is a few instructions
//! an item and a REP MOVSB a copy, and the parse weighs the cycles an item
//! costs against its bits.
//!
//! The stream is items, each with a flag bit; the flags come eight to a byte,
//! the highest bit first, each byte just before the items it flags:
//! - flag 0, a literal: one byte, copied as it is (3 cycles);
//! - flag 1, a token: two bytes, `low` then `code`:
//!   - `code` 0: a run of `low` literal bytes, which follow (`low` 0 ends the
//!     stream: the decoder needs no length);
//!   - `code` 1..=255: a match of [`length`]`(code)` bytes from `distance`
//!     back in the output, byte by byte (so a match may overlap the bytes it
//!     makes, a run), where `-distance` as a 16-bit word is
//!     [`high`]`(code) * 256 + low`.
//!
//! The codes are [`GROUPS`]: a few lengths, each with the codes (256
//! distances each) its matches may reach back. The decoder builds the two
//! tables from them (`length` and `high`, 256 bytes each), so a match is a
//! table look-up rather than bit fields to shift: 12 cycles and its length.
//! The groups were chosen for PISKRS86.COM's parts (image, texts, engine) by
//! a search over them at the parse below; any groups pack and unpack
//! correctly, other ones only pack less well.
//!
//! [`unpack`] is the decoder's model on the host; [`in_place_gap`] says how
//! far into the output's place the stream must start to be unpacked where it
//! lies (the loader unpacks each part so, with one segment for both).

/// The lengths a match may have and, for each, how many codes (of 256
/// distances each) it has: the farthest it reaches is 256 times that.
pub const GROUPS: [(u8, u8); 16] = [
    (2, 12),
    (3, 48),
    (4, 72),
    (5, 16),
    (6, 40),
    (7, 12),
    (8, 4),
    (9, 4),
    (10, 16),
    (11, 4),
    (13, 4),
    (18, 2),
    (22, 8),
    (40, 4),
    (96, 4),
    (255, 4),
];

/// The code of a run of literals (and, with a count of 0, of the end).
const RUN: u8 = 0;

/// What an item costs the decoder, in DOSBox-X cycles (its loop: a
/// flag's share of reading its byte, then the item's instructions).
const FLAG_CYCLES: u32 = 5; // a flag byte's, shared by its eight items
const LITERAL_CYCLES: u32 = 3;
const TOKEN_CYCLES: u32 = 12; // plus the bytes copied

/// The two tables the decoder builds from [`GROUPS`]: each code's length
/// (0 for [`RUN`]) and the high byte of its `-distance`.
pub fn tables() -> ([u8; 256], [u8; 256]) {
    let (mut length, mut high) = ([0u8; 256], [0u8; 256]);
    let mut code = RUN as usize + 1;
    for &(len, codes) in &GROUPS {
        for k in 0..codes {
            length[code] = len;
            high[code] = 0xFF - k;
            code += 1;
        }
    }
    assert!(code <= 256, "more codes than a byte holds");
    (length, high)
}

/// For each length 0..=255, the farthest a match of it may reach (0: none).
fn reach() -> [usize; 256] {
    let mut reach = [0; 256];
    for &(len, codes) in &GROUPS {
        reach[len as usize] = codes as usize * 256;
    }
    reach
}

/// The longest match a group has.
fn longest() -> usize {
    GROUPS.iter().map(|g| g.0 as usize).max().unwrap_or(0)
}

/// The shortest match a group has.
fn shortest() -> usize {
    GROUPS
        .iter()
        .map(|g| g.0 as usize)
        .min()
        .unwrap_or(2)
        .max(2)
}

/// For each position, the matches worth knowing (for lz.rs's groups).
fn matches(data: &[u8]) -> Vec<Vec<(u16, u16)>> {
    let window = GROUPS.iter().map(|g| g.1 as usize * 256).max().unwrap_or(0);
    let longest = longest();
    find_matches(
        data,
        Reach {
            window,
            longest,
            chain: 1500,
            nice: longest,
        },
    )
}

/// How far a packing's match finder looks: back `window` bytes, matches up
/// to `longest`, `chain` earlier places with the same two bytes tried, and a
/// match of `nice` bytes ending the search (a nearer one is as good).
pub(crate) struct Reach {
    pub window: usize,
    pub longest: usize,
    pub chain: usize,
    pub nice: usize,
}

/// For each position, the matches worth knowing: longer ones in turn, each
/// with the nearest place it starts (a staircase: for any length up to an
/// entry's, that entry's distance is the nearest). Both packings use it.
pub(crate) fn find_matches(data: &[u8], reach: Reach) -> Vec<Vec<(u16, u16)>> {
    const NONE: u32 = u32::MAX;
    let n = data.len();
    let mut head = vec![NONE; 1 << 16];
    let mut previous = vec![NONE; n];
    let mut found = vec![Vec::new(); n];
    for i in 0..n.saturating_sub(1) {
        let key = (data[i] as usize) << 8 | data[i + 1] as usize;
        let limit = (n - i).min(reach.longest);
        let (mut best, mut tried) = (1, 0);
        let mut at = head[key];
        while at != NONE && i - at as usize <= reach.window && tried < reach.chain {
            let start = at as usize;
            // Only a longer match is news: its byte at `best` must agree.
            if best < limit && data[start + best] == data[i + best] {
                let mut len = 2;
                while len < limit && data[start + len] == data[i + len] {
                    len += 1;
                }
                if len > best {
                    best = len;
                    found[i].push((len as u16, (i - start) as u16));
                    if len >= limit.min(reach.nice) {
                        break;
                    }
                }
            }
            at = previous[start];
            tried += 1;
        }
        previous[i] = head[key];
        head[key] = i as u32;
    }
    found
}

/// One item of the parse.
#[derive(Clone, Copy)]
enum Item {
    Literal,
    Run(usize),
    Match { len: usize, distance: usize },
}

impl Item {
    fn len(self) -> usize {
        match self {
            Item::Literal => 1,
            Item::Run(len) | Item::Match { len, .. } => len,
        }
    }
}

/// The items that cost least to the end, in bits and cycles weighed as
/// `cycle_bits` bits each (0 packs smallest), from the end backwards.
fn parse(data: &[u8], cycle_bits: f64) -> Vec<Item> {
    let n = data.len();
    let found = matches(data);
    let reach = reach();
    let shortest = shortest();
    // An item's bits (its flag's too) and cycles (its flag's share of
    // reading the flag byte too).
    let flag_cycles = FLAG_CYCLES as f64 / 8.0;
    let literal = 9.0 + cycle_bits * (LITERAL_CYCLES as f64 + flag_cycles);
    let token = 17.0 + cycle_bits * (TOKEN_CYCLES as f64 + flag_cycles);
    let per_byte_copied = cycle_bits; // a REP MOVSB's repetition
    let per_run_byte = 8.0 + per_byte_copied;
    let mut cost = vec![0f64; n + 1];
    let mut choice = vec![Item::Literal; n];
    // The cheapest run from each place: a sliding minimum over where it ends,
    // of per_run_byte * end + cost[end], for ends 2..=255 bytes on.
    let mut ends: std::collections::VecDeque<usize> = Default::default();
    let run_value = |end: usize, cost: &[f64]| per_run_byte * end as f64 + cost[end];
    for i in (0..n).rev() {
        cost[i] = literal + cost[i + 1];
        choice[i] = Item::Literal;
        if i + 2 <= n {
            let end = i + 2;
            while ends
                .back()
                .is_some_and(|&e| run_value(e, &cost) >= run_value(end, &cost))
            {
                ends.pop_back();
            }
            ends.push_back(end);
        }
        while ends.front().is_some_and(|&e| e > i + 255) {
            ends.pop_front();
        }
        if let Some(&end) = ends.front() {
            let value = token + per_run_byte * (end - i) as f64 + cost[end];
            if value < cost[i] {
                cost[i] = value;
                choice[i] = Item::Run(end - i);
            }
        }
        let mut shorter = shortest - 1;
        for &(len, distance) in &found[i] {
            let (len, distance) = (len as usize, distance as usize);
            for take in shorter + 1..=len {
                if reach[take] >= distance {
                    let value = token + per_byte_copied * take as f64 + cost[i + take];
                    if value < cost[i] {
                        cost[i] = value;
                        choice[i] = Item::Match {
                            len: take,
                            distance,
                        };
                    }
                }
            }
            shorter = len;
        }
    }
    let mut items = Vec::new();
    let mut i = 0;
    while i < n {
        items.push(choice[i]);
        i += choice[i].len();
    }
    items
}

/// `data` packed, weighing a cycle of the decoder as `cycle_bits` bits;
/// `unpack(&pack(data, w))` gives `data` back.
pub fn pack(data: &[u8], cycle_bits: f64) -> Vec<u8> {
    let (length, high) = tables();
    let mut out = Vec::with_capacity(data.len());
    let (mut flags_at, mut flag_bit) = (0, 0u8);
    let mut flag = |out: &mut Vec<u8>, set: bool| {
        if flag_bit == 0 {
            flags_at = out.len();
            out.push(0);
            flag_bit = 0x80;
        }
        if set {
            out[flags_at] |= flag_bit;
        }
        flag_bit >>= 1;
    };
    let mut at = 0;
    for item in parse(data, cycle_bits) {
        match item {
            Item::Literal => {
                flag(&mut out, false);
                out.push(data[at]);
            }
            Item::Run(len) => {
                flag(&mut out, true);
                out.extend_from_slice(&[len as u8, RUN]);
                out.extend_from_slice(&data[at..at + len]);
            }
            Item::Match { len, distance } => {
                let minus = 0x10000 - distance;
                let code = (1..256)
                    .find(|&c| length[c] as usize == len && high[c] as usize == minus >> 8)
                    .expect("a code for the match");
                flag(&mut out, true);
                out.extend_from_slice(&[minus as u8, code as u8]);
            }
        }
        at += item.len();
    }
    flag(&mut out, true);
    out.extend_from_slice(&[0, RUN]); // the end
    out
}

/// The stream unpacked, as the loader's decoder does it; None when it ends
/// early, reaches back before the start or is not ended.
#[cfg(test)]
pub fn unpack(stream: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    decode(stream, &mut |_, _| {}, &mut out)?;
    Some(out)
}

/// Decodes `stream` into `out`, calling `step(read, written)` after each
/// item with the stream bytes read so far and the bytes written.
fn decode(stream: &[u8], step: &mut dyn FnMut(usize, usize), out: &mut Vec<u8>) -> Option<()> {
    let (length, high) = tables();
    let mut at = 0;
    let byte = |at: &mut usize| -> Option<u8> {
        *at += 1;
        stream.get(*at - 1).copied()
    };
    let (mut flags, mut left) = (0u8, 0);
    loop {
        if left == 0 {
            flags = byte(&mut at)?;
            left = 8;
        }
        let token = flags & 0x80 != 0;
        flags <<= 1;
        left -= 1;
        if !token {
            out.push(byte(&mut at)?);
        } else {
            let low = byte(&mut at)?;
            let code = byte(&mut at)? as usize;
            if length[code] == 0 {
                if low == 0 {
                    return Some(());
                }
                for _ in 0..low {
                    out.push(byte(&mut at)?);
                }
            } else {
                let minus = (high[code] as usize) << 8 | low as usize;
                let from = out.len().checked_sub(0x10000 - minus)?;
                for k in 0..length[code] as usize {
                    out.push(out[from + k]);
                }
            }
        }
        step(at, out.len());
    }
}

/// About how many cycles the loader's decoder spends on `stream` (the
/// parse's model of it).
pub fn cycles(stream: &[u8]) -> u64 {
    let (mut items, mut cycles) = (0u64, 0u64);
    let mut out = Vec::new();
    let mut last = (0, 0);
    decode(
        stream,
        &mut |read, written| {
            items += 1;
            let (bytes, wrote) = (read - last.0, written - last.1);
            cycles += if bytes <= 2 && wrote == 1 {
                LITERAL_CYCLES as u64
            } else {
                TOKEN_CYCLES as u64 + wrote as u64
            };
            last = (read, written);
        },
        &mut out,
    )
    .expect("a stream pack made");
    cycles + items * FLAG_CYCLES as u64 / 8
}

/// Where the stream must start, counted from the start of the output's
/// place, so that unpacking it where it lies never writes over a byte not
/// yet read: after every item the bytes written may reach up to where the
/// stream's next unread byte lies, no further. (A match reads its two bytes
/// before it writes, a literal its byte.)
pub fn in_place_gap(stream: &[u8]) -> usize {
    let mut gap = 0;
    let mut out = Vec::new();
    decode(
        stream,
        &mut |read, written| gap = gap.max(written.saturating_sub(read)),
        &mut out,
    )
    .expect("a stream pack made");
    gap
}

/// Unpacks `stream` as the loader does, in one place of `len` bytes with
/// the stream copied to `gap` in it: the bytes it leaves in the output's
/// first `out_len` bytes (to check [`in_place_gap`]).
pub fn unpack_in_place(stream: &[u8], gap: usize, out_len: usize) -> Option<Vec<u8>> {
    let (length, high) = tables();
    let mut memory = vec![0u8; (gap + stream.len()).max(out_len)];
    memory[gap..gap + stream.len()].copy_from_slice(stream);
    let (mut si, mut di) = (gap, 0usize);
    let (mut flags, mut left) = (0u8, 0);
    loop {
        if left == 0 {
            flags = *memory.get(si)?;
            si += 1;
            left = 8;
        }
        let token = flags & 0x80 != 0;
        flags <<= 1;
        left -= 1;
        if !token {
            *memory.get_mut(di)? = *memory.get(si)?;
            (si, di) = (si + 1, di + 1);
            continue;
        }
        let (low, code) = (*memory.get(si)?, *memory.get(si + 1)? as usize);
        si += 2;
        let (from, count) = if length[code] == 0 {
            if low == 0 {
                break;
            }
            let from = si;
            si += low as usize;
            (from, low as usize)
        } else {
            let minus = (high[code] as usize) << 8 | low as usize;
            (di.checked_sub(0x10000 - minus)?, length[code] as usize)
        };
        for k in 0..count {
            *memory.get_mut(di + k)? = *memory.get(from + k)?;
        }
        di += count;
    }
    memory.truncate(out_len);
    (di == out_len).then_some(memory)
}

/// A fixed pseudo-random sequence with stretches of repetition, near and
/// far, like code: the test data of both packings.
#[cfg(test)]
pub(crate) fn code_like(len: usize, seed: u32) -> Vec<u8> {
    let mut state = seed;
    let mut data = Vec::new();
    while data.len() < len {
        state = state.wrapping_mul(1_103_515_245).wrapping_add(12345);
        let r = (state >> 16) as usize;
        if r.is_multiple_of(5) && data.len() > 40 {
            let back = 1 + r % data.len().min(20_000);
            let start = data.len() - back;
            for k in 0..(r % 30) {
                data.push(data[start + k % back]);
            }
        } else {
            data.push((r >> 3) as u8);
        }
    }
    data.truncate(len);
    data
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip(data: &[u8]) -> Vec<u8> {
        let stream = pack(data, 0.0);
        assert_eq!(unpack(&stream).as_deref(), Some(data));
        let gap = in_place_gap(&stream);
        assert_eq!(
            unpack_in_place(&stream, gap, data.len()).as_deref(),
            Some(data),
            "unpacked where it lies"
        );
        stream
    }

    #[test]
    fn the_groups_fill_the_codes_and_reach_as_they_say() {
        let (length, high) = tables();
        assert_eq!(length[RUN as usize], 0, "code 0 is the run");
        let codes: usize = GROUPS.iter().map(|g| g.1 as usize).sum();
        assert!(codes <= 255);
        assert!(GROUPS.iter().all(|g| g.0 >= 2 && g.1 > 0));
        // Each group's codes count its distances down from -1.
        let mut code = 1;
        for &(len, codes) in &GROUPS {
            for k in 0..codes {
                assert_eq!((length[code], high[code]), (len, 0xFF - k));
                code += 1;
            }
        }
    }

    #[test]
    fn empty_and_tiny_inputs_round_trip() {
        assert_eq!(round_trip(&[]), [0x80, 0, RUN], "only the end");
        round_trip(&[7]);
        round_trip(&[1, 2]);
        round_trip(&[1, 2, 3]);
    }

    #[test]
    fn a_run_of_one_byte_becomes_overlapping_matches() {
        let data = vec![0xA5u8; 10_000];
        let stream = round_trip(&data);
        // A literal, then the longest matches one byte back.
        assert!(
            stream.len() < 10_000 / 255 * 3 + 20,
            "{} bytes",
            stream.len()
        );
    }

    #[test]
    fn matches_reach_back_their_group_s_distances_and_no_further() {
        // The group that reaches farthest: a repeat of its length exactly
        // that far back is one match (its two bytes and a flag byte at most).
        let &(len, codes) = GROUPS.iter().max_by_key(|g| g.1).unwrap();
        let (len, far) = (len as usize, codes as usize * 256);
        let mut data = code_like(far, 7);
        let head: Vec<u8> = data[..len].to_vec();
        data.extend_from_slice(&head);
        let stream = round_trip(&data);
        let unmatched = pack(&data[..far], 0.0);
        assert!(
            stream.len() <= unmatched.len() + 3,
            "the repeat was not matched"
        );
        // One byte farther: unpacks right all the same.
        let mut farther = data[..far].to_vec();
        farther.push(0xFF);
        farther.extend_from_slice(&head);
        round_trip(&farther);
    }

    #[test]
    fn literals_that_do_not_repeat_go_in_runs_and_the_stream_says_where_it_ends() {
        let data: Vec<u8> = (0..=255u8).collect();
        let stream = round_trip(&data);
        assert!(
            stream.len() <= 256 + 256 / 8 + 3 + 1,
            "{} bytes",
            stream.len()
        );
        // Whatever follows the end is not read.
        let mut longer = stream.clone();
        longer.extend_from_slice(&[1, 2, 3]);
        assert_eq!(unpack(&longer).as_deref(), Some(&data[..]));
    }

    #[test]
    fn a_damaged_stream_is_refused() {
        let data = code_like(3000, 3);
        let stream = pack(&data, 0.0);
        assert_eq!(unpack(&stream[..stream.len() - 1]), None, "cut short");
        // A match before the start: the first item a match one byte back.
        let code = (1..256).find(|&c| tables().0[c] != 0).unwrap() as u8;
        assert_eq!(unpack(&[0x80, 0xFF, code, 0, RUN]), None);
    }

    #[test]
    fn code_like_data_round_trips_in_place_and_shrinks() {
        for seed in [1, 2, 3] {
            let data = code_like(40_000, seed);
            let stream = round_trip(&data);
            assert!(stream.len() < data.len() * 9 / 10, "{} bytes", stream.len());
            // Closer than the gap it says, unpacking in place goes wrong.
            let gap = in_place_gap(&stream);
            assert!(gap > 0);
            assert_ne!(
                unpack_in_place(&stream, gap - 1, data.len()).as_deref(),
                Some(&data[..])
            );
        }
    }
}
