//! Every evaluation weight, in one table that `tuning/tune.rs` rewrites.
//!
//! Each term is declared once, in `terms!` below: its name is the index of its first weight
//! in [`PARAMS`] and its length how many weights it has. The evaluation adds a weight with
//! the number of times it applies, the tracer records that number for the tuner, and the
//! writer prints the table from the same list, so a new term is written here and where the
//! evaluation uses it, nowhere else.
//!
//! Each weight is a pair `S(middlegame, endgame)` in centipawns, blended by game phase.
//! Piece-square tables are laid out as a board is read from White's side (rank 8 first);
//! Black uses the vertically mirrored square. Terms from `SAFETY_ATTACKER` on are king
//! safety: they add up to one attack score per side, which then goes through a curve.

use std::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

/// A middlegame/endgame weight pair.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct S(pub i32, pub i32);

impl Add for S {
    type Output = S;
    fn add(self, o: S) -> S {
        S(self.0 + o.0, self.1 + o.1)
    }
}

impl AddAssign for S {
    fn add_assign(&mut self, o: S) {
        *self = *self + o;
    }
}

impl Sub for S {
    type Output = S;
    fn sub(self, o: S) -> S {
        S(self.0 - o.0, self.1 - o.1)
    }
}

impl SubAssign for S {
    fn sub_assign(&mut self, o: S) {
        *self = *self - o;
    }
}

impl Neg for S {
    type Output = S;
    fn neg(self) -> S {
        S(-self.0, -self.1)
    }
}

impl Mul<i32> for S {
    type Output = S;
    fn mul(self, k: i32) -> S {
        S(self.0 * k, self.1 * k)
    }
}

/// Declares the terms: a `usize` constant per term (its first index), `TERMS` (name, first
/// index, length) and `NUM_TERMS`.
macro_rules! terms {
    ($($(#[$doc:meta])* $name:ident: $len:expr,)*) => {
        terms!(@offsets 0usize; $($(#[$doc])* $name: $len,)*);
        /// Every term: its name, first index and length, in table order.
        pub const TERMS: &[(&str, usize, usize)] = &[$((stringify!($name), $name, $len)),*];
        pub const NUM_TERMS: usize = 0 $(+ $len)*;
    };
    (@offsets $offset:expr; $(#[$doc:meta])* $name:ident: $len:expr, $($rest:tt)*) => {
        $(#[$doc])*
        pub const $name: usize = $offset;
        terms!(@offsets $offset + $len; $($rest)*);
    };
    (@offsets $offset:expr;) => {};
}

terms! {
    /// Material by role: pawn, knight, bishop, rook, queen.
    MATERIAL: 5,
    PSQT_PAWN: 64,
    PSQT_KNIGHT: 64,
    PSQT_BISHOP: 64,
    PSQT_ROOK: 64,
    PSQT_QUEEN: 64,
    PSQT_KING: 64,
    /// By the number of squares of the mobility area the piece attacks.
    KNIGHT_MOBILITY: 9,
    BISHOP_MOBILITY: 14,
    ROOK_MOBILITY: 15,
    QUEEN_MOBILITY: 28,
    /// No pawn of ours on an adjacent file.
    PAWN_ISOLATED: 1,
    /// A pawn of ours ahead on the same file (counted for the rear pawn).
    PAWN_DOUBLED: 1,
    /// No pawn of ours beside or behind it on an adjacent file, and its stop square is
    /// attacked by an enemy pawn; [no enemy pawn ahead on its file].
    PAWN_BACKWARD: 2,
    /// Defended by a pawn of ours, by relative rank.
    PAWN_SUPPORTED: 8,
    /// A pawn of ours beside it on the same rank, by relative rank.
    PAWN_PHALANX: 8,
    /// No enemy pawn ahead on its own or the adjacent files, by relative rank.
    PASSED_PAWN: 8,
    /// Not passed, its file ahead free of enemy pawns and at least as many helpers as
    /// sentries on the adjacent files, by relative rank.
    PASSED_CANDIDATE: 8,
    /// A passed pawn whose stop square is empty, by relative rank.
    PASSED_UNBLOCKED: 8,
    /// A passed pawn whose path is free of enemy pieces and attacks, by relative rank.
    PASSED_FREE_PATH: 8,
    /// Per square of distance from our king to the passed pawn's stop square, by its rank.
    PASSED_OWN_KING_DISTANCE: 8,
    /// Per square of distance from the enemy king to the stop square, by its rank.
    PASSED_ENEMY_KING_DISTANCE: 8,
    /// On relative ranks 4 to 6, out of reach of enemy pawns; [defended by a pawn of ours].
    KNIGHT_OUTPOST: 2,
    BISHOP_OUTPOST: 2,
    /// A knight or bishop with a pawn (of either side) right in front.
    MINOR_BEHIND_PAWN: 1,
    BISHOP_PAIR: 1,
    /// Per pawn of ours on the bishop's colour, blocked by an enemy pawn.
    BISHOP_RAMMED_PAWNS: 1,
    /// A bishop on a long diagonal that sees both centre squares on it.
    BISHOP_LONG_DIAGONAL: 1,
    ROOK_OPEN_FILE: 1,
    ROOK_SEMI_OPEN_FILE: 1,
    /// On the relative seventh rank, with enemy pawns there or their king on the eighth.
    ROOK_ON_SEVENTH: 1,
    /// Enemy pieces attacked by our pawns, by the victim's role (pawn .. queen).
    THREAT_BY_PAWN: 5,
    /// Enemy pieces, and pawns not strongly protected, attacked by our minors, by victim.
    THREAT_BY_MINOR: 5,
    /// Enemy queens, and pieces not strongly protected, attacked by our rooks, by victim.
    THREAT_BY_ROOK: 5,
    /// Enemy pieces not strongly protected attacked by our king.
    THREAT_BY_KING: 1,
    /// Enemy pieces attacked by us and not defended, or pieces we attack twice.
    HANGING: 1,
    /// Enemy pieces a safe push of one of our pawns would attack.
    THREAT_PAWN_PUSH: 1,
    /// Our pawn shelter: [file's distance from the edge (0..3)][relative rank of our
    /// rearmost pawn on it not behind the king, 0 if none], over the king's three files.
    KING_SHELTER: 32,
    /// Enemy pawn storm: [file's distance from the edge][relative rank of their pawn].
    KING_STORM: 32,
    /// Enemy pawn storm blocked by our pawn right in front of it: [its relative rank].
    KING_STORM_BLOCKED: 8,
    /// Safe squares behind our pawns in the centre files.
    SPACE: 1,
    /// For the side to move.
    TEMPO: 1,
    /// Our pieces attacking the enemy king zone, by role: knight, bishop, rook, queen.
    SAFETY_ATTACKER: 4,
    /// Attacks of our pieces on squares of the enemy king zone.
    SAFETY_ZONE_ATTACKS: 1,
    /// King-zone squares we attack that the enemy defends at most with king or queen.
    SAFETY_WEAK_SQUARES: 1,
    /// Safe checking squares our pieces reach: knight, bishop, rook, queen.
    SAFETY_SAFE_CHECK: 4,
    /// We have no queen.
    SAFETY_NO_QUEEN: 1,
    /// Always 1: the curve's offset.
    SAFETY_BASE: 1,
}

/// Terms from here on are king safety (see the module comment).
pub const SAFETY_START: usize = SAFETY_ATTACKER;

/// The first weight of the piece-square table of role index `r` (pawn 0 .. king 5).
pub const fn psqt(r: usize) -> usize {
    PSQT_PAWN + 64 * r
}

// BEGIN PARAMS (tuning/tune.rs rewrites this block)
#[rustfmt::skip]
pub const PARAMS: [S; NUM_TERMS] = [
    // MATERIAL
    S(49, 101), S(287, 361), S(298, 377), S(372, 634), S(880, 1145),
    // PSQT_PAWN
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(57, 4), S(25, 25), S(6, 27), S(77, 43), S(-7, 85), S(57, 40), S(-150, 100), S(126, 16),
    S(-12, 68), S(-10, 37), S(-2, 34), S(33, 33), S(69, -12), S(80, 21), S(44, 59), S(56, 51),
    S(4, 39), S(-2, 13), S(4, 9), S(17, -25), S(15, -21), S(5, 14), S(-11, 15), S(2, 21),
    S(-13, 22), S(-5, 8), S(-3, 9), S(14, -11), S(21, -18), S(8, -4), S(3, 15), S(-1, 3),
    S(-6, 24), S(-18, 11), S(-2, 11), S(6, -4), S(-1, 10), S(-7, 18), S(6, 0), S(-11, 23),
    S(0, 12), S(-3, 19), S(-3, 24), S(9, 16), S(-18, 29), S(-12, 26), S(22, 4), S(9, 3),
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    // PSQT_KNIGHT
    S(-100, -39), S(-186, -25), S(-34, 21), S(19, -5), S(144, 30), S(-64, 43), S(-217, -19), S(-132, -83),
    S(-7, -42), S(-23, 17), S(2, 21), S(0, 18), S(-8, 1), S(-80, 12), S(-79, -11), S(-60, 1),
    S(-41, -2), S(-55, 33), S(-22, 42), S(-9, 14), S(16, 24), S(89, -17), S(-15, -16), S(-65, 23),
    S(-10, 3), S(-6, 33), S(2, 7), S(24, 24), S(-5, 48), S(-11, 38), S(-10, 3), S(60, -57),
    S(-7, -23), S(1, 1), S(4, 17), S(-6, 31), S(7, 32), S(9, -5), S(-8, 11), S(10, -21),
    S(-35, -28), S(-30, 28), S(-11, 11), S(-21, 39), S(-8, 29), S(-13, 14), S(-9, -12), S(-30, -21),
    S(-48, -51), S(-52, 30), S(-11, -45), S(-29, 2), S(-11, 0), S(-14, 3), S(7, -20), S(-31, 5),
    S(-61, -59), S(-31, -27), S(6, -11), S(-42, 2), S(-19, 14), S(-16, -9), S(-26, 8), S(33, -92),
    // PSQT_BISHOP
    S(-59, 66), S(-51, 15), S(-6, 13), S(-1, -23), S(-45, 16), S(-151, 26), S(-8, 33), S(28, -55),
    S(-23, -47), S(-46, 37), S(-5, -2), S(17, -16), S(-40, 25), S(-30, 53), S(-74, 35), S(14, -78),
    S(-12, 10), S(-11, 20), S(-20, 20), S(4, 6), S(-15, 5), S(64, -20), S(-12, -2), S(-12, 20),
    S(-11, 33), S(3, 22), S(-8, 4), S(-6, 22), S(30, 21), S(34, 14), S(1, 14), S(26, 13),
    S(0, -27), S(-5, 8), S(-5, 37), S(1, 27), S(-2, 21), S(9, 25), S(3, 6), S(-8, 2),
    S(-22, -27), S(8, -7), S(-20, 7), S(-10, 15), S(-2, 19), S(-8, 5), S(8, -14), S(3, -4),
    S(-12, -3), S(-6, -7), S(19, -23), S(-18, 9), S(-14, 7), S(-1, 32), S(5, 2), S(11, -21),
    S(-34, -2), S(-21, 4), S(-17, 2), S(0, -7), S(-44, 43), S(-19, 5), S(-26, -11), S(0, -23),
    // PSQT_ROOK
    S(7, -1), S(18, 6), S(10, 44), S(-8, 21), S(18, 13), S(49, 8), S(34, -11), S(187, -32),
    S(-8, 15), S(-44, 14), S(22, 6), S(-57, 32), S(34, -5), S(-17, 14), S(8, 17), S(33, 10),
    S(-5, 12), S(3, 16), S(-12, 25), S(38, 12), S(15, 4), S(-15, 18), S(-66, 51), S(-5, 31),
    S(-11, 30), S(-45, 40), S(-8, 24), S(7, 24), S(33, 15), S(-12, 13), S(17, 21), S(14, 25),
    S(-21, 20), S(-12, 15), S(-39, 46), S(-39, 35), S(-34, 41), S(-16, 20), S(13, 5), S(-11, 14),
    S(-32, 6), S(-31, 41), S(-3, 27), S(-6, 2), S(-5, 12), S(-3, -3), S(26, 2), S(16, -28),
    S(-18, 5), S(-16, 22), S(5, 3), S(-3, 11), S(18, -8), S(9, -12), S(19, -2), S(0, -23),
    S(-10, 6), S(-11, 9), S(-7, 15), S(-2, 10), S(8, -9), S(-5, 11), S(-10, 5), S(-7, -7),
    // PSQT_QUEEN
    S(9, 30), S(23, -13), S(10, -14), S(65, -68), S(99, -78), S(71, -29), S(-73, 46), S(-16, 15),
    S(-42, 26), S(-48, 77), S(-12, -21), S(-13, -7), S(-28, 64), S(16, 61), S(-50, 49), S(-55, 131),
    S(3, 15), S(10, 11), S(25, 39), S(-2, 41), S(10, 71), S(-3, 96), S(32, 53), S(-17, 59),
    S(-4, -2), S(-10, 4), S(-4, 66), S(3, 50), S(-11, 67), S(23, 37), S(20, 49), S(17, 21),
    S(-20, 35), S(-7, -21), S(-21, 61), S(-11, 21), S(3, 79), S(-26, 95), S(11, 30), S(29, -5),
    S(-43, 33), S(-2, -8), S(-14, 35), S(-13, 20), S(-10, 48), S(-16, 56), S(12, 9), S(-25, 82),
    S(21, -121), S(-15, -25), S(-10, -18), S(-3, -63), S(-1, -9), S(20, -42), S(38, -74), S(36, -59),
    S(6, -61), S(-4, -78), S(-11, -41), S(-15, 5), S(10, -60), S(-41, -22), S(-119, 20), S(-45, -72),
    // PSQT_KING
    S(-262, -134), S(-12, 12), S(-41, -81), S(-369, 9), S(-137, 61), S(-54, 43), S(243, 26), S(353, -193),
    S(-84, 13), S(-207, 34), S(-68, 7), S(225, -54), S(-158, 97), S(-22, 13), S(210, -9), S(259, -39),
    S(-189, -6), S(6, 3), S(-107, 16), S(-139, 48), S(-58, 30), S(7, 41), S(124, 11), S(-166, 102),
    S(-102, -28), S(41, -30), S(-94, 8), S(54, 4), S(83, 8), S(-44, 14), S(-128, 41), S(-143, 8),
    S(-67, -28), S(-54, -10), S(19, -16), S(-51, 10), S(-46, 24), S(15, -13), S(-20, -24), S(-38, -33),
    S(43, -70), S(46, -37), S(56, -22), S(-50, -4), S(-72, 0), S(-21, -20), S(34, -33), S(-100, -3),
    S(-50, -32), S(13, -25), S(-29, -20), S(-78, 0), S(-48, -19), S(-46, -16), S(-4, -15), S(7, -42),
    S(-57, -9), S(2, -29), S(-18, -46), S(-68, -27), S(-35, -46), S(-30, -21), S(14, -36), S(11, -54),
    // KNIGHT_MOBILITY
    S(-69, 13), S(-49, 9), S(-20, 9), S(-19, 18), S(-8, 11), S(-7, 17), S(2, 20), S(2, 25),
    S(2, 24),
    // BISHOP_MOBILITY
    S(-91, -19), S(-25, -33), S(-19, -10), S(-16, 7), S(-11, 22), S(-5, 22), S(-4, 17), S(-1, 35),
    S(-3, 26), S(3, 30), S(-4, 40), S(11, 36), S(-7, 33), S(9, 45),
    // ROOK_MOBILITY
    S(-57, -103), S(-31, -49), S(-8, -18), S(-11, -5), S(-13, 8), S(-9, 18), S(-4, 19), S(-5, 29),
    S(2, 35), S(2, 38), S(-3, 52), S(4, 48), S(24, 44), S(15, 50), S(45, 46),
    // QUEEN_MOBILITY
    S(-12, -24), S(-125, 18), S(-102, 19), S(-33, 7), S(-19, -50), S(-18, -19), S(-13, 30), S(-6, 27),
    S(-3, 26), S(-2, 22), S(-3, 46), S(-1, 48), S(-4, 72), S(-5, 75), S(-8, 72), S(7, 58),
    S(9, 58), S(-5, 78), S(-7, 86), S(20, 60), S(41, 31), S(35, 66), S(47, -4), S(36, -1),
    S(171, -142), S(19, -28), S(74, -116), S(-80, -146),
    // PAWN_ISOLATED
    S(-7, -6),
    // PAWN_DOUBLED
    S(8, -20),
    // PAWN_BACKWARD
    S(-4, -13), S(-2, 9),
    // PAWN_SUPPORTED
    S(0, 0), S(0, 0), S(6, 6), S(6, 2), S(5, 18), S(-17, 43), S(-37, 132), S(0, 0),
    // PAWN_PHALANX
    S(0, 0), S(-2, 7), S(4, -3), S(6, 5), S(9, 14), S(32, 61), S(-3, 240), S(0, 0),
    // PASSED_PAWN
    S(0, 0), S(47, 8), S(19, 20), S(-16, 49), S(9, 54), S(16, 50), S(79, 91), S(0, 0),
    // PASSED_CANDIDATE
    S(0, 0), S(15, -24), S(3, 5), S(11, 14), S(11, 10), S(44, 31), S(0, 0), S(0, 0),
    // PASSED_UNBLOCKED
    S(0, 0), S(-18, 11), S(-11, -7), S(-18, 19), S(11, 20), S(-4, 22), S(81, 40), S(0, 0),
    // PASSED_FREE_PATH
    S(0, 0), S(-56, 32), S(-6, -4), S(-29, 11), S(-29, 26), S(-49, 57), S(-11, 69), S(0, 0),
    // PASSED_OWN_KING_DISTANCE
    S(0, 0), S(3, -7), S(5, 1), S(4, -14), S(7, -15), S(4, -11), S(-10, -10), S(0, 0),
    // PASSED_ENEMY_KING_DISTANCE
    S(0, 0), S(-5, 4), S(-4, -1), S(5, 7), S(-9, 17), S(2, 23), S(3, 26), S(0, 0),
    // KNIGHT_OUTPOST
    S(-5, -4), S(17, 3),
    // BISHOP_OUTPOST
    S(3, 4), S(13, 9),
    // MINOR_BEHIND_PAWN
    S(3, 4),
    // BISHOP_PAIR
    S(27, 44),
    // BISHOP_RAMMED_PAWNS
    S(-1, -9),
    // BISHOP_LONG_DIAGONAL
    S(7, 9),
    // ROOK_OPEN_FILE
    S(32, 3),
    // ROOK_SEMI_OPEN_FILE
    S(8, 9),
    // ROOK_ON_SEVENTH
    S(10, 12),
    // THREAT_BY_PAWN
    S(0, 0), S(43, 23), S(42, 53), S(54, -1), S(44, -41),
    // THREAT_BY_MINOR
    S(5, 13), S(18, 20), S(38, 23), S(40, 14), S(42, -8),
    // THREAT_BY_ROOK
    S(0, 18), S(9, 30), S(26, 23), S(14, -1), S(58, -3),
    // THREAT_BY_KING
    S(-17, 24),
    // HANGING
    S(12, 16),
    // THREAT_PAWN_PUSH
    S(13, 8),
    // KING_SHELTER
    S(-15, -4), S(-6, -13), S(-3, -3), S(-8, 6), S(-23, 14), S(-39, 28), S(-57, 47), S(0, 0),
    S(-33, 0), S(4, -9), S(7, -3), S(-19, 8), S(-22, 18), S(-7, 3), S(271, -54), S(0, 0),
    S(-38, 8), S(6, -4), S(-11, -3), S(-3, 1), S(4, -1), S(23, 24), S(61, 14), S(0, 0),
    S(-16, -8), S(20, -18), S(-7, 11), S(-6, -1), S(12, 8), S(-21, 17), S(135, 17), S(0, 0),
    // KING_STORM
    S(-21, -8), S(116, 57), S(40, -30), S(-34, 26), S(-9, -4), S(-23, 7), S(-4, -9), S(0, 0),
    S(-24, 15), S(-94, 80), S(22, 14), S(-23, 19), S(-17, 39), S(3, 9), S(-4, 20), S(0, 0),
    S(-15, -9), S(77, -49), S(53, -12), S(-8, -4), S(15, -17), S(-4, -13), S(-5, -17), S(0, 0),
    S(-13, 5), S(-35, 90), S(1, -4), S(6, -4), S(-2, 14), S(-7, 6), S(3, 21), S(0, 0),
    // KING_STORM_BLOCKED
    S(0, 0), S(0, 0), S(41, -43), S(1, 8), S(6, -18), S(1, -22), S(5, -83), S(0, 0),
    // SPACE
    S(-2, 6),
    // TEMPO
    S(13, 14),
    // SAFETY_ATTACKER
    S(2, 228), S(48, -9), S(37, 93), S(50, 22),
    // SAFETY_ZONE_ATTACKS
    S(20, -5),
    // SAFETY_WEAK_SQUARES
    S(19, -17),
    // SAFETY_SAFE_CHECK
    S(115, -53), S(69, -33), S(83, 180), S(45, 289),
    // SAFETY_NO_QUEEN
    S(-99, -164),
    // SAFETY_BASE
    S(-12, 15),
];
// END PARAMS
