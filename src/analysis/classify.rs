//! lichess's formulas: winning chances from centipawns, move accuracy from the drop in
//! winning chances, move classes (lila `modules/tree/src/main/Advice.scala`), and the game
//! accuracy that combines a volatility-weighted mean with a harmonic mean.

use serde::Serialize;

use crate::search::{MATE_AS_CP, MATE_BOUND};

/// lichess caps centipawns here before turning them into winning chances (lila `Eval.Cp.ceiled`).
pub const CP_CEILING: i32 = 1000;
/// The slope of lichess's winning-chance curve (lila pull request 11148).
const WIN_CHANCE_SLOPE: f64 = 0.003_682_08;

/// A drop of at least this much in the mover's winning chances, on lichess's [-1, 1] scale
/// (twice the points of Win%), makes a move an inaccuracy, a mistake, a blunder.
pub const INACCURACY_DROP: f64 = 0.1;
pub const MISTAKE_DROP: f64 = 0.2;
pub const BLUNDER_DROP: f64 = 0.3;

/// lichess's mate rules: a move that allows a forced mate is only a mistake when the mover
/// was already below -700 cp, an inaccuracy below -999; a move that loses one's own forced
/// mate is only a mistake when the mover still stands above +700 cp after it, an
/// inaccuracy above +999.
pub const MATE_RULE_MISTAKE_CP: i32 = 700;
pub const MATE_RULE_INACCURACY_CP: i32 = 999;

/// The mover's winning chances on lichess's [-1, 1] scale for a centipawn score from the
/// mover's view, capped at +-`CP_CEILING` first.
pub fn winning_chances(cp: i32) -> f64 {
    uncapped_winning_chances(cp.clamp(-CP_CEILING, CP_CEILING))
}

/// The same curve without the cap, as lichess-puzzler uses it.
pub fn uncapped_winning_chances(cp: i32) -> f64 {
    2.0 / (1.0 + (-WIN_CHANCE_SLOPE * f64::from(cp)).exp()) - 1.0
}

/// Winning chances in percent (0..100) for a centipawn score from the player's view.
pub fn win_percent(cp: i32) -> f64 {
    50.0 + 50.0 * winning_chances(cp)
}

/// An internal score (mover's view; mates beyond `MATE_BOUND`) as centipawns for the
/// winning-chance formula: a mate is a certain result.
pub fn score_as_cp(score: i32) -> i32 {
    if score.abs() >= MATE_BOUND { score.signum() * MATE_AS_CP } else { score }
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
    /// The class of a move from the search's scores (internal units, the mover's view)
    /// before and after it, and whether it was the engine's choice, as lichess judges it:
    /// between two centipawn scores by the drop in winning chances; where a forced mate
    /// appears or disappears by lichess's mate rules; a slower mate, or a mate against the
    /// mover that stays one, is not flagged.
    pub fn of_move(before: i32, after: i32, was_best: bool) -> MoveClass {
        let judged = match (before.abs() >= MATE_BOUND, after.abs() >= MATE_BOUND) {
            (false, false) => Self::by_drop(winning_chances(before) - winning_chances(after)),
            // The move allows a forced mate ("checkmate is now unavoidable").
            (false, true) if after < 0 => Some(if before < -MATE_RULE_INACCURACY_CP {
                MoveClass::Inaccuracy
            } else if before < -MATE_RULE_MISTAKE_CP {
                MoveClass::Mistake
            } else {
                MoveClass::Blunder
            }),
            // The move throws away the mover's own forced mate ("lost forced checkmate
            // sequence"); lichess counts a mate against the mover after it as 0 cp.
            (true, after_is_mate) if before > 0 && (!after_is_mate || after < 0) => {
                let after_cp = if after_is_mate { 0 } else { after };
                Some(if after_cp > MATE_RULE_INACCURACY_CP {
                    MoveClass::Inaccuracy
                } else if after_cp > MATE_RULE_MISTAKE_CP {
                    MoveClass::Mistake
                } else {
                    MoveClass::Blunder
                })
            }
            _ => None,
        };
        judged.unwrap_or(if was_best { MoveClass::Best } else { MoveClass::Good })
    }

    /// lichess's classes by the drop in winning chances ([-1, 1] scale), `None` below them.
    fn by_drop(drop: f64) -> Option<MoveClass> {
        if drop >= BLUNDER_DROP {
            Some(MoveClass::Blunder)
        } else if drop >= MISTAKE_DROP {
            Some(MoveClass::Mistake)
        } else if drop >= INACCURACY_DROP {
            Some(MoveClass::Inaccuracy)
        } else {
            None
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

    use crate::search::MATE;

    #[test]
    fn winning_chances_follow_lichess_and_are_capped() {
        assert!((win_percent(0) - 50.0).abs() < 1e-9);
        assert!((win_percent(100) - 59.1).abs() < 0.1);
        assert!((win_percent(-300) + win_percent(300) - 100.0).abs() < 1e-9);
        // Capped at 1000 cp: a mate is worth 97.5 %, as on lichess.
        assert_eq!(win_percent(CP_CEILING), win_percent(5000));
        assert_eq!(win_percent(score_as_cp(MATE - 3)), win_percent(CP_CEILING));
        assert!((win_percent(CP_CEILING) - 97.54).abs() < 0.01);
    }

    fn class(before: i32, after: i32) -> MoveClass {
        MoveClass::of_move(before, after, false)
    }

    /// Each threshold of the drop in winning chances, a centipawn either side of it: from
    /// 0, a fall to -54 cp is 0.0991 ([-1, 1] scale), to -55 cp 0.1009; 0.2 lies between
    /// -110 and -111 cp, 0.3 between -168 and -169 cp.
    #[test]
    fn classes_change_exactly_at_lichess_thresholds() {
        assert_eq!(class(0, -54), MoveClass::Good);
        assert_eq!(class(0, -55), MoveClass::Inaccuracy);
        assert_eq!(class(0, -110), MoveClass::Inaccuracy);
        assert_eq!(class(0, -111), MoveClass::Mistake);
        assert_eq!(class(0, -168), MoveClass::Mistake);
        assert_eq!(class(0, -169), MoveClass::Blunder);
        assert_eq!(MoveClass::of_move(0, -54, true), MoveClass::Best);
        assert!(winning_chances(0) - winning_chances(-54) < INACCURACY_DROP);
        assert!(winning_chances(0) - winning_chances(-55) >= INACCURACY_DROP);
        // The old 10/20/30 Win% rule called a fall of 150 cp an inaccuracy.
        assert_eq!(class(0, -150), MoveClass::Mistake);
    }

    #[test]
    fn centipawns_are_capped_before_the_drop() {
        // +3000 to +700: 0.092 after the cap (not flagged), 0.141 without it.
        assert_eq!(class(3000, 700), MoveClass::Good);
        assert_eq!(class(1000, 700), MoveClass::Good);
        assert_eq!(class(3000, 640), MoveClass::Inaccuracy);
        assert_eq!(class(-1000, -5000), MoveClass::Good);
    }

    #[test]
    fn allowing_a_mate_is_judged_by_the_eval_before() {
        let mated_in_2 = -(MATE - 4);
        assert_eq!(class(500, mated_in_2), MoveClass::Blunder);
        assert_eq!(class(-700, mated_in_2), MoveClass::Blunder);
        assert_eq!(class(-701, mated_in_2), MoveClass::Mistake);
        assert_eq!(class(-999, mated_in_2), MoveClass::Mistake);
        assert_eq!(class(-1000, mated_in_2), MoveClass::Inaccuracy);
    }

    #[test]
    fn losing_a_mate_is_judged_by_the_eval_after() {
        let mate_in_3 = MATE - 5;
        assert_eq!(class(mate_in_3, 700), MoveClass::Blunder);
        assert_eq!(class(mate_in_3, 701), MoveClass::Mistake);
        assert_eq!(class(mate_in_3, 999), MoveClass::Mistake);
        assert_eq!(class(mate_in_3, 1000), MoveClass::Inaccuracy);
        assert_eq!(class(mate_in_3, -(MATE - 2)), MoveClass::Blunder, "a mate given up for a mate against");
    }

    #[test]
    fn mates_that_stay_mates_are_not_flagged() {
        assert_eq!(class(MATE - 3, MATE - 9), MoveClass::Good, "a slower mate");
        assert_eq!(class(MATE - 1, MATE), MoveClass::Good, "the mate delivered");
        assert_eq!(class(-(MATE - 6), -(MATE - 2)), MoveClass::Good, "a faster mate against");
        assert_eq!(class(-(MATE - 6), -300), MoveClass::Good, "a mate escaped");
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
