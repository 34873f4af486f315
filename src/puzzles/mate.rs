//! Mate puzzles: a forced mate in at most `MAX_MATE_MOVES`, proven by the unpruned mate
//! search, with every first move that mates within N (the app accepts any) and a main line
//! that meets the longest defence at every turn.

use shakmaty::{Move, Position as _};

use super::probe;
use crate::position::Position;
use crate::search::Searcher;

/// Mate puzzles are mates in 1, 2 or 3.
pub const MAX_MATE_MOVES: u32 = 3;

#[derive(Clone, Debug)]
pub struct MateSolution {
    /// Mate in `moves`: the shortest forced mate.
    pub moves: u32,
    /// The main line: solver and defence alternately, ending in checkmate.
    pub line: Vec<Move>,
    /// Every move that mates in time, at each of the solver's turns of `line`.
    pub accepted: Vec<Vec<Move>>,
    pub nodes: u64,
}

/// Every legal move that mates within `n` moves.
pub fn mating_moves(pool: &mut Searcher, pos: &Position, n: u32) -> Vec<Move> {
    pos.board().legal_moves().into_iter().filter(|&m| probe::mates_within(pool, pos, m, n)).collect()
}

/// The side to move's shortest forced mate of at most `max_moves`, with its accepted moves
/// and main line; `None` when there is none.
pub fn prove(pool: &mut Searcher, pos: &Position, max_moves: u32) -> Option<MateSolution> {
    let first = probe::mate_within(pool, pos, max_moves, &[])?;
    if first.moves <= 0 {
        return None;
    }
    let moves = first.moves.unsigned_abs();
    let mut solution = MateSolution { moves, line: Vec::new(), accepted: Vec::new(), nodes: first.nodes };
    let mut cur = pos.clone();
    let mut left = moves;
    loop {
        let accepted = mating_moves(pool, &cur, left);
        let attack = probe::mate_within(pool, &cur, left, &[])?;
        // The search's own mating move leads the line; it must be among the accepted ones.
        if attack.moves <= 0 || !accepted.contains(&attack.best) {
            return None;
        }
        solution.nodes += attack.nodes;
        solution.accepted.push(accepted);
        solution.line.push(attack.best);
        cur.play(attack.best);
        if left == 1 {
            return cur.board().is_checkmate().then_some(solution);
        }
        // The longest defence: the mated side's search reports it.
        let defence = probe::mate_within(pool, &cur, left - 1, &[])?;
        if defence.moves >= 0 {
            return None;
        }
        solution.nodes += defence.nodes;
        solution.line.push(defence.best);
        cur.play(defence.best);
        left = defence.moves.unsigned_abs();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::move_to_uci;

    fn uci(moves: &[Move]) -> Vec<String> {
        let mut v: Vec<String> = moves.iter().map(|&m| move_to_uci(m, false)).collect();
        v.sort();
        v
    }

    #[test]
    fn a_mate_in_one_lists_every_mating_move() {
        // mates.epd, lichess XKn16: Qh6, Qh7 and Qh8 all mate.
        let pos = Position::from_fen("8/p5Q1/8/8/8/5K2/1P5k/6q1 w - - 0 1").unwrap();
        let mut pool = Searcher::new(16).unwrap();
        let sol = prove(&mut pool, &pos, MAX_MATE_MOVES).unwrap();
        assert_eq!(sol.moves, 1);
        assert_eq!(uci(&sol.accepted[0]), ["g7h6", "g7h7", "g7h8"]);
        assert_eq!(sol.line.len(), 1);
    }

    #[test]
    fn a_mate_in_two_meets_the_defence_and_ends_in_mate() {
        // mates.epd, lichess 4vTm9: 1. Rd8+ Rxd8 (or Bc8) 2. Rxd8#, and no other first move.
        let pos = Position::from_fen("1r4k1/5ppp/3R4/p4bP1/P6P/1p6/1Pr5/K2R4 w - - 0 1").unwrap();
        let mut pool = Searcher::new(16).unwrap();
        let sol = prove(&mut pool, &pos, MAX_MATE_MOVES).unwrap();
        assert_eq!(sol.moves, 2);
        assert_eq!(sol.line.len(), 3);
        assert_eq!(uci(&sol.accepted[0]), ["d6d8"]);
        assert_eq!(sol.accepted.len(), 2);
        let mut end = pos.clone();
        sol.line.iter().for_each(|&m| end.play(m));
        assert!(end.board().is_checkmate());
    }

    #[test]
    fn no_mate_no_puzzle() {
        let pos = Position::default();
        let mut pool = Searcher::new(16).unwrap();
        assert!(prove(&mut pool, &pos, MAX_MATE_MOVES).is_none());
    }
}
