//! `rokade puzzles find`: every position after a move of every game is screened by a cheap
//! search; the positions where the side to move has a mate or has just been handed a win
//! (lichess-puzzler's candidate rules) are then proven: mates by the unpruned mate search,
//! tactics by a medium search and then a deep one at every move of the line.
//!
//! Each game is scanned on one thread with a cleared table, and each candidate proven on a
//! cleared table, so the result does not depend on the number of threads or their timing.

use std::path::PathBuf;
use std::time::Instant;

use shakmaty::{Color, Move, Position as _, Role};

use super::mate::{self, MAX_MATE_MOVES};
use super::tactic::{self, MIN_WINNING_CP, Verification, puzzler_chances};
use super::{Collection, Kind, MoveText, Proof, Puzzle, Source, hint, side_name, themes, workers};
use crate::analysis::pgn::Game;
use crate::position::Position;
use crate::search::{Limits, MATE, MATE_BOUND, Searcher};

/// The screen: a search of this many nodes of every position of a game.
pub const SCREEN_NODES: u64 = 10_000;
/// A mate the screen sees within this many moves is handed to the exhaustive mate search
/// (a pruned search may report a longer mate than the shortest).
const SCREEN_MATE_MOVES: i32 = 6;
/// A position the screen scores at least this much, after one that it did not, is searched
/// for a mate too: on 40 games the screen saw 16 of the 17 mates in 1-3 that the exhaustive
/// search proves, and scored the one it missed (a quiet mate in 3) +2474 cp.
const MATE_HUNT_CP: i32 = 1000;
/// lichess-puzzler's candidate rules: the side to move was not already winning by more than
/// this before the opponent's move (centipawns) ...
const MAX_PREVIOUS_CP: i32 = 300;
/// ... and its winning chances jumped by more than this with the opponent's move ...
const MIN_JUMP: f64 = 0.6;
/// ... and below this score it must be down in material (a win that is not only material).
const CLEAR_WIN_CP: i32 = 400;

/// The first, medium search of a tactic's line: it weeds out most candidates cheaply.
fn medium() -> Verification {
    Verification { limits: Limits { nodes: Some(200_000), ..Limits::default() }, required_depth: 1, safety_margin: 0.0 }
}

/// The deep verification of every move of a tactic's line: every search must complete this
/// depth within the node cap, and the solver's move must beat the second best by the margin
/// plus a safety margin, since a second answer that only a deeper search sees is the known
/// fault of lichess-puzzler. Measured against Stockfish 15.1 at depth 22 on the 2,000 games
/// (tuning/README.md, *Puzzles*): 36 of the 38 tactics it keeps pass; one has a second
/// answer Stockfish scores as good, one falls 0.01 short of the 0.7 margin.
pub fn deep(depth: i32) -> Verification {
    Verification {
        limits: Limits { depth: Some(depth), nodes: Some(DEEP_NODE_CAP), ..Limits::default() },
        required_depth: depth,
        safety_margin: DEEP_SAFETY_MARGIN,
    }
}
pub const DEEP_DEPTH: i32 = 16;
const DEEP_NODE_CAP: u64 = 20_000_000;
pub const DEEP_SAFETY_MARGIN: f64 = 0.2;

#[derive(Clone, Debug)]
pub struct Settings {
    pub inputs: Vec<PathBuf>,
    pub out: PathBuf,
    pub threads: usize,
    /// The depth of the deep verification of tactics (`DEEP_DEPTH` by default).
    pub deep_depth: i32,
}

/// What a scan saw and kept.
#[derive(Clone, Debug, Default)]
pub struct Counts {
    pub games: usize,
    pub positions: usize,
    pub mate_candidates: usize,
    pub tactic_candidates: usize,
    /// Tactic candidates whose medium line survived, handed to the deep verification.
    pub deep_candidates: usize,
    /// Puzzles kept: mates in 1, 2 and 3, then tactics.
    pub mates: [usize; MAX_MATE_MOVES as usize],
    pub tactics: usize,
}

impl Counts {
    fn add(&mut self, other: &Counts) {
        self.games += other.games;
        self.positions += other.positions;
        self.mate_candidates += other.mate_candidates;
        self.tactic_candidates += other.tactic_candidates;
        self.deep_candidates += other.deep_candidates;
        for (a, b) in self.mates.iter_mut().zip(other.mates) {
            *a += b;
        }
        self.tactics += other.tactics;
    }

    pub fn summary(&self, seconds: f64) -> String {
        format!(
            "{} games, {} positions; candidates: {} mate, {} tactic ({} to the deep check); \
             kept: {} mates in 1, {} in 2, {} in 3, {} tactics; {:.0} s",
            self.games,
            self.positions,
            self.mate_candidates,
            self.tactic_candidates,
            self.deep_candidates,
            self.mates[0],
            self.mates[1],
            self.mates[2],
            self.tactics,
            seconds
        )
    }
}

/// A game to scan and its name in the puzzles' `source`.
struct Labelled {
    label: String,
    game: Game,
}

fn read_inputs(inputs: &[PathBuf]) -> Result<Vec<Labelled>, String> {
    let mut all = Vec::new();
    for path in inputs {
        let name = path.file_name().map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into_owned());
        let games = crate::analysis::pgn::read_games_file(path)?;
        if games.is_empty() {
            return Err(format!("no game in {}", path.display()));
        }
        for (i, game) in games.into_iter().enumerate() {
            all.push(Labelled { label: format!("{name}#{}", i + 1), game });
        }
    }
    Ok(all)
}

/// Scans every game of the input files and writes the puzzles found.
pub fn run(settings: &Settings) -> Result<Counts, String> {
    let start = Instant::now();
    let games = read_inputs(&settings.inputs)?;
    let results = workers::map(&games, settings.threads, "games", |pool, g| {
        scan_game(pool, &g.label, &g.game, settings.deep_depth)
    })?;
    let mut counts = Counts::default();
    let mut puzzles = Vec::new();
    for (found, c) in results {
        counts.add(&c);
        puzzles.extend(found);
    }
    let names: Vec<String> = settings.inputs.iter().map(|p| p.display().to_string()).collect();
    let collection = Collection {
        description: format!(
            "rokade puzzles find {}: {}",
            names.join(" "),
            counts.summary(start.elapsed().as_secs_f64())
        ),
        puzzles,
    };
    collection.write(&settings.out)?;
    eprintln!("{}", counts.summary(start.elapsed().as_secs_f64()));
    Ok(counts)
}

/// lichess-puzzler's material count: pawn 1, knight and bishop 3, rook 5, queen 9.
pub fn material_diff(board: &shakmaty::Board, side: Color) -> i32 {
    let count = |color: Color| -> i32 {
        [(Role::Pawn, 1), (Role::Knight, 3), (Role::Bishop, 3), (Role::Rook, 5), (Role::Queen, 9)]
            .iter()
            .map(|&(role, value)| value * (board.by_color(color) & board.by_role(role)).count() as i32)
            .sum()
    };
    count(side) - count(!side)
}

fn ratings(game: &Game) -> (Option<u32>, Option<u32>) {
    let tag = |name| game.tag(name).and_then(|v| v.parse().ok());
    (tag("WhiteElo"), tag("BlackElo"))
}

/// The puzzles of one game and what the scan saw.
fn scan_game(pool: &mut Searcher, label: &str, game: &Game, deep_depth: i32) -> (Vec<Puzzle>, Counts) {
    let mut counts = Counts { games: 1, positions: game.moves.len(), ..Counts::default() };
    let mut positions = vec![game.start.clone()];
    for &m in &game.moves {
        let mut next = positions.last().expect("the start").clone();
        next.play(m);
        positions.push(next);
    }
    pool.clear();
    let screen = Limits { nodes: Some(SCREEN_NODES), ..Limits::default() };
    let scores: Vec<i32> = positions.iter().map(|pos| screen_score(pool, pos, &screen)).collect();
    let mut puzzles = Vec::new();
    // After a puzzle, the positions of its own line are not puzzles again.
    let mut next_ply = 1;
    for ply in 1..positions.len() {
        if ply < next_ply {
            continue;
        }
        let pos = &positions[ply];
        if pos.board().legal_moves().len() < 2 || pos.repetitions() > 0 {
            continue;
        }
        let (score, previous) = (scores[ply], -scores[ply - 1]);
        let screened_mate = score >= MATE_BOUND && MATE - score <= 2 * SCREEN_MATE_MOVES;
        // A pruned search misses a few quiet mates, which it scores as a big win.
        let sudden_big_win = (MATE_HUNT_CP..MATE_BOUND).contains(&score) && previous < MATE_HUNT_CP;
        let mut found = None;
        if (screened_mate || sudden_big_win) && previous < MATE_BOUND {
            counts.mate_candidates += 1;
            found = mate_puzzle(pool, pos);
        }
        if found.is_none() && !screened_mate && is_tactic_candidate(pos, score, previous) {
            counts.tactic_candidates += 1;
            found = tactic_puzzle(pool, pos, deep_depth, &mut counts);
        }
        if let Some(mut puzzle) = found {
            match puzzle.mate_in {
                Some(n) => counts.mates[n as usize - 1] += 1,
                None => counts.tactics += 1,
            }
            next_ply = ply + puzzle.solution.len();
            let played = game.moves.get(ply).map(|&m| MoveText::new(pos.board(), m));
            let before = &positions[ply - 1];
            puzzle.last_move = Some(MoveText::new(before.board(), game.moves[ply - 1]));
            let (white_rating, black_rating) = ratings(game);
            puzzle.id = format!("{label}:{ply}");
            puzzle.source = Source { game: label.to_string(), ply, white_rating, black_rating, played };
            puzzle.themes = themes::tag(&puzzle);
            puzzle.hint = hint::write(&puzzle);
            puzzles.push(puzzle);
        }
    }
    (puzzles, counts)
}

/// The screen's score of a position, side to move's view; a finished game scores as the rules do.
fn screen_score(pool: &mut Searcher, pos: &Position, limits: &Limits) -> i32 {
    if pos.board().legal_moves().is_empty() {
        return if pos.board().is_check() { -MATE } else { 0 };
    }
    let outcome = pool.search_sync(pos, limits.clone(), &crate::search::SearchConfig::default());
    outcome.info.map_or(0, |i| i.score)
}

/// lichess-puzzler's rules for a tactic's start: not winning before the opponent's move,
/// not up in material, a jump in winning chances to a clear advantage.
fn is_tactic_candidate(pos: &Position, score: i32, previous: i32) -> bool {
    let winner = pos.turn();
    let material = material_diff(pos.board().board(), winner);
    if previous > MAX_PREVIOUS_CP || material > 0 || score.abs() >= MATE_BOUND {
        return false;
    }
    if score < MIN_WINNING_CP || puzzler_chances(score) <= puzzler_chances(previous) + MIN_JUMP {
        return false;
    }
    score >= CLEAR_WIN_CP || material <= -1
}

/// The position as the app and any checker see it: from its FEN, without the game's history.
fn from_fen(pos: &Position) -> Position {
    Position::from_fen(&pos.fen()).expect("a position's own FEN")
}

pub(super) fn mate_puzzle(pool: &mut Searcher, pos: &Position) -> Option<Puzzle> {
    let pos = from_fen(pos);
    pool.clear();
    let solution = mate::prove(pool, &pos, MAX_MATE_MOVES)?;
    let proof = Proof {
        method: "exhaustive mate search".into(),
        depth: 2 * solution.moves as i32 - 1,
        margins: Vec::new(),
        final_cp: None,
        nodes: solution.nodes,
    };
    Some(assemble(&pos, Kind::Mate, Some(solution.moves), &solution.line, &solution.accepted, proof))
}

fn tactic_puzzle(pool: &mut Searcher, pos: &Position, deep_depth: i32, counts: &mut Counts) -> Option<Puzzle> {
    let pos = from_fen(pos);
    pool.clear();
    tactic::cook(pool, &pos, &medium())?;
    counts.deep_candidates += 1;
    pool.clear();
    let line = tactic::cook(pool, &pos, &deep(deep_depth))?;
    let accepted: Vec<Vec<Move>> = line.moves.iter().step_by(2).map(|&m| vec![m]).collect();
    let proof = Proof {
        method: "multipv 2".into(),
        depth: line.depth,
        margins: line.margins.iter().map(|m| (m * 1000.0).round() / 1000.0).collect(),
        final_cp: Some(line.final_cp),
        nodes: line.nodes,
    };
    Some(assemble(&pos, Kind::Tactic, None, &line.moves, &accepted, proof))
}

/// A puzzle without its source, themes and hint (the caller adds them).
fn assemble(
    pos: &Position,
    kind: Kind,
    mate_in: Option<u32>,
    line: &[Move],
    accepted: &[Vec<Move>],
    proof: Proof,
) -> Puzzle {
    let mut solution = Vec::new();
    let mut cur = pos.clone();
    let mut accepted_by_turn = Vec::new();
    let mut accepted_first_moves = Vec::new();
    for (i, &m) in line.iter().enumerate() {
        if i % 2 == 0 {
            let turn = &accepted[i / 2];
            if i == 0 {
                accepted_first_moves = turn.iter().map(|&a| MoveText::new(cur.board(), a)).collect();
            }
            accepted_by_turn.push(turn.iter().map(|&a| MoveText::new(cur.board(), a).uci).collect());
        }
        solution.push(MoveText::new(cur.board(), m));
        cur.play(m);
    }
    Puzzle {
        id: String::new(),
        fen: pos.fen(),
        side_to_move: side_name(pos.turn()).to_string(),
        kind,
        mate_in,
        last_move: None,
        accepted_first_moves,
        solution,
        accepted_by_turn,
        themes: Vec::new(),
        hint: String::new(),
        rating: None,
        source: Source { game: String::new(), ply: 0, white_rating: None, black_rating: None, played: None },
        proof,
    }
}
