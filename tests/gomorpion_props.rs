//! Gomorpion over thousands of random games: the invariants of docs/gomorpion.md
//! hold after every move.
//!
//! - every point is accounted for: each player's score is the number of captured
//!   pieces that count for him, and a move's event reports exactly the points gained;
//! - scores only grow, and a captured piece never changes;
//! - no piece stands where the rules forbid it: a move is accepted exactly when the
//!   intersection is free and not the opponent's siege; no five of live pieces is
//!   left on the board; every sieged intersection and safe piece is walled by its
//!   owner (with at most one sieged partner);
//! - the game always ends, within 900 moves, when a player cannot play, and its
//!   winner agrees with the points.
//!
//! The random players play near the pieces already down most of the time, so that
//! fives, captures and sieges happen often.

mod common;

use common::xorshift64::XorShift64;
use piskrs::rules::coord::Point;
use piskrs::rules::gomorpion::{Gomorpion, Player, PointView, Refusal, SIDE, choose};
use piskrs::support::random::Random;
use proptest::prelude::*;

fn points() -> impl Iterator<Item = Point> {
    (0..SIDE).flat_map(|row| (0..SIDE).map(move |col| Point::new(col, row)))
}

fn neighbours(p: Point) -> impl Iterator<Item = Point> {
    (-1..=1i8)
        .flat_map(|dr| (-1..=1i8).map(move |dc| (dc, dr)))
        .filter(|&d| d != (0, 0))
        .filter_map(move |(dc, dr)| p.step(dc, dr, 1, SIDE))
}

/// Who a point belongs to, from its view alone.
fn owner(v: PointView) -> Option<Player> {
    match v {
        PointView::Live(p, _) | PointView::Safe(p) => Some(p),
        PointView::Captured { by, .. } => Some(by),
        PointView::Free | PointView::Sieged(_) => None,
    }
}

/// The refusal the rules give for the player to move on a point, from its view.
fn expected_refusal(v: PointView, to_move: Player) -> Option<Refusal> {
    match v {
        PointView::Free => None,
        PointView::Sieged(p) if p == to_move => None,
        PointView::Sieged(_) => Some(Refusal::Sieged),
        _ => Some(Refusal::Occupied),
    }
}

/// A random move: most of the time next to a random piece, else anywhere.
fn random_move(g: &Gomorpion, rng: &mut XorShift64) -> Option<Point> {
    let legal: Vec<Point> = points().filter(|&p| g.legal(p).is_ok()).collect();
    if legal.is_empty() {
        return None;
    }
    if rng.below(4) != 0 {
        let near: Vec<Point> = legal
            .iter()
            .copied()
            .filter(|&p| neighbours(p).any(|q| owner(g.view(q)).is_some()))
            .collect();
        if !near.is_empty() {
            return Some(near[rng.below(near.len())]);
        }
    }
    Some(legal[rng.below(legal.len())])
}

/// The whole-board invariants.
fn check_board(g: &Gomorpion, captured_before: &mut [Option<PointView>]) -> Result<(), String> {
    let mut counted = [0u16; 2];
    for p in points() {
        let v = g.view(p);
        let i = p.row as usize * SIDE as usize + p.col as usize;
        if let Some(before) = captured_before[i]
            && before != v
        {
            return Err(format!("captured {} changed", common::gomorpion::name(p)));
        }
        match v {
            PointView::Captured { by, .. } => {
                counted[by.index()] += 1;
                captured_before[i] = Some(v);
            }
            PointView::Sieged(who) | PointView::Safe(who) => {
                let mut partners = 0;
                for q in neighbours(p) {
                    match g.view(q) {
                        PointView::Sieged(o) if o == who => partners += 1,
                        w if owner(w) == Some(who) => {}
                        _ => return Err(format!("{} is not walled", common::gomorpion::name(p))),
                    }
                }
                if partners > 1 {
                    return Err(format!(
                        "{} has {partners} sieged partners",
                        common::gomorpion::name(p)
                    ));
                }
            }
            PointView::Live(who, _) => {
                // No five of live pieces is left standing.
                for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                    let five = (0..5).all(|k| {
                        p.step(dc, dr, k, SIDE)
                            .is_some_and(|q| matches!(g.view(q), PointView::Live(o, _) | PointView::Safe(o) if o == who))
                    });
                    if five {
                        return Err(format!("a live five from {}", common::gomorpion::name(p)));
                    }
                }
            }
            PointView::Free => {}
        }
    }
    if counted != [g.score(Player::Black), g.score(Player::Red)] {
        return Err(format!(
            "captured {counted:?}, scores {} {}",
            g.score(Player::Black),
            g.score(Player::Red)
        ));
    }
    Ok(())
}

/// Plays one game (`ai_every`: the computer makes every n-th move, 0 = never)
/// and checks every invariant along the way.
fn play_game(seed: u64, ai_every: usize) -> Result<(), String> {
    let mut rng = XorShift64::new(seed);
    let mut random = Random::new(seed as u16);
    let mut g = Gomorpion::new();
    let mut captured = vec![None; SIDE as usize * SIDE as usize];
    let mut fives = 0;
    let mut moves = 0;
    while !g.is_over() {
        if moves >= 900 {
            return Err("more than 900 moves".into());
        }
        if !(g.can_play(Player::Black) && g.can_play(Player::Red)) {
            return Err("a player cannot play but the game goes on".into());
        }
        let to_move = g.to_move();
        // A refused move is refused for the reason the view gives.
        for _ in 0..4 {
            let p = Point::new(
                rng.below(SIDE as usize) as u8,
                rng.below(SIDE as usize) as u8,
            );
            if g.legal(p).err() != expected_refusal(g.view(p), to_move) {
                return Err(format!(
                    "legal({}) disagrees with the view",
                    common::gomorpion::name(p)
                ));
            }
        }
        let p = if ai_every > 0 && moves % ai_every == 0 {
            choose(&g, &mut random)
        } else {
            random_move(&g, &mut rng)
        }
        .ok_or("no move while the game is not over")?;
        if expected_refusal(g.view(p), to_move).is_some() {
            return Err(format!("{} chosen but illegal", common::gomorpion::name(p)));
        }
        let before = [g.score(Player::Black), g.score(Player::Red)];
        let event = g.play(p).map_err(|_| "a legal move refused")?;
        moves += 1;
        let after = [g.score(Player::Black), g.score(Player::Red)];
        if after[0] < before[0] || after[1] < before[1] {
            return Err("a score went down".into());
        }
        if event.points != [after[0] - before[0], after[1] - before[1]] {
            return Err("the event's points are not the score's change".into());
        }
        if event.five > 0 {
            fives += 1;
            if event.five < 5 || !event.cast_ended || event.captured < event.five as u16 {
                return Err("a five without its capture".into());
            }
        }
        if g.cast() != 1 + fives {
            return Err("the cast number is not one more than the fives".into());
        }
        if event.game_over != g.is_over() {
            return Err("game_over disagrees".into());
        }
        if !g.is_over() && g.to_move() == to_move {
            return Err("the turn did not pass".into());
        }
        if event.cast_ended || moves % 32 == 0 || g.is_over() {
            check_board(&g, &mut captured)?;
        }
    }
    if g.can_play(Player::Black) && g.can_play(Player::Red) {
        return Err("the game ended while both could play".into());
    }
    let (b, r) = (g.score(Player::Black), g.score(Player::Red));
    let expected = if b == r {
        None
    } else if b > r {
        Some(Player::Black)
    } else {
        Some(Player::Red)
    };
    if g.winner() != expected {
        return Err("the winner does not have the most points".into());
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn random_games_keep_every_invariant(seed in any::<u64>()) {
        if let Err(e) = play_game(seed, 0) {
            prop_assert!(false, "seed {seed}: {e}");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn games_with_the_computer_keep_every_invariant(seed in any::<u64>(), ai_every in 1usize..4) {
        if let Err(e) = play_game(seed, ai_every) {
            prop_assert!(false, "seed {seed}: {e}");
        }
    }
}

/// The random games above do exercise the rules: over 50 of them there are fives,
/// captures besides the fives, sieges made and broken, safe pieces, and games
/// ending with each kind of last cast.
#[test]
fn random_games_exercise_every_rule() {
    let mut totals = [0u32; 8];
    for seed in 0..50u64 {
        let mut rng = XorShift64::new(seed * 7919 + 1);
        let mut g = Gomorpion::new();
        while let Some(p) = random_move(&g, &mut rng) {
            let e = g.play(p).ok().unwrap();
            totals[0] += (e.five > 0) as u32;
            totals[1] += e.captured as u32 - e.five as u32;
            totals[2] += e.sieges_made as u32;
            totals[3] += e.sieges_broken as u32;
            totals[4] += (e.safe[0] + e.safe[1]) as u32;
            totals[5] += e.rescued as u32;
            if e.game_over {
                totals[if e.winner.is_some() { 6 } else { 7 }] += 1;
            }
        }
    }
    println!(
        "fives, other captures, sieges made, broken, safe, rescued, last casts won, drawn: {totals:?}"
    );
    assert!(totals.iter().take(6).all(|&n| n > 0), "{totals:?}");
    assert_eq!(totals[6] + totals[7], 50);
}
