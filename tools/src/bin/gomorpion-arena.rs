//! gomorpion-arena: the computer (`gomorpion::choose`) against a random mover and
//! against a one-ply greedy player, colours alternated.
//!
//! `cargo run --release --bin gomorpion-arena -- [GAMES] [SEED]` (default 100 games,
//! seed 1). For each opponent it prints the computer's wins, losses and draws, and
//! the mean points of both sides. The players themselves are in
//! `piskrs_tools::gomorpion_players` (tools/src/gomorpion_players.rs; the tests
//! use them too).

use piskrs_tools::gomorpion_players::{Opponent, play_match};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: u32 = args.first().and_then(|a| a.parse().ok()).unwrap_or(100);
    let seed: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(1);
    for opponent in [Opponent::Random, Opponent::Greedy] {
        let start = std::time::Instant::now();
        let r = play_match(opponent, games, seed);
        println!(
            "computer vs {:<6}: {} games, won {}, lost {}, drawn {}; mean points {:.1} to {:.1}; computer move {:.0} us on average, {:.0} us at most",
            opponent.name(),
            games,
            r.wins,
            r.losses,
            r.draws,
            r.points_for as f64 / games as f64,
            r.points_against as f64 / games as f64,
            r.think.as_secs_f64() * 1e6 / r.moves.max(1) as f64,
            r.slowest.as_secs_f64() * 1e6,
        );
        eprintln!("({:.1} s)", start.elapsed().as_secs_f64());
    }
}
