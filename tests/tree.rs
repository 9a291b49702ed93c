//! The tree (issue 21's new search, `piskrs::ai::tree`) on hand-drawn diagrams:
//! the tactics it must never miss, the exact-five rule, its budget, and that
//! a position and a budget give one move whatever its tables held before;
//! that `tree::terms`, the fitting tool's view of its evaluation, adds up;
//! that `tree::search_until` scores a proven win as one; and that the
//! fitted worth table has an entry for each sorted set of classes and
//! leaves the quiet points their classes' values.

mod common;

use common::{HIS_FOUR, VCF_IN_TWO, WIN_IN_ONE, marked_diagram, name, names};
use piskrs::ai::tree::{self, HeapTables};
use piskrs::rules::WinRule;
use piskrs::rules::board::{Board, Stone};
use piskrs::rules::coord::Point;

const BUDGET: u32 = 2000;

/// Fresh tables, as the tools keep them (on the heap).
struct Tables(HeapTables);

impl Tables {
    fn new() -> Tables {
        Tables(HeapTables::new())
    }

    fn choose(
        &mut self,
        board: &Board,
        to_move: Stone,
        rule: WinRule,
        budget: u32,
    ) -> (Point, u32) {
        tree::choose(board, to_move, rule, budget, &mut self.0).expect("a move")
    }

    /// Black's move under five or more with no budget to speak of, stopped
    /// when `stop` says so.
    fn choose_until(&mut self, board: &Board, stop: &dyn Fn() -> bool) -> (Point, u32) {
        let rule = WinRule::FiveOrMore;
        tree::choose_until(board, Stone::Black, rule, 1 << 30, &mut self.0, stop).expect("a move")
    }
}

/// The tree, playing `to_move` under `rule`, picks one of the marked points.
fn expect(text: &str, to_move: Stone, rule: WinRule) -> Point {
    let (diagram, marks) = marked_diagram(text);
    let (point, nodes) = Tables::new().choose(&diagram.board, to_move, rule, BUDGET);
    assert!(
        marks.contains(&point),
        "played {}, expected one of {:?}",
        name(point),
        names(marks.iter().copied())
    );
    assert!(nodes <= BUDGET, "{nodes} nodes");
    point
}

#[test]
fn it_never_misses_a_win_in_one() {
    expect(WIN_IN_ONE, Stone::Black, WinRule::FiveOrMore);
}

#[test]
fn it_always_answers_his_four() {
    expect(HIS_FOUR, Stone::Black, WinRule::FiveOrMore);
}

#[test]
fn it_blocks_an_open_three_at_an_end() {
    // White's open three across: Black, with nothing of its own, must take one
    // of the points that stop the open four (its ends, or the far ends that
    // leave only a closed four).
    expect(
        "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . X . . .
        . . * * O O O * * . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .",
        Stone::Black,
        WinRule::FiveOrMore,
    );
}

#[test]
fn it_plays_a_victory_by_continuous_fours() {
    // Black: a closed three across and one up; the four across forces White's
    // block, and then the four up and across together cannot both be stopped.
    let point = expect(VCF_IN_TWO, Stone::Black, WinRule::FiveOrMore);
    assert_eq!(name(point), "G6");
}

#[test]
fn under_exact_five_a_six_is_no_win_and_the_real_five_is_played() {
    // Black's four across would make six at B6 (with the stone on A6): no win
    // under exact five. G6 makes exactly five.
    expect(
        "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . O O O . . . .
        . . . . . . . . . . .
        X . X X X X * . . . .
        . . . . . . . O . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .",
        Stone::Black,
        WinRule::ExactlyFive,
    );
    // Under five or more, both win.
    expect(
        "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . O O O . . . .
        . . . . . . . . . . .
        X * X X X X * . . . .
        . . . . . . . O . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .",
        Stone::Black,
        WinRule::FiveOrMore,
    );
}

#[test]
fn under_exact_five_his_six_point_needs_no_block() {
    // White's stones across would make six at E6, no five under exact five;
    // Black has its own win in one at G2 and takes it.
    expect(
        "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        O O O O . O . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . X X X X * . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .",
        Stone::Black,
        WinRule::ExactlyFive,
    );
}

#[test]
fn it_takes_his_three_three_point_before_he_does() {
    // Black's two pairs cross at F6: a stone there would make two open
    // threes. White, with nothing of its own, must take F6 or close one of
    // the pairs' lines where the three would be.
    expect(
        "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . * . . . . .
        . . . . . X . . . . .
        . . . . . X . . . . .
        . . * X X * * . . . .
        . . . . . * . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        O O . . . . . . . O O",
        Stone::White,
        WinRule::FiveOrMore,
    );
}

/// A middle-game position from an arena game (19x19), one stone taken away
/// so that Black, to move, has no quick proof of a win (a proven win ends the
/// search early, and these tests need one that fills its budget).
fn middle_game() -> Board {
    let (diagram, _) = marked_diagram(
        "
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . O . . . . . . . . . .
        . . . . . . . X X O . . . . . . . . .
        . . . . . . . O X X . . . . . . . . .
        . . . . . . . . X O O . . . . . . . .
        . . . . . . . . O X . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .",
    );
    diagram.board
}

#[test]
fn a_position_and_a_budget_give_one_move_whatever_the_tables_held() {
    let board = middle_game();
    let mut fresh = Tables::new();
    let first = fresh.choose(&board, Stone::Black, WinRule::FiveOrMore, BUDGET);
    // The same tables again (the classes now known, the transposition table
    // full of the last search), and other tables after another search.
    let again = fresh.choose(&board, Stone::Black, WinRule::FiveOrMore, BUDGET);
    let mut used = Tables::new();
    used.choose(&board, Stone::White, WinRule::ExactlyFive, 5000);
    let after_other = used.choose(&board, Stone::Black, WinRule::FiveOrMore, BUDGET);
    assert!(
        first == again && first == after_other,
        "{} / {} / {}",
        name(first.0),
        name(again.0),
        name(after_other.0)
    );
}

/// The benchmark positions (src/app/benchmark.rs, 19x19) and the same stones
/// on a 15x15 board (those within it, shifted by two), each with its side
/// to move and rule (exactly five on 15x15).
fn positions_on_both_sizes() -> Vec<(Board, Stone, WinRule)> {
    let mut positions = Vec::new();
    for n in 0..piskrs::app::benchmark::POSITIONS {
        let game = piskrs::app::benchmark::position(n);
        let mut small = Board::new(15);
        for row in 0..15 {
            for col in 0..15 {
                let stone = game.board().get(Point::new(col + 2, row + 2));
                small.set(Point::new(col, row), stone);
            }
        }
        positions.push((game.board().clone(), game.to_move(), game.rule()));
        positions.push((small, game.to_move(), WinRule::ExactlyFive));
    }
    positions
}

/// The tables are not emptied for every search: the transposition table's
/// entries carry the generation of the search that stored them, and the
/// generations start again (the table then cleared) when they run out; the
/// empty board's keys are kept for the board's size. Searches through one
/// set of tables, across the generations' end and switching sizes, give the
/// moves, nodes, depths and scores of searches through fresh tables each.
#[test]
fn kept_tables_give_what_fresh_tables_give() {
    use piskrs::ai::tree::TreeTables;
    let positions = positions_on_both_sizes();
    let mut kept = HeapTables::new();
    let mut searches = 0;
    for (round, budget) in [300, 300, 1, 40, 1200].into_iter().enumerate() {
        if round == 1 {
            // The generations run out: the first round's come again, each
            // for the same search, which must not find its entries.
            assert_eq!(kept.generation() as usize, positions.len());
            kept.set_generation(tree::TT_GENERATIONS);
            searches = 0;
        }
        for (board, to_move, rule) in &positions {
            let never = || false;
            let [a, b] = [&mut kept, &mut HeapTables::new()].map(|tables| {
                let found = tree::search_until(board, *to_move, *rule, budget, tables, &never)
                    .expect("a move");
                (name(found.point), found.nodes, found.depth, found.score)
            });
            assert!(
                a == b,
                "budget {budget}, side {}: {a:?} / {b:?}",
                board.side()
            );
            searches += 1;
        }
    }
    // The generations began again at 1.
    assert_eq!(kept.generation() as usize, searches);
}

#[test]
fn it_keeps_to_its_budget_and_uses_it() {
    let board = middle_game();
    let mut tables = Tables::new();
    for budget in [1, 100, 1000, 5000] {
        let (point, nodes) = tables.choose(&board, Stone::Black, WinRule::FiveOrMore, budget);
        assert!(board.get(point).is_none(), "an empty point");
        assert!(nodes <= budget, "{nodes} nodes of {budget}");
        assert!(
            nodes * 10 >= budget * 9,
            "{nodes} nodes of {budget}: the budget is used"
        );
    }
}

#[test]
fn stopped_it_plays_what_that_budget_would_have() {
    // A stop asked every 256 nodes that says yes at its fourth question: the
    // search ends at the 1,024th node and plays the move of a budget of
    // 1,024 nodes.
    let board = middle_game();
    let asked = std::cell::Cell::new(0);
    let stop = || {
        asked.set(asked.get() + 1);
        asked.get() >= 4
    };
    let mut tables = Tables::new();
    let (point, nodes) = tables.choose_until(&board, &stop);
    assert_eq!(nodes, 1024, "stopped at its fourth question");
    let budgeted = tables.choose(&board, Stone::Black, WinRule::FiveOrMore, 1024);
    assert!(
        (point, nodes) == budgeted,
        "{} in {nodes} nodes / {} in {}",
        name(point),
        name(budgeted.0),
        budgeted.1
    );
}

#[test]
fn stopped_at_once_it_still_has_a_move() {
    // A clock already run out: the search is first asked at node 256, stops
    // there, and plays a move, the same each time. (Not the move of a budget
    // of 256 nodes: under SMALL_BUDGET a budget also narrows the tree, which
    // a clock's unbounded budget does not; the test above compares them at
    // 1,024 nodes.)
    let board = middle_game();
    let mut tables = Tables::new();
    let (point, nodes) = tables.choose_until(&board, &|| true);
    assert_eq!(nodes, 256);
    assert!(board.get(point).is_none(), "an empty point");
    let again = Tables::new().choose_until(&board, &|| true);
    assert!(
        (point, nodes) == again,
        "{} / {}",
        name(point),
        name(again.0)
    );
}

/// `tree::terms` (the fitting tool's features) adds up to the evaluation, as
/// its documentation says: the empty points' worths for the side to move
/// less the other's, plus the tempo of the side to move's best threat when
/// he has no five, plus each side's counts of points with each threat; and
/// the sides' terms swap with the side to move.
#[test]
fn its_terms_add_up_to_its_evaluation() {
    let mut tables = HeapTables::new();
    for text in [VCF_IN_TWO, HIS_FOUR, WIN_IN_ONE] {
        let (diagram, _) = marked_diagram(text);
        let [black, white] = [Stone::Black, Stone::White].map(|to_move| {
            tree::terms(&diagram.board, to_move, WinRule::FiveOrMore, &mut tables)
                .expect("stones on the board")
        });
        for terms in [&black, &white] {
            let points: i32 = terms
                .point_words
                .iter()
                .map(|&[mine, his]| tree::point_worth(mine) as i32 - tree::point_worth(his) as i32)
                .sum();
            let tempo = if terms.his_fives == 0 {
                tree::TEMPO_VALUE[terms.my_best as usize][terms.his_best as usize]
            } else {
                0
            };
            // ...and what each side's count of points with each threat
            // adds: the counts the search keeps, here worked out from the
            // words as the fitting tool does.
            let mut counts = 0;
            for role in 0..2 {
                let mut by_threat = [0usize; 7];
                for words in &terms.point_words {
                    by_threat[tree::point_threat(words[role]) as usize] += 1;
                }
                for (threat, &count) in by_threat.iter().enumerate().take(6).skip(1) {
                    counts += tree::COUNT_VALUE[role][threat][count.min(tree::COUNT_BUCKETS - 1)];
                }
            }
            assert_eq!(points + tempo + counts, terms.value);
            assert!(
                !terms.leaf || terms.his_fives == 0,
                "a leaf never faces his five"
            );
        }
        let board = &diagram.board;
        let stones = board.points().iter().filter(|c| c.is_some()).count();
        assert_eq!(
            black.point_words.len(),
            board.point_count() as usize - stones
        );
        let swapped: Vec<[u16; 2]> = white.point_words.iter().map(|&[a, b]| [b, a]).collect();
        assert_eq!(black.point_words, swapped);
        assert_eq!(
            (black.my_best, black.his_best),
            (white.his_best, white.my_best)
        );
    }
    // White's four in HIS_FOUR: Black to move faces a five, so no leaf.
    let (diagram, _) = marked_diagram(HIS_FOUR);
    let black = tree::terms(
        &diagram.board,
        Stone::Black,
        WinRule::FiveOrMore,
        &mut tables,
    );
    let black = black.expect("stones");
    assert_eq!(black.his_fives, 1);
    assert!(!black.leaf);
    assert!(
        tree::terms(
            &Board::new(15),
            Stone::Black,
            WinRule::FiveOrMore,
            &mut tables
        )
        .is_none()
    );
}

#[test]
fn search_until_plays_choose_s_move_and_proves_a_victory_by_fours() {
    // Black to move wins by fours from G6: the score the move rests on is a
    // proven win, and search_until plays what choose does. An opening of
    // four stones scores below a proof.
    let (diagram, _) = marked_diagram(VCF_IN_TWO);
    let (opening, _) = marked_diagram(
        "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . X O . . . . .
        . . . . . X O . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .",
    );
    let rule = WinRule::FiveOrMore;
    for (board, proven) in [(diagram.board, true), (opening.board, false)] {
        let mut tables = HeapTables::new();
        let searched =
            tree::search_until(&board, Stone::Black, rule, BUDGET, &mut tables, &|| false)
                .expect("a move");
        let (point, nodes) = Tables::new().choose(&board, Stone::Black, rule, BUDGET);
        assert!(
            searched.point == point && searched.nodes == nodes,
            "the same search"
        );
        assert!(searched.depth > 0, "a depth finished");
        assert_eq!(
            searched.score >= tree::PROVEN,
            proven,
            "score {}",
            searched.score
        );
        if proven {
            assert_eq!(name(point), "G6");
        }
    }
}

#[test]
fn deep_in_fours_it_still_finds_its_win() {
    // A crowded 15x15 position from an arena game (the tree as White against
    // Classic), White to move, with fours for both sides to play. When every
    // four reopened a full node at the same depth, 10,000 nodes did not
    // finish depth 1 here. With only fours searched on after four fours on a
    // line of play, they prove White's win.
    let (diagram, _) = marked_diagram(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . X X . . X . . . . . . .
        . . . . O . O . . . . . . . .
        . . . X O O O . . . . . . . .
        . . . X O O O O X . . . . . .
        . . . O O X X X X O . . . . .
        . O X X X X O O O X . . . . .
        . . . . . . O X . X . . . . .
        . . . . . . . . . X . . . . .
        . . . . . . . . . O . . . . .
        . . . . . . . . . X . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .",
    );
    let mut tables = HeapTables::new();
    let rule = WinRule::FiveOrMore;
    let searched = tree::search_until(
        &diagram.board,
        Stone::White,
        rule,
        10_000,
        &mut tables,
        &|| false,
    )
    .expect("a move");
    assert!(
        searched.depth >= 1 && searched.score >= tree::PROVEN,
        "{} at depth {}: score {}",
        name(searched.point),
        searched.depth,
        searched.score
    );
}

#[test]
fn in_a_crowded_position_fours_do_not_drown_the_search() {
    // A 15x15 position from an arena game (the tree as White against
    // Classic, exact five), White to move, with fours for both sides all
    // over the lower half. When every four, once four were on the line of
    // play, was followed by every other, 10,000 nodes finished only depth 1
    // here; with only the fours in reach of the side's last stone (a
    // victory by continuous fours), they finish depth 3.
    let (diagram, _) = marked_diagram(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . X . . . . . .
        . . . . . . . . O . . . . . .
        . . . . . X O X X X X O . . .
        . . . X O O O O X . X X . . .
        . . . . X . X O X O O O . . .
        . . . . O X O O O . X . . . .
        . . . . . X O O . X . . . . .
        . . . . . O X X X . O . . . .
        . . . . . . . X . . . . . . .
        . . . . . . O . . . . . . . .",
    );
    let mut tables = HeapTables::new();
    let searched = tree::search_until(
        &diagram.board,
        Stone::White,
        WinRule::ExactlyFive,
        10_000,
        &mut tables,
        &|| false,
    )
    .expect("a move");
    assert!(
        searched.depth >= 3,
        "{} at depth {}: score {}",
        name(searched.point),
        searched.depth,
        searched.score
    );
}

/// Each of the 495 ways to sort four classes has its own entry of the worth
/// table, whatever the order of the point's lines, and a point's worth is
/// its entry's.
#[test]
fn each_sorted_set_of_classes_has_its_own_worth_entry() {
    let mut owner = vec![None; tree::WORTH_ENTRIES];
    for word in 0..=0x8888u16 {
        let classes = [word & 15, word >> 4 & 15, word >> 8 & 15, word >> 12];
        if classes.iter().any(|&c| c > 8) {
            continue;
        }
        let mut sorted = classes;
        sorted.sort_unstable();
        let entry = tree::worth_index(word);
        assert_eq!(tree::point_worth(word), tree::POINT_WORTH[entry]);
        match owner[entry] {
            None => owner[entry] = Some(sorted),
            Some(seen) => assert_eq!(seen, sorted, "entry {entry} of {word:04x}"),
        }
    }
    assert!(owner.iter().all(Option::is_some), "every entry is used");
}

/// The fit leaves the quiet points alone: a point with no three or better
/// on any line is worth what its classes' values say (fitted, their worths
/// stood in for each other and left the tree's first moves to chance).
#[test]
fn a_quiet_point_is_worth_its_classes_values() {
    let mut quiet = 0;
    for word in 0..=0x2222u16 {
        let classes = [word & 15, word >> 4 & 15, word >> 8 & 15, word >> 12];
        if classes.iter().any(|&c| c > 2) {
            continue;
        }
        quiet += 1;
        assert_eq!(
            tree::point_worth(word),
            tree::class_value(word),
            "classes {classes:?}"
        );
    }
    assert_eq!(quiet, 81);
}
