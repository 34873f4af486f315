//! Post-game analysis: every position of a game searched to a fixed depth, time or node
//! count, each move classified by the drop in the mover's winning chances, and per-side
//! accuracy as lichess computes it. `rokade analyse` prints it, writes JSON and an SVG graph.

pub mod classify;
pub mod pgn;
pub mod svg;

use serde::Serialize;
use shakmaty::san::SanPlus;
use shakmaty::{Color, Position as _};

use crate::position::{Position, move_to_uci};
use crate::search::{Limits, ScoreKind, SearchConfig, Searcher, score_kind};
use classify::{MoveClass, game_accuracy, move_accuracy, score_as_cp, win_percent};
use pgn::Game;

/// How deep to look at each position.
#[derive(Clone, Debug, Serialize)]
pub struct Settings {
    pub depth: Option<i32>,
    pub movetime_ms: Option<u64>,
    pub nodes: Option<u64>,
    pub threads: usize,
    pub hash_mb: usize,
}

impl Settings {
    fn limits(&self) -> Limits {
        Limits { depth: self.depth, movetime: self.movetime_ms, nodes: self.nodes, ..Limits::default() }
    }
}

/// An evaluation from White's point of view: centipawns, or moves to mate (positive: White
/// mates). `{"mate": 0}` is a finished checkmate; the game's `termination` says who won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Eval {
    Cp(i32),
    Mate(i32),
}

impl Eval {
    fn from_white_score(score: i32) -> Eval {
        match score_kind(score) {
            ScoreKind::Centipawns(cp) => Eval::Cp(cp),
            ScoreKind::Mate(n) => Eval::Mate(n),
        }
    }

    pub fn text(self) -> String {
        match self {
            Eval::Cp(cp) => format!("{:+.2}", f64::from(cp) / 100.0),
            Eval::Mate(n) => format!("#{n}"),
        }
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct MoveReport {
    pub ply: usize,
    pub move_number: u32,
    pub side: &'static str,
    pub san: String,
    pub uci: String,
    pub eval_before: Eval,
    pub eval_after: Eval,
    /// The engine's choice, when it is not the move played.
    pub best_san: Option<String>,
    pub best_uci: Option<String>,
    /// The mover's winning chances (percent) before and after the move, and the drop.
    pub win_before: f64,
    pub win_after: f64,
    pub drop: f64,
    pub accuracy: f64,
    pub class: MoveClass,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct SideReport {
    pub accuracy: Option<f64>,
    pub best: usize,
    pub good: usize,
    pub inaccuracies: usize,
    pub mistakes: usize,
    pub blunders: usize,
}

#[derive(Clone, Debug, Serialize)]
pub struct GameReport {
    pub index: usize,
    pub white: String,
    pub black: String,
    pub result: String,
    pub event: String,
    pub start_fen: String,
    /// "checkmate", "stalemate", "insufficient material" or "unfinished".
    pub termination: String,
    pub error: Option<String>,
    pub moves: Vec<MoveReport>,
    pub summary_white: SideReport,
    pub summary_black: SideReport,
    /// White's winning chances for every position, the start first (the graph).
    pub white_win: Vec<f64>,
}

/// The rules the classes follow, written into the report so that a reader knows them.
#[derive(Clone, Debug, Serialize)]
pub struct Classification {
    /// The drops of the mover's winning chances (lichess's [-1, 1] scale) that make an
    /// inaccuracy, a mistake and a blunder (half as many points of Win%).
    pub inaccuracy_drop: f64,
    pub mistake_drop: f64,
    pub blunder_drop: f64,
    /// Centipawns are capped at +- this before the winning-chance formula.
    pub cp_ceiling: i32,
    /// Allowing a forced mate is a blunder, a mistake below -this (cp, before the move),
    /// an inaccuracy below -`mate_rule_inaccuracy_cp`; losing one's own forced mate is a
    /// blunder, a mistake above +this (cp, after the move), an inaccuracy above
    /// +`mate_rule_inaccuracy_cp`.
    pub mate_rule_mistake_cp: i32,
    pub mate_rule_inaccuracy_cp: i32,
}

impl Classification {
    pub fn lichess() -> Classification {
        Classification {
            inaccuracy_drop: classify::INACCURACY_DROP,
            mistake_drop: classify::MISTAKE_DROP,
            blunder_drop: classify::BLUNDER_DROP,
            cp_ceiling: classify::CP_CEILING,
            mate_rule_mistake_cp: classify::MATE_RULE_MISTAKE_CP,
            mate_rule_inaccuracy_cp: classify::MATE_RULE_INACCURACY_CP,
        }
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct Report {
    pub engine: String,
    pub settings: Settings,
    pub classification: Classification,
    pub games: Vec<GameReport>,
}

/// The search result of one position, from White's point of view.
struct Looked {
    white_score: i32,
    best: Option<shakmaty::Move>,
}

fn look(pool: &mut Searcher, pos: &Position, settings: &Settings) -> Looked {
    let white = |s: i32| if pos.turn() == Color::White { s } else { -s };
    let board = pos.board();
    if board.legal_moves().is_empty() {
        let score = if board.is_check() { -crate::search::MATE } else { 0 };
        return Looked { white_score: white(score), best: None };
    }
    if board.is_insufficient_material() {
        return Looked { white_score: 0, best: None };
    }
    let config = SearchConfig { threads: settings.threads, ..SearchConfig::default() };
    let outcome = pool.search_sync(pos, settings.limits(), &config);
    Looked { white_score: white(outcome.info.map_or(0, |i| i.score)), best: outcome.best }
}

/// Analyses one game; `on_position` is called after each searched position (progress).
pub fn analyse_game(
    index: usize,
    game: &Game,
    pool: &mut Searcher,
    settings: &Settings,
    mut on_position: impl FnMut(),
) -> GameReport {
    pool.clear();
    let mut pos = game.start.clone();
    let mut looks = vec![look(pool, &pos, settings)];
    on_position();
    let mut moves = Vec::new();
    for (i, &m) in game.moves.iter().enumerate() {
        let before = pos.clone();
        pos.play(m);
        looks.push(look(pool, &pos, settings));
        on_position();
        moves.push(move_report(i, &before, m, &looks[i], &looks[i + 1]));
    }
    let white_win: Vec<f64> = looks.iter().map(|l| win_percent(score_as_cp(l.white_score))).collect();
    let (white_acc, black_acc) = game_accuracy(&white_win, game.start.turn() == Color::White);
    let summary = |side: &str, accuracy| {
        let mut s = SideReport { accuracy, ..SideReport::default() };
        for m in moves.iter().filter(|m| m.side == side) {
            match m.class {
                MoveClass::Best => s.best += 1,
                MoveClass::Good => s.good += 1,
                MoveClass::Inaccuracy => s.inaccuracies += 1,
                MoveClass::Mistake => s.mistakes += 1,
                MoveClass::Blunder => s.blunders += 1,
            }
        }
        s
    };
    let tag = |name: &str| game.tag(name).unwrap_or("?").to_string();
    GameReport {
        index,
        white: tag("White"),
        black: tag("Black"),
        result: tag("Result"),
        event: tag("Event"),
        start_fen: game.start.fen(),
        termination: termination(&pos),
        error: game.error.clone(),
        summary_white: summary("white", white_acc),
        summary_black: summary("black", black_acc),
        moves,
        white_win,
    }
}

fn termination(pos: &Position) -> String {
    let board = pos.board();
    if board.is_checkmate() {
        format!("checkmate, {} wins", if board.turn() == Color::White { "black" } else { "white" })
    } else if board.is_stalemate() {
        "stalemate".into()
    } else if board.is_insufficient_material() {
        "insufficient material".into()
    } else {
        "unfinished".into()
    }
}

fn move_report(
    i: usize,
    before: &Position,
    m: shakmaty::Move,
    look_before: &Looked,
    look_after: &Looked,
) -> MoveReport {
    let mover = before.turn();
    let for_mover = |white_score: i32| if mover == Color::White { white_score } else { -white_score };
    let (score_before, score_after) = (for_mover(look_before.white_score), for_mover(look_after.white_score));
    let win_before = win_percent(score_as_cp(score_before));
    let win_after = win_percent(score_as_cp(score_after));
    let drop = (win_before - win_after).max(0.0);
    let was_best = look_before.best.is_none_or(|b| b == m);
    let san = |mv| SanPlus::from_move(before.board().clone(), mv).to_string();
    let best = look_before.best.filter(|&b| b != m);
    MoveReport {
        ply: i + 1,
        move_number: before.board().fullmoves().get(),
        side: if mover == Color::White { "white" } else { "black" },
        san: san(m),
        uci: move_to_uci(m, false),
        eval_before: Eval::from_white_score(look_before.white_score),
        eval_after: Eval::from_white_score(look_after.white_score),
        best_san: best.map(san),
        best_uci: best.map(|b| move_to_uci(b, false)),
        win_before,
        win_after,
        drop,
        accuracy: move_accuracy(win_before, win_after),
        class: MoveClass::of_move(score_before, score_after, was_best),
    }
}

/// The human-readable table of one game.
pub fn game_table(g: &GameReport) -> String {
    let mut out = format!("Game {}: {} - {}, {} ({})\n", g.index, g.white, g.black, g.result, g.event);
    if let Some(e) = &g.error {
        out.push_str(&format!("note: {e}\n"));
    }
    out.push_str(&format!(
        "{:<10} {:<8} {:>8} {:>8}  {:<8} {}\n",
        "move", "played", "before", "after", "best", "class"
    ));
    for m in &g.moves {
        let number = if m.side == "white" { format!("{}.", m.move_number) } else { format!("{}...", m.move_number) };
        out.push_str(&format!(
            "{:<10} {:<8} {:>8} {:>8}  {:<8} {}\n",
            number,
            m.san,
            m.eval_before.text(),
            m.eval_after.text(),
            m.best_san.as_deref().unwrap_or(""),
            m.class.name()
        ));
    }
    for (name, s) in [("White", &g.summary_white), ("Black", &g.summary_black)] {
        let accuracy = s.accuracy.map_or_else(|| "-".to_string(), |a| format!("{a:.1}%"));
        out.push_str(&format!(
            "{name}: accuracy {accuracy}, {} inaccuracies, {} mistakes, {} blunders\n",
            s.inaccuracies, s.mistakes, s.blunders
        ));
    }
    out
}

/// Where `rokade analyse` writes its results.
pub struct Outputs {
    /// A file for the JSON report, or `-` for stdout (the table is then not printed).
    pub json: Option<std::path::PathBuf>,
    /// The SVG graph; with several games, `name-2.svg` and so on for the later ones.
    pub svg: Option<std::path::PathBuf>,
}

/// `rokade analyse`: reads the PGN, analyses every game with a progress bar on stderr;
/// with `syzygy_path` (folders as for `SyzygyPath`) the search probes those tablebases.
pub fn run(
    pgn: &std::path::Path,
    settings: Settings,
    outputs: &Outputs,
    syzygy_path: Option<&str>,
) -> Result<(), String> {
    let file = std::fs::File::open(pgn).map_err(|e| format!("cannot open {}: {e}", pgn.display()))?;
    let games =
        pgn::read_games(std::io::BufReader::new(file)).map_err(|e| format!("cannot read {}: {e}", pgn.display()))?;
    if games.is_empty() {
        return Err(format!("no game in {}", pgn.display()));
    }
    let total: usize = games.iter().map(|g| g.moves.len() + 1).sum();
    let progress = indicatif::ProgressBar::new(total as u64);
    progress.set_style(
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} positions, {elapsed} (eta {eta})")
            .map_err(|e| e.to_string())?,
    );
    let mut pool = Searcher::new(settings.hash_mb)?;
    if let Some(path) = syzygy_path {
        let messages = pool.set_tablebase_path(path);
        if !pool.has_tablebases() {
            return Err(messages.join("; "));
        }
        messages.iter().for_each(|m| eprintln!("{m}"));
    }
    let to_stdout = outputs.json.as_deref().is_some_and(|p| p.as_os_str() == "-");
    let mut reports = Vec::new();
    for (i, game) in games.iter().enumerate() {
        let report = analyse_game(i + 1, game, &mut pool, &settings, || progress.inc(1));
        if !to_stdout {
            progress.suspend(|| println!("{}", game_table(&report)));
        }
        if let Some(svg_path) = &outputs.svg {
            svg::write(&numbered(svg_path, i), &report)?;
        }
        reports.push(report);
    }
    progress.finish_and_clear();
    if let Some(path) = &outputs.json {
        let report = Report {
            engine: crate::uci::ENGINE_NAME.to_string(),
            settings,
            classification: Classification::lichess(),
            games: reports,
        };
        let text = serde_json::to_string_pretty(&report).map_err(|e| e.to_string())?;
        if to_stdout {
            println!("{text}");
        } else {
            std::fs::write(path, text + "\n").map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        }
    }
    Ok(())
}

/// `graph.svg` for the first game, `graph-2.svg` for the second, ...
fn numbered(path: &std::path::Path, index: usize) -> std::path::PathBuf {
    if index == 0 {
        return path.to_path_buf();
    }
    let stem = path.file_stem().map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    let ext = path.extension().map_or_else(|| "svg".to_string(), |e| e.to_string_lossy().into_owned());
    path.with_file_name(format!("{stem}-{}.{ext}", index + 1))
}
