//! `go nodes N` is honoured closely: one thread stops within a node of N (the call that finds
//! the limit reached is counted), several threads (whose count is the sum over threads) within
//! N / NODE_LIMIT_OVERSHOOT_DIVISOR plus two nodes each once the main thread has completed
//! depth 1, and a limited strength spends at most N over its mate check and its own search
//! together, plus that one node for each of its two searches.

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

#[test]
fn a_limited_strength_spends_at_most_the_limit_over_both_searches() {
    for level in ["Beginner", "Hard", "Master"] {
        for fen in [START, MIDDLEGAME, BACK_RANK_MATE] {
            // Half of the limit must let a band's MultiPV search finish depth 1 in the
            // middlegame (with 300, half is too little and the move is sent without a line).
            for limit in [600, 5000] {
                // The book would answer the start position without a search.
                let setup = [
                    &format!("setoption name Level value {level}")[..],
                    "setoption name Skill Seed value 1",
                    "setoption name LevelBook value false",
                ];
                let (nodes, best) = nodes_searched(&setup, fen, limit);
                assert!(nodes <= limit + 2, "{level}, {fen}: go nodes {limit} searched {nodes}");
                assert_ne!(best, "0000");
            }
        }
    }
}
