//! The search stack: what the search knows of each ply of the line it is on.

use std::ops::{Index, IndexMut};

use arrayvec::ArrayVec;
use shakmaty::{Bitboard, Move};

use super::MAX_PLY;
use super::correction::CorrectionKeys;

/// What the search knows of one ply of the line it is on.
#[derive(Clone, Default)]
pub struct Frame {
    /// The static eval, corrected by the correction history (`NO_EVAL` in check).
    pub static_eval: i32,
    /// The move made from this ply (`None` for a null move).
    pub mv: Option<Move>,
    /// The continuation history slot `mv` opens (who moved, and where).
    pub continuation: Option<usize>,
    /// A move a singular-extension search leaves out.
    pub excluded: Option<Move>,
    /// The late-move reduction the move made from this ply was searched with.
    pub reduction: i32,
    /// Double extensions on the line so far: they must stay rare.
    pub double_extensions: i32,
    pub killers: [Option<Move>; 2],
    /// The squares the opponent attacked at this ply (threat-indexed history).
    pub threats: Bitboard,
    /// This ply's correction-history entries, set with its static eval.
    pub correction_keys: CorrectionKeys,
    pub pv: ArrayVec<Move, MAX_PLY>,
}

/// The farthest back a node looks (`SearchStack::back`): the continuation histories read
/// the moves one and two plies before it.
const LOOKBACK_PLIES: usize = 2;
/// Frames past the deepest ply: a node at the ply limit still writes its child's frame.
const SPARE_FRAMES: usize = 2;

/// One frame per ply, indexed by ply, behind `LOOKBACK_PLIES` empty guard frames (as
/// Stockfish's `stack + 7`): a node may look back that far wherever it is, even at the root,
/// and what it finds there is empty (no move, no continuation).
#[derive(Clone)]
pub struct SearchStack {
    frames: Vec<Frame>,
}

impl Default for SearchStack {
    fn default() -> Self {
        SearchStack { frames: vec![Frame::default(); LOOKBACK_PLIES + MAX_PLY + SPARE_FRAMES] }
    }
}

impl SearchStack {
    /// Empties every frame (a new search: killers are only good within one).
    pub fn clear(&mut self) {
        self.frames.iter_mut().for_each(|f| *f = Frame::default());
    }

    /// The frame `n` plies before `ply` (at most `LOOKBACK_PLIES`); a guard frame before the root.
    pub fn back(&self, ply: usize, n: usize) -> &Frame {
        debug_assert!(n <= LOOKBACK_PLIES);
        &self.frames[LOOKBACK_PLIES + ply - n]
    }

    /// The principal variation of `ply`, to write, and its child's, to read.
    pub fn pv_and_child_pv(&mut self, ply: usize) -> (&mut ArrayVec<Move, MAX_PLY>, &ArrayVec<Move, MAX_PLY>) {
        let (head, tail) = self.frames.split_at_mut(LOOKBACK_PLIES + ply + 1);
        (&mut head[LOOKBACK_PLIES + ply].pv, &tail[0].pv)
    }
}

impl Index<usize> for SearchStack {
    type Output = Frame;

    fn index(&self, ply: usize) -> &Frame {
        &self.frames[LOOKBACK_PLIES + ply]
    }
}

impl IndexMut<usize> for SearchStack {
    fn index_mut(&mut self, ply: usize) -> &mut Frame {
        &mut self.frames[LOOKBACK_PLIES + ply]
    }
}
