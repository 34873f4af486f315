//! Nothing typed on stdin may crash, hang or silently corrupt the engine: each bad input
//! gets an `info string` and the engine keeps a consistent state.

mod common;

use common::{Engine, bestmove};

fn info_after(e: &mut Engine, line: &str) -> Vec<String> {
    e.send(line);
    e.sync().into_iter().filter(|l| l.starts_with("info string")).collect()
}

fn current_fen(e: &mut Engine) -> String {
    e.send("d");
    let lines = e.read_until(|l| l.starts_with("info string fen"));
    lines.last().unwrap().trim_start_matches("info string fen ").to_string()
}

#[test]
fn unknown_commands_are_reported_and_ignored() {
    let mut e = Engine::start();
    assert_eq!(info_after(&mut e, "xboard"), vec!["info string unknown command: xboard"]);
    assert_eq!(info_after(&mut e, "hello world"), vec!["info string unknown command: hello world"]);
    // Unknown tokens before a command are skipped, as the UCI spec asks.
    let lines = info_after(&mut e, "joho isready");
    assert_eq!(lines, vec!["info string ignored unknown 'joho'"]);
}

#[test]
fn empty_and_blank_lines_are_ignored() {
    let mut e = Engine::start();
    e.send("");
    e.send("   \t  ");
    assert_eq!(e.sync(), vec!["readyok"]);
}

#[test]
fn very_long_line_is_refused_and_the_engine_goes_on() {
    let mut e = Engine::start();
    let mut long = vec![b'x'; 3 << 20];
    long.push(b'\n');
    e.send_raw(&long);
    let lines = e.sync();
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(
        lines[0].starts_with("info string line of ") && lines[0].ends_with("ignored: longer than 1048576"),
        "{lines:?}"
    );
    e.send("position startpos moves e2e4 e7e5");
    assert_eq!(current_fen(&mut e), "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
}

#[test]
fn long_games_are_accepted() {
    let mut e = Engine::start();
    let shuffle = "g1f3 g8f6 f3g1 f6g8 ".repeat(100);
    e.send(&format!("position startpos moves {shuffle}e2e4"));
    let fen = current_fen(&mut e);
    assert_eq!(fen, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 201");
    let lines = e.go("go depth 3");
    assert_ne!(bestmove(&lines), "0000");
}

#[test]
fn invalid_fen_leaves_the_position_unchanged() {
    let mut e = Engine::start();
    e.send("position startpos moves d2d4");
    let before = current_fen(&mut e);
    for bad in [
        "position fen",
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
        "position fen 8/8/8/8/8/8/8/8 w - - 0 1",
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        "position fen kk6/8/8/8/8/8/8/7K w - - 0 1",
        "position fen rnbqkbnr/pppppppp/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "position nonsense",
    ] {
        let info = info_after(&mut e, bad);
        assert_eq!(info.len(), 1, "{bad}: {info:?}");
        assert!(info[0].starts_with("info string "), "{bad}: {info:?}");
        assert_eq!(current_fen(&mut e), before, "{bad} changed the position");
    }
}

#[test]
fn fen_without_move_counters_is_accepted() {
    let mut e = Engine::start();
    e.send("position fen 4k3/8/8/8/8/8/4P3/4K3 w - -");
    assert_eq!(current_fen(&mut e), "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
}

#[test]
fn illegal_move_keeps_the_moves_before_it_and_says_which() {
    let mut e = Engine::start();
    let info = info_after(&mut e, "position startpos moves e2e4 e7e5 e1e3 g1f3");
    assert_eq!(
        info,
        vec![
            "info string illegal move 'e1e3' (move 3 of the list); position set up to the move before it: \
             rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
        ]
    );
    assert_eq!(current_fen(&mut e), "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    let info = info_after(&mut e, "position startpos moves e2e4 zz99");
    assert!(info[0].starts_with("info string malformed move 'zz99' (move 2 of the list)"), "{info:?}");
    let info = info_after(&mut e, "position startpos moves e2e4 0000");
    assert!(info[0].starts_with("info string illegal move '0000' (move 2 of the list)"), "{info:?}");
}

#[test]
fn bad_setoption_is_reported() {
    let mut e = Engine::start();
    assert_eq!(info_after(&mut e, "setoption name Colour value blue"), vec!["info string unknown option 'Colour'"]);
    assert_eq!(
        info_after(&mut e, "setoption name Hash value 0"),
        vec!["info string option Hash value 0 is outside 1..65536, using 1"]
    );
    assert_eq!(
        info_after(&mut e, "setoption name Hash value lots"),
        vec!["info string option Hash: 'lots' is not a number"]
    );
    assert_eq!(info_after(&mut e, "setoption name Threads"), vec!["info string option Threads needs a value"]);
    assert_eq!(
        info_after(&mut e, "setoption name Ponder value maybe"),
        vec!["info string option Ponder needs 'value true' or 'value false'"]
    );
    assert_eq!(
        info_after(&mut e, "setoption name multipv value 2"),
        Vec::<String>::new(),
        "names are case-insensitive"
    );
    assert_eq!(info_after(&mut e, "setoption"), vec!["info string cannot parse: setoption"]);
    e.send("position startpos");
    let lines = e.go("go depth 4");
    assert_ne!(bestmove(&lines), "0000");
}

#[test]
fn go_with_garbage_or_negative_numbers_still_answers() {
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go depth abc");
    let lines = e.read_until(|l| l.starts_with("info string"));
    assert_eq!(lines.last().unwrap(), "info string go: depth 'abc' is not a number, ignored");
    e.send("stop");
    e.read_until(|l| l.starts_with("bestmove"));

    e.send("go wtime -500 btime -500 winc 0 binc 0");
    let lines = e.read_until(|l| l.starts_with("bestmove"));
    assert!(lines.iter().any(|l| l == "info string go: wtime -500 is negative, using 0"), "{lines:?}");
    assert_ne!(bestmove(&lines), "0000");

    e.send("go depth 99999999999999999999 movestogo -3 wtime 1000 btime 1000");
    let lines = e.read_until(|l| l.starts_with("bestmove"));
    assert!(lines.iter().any(|l| l == "info string go: movestogo -3 ignored: it must be positive"), "{lines:?}");

    let lines = e.go("go depth 3 frobnicate");
    assert!(lines.iter().any(|l| l == "info string go: unknown token 'frobnicate' ignored"), "{lines:?}");
    assert_eq!(e.sync(), vec!["readyok"]);
}

#[test]
fn movestogo_one_and_tiny_clocks_are_handled() {
    let mut e = Engine::start();
    e.send("position startpos moves e2e4 c7c5");
    for go in ["go wtime 50 btime 50 movestogo 1", "go wtime 1 btime 1 winc 0 binc 0", "go wtime 0 btime 0"] {
        let lines = e.go(go);
        assert_ne!(bestmove(&lines), "0000", "{go}");
    }
}

#[test]
fn stop_and_ponderhit_without_a_search_do_nothing() {
    let mut e = Engine::start();
    e.send("stop");
    e.send("ponderhit");
    assert_eq!(e.sync(), vec!["readyok"]);
}

#[test]
fn commands_in_any_order() {
    let mut e = Engine::start();
    e.send("go depth 2");
    e.read_until(|l| l.starts_with("bestmove"));
    e.send("ucinewgame");
    e.send("setoption name Hash value 8");
    e.send("position startpos moves e2e4");
    e.send("uci");
    e.read_until(|l| l == "uciok");
    // A new go, position or ucinewgame during a search ends it with its one bestmove first.
    e.send("go infinite");
    e.send("position startpos");
    let lines = e.read_until(|l| l.starts_with("bestmove"));
    assert_ne!(bestmove(&lines), "0000");
    e.send("go infinite");
    e.send("go depth 2");
    e.read_until(|l| l.starts_with("bestmove"));
    let lines = e.read_until(|l| l.starts_with("bestmove"));
    assert_ne!(bestmove(&lines), "0000");
    e.send("setoption name Threads value 2");
    let lines = e.go("go depth 5");
    assert_ne!(bestmove(&lines), "0000");
}

#[test]
fn quit_during_a_search_exits_cleanly() {
    let mut e = Engine::start();
    e.send("go infinite");
    e.send("quit");
    assert!(e.close());
}

#[test]
fn end_of_input_exits_cleanly() {
    let mut e = Engine::start();
    e.send("position startpos");
    assert!(e.close());
}

#[test]
fn debug_and_register_are_accepted() {
    let mut e = Engine::start();
    e.send("debug on");
    assert_eq!(info_after(&mut e, "stop"), vec!["info string stop: no search is running"]);
    e.send("debug off");
    assert_eq!(info_after(&mut e, "register later"), vec!["info string no registration needed"]);
}

#[test]
fn invalid_utf8_is_not_fatal() {
    let mut e = Engine::start();
    e.send_raw(b"\xff\xfe hello \xc3\x28\n");
    let lines = e.sync();
    assert!(lines[0].starts_with("info string unknown command: "), "{lines:?}");
    assert_eq!(lines.last().unwrap(), "readyok");
}

#[test]
fn a_huge_perft_keeps_the_engine_responsive_and_stops() {
    let mut e = Engine::start();
    e.send("go perft 12");
    assert_eq!(e.sync(), vec!["readyok"]);
    e.send("stop");
    e.read_until(|l| l == "info string perft stopped");
    e.send("go perft 2");
    let lines = e.read_until(|l| l.starts_with("Nodes searched"));
    assert_eq!(lines.last().unwrap(), "Nodes searched: 400");
}

/// Found by `rokade fuzz` (seed 1): `genfens 65535 ...` ran in the controller for minutes and
/// left `isready` and `stop` unanswered.
#[test]
fn a_huge_genfens_keeps_the_engine_responsive_and_stops() {
    let mut e = Engine::start();
    e.send("genfens 65535 seed 1 book None");
    assert_eq!(e.sync().last().unwrap(), "readyok");
    e.send("stop");
    let lines = e.read_until(|l| l.starts_with("info string genfens stopped"));
    let stopped = lines.last().unwrap();
    assert!(stopped.ends_with("of 65535 positions"), "{stopped}");
    // The engine plays on.
    e.send("position startpos");
    assert_ne!(bestmove(&e.go("go nodes 1000")), "0000");
}

/// Found by `rokade fuzz` (seed 20261201): with `genfens 4294967296` running, `quit` waited
/// for it, so the engine never exited.
#[test]
fn quit_ends_a_running_genfens() {
    let mut e = Engine::start();
    e.send("genfens 4294967296 seed 1 book None");
    assert_eq!(e.sync().last().unwrap(), "readyok");
    e.send("quit");
    assert!(e.wait_for_exit(common::PATIENCE), "rokade did not exit after quit");
}

/// Given as arguments (as OpenBench runs it), `genfens` gives every position before `quit`.
#[test]
fn genfens_given_as_an_argument_runs_to_its_end() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_rokade"))
        .args(["genfens 3 seed 5 book None", "quit"])
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().filter(|l| l.starts_with("info string genfens ")).count(), 3, "{text}");
}
