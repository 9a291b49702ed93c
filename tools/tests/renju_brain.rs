//! The brain under Renju (INFO rule 4) and Swap2 (SWAP2BOARD), in-process:
//! Black never plays a forbidden point, YXSHOWFORBID answers as Rapfi does,
//! a forbidden TURN is refused with its reason, and SWAP2BOARD's three cases.

mod common;

use common::*;
use piskrs::rules::board::{Board, DIRECTIONS, Stone};
use piskrs::rules::coord::Point;
use piskrs::rules::renju::{each_foul, foul_on};
use piskrs_tools::gomocup::{Brain, Invocation, Settings};

const SIDE: u8 = 15;

fn brain(level: &str, seed: u16) -> Brain {
    let args = ["--level", level, "--seed", &seed.to_string()].map(String::from);
    match Settings::from_args(args) {
        Ok(Invocation::Run(settings)) => Brain::new(settings),
        _ => panic!("settings"),
    }
}

/// A renju game started on a brain: INFO rule 4, START 15.
fn renju_brain(level: &str, seed: u16) -> Brain {
    let mut brain = brain(level, seed);
    assert!(brain.handle("INFO rule 4").lines.is_empty());
    assert_eq!(brain.handle("START 15").lines, ["OK"]);
    assert!(brain.renju());
    brain
}

/// `x,y` on the wire for a point (y from the top).
fn xy(point: Point) -> String {
    format!("{},{}", point.col, SIDE - 1 - point.row)
}

/// Sends the position (`moves`, Black first) as BOARD to `brain`, which is
/// the side to move, and returns its reply.
fn board_reply(brain: &mut Brain, moves: &[Point]) -> Vec<String> {
    assert!(brain.handle("BOARD").lines.is_empty());
    let mover = moves.len() % 2;
    for (i, &point) in moves.iter().enumerate() {
        let field = if i % 2 == mover { 1 } else { 2 };
        assert!(
            brain
                .handle(&format!("{},{field}", xy(point)))
                .lines
                .is_empty()
        );
    }
    brain.handle("DONE").lines
}

/// The winner, if the stone just played on `point` made five (Black's only
/// exactly five: Black's overline is forbidden, and would show as one).
fn five(board: &Board, point: Point) -> bool {
    let stone = board.get(point).expect("a stone");
    DIRECTIONS.iter().any(|&(dc, dr)| {
        let run = board.run_from(point, -dc, -dr, stone) + 1 + board.run_from(point, dc, dr, stone);
        run == 5 || stone == Stone::White && run > 5
    })
}

/// xorshift for the openings.
fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// Plays `games` games of `level` against itself under Renju from random
/// two-stone openings, each move asked of the side to move's brain with
/// BOARD; checks every move is free and, for Black, not forbidden. Returns
/// how many of Black's moves had a forbidden point on the board to avoid.
fn black_avoids_forbidden_points(level: &str, games: u32) -> u32 {
    let mut state = 0x2545_F491_4F6C_DD1D_u64;
    let mut chances = 0;
    for game in 0..games {
        let mut brains = [
            renju_brain(level, 2 * game as u16 + 1),
            renju_brain(level, 2 * game as u16 + 2),
        ];
        let mut board = Board::new(SIDE);
        let mut moves = Vec::new();
        while moves.len() < 2 {
            let r = next(&mut state);
            let point = Point::new(4 + (r % 7) as u8, 4 + (r / 7 % 7) as u8);
            if board.get(point).is_none() {
                board.set(point, Some([Stone::Black, Stone::White][moves.len()]));
                moves.push(point);
            }
        }
        while moves.len() < 150 {
            let mover = [Stone::Black, Stone::White][moves.len() % 2];
            let mut forbidden = Vec::new();
            if mover == Stone::Black {
                each_foul(&board, |point, _| forbidden.push(point));
                chances += !forbidden.is_empty() as u32;
            }
            let reply = board_reply(&mut brains[moves.len() % 2], &moves);
            let answer = reply.last().expect("a reply");
            let (x, y) = parse_move(answer)
                .unwrap_or_else(|| panic!("{level} game {game}: a move, not {reply:?}"));
            let point = Point::new(x, SIDE - 1 - y);
            assert!(board.get(point).is_none(), "{level}: {answer} is taken");
            assert!(
                mover == Stone::White
                    || !forbidden.contains(&point) && foul_on(&board, point).is_none(),
                "{level} game {game}: Black played the forbidden {answer} after {:?}",
                moves.iter().map(|&p| xy(p)).collect::<Vec<_>>()
            );
            board.set(point, Some(mover));
            moves.push(point);
            if five(&board, point) {
                break;
            }
        }
    }
    chances
}

#[test]
fn as_black_under_renju_no_level_plays_a_forbidden_point() {
    // RENJU_GAMES sets the games a level (the figure in the report ran more).
    let games = std::env::var("RENJU_GAMES").map_or(20, |n| n.parse().expect("a number"));
    for level in ["classic", "cha", "strong"] {
        let chances = black_avoids_forbidden_points(level, games);
        println!("{level}: {games} games, {chances} Black moves with a forbidden point about");
        assert!(
            chances > 0,
            "{level}: no game had a forbidden point to avoid"
        );
    }
}

/// Two double-three points for Black: 7,7 and 11,3 (wire coordinates), and
/// two more the shapes make (Rapfi lists all four).
const TWO_SHAPES: [(u8, u8); 8] = [
    (5, 7),
    (6, 7),
    (7, 5),
    (7, 6),
    (9, 3),
    (10, 3),
    (11, 1),
    (11, 2),
];

fn two_shapes_for_black() -> Vec<Point> {
    let far = [
        (0, 0),
        (0, 2),
        (0, 4),
        (0, 6),
        (0, 8),
        (0, 10),
        (0, 12),
        (14, 14),
    ];
    let mut moves = Vec::new();
    for (&(bx, by), &(wx, wy)) in TWO_SHAPES.iter().zip(far.iter()) {
        moves.push(Point::new(bx, SIDE - 1 - by));
        moves.push(Point::new(wx, SIDE - 1 - wy));
    }
    moves
}

#[test]
fn yxshowforbid_answers_as_rapfi_does() {
    let mut brain = renju_brain("classic", 1);
    // The brain is Black here: after its reply White is to move, and
    // nothing is forbidden to White.
    let reply = board_reply(&mut brain, &two_shapes_for_black());
    let (x, y) = parse_move(&reply[0]).expect("a move");
    assert_eq!(
        brain.handle("YXSHOWFORBID").lines,
        ["FORBID ."],
        "White to move"
    );
    // The manager's TAKEBACK of it: Black to move on the position Rapfi
    // (commit 3aedf3a, INFO rule 4, YXBOARD of the same stones) answered
    // with "FORBID 0703110308040707.": row by row from the top, each xxyy.
    assert_eq!(brain.handle(&format!("TAKEBACK {x},{y}")).lines, ["OK"]);
    assert_eq!(
        brain.handle("YXSHOWFORBID").lines,
        ["FORBID 0703110308040707."]
    );
    // Under five or more nothing is forbidden.
    brain.handle("INFO rule 0");
    assert!(!brain.renju());
    assert_eq!(brain.handle("YXSHOWFORBID").lines, ["FORBID ."]);
}

#[test]
fn a_forbidden_turn_is_refused_with_its_reason() {
    let mut brain = renju_brain("classic", 1);
    let mut moves = two_shapes_for_black();
    // White's 14,14 goes: the brain is White, Black's TURN next.
    moves.pop();
    moves.pop();
    let reply = board_reply(&mut brain, &moves[..moves.len() - 1]);
    assert!(parse_move(&reply[0]).is_some(), "{reply:?}");
    let stones = brain.game().unwrap().move_count();
    let refused = brain.handle("TURN 7,7").lines;
    assert_eq!(refused.len(), 1);
    assert!(
        refused[0].starts_with("ERROR ") && refused[0].contains("double three"),
        "{refused:?}"
    );
    assert_eq!(brain.game().unwrap().move_count(), stones, "unchanged");
    // A free point is played.
    let reply = brain.handle("TURN 14,0").lines;
    assert!(parse_move(reply.last().unwrap()).is_some(), "{reply:?}");
}

/// The points of a SWAP2BOARD answer (`x,y x,y ...`).
fn points_of(answer: &str) -> Vec<(u8, u8)> {
    answer
        .split(' ')
        .map(|word| parse_move(word).unwrap_or_else(|| panic!("'{answer}' holds points")))
        .collect()
}

fn swap2(brain: &mut Brain, stones: &[(u8, u8)]) -> String {
    assert!(brain.handle("SWAP2BOARD").lines.is_empty());
    for &(x, y) in stones {
        assert!(brain.handle(&format!("{x},{y}")).lines.is_empty());
    }
    let reply = brain.handle("DONE").lines;
    assert_eq!(reply.len(), 1, "{reply:?}");
    reply[0].clone()
}

fn swap2_brain() -> Brain {
    let mut brain = brain("strong", 1);
    brain.handle("INFO rule 1");
    assert_eq!(brain.handle("START 15").lines, ["OK"]);
    brain
}

#[test]
fn swap2board_on_an_empty_board_places_three_stones() {
    let mut brain = swap2_brain();
    let answer = swap2(&mut brain, &[]);
    let stones = points_of(&answer);
    assert_eq!(stones.len(), 3, "{answer}");
    assert!(stones.iter().all(|&(x, y)| x < SIDE && y < SIDE));
    assert!(stones[0] != stones[1] && stones[1] != stones[2] && stones[0] != stones[2]);
    let game = brain.game().unwrap();
    assert_eq!(game.move_count(), 3);
    // Black, White, Black, as answered.
    for (i, &(x, y)) in stones.iter().enumerate() {
        let colour = [Stone::Black, Stone::White][i % 2];
        assert!(game.board().get(Point::new(x, SIDE - 1 - y)) == Some(colour));
    }
}

#[test]
fn swap2board_after_three_swaps_when_black_stands_better_and_else_places_stones() {
    // Two black stones side by side in the centre, White's far in a corner:
    // Black stands far better, the brain takes Black.
    let mut brain = swap2_brain();
    assert_eq!(swap2(&mut brain, &[(7, 7), (0, 0), (8, 7)]), "SWAP");
    assert!(brain.colour() == Some(Stone::Black));
    assert_eq!(brain.game().unwrap().move_count(), 3);
    // Black's two in the corners, White's in the centre: no SWAP. The
    // brain plays the fourth stone (and takes White), or places the fourth
    // and fifth (and the other chooses).
    let mut brain = swap2_brain();
    let opening = [(0, 0), (7, 7), (14, 14)];
    let answer = swap2(&mut brain, &opening);
    let points = points_of(&answer);
    assert!(points.iter().all(|p| !opening.contains(p)), "{answer}");
    match points.len() {
        1 => assert!(brain.colour() == Some(Stone::White)),
        2 => assert!(brain.colour().is_none() && points[0] != points[1]),
        _ => panic!("one or two stones: {answer}"),
    }
    assert_eq!(
        brain.game().unwrap().move_count() as usize,
        3 + points.len()
    );
}

#[test]
fn swap2board_after_five_swaps_or_plays_the_sixth_stone() {
    // Black's three in a row, open: Black stands better: SWAP.
    let mut brain = swap2_brain();
    let opening = [(6, 7), (0, 0), (7, 7), (0, 14), (8, 7)];
    assert_eq!(swap2(&mut brain, &opening), "SWAP");
    // White's two beside the centre, Black's three scattered on the edges:
    // White plays the sixth stone.
    let mut brain = swap2_brain();
    let opening = [(0, 0), (7, 7), (14, 14), (7, 8), (0, 14)];
    let answer = swap2(&mut brain, &opening);
    let points = points_of(&answer);
    assert_eq!(points.len(), 1, "{answer}");
    assert!(!opening.contains(&points[0]));
    assert!(brain.colour() == Some(Stone::White));
    assert_eq!(brain.game().unwrap().move_count(), 6);
}

#[test]
fn swap2board_refuses_other_counts_and_bad_lines() {
    let mut brain = swap2_brain();
    let answer = swap2(&mut brain, &[(7, 7), (8, 8)]);
    assert!(
        answer.starts_with("ERROR ") && answer.contains("0, 3 or 5"),
        "{answer}"
    );
    let answer = swap2(&mut brain, &[(7, 7), (7, 7), (8, 8)]);
    assert!(
        answer.starts_with("ERROR ") && answer.contains("twice"),
        "{answer}"
    );
    assert!(brain.handle("SWAP2BOARD").lines.is_empty());
    assert!(brain.handle("seven,eight").lines.is_empty());
    let reply = brain.handle("DONE").lines;
    assert!(reply[0].starts_with("ERROR "), "{reply:?}");
    // Cut short by a command: ERROR, and the command is answered.
    assert!(brain.handle("SWAP2BOARD").lines.is_empty());
    let reply = brain.handle("YXSHOWFORBID").lines;
    assert!(
        reply[0].starts_with("ERROR ") && reply[0].contains("DONE"),
        "{reply:?}"
    );
    assert_eq!(reply[1], "FORBID .");
    // It still works.
    assert_eq!(points_of(&swap2(&mut brain, &[])).len(), 3);
}
