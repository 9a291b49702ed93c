//! Gomorpion opponents for measurements: a random mover and a one-ply greedy
//! player, and a match of the computer against one of them (colours alternated).

use std::time::{Duration, Instant};

use piskrs::rules::coord::Point;
use piskrs::rules::gomorpion::{Gomorpion, Player, SIDE, choose};
use piskrs::support::random::Random;

/// A small xorshift generator, independent of the computer's random source.
pub struct Rng(pub u64);

impl Rng {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }
}

pub fn legal_moves(game: &Gomorpion) -> Vec<Point> {
    (0..SIDE)
        .flat_map(|row| (0..SIDE).map(move |col| Point::new(col, row)))
        .filter(|&p| game.legal(p).is_ok())
        .collect()
}

/// A uniformly random legal move.
pub fn random_move(game: &Gomorpion, rng: &mut Rng) -> Option<Point> {
    let moves = legal_moves(game);
    (!moves.is_empty()).then(|| moves[rng.below(moves.len())])
}

/// The move that gains most points now (own points gained minus the opponent's),
/// ties broken at random. Points change only when a move makes a five or ends
/// the game, so only such moves are tried on a copy: moves that make a five, and
/// every move once few intersections are left.
pub fn greedy_move(game: &Gomorpion, rng: &mut Rng) -> Option<Point> {
    let moves = legal_moves(game);
    if moves.is_empty() {
        return None;
    }
    let me = game.to_move();
    let endgame = moves.len() <= 40;
    let mut best = Vec::new();
    let mut best_gain = i32::MIN;
    for &p in &moves {
        let gain = if endgame || game.line_through(p) >= 5 {
            let mut copy = game.clone();
            let event = copy.play(p).ok().expect("a legal move");
            event.points[me.index()] as i32 - event.points[me.opponent().index()] as i32
        } else {
            0
        };
        if gain > best_gain {
            best_gain = gain;
            best.clear();
        }
        if gain == best_gain {
            best.push(p);
        }
    }
    Some(best[rng.below(best.len())])
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Opponent {
    Random,
    Greedy,
}

impl Opponent {
    pub fn name(self) -> &'static str {
        match self {
            Opponent::Random => "random",
            Opponent::Greedy => "greedy",
        }
    }
}

#[derive(Default)]
pub struct MatchResult {
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    pub points_for: u32,
    pub points_against: u32,
    pub moves: u32,
    pub think: Duration,
    pub slowest: Duration,
}

/// `games` games of the computer against `opponent`; the computer is Black in
/// the even games, Red in the odd ones.
pub fn play_match(opponent: Opponent, games: u32, seed: u64) -> MatchResult {
    let mut result = MatchResult::default();
    for g in 0..games {
        let computer = if g % 2 == 0 {
            Player::Black
        } else {
            Player::Red
        };
        let stream = seed ^ (opponent as u64) << 32;
        let mut rng = Rng(stream
            .wrapping_mul(6364136223846793005)
            .wrapping_add(g as u64 * 2 + 1)
            | 1);
        let mut random = Random::new((seed as u16).wrapping_mul(31).wrapping_add(g as u16 * 977));
        let mut game = Gomorpion::new();
        while !game.is_over() {
            let p = if game.to_move() == computer {
                let start = Instant::now();
                let p = choose(&game, &mut random);
                let took = start.elapsed();
                result.think += took;
                result.slowest = result.slowest.max(took);
                result.moves += 1;
                p
            } else {
                match opponent {
                    Opponent::Random => random_move(&game, &mut rng),
                    Opponent::Greedy => greedy_move(&game, &mut rng),
                }
            };
            let p = p.expect("a move while the game is not over");
            game.play(p).ok().expect("the players play legal moves");
        }
        match game.winner() {
            Some(w) if w == computer => result.wins += 1,
            Some(_) => result.losses += 1,
            None => result.draws += 1,
        }
        result.points_for += game.score(computer) as u32;
        result.points_against += game.score(computer.opponent()) as u32;
    }
    result
}
