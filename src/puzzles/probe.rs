//! The engine questions the puzzle tools ask, through the search's public interface only:
//! the best lines of a position (MultiPV), and whether a side mates within N moves, proven
//! by the unpruned mate search (`go mate N`, README *Mate puzzles*).

use shakmaty::{Move, Position as _};

use crate::position::Position;
use crate::search::{Limits, ScoreKind, SearchConfig, SearchEvent, Searcher, score_kind};

/// One line of a search: its first move, score (side to move's view, internal units) and
/// the depth it completed.
#[derive(Clone, Debug)]
pub struct Line {
    pub first: Move,
    pub score: i32,
    pub depth: i32,
    pub pv: Vec<Move>,
}

/// The best `count` lines of the last depth the search completed, best first, and the nodes
/// it searched. Searches on one thread, so the same table state gives the same lines.
pub fn best_lines(pool: &mut Searcher, pos: &Position, limits: Limits, count: usize) -> (Vec<Line>, u64) {
    let config = SearchConfig::with_multipv(count);
    let (tx, rx) = crossbeam_channel::unbounded();
    pool.start(pos, limits, &config, tx);
    pool.wait();
    let mut lines: Vec<Option<Line>> = vec![None; count];
    let mut nodes = 0;
    for event in rx.try_iter() {
        if let SearchEvent::Info(info) = event {
            nodes = nodes.max(info.nodes);
            // A line whose score is only a bound (a failed aspiration window) is not a result.
            if info.bound.is_none()
                && let (Some(&first), Some(slot)) = (info.pv.first(), lines.get_mut(info.multipv - 1))
            {
                *slot = Some(Line { first, score: info.score, depth: info.depth, pv: info.pv });
            }
        }
    }
    let deepest = lines.iter().flatten().map(|l| l.depth).max().unwrap_or(0);
    // Only the lines of the deepest completed iteration belong together.
    (lines.into_iter().flatten().filter(|l| l.depth == deepest).collect(), nodes)
}

/// A forced mate found by the unpruned search: `moves` to mate (positive: the side to move
/// mates; negative: it is mated, after the longest defence), the move that does it (or
/// defends longest), and the nodes searched.
#[derive(Clone, Debug)]
pub struct Mate {
    pub moves: i32,
    pub best: Move,
    pub nodes: u64,
}

/// `go mate N [searchmoves ...]`: a mate for either side within `n` moves, proven by the
/// exhaustive search, or `None`. `only` restricts the root moves (empty: all).
pub fn mate_within(pool: &mut Searcher, pos: &Position, n: u32, only: &[Move]) -> Option<Mate> {
    if pos.board().legal_moves().is_empty() {
        return None;
    }
    let limits = Limits { mate: Some(n), searchmoves: only.to_vec(), ..Limits::default() };
    let outcome = pool.search_sync(pos, limits, &SearchConfig::default());
    let info = outcome.info?;
    match score_kind(info.score) {
        // The exhaustive search reports only mates it proved (README *Mate puzzles*).
        ScoreKind::Mate(k) if k != 0 && k.unsigned_abs() <= n => {
            Some(Mate { moves: k, best: outcome.best?, nodes: info.nodes })
        }
        _ => None,
    }
}

/// Whether `m` mates within `n` moves: mate in one by playing it, longer mates by the
/// exhaustive search restricted to `m`.
pub fn mates_within(pool: &mut Searcher, pos: &Position, m: Move, n: u32) -> bool {
    if n == 1 {
        let mut after = pos.board().clone();
        after.play_unchecked(m);
        return after.is_checkmate();
    }
    mate_within(pool, pos, n, &[m]).is_some_and(|mate| mate.moves > 0)
}
