//! Every level under Renju, through the arena (`MatchSettings::renju`): over
//! 2,000 games among Classic, Cha and Strong (at a small budget, so that the
//! test stays short), no level as Black plays a point forbidden to it. The
//! arena judges each of Black's moves (a forbidden one loses, and shows as
//! an illegal move); this test also judges each with `rules::renju` itself
//! and counts the moves that had forbidden points to avoid, so that a run
//! where none came up fails.

use piskrs::rules::WinRule;
use piskrs::rules::board::Stone;
use piskrs::rules::renju::{each_foul, foul_on};
use piskrs_tools::arena::{
    MatchSettings, Openings, TimeControl, describe, engine_name, play_game_watched,
};
use piskrs_tools::player::Player;

/// The games of each of the six matches: 6 x 334 = 2,004.
const GAMES: u32 = 334;

#[test]
fn as_black_under_renju_no_level_plays_a_forbidden_point_in_2000_games() {
    let levels = [Player::CLASSIC, Player::CHA, Player::strong(40)];
    let mut matches = Vec::new();
    for a in 0..levels.len() {
        for b in a..levels.len() {
            matches.push((levels[a], levels[b]));
        }
    }
    // For each level: Black's moves, and those with a forbidden point about.
    let mut moves = [0u32; 3];
    let mut chances = [0u32; 3];
    let mut games = 0;
    for (m, &(a, b)) in matches.iter().enumerate() {
        let settings = MatchSettings {
            a: a.into(),
            b: b.into(),
            games: GAMES,
            side: 15,
            rule: WinRule::FiveOrMore,
            renju: true,
            seed: 100 + m as u16,
            openings: Openings::Random,
            time: TimeControl::default(),
        };
        for index in 0..GAMES {
            let record = play_game_watched(&settings, index, &mut |game, point, by_a| {
                if game.to_move() != Stone::Black {
                    return;
                }
                let level = if by_a { a } else { b };
                let l = levels.iter().position(|&p| p == level).expect("a level");
                assert!(
                    foul_on(game.board(), point).is_none(),
                    "{} as Black played a forbidden point in game {index} of match {m}",
                    engine_name(level)
                );
                moves[l] += 1;
                let mut any = false;
                each_foul(game.board(), |_, _| any = true);
                chances[l] += any as u32;
            });
            assert!(record.illegal.is_none(), "{}", describe(&settings, &record));
            games += 1;
        }
    }
    assert!(games >= 2000);
    for (l, level) in levels.iter().enumerate() {
        println!(
            "{}: {} moves as Black, {} with a forbidden point about",
            engine_name(*level),
            moves[l],
            chances[l]
        );
        assert!(
            chances[l] >= 100,
            "{}: only {} of Black's moves had a forbidden point to avoid",
            engine_name(*level),
            chances[l]
        );
    }
}
