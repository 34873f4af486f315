//! Staged move ordering. The TT move is tried before any move is generated (a cutoff then
//! skips generation, which dominates the cost of a node). After that, one `legal_moves()`
//! call is scored into bands: good captures and promotions, killers, the counter move,
//! quiets by history, and captures that lose material last.

use arrayvec::ArrayVec;
use shakmaty::{Move, Position as _, Role};

use super::history::History;
use super::see::{SEE_VALUE, see};
use crate::position::Position;

const GOOD_CAPTURE: i32 = 2_000_000;
const KILLER: i32 = 1_000_000;
const COUNTER: i32 = 999_000;
const BAD_CAPTURE: i32 = -2_000_000;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Stage {
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
}

pub struct MovePicker {
    stage: Stage,
    tt_move: Option<Move>,
    moves: ArrayVec<(Move, i32, i32), 256>,
    next: usize,
    /// Quiescence: only captures and queen promotions (unless in check).
    noisy_only: bool,
    killers: [Option<Move>; 2],
    counter: Option<Move>,
    /// How many legal moves the position has, known once generated.
    pub legal_count: usize,
}

/// Most valuable victim, least valuable attacker.
fn mvv_lva(m: Move) -> i32 {
    let victim = m.capture().map_or(0, |r| SEE_VALUE[r as usize]) + m.promotion().map_or(0, |r| SEE_VALUE[r as usize]);
    victim * 8 - m.role() as i32
}

fn is_noisy(m: Move) -> bool {
    m.is_capture() || m.promotion() == Some(Role::Queen)
}

impl MovePicker {
    pub fn new(tt_move: Option<Move>, killers: [Option<Move>; 2], counter: Option<Move>) -> Self {
        MovePicker {
            stage: Stage::TtMove,
            tt_move,
            moves: ArrayVec::new(),
            next: 0,
            noisy_only: false,
            killers,
            counter,
            legal_count: 0,
        }
    }

    pub fn quiescence(tt_move: Option<Move>, in_check: bool) -> Self {
        let tt_move = tt_move.filter(|&m| in_check || is_noisy(m));
        MovePicker { noisy_only: !in_check, ..Self::new(tt_move, [None; 2], None) }
    }

    pub fn next(&mut self, pos: &Position, history: &History) -> Option<Picked> {
        if self.stage == Stage::TtMove {
            self.stage = Stage::Generate;
            if let Some(m) = self.tt_move {
                return Some(self.describe(pos, m));
            }
        }
        if self.stage == Stage::Generate {
            self.stage = Stage::Remaining;
            self.generate(pos, history);
        }
        self.pick_best()
    }

    fn describe(&self, pos: &Position, m: Move) -> Picked {
        let noisy = is_noisy(m);
        Picked { mv: m, is_quiet: !noisy, see: if noisy { see(pos.board(), m) } else { 0 } }
    }

    fn generate(&mut self, pos: &Position, history: &History) {
        let turn = pos.turn();
        let legal = pos.board().legal_moves();
        self.legal_count = legal.len();
        for m in legal {
            if Some(m) == self.tt_move || (self.noisy_only && !is_noisy(m)) {
                continue;
            }
            let (score, exchange) = if is_noisy(m) {
                let exchange = see(pos.board(), m);
                let band = if exchange >= 0 { GOOD_CAPTURE } else { BAD_CAPTURE };
                (band + mvv_lva(m), exchange)
            } else if Some(m) == self.killers[0] {
                (KILLER, 0)
            } else if Some(m) == self.killers[1] {
                (KILLER - 1, 0)
            } else if Some(m) == self.counter {
                (COUNTER, 0)
            } else {
                (history.quiet_score(turn, m), 0)
            };
            self.moves.push((m, score, exchange));
        }
    }

    /// Selection sort, one step at a time: most nodes cut off after a few moves.
    fn pick_best(&mut self) -> Option<Picked> {
        let rest = &mut self.moves[self.next..];
        let best = (0..rest.len()).max_by_key(|&i| rest[i].1)?;
        rest.swap(0, best);
        let (mv, _, see) = rest[0];
        self.next += 1;
        Some(Picked { mv, is_quiet: !is_noisy(mv), see })
    }
}
