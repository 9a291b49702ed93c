//! Who plays whom, with which colour, round by round: the all-play-all
//! (single or double, by the circle method) and the Swiss system.
//!
//! Entrants are numbered from 0 in the order of the command line.

use super::standings::Results;

/// One game of a round: entrant `black` against entrant `white`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Pairing {
    pub black: usize,
    pub white: usize,
}

/// A round: its games, and the entrant who sits it out, if any.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Round {
    pub games: Vec<Pairing>,
    pub bye: Option<usize>,
}

/// The rounds of an all-play-all among `entrants`, by the circle method:
/// entrant `m` (the last, or with an odd field the empty seat, whose
/// partner rests that round) stays put while the others turn. Every pair
/// meets once, and each entrant's Blacks and Whites differ by at most one.
///
/// Why the colours balance: with `m = seats - 1`, entrant `p` meets in
/// round `r` the entrant across from it at distance `d = (p - r) mod m`;
/// it is Black when `d` is odd, and `d` takes every value once. Against the
/// fixed seat (d = 0) the colour alternates with the round.
pub fn round_robin(entrants: usize) -> Vec<Round> {
    let seats = entrants + entrants % 2;
    if seats < 2 {
        return Vec::new();
    }
    let m = seats - 1;
    let fixed = m;
    (0..m)
        .map(|r| {
            let mut round = Round::default();
            let mut seat = |black: usize, white: usize| {
                if black >= entrants {
                    round.bye = Some(white);
                } else if white >= entrants {
                    round.bye = Some(black);
                } else {
                    round.games.push(Pairing { black, white });
                }
            };
            if r % 2 == 1 {
                seat(fixed, r);
            } else {
                seat(r, fixed);
            }
            for k in 1..seats / 2 {
                let (a, b) = ((r + k) % m, (r + m - k) % m);
                // a is at distance k, b at m - k: k odd makes a Black.
                if k % 2 == 1 {
                    seat(a, b);
                } else {
                    seat(b, a);
                }
            }
            round
        })
        .collect()
}

/// The double all-play-all: the rounds of [`round_robin`], then all of them
/// again with the colours exchanged.
pub fn double_round_robin(entrants: usize) -> Vec<Round> {
    let first = round_robin(entrants);
    let second: Vec<Round> = first
        .iter()
        .map(|round| Round {
            games: round
                .games
                .iter()
                .map(|g| Pairing {
                    black: g.white,
                    white: g.black,
                })
                .collect(),
            bye: round.bye,
        })
        .collect();
    first.into_iter().chain(second).collect()
}

/// How many steps the Swiss pairing's search may take before it gives up a
/// stricter pass for a looser one (a field of a few dozen pairs in well
/// under this).
const SEARCH_STEPS: u32 = 200_000;

/// What the Swiss pairing knows of an entrant after the rounds so far.
struct Standing {
    half_points: u32,
    /// Blacks less Whites.
    colour: i32,
    /// Its colour in its last game: Some(true) for Black.
    last_black: Option<bool>,
    had_bye: bool,
}

/// The next Swiss round after `results` (whose rounds are all played).
///
/// The entrants are ordered by points, then by their number. With an odd
/// field the lowest in that order who has not had a bye sits out (and
/// scores a win, see [`Results`]). Then, from the top, each unpaired
/// entrant meets the next in the order that it has not met and whose
/// colours do not clash (two entrants both two Blacks, or two Whites, ahead);
/// the search goes back when that leaves someone without a partner. If no
/// pairing does, the clash rule is dropped, then a second bye is allowed,
/// then repeats: the rounds asked for are played even in a field too small
/// for them. Black goes to the one who has had fewer Blacks than Whites, then
/// to the one who was White last round, then to the higher placed.
pub fn swiss_round(results: &Results, round_number: u32) -> Round {
    let entrants = results.entrants();
    let standings: Vec<Standing> = (0..entrants)
        .map(|e| Standing {
            half_points: results.half_points(e),
            colour: results.colour_balance(e),
            last_black: results.last_colour(e),
            had_bye: results.had_bye(e),
        })
        .collect();
    let mut order: Vec<usize> = (0..entrants).collect();
    order.sort_by_key(|&e| (std::cmp::Reverse(standings[e].half_points), e));
    // Byes: the lowest placed without one; if all have had one, the lowest.
    let lowest_first = order.iter().rev().map(|&e| Some(e));
    let fresh: Vec<Option<usize>> = lowest_first
        .clone()
        .filter(|e| e.is_some_and(|e| !standings[e].had_bye))
        .collect();
    let any: Vec<Option<usize>> = lowest_first.collect();
    let (fresh, any) = if entrants.is_multiple_of(2) {
        (vec![None], vec![None])
    } else {
        (fresh, any)
    };
    // A repeated pair, then a second bye, then a colour clash are avoided
    // first, in that order of need.
    let passes = [
        (&fresh, Strictness::Strict),
        (&fresh, Strictness::NoColours),
        (&any, Strictness::Strict),
        (&any, Strictness::NoColours),
        (&any, Strictness::Repeats),
    ];
    for (byes, strictness) in passes {
        for &bye in byes {
            let playing: Vec<usize> = order.iter().copied().filter(|&e| Some(e) != bye).collect();
            let mut steps = 0;
            let allowed = |a: usize, b: usize| match strictness {
                Strictness::Repeats => true,
                Strictness::NoColours => !results.met(a, b),
                Strictness::Strict => {
                    let (ca, cb) = (standings[a].colour, standings[b].colour);
                    !results.met(a, b) && !(ca >= 2 && cb >= 2) && !(ca <= -2 && cb <= -2)
                }
            };
            if let Some(pairs) = pair_in_order(&playing, &allowed, &mut steps) {
                let games = pairs
                    .into_iter()
                    .map(|(high, low)| colours(&standings, high, low, round_number))
                    .collect();
                return Round { games, bye };
            }
        }
    }
    unreachable!("pairs are always allowed in the last pass")
}

#[derive(Clone, Copy)]
enum Strictness {
    Strict,
    NoColours,
    Repeats,
}

/// Pairs `playing` (an even count, in order) from the top: each first
/// unpaired entrant with the next allowed one, going back on a dead end.
/// None if there is no such pairing, or the search ran out of steps.
fn pair_in_order(
    playing: &[usize],
    allowed: &dyn Fn(usize, usize) -> bool,
    steps: &mut u32,
) -> Option<Vec<(usize, usize)>> {
    let Some((&first, rest)) = playing.split_first() else {
        return Some(Vec::new());
    };
    for (i, &partner) in rest.iter().enumerate() {
        *steps += 1;
        if *steps > SEARCH_STEPS {
            return None;
        }
        if !allowed(first, partner) {
            continue;
        }
        let others: Vec<usize> = rest
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .map(|(_, &e)| e)
            .collect();
        if let Some(mut pairs) = pair_in_order(&others, allowed, steps) {
            pairs.insert(0, (first, partner));
            return Some(pairs);
        }
    }
    None
}

/// How little an entrant wants Black by its last colour: 0 if it was White,
/// 1 if it did not play, 2 if it was Black.
fn want_black(standing: &Standing) -> u8 {
    match standing.last_black {
        Some(false) => 0,
        None => 1,
        Some(true) => 2,
    }
}

/// The colours of `high` (placed higher) against `low`.
fn colours(standings: &[Standing], high: usize, low: usize, round_number: u32) -> Pairing {
    let (h, l) = (&standings[high], &standings[low]);
    let high_black = if h.colour != l.colour {
        h.colour < l.colour
    } else if want_black(h) != want_black(l) {
        want_black(h) < want_black(l)
    } else {
        // Nothing to choose: the higher placed alternates with the round.
        round_number % 2 == 1
    };
    if high_black {
        Pairing {
            black: high,
            white: low,
        }
    } else {
        Pairing {
            black: low,
            white: high,
        }
    }
}
