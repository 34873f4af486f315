//! Limited strength: the app's six opponents, from Beginner (600 Elo) to Master (2100).
//!
//! A level looks for a forced mate with full strength (`mate_check`), and plays one if it
//! finds it: no level lets a mate it could see slip. Against a bare king it plays full
//! strength too, so every level mates with king and queen or rook. Otherwise it plays as a
//! person of its rating would (`choice`): every legal move is scored by the search
//! (`scoring`) at a glance's depth and at deeper ones, and a model of human move choice fitted
//! on rated games (`human`) turns those verdicts and the look of each move (a capture, a
//! recapture, a check, a piece left hanging, ...) into the chance that such a player picks
//! it. The level draws its move from that distribution, so its mistakes are the ones
//! players of its rating make. Each game is played in a random form, as a player's
//! strength varies from game to game. `catalogue` holds the levels, one row each, which
//! `tuning/calibrate-levels` measures and refits.

mod catalogue;
mod choice;
pub mod human;
mod human_weights;
mod mate_check;
pub mod scoring;

use std::sync::Arc;

use shakmaty::Position as _;

pub(crate) use catalogue::derive_seed;
pub use catalogue::{
    DEFAULT_ELO, FORM_SPREAD, FULL_SKILL_LEVEL, FULL_STRENGTH, LEVEL_NAMES, LEVELS, Level, MAX_ELO, MIN_ELO, Persona,
    Strength, book_temperature_pct, draw_form, level_named, nearest_skill_level, persona_for, skill_level_elo,
};
pub use choice::move_chances;

use super::worker::{RootMove, Shared, Worker};
use crate::position::Position;

/// A limited strength plays on one thread, so that a seeded game can be replayed.
pub const LEVEL_THREADS: usize = 1;

/// The move a limited-strength search plays, with the depth and nodes it took.
#[derive(Clone)]
pub(super) struct Chosen {
    pub line: RootMove,
    pub depth: i32,
    pub nodes: u64,
}

/// Chooses the move of a limited strength on the main worker: the moves are scored first
/// (fixed work, in at most half the move's time), then the mate check searches for the rest
/// of it, and only when it finds no mate does the level draw its own move.
pub(super) fn play(main: &mut Worker, shared: &Arc<Shared>, strength: &Strength) -> Chosen {
    let pos = main.pos.clone();
    let budget = mate_check::NodeBudget::new(shared.limits.nodes, choice::SCORING_NODES);
    let scored = if against_bare_king(&pos) { None } else { choice::score(main, shared, &pos, budget.for_scoring()) };
    let scoring_nodes = scored.as_ref().map_or(0, |s| s.nodes);
    let check = mate_check::run(main, shared, &budget, scoring_nodes);
    let nodes = check.chosen.nodes + scoring_nodes;
    match scored {
        Some(scored) if !check.decided => {
            let seed = derive_seed(strength.seed, pos.key());
            let left = budget.remaining(nodes);
            let chosen = choice::choose(main, shared, &scored, &strength.persona(), seed, &check.chosen, left);
            Chosen { nodes: chosen.nodes + check.chosen.nodes, ..chosen }
        }
        _ => Chosen { nodes, ..check.chosen },
    }
}

/// The opponent has nothing but its king: mating it is technique, which every level has.
fn against_bare_king(pos: &Position) -> bool {
    let board = pos.board().board();
    (board.by_color(!pos.turn()) & !board.kings()).is_empty()
}
