//! Every search constant, named and kept together so that they can be tuned.
//! Glossary: `*_MAX_DEPTH` is the deepest remaining depth a technique applies at,
//! `*_MARGIN` a score margin in centipawns, `*_PER_DEPTH` what a margin grows by per ply.

/// Aspiration windows start at this depth with this half-width, widening by half each failure.
pub const ASPIRATION_MIN_DEPTH: i32 = 4;
pub const ASPIRATION_DELTA: i32 = 20;

/// Reverse futility pruning: a static eval this far above beta fails high at once.
pub const RFP_MAX_DEPTH: i32 = 7;
pub const RFP_MARGIN_PER_DEPTH: i32 = 75;

/// Null-move pruning: reduction `BASE + depth / DIVISOR`, more when the eval is far above beta.
pub const NMP_MIN_DEPTH: i32 = 3;
pub const NMP_BASE_REDUCTION: i32 = 3;
pub const NMP_DEPTH_DIVISOR: i32 = 4;
pub const NMP_EVAL_DIVISOR: i32 = 200;

/// Futility pruning of quiet moves when the static eval plus a margin cannot reach alpha.
pub const FUTILITY_MAX_DEPTH: i32 = 6;
pub const FUTILITY_MARGIN: i32 = 90;
pub const FUTILITY_MARGIN_PER_DEPTH: i32 = 90;

/// Late-move pruning: at shallow depth, quiet moves after `BASE + depth^2` are skipped.
pub const LMP_MAX_DEPTH: i32 = 6;
pub const LMP_BASE: i32 = 3;

/// Static-exchange pruning thresholds (centipawns per remaining ply).
pub const SEE_PRUNING_MAX_DEPTH: i32 = 7;
pub const SEE_QUIET_MARGIN_PER_DEPTH: i32 = -60;
pub const SEE_CAPTURE_MARGIN_PER_DEPTH: i32 = -100;

/// Late-move reductions: `BASE + ln(depth) * ln(moves) / DIVISOR`, from move `MIN_MOVES` on.
pub const LMR_MIN_DEPTH: i32 = 3;
pub const LMR_MIN_MOVES: usize = 3;
pub const LMR_BASE: f64 = 0.75;
pub const LMR_DIVISOR: f64 = 2.25;
/// History score that buys back (or costs) one ply of reduction.
pub const LMR_HISTORY_DIVISOR: i32 = 8192;

/// Internal iterative reduction: a node with no TT move at this depth is searched one ply less.
pub const IIR_MIN_DEPTH: i32 = 4;

/// Quiescence delta pruning: a capture that cannot lift the eval to alpha with this margin is skipped.
pub const QS_DELTA_MARGIN: i32 = 200;

/// History scores saturate at this magnitude.
pub const HISTORY_MAX: i32 = 16384;

/// Lazy SMP: helper threads with odd index start one ply deeper to diversify the trees.
pub const HELPER_DEPTH_OFFSET: i32 = 1;

/// The main thread polls the clock and the stop flag every this many nodes.
pub const NODES_BETWEEN_CHECKS: u64 = 1024;

/// Under `go nodes N` with several threads, each thread compares the threads' total with N
/// often enough that together they overshoot N by at most N / this (plus two nodes a thread).
pub const NODE_LIMIT_OVERSHOOT_DIVISOR: u64 = 64;
