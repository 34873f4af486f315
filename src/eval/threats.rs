//! Threats: enemy pieces our pawns, minors, rooks and king attack, pieces left hanging, pawn
//! pushes that would attack a piece, contested squares the enemy does not hold, pieces only
//! its queen defends, and safe squares from which a knight or slider would hit its queen.

use shakmaty::attacks::{bishop_attacks, knight_attacks, rook_attacks};
use shakmaty::{Bitboard, Color};

use super::bitboards::{count, forward, pawn_attacks, relative_rank_mask, squares};
use super::params::*;
use super::trace::Tracer;
use super::{BISHOP, Eval, KING, KNIGHT, PAWN, QUEEN, ROOK, side};

impl<T: Tracer> Eval<'_, T> {
    pub(super) fn threats(&mut self, color: Color) {
        let (s, them) = (side(color), side(!color));
        let info = &self.info;
        let their_pieces = info.colors[them] & !info.pieces[them][KING];
        let their_non_pawns = their_pieces & !info.pieces[them][PAWN];
        // Protected by a pawn, or by two pieces where we attack only once.
        let strongly_protected = info.attacked_by[them][PAWN] | (info.attacked_twice[them] & !info.attacked_twice[s]);
        // Squares we attack that they do not hold strongly: pieces there are weak, and the
        // ones they still attack are restricted to them.
        let contested = info.attacked[s] & !strongly_protected;
        let weak = their_pieces & contested;
        let by_minors = (their_non_pawns | weak) & (info.attacked_by[s][KNIGHT] | info.attacked_by[s][BISHOP]);
        let by_rooks = (info.pieces[them][QUEEN] | weak) & info.attacked_by[s][ROOK];
        let by_pawns = their_non_pawns & info.attacked_by[s][PAWN];
        let by_king = count(weak & info.attacked_by[s][KING]);
        let hanging = count(weak & (!info.attacked[them] | (their_non_pawns & info.attacked_twice[s])));
        let push_threats = count(self.safe_pushes(color) & their_non_pawns);
        let restricted = count(info.attacked[them] & contested);
        let weak_queen_protection = count(weak & info.attacked_by[them][QUEEN]);

        for (term, victims) in [(THREAT_BY_PAWN, by_pawns), (THREAT_BY_MINOR, by_minors), (THREAT_BY_ROOK, by_rooks)] {
            for sq in squares(victims) {
                let victim = self.board.role_at(sq).map_or(PAWN, super::role_index);
                self.add(color, term + victim, 1);
            }
        }
        self.add(color, THREAT_BY_KING, by_king);
        self.add(color, HANGING, hanging);
        self.add(color, THREAT_PAWN_PUSH, push_threats);
        self.add(color, RESTRICTED, restricted);
        self.add(color, WEAK_QUEEN_PROTECTION, weak_queen_protection);
        self.queen_contact(color, strongly_protected);
    }

    /// Safe squares from which our knights or sliders would attack the enemy queen, when it
    /// is alone: the queen has to spend moves to escape them.
    fn queen_contact(&mut self, color: Color, strongly_protected: u64) {
        let (s, them) = (side(color), side(!color));
        let info = &self.info;
        let Some(queen) = Bitboard(info.pieces[them][QUEEN]).single_square() else { return };
        let occupied = Bitboard(info.occupied);
        let safe = info.mobility_area[s] & !strongly_protected;
        let knights = knight_attacks(queen).0 & info.attacked_by[s][KNIGHT] & safe;
        let sliders = (bishop_attacks(queen, occupied).0 & info.attacked_by[s][BISHOP])
            | (rook_attacks(queen, occupied).0 & info.attacked_by[s][ROOK]);
        let sliders = sliders & safe & info.attacked_twice[s];
        self.add(color, KNIGHT_ON_QUEEN, count(knights));
        self.add(color, SLIDER_ON_QUEEN, count(sliders));
    }

    /// The squares our pawns would attack after a safe single or double push.
    fn safe_pushes(&self, color: Color) -> u64 {
        let (s, them) = (side(color), side(!color));
        let info = &self.info;
        let empty = !info.occupied;
        let single = forward(color, info.pieces[s][PAWN]) & empty;
        let double = forward(color, single & relative_rank_mask(color, 2)) & empty;
        let safe = !info.attacked_by[them][PAWN] & (info.attacked[s] | !info.attacked[them]);
        pawn_attacks(color, (single | double) & safe)
    }
}
