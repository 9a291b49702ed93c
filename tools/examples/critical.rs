//! For each game Strong lost in the arena, the latest of its moves where a
//! far larger budget's choice wins instead: the game played on from it, Strong
//! at BUDGET against LEVEL, is won in at least 2 of 3 tries (the opponent's
//! random source seeded differently each time). That is where the game was
//! lost, and the step that chose the losing move (`Reason`). A tally by step
//! ends the list. Unlike examples/blunders.rs this needs no threat search as
//! a judge, so it also finds quiet moves lost by position.
//!
//! `cargo run --release --example critical -- LEVEL freestyle|exact SIZE BUDGET BIG [SEED]`
//! (with THIRD_OPENINGS set in the environment, the arena's third openings;
//! with SHOW set, the board before each such move)
use piskrs::ai::engine::Position;
use piskrs::rules::board::Stone;
use piskrs::rules::coord::Point;
use piskrs::rules::game::{Game, Outcome};
use piskrs::support::random::Random;
use piskrs_tools::arena::*;
use piskrs_tools::player::Player;
use piskrs_tools::threat_search::{self, Reason};
use std::collections::BTreeMap;

fn step_name(reason: Reason) -> &'static str {
    match reason {
        Reason::WinInOne => "win1",
        Reason::BlockFive => "blk5",
        Reason::MyVcf => "VCF",
        Reason::MyVct => "VCT",
        Reason::FourThree => "43",
        Reason::BlockFours => "defFours",
        Reason::BlockThrees => "defThrees",
        Reason::Search => "quiet",
    }
}

/// Plays `game` on to its end, Strong (`budget`) as `strong`; whether it wins.
fn play_on(mut game: Game, strong: Stone, budget: u32, b: Player, seed: u16) -> bool {
    let mut random = Random::new(seed);
    while !game.is_over() {
        let engine = if game.to_move() == strong {
            Player::strong(budget)
        } else {
            b
        };
        let Some((p, _)) = engine.think(Position::of(&game), &mut random) else {
            return false;
        };
        if game.play(p).is_err() {
            return game.to_move() != strong;
        }
    }
    matches!(game.outcome(), Outcome::Won { winner, .. } if winner == strong)
}

/// The board before a critical move: `*` the move played, `+` the one that wins.
fn show(game: &Game, played: Point, better: Point) {
    println!("{}", board_text(game, &[(played, "*"), (better, "+")]));
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let b = parse_engine(&args[1], 975).unwrap();
    let budget: u32 = args[4].parse().unwrap();
    let big: u32 = args[5].parse().unwrap();
    let seed: u16 = args.get(6).map_or(1, |s| s.parse().unwrap());
    let openings = Openings::Fixed(if std::env::var_os("THIRD_OPENINGS").is_some() {
        &THIRD_OPENINGS
    } else {
        &OPENINGS
    });
    let settings = MatchSettings::strong_against(&args, seed, openings);
    let mut tally: BTreeMap<String, u32> = BTreeMap::new();
    for index in 0..settings.games {
        let mut moves: Vec<(Game, Point)> = vec![];
        let rec = play_game_watched(&settings, index, &mut |g, p, by_a| {
            if by_a {
                moves.push((g.clone(), p))
            }
        });
        if rec.winner != Winner::B {
            continue;
        }
        let strong_side = if rec.a_black {
            Stone::Black
        } else {
            Stone::White
        };
        let mut found = None;
        for (k, (before, point)) in moves.iter().enumerate().rev() {
            let Some((alt, _, _)) =
                threat_search::choose_explained(Position::of(before), big, &mut Random::new(1))
            else {
                continue;
            };
            if alt == *point {
                continue;
            }
            let mut g = before.clone();
            if g.play(alt).is_err() {
                continue;
            }
            let won = (1..=3u16)
                .filter(|s| play_on(g.clone(), strong_side, budget, b, *s + index as u16 * 7))
                .count();
            if won >= 2 {
                let (_, _, reason) = threat_search::choose_explained(
                    Position::of(before),
                    budget,
                    &mut Random::new(1),
                )
                .unwrap();
                if std::env::var_os("SHOW").is_some() {
                    show(before, *point, alt);
                }
                found = Some((k, before.move_count(), *point, alt, reason));
                break;
            }
        }
        let line = match found {
            Some((k, stone, point, alt, reason)) => {
                *tally.entry(step_name(reason).to_string()).or_default() += 1;
                format!(
                    "move {k} (stone {stone} of {}) {} by {}; {} instead wins",
                    rec.stones,
                    point_name(point),
                    step_name(reason),
                    point_name(alt)
                )
            }
            None => {
                *tally.entry("none".into()).or_default() += 1;
                "no saving move found".into()
            }
        };
        println!(
            "game {index} opening {} turned {} Strong {}: {line}",
            rec.opening + 1,
            rec.symmetry,
            if rec.a_black { "Black" } else { "White" }
        );
    }
    println!("{tally:?}");
}
