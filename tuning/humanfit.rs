//! Fits the human move model (`src/search/strength/human.rs`) on rated games.
//!
//! `extract` replays every game and, at every position from `--min-ply` on, scores each
//! legal move at the model's depths exactly as a level does in play (a fresh 2 MB table per
//! position, histories carried along the game), writing one line per position:
//!
//!     rating|FEN two plies before|our last move, their last move|the move played|move:score:score:score ...
//!
//! `fit` recomputes the model's inputs from those lines (so new inputs need no new
//! scoring), then maximises the log-likelihood of the moves played, a softmax over the
//! legal moves, by Adam on the full batch, with a twentieth of the games held out. It prints
//! per rating bin how often the most likely move is the one played and the chance the model
//! gave it; `--write` rewrites the WEIGHTS block of `src/search/strength/human_weights.rs`.
//!
//!     cargo run --release --bin humanfit -- extract games.txt --out scored.txt
//!     cargo run --release --bin humanfit -- fit scored.txt [--write]

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use clap::{Parser, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use rokade::analysis::pgn::{Game, read_games_file};
use rokade::position::Position;
use rokade::search::strength::human::{self, FEATURE_NAMES, FEATURES, Feature, Inputs, PIECE_SQUARES, SCORING_DEPTHS};
use rokade::search::strength::scoring::{self, MoveScorer};
use rokade::search::strength::{LEVELS, Persona, move_chances};
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Color, Move};

const WEIGHTS_RS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/src/search/strength/human_weights.rs");
/// Adam's moment decay rates.
const BETA1: f64 = 0.9;
const BETA2: f64 = 0.999;
/// One game in this many is held out.
const VALIDATION_EVERY: usize = 20;
/// The rating bins of the report (lower bounds).
const BINS: [u32; 6] = [0, 1200, 1400, 1600, 1800, 2000];

#[derive(Parser)]
struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Score every legal move of every position of rated games.
    Extract {
        /// Games: PGN with WhiteElo/BlackElo, or the one-line format of the lichess samples.
        games: Vec<PathBuf>,
        #[arg(long)]
        out: PathBuf,
        /// First ply scored (openings come from the book in play).
        #[arg(long, default_value_t = 10)]
        min_ply: usize,
        /// Score every k-th position of a game only.
        #[arg(long, default_value_t = 1)]
        every: usize,
        /// At most this many games.
        #[arg(long)]
        limit: Option<usize>,
        #[arg(long, default_value_t = 2)]
        threads: usize,
    },
    /// How each level's persona (or the one given) would play the positions: the chance it
    /// plays the human's move and the share of blunders by the deepest verdict, per bin.
    Levels {
        data: Vec<PathBuf>,
        /// Only positions from this ply on (the measure of tuning/humanlike.py starts at 10).
        #[arg(long, default_value_t = 10)]
        min_ply: usize,
        /// A persona to try instead of the levels': rating, error %, blunder bonus
        /// (hundredths of a logit), temperature %, max loss %.
        #[arg(long, num_args = 5)]
        persona: Option<Vec<u32>>,
        /// The given persona's target Elo, which picks its nearest players (default: its rating).
        #[arg(long)]
        elo: Option<u32>,
    },
    /// The model's chances of every move of one position for a level (or every level).
    Explain {
        /// A FEN, then optionally the moves played from it (UCI).
        fen: String,
        moves: Vec<String>,
        #[arg(long)]
        level: Option<String>,
    },
    /// Fit the weights on extracted positions.
    Fit {
        data: Vec<PathBuf>,
        #[arg(long, default_value_t = 600)]
        epochs: usize,
        /// Adam's step at the start; it decays tenfold over the run.
        #[arg(long, default_value_t = 0.05)]
        rate: f64,
        /// Pull of every weight towards zero (L2), per position.
        #[arg(long, default_value_t = 1e-4)]
        l2: f64,
        #[arg(long, default_value_t = 2)]
        threads: usize,
        /// Rewrite the WEIGHTS block of human_weights.rs.
        #[arg(long)]
        write: bool,
        /// Also report on these positions (another file's, from ply 10 on).
        #[arg(long)]
        report: Vec<PathBuf>,
        /// Fit only positions of players rated within this range.
        #[arg(long, num_args = 2)]
        ratings: Option<Vec<f64>>,
    },
}

fn rating_of(game: &Game, color: Color) -> Option<u32> {
    game.tag(color.fold_wb("WhiteElo", "BlackElo"))?.trim().parse().ok()
}

fn uci(m: Move) -> String {
    m.to_uci(CastlingMode::Standard).to_string()
}

/// The lines of one game.
fn extract_game(game: &Game, scorer: &mut MoveScorer, min_ply: usize, every: usize) -> String {
    let mut out = String::new();
    let mut pos = game.start.clone();
    // The FEN before each move so far.
    let mut fens = Vec::with_capacity(game.moves.len());
    for (ply, &played) in game.moves.iter().enumerate() {
        fens.push(pos.fen());
        let [last, our_last] = pos.recent_moves();
        if let (true, Some(rating), Some(last), Some(our_last)) = (
            ply >= min_ply.max(2) && (ply - min_ply).is_multiple_of(every),
            rating_of(game, pos.turn()),
            last,
            our_last,
        ) {
            let (moves, verdicts) = scorer.score(&pos);
            let _ = write!(out, "{rating}|{}|{} {}|{}|", fens[ply - 2], uci(our_last), uci(last), uci(played));
            for (m, v) in moves.iter().zip(&verdicts) {
                let scores: Vec<String> = v.iter().map(i32::to_string).collect();
                let _ = write!(out, "{}:{} ", uci(*m), scores.join(":"));
            }
            out.push('\n');
        }
        pos.play(played);
    }
    out
}

fn extract(games: &[PathBuf], out: &PathBuf, min_ply: usize, every: usize, limit: Option<usize>, threads: usize) {
    let mut all = Vec::new();
    for path in games {
        // Only games with both ratings: the model is of rated players.
        let games = read_games_file(path).unwrap_or_else(|e| panic!("{e}"));
        all.extend(
            games.into_iter().filter(|g| rating_of(g, Color::White).is_some() && rating_of(g, Color::Black).is_some()),
        );
    }
    all.truncate(limit.unwrap_or(usize::MAX));
    let bar = ProgressBar::new(all.len() as u64);
    bar.set_style(ProgressStyle::with_template("{bar:40} {pos}/{len} games, {elapsed} (eta {eta})").expect("template"));
    let next = AtomicUsize::new(0);
    // Games finish out of order; each is written once those before it are, so that the file
    // is in game order and a cut-short run leaves a usable prefix.
    let pending: Mutex<(usize, Vec<Option<String>>)> = Mutex::new((0, vec![None; all.len()]));
    let file = Mutex::new(std::fs::File::create(out).expect("create the output"));
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| {
                let mut scorer = MoveScorer::default();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(game) = all.get(i) else { break };
                    let lines = extract_game(game, &mut scorer, min_ply, every);
                    let mut pending = pending.lock().expect("pending");
                    pending.1[i] = Some(lines);
                    let mut file = file.lock().expect("output");
                    while let Some(Some(done)) = pending.1.get(pending.0).cloned() {
                        file.write_all(done.as_bytes()).expect("write");
                        let first = pending.0;
                        pending.1[first] = None;
                        pending.0 += 1;
                    }
                    bar.inc(1);
                }
            });
        }
    });
    bar.finish();
}

/// One position: who played, which move, and every legal move's inputs.
struct Sample {
    rating: f64,
    /// Plies from the start of the game.
    ply: usize,
    played: usize,
    inputs: Vec<Inputs>,
    game: usize,
}

fn parse_sample(line: &str, game: usize) -> Option<Sample> {
    let mut fields = line.split('|');
    let rating: f64 = fields.next()?.parse().ok()?;
    let fen = fields.next()?;
    let mut pos = Position::from_fen(fen).ok()?;
    let ply = 2 * (shakmaty::Position::fullmoves(pos.board()).get() as usize - 1)
        + usize::from(pos.turn() == Color::Black)
        + 2;
    for text in fields.next()?.split_whitespace() {
        pos.play(pos.parse_move(text).ok()?);
    }
    let played = pos.parse_move(fields.next()?).ok()?;
    let mut moves = Vec::new();
    let mut verdicts = Vec::new();
    for item in fields.next()?.split_whitespace() {
        let mut parts = item.split(':');
        let m = parts.next()?.parse::<UciMove>().ok()?.to_move(pos.board()).ok()?;
        let mut v = [0; SCORING_DEPTHS.len()];
        for slot in &mut v {
            *slot = parts.next()?.parse().ok()?;
        }
        moves.push(m);
        verdicts.push(v);
    }
    let played = moves.iter().position(|&m| m == played)?;
    scoring::as_scored(&mut verdicts);
    Some(Sample { rating, ply, played, inputs: human::inputs(&pos, &moves, &verdicts), game })
}

/// A position's game changes where its FEN two plies before does not follow on: close
/// enough to keep whole games on one side of the validation split.
fn load(data: &[PathBuf]) -> Vec<Sample> {
    let mut samples = Vec::new();
    let mut game = 0;
    let mut last_rating = String::new();
    for path in data {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        for line in text.lines() {
            let head = line.split('|').next().unwrap_or("");
            let fen_moves = line.split('|').nth(1).and_then(|f| f.split_whitespace().last()).unwrap_or("");
            if fen_moves == "1" || fen_moves == "6" || head != last_rating {
                game += 1;
            }
            last_rating = head.to_string();
            if let Some(s) = parse_sample(line, game) {
                samples.push(s);
            }
        }
    }
    samples
}

/// Where each part of the model lies in the weight vector: the features' weights, their
/// rating slopes, the origin table, the destination table.
const SLOPES: usize = FEATURES;
const ORIGINS: usize = 2 * FEATURES;
const DESTINATIONS: usize = ORIGINS + PIECE_SQUARES;
const WEIGHT_COUNT: usize = DESTINATIONS + PIECE_SQUARES;

fn rating_term(s: &Sample) -> f64 {
    (s.rating - human::RATING_CENTRE) / human::RATING_SPAN
}

/// The model's chances of each move of a sample.
fn chances(s: &Sample, w: &[f64], temperature: f64) -> Vec<f64> {
    let r = rating_term(s);
    let logits: Vec<f64> = s
        .inputs
        .iter()
        .map(|x| {
            let features: f64 =
                x.features.iter().enumerate().map(|(k, &v)| f64::from(v) * (w[k] + w[SLOPES + k] * r)).sum();
            features + w[ORIGINS + usize::from(x.origin)] + w[DESTINATIONS + usize::from(x.destination)]
        })
        .collect();
    human::probabilities(&logits, temperature)
}

/// Mean negative log-likelihood and its gradient over the samples.
fn gradient(samples: &[&Sample], w: &[f64], threads: usize) -> (f64, Vec<f64>) {
    let chunk = samples.len().div_ceil(threads.max(1)).max(1);
    let parts: Vec<(f64, Vec<f64>)> = std::thread::scope(|s| {
        let handles: Vec<_> = samples
            .chunks(chunk)
            .map(|part| {
                s.spawn(move || {
                    let mut g = vec![0.0; WEIGHT_COUNT];
                    let mut nll = 0.0;
                    for s in part {
                        let p = chances(s, w, 1.0);
                        nll -= p[s.played].max(1e-12).ln();
                        let r = rating_term(s);
                        for (i, x) in s.inputs.iter().enumerate() {
                            let coefficient = p[i] - if i == s.played { 1.0 } else { 0.0 };
                            for (k, &v) in x.features.iter().enumerate() {
                                let d = coefficient * f64::from(v);
                                g[k] += d;
                                g[SLOPES + k] += d * r;
                            }
                            g[ORIGINS + usize::from(x.origin)] += coefficient;
                            g[DESTINATIONS + usize::from(x.destination)] += coefficient;
                        }
                    }
                    (nll, g)
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().expect("gradient thread")).collect()
    });
    let n = samples.len().max(1) as f64;
    let mut total = vec![0.0; WEIGHT_COUNT];
    let mut nll = 0.0;
    for (part_nll, g) in parts {
        nll += part_nll;
        total.iter_mut().zip(g).for_each(|(t, g)| *t += g);
    }
    (nll / n, total.into_iter().map(|g| g / n).collect())
}

fn bin_of(rating: f64) -> usize {
    BINS.iter().rposition(|&b| rating >= f64::from(b)).unwrap_or(0)
}

/// Per rating bin: positions, how often the most likely move is the one played, the mean
/// chance given to it, and the same sampled at lower temperatures.
fn report(name: &str, samples: &[&Sample], w: &[f64]) {
    const TEMPERATURES: [f64; 3] = [1.0, 0.5, 0.25];
    println!("{name}: bin, positions, top-1, expected match at temperature {TEMPERATURES:?}");
    let mut rows = vec![(0usize, 0usize, [0.0f64; 3]); BINS.len()];
    let mut engine = vec![0.0f64; BINS.len()];
    for s in samples {
        // The engine's deepest best move (ties shared) as the prediction, for comparison.
        let best: Vec<usize> = (0..s.inputs.len()).filter(|&i| s.inputs[i].get(Feature::best_8) == 1.0).collect();
        if best.contains(&s.played) {
            engine[bin_of(s.rating)] += 1.0 / best.len() as f64;
        }
        let row = &mut rows[bin_of(s.rating)];
        let p = chances(s, w, 1.0);
        let top = (0..p.len()).max_by(|&a, &b| p[a].total_cmp(&p[b])).unwrap_or(0);
        row.0 += 1;
        row.1 += usize::from(top == s.played);
        for (t, &temperature) in TEMPERATURES.iter().enumerate() {
            row.2[t] += chances(s, w, temperature)[s.played];
        }
    }
    for (b, (n, top, expected)) in rows.iter().enumerate() {
        let n1 = (*n).max(1) as f64;
        println!(
            "  {:>5}+ {n:>6}  engine {:5.1} %  top-1 {:5.1} %  expected {:5.1} / {:5.1} / {:5.1} %",
            BINS[b],
            100.0 * engine[b] / n1,
            100.0 * *top as f64 / n1,
            100.0 * expected[0] / n1,
            100.0 * expected[1] / n1,
            100.0 * expected[2] / n1
        );
    }
}

fn weights_block(w: &[f64]) -> String {
    let named = |values: &[f64]| {
        let mut out = String::new();
        for (name, v) in FEATURE_NAMES.iter().zip(values) {
            let _ = writeln!(out, "    {v:.4}, // {name}");
        }
        out
    };
    let table = |values: &[f64]| {
        let mut out = String::new();
        for (role, board) in ["pawn", "knight", "bishop", "rook", "queen", "king"].iter().zip(values.chunks(64)) {
            let _ = writeln!(out, "    // {role}, a1..h8");
            for rank in board.chunks(8) {
                let items: Vec<String> = rank.iter().map(|v| format!("{v:.3},")).collect();
                let _ = writeln!(out, "    {}", items.join(" "));
            }
        }
        out
    };
    let mut out = String::from("// BEGIN WEIGHTS (tuning/humanfit.rs rewrites this block)\n");
    let mut array = |doc: &str, name: &str, size: &str, body: String| {
        let _ = write!(out, "/// {doc}\n#[rustfmt::skip]\npub const {name}: [f64; {size}] = [\n{body}];\n");
    };
    array("Each feature's weight at the centre rating.", "WEIGHTS", "FEATURES", named(&w[..SLOPES]));
    array("How much each weight changes per rating span.", "RATING_SLOPE", "FEATURES", named(&w[SLOPES..ORIGINS]));
    array(
        "The preference for a piece of each kind leaving each square (mover's side).",
        "ORIGIN",
        "PIECE_SQUARES",
        table(&w[ORIGINS..DESTINATIONS]),
    );
    array(
        "The preference for a piece of each kind going to each square (mover's side).",
        "DESTINATION",
        "PIECE_SQUARES",
        table(&w[DESTINATIONS..]),
    );
    out.push_str("// END WEIGHTS\n");
    out
}

#[allow(clippy::too_many_arguments)]
fn fit(
    data: &[PathBuf],
    epochs: usize,
    rate: f64,
    l2: f64,
    threads: usize,
    write: bool,
    report_on: &[PathBuf],
    ratings: Option<Vec<f64>>,
) {
    let mut samples = load(data);
    if let Some(range) = ratings {
        samples.retain(|s| (range[0]..range[1]).contains(&s.rating));
    }
    let held_out = |s: &Sample| s.game.is_multiple_of(VALIDATION_EVERY);
    let train: Vec<&Sample> = samples.iter().filter(|s| !held_out(s)).collect();
    let validation: Vec<&Sample> = samples.iter().filter(|s| held_out(s)).collect();
    println!("{} positions: {} to fit, {} held out", samples.len(), train.len(), validation.len());
    let mut w = vec![0.0; WEIGHT_COUNT];
    let (mut m, mut v) = (vec![0.0; w.len()], vec![0.0; w.len()]);
    for epoch in 1..=epochs {
        let step = rate * 0.1f64.powf(epoch as f64 / epochs as f64);
        let (nll, g) = gradient(&train, &w, threads);
        for i in 0..w.len() {
            let g = g[i] + l2 * w[i];
            m[i] = BETA1 * m[i] + (1.0 - BETA1) * g;
            v[i] = BETA2 * v[i] + (1.0 - BETA2) * g * g;
            let m_hat = m[i] / (1.0 - BETA1.powi(epoch as i32));
            let v_hat = v[i] / (1.0 - BETA2.powi(epoch as i32));
            w[i] -= step * m_hat / (v_hat.sqrt() + 1e-12);
        }
        if epoch.is_multiple_of(50) || epoch == epochs {
            let (held, _) = gradient(&validation, &w, threads);
            println!("epoch {epoch:>5}: train {nll:.4}, validation {held:.4}");
        }
    }
    report("fitted", &train, &w);
    report("held out", &validation, &w);
    if !report_on.is_empty() {
        let mut other = load(report_on);
        other.retain(|s| s.ply >= 10);
        report("other file, from ply 10", &other.iter().collect::<Vec<_>>(), &w);
    }
    println!("feature                weight   per {} rating", human::RATING_SPAN);
    for (k, name) in FEATURE_NAMES.iter().enumerate() {
        println!("  {name:<20} {:>8.3} {:>8.3}", w[k], w[SLOPES + k]);
    }
    if write {
        let source = std::fs::read_to_string(WEIGHTS_RS).expect("read human_weights.rs");
        let begin = source.find("// BEGIN WEIGHTS").expect("BEGIN WEIGHTS marker");
        let end = source.find("// END WEIGHTS\n").expect("END WEIGHTS marker") + "// END WEIGHTS\n".len();
        let updated = format!("{}{}{}", &source[..begin], weights_block(&w), &source[end..]);
        std::fs::write(WEIGHTS_RS, updated).expect("write human_weights.rs");
        println!("wrote {WEIGHTS_RS}");
    }
}

/// A blunder on lichess's scale, here judged by the deepest verdict.
const BLUNDER: f32 = 0.3;

/// The players nearest a level's Elo: the bins of the measure (1400-1799 together).
fn nearest_players(elo: u32) -> (u32, u32) {
    match elo {
        0..1200 => (0, 1200),
        1200..1400 => (1200, 1400),
        1400..1800 => (1400, 1800),
        1800..2000 => (1800, 2000),
        _ => (2000, u32::MAX),
    }
}

/// Per bin: positions, the persona's expected match and blunder share, the humans' blunder
/// share; and over the bins nearest `elo`, also its expected loss by the deepest verdict
/// (a guide to the strength it gives away, not a measure: at equal loss a persona that
/// blunders more plays weaker, tuning/README *Fourth round*).
fn simulate(name: &str, elo: u32, persona: &Persona, samples: &[Sample]) {
    let mut rows = vec![[0.0f64; 5]; BINS.len()];
    let mut near = [0.0f64; 5];
    let (lo, hi) = nearest_players(elo);
    for s in samples {
        let chances = move_chances(&s.inputs, persona);
        let deep_loss = |i: usize| s.inputs[i].get(Feature::loss_8);
        let blunders: f64 = (0..chances.len()).filter(|&i| deep_loss(i) >= BLUNDER).map(|i| chances[i]).sum();
        let loss: f64 = (0..chances.len()).map(|i| chances[i] * f64::from(deep_loss(i))).sum();
        let human_blunder = f64::from(u8::from(deep_loss(s.played) >= BLUNDER));
        let figures = [1.0, chances[s.played], blunders, human_blunder, loss];
        let row = &mut rows[bin_of(s.rating)];
        row.iter_mut().zip(figures).for_each(|(sum, x)| *sum += x);
        if (f64::from(lo)..f64::from(hi)).contains(&s.rating) {
            near.iter_mut().zip(figures).for_each(|(sum, x)| *sum += x);
        }
    }
    let pct = |row: &[f64; 5], k: usize| 100.0 * row[k] / row[0].max(1.0);
    let cells: Vec<String> = rows.iter().map(|r| format!("{:4.1}/{:4.1}", pct(r, 1), pct(r, 2))).collect();
    println!(
        "{name:<9} {:>4} {:>3}% +{:<3} {:>3}% {:>3}% | nearest {:4.1} % match, {:4.1} % blunders (humans {:4.1} %), loss {:.4} | {}",
        persona.rating,
        persona.error_pct,
        persona.blunder_bonus,
        persona.temperature_pct,
        persona.max_loss_pct,
        pct(&near, 1),
        pct(&near, 2),
        pct(&near, 3),
        near[4] / near[0].max(1.0),
        cells.join("  ")
    );
}

fn levels(data: &[PathBuf], min_ply: usize, persona: Option<Vec<u32>>, elo: Option<u32>) {
    let mut samples = load(data);
    samples.retain(|s| s.ply >= min_ply);
    println!("{} positions; per bin {BINS:?}: match % / blunder %", samples.len());
    match persona {
        Some(p) => {
            let persona = Persona {
                rating: p[0],
                error_pct: p[1],
                blunder_bonus: p[2],
                temperature_pct: p[3],
                max_loss_pct: p[4],
                check_cp: 0,
                slip_cp: 0,
            };
            simulate("given", elo.unwrap_or(p[0]), &persona, &samples);
        }
        None => LEVELS.iter().for_each(|level| simulate(level.name, level.elo, &level.persona, &samples)),
    }
    let mut humans = vec![[0.0f64; 2]; BINS.len()];
    for s in &samples {
        let row = &mut humans[bin_of(s.rating)];
        row[0] += 1.0;
        row[1] += f64::from(u8::from(s.inputs[s.played].get(Feature::loss_8) >= BLUNDER));
    }
    let cells: Vec<String> = humans.iter().map(|r| format!("{:4.1}", 100.0 * r[1] / r[0].max(1.0))).collect();
    println!("humans' blunders per bin: {}", cells.join("  "));
}

fn explain(fen: &str, moves: &[String], level: Option<&str>) {
    let mut pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{e}"));
    for m in moves {
        pos.play(pos.parse_move(m).unwrap_or_else(|e| panic!("{e}")));
    }
    let (legal, verdicts) = MoveScorer::default().score(&pos);
    let inputs = human::inputs(&pos, &legal, &verdicts);
    for level in LEVELS.iter().filter(|l| level.is_none_or(|name| name.eq_ignore_ascii_case(l.name))) {
        let chances = move_chances(&inputs, &level.persona);
        let mut order: Vec<usize> = (0..legal.len()).collect();
        order.sort_by(|&a, &b| chances[b].total_cmp(&chances[a]));
        println!("{} (rating {}):", level.name, level.persona.rating);
        for &i in order.iter().take(8) {
            let logit = human::logit(&inputs[i], f64::from(level.persona.rating));
            println!(
                "  {:<6} {:5.1} %  logit {logit:6.2}  verdicts {:?}  loss_8 {:.2}",
                uci(legal[i]),
                100.0 * chances[i],
                verdicts[i],
                inputs[i].get(Feature::loss_8)
            );
        }
    }
}

fn main() {
    match Args::parse().command {
        Command::Extract { games, out, min_ply, every, limit, threads } => {
            extract(&games, &out, min_ply, every, limit, threads)
        }
        Command::Fit { data, epochs, rate, l2, threads, write, report, ratings } => {
            fit(&data, epochs, rate, l2, threads, write, &report, ratings)
        }
        Command::Levels { data, min_ply, persona, elo } => levels(&data, min_ply, persona, elo),
        Command::Explain { fen, moves, level } => explain(&fen, &moves, level.as_deref()),
    }
}
