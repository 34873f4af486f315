//! Move-ordering statistics a search thread learns as it goes: the butterfly history of
//! quiet moves, two killer moves per ply and a counter move per previous move.

use shakmaty::{Color, Move};

use super::MAX_PLY;
use super::params::HISTORY_MAX;

pub struct History {
    butterfly: Box<[[[i32; 64]; 64]; 2]>,
    killers: Box<[[Option<Move>; 2]; MAX_PLY + 2]>,
    /// Indexed by the previous move's piece (colour, role) and destination square.
    counters: Box<[[[Option<Move>; 64]; 7]; 2]>,
}

fn side(c: Color) -> usize {
    c as usize
}

fn from_to(m: Move) -> (usize, usize) {
    (m.from().map_or(0, |s| s.to_usize()), m.to().to_usize())
}

impl Default for History {
    fn default() -> Self {
        History {
            butterfly: Box::new([[[0; 64]; 64]; 2]),
            killers: Box::new([[None; 2]; MAX_PLY + 2]),
            counters: Box::new([[[None; 64]; 7]; 2]),
        }
    }
}

impl History {
    pub fn clear(&mut self) {
        *self = History::default();
    }

    /// Killers are only good within one search; histories carry over to the next move.
    pub fn clear_killers(&mut self) {
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
    }

    pub fn quiet_score(&self, turn: Color, m: Move) -> i32 {
        let (from, to) = from_to(m);
        self.butterfly[side(turn)][from][to]
    }

    pub fn killers(&self, ply: usize) -> [Option<Move>; 2] {
        self.killers[ply]
    }

    pub fn counter(&self, turn: Color, previous: Option<Move>) -> Option<Move> {
        previous.and_then(|p| self.counters[side(!turn)][p.role() as usize][p.to().to_usize()])
    }

    /// Rewards the quiet move that caused a cutoff and penalises the quiets tried before it.
    pub fn update_on_cutoff(
        &mut self,
        turn: Color,
        ply: usize,
        depth: i32,
        best: Move,
        tried: &[Move],
        previous: Option<Move>,
    ) {
        let bonus = (depth * depth).min(400) * 4;
        self.adjust(turn, best, bonus);
        for &m in tried.iter().filter(|&&m| m != best) {
            self.adjust(turn, m, -bonus);
        }
        let killers = &mut self.killers[ply];
        if killers[0] != Some(best) {
            killers[1] = killers[0];
            killers[0] = Some(best);
        }
        if let Some(p) = previous {
            self.counters[side(!turn)][p.role() as usize][p.to().to_usize()] = Some(best);
        }
    }

    /// Gravity update: scores approach ±HISTORY_MAX ever more slowly.
    fn adjust(&mut self, turn: Color, m: Move, bonus: i32) {
        let (from, to) = from_to(m);
        let entry = &mut self.butterfly[side(turn)][from][to];
        *entry += bonus - *entry * bonus.abs() / HISTORY_MAX;
    }
}
