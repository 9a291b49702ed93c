//! Finds where Strong lost the arena's games it lost: for each, the first of
//! its moves after which the opponent has a forced win as a deeper search than
//! Strong's sees it (`threat_search::forced_win`: a VCF of up to 10 fours or a VCT of
//! up to 3 threats, within 400,000 nodes), the step that chose that move, and
//! the points that would have left him no such win ("safe"; a four of
//! Strong's is followed through his forced block, two fours deep). A blunder with no
//! safe point means the game was lost earlier, deeper than this search sees: a
//! strategic loss rather than a tactical one. Ends with a tally by step.
//!
//! `cargo run --release --example blunders -- LEVEL freestyle|exact SIZE BUDGET [SEED]`
//! With SECOND_OPENINGS or THIRD_OPENINGS set in the environment, the arena's
//! second or third set of openings, with RANDOM_OPENINGS the random ones
//! (`arena --openings random`); with SHOW set, the board before each blunder.
use piskrs::ai::engine::Position;
use piskrs::rules::board::Stone;
use piskrs::rules::coord::Point;
use piskrs::rules::game::Game;
use piskrs::rules::winning_line;
use piskrs::support::random::Random;
use piskrs_tools::arena::*;
use piskrs_tools::threat_search;
use std::collections::BTreeMap;

/// The judge's search: deeper than Strong's at any budget it ships with.
const JUDGE_NODES: u32 = 400_000;
const JUDGE_VCF: u8 = 10;
const JUDGE_VCT: u8 = 3;

fn wins_by_force(game: &Game) -> bool {
    !game.is_over()
        && threat_search::forced_win(Position::of(game), JUDGE_NODES, JUDGE_VCF, JUDGE_VCT)
            .is_some()
}

/// The empty points within two of a stone.
fn near_points(game: &Game) -> Vec<Point> {
    let board = game.board();
    let side = board.side();
    let near = |p: Point| {
        (-2..3i8).any(|dr| {
            (-2..3i8).any(|dc| {
                p.step(dc, dr, 1, side)
                    .is_some_and(|q| board.get(q).is_some())
            })
        })
    };
    let mut points = vec![];
    for row in 0..side {
        for col in 0..side {
            let point = Point::new(col, row);
            if board.get(point).is_none() && near(point) {
                points.push(point);
            }
        }
    }
    points
}

/// The points where `stone` would make five on `game`'s board.
fn five_points(game: &Game, stone: Stone) -> Vec<Point> {
    let mut board = game.board().clone();
    let mut points = vec![];
    for point in near_points(game) {
        board.set(point, Some(stone));
        if winning_line(&board, point, game.rule()).is_some() {
            points.push(point);
        }
        board.set(point, None);
    }
    points
}

/// How many of my fours in a row a counter-four is followed through.
const COUNTER_FOURS: u8 = 2;

/// Whether the side that just moved on `after` leaves the other no forced
/// win. The judge's search stops at a four of mine (he must block it), so a
/// four is followed through: his block, then a move of mine that leaves him
/// none (up to `fours` fours deep; beyond, not safe). Without this every
/// four was "safe", however lost the position after his block.
fn leaves_no_win(after: &Game, fours: u8) -> bool {
    if after.is_over() {
        return true; // my five (a move is only judged before he has one)
    }
    if wins_by_force(after) {
        return false;
    }
    let me = after.to_move().opponent();
    let blocks = five_points(after, me);
    if blocks.len() != 1 {
        return true; // no four of mine, or two fives he cannot both block
    }
    if fours == 0 {
        return false;
    }
    let mut blocked = after.clone();
    if blocked.play(blocks[0]).is_err() || blocked.is_over() {
        return false;
    }
    near_points(&blocked).into_iter().any(|point| {
        let mut next = blocked.clone();
        next.play(point).is_ok() && leaves_no_win(&next, fours - 1)
    })
}

/// The empty points within two of a stone after which he has no forced win.
fn safe_points(before: &Game) -> Vec<Point> {
    near_points(before)
        .into_iter()
        .filter(|&point| {
            let mut after = before.clone();
            after.play(point).is_ok() && leaves_no_win(&after, COUNTER_FOURS)
        })
        .collect()
}

fn show(game: &Game, marked: Point) {
    println!("{}   (* Strong's move)", board_text(game, &[(marked, "*")]));
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 5 {
        eprintln!("usage: blunders LEVEL freestyle|exact SIZE BUDGET [SEED]");
        std::process::exit(2);
    }
    let openings = if std::env::var_os("RANDOM_OPENINGS").is_some() {
        Openings::Random
    } else {
        Openings::Fixed(if std::env::var_os("SECOND_OPENINGS").is_some() {
            &SECOND_OPENINGS
        } else if std::env::var_os("THIRD_OPENINGS").is_some() {
            &THIRD_OPENINGS
        } else {
            &OPENINGS
        })
    };
    let seed = args.get(5).map_or(1, |s| s.parse().expect("SEED"));
    let settings = MatchSettings::strong_against(&args, seed, openings);
    let Some(budget) = settings.a.strong_budget() else {
        unreachable!()
    };
    let mut tally: BTreeMap<String, u32> = BTreeMap::new();
    for index in 0..settings.games {
        let mut strong_moves: Vec<(Game, Point)> = vec![];
        let record = play_game_watched(&settings, index, &mut |game, point, by_a| {
            if by_a {
                strong_moves.push((game.clone(), point));
            }
        });
        if record.winner != Winner::B {
            continue;
        }
        let colour = if record.a_black { "Black" } else { "White" };
        let blunder = strong_moves.iter().find(|(before, point)| {
            let mut after = before.clone();
            after.play(*point).is_ok() && !leaves_no_win(&after, COUNTER_FOURS)
        });
        let Some((before, point)) = blunder else {
            println!(
                "game {index} (Strong {colour}): no blunder seen, {} stones",
                record.stones
            );
            *tally.entry("not seen".into()).or_default() += 1;
            continue;
        };
        let (_, _, reason) =
            threat_search::choose_explained(Position::of(before), budget, &mut Random::new(1))
                .unwrap();
        let safe = safe_points(before);
        let names: Vec<String> = safe.iter().take(8).map(|&p| point_name(p)).collect();
        println!(
            "game {index} (Strong {colour}): stone {} of {}, {} by {}; safe: {} {}",
            before.move_count() + 1,
            record.stones,
            point_name(*point),
            reason.name(),
            safe.len(),
            names.join(" ")
        );
        if std::env::var_os("SHOW").is_some() {
            show(before, *point);
        }
        let kind = if safe.is_empty() {
            "lost already"
        } else {
            reason.name()
        };
        *tally.entry(kind.into()).or_default() += 1;
    }
    println!(
        "\nfirst blunders by step (\"lost already\": no safe point; \"not seen\": none found):"
    );
    for (kind, count) in tally {
        println!("  {kind:<18} {count}");
    }
}
