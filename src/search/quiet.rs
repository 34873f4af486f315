//! Quiet positions for training the evaluation: a position is made quiet by playing out the
//! principal variation of a quiescence search from it, so that the evaluation is fitted on
//! positions where no exchange is pending.

use std::sync::Arc;

use super::INFINITY;
use super::limits::Limits;
use super::timeman::TimeManager;
use super::tt::TranspositionTable;
use super::worker::{Control, SearchSettings, Shared, ThreadCounters, Worker};
use crate::position::Position;

/// The resolver's own table: quiescence searches are small.
const QUIET_TT_MB: usize = 1;

/// A quiescence search of its own, kept between positions.
pub struct QuietResolver {
    worker: Worker,
    shared: Arc<Shared>,
}

impl QuietResolver {
    pub fn new() -> Result<Self, String> {
        let (events, _) = crossbeam_channel::unbounded();
        let shared = Shared {
            tt: Arc::new(TranspositionTable::new(QUIET_TT_MB)?),
            control: Arc::new(Control::default()),
            limits: Limits::default(),
            time: TimeManager::new(&Limits::default(), 0),
            counters: vec![ThreadCounters::default()],
            events,
            settings: SearchSettings::default(),
            tablebase: None,
        };
        Ok(QuietResolver { worker: Worker::new(0), shared: Arc::new(shared) })
    }

    /// The position at the end of the quiescence search's principal variation from `pos`
    /// (`pos` itself when standing pat is best).
    pub fn resolve(&mut self, pos: &Position) -> Position {
        self.worker.prepare(pos.clone(), self.shared.clone());
        self.worker.qsearch(-INFINITY, INFINITY, 0);
        let line = self.worker.stack[0].pv.clone();
        self.worker.finish();
        let mut leaf = pos.clone();
        for m in line {
            leaf.play(m);
        }
        leaf
    }
}
