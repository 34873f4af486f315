//! `genfens N seed S book <file|None>`: the opening positions OpenBench asks an engine for.
//! Each is the start position, or a random line of the book, followed by a few random legal
//! moves; it is kept when it is not over and a short search finds it playable. The same
//! seed and book give the same positions.

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use shakmaty::Position as _;

use crate::position::Position;
use crate::search::{DEFAULT_HASH_MB, Limits, SearchConfig, Searcher};

/// Random plies after the start position: eight, or nine so that Black moves first as often.
const RANDOM_PLIES_FROM_START: usize = 8;
/// Book positions are already varied; a couple of random plies make each one many.
const RANDOM_PLIES_FROM_BOOK: usize = 2;
/// The playability check: a search of this many nodes must stay within this many centipawns.
const CHECK_NODES: u64 = 5_000;
const MAX_ABS_SCORE_CP: i32 = 400;
/// Tries per requested position before giving up (a book of lost or finished positions).
const TRIES_PER_POSITION: usize = 1_000;

/// What `genfens` was asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    pub count: usize,
    pub seed: u64,
    /// `None` when the book is `None`: positions start from the start position.
    pub book: Option<String>,
}

/// The request's book (empty for `None`), read at once so that a bad one is reported before
/// anything else happens.
pub fn load_book(request: &Request) -> Result<Vec<Position>, String> {
    match &request.book {
        Some(path) => read_book(Path::new(path)).map_err(|e| format!("genfens: {e}")),
        None => Ok(Vec::new()),
    }
}

/// Generates the positions from `book` (see `load_book`), handing each FEN to `emit` as soon as
/// it is found, until all are found or `cancel` is raised.
pub fn generate(
    request: &Request,
    book: &[Position],
    cancel: &AtomicBool,
    mut emit: impl FnMut(&str),
) -> Result<(), String> {
    let mut pool = Searcher::new(DEFAULT_HASH_MB).map_err(|e| format!("genfens: {e}"))?;
    let mut rng = StdRng::seed_from_u64(request.seed);
    for found in 0..request.count {
        let fen = (0..TRIES_PER_POSITION)
            .take_while(|_| !cancel.load(Ordering::Relaxed))
            .find_map(|_| candidate(book, &mut rng).filter(|pos| playable(&mut pool, pos)));
        match fen {
            Some(pos) => emit(&pos.fen()),
            None if cancel.load(Ordering::Relaxed) => {
                return Err(format!("genfens stopped after {found} of {} positions", request.count));
            }
            None => return Err(format!("genfens: no playable position in {TRIES_PER_POSITION} tries")),
        }
    }
    Ok(())
}

/// The book's positions: one FEN or EPD a line, blank lines and `#` comments skipped.
pub(crate) fn read_book(path: &Path) -> Result<Vec<Position>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let book: Vec<Position> = text
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .filter_map(|line| Position::from_fen(&fen_of(line)).ok())
        .collect();
    if book.is_empty() {
        return Err(format!("no position in {}", path.display()));
    }
    Ok(book)
}

/// The FEN of a book line: its board fields, and its move counters when it has them (an
/// EPD line has operations there instead).
fn fen_of(line: &str) -> String {
    let fields: Vec<&str> = line.split_whitespace().take(6).collect();
    let counted = fields.len() == 6 && fields[4..].iter().all(|f| f.parse::<u32>().is_ok());
    fields[..if counted { 6 } else { fields.len().min(4) }].join(" ")
}

/// A start (book line or start position) and random legal moves; `None` if the game ended.
pub(crate) fn candidate(book: &[Position], rng: &mut StdRng) -> Option<Position> {
    let (mut pos, plies) = match book.len() {
        0 => (Position::default(), RANDOM_PLIES_FROM_START + rng.random_range(0..=1)),
        n => (book[rng.random_range(0..n)].clone(), RANDOM_PLIES_FROM_BOOK + rng.random_range(0..=1)),
    };
    for _ in 0..plies {
        let moves = pos.board().legal_moves();
        if moves.is_empty() {
            return None;
        }
        pos.play(moves[rng.random_range(0..moves.len())]);
    }
    let over = pos.board().legal_moves().is_empty() || pos.is_search_draw();
    (!over).then_some(pos)
}

pub(crate) fn playable(pool: &mut Searcher, pos: &Position) -> bool {
    pool.clear();
    let limits = Limits { nodes: Some(CHECK_NODES), ..Limits::default() };
    let outcome = pool.search_sync(pos, limits, &SearchConfig::default());
    // A mate score is far outside the window, so one bound test covers it.
    outcome.info.is_some_and(|info| info.score.abs() <= MAX_ABS_SCORE_CP)
}
