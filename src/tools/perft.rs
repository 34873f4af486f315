//! Perft: counting the leaves of the legal move tree, the standard check of move generation.

use std::sync::atomic::{AtomicBool, Ordering};

use shakmaty::{Chess, Move, Position};

/// Below this depth a subtree is counted in one go; above it a cancelled count stops.
const UNINTERRUPTED_DEPTH: u32 = 4;

/// Leaf count at `depth` (bulk-counted at the last ply).
pub fn perft(pos: &Chess, depth: u32) -> u64 {
    shakmaty::perft(pos, depth)
}

/// Like [`perft`], but gives up (`None`) soon after `cancel` is raised.
pub fn perft_until(pos: &Chess, depth: u32, cancel: &AtomicBool) -> Option<u64> {
    if depth <= UNINTERRUPTED_DEPTH {
        return Some(perft(pos, depth));
    }
    let mut total = 0;
    for m in pos.legal_moves() {
        if cancel.load(Ordering::Relaxed) {
            return None;
        }
        let mut child = pos.clone();
        child.play_unchecked(m);
        total += perft_until(&child, depth - 1, cancel)?;
    }
    Some(total)
}

/// The count below each root move, in generation order, for comparing with another engine.
pub fn divide(pos: &Chess, depth: u32) -> Vec<(Move, u64)> {
    divide_until(pos, depth, &AtomicBool::new(false)).unwrap_or_default()
}

/// [`divide`] that can be cancelled.
pub fn divide_until(pos: &Chess, depth: u32, cancel: &AtomicBool) -> Option<Vec<(Move, u64)>> {
    if depth == 0 {
        return Some(Vec::new());
    }
    pos.legal_moves()
        .into_iter()
        .map(|m| {
            let mut child = pos.clone();
            child.play_unchecked(m);
            perft_until(&child, depth - 1, cancel).map(|n| (m, n))
        })
        .collect()
}
