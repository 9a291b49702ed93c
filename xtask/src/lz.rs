//! The compression of PISKRS.COM's parts: an LZSS whose decoder is quick on
//! an 8088. DOSBox-X charges a cycle an instruction and a cycle a repetition
//! of a string instruction, so the decoder (`decoders.rs`, `tokens`) is a few instructions
//! an item and a REP MOVSB a copy, and the parse weighs the cycles an item
//! costs against its bits.
//!
//! The stream is items, each with a flag bit; the flags come eight to a byte,
//! the highest bit first, each byte just before the items it flags:
//! - flag 0, a literal: one byte, copied as it is (3 cycles);
//! - flag 1, a token: a `code` byte, then
//!   - `code` 0: a byte `count`, then a run of `count` literal bytes
//!     (`count` 0 ends the stream: the decoder needs no length);
//!   - a repeat's code (1 to [`REPEATS`]' count): a match of that length at
//!     the last match's distance again, no byte more;
//!   - a match's code: a byte `low`; a match of `length(code)` bytes from
//!     `distance` back in the output, byte by byte (so a match may overlap
//!     the bytes it makes, a run), where `-distance` as a 16-bit word is
//!     `high(code) * 256 + low`.
//!
//! The match codes are [`GROUPS`]: a few lengths, each with the codes (256
//! distances each) its matches may reach back. The decoder builds two
//! tables from the repeats and the groups (`length` and `high`, 256 bytes
//! each, [`Codes::tables`]), so a match is a table look-up rather than bit
//! fields to shift: 15 cycles and its length, a repeat 14. The groups were
//! chosen for PISKRS86.COM's parts (image, texts, engine) by a search over
//! them at the parse of then, the repeats' lengths among a few sets tried
//! on PISKRS86.COM's image (docs/benchmarks.md, "The start"); any codes
//! pack and unpack correctly, other ones only pack less well. The parse
//! keeps the [`ARRIVALS`] cheapest ways to each place by their last
//! distance, so it finds where a repeat pays.
//!
//! [`unpack`] is the decoder's model on the host; [`in_place_gap`] says how
//! far into the output's place the stream must start to be unpacked where it
//! lies (the loader unpacks each part so, with one segment for both).

/// The lengths a match may have and, for each, how many codes (of 256
/// distances each) it has: the farthest it reaches is 256 times that.
pub const GROUPS: [(u8, u8); 16] = [
    (2, 12),
    (3, 46),
    (4, 70),
    (5, 16),
    (6, 38),
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

/// The repeats' lengths, a code each: a match at the last match's
/// distance again.
pub const REPEATS: [u8; 7] = [2, 3, 4, 5, 6, 8, 12];

/// The code of a run of literals (and, with a count of 0, of the end).
const RUN: u8 = 0;

/// What an item costs the decoder, in DOSBox-X cycles, its flag's
/// instructions included (a flag byte's reading is shared by its eight
/// items); a match's, a repeat's and a run's plus the bytes copied.
const FLAG_CYCLES: u32 = 5;
const LITERAL_CYCLES: u32 = 3;
const MATCH_CYCLES: u32 = 15;
const REPEAT_CYCLES: u32 = 14;
const RUN_CYCLES: u32 = 15;
/// The decoder's start and end.
const END_CYCLES: u64 = 20;

/// For each position, the matches worth knowing (for the codes' groups).
fn matches(data: &[u8], codes: &Codes) -> Vec<Vec<(u16, u16)>> {
    let window = codes
        .groups
        .iter()
        .map(|g| g.1 as usize * 256)
        .max()
        .unwrap_or(0);
    let longest = codes.groups.iter().map(|g| g.0 as usize).max().unwrap_or(0);
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

/// The codes' lengths and reaches: [`REPEATS`] then [`GROUPS`] (the
/// packer's lab may try others).
#[derive(Clone, Debug)]
pub struct Codes {
    pub repeats: Vec<u8>,
    pub groups: Vec<(u8, u8)>,
}

impl Codes {
    pub fn shipped() -> Codes {
        Codes {
            repeats: REPEATS.to_vec(),
            groups: GROUPS.to_vec(),
        }
    }

    /// The groups the loader builds its tables from: each repeat's length
    /// as a group of one code, then the matches' groups.
    pub fn stub_groups(&self) -> Vec<(u8, u8)> {
        self.repeats
            .iter()
            .map(|&len| (len, 1))
            .chain(self.groups.iter().copied())
            .collect()
    }

    /// The first match's code: below it, the run's (0) and the repeats'.
    pub fn first_match(&self) -> u8 {
        1 + self.repeats.len() as u8
    }

    /// The two tables the decoder builds: each code's length (0 for
    /// [`RUN`]) and the high byte of its `-distance` (repeats' unused).
    pub fn tables(&self) -> ([u8; 256], [u8; 256]) {
        let (mut length, mut high) = ([0u8; 256], [0u8; 256]);
        let mut code = RUN as usize + 1;
        for (len, codes) in self.stub_groups() {
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
    fn reach(&self) -> [usize; 256] {
        let mut reach = [0; 256];
        for &(len, codes) in &self.groups {
            reach[len as usize] = codes as usize * 256;
        }
        reach
    }
}

/// One item of the parse.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Item {
    Literal,
    Run(usize),
    Match { len: usize, distance: usize },
    Repeat(usize),
}

impl Item {
    fn len(self) -> usize {
        match self {
            Item::Literal => 1,
            Item::Run(len) | Item::Match { len, .. } | Item::Repeat(len) => len,
        }
    }
}

/// How many ways to arrive at a place the parse keeps (by their last
/// distance).
const ARRIVALS: usize = 4;

/// A way to arrive at a place: its cost from the start (64ths of a bit),
/// the last match's distance (0: none yet), the item that arrived and
/// where it came from.
#[derive(Clone, Copy)]
struct Arrival {
    cost: u64,
    distance: usize,
    item: Item,
    from: u32,
}

fn relax(list: &mut Vec<Arrival>, new: Arrival) {
    if let Some(same) = list.iter_mut().find(|a| a.distance == new.distance) {
        if new.cost < same.cost {
            *same = new;
        }
    } else if list.len() < ARRIVALS {
        list.push(new);
    } else if let Some(worst) = list.iter_mut().max_by_key(|a| a.cost)
        && new.cost < worst.cost
    {
        *worst = new;
    }
}

/// The items that cost least to the end, in bits and cycles weighed as
/// `cycle_bits` bits each (0 packs smallest), found forwards keeping the
/// [`ARRIVALS`] cheapest ways to each place.
pub(crate) fn parse(data: &[u8], cycle_bits: f64, codes: &Codes) -> Vec<Item> {
    let n = data.len();
    let found = matches(data, codes);
    let reach = codes.reach();
    let mut repeat_of = [false; 256];
    for &len in &codes.repeats {
        repeat_of[len as usize] = true;
    }
    let longest_repeat = codes.repeats.iter().copied().max().unwrap_or(0) as usize;
    // Costs in 64ths of a bit; a cycle weighs `cycle_bits` bits.
    let cycle = |c: f64| (c * cycle_bits * 64.0).round() as u64;
    let flag = FLAG_CYCLES as f64 / 8.0;
    let literal = 9 * 64 + cycle(LITERAL_CYCLES as f64 + flag);
    let matched = |len: usize| 17 * 64 + cycle(MATCH_CYCLES as f64 + flag + len as f64);
    let repeat = |len: usize| 9 * 64 + cycle(REPEAT_CYCLES as f64 + flag + len as f64);
    let run =
        |len: usize| (17 + 8 * len as u64) * 64 + cycle(RUN_CYCLES as f64 + flag + len as f64);
    let mut arrivals: Vec<Vec<Arrival>> = vec![Vec::new(); n + 1];
    arrivals[0].push(Arrival {
        cost: 0,
        distance: 0,
        item: Item::Literal,
        from: u32::MAX,
    });
    for p in 0..n {
        let here = std::mem::take(&mut arrivals[p]);
        for (slot, a) in here.iter().enumerate() {
            let from = (p * ARRIVALS + slot) as u32;
            let go = |item: Item, cost: u64, distance: usize, arrivals: &mut Vec<Vec<Arrival>>| {
                relax(
                    &mut arrivals[p + item.len()],
                    Arrival {
                        cost: a.cost + cost,
                        distance,
                        item,
                        from,
                    },
                );
            };
            go(Item::Literal, literal, a.distance, &mut arrivals);
            for len in RUN_SHORTEST..=(n - p).min(255) {
                go(Item::Run(len), run(len), a.distance, &mut arrivals);
            }
            if a.distance != 0 && a.distance <= p {
                let mut len = 0;
                while p + len < n
                    && len < longest_repeat
                    && data[p + len] == data[p + len - a.distance]
                {
                    len += 1;
                    if repeat_of[len] {
                        go(Item::Repeat(len), repeat(len), a.distance, &mut arrivals);
                    }
                }
            }
        }
        if let Some(best) = here.iter().map(|a| a.cost).min() {
            let slot = here.iter().position(|a| a.cost == best).unwrap();
            let from = (p * ARRIVALS + slot) as u32;
            let mut shorter = 1;
            for &(len, distance) in &found[p] {
                let (len, distance) = (len as usize, distance as usize);
                for take in shorter + 1..=len {
                    if reach[take] >= distance {
                        let item = Item::Match {
                            len: take,
                            distance,
                        };
                        relax(
                            &mut arrivals[p + take],
                            Arrival {
                                cost: best + matched(take),
                                distance,
                                item,
                                from,
                            },
                        );
                    }
                }
                shorter = len;
            }
        }
        arrivals[p] = here;
    }
    let last = arrivals[n]
        .iter()
        .enumerate()
        .min_by_key(|(_, a)| a.cost)
        .map(|(slot, _)| slot)
        .expect("a way to the end");
    let mut items = Vec::new();
    let (mut p, mut slot) = (n, last);
    while p > 0 {
        let a = arrivals[p][slot];
        items.push(a.item);
        p = a.from as usize / ARRIVALS;
        slot = a.from as usize % ARRIVALS;
    }
    items.reverse();
    items
}

/// The shortest run worth a token.
const RUN_SHORTEST: usize = 2;

/// `data` packed, weighing a cycle of the decoder as `cycle_bits` bits;
/// `unpack(&pack(data, w))` gives `data` back.
pub fn pack(data: &[u8], cycle_bits: f64) -> Vec<u8> {
    pack_with(data, cycle_bits, &Codes::shipped())
}

/// [`pack`] with other codes.
pub fn pack_with(data: &[u8], cycle_bits: f64, codes: &Codes) -> Vec<u8> {
    let (length, high) = codes.tables();
    let first_match = codes.first_match() as usize;
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
    for item in parse(data, cycle_bits, codes) {
        match item {
            Item::Literal => {
                flag(&mut out, false);
                out.push(data[at]);
            }
            Item::Run(len) => {
                flag(&mut out, true);
                out.extend_from_slice(&[RUN, len as u8]);
                out.extend_from_slice(&data[at..at + len]);
            }
            Item::Repeat(len) => {
                let code = (1..first_match)
                    .find(|&c| length[c] as usize == len)
                    .expect("a code for the repeat");
                flag(&mut out, true);
                out.push(code as u8);
            }
            Item::Match { len, distance } => {
                let minus = 0x10000 - distance;
                let code = (first_match..256)
                    .find(|&c| length[c] as usize == len && high[c] as usize == minus >> 8)
                    .expect("a code for the match");
                flag(&mut out, true);
                out.extend_from_slice(&[code as u8, minus as u8]);
            }
        }
        at += item.len();
    }
    flag(&mut out, true);
    out.extend_from_slice(&[RUN, 0]); // the end
    out
}

/// The stream unpacked, as the loader's decoder does it; None when it ends
/// early, reaches back before the start or is not ended.
#[cfg(test)]
pub fn unpack(stream: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    decode(stream, &Codes::shipped(), &mut |_, _, _| {}, &mut out)?;
    Some(out)
}

/// Decodes `stream` into `out`, calling `step(read, written, cycles)` after
/// each item with the stream bytes read so far, the bytes written and the
/// item's cycles (its flag's share not counted).
fn decode(
    stream: &[u8],
    codes: &Codes,
    step: &mut dyn FnMut(usize, usize, u64),
    out: &mut Vec<u8>,
) -> Option<()> {
    let (length, high) = codes.tables();
    let first_match = codes.first_match() as usize;
    let mut at = 0;
    let byte = |at: &mut usize| -> Option<u8> {
        *at += 1;
        stream.get(*at - 1).copied()
    };
    let (mut flags, mut left) = (0u8, 0);
    let mut last = 0usize;
    loop {
        if left == 0 {
            flags = byte(&mut at)?;
            left = 8;
        }
        let token = flags & 0x80 != 0;
        flags <<= 1;
        left -= 1;
        let cycles;
        if !token {
            out.push(byte(&mut at)?);
            cycles = LITERAL_CYCLES as u64;
        } else {
            let code = byte(&mut at)? as usize;
            let len = length[code] as usize;
            let distance = if code == RUN as usize {
                let count = byte(&mut at)?;
                if count == 0 {
                    return Some(());
                }
                for _ in 0..count {
                    out.push(byte(&mut at)?);
                }
                step(at, out.len(), RUN_CYCLES as u64 + count as u64);
                continue;
            } else if code < first_match {
                cycles = REPEAT_CYCLES as u64 + len as u64;
                last
            } else {
                let low = byte(&mut at)? as usize;
                cycles = MATCH_CYCLES as u64 + len as u64;
                0x10000 - ((high[code] as usize) << 8 | low)
            };
            if distance == 0 {
                return None;
            }
            last = distance;
            let from = out.len().checked_sub(distance)?;
            for k in 0..len {
                out.push(out[from + k]);
            }
        }
        step(at, out.len(), cycles);
    }
}

/// About how many cycles the loader's decoder spends on `stream` (the
/// parse's model of it).
pub fn cycles(stream: &[u8]) -> u64 {
    cycles_with(stream, &Codes::shipped())
}

/// [`cycles`] with other codes.
pub fn cycles_with(stream: &[u8], codes: &Codes) -> u64 {
    let (mut items, mut cycles) = (0u64, 0u64);
    let mut out = Vec::new();
    decode(
        stream,
        codes,
        &mut |_, _, item| {
            items += 1;
            cycles += item;
        },
        &mut out,
    )
    .expect("a stream pack made");
    cycles + items * FLAG_CYCLES as u64 / 8 + END_CYCLES
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
        &Codes::shipped(),
        &mut |read, written, _| gap = gap.max(written.saturating_sub(read)),
        &mut out,
    )
    .expect("a stream pack made");
    gap
}

/// Unpacks `stream` as the loader does, in one place of `len` bytes with
/// the stream copied to `gap` in it: the bytes it leaves in the output's
/// first `out_len` bytes (to check [`in_place_gap`]).
pub fn unpack_in_place(stream: &[u8], gap: usize, out_len: usize) -> Option<Vec<u8>> {
    let codes = Codes::shipped();
    let (length, high) = codes.tables();
    let first_match = codes.first_match() as usize;
    let mut memory = vec![0u8; (gap + stream.len()).max(out_len)];
    memory[gap..gap + stream.len()].copy_from_slice(stream);
    let (mut si, mut di) = (gap, 0usize);
    let (mut flags, mut left) = (0u8, 0);
    let mut last = 0;
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
        let code = *memory.get(si)? as usize;
        si += 1;
        let (from, count) = if code == RUN as usize {
            let count = *memory.get(si)? as usize;
            si += 1;
            if count == 0 {
                break;
            }
            si += count;
            (si - count, count)
        } else {
            if code >= first_match {
                let minus = (high[code] as usize) << 8 | *memory.get(si)? as usize;
                si += 1;
                last = 0x10000 - minus;
            }
            (di.checked_sub(last)?, length[code] as usize)
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
        let (length, high) = Codes::shipped().tables();
        assert_eq!(length[RUN as usize], 0, "code 0 is the run");
        let codes: usize = GROUPS.iter().map(|g| g.1 as usize).sum();
        assert!(codes + REPEATS.len() <= 255);
        assert!(GROUPS.iter().all(|g| g.0 >= 2 && g.1 > 0));
        // The repeats' codes, then each group's, counting its distances
        // down from -1.
        for (k, &len) in REPEATS.iter().enumerate() {
            assert_eq!(length[1 + k], len);
        }
        let mut code = Codes::shipped().first_match() as usize;
        for &(len, codes) in &GROUPS {
            for k in 0..codes {
                assert_eq!((length[code], high[code]), (len, 0xFF - k));
                code += 1;
            }
        }
    }

    #[test]
    fn empty_and_tiny_inputs_round_trip() {
        assert_eq!(round_trip(&[]), [0x80, RUN, 0], "only the end");
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
    fn a_repeat_takes_the_last_distance_again() {
        // Twelve bytes, then again with every sixth byte changed: after the
        // first match, literal, the rest are repeats.
        let mut data = code_like(300, 5);
        let head: Vec<u8> = data[..120].to_vec();
        for (k, &byte) in head.iter().enumerate() {
            data.push(if k % 6 == 5 { byte ^ 0x55 } else { byte });
        }
        let stream = round_trip(&data);
        let first_match = Codes::shipped().first_match();
        let repeats = parse(&data, 0.0, &Codes::shipped())
            .iter()
            .filter(|item| matches!(item, Item::Repeat(_)))
            .count();
        assert!(repeats >= 15, "{repeats} repeats");
        assert!(first_match > 1);
        assert!(stream.len() < 300 + 40 + 20 * 2, "{} bytes", stream.len());
    }

    #[test]
    fn a_damaged_stream_is_refused() {
        let data = code_like(3000, 3);
        let stream = pack(&data, 0.0);
        assert_eq!(unpack(&stream[..stream.len() - 1]), None, "cut short");
        // A match before the start: the first item a match one byte back.
        let code = Codes::shipped().first_match();
        assert_eq!(unpack(&[0x80, code, 0xFF, RUN, 0]), None);
        // A repeat before any match.
        assert_eq!(unpack(&[0x40, 7, 1, RUN, 0]), None);
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
