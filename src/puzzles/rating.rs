//! A puzzle's rating on the Elo scale of rokade's strength levels. Each level (Beginner 600 to
//! Master 2100, calibrated against Stockfish) plays its moves from the human move model: the
//! chance that a player of its rating picks each legal move (README *Playing strength*). The
//! chance that the level solves the puzzle is the product, over the solver's turns of the
//! main line, of the chances of the moves accepted there; the rating is the Elo at which
//! those chances are most likely, the puzzle counting as an opponent that a solver of rating
//! L beats with Elo's expectation `1 / (1 + 10^((R - L) / 400))`.
//!
//! The chances are exact, not counted from seeded tries, so a rating does not depend on a
//! seed; and they are the model's, without the level's full-strength mate check, which
//! finds every mate in three and would rate them all at the floor. `tuning/puzzle-ratings.py`
//! checks the ratings against the players of the games the puzzles come from.

use super::{Collection, Kind, LevelChance, Puzzle, Rating, workers};
use crate::search::strength::human;
use crate::search::strength::scoring::{self, MoveScorer};
use crate::search::strength::{LEVELS, Level, move_chances};

/// The weight of each level's chance in the likelihood, as if it were this many tries: it
/// sets how far the prior pulls.
const TRIES_PER_LEVEL: f64 = 8.0;
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
    pub threads: usize,
}

/// Rates every puzzle of the collection (the file's, or the built-in one) and writes it.
pub fn run(settings: &Settings) -> Result<Collection, String> {
    let mut collection = Collection::load(settings.file.as_deref())?;
    let ratings = workers::map(&collection.puzzles, settings.threads, "puzzles", |_, p| rate(p))?;
    for (puzzle, rating) in collection.puzzles.iter_mut().zip(ratings) {
        puzzle.rating = rating;
    }
    collection.write(&settings.out)?;
    Ok(collection)
}

/// A puzzle's rating from every level's chance of solving it; `None` if its line cannot be read.
pub fn rate(puzzle: &Puzzle) -> Option<Rating> {
    let turns = solver_turns(puzzle)?;
    let levels: Vec<LevelChance> = LEVELS
        .iter()
        .map(|&Level { elo, persona, .. }| {
            let chance: f64 = turns
                .iter()
                .map(|(inputs, accepted)| {
                    let chances = move_chances(inputs, &persona);
                    accepted.iter().map(|&i| chances[i]).sum::<f64>()
                })
                .product();
            LevelChance { elo, chance: (chance * 1000.0).round() / 1000.0 }
        })
        .collect();
    Some(Rating { elo: most_likely_rating(&levels).round() as u32, levels })
}

/// At each of the solver's turns of the main line: the model's inputs of every legal move,
/// and which of them are accepted (the solution's move for a tactic, every move that still
/// mates in time for a mate).
fn solver_turns(puzzle: &Puzzle) -> Option<Vec<(Vec<human::Inputs>, Vec<usize>)>> {
    let mut pos = puzzle.position().ok()?;
    let line = puzzle.solution_moves().ok()?;
    let mut scorer = MoveScorer::default();
    let mut turns = Vec::new();
    for (ply, &m) in line.iter().enumerate() {
        if ply % 2 == 0 {
            let (moves, mut verdicts) = scorer.score(&pos);
            scoring::as_scored(&mut verdicts);
            let accepted_uci = match puzzle.kind {
                Kind::Mate => puzzle.accepted_by_turn.get(ply / 2)?.clone(),
                Kind::Tactic => vec![puzzle.solution[ply].uci.clone()],
            };
            let accepted: Vec<usize> = moves
                .iter()
                .enumerate()
                .filter(|&(_, &mv)| accepted_uci.contains(&crate::position::move_to_uci(mv, false)))
                .map(|(i, _)| i)
                .collect();
            turns.push((human::inputs(&pos, &moves, &verdicts), accepted));
        }
        pos.play(m);
    }
    Some(turns)
}

/// The chance that a solver of rating `solver` solves a puzzle rated `puzzle`.
pub fn expected(solver: f64, puzzle: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf((puzzle - solver) / 400.0))
}

/// The rating that makes the levels' chances most likely, with the prior.
pub fn most_likely_rating(results: &[LevelChance]) -> f64 {
    let log_likelihood = |r: f64| {
        let prior = expected(PRIOR_ELO, r).ln() + (1.0 - expected(PRIOR_ELO, r)).ln();
        results.iter().fold(prior, |sum, t| {
            let p = expected(f64::from(t.elo), r);
            sum + TRIES_PER_LEVEL * (t.chance * p.ln() + (1.0 - t.chance) * (1.0 - p).ln())
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

    fn results(chances: &[(u32, f64)]) -> Vec<LevelChance> {
        chances.iter().map(|&(elo, chance)| LevelChance { elo, chance }).collect()
    }

    #[test]
    fn the_rating_follows_the_levels_chances() {
        // Solved by the weak levels half the time and always by the strong: about 600.
        let easy = most_likely_rating(&results(&[(600, 0.5), (900, 0.75), (1200, 0.9), (1500, 1.0), (2100, 1.0)]));
        // Solved by no level below Expert, by Master half the time: about 2100.
        let hard = most_likely_rating(&results(&[
            (600, 0.0),
            (900, 0.0),
            (1200, 0.0),
            (1500, 0.0),
            (1800, 0.25),
            (2100, 0.5),
        ]));
        assert!((450.0..800.0).contains(&easy), "{easy}");
        assert!((1900.0..2300.0).contains(&hard), "{hard}");
        let all = most_likely_rating(&results(&[(600, 1.0), (2100, 1.0)]));
        let none = most_likely_rating(&results(&[(600, 0.0), (2100, 0.0)]));
        // The prior keeps both ends finite: solved by all, the floor; by none, above Master.
        assert_eq!(all, MIN_RATING);
        assert!((2300.0..=MAX_RATING).contains(&none), "{none}");
    }

    #[test]
    fn a_mate_in_one_is_easier_than_a_quiet_mate_in_two() {
        let puzzle_of = |fen: &str| {
            let pos = crate::position::Position::from_fen(fen).unwrap();
            let mut pool = crate::search::Searcher::new(16).unwrap();
            super::super::find::mate_puzzle(&mut pool, &pos).unwrap()
        };
        // mates.epd, lichess XKn16: three queen mates in one.
        let one = rate(&puzzle_of("8/p5Q1/8/8/8/5K2/1P5k/6q1 w - - 0 1")).unwrap();
        // tests/data/puzzle-game.pgn: 1. Kf2 (a quiet king move) e4 2. Qg3#.
        let quiet = rate(&puzzle_of("6Q1/8/3pB3/4p3/1PP2k2/5P2/6K1/8 w - - 2 57")).unwrap();
        assert!(one.elo + 300 < quiet.elo, "{} {}", one.elo, quiet.elo);
        let chances = |r: &Rating| r.levels.iter().map(|l| l.chance).collect::<Vec<_>>();
        assert!(chances(&one).windows(2).all(|w| w[0] <= w[1] + 0.02), "{:?}", chances(&one));
    }
}
