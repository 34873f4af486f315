//! Staged move ordering. The TT move is tried before any move is generated (a cutoff then
//! skips generation, which dominates the cost of a node). After that, one generation (every
//! legal move, or in quiescence the noisy ones alone) is scored into bands: good captures
//! and promotions by victim and capture history, killers, the counter move, quiets by
//! butterfly and continuation history, and captures that lose material last.

use arrayvec::ArrayVec;
use shakmaty::{Move, Position as _};

use super::history::{History, QuietContext};
use super::params;
use super::see::{SEE_VALUE, see};
use crate::position::{Position, is_noisy};

const GOOD_CAPTURE: i32 = 2_000_000;
const KILLER: i32 = 1_000_000;
const COUNTER: i32 = 999_000;
const BAD_CAPTURE: i32 = -2_000_000;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Stage {
    TtMove,
    Generate,
    Remaining,
}

/// A move with what ordering knew about it.
#[derive(Clone, Copy, Debug)]
pub struct Picked {
    pub mv: Move,
    pub is_quiet: bool,
    /// Static exchange value, for captures and promotions.
    pub see: i32,
    /// The history score it was ordered by (quiets: butterfly + continuation).
    pub history: i32,
    /// A killer or the counter move: a quiet that refuted a sibling or the previous move.
    pub is_refutation: bool,
}

/// What the main search's ordering knows of a node.
pub struct OrderingHints {
    pub tt_move: Option<Move>,
    pub killers: [Option<Move>; 2],
    pub counter: Option<Move>,
    pub quiet: QuietContext,
}

pub struct MovePicker {
    stage: Stage,
    hints: OrderingHints,
    /// Each move with its ordering score, exchange value and history score.
    moves: ArrayVec<(Move, i32, i32, i32), 256>,
    next: usize,
    /// Quiescence and ProbCut: only captures and queen promotions.
    noisy_only: bool,
    /// Set once late-move pruning has begun: the remaining quiets are not returned.
    skip_quiets: bool,
}

fn victim_value(m: Move) -> i32 {
    m.capture().map_or(0, |r| SEE_VALUE[r as usize]) + m.promotion().map_or(0, |r| SEE_VALUE[r as usize])
}

impl MovePicker {
    pub fn new(hints: OrderingHints) -> Self {
        MovePicker {
            stage: Stage::TtMove,
            hints,
            moves: ArrayVec::new(),
            next: 0,
            noisy_only: false,
            skip_quiets: false,
        }
    }

    /// Captures and queen promotions only (every evasion when in check).
    pub fn noisy(tt_move: Option<Move>, in_check: bool) -> Self {
        let tt_move = tt_move.filter(|&m| in_check || is_noisy(m));
        let hints = OrderingHints { tt_move, killers: [None; 2], counter: None, quiet: QuietContext::default() };
        MovePicker { noisy_only: !in_check, ..Self::new(hints) }
    }

    pub fn skip_quiets(&mut self) {
        self.skip_quiets = true;
    }

    pub fn next(&mut self, pos: &Position, history: &History) -> Option<Picked> {
        if self.stage == Stage::TtMove {
            self.stage = Stage::Generate;
            if let Some(m) = self.hints.tt_move {
                return Some(self.describe(pos, m, history));
            }
        }
        if self.stage == Stage::Generate {
            self.stage = Stage::Remaining;
            self.generate(pos, history);
        }
        self.pick_best()
    }

    fn describe(&self, pos: &Position, m: Move, history: &History) -> Picked {
        if is_noisy(m) {
            let see = see(pos.board(), m);
            Picked { mv: m, is_quiet: false, see, history: history.capture_score(pos.turn(), m), is_refutation: false }
        } else {
            let history = history.quiet_score(pos.turn(), m, &self.hints.quiet);
            Picked { mv: m, is_quiet: true, see: 0, history, is_refutation: false }
        }
    }

    fn generate(&mut self, pos: &Position, history: &History) {
        let turn = pos.turn();
        let hints = &self.hints;
        let moves = if self.noisy_only { pos.noisy_moves() } else { pos.board().legal_moves() };
        for m in moves {
            if Some(m) == hints.tt_move {
                continue;
            }
            let entry = if is_noisy(m) {
                let exchange = see(pos.board(), m);
                let captures = history.capture_score(turn, m);
                let band = if exchange >= 0 { GOOD_CAPTURE } else { BAD_CAPTURE };
                (m, band + victim_value(m) * params::capture_victim_weight() + captures, exchange, captures)
            } else {
                let quiet = history.quiet_score(turn, m, &hints.quiet);
                let score = if Some(m) == hints.killers[0] {
                    KILLER
                } else if Some(m) == hints.killers[1] {
                    KILLER - 1
                } else if Some(m) == hints.counter {
                    COUNTER
                } else {
                    quiet
                };
                (m, score, 0, quiet)
            };
            self.moves.push(entry);
        }
    }

    /// Selection sort, one step at a time: most nodes cut off after a few moves.
    fn pick_best(&mut self) -> Option<Picked> {
        loop {
            let rest = &mut self.moves[self.next..];
            let best = (0..rest.len()).max_by_key(|&i| rest[i].1)?;
            rest.swap(0, best);
            let (mv, order, see, history) = rest[0];
            self.next += 1;
            let is_quiet = !is_noisy(mv);
            if !(is_quiet && self.skip_quiets) {
                let is_refutation = is_quiet && (COUNTER..=KILLER).contains(&order);
                return Some(Picked { mv, is_quiet, see, history, is_refutation });
            }
        }
    }
}
