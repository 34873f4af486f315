//! How long to think. A soft limit decides whether to start another iteration; a hard
//! limit stops the search mid-iteration. Both keep `Move Overhead` in reserve.

use std::time::{Duration, Instant};

use super::limits::Limits;
use super::params;

/// The soft limit's scaling stays within these factors, so that a short clock is not drained.
/// Milliseconds kept back each move for the GUI's and the pipe's delays (`Move Overhead`).
pub const DEFAULT_MOVE_OVERHEAD_MS: u64 = 30;

const MIN_SOFT_SCALE: f64 = 0.4;
const MAX_SOFT_SCALE: f64 = 2.0;
/// Never plan to leave less than this on the clock (ms), beyond the overhead.
const MIN_RESERVE_MS: u64 = 5;

#[derive(Clone, Debug)]
pub struct TimeManager {
    start: Instant,
    soft: Option<Duration>,
    hard: Option<Duration>,
}

impl TimeManager {
    pub fn new(limits: &Limits, move_overhead_ms: u64) -> Self {
        let start = Instant::now();
        if let Some(movetime) = limits.movetime {
            let t = Duration::from_millis(movetime.saturating_sub(move_overhead_ms).max(1));
            return TimeManager { start, soft: Some(t), hard: Some(t) };
        }
        let Some(clock) = limits.clock else {
            return TimeManager { start, soft: None, hard: None };
        };
        let usable = clock.time_ms.saturating_sub(move_overhead_ms + MIN_RESERVE_MS).max(1);
        let param = |value: i32| value.max(1) as u64;
        let default_moves_to_go = param(params::time_default_moves_to_go());
        let moves_to_go = clock.moves_to_go.map_or(default_moves_to_go, |m| u64::from(m.clamp(1, 50)));
        let budget =
            if moves_to_go == 1 { usable * 9 / 10 } else { (usable / moves_to_go + clock.inc_ms * 3 / 4).min(usable) };
        let hard_cap =
            if moves_to_go == 1 { usable * 9 / 10 } else { usable * param(params::time_hard_max_pct()) / 100 };
        let hard = (budget * param(params::time_hard_multiplier())).min(hard_cap).max(1);
        let soft = (budget * param(params::time_soft_pct()) / 100).min(hard).max(1);
        TimeManager { start, soft: Some(Duration::from_millis(soft)), hard: Some(Duration::from_millis(hard)) }
    }

    /// The same deadline without the soft limit: for searches bounded by nodes, where the
    /// clock is only a safety net.
    pub fn hard_only(&self) -> TimeManager {
        TimeManager { soft: None, ..self.clone() }
    }

    /// The soft and hard limits, counted from the clock's start.
    pub fn deadlines(&self) -> (Option<Duration>, Option<Duration>) {
        (self.soft, self.hard)
    }

    /// The same clock with other limits.
    pub fn with_deadlines(&self, soft: Option<Duration>, hard: Option<Duration>) -> TimeManager {
        TimeManager { soft, hard, ..self.clone() }
    }

    /// Whether a clock or movetime bounds the search.
    pub fn is_bounded(&self) -> bool {
        self.hard.is_some()
    }

    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// `since` is when the clock started for us: the `go`, or the `ponderhit` when pondering.
    pub fn should_stop(&self, since: Duration) -> bool {
        self.hard.is_some_and(|h| self.elapsed().saturating_sub(since) >= h)
    }

    /// Whether another iteration may start, with the soft limit scaled by `scale` (what the
    /// search knows of how settled its move is, from [`soft_scale`]); never past the hard limit.
    pub fn should_start_iteration(&self, since: Duration, scale: f64) -> bool {
        let elapsed = self.elapsed().saturating_sub(since);
        match (self.soft, self.hard) {
            (None, _) => true,
            // A movetime (soft and hard at the same point) is used whole.
            (Some(s), Some(h)) if s >= h => elapsed < h,
            // An iteration started late runs on towards the hard limit: none starts past half of it.
            (Some(s), hard) => {
                let scaled = s.mul_f64(scale.clamp(MIN_SOFT_SCALE, MAX_SOFT_SCALE));
                elapsed < scaled && hard.is_none_or(|h| elapsed < h / 2)
            }
        }
    }
}

/// What the last iterations say about the move: how many it stayed the best, the share of
/// the nodes it took, and how far (cp) the score fell in the last iterations.
#[derive(Clone, Copy, Debug)]
pub struct Settledness {
    pub stable_iterations: u32,
    pub best_move_node_share: f64,
    pub score_drop: i32,
}

/// The factor the soft limit is scaled by: a move that has stayed best and took most of
/// the effort needs less time, a new or contested best move or a falling score needs more.
pub fn soft_scale(s: Settledness) -> f64 {
    let x100 = |v: i32| f64::from(v) / 100.0;
    let stability = x100(
        (params::time_stability_max_x100() - params::time_stability_step_x100() * s.stable_iterations as i32)
            .max(params::time_stability_min_x100()),
    );
    let nodes = (x100(params::time_node_base_x100()) - s.best_move_node_share) * x100(params::time_node_scale_x100());
    let drop = (1.0 + x100(params::time_score_drop_per_cp_x100()) * f64::from(s.score_drop.max(0)))
        .min(x100(params::time_score_drop_max_x100()));
    stability * nodes.max(0.1) * drop
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Clock;

    fn limits(time_ms: u64, inc_ms: u64, moves_to_go: Option<u32>) -> Limits {
        Limits { clock: Some(Clock { time_ms, inc_ms, moves_to_go }), ..Limits::default() }
    }

    #[test]
    fn budgets_stay_inside_the_clock() {
        for (time, inc, mtg) in [(1000, 10, None), (60000, 0, Some(1)), (50, 0, Some(1)), (10, 0, None), (0, 0, None)] {
            let tm = TimeManager::new(&limits(time, inc, mtg), 30);
            let (soft, hard) = (tm.soft.unwrap().as_millis() as u64, tm.hard.unwrap().as_millis() as u64);
            assert!(soft <= hard, "{time}+{inc}/{mtg:?}");
            assert!(hard <= time.saturating_sub(35).max(1), "{time}+{inc}/{mtg:?}: hard {hard}");
        }
    }

    #[test]
    fn an_unsettled_move_gets_more_time_than_a_settled_one() {
        let settled = Settledness { stable_iterations: 8, best_move_node_share: 0.9, score_drop: 0 };
        let fresh = Settledness { stable_iterations: 0, best_move_node_share: 0.3, score_drop: 0 };
        let falling = Settledness { score_drop: 40, ..settled };
        assert!(soft_scale(settled) < 1.0 && soft_scale(fresh) > 1.5, "{} {}", soft_scale(settled), soft_scale(fresh));
        assert!(soft_scale(falling) > soft_scale(settled));
    }

    #[test]
    fn a_scaled_soft_limit_never_passes_the_hard_one() {
        let tm = TimeManager::new(&Limits { movetime: Some(1), ..Limits::default() }, 0);
        std::thread::sleep(Duration::from_millis(2));
        assert!(!tm.should_start_iteration(Duration::ZERO, 100.0));
    }

    #[test]
    fn movetime_keeps_the_overhead() {
        let tm = TimeManager::new(&Limits { movetime: Some(1000), ..Limits::default() }, 30);
        assert_eq!(tm.hard, Some(Duration::from_millis(970)));
    }
}
