//! Principal variation search and quiescence search. Steps are numbered so that a reader
//! can find a technique quickly; every margin comes from `params`.

use arrayvec::ArrayVec;
use shakmaty::{Move, Position as _};

use super::correction::CorrectionKeys;
use super::history::{QuietContext, piece_square};
use super::movepick::{MovePicker, OrderingHints, Picked};
use super::params;
use super::see::see;
use super::tablebase::{ProbeFailure, TablebaseProbe};
use super::tt::{Bound, TtEntry};
use super::worker::Worker;
use super::{INFINITY, MATE, MAX_PLY, SearchEvent, TB_WIN_BOUND, is_decisive};
use crate::position::is_noisy;

/// Static eval placeholder for positions in check, where there is none.
const NO_EVAL: i32 = -INFINITY;

/// What the move loop's pruning and reductions know of the node being searched.
struct Node {
    depth: i32,
    /// The corrected static eval, sharpened by the TT score where its bound allows.
    eval: i32,
    beta: i32,
    in_check: bool,
    improving: bool,
    pv_node: bool,
    cut_node: bool,
    /// The TT move is a capture or promotion: quiets here are less likely to matter.
    tt_noisy: bool,
}

/// What a singular-extension search decided for the TT move.
enum Singular {
    Extend(i32),
    /// Several moves beat beta even without the TT move: the node fails high (multi-cut).
    Cut(i32),
}

/// The moves searched at a node, for the statistics updated when one of them cuts off.
#[derive(Default)]
struct Tried {
    quiets: ArrayVec<Move, 64>,
    captures: ArrayVec<Move, 32>,
}

impl Tried {
    fn push(&mut self, picked: &Picked) {
        if picked.is_quiet {
            let _ = self.quiets.try_push(picked.mv);
        } else {
            let _ = self.captures.try_push(picked.mv);
        }
    }
}

/// The bound a score is, given the window it was searched with.
fn bound_of(score: i32, alpha: i32, beta: i32) -> Bound {
    if score >= beta {
        Bound::Lower
    } else if score > alpha {
        Bound::Exact
    } else {
        Bound::Upper
    }
}

impl Worker {
    pub(super) fn evaluate(&mut self) -> i32 {
        self.evaluator.evaluate(self.pos.board())
    }

    /// The raw static eval (from the TT when it has one) and the eval corrected by the
    /// correction history; both `NO_EVAL` in check.
    fn static_eval(&mut self, ply: usize, in_check: bool, tt: Option<TtEntry>) -> (i32, i32) {
        if in_check {
            return (NO_EVAL, NO_EVAL);
        }
        // A tablebase result is stored without an eval.
        let raw = tt.filter(|e| e.eval != NO_EVAL).map_or_else(|| self.evaluate(), |e| e.eval);
        let keys = CorrectionKeys::of(&self.pos);
        self.stack[ply].correction_keys = keys;
        let corrected = raw + self.correction.correction(&keys);
        (raw, corrected.clamp(-TB_WIN_BOUND + 1, TB_WIN_BOUND - 1))
    }

    /// What the quiet histories of `ply` are indexed by: the continuation slots of the moves
    /// one and two plies before it, and the threats recorded at it.
    fn quiet_context(&self, ply: usize) -> QuietContext {
        let back = |n: usize| self.stack.back(ply, n).continuation;
        QuietContext { slots: [back(1), back(2)], threats: self.stack[ply].threats }
    }

    /// Copies the child's principal variation behind `m` into this ply's.
    fn update_pv(&mut self, ply: usize, m: Move) {
        let (pv, child) = self.stack.pv_and_child_pv(ply);
        pv.clear();
        pv.push(m);
        let room = MAX_PLY - 1;
        pv.extend(child.iter().copied().take(room));
    }

    /// Stores this node's result, marked as an exhaustive search's when nothing was pruned:
    /// only such entries may cut an exhaustive search, since a pruned search's "no mate"
    /// bound proves nothing.
    fn store_tt(&self, ply: usize, best_move: Option<Move>, score: i32, raw_eval: i32, depth: i32, bound: Bound) {
        let exhaustive = !self.prune;
        self.shared().tt.store(self.pos.key(), ply, best_move, score, raw_eval, depth, bound, exhaustive);
    }

    /// Makes `m` from `ply`, recording it on the stack for the plies below.
    pub(super) fn make_move(&mut self, ply: usize, m: Move) {
        let frame = &mut self.stack[ply];
        frame.mv = Some(m);
        frame.continuation = Some(piece_square(self.pos.turn(), m));
        self.pos.make(m);
        self.shared().tt.prefetch(self.pos.key());
    }

    /// The principal variation search of the current position, `ply` plies from the root,
    /// with `depth` plies left, in the window `alpha..beta`. Never entered at the root
    /// (`ply` 0): the root's moves are searched by `root_search`, which calls this at ply 1
    /// for each. A node reads its own frame of `stack` and up to two before it (the
    /// guard frames make that safe anywhere), and writes its child's.
    pub(super) fn search(&mut self, mut depth: i32, mut alpha: i32, mut beta: i32, ply: usize, cut_node: bool) -> i32 {
        debug_assert!(ply > 0, "the root is searched by root_search");
        let pv_node = beta - alpha > 1;
        let excluded = self.stack[ply].excluded;
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

        // Step 3. Transposition table cutoff (not while a move is excluded: the entry is
        // the search with it; in a mate search only on an exhaustive search's entry).
        let tt = if excluded.is_none() { self.shared().tt.probe(&self.pos, ply) } else { None };
        let tt_move = tt.and_then(|e| e.best_move);
        if let Some(e) = tt
            && !pv_node
            && e.depth >= depth
            && (self.prune || e.exhaustive)
            && e.cuts_off(alpha, beta)
        {
            return e.score;
        }

        // Step 3b. Tablebases, just after a capture or pawn move: a result the search keeps
        // unless the window says more. In a PV node a win is a floor and a loss a ceiling.
        let mut floor = -INFINITY;
        let mut ceiling = INFINITY;
        if self.tablebase.is_some()
            && excluded.is_none()
            && let Some((score, bound)) = self.probe_tablebase(depth, ply)
        {
            if bound.cuts_off(score, alpha, beta) {
                let depth = TablebaseProbe::stored_depth(depth);
                self.store_tt(ply, None, score, NO_EVAL, depth, bound);
                return score;
            }
            if pv_node && bound == Bound::Lower {
                floor = score;
                alpha = alpha.max(score);
            } else if pv_node {
                ceiling = score;
            }
        }

        // Step 4. Static evaluation, corrected; the TT score sharpens it where its bound allows.
        let (raw_eval, static_eval) = match excluded {
            Some(_) => (NO_EVAL, self.stack[ply].static_eval),
            None => self.static_eval(ply, in_check, tt),
        };
        self.stack[ply].static_eval = static_eval;
        let improving = !in_check && ply >= 2 && static_eval > self.stack.back(ply, 2).static_eval;
        let eval = match tt {
            Some(e) if !in_check && !is_decisive(e.score) && e.cuts_off(static_eval, static_eval + 1) => e.score,
            _ => static_eval,
        };

        // Step 4b. Hindsight: the parent reduced the move that led here. If the static evals
        // say the move cost the side that played it nothing, the reduction was too much; if
        // it cost it clearly, too little.
        let prior_reduction = self.stack.back(ply, 1).reduction;
        let parent_eval = self.stack.back(ply, 1).static_eval;
        if self.prune && excluded.is_none() && static_eval != NO_EVAL && parent_eval != NO_EVAL {
            let cost_to_mover = static_eval + parent_eval;
            let min_reduction = params::hindsight_min_reduction();
            if prior_reduction >= min_reduction && cost_to_mover <= 0 {
                depth += 1;
            } else if prior_reduction >= min_reduction - 1 && depth >= 2 && cost_to_mover > params::hindsight_margin() {
                depth -= 1;
            }
        }

        // A mate search (`go mate`) prunes nothing, so that no mate hides behind a pruned move.
        if self.prune && !pv_node && !in_check && excluded.is_none() && !is_decisive(eval) {
            if let Some(score) = self.prune_node(depth, eval, beta, ply, improving, cut_node) {
                return score;
            }
            if let Some(score) = self.probcut(depth, beta, ply, cut_node, tt, (raw_eval, static_eval)) {
                return score;
            }
            if self.stopped {
                return 0;
            }
        }

        // Step 7. Internal iterative reduction: without a TT move this node is likely less important.
        if self.prune
            && excluded.is_none()
            && tt_move.is_none()
            && depth >= params::iir_min_depth()
            && (pv_node || cut_node)
        {
            depth -= 1;
        }

        // Step 8. The move loop.
        let turn = self.pos.turn();
        let tt_noisy = tt_move.is_some_and(is_noisy);
        let node = Node { depth, eval, beta, in_check, improving, pv_node, cut_node, tt_noisy };
        let previous = self.stack.back(ply, 1).mv;
        self.stack[ply].threats = self.pos.threats();
        let mut picker = MovePicker::new(OrderingHints {
            tt_move,
            killers: self.stack[ply].killers,
            counter: self.history.counter(turn, previous),
            quiet: self.quiet_context(ply),
        });
        let mut best_score = floor;
        let mut best_move = None;
        let mut moves_tried = 0usize;
        let mut tried = Tried::default();
        let original_alpha = alpha;

        while let Some(picked) = picker.next(&self.pos, &self.history) {
            let m = picked.mv;
            if Some(m) == excluded {
                continue;
            }

            // Step 9. Shallow-depth pruning, once a move has saved us from being mated.
            if best_score > -TB_WIN_BOUND && self.prune && self.pos.has_non_pawn_material() {
                if picked.is_quiet && self.late_move_prunes(&node, moves_tried) {
                    picker.skip_quiets();
                    continue;
                }
                if self.prunes_move(&node, &picked, alpha) {
                    continue;
                }
            }

            // Step 10. Singular extension of the TT move, or a multi-cut.
            let mut extension = 0;
            if Some(m) == tt_move
                && let Some(e) = tt
                && self.is_singular_candidate(&e, depth, ply)
            {
                match self.singular_extension(&e, &node, ply) {
                    Singular::Extend(x) => extension = x,
                    Singular::Cut(score) => return score,
                }
                if self.stopped {
                    return 0;
                }
            }
            self.stack[ply + 1].double_extensions = self.stack[ply].double_extensions + i32::from(extension >= 2);

            self.make_move(ply, m);
            moves_tried += 1;
            let gives_check = self.pos.is_check();
            let new_depth = depth - 1 + extension;

            // Step 11. Late-move reductions, then principal variation search.
            let reduction =
                (moves_tried > 1).then(|| self.late_move_reduction(&node, &picked, moves_tried, gives_check));
            let score = self.search_made_move(ply, new_depth, alpha, beta, reduction, cut_node);
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
                        self.update_statistics(ply, depth, &picked, &tried);
                        break;
                    }
                }
            }
            tried.push(&picked);
        }

        // Step 12. Mate or stalemate: no legal move was searched (pruning needs one first,
        // or a tablebase floor, which then stands). Without its excluded move a node may
        // have none: the move was the only one.
        if moves_tried == 0 && floor == -INFINITY {
            return if excluded.is_some() {
                alpha
            } else if in_check {
                -MATE + ply as i32
            } else {
                0
            };
        }

        best_score = best_score.min(ceiling);
        if excluded.is_none() {
            if best_move.is_none() {
                self.reward_prior_quiet(ply, depth);
            }
            let bound = bound_of(best_score, original_alpha, beta);
            self.update_correction(ply, bound, best_move, best_score, (raw_eval, static_eval), depth);
            self.store_tt(ply, best_move, best_score, raw_eval, depth, bound);
        }
        best_score
    }

    /// Step 11's principal variation search of the move just made from `ply`. The first move
    /// (`reduction` None) gets the full window; a later one a null window at `depth - r`, again
    /// at full depth when a reduced search beats alpha, and the full window only when it lands
    /// inside it. The root search shares it with a reduction of 0.
    pub(super) fn search_made_move(
        &mut self,
        ply: usize,
        depth: i32,
        alpha: i32,
        beta: i32,
        reduction: Option<i32>,
        cut_node: bool,
    ) -> i32 {
        let Some(reduction) = reduction else {
            return -self.search(depth, -beta, -alpha, ply + 1, false);
        };
        self.stack[ply].reduction = reduction;
        let mut score = -self.search(depth - reduction, -alpha - 1, -alpha, ply + 1, true);
        self.stack[ply].reduction = 0;
        // A search that hit a limit is not searched again: its score means nothing, and a
        // node limit must hold exactly.
        if score > alpha && reduction > 0 && !self.stopped {
            score = -self.search(depth, -alpha - 1, -alpha, ply + 1, !cut_node);
        }
        if score > alpha && score < beta && !self.stopped {
            score = -self.search(depth, -beta, -alpha, ply + 1, false);
        }
        score
    }

    /// Steps 5 and 6: reverse futility and null-move pruning; the score to return when the
    /// node fails high without searching its moves.
    fn prune_node(
        &mut self,
        depth: i32,
        eval: i32,
        beta: i32,
        ply: usize,
        improving: bool,
        cut_node: bool,
    ) -> Option<i32> {
        // Step 5. Reverse futility pruning.
        if depth <= params::rfp_max_depth()
            && eval - params::rfp_margin_per_depth() * (depth - i32::from(improving)) >= beta
        {
            return Some(eval);
        }
        // Step 6. Null-move pruning.
        if depth < params::nmp_min_depth()
            || eval < beta
            || self.stack.back(ply, 1).mv.is_none()
            || !self.pos.has_non_pawn_material()
            || !self.pos.make_null()
        {
            return None;
        }
        let reduction = params::nmp_base_reduction()
            + depth / params::nmp_depth_divisor()
            + ((eval - beta) / params::nmp_eval_divisor()).min(params::nmp_eval_max());
        self.stack[ply].mv = None;
        self.stack[ply].continuation = None;
        let score = -self.search(depth - reduction, -beta, -beta + 1, ply + 1, !cut_node);
        self.pos.unmake();
        if self.stopped || score < beta {
            return None;
        }
        Some(if score >= TB_WIN_BOUND { beta } else { score })
    }

    /// Step 6b. ProbCut: a capture that wins enough to beat `beta` by a margin in a reduced
    /// search very likely beats `beta` in a full one.
    fn probcut(
        &mut self,
        depth: i32,
        beta: i32,
        ply: usize,
        cut_node: bool,
        tt: Option<TtEntry>,
        (raw_eval, static_eval): (i32, i32),
    ) -> Option<i32> {
        let probcut_beta = beta + params::probcut_margin();
        let reduction = params::probcut_reduction();
        if depth < params::probcut_min_depth()
            || is_decisive(beta)
            || tt.is_some_and(|e| e.depth > depth - reduction && e.score < probcut_beta)
        {
            return None;
        }
        let mut picker = MovePicker::noisy(tt.and_then(|e| e.best_move), false);
        while let Some(picked) = picker.next(&self.pos, &self.history) {
            if picked.see < probcut_beta - static_eval {
                continue;
            }
            self.make_move(ply, picked.mv);
            let mut score = -self.qsearch(-probcut_beta, -probcut_beta + 1, ply + 1);
            if score >= probcut_beta {
                score = -self.search(depth - reduction, -probcut_beta, -probcut_beta + 1, ply + 1, !cut_node);
            }
            self.pos.unmake();
            if self.stopped {
                return None;
            }
            if score >= probcut_beta {
                let depth = depth - reduction + 1;
                self.store_tt(ply, Some(picked.mv), score, raw_eval, depth, Bound::Lower);
                return Some(score);
            }
        }
        None
    }

    fn is_singular_candidate(&self, tt: &TtEntry, depth: i32, ply: usize) -> bool {
        self.prune
            && ply > 0
            && depth >= params::singular_min_depth()
            && tt.depth >= depth - params::singular_tt_depth_slack()
            && tt.bound != Bound::Upper
            && !is_decisive(tt.score)
    }

    /// Searches the node without its TT move, at half depth, against a bound below the TT
    /// score: if every other move fails low, the TT move is singular and is extended.
    fn singular_extension(&mut self, tt: &TtEntry, node: &Node, ply: usize) -> Singular {
        let m = tt.best_move.expect("a singular candidate has a TT move");
        let singular_beta = tt.score - params::singular_margin_per_depth() * node.depth / 8;
        self.stack[ply].excluded = Some(m);
        let score = self.search((node.depth - 1) / 2, singular_beta - 1, singular_beta, ply, node.cut_node);
        self.stack[ply].excluded = None;
        if score < singular_beta {
            let double = !node.pv_node
                && score < singular_beta - params::double_extension_margin()
                && self.stack[ply].double_extensions < params::double_extension_limit();
            Singular::Extend(if double { 2 } else { 1 })
        } else if singular_beta >= node.beta {
            Singular::Cut(singular_beta)
        } else if tt.score >= node.beta {
            Singular::Extend(-1)
        } else {
            Singular::Extend(0)
        }
    }

    /// Step 9, late-move pruning: past this many quiets near the horizon, no quiet is searched.
    fn late_move_prunes(&self, node: &Node, moves_tried: usize) -> bool {
        let depth = node.depth;
        let limit = (params::lmp_base() + depth * depth) as usize / (2 - usize::from(node.improving));
        depth <= params::lmp_max_depth() && moves_tried >= limit
    }

    /// Step 9: a quiet move hopeless by futility, history or exchange, or a capture that
    /// loses too much, is not searched at all near the horizon.
    fn prunes_move(&self, node: &Node, picked: &Picked, alpha: i32) -> bool {
        let depth = node.depth;
        let see_max_depth = params::see_pruning_max_depth();
        if !picked.is_quiet {
            return depth <= see_max_depth && picked.see < params::see_capture_margin_per_depth() * depth;
        }
        let futile = node.eval + params::futility_margin() + params::futility_margin_per_depth() * depth <= alpha;
        (!node.in_check && depth <= params::futility_max_depth() && futile)
            || (depth <= params::history_pruning_max_depth()
                && picked.history < -params::history_pruning_margin() * depth)
            || (depth <= see_max_depth
                && see(self.pos.board(), picked.mv) < params::see_quiet_margin_per_depth() * depth)
    }

    /// Step 11: how much shallower a late quiet move or a losing capture is searched first
    /// (the move is already made).
    fn late_move_reduction(&self, node: &Node, picked: &Picked, moves_tried: usize, gives_check: bool) -> i32 {
        let late = moves_tried > params::lmr_min_moves() as usize + usize::from(node.pv_node);
        if !self.prune || node.depth < params::lmr_min_depth() || !late || !(picked.is_quiet || picked.see < 0) {
            return 0;
        }
        let mut reduction = self.lmr(node.depth, moves_tried);
        reduction += i32::from(!node.pv_node) + i32::from(node.cut_node);
        reduction -= i32::from(node.improving) + i32::from(gives_check) + i32::from(node.in_check);
        if picked.is_quiet {
            reduction -= picked.history / params::lmr_history_divisor();
            reduction -= i32::from(picked.is_refutation);
            reduction += i32::from(node.tt_noisy);
        }
        reduction.clamp(0, (node.depth - 2).max(0))
    }

    /// A cutoff: the move that caused it gains history, the moves tried before it lose some;
    /// a quiet one also becomes a killer and the counter of the previous move.
    fn update_statistics(&mut self, ply: usize, depth: i32, best: &Picked, tried: &Tried) {
        let turn = self.pos.turn();
        if best.is_quiet {
            let context = self.quiet_context(ply);
            self.history.reward_quiet(turn, depth, best.mv, &tried.quiets, &context);
            self.history.set_counter(turn, self.stack.back(ply, 1).mv, best.mv);
            let killers = &mut self.stack[ply].killers;
            if killers[0] != Some(best.mv) {
                killers[1] = killers[0];
                killers[0] = Some(best.mv);
            }
            self.history.reward_captures(turn, depth, None, &tried.captures);
        } else {
            self.history.reward_captures(turn, depth, Some(best.mv), &tried.captures);
        }
    }

    /// Every move here failed low: the quiet move that led here (from `ply - 1`) was a good
    /// one for the side that played it.
    fn reward_prior_quiet(&mut self, ply: usize, depth: i32) {
        // The root's own moves (ply 0) are ordered by their scores, not by history.
        let Some(prior) = self.stack.back(ply, 1).mv.filter(|&m| ply >= 2 && !is_noisy(m)) else { return };
        let context = self.quiet_context(ply - 1);
        self.history.reward_prior_quiet(!self.pos.turn(), depth, prior, &context);
    }

    /// Teaches the correction history how far this node's result lies from its static eval,
    /// when the result says something about it: a quiet best move (or none) and a bound on
    /// the informative side of the eval.
    fn update_correction(
        &mut self,
        ply: usize,
        bound: Bound,
        best: Option<Move>,
        score: i32,
        (raw, corrected): (i32, i32),
        depth: i32,
    ) {
        let informative = match bound {
            Bound::Exact => true,
            Bound::Lower => score > corrected,
            Bound::Upper => score < corrected,
        };
        if raw != NO_EVAL && informative && best.is_none_or(|m| !is_noisy(m)) && !is_decisive(score) {
            self.correction.update(&self.stack[ply].correction_keys, depth, score, raw);
        }
    }

    /// Step 3b's probe: the score and bound the tables give this node, when they hold it
    /// and the node qualifies (see `TablebaseProbe::applies`). A damaged table is said once.
    fn probe_tablebase(&mut self, depth: i32, ply: usize) -> Option<(i32, Bound)> {
        let tb = self.tablebase.as_ref()?;
        if !tb.applies(self.pos.board(), depth) {
            return None;
        }
        match tb.tables.wdl_after_zeroing(self.pos.board()) {
            Ok(wdl) => {
                let result = tb.score(wdl, ply);
                self.count_tb_hits(1);
                Some(result)
            }
            Err(ProbeFailure::Broken(Some(message))) => {
                let _ = self.shared().events.send(SearchEvent::Message(message));
                None
            }
            Err(_) => None,
        }
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
        let (raw_eval, eval) = self.static_eval(ply, in_check, tt);
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
        let mut picker = MovePicker::noisy(tt.and_then(|e| e.best_move), in_check);
        while let Some(picked) = picker.next(&self.pos, &self.history) {
            if !in_check && (picked.see < 0 || eval + picked.see + params::qs_delta_margin() <= alpha) {
                continue;
            }
            self.pos.make(picked.mv);
            self.shared().tt.prefetch(self.pos.key());
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
        let bound = bound_of(best_score, original_alpha, beta);
        self.store_tt(ply, best_move, best_score, raw_eval, 0, bound);
        best_score
    }
}
