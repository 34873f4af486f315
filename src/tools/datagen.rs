//! `rokade datagen`: self-play games at a fixed number of nodes a move, the data the
//! evaluation tuner (`tuning/`) learns from. Each game starts from an opening as `genfens`
//! makes them (a book line and a few random moves); a few positions of each game, not in
//! check and with a quiet best move, are made quiet through the quiescence search's line and
//! written with the game's result and the search's score.
//!
//! Output, one position a line: `<FEN> | <result> | <score>`, where the result is 1.0, 0.5
//! or 0.0 for a White win, draw or Black win, and the score is the search's, in centipawns
//! from White's side. Games are written in the order of their index, so the same seed, book
//! and settings give the same file whatever the number of threads.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use shakmaty::{Color, Position as _};

use crate::position::Position;
use crate::search::quiet::QuietResolver;
use crate::search::{DEFAULT_HASH_MB, Limits, SearchConfig, Searcher};
use crate::tools::genfens;

/// A side whose score stays at least this high for `WIN_PLIES` plies in a row wins.
const WIN_SCORE_CP: i32 = 1000;
const WIN_PLIES: usize = 4;
/// From this ply on, scores within `DRAW_SCORE_CP` of zero for `DRAW_PLIES` plies are a draw.
const DRAW_FROM_PLY: usize = 80;
const DRAW_SCORE_CP: i32 = 10;
const DRAW_PLIES: usize = 12;
/// A game this long is scored a draw.
const MAX_PLIES: usize = 400;
/// Positions this close to the opening are mostly the book's, not the engine's.
const FIRST_SAMPLED_PLY: usize = 8;
/// Scores beyond this are decided games; the tuner learns little from them.
const MAX_SAMPLED_SCORE_CP: i32 = 2000;
/// Tries at an opening the playability check accepts.
const OPENING_TRIES: usize = 1_000;

#[derive(Clone, Debug)]
pub struct Settings {
    pub games: usize,
    pub nodes: u64,
    pub seed: u64,
    pub book: Option<PathBuf>,
    pub threads: usize,
    /// Positions kept from each game, at most.
    pub per_game: usize,
    pub out: PathBuf,
}

/// One position of a game: what was searched, its score from White's side, the move played.
struct Ply {
    pos: Position,
    white_score: i32,
    quiet_move: bool,
}

/// Plays the games and writes the positions; returns (games, positions).
pub fn run(settings: &Settings) -> Result<(usize, usize), String> {
    let book = match &settings.book {
        Some(path) => genfens::read_book(path)?,
        None => Vec::new(),
    };
    let file = std::fs::File::create(&settings.out).map_err(|e| format!("{}: {e}", settings.out.display()))?;
    let mut out = std::io::BufWriter::new(file);
    let progress = indicatif::ProgressBar::new(settings.games as u64);
    progress.set_style(
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} games, {msg}, {elapsed} (eta {eta})")
            .expect("valid template"),
    );
    let next_game = AtomicUsize::new(0);
    let (tx, rx) = crossbeam_channel::unbounded::<(usize, Result<Vec<String>, String>)>();
    let mut written = 0;
    std::thread::scope(|scope| -> Result<(), String> {
        for _ in 0..settings.threads.max(1) {
            let tx = tx.clone();
            let (book, next_game) = (&book, &next_game);
            scope.spawn(move || {
                let mut player = match Player::new() {
                    Ok(p) => p,
                    Err(e) => return drop(tx.send((0, Err(e)))),
                };
                loop {
                    let index = next_game.fetch_add(1, Ordering::Relaxed);
                    if index >= settings.games {
                        return;
                    }
                    let lines = player.game(book, settings, index);
                    if tx.send((index, lines)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(tx);
        let mut pending = BTreeMap::new();
        let mut next_to_write = 0;
        for (index, lines) in rx.iter() {
            pending.insert(index, lines?);
            while let Some(lines) = pending.remove(&next_to_write) {
                for line in &lines {
                    writeln!(out, "{line}").map_err(|e| e.to_string())?;
                }
                written += lines.len();
                next_to_write += 1;
                progress.inc(1);
                progress.set_message(format!("{written} positions"));
            }
        }
        Ok(())
    })?;
    out.flush().map_err(|e| e.to_string())?;
    progress.finish();
    Ok((settings.games, written))
}

/// One thread's search and quiescence resolver, reused from game to game.
struct Player {
    pool: Searcher,
    resolver: QuietResolver,
}

impl Player {
    fn new() -> Result<Self, String> {
        Ok(Player { pool: Searcher::new(DEFAULT_HASH_MB)?, resolver: QuietResolver::new()? })
    }

    /// Plays game `index` and returns its output lines.
    fn game(&mut self, book: &[Position], settings: &Settings, index: usize) -> Result<Vec<String>, String> {
        let mut rng = StdRng::seed_from_u64(settings.seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ index as u64);
        let start = (0..OPENING_TRIES)
            .find_map(|_| genfens::candidate(book, &mut rng).filter(|pos| genfens::playable(&mut self.pool, pos)))
            .ok_or("no playable opening in the book")?;
        self.pool.clear();
        let (plies, result) = self.play_out(start, settings.nodes);
        let mut sampled: Vec<&Ply> = plies
            .iter()
            .skip(FIRST_SAMPLED_PLY)
            .filter(|p| p.quiet_move && !p.pos.is_check() && p.white_score.abs() <= MAX_SAMPLED_SCORE_CP)
            .collect();
        sampled.shuffle(&mut rng);
        sampled.truncate(settings.per_game);
        Ok(sampled
            .into_iter()
            .filter_map(|p| {
                let leaf = self.resolver.resolve(&p.pos);
                (!leaf.is_check()).then(|| format!("{} | {result:.1} | {}", leaf.fen(), p.white_score))
            })
            .collect())
    }

    /// Plays from `pos` to the end or an adjudication; returns the plies and White's result.
    fn play_out(&mut self, mut pos: Position, nodes: u64) -> (Vec<Ply>, f64) {
        let mut plies: Vec<Ply> = Vec::new();
        let limits = Limits { nodes: Some(nodes), ..Limits::default() };
        loop {
            if let Some(result) = game_result(&pos) {
                return (plies, result);
            }
            let outcome = self.pool.search_sync(&pos, limits.clone(), &SearchConfig::default());
            let (Some(best), Some(info)) = (outcome.best, outcome.info) else { return (plies, 0.5) };
            let white_score = if pos.turn() == Color::White { info.score } else { -info.score };
            plies.push(Ply { pos: pos.clone(), white_score, quiet_move: !best.is_capture() && !best.is_promotion() });
            if let Some(result) = adjudicate(&plies) {
                return (plies, result);
            }
            pos.play(best);
        }
    }
}

/// White's result when the rules end the game here: mate, stalemate, dead position,
/// threefold repetition or the fifty-move rule.
fn game_result(pos: &Position) -> Option<f64> {
    let board = pos.board();
    if board.legal_moves().is_empty() {
        return Some(match (board.is_check(), board.turn()) {
            (false, _) => 0.5,
            (true, Color::White) => 0.0,
            (true, Color::Black) => 1.0,
        });
    }
    let draw = board.is_insufficient_material() || board.halfmoves() >= 100 || pos.repetitions() >= 2;
    draw.then_some(0.5)
}

/// White's result when the scores decide the game: a win held for a few plies, a long quiet
/// stretch late in the game, or a game too long.
fn adjudicate(plies: &[Ply]) -> Option<f64> {
    let last = |n: usize| plies.iter().rev().take(n).map(|p| p.white_score);
    if plies.len() >= WIN_PLIES {
        if last(WIN_PLIES).all(|s| s >= WIN_SCORE_CP) {
            return Some(1.0);
        }
        if last(WIN_PLIES).all(|s| s <= -WIN_SCORE_CP) {
            return Some(0.0);
        }
    }
    if plies.len() >= DRAW_FROM_PLY.max(DRAW_PLIES) && last(DRAW_PLIES).all(|s| s.abs() <= DRAW_SCORE_CP) {
        return Some(0.5);
    }
    (plies.len() >= MAX_PLIES).then_some(0.5)
}
