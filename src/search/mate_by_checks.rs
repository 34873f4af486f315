//! Mate by checks: the attacker tries only checking moves, the defender every reply. A mate
//! it finds is forced, and it is cheap where a pruned search is blind: the sacrificial mating
//! attacks (a rook given on h8, a queen on h7) whose first moves score badly until the very
//! end. The strength levels run it so that they keep such mates too.

use shakmaty::{Move, Position as _};

use super::params::NODES_BETWEEN_CHECKS;
use crate::position::Position;

/// A mate found by checks: the first move and the number of moves to mate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MateByChecks {
    pub first: Move,
    pub moves: u32,
}

struct Finder<'a> {
    pos: Position,
    nodes: u64,
    max_nodes: u64,
    should_stop: &'a dyn Fn() -> bool,
}

/// The shortest mate by checks starting with one of `roots`, in at most `max_moves` moves
/// and `max_nodes` nodes, stopping early when `should_stop` says so (`None` when there is
/// no such mate or the search ran out first), and the nodes it took.
pub fn find(
    pos: &Position,
    roots: &[Move],
    max_moves: u32,
    max_nodes: u64,
    should_stop: &dyn Fn() -> bool,
) -> (Option<MateByChecks>, u64) {
    let mut finder = Finder { pos: pos.clone(), nodes: 0, max_nodes, should_stop };
    let mate = (1..=max_moves).find_map(|moves| {
        roots.iter().copied().find(|&m| finder.check_mates(m, moves)).map(|first| MateByChecks { first, moves })
    });
    (mate, finder.nodes)
}

impl Finder<'_> {
    fn out_of_budget(&mut self) -> bool {
        self.nodes += 1;
        self.nodes > self.max_nodes || (self.nodes.is_multiple_of(NODES_BETWEEN_CHECKS) && (self.should_stop)())
    }

    /// Whether the attacker can mate in at most `moves` moves, checking at every move.
    fn attack(&mut self, moves: u32) -> bool {
        !self.out_of_budget() && self.pos.board().legal_moves().into_iter().any(|m| self.check_mates(m, moves))
    }

    /// Whether the attacker's move `m` is a check after which every reply loses in time.
    fn check_mates(&mut self, m: Move, moves: u32) -> bool {
        self.pos.make(m);
        let mates = self.pos.is_check() && self.defence_fails(moves);
        self.pos.unmake();
        mates
    }

    /// The defender, in check, to move: mated now, or mated by checks after every reply
    /// within the moves left. A repetition or the fifty-move rule saves the defender.
    fn defence_fails(&mut self, moves: u32) -> bool {
        let replies = self.pos.board().legal_moves();
        if replies.is_empty() {
            return true;
        }
        if moves == 1 || self.pos.is_search_draw() || self.out_of_budget() {
            return false;
        }
        replies.into_iter().all(|reply| {
            self.pos.make(reply);
            let lost = self.attack(moves - 1);
            self.pos.unmake();
            lost
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mate_in(fen: &str, max_moves: u32) -> Option<(String, u32)> {
        let pos = Position::from_fen(fen).unwrap();
        let roots: Vec<Move> = pos.board().legal_moves().into_iter().collect();
        let found = find(&pos, &roots, max_moves, 1_000_000, &|| false).0?;
        Some((crate::position::move_to_uci(found.first, false), found.moves))
    }

    #[test]
    fn finds_the_sacrificial_mate_and_nothing_without_checks() {
        // Back-rank mate in one.
        assert_eq!(mate_in("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 3), Some(("d1d8".to_string(), 1)));
        // Rh8+ Bxh8 Rxh8+ Kxh8 Qh6+ Kg8 Nf6#: a pruned search of 400k nodes scores it -388.
        assert_eq!(
            mate_in("r1b1r1k1/p4pb1/3p2p1/2pP4/1p2N2R/5B2/qP1Q1PP1/2K4R w - - 0 20", 4).map(|(_, n)| n),
            Some(4)
        );
        // King and pawn against king: no check leads to mate.
        assert_eq!(mate_in("8/8/4k3/8/8/4K3/4P3/8 w - - 0 1", 5), None);
    }
}
