//! Syzygy tablebases: the options, loading and its errors, the root ranking that keeps a draw
//! and converts a win within the fifty-move rule, the search's probes, and `go mate`.
//!
//! The 3-piece tables in tests/data/syzygy serve every test here but the last two, which
//! need the 5-piece KRPvKR set: they run only where `../shared/syzygy/` (the project's shared
//! folder beside the repository) holds it, and say so when they skip.

mod common;

use std::path::{Path, PathBuf};

use common::{Engine, bestmove, field, last_score};
use rokade::position::Position;
use rokade::search::tablebase::Tablebases;
use rokade::search::{Limits, SearchConfig, Searcher};
use shakmaty::Position as _;
use shakmaty_syzygy::{Tablebase, Wdl};

fn three_piece_tables() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/syzygy").display().to_string()
}

/// The shared 5-piece set, when it is there.
fn shared_tables() -> Option<PathBuf> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/syzygy");
    if path.join("KRPvKR.rtbw").exists() && path.join("KRPvKR.rtbz").exists() {
        Some(path)
    } else {
        eprintln!("skipped: no KRPvKR tables in {}", path.display());
        None
    }
}

fn engine_with_tables(path: &str) -> (Engine, Vec<String>) {
    let mut e = Engine::start();
    e.send(&format!("setoption name SyzygyPath value {path}"));
    let said = e.sync();
    (e, said)
}

#[test]
fn the_options_are_stockfish_s() {
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.read_until(|l| l == "uciok");
    common::assert_declares(
        &lines,
        &[
            "option name SyzygyPath type string default <empty>",
            "option name SyzygyProbeDepth type spin default 1 min 1 max 127",
            "option name Syzygy50MoveRule type check default true",
            "option name SyzygyProbeLimit type spin default 7 min 0 max 7",
        ],
    );
}

#[test]
fn loading_says_what_was_found_and_what_was_skipped() {
    let (_, said) = engine_with_tables(&three_piece_tables());
    assert_eq!(said, ["info string Syzygy tablebases: 5 WDL and 5 DTZ tables, up to 3 pieces", "readyok"]);

    let dir = common::tempdir::Dir::new();
    std::fs::write(dir.path("KRvK.rtbw"), [b"not a table".as_slice(), &[0; 69]].concat()).unwrap();
    let missing = dir.path("missing");
    let path = format!("{}:{}:{}", missing.display(), dir.root().display(), three_piece_tables());
    let (mut e, said) = engine_with_tables(&path);
    assert!(said[0].starts_with(&format!("info string SyzygyPath: cannot read folder '{}': ", missing.display())));
    assert_eq!(
        said[1..],
        [
            format!(
                "info string SyzygyPath: {} skipped: not a Syzygy table (wrong header)",
                dir.path("KRvK.rtbw").display()
            ),
            "info string Syzygy tablebases: 5 WDL and 5 DTZ tables, up to 3 pieces".into(),
            "readyok".into(),
        ]
    );
    // The good tables still answer.
    e.send("position fen R7/8/8/4k3/8/8/8/7K w - - 0 1");
    assert_eq!(last_score(&e.go("go depth 1")), "cp 20000");

    // Unloading: nothing to say, and no probes.
    e.send("setoption name SyzygyPath value <empty>");
    assert_eq!(e.sync(), ["readyok"]);
    let lines = e.go("go depth 1");
    let info = lines.iter().rfind(|l| l.starts_with("info depth")).unwrap();
    assert_eq!(field(info, "tbhits").as_deref(), Some("0"));
    assert_ne!(last_score(&lines), "cp 20000");
}

#[test]
fn a_damaged_table_is_reported_once_and_the_search_goes_on() {
    let dir = common::tempdir::Dir::new();
    // The right headers, then nothing a reader can use.
    std::fs::write(dir.path("KQvK.rtbw"), [[0x71, 0xe8, 0x23, 0x5d].as_slice(), &[0; 76]].concat()).unwrap();
    std::fs::write(dir.path("KQvK.rtbz"), [[0xd7, 0x66, 0x0c, 0xa5].as_slice(), &[0xff; 140]].concat()).unwrap();
    let (mut e, said) = engine_with_tables(&dir.root().display().to_string());
    assert_eq!(said, ["info string Syzygy tablebases: 1 WDL and 1 DTZ tables, up to 3 pieces", "readyok"]);
    for _ in 0..2 {
        e.send("position fen 8/8/8/8/8/2k5/8/K2Q4 w - - 0 1");
        let lines = e.go("go depth 6");
        assert_eq!(field(lines.iter().rfind(|l| l.starts_with("info depth")).unwrap(), "depth").as_deref(), Some("6"));
        common::assert_legal("8/8/8/8/8/2k5/8/K2Q4 w - - 0 1", &bestmove(&lines));
    }
    let reports: Vec<&String> = e.transcript.iter().filter(|l| l.starts_with("info string Syzygy: ")).collect();
    assert_eq!(reports, ["info string Syzygy: cannot read the wdl table KQvK (damaged); searching on without it"]);
}

#[test]
fn the_only_drawing_move_is_played_where_the_search_alone_loses() {
    // Black draws only with Kf5, which a shallow search does not see (it plays Kg4).
    let fen = "8/8/7K/8/5k1P/8/8/8 b - - 0 1";
    let (mut e, _) = engine_with_tables(&three_piece_tables());
    e.send(&format!("position fen {fen}"));
    let lines = e.go("go depth 1");
    assert_eq!(bestmove(&lines), "f4f5");
    assert_eq!(last_score(&lines), "cp 0");
    let info = lines.iter().rfind(|l| l.starts_with("info depth")).unwrap();
    assert!(field(info, "tbhits").unwrap().parse::<u64>().unwrap() > 0, "{info}");

    let mut without = Engine::start();
    without.send(&format!("position fen {fen}"));
    assert_ne!(bestmove(&without.go("go depth 1")), "f4f5", "the position no longer tests the tables");
}

#[test]
fn a_tablebase_win_is_no_mate_for_go_mate() {
    // KRvK, mate in 16 at best: the tables say won, a mate in 3 there is none.
    let (mut e, _) = engine_with_tables(&three_piece_tables());
    e.send("position fen R7/8/8/4k3/8/8/8/7K w - - 0 1");
    let lines = e.go("go mate 3");
    assert!(lines.contains(&"info string no mate in 3 found".to_string()), "{lines:?}");
    assert!(!last_score(&lines).starts_with("mate"), "{lines:?}");
    // A real mate is still proven with the tables loaded.
    e.send("position fen 8/8/8/8/8/2k5/8/K2Q4 w - - 0 1");
    assert_eq!(last_score(&e.go("go mate 6")), "mate 6");
}

/// Plays `fen` out: rokade (a fixed-node search with the tables of `path`) for the side to
/// move, the tables' own best move for the other side, until the game ends or `max_plies`.
/// Returns the final position.
fn play_against_the_tables(fen: &str, path: &str, nodes: u64, max_plies: usize) -> Position {
    let mut searcher = Searcher::new(16).unwrap();
    let said = searcher.set_tablebase_path(path);
    assert!(searcher.has_tablebases(), "{said:?}");
    let oracle = oracle(path);
    let mut pos = Position::from_fen(fen).unwrap();
    let rokade = pos.turn();
    for _ in 0..max_plies {
        let board = pos.board();
        if board.legal_moves().is_empty() || board.halfmoves() >= 100 || board.is_insufficient_material() {
            break;
        }
        let m = if pos.turn() == rokade {
            let limits = Limits { nodes: Some(nodes), ..Limits::default() };
            searcher.search_sync(&pos, limits, &SearchConfig::default()).best.unwrap()
        } else {
            oracle.best_move(board).unwrap().unwrap().0
        };
        pos.play(m);
    }
    pos
}

fn oracle(path: &str) -> Tablebase<shakmaty::Chess> {
    let mut tables = Tablebase::new();
    tables.add_directory(path).unwrap();
    tables
}

#[test]
fn a_win_is_converted_with_the_fifty_move_counter_nearly_run_out() {
    // Mate is 31 plies away at best and the counter stands at 66: only about the shortest
    // way mates before the fifty-move rule, against the tables' longest defence. (Without
    // tables the same search lets the counter run out.)
    let end = play_against_the_tables("R7/8/8/4k3/8/8/8/7K w - - 66 80", &three_piece_tables(), 2000, 60);
    assert!(end.board().is_checkmate(), "{}", end.fen());
}

#[test]
fn the_tables_loaded_are_shared_and_agree_with_the_reader() {
    let loaded = Tablebases::load(&three_piece_tables());
    let tables = loaded.tables.unwrap();
    assert_eq!(tables.max_pieces(), 3);
    let won = Position::from_fen("R7/8/8/4k3/8/8/8/7K w - - 0 1").unwrap();
    assert!(matches!(tables.wdl_after_zeroing(won.board()), Ok(Wdl::Win)));
    assert_eq!(tables.dtz(won.board()).ok().map(|d| d.0), Some(31));
    let too_many = Position::from_fen("R7/8/8/4k3/8/8/7P/7K w - - 0 1").unwrap();
    assert!(tables.wdl_after_zeroing(too_many.board()).is_err());
}

#[test]
fn krpvkr_lucena_is_converted_against_the_tables_defence() {
    let Some(path) = shared_tables() else { return };
    // The Lucena position: White wins by building the bridge.
    let end = play_against_the_tables("1K1k4/1P6/8/8/8/8/r7/2R5 w - - 0 1", &path.display().to_string(), 2000, 200);
    assert!(end.board().is_checkmate() && end.turn() == shakmaty::Color::Black, "{}", end.fen());
}

#[test]
fn krpvkr_philidor_is_held_against_the_tables_attack() {
    let Some(path) = shared_tables() else { return };
    let path = path.display().to_string();
    let oracle = oracle(&path);
    // The Philidor position, Black to move: the rook keeps to the sixth rank until the pawn
    // advances, then checks from behind. Every move rokade plays must keep the draw.
    let mut pos = Position::from_fen("3k4/R7/8/4PK2/8/8/8/4r3 b - - 0 1").unwrap();
    let mut searcher = Searcher::new(16).unwrap();
    searcher.set_tablebase_path(&path);
    for _ in 0..40 {
        if pos.board().legal_moves().is_empty() || pos.board().is_insufficient_material() {
            break;
        }
        let limits = Limits { nodes: Some(2000), ..Limits::default() };
        let m = searcher.search_sync(&pos, limits, &SearchConfig::default()).best.unwrap();
        pos.play(m);
        let wdl = oracle.probe_wdl(pos.board()).unwrap().after_zeroing();
        assert!(matches!(wdl, Wdl::Draw | Wdl::BlessedLoss | Wdl::CursedWin), "{} after {m:?}", pos.fen());
        if pos.board().legal_moves().is_empty() {
            break;
        }
        pos.play(oracle.best_move(pos.board()).unwrap().unwrap().0);
    }
    assert!(!pos.board().is_checkmate(), "{}", pos.fen());
}
