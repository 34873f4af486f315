//! Principal variation search and quiescence search. Steps are numbered so that a reader
//! can find a technique quickly; every margin comes from `params`.

use arrayvec::ArrayVec;
use shakmaty::{Color, Move, Position as _};

use super::movepick::{MovePicker, Picked};
use super::params::*;
use super::see::see;
use super::tt::Bound;
use super::worker::Worker;
use super::{INFINITY, MATE, MATE_BOUND, MAX_PLY};

/// Static eval placeholder for positions in check, where there is none.
const NO_EVAL: i32 = -INFINITY;

/// What the move loop's pruning and reductions know of the node being searched.
struct Node {
    depth: i32,
    eval: i32,
    turn: Color,
    in_check: bool,
    improving: bool,
    pv_node: bool,
    cut_node: bool,
}

impl Worker {
    pub(super) fn evaluate(&mut self) -> i32 {
        let eval = self.evaluator.evaluate(self.pos.board());
        let noise = self.shared().eval_noise;
        if noise == 0 {
            return eval;
        }
        // The same position always gets the same noise within a search, so the TT stays coherent.
        let mut h = (self.pos.key() ^ self.shared().noise_seed).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        h ^= h >> 29;
        eval + (h % (2 * noise as u64 + 1)) as i32 - noise
    }

    /// Copies the child's principal variation behind `m` into this ply's.
    fn update_pv(&mut self, ply: usize, m: Move) {
        let (head, tail) = self.stack.split_at_mut(ply + 1);
        let pv = &mut head[ply].pv;
        pv.clear();
        pv.push(m);
        let child = &tail[0].pv;
        let room = MAX_PLY - 1;
        pv.extend(child.iter().copied().take(room));
    }

    pub(super) fn search(&mut self, mut depth: i32, mut alpha: i32, mut beta: i32, ply: usize, cut_node: bool) -> i32 {
        let pv_node = beta - alpha > 1;
        self.stack[ply].pv.clear();

        // Step 1. Draws, mate distance pruning, the ply limit.
        if self.pos.is_search_draw() {
            return 0;
        }
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate();
        }

        // Step 2. Check extension, then quiescence at the horizon. A mate search needs
        // neither: at its horizon the only question is whether the side to move is mated.
        let in_check = self.pos.is_check();
        if in_check && self.prune {
            depth += 1;
        }
        if depth <= 0 {
            return if self.prune { self.qsearch(alpha, beta, ply) } else { self.mate_leaf(ply, in_check) };
        }
        self.count_node();
        if self.stopped {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply + 1);

        // Step 3. Transposition table cutoff.
        let tt = self.shared().tt.probe(&self.pos, ply);
        let tt_move = tt.and_then(|e| e.best_move);
        if let Some(e) = tt
            && !pv_node
            && e.depth >= depth
            && e.cuts_off(alpha, beta)
        {
            return e.score;
        }

        // Step 4. Static evaluation.
        let eval = match tt {
            _ if in_check => NO_EVAL,
            Some(e) => e.eval,
            None => self.evaluate(),
        };
        self.stack[ply].eval = eval;
        let improving = !in_check && ply >= 2 && eval > self.stack[ply - 2].eval;

        // A mate search (`go mate`) prunes nothing, so that no mate hides behind a pruned move.
        let prune = self.prune;
        if prune && !pv_node && !in_check && eval.abs() < MATE_BOUND {
            // Step 5. Reverse futility pruning.
            if depth <= RFP_MAX_DEPTH && eval - RFP_MARGIN_PER_DEPTH * (depth - i32::from(improving)) >= beta {
                return eval;
            }
            // Step 6. Null-move pruning.
            if depth >= NMP_MIN_DEPTH
                && eval >= beta
                && self.stack[ply - 1].mv.is_some()
                && self.pos.has_non_pawn_material()
                && self.pos.make_null()
            {
                let reduction =
                    NMP_BASE_REDUCTION + depth / NMP_DEPTH_DIVISOR + ((eval - beta) / NMP_EVAL_DIVISOR).min(3);
                self.stack[ply].mv = None;
                let score = -self.search(depth - reduction, -beta, -beta + 1, ply + 1, !cut_node);
                self.pos.unmake();
                if self.stopped {
                    return 0;
                }
                if score >= beta {
                    return if score >= MATE_BOUND { beta } else { score };
                }
            }
        }

        // Step 7. Internal iterative reduction: without a TT move this node is likely less important.
        if prune && tt_move.is_none() && depth >= IIR_MIN_DEPTH && (pv_node || cut_node) {
            depth -= 1;
        }

        // Step 8. The move loop.
        let turn = self.pos.turn();
        let node = Node { depth, eval, turn, in_check, improving, pv_node, cut_node };
        let previous = self.stack[ply - 1].mv;
        let mut picker = MovePicker::new(tt_move, self.history.killers(ply), self.history.counter(turn, previous));
        let mut best_score = -INFINITY;
        let mut best_move = None;
        let mut moves_tried = 0usize;
        let mut quiets_tried: ArrayVec<Move, 64> = ArrayVec::new();
        let original_alpha = alpha;

        while let Some(picked) = picker.next(&self.pos, &self.history) {
            let m = picked.mv;

            // Step 9. Shallow-depth pruning, once a move has saved us from being mated.
            if best_score > -MATE_BOUND && self.prunes_move(&node, &picked, alpha, moves_tried) {
                continue;
            }

            self.stack[ply].mv = Some(m);
            self.pos.make(m);
            moves_tried += 1;
            let gives_check = self.pos.is_check();
            let new_depth = depth - 1;

            // Step 10. Late-move reductions, then principal variation search.
            let score = if moves_tried == 1 {
                -self.search(new_depth, -beta, -alpha, ply + 1, false)
            } else {
                let reduction = self.late_move_reduction(&node, &picked, moves_tried, gives_check);
                let mut s = -self.search(new_depth - reduction, -alpha - 1, -alpha, ply + 1, true);
                if s > alpha && reduction > 0 {
                    s = -self.search(new_depth, -alpha - 1, -alpha, ply + 1, !cut_node);
                }
                if s > alpha && s < beta {
                    s = -self.search(new_depth, -beta, -alpha, ply + 1, false);
                }
                s
            };
            self.pos.unmake();
            if self.stopped {
                return 0;
            }

            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = Some(m);
                    alpha = score;
                    if pv_node {
                        self.update_pv(ply, m);
                    }
                    if alpha >= beta {
                        if picked.is_quiet {
                            self.history.update_on_cutoff(turn, ply, depth, m, &quiets_tried, previous);
                        }
                        break;
                    }
                }
            }
            if picked.is_quiet && !quiets_tried.is_full() {
                quiets_tried.push(m);
            }
        }

        // Step 11. Mate or stalemate: no legal move was searched (pruning needs one first).
        if moves_tried == 0 {
            return if in_check { -MATE + ply as i32 } else { 0 };
        }

        self.store(ply, best_move, best_score, (original_alpha, beta), eval, depth);
        best_score
    }

    /// Step 9: a quiet move late in the list, or hopeless by futility or exchange, or a
    /// capture that loses too much, is not searched at all near the horizon.
    fn prunes_move(&self, node: &Node, picked: &Picked, alpha: i32, moves_tried: usize) -> bool {
        if !self.prune || !self.pos.has_non_pawn_material() {
            return false;
        }
        let depth = node.depth;
        if !picked.is_quiet {
            return depth <= SEE_PRUNING_MAX_DEPTH && picked.see < SEE_CAPTURE_MARGIN_PER_DEPTH * depth;
        }
        let lmp_limit = (LMP_BASE + depth * depth) as usize / (2 - usize::from(node.improving));
        let futile = node.eval + FUTILITY_MARGIN + FUTILITY_MARGIN_PER_DEPTH * depth <= alpha;
        (depth <= LMP_MAX_DEPTH && moves_tried >= lmp_limit)
            || (!node.in_check && depth <= FUTILITY_MAX_DEPTH && futile)
            || (depth <= SEE_PRUNING_MAX_DEPTH && see(self.pos.board(), picked.mv) < SEE_QUIET_MARGIN_PER_DEPTH * depth)
    }

    /// Step 10: how much shallower a late quiet move or a losing capture is searched first
    /// (the move is already made).
    fn late_move_reduction(&self, node: &Node, picked: &Picked, moves_tried: usize, gives_check: bool) -> i32 {
        let late = moves_tried > LMR_MIN_MOVES + usize::from(node.pv_node);
        if !self.prune || node.depth < LMR_MIN_DEPTH || !late || !(picked.is_quiet || picked.see < 0) {
            return 0;
        }
        let mut reduction = self.lmr(node.depth, moves_tried);
        reduction += i32::from(!node.pv_node) + i32::from(node.cut_node);
        reduction -= i32::from(node.improving) + i32::from(gives_check) + i32::from(node.in_check);
        if picked.is_quiet {
            reduction -= self.history.quiet_score(node.turn, picked.mv) / LMR_HISTORY_DIVISOR;
        }
        reduction.clamp(0, (node.depth - 2).max(0))
    }

    /// The horizon of a mate search: mated, or a static score that is no mate.
    fn mate_leaf(&mut self, ply: usize, in_check: bool) -> i32 {
        self.count_node();
        if in_check && self.pos.board().legal_moves().is_empty() { -MATE + ply as i32 } else { self.evaluate() }
    }

    pub(super) fn qsearch(&mut self, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.stack[ply].pv.clear();
        self.count_node();
        if self.stopped {
            return 0;
        }
        if self.pos.board().is_insufficient_material() {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate();
        }
        let pv_node = beta - alpha > 1;
        let in_check = self.pos.is_check();

        let tt = self.shared().tt.probe(&self.pos, ply);
        if let Some(e) = tt
            && !pv_node
            && e.cuts_off(alpha, beta)
        {
            return e.score;
        }

        // Stand pat: the side to move may decline every capture.
        let eval = if in_check { NO_EVAL } else { tt.map_or_else(|| self.evaluate(), |e| e.eval) };
        let mut best_score = eval;
        if !in_check {
            if eval >= beta {
                return eval;
            }
            alpha = alpha.max(eval);
        }

        let original_alpha = alpha;
        let mut best_move = None;
        let mut moves_tried = 0;
        let mut picker = MovePicker::quiescence(tt.and_then(|e| e.best_move), in_check);
        while let Some(picked) = picker.next(&self.pos, &self.history) {
            if !in_check && (picked.see < 0 || eval + picked.see + QS_DELTA_MARGIN <= alpha) {
                continue;
            }
            self.pos.make(picked.mv);
            moves_tried += 1;
            let score = -self.qsearch(-beta, -alpha, ply + 1);
            self.pos.unmake();
            if self.stopped {
                return 0;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    alpha = score;
                    best_move = Some(picked.mv);
                    if pv_node {
                        self.update_pv(ply, picked.mv);
                    }
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        if in_check && moves_tried == 0 {
            return -MATE + ply as i32;
        }
        self.store(ply, best_move, best_score, (original_alpha, beta), eval, 0);
        best_score
    }

    /// Stores a node's result; the bound follows from the window it was searched with.
    fn store(&self, ply: usize, best_move: Option<Move>, score: i32, window: (i32, i32), eval: i32, depth: i32) {
        let bound = if score >= window.1 {
            Bound::Lower
        } else if score > window.0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.shared().tt.store(self.pos.key(), ply, best_move, score, eval, depth, bound);
    }
}
