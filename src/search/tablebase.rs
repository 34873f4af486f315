//! Syzygy endgame tablebases, read through shakmaty-syzygy: loading the folders of
//! `SyzygyPath`, the WDL probe the search makes after a capture or pawn move, and the DTZ
//! ranking of the root moves, so that a won ending is converted within the fifty-move rule
//! and a drawn one is never spoiled.
//!
//! A table that cannot be read is reported and left out; a probe that fails later (a table
//! damaged past its header) is reported once and answers "unknown", so the search goes on
//! without that table.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use shakmaty::{Chess, Move, Position as _};
use shakmaty_syzygy::{Dtz, ProbeError, Syzygy, SyzygyError, Tablebase, Wdl};

use super::tt::Bound;
use super::{MAX_PLY, TB_WIN};
use crate::position::Position;

/// Folders in `SyzygyPath` are separated as in the system's `PATH`.
pub const PATH_SEPARATOR: char = if cfg!(windows) { ';' } else { ':' };

/// The defaults of the UCI options, as Stockfish has them.
pub const DEFAULT_PROBE_DEPTH: i32 = 1;
pub const DEFAULT_PROBE_LIMIT: usize = 7;
/// The most pieces a Syzygy table holds.
pub const MAX_PIECES: usize = <Chess as Syzygy>::MAX_PIECES;

/// A probe's result is stored in the table as if searched this much deeper: it is exact.
const PROBE_DEPTH_BONUS: i32 = 6;

/// Root ranks, as Stockfish's `root_probe` gives them: a win the fifty-move rule cannot
/// spoil ranks `WIN_RANK`, a loss that cannot be saved `-WIN_RANK`; wins and losses near the
/// fifty-move limit rank between, closer to the limit nearer zero.
const WIN_RANK: i32 = 1000;
/// With `Syzygy50MoveRule`, ranks above this are shown as wins, those below as small scores.
const CURSED_RANK: i32 = 900;
/// A cursed win (or blessed loss) shows as `(rank - CURSED_SCORE_OFFSET) / 2` cp, at least
/// `MIN_CURSED_CP`: small, and larger the nearer a real win it is.
const CURSED_SCORE_OFFSET: i32 = 800;
const MIN_CURSED_CP: i32 = 1;
/// The ranks of the WDL values when only WDL tables are at hand.
const WDL_RANKS: [i32; 5] = [-WIN_RANK, 1 - CURSED_RANK, 0, CURSED_RANK - 1, WIN_RANK];

/// How the search uses the tables: the UCI options `SyzygyProbeDepth`, `Syzygy50MoveRule`
/// and `SyzygyProbeLimit`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProbeOptions {
    /// The search probes positions with exactly `probe_limit` pieces only this deep or deeper.
    pub probe_depth: i32,
    /// Wins and losses that the fifty-move rule turns into draws score as draws.
    pub rule50: bool,
    /// Positions with more pieces are not probed (0: never probe).
    pub probe_limit: usize,
}

impl Default for ProbeOptions {
    fn default() -> Self {
        ProbeOptions { probe_depth: DEFAULT_PROBE_DEPTH, rule50: true, probe_limit: DEFAULT_PROBE_LIMIT }
    }
}

/// A loaded set of tables, shared by every search thread.
pub struct Tablebases {
    tables: Tablebase<Chess>,
    wdl_files: usize,
    dtz_files: usize,
    /// A probe failed other than for a missing table: said once, then kept quiet.
    failure_reported: AtomicBool,
}

/// What loading `SyzygyPath` gave: the tables (`None` when there are none) and what to tell
/// the user.
pub struct Loaded {
    pub tables: Option<Tablebases>,
    pub messages: Vec<String>,
}

/// Why a probe has no answer.
pub enum ProbeFailure {
    /// The position is not in the tables at hand (a table missing, too many pieces).
    NotInTables,
    /// A table is damaged or unreadable; the message says so (only the first time).
    Broken(Option<String>),
}

impl Tablebases {
    /// Loads every table in the folders of `path` (separated by [`PATH_SEPARATOR`]; empty or
    /// `<empty>` means none). A folder that cannot be read and a file that is not a table are
    /// reported and skipped.
    pub fn load(path: &str) -> Loaded {
        let mut tables = Tablebase::new();
        let mut messages = Vec::new();
        let (mut wdl_files, mut dtz_files) = (0, 0);
        for folder in path.split(PATH_SEPARATOR).map(str::trim).filter(|f| !f.is_empty()) {
            let files = match table_files(Path::new(folder)) {
                Ok(files) => files,
                Err(e) => {
                    messages.push(format!("SyzygyPath: cannot read folder '{folder}': {e}"));
                    continue;
                }
            };
            for file in files {
                match add_table(&mut tables, &file) {
                    Ok(TableKind::Wdl) => wdl_files += 1,
                    Ok(TableKind::Dtz) => dtz_files += 1,
                    Err(e) => messages.push(format!("SyzygyPath: {} skipped: {e}", file.display())),
                }
            }
        }
        if wdl_files == 0 {
            if !path.trim().is_empty() {
                messages.push("SyzygyPath: no WDL tables found; searching without tablebases".into());
            }
            return Loaded { tables: None, messages };
        }
        let loaded = Tablebases { tables, wdl_files, dtz_files, failure_reported: AtomicBool::new(false) };
        messages.push(loaded.summary());
        Loaded { tables: Some(loaded), messages }
    }

    /// The most pieces of any table loaded.
    pub fn max_pieces(&self) -> usize {
        self.tables.max_pieces()
    }

    pub fn summary(&self) -> String {
        format!(
            "Syzygy tablebases: {} WDL and {} DTZ tables, up to {} pieces",
            self.wdl_files,
            self.dtz_files,
            self.max_pieces()
        )
    }

    /// Win, draw or loss of a position reached by a capture or pawn move, for the side to move.
    pub fn wdl_after_zeroing(&self, board: &Chess) -> Result<Wdl, ProbeFailure> {
        self.guarded(|tables| tables.probe_wdl_after_zeroing(board))
    }

    /// Plies to the next capture or pawn move on the tables' best line: positive when the side
    /// to move wins, negative when it loses, 0 for a draw (beyond 100 the fifty-move rule
    /// saves the loser).
    pub fn dtz(&self, board: &Chess) -> Result<Dtz, ProbeFailure> {
        self.guarded(|tables| tables.probe_dtz(board)).map(|dtz| dtz.ignore_rounding())
    }

    /// Runs a probe; an error or a panic of the reader (a damaged table) is no answer.
    fn guarded<T>(&self, probe: impl FnOnce(&Tablebase<Chess>) -> Result<T, SyzygyError>) -> Result<T, ProbeFailure> {
        match catch_unwind(AssertUnwindSafe(|| probe(&self.tables))) {
            Ok(Ok(value)) => Ok(value),
            Ok(Err(SyzygyError::ProbeFailed { metric, material, error })) => {
                // One line: a damaged table's error carries a backtrace when RUST_BACKTRACE is set.
                let why = match *error {
                    ProbeError::CorruptedTable { .. } => "damaged".to_string(),
                    other => other.to_string().lines().next().unwrap_or_default().to_string(),
                };
                Err(self.failure(format!("cannot read the {metric} table {material} ({why})")))
            }
            Ok(Err(_)) => Err(ProbeFailure::NotInTables),
            Err(_) => Err(self.failure("a table is damaged (its reader failed)".into())),
        }
    }

    fn failure(&self, what: String) -> ProbeFailure {
        let first = !self.failure_reported.swap(true, Ordering::Relaxed);
        ProbeFailure::Broken(first.then(|| format!("Syzygy: {what}; searching on without it")))
    }

    /// Ranks the root moves by what the tables say, DTZ first, WDL where DTZ tables are
    /// missing; no ranks when a position after a move is not in the tables.
    pub fn rank_root_moves(&self, pos: &Position, moves: &[Move], rule50: bool) -> RootRanking {
        let mut messages = Vec::new();
        let mut note = |f: ProbeFailure| {
            if let ProbeFailure::Broken(Some(message)) = f {
                messages.push(message);
            }
        };
        let (ranks, by_dtz) = match self.rank_by_dtz(pos, moves, rule50) {
            Ok(ranks) => (Some(ranks), true),
            Err(f) => {
                note(f);
                (self.rank_by_wdl(pos.board(), moves, rule50).map_err(note).ok(), false)
            }
        };
        RootRanking { ranks, by_dtz, messages }
    }

    fn rank_by_dtz(&self, pos: &Position, moves: &[Move], rule50: bool) -> Result<Vec<RootRank>, ProbeFailure> {
        let halfmoves = pos.board().halfmoves() as i32;
        let repeated = pos.has_repeated();
        moves
            .iter()
            .map(|&m| {
                let mut after = pos.board().clone();
                after.play_unchecked(m);
                // Plies from the root to the next zeroing move (or mate), for the mover.
                let dtz = if after.is_checkmate() {
                    1
                } else if after.halfmoves() == 0 {
                    Dtz::before_zeroing(-self.wdl_after_zeroing(&after)?).0
                } else {
                    let dtz = -self.dtz(&after)?.0;
                    dtz + dtz.signum()
                };
                let rank = if dtz > 0 {
                    if dtz + halfmoves <= 99 && !repeated { WIN_RANK } else { WIN_RANK - (dtz + halfmoves) }
                } else if dtz < 0 {
                    if -dtz * 2 + halfmoves < 100 { -WIN_RANK } else { -WIN_RANK + (-dtz + halfmoves) }
                } else {
                    0
                };
                Ok(RootRank { rank, score: rank_score(rank, rule50) })
            })
            .collect()
    }

    fn rank_by_wdl(&self, board: &Chess, moves: &[Move], rule50: bool) -> Result<Vec<RootRank>, ProbeFailure> {
        moves
            .iter()
            .map(|&m| {
                let mut after = board.clone();
                after.play_unchecked(m);
                let wdl = -self.wdl_after_zeroing(&after)?;
                let rank = WDL_RANKS[(wdl as i32 + 2) as usize];
                let score = match wdl {
                    Wdl::Win => TB_WIN,
                    Wdl::Loss => -TB_WIN,
                    Wdl::CursedWin if !rule50 => TB_WIN,
                    Wdl::BlessedLoss if !rule50 => -TB_WIN,
                    _ => 0,
                };
                Ok(RootRank { rank, score })
            })
            .collect()
    }
}

/// A root move's place by the tables and the score shown for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RootRank {
    pub rank: i32,
    pub score: i32,
}

/// The root moves' ranks, in the order of the moves given.
pub struct RootRanking {
    /// `None` when a position after a move is not in the tables.
    pub ranks: Option<Vec<RootRank>>,
    /// DTZ ranked them: every line keeps the result by itself, the search needs no probes.
    pub by_dtz: bool,
    /// Damaged tables met on the way.
    pub messages: Vec<String>,
}

/// The score shown for a root move of this rank: a win, a loss, or a small score for the
/// results the fifty-move rule decides.
fn rank_score(rank: i32, rule50: bool) -> i32 {
    let decisive = if rule50 { CURSED_RANK } else { 1 };
    if rank >= decisive {
        TB_WIN
    } else if rank > 0 {
        ((rank - CURSED_SCORE_OFFSET) / 2).max(MIN_CURSED_CP)
    } else if rank == 0 {
        0
    } else if rank > -decisive {
        ((rank + CURSED_SCORE_OFFSET) / 2).min(-MIN_CURSED_CP)
    } else {
        -TB_WIN
    }
}

/// The tables one search probes, with the options in force.
#[derive(Clone)]
pub struct TablebaseProbe {
    pub tables: Arc<Tablebases>,
    /// Positions with more pieces are not probed: the smaller of `SyzygyProbeLimit` and the
    /// largest table.
    pub pieces: usize,
    /// Positions with exactly `pieces` pieces are probed only this deep.
    pub depth: i32,
    pub rule50: bool,
}

impl TablebaseProbe {
    /// `None` when the options probe nothing. Where the limit is above the largest table,
    /// every table is smaller than the limit and is probed at any depth (as Stockfish does).
    pub fn new(tables: &Arc<Tablebases>, options: ProbeOptions) -> Option<Self> {
        let pieces = options.probe_limit.min(tables.max_pieces());
        let depth = if options.probe_limit > tables.max_pieces() { 0 } else { options.probe_depth };
        (pieces > 0).then(|| TablebaseProbe { tables: tables.clone(), pieces, depth, rule50: options.rule50 })
    }

    /// Whether the root is in the tables: few enough pieces and no castling rights.
    pub fn holds_root(&self, board: &Chess) -> bool {
        !board.castles().any() && board.board().occupied().count() <= self.pieces
    }

    /// Whether the search probes this position, at this remaining depth: just after a
    /// capture or pawn move, no castling rights, few enough pieces.
    pub fn applies(&self, board: &Chess, depth: i32) -> bool {
        if board.halfmoves() != 0 || board.castles().any() {
            return false;
        }
        let pieces = board.board().occupied().count();
        pieces < self.pieces || (pieces == self.pieces && depth >= self.depth)
    }

    /// The score of a probed position at `ply` and what it bounds: a win scores in the band
    /// below the mates, nearer the root higher, and is a lower bound (the search may still
    /// find a mate); a loss the mirror; a draw exact. With the fifty-move rule a cursed win
    /// or blessed loss is a draw, a point off zero.
    pub fn score(&self, wdl: Wdl, ply: usize) -> (i32, Bound) {
        let draw_margin = i32::from(self.rule50);
        let wdl = wdl as i32;
        if wdl > draw_margin {
            (TB_WIN - ply as i32, Bound::Lower)
        } else if wdl < -draw_margin {
            (-TB_WIN + ply as i32, Bound::Upper)
        } else {
            (2 * wdl * draw_margin, Bound::Exact)
        }
    }

    /// The depth a probed result is stored at.
    pub fn stored_depth(depth: i32) -> i32 {
        (depth + PROBE_DEPTH_BONUS).min(MAX_PLY as i32 - 1)
    }
}

#[derive(Clone, Copy)]
enum TableKind {
    Wdl,
    Dtz,
}

/// The files of a folder whose names end like tables.
fn table_files(folder: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(folder)?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| {
            path.extension().is_some_and(|ext| ext == <Chess as Syzygy>::TBW.ext || ext == <Chess as Syzygy>::TBZ.ext)
        })
        .collect();
    files.sort();
    Ok(files)
}

/// Adds one table after checking its header, so that a file that is not a table is said at
/// once rather than at the first probe.
fn add_table(tables: &mut Tablebase<Chess>, file: &Path) -> Result<TableKind, String> {
    let (kind, magic) = if file.extension().is_some_and(|ext| ext == <Chess as Syzygy>::TBW.ext) {
        (TableKind::Wdl, <Chess as Syzygy>::TBW.magic)
    } else {
        (TableKind::Dtz, <Chess as Syzygy>::TBZ.magic)
    };
    let mut header = [0u8; 4];
    let read = std::fs::File::open(file).and_then(|mut f| std::io::Read::read_exact(&mut f, &mut header));
    read.map_err(|e| e.to_string())?;
    if header != magic {
        return Err("not a Syzygy table (wrong header)".into());
    }
    tables.add_file(file).map_err(|e| match e.kind() {
        std::io::ErrorKind::InvalidInput => "not a table name this engine probes".to_string(),
        _ => e.to_string(),
    })?;
    Ok(kind)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{ScoreKind, TB_WIN_AS_CP, score_kind};

    #[test]
    fn wins_score_below_the_mates_and_show_as_twenty_thousand_less_the_plies() {
        let tables =
            Arc::new(Tablebases::load(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/syzygy")).tables.unwrap());
        let tb = TablebaseProbe::new(&tables, ProbeOptions::default()).unwrap();
        // A limit above the largest table probes every table at any depth.
        assert_eq!((tb.pieces, tb.depth), (3, 0));
        assert_eq!(tb.score(Wdl::Win, 5), (TB_WIN - 5, Bound::Lower));
        assert_eq!(tb.score(Wdl::Loss, 5), (-TB_WIN + 5, Bound::Upper));
        assert_eq!(tb.score(Wdl::CursedWin, 5), (2, Bound::Exact));
        assert_eq!(tb.score(Wdl::BlessedLoss, 5), (-2, Bound::Exact));
        assert_eq!(score_kind(TB_WIN - 5), ScoreKind::Centipawns(TB_WIN_AS_CP - 5));
        assert_eq!(score_kind(-TB_WIN + 5), ScoreKind::Centipawns(-TB_WIN_AS_CP + 5));

        let no_rule = TablebaseProbe::new(&tables, ProbeOptions { rule50: false, ..ProbeOptions::default() }).unwrap();
        assert_eq!(no_rule.score(Wdl::CursedWin, 5), (TB_WIN - 5, Bound::Lower));
        assert!(TablebaseProbe::new(&tables, ProbeOptions { probe_limit: 0, ..ProbeOptions::default() }).is_none());
    }

    #[test]
    fn only_positions_after_a_zeroing_move_without_castling_rights_are_probed() {
        let tables =
            Arc::new(Tablebases::load(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/syzygy")).tables.unwrap());
        let at_limit = ProbeOptions { probe_limit: 3, probe_depth: 4, rule50: true };
        let tb = TablebaseProbe::new(&tables, at_limit).unwrap();
        let board = |fen: &str| Position::from_fen(fen).unwrap().board().clone();
        assert!(tb.applies(&board("8/8/8/4k3/8/8/8/R6K w - - 0 1"), 4));
        assert!(!tb.applies(&board("8/8/8/4k3/8/8/8/R6K w - - 0 1"), 3), "at the limit, only this deep");
        assert!(!tb.applies(&board("8/8/8/4k3/8/8/8/R6K w - - 1 1"), 9), "not just after a zeroing move");
        assert!(!tb.applies(&board("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"), 9), "castling rights");
        assert!(!tb.applies(&board("8/8/8/4k3/8/8/7P/R6K w - - 0 1"), 9), "too many pieces");
    }

    #[test]
    fn ranks_show_wins_losses_and_small_scores_for_the_fifty_move_rule() {
        assert_eq!(rank_score(WIN_RANK, true), TB_WIN);
        assert_eq!(rank_score(-WIN_RANK, true), -TB_WIN);
        assert_eq!(rank_score(0, true), 0);
        // A win the fifty-move rule spoils: a few centipawns, more the nearer a real win.
        assert_eq!(rank_score(WIN_RANK - 120, true), 40);
        assert_eq!(rank_score(WIN_RANK - 300, true), MIN_CURSED_CP);
        assert_eq!(rank_score(-(WIN_RANK - 120), true), -40);
        assert_eq!(rank_score(WIN_RANK - 120, false), TB_WIN);
    }
}
