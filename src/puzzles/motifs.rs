//! The board questions the theme tagger asks: piece values, who attacks and defends a
//! square, what hangs, what is pinned (to the king or to a more valuable piece), what is
//! trapped.

use shakmaty::{Bitboard, Board, Chess, Color, Piece, Position as _, Role, Square, attacks};

use crate::search::see::see;

/// Piece values for comparing pieces (the king above everything).
pub fn value(role: Role) -> i32 {
    match role {
        Role::Pawn => 1,
        Role::Knight | Role::Bishop => 3,
        Role::Rook => 5,
        Role::Queen => 9,
        Role::King => 100,
    }
}

/// The pieces of `color` that attack `sq`.
pub fn attackers(board: &Board, sq: Square, color: Color) -> Bitboard {
    board.attacks_to(sq, color, board.occupied())
}

/// Whether the piece on `sq` is defended by a piece of its own side.
pub fn is_defended(board: &Board, sq: Square) -> bool {
    board.color_at(sq).is_some_and(|color| attackers(board, sq, color).any())
}

/// Whether the piece on `sq` can be taken with profit: attacked and undefended, or attacked
/// by a less valuable piece.
pub fn is_hanging(board: &Board, sq: Square) -> bool {
    let Some(piece) = board.piece_at(sq) else { return false };
    let enemy = attackers(board, sq, !piece.color);
    enemy.any()
        && (!is_defended(board, sq)
            || enemy.into_iter().any(|a| board.role_at(a).is_some_and(|r| value(r) < value(piece.role))))
}

/// The enemy pieces (of `!mover`) that the piece on `sq` attacks.
pub fn attacked_enemies(board: &Board, sq: Square) -> Vec<(Square, Piece)> {
    let Some(color) = board.color_at(sq) else { return Vec::new() };
    (board.attacks_from(sq) & board.by_color(!color))
        .into_iter()
        .filter_map(|t| Some((t, board.piece_at(t)?)))
        .collect()
}

/// A piece of `pinned_side` on `pinned` that stands between an enemy slider on `pinner` and
/// its own piece on `behind`: the king (an absolute pin) or a more valuable piece (a
/// relative pin, which lichess's tagger does not see).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pin {
    pub pinner: Square,
    pub pinned: Square,
    pub behind: Square,
}

/// Every pin of the pieces of `side` by the sliders of the other side.
pub fn pins(board: &Board, side: Color) -> Vec<Pin> {
    let mut found = Vec::new();
    let own = board.by_color(side);
    for pinner in board.by_color(!side) & board.sliders() {
        let Some(role) = board.role_at(pinner) else { continue };
        for pinned in board.attacks_from(pinner) & own {
            let Some(pinned_role) = board.role_at(pinned) else { continue };
            if pinned_role == Role::King {
                continue;
            }
            // What the slider would hit on the same line with the pinned piece gone.
            let through = attacks::attacks(pinner, Piece { color: !side, role }, board.occupied() ^ pinned);
            let beyond = through & own & attacks::ray(pinner, pinned) & !attacks::between(pinner, pinned);
            for behind in beyond {
                let Some(behind_role) = board.role_at(behind) else { continue };
                if attacks::between(pinner, behind).contains(pinned)
                    && (behind_role == Role::King
                        || (behind_role != Role::Pawn && value(behind_role) > value(pinned_role)))
                {
                    found.push(Pin { pinner, pinned, behind });
                }
            }
        }
    }
    found
}

/// Whether the piece on `sq` (not a pawn or king) is trapped in `pos`, its side to move: it
/// is attacked so that it will be lost, and each of its moves loses it too.
pub fn is_trapped(pos: &Chess, sq: Square) -> bool {
    let board = pos.board();
    let Some(piece) = board.piece_at(sq) else { return false };
    if piece.color != pos.turn() || matches!(piece.role, Role::Pawn | Role::King) || pos.is_check() {
        return false;
    }
    if !is_hanging(board, sq) {
        return false;
    }
    pos.legal_moves().iter().filter(|m| m.from() == Some(sq)).all(|&m| see(pos, m) < 0)
}
