//! Pawn structure (with the pawns' material and squares), cached by pawn key; the passed
//! pawns' terms that depend on the pieces; space behind the pawns.

use shakmaty::{Color, Square};

use super::bitboards::{
    CENTRE_FILES, adjacent_ahead, adjacent_files, count, file_ahead, forward, passed_span, pawn_attacks, rank_mask,
    ranks_ahead_of, relative_rank, relative_rank_mask, squares,
};
use super::params::*;
use super::pieces::table_square;
use super::trace::Tracer;
use super::{Eval, PAWN, side};
use crate::position::pawn_key;

/// Entries of a thread's pawn table (a power of two).
const PAWN_TABLE_ENTRIES: usize = 1 << 14;

#[derive(Clone, Copy, Default)]
struct PawnEntry {
    key: u64,
    /// The pawn-structure terms, from White's side.
    score: S,
    passed: [u64; 2],
}

/// Pawn structures seen before, by pawn key.
pub struct PawnTable {
    entries: Box<[PawnEntry]>,
}

impl Default for PawnTable {
    fn default() -> Self {
        PawnTable { entries: vec![PawnEntry::default(); PAWN_TABLE_ENTRIES].into_boxed_slice() }
    }
}

impl<T: Tracer> Eval<'_, T> {
    /// The pawn-structure terms from the table, computed and stored on a miss.
    pub(super) fn pawn_structure_cached(&mut self, table: &mut PawnTable) {
        let key = pawn_key(self.board);
        let entry = &mut table.entries[key as usize & (PAWN_TABLE_ENTRIES - 1)];
        if entry.key != key || key == 0 {
            let before = self.white_score();
            let passed = self.pawn_structure();
            *entry = PawnEntry { key, score: self.white_score() - before, passed };
        } else {
            self.score[side(Color::White)] += entry.score;
        }
        self.info.passed = entry.passed;
    }

    /// Scores both sides' pawn structure; returns each side's passed pawns.
    pub(super) fn pawn_structure(&mut self) -> [u64; 2] {
        let mut passed = [0; 2];
        for color in Color::ALL {
            let ours = self.info.pieces[side(color)][PAWN];
            for sq in squares(ours) {
                if self.pawn(color, sq) {
                    passed[side(color)] |= 1 << sq.to_usize();
                }
            }
        }
        passed
    }

    /// One pawn's material, square and structure terms; whether it is passed.
    fn pawn(&mut self, color: Color, sq: Square) -> bool {
        let ours = self.info.pieces[side(color)][PAWN];
        let theirs = self.info.pieces[side(!color)][PAWN];
        let (file, rank, bit) = (sq.to_usize() % 8, relative_rank(color, sq), 1 << sq.to_usize());
        let neighbours = ours & adjacent_files(file);
        let behind_or_level = neighbours & !ranks_ahead_of(color, sq);
        let doubled = ours & file_ahead(color, sq) != 0;
        let open_ahead = theirs & file_ahead(color, sq) == 0;
        self.add(color, MATERIAL + PAWN, 1);
        self.add(color, psqt(PAWN) + table_square(color, sq), 1);

        if neighbours == 0 {
            self.add(color, PAWN_ISOLATED, 1);
        } else if behind_or_level == 0 && self.info.attacked_by[side(!color)][PAWN] & forward(color, bit) != 0 {
            self.add(color, PAWN_BACKWARD + usize::from(open_ahead), 1);
        }
        if doubled {
            self.add(color, PAWN_DOUBLED, 1);
        }
        if pawn_attacks(!color, bit) & ours != 0 {
            self.add(color, PAWN_SUPPORTED + rank, 1);
        }
        if neighbours & rank_mask(sq.to_usize() / 8) != 0 {
            self.add(color, PAWN_PHALANX + rank, 1);
        }
        if doubled {
            return false;
        }
        if theirs & passed_span(color, sq) == 0 {
            self.add(color, PASSED_PAWN + rank, 1);
            return true;
        }
        let sentries = count(theirs & adjacent_ahead(color, sq));
        if open_ahead && count(behind_or_level) >= sentries {
            self.add(color, PASSED_CANDIDATE + rank, 1);
        }
        false
    }

    /// The passed pawns' terms that depend on the kings, the pieces and the attack maps.
    pub(super) fn passed_pawns(&mut self, color: Color) {
        let (s, them) = (side(color), side(!color));
        for sq in squares(self.info.passed[s]) {
            let rank = relative_rank(color, sq);
            let stop_mask = forward(color, 1 << sq.to_usize());
            let Some(stop) = squares(stop_mask).next() else { continue };
            let own_king = self.info.kings[s].distance(stop) as i32;
            let enemy_king = self.info.kings[them].distance(stop) as i32;
            self.add(color, PASSED_OWN_KING_DISTANCE + rank, own_king);
            self.add(color, PASSED_ENEMY_KING_DISTANCE + rank, enemy_king);
            if self.info.occupied & stop_mask == 0 {
                self.add(color, PASSED_UNBLOCKED + rank, 1);
            }
            if file_ahead(color, sq) & (self.info.colors[them] | self.info.attacked[them]) == 0 {
                self.add(color, PASSED_FREE_PATH + rank, 1);
            }
        }
    }

    /// Space: safe squares in the centre files on our side of the board, those behind our
    /// pawns counted twice.
    pub(super) fn space(&mut self, color: Color) {
        let (s, them) = (side(color), side(!color));
        let our_pawns = self.info.pieces[s][PAWN];
        let our_side = relative_rank_mask(color, 1) | relative_rank_mask(color, 2) | relative_rank_mask(color, 3);
        let safe = CENTRE_FILES & our_side & !our_pawns & !self.info.attacked_by[them][PAWN];
        let mut behind = our_pawns;
        for _ in 0..3 {
            behind |= forward(!color, behind);
        }
        let squares = count(safe) + count(safe & behind & !self.info.attacked[them]);
        self.add(color, SPACE, squares);
    }
}
