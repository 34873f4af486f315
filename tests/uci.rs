//! The UCI conversation, driven against the built binary.

mod common;

use common::{Engine, bestmove, field, last_score};

#[test]
fn handshake_lists_options_and_ends_with_uciok() {
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.read_until(|l| l == "uciok");
    assert!(lines[0].starts_with("id name rokade"), "{lines:?}");
    assert!(lines[1].starts_with("id author "), "{lines:?}");
    common::assert_declares(
        &lines,
        &[
            "option name Hash type spin default 16 min 1 max 65536",
            "option name Threads type spin default 1 min 1 max 256",
            "option name MultiPV type spin default 1 min 1 max 256",
            "option name Ponder type check default false",
            "option name Move Overhead type spin default 30 min 0 max 5000",
            "option name Clear Hash type button",
            "option name UCI_Chess960 type check default false",
            "option name UCI_ShowWDL type check default false",
        ],
    );
    assert_eq!(e.sync(), vec!["readyok"]);
    assert!(e.close(), "clean exit at end of input");
}

#[test]
fn position_with_moves_is_played() {
    let mut e = Engine::start();
    e.send("position startpos moves e2e4 e7e5 g1f3");
    e.send("d");
    let lines = e.read_until(|l| l.starts_with("info string fen"));
    assert_eq!(lines.last().unwrap(), "info string fen rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
}

#[test]
fn go_depth_gives_info_then_one_legal_bestmove() {
    let mut e = Engine::start();
    e.send("position startpos moves e2e4");
    let lines = e.go("go depth 6");
    let infos: Vec<&String> = lines.iter().filter(|l| l.starts_with("info depth")).collect();
    assert!(infos.iter().any(|l| field(l, "depth").as_deref() == Some("6")), "{lines:?}");
    for key in ["seldepth", "multipv", "score", "nodes", "nps", "hashfull", "time", "pv"] {
        assert!(infos.last().unwrap().contains(&format!(" {key} ")), "{key} missing: {infos:?}");
    }
    let best = bestmove(&lines);
    assert!(
        ["e7e5", "c7c5", "e7e6", "d7d5", "g8f6", "b8c6", "c7c6", "d7d6", "g7g6"].contains(&best.as_str()),
        "{best}"
    );
    assert!(lines[lines.len() - 2].starts_with("info"), "an info line comes right before bestmove");
    assert_eq!(e.sync(), vec!["readyok"], "nothing after bestmove");
}

#[test]
fn go_nodes_is_deterministic_after_ucinewgame() {
    let mut e = Engine::start();
    let mut runs = Vec::new();
    for _ in 0..2 {
        e.send("ucinewgame");
        e.send("position fen r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
        let lines = e.go("go nodes 20000");
        let last_info = lines.iter().rev().find(|l| l.starts_with("info depth")).unwrap().clone();
        runs.push((field(&last_info, "nodes").unwrap(), bestmove(&lines)));
    }
    assert_eq!(runs[0], runs[1]);
    assert_eq!(runs[0].0, "20000", "stops at exactly the node limit");
}

#[test]
fn go_movetime_returns_a_move() {
    let mut e = Engine::start();
    e.send("position startpos");
    let lines = e.go("go movetime 200");
    common::assert_legal(common::START_FEN, &bestmove(&lines));
}

#[test]
fn go_mate_finds_the_mate_in_two() {
    let mut e = Engine::start();
    e.send("position fen 1r4k1/5ppp/3R4/p4bP1/P6P/1p6/1Pr5/K2R4 w - - 0 39");
    let lines = e.go("go mate 2");
    assert_eq!(last_score(&lines), "mate 2");
    assert_eq!(bestmove(&lines), "d6d8");
}

#[test]
fn go_mate_after_an_analysis_still_finds_the_quiet_mate() {
    // The pruned search leaves "no mate" bounds in the table for this quiet mate in 5; the
    // exhaustive search used to cut on them and answer that there was none.
    let mut e = Engine::start();
    e.send("position fen rn1r4/pp6/4B3/4R3/PkP5/8/1P6/1K6 w - - 3 40");
    e.go("go depth 14");
    let lines = e.go("go mate 5");
    assert_eq!(last_score(&lines), "mate 5", "{lines:?}");
    assert_eq!(bestmove(&lines), "e5b5");
}

#[test]
fn infinite_search_waits_for_stop_and_answers_isready() {
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go infinite");
    e.read_until(|l| l.starts_with("info depth 3"));
    let during = e.sync();
    assert!(during.iter().all(|l| !l.starts_with("bestmove")), "{during:?}");
    e.send("stop");
    e.read_until(|l| l.starts_with("bestmove"));
    let after = e.sync();
    assert!(after.iter().all(|l| !l.starts_with("bestmove")), "exactly one bestmove: {after:?}");
}

#[test]
fn immediate_stop_still_gives_exactly_one_bestmove() {
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go infinite");
    e.send("stop");
    let lines = e.read_until(|l| l.starts_with("bestmove"));
    assert_ne!(bestmove(&lines), "0000");
    let after = e.sync();
    assert!(after.iter().all(|l| !l.starts_with("bestmove")), "{after:?}");
}

#[test]
fn a_mate_search_stopped_at_once_claims_no_mate() {
    // Until a mate is proven, `go mate` has only bounds; stopped early it used to report one
    // as a score ("cp -557", or "mate 0" before its first depth). White mates in 4 here.
    let mut e = Engine::start();
    for _ in 0..20 {
        e.send("position fen 2R5/2P3pk/5p2/4pK2/PR4p1/8/2r1r3/8 w - - 3 43");
        e.send("go mate 5");
        e.send("stop");
        let lines = e.read_until(|l| l.starts_with("bestmove"));
        let scored: Vec<_> = lines.iter().filter(|l| l.contains(" score ")).cloned().collect();
        assert!(scored.is_empty() || last_score(&scored) == "mate 4", "{lines:?}");
        assert_ne!(bestmove(&lines), "0000");
    }
}

#[test]
fn a_depth_limited_infinite_search_still_waits_for_stop() {
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go infinite depth 2");
    e.read_until(|l| l.starts_with("info depth 2"));
    let waiting = e.sync();
    assert!(waiting.iter().all(|l| !l.starts_with("bestmove")), "{waiting:?}");
    e.send("stop");
    e.read_until(|l| l.starts_with("bestmove"));
}

#[test]
fn ponder_then_ponderhit_gives_the_move_only_after_ponderhit() {
    let mut e = Engine::start();
    e.send("setoption name Ponder value true");
    e.send("position startpos moves e2e4 e7e5");
    e.send("go ponder wtime 2000 btime 2000 winc 0 binc 0");
    e.read_until(|l| l.starts_with("info depth 4"));
    let pondering = e.sync();
    assert!(pondering.iter().all(|l| !l.starts_with("bestmove")), "{pondering:?}");
    e.send("ponderhit");
    let lines = e.read_until(|l| l.starts_with("bestmove"));
    assert!(lines.last().unwrap().contains(" ponder "), "{lines:?}");
}

#[test]
fn ponder_then_stop_gives_one_bestmove() {
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go ponder wtime 60000 btime 60000");
    e.read_until(|l| l.starts_with("info depth 2"));
    e.send("stop");
    e.read_until(|l| l.starts_with("bestmove"));
    let after = e.sync();
    assert!(after.iter().all(|l| !l.starts_with("bestmove")), "{after:?}");
}

#[test]
fn single_legal_move_is_played() {
    let mut e = Engine::start();
    e.send("position fen 7k/7p/7P/8/1p6/8/8/6RK b - - 0 1");
    let lines = e.go("go wtime 10000 btime 10000");
    assert_eq!(bestmove(&lines), "b4b3");
}

#[test]
fn checkmated_side_answers_0000_with_mate_0() {
    let mut e = Engine::start();
    e.send("position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
    let lines = e.go("go depth 5");
    assert_eq!(lines.last().unwrap(), "bestmove 0000");
    assert_eq!(last_score(&lines), "mate 0");
}

#[test]
fn stalemated_side_answers_0000_with_cp_0() {
    let mut e = Engine::start();
    e.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    let lines = e.go("go movetime 100");
    assert_eq!(lines.last().unwrap(), "bestmove 0000");
    assert_eq!(last_score(&lines), "cp 0");
}

#[test]
fn multipv_gives_sorted_distinct_lines() {
    let mut e = Engine::start();
    e.send("setoption name MultiPV value 3");
    e.send("position startpos");
    let lines = e.go("go depth 6");
    let final_lines: Vec<&String> = lines.iter().filter(|l| l.starts_with("info depth 6 ")).collect();
    assert_eq!(final_lines.len(), 3, "{lines:?}");
    let firsts: Vec<String> = final_lines.iter().map(|l| field(l, "pv").unwrap()).collect();
    assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2], "{firsts:?}");
    let scores: Vec<i32> = final_lines.iter().map(|l| field(l, "cp").unwrap().parse().unwrap()).collect();
    assert!(scores[0] >= scores[1] && scores[1] >= scores[2], "{scores:?}");
    for (i, l) in final_lines.iter().enumerate() {
        assert_eq!(field(l, "multipv"), Some((i + 1).to_string()));
    }
}

#[test]
fn searchmoves_restricts_the_root() {
    let mut e = Engine::start();
    e.send("position startpos");
    let lines = e.go("go depth 5 searchmoves a2a3 h2h3");
    assert!(["a2a3", "h2h3"].contains(&bestmove(&lines).as_str()));
}

#[test]
fn go_perft_divides_by_root_move() {
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go perft 3");
    let lines = e.read_until(|l| l.starts_with("Nodes searched"));
    assert_eq!(lines.last().unwrap(), "Nodes searched: 8902");
    assert!(lines.iter().any(|l| l == "e2e4: 600"), "{lines:?}");
    assert_eq!(lines.iter().filter(|l| l.contains(": ")).count(), 20 + 1);
}

#[test]
fn chess960_castling_is_king_takes_rook_only_in_960_mode() {
    let fen = "rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1";
    let mut e = Engine::start();
    e.send(&format!("position fen {fen}"));
    e.send("go perft 1");
    let standard = e.read_until(|l| l.starts_with("Nodes searched"));
    assert!(standard.iter().any(|l| l == "b1g1: 1"), "standard notation outside 960 mode: {standard:?}");
    e.send("setoption name UCI_Chess960 value true");
    e.send("go perft 1");
    let lines = e.read_until(|l| l.starts_with("Nodes searched"));
    assert!(lines.iter().any(|l| l == "b1h1: 1"), "king takes rook in 960 mode: {lines:?}");
    e.send(&format!("position fen {fen} moves b1h1"));
    e.send("d");
    let d = e.read_until(|l| l.starts_with("info string fen"));
    assert_eq!(d.last().unwrap(), "info string fen rk5r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
}

#[test]
fn standard_castling_is_written_e1g1_and_accepted_both_ways() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let mut e = Engine::start();
    e.send(&format!("position fen {fen}"));
    e.send("go perft 1");
    let lines = e.read_until(|l| l.starts_with("Nodes searched"));
    assert!(lines.iter().any(|l| l == "e1g1: 1") && lines.iter().any(|l| l == "e1c1: 1"), "{lines:?}");
    for castle in ["e1g1", "e1h1"] {
        e.send(&format!("position fen {fen} moves {castle}"));
        e.send("d");
        let d = e.read_until(|l| l.starts_with("info string fen"));
        assert_eq!(d.last().unwrap(), "info string fen r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
    }
}

#[test]
fn go_mate_without_a_mate_says_so_and_claims_none() {
    let mut e = Engine::start();
    e.send("position startpos moves e2e4 e7e5");
    let lines = e.go("go mate 3");
    assert!(lines.iter().all(|l| !l.contains(" score mate ")), "{lines:?}");
    assert!(lines.iter().any(|l| l == "info string no mate in 3 found"), "{lines:?}");
}

#[test]
fn go_mate_checks_a_puzzle_answer_from_the_defenders_side() {
    // After the right first move (Rd8+) the defender is mated in one more move...
    let mut e = Engine::start();
    e.send("position fen 1r4k1/5ppp/3R4/p4bP1/P6P/1p6/1Pr5/K2R4 w - - 0 39 moves d6d8");
    assert_eq!(last_score(&e.go("go mate 1")), "mate -1");
    // ...and the same check through searchmoves from the puzzle position.
    e.send("position fen 1r4k1/5ppp/3R4/p4bP1/P6P/1p6/1Pr5/K2R4 w - - 0 39");
    assert_eq!(last_score(&e.go("go mate 2 searchmoves d6d8")), "mate 2");
    let wrong = e.go("go mate 2 searchmoves d6d7");
    assert!(!last_score(&wrong).starts_with("mate "), "{wrong:?}");
}

#[test]
fn show_wdl_adds_win_draw_loss_per_mille() {
    let mut e = Engine::start();
    e.send("setoption name UCI_ShowWDL value true");
    e.send("position startpos");
    let lines = e.go("go depth 5");
    let info = lines.iter().rev().find(|l| l.starts_with("info depth")).unwrap();
    let tokens: Vec<&str> = info.split_whitespace().collect();
    let at = tokens.iter().position(|&t| t == "wdl").expect("wdl in the info line");
    let wdl: Vec<u32> = tokens[at + 1..at + 4].iter().map(|t| t.parse().unwrap()).collect();
    assert_eq!(wdl.iter().sum::<u32>(), 1000, "{info}");
}

#[test]
fn commands_given_as_arguments_run_before_stdin() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_rokade"))
        .args(["setoption name Hash value 8", "position startpos moves e2e4", "d", "quit"])
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.lines().any(|l| l == "info string fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"),
        "{text}"
    );
}

fn genfens(args: &[&str]) -> Vec<String> {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_rokade"))
        .args(args)
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap().lines().map(str::to_string).collect()
}

#[test]
fn genfens_gives_playable_positions_repeatably_from_a_seed() {
    let fens = |seed: u32| -> Vec<String> {
        genfens(&[&format!("genfens 6 seed {seed} book None"), "quit"])
            .iter()
            .map(|l| l.strip_prefix("info string genfens ").unwrap_or_else(|| panic!("{l}")).to_string())
            .collect()
    };
    let first = fens(7);
    assert_eq!(first.len(), 6);
    assert_eq!(first, fens(7));
    assert_ne!(first, fens(8));
    for fen in &first {
        let pos = rokade::position::Position::from_fen(fen).unwrap();
        assert!(!shakmaty::Position::legal_moves(pos.board()).is_empty(), "{fen}");
        assert!(matches!(shakmaty::Position::fullmoves(pos.board()).get(), 5 | 6), "{fen}");
    }
}

#[test]
fn genfens_reports_bad_requests() {
    assert_eq!(
        genfens(&["genfens 2 seed 1 book /no/such/book.epd", "genfens many", "quit"]),
        [
            "info string genfens: cannot read /no/such/book.epd: No such file or directory (os error 2)",
            "info string genfens count: 'many' is not a valid number"
        ]
    );
}
