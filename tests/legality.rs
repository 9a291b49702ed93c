//! Move legality through `game::Game`, draws on full boards, undo, and the Go
//! notation of points (`coord`).

mod common;

use common::{
    ACROSS, board_text, diagram, error_text, fill_order, game_state, name, normalise, outcome_text,
    pt, stone_name,
};
use piskrs::rules::board::Stone;
use piskrs::rules::coord::{Lettering, Point, parse_point, write_point};
use piskrs::rules::game::{Game, Outcome, playable};
use piskrs::rules::{Opening, WinRule};

const RULES: [WinRule; 2] = [WinRule::FiveOrMore, WinRule::ExactlyFive];

fn play_all(game: &mut Game, moves: &[&str]) {
    for m in moves {
        assert_eq!(error_text(game.play(pt(m))), "ok", "playing {m}");
    }
}

/// A game Black has just won with A1..E1 (White on A2..D2).
fn won_game(rule: WinRule) -> Game {
    let mut game = Game::new(19, rule);
    play_all(
        &mut game,
        &["A1", "A2", "B1", "B2", "C1", "C2", "D1", "D2", "E1"],
    );
    assert_eq!(outcome_text(game.outcome()), "Black wins A1 (1, 0) 5");
    game
}

// ---------------------------------------------------------------------------
// `game::playable`: the check a loaded record's moves pass before they are
// replayed (on a board alone), must agree with playing them.

/// Whether `Game::play` takes every one of `moves` in a new game.
fn plays_through(side: u8, rule: WinRule, opening: Opening, moves: &[Point]) -> bool {
    let mut game = Game::with_opening(side, rule, opening);
    moves.iter().all(|&point| game.play(point).is_ok())
}

#[test]
fn playable_agrees_with_play_on_random_move_lists() {
    // Short random lists on small boards: repeated points, points off the
    // board, restricted openings, moves after a five, overlines and full boards.
    let mut seed: u32 = 12345;
    let mut next = |below: u32| {
        seed = seed.wrapping_mul(1103515245).wrapping_add(12345);
        (seed >> 16) % below
    };
    let mut agreed = [0u32; 2];
    for _ in 0..20_000 {
        let side = [5u8, 6, 7][next(3) as usize];
        let rule = RULES[next(2) as usize];
        let opening = [Opening::Free, Opening::OuterTwoLines][next(2) as usize];
        let count = next(side as u32 * side as u32 + 2) as usize;
        let moves: Vec<Point> = (0..count)
            .map(|_| Point::new(next(side as u32 + 1) as u8, next(side as u32 + 1) as u8))
            .collect();
        let expected = plays_through(side, rule, opening, &moves);
        assert_eq!(
            playable(side, rule, opening, &moves),
            expected,
            "side {side}, {} moves",
            moves.len()
        );
        agreed[expected as usize] += 1;
    }
    // Both answers were exercised.
    assert!(agreed[0] > 100 && agreed[1] > 100, "{agreed:?}");
}

#[test]
fn playable_takes_a_won_game_and_refuses_a_move_after_the_win() {
    let won: Vec<Point> = ["A1", "A2", "B1", "B2", "C1", "C2", "D1", "D2", "E1"]
        .iter()
        .map(|m| pt(m))
        .collect();
    for rule in RULES {
        assert!(playable(19, rule, Opening::Free, &won));
        let mut after = won.clone();
        after.push(pt("K10"));
        assert!(!playable(19, rule, Opening::Free, &after));
    }
    // An overline of six wins only under five-or-more.
    let six: Vec<Point> = [
        "A1", "A5", "B1", "B5", "C1", "C5", "E1", "E5", "F1", "F5", "D1", "K10",
    ]
    .iter()
    .map(|m| pt(m))
    .collect();
    assert!(!playable(19, WinRule::FiveOrMore, Opening::Free, &six));
    assert!(playable(19, WinRule::ExactlyFive, Opening::Free, &six));
}

// ---------------------------------------------------------------------------
// A new game.

#[test]
fn a_new_game_is_empty_with_black_to_move() {
    for side in [5u8, 6, 15, 19] {
        let game = Game::new(side, WinRule::FiveOrMore);
        assert_eq!(game.board().side(), side);
        assert!(game.to_move() == Stone::Black);
        assert_eq!(game.move_count(), 0);
        assert_eq!(game.free_points(), side as u16 * side as u16);
        assert!(game.moves().is_empty());
        assert!(game.last_move().is_none());
        assert!(!game.is_over());
        assert_eq!(outcome_text(game.outcome()), "in progress");
        assert!(game.rule() == WinRule::FiveOrMore);
        assert!(Game::new(side, WinRule::ExactlyFive).rule() == WinRule::ExactlyFive);
    }
}

#[test]
fn the_board_side_is_clamped_to_5_through_20() {
    // 20 is the largest: the Gomocup brain plays 20x20 (START 20).
    for (asked, got) in [
        (0u8, 5u8),
        (1, 5),
        (4, 5),
        (5, 5),
        (12, 12),
        (19, 19),
        (20, 20),
        (21, 20),
        (255, 20),
    ] {
        let game = Game::new(asked, WinRule::FiveOrMore);
        assert_eq!(game.board().side(), got, "Game::new({asked})");
        assert_eq!(
            game.free_points(),
            got as u16 * got as u16,
            "Game::new({asked})"
        );
    }
}

// ---------------------------------------------------------------------------
// Refused moves leave the game unchanged.

#[test]
fn an_occupied_point_is_refused_and_the_game_is_unchanged() {
    let mut game = Game::new(19, WinRule::FiveOrMore);
    play_all(&mut game, &["K10", "L11", "J9"]);
    let before = game_state(&game);
    for point in ["K10", "L11", "J9"] {
        assert_eq!(
            error_text(game.check(pt(point))),
            "occupied",
            "check {point}"
        );
        assert_eq!(error_text(game.play(pt(point))), "occupied", "play {point}");
        assert_eq!(game_state(&game), before, "after refusing {point}");
    }
    assert!(game.to_move() == Stone::White);
    assert_eq!(game.move_count(), 3);
    assert_eq!(game.free_points(), 361 - 3);
}

#[test]
fn a_point_off_the_board_is_refused_with_off_board() {
    for side in [5u8, 9, 19] {
        let mut game = Game::new(side, WinRule::FiveOrMore);
        play_all(&mut game, &["A1"]);
        let before = game_state(&game);
        let off = [
            Point::new(side, 0),
            Point::new(0, side),
            Point::new(side, side),
            Point::new(side - 1, side),
            Point::new(side, side - 1),
            Point::new(19, 19),
            Point::new(255, 0),
            Point::new(0, 255),
            Point::new(255, 255),
        ];
        for point in off {
            assert_eq!(error_text(game.check(point)), "off board", "side {side}");
            assert_eq!(error_text(game.play(point)), "off board", "side {side}");
            assert_eq!(game_state(&game), before, "side {side}");
        }
        // The last row and column are on the board.
        assert_eq!(error_text(game.play(Point::new(side - 1, side - 1))), "ok");
        assert_eq!(error_text(game.play(Point::new(side - 1, 0))), "ok");
        assert_eq!(error_text(game.play(Point::new(0, side - 1))), "ok");
    }
}

#[test]
fn a_move_after_the_game_is_won_is_refused_with_game_over() {
    for rule in RULES {
        let mut game = won_game(rule);
        assert!(game.is_over());
        let before = game_state(&game);
        // Free, occupied and off-board points alike: the game is over first.
        for point in [pt("K10"), pt("A1"), pt("A2"), Point::new(19, 0)] {
            assert_eq!(error_text(game.check(point)), "game over");
            assert_eq!(error_text(game.play(point)), "game over");
            assert_eq!(game_state(&game), before);
        }
    }
}

// ---------------------------------------------------------------------------
// Turns.

#[test]
fn turns_alternate_starting_with_black() {
    let mut game = Game::new(19, WinRule::FiveOrMore);
    let moves = ["K10", "A1", "S19", "B2", "J9", "C3", "L11"];
    for (i, m) in moves.iter().enumerate() {
        let expected = if i % 2 == 0 {
            Stone::Black
        } else {
            Stone::White
        };
        assert_eq!(
            stone_name(game.to_move()),
            stone_name(expected),
            "before move {i}"
        );
        play_all(&mut game, &[m]);
        assert!(
            game.board().get(pt(m)) == Some(expected),
            "stone of move {i}"
        );
        assert!(game.last_move() == Some(pt(m)));
        assert_eq!(game.move_count() as usize, i + 1);
        assert_eq!(game.free_points() as usize, 361 - (i + 1));
    }
    let played: Vec<String> = game.moves().iter().map(|&p| name(p)).collect();
    assert_eq!(played, moves);
    assert!(game.to_move() == Stone::White);
}

#[test]
fn a_refused_move_does_not_pass_the_turn() {
    let mut game = Game::new(19, WinRule::FiveOrMore);
    play_all(&mut game, &["K10"]);
    assert!(game.play(pt("K10")).is_err());
    assert!(game.play(Point::new(30, 3)).is_err());
    assert!(game.to_move() == Stone::White);
    play_all(&mut game, &["K11"]);
    assert!(game.board().get(pt("K11")) == Some(Stone::White));
}

#[test]
fn white_wins_with_five_and_the_outcome_names_white() {
    let mut game = Game::new(19, WinRule::FiveOrMore);
    play_all(
        &mut game,
        &["A1", "K10", "C1", "L9", "E1", "M8", "G1", "N7", "J1", "J11"],
    );
    assert_eq!(outcome_text(game.outcome()), "White wins J11 (1, -1) 5");
    assert!(game.is_over());
    // The turn passed as usual when the winning stone was placed.
    assert!(game.to_move() == Stone::Black);
}

// ---------------------------------------------------------------------------
// Draws: a full board without five.

/// 5x5 with no five in any direction: 13 black, 12 white.
const DRAWN_5: &str = "
    X X O O X
    O O X X O
    X X O O X
    O O X X O
    X X O O X
";

/// 6x6 with no five in any direction: 18 each.
const DRAWN_6: &str = "
    O O X X O O
    X X O O X X
    O O X X O O
    X X O O X X
    O O X X O O
    X X O O X X
";

/// A full board of `side` points a side drawn in pairs: the top row is two of
/// `first`, two of the other colour, and so on, and each row is the one above
/// shifted by two, so runs are at most two long in every direction. `DRAWN_5`
/// is `striped(5, 'X')` and `DRAWN_6` is `striped(6, 'O')`.
fn striped(side: usize, first: char) -> String {
    let other = if first == 'X' { 'O' } else { 'X' };
    let mut text = String::new();
    for from_top in 0..side {
        let row: Vec<String> = (0..side)
            .map(|col| {
                if (col / 2 + from_top) % 2 == 0 {
                    first
                } else {
                    other
                }
            })
            .map(String::from)
            .collect();
        text.push_str(&row.join(" "));
        text.push('\n');
    }
    text
}

/// Plays the full diagram out move by move and checks that only the last move
/// ends the game, as a draw.
fn play_out_draw(text: &str, rule: WinRule) -> Game {
    let full = diagram(text);
    let side = full.board.side();
    let order = fill_order(&full.board);
    assert_eq!(order.len(), side as usize * side as usize);
    let mut game = Game::new(side, rule);
    for (i, &point) in order.iter().enumerate() {
        assert_eq!(
            outcome_text(game.outcome()),
            "in progress",
            "before move {i}"
        );
        assert_eq!(
            error_text(game.play(point)),
            "ok",
            "move {i} at {}",
            name(point)
        );
    }
    assert_eq!(board_text(game.board()), normalise(text));
    assert_eq!(game.free_points(), 0);
    assert_eq!(game.move_count() as usize, order.len());
    assert_eq!(outcome_text(game.outcome()), "draw");
    assert!(game.is_over());
    game
}

#[test]
fn a_full_5x5_board_without_five_is_a_draw() {
    for rule in RULES {
        let mut game = play_out_draw(DRAWN_5, rule);
        // Black made the 25th move, so White would be next; but the game is over.
        assert!(game.to_move() == Stone::White);
        assert_eq!(error_text(game.play(pt("A1"))), "game over");
    }
}

#[test]
fn a_full_6x6_board_without_five_is_a_draw() {
    for rule in RULES {
        let game = play_out_draw(DRAWN_6, rule);
        assert!(game.to_move() == Stone::Black);
    }
}

#[test]
fn a_full_19x19_board_without_five_is_a_draw() {
    // The 19x19 board is the 5x5 and 6x6 draws' pattern, drawn larger.
    assert_eq!(striped(5, 'X'), normalise(DRAWN_5));
    assert_eq!(striped(6, 'O'), normalise(DRAWN_6));
    for rule in RULES {
        // 181 black, 180 white.
        let mut game = play_out_draw(&striped(19, 'X'), rule);
        assert_eq!(game.move_count(), 361);
        assert_eq!(error_text(game.play(pt("K10"))), "game over");
        assert_eq!(error_text(game.play(Point::new(19, 0))), "game over");
    }
}

#[test]
fn a_five_made_by_the_very_last_free_point_is_a_win_not_a_draw() {
    // The 5x5 fill, except that Black's last stone completes the bottom row.
    let text = "
        X X O O X
        O O X X O
        O X O O X
        O O O X O
        X X X X X
    ";
    let full = diagram(text);
    // Play every point but E1 first (so E1 is Black's 13th and last stone).
    let mut order = fill_order(&full.board);
    let e1 = order.iter().position(|&p| p == pt("E1")).unwrap();
    let last_black = order.len() - 1; // 25 points: the last move is Black's.
    order.swap(e1, last_black);
    let mut game = Game::new(5, WinRule::FiveOrMore);
    for &point in &order {
        assert_eq!(error_text(game.play(point)), "ok", "at {}", name(point));
    }
    assert_eq!(game.free_points(), 0);
    assert_eq!(outcome_text(game.outcome()), "Black wins A1 (1, 0) 5");
}

// ---------------------------------------------------------------------------
// Undo.

#[test]
fn undo_on_a_new_game_does_nothing() {
    let mut game = Game::new(19, WinRule::FiveOrMore);
    let before = game_state(&game);
    assert!(game.undo().is_none());
    assert_eq!(game_state(&game), before);
}

#[test]
fn undo_restores_every_earlier_state() {
    for rule in RULES {
        let mut game = Game::new(19, rule);
        let moves = ["A1", "A2", "B1", "B2", "C1", "C2", "D1", "D2", "E1"];
        let mut states = vec![game_state(&game)];
        for m in moves {
            play_all(&mut game, &[m]);
            states.push(game_state(&game));
        }
        assert!(game.is_over());
        for m in moves.iter().rev() {
            let undone = game.undo().expect("a move to undo");
            assert_eq!(name(undone), *m);
            states.pop();
            assert_eq!(
                game_state(&game),
                *states.last().unwrap(),
                "after undoing {m}"
            );
        }
        assert!(game.undo().is_none());
        assert_eq!(game_state(&game), game_state(&Game::new(19, rule)));
    }
}

#[test]
fn undo_after_a_win_lets_the_game_go_on() {
    let mut game = won_game(WinRule::FiveOrMore);
    assert_eq!(name(game.undo().unwrap()), "E1");
    assert_eq!(outcome_text(game.outcome()), "in progress");
    assert!(game.to_move() == Stone::Black);
    assert!(game.board().get(pt("E1")).is_none());
    assert_eq!(game.free_points(), 361 - 8);
    // Black may now play elsewhere and White may block.
    play_all(&mut game, &["K10", "E1"]);
    assert!(game.board().get(pt("E1")) == Some(Stone::White));
    assert!(!game.is_over());
}

#[test]
fn undo_after_a_draw_reopens_the_last_point() {
    let mut game = play_out_draw(DRAWN_5, WinRule::FiveOrMore);
    let last = game.last_move().unwrap();
    assert!(game.undo() == Some(last));
    assert_eq!(outcome_text(game.outcome()), "in progress");
    assert_eq!(game.free_points(), 1);
    assert!(game.to_move() == Stone::Black);
    assert!(game.board().get(last).is_none());
    play_all(&mut game, &[&name(last)]);
    assert_eq!(outcome_text(game.outcome()), "draw");
}

#[test]
fn the_winning_line_is_reported_with_the_win() {
    let game = won_game(WinRule::ExactlyFive);
    match game.outcome() {
        Outcome::Won { winner, line } => {
            assert!(winner == Stone::Black);
            assert_eq!(name(line.start), "A1");
            assert_eq!(line.direction, ACROSS);
            assert_eq!(line.length, 5);
        }
        other => panic!("expected a win, got {}", outcome_text(other)),
    }
}

// ---------------------------------------------------------------------------
// Coordinates.

fn write(point: Point, lettering: Lettering) -> String {
    let mut out = [0u8; 3];
    let len = write_point(point, lettering, &mut out);
    assert!(len == 2 || len == 3);
    String::from_utf8(out[..len].to_vec()).unwrap()
}

fn parse(text: &str, lettering: Lettering) -> Option<(u8, u8)> {
    parse_point(text.as_bytes(), 19, lettering).map(|p| (p.col, p.row))
}

/// Every point of a 19x19 board is written as its column's letter (from `letters`) and its row
/// number, and that text parses back to the point.
fn assert_every_point_round_trips(lettering: Lettering, letters: &[u8; 19]) {
    for col in 0..19u8 {
        for row in 0..19u8 {
            let text = write(Point::new(col, row), lettering);
            let expected = format!("{}{}", letters[col as usize] as char, row + 1);
            assert_eq!(text, expected);
            assert_eq!(parse(&text, lettering), Some((col, row)));
        }
    }
}

#[test]
fn every_point_round_trips_with_consecutive_lettering_a_to_s() {
    assert_every_point_round_trips(Lettering::Consecutive, b"ABCDEFGHIJKLMNOPQRS");
}

#[test]
fn every_point_round_trips_with_go_lettering_skipping_i() {
    assert_every_point_round_trips(Lettering::SkipI, b"ABCDEFGHJKLMNOPQRST");
}

#[test]
fn go_lettering_rejects_i_and_accepts_t() {
    for row in 1..=19 {
        assert_eq!(parse(&format!("I{row}"), Lettering::SkipI), None);
    }
    assert_eq!(parse("H1", Lettering::SkipI), Some((7, 0)));
    assert_eq!(parse("J1", Lettering::SkipI), Some((8, 0)));
    assert_eq!(parse("T19", Lettering::SkipI), Some((18, 18)));
    assert_eq!(parse("U1", Lettering::SkipI), None);
    // With consecutive lettering I is column 9 and T is off the board.
    assert_eq!(parse("I1", Lettering::Consecutive), Some((8, 0)));
    assert_eq!(parse("J1", Lettering::Consecutive), Some((9, 0)));
    assert_eq!(parse("S19", Lettering::Consecutive), Some((18, 18)));
}

#[test]
fn malformed_or_off_board_notation_is_rejected() {
    let bad = [
        "A0", "A05", "A00", "A20", "A99", "A100", "U1", "Z1", "a1", "s19", "A", "", "AA1", "1A",
        "A1 ", " A1", "A-1", "A+1", "A1A", "@1", "[1", "\u{c1}1",
    ];
    for lettering in [Lettering::Consecutive, Lettering::SkipI] {
        for text in bad {
            assert_eq!(parse(text, lettering), None, "{text:?}");
        }
    }
    // T is one past S with consecutive lettering (but column 19 in Go lettering).
    assert_eq!(parse("T1", Lettering::Consecutive), None);
    assert_eq!(parse("T19", Lettering::Consecutive), None);
}

#[test]
fn notation_respects_a_smaller_board_side() {
    let p = |text: &str| {
        parse_point(text.as_bytes(), 9, Lettering::Consecutive).map(|p| (p.col, p.row))
    };
    assert_eq!(p("A1"), Some((0, 0)));
    assert_eq!(p("I9"), Some((8, 8)));
    assert_eq!(p("J1"), None);
    assert_eq!(p("A10"), None);
    assert_eq!(p("I10"), None);
}

#[test]
fn letters_and_columns_match_each_lettering() {
    use Lettering::{Consecutive, SkipI};
    for (lettering, column, letter) in [
        (Consecutive, 0, b'A'),
        (Consecutive, 8, b'I'),
        (Consecutive, 18, b'S'),
        (SkipI, 7, b'H'),
        (SkipI, 8, b'J'),
        (SkipI, 18, b'T'),
    ] {
        assert_eq!(lettering.letter(column), letter, "column {column}");
    }
    for (lettering, letter, column) in [
        (SkipI, b'I', None),
        (SkipI, b'J', Some(8)),
        (Consecutive, b'I', Some(8)),
        (Consecutive, b'a', None),
        (Consecutive, b'1', None),
    ] {
        assert_eq!(
            lettering.column(letter),
            column,
            "letter {}",
            letter as char
        );
    }
}

#[test]
fn stepping_off_any_edge_gives_none() {
    let side = 19;
    let a1 = pt("A1");
    let s19 = pt("S19");
    let a19 = pt("A19");
    let s1 = pt("S1");
    let step = |p: Point, dc: i8, dr: i8, steps: i8| p.step(dc, dr, steps, side).map(name);
    // Off the left and bottom edges from A1, off the right and top from S19.
    assert_eq!(step(a1, -1, 0, 1), None);
    assert_eq!(step(a1, 0, -1, 1), None);
    assert_eq!(step(a1, -1, -1, 1), None);
    assert_eq!(step(a1, 1, -1, 1), None);
    assert_eq!(step(s19, 1, 0, 1), None);
    assert_eq!(step(s19, 0, 1, 1), None);
    assert_eq!(step(s19, 1, 1, 1), None);
    assert_eq!(step(a19, -1, 1, 1), None);
    assert_eq!(step(s1, 1, -1, 1), None);
    // Along the edges and across the board.
    assert_eq!(step(a1, 1, 0, 1), Some("B1".to_string()));
    assert_eq!(step(a1, 0, 1, 18), Some("A19".to_string()));
    assert_eq!(step(a1, 0, 1, 19), None);
    assert_eq!(step(a1, 1, 1, 18), Some("S19".to_string()));
    assert_eq!(step(a1, 1, 1, 19), None);
    assert_eq!(step(a19, 1, -1, 18), Some("S1".to_string()));
    assert_eq!(step(s19, -1, -1, 18), Some("A1".to_string()));
    assert_eq!(step(s1, -1, 0, 18), Some("A1".to_string()));
    // Negative step counts go backwards; zero steps stay put.
    assert_eq!(step(s19, 1, 1, -18), Some("A1".to_string()));
    assert_eq!(step(a1, 1, 0, -1), None);
    assert_eq!(step(pt("K10"), 1, 1, 0), Some("K10".to_string()));
    // A smaller side ends the board sooner.
    assert_eq!(pt("E5").step(1, 0, 1, 5).map(name), None);
    assert_eq!(pt("D5").step(1, 0, 1, 5).map(name), Some("E5".to_string()));
    assert_eq!(pt("A1").step(0, 1, 5, 5).map(name), None);
}
