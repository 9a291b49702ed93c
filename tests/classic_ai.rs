//! The Classic AI's choices on hand-drawn boards, its random source, and the
//! Classic AI playing itself (`SelfPlay`).
//!
//! Diagrams list their rows from the top (the highest row number) down: `.` is an
//! empty point, `X` a black stone, `O` a white one, and `*` an empty point the test
//! names (the move expected, or the accepted blocking points). The board side is
//! the number of rows. Columns are lettered A.. with no letter skipped.
//!
//! Each position is judged the way the game does it: Info recomputed from the
//! board, then PCMove (`Classic::choose`) with `Random::new(seed)`. PCMove calls
//! the random source once, for its starting point `(seed & 0x1FF) % points`, so
//! the seeds 0..512 try every possible start; the forced moves below must come out
//! the same from every one of them.

mod common;

use std::collections::BTreeSet;

use common::{
    all_points, brute_force_fives, chebyshev, diagram, marked_diagram, name, names, pt, stone_char,
};
use piskrs::ai::classic::Classic;
use piskrs::app::selfplay::SelfPlay;
use piskrs::rules::WinRule;
use piskrs::rules::board::{Board, Stone};
use piskrs::rules::coord::Point;
use piskrs::rules::game::{Game, Outcome};
use piskrs::support::random::{Random, STEP};

/// The moves of `SelfPlay::new(1)`'s first 12 plies, in Go notation with the
/// columns lettered A..S (no letter skipped). PISKRS.COM's `/BENCH` prints them
/// as `seed 1: I10 F7 ... ...`; the DOS end-to-end test compares that line with
/// `tests/dosbox/fixtures/seed1-opening.txt`, which holds this same string.
pub const SEED_1_OPENING: &str = "I8 H7 I6 I7 J7 H9 K8 H5 H8 J8 L9 M10";

/// Every random start PCMove can draw: it uses the low nine bits of one value.
const ALL_STARTS: std::ops::Range<u16> = 0..512;

/// Info for `board` with the computer playing `computer`, from scratch.
fn info(board: &Board, computer: Stone) -> Classic {
    let mut classic = Classic::new(computer, board.side());
    classic.recompute(board);
    classic
}

/// The point PCMove picks with the random source seeded `seed`.
fn choice(board: &Board, computer: Stone, seed: u16) -> Point {
    info(board, computer)
        .choose(board, &mut Random::new(seed))
        .expect("a board with a free point has a move")
}

/// The points PCMove picks over every random start, as sorted names.
fn picks(board: &Board, computer: Stone) -> Vec<String> {
    let classic = info(board, computer);
    let mut out = BTreeSet::new();
    for seed in ALL_STARTS {
        let point = classic
            .choose(board, &mut Random::new(seed))
            .expect("a board with a free point has a move");
        assert!(
            board.get(point).is_none(),
            "seed {seed}: PCMove picked the occupied point {}",
            name(point)
        );
        out.insert(name(point));
    }
    out.into_iter().collect()
}

/// The free points with the highest score in Info.
fn best_points(board: &Board, computer: Stone) -> Vec<Point> {
    let classic = info(board, computer);
    let points = all_points(board.side());
    let best = points.iter().map(|&p| classic.score(p)).max().unwrap();
    points
        .into_iter()
        .filter(|&p| classic.score(p) == best)
        .collect()
}

/// The diagram with `*` points, checked: PCMove picks exactly the marked points
/// over all random starts (one mark: always that point).
fn assert_picks_marked(text: &str, computer: Stone) {
    let (d, marks) = marked_diagram(text);
    assert!(!marks.is_empty(), "the diagram marks the expected points");
    assert_eq!(
        picks(&d.board, computer),
        names(marks),
        "the computer ({}) on\n{text}",
        stone_char(Some(computer))
    );
}

// ---------------------------------------------------------------------------
// The computer completes its own four to five.

#[test]
fn completes_a_closed_four_across_to_five() {
    // The person (O) has an open three of their own: the five comes first.
    assert_picks_marked(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . O O O . . . .
        . . . . . . . . .
        O X X X X * . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
        Stone::Black,
    );
}

#[test]
fn completes_a_split_four_xx_xx_in_its_gap() {
    assert_picks_marked(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . O . . . .
        . X X * X X O . .
        . . . O . . . . .
        . . O . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
        Stone::Black,
    );
}

#[test]
fn completes_a_split_four_x_xxx_in_its_gap_for_white() {
    assert_picks_marked(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . X . . . .
        X O * O O O . . .
        . . . X . . . . .
        . . . . . . X . .
        . . . . . . . . .
        . . . . . . . . .
        ",
        Stone::White,
    );
}

#[test]
fn completes_a_four_on_a_rising_diagonal_on_19x19() {
    assert_picks_marked(
        "
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . * . . . . . .
        . . . . . . . . . . . X . . . . . . .
        . . . . . . . . . . X . . . . . . . .
        . . . . . . . . . X . O . . . . . . .
        . . . . . . . . X . . . O . . . . . .
        . . . . . . . O . . . . . O . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        ",
        Stone::Black,
    );
}

#[test]
fn completes_a_split_four_on_a_falling_diagonal_on_19x19() {
    assert_picks_marked(
        "
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . O . . . . . . . . . . . . .
        . . . . . . O . . . . . . . . . . . .
        . . . . . . . O . . . . . . . . . . .
        . . . . . . . . * . . . . X . . . . .
        . . . . . . . . . O . . . X . . . . .
        . . . . . . . . . . O . . X . . . . .
        . . . . . . . . . . . X . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        ",
        Stone::White,
    );
}

#[test]
fn completes_a_four_up_the_edge_column_at_the_top_of_19x19() {
    // A19..A16 are the computer's: the five can only end on A15 (A20 is off the
    // board), and the units that would reach past the edge must not count.
    assert_picks_marked(
        "
        X . . . . . . . . . . . . . . . . . .
        X . . . . . . . . . . . . . . . . . .
        X . . . . . . . . . . . . . . . . . .
        X . . . . . . . . . . . . . . . . . .
        * . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . O O O . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        O O O . . . . . . . . . . . . . . . .
        ",
        Stone::Black,
    );
}

#[test]
fn an_open_four_is_completed_at_either_end_and_nowhere_else() {
    assert_picks_marked(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . * X X X X * . .
        . . . . . . . . .
        . . O O O . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
        Stone::Black,
    );
}

// ---------------------------------------------------------------------------
// The computer blocks the person's four, and prefers its own five.

#[test]
fn blocks_the_persons_closed_four() {
    assert_picks_marked(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . O . . .
        O X X X X * . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
        Stone::White,
    );
}

#[test]
fn blocks_the_persons_split_four_in_its_gap() {
    assert_picks_marked(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . O O * O O . . .
        . . . . . . . . .
        . X . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
        Stone::Black,
    );
}

#[test]
fn blocks_the_persons_diagonal_four_rather_than_make_its_own_open_four() {
    // The computer (O) could make an open four on row 3 (.OOOO. from its open
    // three): that wins only a move later, the person's five wins now.
    assert_picks_marked(
        "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . * . . . .
        . . . . . X . . . . .
        . . . . X . . . . . .
        . . . X . . . . . . .
        . . X . . . . . . . .
        . O . . . . . . . . .
        . . . . O O O . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        ",
        Stone::White,
    );
}

#[test]
fn blocks_the_persons_four_at_the_edge_of_the_board() {
    // S1..S4 are the person's; S5 is the only point that stops the five.
    assert_picks_marked(
        "
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . . . . . *
        . . . . . . . . . . . . . . . . O . X
        . . . . . . . . . . . . . . . O . . X
        . . . . . . . . . . . . . . . . . . X
        . . . . . . . . . . . . . . . . . . X
        ",
        Stone::White,
    );
}

#[test]
fn prefers_its_own_five_over_blocking_the_persons_four() {
    // Both sides have a four; the computer (O) completes its own.
    assert_picks_marked(
        "
        . . . . . . . . .
        . . . . . . . . .
        . X X X X . . . .
        . . . . . . . . .
        . . . . . . . . .
        . X O O O O * . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
        Stone::White,
    );
}

#[test]
fn prefers_its_own_split_five_over_blocking_an_open_four() {
    // The person (X) has an open four (two winning points); the computer (O) has
    // O O . O O: filling its gap wins at once.
    assert_picks_marked(
        "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . X X X X . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . O O * O O . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . X . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        ",
        Stone::White,
    );
}

// ---------------------------------------------------------------------------
// Open threes.

#[test]
fn blocks_an_open_three_at_one_of_its_ends() {
    // .OOO. with room on both sides: the two points next to the three are the
    // accepted blocks (each scores as stopping an open four); the points one
    // further out do not stop it and are never chosen.
    assert_picks_marked(
        "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . * O O O * . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        ",
        Stone::Black,
    );
}

#[test]
fn blocks_a_vertical_open_three_at_one_of_its_ends() {
    assert_picks_marked(
        "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . * . . . . . .
        . . . . X . . . . . .
        . . . . X . . . . . .
        . . . . X . . . . . .
        . . . . * . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        ",
        Stone::White,
    );
}

#[test]
fn blocks_a_split_open_three_in_its_gap() {
    // .O.OO. : the gap would make the person's .OOOO., so the gap is the block.
    assert_picks_marked(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . O * O O . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
        Stone::Black,
    );
}

// ---------------------------------------------------------------------------
// Ties: the random start decides.

#[test]
fn with_two_equal_best_points_the_random_start_decides() {
    let (d, marks) = marked_diagram(
        "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . * O O O O * . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        ",
    );
    let board = &d.board;
    let side = board.side() as u16;
    let count = side * side;
    // Exactly the two marked points share the maximum score.
    assert_eq!(
        names(best_points(board, Stone::White)),
        names(marks.clone())
    );
    let index = |p: Point| p.row as u16 * side + p.col as u16;
    let mut tied = marks.clone();
    tied.sort_by_key(|&p| index(p));
    let (low, high) = (tied[0], tied[1]);
    let mut seen = BTreeSet::new();
    for seed in ALL_STARTS {
        let picked = choice(board, Stone::White, seed);
        assert!(
            picked == low || picked == high,
            "seed {seed} picked {}, not one of the tied points",
            name(picked)
        );
        // Forward from the start, then backward: the lower-indexed point is found
        // first only when the scan starts at or before it.
        let start = (seed & 0x1FF) % count;
        let expected = if start <= index(low) { low } else { high };
        assert_eq!(
            name(picked),
            name(expected),
            "seed {seed} (start {start}) with the tied points at {} and {}",
            index(low),
            index(high)
        );
        seen.insert(name(picked));
    }
    assert_eq!(seen.into_iter().collect::<Vec<_>>(), names([low, high]));
    // Concretely: seed 0 starts at the first point, seed 120 past the lower one.
    assert_eq!(name(choice(board, Stone::White, 0)), name(low));
    assert_eq!(name(choice(board, Stone::White, 120)), name(high));
}

#[test]
fn a_single_stone_leaves_its_neighbours_tied_and_every_start_picks_one_of_them() {
    // After one stone in the middle, the best points form a symmetric ring; every
    // pick is one of them and different starts pick different ones.
    let d = diagram(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . X . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        ",
    );
    let tied = names(best_points(&d.board, Stone::White));
    assert!(tied.len() >= 2, "the best points are tied: {tied:?}");
    let picked = picks(&d.board, Stone::White);
    assert!(
        picked.iter().all(|p| tied.contains(p)),
        "picks {picked:?} are all among the tied points {tied:?}"
    );
    assert!(picked.len() >= 2, "different starts pick different points");
    for p in &picked {
        assert!(chebyshev(pt(p), pt("E5")) <= 4, "{p} is near the stone");
    }
}

// ---------------------------------------------------------------------------
// An all-zero Info.

#[test]
fn on_an_empty_board_info_is_all_zero_and_pcmove_takes_the_first_point() {
    for side in [5u8, 9, 15, 19] {
        let board = Board::new(side);
        let classic = info(&board, Stone::Black);
        for point in all_points(side) {
            assert_eq!(classic.score(point), 0, "{} on {side}x{side}", name(point));
        }
        for seed in ALL_STARTS.chain([4567, 0xFFFF]) {
            assert_eq!(
                name(choice(&board, Stone::Black, seed)),
                "A1",
                "seed {seed}"
            );
        }
    }
}

#[test]
fn an_all_zero_info_falls_back_to_the_first_free_point() {
    // Info as Piskasm starts it (all zeros, never updated) over a board whose first
    // points are taken: PCMove falls back to the first free point, A1 B1 C1 ...
    let mut board = Board::new(19);
    board.set(pt("A1"), Some(Stone::Black));
    board.set(pt("B1"), Some(Stone::White));
    board.set(pt("D1"), Some(Stone::Black));
    let classic = Classic::new(Stone::White, 19);
    for seed in [0u16, 1, 200, 360, 511, 0xFFFF] {
        let picked = classic.choose(&board, &mut Random::new(seed));
        assert_eq!(picked.map(name), Some("C1".to_string()), "seed {seed}");
    }
    // With the whole bottom row taken, the first free point is A2.
    for col in 0..19 {
        board.set(Point::new(col, 0), Some(Stone::Black));
    }
    let picked = classic.choose(&board, &mut Random::new(7));
    assert_eq!(picked.map(name), Some("A2".to_string()));
}

#[test]
fn a_full_board_has_no_move() {
    let mut board = Board::new(5);
    for point in all_points(5) {
        board.set(point, Some(Stone::Black));
    }
    let classic = info(&board, Stone::White);
    assert!(classic.choose(&board, &mut Random::new(3)).is_none());
}

#[test]
fn swapping_the_colours_and_the_computer_swaps_nothing_else() {
    // Info depends on whose stones are whose, not on their colour.
    let text = "
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . X . . . . . . .
        . . . . O X . . . . .
        . . . O X O . . . . .
        . . . X O X O . . . .
        . . . . X O . . . . .
        . . . . . X . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        ";
    let swapped: String = text
        .chars()
        .map(|c| match c {
            'X' => 'O',
            'O' => 'X',
            other => other,
        })
        .collect();
    let a = diagram(text);
    let b = diagram(&swapped);
    let info_a = info(&a.board, Stone::White);
    let info_b = info(&b.board, Stone::Black);
    let mut nonzero = 0;
    for point in all_points(11) {
        assert_eq!(info_a.score(point), info_b.score(point), "{}", name(point));
        nonzero += (info_a.score(point) > 0) as u32;
    }
    assert!(nonzero > 20, "the position gives scores to work with");
    assert_eq!(picks(&a.board, Stone::White), picks(&b.board, Stone::Black));
}

// ---------------------------------------------------------------------------
// The random source.

#[test]
fn the_random_source_visits_every_16_bit_value_once_per_period() {
    for seed in [0u16, 1, 4567, 0x8000, 0xFFFF] {
        let mut random = Random::new(seed);
        let mut seen = vec![0u64; 65536 / 64];
        let mut previous = None;
        for call in 0..65536u32 {
            assert_eq!(
                random.peek(),
                seed.wrapping_add((call as u16).wrapping_mul(STEP))
            );
            let value = random.get_random();
            let (word, bit) = (value as usize / 64, value as usize % 64);
            assert!(
                seen[word] & (1 << bit) == 0,
                "seed {seed}: {value} came twice within one period (call {call})"
            );
            seen[word] |= 1 << bit;
            if let Some(previous) = previous {
                assert_eq!(value, u16::wrapping_add(previous, 4567));
            }
            previous = Some(value);
        }
        assert!(
            seen.iter().all(|&w| w == u64::MAX),
            "seed {seed}: every value came"
        );
        assert_eq!(random.get_random(), seed, "the period is 65,536 calls");
    }
}

#[test]
fn the_first_value_is_the_seed_and_the_step_is_4567() {
    assert_eq!(STEP, 4567);
    let mut random = Random::new(1000);
    assert_eq!(random.get_random(), 1000);
    assert_eq!(random.get_random(), 5567);
    let mut wraps = Random::new(0xFFFF);
    assert_eq!(wraps.get_random(), 0xFFFF);
    assert_eq!(wraps.get_random(), 4566);
}

#[test]
fn below_stays_below_its_bound_and_reaches_every_value() {
    for bound in 1..=512u16 {
        let mut random = Random::new(bound.wrapping_mul(977));
        let mut hit = vec![false; bound as usize];
        for _ in 0..1024 {
            let n = random.below(bound);
            assert!(n < bound, "below({bound}) gave {n}");
            hit[n as usize] = true;
        }
        assert!(
            hit.iter().all(|&h| h),
            "below({bound}) reaches every value within 1024 calls"
        );
    }
    // The board's 361 points: every start within 512 calls.
    let mut random = Random::new(12345);
    let starts: BTreeSet<u16> = (0..512).map(|_| random.below(361)).collect();
    assert_eq!(starts.len(), 361);
    assert_eq!(Random::new(99).below(0), 0, "a bound of 0 is treated as 1");
}

// ---------------------------------------------------------------------------
// The Classic AI against itself.

/// Plays `SelfPlay::new(seed)` to the end: its moves and the final game.
fn self_play(seed: u16) -> (Vec<Point>, Game) {
    let mut selfplay = SelfPlay::new(seed);
    let mut moves = Vec::new();
    while let Some(point) = selfplay.step() {
        moves.push(point);
        assert!(moves.len() <= 361, "seed {seed}: more plies than points");
    }
    assert!(selfplay.step().is_none(), "a finished game stays finished");
    (moves, selfplay.game().clone())
}

#[test]
fn self_play_with_the_same_seed_plays_the_same_game() {
    for seed in (0..=24u16).chain([1000, 4567, 0xFFFF]) {
        let (first, _) = self_play(seed);
        let (second, _) = self_play(seed);
        assert_eq!(
            names_in_order(&first),
            names_in_order(&second),
            "seed {seed}"
        );
    }
}

fn names_in_order(points: &[Point]) -> Vec<String> {
    points.iter().map(|&p| name(p)).collect()
}

#[test]
fn self_play_games_end_in_a_win_or_a_draw_with_legal_moves() {
    let mut lengths = BTreeSet::new();
    for seed in (0..=40u16).chain([1000, 4567, 0xFFFF]) {
        let (moves, finished) = self_play(seed);
        assert!(
            finished.is_over(),
            "seed {seed}: SelfPlay stopped after {} plies without a result",
            moves.len()
        );
        assert_eq!(finished.moves().len(), moves.len());
        // Replay the moves in a fresh game: each is legal, the result is the same.
        let mut game = Game::new(19, WinRule::FiveOrMore);
        for (ply, &point) in moves.iter().enumerate() {
            assert!(
                game.play(point).is_ok(),
                "seed {seed}: ply {} at {} is illegal",
                ply + 1,
                name(point)
            );
            if ply + 1 < moves.len() {
                assert!(
                    !game.is_over(),
                    "seed {seed}: the game ended before ply {}",
                    ply + 2
                );
            }
        }
        assert!(game.is_over());
        // The opening stone is within two points of the middle (J10).
        assert!(chebyshev(moves[0], pt("J10")) <= 2, "seed {seed}");
        match game.outcome() {
            Outcome::Won { winner, .. } => {
                let fives = brute_force_fives(game.board(), WinRule::FiveOrMore);
                assert!(!fives.is_empty(), "seed {seed}: a win shows a five");
                assert!(
                    fives.iter().all(|w| w.stone == stone_char(Some(winner))),
                    "seed {seed}: only the winner has a five"
                );
                let winner_moved_last = (moves.len() % 2 == 1) == (winner == Stone::Black);
                assert!(winner_moved_last, "seed {seed}: the last mover won");
            }
            Outcome::Draw => assert_eq!(moves.len(), 361, "seed {seed}"),
            Outcome::InProgress => unreachable!(),
        }
        lengths.insert(moves.len());
    }
    assert!(lengths.len() > 3, "different seeds play different games");
}

#[test]
fn self_play_seed_1_opens_as_recorded_for_the_readme() {
    let (moves, _) = self_play(1);
    let opening = names_in_order(&moves[..12]).join(" ");
    assert_eq!(opening, SEED_1_OPENING);
}

#[test]
fn the_dos_fixture_holds_the_seed_1_opening() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/dosbox/fixtures/seed1-opening.txt"
    );
    let text = std::fs::read_to_string(path).expect("the fixture exists");
    assert_eq!(text, format!("{SEED_1_OPENING}\n"));
}
