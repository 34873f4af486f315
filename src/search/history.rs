//! Move-ordering statistics a search thread learns as it goes: the butterfly history of
//! quiet moves (by whether the opponent attacks the move's origin and destination, since
//! leaving or entering an attacked square changes what a move is worth), continuation
//! histories (a quiet move's score given the moves one and two plies before it), the capture
//! history, and a counter move per previous move. Every table is updated by gravity, so that
//! scores stay within `HISTORY_MAX`.

use shakmaty::{Bitboard, Color, Move, Role};

use super::params::{self, HISTORY_MAX};

/// Pieces (colour and role) times destination squares: a continuation history's index.
pub const PIECE_SQUARES: usize = 12 * 64;
/// How many earlier plies a continuation history looks back to (the move 1 and 2 plies ago).
pub const CONTINUATION_PLIES: usize = 2;

/// The continuation slot a move opens: who moved, and where to.
pub fn piece_square(turn: Color, m: Move) -> usize {
    slot(turn, m.role(), m.to().to_usize())
}

fn slot(turn: Color, role: Role, to: usize) -> usize {
    (turn as usize * 6 + role as usize - 1) * 64 + to
}

/// The slots of the moves 1 and 2 plies before a node (`None` for a null move or the root).
pub type ContinuationSlots = [Option<usize>; CONTINUATION_PLIES];

/// What a quiet move's history depends on besides the move: the moves before it and the
/// squares the opponent attacks.
#[derive(Clone, Copy, Default)]
pub struct QuietContext {
    pub slots: ContinuationSlots,
    pub threats: Bitboard,
}

pub struct History {
    /// Indexed by colour and the threat on origin and destination, then origin and destination.
    butterfly: Box<[[[i16; 64]; 64]; 8]>,
    continuation: Box<[i16]>,
    /// Indexed by the moved piece and destination square, and the captured role.
    capture: Box<[[i16; 7]; PIECE_SQUARES]>,
    /// Indexed by the previous move's piece (colour, role) and destination square.
    counters: Box<[[[Option<Move>; 64]; 7]; 2]>,
}

/// Where a quiet move's statistics are: its butterfly entry (table, origin, destination)
/// and the continuation slot it opens. Read from the move once: its accessors are not free.
struct QuietIndex {
    table: usize,
    from: usize,
    to: usize,
    own: usize,
}

impl QuietIndex {
    /// The butterfly table is chosen by colour and by whether the opponent attacks the
    /// move's origin and destination.
    fn new(turn: Color, m: Move, threats: Bitboard) -> Self {
        let from = m.from();
        let to = m.to();
        let from_attacked = from.is_some_and(|s| threats.contains(s));
        let to_attacked = threats.contains(to);
        let table = turn as usize * 4 + usize::from(from_attacked) * 2 + usize::from(to_attacked);
        let to = to.to_usize();
        QuietIndex { table, from: from.map_or(0, |s| s.to_usize()), to, own: slot(turn, m.role(), to) }
    }
}

/// The captured role, 0 for a promotion that captures nothing.
fn captured_index(m: Move) -> usize {
    m.capture().map_or(0, |r: Role| r as usize)
}

/// What a cutoff at `depth` is worth to the move that caused it.
pub fn bonus(depth: i32) -> i32 {
    (params::history_bonus_per_depth() * depth - params::history_bonus_offset()).clamp(0, params::history_bonus_max())
}

/// Gravity: an entry moves towards ±`HISTORY_MAX` ever more slowly.
fn apply(entry: &mut i16, bonus: i32) {
    let e = i32::from(*entry);
    *entry = (e + bonus - e * bonus.abs() / HISTORY_MAX) as i16;
}

impl Default for History {
    fn default() -> Self {
        History {
            butterfly: vec![[[0; 64]; 64]; 8].into_boxed_slice().try_into().expect("table size"),
            continuation: vec![0; PIECE_SQUARES * PIECE_SQUARES].into_boxed_slice(),
            capture: vec![[0; 7]; PIECE_SQUARES].into_boxed_slice().try_into().expect("table size"),
            counters: Box::new([[[None; 64]; 7]; 2]),
        }
    }
}

impl History {
    pub fn clear(&mut self) {
        *self = History::default();
    }

    /// Butterfly plus continuation scores: how good a quiet move has been here.
    pub fn quiet_score(&self, turn: Color, m: Move, context: &QuietContext) -> i32 {
        let i = QuietIndex::new(turn, m, context.threats);
        let mut score = i32::from(self.butterfly[i.table][i.from][i.to]);
        for slot in context.slots.iter().flatten() {
            score += i32::from(self.continuation[slot * PIECE_SQUARES + i.own]);
        }
        score
    }

    pub fn capture_score(&self, turn: Color, m: Move) -> i32 {
        i32::from(self.capture[piece_square(turn, m)][captured_index(m)])
    }

    pub fn counter(&self, turn: Color, previous: Option<Move>) -> Option<Move> {
        previous.and_then(|p| self.counters[(!turn) as usize][p.role() as usize][p.to().to_usize()])
    }

    /// Rewards the quiet move that caused a cutoff, penalises the quiets tried before it, and
    /// makes it the counter move of the previous one.
    pub fn reward_quiet(&mut self, turn: Color, depth: i32, best: Move, tried: &[Move], context: &QuietContext) {
        let bonus = bonus(depth);
        self.adjust_quiet(turn, best, bonus, context);
        for &m in tried.iter().filter(|&&m| m != best) {
            self.adjust_quiet(turn, m, -bonus, context);
        }
    }

    /// Rewards the quiet move that led to a node where every reply failed low: it refuted
    /// whatever the opponent could do.
    pub fn reward_prior_quiet(&mut self, turn: Color, depth: i32, m: Move, context: &QuietContext) {
        self.adjust_quiet(turn, m, bonus(depth), context);
    }

    pub fn set_counter(&mut self, turn: Color, previous: Option<Move>, best: Move) {
        if let Some(p) = previous {
            self.counters[(!turn) as usize][p.role() as usize][p.to().to_usize()] = Some(best);
        }
    }

    /// Rewards the capture that caused a cutoff (if it was one) and penalises the others tried.
    pub fn reward_captures(&mut self, turn: Color, depth: i32, best: Option<Move>, tried: &[Move]) {
        let bonus = bonus(depth);
        if let Some(m) = best {
            self.adjust_capture(turn, m, bonus);
        }
        for &m in tried.iter().filter(|&&m| Some(m) != best) {
            self.adjust_capture(turn, m, -bonus);
        }
    }

    fn adjust_quiet(&mut self, turn: Color, m: Move, bonus: i32, context: &QuietContext) {
        let i = QuietIndex::new(turn, m, context.threats);
        apply(&mut self.butterfly[i.table][i.from][i.to], bonus);
        for slot in context.slots.iter().flatten() {
            apply(&mut self.continuation[slot * PIECE_SQUARES + i.own], bonus);
        }
    }

    fn adjust_capture(&mut self, turn: Color, m: Move, bonus: i32) {
        apply(&mut self.capture[piece_square(turn, m)][captured_index(m)], bonus);
    }
}
