//! Before a level chooses a move it looks for a forced mate with everything it has: a
//! full-strength search, a search for mates by checks only (the sacrificial mates a pruned
//! search scores badly) and an exhaustive hunt for short quiet mates (the ones pruning
//! cuts). A mate found is always played, so no level lets a mate it could see slip.

use std::sync::Arc;

use super::Chosen;
use crate::position::Position;
use crate::search::iterative::MateQuestions;
use crate::search::limits::Limits;
use crate::search::mate_by_checks;
use crate::search::timeman::TimeManager;
use crate::search::tt::TranspositionTable;
use crate::search::worker::{RootMove, SearchSettings, Shared, Worker};
use crate::search::{MATE, MATE_BOUND};

/// Mate check: stop as soon as a mate this short is proven (longer ones are rare and slow).
const MATE_CHECK_MOVES: u32 = 12;
/// Under a clock or movetime the mate check runs for the first part of the move's time, so a
/// mate that full strength finds in the level's time is never missed (the hardest of
/// mates.epd needs 3.9M nodes of the pruned search or 3.3M of the exhaustive hunt, so each
/// half of the check gets 4M). This cap keeps a generous movetime from making a level think
/// long (about 8 s here); at 10+0.1 the time always ends the check first.
const TIMED_MATE_CHECK_NODES: u64 = 8_000_000;
/// With no clock (`go depth`, `go infinite`) the check has this budget, about what 10+0.1 gives.
const UNTIMED_MATE_CHECK_NODES: u64 = 400_000;
/// The longest mate by checks looked for (its nodes are the mate check's).
const MATE_BY_CHECKS_MOVES: u32 = 6;
/// The share (of nodes and time) of the mate check that the pruned search has: it finds most
/// mates at once, and long ones; the exhaustive hunt after it finds the short quiet mates
/// that pruning cuts (a mate in 5 of mates.epd that the pruned search misses after 4M nodes
/// takes the hunt 0.8M).
const PRUNED_MATE_CHECK_PERCENT: u32 = 50;
/// The longest mate the exhaustive hunt looks for.
const MATE_HUNT_MOVES: u32 = 6;

/// The private table of the hunt and of the level's own search is small: their searches are.
pub(super) const PRIVATE_TT_MB: usize = 2;

/// A fresh private table, so that a search on it never sees full-strength results and its
/// node counts do not depend on earlier searches. Only where 2 MB cannot be had does it
/// fall back to the main table (the mate hunt cuts only on unpruned entries even there).
pub(super) fn private_table(shared: &Shared) -> Arc<TranspositionTable> {
    TranspositionTable::new(PRIVATE_TT_MB).map_or_else(|_| shared.tt.clone(), Arc::new)
}

/// What the mate check found.
pub(super) struct MateCheck {
    /// The full-strength search's line, or the mate found.
    pub chosen: Chosen,
    /// The move is decided: a forced mate, the only legal move, or the GUI said stop.
    pub decided: bool,
}

/// Runs the three searches on the main worker, after `used` nodes of this move, until the
/// move's soft limit (a `movetime`'s end).
pub(super) fn run(main: &mut Worker, shared: &Arc<Shared>, budget: &NodeBudget, used: u64) -> MateCheck {
    let pos = main.pos.clone();
    let budget = budget.after(used);
    let mate_time = mate_check_time(&shared.time);
    let default_nodes = if mate_time.is_bounded() { TIMED_MATE_CHECK_NODES } else { UNTIMED_MATE_CHECK_NODES };
    // The pruned search has the first share of the time left, the other two the rest.
    let now = shared.time.elapsed();
    let pruned_end = mate_time.deadlines().1.map(|end| now + end.saturating_sub(now) * PRUNED_MATE_CHECK_PERCENT / 100);
    let pruned = Shared {
        limits: Limits {
            nodes: Some(budget.for_mate_check(default_nodes, 0) * u64::from(PRUNED_MATE_CHECK_PERCENT) / 100),
            mate: Some(MATE_CHECK_MOVES),
            ..shared.limits.clone()
        },
        time: mate_time.with_deadlines(None, pruned_end),
        ..shared.fork(SearchSettings::default())
    };
    prepare_root(main, &pos, pruned);
    main.iterate();
    let mut chosen = Chosen { line: main.root_moves[0].clone(), depth: main.completed_depth, nodes: main.nodes };
    if chosen.line.best_known_score() >= MATE_BOUND || main.root_moves.len() == 1 || main.stopped_by_user() {
        return MateCheck { chosen, decided: true };
    }
    let full_strength = chosen.clone();

    // The sacrificial mates that the pruned search scores badly, by checks only.
    let roots: Vec<_> = main.root_moves.iter().map(|rm| rm.mv).collect();
    let out_of_time = || main.stopped_by_user() || mate_time.should_stop(shared.clock_origin());
    let find_nodes = budget.for_mate_check(default_nodes, chosen.nodes);
    let (mate, nodes) = mate_by_checks::find(&pos, &roots, MATE_BY_CHECKS_MOVES, find_nodes, &out_of_time);
    chosen.nodes += budget.counted(nodes, find_nodes);
    if let Some(mate) = mate {
        let plies = 2 * mate.moves as i32 - 1;
        chosen.line = RootMove {
            score: MATE - plies,
            previous_score: MATE - plies,
            seldepth: plies as usize,
            ..RootMove::new(mate.first)
        };
        chosen.depth = plies;
        return MateCheck { chosen, decided: true };
    }

    // The quiet mates that pruning cuts: proven by an exhaustive search, shortest first.
    let hunt_nodes = budget.for_mate_check(default_nodes, chosen.nodes);
    if hunt_nodes > 0 && !out_of_time() {
        // On a fresh table: the main one cuts a mate search only on unpruned entries anyway,
        // but a fresh one keeps the hunt's nodes, and so which mates it proves within its
        // budget, independent of earlier searches (a seeded game replays).
        let hunt = Shared {
            tt: private_table(shared),
            limits: Limits { nodes: Some(hunt_nodes), ..shared.limits.clone() },
            time: mate_time.clone(),
            ..shared.fork(SearchSettings { exhaustive: true, ..SearchSettings::default() })
        };
        prepare_root(main, &pos, hunt);
        let found = main.iterate_mate(MATE_HUNT_MOVES as i32, MateQuestions::GivenOnly);
        chosen.nodes += main.nodes;
        if found {
            chosen.line = main.root_moves[0].clone();
            chosen.depth = main.completed_depth;
            return MateCheck { chosen, decided: true };
        }
    }
    MateCheck { chosen: Chosen { nodes: chosen.nodes, ..full_strength }, decided: main.stopped_by_user() }
}

/// The mate check searches until the move's soft limit, which under a clock keeps the rest
/// of the clock (a `movetime` has both limits at its end).
fn mate_check_time(time: &TimeManager) -> TimeManager {
    let (soft, hard) = time.deadlines();
    time.with_deadlines(None, soft.or(hard))
}

/// How a `go nodes N` is shared out at a limited strength: N bounds the whole move, the
/// scoring and the mate check together. The scoring may take the smaller of its own budget
/// and half of N; the mate check the rest, never more than its usual budget. Without
/// `go nodes` each has its usual budget.
#[derive(Clone, Copy, Debug)]
pub(super) struct NodeBudget {
    /// What is left of the `go nodes` limit, if any.
    total: Option<u64>,
    scoring_nodes: u64,
}

impl NodeBudget {
    pub(super) fn new(total: Option<u64>, scoring_nodes: u64) -> Self {
        NodeBudget { total, scoring_nodes }
    }

    /// The scoring's budget.
    pub(super) fn for_scoring(&self) -> u64 {
        self.total.map_or(self.scoring_nodes, |n| self.scoring_nodes.min(n / 2))
    }

    /// What is left of a `go nodes` after `used` nodes.
    pub(super) fn remaining(&self, used: u64) -> Option<u64> {
        self.after(used).total
    }

    /// What is left after `used` nodes.
    fn after(&self, used: u64) -> NodeBudget {
        NodeBudget { total: self.total.map(|n| n.saturating_sub(used)), ..*self }
    }

    /// The nodes a part of the mate check may search after `used` nodes of the check, of the
    /// `usual` budget of the whole check.
    fn for_mate_check(&self, usual: u64, used: u64) -> u64 {
        let rest = usual.saturating_sub(used);
        self.total.map_or(rest, |n| rest.min(n.saturating_sub(used)))
    }

    /// The mate by checks counts the node at which it ran out of budget; under `go nodes`
    /// that node was never searched and is not counted.
    fn counted(&self, nodes: u64, budget: u64) -> u64 {
        if self.total.is_some() { nodes.min(budget) } else { nodes }
    }
}

pub(super) fn prepare_root(main: &mut Worker, pos: &Position, shared: Shared) {
    main.prepare(pos.clone(), Arc::new(shared));
    main.init_root_moves();
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[test]
    fn the_mate_check_ends_at_the_soft_limit() {
        let movetime = TimeManager::new(&Limits { movetime: Some(1030), ..Limits::default() }, 30);
        assert_eq!(mate_check_time(&movetime).deadlines(), (None, Some(Duration::from_millis(1000))));
        let clock = Limits {
            clock: Some(crate::search::Clock { time_ms: 10_000, inc_ms: 100, moves_to_go: None }),
            ..Limits::default()
        };
        let tm = TimeManager::new(&clock, 30);
        assert_eq!(mate_check_time(&tm).deadlines().1, tm.deadlines().0);
        let untimed = TimeManager::new(&Limits::default(), 30);
        assert!(mate_check_time(&tm).is_bounded() && !mate_check_time(&untimed).is_bounded());
    }

    #[test]
    fn go_nodes_bounds_the_whole_move() {
        let budget = NodeBudget::new(Some(10_000), 50_000);
        assert_eq!(budget.for_scoring(), 5_000);
        assert_eq!(budget.after(4_000).for_mate_check(400_000, 0), 6_000);
        assert_eq!(budget.after(4_000).for_mate_check(400_000, 5_000), 1_000);
        let unlimited = NodeBudget::new(None, 50_000);
        assert_eq!(unlimited.for_scoring(), 50_000);
        assert_eq!(unlimited.after(50_000).for_mate_check(400_000, 100_000), 300_000);
    }
}
