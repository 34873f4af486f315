//! Static exchange evaluation: the material balance of the capture sequence on one square
//! when both sides always recapture with their least valuable attacker.

use shakmaty::{Bitboard, Board, Chess, Move, Position, Role, Square};

/// Exchange values, simpler than the evaluation's and fixed so that SEE is stable.
pub const SEE_VALUE: [i32; 7] = [0, 100, 320, 330, 500, 950, 20000];

fn value(role: Role) -> i32 {
    SEE_VALUE[role as usize]
}

/// The material the side to move wins (negative: loses) by playing `m` and the exchanges after it.
pub fn see(pos: &Chess, m: Move) -> i32 {
    let Some(from) = m.from() else { return 0 };
    if m.is_castle() {
        return 0;
    }
    let board = pos.board();
    let to = m.to();
    let mut occupied = board.occupied() ^ Bitboard::from_square(from);
    let mut gains = [0i32; 34];
    gains[0] = m.capture().map_or(0, value);
    if let Some(promo) = m.promotion() {
        gains[0] += value(promo) - value(Role::Pawn);
    }
    if m.is_en_passant() {
        let victim = Square::from_coords(to.file(), from.rank());
        occupied ^= Bitboard::from_square(victim);
    }
    let mut on_square = value(m.promotion().unwrap_or(m.role()));
    let mut side = !pos.turn();
    let mut depth = 0;
    loop {
        // attacks_to recomputes slider rays with `occupied`, so x-ray attackers appear.
        let attackers = board.attacks_to(to, side, occupied) & occupied;
        if attackers.is_empty() {
            break;
        }
        let Some((sq, role)) = least_valuable(board, attackers) else { break };
        // A king may only take last: if the other side still defends, stop.
        if role == Role::King && (board.attacks_to(to, !side, occupied ^ Bitboard::from_square(sq)) & occupied).any() {
            break;
        }
        depth += 1;
        gains[depth] = on_square - gains[depth - 1];
        on_square = value(role);
        occupied ^= Bitboard::from_square(sq);
        side = !side;
        if depth == gains.len() - 1 {
            break;
        }
    }
    while depth > 0 {
        gains[depth - 1] = -(-gains[depth - 1]).max(gains[depth]);
        depth -= 1;
    }
    gains[0]
}

fn least_valuable(board: &Board, attackers: Bitboard) -> Option<(Square, Role)> {
    Role::ALL.iter().find_map(|&role| (attackers & board.by_role(role)).first().map(|sq| (sq, role)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;

    fn see_of(fen: &str, uci: &str) -> i32 {
        let pos = Position::from_fen(fen).unwrap();
        see(pos.board(), pos.parse_move(uci).unwrap())
    }

    #[test]
    fn exchanges() {
        // Pawn takes an undefended knight.
        assert_eq!(see_of("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5"), 320);
        // Queen takes a pawn defended by a pawn.
        assert_eq!(see_of("4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1", "d2d5"), 100 - 950);
        // Rook takes a defended rook, backed by a second rook behind it (x-ray).
        assert_eq!(see_of("3rk3/8/8/3r4/8/8/3R4/3RK3 w - - 0 1", "d2d5"), 500);
        // A quiet move onto a square the enemy pawn covers.
        assert_eq!(see_of("4k3/8/3p4/8/4N3/8/8/4K3 w - - 0 1", "e4c5"), -320);
    }
}
