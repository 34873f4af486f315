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
