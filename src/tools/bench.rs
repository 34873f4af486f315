//! `rokade bench`: a fixed set of positions searched to a fixed depth with one thread and a
//! cleared table each time. The node total is the signature of the search: any functional
//! change moves it, so commits quote it as `Bench: N`.

use std::time::Instant;

use crate::position::{Position, move_to_uci};
use crate::search::{Limits, SearchConfig, Searcher};

pub const DEFAULT_DEPTH: i32 = 12;
/// Deeper benches would take hours.
pub const MAX_DEPTH: i32 = 64;
const BENCH_HASH_MB: usize = 16;

/// Openings, middlegames and endgames, quiet and tactical.
pub const POSITIONS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "rnbqkb1r/pp3ppp/4pn2/2pp4/2PP4/2N2N2/PP2PPPP/R1BQKB1R w KQkq - 0 5",
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 3 8",
    "2rq1rk1/pp1bppbp/3p1np1/4n3/3NP3/1BN1BP2/PPPQ2PP/2KR3R w - - 7 12",
    "r2qr1k1/1p1nbppp/p2pbn2/4p3/4P3/1NN1BP2/PPPQ2PP/2KR1B1R w - - 4 12",
    "3r1rk1/p4ppp/1pq1pn2/8/2P5/1P2Q3/P3BPPP/3R1RK1 w - - 0 20",
    "r1b2rk1/2q1bppp/p2p1n2/np2p3/3PP3/5N1P/PPB2PP1/RNBQR1K1 w - - 0 13",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
    "8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1",
    "8/5pk1/6p1/7p/P6P/6P1/5PK1/8 w - - 0 40",
    "4r1k1/pp3ppp/2p5/3p4/3P1Pn1/2P1R1P1/PP4KP/4R3 b - - 2 25",
    "8/8/8/3k4/8/3K4/3P4/8 w - - 0 1",
    "2r3k1/5pp1/p3p2p/1p1r4/3P4/P3RP2/1P3KPP/2R5 b - - 0 28",
    "r1bqk2r/ppp2ppp/2n5/3np3/1bB5/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 0 6",
    "rn1qkb1r/pp2pppp/2p2n2/5b2/P1pP3N/2N5/1P2PPPP/R1BQKB1R b KQkq - 1 6",
    "8/1p3pk1/p1p3p1/2P4p/1P2R2P/P5P1/5PK1/2r5 w - - 0 38",
    "5rk1/1b3ppp/p7/1p1pP3/3P1q2/1P2BP2/P5QP/2R3K1 b - - 0 27",
    "r5k1/5ppp/1p6/p1pB4/P1P5/1P6/5PPP/6K1 b - - 0 30",
];

/// One position's result.
pub struct BenchLine {
    pub fen: &'static str,
    pub nodes: u64,
    pub best: String,
}

/// Runs the bench and returns each position's nodes; printing is the caller's.
pub fn run(depth: i32, on_line: impl FnMut(&BenchLine)) -> (u64, u64) {
    let limits = Limits { depth: Some(depth), ..Limits::default() };
    let start = Instant::now();
    let total = search_each(POSITIONS.iter().copied(), &limits, &SearchConfig::default(), on_line);
    let millis = start.elapsed().as_millis().max(1) as u64;
    (total, total * 1000 / millis)
}

/// Searches each position with one thread and a cleared table; returns the node total.
pub fn search_each(
    fens: impl Iterator<Item = &'static str>,
    limits: &Limits,
    config: &SearchConfig,
    mut on_line: impl FnMut(&BenchLine),
) -> u64 {
    let mut pool = Searcher::new(BENCH_HASH_MB).expect("bench hash table");
    let mut total = 0;
    for fen in fens {
        pool.clear();
        let pos = Position::from_fen(fen).expect("bench positions are valid");
        let outcome = pool.search_sync(&pos, limits.clone(), config);
        let line = BenchLine {
            fen,
            nodes: outcome.info.map_or(0, |i| i.nodes),
            best: outcome.best.map_or_else(|| "0000".to_string(), |m| move_to_uci(m, false)),
        };
        total += line.nodes;
        on_line(&line);
    }
    total
}

/// Prints one line per position and, last, the `<nodes> nodes <nps> nps` line OpenBench reads.
pub fn print(depth: i32) {
    report(depth, |line| println!("{line}"));
}

/// The bench as text, line by line, to `out`: the form `print` writes.
pub fn report(depth: i32, mut out: impl FnMut(&str)) {
    let (nodes, nps) = run(depth, |line| out(&format!("{:>10} nodes  {:<6} {}", line.nodes, line.best, line.fen)));
    out(&format!("{nodes} nodes {nps} nps"));
}
