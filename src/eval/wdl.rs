//! Win/draw/loss chances from a score, for `UCI_ShowWDL` and analysis.
//!
//! The model: P(win) = 1 / (1 + exp((a - s) / b)) and P(loss) = 1 / (1 + exp((a + s) / b)),
//! the rest a draw, where `s` is the score in centipawns from the side to move and `a`, `b`
//! grow linearly with the material on the board (fewer pieces, more draws at the same score).
//! `tuning/fit-wdl.py` fits the coefficients to the outcomes of rokade's games and rewrites
//! the block between the markers below.

use shakmaty::{Chess, Position, Role};

// BEGIN FITTED WDL MODEL (tuning/fit-wdl.py)
const A_BASE: f64 = 268.643;
const A_PER_MATERIAL: f64 = -2.7249;
const B_BASE: f64 = 81.886;
const B_PER_MATERIAL: f64 = 0.1512;
// END FITTED WDL MODEL

/// Material on the board in pawns: 1, 3, 3, 5, 9; 78 in the start position.
pub fn material(pos: &Chess) -> u32 {
    let b = pos.board();
    [(Role::Pawn, 1), (Role::Knight, 3), (Role::Bishop, 3), (Role::Rook, 5), (Role::Queen, 9)]
        .iter()
        .map(|&(role, value)| b.by_role(role).count() as u32 * value)
        .sum()
}

/// (win, draw, loss) per mille, summing to 1000, from a centipawn score. Mate scores should
/// be passed as a large number of centipawns.
pub fn wdl(score_cp: i32, material: u32) -> (u32, u32, u32) {
    let m = f64::from(material.min(78));
    let a = A_BASE + A_PER_MATERIAL * m;
    let b = (B_BASE + B_PER_MATERIAL * m).max(1.0);
    let s = f64::from(score_cp);
    let win = 1000.0 / (1.0 + ((a - s) / b).exp());
    let loss = 1000.0 / (1.0 + ((a + s) / b).exp());
    let (win, loss) = (win.round() as u32, loss.round() as u32);
    (win, 1000 - win - loss, loss)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_to_1000_and_is_monotonic() {
        for material in [0, 10, 40, 78] {
            let mut last = (0, 0, 1000);
            for score in (-3000..=3000).step_by(10) {
                let (w, d, l) = wdl(score, material);
                assert_eq!(w + d + l, 1000);
                assert!(w >= last.0 && l <= last.2, "score {score} material {material}");
                last = (w, d, l);
            }
        }
    }

    #[test]
    fn symmetric_and_starts_balanced() {
        assert_eq!(wdl(0, 78).0, wdl(0, 78).2);
        let (w, _, l) = wdl(150, 40);
        assert_eq!(wdl(-150, 40), (l, 1000 - w - l, w));
        assert_eq!(material(&Chess::default()), 78);
    }
}
