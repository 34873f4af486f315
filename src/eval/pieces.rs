//! Material, placement and mobility of every piece, and the attack maps they leave behind.

use shakmaty::attacks::{bishop_attacks, knight_attacks, queen_attacks, rook_attacks};
use shakmaty::{Bitboard, Color, Square};

use super::bitboards::{
    CENTRE, LONG_DIAGONALS, adjacent_ahead, count, file_mask, forward, relative_rank, relative_rank_mask,
    same_colour_squares, squares,
};
use super::params::*;
use super::trace::Tracer;
use super::{BISHOP, Eval, KING, KNIGHT, PAWN, QUEEN, ROOK, side};

/// Relative ranks (from 0) where a minor piece out of reach of enemy pawns is an outpost.
const OUTPOST_RANKS: std::ops::RangeInclusive<usize> = 3..=5;

/// Index into the piece-square tables, which are written from White's side, rank 8 first.
pub(super) fn table_square(color: Color, sq: Square) -> usize {
    match color {
        Color::White => sq.to_usize() ^ 56,
        Color::Black => sq.to_usize(),
    }
}

impl<T: Tracer> Eval<'_, T> {
    /// Every piece of `color` but the pawns (see `pawns`): material, square, mobility and
    /// its own terms.
    pub(super) fn pieces(&mut self, color: Color) {
        let s = side(color);
        for r in KNIGHT..=KING {
            for sq in squares(self.info.pieces[s][r]) {
                if r != KING {
                    self.add(color, MATERIAL + r, 1);
                }
                self.add(color, psqt(r) + table_square(color, sq), 1);
                match r {
                    KNIGHT => self.knight(color, sq),
                    BISHOP => self.bishop(color, sq),
                    ROOK => self.rook(color, sq),
                    QUEEN => self.queen(color, sq),
                    _ => {}
                }
            }
        }
        if count(self.info.pieces[s][BISHOP]) >= 2 {
            self.add(color, BISHOP_PAIR, 1);
        }
    }

    fn mobility(&self, color: Color, hits: u64) -> usize {
        count(hits & self.info.mobility_area[side(color)]) as usize
    }

    fn knight(&mut self, color: Color, sq: Square) {
        let hits = knight_attacks(sq).0;
        self.note_attacks(color, KNIGHT, hits);
        self.add(color, KNIGHT_MOBILITY + self.mobility(color, hits), 1);
        self.add(color, KNIGHT_CLOSEDNESS + self.info.closedness, 1);
        self.minor(color, sq, KNIGHT_OUTPOST);
    }

    fn bishop(&mut self, color: Color, sq: Square) {
        let (s, them) = (side(color), side(!color));
        let hits = bishop_attacks(sq, Bitboard(self.info.occupied)).0;
        self.note_attacks(color, BISHOP, hits);
        self.add(color, BISHOP_MOBILITY + self.mobility(color, hits), 1);
        self.minor(color, sq, BISHOP_OUTPOST);
        let our_pawns = self.info.pieces[s][PAWN];
        let rammed = our_pawns & forward(!color, self.info.pieces[them][PAWN]) & same_colour_squares(sq);
        self.add(color, BISHOP_RAMMED_PAWNS, count(rammed));
        let pawns = self.info.pieces[s][PAWN] | self.info.pieces[them][PAWN];
        if LONG_DIAGONALS & (1 << sq.to_usize()) != 0 && count(bishop_attacks(sq, Bitboard(pawns)).0 & CENTRE) >= 2 {
            self.add(color, BISHOP_LONG_DIAGONAL, 1);
        }
    }

    /// What knights and bishops share: outposts and shelter behind a pawn.
    fn minor(&mut self, color: Color, sq: Square, outpost: usize) {
        let (s, them) = (side(color), side(!color));
        let bit = 1u64 << sq.to_usize();
        let rank = relative_rank(color, sq);
        if OUTPOST_RANKS.contains(&rank) && adjacent_ahead(color, sq) & self.info.pieces[them][PAWN] == 0 {
            let defended = self.info.attacked_by[s][PAWN] & bit != 0;
            self.add(color, outpost + usize::from(defended), 1);
        }
        let pawns = self.info.pieces[s][PAWN] | self.info.pieces[them][PAWN];
        if forward(color, bit) & pawns != 0 {
            self.add(color, MINOR_BEHIND_PAWN, 1);
        }
    }

    fn rook(&mut self, color: Color, sq: Square) {
        let (s, them) = (side(color), side(!color));
        let hits = rook_attacks(sq, Bitboard(self.info.occupied)).0;
        self.note_attacks(color, ROOK, hits);
        self.add(color, ROOK_MOBILITY + self.mobility(color, hits), 1);
        self.add(color, ROOK_CLOSEDNESS + self.info.closedness, 1);
        let file = file_mask(sq.to_usize() % 8);
        if self.info.pieces[s][PAWN] & file == 0 {
            let open = self.info.pieces[them][PAWN] & file == 0;
            self.add(color, if open { ROOK_OPEN_FILE } else { ROOK_SEMI_OPEN_FILE }, 1);
        }
        if relative_rank(color, sq) == 6 {
            let king_on_eighth = relative_rank(color, self.info.kings[them]) == 7;
            let pawns_on_seventh = self.info.pieces[them][PAWN] & relative_rank_mask(color, 6) != 0;
            if king_on_eighth || pawns_on_seventh {
                self.add(color, ROOK_ON_SEVENTH, 1);
            }
        }
    }

    fn queen(&mut self, color: Color, sq: Square) {
        let hits = queen_attacks(sq, Bitboard(self.info.occupied)).0;
        self.note_attacks(color, QUEEN, hits);
        self.add(color, QUEEN_MOBILITY + self.mobility(color, hits), 1);
    }
}
