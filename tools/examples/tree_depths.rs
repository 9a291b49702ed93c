//! The depths the tree finishes: it searches every position of Strong's
//! games against Classic (random openings, both colours; Strong's moves do
//! not depend on the tree, so a change to the tree is measured on the same
//! positions) with `BUDGET` nodes, and prints how many searches finished
//! each depth, their mean, and how many proved a win or a loss (those stop
//! early and are not counted in the mean). A crowded position where the
//! fours of both sides drown the search shows as depth 0 or 1.
//!
//! `cargo run --release --example tree_depths -- BUDGET GAMES [SEED]`; with
//! EXACT set, the exact-five rule; with SIZE (15 or 20) another board than
//! 19x19; with SHOW set, each position that finished depth 1 or none.
use piskrs::ai::engine::Position;
use piskrs::ai::tree::{self, HeapTables, PROVEN};
use piskrs_tools::arena::*;
use piskrs_tools::player::Player;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 3 {
        eprintln!("usage: tree_depths BUDGET GAMES [SEED]");
        std::process::exit(2);
    }
    let number = |at: usize| -> u32 { args[at].parse().expect("a number") };
    let (budget, games) = (number(1), number(2));
    let seed = args.get(3).map_or(1, |text| text.parse().expect("a seed"));
    let show = std::env::var_os("SHOW").is_some();
    let strong = Player::strong(1600).into();
    let classic = parse_contestant("classic", 1600).expect("Classic");
    let settings = MatchSettings::random_from_env(strong, classic, games, seed);
    let mut tables = HeapTables::new();
    let mut finished = [0u32; 32];
    let (mut proved, mut searched, mut depths) = (0u32, 0u32, 0u64);
    for index in 0..games {
        play_game_watched(&settings, index, &mut |game, _point, _by_a| {
            let position = Position::of(game);
            let Some(result) = tree::search_until(
                position.board,
                position.to_move,
                position.rule,
                budget,
                &mut tables,
                &|| false,
            ) else {
                return;
            };
            if result.score.abs() >= PROVEN {
                proved += 1;
                return;
            }
            finished[result.depth as usize] += 1;
            searched += 1;
            depths += result.depth as u64;
            if show && result.depth <= 1 {
                println!(
                    "game {index}, {} stones: depth {}\n{}",
                    game.move_count(),
                    result.depth,
                    board_text(game, &[])
                );
            }
        });
    }
    let last = finished.iter().rposition(|&count| count > 0).unwrap_or(0);
    println!(
        "{searched} positions not proved: mean depth {:.2}; by depth 0..={last}: {:?}; {proved} proved",
        depths as f64 / searched.max(1) as f64,
        &finished[..=last]
    );
}
