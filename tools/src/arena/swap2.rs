//! Swap2 openings (`--openings swap2`): the sides choose the opening and
//! their colours as the Gomocup protocol's Swap2 extension asks them
//! (SWAP2BOARD, tools/src/gomocup/swap2.rs):
//!
//! 1. the first player places three stones (Black, White, Black);
//! 2. the second answers `SWAP` (it takes Black: the first plays White's
//!    fourth stone), one stone (it takes White: that is the fourth), or two
//!    (the fourth and fifth, one of each);
//! 3. after two, the first answers `SWAP` (it takes Black: the second plays
//!    White's sixth stone) or one stone (it takes White: the sixth).
//!
//! A is the first player in the even games and B in the odd ones, so each
//! pair of games has each side open once. A brain is asked with SWAP2BOARD
//! in a program of its own for each question (`brain_client::brain_swap2`);
//! a level is asked through the Gomocup brain's own code, in-process
//! ([`Brain`] with the level as its engine and a seed drawn for the pair
//! and the side): its choices are the brain's, the tree's scores at
//! `SWAP2_BUDGET` nodes, whatever the level. A wrong answer (not `SWAP` or
//! the stones asked for, a taken point, a forbidden one under Renju) loses
//! the game, as an illegal move does.

use piskrs::rules::coord::Point;
use piskrs::rules::game::Game;
use piskrs::rules::{Opening, WinRule};

use super::brain_client::brain_swap2;
use super::cli::engine_name;
use super::openings::derive_seed;
use super::{Contestant, MatchSettings};
use crate::gomocup::{Brain, Settings, wire};

/// The opening the choices made.
pub(super) struct Swap2Opening {
    /// Its stones, Black first.
    pub stones: Vec<Point>,
    /// Whether A plays Black.
    pub a_black: bool,
    /// The answers in order, "A: 3 stones, B: SWAP" (for `--verbose`).
    pub choices: String,
}

/// Why the choices stopped: which side failed, what it said, whether on
/// time.
pub(super) struct Swap2Failure {
    pub by_a: bool,
    pub detail: String,
    pub on_time: bool,
}

/// An answer: SWAP, or stones.
enum Answer {
    Swap,
    Stones(Vec<Point>),
}

/// The Swap2 opening of game `index` of the match.
pub(super) fn swap2_opening(
    settings: &MatchSettings,
    index: u32,
) -> Result<Swap2Opening, Swap2Failure> {
    let a_first = index.is_multiple_of(2);
    let mut game = Game::with_opening(settings.side, settings.rule, Opening::Free);
    let mut choices = Vec::new();
    let name = |first: bool| if first == a_first { "A" } else { "B" };
    // 1: the first player's three stones.
    let Answer::Stones(three) = ask(settings, index, true, &game, &[3])? else {
        unreachable!("no SWAP on an empty board");
    };
    place(settings, &mut game, &three, a_first)?;
    choices.push(format!("{}: 3 stones", name(true)));
    // 2: the second player's choice.
    let first_black = match ask(settings, index, false, &game, &[1, 2])? {
        Answer::Swap => {
            choices.push(format!("{}: SWAP", name(false)));
            false
        }
        Answer::Stones(one) if one.len() == 1 => {
            place(settings, &mut game, &one, !a_first)?;
            choices.push(format!("{}: White", name(false)));
            true
        }
        Answer::Stones(two) => {
            place(settings, &mut game, &two, !a_first)?;
            choices.push(format!("{}: 2 stones", name(false)));
            // 3: the first player's choice.
            match ask(settings, index, true, &game, &[1])? {
                Answer::Swap => {
                    choices.push(format!("{}: SWAP", name(true)));
                    true
                }
                Answer::Stones(one) => {
                    place(settings, &mut game, &one, a_first)?;
                    choices.push(format!("{}: White", name(true)));
                    false
                }
            }
        }
    };
    Ok(Swap2Opening {
        stones: game.moves().to_vec(),
        a_black: first_black == a_first,
        choices: choices.join(", "),
    })
}

/// Asks the first player (`first`) or the second of game `index` for its
/// answer to the stones of `game`: `SWAP` (not on an empty board) or as
/// many stones as one of `counts`.
fn ask(
    settings: &MatchSettings,
    index: u32,
    first: bool,
    game: &Game,
    counts: &[usize],
) -> Result<Answer, Swap2Failure> {
    let by_a = first == index.is_multiple_of(2);
    let fail = |detail: String, on_time: bool| Swap2Failure {
        by_a,
        detail,
        on_time,
    };
    let contestant = if by_a { &settings.a } else { &settings.b };
    let stones = game.moves();
    let line = match contestant {
        Contestant::Brain(brain) => {
            let answer = brain_swap2(brain, settings, stones);
            answer.map_err(|(detail, on_time)| fail(detail, on_time))?.0
        }
        Contestant::Level(player) => {
            // The pair's seed for the side's colour in the game (the
            // first player's opening differs from pair to pair).
            let seed = derive_seed(settings.seed, index / 2, first as u32);
            level_swap2(settings, *player, seed, stones).map_err(|detail| fail(detail, false))?
        }
    };
    let side = settings.side;
    let wrong = || fail(format!("answered '{line}' to SWAP2BOARD"), false);
    if line.eq_ignore_ascii_case("SWAP") && !stones.is_empty() {
        return Ok(Answer::Swap);
    }
    let mut points = Vec::new();
    for word in line.split_whitespace() {
        let point = word.split_once(',').and_then(|(x, y)| {
            let x: u8 = x.trim().parse().ok()?;
            let y: u8 = y.trim().parse().ok()?;
            (x < side && y < side).then(|| Point::new(x, side - 1 - y))
        });
        points.push(point.ok_or_else(wrong)?);
    }
    if !counts.contains(&points.len()) {
        return Err(wrong());
    }
    Ok(Answer::Stones(points))
}

/// Plays `stones` on `game`, colours alternating; `by_a`: whether A placed
/// them. A taken point, or one forbidden to Black under Renju, loses.
fn place(
    settings: &MatchSettings,
    game: &mut Game,
    stones: &[Point],
    by_a: bool,
) -> Result<(), Swap2Failure> {
    for &point in stones {
        let fail = |why: &str| Swap2Failure {
            by_a,
            detail: format!("placed {} {why}", wire(point, settings.side)),
            on_time: false,
        };
        if let Some(reason) = settings.renju_verdict(game, point) {
            return Err(fail(reason));
        }
        game.play(point).map_err(|_| fail("on a taken point"))?;
    }
    Ok(())
}

/// A level's Swap2 answer: the Gomocup brain's, in-process, with the level
/// as its engine.
fn level_swap2(
    settings: &MatchSettings,
    player: crate::player::Player,
    seed: u16,
    stones: &[Point],
) -> Result<String, String> {
    let mut brain = Brain::new(Settings {
        engine: player,
        seed,
        timed: None,
    });
    let rule = match settings.rule {
        _ if settings.renju => 4,
        WinRule::FiveOrMore => 0,
        WinRule::ExactlyFive => 1,
    };
    brain.handle(&format!("INFO rule {rule}"));
    let started = brain.handle(&format!("START {}", settings.side)).lines;
    if started != ["OK"] {
        return Err(format!("{}: START {started:?}", engine_name(player)));
    }
    brain.handle("SWAP2BOARD");
    for &point in stones {
        brain.handle(&wire(point, settings.side));
    }
    let reply = brain.handle("DONE").lines;
    match reply.as_slice() {
        [line] => Ok(line.clone()),
        _ => Err(format!("{}: {reply:?}", engine_name(player))),
    }
}
