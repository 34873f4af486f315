//! King safety: each side's pawn shelter and the enemy's pawn storm (linear terms), and the
//! attack on the enemy king, whose terms add up to one score per side that a curve turns
//! into the bonus: a lone attacker is worth little, a combined attack a lot.

use shakmaty::attacks::{bishop_attacks, knight_attacks, rook_attacks};
use shakmaty::{Bitboard, Color};

use super::bitboards::{count, file_mask, files_of, rank_mask, ranks_ahead_of, relative_rank, squares};
use super::params::*;
use super::trace::Tracer;
use super::{BISHOP, Eval, KING, KNIGHT, PAWN, QUEEN, ROOK, side};

/// The middlegame bonus is `attack * attack / SAFETY_MG_DIVISOR`, the endgame one
/// `attack / SAFETY_EG_DIVISOR`, each for a positive attack only.
pub const SAFETY_MG_DIVISOR: i32 = 720;
pub const SAFETY_EG_DIVISOR: i32 = 20;

/// By a set of files (the bits of `files_of`, not empty) and a file: the distance from that
/// file to the nearest file of the set.
static FILE_DISTANCE: [[u8; 8]; 256] = {
    let mut table = [[0; 8]; 256];
    let mut files: usize = 1;
    while files < 256 {
        let mut file: usize = 0;
        while file < 8 {
            let mut nearest = 7;
            let mut other: usize = 0;
            while other < 8 {
                if files & (1 << other) != 0 && file.abs_diff(other) < nearest {
                    nearest = file.abs_diff(other);
                }
                other += 1;
            }
            table[files][file] = nearest as u8;
            file += 1;
        }
        files += 1;
    }
    table
};

/// `KING_DEFENDERS` counts up to this many.
const MAX_KING_DEFENDERS: i32 = 11;

/// The bonus for an attack score.
pub fn safety_curve(attack: S) -> S {
    S(attack.0 * attack.0.max(0) / SAFETY_MG_DIVISOR, attack.1.max(0) / SAFETY_EG_DIVISOR)
}

impl<T: Tracer> Eval<'_, T> {
    /// `color`'s shelter and the storm against it, then `color`'s attack on the enemy king.
    pub(super) fn king(&mut self, color: Color) {
        self.shelter(color);
        self.king_surroundings(color);
        self.attack_on_king(color);
    }

    /// Our minor pieces and pawns around the king, and how far it is from the pawns.
    fn king_surroundings(&mut self, color: Color) {
        let s = side(color);
        let info = &self.info;
        let defenders = info.pieces[s][PAWN] | info.pieces[s][KNIGHT] | info.pieces[s][BISHOP];
        let defenders = count(defenders & info.king_zone[s]).min(MAX_KING_DEFENDERS);
        let pawns = info.pieces[0][PAWN] | info.pieces[1][PAWN];
        let pawn_files = files_of(pawns);
        let king_file = info.kings[s].to_usize() % 8;
        self.add(color, KING_DEFENDERS + defenders as usize, 1);
        if pawn_files != 0 {
            let distance = FILE_DISTANCE[pawn_files as usize][king_file];
            self.add(color, KING_PAWN_FILE_DISTANCE + distance as usize, 1);
        }
    }

    fn shelter(&mut self, color: Color) {
        let (s, them) = (side(color), side(!color));
        let king = self.info.kings[s];
        let not_behind = ranks_ahead_of(color, king) | rank_mask(king.to_usize() / 8);
        let ours = self.info.pieces[s][PAWN] & not_behind;
        let theirs = self.info.pieces[them][PAWN] & not_behind;
        let centre = (king.to_usize() % 8).clamp(1, 6);
        for file in centre - 1..=centre + 1 {
            let edge_distance = file.min(7 - file);
            let rearmost =
                |pawns: u64| squares(pawns & file_mask(file)).map(|sq| relative_rank(color, sq)).min().unwrap_or(0);
            let (our_rank, their_rank) = (rearmost(ours), rearmost(theirs));
            self.add(color, KING_SHELTER + 8 * edge_distance + our_rank, 1);
            if our_rank != 0 && our_rank + 1 == their_rank {
                self.add(color, KING_STORM_BLOCKED + their_rank, 1);
            } else {
                self.add(color, KING_STORM + 8 * edge_distance + their_rank, 1);
            }
        }
    }

    /// `color`'s attack on the enemy king, counted only with two attackers (one with a queen).
    fn attack_on_king(&mut self, color: Color) {
        let (s, them) = (side(color), side(!color));
        let info = &self.info;
        let has_queen = info.pieces[s][QUEEN] != 0;
        let attackers: i32 = info.zone_attackers[s].iter().sum();
        if attackers <= 1 - i32::from(has_queen) {
            return;
        }
        let king = info.kings[them];
        let weak = info.attacked[s]
            & !info.attacked_twice[them]
            & (!info.attacked[them] | info.attacked_by[them][KING] | info.attacked_by[them][QUEEN]);
        let safe = !info.colors[s] & (!info.attacked[them] | (weak & info.attacked_twice[s]));
        let occupied = Bitboard(info.occupied);
        let diagonal = bishop_attacks(king, occupied).0;
        let straight = rook_attacks(king, occupied).0;
        let checks = [
            knight_attacks(king).0 & info.attacked_by[s][KNIGHT],
            diagonal & info.attacked_by[s][BISHOP],
            straight & info.attacked_by[s][ROOK],
            (diagonal | straight) & info.attacked_by[s][QUEEN],
        ];
        let zone_weak = count(weak & info.king_zone[them]);
        let zone_attackers = info.zone_attackers[s];
        let zone_attacks = info.zone_attacks[s];
        for (i, r) in [KNIGHT, BISHOP, ROOK, QUEEN].into_iter().enumerate() {
            self.add(color, SAFETY_ATTACKER + i, zone_attackers[r]);
            self.add(color, SAFETY_SAFE_CHECK + i, count(checks[i] & safe));
        }
        self.add(color, SAFETY_ZONE_ATTACKS, zone_attacks);
        self.add(color, SAFETY_WEAK_SQUARES, zone_weak);
        if !has_queen {
            self.add(color, SAFETY_NO_QUEEN, 1);
        }
        self.add(color, SAFETY_BASE, 1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_distance_is_to_the_nearest_file_of_the_set() {
        assert_eq!(FILE_DISTANCE[0b0000_0001][0], 0);
        assert_eq!(FILE_DISTANCE[0b0000_0001][7], 7);
        assert_eq!(FILE_DISTANCE[0b1000_0001][4], 3);
        assert_eq!(FILE_DISTANCE[0b0010_0100][4], 1);
        assert_eq!(FILE_DISTANCE[0b1111_1111][3], 0);
    }
}
