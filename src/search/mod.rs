//! The search: Lazy SMP threads running iterative deepening over a principal variation
//! search, sharing one transposition table. It knows nothing of UCI text: it takes
//! [`Limits`] and reports [`SearchEvent`]s.

mod alphabeta;
mod correction;
mod history;
mod iterative;
mod limits;
mod mate_by_checks;
mod movepick;
pub mod params;
pub(crate) mod quiet;
pub mod see;
mod stack;
pub mod strength;
pub mod tablebase;
mod threads;
mod timeman;
pub mod tt;
mod worker;

pub use limits::{Clock, Limits};
pub use threads::{MAX_MULTIPV, MAX_THREADS, SearchConfig, SearchOutcome, Searcher};
pub use timeman::DEFAULT_MOVE_OVERHEAD_MS;
pub use tt::{Bound, DEFAULT_HASH_MB, MAX_HASH_MB};
pub use worker::SearchSettings;

use shakmaty::Move;

/// Deepest ply the search goes; also bounds the per-ply stacks.
pub const MAX_PLY: usize = 128;
/// Score of being mated right now; a mate in `n` plies scores `MATE - n`.
pub const MATE: i32 = 32000;
/// Scores beyond this are mate scores.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
/// A win the tablebases prove at `ply` scores `TB_WIN - ply`: in a band just below the
/// mates, so that a mate the search finds is still preferred, and never shown as a mate.
pub const TB_WIN: i32 = MATE_BOUND - 1;
/// Scores beyond this are tablebase wins or mates: results, not evaluations.
pub const TB_WIN_BOUND: i32 = TB_WIN - MAX_PLY as i32;
pub const INFINITY: i32 = MATE + 1;
/// Centipawns standing in for a forced mate where a number is needed (the WDL model, the
/// analysis's winning chances): a certain result.
pub const MATE_AS_CP: i32 = 10_000;

/// A tablebase win shows as `score cp 20000` less the plies to the position the tables
/// hold, as Stockfish shows it: far above any evaluation, and not a mate.
pub const TB_WIN_AS_CP: i32 = 20_000;

/// Whether a score is a proven result (a mate or a tablebase win or loss) rather than an
/// evaluation.
pub fn is_decisive(score: i32) -> bool {
    score.abs() >= TB_WIN_BOUND
}

/// A score as a GUI shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScoreKind {
    Centipawns(i32),
    /// Moves to mate; negative when the side to move is mated.
    Mate(i32),
}

/// Converts an internal score (side to move's view) into centipawns or moves to mate.
pub fn score_kind(score: i32) -> ScoreKind {
    if score >= MATE_BOUND {
        ScoreKind::Mate((MATE - score + 1) / 2)
    } else if score <= -MATE_BOUND {
        ScoreKind::Mate(-(MATE + score) / 2)
    } else if is_decisive(score) {
        ScoreKind::Centipawns(score.signum() * (TB_WIN_AS_CP - (TB_WIN - score.abs())))
    } else {
        ScoreKind::Centipawns(score)
    }
}

/// One line of the search's progress.
#[derive(Clone, Debug)]
pub struct SearchInfo {
    pub depth: i32,
    pub seldepth: usize,
    /// 1-based index of the line when several are searched.
    pub multipv: usize,
    pub score: i32,
    /// `Some` when the score is only a bound (an aspiration window failed).
    pub bound: Option<Bound>,
    pub nodes: u64,
    pub time_ms: u64,
    pub hashfull: u32,
    /// Tablebase probes that gave an answer.
    pub tb_hits: u64,
    pub pv: Vec<Move>,
}

#[derive(Clone, Debug)]
pub enum SearchEvent {
    Info(SearchInfo),
    /// Exactly one per search; `best` is `None` when there is no legal move.
    BestMove {
        best: Option<Move>,
        ponder: Option<Move>,
    },
    /// Something the user should read (a mate limit not reached, ...).
    Message(String),
    /// Lines for the GUI as they are (the `go perft` listing).
    Output(Vec<String>),
}
