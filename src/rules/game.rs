//! The state of one game: the board, whose turn it is, the moves so far, the result.

use crate::rules::board::{Board, MAX_SIDE, Stone};
use crate::rules::coord::Point;
use crate::rules::{Line, Opening, WinRule, winning_line};

const MAX_MOVES: usize = MAX_SIDE as usize * MAX_SIDE as usize;
/// An empty move list as a constant: the repeat expression written in
/// `with_opening` was built in a 722-byte temporary on the stack and copied;
/// from a zero constant the compiler clears the game in place.
const NO_MOVES: [Point; MAX_MOVES] = [Point::new(0, 0); MAX_MOVES];

/// How a game stands.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    InProgress,
    Won {
        winner: Stone,
        line: Line,
    },
    /// Every point is taken and nobody made a winning line.
    Draw,
}

/// Why a move was refused. The game is unchanged when one is returned.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum MoveError {
    OffBoard,
    Occupied,
    GameOver,
    /// The first stone is not where the opening rule allows (Outer-Open).
    Restricted,
}

/// One game of Gomoku.
#[derive(Clone)]
pub struct Game {
    board: Board,
    rule: WinRule,
    opening: Opening,
    to_move: Stone,
    moves: [Point; MAX_MOVES],
    move_count: u16,
    /// Free points left; the game is a draw when it reaches 0 (Piskasm's VolnaPole).
    free_points: u16,
    outcome: Outcome,
    /// Counts the changes (a stone played or taken back, a resignation, a
    /// restart), so that a screen can tell that the game it shows changed.
    revision: u16,
}

impl Game {
    /// A new game on an empty board; Black moves first.
    pub fn new(side: u8, rule: WinRule) -> Game {
        Game::with_opening(side, rule, Opening::Free)
    }

    /// A new game whose first stone must obey `opening`. (Not inlined: on DOS
    /// each caller's copy of the clearing code cost about 50 bytes.)
    #[inline(never)]
    pub fn with_opening(side: u8, rule: WinRule, opening: Opening) -> Game {
        let side = side.clamp(5, crate::rules::board::MAX_SIDE);
        Game {
            board: Board::new(side),
            rule,
            opening,
            to_move: Stone::Black,
            moves: NO_MOVES,
            move_count: 0,
            free_points: side as u16 * side as u16,
            outcome: Outcome::InProgress,
            revision: 0,
        }
    }

    /// As [`Game::with_opening`], in place (a new Game is built on the stack
    /// and copied: 1.2 KB twice, where the stack is scarcest).
    pub fn restart(&mut self, side: u8, rule: WinRule, opening: Opening) {
        self.board.reset(side);
        let side = self.board.side() as u16;
        self.rule = rule;
        self.opening = opening;
        self.to_move = Stone::Black;
        self.move_count = 0;
        self.free_points = side * side;
        self.outcome = Outcome::InProgress;
        self.revision = self.revision.wrapping_add(1);
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn rule(&self) -> WinRule {
        self.rule
    }

    pub fn opening(&self) -> Opening {
        self.opening
    }

    pub fn to_move(&self) -> Stone {
        self.to_move
    }

    pub fn outcome(&self) -> Outcome {
        self.outcome
    }

    pub fn is_over(&self) -> bool {
        self.outcome != Outcome::InProgress
    }

    pub fn move_count(&self) -> u16 {
        self.move_count
    }

    /// How many times the game changed (wrapping): equal between two looks,
    /// the game is the same.
    pub fn revision(&self) -> u16 {
        self.revision
    }

    /// Whether Black may open on `point` while the opening rule limits where
    /// (Outer-Open, before the first stone): the board shades these points.
    pub fn may_open_only_on(&self, point: Point) -> bool {
        self.move_count == 0
            && self.opening != Opening::Free
            && self.opening.allows(point, self.board.side())
    }

    pub fn free_points(&self) -> u16 {
        self.free_points
    }

    /// The moves so far, in order.
    pub fn moves(&self) -> &[Point] {
        &self.moves[..self.move_count as usize]
    }

    pub fn last_move(&self) -> Option<Point> {
        self.moves().last().copied()
    }

    /// Whether the player to move may put a stone on `point`. (Inlined: as a
    /// call it cost the .COM more.)
    #[inline(always)]
    pub fn check(&self, point: Point) -> Result<(), MoveError> {
        if self.is_over() {
            Err(MoveError::GameOver)
        } else {
            check_on(&self.board, self.opening, self.move_count == 0, point)
        }
    }

    /// Puts the mover's stone on `point`, decides the outcome, and passes the turn.
    pub fn play(&mut self, point: Point) -> Result<(), MoveError> {
        self.check(point)?;
        let stone = self.to_move;
        self.board.set(point, Some(stone));
        self.moves[self.move_count as usize] = point;
        self.move_count += 1;
        self.free_points -= 1;
        if let Some(line) = winning_line(&self.board, point, self.rule) {
            self.outcome = Outcome::Won {
                winner: stone,
                line,
            };
        } else if self.free_points == 0 {
            self.outcome = Outcome::Draw;
        }
        self.to_move = stone.opponent();
        self.revision = self.revision.wrapping_add(1);
        Ok(())
    }

    /// The player to move gives up: the other wins (a line of length 0: no five
    /// to highlight).
    pub fn resign(&mut self) {
        if !self.is_over() {
            self.outcome = Outcome::Won {
                winner: self.to_move.opponent(),
                line: Line {
                    start: Point::new(0, 0),
                    direction: (1, 0),
                    length: 0,
                },
            };
            self.revision = self.revision.wrapping_add(1);
        }
    }

    /// Takes back the last move, if there is one, and returns its point.
    /// (Inlined: as a call it cost the .COM more.)
    #[inline(always)]
    pub fn undo(&mut self) -> Option<Point> {
        let point = self.last_move()?;
        self.move_count -= 1;
        self.free_points += 1;
        self.board.set(point, None);
        self.to_move = self.to_move.opponent();
        self.outcome = Outcome::InProgress;
        self.revision = self.revision.wrapping_add(1);
        Some(point)
    }
}

/// [`Game::check`] for a game that is not over, played on `board`; `first`
/// says whether `point` would be the game's first stone.
fn check_on(board: &Board, opening: Opening, first: bool, point: Point) -> Result<(), MoveError> {
    if !board.contains(point) {
        Err(MoveError::OffBoard)
    } else if board.get(point).is_some() {
        Err(MoveError::Occupied)
    } else if first && !opening.allows(point, board.side()) {
        Err(MoveError::Restricted)
    } else {
        Ok(())
    }
}

/// Whether [`Game::play`] would take every one of `moves`, in order, in a new
/// game of `side` points a side under `rule` and `opening`. Checked on a board
/// alone: a scratch Game to replay them in added a 722-byte move list to the
/// stack under loading a record, then PISKRS.COM's deepest path (README, Size
/// and memory).
pub fn playable(side: u8, rule: WinRule, opening: Opening, moves: &[Point]) -> bool {
    let mut board = Board::new(side);
    let mut stone = Stone::Black;
    for (i, &point) in moves.iter().enumerate() {
        if check_on(&board, opening, i == 0, point).is_err() {
            return false;
        }
        board.set(point, Some(stone));
        // A move after a winning stone follows the end. (A move after the draw
        // needs no test here: on a full board its point is occupied.)
        if i + 1 < moves.len() && winning_line(&board, point, rule).is_some() {
            return false;
        }
        stone = stone.opponent();
    }
    true
}

/// What a level was asked: the board, who moves, the rules, the moves so far.
#[derive(Clone, Copy)]
pub struct Position<'a> {
    pub board: &'a Board,
    pub to_move: Stone,
    pub rule: WinRule,
    pub opening: Opening,
    /// The moves so far in order (Cha needs the opponent's first stone).
    pub moves: &'a [Point],
}

impl<'a> Position<'a> {
    /// The position of `game`: its board, the side to move, its rules and moves.
    pub fn of(game: &'a Game) -> Position<'a> {
        Position {
            board: game.board(),
            to_move: game.to_move(),
            rule: game.rule(),
            opening: game.opening(),
            moves: game.moves(),
        }
    }
}
