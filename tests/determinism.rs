//! One thread is deterministic: after `ucinewgame`, the same `position` and `go nodes N`
//! give the same info lines (depth, seldepth, score, nodes, PV; time and speed aside) and the
//! same `bestmove`, however often they are asked.

mod common;

use common::Engine;

/// Fields of an info line that depend on the clock, not on the search.
const TIMING_FIELDS: &[&str] = &["time", "nps"];

/// The line without the clock's fields.
fn without_timing(line: &str) -> String {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let mut kept = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        if TIMING_FIELDS.contains(&tokens[i]) {
            i += 2;
        } else {
            kept.push(tokens[i]);
            i += 1;
        }
    }
    kept.join(" ")
}

fn search(e: &mut Engine, position: &str, go: &str) -> Vec<String> {
    e.send("ucinewgame");
    e.send(position);
    e.go(go).iter().map(|l| without_timing(l)).collect()
}

#[test]
fn the_same_search_twice_gives_the_same_output() {
    let cases = [
        ("position startpos", "go nodes 30000"),
        ("position startpos moves e2e4 c7c5 g1f3 d7d6", "go nodes 50000"),
        ("position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "go nodes 40000"),
        ("position fen 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", "go nodes 40000"),
    ];
    let mut e = Engine::start();
    e.send("setoption name MultiPV value 1");
    for (position, go) in cases {
        let first = search(&mut e, position, go);
        let second = search(&mut e, position, go);
        assert!(first.iter().filter(|l| l.starts_with("info depth")).count() >= 3, "{first:#?}");
        assert!(first.last().is_some_and(|l| l.starts_with("bestmove")), "{first:#?}");
        assert_eq!(first, second, "{position}, {go}");
        // A fresh process agrees too: nothing but the position and the limit decides.
        let mut fresh = Engine::start();
        assert_eq!(search(&mut fresh, position, go), first, "{position}, {go} in a fresh engine");
    }
}

#[test]
fn multipv_searches_are_deterministic_too() {
    let mut e = Engine::start();
    e.send("setoption name MultiPV value 3");
    let position = "position fen r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
    let first = search(&mut e, position, "go nodes 30000");
    assert!(first.iter().any(|l| l.contains(" multipv 3 ")), "{first:#?}");
    assert_eq!(first, search(&mut e, position, "go nodes 30000"));
}

#[test]
fn timing_fields_are_the_only_ones_dropped() {
    let line = "info depth 5 seldepth 7 multipv 1 score cp 20 nodes 100 nps 5000 hashfull 0 time 20 pv e2e4 e7e5";
    assert_eq!(without_timing(line), "info depth 5 seldepth 7 multipv 1 score cp 20 nodes 100 hashfull 0 pv e2e4 e7e5");
}
