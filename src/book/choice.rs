//! Which of a position's book moves to play. The weights are tempered first: each is raised to
//! the power `100 / temperature_pct`, so a temperature of 100 % draws moves in proportion to
//! their weights (Polyglot's own rule), a higher one draws them more evenly (the weak levels
//! vary their openings) and 0 always plays the best-weighted move (Master).

use std::cmp::Reverse;

use rand::rngs::StdRng;
use rand::seq::IndexedRandom;

use super::BookMove;

/// Weights as they are: full strength with `OwnBook`.
pub const PROPORTIONAL: u32 = 100;

/// A move's weight after tempering; only the ratios between moves matter.
fn tempered(weight: u32, temperature_pct: u32) -> f64 {
    f64::from(weight).powf(f64::from(PROPORTIONAL) / f64::from(temperature_pct))
}

/// The chance of each move (in the order given) of being drawn.
pub fn chances(moves: &[BookMove], temperature_pct: u32) -> Vec<f64> {
    if temperature_pct == 0 {
        let best = best_index(moves);
        return (0..moves.len()).map(|i| if Some(i) == best { 1.0 } else { 0.0 }).collect();
    }
    let weights: Vec<f64> = moves.iter().map(|m| tempered(m.weight, temperature_pct)).collect();
    let total: f64 = weights.iter().sum();
    weights.iter().map(|w| w / total).collect()
}

/// Draws a move; `None` when there is none to draw.
pub fn choose(moves: &[BookMove], temperature_pct: u32, rng: &mut StdRng) -> Option<BookMove> {
    if temperature_pct == 0 {
        return best_index(moves).map(|i| moves[i]);
    }
    moves.choose_weighted(rng, |m| tempered(m.weight, temperature_pct)).ok().copied()
}

/// The best-weighted move; the first of equals, so that the choice does not depend on chance.
fn best_index(moves: &[BookMove]) -> Option<usize> {
    moves.iter().enumerate().max_by_key(|&(i, m)| (m.weight, Reverse(i))).map(|(i, _)| i)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use shakmaty::{Move, Role, Square};

    fn book_move(to: Square, weight: u32) -> BookMove {
        BookMove { mv: Move::Normal { role: Role::Pawn, from: Square::E2, capture: None, to, promotion: None }, weight }
    }

    #[test]
    fn a_higher_temperature_spreads_the_chances() {
        let moves = [book_move(Square::E4, 900), book_move(Square::E3, 100)];
        let proportional = chances(&moves, PROPORTIONAL);
        assert!((proportional[0] - 0.9).abs() < 1e-9);
        let flatter = chances(&moves, 2 * PROPORTIONAL);
        assert!((flatter[0] - 0.75).abs() < 1e-9, "sqrt(900) : sqrt(100) = 3 : 1, got {flatter:?}");
        assert_eq!(chances(&moves, 0), [1.0, 0.0]);
    }

    #[test]
    fn temperature_zero_plays_the_best_weight_and_the_first_of_equals() {
        let mut rng = StdRng::seed_from_u64(1);
        let moves = [book_move(Square::E3, 10), book_move(Square::E4, 50), book_move(Square::E4, 50)];
        for _ in 0..20 {
            assert_eq!(choose(&moves, 0, &mut rng), Some(moves[1]));
        }
        assert_eq!(choose(&[], 0, &mut rng), None);
        assert_eq!(choose(&[], PROPORTIONAL, &mut rng), None);
    }

    #[test]
    fn a_draw_follows_the_weights() {
        let mut rng = StdRng::seed_from_u64(7);
        let moves = [book_move(Square::E4, 3), book_move(Square::E3, 1)];
        let draws = 4000;
        let firsts = (0..draws).filter(|_| choose(&moves, PROPORTIONAL, &mut rng) == Some(moves[0])).count();
        let share = firsts as f64 / f64::from(draws);
        assert!((share - 0.75).abs() < 0.03, "share of the 3:1 move: {share}");
    }
}
