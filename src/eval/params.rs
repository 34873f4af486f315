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
    /// By the distance from our king's file to the nearest file with a pawn of either side.
    KING_PAWN_FILE_DISTANCE: 8,
    /// Our pawns, knights and bishops in our king's zone, by their number (11 or more: 11).
    KING_DEFENDERS: 12,
    /// Per knight, by how closed the pawn structure is (0 open .. 8 closed).
    KNIGHT_CLOSEDNESS: 9,
    /// Per rook, by how closed the pawn structure is.
    ROOK_CLOSEDNESS: 9,
    /// How winnable the endgame score is (endgame weights only): passed pawns, pawns, pawns on
    /// both wings, pawns alone on the board, and a constant. Their sum moves the endgame
    /// score toward or away from zero, never past it.
    COMPLEXITY: COMPLEXITY_FEATURES,
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

/// The complexity term's features: passed pawns, pawns, pawns on both wings, a pawn
/// ending, and the constant.
pub const COMPLEXITY_FEATURES: usize = 5;

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
    S(53, 98), S(285, 374), S(292, 396), S(360, 659), S(813, 1275),
    // PSQT_PAWN
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(65, 22), S(34, 58), S(57, 19), S(56, 47), S(26, 40), S(8, 42), S(-52, 117), S(-10, 26),
    S(-6, 61), S(18, 38), S(-1, 20), S(22, 29), S(44, 16), S(26, 39), S(33, 61), S(-8, 67),
    S(4, 41), S(8, 26), S(13, -12), S(27, -39), S(23, -34), S(4, 13), S(-9, 25), S(4, 28),
    S(-4, 26), S(0, 8), S(-9, -4), S(13, -27), S(16, -27), S(0, -10), S(3, 5), S(-18, 16),
    S(-4, 23), S(-10, 9), S(-3, 11), S(0, -1), S(1, 11), S(-6, 26), S(7, 9), S(-12, 13),
    S(-8, 33), S(-1, 25), S(-4, 19), S(3, -18), S(-15, 37), S(-4, 21), S(22, 9), S(-9, 22),
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    // PSQT_KNIGHT
    S(-75, -70), S(-139, -11), S(-94, 8), S(-1, 7), S(39, -19), S(-101, 43), S(-61, 23), S(-58, -161),
    S(-18, -8), S(-34, 22), S(-22, 12), S(-13, 37), S(-3, 30), S(-3, -23), S(-30, 17), S(-50, 0),
    S(-27, -1), S(-13, 7), S(-10, 37), S(4, 34), S(39, 18), S(35, 4), S(-8, 34), S(-25, 4),
    S(-22, 10), S(-6, 19), S(6, 26), S(18, 35), S(7, 37), S(17, 19), S(9, 4), S(43, -19),
    S(-8, 21), S(-29, 31), S(1, 13), S(-4, 39), S(12, 40), S(12, 19), S(41, 6), S(0, 8),
    S(-26, -24), S(-22, 6), S(-12, -2), S(-14, 21), S(2, 34), S(-7, 3), S(-7, 11), S(-9, -22),
    S(-29, -48), S(-39, 16), S(-17, -17), S(-19, 3), S(-8, -3), S(-8, -7), S(7, -26), S(-7, 4),
    S(-85, 0), S(-41, -14), S(-36, 11), S(-19, 6), S(-13, 15), S(-21, 15), S(-29, -23), S(-15, -125),
    // PSQT_BISHOP
    S(-28, 17), S(-53, 54), S(-73, 32), S(-100, 32), S(-103, 49), S(-128, 32), S(-112, 32), S(-26, -48),
    S(-50, 43), S(-46, 20), S(-20, 30), S(-32, 11), S(-15, 34), S(-60, 44), S(-63, 12), S(-13, 5),
    S(-49, 47), S(-6, 40), S(-37, 36), S(1, 23), S(-33, 53), S(34, 10), S(28, 3), S(7, 31),
    S(-5, 25), S(-12, 25), S(-9, 41), S(16, 23), S(3, 24), S(11, 37), S(5, 18), S(-9, 24),
    S(-12, -1), S(7, 9), S(-5, 32), S(1, 30), S(2, 31), S(6, 28), S(-2, 21), S(3, 10),
    S(-8, -30), S(7, 6), S(-11, 7), S(4, 23), S(-1, 22), S(-9, 8), S(8, 10), S(13, 2),
    S(3, -4), S(-11, -10), S(9, -24), S(-11, 26), S(-10, -2), S(1, 28), S(8, -27), S(12, -32),
    S(-35, -4), S(7, -14), S(-11, 3), S(-4, -2), S(-10, 21), S(-20, 10), S(-77, 30), S(9, -61),
    // PSQT_ROOK
    S(-26, 51), S(-17, 47), S(44, 32), S(26, 37), S(12, 43), S(48, 24), S(79, -7), S(21, 31),
    S(20, 9), S(24, 3), S(44, 9), S(31, 7), S(78, -11), S(36, 5), S(63, 14), S(80, -12),
    S(-37, 34), S(0, 21), S(6, 24), S(22, 17), S(38, 10), S(12, 26), S(36, 20), S(7, 28),
    S(-35, 37), S(-23, 39), S(-9, 38), S(-14, 47), S(12, 30), S(3, 13), S(19, 20), S(-29, 31),
    S(-42, 38), S(-39, 33), S(-23, 43), S(-30, 38), S(-12, 21), S(-6, 29), S(14, 18), S(-12, 10),
    S(-36, 12), S(-26, 24), S(-10, 32), S(-11, 14), S(-18, 21), S(-5, 14), S(18, -3), S(19, -47),
    S(-19, 0), S(-2, -8), S(-22, 26), S(0, 1), S(7, -1), S(10, 18), S(17, -16), S(-10, -20),
    S(-15, 11), S(-10, 5), S(-13, 18), S(-2, 9), S(7, 3), S(-1, 12), S(0, 3), S(1, -18),
    // PSQT_QUEEN
    S(3, 6), S(63, -71), S(27, -3), S(66, -10), S(54, -1), S(56, 50), S(6, 23), S(-59, 93),
    S(-41, 37), S(-57, 63), S(-18, 36), S(-40, 66), S(-15, 98), S(-14, 73), S(-53, 53), S(-21, 96),
    S(-6, -5), S(-27, 80), S(-26, 68), S(-17, 48), S(4, 65), S(-11, 115), S(58, 13), S(-7, 70),
    S(-21, 26), S(-13, 65), S(-6, 48), S(-20, 64), S(-6, 77), S(3, 64), S(21, 48), S(13, 24),
    S(2, -10), S(-4, 33), S(-5, 31), S(-14, 58), S(5, 43), S(-29, 98), S(19, -8), S(-1, 33),
    S(-5, -22), S(2, -21), S(-1, 13), S(-3, 12), S(2, 19), S(6, 10), S(15, 6), S(-13, 71),
    S(-20, 10), S(-11, 0), S(3, -28), S(1, 0), S(7, -23), S(18, -51), S(33, -91), S(45, -120),
    S(-31, 22), S(-5, -24), S(3, -33), S(0, -21), S(18, -57), S(-18, -57), S(-34, -172), S(-14, -101),
    // PSQT_KING
    S(-65, -22), S(49, -66), S(149, -121), S(-212, 6), S(-16, 10), S(-35, -16), S(150, -83), S(143, -30),
    S(-222, 9), S(-113, 30), S(-47, 38), S(16, 18), S(-47, 39), S(-4, 41), S(137, 37), S(128, -10),
    S(-64, -31), S(8, 43), S(-19, 35), S(-77, 46), S(-70, 48), S(56, 45), S(65, 48), S(-25, 53),
    S(7, -5), S(-11, 31), S(-44, 29), S(-4, 23), S(-46, 34), S(26, 22), S(-3, 28), S(-81, 21),
    S(-49, -28), S(18, -10), S(-58, 15), S(-38, 12), S(-83, 20), S(-21, 6), S(-1, -8), S(-84, -11),
    S(-14, -47), S(33, -35), S(-8, -2), S(-68, 9), S(-12, -12), S(-52, -2), S(-5, -12), S(-36, -15),
    S(-1, -58), S(14, -26), S(-31, -10), S(-47, -11), S(-49, -9), S(-41, -14), S(1, -17), S(12, -30),
    S(-136, -7), S(15, -46), S(-9, -45), S(-75, -26), S(-23, -64), S(-42, -27), S(24, -42), S(15, -58),
    // KNIGHT_MOBILITY
    S(-87, -45), S(-37, -30), S(-23, -3), S(-16, 14), S(-14, 25), S(-7, 34), S(-1, 42), S(3, 42),
    S(2, 39),
    // BISHOP_MOBILITY
    S(-53, -48), S(-40, 2), S(-23, 4), S(-19, 21), S(-14, 30), S(-9, 33), S(-6, 36), S(-4, 42),
    S(0, 39), S(6, 45), S(4, 35), S(6, 37), S(5, 38), S(26, 29),
    // ROOK_MOBILITY
    S(-86, -64), S(-26, -27), S(-12, -6), S(-9, 12), S(-7, 15), S(-7, 24), S(-7, 28), S(-2, 31),
    S(0, 37), S(2, 43), S(-2, 49), S(2, 51), S(9, 49), S(-4, 52), S(22, 41),
    // QUEEN_MOBILITY
    S(-141, -149), S(-236, -159), S(-54, -177), S(-17, -137), S(-19, -37), S(-14, 33), S(-12, 58), S(-9, 44),
    S(-9, 71), S(-7, 78), S(-9, 90), S(-8, 99), S(-8, 110), S(-3, 98), S(-12, 117), S(-6, 115),
    S(5, 105), S(-1, 115), S(2, 113), S(26, 86), S(24, 73), S(44, 59), S(76, 10), S(76, 26),
    S(79, -1), S(126, -68), S(-72, -99), S(75, -235),
    // PAWN_ISOLATED
    S(-4, -4),
    // PAWN_DOUBLED
    S(0, -15),
    // PAWN_BACKWARD
    S(-5, -7), S(-11, 4),
    // PAWN_SUPPORTED
    S(0, 0), S(0, 0), S(8, 8), S(10, 9), S(8, 23), S(29, 43), S(123, 108), S(0, 0),
    // PAWN_PHALANX
    S(0, 0), S(2, -5), S(4, 1), S(8, 10), S(13, 25), S(78, 75), S(-179, 433), S(0, 0),
    // PASSED_PAWN
    S(0, 0), S(58, 21), S(12, 27), S(-16, 63), S(14, 76), S(42, 27), S(100, 104), S(0, 0),
    // PASSED_CANDIDATE
    S(0, 0), S(-2, -5), S(1, 5), S(8, 15), S(0, 25), S(28, 74), S(0, 0), S(0, 0),
    // PASSED_UNBLOCKED
    S(0, 0), S(-10, 11), S(-7, 1), S(-4, 11), S(-2, 25), S(1, 35), S(47, 46), S(0, 0),
    // PASSED_FREE_PATH
    S(0, 0), S(-43, 40), S(-38, 24), S(-78, 39), S(-57, 53), S(19, 63), S(52, 83), S(0, 0),
    // PASSED_OWN_KING_DISTANCE
    S(0, 0), S(-1, -4), S(3, -4), S(6, -14), S(5, -18), S(4, -15), S(-5, -19), S(0, 0),
    // PASSED_ENEMY_KING_DISTANCE
    S(0, 0), S(-7, -4), S(-5, 2), S(0, 8), S(-6, 17), S(-8, 39), S(-10, 44), S(0, 0),
    // KNIGHT_OUTPOST
    S(5, -11), S(19, 2),
    // BISHOP_OUTPOST
    S(5, -6), S(33, 3),
    // MINOR_BEHIND_PAWN
    S(5, 14),
    // BISHOP_PAIR
    S(25, 44),
    // BISHOP_RAMMED_PAWNS
    S(-3, -10),
    // BISHOP_LONG_DIAGONAL
    S(15, 14),
    // ROOK_OPEN_FILE
    S(30, 6),
    // ROOK_SEMI_OPEN_FILE
    S(11, 9),
    // ROOK_ON_SEVENTH
    S(-50, 31),
    // THREAT_BY_PAWN
    S(0, 0), S(50, 26), S(51, 59), S(35, 27), S(51, -10),
    // THREAT_BY_MINOR
    S(2, 17), S(21, 30), S(25, 32), S(46, 12), S(40, 22),
    // THREAT_BY_ROOK
    S(2, 17), S(14, 29), S(25, 27), S(14, 26), S(56, 41),
    // THREAT_BY_KING
    S(22, 14),
    // HANGING
    S(13, 19),
    // THREAT_PAWN_PUSH
    S(9, 21),
    // KING_SHELTER
    S(-34, 9), S(8, -32), S(10, -10), S(-6, 4), S(-30, 15), S(-50, 36), S(33, 18), S(0, 0),
    S(-27, 7), S(2, -5), S(4, -5), S(-12, 1), S(-6, 8), S(-44, 28), S(91, 1), S(0, 0),
    S(-24, 2), S(9, 2), S(-10, -6), S(-11, 7), S(-2, -4), S(-27, 17), S(4, -29), S(0, 0),
    S(-15, -4), S(12, 3), S(-1, -7), S(-11, 2), S(-1, 1), S(3, 8), S(24, 16), S(0, 0),
    // KING_STORM
    S(-21, -6), S(3, 77), S(-15, 13), S(-29, 24), S(-15, 9), S(-7, -7), S(-4, -8), S(0, 0),
    S(-17, 5), S(-76, 75), S(-12, 24), S(-14, 27), S(-9, 15), S(4, 5), S(0, -1), S(0, 0),
    S(-8, -9), S(94, -42), S(-38, 5), S(-16, 15), S(-6, -4), S(-2, -6), S(2, -21), S(0, 0),
    S(-11, 12), S(-79, 90), S(-10, 34), S(0, 7), S(-4, 4), S(3, 14), S(7, -11), S(0, 0),
    // KING_STORM_BLOCKED
    S(0, 0), S(0, 0), S(-22, -17), S(2, -1), S(11, -21), S(1, -12), S(21, -63), S(0, 0),
    // SPACE
    S(-3, 8),
    // TEMPO
    S(12, 16),
    // KING_PAWN_FILE_DISTANCE
    S(6, 54), S(-16, 51), S(-49, 50), S(27, -14), S(68, -64), S(8, -92), S(54, -113), S(100, -157),
    // KING_DEFENDERS
    S(-7, -7), S(0, 1), S(1, 8), S(5, 9), S(10, 1), S(-47, -25), S(67, -172), S(0, 0),
    S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    // KNIGHT_CLOSEDNESS
    S(-11, 7), S(-6, 12), S(-4, 14), S(2, 7), S(4, 7), S(7, 5), S(-5, 9), S(-2, 22),
    S(-18, 3),
    // ROOK_CLOSEDNESS
    S(-7, 41), S(-18, 38), S(-5, 23), S(19, -3), S(-5, 26), S(-25, 26), S(-25, -16), S(-8, -67),
    S(22, -158),
    // COMPLEXITY
    S(0, 1), S(0, 3), S(0, 29), S(0, 44), S(0, -60),
    // SAFETY_ATTACKER
    S(17, 259), S(32, 40), S(46, 63), S(51, 23),
    // SAFETY_ZONE_ATTACKS
    S(21, -24),
    // SAFETY_WEAK_SQUARES
    S(27, 16),
    // SAFETY_SAFE_CHECK
    S(130, -205), S(58, 226), S(101, 367), S(61, 284),
    // SAFETY_NO_QUEEN
    S(-165, -228),
    // SAFETY_BASE
    S(-22, 1),
];
// END PARAMS
