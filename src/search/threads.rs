//! Lazy SMP: every thread searches the same root, sharing only the transposition table.
//! The main thread watches the limits, reports progress and, at the end, picks the move.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::thread::{self, JoinHandle};
use std::time::Duration;

use crossbeam_channel::Sender;
use shakmaty::{Move, Position as _};

use super::limits::Limits;
use super::strength::{self, LEVEL_THREADS, Strength};
use super::tablebase::{ProbeOptions, TablebaseProbe, Tablebases};
use super::timeman::DEFAULT_MOVE_OVERHEAD_MS;
use super::timeman::TimeManager;
use super::tt::{DEFAULT_HASH_MB, TranspositionTable};
use super::worker::{Control, RootMove, SearchSettings, Shared, ThreadCounters, Worker};
use super::{INFINITY, SearchEvent, SearchInfo, score_kind};
use crate::position::Position;

/// The most search threads `Threads` (and the tools' `--threads`) may ask for.
pub const MAX_THREADS: usize = 256;
/// The most lines `MultiPV` may ask for.
pub const MAX_MULTIPV: usize = 256;

/// Deep recursion with move lists on the stack needs more than the default thread stack.
const SEARCH_STACK_BYTES: usize = 64 << 20;
/// How often a finished `infinite` or `ponder` search looks for `stop` or `ponderhit`.
const IDLE_POLL: Duration = Duration::from_millis(2);

/// The end result of a search run to completion.
#[derive(Clone, Debug, Default)]
pub struct SearchOutcome {
    pub best: Option<Move>,
    pub ponder: Option<Move>,
    /// The last main-line report: score, depth, nodes, PV.
    pub info: Option<SearchInfo>,
}

/// Per-search settings that come from UCI options.
#[derive(Clone, Debug)]
pub struct SearchConfig {
    pub threads: usize,
    /// The per-search settings the options choose (`multipv`); `start` fills in the rest.
    pub settings: SearchSettings,
    pub move_overhead_ms: u64,
    /// `None`: full strength.
    pub strength: Option<Strength>,
    /// How the tablebases are probed, when there are any (`Searcher::set_tablebase_path`).
    pub syzygy: ProbeOptions,
}

impl SearchConfig {
    /// The default search with `lines` best lines.
    pub fn with_multipv(lines: usize) -> Self {
        SearchConfig {
            settings: SearchSettings { multipv: lines, ..SearchSettings::default() },
            ..SearchConfig::default()
        }
    }
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            threads: 1,
            settings: SearchSettings::default(),
            move_overhead_ms: DEFAULT_MOVE_OVERHEAD_MS,
            strength: None,
            syzygy: ProbeOptions::default(),
        }
    }
}

/// The search between and during `go`s: the table and every worker's state (histories,
/// pawn caches). Each `go` runs the workers on threads of its own, which hand them back when
/// it ends, so nothing is shared with a finished search.
pub struct Searcher {
    tt: Arc<TranspositionTable>,
    control: Arc<Control>,
    /// The Syzygy tables, shared by every thread of every search (`None`: no tables).
    tablebases: Option<Arc<Tablebases>>,
    /// Workers between searches; during a search they live in `running`.
    idle: Vec<Worker>,
    running: Option<JoinHandle<Vec<Worker>>>,
}

impl Searcher {
    pub fn new(hash_mb: usize) -> Result<Self, String> {
        Ok(Searcher {
            tt: Arc::new(TranspositionTable::new(hash_mb)?),
            control: Arc::new(Control::default()),
            tablebases: None,
            idle: vec![Worker::new(0)],
            running: None,
        })
    }

    pub fn is_searching(&self) -> bool {
        self.running.as_ref().is_some_and(|h| !h.is_finished())
    }

    /// Starts searching in the background; events arrive on `events`, ending with one `BestMove`.
    pub fn start(&mut self, pos: &Position, limits: Limits, config: &SearchConfig, events: Sender<SearchEvent>) {
        self.stop_and_wait();
        self.tt.new_search();
        self.control.stop.store(false, Ordering::SeqCst);
        self.control.pondering.store(limits.ponder, Ordering::SeqCst);
        self.control.ponderhit_ms.store(0, Ordering::SeqCst);
        let threads = if config.strength.is_some() { LEVEL_THREADS } else { config.threads.max(1) };
        let mut workers = std::mem::take(&mut self.idle);
        workers.truncate(threads);
        while workers.len() < threads {
            workers.push(Worker::new(workers.len()));
        }
        let limits_mate = limits.mate.is_some();
        let shared = Arc::new(Shared {
            tt: self.tt.clone(),
            control: self.control.clone(),
            time: TimeManager::new(&limits, config.move_overhead_ms),
            limits,
            counters: (0..threads).map(|_| ThreadCounters::default()).collect(),
            events,
            tablebase: self.tablebases.as_ref().and_then(|tables| TablebaseProbe::new(tables, config.syzygy)),
            settings: SearchSettings {
                multipv: config.settings.multipv.max(1),
                report: config.strength.is_none(),
                exhaustive: limits_mate && config.strength.is_none(),
                ..SearchSettings::default()
            },
        });
        let strength = config.strength;
        for w in &mut workers {
            w.prepare(pos.clone(), shared.clone());
        }
        let pos_for_fallback = pos.clone();
        let handle = thread::Builder::new()
            .name("search-main".into())
            .stack_size(SEARCH_STACK_BYTES)
            .spawn(move || {
                let fallback = shared.clone();
                let root = pos_for_fallback;
                catch_unwind(AssertUnwindSafe(|| run_search(workers, shared, strength))).unwrap_or_else(|_| {
                    // A bug must not leave the GUI waiting: any legal move, and say what happened.
                    let best = root.board().legal_moves().first().copied();
                    let _ = fallback.events.send(SearchEvent::Message("internal error in the search".into()));
                    let _ = fallback.events.send(SearchEvent::BestMove { best, ponder: None });
                    vec![Worker::new(0)]
                })
            })
            .expect("spawn search thread");
        self.running = Some(handle);
    }

    /// Searches to the end of `limits` and returns what the search reported.
    pub fn search_sync(&mut self, pos: &Position, limits: Limits, config: &SearchConfig) -> SearchOutcome {
        let (tx, rx) = crossbeam_channel::unbounded();
        self.start(pos, limits, config, tx);
        self.wait();
        let mut outcome = SearchOutcome::default();
        for event in rx.try_iter() {
            match event {
                SearchEvent::Info(info) if info.multipv == 1 => outcome.info = Some(info),
                SearchEvent::BestMove { best, ponder } => (outcome.best, outcome.ponder) = (best, ponder),
                _ => {}
            }
        }
        outcome
    }

    pub fn stop(&self) {
        self.control.stop.store(true, Ordering::SeqCst);
    }

    /// The opponent played the expected move: the clock now runs for us.
    pub fn ponderhit(&self, elapsed_since_go: Duration) {
        self.control.ponderhit_ms.store(elapsed_since_go.as_millis() as u64, Ordering::SeqCst);
        self.control.pondering.store(false, Ordering::SeqCst);
    }

    /// Waits for the running search (which has then sent its `BestMove`).
    pub fn wait(&mut self) {
        if let Some(handle) = self.running.take() {
            match handle.join() {
                Ok(workers) => self.idle = workers,
                Err(_) => self.idle = vec![Worker::new(0)],
            }
        }
    }

    pub fn stop_and_wait(&mut self) {
        self.stop();
        self.wait();
    }

    /// Forget everything learnt: TT and histories (a new game).
    pub fn clear(&mut self) {
        self.stop_and_wait();
        self.tt.clear();
        for w in &mut self.idle {
            w.clear_statistics();
        }
    }

    /// Loads the tables of the folders in `path` (`SyzygyPath`), replacing any loaded before;
    /// returns what to tell the user (tables found, files skipped).
    pub fn set_tablebase_path(&mut self, path: &str) -> Vec<String> {
        self.stop_and_wait();
        let loaded = Tablebases::load(path);
        self.tablebases = loaded.tables.map(Arc::new);
        loaded.messages
    }

    pub fn has_tablebases(&self) -> bool {
        self.tablebases.is_some()
    }

    pub fn resize_tt(&mut self, megabytes: usize) -> Result<(), String> {
        self.stop_and_wait();
        // Free the old table first so that shrinking or regrowing never needs both at once.
        self.tt = Arc::new(TranspositionTable::new(1)?);
        match TranspositionTable::new(megabytes) {
            Ok(tt) => {
                self.tt = Arc::new(tt);
                Ok(())
            }
            Err(e) => {
                self.tt = Arc::new(TranspositionTable::new(DEFAULT_HASH_MB)?);
                Err(format!("{e}; hash is now {DEFAULT_HASH_MB} MB"))
            }
        }
    }
}

fn run_search(mut workers: Vec<Worker>, shared: Arc<Shared>, strength: Option<Strength>) -> Vec<Worker> {
    workers[0].init_root_moves();
    if workers[0].root_moves.is_empty() {
        report_no_moves(&workers[0], &shared);
    } else if let Some(level) = strength {
        let chosen = strength::play(&mut workers[0], &shared, &level);
        wait_for_release(&shared);
        report_final(&workers[0], &(chosen.line, chosen.depth), chosen.nodes, &shared);
    } else {
        workers[0].rank_root_moves_by_tablebase();
        let (root_moves, tablebase) = (workers[0].root_moves.clone(), workers[0].tablebase.clone());
        for w in &mut workers[1..] {
            w.root_moves = root_moves.clone();
            w.tablebase = tablebase.clone();
        }
        let (main, helpers) = workers.split_at_mut(1);
        thread::scope(|scope| {
            for helper in helpers.iter_mut() {
                thread::Builder::new()
                    .stack_size(SEARCH_STACK_BYTES)
                    .spawn_scoped(scope, || helper.iterate())
                    .expect("spawn helper thread");
            }
            main[0].iterate();
            wait_for_release(&shared);
            shared.control.stop.store(true, Ordering::SeqCst);
        });
        let best = pick_best(&workers, shared.settings.multipv);
        report_final(&workers[0], &best, shared.total_nodes(), &shared);
    }
    for w in &mut workers {
        w.finish();
    }
    workers
}

/// Under `go infinite` or `go ponder` the move may only be sent after `stop` or `ponderhit`.
fn wait_for_release(shared: &Shared) {
    let control = &shared.control;
    while !control.stop.load(Ordering::SeqCst) && (shared.limits.infinite || control.pondering.load(Ordering::SeqCst)) {
        thread::sleep(IDLE_POLL);
    }
}

fn report_no_moves(main: &Worker, shared: &Shared) {
    let score = if main.pos.is_check() { -super::MATE } else { 0 };
    let info = SearchInfo {
        depth: 0,
        seldepth: 0,
        multipv: 1,
        score,
        bound: None,
        nodes: 0,
        time_ms: 0,
        hashfull: shared.tt.hashfull(),
        tb_hits: 0,
        pv: Vec::new(),
    };
    let _ = shared.events.send(SearchEvent::Info(info));
    wait_for_release(shared);
    let _ = shared.events.send(SearchEvent::BestMove { best: None, ponder: None });
}

/// The main thread's line, unless a helper completed a deeper iteration at least as good.
fn pick_best(workers: &[Worker], multipv: usize) -> (RootMove, i32) {
    let main = &workers[0];
    let mut best = (main.root_moves[0].clone(), main.completed_depth);
    if multipv > 1 {
        return best;
    }
    for w in &workers[1..] {
        let candidate = &w.root_moves[0];
        let better = w.completed_depth > best.1 && candidate.best_known_score() >= best.0.best_known_score();
        let shorter_mate = matches!(score_kind(candidate.best_known_score()), super::ScoreKind::Mate(n) if n > 0)
            && candidate.best_known_score() > best.0.best_known_score();
        if better || shorter_mate {
            best = (candidate.clone(), w.completed_depth);
        }
    }
    best
}

fn report_final(main: &Worker, best: &(RootMove, i32), nodes: u64, shared: &Shared) {
    let (rm, depth) = best;
    let info = rm.info(*depth, 1, None, nodes, shared);
    // With MultiPV the lines were just reported; a limited strength reports only its choice.
    // A search stopped before its first result has no score to give (not "mate 0").
    if (shared.settings.multipv == 1 || !shared.settings.report) && rm.best_known_score() != -INFINITY {
        let _ = shared.events.send(SearchEvent::Info(info));
    }
    let ponder = rm.pv.get(1).copied().or_else(|| ponder_from_tt(main, rm.mv, shared));
    let _ = shared.events.send(SearchEvent::BestMove { best: Some(rm.mv), ponder });
}

/// When the PV ends after our move, the TT may still know the expected reply.
fn ponder_from_tt(main: &Worker, best: Move, shared: &Shared) -> Option<Move> {
    let mut pos = main.pos.clone();
    pos.make(best);
    shared.tt.probe(&pos, 0).and_then(|e| e.best_move)
}
