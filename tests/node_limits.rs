//! `go nodes N` is honoured closely: one thread stops within a node of N (the call that finds
//! the limit reached is counted), several threads (whose count is the sum over threads) within
//! N / NODE_LIMIT_OVERSHOOT_DIVISOR plus two nodes each once the main thread has completed
//! depth 1, and a limited strength spends at most N over its mate check and its own search
//! together, plus that one node for each of its two searches, unless N is too small for
//! depth 1 of either (then it completes the band's depth 1 past N).

mod common;

use common::{Engine, bestmove, field};
use rokade::search::params::NODE_LIMIT_OVERSHOOT_DIVISOR;

/// The nodes of the last `info` line before `bestmove`, and the move.
fn nodes_searched(setup: &[&str], fen: &str, nodes: u64) -> (u64, String) {
    let mut e = Engine::start();
    for line in setup {
        e.send(line);
    }
    e.send(&format!("position fen {fen}"));
    let lines = e.go(&format!("go nodes {nodes}"));
    let last_info = lines.iter().rev().find(|l| l.starts_with("info depth")).expect("an info line");
    (field(last_info, "nodes").unwrap().parse().unwrap(), bestmove(&lines))
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const MIDDLEGAME: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
/// White mates with Rd8: the limited strengths' mate check finds it.
const BACK_RANK_MATE: &str = "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1";

#[test]
fn one_thread_stops_at_the_node_limit() {
    for fen in [START, MIDDLEGAME] {
        for limit in [300, 5000] {
            let (nodes, best) = nodes_searched(&[], fen, limit);
            assert!(nodes == limit || nodes == limit + 1, "{fen}: go nodes {limit} searched {nodes}");
            assert_ne!(best, "0000");
        }
    }
}

#[test]
fn several_threads_stop_within_a_small_margin_of_the_limit() {
    let threads = 4;
    let setup = format!("setoption name Threads value {threads}");
    for limit in [20_000, 100_000] {
        let (nodes, _) = nodes_searched(&[&setup], MIDDLEGAME, limit);
        let bound = limit + limit / NODE_LIMIT_OVERSHOOT_DIVISOR + 2 * threads;
        assert!(nodes >= limit && nodes <= bound, "go nodes {limit} with {threads} threads searched {nodes}");
    }
    // A limit too small for depth 1 on every thread: the main thread completes depth 1 alone
    // (at most the limit itself), the helpers stop at the limit.
    let limit = 300;
    let (nodes, best) = nodes_searched(&[&setup], MIDDLEGAME, limit);
    let bound = 2 * limit + limit / NODE_LIMIT_OVERSHOOT_DIVISOR + 2 * threads;
    assert!(nodes >= limit && nodes <= bound, "go nodes {limit} with {threads} threads searched {nodes}");
    assert_ne!(best, "0000");
}

/// Limits with room for depth 1 of both searches (about 1,400 nodes at full strength in
/// MIDDLEGAME, four times that for Hard's four lines); smaller ones are the next test's.
#[test]
fn a_limited_strength_spends_at_most_the_limit_over_both_searches() {
    for level in ["Beginner", "Hard", "Master"] {
        for fen in [START, MIDDLEGAME, BACK_RANK_MATE] {
            for limit in [10_000, 20_000] {
                let setup = level_setup(level);
                let setup: Vec<&str> = setup.iter().map(String::as_str).collect();
                let (nodes, best) = nodes_searched(&setup, fen, limit);
                assert!(nodes <= limit + 2, "{level}, {fen}: go nodes {limit} searched {nodes}");
                assert_ne!(best, "0000");
            }
        }
    }
}

/// Too few nodes for depth 1 of either search: the level still plays a move it scored at
/// depth 1 (searching past the limit), never one of an unfinished iteration.
#[test]
fn a_limited_strength_plays_a_scored_move_under_a_tiny_node_limit() {
    for level in ["Beginner", "Master"] {
        for limit in [1, 100, 600] {
            let mut e = Engine::start();
            for line in level_setup(level) {
                e.send(&line);
            }
            e.send(&format!("position fen {MIDDLEGAME}"));
            let lines = e.go(&format!("go nodes {limit}"));
            let last_info = lines.iter().rev().find(|l| l.starts_with("info depth")).expect("an info line");
            assert_eq!(field(last_info, "depth").as_deref(), Some("1"), "{level}, go nodes {limit}: {last_info}");
            assert!(field(last_info, "score").is_some(), "{level}, go nodes {limit}: {last_info}");
            assert_ne!(bestmove(&lines), "0000");
        }
    }
}

/// A level with a fixed seed and no book (the book would answer the start position).
fn level_setup(level: &str) -> [String; 3] {
    [
        format!("setoption name Level value {level}"),
        "setoption name Skill Seed value 1".to_string(),
        "setoption name LevelBook value false".to_string(),
    ]
}
