//! What the examples that fit the tree's weights share
//! (examples/fit_worth.rs): the matches whose games
//! give the positions, the logistic curve, and gradient descent by Adam.
use crate::arena::{MatchSettings, Openings, TimeControl, contestant_name, parse_contestant};
use piskrs::rules::WinRule;

/// A match for each pairing of levels on each rule and board, random
/// openings, each seeded from `seed` by its place in the lists.
pub fn pairing_matches(
    pairings: &[(&str, &str)],
    rules: &[(WinRule, u8)],
    games: u32,
    seed: u16,
) -> Vec<MatchSettings> {
    let mut matches = Vec::new();
    for (r, &(rule, side)) in rules.iter().enumerate() {
        for (p, &(a, b)) in pairings.iter().enumerate() {
            matches.push(MatchSettings {
                a: parse_contestant(a, 1600).expect("a level"),
                b: parse_contestant(b, 1600).expect("a level"),
                games,
                side,
                rule,
                renju: false,
                seed: seed.wrapping_add((r * 16 + p) as u16),
                openings: Openings::Random,
                time: TimeControl::default(),
            });
        }
    }
    matches
}

/// A match's players and board, for progress lines: "A v B on 19x19".
pub fn match_name(settings: &MatchSettings) -> String {
    let side = settings.side;
    let (a, b) = (&settings.a, &settings.b);
    format!(
        "{} v {} on {side}x{side}",
        contestant_name(a),
        contestant_name(b)
    )
}

/// The chance of a win that a value stands for: `1 / (1 + e^(-value / scale))`.
pub fn logistic(value: f64, scale: f64) -> f64 {
    1.0 / (1.0 + (-value / scale).exp())
}

/// How `(target - logistic(value, scale))²` changes with `value`: the slope
/// a row adds to the gradient of the fit's mean squared error.
pub fn squared_error_slope(target: f64, value: f64, scale: f64) -> f64 {
    let p = logistic(value, scale);
    -2.0 * (target - p) * p * (1.0 - p) / scale
}

/// Gradient descent by Adam: each weight's step from its gradient's running
/// mean and mean square.
pub struct Adam {
    rate: f64,
    steps: i32,
    mean: Vec<f64>,
    square: Vec<f64>,
}

impl Adam {
    const MEAN_DECAY: f64 = 0.9;
    const SQUARE_DECAY: f64 = 0.999;

    pub fn new(weights: usize, rate: f64) -> Adam {
        Adam {
            rate,
            steps: 0,
            mean: vec![0.0; weights],
            square: vec![0.0; weights],
        }
    }

    /// Moves the `free` weights one step down `gradient`.
    pub fn step(&mut self, weights: &mut [f64], gradient: &[f64], free: &[usize]) {
        self.steps += 1;
        let (b1, b2) = (Self::MEAN_DECAY, Self::SQUARE_DECAY);
        for &i in free {
            let g = gradient[i];
            self.mean[i] = b1 * self.mean[i] + (1.0 - b1) * g;
            self.square[i] = b2 * self.square[i] + (1.0 - b2) * g * g;
            let mean = self.mean[i] / (1.0 - b1.powi(self.steps));
            let square = self.square[i] / (1.0 - b2.powi(self.steps));
            weights[i] -= self.rate * mean / (square.sqrt() + 1e-12);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adam_finds_a_line_s_slope_and_leaves_the_fixed_weight() {
        // y = 3x, fitted from 0 by least squares; weight 1 is not free.
        let points: Vec<(f64, f64)> = (1..=10).map(|x| (x as f64, 3.0 * x as f64)).collect();
        let mut weights = [0.0, 5.0];
        let mut adam = Adam::new(2, 0.1);
        for _ in 0..2000 {
            let slope: f64 = points
                .iter()
                .map(|&(x, y)| -2.0 * (y - weights[0] * x) * x)
                .sum::<f64>()
                / points.len() as f64;
            adam.step(&mut weights, &[slope, 1.0], &[0]);
        }
        assert!((weights[0] - 3.0).abs() < 1e-3, "{}", weights[0]);
        assert_eq!(weights[1], 5.0);
    }

    #[test]
    fn the_error_slope_is_the_error_s_derivative() {
        let error = |value: f64| (0.8 - logistic(value, 600.0)).powi(2);
        for value in [-900.0, -50.0, 0.0, 300.0, 2000.0] {
            let numeric = (error(value + 0.01) - error(value - 0.01)) / 0.02;
            let slope = squared_error_slope(0.8, value, 600.0);
            assert!(
                (numeric - slope).abs() < 1e-9,
                "{value}: {numeric} / {slope}"
            );
        }
    }

    #[test]
    fn the_matches_cover_each_pairing_on_each_rule() {
        let matches = pairing_matches(
            &[("tree:1600", "strong"), ("classic", "cha")],
            &[(WinRule::FiveOrMore, 19), (WinRule::ExactlyFive, 15)],
            4,
            7,
        );
        assert_eq!(matches.len(), 4);
        let seeds: Vec<u16> = matches.iter().map(|m| m.seed).collect();
        assert_eq!(seeds, [7, 8, 23, 24]);
        assert!(matches!(matches[2].rule, WinRule::ExactlyFive) && matches[2].side == 15);
    }
}
