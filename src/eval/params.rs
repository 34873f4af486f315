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
    S(80, 100), S(330, 320), S(340, 335), S(460, 540), S(960, 1000),
    // PSQT_PAWN
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(20, 50), S(20, 50), S(20, 50), S(20, 50), S(20, 50), S(20, 50), S(20, 50), S(20, 50),
    S(16, 34), S(16, 34), S(16, 34), S(16, 34), S(16, 34), S(16, 34), S(16, 34), S(16, 34),
    S(12, 20), S(12, 20), S(16, 20), S(20, 20), S(20, 20), S(16, 20), S(12, 20), S(12, 20),
    S(8, 10), S(8, 10), S(12, 10), S(16, 10), S(16, 10), S(12, 10), S(8, 10), S(8, 10),
    S(4, 3), S(4, 3), S(4, 3), S(4, 3), S(4, 3), S(4, 3), S(4, 3), S(4, 3),
    S(0, 0), S(0, 0), S(0, 0), S(-6, 0), S(-6, 0), S(0, 0), S(0, 0), S(0, 0),
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    // PSQT_KNIGHT
    S(-20, -16), S(-20, -16), S(-20, -16), S(-20, -16), S(-20, -16), S(-20, -16), S(-20, -16), S(-20, -16),
    S(-20, -16), S(-10, -8), S(-10, -8), S(-10, -8), S(-10, -8), S(-10, -8), S(-10, -8), S(-20, -16),
    S(-14, -16), S(-4, -8), S(6, 0), S(6, 0), S(6, 0), S(6, 0), S(-4, -8), S(-14, -16),
    S(-14, -16), S(-4, -8), S(6, 0), S(16, 8), S(16, 8), S(6, 0), S(-4, -8), S(-14, -16),
    S(-20, -16), S(-10, -8), S(0, 0), S(10, 8), S(10, 8), S(0, 0), S(-10, -8), S(-20, -16),
    S(-20, -16), S(-10, -8), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(-10, -8), S(-20, -16),
    S(-20, -16), S(-10, -8), S(-10, -8), S(-10, -8), S(-10, -8), S(-10, -8), S(-10, -8), S(-20, -16),
    S(-30, -16), S(-30, -16), S(-30, -16), S(-30, -16), S(-30, -16), S(-30, -16), S(-30, -16), S(-30, -16),
    // PSQT_BISHOP
    S(0, -8), S(-6, -8), S(-6, -8), S(-6, -8), S(-6, -8), S(-6, -8), S(-6, -8), S(0, -8),
    S(-6, -8), S(5, -4), S(-1, -4), S(-1, -4), S(-1, -4), S(-1, -4), S(5, -4), S(-6, -8),
    S(-6, -8), S(-1, -4), S(10, 0), S(4, 0), S(4, 0), S(10, 0), S(-1, -4), S(-6, -8),
    S(-6, -8), S(-1, -4), S(4, 0), S(15, 4), S(15, 4), S(4, 0), S(-1, -4), S(-6, -8),
    S(-6, -8), S(-1, -4), S(4, 0), S(15, 4), S(15, 4), S(4, 0), S(-1, -4), S(-6, -8),
    S(-6, -8), S(-1, -4), S(10, 0), S(4, 0), S(4, 0), S(10, 0), S(-1, -4), S(-6, -8),
    S(-6, -8), S(5, -4), S(-1, -4), S(-1, -4), S(-1, -4), S(-1, -4), S(5, -4), S(-6, -8),
    S(-8, -8), S(-14, -8), S(-14, -8), S(-14, -8), S(-14, -8), S(-14, -8), S(-14, -8), S(-8, -8),
    // PSQT_ROOK
    S(-4, 0), S(0, 0), S(0, 0), S(4, 0), S(4, 0), S(0, 0), S(0, 0), S(-4, 0),
    S(8, 6), S(12, 6), S(12, 6), S(16, 6), S(16, 6), S(12, 6), S(12, 6), S(8, 6),
    S(-4, 0), S(0, 0), S(0, 0), S(4, 0), S(4, 0), S(0, 0), S(0, 0), S(-4, 0),
    S(-4, 0), S(0, 0), S(0, 0), S(4, 0), S(4, 0), S(0, 0), S(0, 0), S(-4, 0),
    S(-4, 0), S(0, 0), S(0, 0), S(4, 0), S(4, 0), S(0, 0), S(0, 0), S(-4, 0),
    S(-4, 0), S(0, 0), S(0, 0), S(4, 0), S(4, 0), S(0, 0), S(0, 0), S(-4, 0),
    S(-4, 0), S(0, 0), S(0, 0), S(4, 0), S(4, 0), S(0, 0), S(0, 0), S(-4, 0),
    S(-4, 0), S(0, 0), S(0, 0), S(4, 0), S(4, 0), S(0, 0), S(0, 0), S(-4, 0),
    // PSQT_QUEEN
    S(-10, -10), S(-10, -10), S(-10, -10), S(-10, -10), S(-10, -10), S(-10, -10), S(-10, -10), S(-10, -10),
    S(-10, -10), S(-7, -4), S(-7, -4), S(-7, -4), S(-7, -4), S(-7, -4), S(-7, -4), S(-10, -10),
    S(-4, -10), S(-1, -4), S(2, 2), S(2, 2), S(2, 2), S(2, 2), S(-1, -4), S(-4, -10),
    S(-4, -10), S(-1, -4), S(2, 2), S(5, 8), S(5, 8), S(2, 2), S(-1, -4), S(-4, -10),
    S(-4, -10), S(-1, -4), S(2, 2), S(5, 8), S(5, 8), S(2, 2), S(-1, -4), S(-4, -10),
    S(-4, -10), S(-1, -4), S(2, 2), S(2, 2), S(2, 2), S(2, 2), S(-1, -4), S(-4, -10),
    S(-4, -10), S(-1, -4), S(-1, -4), S(-1, -4), S(-1, -4), S(-1, -4), S(-1, -4), S(-4, -10),
    S(-4, -10), S(-4, -10), S(-4, -10), S(-4, -10), S(-4, -10), S(-4, -10), S(-4, -10), S(-4, -10),
    // PSQT_KING
    S(-116, -24), S(-106, -24), S(-131, -24), S(-141, -24), S(-141, -24), S(-131, -24), S(-106, -24), S(-116, -24),
    S(-98, -24), S(-88, -12), S(-113, -12), S(-123, -12), S(-123, -12), S(-113, -12), S(-88, -12), S(-98, -24),
    S(-80, -24), S(-70, -12), S(-95, 0), S(-105, 0), S(-105, 0), S(-95, 0), S(-70, -12), S(-80, -24),
    S(-62, -24), S(-52, -12), S(-77, 0), S(-87, 12), S(-87, 12), S(-77, 0), S(-52, -12), S(-62, -24),
    S(-44, -24), S(-34, -12), S(-59, 0), S(-69, 12), S(-69, 12), S(-59, 0), S(-34, -12), S(-44, -24),
    S(-26, -24), S(-16, -12), S(-41, 0), S(-51, 0), S(-51, 0), S(-41, 0), S(-16, -12), S(-26, -24),
    S(-8, -24), S(2, -12), S(-23, -12), S(-33, -12), S(-33, -12), S(-23, -12), S(2, -12), S(-8, -24),
    S(20, -24), S(30, -24), S(5, -24), S(-5, -24), S(-5, -24), S(5, -24), S(30, -24), S(20, -24),
    // KNIGHT_MOBILITY
    S(-16, -16), S(-12, -12), S(-8, -8), S(-4, -4), S(0, 0), S(4, 4), S(8, 8), S(12, 12),
    S(16, 16),
    // BISHOP_MOBILITY
    S(-24, -30), S(-20, -25), S(-16, -20), S(-12, -15), S(-8, -10), S(-4, -5), S(0, 0), S(4, 5),
    S(8, 10), S(12, 15), S(16, 20), S(20, 25), S(24, 30), S(28, 35),
    // ROOK_MOBILITY
    S(-12, -24), S(-10, -20), S(-8, -16), S(-6, -12), S(-4, -8), S(-2, -4), S(0, 0), S(2, 4),
    S(4, 8), S(6, 12), S(8, 16), S(10, 20), S(12, 24), S(14, 28), S(16, 32),
    // QUEEN_MOBILITY
    S(-12, -24), S(-11, -22), S(-10, -20), S(-9, -18), S(-8, -16), S(-7, -14), S(-6, -12), S(-5, -10),
    S(-4, -8), S(-3, -6), S(-2, -4), S(-1, -2), S(0, 0), S(1, 2), S(2, 4), S(3, 6),
    S(4, 8), S(5, 10), S(6, 12), S(7, 14), S(8, 16), S(9, 18), S(10, 20), S(11, 22),
    S(12, 24), S(13, 26), S(14, 28), S(15, 30),
    // PAWN_ISOLATED
    S(-10, -12),
    // PAWN_DOUBLED
    S(-10, -20),
    // PAWN_BACKWARD
    S(-8, -6), S(-14, -10),
    // PAWN_SUPPORTED
    S(0, 0), S(0, 0), S(8, 5), S(10, 8), S(14, 12), S(20, 20), S(30, 30), S(0, 0),
    // PAWN_PHALANX
    S(0, 0), S(2, 0), S(5, 2), S(8, 5), S(12, 10), S(20, 20), S(30, 30), S(0, 0),
    // PASSED_PAWN
    S(0, 0), S(2, 5), S(4, 10), S(10, 20), S(20, 40), S(35, 70), S(60, 110), S(0, 0),
    // PASSED_CANDIDATE
    S(0, 0), S(2, 4), S(3, 6), S(5, 10), S(8, 16), S(12, 24), S(0, 0), S(0, 0),
    // PASSED_UNBLOCKED
    S(0, 0), S(0, 0), S(0, 0), S(0, 2), S(2, 5), S(5, 10), S(10, 20), S(0, 0),
    // PASSED_FREE_PATH
    S(0, 0), S(0, 0), S(0, 2), S(0, 5), S(5, 10), S(10, 25), S(15, 40), S(0, 0),
    // PASSED_OWN_KING_DISTANCE
    S(0, 0), S(0, 0), S(0, 0), S(0, -2), S(0, -4), S(0, -6), S(0, -8), S(0, 0),
    // PASSED_ENEMY_KING_DISTANCE
    S(0, 0), S(0, 0), S(0, 0), S(0, 4), S(0, 8), S(0, 12), S(0, 16), S(0, 0),
    // KNIGHT_OUTPOST
    S(10, 5), S(25, 10),
    // BISHOP_OUTPOST
    S(8, 3), S(15, 5),
    // MINOR_BEHIND_PAWN
    S(6, 2),
    // BISHOP_PAIR
    S(30, 50),
    // BISHOP_RAMMED_PAWNS
    S(-3, -6),
    // BISHOP_LONG_DIAGONAL
    S(15, 0),
    // ROOK_OPEN_FILE
    S(25, 10),
    // ROOK_SEMI_OPEN_FILE
    S(12, 6),
    // ROOK_ON_SEVENTH
    S(10, 20),
    // THREAT_BY_PAWN
    S(0, 0), S(50, 40), S(50, 40), S(70, 50), S(70, 50),
    // THREAT_BY_MINOR
    S(5, 15), S(20, 25), S(20, 25), S(40, 30), S(40, 30),
    // THREAT_BY_ROOK
    S(5, 15), S(20, 25), S(20, 25), S(0, 10), S(40, 30),
    // THREAT_BY_KING
    S(10, 30),
    // HANGING
    S(30, 15),
    // THREAT_PAWN_PUSH
    S(15, 10),
    // KING_SHELTER
    S(-30, 0), S(10, 0), S(5, 0), S(-5, 0), S(-10, 0), S(-10, 0), S(-10, 0), S(0, 0),
    S(-30, 0), S(10, 0), S(5, 0), S(-5, 0), S(-10, 0), S(-10, 0), S(-10, 0), S(0, 0),
    S(-30, 0), S(10, 0), S(5, 0), S(-5, 0), S(-10, 0), S(-10, 0), S(-10, 0), S(0, 0),
    S(-30, 0), S(10, 0), S(5, 0), S(-5, 0), S(-10, 0), S(-10, 0), S(-10, 0), S(0, 0),
    // KING_STORM
    S(0, 0), S(0, 0), S(-20, 0), S(-15, 0), S(-8, 0), S(-4, 0), S(0, 0), S(0, 0),
    S(0, 0), S(0, 0), S(-20, 0), S(-15, 0), S(-8, 0), S(-4, 0), S(0, 0), S(0, 0),
    S(0, 0), S(0, 0), S(-20, 0), S(-15, 0), S(-8, 0), S(-4, 0), S(0, 0), S(0, 0),
    S(0, 0), S(0, 0), S(-20, 0), S(-15, 0), S(-8, 0), S(-4, 0), S(0, 0), S(0, 0),
    // KING_STORM_BLOCKED
    S(0, 0), S(0, 0), S(-5, 0), S(-10, 0), S(-5, 0), S(0, 0), S(0, 0), S(0, 0),
    // SPACE
    S(2, 0),
    // TEMPO
    S(12, 6),
    // SAFETY_ATTACKER
    S(10, 4), S(8, 4), S(10, 4), S(12, 4),
    // SAFETY_ZONE_ATTACKS
    S(8, 2),
    // SAFETY_WEAK_SQUARES
    S(20, 4),
    // SAFETY_SAFE_CHECK
    S(60, 8), S(40, 8), S(60, 8), S(50, 8),
    // SAFETY_NO_QUEEN
    S(-150, -20),
    // SAFETY_BASE
    S(-20, -10),
];
// END PARAMS
