//! What the weights cannot say: endings where the material says the stronger side cannot
//! win (scaled toward a draw), and the mop-up that drives a lone king to the edge.

use shakmaty::{Board, Color, Role, Square};

use super::bitboards::same_colour_squares;

pub const MAX_PHASE: i32 = 24;
/// The endgame half of the score is multiplied by `scale / SCALE_NORMAL`.
pub const SCALE_NORMAL: i32 = 128;
/// Bishops of opposite colours and nothing else but pawns.
const SCALE_OPPOSITE_BISHOPS: i32 = 64;
/// Opposite bishops, each side with one more piece of the same kind (rook or knight).
const SCALE_OPPOSITE_BISHOPS_WITH_PIECE: i32 = 96;
/// No pawns, and at most a bishop's worth of material more: KR v KB, KRB v KR.
const SCALE_PAWNLESS_SMALL_EDGE: i32 = 16;
/// No pawns and a single minor or two knights: no mate can be forced.
const SCALE_CANNOT_MATE: i32 = 0;
/// One pawn against pieces that can give themselves up for it.
const SCALE_LAST_PAWN: i32 = 80;

/// Material in pawns for the scale rules (their simple arithmetic is the point).
const SIMPLE_VALUE: [i32; 5] = [1, 3, 3, 5, 9];

/// Bonus per step of the lone king from the centre, and per step closer of the kings.
const MOP_UP_EDGE: i32 = 10;
const MOP_UP_DISTANCE: i32 = 4;
/// The mop-up applies from this advantage on (centipawns).
const MOP_UP_MIN_SCORE: i32 = 300;

fn non_pawn_material(board: &Board, color: Color) -> i32 {
    [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
        .iter()
        .map(|&r| SIMPLE_VALUE[r as usize - 1] * (board.by_role(r) & board.by_color(color)).count() as i32)
        .sum()
}

fn count_of(board: &Board, color: Color, role: Role) -> usize {
    (board.by_role(role) & board.by_color(color)).count()
}

/// The scale of the endgame score, out of `SCALE_NORMAL`, for the side `eg` favours.
pub fn endgame_scale(board: &Board, eg: i32) -> i32 {
    let strong = if eg > 0 { Color::White } else { Color::Black };
    let weak = !strong;
    let strong_pawns = count_of(board, strong, Role::Pawn);
    let (strong_npm, weak_npm) = (non_pawn_material(board, strong), non_pawn_material(board, weak));
    if strong_pawns == 0 {
        let two_knights = strong_npm == 2 * SIMPLE_VALUE[1] && count_of(board, strong, Role::Knight) == 2;
        if strong_npm <= SIMPLE_VALUE[2] || two_knights {
            return SCALE_CANNOT_MATE;
        }
        if strong_npm - weak_npm <= SIMPLE_VALUE[2] {
            return SCALE_PAWNLESS_SMALL_EDGE;
        }
    }
    if let Some(scale) = opposite_bishops(board) {
        return scale;
    }
    if strong_pawns == 1 && weak_npm >= SIMPLE_VALUE[1] && strong_npm <= weak_npm + SIMPLE_VALUE[1] {
        return SCALE_LAST_PAWN;
    }
    SCALE_NORMAL
}

/// The scale when each side has one bishop, on squares of opposite colours.
fn opposite_bishops(board: &Board) -> Option<i32> {
    let (white, black) = (board.bishops() & board.white(), board.bishops() & board.black());
    let (w, b) = (white.single_square()?, black.single_square()?);
    if same_colour_squares(w) & (1 << b.to_usize()) != 0 {
        return None;
    }
    let others = |c: Color| [Role::Knight, Role::Rook, Role::Queen].map(|r| count_of(board, c, r));
    let (ow, ob) = (others(Color::White), others(Color::Black));
    match (ow, ob) {
        ([0, 0, 0], [0, 0, 0]) => Some(SCALE_OPPOSITE_BISHOPS),
        _ if ow == ob && ow.iter().sum::<usize>() == 1 && ow[2] == 0 => Some(SCALE_OPPOSITE_BISHOPS_WITH_PIECE),
        _ => None,
    }
}

/// Helps convert won endings against a lone king: push it to the edge, bring ours close.
/// From White's side; 0 unless one side has a bare king and the other a clear advantage.
pub fn mop_up(board: &Board, white: i32) -> i32 {
    let (strong, weak) = if white > 0 { (Color::White, Color::Black) } else { (Color::Black, Color::White) };
    if board.by_color(weak).count() != 1 || white.abs() < MOP_UP_MIN_SCORE {
        return 0;
    }
    let (Some(sk), Some(wk)) = (board.king_of(strong), board.king_of(weak)) else { return 0 };
    let centre_distance = |sq: Square| {
        let (f, r) = (sq.file().to_usize() as i32, sq.rank().to_usize() as i32);
        (2 * f - 7).abs().max((2 * r - 7).abs()) / 2
    };
    let bonus = MOP_UP_EDGE * centre_distance(wk) + MOP_UP_DISTANCE * (14 - sk.distance(wk) as i32 * 2);
    if strong == Color::White { bonus } else { -bonus }
}
