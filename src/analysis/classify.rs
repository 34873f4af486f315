//! lichess's formulas: winning chances from centipawns, move accuracy from the drop in
//! winning chances, move classes, and the game accuracy that combines a
//! volatility-weighted mean with a harmonic mean.

use serde::Serialize;

use crate::search::MATE_AS_CP;

/// Winning chances in percent (0..100) for a centipawn score from the player's view.
pub fn win_percent(cp: i32) -> f64 {
    let cp = f64::from(cp.clamp(-MATE_AS_CP, MATE_AS_CP));
    50.0 + 50.0 * (2.0 / (1.0 + (-0.003_682_08 * cp).exp()) - 1.0)
}

/// Accuracy of one move (0..100) from the mover's winning chances before and after it.
pub fn move_accuracy(before: f64, after: f64) -> f64 {
    if after >= before {
        return 100.0;
    }
    let drop = before - after;
    // lichess adds one point for the uncertainty of the engine's evaluation.
    (103.166_8 * (-0.043_54 * drop).exp() - 3.166_9 + 1.0).clamp(0.0, 100.0)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum MoveClass {
    Best,
    Good,
    Inaccuracy,
    Mistake,
    Blunder,
}

impl MoveClass {
    /// From the drop in the mover's winning chances (percentage points) and whether the
    /// move was the engine's choice.
    pub fn from_drop(drop: f64, was_best: bool) -> MoveClass {
        if drop >= 30.0 {
            MoveClass::Blunder
        } else if drop >= 20.0 {
            MoveClass::Mistake
        } else if drop >= 10.0 {
            MoveClass::Inaccuracy
        } else if was_best {
            MoveClass::Best
        } else {
            MoveClass::Good
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            MoveClass::Best => "best",
            MoveClass::Good => "good",
            MoveClass::Inaccuracy => "inaccuracy",
            MoveClass::Mistake => "mistake",
            MoveClass::Blunder => "blunder",
        }
    }
}

fn std_dev(xs: &[f64]) -> f64 {
    let mean = xs.iter().sum::<f64>() / xs.len() as f64;
    (xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / xs.len() as f64).sqrt()
}

/// Game accuracy of each side, as lichess computes it. `white_win` holds White's winning
/// chances for every position of the game (start position first); `white_moves_first`
/// says who made the first move. Returns (white, black); `None` for a side without moves.
pub fn game_accuracy(white_win: &[f64], white_moves_first: bool) -> (Option<f64>, Option<f64>) {
    let moves = white_win.len().saturating_sub(1);
    if moves == 0 {
        return (None, None);
    }
    let window = (moves / 10).clamp(2, 8).min(white_win.len());
    let mut per_side: [Vec<(f64, f64)>; 2] = [Vec::new(), Vec::new()];
    for i in 0..moves {
        // The first window repeats for the first moves, then it slides one position a move.
        let start = i.saturating_sub(window - 2).min(white_win.len() - window);
        let weight = std_dev(&white_win[start..start + window]).clamp(0.5, 12.0);
        let white_moved = (i % 2 == 0) == white_moves_first;
        let (before, after) = if white_moved {
            (white_win[i], white_win[i + 1])
        } else {
            (100.0 - white_win[i], 100.0 - white_win[i + 1])
        };
        per_side[usize::from(!white_moved)].push((move_accuracy(before, after), weight));
    }
    let combine = |accs: &Vec<(f64, f64)>| {
        if accs.is_empty() {
            return None;
        }
        let weighted = accs.iter().map(|(a, w)| a * w).sum::<f64>() / accs.iter().map(|(_, w)| w).sum::<f64>();
        let harmonic = if accs.iter().any(|&(a, _)| a <= 0.0) {
            0.0
        } else {
            accs.len() as f64 / accs.iter().map(|(a, _)| 1.0 / a).sum::<f64>()
        };
        Some((weighted + harmonic) / 2.0)
    };
    (combine(&per_side[0]), combine(&per_side[1]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn winning_chances() {
        assert!((win_percent(0) - 50.0).abs() < 1e-9);
        assert!((win_percent(100) - 59.1).abs() < 0.1);
        assert!(win_percent(MATE_AS_CP) > 99.9);
        assert!((win_percent(-300) + win_percent(300) - 100.0).abs() < 1e-9);
    }

    #[test]
    fn classes_by_drop() {
        assert_eq!(MoveClass::from_drop(35.0, false), MoveClass::Blunder);
        assert_eq!(MoveClass::from_drop(20.0, false), MoveClass::Mistake);
        assert_eq!(MoveClass::from_drop(12.0, true), MoveClass::Inaccuracy);
        assert_eq!(MoveClass::from_drop(1.0, true), MoveClass::Best);
        assert_eq!(MoveClass::from_drop(1.0, false), MoveClass::Good);
    }

    #[test]
    fn accuracy_of_perfect_and_poor_play() {
        assert_eq!(move_accuracy(50.0, 55.0), 100.0);
        assert!(move_accuracy(80.0, 20.0) < 10.0);
        let steady = vec![50.0; 41];
        assert_eq!(game_accuracy(&steady, true), (Some(100.0), Some(100.0)));
        let mut blunder = steady.clone();
        // White's move from position 20 to 21 throws the game away.
        blunder[21..].iter_mut().for_each(|w| *w = 5.0);
        let (white, black) = game_accuracy(&blunder, true);
        assert!(white.unwrap() < black.unwrap(), "{white:?} {black:?}");
    }
}
