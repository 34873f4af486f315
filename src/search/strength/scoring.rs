//! Every legal move scored at each of the human model's depths: the verdicts the model
//! weighs, the same in play and when the model is fitted.

use std::sync::Arc;

use shakmaty::{Move, Position as _};

use super::human::SCORING_DEPTHS;
use crate::position::Position;
use crate::search::limits::Limits;
use crate::search::timeman::TimeManager;
use crate::search::tt::TranspositionTable;
use crate::search::worker::{Control, SearchSettings, Shared, ThreadCounters, Worker};
use crate::search::{INFINITY, MATE_BOUND};

/// One move's scores, side to move's view, at each scoring depth.
pub type Verdicts = [i32; SCORING_DEPTHS.len()];

/// Each depth searches every move in a window around the best score of the depth before:
/// exact from this far below it (a loss past it is a lost game either way) ...
const WINDOW_BELOW: i32 = 400;
/// ... to this far above it; a move that beats that is searched again without a ceiling.
const WINDOW_ABOVE: i32 = 300;

/// The window of a depth whose previous depth's best score is `centre` (`None`: the first).
fn window(centre: Option<i32>) -> (i32, i32) {
    match centre {
        Some(c) if c.abs() < MATE_BOUND => ((c - WINDOW_BELOW).max(-INFINITY), (c + WINDOW_ABOVE).min(INFINITY)),
        _ => (-INFINITY, INFINITY),
    }
}

/// Verdicts scored with wider windows, as `score_moves` gives them: each depth's scores
/// raised to its window's floor. Scorings recorded before a window changed stay usable.
pub fn as_scored(verdicts: &mut [Verdicts]) {
    for d in 1..SCORING_DEPTHS.len() {
        let centre = verdicts.iter().map(|v| v[d - 1]).max();
        let (alpha, _) = window(centre);
        verdicts.iter_mut().for_each(|v| v[d] = v[d].max(alpha));
    }
}

impl Worker {
    /// The scores of `moves` at every scoring depth, and how many depths completed within
    /// the limits: the depths a limit cut off repeat the last one completed. Depth 1 is a
    /// full-window quiescence after each move; each deeper one searches every move in a
    /// window around the previous depth's best. It starts from empty histories, so that the
    /// verdicts depend on the position alone, not on how far the clock let earlier searches
    /// go: a seeded level replays its game under a clock too.
    pub(in crate::search) fn score_moves(&mut self, moves: &[Move]) -> (Vec<Verdicts>, usize) {
        self.clear_statistics();
        let mut verdicts = vec![[0; SCORING_DEPTHS.len()]; moves.len()];
        let mut centre = None;
        for (d, &depth) in SCORING_DEPTHS.iter().enumerate() {
            let (alpha, beta) = window(centre);
            for (i, &m) in moves.iter().enumerate() {
                let score = match self.score_move(m, depth, alpha, beta) {
                    Some(score) if score >= beta && beta < INFINITY => self.score_move(m, depth, alpha, INFINITY),
                    score => score,
                };
                let Some(score) = score else {
                    for v in &mut verdicts {
                        let last = if d > 0 { v[d - 1] } else { 0 };
                        v[d..].fill(last);
                    }
                    return (verdicts, d);
                };
                verdicts[i][d] = score.max(alpha);
            }
            // The clock may stop the search from here on (`Worker::check_limits`).
            self.completed_depth = depth;
            centre = verdicts.iter().map(|v| v[d]).max();
        }
        (verdicts, SCORING_DEPTHS.len())
    }

    fn score_move(&mut self, m: Move, depth: i32, alpha: i32, beta: i32) -> Option<i32> {
        self.make_move(0, m);
        let score = self.search_made_move(0, depth - 1, alpha, beta, None, false);
        self.pos.unmake();
        (!self.stopped).then_some(score)
    }
}

/// Scores positions one after another on a table of its own, as a level does in play: for
/// fitting the human model on recorded games.
pub struct MoveScorer {
    worker: Worker,
}

/// A small table: each position's scoring is a few tens of thousands of nodes.
pub const SCORING_TT_MB: usize = 2;

impl Default for MoveScorer {
    fn default() -> Self {
        MoveScorer { worker: Worker::new(0) }
    }
}

impl MoveScorer {
    /// Every legal move of `pos` with its verdicts.
    pub fn score(&mut self, pos: &Position) -> (Vec<Move>, Vec<Verdicts>) {
        let moves: Vec<Move> = pos.board().legal_moves().into_iter().collect();
        let (events, _) = crossbeam_channel::unbounded();
        let shared = Shared {
            tt: Arc::new(TranspositionTable::new(SCORING_TT_MB).expect("a 2 MB table")),
            control: Arc::new(Control::default()),
            limits: Limits::default(),
            time: TimeManager::new(&Limits::default(), 0),
            counters: vec![ThreadCounters::default()],
            tablebase: None,
            events,
            settings: SearchSettings::default(),
        };
        self.worker.prepare(pos.clone(), Arc::new(shared));
        let (verdicts, _) = self.worker.score_moves(&moves);
        self.worker.finish();
        (moves, verdicts)
    }

    /// Nodes the last `score` searched.
    pub fn nodes(&self) -> u64 {
        self.worker.nodes
    }
}
