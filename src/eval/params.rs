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
    /// Squares both sides attack that the enemy does not strongly protect: its pieces'
    /// moves there are contested.
    RESTRICTED: 1,
    /// Enemy pieces we attack, not strongly protected, that their queen defends: it is tied
    /// to them.
    WEAK_QUEEN_PROTECTION: 1,
    /// Safe squares from which one of our knights would attack the lone enemy queen.
    KNIGHT_ON_QUEEN: 1,
    /// Safe squares, attacked twice by us, from which one of our bishops or rooks would attack
    /// the lone enemy queen.
    SLIDER_ON_QUEEN: 1,
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
    S(50, 92), S(295, 380), S(292, 398), S(366, 654), S(797, 1259),
    // PSQT_PAWN
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(64, 21), S(33, 51), S(54, 22), S(58, 48), S(28, 42), S(12, 44), S(-54, 115), S(-10, 25),
    S(-8, 57), S(15, 36), S(7, 29), S(22, 27), S(41, 18), S(25, 36), S(30, 60), S(-8, 63),
    S(1, 39), S(6, 17), S(17, -13), S(19, -36), S(26, -32), S(1, 5), S(-7, 23), S(1, 29),
    S(-10, 27), S(-7, 13), S(0, -4), S(12, -25), S(14, -22), S(4, -2), S(0, 7), S(-19, 18),
    S(-6, 17), S(-12, 8), S(-3, 12), S(1, 2), S(4, 10), S(2, 27), S(8, 8), S(-18, 12),
    S(-5, 24), S(-1, 23), S(-5, 21), S(6, -8), S(-4, 30), S(-6, 21), S(21, 7), S(-8, 25),
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    // PSQT_KNIGHT
    S(-74, -69), S(-138, -9), S(-93, 9), S(-2, 6), S(40, -18), S(-101, 42), S(-61, 22), S(-59, -161),
    S(-19, -9), S(-35, 24), S(-19, 12), S(-12, 36), S(-5, 31), S(0, -23), S(-32, 16), S(-49, 2),
    S(-26, -1), S(-15, 7), S(-13, 33), S(8, 33), S(35, 16), S(34, 4), S(-9, 32), S(-19, 5),
    S(-19, 13), S(-1, 17), S(2, 28), S(29, 38), S(7, 37), S(23, 26), S(7, 8), S(38, -19),
    S(-11, 21), S(-27, 28), S(-1, 12), S(-1, 37), S(15, 40), S(16, 25), S(44, 7), S(5, 11),
    S(-30, -24), S(-23, 5), S(-12, 3), S(-12, 25), S(1, 28), S(-9, 5), S(-3, 9), S(-10, -19),
    S(-34, -48), S(-38, 16), S(-24, -17), S(-16, -2), S(-11, -3), S(-10, -9), S(5, -22), S(-10, -2),
    S(-85, -1), S(-38, -11), S(-45, 6), S(-14, 7), S(-14, 15), S(-16, 13), S(-33, -23), S(-14, -124),
    // PSQT_BISHOP
    S(-29, 17), S(-53, 52), S(-74, 29), S(-100, 32), S(-103, 49), S(-128, 31), S(-112, 31), S(-26, -48),
    S(-50, 41), S(-45, 19), S(-18, 32), S(-31, 13), S(-19, 31), S(-59, 44), S(-63, 12), S(-15, 3),
    S(-47, 45), S(-7, 39), S(-35, 32), S(3, 27), S(-27, 53), S(33, 11), S(30, 4), S(3, 25),
    S(-16, 21), S(-6, 26), S(-16, 38), S(20, 30), S(3, 33), S(8, 33), S(6, 17), S(-11, 22),
    S(-11, -1), S(1, 7), S(-4, 30), S(5, 36), S(6, 35), S(7, 27), S(-1, 20), S(3, 7),
    S(-9, -25), S(9, 5), S(-9, 10), S(0, 25), S(5, 23), S(-10, 10), S(9, 10), S(9, 0),
    S(-7, -7), S(-7, -10), S(8, -19), S(-9, 19), S(-3, -1), S(5, 26), S(6, -22), S(8, -32),
    S(-34, -3), S(7, -15), S(-10, 8), S(1, -2), S(-14, 19), S(-16, 11), S(-77, 29), S(2, -58),
    // PSQT_ROOK
    S(-25, 48), S(-16, 47), S(42, 32), S(28, 38), S(11, 43), S(48, 24), S(80, -5), S(20, 30),
    S(24, 12), S(22, 10), S(41, 7), S(36, 12), S(75, -11), S(38, 6), S(58, 10), S(77, -16),
    S(-33, 39), S(2, 26), S(6, 25), S(19, 19), S(39, 9), S(15, 26), S(37, 20), S(10, 27),
    S(-36, 39), S(-24, 40), S(-11, 36), S(-17, 45), S(8, 26), S(3, 16), S(18, 19), S(-27, 29),
    S(-38, 42), S(-35, 36), S(-20, 42), S(-24, 41), S(-10, 21), S(-3, 28), S(9, 16), S(-13, 7),
    S(-35, 14), S(-22, 26), S(-8, 31), S(-7, 16), S(-15, 20), S(-5, 13), S(19, -3), S(9, -45),
    S(-23, -2), S(-11, -6), S(-24, 24), S(-1, 4), S(7, -5), S(3, 12), S(11, -18), S(-11, -20),
    S(-11, 8), S(-8, 7), S(-7, 15), S(-2, 15), S(11, -4), S(5, 9), S(-3, 3), S(1, -23),
    // PSQT_QUEEN
    S(1, 7), S(63, -71), S(26, -3), S(66, -10), S(54, 0), S(54, 48), S(6, 24), S(-58, 92),
    S(-41, 37), S(-57, 61), S(-16, 36), S(-37, 68), S(-17, 98), S(-14, 72), S(-51, 54), S(-20, 95),
    S(-7, -5), S(-26, 79), S(-24, 68), S(-11, 49), S(3, 65), S(-13, 112), S(57, 13), S(-4, 69),
    S(-21, 26), S(-18, 61), S(-13, 45), S(-17, 65), S(-7, 79), S(3, 63), S(22, 48), S(15, 22),
    S(-7, -14), S(-6, 31), S(-5, 31), S(-13, 57), S(1, 46), S(-23, 98), S(23, -6), S(3, 33),
    S(-8, -23), S(-1, -19), S(-5, 11), S(-3, 12), S(2, 20), S(7, 9), S(17, 6), S(-16, 68),
    S(-19, 10), S(-10, 0), S(-1, -26), S(3, 1), S(10, -20), S(18, -50), S(27, -92), S(43, -121),
    S(-31, 21), S(-4, -24), S(1, -34), S(0, -22), S(15, -57), S(-19, -58), S(-33, -171), S(-14, -101),
    // PSQT_KING
    S(-65, -22), S(49, -66), S(149, -121), S(-212, 6), S(-16, 9), S(-35, -15), S(150, -82), S(142, -33),
    S(-222, 9), S(-112, 31), S(-47, 37), S(16, 17), S(-47, 38), S(-4, 40), S(135, 35), S(127, -12),
    S(-64, -30), S(8, 42), S(-19, 32), S(-77, 44), S(-69, 49), S(55, 45), S(65, 48), S(-26, 48),
    S(6, -6), S(-10, 32), S(-43, 28), S(-5, 23), S(-46, 34), S(26, 23), S(-3, 25), S(-81, 17),
    S(-49, -27), S(18, -11), S(-57, 17), S(-37, 15), S(-83, 19), S(-20, 8), S(0, -7), S(-83, -9),
    S(-15, -49), S(29, -35), S(-10, -6), S(-68, 9), S(-17, -5), S(-48, 6), S(-4, -10), S(-32, -13),
    S(-1, -57), S(14, -24), S(-31, -8), S(-55, -11), S(-51, -8), S(-42, -11), S(5, -15), S(16, -33),
    S(-134, -5), S(14, -41), S(-11, -43), S(-72, -30), S(-19, -63), S(-42, -40), S(24, -42), S(11, -57),
    // KNIGHT_MOBILITY
    S(-87, -44), S(-40, -28), S(-29, 3), S(-19, 14), S(-11, 28), S(-4, 36), S(2, 37), S(7, 40),
    S(9, 39),
    // BISHOP_MOBILITY
    S(-60, -48), S(-42, -2), S(-24, -2), S(-20, 19), S(-14, 31), S(-9, 35), S(-6, 38), S(-2, 41),
    S(2, 42), S(9, 44), S(4, 37), S(6, 39), S(6, 39), S(27, 32),
    // ROOK_MOBILITY
    S(-86, -63), S(-27, -27), S(-13, -6), S(-10, 13), S(-6, 12), S(-6, 23), S(-5, 29), S(-1, 29),
    S(0, 38), S(3, 42), S(0, 43), S(4, 48), S(9, 51), S(-3, 55), S(22, 42),
    // QUEEN_MOBILITY
    S(-141, -149), S(-236, -159), S(-53, -177), S(-15, -137), S(-16, -37), S(-17, 33), S(-17, 55), S(-14, 45),
    S(-15, 72), S(-11, 76), S(-8, 89), S(-5, 98), S(-6, 106), S(-3, 97), S(-9, 116), S(-5, 115),
    S(2, 105), S(-3, 113), S(2, 111), S(25, 87), S(23, 72), S(43, 58), S(76, 10), S(75, 25),
    S(79, -1), S(126, -68), S(-72, -99), S(75, -235),
    // PAWN_ISOLATED
    S(-5, -10),
    // PAWN_DOUBLED
    S(1, -7),
    // PAWN_BACKWARD
    S(-4, -6), S(-10, -10),
    // PAWN_SUPPORTED
    S(0, 0), S(0, 0), S(8, 14), S(9, 12), S(13, 24), S(28, 45), S(121, 107), S(0, 0),
    // PAWN_PHALANX
    S(0, 0), S(2, -5), S(3, 4), S(10, 11), S(19, 31), S(76, 76), S(-179, 433), S(0, 0),
    // PASSED_PAWN
    S(0, 0), S(56, 20), S(15, 33), S(-17, 61), S(16, 74), S(45, 29), S(100, 102), S(0, 0),
    // PASSED_CANDIDATE
    S(0, 0), S(-2, -3), S(4, 3), S(9, 17), S(6, 25), S(25, 73), S(0, 0), S(0, 0),
    // PASSED_UNBLOCKED
    S(0, 0), S(-6, 10), S(-2, 6), S(1, 13), S(0, 24), S(4, 36), S(49, 51), S(0, 0),
    // PASSED_FREE_PATH
    S(0, 0), S(-44, 35), S(-40, 21), S(-79, 35), S(-58, 52), S(19, 66), S(51, 80), S(0, 0),
    // PASSED_OWN_KING_DISTANCE
    S(0, 0), S(-2, -4), S(4, -7), S(5, -13), S(4, -17), S(4, -14), S(-3, -18), S(0, 0),
    // PASSED_ENEMY_KING_DISTANCE
    S(0, 0), S(-7, 0), S(-7, 2), S(0, 7), S(-5, 18), S(-9, 35), S(-9, 39), S(0, 0),
    // KNIGHT_OUTPOST
    S(4, -13), S(17, -1),
    // BISHOP_OUTPOST
    S(5, -10), S(26, 3),
    // MINOR_BEHIND_PAWN
    S(3, 16),
    // BISHOP_PAIR
    S(32, 50),
    // BISHOP_RAMMED_PAWNS
    S(-1, -12),
    // BISHOP_LONG_DIAGONAL
    S(13, 18),
    // ROOK_OPEN_FILE
    S(30, 2),
    // ROOK_SEMI_OPEN_FILE
    S(12, 7),
    // ROOK_ON_SEVENTH
    S(-50, 39),
    // THREAT_BY_PAWN
    S(0, 0), S(55, 28), S(51, 58), S(36, 27), S(51, -9),
    // THREAT_BY_MINOR
    S(2, 16), S(23, 30), S(24, 33), S(46, 12), S(42, 20),
    // THREAT_BY_ROOK
    S(2, 23), S(17, 26), S(27, 31), S(10, 25), S(55, 39),
    // THREAT_BY_KING
    S(23, 19),
    // HANGING
    S(11, 17),
    // THREAT_PAWN_PUSH
    S(10, 19),
    // RESTRICTED
    S(2, 1),
    // WEAK_QUEEN_PROTECTION
    S(2, 0),
    // KNIGHT_ON_QUEEN
    S(1, 0),
    // SLIDER_ON_QUEEN
    S(2, 0),
    // KING_SHELTER
    S(-32, 11), S(2, -35), S(12, -14), S(0, 8), S(-29, 15), S(-50, 35), S(33, 18), S(0, 0),
    S(-26, 7), S(12, -1), S(12, -9), S(-15, 1), S(-14, 4), S(-41, 33), S(89, -4), S(0, 0),
    S(-29, 1), S(16, 1), S(-12, -6), S(-13, 2), S(-7, -5), S(-23, 19), S(8, -22), S(0, 0),
    S(-17, 1), S(6, -1), S(1, -5), S(-11, 7), S(-5, -1), S(0, 7), S(24, 15), S(0, 0),
    // KING_STORM
    S(-18, -7), S(4, 77), S(-14, 20), S(-22, 26), S(-13, 5), S(-8, -12), S(-5, -2), S(0, 0),
    S(-12, 2), S(-73, 78), S(-12, 25), S(-20, 21), S(-13, 10), S(6, 4), S(-5, 2), S(0, 0),
    S(-6, -6), S(91, -42), S(-37, 9), S(-17, 16), S(-2, -5), S(4, -6), S(9, -19), S(0, 0),
    S(-10, 12), S(-79, 91), S(-16, 29), S(-9, 12), S(1, -1), S(4, 10), S(7, -5), S(0, 0),
    // KING_STORM_BLOCKED
    S(0, 0), S(0, 0), S(-28, -23), S(-3, -2), S(14, -13), S(-5, -14), S(19, -63), S(0, 0),
    // SPACE
    S(-3, 7),
    // TEMPO
    S(23, 25),
    // KING_PAWN_FILE_DISTANCE
    S(13, 62), S(-21, 58), S(-47, 46), S(25, -20), S(66, -68), S(8, -93), S(54, -113), S(100, -157),
    // KING_DEFENDERS
    S(-11, -10), S(-3, -1), S(2, 7), S(9, 11), S(12, 4), S(-46, -25), S(67, -172), S(0, 0),
    S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    // KNIGHT_CLOSEDNESS
    S(-16, -1), S(-9, 12), S(-4, 12), S(4, 12), S(5, 13), S(4, 8), S(0, 8), S(5, 24),
    S(-12, 4),
    // ROOK_CLOSEDNESS
    S(-11, 41), S(-14, 37), S(-6, 22), S(18, -3), S(-5, 24), S(-26, 24), S(-18, -14), S(-8, -67),
    S(24, -158),
    // COMPLEXITY
    S(0, -4), S(0, 5), S(0, 38), S(0, 45), S(0, -92),
    // SAFETY_ATTACKER
    S(23, 259), S(35, 40), S(46, 63), S(45, 23),
    // SAFETY_ZONE_ATTACKS
    S(25, -24),
    // SAFETY_WEAK_SQUARES
    S(25, 15),
    // SAFETY_SAFE_CHECK
    S(131, -205), S(65, 226), S(99, 367), S(62, 284),
    // SAFETY_NO_QUEEN
    S(-169, -228),
    // SAFETY_BASE
    S(-19, 1),
];
// END PARAMS
