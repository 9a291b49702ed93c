//! SWAP2BOARD, the Gomocup protocol's Swap2 extension (its 2020 experimental
//! tournament): between START and BOARD the manager sends the opening's
//! stones, one `x,y` a line (Black first, alternating), then DONE:
//!
//! - no stone: the brain places the first three (Black, White, Black) and
//!   answers them on one line, `x,y x,y x,y`;
//! - three: the brain, second player, answers `SWAP` (it takes Black), one
//!   move (it takes White and plays the fourth stone), or two stones (the
//!   fourth and fifth, one of each; the first player then chooses);
//! - five: the brain, first player again, answers `SWAP` (it takes Black)
//!   or one move (it takes White and plays the sixth stone).
//!
//! The choices come from the tree's score of the position for White to
//! move (`player::tree_search`, [`SWAP2_BUDGET`] nodes), against
//! [`EVEN_SCORE`], what the tree gives the side to move in an even
//! position: below it White stands worse, so the brain takes Black; within
//! [`BALANCED`] of it after three stones the brain places two more and lets
//! the other choose. The first three stones are drawn from the seed among
//! the candidates whose score is within [`BALANCED`] of the nearest even's
//! (the tree finds none of them even: Black stands better in all by 577
//! points or more on 15x15), so that the brain's openings vary by game;
//! the candidates are the arena's three-stone openings and a few drawn from
//! the brain's seed within three points of the centre.

use super::wire::{parse_xy, shorten, wire};
use super::{Brain, Reply, replay};
use crate::arena::{OPENINGS, SECOND_OPENINGS};
use crate::player::tree_search;
use piskrs::rules::board::Stone;
use piskrs::rules::coord::Point;
use piskrs::rules::game::Game;
use piskrs::support::random::Random;

/// The nodes the tree searches for each Swap2 choice.
pub const SWAP2_BUDGET: u32 = 4_000;
/// The tree's score for the side to move in an even position: the median
/// of its scores, at SWAP2_BUDGET nodes on 15x15, for the arena's third set
/// of openings (Black to move; balanced by Classic's games against itself:
/// arena/openings.rs), 1,058 and 1,135 on both rules. (The side to move is
/// worth much to the tree: two stones against one scored 340 to 610.)
pub const EVEN_SCORE: i32 = 1_100;
/// After three stones, a score for White this near even is balanced: the
/// brain places two stones and lets the other player choose.
pub const BALANCED: i32 = 300;
/// The openings drawn from the seed, besides the arena's.
const DRAWN_OPENINGS: usize = 13;

/// A SWAP2BOARD being received.
pub(super) type Swap2Input = super::StonesInput<Point>;

impl Brain {
    pub(super) fn swap2_start(&mut self, rest: &str) -> Reply {
        match Swap2Input::begin("SWAP2BOARD", rest) {
            Ok(input) => self.swap2 = Some(input),
            Err(reply) => return reply,
        }
        Reply::none()
    }

    /// A line between SWAP2BOARD and DONE: `x,y` (a third field, as in
    /// BOARD, is allowed and ignored: the order gives the colours).
    pub(super) fn swap2_line(&mut self, line: &str) -> Reply {
        if line.is_empty() {
            return Reply::none();
        }
        if line.eq_ignore_ascii_case("DONE") {
            let input = self.swap2.take().expect("in a SWAP2BOARD");
            return self.swap2_answer(input);
        }
        let side = self.game.as_ref().map_or(20, |game| game.board().side());
        let fields: Vec<&str> = line.split(',').collect();
        if !(2..=3).contains(&fields.len()) {
            // Not a stone line: the SWAP2BOARD was cut short. Refuse it and
            // read the line as a command (END must still end the brain).
            self.swap2 = None;
            let error = format!("SWAP2BOARD ended without DONE (got '{}')", shorten(line));
            return self.cut_short(error, line);
        }
        let input = self.swap2.as_mut().expect("in a SWAP2BOARD");
        if input.error.is_some() {
            return Reply::none();
        }
        let parsed = parse_xy(fields[0], fields[1], side).and_then(|point| {
            if input.stones.contains(&point) {
                Err("the point is given twice".to_string())
            } else {
                Ok(point)
            }
        });
        match parsed {
            Ok(point) => input.stones.push(point),
            Err(message) => input.error = Some(format!("SWAP2BOARD line: {message}")),
        }
        Reply::none()
    }

    fn swap2_answer(&mut self, input: Swap2Input) -> Reply {
        if let Some(why) = self.not_ready() {
            return Reply::error(why);
        }
        if let Some(message) = input.error {
            return Reply::error(message);
        }
        let started = self.game.as_ref().expect("started");
        let (side, rule, opening) = (started.board().side(), started.rule(), started.opening());
        let black: Vec<Point> = input.stones.iter().step_by(2).copied().collect();
        let white: Vec<Point> = input.stones.iter().skip(1).step_by(2).copied().collect();
        let game = match replay(side, rule, opening, &black, &white) {
            Ok(game) => game,
            Err(message) => return Reply::error(format!("SWAP2BOARD: {message}")),
        };
        let answer = match input.stones.len() {
            0 => self.swap2_opening(side),
            3 => self.swap2_after_three(game),
            5 => self.swap2_after_five(game),
            n => {
                return Reply::error(format!(
                    "SWAP2BOARD has {n} stones: Swap2 asks with 0, 3 or 5"
                ));
            }
        };
        match answer {
            Ok(line) => Reply::line(line),
            Err(message) => Reply::error(message),
        }
    }

    /// White's score (the side to move) and best move in `game`.
    fn white_view(&self, game: &Game) -> Option<(i32, Point)> {
        let searched = tree_search(
            game.board(),
            game.to_move(),
            game.rule(),
            self.renju,
            SWAP2_BUDGET,
        )?;
        Some((searched.score, searched.point))
    }

    /// The three-stone opening whose score for White is nearest zero.
    fn swap2_opening(&mut self, side: u8) -> Result<String, String> {
        let centre = (side / 2) as i8;
        let mut candidates: Vec<Vec<(i8, i8)>> = OPENINGS
            .iter()
            .chain(SECOND_OPENINGS.iter())
            .filter(|opening| opening.len() == 3)
            .map(|opening| opening.to_vec())
            .collect();
        let arena = candidates.len();
        while candidates.len() < arena + DRAWN_OPENINGS {
            let mut drawn: Vec<(i8, i8)> = Vec::new();
            while drawn.len() < 3 {
                let step = |random: &mut Random| random.below(7) as i8 - 3;
                let stone = (step(&mut self.random), step(&mut self.random));
                if !drawn.contains(&stone) {
                    drawn.push(stone);
                }
            }
            candidates.push(drawn);
        }
        let mut scored: Vec<(i32, Game)> = Vec::new();
        for opening in &candidates {
            let mut game = self.new_game(side);
            for &(dc, dr) in opening.iter() {
                let point = Point::new((centre + dc) as u8, (centre + dr) as u8);
                game.play(point)
                    .map_err(|_| "an opening stone was refused")?;
            }
            let Some((score, _)) = self.white_view(&game) else {
                continue;
            };
            scored.push(((score - EVEN_SCORE).abs(), game));
        }
        // One within BALANCED of the nearest even, drawn.
        let nearest = scored
            .iter()
            .map(|(off, _)| *off)
            .min()
            .ok_or("no opening could be scored")?;
        let near: Vec<usize> = (0..scored.len())
            .filter(|&i| scored[i].0 <= nearest + BALANCED)
            .collect();
        let chosen = near[self.random.below(near.len() as u16) as usize];
        let (_, game) = scored.swap_remove(chosen);
        let line = stones_line(game.moves(), side);
        Ok(self.settle(game, None, line))
    }

    /// The second player's choice after three stones.
    fn swap2_after_three(&mut self, mut game: Game) -> Result<String, String> {
        let side = game.board().side();
        let (score, fourth) = self.white_view(&game).ok_or("no move found")?;
        if score < EVEN_SCORE - BALANCED {
            return Ok(self.settle(game, Some(Stone::Black), "SWAP".to_string()));
        }
        game.play(fourth)
            .map_err(|_| "the fourth stone was refused")?;
        if score > EVEN_SCORE + BALANCED {
            return Ok(self.settle(game, Some(Stone::White), wire(fourth, side)));
        }
        // Balanced: Black's best reply as the fifth, the other to choose.
        let searched = tree_search(
            game.board(),
            Stone::Black,
            game.rule(),
            self.renju,
            SWAP2_BUDGET,
        )
        .ok_or("no fifth stone found")?;
        game.play(searched.point)
            .map_err(|_| "the fifth stone was refused")?;
        let line = stones_line(&game.moves()[3..], side);
        Ok(self.settle(game, None, line))
    }

    /// The first player's choice after five stones.
    fn swap2_after_five(&mut self, mut game: Game) -> Result<String, String> {
        let side = game.board().side();
        let (score, sixth) = self.white_view(&game).ok_or("no move found")?;
        if score < EVEN_SCORE {
            return Ok(self.settle(game, Some(Stone::Black), "SWAP".to_string()));
        }
        game.play(sixth)
            .map_err(|_| "the sixth stone was refused")?;
        Ok(self.settle(game, Some(Stone::White), wire(sixth, side)))
    }

    /// The game as the choice left it, the colour the brain now plays (None:
    /// the other player still chooses), and the answer.
    fn settle(&mut self, game: Game, me: Option<Stone>, answer: String) -> String {
        self.game = Some(game);
        self.me = me;
        answer
    }

    /// An empty game of `side` under the brain's rules.
    fn new_game(&self, side: u8) -> Game {
        let started = self.game.as_ref().expect("started");
        Game::with_opening(side, started.rule(), started.opening())
    }
}

/// The stones as `x,y x,y ...`.
fn stones_line(stones: &[Point], side: u8) -> String {
    stones
        .iter()
        .map(|&point| wire(point, side))
        .collect::<Vec<_>>()
        .join(" ")
}
