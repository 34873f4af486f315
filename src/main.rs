//! With no arguments rokade speaks UCI on stdin/stdout (GUIs and match runners start it
//! that way); with arguments it runs a tool.

use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand};
use rokade::position::{Position, move_to_uci};

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
        #[arg(default_value_t = rokade::bench::DEFAULT_DEPTH)]
        depth: i32,
    },
    /// Count the leaves of the legal move tree, per root move.
    Perft {
        depth: u32,
        /// A FEN (quote it); the start position when omitted.
        fen: Option<String>,
    },
}

fn main() -> ExitCode {
    if std::env::args().len() <= 1 {
        rokade::uci::run();
        return ExitCode::SUCCESS;
    }
    match Cli::parse().command {
        Command::Bench { depth } => rokade::bench::print(depth.clamp(1, 64)),
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
            for (m, count) in rokade::perft::divide(pos.board(), depth) {
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
