//! Correction history: how far the search's results have strayed from the static evaluation
//! in positions with the same pawn structure, with the same material, and with the same
//! placement of either side's pieces other than pawns. The static eval
//! that pruning reads is corrected by what those positions taught, so that an evaluation
//! blind to some pattern misleads the pruning less often.

use shakmaty::{Color, Position as _, Role};

use super::params::{CORRECTION_GRAIN, CORRECTION_MAX, CORRECTION_MAX_WEIGHT, CORRECTION_WEIGHT_SCALE};
use crate::position::{Position, non_pawn_key};

const ENTRIES: usize = 16384;
const _: () = assert!(CORRECTION_MAX <= i16::MAX as i32, "entries are i16");

/// Entries are `i16` (they stay within `CORRECTION_MAX`), so that the tables, read at every
/// node, take half the cache.
pub struct CorrectionHistory {
    pawn: Box<[[i16; ENTRIES]; 2]>,
    material: Box<[[i16; ENTRIES]; 2]>,
    /// By side to move, then by the side whose pieces the key describes.
    non_pawn: Box<[[[i16; ENTRIES]; 2]; 2]>,
}

impl Default for CorrectionHistory {
    fn default() -> Self {
        CorrectionHistory {
            pawn: Box::new([[0; ENTRIES]; 2]),
            material: Box::new([[0; ENTRIES]; 2]),
            non_pawn: Box::new([[[0; ENTRIES]; 2]; 2]),
        }
    }
}

/// A key of the piece counts of both sides (pawns to queens), through a 64-bit mixer.
fn material_key(pos: &Position) -> u64 {
    let board = pos.board().board();
    let mut packed = 0u64;
    for color in Color::ALL {
        for role in [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
            let count = (board.by_color(color) & board.by_role(role)).count() as u64;
            packed = (packed << 4) | count.min(15);
        }
    }
    packed = (packed ^ (packed >> 31)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    packed ^ (packed >> 29)
}

fn index(key: u64) -> usize {
    (key % ENTRIES as u64) as usize
}

impl CorrectionHistory {
    pub fn clear(&mut self) {
        *self = CorrectionHistory::default();
    }

    /// The centipawns to add to the raw static eval of the position `keys` describe: the
    /// mean of the four tables.
    pub fn correction(&self, keys: &CorrectionKeys) -> i32 {
        let [pawn, material, white, black] = keys.indices;
        let side = keys.side;
        let sum = i32::from(self.pawn[side][pawn])
            + i32::from(self.material[side][material])
            + i32::from(self.non_pawn[side][0][white])
            + i32::from(self.non_pawn[side][1][black]);
        sum / (4 * CORRECTION_GRAIN)
    }

    /// Moves every entry of `keys` towards `score - raw_eval`, faster after deeper searches.
    pub fn update(&mut self, keys: &CorrectionKeys, depth: i32, score: i32, raw_eval: i32) {
        let [pawn, material, white, black] = keys.indices;
        let side = keys.side;
        let target = ((score - raw_eval) * CORRECTION_GRAIN).clamp(-CORRECTION_MAX, CORRECTION_MAX);
        let weight = (depth + 1).min(CORRECTION_MAX_WEIGHT);
        let [white_table, black_table] = &mut self.non_pawn[side];
        let entries = [
            &mut self.pawn[side][pawn],
            &mut self.material[side][material],
            &mut white_table[white],
            &mut black_table[black],
        ];
        for entry in entries {
            let moved =
                (i32::from(*entry) * (CORRECTION_WEIGHT_SCALE - weight) + target * weight) / CORRECTION_WEIGHT_SCALE;
            *entry = moved as i16;
        }
    }
}

/// Where a position's entries lie in the four tables: worked out once per node, when its
/// static eval is corrected, and kept on the search stack for the update at the node's end.
#[derive(Clone, Copy, Default)]
pub struct CorrectionKeys {
    side: usize,
    /// Pawn structure, material, White's and Black's other pieces.
    indices: [usize; 4],
}

impl CorrectionKeys {
    pub fn of(pos: &Position) -> CorrectionKeys {
        let board = pos.board().board();
        CorrectionKeys {
            side: pos.turn() as usize,
            indices: [
                index(pos.pawn_key()),
                index(material_key(pos)),
                index(non_pawn_key(board, Color::White)),
                index(non_pawn_key(board, Color::Black)),
            ],
        }
    }
}
