//! Every search constant, named and kept together so that they can be tuned.
//!
//! The tunable ones are declared once in `search_params!` below: each becomes a function
//! (`params::rfp_margin_per_depth()`) and an entry of [`TUNABLES`]. In a normal build the
//! function returns its default as a constant, which the compiler folds into the search;
//! a `--features tune` build reads a runtime table instead, offers every entry as a UCI spin
//! option and lists them for SPSA (`rokade spsa`, the form OpenBench reads).
//!
//! Glossary: `*_max_depth` is the deepest remaining depth a technique applies at,
//! `*_margin` a score margin in centipawns, `*_per_depth` what a margin grows by per ply,
//! `*_pct` a percentage, `*_x100` a real number times 100.

#[cfg(feature = "tune")]
use std::sync::atomic::{AtomicI32, Ordering};

/// One tunable parameter: its name (as UCI option), default and range.
#[derive(Clone, Copy, Debug)]
pub struct Tunable {
    pub name: &'static str,
    pub default: i32,
    pub min: i32,
    pub max: i32,
}

impl Tunable {
    /// SPSA's final perturbation: a twentieth of the range, at least 1.
    pub fn step(&self) -> f64 {
        (f64::from(self.max - self.min) / 20.0).max(1.0)
    }
}

macro_rules! search_params {
    ($( $(#[doc = $doc:expr])* $name:ident = $default:expr, $min:expr, $max:expr; )*) => {
        #[allow(non_camel_case_types)]
        #[derive(Clone, Copy)]
        enum Id { $($name),* }

        /// Every tunable search parameter, in declaration order.
        pub const TUNABLES: &[Tunable] =
            &[$(Tunable { name: stringify!($name), default: $default, min: $min, max: $max }),*];

        /// The values in force: a tune build sets them through `setoption`.
        #[cfg(feature = "tune")]
        static VALUES: [AtomicI32; TUNABLES.len()] = [$(AtomicI32::new($default)),*];

        $(
            $(#[doc = $doc])*
            #[cfg(feature = "tune")]
            #[inline]
            pub fn $name() -> i32 {
                VALUES[Id::$name as usize].load(Ordering::Relaxed)
            }

            $(#[doc = $doc])*
            #[cfg(not(feature = "tune"))]
            #[inline(always)]
            pub const fn $name() -> i32 {
                TUNABLES[Id::$name as usize].default
            }
        )*
    };
}

search_params! {
    /// Aspiration windows start at this depth with this half-width, widening by half each failure.
    aspiration_min_depth = 4, 1, 10;
    aspiration_delta = 20, 5, 60;

    /// Reverse futility pruning: a static eval this far above beta fails high at once.
    rfp_max_depth = 7, 3, 12;
    rfp_margin_per_depth = 75, 30, 150;

    /// Null-move pruning: reduction `base + depth / divisor + min((eval - beta) / eval_divisor, eval_max)`.
    nmp_min_depth = 3, 1, 6;
    nmp_base_reduction = 3, 1, 6;
    nmp_depth_divisor = 4, 2, 8;
    nmp_eval_divisor = 200, 80, 400;
    nmp_eval_max = 3, 1, 6;

    /// ProbCut: a good capture that beats `beta + margin` in a shallow search cuts off.
    probcut_min_depth = 5, 3, 10;
    probcut_margin = 200, 80, 400;
    probcut_reduction = 4, 2, 6;

    /// Singular extensions: the TT move is singular when every other move fails below
    /// `tt_score - margin_per_depth * depth / 8`, searched at half depth.
    singular_min_depth = 8, 5, 12;
    singular_tt_depth_slack = 3, 1, 5;
    singular_margin_per_depth = 16, 4, 40;
    /// Far below the singular bound, a non-PV node extends twice, at most this often on a line.
    double_extension_margin = 20, 0, 60;
    double_extension_limit = 6, 0, 12;

    /// Hindsight: a move reduced by at least `min_reduction` that, by the static evals, cost
    /// the side that played it nothing is searched a ply deeper; one reduced by at least one
    /// less that cost it more than `margin`, a ply less.
    hindsight_min_reduction = 3, 2, 5;
    hindsight_margin = 175, 50, 400;

    /// Futility pruning of quiet moves when the static eval plus a margin cannot reach alpha.
    futility_max_depth = 6, 3, 10;
    futility_margin = 90, 30, 200;
    futility_margin_per_depth = 90, 40, 160;

    /// Late-move pruning: at shallow depth, quiet moves after `(base + depth^2) / (2 - improving)` are skipped.
    lmp_max_depth = 6, 3, 10;
    lmp_base = 3, 1, 8;

    /// History pruning: a quiet move whose history is below `-margin * depth` is skipped.
    history_pruning_max_depth = 3, 1, 6;
    history_pruning_margin = 2000, 500, 6000;

    /// Static-exchange pruning thresholds (centipawns per remaining ply).
    see_pruning_max_depth = 7, 3, 10;
    see_quiet_margin_per_depth = -60, -120, -20;
    see_capture_margin_per_depth = -100, -200, -30;

    /// Late-move reductions: `base + ln(depth) * ln(moves) / divisor`, from move `min_moves` on.
    lmr_min_depth = 3, 2, 5;
    lmr_min_moves = 3, 1, 6;
    lmr_base_x100 = 75, 0, 150;
    lmr_divisor_x100 = 225, 150, 350;
    /// History score that buys back (or costs) one ply of reduction.
    lmr_history_divisor = 10000, 4000, 20000;

    /// Internal iterative reduction: a node with no TT move at this depth is searched one ply less.
    iir_min_depth = 4, 2, 8;

    /// Quiescence futility: a capture that cannot lift the eval to alpha with this margin is skipped.
    qs_delta_margin = 200, 50, 400;

    /// History bonus of a cutoff: `per_depth * depth - offset`, at most `max`.
    history_bonus_per_depth = 150, 50, 400;
    history_bonus_offset = 100, 0, 400;
    history_bonus_max = 1500, 500, 3000;

    /// Capture ordering: the victim's exchange value times this, plus the capture history.
    capture_victim_weight = 16, 4, 32;

    /// Transposition table replacement: an entry's worth is its depth minus this times its age.
    tt_age_weight = 8, 1, 16;

    /// Time: moves assumed left when the GUI does not say, and the shares of the clock.
    time_default_moves_to_go = 25, 15, 40;
    /// Share of the per-move budget after which no new iteration starts, before the scaling below.
    time_soft_pct = 63, 30, 90;
    /// The hard limit may stretch the budget this many times, but never past this share of the clock.
    time_hard_multiplier = 3, 2, 6;
    time_hard_max_pct = 40, 20, 60;
    /// Soft limit scaling: the best move unchanged for several iterations needs less time.
    time_stability_max_x100 = 134, 100, 200;
    time_stability_step_x100 = 10, 0, 25;
    time_stability_min_x100 = 69, 40, 100;
    /// ...a best move that took most of the nodes needs less, one that took few needs more...
    time_node_base_x100 = 149, 100, 250;
    time_node_scale_x100 = 130, 50, 250;
    /// ...and a score falling from the last iterations needs more, up to this factor.
    time_score_drop_max_x100 = 188, 100, 250;
    time_score_drop_per_cp_x100 = 1, 0, 5;
}

/// Lazy SMP: helper threads with odd index start one ply deeper to diversify the trees.
pub const HELPER_DEPTH_OFFSET: i32 = 1;

/// A search looks at its limits (the clock, the stop flag) every this many nodes: the main
/// thread of the search and the mate by checks alike.
pub const NODES_BETWEEN_CHECKS: u64 = 1024;

/// History scores saturate at this magnitude.
pub const HISTORY_MAX: i32 = 16384;

/// Correction history: entries hold centipawns times `GRAIN`, within `MAX`, and move towards
/// a new result by `min(depth + 1, MAX_WEIGHT) / WEIGHT_SCALE`.
pub const CORRECTION_GRAIN: i32 = 256;
pub const CORRECTION_MAX: i32 = 64 * CORRECTION_GRAIN;
pub const CORRECTION_MAX_WEIGHT: i32 = 16;
pub const CORRECTION_WEIGHT_SCALE: i32 = 256;

/// Under `go nodes N` with several threads, each thread compares the threads' total with N
/// often enough that together they overshoot N by at most N / this (plus two nodes a thread).
pub const NODE_LIMIT_OVERSHOOT_DIVISOR: u64 = 64;

/// Sets a tunable by its (case-insensitive) name, clamped to its range; the value set, or
/// `None` for an unknown name.
#[cfg(feature = "tune")]
pub fn set(name: &str, value: i32) -> Option<i32> {
    let i = TUNABLES.iter().position(|t| t.name.eq_ignore_ascii_case(name))?;
    let clamped = value.clamp(TUNABLES[i].min, TUNABLES[i].max);
    VALUES[i].store(clamped, Ordering::Relaxed);
    Some(clamped)
}

/// The value in force of the tunable at index `i` of [`TUNABLES`].
pub fn value(i: usize) -> i32 {
    #[cfg(feature = "tune")]
    return VALUES[i].load(Ordering::Relaxed);
    #[cfg(not(feature = "tune"))]
    TUNABLES[i].default
}

/// The SPSA listing OpenBench reads: `name, int, value, min, max, c_end, r_end` per line.
pub fn spsa_listing() -> String {
    TUNABLES
        .iter()
        .enumerate()
        .map(|(i, t)| format!("{}, int, {}, {}, {}, {:.1}, 0.002\n", t.name, value(i), t.min, t.max, t.step()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_default_is_inside_its_range_and_names_are_unique() {
        for t in TUNABLES {
            assert!(t.min <= t.default && t.default <= t.max, "{}", t.name);
            assert_eq!(TUNABLES.iter().filter(|u| u.name == t.name).count(), 1, "{}", t.name);
        }
    }

    #[test]
    fn the_spsa_listing_has_a_line_per_parameter() {
        let listing = spsa_listing();
        assert_eq!(listing.lines().count(), TUNABLES.len());
        assert!(listing.contains("rfp_margin_per_depth, int, 75, 30, 150, 6.0, 0.002"));
    }
}
