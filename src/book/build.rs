//! `rokade book build`: rokade's own opening book. From the start position it expands, most
//! likely line first, the moves that a fixed-node search (one thread, cleared table: the
//! same settings give the same book) scores within a margin of the best, weighting each by
//! `exp(-deficit / temperature)`. A line's likelihood is the product of its moves' shares of
//! their position's weight, so the main lines run deep and the side lines end early. The
//! named lines of `openings/lines.txt` (the openings the app teaches) are always in the book:
//! their positions are expanded first and their moves kept whatever their score.

use std::collections::{BinaryHeap, HashMap, HashSet};
use std::path::{Path, PathBuf};

use shakmaty::Move;
use shakmaty::san::San;

use super::polyglot::{self, Entry};
use crate::position::Position;
use crate::search::{DEFAULT_HASH_MB, Limits, SearchConfig, SearchEvent, Searcher};

#[derive(Clone, Debug)]
pub struct Settings {
    pub out: PathBuf,
    /// The named lines always kept (see `openings/lines.txt`).
    pub lines: PathBuf,
    /// Positions expanded (each gets its book moves), at most.
    pub positions: usize,
    /// No position deeper than this many plies gets book moves.
    pub max_plies: usize,
    /// Nodes of each position's search.
    pub nodes: u64,
    /// Lines searched per position: the most moves a position gets (besides named lines').
    pub moves_per_position: usize,
    /// Moves scoring more than this below the best are left out.
    pub margin_cp: i32,
    /// A move `temperature_cp` below the best gets 1/e of its weight.
    pub temperature_cp: i32,
}

/// What a build produced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    pub positions: usize,
    pub entries: usize,
    /// The deepest position with book moves, in plies from the start.
    pub deepest_ply: usize,
    pub bytes: usize,
}

/// The best move of a position gets the largest weight Polyglot can hold.
const BEST_WEIGHT: f64 = u16::MAX as f64;
/// The positions of the named lines are expanded before any other, as if certain.
const NAMED_LINE_CHANCE: f64 = 1.0;

/// A position waiting to be expanded, most likely first (the earlier pushed of equals).
struct Waiting {
    chance: f64,
    order: usize,
    pos: Position,
    ply: usize,
}

impl PartialEq for Waiting {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == std::cmp::Ordering::Equal
    }
}
impl Eq for Waiting {}
impl PartialOrd for Waiting {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Waiting {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.chance.total_cmp(&other.chance).then(other.order.cmp(&self.order))
    }
}

/// The positions to expand: each position once, however many lines reach it.
#[derive(Default)]
struct Frontier {
    heap: BinaryHeap<Waiting>,
    seen: HashSet<u64>,
}

impl Frontier {
    fn push(&mut self, pos: Position, ply: usize, chance: f64) {
        if self.seen.insert(polyglot::key(pos.board())) {
            let order = self.seen.len();
            self.heap.push(Waiting { chance, order, pos, ply });
        }
    }
}

/// Builds the book and writes it to `settings.out`.
pub fn run(settings: &Settings) -> Result<Summary, String> {
    let named = read_lines(&settings.lines)?;
    let mut kept: HashMap<u64, Vec<Move>> = HashMap::new();
    let mut frontier = Frontier::default();
    frontier.push(Position::default(), 0, NAMED_LINE_CHANCE);
    for line in &named {
        let mut pos = Position::default();
        for (ply, &m) in line.iter().enumerate() {
            kept.entry(polyglot::key(pos.board())).or_default().push(m);
            pos.play(m);
            frontier.push(pos.clone(), ply + 1, NAMED_LINE_CHANCE);
        }
    }
    let mut pool = Searcher::new(DEFAULT_HASH_MB)?;
    let progress = indicatif::ProgressBar::new(settings.positions as u64);
    progress.set_style(
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} positions, {msg}, {elapsed} (eta {eta})")
            .expect("valid template"),
    );
    let mut entries = Vec::new();
    let (mut positions, mut deepest_ply) = (0, 0);
    while positions < settings.positions {
        let Some(Waiting { chance, pos, ply, .. }) = frontier.heap.pop() else { break };
        let key = polyglot::key(pos.board());
        let moves = book_moves(&mut pool, &pos, settings, kept.get(&key).map_or(&[][..], Vec::as_slice));
        if moves.is_empty() {
            continue;
        }
        let total: f64 = moves.iter().map(|&(_, w)| f64::from(w)).sum();
        for &(m, weight) in &moves {
            entries.push(Entry { key, raw_move: polyglot::encode_move(m), weight, learn: 0 });
            if ply + 1 < settings.max_plies {
                let mut child = pos.clone();
                child.play(m);
                frontier.push(child, ply + 1, chance * f64::from(weight) / total);
            }
        }
        positions += 1;
        deepest_ply = deepest_ply.max(ply);
        progress.set_message(format!("{} entries, ply {ply}, deepest {deepest_ply}", entries.len()));
        progress.inc(1);
    }
    progress.finish();
    let bytes = write(&settings.out, &mut entries)?;
    Ok(Summary { positions, entries: entries.len(), deepest_ply, bytes })
}

/// The moves a position keeps, with their weights: those within the margin of the best, and
/// the named lines' moves, which weigh at least what a move at the margin does.
fn book_moves(pool: &mut Searcher, pos: &Position, settings: &Settings, named: &[Move]) -> Vec<(Move, u16)> {
    let mut scored = search_lines(pool, pos, settings.nodes, settings.moves_per_position, Vec::new());
    let missing: Vec<Move> = named.iter().copied().filter(|m| !scored.iter().any(|(s, _)| s == m)).collect();
    if !missing.is_empty() {
        let lines = missing.len();
        scored.extend(search_lines(pool, pos, settings.nodes, lines, missing));
    }
    let Some(best) = scored.iter().map(|&(_, score)| score).max() else { return Vec::new() };
    let weight_at = |deficit: i32| BEST_WEIGHT * (-f64::from(deficit) / f64::from(settings.temperature_cp)).exp();
    let floor = weight_at(settings.margin_cp);
    scored
        .into_iter()
        .filter_map(|(m, score)| {
            let weight = match (best - score <= settings.margin_cp, named.contains(&m)) {
                (true, _) => weight_at(best - score),
                (false, true) => floor,
                (false, false) => return None,
            };
            Some((m, weight.round().clamp(1.0, BEST_WEIGHT) as u16))
        })
        .collect()
}

/// The first move and score of each of the `lines` best lines of a fixed-node search, best
/// first, at the deepest depth the search completed; only `only` when it is not empty.
fn search_lines(pool: &mut Searcher, pos: &Position, nodes: u64, lines: usize, only: Vec<Move>) -> Vec<(Move, i32)> {
    pool.clear();
    let (tx, rx) = crossbeam_channel::unbounded();
    let limits = Limits { nodes: Some(nodes), searchmoves: only, ..Limits::default() };
    pool.start(pos, limits, &SearchConfig::with_multipv(lines), tx);
    pool.wait();
    let mut found: Vec<Option<(Move, i32)>> = vec![None; lines];
    for event in rx.try_iter() {
        if let SearchEvent::Info(info) = event
            && info.bound.is_none()
            && let (Some(&first), Some(slot)) = (info.pv.first(), found.get_mut(info.multipv - 1))
        {
            *slot = Some((first, info.score));
        }
    }
    found.into_iter().flatten().collect()
}

/// The named lines: one a row, `Name: moves` in SAN (or UCI) from the start position; move
/// numbers (`1.`), blank rows and `#` comments are skipped.
pub fn read_lines(path: &Path) -> Result<Vec<Vec<Move>>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let rows = text.lines().enumerate().map(|(i, row)| (i + 1, row.trim()));
    rows.filter(|(_, row)| !row.is_empty() && !row.starts_with('#'))
        .map(|(number, row)| {
            let moves = row.split_once(':').map_or(row, |(_, moves)| moves);
            parse_line(moves).map_err(|e| format!("{}:{number}: {e}", path.display()))
        })
        .collect()
}

fn parse_line(moves: &str) -> Result<Vec<Move>, String> {
    let mut pos = Position::default();
    let mut line = Vec::new();
    for token in moves.split_whitespace().filter(|t| !t.ends_with('.')) {
        let san = token.parse::<San>().ok().and_then(|san| san.to_move(pos.board()).ok());
        let m = match san {
            Some(m) => m,
            None => pos.parse_move(token).map_err(|_| format!("'{token}' is not a legal move after {}", pos.fen()))?,
        };
        pos.play(m);
        line.push(m);
    }
    Ok(line)
}

/// Sorts the entries as Polyglot wants them (by key; a position's moves best first) and
/// writes them; returns the file's size.
fn write(path: &Path, entries: &mut [Entry]) -> Result<usize, String> {
    entries.sort_by_key(|e| (e.key, std::cmp::Reverse(e.weight), e.raw_move));
    let bytes: Vec<u8> = entries.iter().flat_map(|e| e.to_bytes()).collect();
    std::fs::write(path, &bytes).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(bytes.len())
}
