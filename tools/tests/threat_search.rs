//! Strong before the tree's tactical duties (`threat_search`, the tools'
//! `threats:N`), each on a hand-drawn diagram: the move it plays, and which
//! of its steps decided (threat_search::Reason).

// The core's test helpers: the diagrams are shared with its tree's tests
// (tests/tree.rs).
#[path = "../../tests/common/mod.rs"]
mod common;

use common::{HIS_FOUR, VCF_IN_TWO, WIN_IN_ONE, marked_diagram, name, names, pt};
use piskrs::ai::classic::Classic;
use piskrs::ai::engine::Position;
use piskrs::rules::board::{Board, Stone};
use piskrs::rules::coord::Point;
use piskrs::rules::winning_line;
use piskrs::rules::{Opening, WinRule};
use piskrs::support::random::Random;
use piskrs_tools::threat_search::{Reason, choose_explained, forced_win};

const BUDGET: u32 = 2000;

fn strong(board: &Board, to_move: Stone) -> (Point, u32, Reason) {
    let moves = [Point::new(0, 0)];
    let position = Position {
        board,
        to_move,
        rule: WinRule::FiveOrMore,
        opening: Opening::Free,
        moves: &moves,
    };
    choose_explained(position, BUDGET, &mut Random::new(1)).expect("a move")
}

/// Strong, playing `to_move`, picks one of the marked points for `reason`.
fn expect(text: &str, to_move: Stone, reason: Reason) -> Point {
    let (diagram, marks) = marked_diagram(text);
    let (point, nodes, why) = strong(&diagram.board, to_move);
    assert!(
        marks.contains(&point),
        "played {} ({}), expected one of {:?}",
        name(point),
        why.name(),
        names(marks.iter().copied())
    );
    assert_eq!(why.name(), reason.name(), "at {}", name(point));
    assert!(nodes <= BUDGET + 400, "{nodes} nodes");
    point
}

#[test]
fn it_never_misses_a_win_in_one() {
    expect(WIN_IN_ONE, Stone::Black, Reason::WinInOne);
}

#[test]
fn it_always_answers_his_four() {
    expect(HIS_FOUR, Stone::Black, Reason::BlockFive);
}

#[test]
fn it_plays_a_victory_by_continuous_fours() {
    // Black: a closed three across and one up; the four across forces White's
    // block, and then the four up and across together cannot both be stopped.
    let point = expect(VCF_IN_TWO, Stone::Black, Reason::MyVcf);
    assert_eq!(name(point), "G6");
}

#[test]
fn it_blocks_his_victory_by_continuous_fours() {
    // The same shape for White: Black must take White's key point (or break the
    // line), after which White has no VCF left.
    let (diagram, _) = marked_diagram(
        "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . O . . . .
        . . . . . . O . . . .
        . . X O O O . . . . .
        . . . . . . O . . . .
        . . . . . . X . . . .
        . . . . . . . . . . .
        . X . . . . . . . . X
        . . . . . . . . . . .",
    );
    let (point, _, why) = strong(&diagram.board, Stone::Black);
    assert!(
        matches!(why, Reason::BlockFours | Reason::BlockThrees),
        "{}",
        why.name()
    );
    let mut after = diagram.board.clone();
    after.set(point, Some(Stone::Black));
    let (_, _, his) = strong(&after, Stone::White);
    assert!(
        !matches!(his, Reason::WinInOne | Reason::MyVcf | Reason::FourThree),
        "after {} White still wins: {}",
        name(point),
        his.name()
    );
}

/// G6 makes Black a four up (G5..G8, blocked at G9) and an open three across
/// (E6 F6 G6).
const FOUR_THREE_AT_G6: &str = "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . O . . . .
        . . . . . . X . . . .
        . . . . . . X . . . .
        . . . . X X * . . . .
        . . . . . . X . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . O . .
        . . . . . . . . . . .";

#[test]
fn it_makes_a_four_three() {
    expect(FOUR_THREE_AT_G6, Stone::Black, Reason::MyVcf);
}

#[test]
fn a_four_three_whose_block_makes_his_four_is_no_win() {
    // G6 would make a four up (G5..G8, blocked at G9) and an open three across,
    // but with White's D4 E4 F4 (blocked at C4) White's forced block on G4
    // makes White's own four (D4..G4): Black must answer it on H4, and White
    // then blocks the three.
    let (mut diagram, _) = marked_diagram(FOUR_THREE_AT_G6);
    diagram.board.set(pt("C4"), Some(Stone::Black));
    for his in ["D4", "E4", "F4"] {
        diagram.board.set(pt(his), Some(Stone::White));
    }
    let (point, _, why) = strong(&diagram.board, Stone::Black);
    assert!(
        !matches!(why, Reason::FourThree | Reason::MyVcf | Reason::MyVct),
        "claimed a win at {} ({})",
        name(point),
        why.name()
    );
}

#[test]
fn it_plays_a_victory_by_threats() {
    // No four, four-three or three-three anywhere for Black, but G6 makes an
    // open three across (E6 F6 G6) and, whatever White answers on that row, G7
    // then makes two open threes (G6 G7 G8 up, F6 G7 H8 across the diagonal);
    // or the same the other way round, G7 first.
    let point = expect(
        "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . O . . . . . . . . .
        . . . . . . X X . . .
        . . . . . . * . . . .
        . . . . X X * . . . .
        . . . . . . . . . . .
        . . . O . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . O .
        . . . . . . . . . . .",
        Stone::Black,
        Reason::MyVct,
    );
    // And it is a win: after any answer White may give, Black wins on.
    let (diagram, _) = marked_diagram(
        "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . O . . . . . . . . .
        . . . . . . X X . . .
        . . . . . . . . . . .
        . . . . X X . . . . .
        . . . . . . . . . . .
        . . . O . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . O .
        . . . . . . . . . . .",
    );
    let mut board = diagram.board.clone();
    board.set(point, Some(Stone::Black));
    let (answer, _, _) = strong(&board, Stone::White);
    board.set(answer, Some(Stone::White));
    let (_, _, next) = strong(&board, Stone::Black);
    assert!(
        matches!(next, Reason::MyVcf | Reason::FourThree | Reason::MyVct),
        "after {} and {}, Black plays for {}",
        name(point),
        name(answer),
        next.name()
    );
}

#[test]
fn it_does_not_fall_for_the_four_three_classic_falls_for() {
    // White threatens a four-three at G6. Black could make two open threes at
    // D4, and Piskasm's evaluator, which adds the directions up, prefers that
    // ("it commits suicide attack"); White's four-three comes first and wins.
    // Strong takes G6, or G4 (then White's G6 is a dead four and a lone
    // three: with room for playouts, at this budget, Strong prefers it).
    let text = "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . X . . . .
        . . . . . . O . . . .
        . . . . . . O . . . .
        . . . . O O * . . . .
        . . . . . . O . . . .
        . X X . . . * . . . .
        . . . X . . . . . . .
        . . . X . . . . . . .
        . . . . . . . . . . .";
    let (diagram, marks) = marked_diagram(text);
    let mut classic = Classic::new(Stone::Black, 11);
    classic.recompute(&diagram.board);
    let classic_choice = classic
        .choose(&diagram.board, &mut Random::new(1))
        .expect("a move");
    let (point, _, why) = strong(&diagram.board, Stone::Black);
    assert!(
        marks.contains(&point),
        "Strong played {} ({})",
        name(point),
        why.name()
    );
    assert!(
        !marks.contains(&classic_choice),
        "Classic defends here too ({}): pick a diagram where it does not",
        name(classic_choice)
    );
}

fn black_to_move(board: &Board) -> Position<'_> {
    Position {
        board,
        to_move: Stone::Black,
        rule: WinRule::FiveOrMore,
        opening: Opening::Free,
        moves: &[],
    }
}

/// The points where `stone` would make five.
fn five_points(board: &Board, stone: Stone) -> Vec<Point> {
    let side = board.side();
    let all = (0..side).flat_map(|row| (0..side).map(move |col| Point::new(col, row)));
    all.filter(|&point| {
        let mut tried = board.clone();
        tried.set(point, Some(stone));
        board.get(point).is_none() && winning_line(&tried, point, WinRule::FiveOrMore).is_some()
    })
    .collect()
}

#[test]
fn forced_win_sees_a_vcf_deeper_than_strong_and_it_wins() {
    // From an arena game (15x15, Black to move): a VCF of more than three fours.
    let (diagram, _) = marked_diagram(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . X . . X . . . . .
        . . . . . . . . O . . . . . .
        . . . . . . O O X . . . . . .
        . . O . . . O X . . . . . . .
        . . . X . X O X X X . . . . .
        . . . . O . X . O . . . . . .
        . . . . . O . O X . . . . . .
        . . . . . O O O . . . . . . .
        . . . . . O . X . . . . . . .
        . . . . X X . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .",
    );
    let mut board = diagram.board;
    assert!(
        forced_win(black_to_move(&board), 100_000, 3, 0).is_none(),
        "Strong's depth sees no VCF"
    );
    // Play it out: each of Black's fours leaves White one block; Black must make
    // five within ten fours.
    let mut fours = 0;
    for _ in 0..10 {
        let four = forced_win(black_to_move(&board), 100_000, 10, 0).expect("a VCF from here");
        board.set(four, Some(Stone::Black));
        fours += 1;
        let made_five = winning_line(&board, four, WinRule::FiveOrMore).is_some();
        let blocks = five_points(&board, Stone::Black);
        assert!(
            made_five || !blocks.is_empty(),
            "{} is not a four",
            name(four)
        );
        if made_five || blocks.len() > 1 {
            // A five, or an open four or a double four: won, and by more fours
            // than Strong looks for.
            assert!(fours > 3, "won after {fours} fours");
            return;
        }
        let block = blocks[0];
        board.set(block, Some(Stone::White));
        assert!(
            winning_line(&board, block, WinRule::FiveOrMore).is_none(),
            "White's block made five"
        );
    }
    panic!("no five after ten fours");
}
