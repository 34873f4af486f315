//! Move generation against the published perft counts of tests/data.
//! The default run checks every position to a depth that keeps it quick; the full suites
//! (every listed depth) run with `cargo test --release -- --ignored`.

mod common;

use rokade::position::{Position, is_noisy};
use rokade::tools::perft::perft;
use shakmaty::Position as _;

/// (FEN, [(depth, count)]) from a perft EPD line.
fn parse(line: &str) -> (String, Vec<(u32, u64)>) {
    let mut parts = line.split(';');
    let fen = parts.next().unwrap().trim().to_string();
    let counts = parts
        .map(|p| {
            let mut t = p.split_whitespace();
            let depth = t.next().unwrap().trim_start_matches('D').parse().unwrap();
            (depth, t.next().unwrap().parse().unwrap())
        })
        .collect();
    (fen, counts)
}

fn check_suite(file: &str, max_nodes: u64) -> usize {
    let mut checked = 0;
    for line in common::testdata(file) {
        let (fen, counts) = parse(&line);
        let pos = Position::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        for (depth, expected) in counts.into_iter().filter(|&(_, n)| n <= max_nodes) {
            assert_eq!(perft(pos.board(), depth), expected, "{fen} depth {depth}");
            checked += 1;
        }
    }
    checked
}

#[test]
fn start_position_counts() {
    let pos = Position::default();
    let counts: Vec<u64> = (1..=4).map(|d| perft(pos.board(), d)).collect();
    assert_eq!(counts, [20, 400, 8902, 197281]);
}

#[test]
fn standard_suite_to_a_million_nodes() {
    assert!(check_suite("perft.epd", 1_000_000) >= 131 * 3);
}

#[test]
fn chess960_suite_to_a_hundred_thousand_nodes() {
    assert!(check_suite("perft960.epd", 100_000) >= 960 * 3);
}

#[test]
#[ignore = "minutes: run with --ignored"]
fn standard_suite_every_depth() {
    check_suite("perft.epd", u64::MAX);
}

#[test]
#[ignore = "minutes: run with --ignored"]
fn chess960_suite_to_depth_five() {
    check_suite("perft960.epd", 20_000_000);
}

/// Walks the tree through rokade's own make/unmake and checks at every node that the
/// incrementally updated key equals a key computed from scratch.
fn walk(pos: &mut Position, depth: u32) -> u64 {
    assert_eq!(pos.key(), Position::new(pos.board().clone()).key(), "{}", pos.fen());
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    for m in pos.board().legal_moves() {
        pos.make(m);
        nodes += walk(pos, depth - 1);
        pos.unmake();
    }
    if depth >= 2 && !pos.is_check() {
        assert!(pos.make_null());
        walk(pos, 1);
        pos.unmake();
    }
    nodes
}

#[test]
fn make_unmake_keeps_keys_in_step() {
    for (fen, depth, expected) in [
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 4, 197281),
        ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3, 97862),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4, 43238),
        ("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", 3, 12189),
    ] {
        let mut pos = Position::from_fen(fen).unwrap();
        assert_eq!(walk(&mut pos, depth), expected, "{fen}");
    }
}

/// Checks at every node of the tree that the quiescence generator lists exactly the noisy
/// legal moves, in `legal_moves()`'s order (ordering ties must break the same way).
fn walk_noisy(pos: &mut Position, depth: u32) -> u64 {
    let legal = pos.board().legal_moves();
    // In check, every evasion.
    let expected: Vec<_> = legal.iter().copied().filter(|&m| pos.is_check() || is_noisy(m)).collect();
    assert_eq!(pos.noisy_moves().to_vec(), expected, "{}", pos.fen());
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    for m in legal {
        pos.make(m);
        nodes += walk_noisy(pos, depth - 1);
        pos.unmake();
    }
    nodes
}

#[test]
fn noisy_moves_are_the_noisy_legal_moves_in_order() {
    let mut positions = 0;
    for file in ["perft.epd", "perft960.epd"] {
        for line in common::testdata(file) {
            let (fen, counts) = parse(&line);
            let mut pos = Position::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
            let depth = if file == "perft.epd" { 3 } else { 2 };
            let expected = counts.iter().find(|&&(d, _)| d == depth).map(|&(_, n)| n);
            let visited = walk_noisy(&mut pos, depth);
            if let Some(n) = expected {
                assert_eq!(visited, n, "{fen} depth {depth}");
            }
            positions += 1;
        }
    }
    assert!(positions > 1000, "the suites were read ({positions} positions)");
}
