//! A puzzle's rating on the Elo scale of rokade's strength levels: each level (Beginner 600 to
//! Master 2100, calibrated against Stockfish) tries the puzzle `tries` times with different
//! seeds (so a different form and move draw each time), and the rating is the Elo at which
//! the levels' results are most likely, counting the puzzle as an opponent that a solver of
//! rating L beats with lichess's and Elo's expectation `1 / (1 + 10^((R - L) / 400))`.
//!
//! It asks the levels only through the search's public interface (a search with a
//! `Strength`, as `rokade levels --signature` does), so `rokade puzzles rate` re-rates a
//! collection after the levels change.
//!
//! A try is a `go` without a clock, as `rokade levels --signature` plays a level: the level
//! scores the moves and draws its move from the human model, after its full-strength mate
//! check (README *Playing strength*). That check finds nearly every mate in three, so mates
//! rate near the floor: the levels tell tactics apart, not short mates.

use shakmaty::Position as _;

use super::{Collection, Kind, LevelTries, Puzzle, Rating, probe, workers};
use crate::search::strength::{self, LEVELS, Level, Strength};
use crate::search::{Limits, SearchConfig, Searcher};

/// Tries of each level at each puzzle.
pub const DEFAULT_TRIES: u32 = 8;
/// A weak prior keeps the ratings of puzzles every level solves, or none, finite: one solve
/// and one failure against a solver of this rating (the middle of the levels' range).
const PRIOR_ELO: f64 = 1350.0;
/// Ratings are kept within the range the levels can tell apart, and a little beyond.
const MIN_RATING: f64 = 400.0;
const MAX_RATING: f64 = 2500.0;

#[derive(Clone, Debug)]
pub struct Settings {
    pub file: Option<std::path::PathBuf>,
    pub out: std::path::PathBuf,
    pub tries: u32,
    pub seed: u64,
    pub threads: usize,
}

/// Rates every puzzle of the collection (the file's, or the built-in one) and writes it.
pub fn run(settings: &Settings) -> Result<Collection, String> {
    let mut collection = Collection::load(settings.file.as_deref())?;
    let ratings = workers::map(&collection.puzzles, settings.threads, "puzzles", |pool, p| {
        rate(pool, p, settings.tries, settings.seed)
    })?;
    for (puzzle, rating) in collection.puzzles.iter_mut().zip(ratings) {
        puzzle.rating = rating;
    }
    collection.write(&settings.out)?;
    Ok(collection)
}

/// A puzzle's rating from `tries` tries of every level; `None` if its line cannot be read.
pub fn rate(pool: &mut Searcher, puzzle: &Puzzle, tries: u32, seed: u64) -> Option<Rating> {
    let mut levels = Vec::new();
    for (level, &Level { elo, .. }) in LEVELS.iter().enumerate() {
        let mut solved = 0;
        for attempt in 0..tries {
            let try_seed = try_seed(seed, &puzzle.id, level, attempt);
            let strength = Strength { elo, seed: try_seed, form: strength::draw_form(try_seed) };
            solved += u32::from(solves(pool, puzzle, strength)?);
        }
        levels.push(LevelTries { elo, solved, tries });
    }
    Some(Rating { elo: most_likely_rating(&levels).round() as u32, levels })
}

/// A seed for one try, never 0 (0 draws a random one).
fn try_seed(base: u64, id: &str, level: usize, attempt: u32) -> u64 {
    let mut hash = 0xcbf2_9ce4_8422_2325_u64 ^ base;
    for byte in id.bytes().chain([level as u8, attempt as u8, (attempt >> 8) as u8]) {
        hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
    }
    hash.max(1)
}

/// Whether the level finds every one of the solver's moves: the solution's move for a
/// tactic, any move that still mates in time for a mate (the longest defence answers a
/// mating move off the main line).
fn solves(pool: &mut Searcher, puzzle: &Puzzle, level: Strength) -> Option<bool> {
    let mut pos = puzzle.position().ok()?;
    let line = puzzle.solution_moves().ok()?;
    let config = SearchConfig { strength: Some(level), ..SearchConfig::default() };
    let limits = Limits::default();
    let mut mate_left = puzzle.mate_in.unwrap_or(0);
    let mut on_line = true;
    for ply in (0..line.len()).step_by(2) {
        // A fresh table each move: nothing of the full-strength checks reaches the level.
        pool.clear();
        let Some(chosen) = pool.search_sync(&pos, limits.clone(), &config).best else { return Some(false) };
        let right = match puzzle.kind {
            Kind::Tactic => chosen == line[ply],
            Kind::Mate => probe::mates_within(pool, &pos, chosen, mate_left),
        };
        if !right {
            return Some(false);
        }
        on_line &= chosen == line[ply];
        pos.play(chosen);
        if pos.board().is_checkmate() || ply + 1 >= line.len() {
            return Some(true);
        }
        // After the reply the mate is one move shorter (a tactic has no mate to count).
        let reply = if on_line {
            mate_left = mate_left.saturating_sub(1);
            line[ply + 1]
        } else {
            let defence = probe::mate_within(pool, &pos, mate_left - 1, &[])?;
            mate_left = defence.moves.unsigned_abs();
            defence.best
        };
        pos.play(reply);
    }
    Some(true)
}

/// The chance that a solver of rating `solver` solves a puzzle rated `puzzle`.
pub fn expected(solver: f64, puzzle: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf((puzzle - solver) / 400.0))
}

/// The rating that makes the levels' results most likely, with the prior.
pub fn most_likely_rating(results: &[LevelTries]) -> f64 {
    let log_likelihood = |r: f64| {
        let prior = expected(PRIOR_ELO, r).ln() + (1.0 - expected(PRIOR_ELO, r)).ln();
        results.iter().fold(prior, |sum, t| {
            let p = expected(f64::from(t.elo), r);
            sum + f64::from(t.solved) * p.ln() + f64::from(t.tries - t.solved) * (1.0 - p).ln()
        })
    };
    // The log-likelihood is concave in the rating: a golden-section search finds its top.
    let (mut lo, mut hi) = (0.0_f64, 3200.0_f64);
    let golden = (5f64.sqrt() - 1.0) / 2.0;
    while hi - lo > 0.5 {
        let (a, b) = (hi - golden * (hi - lo), lo + golden * (hi - lo));
        if log_likelihood(a) < log_likelihood(b) {
            lo = a;
        } else {
            hi = b;
        }
    }
    ((lo + hi) / 2.0).clamp(MIN_RATING, MAX_RATING)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn results(solved: &[(u32, u32)]) -> Vec<LevelTries> {
        solved.iter().map(|&(elo, solved)| LevelTries { elo, solved, tries: 8 }).collect()
    }

    #[test]
    fn the_rating_follows_the_levels_results() {
        // Solved by the weak levels half the time and always by the strong: about 600.
        let easy = most_likely_rating(&results(&[(600, 4), (900, 6), (1200, 7), (1500, 8), (1800, 8), (2100, 8)]));
        // Solved by no level below Expert, by Master half the time: about 2100.
        let hard = most_likely_rating(&results(&[(600, 0), (900, 0), (1200, 0), (1500, 0), (1800, 2), (2100, 4)]));
        assert!((450.0..800.0).contains(&easy), "{easy}");
        assert!((1900.0..2300.0).contains(&hard), "{hard}");
        let all = most_likely_rating(&results(&[(600, 8), (2100, 8)]));
        let none = most_likely_rating(&results(&[(600, 0), (2100, 0)]));
        // The prior keeps both ends finite: solved by all, the floor; by none, above Master.
        assert_eq!(all, MIN_RATING);
        assert!((2300.0..=MAX_RATING).contains(&none), "{none}");
    }

    #[test]
    fn seeds_differ_by_try_and_are_never_zero() {
        let a = try_seed(1, "x#1:10", 0, 0);
        assert_ne!(a, try_seed(1, "x#1:10", 0, 1));
        assert_ne!(a, try_seed(1, "x#1:10", 1, 0));
        assert_ne!(a, try_seed(2, "x#1:10", 0, 0));
        assert_eq!(a, try_seed(1, "x#1:10", 0, 0));
    }
}
