//! What a point is to one side, from its four classes (one a line, from
//! `patterns`): its **threat** (a five, an open or double four, a
//! four-three, a four, a three-three, an open three), its **value** (the
//! classes' values plus the threat's bonus: what orders the moves) and its
//! **worth** (what it adds to the evaluation). Looked up in tables built at
//! compile time, as a point is judged again each time a stone near it comes
//! or goes.
//!
//! A position is worth the sum of its empty points' worths for the side to
//! move less the other's, plus what the side to move's best threat is worth
//! with the move in hand, given the other's best ([`TEMPO_VALUE`]), and what
//! each side's number of points with each threat is worth beyond those
//! points' own worths ([`COUNT_VALUE`]: two points that each make a four are
//! not simply twice one). A point's worth comes from a table over its four
//! classes, sorted ([`POINT_WORTH`]); the three tables are fitted to the
//! tree's own deeper search.

use crate::ai::patterns::{FIVE, FOUR, OPEN_FOUR, OPEN_THREE, WIDE_OPEN_THREE};

// The fitted tables stay src/tree_*.in, where tools/examples/fit_worth.rs
// writes them, named from the crate's root so that this folder can move.

/// Threats, weakest first.
pub(super) const T_NONE: u8 = 0;
pub(super) const T_THREE: u8 = 1;
pub(super) const T_THREE_THREE: u8 = 2;
pub(super) const T_FOUR: u8 = 3;
pub(super) const T_FOUR_THREE: u8 = 4;
pub(super) const T_FLEX_FOUR: u8 = 5;
pub(super) const T_FIVE: u8 = 6;

/// A class's value along one line, for the side that would play there (by
/// `patterns`' classes, ONE to FIVE). With THREAT_VALUE it orders the moves
/// and gives the quiet points (no three on any line) their worth; it was
/// the whole evaluation before [`POINT_WORTH`]. Twos are worth next to
/// nothing: every point within four steps of a lone stone has them, and
/// when they counted (0, 2, 6, 5, 16, 16, 20, 90, 400) the sum rewarded
/// scattered stones over a three: 83.5 / 81.5% against Classic at 1,600
/// nodes (19x19 / 15x15 exact), where these values score 93.5 / 89.8%. A
/// four is worth 20, not 10 (with the old tempo's four at 100:
/// docs/strength.md).
pub const CLASS_VALUE: [i16; 9] = [0, 0, 1, 1, 12, 12, 20, 60, 300];
/// A threat's bonus on top of the classes' values (by T_NONE to T_FIVE;
/// against 40, 120, 300 and 600 for the three-three to the five, 29% ->
/// 31% against Rapfi and 91.5 -> 93.5% against Classic, docs/strength.md).
pub const THREAT_VALUE: [i16; 7] = [0, 0, 100, 0, 300, 600, 1000];
/// What the side to move's best threat is worth with the move in hand, by
/// that threat (rows) and the other side's best (columns), T_NONE to T_FIVE
/// each: a four-three it can play now is most of a win, more so when his
/// best is an open three it must not let grow. Fitted with [`POINT_WORTH`];
/// the entries met too seldom to fit (a leaf never has an open four of its
/// own or his five) keep the first fit's value, which did not look at his
/// threat (before any fit: 0, 30, 400, 100, 800, 1,500 by mine).
pub const TEMPO_VALUE: [[i32; 7]; 7] =
    include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/tree_tempo.in"));

/// What the number of points with each threat adds to the evaluation, for
/// the side to move (row 0) and for the other side (row 1), by the threat
/// (T_NONE to T_FIVE) and the count (none, one, two, three or more): a
/// second point that makes an open three or a four is not the first's worth
/// again, as one stone may not stop both. The counts are those the search
/// keeps (the points near a stone, where every threat lies). Fitted with
/// [`POINT_WORTH`] and [`TEMPO_VALUE`] in the third round (the twenty-fourth
/// session, docs/strength.md); a count of none stays 0, and so do the
/// threats a leaf never counts (below an open three's point, and a five's).
pub const COUNT_VALUE: [[[i32; COUNT_BUCKETS]; 7]; 2] =
    include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/tree_counts.in"));

/// The counts [`COUNT_VALUE`] tells apart: none, one, two, three or more.
pub const COUNT_BUCKETS: usize = 4;

/// The number of ways to sort four classes (nine of them) largest first:
/// the worth table's entries.
pub const WORTH_ENTRIES: usize = 495;

/// What an empty point adds to the evaluation for the side it is judged for,
/// by its four classes sorted largest first (entry [`worth_index`]). Fitted
/// by tools/examples/fit_worth.rs to the tree's own search, three times: at
/// 20,000 nodes on the evaluation before, then at 50,000 on the first fit
/// and at 50,000 on the second with [`COUNT_VALUE`], each seven tenths of
/// the way (docs/strength.md, the twenty-first, twenty-second and
/// twenty-fourth sessions). The quiet combinations (no three on any line)
/// and those met too seldom to fit keep [`class_value`]'s value, the
/// evaluation's before.
pub const POINT_WORTH: [i16; WORTH_ENTRIES] =
    include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/tree_worth.in"));

/// The entry of [`POINT_WORTH`] for a point whose four classes (one a line)
/// are the nibbles of `classes`: sorted largest first, a >= b >= c >= d,
/// the entry is C(a+3, 4) + C(b+2, 3) + C(c+1, 2) + d (a multiset's rank).
pub const fn worth_index(classes: u16) -> usize {
    const RANK_A: [u16; 9] = [0, 1, 5, 15, 35, 70, 126, 210, 330];
    const RANK_B: [u16; 9] = [0, 1, 4, 10, 20, 35, 56, 84, 120];
    const RANK_C: [u16; 9] = [0, 1, 3, 6, 10, 15, 21, 28, 36];
    let mut n = [
        classes & 15,
        classes >> 4 & 15,
        classes >> 8 & 15,
        classes >> 12,
    ];
    // A sorting network of five exchanges, largest first.
    let exchanges = [(0, 1), (2, 3), (0, 2), (1, 3), (1, 2)];
    let mut k = 0;
    while k < exchanges.len() {
        let (i, j) = exchanges[k];
        if n[i] < n[j] {
            let t = n[i];
            n[i] = n[j];
            n[j] = t;
        }
        k += 1;
    }
    (RANK_A[n[0] as usize] + RANK_B[n[1] as usize] + RANK_C[n[2] as usize] + n[3]) as usize
}

/// The sorted pairs of two classes (45 of them): a pair's number by its two
/// classes (at 9 times the first plus the second), the same whichever comes
/// first.
const PAIR_NUMBER: [u8; 81] = {
    let mut number = [0u8; 81];
    let mut pair = 0u8;
    let mut high = 0;
    while high < 9 {
        let mut low = 0;
        while low <= high {
            number[high * 9 + low] = pair;
            number[low * 9 + high] = pair;
            pair += 1;
            low += 1;
        }
        high += 1;
    }
    number
};

/// A pair of lines' classes (a byte of a classes word: two nibbles) as its
/// pair's number (bytes with a nibble past FIVE never occur: 0).
const PAIR_BY_BYTE: [u8; 256] = {
    let mut number = [0u8; 256];
    let mut byte = 0;
    while byte < 256 {
        let (low, high) = (byte & 15, byte >> 4);
        if low < 9 && high < 9 {
            number[byte] = PAIR_NUMBER[low * 9 + high];
        }
        byte += 1;
    }
    number
};

/// What a point is to one side ([`judge_afresh`]) by the numbers of its two
/// pairs of lines (45 times the first plus the second): two byte lookups
/// and one of these, where working it out takes some eighty instructions
/// on the 386 (a stone has some thirty points judged again; the profile in
/// docs/benchmarks.md).
const JUDGED_BY_PAIRS: [Judged; 45 * 45] = {
    let mut pairs = [0u16; 45];
    let mut classes = 0u16;
    while classes < 81 {
        pairs[PAIR_NUMBER[classes as usize] as usize] = (classes / 9) | ((classes % 9) << 4);
        classes += 1;
    }
    let mut judged = [Judged {
        threat: 0,
        value: 0,
        worth: 0,
    }; 45 * 45];
    let mut first = 0;
    while first < 45 {
        let mut second = 0;
        while second < 45 {
            judged[first * 45 + second] = judge_afresh(pairs[first] | pairs[second] << 8);
            second += 1;
        }
        first += 1;
    }
    judged
};

/// A point's worth in the evaluation, by its classes.
#[inline(always)]
pub fn point_worth(classes: u16) -> i16 {
    judge(classes).worth
}

/// A point's threat for the side whose classes are `classes` (T_NONE to
/// T_FIVE), as the evaluation counts it.
pub fn point_threat(classes: u16) -> u8 {
    judge(classes).threat
}

/// A point's value by its classes, as it orders the moves: the classes'
/// values plus its threat's bonus (the evaluation's worth before the table).
pub fn class_value(classes: u16) -> i16 {
    judge(classes).value
}

/// What a point is worth to one side: its threat, its value (the moves'
/// order) and its worth (the evaluation's).
#[derive(Clone, Copy, Default)]
pub(super) struct Judged {
    pub(super) threat: u8,
    pub(super) value: i16,
    pub(super) worth: i16,
}

/// A class's value (high half) and what it counts towards a threat (low
/// half: fives, open fours, fours and open threes, a nibble each), so that a
/// point's four lines add up in one sum.
const CLASS_SUMMARY: [u32; 9] = {
    let mut summary = [0u32; 9];
    let mut class = 0;
    while class < 9 {
        let counts = match class as u8 {
            FIVE => 1 << 12,
            OPEN_FOUR => 1 << 8,
            FOUR => 1 << 4,
            OPEN_THREE | WIDE_OPEN_THREE => 1,
            _ => 0,
        };
        summary[class] = (CLASS_VALUE[class] as u32) << 16 | counts;
        class += 1;
    }
    summary
};

/// A point's threat, value and worth for the side whose four classes are
/// the nibbles of `classes`, from the table.
#[inline(always)]
pub(super) fn judge(classes: u16) -> Judged {
    let first = PAIR_BY_BYTE[classes as u8 as usize] as usize;
    let second = PAIR_BY_BYTE[(classes >> 8) as usize] as usize;
    JUDGED_BY_PAIRS[first * 45 + second]
}

/// A point's threat, value and worth for the side whose four classes are
/// the nibbles of `classes`, worked out (the table's entries).
const fn judge_afresh(classes: u16) -> Judged {
    let sum = CLASS_SUMMARY[classes as usize & 15]
        + CLASS_SUMMARY[(classes >> 4) as usize & 15]
        + CLASS_SUMMARY[(classes >> 8) as usize & 15]
        + CLASS_SUMMARY[(classes >> 12) as usize];
    let (fives, flex, fours, threes) = (sum >> 12 & 15, sum >> 8 & 15, sum >> 4 & 15, sum & 15);
    let threat = if fives > 0 {
        T_FIVE
    } else if flex > 0 || fours >= 2 {
        T_FLEX_FOUR
    } else if fours == 1 && threes > 0 {
        T_FOUR_THREE
    } else if fours == 1 {
        T_FOUR
    } else if threes >= 2 {
        T_THREE_THREE
    } else if threes == 1 {
        T_THREE
    } else {
        T_NONE
    };
    Judged {
        threat,
        value: (sum >> 16) as i16 + THREAT_VALUE[threat as usize],
        worth: POINT_WORTH[worth_index(classes)],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table a point is judged by gives, for every four classes, what
    /// working them out gives.
    #[test]
    fn the_judged_table_is_each_point_judged_afresh() {
        for classes in 0..9u16.pow(4) {
            let word = (0..4).fold(0u16, |word, d| {
                word | (classes / 9u16.pow(d) % 9) << (4 * d)
            });
            let (table, afresh) = (judge(word), judge_afresh(word));
            assert_eq!(
                (table.threat, table.value, table.worth),
                (afresh.threat, afresh.value, afresh.worth),
                "classes {word:04x}"
            );
        }
    }
}
