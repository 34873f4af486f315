//! One search thread's state, kept between searches so that histories carry over.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use crossbeam_channel::Sender;
use shakmaty::Move;

use super::correction::CorrectionHistory;
use super::history::History;
use super::limits::Limits;
use super::params::{self, NODE_LIMIT_OVERSHOOT_DIVISOR, NODES_BETWEEN_CHECKS};
use super::stack::SearchStack;
use super::tablebase::TablebaseProbe;
use super::timeman::TimeManager;
use super::tt::{Bound, TranspositionTable};
use super::{INFINITY, MATE_BOUND, SearchEvent, SearchInfo};
use crate::eval::Evaluator;
use crate::position::Position;

/// Flags the front end flips while threads search.
#[derive(Default)]
pub struct Control {
    pub stop: AtomicBool,
    pub pondering: AtomicBool,
    /// Milliseconds after the `go` at which `ponderhit` came (0 when not pondering).
    pub ponderhit_ms: AtomicU64,
}

/// One thread's counts, on a cache line of their own so that threads do not slow each
/// other down.
#[derive(Default)]
#[repr(align(64))]
pub struct ThreadCounters {
    pub nodes: AtomicU64,
    pub tb_hits: AtomicU64,
}

/// What all threads of one search share.
pub struct Shared {
    pub tt: Arc<TranspositionTable>,
    pub control: Arc<Control>,
    pub limits: Limits,
    pub time: TimeManager,
    pub counters: Vec<ThreadCounters>,
    pub events: Sender<SearchEvent>,
    pub settings: SearchSettings,
    /// The tablebases the search probes (`None`: no tables loaded, or none to probe).
    pub tablebase: Option<TablebaseProbe>,
}

/// How one search runs, the same for all its threads and for its whole length. The UCI
/// options set `multipv` (`SearchConfig::settings`); the searcher sets the rest per `go`.
#[derive(Clone, Copy, Debug)]
pub struct SearchSettings {
    /// How many best lines the main thread searches and reports (at least 1).
    pub multipv: usize,
    /// Whether the main thread sends `Info` events (a limited strength reports only its choice).
    pub report: bool,
    /// No forward pruning or reductions: a `go mate` search must not miss a mate.
    pub exhaustive: bool,
    /// A node limit stops a one-thread search only once depth 1 is complete, so that the
    /// move played is one it scored (a level's band when its mate check scored none).
    pub finish_depth_one: bool,
    /// The caller already holds the move to play (a level's check of its pick), so the
    /// clock may stop this search before depth 1 completes; otherwise the clock waits for
    /// depth 1, so that the move played is one the search scored.
    pub holds_a_move: bool,
}

impl Default for SearchSettings {
    fn default() -> Self {
        SearchSettings { multipv: 1, report: false, exhaustive: false, finish_depth_one: false, holds_a_move: false }
    }
}

impl Shared {
    /// A sub-search of the same `go` on the main thread only, with its own settings: same
    /// table, limits and events, its own node count, and bounded by the clock's hard limit
    /// only, since its own limits are nodes.
    pub fn fork(&self, settings: SearchSettings) -> Shared {
        Shared {
            tt: self.tt.clone(),
            control: self.control.clone(),
            limits: self.limits.clone(),
            time: self.time.hard_only(),
            counters: vec![ThreadCounters::default()],
            events: self.events.clone(),
            settings,
            tablebase: self.tablebase.clone(),
        }
    }

    /// How many nodes a thread searches between two looks at the limits. With a node limit
    /// one thread looks at every node, so it stops exactly at the limit; several threads look
    /// often enough that their total stays within `NODE_LIMIT_OVERSHOOT_DIVISOR` of it.
    pub fn node_check_interval(&self) -> u64 {
        match (self.limits.nodes, self.counters.len()) {
            (None, _) => NODES_BETWEEN_CHECKS,
            (Some(_), 1) => 1,
            (Some(limit), threads) => {
                (limit / (threads as u64 * NODE_LIMIT_OVERSHOOT_DIVISOR)).clamp(1, NODES_BETWEEN_CHECKS)
            }
        }
    }

    pub fn total_nodes(&self) -> u64 {
        self.counters.iter().map(|c| c.nodes.load(Ordering::Relaxed)).sum()
    }

    pub fn total_tb_hits(&self) -> u64 {
        self.counters.iter().map(|c| c.tb_hits.load(Ordering::Relaxed)).sum()
    }

    /// Time since our clock started: the `go`, or the `ponderhit` after a ponder search.
    pub fn clock_origin(&self) -> Duration {
        Duration::from_millis(self.control.ponderhit_ms.load(Ordering::Relaxed))
    }
}

#[derive(Clone, Debug)]
pub struct RootMove {
    pub mv: Move,
    pub score: i32,
    pub previous_score: i32,
    pub seldepth: usize,
    pub pv: Vec<Move>,
    /// Nodes spent below this move in the current search (time management).
    pub nodes: u64,
    /// The move's rank by the tablebases (0 for all when the root is not in them): only the
    /// moves of the best rank are searched, so the result the tables give is kept.
    pub tb_rank: i32,
    /// The score the tables give the move, shown instead of the search's unless that is a mate.
    pub tb_score: Option<i32>,
}

impl RootMove {
    pub fn new(mv: Move) -> Self {
        RootMove {
            mv,
            score: -INFINITY,
            previous_score: -INFINITY,
            seldepth: 0,
            pv: vec![mv],
            nodes: 0,
            tb_rank: 0,
            tb_score: None,
        }
    }

    /// The score of the last completed search of this move.
    pub fn best_known_score(&self) -> i32 {
        if self.score == -INFINITY { self.previous_score } else { self.score }
    }

    /// Root moves are sorted by this, best first: the tables' rank, then the search.
    pub fn order_key(&self) -> std::cmp::Reverse<(i32, i32, i32)> {
        std::cmp::Reverse((self.tb_rank, self.score, self.previous_score))
    }

    /// The score to show: the tables' unless the search proved a mate.
    pub fn shown_score(&self) -> i32 {
        let searched = self.best_known_score();
        match self.tb_score {
            Some(tb) if searched.abs() < MATE_BOUND => tb,
            _ => searched,
        }
    }

    /// This line as the GUI sees it, after `nodes` nodes of the search that `shared` describes.
    pub fn info(&self, depth: i32, multipv: usize, bound: Option<Bound>, nodes: u64, shared: &Shared) -> SearchInfo {
        SearchInfo {
            depth: depth.max(1),
            seldepth: self.seldepth.max(1),
            multipv,
            score: self.shown_score(),
            bound,
            nodes,
            time_ms: shared.time.elapsed().as_millis() as u64,
            hashfull: shared.tt.hashfull(),
            tb_hits: shared.total_tb_hits(),
            pv: self.pv.clone(),
        }
    }
}

pub struct Worker {
    pub id: usize,
    pub pos: Position,
    pub history: History,
    pub correction: CorrectionHistory,
    /// The evaluation with this thread's pawn cache.
    pub evaluator: Evaluator,
    pub nodes: u64,
    pub seldepth: usize,
    pub stack: SearchStack,
    pub root_moves: Vec<RootMove>,
    pub completed_depth: i32,
    /// The best move and score after each completed iteration (time management).
    pub iteration_results: Vec<(Move, i32)>,
    pub stopped: bool,
    /// Forward pruning and reductions on (off for an exhaustive mate search).
    pub prune: bool,
    /// Nodes between two looks at the limits, for this search (`Shared::node_check_interval`).
    check_interval: u64,
    /// The tables this search probes (`None`: none, the usual case, checked at once).
    pub tablebase: Option<TablebaseProbe>,
    pub tb_hits: u64,
    lmr: Box<[[i32; 64]; 64]>,
    /// The parameters `lmr` was filled from (a tune build may change them between searches).
    lmr_params: Option<(i32, i32)>,
    shared: Option<Arc<Shared>>,
}

impl Worker {
    pub fn new(id: usize) -> Self {
        Worker {
            id,
            pos: Position::default(),
            history: History::default(),
            correction: CorrectionHistory::default(),
            evaluator: Evaluator::default(),
            nodes: 0,
            seldepth: 0,
            stack: SearchStack::default(),
            root_moves: Vec::new(),
            completed_depth: 0,
            iteration_results: Vec::new(),
            stopped: false,
            prune: true,
            check_interval: NODES_BETWEEN_CHECKS,
            tablebase: None,
            tb_hits: 0,
            lmr: Box::new([[0; 64]; 64]),
            lmr_params: None,
            shared: None,
        }
    }

    pub fn prepare(&mut self, pos: Position, shared: Arc<Shared>) {
        self.pos = pos;
        self.prune = !shared.settings.exhaustive;
        self.check_interval = shared.node_check_interval();
        self.tablebase = shared.tablebase.clone();
        self.shared = Some(shared);
        self.nodes = 0;
        self.tb_hits = 0;
        self.seldepth = 0;
        self.completed_depth = 0;
        self.iteration_results.clear();
        self.stopped = false;
        // Killers are only good within one search; histories carry over to the next move.
        self.stack.clear();
        self.fill_reduction_table();
    }

    /// Forgets what earlier searches learnt (a new game).
    pub fn clear_statistics(&mut self) {
        self.history.clear();
        self.correction.clear();
    }

    /// The reductions by depth and move number, from the parameters in force.
    fn fill_reduction_table(&mut self) {
        let in_force = (params::lmr_base_x100(), params::lmr_divisor_x100());
        if self.lmr_params == Some(in_force) {
            return;
        }
        self.lmr_params = Some(in_force);
        let base = f64::from(in_force.0) / 100.0;
        let divisor = f64::from(in_force.1) / 100.0;
        for (depth, row) in self.lmr.iter_mut().enumerate().skip(1) {
            for (moves, r) in row.iter_mut().enumerate().skip(1) {
                *r = (base + (depth as f64).ln() * (moves as f64).ln() / divisor) as i32;
            }
        }
    }

    pub fn finish(&mut self) {
        self.shared = None;
        self.tablebase = None;
    }

    pub fn shared(&self) -> &Arc<Shared> {
        self.shared.as_ref().expect("worker prepared for a search")
    }

    /// Whether the GUI asked the search to stop (as opposed to a limit being reached).
    pub fn stopped_by_user(&self) -> bool {
        self.shared().control.stop.load(Ordering::Relaxed)
    }

    pub fn is_main(&self) -> bool {
        self.id == 0
    }

    pub fn lmr(&self, depth: i32, moves: usize) -> i32 {
        self.lmr[depth.clamp(0, 63) as usize][moves.min(63)]
    }

    /// Counts a node; the main thread also enforces the time limit here, every thread the
    /// node limit.
    pub fn count_node(&mut self) {
        self.nodes += 1;
        let shared = self.shared.as_ref().expect("worker prepared for a search");
        shared.counters[self.id].nodes.store(self.nodes, Ordering::Relaxed);
        if self.nodes.is_multiple_of(self.check_interval) {
            self.check_limits();
        }
    }

    /// Counts tablebase probes that gave an answer.
    pub fn count_tb_hits(&mut self, hits: u64) {
        self.tb_hits += hits;
        self.shared().counters[self.id].tb_hits.store(self.tb_hits, Ordering::Relaxed);
    }

    /// The threads' total reached the limit. The main thread goes on alone until it has
    /// completed depth 1 (or searched the whole limit itself), so that the move played is
    /// one that the search scored, as under a clock.
    fn out_of_nodes(&self, limit: u64) -> bool {
        let shared = self.shared();
        if shared.counters.len() == 1 {
            return self.nodes >= limit && (self.completed_depth > 0 || !shared.settings.finish_depth_one);
        }
        let total_reached = shared.total_nodes() >= limit;
        if self.is_main() { total_reached && (self.completed_depth > 0 || self.nodes >= limit) } else { total_reached }
    }

    fn check_limits(&mut self) {
        let shared = self.shared.as_ref().expect("worker prepared for a search");
        let control = &shared.control;
        if shared.limits.nodes.is_some_and(|limit| self.out_of_nodes(limit)) {
            self.stopped = true;
        }
        if self.is_main() {
            let pondering = control.pondering.load(Ordering::Relaxed);
            // Depth 1 always completes (a few hundred nodes) unless the caller holds a move,
            // so the move played is one a search scored, however late on the clock.
            let has_a_move = self.completed_depth > 0 || shared.settings.holds_a_move;
            let out_of_time = !pondering && has_a_move && shared.time.should_stop(shared.clock_origin());
            // Helpers stop when the main thread, returning, raises the shared flag.
            if out_of_time {
                self.stopped = true;
            }
        }
        if control.stop.load(Ordering::Relaxed) {
            self.stopped = true;
        }
    }
}
