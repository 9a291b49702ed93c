//! Replays the arena's games of Strong against a level and prints, for each
//! game Strong lost, every move (Strong's with the step that decided it and its
//! nodes) and the board (the last ten stones numbered 0-9).
//!
//! `cargo run --release --example lost -- classic freestyle 19 975 [GAME [PLIES]]`
//! (GAME 0-based: that game only, won or lost; PLIES: stop after that many).
//! With SECOND_OPENINGS set in the environment, the arena's second set of openings.
use piskrs::ai::engine::Position;
use piskrs::rules::board::Stone;
use piskrs::rules::coord::Point;
use piskrs::rules::game::{Game, Outcome};
use piskrs::rules::{Opening, WinRule};
use piskrs::support::random::Random;
use piskrs_tools::arena::*;
use piskrs_tools::threat_search;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 5 {
        eprintln!("usage: lost LEVEL freestyle|exact SIZE BUDGET [GAME [PLIES]]");
        std::process::exit(2);
    }
    let rule = if args[2] == "exact" {
        WinRule::ExactlyFive
    } else {
        WinRule::FiveOrMore
    };
    let side: u8 = args[3].parse().unwrap();
    let b = parse_engine(&args[1], 975).unwrap();
    let budget: u32 = args[4].parse().unwrap();
    let only: Option<u32> = args.get(5).map(|s| s.parse().unwrap());
    let openings: &[&[(i8, i8)]] = if std::env::var_os("SECOND_OPENINGS").is_some() {
        &SECOND_OPENINGS
    } else {
        &OPENINGS
    };
    let settings = MatchSettings::strong_against(&args, 1, Openings::Fixed(openings));
    for index in 0..200u32 {
        if only.is_some_and(|o| o != index) {
            continue;
        }
        let rec = play_game(&settings, index);
        if rec.winner != Winner::B && only.is_none() {
            continue;
        }
        // replay
        let pair = index / 2;
        let opening = pair as usize % openings.len();
        let symmetry = (pair as usize / openings.len() % 8) as u8;
        let a_black = index % 2 == 0;
        let middle = (side / 2) as i8;
        let mut game = Game::with_opening(side, rule, Opening::Free);
        for &step in openings[opening] {
            // The arena's own turn and seeds, so the replay is the arena's game.
            let (x, y) = turn(step, symmetry);
            game.play(Point::new((middle + x) as u8, (middle + y) as u8))
                .ok()
                .unwrap();
        }
        let mut randoms = [
            Random::new(derive_seed(1, pair, 0)),
            Random::new(derive_seed(1, pair, 1)),
        ];
        let mut log = String::new();
        let mut order = vec![];
        let stop: usize = args.get(6).map(|s| s.parse().unwrap()).unwrap_or(9999);
        while !game.is_over() && (game.move_count() as usize) < stop {
            let black = game.to_move() == Stone::Black;
            let by_a = black == a_black;
            let random = &mut randoms[if black { 0 } else { 1 }];
            let position = Position::of(&game);
            let (p, tag) = if by_a {
                let (p, n, r) = threat_search::choose_explained(position, budget, random).unwrap();
                let r = match r {
                    threat_search::Reason::WinInOne => "win1",
                    threat_search::Reason::BlockFive => "blk5",
                    threat_search::Reason::MyVcf => "VCF",
                    threat_search::Reason::MyVct => "VCT",
                    threat_search::Reason::FourThree => "43",
                    threat_search::Reason::BlockFours => "defF",
                    threat_search::Reason::BlockThrees => "defT",
                    threat_search::Reason::Search => "quiet",
                };
                (
                    p,
                    format!("{}:S:{}({} {})", game.move_count(), point_name(p), r, n),
                )
            } else {
                let (p, _) = b.think(position, random).unwrap();
                (p, format!("o:{}", point_name(p)))
            };
            log.push_str(&tag);
            log.push(' ');
            order.push(p);
            game.play(p).ok().unwrap();
        }
        let won =
            matches!(game.outcome(), Outcome::Won{winner,..} if (winner==Stone::Black)==a_black);
        println!(
            "=== game {} opening {} sym {} strong {} {}",
            index + 1,
            opening + 1,
            symmetry,
            if a_black { "Black" } else { "White" },
            if won { "WON" } else { "LOST" }
        );
        println!("{}", log);
        // board with move numbers
        let n = order.len();
        for r in (0..side).rev() {
            let mut line = format!("{:>2} ", r + 1);
            for c in 0..side {
                let p = Point::new(c, r);
                let s = match game.board().get(p) {
                    None => " .".to_string(),
                    Some(st) => {
                        let k = order.iter().position(|&q| q == p);
                        let ch = if st == Stone::Black { 'X' } else { 'O' };
                        match k {
                            Some(k) if k + 10 >= n => format!("{}{}", ch, (k + 10 - n)),
                            _ => format!(" {}", ch),
                        }
                    }
                };
                line.push_str(&s);
                line.push(' ');
            }
            println!("{}", line);
        }
        let mut l = String::from("   ");
        for c in 0..side {
            l.push_str(&format!(
                " {}  ",
                point_name(Point::new(c, 0)).chars().next().unwrap()
            ));
        }
        println!("{}", l);
    }
}
