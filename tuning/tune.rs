//! Tunes every weight of the evaluation (`src/eval/params.rs`) by gradient descent on the
//! positions `rokade datagen` writes.
//!
//! Each position is traced once: the evaluation records how often each term applied for
//! each side, so that the evaluation becomes a function of the weights (linear, except the
//! king-safety curve and the complexity adjustment of the endgame score, which are
//! differentiated through, and the endgame scale, which is kept as it was). The scale K of
//! `sigmoid(K * eval / 400)` is fitted to the game results first; the target of each position is then `lambda * result + (1 - lambda) *
//! sigmoid(K * score / 400)`, a blend of the game's result and the search's score. Adam,
//! full batch, minimises the mean squared error over every weight at once. A twentieth of
//! the positions (whole blocks, so whole games) is held out and its error reported. `--write`
//! rewrites the PARAMS block of `src/eval/params.rs`.
//!
//!     cargo run --release --bin tune -- data.txt [more.txt ...] [--epochs 2000] [--lambda 0.5] [--write]

use std::time::Instant;

use clap::Parser;
use rokade::eval::params::{COMPLEXITY, COMPLEXITY_FEATURES, NUM_TERMS, PARAMS, S, SAFETY_START};
use rokade::eval::trace;
use rokade::eval::tune::params_block;
use rokade::eval::{MAX_PHASE, SCALE_NORMAL};
use rokade::position::Position;

const PARAMS_RS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/src/eval/params.rs");
/// The king-safety curve of `src/eval/king.rs`: mg `a * max(a, 0) / 720`, eg `max(a, 0) / 20`.
const SAFETY_MG_DIVISOR: f64 = 720.0;
const SAFETY_EG_DIVISOR: f64 = 20.0;
/// Adam's moment decay rates.
const BETA1: f64 = 0.9;
const BETA2: f64 = 0.999;
/// One block of positions in this many is held out to measure the error on positions not
/// fitted; blocks keep a game's positions (written together) on one side of the split.
const VALIDATION_EVERY: usize = 20;
const VALIDATION_BLOCK: usize = 1000;

#[derive(Parser)]
struct Args {
    /// Files written by `rokade datagen` (`FEN | result | score`).
    #[arg(required = true)]
    data: Vec<String>,
    /// Full passes over the data (one Adam step each).
    #[arg(long, default_value_t = 2000)]
    epochs: usize,
    /// Weight of the game result in the target; the rest is the search score's.
    #[arg(long, default_value_t = 0.5)]
    lambda: f64,
    /// Adam's step in centipawns at the start; it decays tenfold over the run.
    #[arg(long, default_value_t = 2.0)]
    rate: f64,
    /// Use at most this many positions.
    #[arg(long)]
    limit: Option<usize>,
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// Pull of every weight back towards where it started, per centipawn it moved (L2): a
    /// weight few positions speak for then stays where it was.
    #[arg(long, default_value_t = 0.0)]
    l2: f64,
    /// Start every weight from zero instead of the current table.
    #[arg(long)]
    from_zero: bool,
    /// Rewrite the PARAMS block of src/eval/params.rs with the result.
    #[arg(long)]
    write: bool,
}

/// One traced position.
struct Sample {
    /// (term, White's count minus Black's) of the linear terms.
    linear: Vec<(u16, i16)>,
    /// (term, White's count, Black's count) of the king-safety terms.
    safety: Vec<(u16, i16, i16)>,
    /// (term, count) of the complexity features, which are not per side.
    complexity: Vec<(u16, i16)>,
    /// Phase share of the middlegame, 0 to 1.
    mg_share: f64,
    /// Endgame share times the endgame scale.
    eg_share: f64,
    result: f64,
    score: f64,
    /// The engine's own evaluation, from White's side, to check the model against.
    eval: f64,
    target: f64,
}

fn parse_line(line: &str) -> Option<(Position, f64, f64)> {
    let mut fields = line.split('|').map(str::trim);
    let pos = Position::from_fen(fields.next()?).ok()?;
    let result = fields.next()?.parse().ok()?;
    let score = fields.next()?.parse().ok()?;
    Some((pos, result, score))
}

fn sample(pos: &Position, result: f64, score: f64) -> Option<Sample> {
    let t = trace(pos.board());
    if t.mop_up {
        return None;
    }
    let mut linear = Vec::new();
    let mut safety = Vec::new();
    let mut complexity = Vec::new();
    for (i, [black, white]) in t.counts.iter().copied().enumerate() {
        if is_complexity(i) {
            if white != 0 {
                complexity.push((i as u16, white as i16));
            }
        } else if i >= SAFETY_START {
            if white != 0 || black != 0 {
                safety.push((i as u16, white as i16, black as i16));
            }
        } else if white != black {
            linear.push((i as u16, (white - black) as i16));
        }
    }
    let mg_share = f64::from(t.phase) / f64::from(MAX_PHASE);
    let eg_share = (1.0 - mg_share) * f64::from(t.scale) / f64::from(SCALE_NORMAL);
    Some(Sample { linear, safety, complexity, mg_share, eg_share, result, score, eval: f64::from(t.eval), target: 0.0 })
}

fn is_complexity(term: usize) -> bool {
    (COMPLEXITY..COMPLEXITY + COMPLEXITY_FEATURES).contains(&term)
}

fn load(args: &Args) -> Vec<Sample> {
    let mut lines = Vec::new();
    for path in &args.data {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
        lines.extend(text.lines().map(str::to_string));
    }
    if let Some(limit) = args.limit {
        lines.truncate(limit);
    }
    let chunk = lines.len().div_ceil(args.threads.max(1)).max(1);
    std::thread::scope(|scope| {
        let handles: Vec<_> = lines
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    part.iter()
                        .filter_map(|l| parse_line(l))
                        .filter_map(|(p, r, s)| sample(&p, r, s))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().expect("loader thread")).collect()
    })
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Weights as a flat vector: mg of term i at 2i, eg at 2i + 1.
fn flatten(weights: &[S]) -> Vec<f64> {
    weights.iter().flat_map(|s| [f64::from(s.0), f64::from(s.1)]).collect()
}

/// Each side's king-safety attack (mg, eg) for these weights: [White, Black].
fn attacks(s: &Sample, w: &[f64]) -> [(f64, f64); 2] {
    let mut a = [(0.0, 0.0); 2];
    for &(i, white, black) in &s.safety {
        let (mg, eg) = (w[2 * i as usize], w[2 * i as usize + 1]);
        a[0].0 += mg * f64::from(white);
        a[0].1 += eg * f64::from(white);
        a[1].0 += mg * f64::from(black);
        a[1].1 += eg * f64::from(black);
    }
    a
}

/// The sign of a number, 0 for 0 (the engine's `i32::signum`).
fn sign(x: f64) -> f64 {
    if x > 0.0 {
        1.0
    } else if x < 0.0 {
        -1.0
    } else {
        0.0
    }
}

/// The model's middlegame and endgame scores before complexity, from White's side.
fn phase_scores(s: &Sample, w: &[f64]) -> (f64, f64) {
    let (mut mg, mut eg) = (0.0, 0.0);
    for &(i, c) in &s.linear {
        mg += w[2 * i as usize] * f64::from(c);
        eg += w[2 * i as usize + 1] * f64::from(c);
    }
    for (side, (amg, aeg)) in attacks(s, w).into_iter().enumerate() {
        let sign = if side == 0 { 1.0 } else { -1.0 };
        mg += sign * amg * amg.max(0.0) / SAFETY_MG_DIVISOR;
        eg += sign * aeg.max(0.0) / SAFETY_EG_DIVISOR;
    }
    (mg, eg)
}

/// The model's evaluation of a sample, and what its gradient needs: the endgame score before
/// complexity and whether the complexity adjustment leaves it standing (false: it cancels the
/// endgame score, and nothing moves it).
struct Model {
    eval: f64,
    eg: f64,
    eg_stands: bool,
}

fn model(s: &Sample, w: &[f64]) -> Model {
    let (mg, eg) = phase_scores(s, w);
    let sum: f64 = s.complexity.iter().map(|&(i, c)| w[2 * i as usize + 1] * f64::from(c)).sum();
    let adjusted = eg + sign(eg) * sum.max(-eg.abs());
    Model { eval: mg * s.mg_share + adjusted * s.eg_share, eg, eg_stands: sum > -eg.abs() }
}

/// The model's evaluation of a sample, from White's side.
fn evaluate(s: &Sample, w: &[f64]) -> f64 {
    model(s, w).eval
}

fn mean_error(samples: &[&Sample], w: &[f64], k: f64, target: impl Fn(&Sample) -> f64 + Sync) -> f64 {
    let total: f64 = samples.iter().map(|s| (sigmoid(k * evaluate(s, w) / 400.0) - target(s)).powi(2)).sum();
    total / samples.len().max(1) as f64
}

/// The K that best fits the results with these weights (golden-section search).
fn fit_k(samples: &[&Sample], w: &[f64]) -> f64 {
    let (mut lo, mut hi) = (0.1f64, 4.0f64);
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let a = hi - ratio * (hi - lo);
        let b = lo + ratio * (hi - lo);
        if mean_error(samples, w, a, |s| s.result) < mean_error(samples, w, b, |s| s.result) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// The gradient of the mean squared error over `samples`, added into `grad`.
fn accumulate_gradient(samples: &[&Sample], w: &[f64], k: f64, grad: &mut [f64]) {
    for s in samples {
        let Model { eval, eg, eg_stands } = model(s, w);
        let p = sigmoid(k * eval / 400.0);
        let d = 2.0 * (p - s.target) * p * (1.0 - p) * k / 400.0;
        let deg = if eg_stands { d * s.eg_share } else { 0.0 };
        let dmg = d * s.mg_share;
        for &(i, c) in &s.complexity {
            grad[2 * i as usize + 1] += deg * sign(eg) * f64::from(c);
        }
        for &(i, c) in &s.linear {
            grad[2 * i as usize] += dmg * f64::from(c);
            grad[2 * i as usize + 1] += deg * f64::from(c);
        }
        let a = attacks(s, w);
        let slope = |side: usize| {
            (2.0 * a[side].0.max(0.0) / SAFETY_MG_DIVISOR, f64::from(u8::from(a[side].1 > 0.0)) / SAFETY_EG_DIVISOR)
        };
        let (white, black) = (slope(0), slope(1));
        for &(i, cw, cb) in &s.safety {
            let (cw, cb) = (f64::from(cw), f64::from(cb));
            grad[2 * i as usize] += dmg * (white.0 * cw - black.0 * cb);
            grad[2 * i as usize + 1] += deg * (white.1 * cw - black.1 * cb);
        }
    }
}

fn gradient(samples: &[&Sample], w: &[f64], k: f64, threads: usize) -> Vec<f64> {
    let chunk = samples.len().div_ceil(threads.max(1)).max(1);
    let parts: Vec<Vec<f64>> = std::thread::scope(|scope| {
        let handles: Vec<_> = samples
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    let mut g = vec![0.0; w.len()];
                    accumulate_gradient(part, w, k, &mut g);
                    g
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().expect("gradient thread")).collect()
    });
    let n = samples.len().max(1) as f64;
    (0..w.len()).map(|i| parts.iter().map(|p| p[i]).sum::<f64>() / n).collect()
}

fn write_params(w: &[f64]) {
    let weights: Vec<S> = w.chunks(2).map(|p| S(p[0].round() as i32, p[1].round() as i32)).collect();
    let source = std::fs::read_to_string(PARAMS_RS).expect("read params.rs");
    let begin = source.find("// BEGIN PARAMS").expect("BEGIN PARAMS marker");
    let updated = format!("{}{}", &source[..begin], params_block(&weights));
    std::fs::write(PARAMS_RS, updated).expect("write params.rs");
    println!("wrote {PARAMS_RS}");
}

fn main() {
    let args = Args::parse();
    let start = Instant::now();
    let mut samples = load(&args);
    println!("{} positions traced in {:.1} s", samples.len(), start.elapsed().as_secs_f64());
    let current = flatten(&PARAMS);
    let model_gap: f64 = samples.iter().map(|s| (evaluate(s, &current) - s.eval).abs()).sum::<f64>();
    println!("model v engine, mean |difference| with the current weights: {:.2} cp", model_gap / samples.len() as f64);

    let all: Vec<&Sample> = samples.iter().collect();
    let k = fit_k(&all, &current);
    println!("K = {k:.4}; error of the current weights on results: {:.6}", mean_error(&all, &current, k, |s| s.result));
    for s in &mut samples {
        s.target = args.lambda * s.result + (1.0 - args.lambda) * sigmoid(k * s.score / 400.0);
    }
    let held_out = |i: usize| (i / VALIDATION_BLOCK).is_multiple_of(VALIDATION_EVERY);
    let train: Vec<&Sample> = samples.iter().enumerate().filter(|(i, _)| !held_out(*i)).map(|(_, s)| s).collect();
    let validation: Vec<&Sample> = samples.iter().enumerate().filter(|(i, _)| held_out(*i)).map(|(_, s)| s).collect();

    let mut w = if args.from_zero { vec![0.0; 2 * NUM_TERMS] } else { current };
    let start_weights = w.clone();
    let (mut m, mut v) = (vec![0.0; w.len()], vec![0.0; w.len()]);
    let report = |epoch: usize, w: &[f64]| {
        let held_out = mean_error(&validation, w, k, |s| s.target);
        println!(
            "epoch {epoch:>5}: train {:.6}, validation {held_out:.6}, {:.0} s",
            mean_error(&train, w, k, |s| s.target),
            start.elapsed().as_secs_f64()
        );
    };
    report(0, &w);
    for epoch in 1..=args.epochs {
        let rate = args.rate * 0.1f64.powf(epoch as f64 / args.epochs as f64);
        let g = gradient(&train, &w, k, args.threads);
        for i in 0..w.len() {
            let g = g[i] + args.l2 * (w[i] - start_weights[i]);
            m[i] = BETA1 * m[i] + (1.0 - BETA1) * g;
            v[i] = BETA2 * v[i] + (1.0 - BETA2) * g * g;
            let m_hat = m[i] / (1.0 - BETA1.powi(epoch as i32));
            let v_hat = v[i] / (1.0 - BETA2.powi(epoch as i32));
            w[i] -= rate * m_hat / (v_hat.sqrt() + 1e-12);
        }
        if epoch.is_multiple_of(100) || epoch == args.epochs {
            report(epoch, &w);
        }
    }
    println!(
        "on results alone: train {:.6}, validation {:.6}",
        mean_error(&train, &w, k, |s| s.result),
        mean_error(&validation, &w, k, |s| s.result)
    );
    if args.write {
        write_params(&w);
    } else {
        println!(
            "{}",
            params_block(&w.chunks(2).map(|p| S(p[0].round() as i32, p[1].round() as i32)).collect::<Vec<_>>())
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tuner's model of the evaluation is the engine's, up to the engine's rounding.
    #[test]
    fn the_model_is_the_evaluation() {
        let weights = flatten(&PARAMS);
        for fen in rokade::tools::bench::POSITIONS {
            let pos = Position::from_fen(fen).unwrap();
            let Some(s) = sample(&pos, 0.5, 0.0) else { continue };
            let gap = (evaluate(&s, &weights) - s.eval).abs();
            assert!(gap <= 2.0, "{fen}: model {} v engine {}", evaluate(&s, &weights), s.eval);
        }
    }
}
