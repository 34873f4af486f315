//! With no arguments rokade speaks UCI on stdin/stdout (GUIs and match runners start it
//! that way); with a tool's name it runs the tool (`src/tools/cli.rs`); any other arguments
//! are UCI commands run before stdin is read.

use std::process::ExitCode;

use rokade::tools::cli;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().is_some_and(|first| cli::is_tool(first)) {
        return cli::run();
    }
    rokade::uci::run(args);
    ExitCode::SUCCESS
}
