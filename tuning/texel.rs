//! Texel tuning of the evaluation weights (`src/eval/params.rs`) from finished games.
//!
//! Positions are taken from the games' main lines (from move 10 on, quiet ones only: not in
//! check, no winning capture) and labelled with the game's result. The tuner fits the scale
//! K of `sigmoid(K * eval / 400)` to the results, then moves each weight by a step while
//! the mean squared error falls (Texel's local search), halving the step when nothing helps.
//! `--write` rewrites the PARAMS block of `src/eval/params.rs`.
//!
//!     cargo run --release --bin texel -- games.pgn [more.pgn ...] [--passes 6] [--write]

use std::time::Instant;

use rokade::analysis::pgn::read_games;
use rokade::eval::evaluate_with;
use rokade::eval::params::{EvalParams, PARAMS};
use rokade::search::see::see;
use shakmaty::{Chess, Color, Position};

/// Positions before this ply are mostly the opening book's.
const FIRST_PLY: usize = 20;
const PARAMS_RS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/src/eval/params.rs");

struct Sample {
    pos: Chess,
    /// 1, 0.5 or 0 from White's side.
    result: f64,
}

fn quiet(pos: &Chess) -> bool {
    !pos.is_check() && pos.legal_moves().iter().filter(|m| m.is_capture()).all(|&m| see(pos, m) <= 0)
}

fn samples(paths: &[String]) -> Vec<Sample> {
    let mut out = Vec::new();
    for path in paths {
        let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let games = read_games(std::io::BufReader::new(file)).unwrap_or_else(|e| panic!("{path}: {e}"));
        for game in games {
            let result = match game.tag("Result") {
                Some("1-0") => 1.0,
                Some("0-1") => 0.0,
                Some("1/2-1/2") => 0.5,
                _ => continue,
            };
            let mut pos = game.start.board().clone();
            for (ply, &m) in game.moves.iter().enumerate() {
                if ply >= FIRST_PLY && quiet(&pos) {
                    out.push(Sample { pos: pos.clone(), result });
                }
                pos.play_unchecked(m);
            }
        }
    }
    out
}

fn error(samples: &[Sample], params: &EvalParams, k: f64) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| {
            let eval = evaluate_with(&s.pos, params);
            let white = if s.pos.turn() == Color::White { eval } else { -eval };
            let predicted = 1.0 / (1.0 + (-k * f64::from(white) / 400.0).exp());
            (s.result - predicted).powi(2)
        })
        .sum();
    total / samples.len() as f64
}

/// Golden-section search for the K that fits the current weights best.
fn fit_k(samples: &[Sample], params: &EvalParams) -> f64 {
    let (mut lo, mut hi) = (0.1f64, 10.0f64);
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..30 {
        let a = hi - ratio * (hi - lo);
        let b = lo + ratio * (hi - lo);
        if error(samples, params, a) < error(samples, params, b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let write = args.iter().any(|a| a == "--write");
    let passes: usize = args
        .iter()
        .position(|a| a == "--passes")
        .and_then(|i| args.get(i + 1))
        .and_then(|p| p.parse().ok())
        .unwrap_or(6);
    let files: Vec<String> = args
        .iter()
        .enumerate()
        .filter(|&(i, a)| !a.starts_with("--") && (i == 0 || args[i - 1] != "--passes"))
        .map(|(_, a)| a.clone())
        .collect();
    if files.is_empty() {
        eprintln!("usage: texel games.pgn [more.pgn ...] [--passes N] [--write]");
        std::process::exit(2);
    }
    let samples = samples(&files);
    println!("{} quiet positions from {} file(s)", samples.len(), files.len());
    let mut params = PARAMS.clone();
    let k = fit_k(&samples, &params);
    let mut best = error(&samples, &params, k);
    println!("K = {k:.3}, error {best:.6}");
    let mut values = params.to_vec();
    let mut step = 4;
    let start = Instant::now();
    for pass in 1..=passes {
        let mut improved = 0;
        for i in 0..values.len() {
            for delta in [step, -step] {
                values[i] += delta;
                params.set_from(&values);
                let e = error(&samples, &params, k);
                if e < best {
                    best = e;
                    improved += 1;
                    break;
                }
                values[i] -= delta;
            }
        }
        params.set_from(&values);
        println!(
            "pass {pass}: step {step}, {improved} weights moved, error {best:.6} ({:.0} s)",
            start.elapsed().as_secs_f64()
        );
        if improved == 0 {
            if step == 1 {
                break;
            }
            step /= 2;
        }
    }
    if write {
        let source = std::fs::read_to_string(PARAMS_RS).expect("read params.rs");
        let begin = source.find("#[rustfmt::skip]\npub const PARAMS").expect("PARAMS block");
        let end = source.find("// END PARAMS").expect("end marker");
        let updated = format!("{}{}\n{}", &source[..begin], params.to_rust(), &source[end..]);
        std::fs::write(PARAMS_RS, updated).expect("write params.rs");
        println!("rewrote {PARAMS_RS}");
    }
}
