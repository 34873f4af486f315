//! Criterion benches for the hot paths: move generation, evaluation, SEE, the TT and a
//! fixed-depth search. `cargo bench` runs them; figures go in commit messages, not tests.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use crossbeam_channel::unbounded;
use rokade::eval::evaluate;
use rokade::position::Position;
use rokade::search::see::see;
use rokade::search::tt::{Bound, TranspositionTable};
use rokade::search::{DEFAULT_HASH_MB, Limits, SearchConfig, Searcher};
use shakmaty::Position as _;

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const MIDDLEGAME: &str = "r2qr1k1/1p1nbppp/p2pbn2/4p3/4P3/1NN1BP2/PPPQ2PP/2KR1B1R w - - 4 12";

fn movegen(c: &mut Criterion) {
    let pos = Position::from_fen(KIWIPETE).unwrap();
    c.bench_function("legal_moves kiwipete", |b| b.iter(|| black_box(pos.board()).legal_moves()));
    c.bench_function("perft 3 kiwipete", |b| b.iter(|| rokade::tools::perft::perft(black_box(pos.board()), 3)));
    let m = pos.parse_move("e2a6").unwrap();
    c.bench_function("make+unmake", |b| {
        let mut p = pos.clone();
        b.iter(|| {
            p.make(black_box(m));
            p.unmake();
        })
    });
}

fn evaluation(c: &mut Criterion) {
    let pos = Position::from_fen(MIDDLEGAME).unwrap();
    c.bench_function("evaluate middlegame", |b| b.iter(|| evaluate(black_box(pos.board()))));
    let captures: Vec<_> = pos.board().legal_moves().into_iter().filter(|m| m.is_capture()).collect();
    c.bench_function("see all captures", |b| b.iter(|| captures.iter().map(|&m| see(pos.board(), m)).sum::<i32>()));
}

fn table(c: &mut Criterion) {
    let tt = TranspositionTable::new(DEFAULT_HASH_MB).unwrap();
    let pos = Position::from_fen(MIDDLEGAME).unwrap();
    let m = pos.parse_move("g2g4").unwrap();
    c.bench_function("tt store+probe", |b| {
        b.iter(|| {
            tt.store(pos.key(), 2, Some(m), 17, 12, 5, Bound::Exact, false);
            tt.probe(black_box(&pos), 2)
        })
    });
}

fn search(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    for (name, fen) in [("kiwipete", KIWIPETE), ("middlegame", MIDDLEGAME)] {
        let pos = Position::from_fen(fen).unwrap();
        group.bench_function(format!("depth 8 {name}"), |b| {
            let mut pool = Searcher::new(DEFAULT_HASH_MB).unwrap();
            b.iter(|| {
                pool.clear();
                let (tx, _rx) = unbounded();
                pool.start(&pos, Limits { depth: Some(8), ..Limits::default() }, &SearchConfig::default(), tx);
                pool.wait();
            })
        });
    }
    group.finish();
}

criterion_group!(benches, movegen, evaluation, table, search);
criterion_main!(benches);
