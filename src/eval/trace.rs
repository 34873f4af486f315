//! The evaluation's trace: for every term, how many times it applied for each side. The
//! evaluation is generic over a [`Tracer`]; the engine uses [`NoTrace`], which compiles to
//! nothing, and the tuner a [`Trace`], from which it rebuilds the evaluation as a function of
//! the weights (linear, but for the king-safety curve and the endgame scale, kept apart).

use shakmaty::Color;

use super::params::NUM_TERMS;

pub trait Tracer {
    /// Whether the evaluation must compute every term itself (no pawn cache).
    const RECORDS: bool;
    fn add(&mut self, term: usize, color: Color, count: i32);

    /// The non-linear parts of the evaluation: phase, endgame scale, whether mop-up applied.
    fn record_shape(&mut self, _phase: i32, _scale: i32, _mop_up: bool) {}
}

/// The engine's tracer: records nothing.
pub struct NoTrace;

impl Tracer for NoTrace {
    const RECORDS: bool = false;

    #[inline(always)]
    fn add(&mut self, _term: usize, _color: Color, _count: i32) {}
}

/// What the tuner needs of one position.
#[derive(Clone, Debug)]
pub struct Trace {
    /// Per term: [Black's count, White's count].
    pub counts: Vec<[i32; 2]>,
    /// Game phase, 0 (bare kings and pawns) to `MAX_PHASE`.
    pub phase: i32,
    /// The endgame scale the evaluation applied, out of `SCALE_NORMAL`.
    pub scale: i32,
    /// Whether the lone-king mop-up applied: a term outside the weights.
    pub mop_up: bool,
    /// The evaluation, from White's side.
    pub eval: i32,
}

impl Default for Trace {
    fn default() -> Self {
        Trace { counts: vec![[0; 2]; NUM_TERMS], phase: 0, scale: 0, mop_up: false, eval: 0 }
    }
}

impl Tracer for Trace {
    const RECORDS: bool = true;

    fn add(&mut self, term: usize, color: Color, count: i32) {
        self.counts[term][color as usize] += count;
    }

    fn record_shape(&mut self, phase: i32, scale: i32, mop_up: bool) {
        (self.phase, self.scale, self.mop_up) = (phase, scale, mop_up);
    }
}
