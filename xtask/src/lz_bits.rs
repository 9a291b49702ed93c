//! The far texts' and the tree's engine's packing: a bit-oriented LZ,
//! denser than `lz.rs`'s byte tokens and slower to unpack. The engine is
//! unpacked once, when Strong first moves, and the texts are a seventh of
//! what a start unpacks, so here bytes of the file count more than cycles.
//!
//! The stream interleaves bits and bytes in the order the decoder
//! (`decoders.rs`, `bits`) reads them: bits come eight to a byte, the
//! highest first, a new bit byte taken from the stream only when a bit is
//! wanted and the last one is spent; a literal's byte or an offset's low
//! byte is taken from the stream when it is wanted. After a literal:
//! - `0` and a byte: a literal;
//! - `10`: a match at a new offset: [`gamma`]`(high + 1)`, then a byte
//!   `!low`, then `gamma(length - 1)`, where `offset - 1 = high * 256 +
//!   low` (the match starts `offset` bytes back, byte by byte, so it may
//!   overlap the bytes it makes); `high + 1` = 256 ends the stream;
//! - `11`: a match at the last match's offset: `gamma(length)`.
//!
//! After a match (and at the start) the repeat is pointless (it would have
//! been one longer match), so a match at a new offset is `1` alone.
//!
//! [`gamma`]: Elias gamma, interleaved as the decoder reads it: for each
//! bit of the value below its highest, a `0` then that bit; a `1` at the end.

/// The longest match the parse looks for (a longer repeat is two matches).
const LONGEST: usize = 4096;
/// The longest repeat the parse looks for (the arrivals each look: in a
/// long run of one byte, a match one byte back serves as well).
const REPEAT_LONGEST: usize = 255;
/// The farthest back a match may start: `offset - 1` below FF00h, as
/// `high + 1` = 256 ends the stream.
const WINDOW: usize = 0xFF00;
/// `high + 1` that ends the stream.
const END: usize = 256;
/// How many ways to arrive at a place the parse keeps (by their last
/// offset and item): more finds more repeats, slower.
const ARRIVALS: usize = 8;

/// Writes bits and bytes in the decoder's order.
#[derive(Default)]
struct Writer {
    out: Vec<u8>,
    bits_at: usize,
    mask: u8,
}

impl Writer {
    fn bit(&mut self, set: bool) {
        if self.mask == 0 {
            self.bits_at = self.out.len();
            self.out.push(0);
            self.mask = 0x80;
        }
        if set {
            self.out[self.bits_at] |= self.mask;
        }
        self.mask >>= 1;
    }

    fn gamma(&mut self, value: usize) {
        debug_assert!(value >= 1);
        let top = usize::BITS - 1 - value.leading_zeros();
        for k in (0..top).rev() {
            self.bit(false);
            self.bit(value >> k & 1 != 0);
        }
        self.bit(true);
    }
}

/// The bits of `gamma(value)`.
fn gamma_bits(value: usize) -> u32 {
    2 * (usize::BITS - 1 - value.leading_zeros()) + 1
}

/// One item of the parse.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Item {
    Literal,
    Match { len: usize, offset: usize },
    Repeat { len: usize },
}

impl Item {
    fn len(self) -> usize {
        match self {
            Item::Literal => 1,
            Item::Match { len, .. } | Item::Repeat { len } => len,
        }
    }
}

/// Whether the parse tries a match `take` bytes long of one that could be
/// `len`: every length up to 48, then only the whole (a long repeat, as
/// the zeros of .bss, would cost a try for each length otherwise).
fn worth_trying(take: usize, len: usize) -> bool {
    take <= 48 || take == len
}

/// For each place, the matches worth knowing ([`crate::lz::find_matches`]
/// within this format's window and lengths).
fn matches(data: &[u8]) -> Vec<Vec<(u16, u16)>> {
    let reach = crate::lz::Reach {
        window: WINDOW,
        longest: LONGEST,
        chain: 2000,
        nice: 256,
    };
    crate::lz::find_matches(data, reach)
}

/// A way to arrive at a place: its cost from the start, the last match's
/// offset (0: none yet), whether the last item was a match, and the item
/// that arrived with where it came from.
#[derive(Clone, Copy)]
struct Arrival {
    cost: u32,
    offset: usize,
    after_match: bool,
    item: Item,
    from: u32,
}

/// The items that cost fewest bits to the end, found forwards keeping the
/// [`ARRIVALS`] cheapest ways to each place.
fn parse(data: &[u8], cycle_bits: f64) -> Vec<Item> {
    // Costs in 64ths of a bit; a cycle weighs `cycle_bits` bits, and a bit
    // 3/8 of a cycle more (its share of reloading the bit byte).
    let cycle = (cycle_bits * 64.0).round() as u32;
    let bits = |b: u32| b * 64 + b * cycle * 3 / 8;
    let gamma = |v: usize| bits(gamma_bits(v)) + cycle * (4 + 6 * (gamma_bits(v) - 1) / 2);
    let literal = bits(9) + cycle * 4;
    // A match's flags and tests: after a match, after a literal.
    let prefix = |after_match: bool| {
        if after_match {
            bits(1) + cycle * 4
        } else {
            bits(2) + cycle * 6
        }
    };
    // A copy (MOV, LEA, REP MOVSB a cycle a byte, MOV) and what leads to
    // it: a repeat's JMP, a new offset's INC CX.
    let copy = |len: usize| cycle * (5 + len as u32);
    let new_offset = |offset: usize| gamma((offset - 1) / 256 + 1) + bits(8) + cycle * 5;
    let end_cost = |a: &Arrival| a.cost + prefix(a.after_match) + gamma(END);
    let n = data.len();
    let found = matches(data);
    let mut arrivals: Vec<Vec<Arrival>> = vec![Vec::new(); n + 1];
    arrivals[0].push(Arrival {
        cost: 0,
        offset: 0,
        after_match: true,
        item: Item::Literal,
        from: u32::MAX,
    });
    fn relax(list: &mut Vec<Arrival>, new: Arrival) {
        if let Some(same) = list
            .iter_mut()
            .find(|a| a.offset == new.offset && a.after_match == new.after_match)
        {
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
    for p in 0..n {
        let here = std::mem::take(&mut arrivals[p]);
        for (slot, a) in here.iter().enumerate() {
            let from = (p * ARRIVALS + slot) as u32;
            relax(
                &mut arrivals[p + 1],
                Arrival {
                    cost: a.cost + literal,
                    offset: a.offset,
                    after_match: false,
                    item: Item::Literal,
                    from,
                },
            );
            if !a.after_match && a.offset != 0 && a.offset <= p {
                let mut len = 0;
                while p + len < n
                    && len < REPEAT_LONGEST
                    && data[p + len] == data[p + len - a.offset]
                {
                    len += 1;
                }
                for take in (1..=len).filter(|&t| worth_trying(t, len)) {
                    relax(
                        &mut arrivals[p + take],
                        Arrival {
                            cost: a.cost + prefix(false) + gamma(take) + copy(take),
                            offset: a.offset,
                            after_match: true,
                            item: Item::Repeat { len: take },
                            from,
                        },
                    );
                }
            }
        }
        let best = here
            .iter()
            .enumerate()
            .map(|(slot, a)| (a.cost + prefix(a.after_match), slot))
            .min();
        if let Some((base, slot)) = best {
            let from = (p * ARRIVALS + slot) as u32;
            let mut shorter = 1;
            for &(len, offset) in &found[p] {
                let (len, offset) = (len as usize, offset as usize);
                let with_offset = base + new_offset(offset);
                for take in (shorter + 1..=len).filter(|&t| worth_trying(t, len)) {
                    relax(
                        &mut arrivals[p + take],
                        Arrival {
                            cost: with_offset + gamma(take - 1) + copy(take),
                            offset,
                            after_match: true,
                            item: Item::Match { len: take, offset },
                            from,
                        },
                    );
                }
                shorter = len;
            }
        }
        arrivals[p] = here;
    }
    // The cheapest way to the end, its end marker counted, walked back.
    let last = arrivals[n]
        .iter()
        .enumerate()
        .min_by_key(|(_, a)| end_cost(a))
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

/// `data` packed; `unpack(&pack(data))` gives `data` back.
pub fn pack(data: &[u8], cycle_bits: f64) -> Vec<u8> {
    let mut w = Writer::default();
    let mut after_match = true;
    let mut at = 0;
    for item in parse(data, cycle_bits) {
        match item {
            Item::Literal => {
                w.bit(false);
                w.out.push(data[at]);
                after_match = false;
            }
            Item::Match { len, offset } => {
                w.bit(true);
                if !after_match {
                    w.bit(false);
                }
                w.gamma((offset - 1) / 256 + 1);
                w.out.push(!((offset - 1) as u8));
                w.gamma(len - 1);
                after_match = true;
            }
            Item::Repeat { len } => {
                assert!(!after_match, "a repeat only after a literal");
                w.bit(true);
                w.bit(true);
                w.gamma(len);
                after_match = true;
            }
        }
        at += item.len();
    }
    w.bit(true);
    if !after_match {
        w.bit(false);
    }
    w.gamma(END);
    w.out
}

/// The decoder's model: its registers and the cycles its instructions take
/// (DOSBox-X charges a cycle an instruction and one a repetition of a
/// string instruction; `decoders.rs`'s `bits`, instruction by
/// instruction).
struct Decoder<'a> {
    stream: &'a [u8],
    at: usize,
    bits: u8,
    cycles: u64,
}

impl Decoder<'_> {
    fn byte(&mut self) -> Option<u8> {
        self.at += 1;
        self.stream.get(self.at - 1).copied()
    }

    /// GETBIT: ADD DL,DL; JNZ; and when only the sentinel went out, MOV DL,[SI];
    /// INC SI; ADC DL,DL.
    fn bit(&mut self) -> Option<bool> {
        self.cycles += 2;
        let (bits, out) = (self.bits << 1, self.bits & 0x80 != 0);
        if bits != 0 {
            self.bits = bits;
            return Some(out);
        }
        self.cycles += 3;
        let byte = self.byte()?;
        self.bits = byte << 1 | 1;
        Some(byte & 0x80 != 0)
    }

    /// In line: MOV CX,1, GETBIT JC, then GETBIT ADC GETBIT JNC a bit of
    /// the value; None past 16 bits.
    fn gamma(&mut self) -> Option<usize> {
        self.cycles += 2;
        let mut value = 1usize;
        let mut more = !self.bit()?;
        while more {
            self.cycles += 2;
            value = value << 1 | self.bit()? as usize;
            more = !self.bit()?;
            if value > 0xFFFF {
                return None;
            }
        }
        Some(value)
    }

    /// A match's copy: MOV AX,SI; LEA; REP MOVSB; MOV SI,AX.
    fn copy(&mut self, out: &mut Vec<u8>, offset: usize, len: usize) -> Option<()> {
        self.cycles += 4 + len as u64;
        let from = out.len().checked_sub(offset)?;
        for k in 0..len {
            out.push(out[from + k]);
        }
        Some(())
    }
}

/// Decodes `stream` into `out`, calling `step(read, written)` after each
/// item; gives the cycles the decoder took. None when the stream ends early,
/// reaches back before the start or is not ended.
fn decode(stream: &[u8], step: &mut dyn FnMut(usize, usize), out: &mut Vec<u8>) -> Option<u64> {
    let mut d = Decoder {
        stream,
        at: 0,
        bits: 0x80,
        cycles: 3, // MOV DL,80h; JMP; and the RET at the end
    };
    let mut offset = 0;
    let mut after_match = true;
    loop {
        // After a match: GETBIT, JNC; after a literal: GETBIT, JNC, GETBIT, JC.
        d.cycles += 1;
        if !d.bit()? {
            d.cycles += 1; // MOVSB
            let byte = d.byte()?;
            out.push(byte);
            after_match = false;
        } else if !after_match && {
            d.cycles += 1;
            d.bit()?
        } {
            let len = d.gamma()?;
            d.cycles += 1; // JMP to the copy
            if offset == 0 {
                return None;
            }
            d.copy(out, offset, len)?;
            after_match = true;
        } else {
            if after_match {
                d.cycles += 1; // JMP to the new match
            }
            let high = d.gamma()?;
            d.cycles += 2; // NEG CL, JZ
            if high == END {
                return Some(d.cycles);
            }
            if high > END {
                return None;
            }
            d.cycles += 3; // MOV AH,CL; LODSB; XCHG AX,BX
            let low = !d.byte()?;
            offset = (high - 1) * 256 + low as usize + 1;
            let len = d.gamma()? + 1;
            d.cycles += 1; // INC CX
            d.copy(out, offset, len)?;
            after_match = true;
        }
        step(d.at, out.len());
    }
}

/// The stream unpacked, as the loader's decoder does it; None when it ends
/// early, reaches back before the start or is not ended.
#[cfg(test)]
pub fn unpack(stream: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    decode(stream, &mut |_, _| {}, &mut out)?;
    Some(out)
}

/// About how many cycles the loader's decoder spends on `stream`.
pub fn cycles(stream: &[u8]) -> u64 {
    decode(stream, &mut |_, _| {}, &mut Vec::new()).expect("a stream pack made")
}

/// Where the stream must start, counted from the start of the output's
/// place, so that unpacking it where it lies never writes over a byte not
/// yet read: an item reads all its bits and bytes before it writes.
pub fn in_place_gap(stream: &[u8]) -> usize {
    let mut gap = 0;
    decode(
        stream,
        &mut |read, written| gap = gap.max(written.saturating_sub(read)),
        &mut Vec::new(),
    )
    .expect("a stream pack made");
    gap
}

/// The in-place decoder's bit reader: the bit byte in `bits` above its
/// sentinel, a new byte read at `si` when only the sentinel is left.
fn read_bit(memory: &[u8], si: &mut usize, bits: &mut u8) -> Option<bool> {
    let (next, out) = (*bits << 1, *bits & 0x80 != 0);
    if next != 0 {
        *bits = next;
        return Some(out);
    }
    let byte = *memory.get(*si)?;
    *si += 1;
    *bits = byte << 1 | 1;
    Some(byte & 0x80 != 0)
}

fn read_gamma(memory: &[u8], si: &mut usize, bits: &mut u8) -> Option<usize> {
    let mut value = 1usize;
    while !read_bit(memory, si, bits)? {
        value = value << 1 | read_bit(memory, si, bits)? as usize;
        if value > 0xFFFF {
            return None;
        }
    }
    Some(value)
}

/// Unpacks `stream` in one place, the stream copied to `gap` in it, reading
/// and writing the same memory as the loader does: the output's first
/// `out_len` bytes, or None when it went wrong (to check [`in_place_gap`]).
pub fn unpack_in_place(stream: &[u8], gap: usize, out_len: usize) -> Option<Vec<u8>> {
    let mut memory = vec![0u8; (gap + stream.len()).max(out_len)];
    memory[gap..gap + stream.len()].copy_from_slice(stream);
    let (mut si, mut di) = (gap, 0usize);
    let (mut bits, mut offset, mut after_match) = (0x80u8, 0usize, true);
    loop {
        let len;
        if !read_bit(&memory, &mut si, &mut bits)? {
            *memory.get_mut(di)? = *memory.get(si)?;
            (si, di) = (si + 1, di + 1);
            after_match = false;
            continue;
        } else if !after_match && read_bit(&memory, &mut si, &mut bits)? {
            len = read_gamma(&memory, &mut si, &mut bits)?;
        } else {
            let high = read_gamma(&memory, &mut si, &mut bits)?;
            if high == END {
                break;
            }
            let low = !*memory.get(si)?;
            si += 1;
            offset = (high - 1) * 256 + low as usize + 1;
            len = read_gamma(&memory, &mut si, &mut bits)? + 1;
        }
        let from = di.checked_sub(offset)?;
        for k in 0..len {
            *memory.get_mut(di + k)? = *memory.get(from + k)?;
        }
        di += len;
        after_match = true;
    }
    memory.truncate(out_len);
    (di == out_len).then_some(memory)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lz::code_like;
    use proptest::prelude::*;

    /// Packs `data`, checks it unpacks, and where it lies too; the stream.
    fn round_trip(data: &[u8], cycle_bits: f64) -> Vec<u8> {
        let stream = pack(data, cycle_bits);
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
    fn gamma_writes_what_the_decoder_reads_and_counts_its_bits() {
        for value in [1, 2, 3, 4, 7, 8, 255, 256, 4095, 0xFFFF] {
            let mut w = Writer::default();
            w.gamma(value);
            w.bit(true); // a sentinel bit after it
            let mut d = Decoder {
                stream: &w.out,
                at: 0,
                bits: 0x80,
                cycles: 0,
            };
            assert_eq!(d.gamma(), Some(value));
            assert_eq!(d.bit(), Some(true));
            // Bit bytes only: the last holds what the mask has passed.
            let in_last = if w.mask == 0 {
                8
            } else {
                7 - w.mask.trailing_zeros() as usize
            };
            let written = (w.out.len() - 1) * 8 + in_last;
            assert_eq!(written as u32, gamma_bits(value) + 1, "{value}");
        }
        assert_eq!(gamma_bits(1), 1);
        assert_eq!(gamma_bits(256), 17);
    }

    #[test]
    fn empty_and_tiny_inputs_round_trip() {
        // Only the end: a new offset (1) whose high + 1 is 256 (eight 0s
        // each with a 0 bit, then a 1).
        assert_eq!(round_trip(&[], 0.0), [0x80, 0x00, 0x40]);
        round_trip(&[7], 0.0);
        round_trip(&[1, 2], 0.0);
        round_trip(&[1, 1, 1], 0.0);
        round_trip(&[1, 2, 1, 2, 1], 0.0);
    }

    #[test]
    fn a_run_of_one_byte_is_a_literal_and_long_matches_one_byte_back() {
        let data = vec![0xA5u8; 10_000];
        let stream = round_trip(&data, 0.0);
        // 10,000 / LONGEST matches of some 4 bytes each.
        assert!(stream.len() < 20, "{} bytes", stream.len());
    }

    #[test]
    fn a_block_with_its_bytes_changed_here_and_there_takes_the_last_offset_again() {
        let block = code_like(600, 9);
        let mut changed = block.clone();
        for at in [100, 250, 400] {
            changed[at] ^= 0x5A;
        }
        let data = [block, changed].concat();
        let items = parse(&data, 0.0);
        let repeats = items
            .iter()
            .filter(|i| matches!(i, Item::Repeat { .. }))
            .count();
        assert!(repeats >= 3, "{repeats} repeats");
        let stream = round_trip(&data, 0.0);
        let alone = pack(&data[..600], 0.0);
        // The copy: a match and three times a literal and a repeat.
        assert!(
            stream.len() <= alone.len() + 16,
            "{} bytes, the block alone {}",
            stream.len(),
            alone.len()
        );
    }

    #[test]
    fn matches_reach_back_to_the_window_and_no_further() {
        // 64 bytes that do not repeat within themselves, far apart over zeros.
        let head: Vec<u8> = (0..64u32).map(|k| (k * 97 + 13) as u8 ^ 0x3C).collect();
        let apart = |zeros: usize| [head.clone(), vec![0; zeros], head.clone()].concat();
        // Its start exactly WINDOW back: one match.
        let matched = round_trip(&apart(WINDOW - 64), 0.0).len();
        // One byte farther: 64 literals again (a match that far would read
        // as the end), unpacked right all the same.
        let farther = round_trip(&apart(WINDOW - 63), 0.0).len();
        assert!(farther > matched + 60, "{farther} bytes, {matched} matched");
    }

    #[test]
    fn a_damaged_stream_is_refused() {
        let data = code_like(3000, 3);
        let stream = pack(&data, 0.0);
        assert_eq!(unpack(&stream[..stream.len() - 1]), None, "cut short");
        // A match before the start: a new offset of 1 (high + 1 = 1, low
        // byte !0), length 2 (gamma 1), as the first item.
        assert_eq!(unpack(&[0b1101_0000, 0xFF]), None);
        // A repeat with no offset yet: a literal, then 11.
        assert_eq!(unpack(&[0b0111_0000, 0x42]), None);
    }

    #[test]
    fn code_like_data_round_trips_in_place_and_packs_smaller_than_the_byte_tokens() {
        for seed in [1, 2, 3] {
            let data = code_like(40_000, seed);
            let stream = round_trip(&data, 0.0);
            let tokens = crate::lz::pack(&data, 0.0);
            assert!(
                stream.len() < tokens.len(),
                "{} bytes, the byte tokens {}",
                stream.len(),
                tokens.len()
            );
            // Closer than the gap it says, unpacking in place goes wrong.
            let gap = in_place_gap(&stream);
            assert!(gap > 0);
            assert_ne!(
                unpack_in_place(&stream, gap - 1, data.len()).as_deref(),
                Some(&data[..])
            );
        }
    }

    #[test]
    fn weighing_cycles_makes_the_stream_quicker_to_unpack() {
        let data = code_like(30_000, 5);
        let smallest = round_trip(&data, 0.0);
        let quicker = round_trip(&data, 0.3);
        assert!(smallest.len() <= quicker.len());
        assert!(cycles(&quicker) < cycles(&smallest));
    }

    /// Bytes from a few values, with copies of earlier stretches: matches,
    /// repeats and runs of every kind.
    fn bytes_with_repeats() -> impl Strategy<Value = Vec<u8>> {
        prop::collection::vec((0u8..4, any::<u8>(), 0usize..300, 1usize..40), 0..120).prop_map(
            |pieces| {
                let mut data = Vec::new();
                for (kind, byte, back, len) in pieces {
                    if kind == 0 && !data.is_empty() {
                        let start = data.len() - 1 - back % data.len();
                        for k in 0..len {
                            data.push(data[start + k]);
                        }
                    } else {
                        data.extend((0..len % 7).map(|k| byte.wrapping_add(k as u8 * kind)));
                    }
                }
                data
            },
        )
    }

    proptest! {
        #[test]
        fn any_bytes_round_trip_where_they_lie(data in bytes_with_repeats(), weigh in 0u8..3) {
            let cycle_bits = [0.0, 0.1, 0.5][weigh as usize];
            let stream = pack(&data, cycle_bits);
            prop_assert_eq!(unpack(&stream), Some(data.clone()));
            let gap = in_place_gap(&stream);
            prop_assert_eq!(unpack_in_place(&stream, gap, data.len()), Some(data));
        }

        #[test]
        fn random_bytes_round_trip(data in prop::collection::vec(any::<u8>(), 0..2000)) {
            prop_assert_eq!(unpack(&pack(&data, 0.0)), Some(data));
        }
    }
}
