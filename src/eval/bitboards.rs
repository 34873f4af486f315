//! Square sets the evaluation asks about, as plain `u64` masks (bit 0 = a1, bit 63 = h8).
//! "Ahead" is toward the other side's back rank for the colour asked about.

use shakmaty::{Bitboard, Color, Square};

pub const FILE_A: u64 = 0x0101_0101_0101_0101;
pub const RANK_1: u64 = 0xff;
const NOT_FILE_A: u64 = !FILE_A;
const NOT_FILE_H: u64 = !(FILE_A << 7);
const LIGHT_SQUARES: u64 = 0x55aa_55aa_55aa_55aa;
/// d4, e4, d5, e5.
pub const CENTRE: u64 = 0x0000_0018_1800_0000;
/// Files c to f.
pub const CENTRE_FILES: u64 = 0x3c3c_3c3c_3c3c_3c3c;
/// Files a to d.
pub const QUEEN_SIDE: u64 = 0x0f0f_0f0f_0f0f_0f0f;
/// Files e to h.
pub const KING_SIDE: u64 = !QUEEN_SIDE;
/// The two long diagonals.
pub const LONG_DIAGONALS: u64 = 0x8142_2418_1824_4281;

pub const fn file_mask(file: usize) -> u64 {
    FILE_A << file
}

/// The files with at least one square of `squares`, as bits 0 (file a) to 7 (file h).
pub const fn files_of(squares: u64) -> u8 {
    let mut folded = squares;
    folded |= folded >> 32;
    folded |= folded >> 16;
    folded |= folded >> 8;
    folded as u8
}

pub const fn rank_mask(rank: usize) -> u64 {
    RANK_1 << (8 * rank)
}

pub const fn adjacent_files(file: usize) -> u64 {
    let left = if file > 0 { file_mask(file - 1) } else { 0 };
    let right = if file < 7 { file_mask(file + 1) } else { 0 };
    left | right
}

/// Ranks strictly ahead of `rank` for the side with index `side` (1 = White, 0 = Black).
const fn ranks_ahead(side: usize, rank: usize) -> u64 {
    if side == 1 {
        if rank == 7 { 0 } else { !0u64 << ((rank + 1) * 8) }
    } else if rank == 0 {
        0
    } else {
        !0u64 >> ((8 - rank) * 8)
    }
}

/// Per side and square: (ranks ahead, file ahead, adjacent files ahead).
static AHEAD: [[(u64, u64, u64); 64]; 2] = {
    let mut t = [[(0, 0, 0); 64]; 2];
    let mut side = 0;
    while side < 2 {
        let mut sq = 0;
        while sq < 64 {
            let ahead = ranks_ahead(side, sq / 8);
            t[side][sq] = (ahead, ahead & file_mask(sq % 8), ahead & adjacent_files(sq % 8));
            sq += 1;
        }
        side += 1;
    }
    t
};

/// Every square on ranks strictly ahead of `sq`.
pub fn ranks_ahead_of(color: Color, sq: Square) -> u64 {
    AHEAD[color as usize][sq.to_usize()].0
}

/// The squares ahead of `sq` on its own file: the path of a pawn standing there.
pub fn file_ahead(color: Color, sq: Square) -> u64 {
    AHEAD[color as usize][sq.to_usize()].1
}

/// The squares ahead of `sq` on the adjacent files: where pawns that could attack its path stand.
pub fn adjacent_ahead(color: Color, sq: Square) -> u64 {
    AHEAD[color as usize][sq.to_usize()].2
}

/// Where enemy pawns would stop a pawn on `sq` from being passed.
pub fn passed_span(color: Color, sq: Square) -> u64 {
    file_ahead(color, sq) | adjacent_ahead(color, sq)
}

/// Squares attacked by pawns of `color` standing on `pawns`.
pub fn pawn_attacks(color: Color, pawns: u64) -> u64 {
    match color {
        Color::White => ((pawns & NOT_FILE_A) << 7) | ((pawns & NOT_FILE_H) << 9),
        Color::Black => ((pawns & NOT_FILE_A) >> 9) | ((pawns & NOT_FILE_H) >> 7),
    }
}

/// Squares attacked by two pawns of `color` at once.
pub fn pawn_double_attacks(color: Color, pawns: u64) -> u64 {
    match color {
        Color::White => ((pawns & NOT_FILE_A) << 7) & ((pawns & NOT_FILE_H) << 9),
        Color::Black => ((pawns & NOT_FILE_A) >> 9) & ((pawns & NOT_FILE_H) >> 7),
    }
}

/// `squares` moved one rank ahead for `color`.
pub fn forward(color: Color, squares: u64) -> u64 {
    match color {
        Color::White => squares << 8,
        Color::Black => squares >> 8,
    }
}

/// `squares` moved one rank back for `color`.
pub fn backward(color: Color, squares: u64) -> u64 {
    forward(!color, squares)
}

/// Rank of `sq` counted from `color`'s own back rank (0 to 7).
pub fn relative_rank(color: Color, sq: Square) -> usize {
    match color {
        Color::White => sq.to_usize() / 8,
        Color::Black => 7 - sq.to_usize() / 8,
    }
}

/// The relative rank `rank` of `color` as a mask.
pub fn relative_rank_mask(color: Color, rank: usize) -> u64 {
    match color {
        Color::White => rank_mask(rank),
        Color::Black => rank_mask(7 - rank),
    }
}

/// Squares of the same colour as `sq`.
pub fn same_colour_squares(sq: Square) -> u64 {
    if LIGHT_SQUARES & (1 << sq.to_usize()) != 0 { LIGHT_SQUARES } else { !LIGHT_SQUARES }
}

pub fn count(squares: u64) -> i32 {
    squares.count_ones() as i32
}

pub fn squares(bb: u64) -> impl Iterator<Item = Square> {
    Bitboard(bb).into_iter()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_point_toward_the_other_side() {
        assert_eq!(file_ahead(Color::White, Square::E2), 0x1010_1010_1010_0000);
        assert_eq!(file_ahead(Color::Black, Square::E7), 0x0000_1010_1010_1010);
        assert_eq!(adjacent_ahead(Color::White, Square::A6), 0x0202_0000_0000_0000);
        assert_eq!(pawn_attacks(Color::White, 1 << Square::A2.to_usize()), 1 << Square::B3.to_usize());
        assert_eq!(pawn_attacks(Color::Black, 1 << Square::H7.to_usize()), 1 << Square::G6.to_usize());
        assert_eq!(relative_rank(Color::Black, Square::E7), 1);
        assert_eq!(count(CENTRE), 4);
        assert_eq!(count(LONG_DIAGONALS), 16);
    }
}
