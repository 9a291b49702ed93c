//! Where the tree loses: plays `tree:BUDGET` against an opponent on the
//! arena's random openings (19x19 and five or more unless asked otherwise)
//! and, at each of the tree's moves, also runs a deeper tree (`DEEP` nodes)
//! on the same position. For each lost game it prints every move: the
//! tree's with the depth it finished and that depth's score, and the deeper
//! search's move, depth and score. A tally ends the list, for the tree's lost
//! games:
//!
//! - how many moves before the end the deeper search first proves the loss,
//!   and the tree itself (both counted in the tree's own moves);
//! - "turned": the game's last move of the tree from a position the deeper
//!   search does not call lost, after which it does, and whether the deeper
//!   search chose another point there (a loss more depth might have avoided)
//!   or the same (lost deeper than it sees); or no such move (the deeper
//!   search proves the loss only at the last move, or already at the first).
//!
//! `cargo run --release --example tree_losses -- OPPONENT BUDGET DEEP GAMES [SEED]`
//! OPPONENT as the arena takes it (`classic`, `strong:1600`, `'brain:PROGRAM'`);
//! with BRAIN_INFO set (e.g. `max_node 1600`), one more INFO line for a brain;
//! with EXACT set, the exact-five rule; with SIZE (15 or 20) another board
//! than 19x19; with SHOW set, the board where each lost game turned, with its
//! last ten stones.
use piskrs::ai::engine::Position;
use piskrs::ai::tree::{self, HeapTables, PROVEN, Searched};
use piskrs::rules::board::Stone;
use piskrs::rules::coord::Point;
use piskrs::rules::game::Game;
use piskrs_tools::arena::*;
use piskrs_tools::player::Player;

/// One move of the tree: its choice and the deeper search's, on the same
/// position.
struct Judged {
    stones: usize,
    /// The board before the tree's move, if SHOW asks for it.
    board: Option<String>,
    tree: Searched,
    deep: Searched,
}

fn search(game: &Game, budget: u32, tables: &mut HeapTables) -> Searched {
    let position = Position::of(game);
    tree::search_until(
        position.board,
        position.to_move,
        position.rule,
        budget,
        tables,
        &|| false,
    )
    .expect("a position with a stone and a free point")
}

/// The board, and its last ten stones in order (the newest last).
fn board_and_last(game: &Game) -> String {
    let moves = game.moves();
    let last: Vec<String> = moves[moves.len().saturating_sub(10)..]
        .iter()
        .map(|&point| {
            let stone = game.board().get(point);
            let colour = if stone == Some(Stone::Black) {
                "X"
            } else {
                "O"
            };
            format!("{colour} {}", point_name(point))
        })
        .collect();
    format!(
        "{}\n  the last stones: {}",
        board_text(game, &[]),
        last.join(", ")
    )
}

fn shown(searched: &Searched) -> String {
    format!(
        "{:<4} d{:<2} {:>6}",
        point_name(searched.point),
        searched.depth,
        searched.score
    )
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 5 {
        eprintln!("usage: tree_losses OPPONENT BUDGET DEEP GAMES [SEED]");
        std::process::exit(2);
    }
    let mut opponent = parse_contestant(&args[1], 1600).unwrap_or_else(|error| {
        eprintln!("{error}");
        std::process::exit(2)
    });
    if let (Contestant::Brain(brain), Ok(info)) = (&mut opponent, std::env::var("BRAIN_INFO")) {
        brain.infos.push(info);
    }
    let number = |at: usize| -> u32 { args[at].parse().expect("a number") };
    let (budget, deep, games) = (number(2), number(3), number(4));
    let seed = args.get(5).map_or(1, |text| text.parse().expect("a seed"));
    let show = std::env::var_os("SHOW").is_some();
    let settings =
        MatchSettings::random_from_env(Player::tree(budget).into(), opponent, games, seed);
    let mut tables = HeapTables::new();
    let (mut lost, mut deep_first, mut tree_first) = (0, 0, 0);
    let (mut turned_other, mut turned_same, mut never_turned, mut lost_from_start) = (0, 0, 0, 0);
    for index in 0..games {
        let mut moves: Vec<Judged> = Vec::new();
        let mut lines = Vec::new();
        let record = play_game_watched(&settings, index, &mut |game, point: Point, by_a| {
            if !by_a {
                lines.push(format!("       {}", point_name(point)));
                return;
            }
            let judged = Judged {
                stones: game.move_count() as usize,
                board: show.then(|| board_and_last(game)),
                tree: search(game, budget, &mut tables),
                deep: search(game, deep, &mut tables),
            };
            assert!(
                judged.tree.point == point,
                "the tree replays the arena's move"
            );
            lines.push(format!(
                "{:>4}  {} | deeper {}",
                judged.stones,
                shown(&judged.tree),
                shown(&judged.deep)
            ));
            moves.push(judged);
        });
        println!("{}", describe(&settings, &record));
        if record.winner != Winner::B {
            continue;
        }
        lost += 1;
        for line in &lines {
            println!("{line}");
        }
        // Counted back from the tree's last move: the first that proves the loss.
        let proves = |score: i32| score <= -PROVEN;
        let first_proof = |of: &dyn Fn(&Judged) -> i32| {
            moves
                .iter()
                .position(|judged| proves(of(judged)))
                .map_or(0, |at| moves.len() - at)
        };
        deep_first += first_proof(&|judged| judged.deep.score);
        tree_first += first_proof(&|judged| judged.tree.score);
        match moves.iter().rposition(|judged| !proves(judged.deep.score)) {
            None => {
                lost_from_start += 1;
                println!("  proved lost by the deeper search at every move");
            }
            Some(at) if at + 1 == moves.len() => never_turned += 1,
            Some(at) => {
                let turned = &moves[at];
                let chose = if turned.deep.point != turned.tree.point {
                    turned_other += 1;
                    "another point"
                } else {
                    turned_same += 1;
                    "the same point"
                };
                println!(
                    "  turned at stone {}: the deeper search chose {chose}",
                    turned.stones
                );
                if let Some(board) = &turned.board {
                    println!("{board}");
                }
            }
        }
    }
    println!("lost {lost} of {games}");
    if lost > 0 {
        println!(
            "the loss proved, on average, {:.1} of the tree's moves before the end by the deeper search, {:.1} by the tree",
            deep_first as f64 / lost as f64,
            tree_first as f64 / lost as f64
        );
        println!(
            "turned: the deeper search chose another point {turned_other}, the same {turned_same}; not proved lost before the last move {never_turned}; lost at every move {lost_from_start}"
        );
    }
}
