//! The command line of `rokade TOOL ...`: the tools' names and arguments, declared once as
//! clap subcommands, and what each one runs. With no arguments rokade speaks UCI, and any
//! arguments that do not start with a tool's name are UCI commands (`src/main.rs`).

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use clap::{CommandFactory, Parser, Subcommand};

use crate::position::{Position, move_to_uci};
use crate::search::{MAX_HASH_MB, MAX_THREADS};

/// Depth per position when `analyse` is given no limit.
const ANALYSIS_DEPTH: i32 = 12;

#[derive(Parser)]
#[command(name = "rokade", version, about = "rokade, a UCI chess engine. Run without arguments to speak UCI.")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Search the bench positions to a fixed depth; the last line is `<nodes> nodes <nps> nps`.
    Bench {
        #[arg(default_value_t = super::bench::DEFAULT_DEPTH)]
        depth: i32,
    },
    /// Analyse the games of a PGN file: evaluations, best moves, mistakes, accuracy.
    Analyse {
        /// The PGN file (several games, standard or FEN starts).
        pgn: std::path::PathBuf,
        /// Search depth per position (the default, 12, unless --movetime or --nodes is given).
        #[arg(long)]
        depth: Option<i32>,
        /// Milliseconds per position.
        #[arg(long)]
        movetime: Option<u64>,
        /// Nodes per position (machine-independent results).
        #[arg(long)]
        nodes: Option<u64>,
        /// Search threads (default: every core).
        #[arg(long)]
        threads: Option<usize>,
        /// Hash table size in MiB.
        #[arg(long, default_value_t = 64)]
        hash: usize,
        /// Write the full report as JSON to this file (`-`: stdout, instead of the table).
        #[arg(long)]
        json: Option<std::path::PathBuf>,
        /// Draw the evaluation graph to this SVG file (more games: NAME-2.svg, ...).
        #[arg(long)]
        svg: Option<std::path::PathBuf>,
        /// Syzygy tablebase folders, separated as in `SyzygyPath`.
        #[arg(long)]
        syzygy: Option<String>,
    },
    /// The search parameters in the SPSA form OpenBench reads: name, int, value, min, max, c_end, r_end.
    Spsa,
    /// The strength levels and their parameters; --signature adds how each one plays.
    Levels {
        /// Only these levels (Beginner Easy Medium Hard Expert Master); all when none given.
        names: Vec<String>,
        /// Also play each level in half the bench positions and print a hash of its moves and nodes.
        #[arg(long)]
        signature: bool,
        /// One JSON array of the levels' rows, for scripts (tuning/): the one place they read them.
        #[arg(long)]
        json: bool,
    },
    /// Self-play games at fixed nodes, written as positions for the evaluation tuner (tuning/).
    Datagen {
        /// Games to play.
        #[arg(long, default_value_t = 1000)]
        games: usize,
        /// Nodes searched per move.
        #[arg(long, default_value_t = 6000)]
        nodes: u64,
        /// Seed of the openings and of the positions kept: the same seed gives the same file.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Openings (EPD or FEN, one a line), each followed by two or three random moves;
        /// without it, the start position and eight or nine random moves.
        #[arg(long)]
        book: Option<std::path::PathBuf>,
        /// Games played at once, one search thread each (default: every core).
        #[arg(long)]
        threads: Option<usize>,
        /// Positions kept from each game, at most.
        #[arg(long, default_value_t = 24)]
        per_game: usize,
        /// The output file.
        #[arg(long)]
        out: std::path::PathBuf,
    },
    /// The opening book: build rokade's own, or list a position's book moves.
    Book {
        #[command(subcommand)]
        action: BookAction,
    },
    /// Puzzles from real games: find them, rate them, pick the day's (README *Puzzles*).
    Puzzles {
        #[command(subcommand)]
        action: PuzzlesAction,
    },
    /// Development: random and damaged UCI input to the engine's own controller, in
    /// process; counts panics, hangs and wrong answers (exit status 1 if any).
    Fuzz {
        /// Input lines to send.
        #[arg(long, default_value_t = 100_000)]
        lines: u64,
        /// Seed of the input: the same seed sends the same lines.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Lines between two checks that the engine still answers.
        #[arg(long, default_value_t = 50)]
        batch: usize,
        /// Seconds a check may take before it counts as a hang.
        #[arg(long, default_value_t = 30)]
        hang_seconds: u64,
        /// Write the batch of each finding to DIR/finding-K.uci, to replay with `rokade < FILE`.
        #[arg(long)]
        save: Option<std::path::PathBuf>,
        /// Engines fuzzed at once, each with its own input.
        #[arg(long, default_value_t = 1)]
        jobs: usize,
        /// Stop after this many minutes even if fewer lines were sent.
        #[arg(long)]
        minutes: Option<f64>,
        /// Only print the input lines (of the first job) (what `rokade < FILE` would then be fed), run nothing.
        #[arg(long)]
        print: bool,
    },
    /// Development: time from `stop` to `bestmove` after `go infinite` searches of random length.
    Stoplatency {
        /// Searches per thread count.
        #[arg(long, default_value_t = 1000)]
        searches: usize,
        /// Thread counts to measure.
        #[arg(long, num_args = 1.., default_values_t = [1, 4])]
        threads: Vec<usize>,
        /// The engine to measure (default: this rokade).
        #[arg(long)]
        engine: Option<std::path::PathBuf>,
    },
    /// Count the leaves of the legal move tree, per root move.
    Perft {
        depth: u32,
        /// A FEN (quote it); the start position when omitted.
        fen: Option<String>,
    },
}

#[derive(Subcommand)]
enum BookAction {
    /// Build a Polyglot book from the start position with rokade's own search (openings/README.md).
    Build {
        /// The book file to write.
        #[arg(long)]
        out: std::path::PathBuf,
        /// The named lines always kept (`Name: moves` a row).
        #[arg(long, default_value = "openings/lines.txt")]
        lines: std::path::PathBuf,
        /// Positions to expand, at most.
        #[arg(long, default_value_t = 4000)]
        positions: usize,
        /// No position deeper than this many plies gets book moves.
        #[arg(long, default_value_t = 24)]
        depth: usize,
        /// Nodes searched per position (one thread: the same settings give the same book).
        #[arg(long, default_value_t = 30_000)]
        nodes: u64,
        /// Moves per position, at most (the named lines' moves come on top).
        #[arg(long, default_value_t = 4)]
        moves: usize,
        /// Moves scoring more than this many centipawns below the best are left out.
        #[arg(long, default_value_t = 40)]
        margin: i32,
        /// A move this many centipawns below the best gets 1/e of the best move's weight.
        #[arg(long, default_value_t = 20)]
        temperature: i32,
    },
    /// List the book moves of a position, with their weights and chances.
    Probe {
        /// A FEN (quote it); the start position when omitted.
        fen: Option<String>,
        /// A Polyglot book; the built-in one when omitted.
        #[arg(long)]
        file: Option<std::path::PathBuf>,
    },
}

#[derive(Subcommand)]
enum PuzzlesAction {
    /// Scan games (PGN or one game a line) for mates in 1-3 and tactics; write them as JSON.
    Find {
        /// Game files: PGN, or the one-line format `1500 - 1480 - 600+0 - 1. e4 e5 ... 1-0`.
        #[arg(required = true)]
        games: Vec<std::path::PathBuf>,
        /// The puzzle file to write.
        #[arg(long)]
        out: std::path::PathBuf,
        /// Games scanned at once, one search thread each (default: every core).
        #[arg(long)]
        threads: Option<usize>,
        /// Depth at which every move of a tactic is verified.
        #[arg(long, default_value_t = crate::puzzles::find::DEEP_DEPTH)]
        depth: i32,
    },
    /// Rate the puzzles of a file by each strength level's chance of solving them.
    Rate {
        /// The puzzle file (default: the built-in collection).
        #[arg(long)]
        file: Option<std::path::PathBuf>,
        /// Where to write the rated puzzles (default: over --file).
        #[arg(long)]
        out: Option<std::path::PathBuf>,
        /// Puzzles rated at once, one search thread each (default: every core).
        #[arg(long)]
        threads: Option<usize>,
    },
    /// The puzzle of a date as JSON: the same for everyone on the same date.
    Daily {
        /// The date, YYYY-MM-DD (default: today, UTC).
        #[arg(long)]
        date: Option<String>,
        /// A puzzle file instead of the built-in collection.
        #[arg(long)]
        file: Option<std::path::PathBuf>,
    },
}

/// What clap answers by itself besides the subcommands.
const CLAP_ARGUMENTS: [&str; 5] = ["help", "-h", "--help", "-V", "--version"];

/// Whether a first argument names a tool (or asks for help or the version).
pub fn is_tool(first: &str) -> bool {
    CLAP_ARGUMENTS.contains(&first) || Cli::command().get_subcommands().any(|tool| tool.get_name() == first)
}

/// Parses the command line as a tool's and runs it.
pub fn run() -> ExitCode {
    match Cli::parse().command {
        Command::Bench { depth } => super::bench::print(depth.clamp(1, super::bench::MAX_DEPTH)),
        Command::Analyse { pgn, depth, movetime, nodes, threads, hash, json, svg, syzygy } => {
            let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
            let settings = crate::analysis::Settings {
                depth: depth.or((movetime.is_none() && nodes.is_none()).then_some(ANALYSIS_DEPTH)),
                movetime_ms: movetime,
                nodes,
                threads: threads.unwrap_or(cores).clamp(1, MAX_THREADS),
                hash_mb: hash.clamp(1, MAX_HASH_MB),
            };
            let outputs = crate::analysis::Outputs { json, svg };
            if let Err(e) = crate::analysis::run(&pgn, settings, &outputs, syzygy.as_deref()) {
                eprintln!("rokade analyse: {e}");
                return ExitCode::FAILURE;
            }
        }
        Command::Spsa => print!("{}", crate::search::params::spsa_listing()),
        Command::Levels { names, signature, json } => super::levels::print(&names, signature, json),
        Command::Datagen { games, nodes, seed, book, threads, per_game, out } => {
            let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
            let threads = threads.unwrap_or(cores).clamp(1, MAX_THREADS);
            let settings = super::datagen::Settings { games, nodes, seed, book, threads, per_game, out };
            match super::datagen::run(&settings) {
                Ok((games, positions)) => eprintln!("{games} games, {positions} positions"),
                Err(e) => {
                    eprintln!("rokade datagen: {e}");
                    return ExitCode::FAILURE;
                }
            }
        }
        Command::Book { action } => {
            if let Err(e) = book(action) {
                eprintln!("rokade book: {e}");
                return ExitCode::FAILURE;
            }
        }
        Command::Puzzles { action } => {
            if let Err(e) = puzzles(action) {
                eprintln!("rokade puzzles: {e}");
                return ExitCode::FAILURE;
            }
        }
        Command::Fuzz { lines, seed, batch, hang_seconds, save, jobs, minutes, print } => {
            let hang_after = std::time::Duration::from_secs(hang_seconds);
            let batch = batch.max(1);
            let time_limit = minutes.map(|m| std::time::Duration::from_secs_f64(m.max(0.0) * 60.0));
            let settings = super::fuzz::Settings { lines, seed, batch, hang_after, jobs, time_limit, progress: true };
            if print {
                let mut out = std::io::stdout().lock();
                for line in super::fuzz::input(&settings).flatten() {
                    if out.write_all(&line).and_then(|()| out.write_all(b"\n")).is_err() {
                        break;
                    }
                }
                return ExitCode::SUCCESS;
            }
            match super::fuzz::run(&settings) {
                Ok(report) => {
                    for (k, finding) in report.findings.iter().enumerate() {
                        println!("{:?}: {}", finding.kind, finding.detail);
                        finding.last_lines().iter().for_each(|line| println!("    {line:?}"));
                        if let Some(dir) = &save {
                            let path = dir.join(format!("finding-{}.uci", k + 1));
                            if let Err(e) = std::fs::write(&path, finding.replay_input()) {
                                eprintln!("rokade fuzz: {}: {e}", path.display());
                            }
                        }
                    }
                    println!("{}", report.summary());
                    if !report.findings.is_empty() {
                        return ExitCode::FAILURE;
                    }
                }
                Err(e) => {
                    eprintln!("rokade fuzz: {e}");
                    return ExitCode::FAILURE;
                }
            }
        }
        Command::Stoplatency { searches, threads, engine } => {
            let engine = match engine.map_or_else(std::env::current_exe, Ok) {
                Ok(path) => path,
                Err(e) => {
                    eprintln!("rokade stoplatency: {e}");
                    return ExitCode::FAILURE;
                }
            };
            match super::stoplatency::run(&engine, searches.max(1), &threads) {
                Ok(results) => results.iter().for_each(|r| println!("{}", r.summary())),
                Err(e) => {
                    eprintln!("rokade stoplatency: {e}");
                    return ExitCode::FAILURE;
                }
            }
        }
        Command::Perft { depth, fen } => {
            let pos = match fen.as_deref().map(Position::from_fen).unwrap_or_else(|| Ok(Position::default())) {
                Ok(pos) => pos,
                Err(e) => {
                    eprintln!("rokade perft: {e}");
                    return ExitCode::FAILURE;
                }
            };
            let start = Instant::now();
            let mut total = 0;
            for (m, count) in super::perft::divide(pos.board(), depth) {
                println!("{}: {count}", move_to_uci(m, false));
                total += count;
            }
            let seconds = start.elapsed().as_secs_f64();
            println!();
            println!("Nodes searched: {total}");
            eprintln!("{:.3} s, {:.0} nodes per second", seconds, total as f64 / seconds.max(1e-9));
        }
    }
    ExitCode::SUCCESS
}

fn puzzles(action: PuzzlesAction) -> Result<(), String> {
    let cores = || std::thread::available_parallelism().map_or(1, |n| n.get());
    match action {
        PuzzlesAction::Find { games, out, threads, depth } => {
            let threads = threads.unwrap_or_else(cores).clamp(1, MAX_THREADS);
            let deep_depth = depth.clamp(1, crate::search::MAX_PLY as i32 - 1);
            crate::puzzles::find::run(&crate::puzzles::find::Settings { inputs: games, out, threads, deep_depth })?;
        }
        PuzzlesAction::Rate { file, out, threads } => {
            let out = out.or_else(|| file.clone()).ok_or("rate: give --out to rate the built-in collection")?;
            let threads = threads.unwrap_or_else(cores).clamp(1, MAX_THREADS);
            let settings = crate::puzzles::rating::Settings { file, out, threads };
            let rated = crate::puzzles::rating::run(&settings)?;
            eprintln!("{} puzzles rated, written to {}", rated.puzzles.len(), settings.out.display());
        }
        PuzzlesAction::Daily { date, file } => {
            let date = date
                .as_deref()
                .map_or_else(|| Ok(crate::puzzles::daily::today()), crate::puzzles::daily::parse_date)?;
            let collection = crate::puzzles::Collection::load(file.as_deref())?;
            let daily = crate::puzzles::daily::for_date(&collection, date)?;
            println!("{}", serde_json::to_string_pretty(&daily).map_err(|e| e.to_string())?);
        }
    }
    Ok(())
}

fn book(action: BookAction) -> Result<(), String> {
    match action {
        BookAction::Build { out, lines, positions, depth, nodes, moves, margin, temperature } => {
            let settings = crate::book::build::Settings {
                out,
                lines,
                positions,
                max_plies: depth,
                nodes,
                moves_per_position: moves.max(1),
                margin_cp: margin.max(0),
                temperature_cp: temperature.max(1),
            };
            let start = Instant::now();
            let summary = crate::book::build::run(&settings)?;
            eprintln!(
                "{} positions, {} entries, {} bytes, deepest ply {}, {:.0} s",
                summary.positions,
                summary.entries,
                summary.bytes,
                summary.deepest_ply,
                start.elapsed().as_secs_f64()
            );
        }
        BookAction::Probe { fen, file } => {
            let pos = fen.as_deref().map(Position::from_fen).unwrap_or_else(|| Ok(Position::default()))?;
            let book = match file {
                Some(path) => crate::book::Book::from_file(&path)?,
                None => crate::book::Book::builtin()?,
            };
            let moves = book.moves(&pos);
            let chances = crate::book::choice::chances(&moves, crate::book::choice::PROPORTIONAL);
            for (m, chance) in moves.iter().zip(chances) {
                println!("{} weight {} chance {:.1} %", move_to_uci(m.mv, false), m.weight, 100.0 * chance);
            }
            println!("{} book moves, key {:016x}", moves.len(), crate::book::polyglot::key(pos.board()));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tools_are_the_subcommands_and_anything_else_is_uci() {
        for tool in [
            "bench",
            "analyse",
            "spsa",
            "levels",
            "datagen",
            "book",
            "puzzles",
            "fuzz",
            "stoplatency",
            "perft",
            "--help",
        ] {
            assert!(is_tool(tool), "{tool}");
        }
        for command in ["uci", "setoption name Hash value 16", "go", "quit", "Bench"] {
            assert!(!is_tool(command), "{command}");
        }
    }
}
