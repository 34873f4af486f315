//! Perft: counting the leaves of the legal move tree, the standard check of move generation.

use shakmaty::{Chess, Move, Position};

/// Leaf count at `depth` (bulk-counted at the last ply).
pub fn perft(pos: &Chess, depth: u32) -> u64 {
    shakmaty::perft(pos, depth)
}

/// The count below each root move, in generation order, for comparing with another engine.
pub fn divide(pos: &Chess, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.legal_moves()
        .into_iter()
        .map(|m| {
            let mut child = pos.clone();
            child.play_unchecked(m);
            (m, perft(&child, depth - 1))
        })
        .collect()
}
