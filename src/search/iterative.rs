//! Iterative deepening with aspiration windows and MultiPV at the root.

use std::sync::atomic::Ordering;

use shakmaty::Position as _;

use super::params::{self, HELPER_DEPTH_OFFSET};
use super::timeman::{Settledness, soft_scale};
use super::tt::Bound;
use super::worker::{RootMove, Worker};
use super::{INFINITY, MATE, MAX_PLY, ScoreKind, SearchEvent, is_decisive, score_kind};

/// Which mates an exhaustive mate search asks about.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum MateQuestions {
    /// Given and suffered (`go mate`).
    Both,
    /// Given only (the levels' mate hunt).
    GivenOnly,
}

/// The score drop that buys time is measured from the best of this many earlier iterations.
const SCORE_DROP_ITERATIONS: usize = 3;
/// Aspiration windows wider than this give way to a full window.
const ASPIRATION_MAX_DELTA: i32 = 1000;
/// Bound lines are only worth printing once a search has run this long (ms).
const BOUND_REPORT_AFTER_MS: u64 = 1000;
/// With a single legal move and a clock, this depth is enough to find a ponder move.
const SINGLE_MOVE_DEPTH: i32 = 4;
/// `go mate`: plies searched beyond a found mate's length, so that no shorter one hides.
const MATE_CONFIRM_PLIES: i32 = 1;
/// `go mate N` with N above this searches for mates this long (2N plies, exhaustively).
const MAX_MATE_MOVES: u32 = 60;
/// A pruned search asked for a mate (the strength levels' mate check) gives up at depth `2N + this`.
const MATE_SEARCH_EXTRA_PLIES: i32 = 8;

impl Worker {
    /// The legal root moves, restricted to `searchmoves` when given.
    pub fn init_root_moves(&mut self) {
        let only = &self.shared().limits.searchmoves;
        let moves = self.pos.board().legal_moves();
        self.root_moves =
            moves.iter().filter(|m| only.is_empty() || only.contains(m)).map(|&m| RootMove::new(m)).collect();
    }

    /// At a root the tablebases hold, ranks the root moves by them (best first) so that only
    /// the moves that keep the tables' result are searched. Ranked by DTZ, every such line
    /// converts within the fifty-move rule by itself and the search stops probing (its
    /// scores would all be the same win); ranked by WDL alone, a winning side keeps probing.
    /// A mate search (`go mate`) is left alone: it proves its mates by search.
    pub(super) fn rank_root_moves_by_tablebase(&mut self) {
        let Some(tb) = self.tablebase.clone() else { return };
        if self.shared().settings.exhaustive || !tb.holds_root(self.pos.board()) {
            return;
        }
        let moves: Vec<_> = self.root_moves.iter().map(|rm| rm.mv).collect();
        let ranking = tb.tables.rank_root_moves(&self.pos, &moves, tb.rule50);
        for message in ranking.messages {
            let _ = self.shared().events.send(SearchEvent::Message(message));
        }
        let Some(ranks) = ranking.ranks else { return };
        for (rm, rank) in self.root_moves.iter_mut().zip(&ranks) {
            rm.tb_rank = rank.rank;
            rm.tb_score = Some(rank.score);
        }
        self.root_moves.sort_by_key(|rm| std::cmp::Reverse(rm.tb_rank));
        self.count_tb_hits(moves.len() as u64);
        if ranking.by_dtz || self.root_moves[0].tb_score.is_some_and(|score| score <= 0) {
            self.tablebase = None;
        }
    }

    /// The end of the group of root moves ranked as the one at `from`: a search from `from`
    /// looks at no move the tables rank lower.
    fn rank_group_end(&self, from: usize) -> usize {
        let rank = self.root_moves[from].tb_rank;
        self.root_moves[from..].iter().position(|rm| rm.tb_rank != rank).map_or(self.root_moves.len(), |n| from + n)
    }

    pub fn iterate(&mut self) {
        let shared = self.shared().clone();
        let max_depth = shared.limits.depth.unwrap_or(MAX_PLY as i32 - 1).clamp(1, MAX_PLY as i32 - 1);
        let first_depth = if self.is_main() { 1 } else { 1 + HELPER_DEPTH_OFFSET * (self.id as i32 % 2) };
        if let (true, Some(moves)) = (shared.settings.exhaustive, shared.limits.mate) {
            let moves = moves.min(MAX_MATE_MOVES) as i32;
            if self.iterate_mate(moves, MateQuestions::Both) || self.stopped {
                return;
            }
            // No mate: an ordinary search to the same depth finds the move and score to report.
            self.prune = true;
            return self.deepen(first_depth..=(2 * moves).min(max_depth));
        }
        self.deepen(first_depth..=max_depth);
    }

    fn deepen(&mut self, depths: std::ops::RangeInclusive<i32>) {
        let shared = self.shared().clone();
        let lines = if self.is_main() { shared.settings.multipv.min(self.root_moves.len()) } else { 1 };
        for depth in depths {
            for rm in &mut self.root_moves {
                rm.previous_score = rm.score;
                rm.score = -INFINITY;
            }
            for line in 0..lines {
                self.seldepth = 0;
                self.aspiration(depth, line);
                self.root_moves[..=line].sort_by_key(RootMove::order_key);
                if self.stopped {
                    break;
                }
            }
            if self.stopped {
                break;
            }
            self.completed_depth = depth;
            self.iteration_results.push((self.root_moves[0].mv, self.root_moves[0].score));
            if self.is_main() {
                if shared.settings.report {
                    for line in 0..lines {
                        self.report(line, None);
                    }
                }
                if self.enough_after_iteration(depth) {
                    break;
                }
            }
        }
    }

    fn aspiration(&mut self, depth: i32, line: usize) {
        let previous = self.root_moves[line].previous_score;
        let mut delta = params::aspiration_delta();
        let (mut alpha, mut beta) = if depth >= params::aspiration_min_depth() && !is_decisive(previous) {
            (previous - delta, previous + delta)
        } else {
            (-INFINITY, INFINITY)
        };
        loop {
            let score = self.root_search(depth, alpha, beta, line);
            self.sort_root_moves(line);
            if self.stopped {
                return;
            }
            let bound = if score <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITY);
                Bound::Upper
            } else if score >= beta {
                beta = (score + delta).min(INFINITY);
                Bound::Lower
            } else {
                return;
            };
            let shared = self.shared();
            if self.is_main()
                && shared.settings.report
                && shared.time.elapsed().as_millis() as u64 > BOUND_REPORT_AFTER_MS
            {
                self.report(line, Some(bound));
            }
            delta += delta / 2;
            if delta > ASPIRATION_MAX_DELTA {
                alpha = -INFINITY;
                beta = INFINITY;
            }
        }
    }

    /// `go mate N`: exhaustive searches to 2N plies, each depth asking a yes/no question with
    /// a window that cuts off as soon as the answer is no: can we mate within N moves (odd
    /// depths), are we mated within N (even depths)? Scores inside the windows are exact, so a mate reported
    /// is proven and the shortest (the longest defence when we are the side mated). The
    /// levels' mate hunt asks only for mates given: a level has no use for those it suffers.
    pub(super) fn iterate_mate(&mut self, moves: i32, questions: MateQuestions) -> bool {
        let bound = MATE - 2 * moves;
        for depth in 1..=2 * moves {
            if depth % 2 == 0 && questions == MateQuestions::GivenOnly {
                continue;
            }
            for rm in &mut self.root_moves {
                rm.previous_score = rm.score;
                rm.score = -INFINITY;
            }
            // Mates given end on odd plies and mates suffered on even ones, and depth d - 1
            // already saw every mate shorter than d plies: each depth has one question.
            let found = if depth % 2 == 1 {
                self.mates_within(depth, bound) > bound
            } else {
                self.mated_within(depth, bound) <= -bound
            };
            if self.stopped {
                break;
            }
            self.completed_depth = depth;
            if found {
                if self.is_main() && self.shared().settings.report {
                    self.report(0, None);
                }
                return true;
            }
        }
        // Without a mate the scores are only bounds: nothing to report from them.
        self.root_moves.iter_mut().for_each(|rm| (rm.score, rm.previous_score) = (-INFINITY, -INFINITY));
        if self.is_main() && !self.stopped && self.shared().settings.report {
            let _ = self.shared().events.send(SearchEvent::Message(format!("no mate in {moves} found")));
        }
        false
    }

    /// Exact if the side to move mates within the bound, a fail-low otherwise.
    fn mates_within(&mut self, depth: i32, bound: i32) -> i32 {
        let score = self.root_search(depth, bound, INFINITY, 0);
        self.sort_root_moves(0);
        score
    }

    /// Exact if the side to move is mated within the bound, a fail-high otherwise.
    fn mated_within(&mut self, depth: i32, bound: i32) -> i32 {
        let score = self.root_search(depth, -INFINITY, -bound + 1, 0);
        self.sort_root_moves(0);
        score
    }

    fn sort_root_moves(&mut self, from: usize) {
        self.root_moves[from..].sort_by_key(RootMove::order_key);
    }

    /// Searches the root moves from index `line` to the end of its rank group; the best is
    /// moved to `line` at once, so that an interrupted iteration still leaves the best move
    /// found so far in front.
    fn root_search(&mut self, depth: i32, mut alpha: i32, beta: i32, line: usize) -> i32 {
        let mut best = -INFINITY;
        for i in line..self.rank_group_end(line) {
            let m = self.root_moves[i].mv;
            let nodes_before = self.nodes;
            self.make_move(0, m);
            // Root moves are never reduced: each is searched to the iteration's full depth.
            let score = self.search_made_move(0, depth - 1, alpha, beta, (i > line).then_some(0), false);
            self.pos.unmake();
            self.root_moves[i].nodes += self.nodes - nodes_before;
            if self.stopped {
                break;
            }
            if i == line || score > alpha {
                let mut pv = vec![m];
                pv.extend(self.stack[1].pv.iter().copied());
                let rm = &mut self.root_moves[i];
                rm.score = score;
                rm.seldepth = self.seldepth;
                rm.pv = pv;
                self.root_moves[line..=i].rotate_right(1);
            }
            best = best.max(score);
            if score > alpha {
                alpha = score;
                if alpha >= beta {
                    break;
                }
            }
        }
        best
    }

    /// Whether the main thread should stop after completing `depth`.
    fn enough_after_iteration(&self, depth: i32) -> bool {
        let shared = self.shared();
        let limits = &shared.limits;
        if let Some(moves) = limits.mate
            && self.mate_search_done(depth, moves as i32)
        {
            return true;
        }
        if shared.control.pondering.load(Ordering::Relaxed) || limits.infinite {
            return false;
        }
        // A single legal move, or a single one that keeps the tablebases' result.
        if limits.clock.is_some() && self.rank_group_end(0) == 1 && depth >= SINGLE_MOVE_DEPTH {
            return true;
        }
        !shared.time.should_start_iteration(shared.clock_origin(), soft_scale(self.settledness()))
    }

    /// How settled the best move is, from the iterations completed so far.
    fn settledness(&self) -> Settledness {
        let results = &self.iteration_results;
        let (best, score) = *results.last().expect("an iteration was completed");
        let stable_iterations = results.iter().rev().skip(1).take_while(|(m, _)| *m == best).count() as u32;
        let earlier = results.iter().rev().skip(1).take(SCORE_DROP_ITERATIONS).map(|&(_, s)| s).max().unwrap_or(score);
        let share = self.root_moves[0].nodes as f64 / self.nodes.max(1) as f64;
        let score_drop = if !is_decisive(earlier) && !is_decisive(score) { earlier - score } else { 0 };
        Settledness { stable_iterations, best_move_node_share: share, score_drop }
    }

    /// `go mate N`: done once a mate in at most N moves, for either side, is found and the
    /// depth rules out a shorter one, or when the depth is well past what a mate in N needs.
    fn mate_search_done(&self, depth: i32, moves: i32) -> bool {
        let proven = match score_kind(self.root_moves[0].score) {
            ScoreKind::Mate(n) if n.abs() <= moves => Some(n.abs()),
            _ => None,
        };
        match proven {
            Some(k) => depth >= 2 * k + MATE_CONFIRM_PLIES,
            None if depth >= 2 * moves + MATE_SEARCH_EXTRA_PLIES => {
                if self.shared().settings.report {
                    let _ = self.shared().events.send(SearchEvent::Message(format!("no mate in {moves} found")));
                }
                true
            }
            None => false,
        }
    }

    pub fn report(&self, line: usize, bound: Option<Bound>) {
        let shared = self.shared();
        let depth = if bound.is_some() { self.completed_depth + 1 } else { self.completed_depth };
        let info = self.root_moves[line].info(depth, line + 1, bound, shared.total_nodes(), shared);
        let _ = shared.events.send(SearchEvent::Info(info));
    }
}
