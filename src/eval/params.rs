//! Every evaluation weight, in one table that `tuning/` rewrites.
//!
//! Each weight is a pair `S(middlegame, endgame)` in centipawns; the evaluation blends
//! the two by game phase. Piece-square tables are written as a board is read from White's
//! side (rank 8 first); black pieces use the vertically mirrored square.

/// A middlegame/endgame weight pair.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct S(pub i32, pub i32);

impl std::ops::Add for S {
    type Output = S;
    fn add(self, o: S) -> S {
        S(self.0 + o.0, self.1 + o.1)
    }
}

impl std::ops::AddAssign for S {
    fn add_assign(&mut self, o: S) {
        *self = *self + o;
    }
}

impl std::ops::Sub for S {
    type Output = S;
    fn sub(self, o: S) -> S {
        S(self.0 - o.0, self.1 - o.1)
    }
}

impl std::ops::SubAssign for S {
    fn sub_assign(&mut self, o: S) {
        *self = *self - o;
    }
}

impl std::ops::Mul<i32> for S {
    type Output = S;
    fn mul(self, k: i32) -> S {
        S(self.0 * k, self.1 * k)
    }
}

/// All evaluation weights. Arrays indexed by role run pawn, knight, bishop, rook, queen, king.
#[derive(Clone, Debug)]
pub struct EvalParams {
    pub piece_value: [S; 6],
    pub psqt: [[S; 64]; 6],
    pub knight_mobility: [S; 9],
    pub bishop_mobility: [S; 14],
    pub rook_mobility: [S; 15],
    pub queen_mobility: [S; 28],
    /// Indexed by the pawn's rank counted from its own side (0 = first rank).
    pub passed_pawn: [S; 8],
    pub doubled_pawn: S,
    pub isolated_pawn: S,
    pub bishop_pair: S,
    pub rook_open_file: S,
    pub rook_semi_open_file: S,
    /// Per own pawn on the three files around the king, one or two ranks ahead.
    pub king_shield: S,
    /// Per square of the king zone attacked, by the attacking role.
    pub king_zone_attack: [S; 6],
    /// Percentage applied to the king-zone penalty, by number of attacking pieces.
    pub king_attackers_scale: [i32; 8],
    pub tempo: S,
    /// Bonus for driving a lone king to the edge and approaching it (endgame only).
    pub mop_up_edge: i32,
    pub mop_up_distance: i32,
}

// BEGIN PARAMS (tuning/texel.rs rewrites this block)
#[rustfmt::skip]
pub const PARAMS: EvalParams = EvalParams {
    piece_value: [S(80, 100), S(330, 320), S(340, 335), S(460, 540), S(960, 1000), S(0, 0)],
    psqt: [
        // pawn
        [
            S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
            S(20, 50), S(20, 50), S(20, 50), S(20, 50), S(20, 50), S(20, 50), S(20, 50), S(20, 50),
            S(16, 34), S(16, 34), S(16, 34), S(16, 34), S(16, 34), S(16, 34), S(16, 34), S(16, 34),
            S(12, 20), S(12, 20), S(16, 20), S(20, 20), S(20, 20), S(16, 20), S(12, 20), S(12, 20),
            S(8, 10), S(8, 10), S(12, 10), S(16, 10), S(16, 10), S(12, 10), S(8, 10), S(8, 10),
            S(4, 3), S(4, 3), S(4, 3), S(4, 3), S(4, 3), S(4, 3), S(4, 3), S(4, 3),
            S(0, 0), S(0, 0), S(0, 0), S(-6, 0), S(-6, 0), S(0, 0), S(0, 0), S(0, 0),
            S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
        ],
        // knight
        [
            S(-20, -16), S(-20, -16), S(-20, -16), S(-20, -16), S(-20, -16), S(-20, -16), S(-20, -16), S(-20, -16),
            S(-20, -16), S(-10, -8), S(-10, -8), S(-10, -8), S(-10, -8), S(-10, -8), S(-10, -8), S(-20, -16),
            S(-14, -16), S(-4, -8), S(6, 0), S(6, 0), S(6, 0), S(6, 0), S(-4, -8), S(-14, -16),
            S(-14, -16), S(-4, -8), S(6, 0), S(16, 8), S(16, 8), S(6, 0), S(-4, -8), S(-14, -16),
            S(-20, -16), S(-10, -8), S(0, 0), S(10, 8), S(10, 8), S(0, 0), S(-10, -8), S(-20, -16),
            S(-20, -16), S(-10, -8), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(-10, -8), S(-20, -16),
            S(-20, -16), S(-10, -8), S(-10, -8), S(-10, -8), S(-10, -8), S(-10, -8), S(-10, -8), S(-20, -16),
            S(-30, -16), S(-30, -16), S(-30, -16), S(-30, -16), S(-30, -16), S(-30, -16), S(-30, -16), S(-30, -16),
        ],
        // bishop
        [
            S(0, -8), S(-6, -8), S(-6, -8), S(-6, -8), S(-6, -8), S(-6, -8), S(-6, -8), S(0, -8),
            S(-6, -8), S(5, -4), S(-1, -4), S(-1, -4), S(-1, -4), S(-1, -4), S(5, -4), S(-6, -8),
            S(-6, -8), S(-1, -4), S(10, 0), S(4, 0), S(4, 0), S(10, 0), S(-1, -4), S(-6, -8),
            S(-6, -8), S(-1, -4), S(4, 0), S(15, 4), S(15, 4), S(4, 0), S(-1, -4), S(-6, -8),
            S(-6, -8), S(-1, -4), S(4, 0), S(15, 4), S(15, 4), S(4, 0), S(-1, -4), S(-6, -8),
            S(-6, -8), S(-1, -4), S(10, 0), S(4, 0), S(4, 0), S(10, 0), S(-1, -4), S(-6, -8),
            S(-6, -8), S(5, -4), S(-1, -4), S(-1, -4), S(-1, -4), S(-1, -4), S(5, -4), S(-6, -8),
            S(-8, -8), S(-14, -8), S(-14, -8), S(-14, -8), S(-14, -8), S(-14, -8), S(-14, -8), S(-8, -8),
        ],
        // rook
        [
            S(-4, 0), S(0, 0), S(0, 0), S(4, 0), S(4, 0), S(0, 0), S(0, 0), S(-4, 0),
            S(8, 6), S(12, 6), S(12, 6), S(16, 6), S(16, 6), S(12, 6), S(12, 6), S(8, 6),
            S(-4, 0), S(0, 0), S(0, 0), S(4, 0), S(4, 0), S(0, 0), S(0, 0), S(-4, 0),
            S(-4, 0), S(0, 0), S(0, 0), S(4, 0), S(4, 0), S(0, 0), S(0, 0), S(-4, 0),
            S(-4, 0), S(0, 0), S(0, 0), S(4, 0), S(4, 0), S(0, 0), S(0, 0), S(-4, 0),
            S(-4, 0), S(0, 0), S(0, 0), S(4, 0), S(4, 0), S(0, 0), S(0, 0), S(-4, 0),
            S(-4, 0), S(0, 0), S(0, 0), S(4, 0), S(4, 0), S(0, 0), S(0, 0), S(-4, 0),
            S(-4, 0), S(0, 0), S(0, 0), S(4, 0), S(4, 0), S(0, 0), S(0, 0), S(-4, 0),
        ],
        // queen
        [
            S(-10, -10), S(-10, -10), S(-10, -10), S(-10, -10), S(-10, -10), S(-10, -10), S(-10, -10), S(-10, -10),
            S(-10, -10), S(-7, -4), S(-7, -4), S(-7, -4), S(-7, -4), S(-7, -4), S(-7, -4), S(-10, -10),
            S(-4, -10), S(-1, -4), S(2, 2), S(2, 2), S(2, 2), S(2, 2), S(-1, -4), S(-4, -10),
            S(-4, -10), S(-1, -4), S(2, 2), S(5, 8), S(5, 8), S(2, 2), S(-1, -4), S(-4, -10),
            S(-4, -10), S(-1, -4), S(2, 2), S(5, 8), S(5, 8), S(2, 2), S(-1, -4), S(-4, -10),
            S(-4, -10), S(-1, -4), S(2, 2), S(2, 2), S(2, 2), S(2, 2), S(-1, -4), S(-4, -10),
            S(-4, -10), S(-1, -4), S(-1, -4), S(-1, -4), S(-1, -4), S(-1, -4), S(-1, -4), S(-4, -10),
            S(-4, -10), S(-4, -10), S(-4, -10), S(-4, -10), S(-4, -10), S(-4, -10), S(-4, -10), S(-4, -10),
        ],
        // king
        [
            S(-116, -24), S(-106, -24), S(-131, -24), S(-141, -24), S(-141, -24), S(-131, -24), S(-106, -24), S(-116, -24),
            S(-98, -24), S(-88, -12), S(-113, -12), S(-123, -12), S(-123, -12), S(-113, -12), S(-88, -12), S(-98, -24),
            S(-80, -24), S(-70, -12), S(-95, 0), S(-105, 0), S(-105, 0), S(-95, 0), S(-70, -12), S(-80, -24),
            S(-62, -24), S(-52, -12), S(-77, 0), S(-87, 12), S(-87, 12), S(-77, 0), S(-52, -12), S(-62, -24),
            S(-44, -24), S(-34, -12), S(-59, 0), S(-69, 12), S(-69, 12), S(-59, 0), S(-34, -12), S(-44, -24),
            S(-26, -24), S(-16, -12), S(-41, 0), S(-51, 0), S(-51, 0), S(-41, 0), S(-16, -12), S(-26, -24),
            S(-8, -24), S(2, -12), S(-23, -12), S(-33, -12), S(-33, -12), S(-23, -12), S(2, -12), S(-8, -24),
            S(20, -24), S(30, -24), S(5, -24), S(-5, -24), S(-5, -24), S(5, -24), S(30, -24), S(20, -24),
        ],
    ],
    knight_mobility: [
        S(-16, -16), S(-12, -12), S(-8, -8), S(-4, -4), S(0, 0), S(4, 4), S(8, 8), S(12, 12),
        S(16, 16),
    ],
    bishop_mobility: [
        S(-24, -30), S(-20, -25), S(-16, -20), S(-12, -15), S(-8, -10), S(-4, -5), S(0, 0), S(4, 5),
        S(8, 10), S(12, 15), S(16, 20), S(20, 25), S(24, 30), S(28, 35),
    ],
    rook_mobility: [
        S(-12, -24), S(-10, -20), S(-8, -16), S(-6, -12), S(-4, -8), S(-2, -4), S(0, 0), S(2, 4),
        S(4, 8), S(6, 12), S(8, 16), S(10, 20), S(12, 24), S(14, 28), S(16, 32),
    ],
    queen_mobility: [
        S(-12, -24), S(-11, -22), S(-10, -20), S(-9, -18), S(-8, -16), S(-7, -14), S(-6, -12), S(-5, -10),
        S(-4, -8), S(-3, -6), S(-2, -4), S(-1, -2), S(0, 0), S(1, 2), S(2, 4), S(3, 6),
        S(4, 8), S(5, 10), S(6, 12), S(7, 14), S(8, 16), S(9, 18), S(10, 20), S(11, 22),
        S(12, 24), S(13, 26), S(14, 28), S(15, 30),
    ],
    passed_pawn: [
        S(0, 0), S(2, 5), S(4, 10), S(10, 20), S(20, 40), S(35, 70), S(60, 110), S(0, 0),
    ],
    doubled_pawn: S(-10, -20),
    isolated_pawn: S(-10, -12),
    bishop_pair: S(30, 50),
    rook_open_file: S(25, 10),
    rook_semi_open_file: S(12, 6),
    king_shield: S(12, 0),
    king_zone_attack: [S(0, 0), S(8, 0), S(8, 0), S(10, 0), S(14, 0), S(0, 0)],
    king_attackers_scale: [0, 25, 60, 85, 100, 110, 120, 125],
    tempo: S(12, 6),
    mop_up_edge: 10,
    mop_up_distance: 4,
};
// END PARAMS
