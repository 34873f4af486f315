//! Tactics, by lichess-puzzler's rules (github ornicar/lichess-puzzler, `generator/generator.py`):
//! from a position where the side to move just got a winning chance, the line follows the
//! solver's best move while it beats the second best by more than `ONLY_MOVE_MARGIN` in
//! winning chances and keeps at least `MIN_WINNING_CP`, and the defence's best reply; it
//! ends where the solver's move stops being the only one (the gain is realised). A line
//! that ends on a defence move, or on a solver move that was the only legal one, is cut
//! back; one-move tactics are dropped.

use shakmaty::{Move, Position as _};

use super::probe::{self, Line};
use crate::analysis::classify::uncapped_winning_chances;
use crate::position::Position;
use crate::search::{Limits, MATE_BOUND, Searcher};

/// The solver's move must beat the second best by more than this in winning chances
/// ([-1, 1] scale; lichess-puzzler's `is_valid_attack`).
pub const ONLY_MOVE_MARGIN: f64 = 0.7;
/// Below this (centipawns, solver's view) the solver is not winning enough: no puzzle.
pub const MIN_WINNING_CP: i32 = 200;
/// Longest line looked at, in plies (solver and defence).
const MAX_LINE_PLIES: usize = 15;
/// Shortest puzzle: two solver moves and the reply between them.
const MIN_LINE_PLIES: usize = 3;

/// How hard each move of a line is searched, and the depth a search must complete for
/// its verdict to count.
#[derive(Clone, Debug)]
pub struct Verification {
    pub limits: Limits,
    pub required_depth: i32,
    /// Required on top of `ONLY_MOVE_MARGIN`, against the uncertainty of the search.
    pub safety_margin: f64,
}

#[derive(Clone, Debug)]
pub struct TacticLine {
    pub moves: Vec<Move>,
    /// The margin of the solver's move over the second best at each of its turns.
    pub margins: Vec<f64>,
    /// The score at the last solver move (centipawns, solver's view).
    pub final_cp: i32,
    /// The shallowest depth any of the line's searches completed.
    pub depth: i32,
    pub nodes: u64,
}

/// Winning chances as lichess-puzzler computes them: a mate is certain (1 or -1), centipawns
/// go through lichess's curve uncapped.
pub fn puzzler_chances(score: i32) -> f64 {
    if score.abs() >= MATE_BOUND { f64::from(score.signum()) } else { uncapped_winning_chances(score) }
}

/// What the search says at one of the solver's turns.
enum Turn {
    /// The only good move, by `margin` (`None`: the only legal move).
    Only { best: Line, margin: Option<f64> },
    /// More than one move keeps the win: the line ends here.
    Several,
    /// Not winning enough, a forced mate (a mate puzzle, not a tactic), or not searched
    /// deep enough: no puzzle.
    Abort,
}

fn solver_turn(pool: &mut Searcher, pos: &Position, check: &Verification, nodes: &mut u64) -> Turn {
    let (lines, spent) = probe::best_lines(pool, pos, check.limits.clone(), 2);
    *nodes += spent;
    let Some(best) = lines.first().cloned() else { return Turn::Abort };
    if best.depth < check.required_depth || best.score.abs() >= MATE_BOUND {
        return Turn::Abort;
    }
    let margin = lines.get(1).map(|second| puzzler_chances(best.score) - puzzler_chances(second.score));
    if margin.is_some_and(|m| m <= ONLY_MOVE_MARGIN + check.safety_margin) {
        return Turn::Several;
    }
    if best.score < MIN_WINNING_CP {
        return Turn::Abort;
    }
    // A second line is missing only when there is a single legal move.
    if margin.is_none() && pos.board().legal_moves().len() > 1 {
        return Turn::Abort;
    }
    Turn::Only { best, margin }
}

/// The tactic's line from `start` (the solver to move), or `None`.
pub fn cook(pool: &mut Searcher, start: &Position, check: &Verification) -> Option<TacticLine> {
    let mut pos = start.clone();
    let mut line = TacticLine { moves: Vec::new(), margins: Vec::new(), final_cp: 0, depth: i32::MAX, nodes: 0 };
    // Per solver turn: its margin (`None`: the only legal move) and score.
    let mut turns: Vec<(Option<f64>, i32)> = Vec::new();
    while line.moves.len() < MAX_LINE_PLIES && !pos.board().legal_moves().is_empty() {
        if pos.repetitions() > 0 {
            return None;
        }
        let solver_to_move = line.moves.len().is_multiple_of(2);
        let m = if solver_to_move {
            match solver_turn(pool, &pos, check, &mut line.nodes) {
                Turn::Only { best, margin } => {
                    line.depth = line.depth.min(best.depth);
                    turns.push((margin, best.score));
                    best.first
                }
                Turn::Several => break,
                Turn::Abort => return None,
            }
        } else {
            let (lines, spent) = probe::best_lines(pool, &pos, check.limits.clone(), 1);
            line.nodes += spent;
            let reply = lines.first()?;
            if reply.depth < check.required_depth {
                return None;
            }
            line.depth = line.depth.min(reply.depth);
            reply.first
        };
        line.moves.push(m);
        pos.play(m);
    }
    // End on a solver move that was a real choice.
    while line.moves.len().is_multiple_of(2) || turns.last().is_some_and(|(margin, _)| margin.is_none()) {
        if line.moves.len() % 2 == 1 {
            turns.pop();
        }
        if line.moves.pop().is_none() {
            break;
        }
    }
    if line.moves.len() < MIN_LINE_PLIES {
        return None;
    }
    line.final_cp = turns.last()?.1;
    line.margins = turns.iter().map(|(margin, _)| margin.unwrap_or(1.0)).collect();
    Some(line)
}
