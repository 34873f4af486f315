//! Puzzles from real games for the app's Daily Puzzle: `rokade puzzles find` scans games for
//! forced mates in 1 to 3 (every mating first move listed, proven by the unpruned mate
//! search) and for tactics with one only-move at each of the solver's turns (lichess-puzzler's
//! rules, every move verified deeply); `themes` tags the solution, `hint` writes a sentence,
//! `rating` rates a puzzle by how often rokade's strength levels solve it, and `daily` picks
//! the puzzle of a date from the collection compiled into the binary.

pub mod daily;
pub mod find;
pub mod hint;
pub mod mate;
pub mod motifs;
pub mod probe;
pub mod rating;
pub mod tactic;
pub mod themes;
pub mod workers;

use serde::{Deserialize, Serialize};
use shakmaty::san::SanPlus;
use shakmaty::{Chess, Color, Move};

use crate::position::{Position, move_to_uci};

/// The shipped collection, compiled in so that `rokade puzzles daily` works from any
/// directory (made by `rokade puzzles find`, `tuning/verify-puzzles.py` and `rokade puzzles
/// rate`; README *Puzzles*).
const COLLECTION_JSON: &str = include_str!("collection.json");

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// Mate in `mate_in` moves, whatever the defence.
    Mate,
    /// Win decisively with one only-move at each of the solver's turns.
    Tactic,
}

/// A move as the app shows it and as it checks it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveText {
    pub uci: String,
    pub san: String,
}

impl MoveText {
    pub fn new(board: &Chess, m: Move) -> MoveText {
        MoveText { uci: move_to_uci(m, false), san: SanPlus::from_move(board.clone(), m).to_string() }
    }
}

/// Where a puzzle comes from: the game, the ply after which it arises, the players' ratings
/// and what the player to move actually played there.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Source {
    pub game: String,
    pub ply: usize,
    pub white_rating: Option<u32>,
    pub black_rating: Option<u32>,
    pub played: Option<MoveText>,
}

/// How the solution was proven.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Proof {
    /// "exhaustive mate search" or "multipv 2".
    pub method: String,
    /// The depth every solver move was verified at (tactics), or the mate's plies.
    pub depth: i32,
    /// The margin in winning chances ([-1, 1] scale) of the solver's move over the second
    /// best at each of its turns (tactics; empty for mates).
    pub margins: Vec<f64>,
    /// The score (centipawns, solver's view) at the end of the line (tactics).
    pub final_cp: Option<i32>,
    pub nodes: u64,
}

/// The rating of a puzzle and what it comes from: each level's chance of solving it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    pub elo: u32,
    /// Per level, weakest first.
    pub levels: Vec<LevelChance>,
}

/// The chance that a strength level (by its target Elo) finds every solver move of a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct LevelChance {
    pub elo: u32,
    pub chance: f64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Puzzle {
    pub id: String,
    /// The position to solve: after the opponent's `last_move`.
    pub fen: String,
    pub side_to_move: String,
    pub kind: Kind,
    /// N of a mate in N; `None` for a tactic.
    pub mate_in: Option<u32>,
    /// The opponent's move that led to the position, as played in the game.
    pub last_move: Option<MoveText>,
    /// Every first move the app accepts (all the mates in N for a mate).
    pub accepted_first_moves: Vec<MoveText>,
    /// The main line, solver's moves and the defence's alternately, solver first.
    pub solution: Vec<MoveText>,
    /// For each of the solver's moves of `solution`, every move (UCI) that is accepted there.
    pub accepted_by_turn: Vec<Vec<String>>,
    pub themes: Vec<String>,
    pub hint: String,
    pub rating: Option<Rating>,
    pub source: Source,
    pub proof: Proof,
}

impl Puzzle {
    pub fn position(&self) -> Result<Position, String> {
        Position::from_fen(&self.fen)
    }

    /// The solution's moves, played from the puzzle's position.
    pub fn solution_moves(&self) -> Result<Vec<Move>, String> {
        let mut pos = self.position()?;
        let mut moves = Vec::new();
        for m in &self.solution {
            let mv = pos.parse_move(&m.uci)?;
            pos.play(mv);
            moves.push(mv);
        }
        Ok(moves)
    }

    pub fn solver(&self) -> Color {
        if self.side_to_move == "white" { Color::White } else { Color::Black }
    }
}

/// A file of puzzles: what `find` writes and `rate` and `daily` read.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Collection {
    /// How the puzzles were made.
    pub description: String,
    pub puzzles: Vec<Puzzle>,
}

impl Collection {
    pub fn builtin() -> Result<Collection, String> {
        serde_json::from_str(COLLECTION_JSON).map_err(|e| format!("the built-in collection: {e}"))
    }

    pub fn from_file(path: &std::path::Path) -> Result<Collection, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        serde_json::from_str(&text).map_err(|e| format!("{}: not a puzzle collection: {e}", path.display()))
    }

    /// The file's collection, or the built-in one without a file.
    pub fn load(path: Option<&std::path::Path>) -> Result<Collection, String> {
        path.map_or_else(Collection::builtin, Collection::from_file)
    }

    pub fn write(&self, path: &std::path::Path) -> Result<(), String> {
        let text = serde_json::to_string_pretty(self).map_err(|e| e.to_string())?;
        std::fs::write(path, text + "\n").map_err(|e| format!("cannot write {}: {e}", path.display()))
    }
}

pub fn side_name(color: Color) -> &'static str {
    if color == Color::White { "white" } else { "black" }
}
