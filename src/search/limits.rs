//! What a `go` asks for, independent of how it was written.

use shakmaty::Move;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    pub time_ms: u64,
    pub inc_ms: u64,
    pub moves_to_go: Option<u32>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    pub depth: Option<i32>,
    pub nodes: Option<u64>,
    /// Mate in at most this many moves: stop once proven.
    pub mate: Option<u32>,
    pub movetime: Option<u64>,
    /// The clock of the side to move.
    pub clock: Option<Clock>,
    pub infinite: bool,
    pub ponder: bool,
    /// Restrict the root to these moves (empty: all).
    pub searchmoves: Vec<Move>,
}
