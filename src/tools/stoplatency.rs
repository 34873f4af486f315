//! `rokade stoplatency`: how fast `stop` gives `bestmove`, as a GUI sees it. It runs the
//! engine as a child process over pipes, starts `go infinite`, waits a random few
//! milliseconds up to `MAX_WAIT_MS`, sends `stop` and times the `bestmove`, over many searches
//! of the bench positions; then prints the median, the 99th percentile and the worst.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use crossbeam_channel::{Receiver, unbounded};
use indicatif::{ProgressBar, ProgressStyle};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

use crate::search::DEFAULT_HASH_MB;

/// The wait between `go infinite` and `stop` is drawn from this range (ms).
const MIN_WAIT_MS: u64 = 2;
const MAX_WAIT_MS: u64 = 100;
/// An answer slower than this is no latency but a hang.
const PATIENCE: Duration = Duration::from_secs(30);
/// Fixed, so that two runs search the same positions for the same times.
const SEED: u64 = 1;

/// Latencies of one thread count, in milliseconds, sorted.
pub struct Latencies {
    pub threads: usize,
    pub sorted_ms: Vec<f64>,
}

impl Latencies {
    fn percentile(&self, p: f64) -> f64 {
        let last = self.sorted_ms.len() - 1;
        self.sorted_ms[((last as f64) * p).round() as usize]
    }

    pub fn summary(&self) -> String {
        format!(
            "Threads {:>3}: {} searches, stop to bestmove median {:.2} ms, p99 {:.2} ms, worst {:.2} ms",
            self.threads,
            self.sorted_ms.len(),
            self.percentile(0.5),
            self.percentile(0.99),
            self.sorted_ms.last().copied().unwrap_or(0.0)
        )
    }
}

struct EngineProcess {
    child: Child,
    stdin: ChildStdin,
    /// Lines from the engine, stamped when they were read.
    lines: Receiver<(Instant, String)>,
}

impl EngineProcess {
    fn start(engine: &Path) -> Result<EngineProcess, String> {
        let mut child = Command::new(engine)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("start {}: {e}", engine.display()))?;
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let (tx, rx) = unbounded();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { return };
                if tx.send((Instant::now(), line)).is_err() {
                    return;
                }
            }
        });
        Ok(EngineProcess { child, stdin, lines: rx })
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.stdin, "{line}").and_then(|()| self.stdin.flush()).map_err(|e| format!("write to engine: {e}"))
    }

    /// The time at which the first line starting with `prefix` arrived.
    fn wait_for(&self, prefix: &str) -> Result<Instant, String> {
        let deadline = Instant::now() + PATIENCE;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let (at, line) = self.lines.recv_timeout(left).map_err(|_| format!("no '{prefix}' within {PATIENCE:?}"))?;
            if line.starts_with(prefix) {
                return Ok(at);
            }
        }
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Measures `searches` stops at each thread count with the engine at `engine`.
pub fn run(engine: &Path, searches: usize, thread_counts: &[usize]) -> Result<Vec<Latencies>, String> {
    thread_counts.iter().map(|&threads| measure(engine, searches, threads)).collect()
}

fn measure(engine: &Path, searches: usize, threads: usize) -> Result<Latencies, String> {
    let mut child = EngineProcess::start(engine)?;
    child.send(&format!("setoption name Threads value {threads}"))?;
    child.send(&format!("setoption name Hash value {DEFAULT_HASH_MB}"))?;
    child.send("isready")?;
    child.wait_for("readyok")?;
    let bar = ProgressBar::new(searches as u64);
    if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} stops at {msg}, {elapsed_precise}") {
        bar.set_style(style);
    }
    bar.set_message(format!("Threads {threads}"));
    let mut rng = StdRng::seed_from_u64(SEED);
    let positions = crate::tools::bench::POSITIONS;
    let mut latencies = Vec::with_capacity(searches);
    for i in 0..searches {
        child.send(&format!("position fen {}", positions[i % positions.len()]))?;
        child.send("go infinite")?;
        thread::sleep(Duration::from_millis(rng.random_range(MIN_WAIT_MS..=MAX_WAIT_MS)));
        let stopped_at = Instant::now();
        child.send("stop")?;
        let answered_at = child.wait_for("bestmove")?;
        latencies.push(answered_at.saturating_duration_since(stopped_at).as_secs_f64() * 1000.0);
        bar.inc(1);
    }
    bar.finish_and_clear();
    latencies.sort_by(f64::total_cmp);
    Ok(Latencies { threads, sorted_ms: latencies })
}
