//! `rokade fuzz`: random and damaged UCI input, fed in batches to the controller the UCI loop
//! runs (see `engine`). After every batch the engine must answer `isready` and, from the start
//! position, `go nodes 1000` with a legal move, each within a deadline; a controller panic, a
//! search that reports an internal error, a missed deadline (a hang) or a wrong answer is a
//! finding, reported with the batch that led to it.

mod engine;
mod generate;
mod mutate;

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::thread;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};
use shakmaty::Chess;
use shakmaty::uci::UciMove;

use engine::{Engine, Event, Missing};
use generate::Generator;

/// What the search says when it caught a panic of its own (`Searcher::start`).
const SEARCH_PANIC_LINE: &str = "info string internal error in the search";
/// The check search after each batch.
const CHECK_GO: &str = "go nodes 1000";
/// Lines of the batch kept in a finding.
const FINDING_LINES: usize = 40;
/// Spreads the jobs' seeds apart (the golden ratio's 64 bits).
const JOB_SEED_STRIDE: u64 = 0x9e37_79b9_7f4a_7c15;
/// How often a run without a progress bar (output not a terminal) prints its running totals.
const TOTALS_EVERY: Duration = Duration::from_secs(60);
/// Panics inside vampirc-uci are expected: the parser catches them (`uci::command`).
const HANDLED_PANIC_SOURCES: &[&str] = &["vampirc", "pest"];

pub struct Settings {
    pub lines: u64,
    pub seed: u64,
    /// Lines per batch between two checks.
    pub batch: usize,
    /// How long a check may take before it counts as a hang.
    pub hang_after: Duration,
    /// Engines fuzzed at once, each with its own input (most of a check is waiting).
    pub jobs: usize,
    /// Stop sending new batches after this long, whatever `lines` says.
    pub time_limit: Option<Duration>,
    pub progress: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FindingKind {
    Panic,
    Hang,
    /// The check after a batch got a wrong answer (no legal `bestmove`).
    WrongAnswer,
}

#[derive(Clone, Debug)]
pub struct Finding {
    pub kind: FindingKind,
    pub detail: String,
    /// The batch that led to it, as sent (each line without its newline).
    pub batch: Vec<Vec<u8>>,
}

#[derive(Debug, Default)]
pub struct Report {
    pub lines: u64,
    pub batches: u64,
    pub quits: u64,
    pub seconds: f64,
    pub findings: Vec<Finding>,
}

impl Report {
    pub fn count(&self, kind: FindingKind) -> usize {
        self.findings.iter().filter(|f| f.kind == kind).count()
    }

    pub fn summary(&self) -> String {
        format!(
            "{} lines in {} batches, {:.0} lines/s: {} panics, {} hangs, {} wrong answers ({} quits restarted)",
            self.lines,
            self.batches,
            self.lines as f64 / self.seconds.max(1e-9),
            self.count(FindingKind::Panic),
            self.count(FindingKind::Hang),
            self.count(FindingKind::WrongAnswer),
            self.quits
        )
    }
}

/// The last panic outside the parser's own, as the panic hook saw it.
static LAST_PANIC: Mutex<Option<String>> = Mutex::new(None);

/// Panics are expected here (the parser's) and counted, not printed over the progress bar.
fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        let text = info.to_string();
        if !HANDLED_PANIC_SOURCES.iter().any(|source| text.contains(source)) {
            *LAST_PANIC.lock().unwrap_or_else(|e| e.into_inner()) = Some(text);
        }
    }));
}

fn last_panic() -> String {
    LAST_PANIC.lock().unwrap_or_else(|e| e.into_inner()).take().unwrap_or_default()
}

/// The input a run with these settings sends, batch by batch (without the checks between
/// batches): to replay a run, or part of it, through `rokade` itself.
pub fn input(settings: &Settings) -> impl Iterator<Item = Vec<Vec<u8>>> {
    let mut generator = Generator::new(job_seed(settings.seed, 0));
    let mut sent = 0;
    std::iter::from_fn(move || {
        (sent < settings.lines).then(|| {
            let batch = next_batch(&mut generator, settings.batch);
            sent += batch.len() as u64;
            batch
        })
    })
}

pub fn run(settings: &Settings) -> Result<Report, String> {
    install_panic_hook();
    let result = fuzz(settings);
    let _ = std::panic::take_hook();
    result
}

fn fuzz(settings: &Settings) -> Result<Report, String> {
    let bar = progress_bar(settings);
    let start = Instant::now();
    let sent = AtomicU64::new(0);
    let report = Mutex::new(Report::default());
    let jobs: Vec<Result<(), String>> = thread::scope(|scope| {
        let handles: Vec<_> = (0..settings.jobs.max(1))
            .map(|job| {
                let (sent, report, bar) = (&sent, &report, &bar);
                scope.spawn(move || fuzz_job(job, settings, (sent, start), report, bar))
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap_or_else(|_| Err("a fuzz job panicked".into()))).collect()
    });
    bar.finish_and_clear();
    jobs.into_iter().collect::<Result<(), String>>()?;
    let mut report = report.into_inner().unwrap_or_else(|e| e.into_inner());
    report.lines = sent.into_inner();
    report.seconds = start.elapsed().as_secs_f64();
    Ok(report)
}

/// The seed of one job's input: the run's seed for the first job (what `--print` shows).
fn job_seed(seed: u64, job: usize) -> u64 {
    seed.wrapping_add((job as u64).wrapping_mul(JOB_SEED_STRIDE))
}

/// One engine fed batch after batch until the run has sent its lines (counted in `sent`
/// since `start`) or run out of time.
fn fuzz_job(
    job: usize,
    settings: &Settings,
    (sent, start): (&AtomicU64, Instant),
    report: &Mutex<Report>,
    bar: &ProgressBar,
) -> Result<(), String> {
    let mut generator = Generator::new(job_seed(settings.seed, job));
    let mut engine = Engine::start()?;
    let mut batches = 0;
    let mut totals_printed = Instant::now();
    let in_time = || settings.time_limit.is_none_or(|limit| start.elapsed() < limit);
    while sent.load(Ordering::Relaxed) < settings.lines && in_time() {
        let batch = next_batch(&mut generator, settings.batch);
        let lines = sent.fetch_add(batch.len() as u64, Ordering::Relaxed) + batch.len() as u64;
        batches += 1;
        engine.send(&batch);
        let mut quits = 0;
        let findings = check(&mut engine, settings.hang_after, batches, &mut quits);
        let hung = findings.iter().any(|(kind, _)| *kind == FindingKind::Hang);
        let mut report = report.lock().unwrap_or_else(|e| e.into_inner());
        report.batches += 1;
        report.quits += quits;
        for (kind, detail) in findings {
            bar.println(format!("{kind:?}: {detail}"));
            report.findings.push(Finding { kind, detail, batch: batch.clone() });
        }
        bar.set_position(lines.min(settings.lines));
        bar.set_message(format!("{} findings", report.findings.len()));
        if job == 0 && bar.is_hidden() && totals_printed.elapsed() >= TOTALS_EVERY {
            // A long run in the background must show where it is before it ends (or is killed).
            eprintln!("{}", running_totals(lines, &report, start.elapsed()));
            totals_printed = Instant::now();
        }
        drop(report);
        if hung {
            // A hung controller cannot be stopped from outside: leave it and start afresh.
            engine = Engine::start()?;
        }
    }
    Ok(())
}

fn running_totals(lines: u64, report: &Report, elapsed: Duration) -> String {
    let memory = std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            status
                .lines()
                .find(|l| l.starts_with("VmRSS:"))
                .map(|l| l.split_whitespace().skip(1).collect::<Vec<_>>().join(" "))
        })
        .map_or_else(String::new, |rss| format!(", resident {rss}"));
    format!(
        "{:.0} s: {lines} lines, {} batches, {} findings{memory}",
        elapsed.as_secs_f64(),
        report.batches,
        report.findings.len()
    )
}

fn progress_bar(settings: &Settings) -> ProgressBar {
    if !settings.progress {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(settings.lines);
    let style =
        ProgressStyle::with_template("{bar:40} {pos}/{len} lines, {per_sec}, {elapsed_precise} (eta {eta}) {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar
}

fn next_batch(generator: &mut Generator, size: usize) -> Vec<Vec<u8>> {
    let mut batch = Vec::with_capacity(size + 2);
    while batch.len() < size {
        batch.extend(generator.item().into_iter().map(cap_hash));
    }
    batch
}

/// A line that may set `Hash` above `MAX_FUZZ_HASH_MB` (a nasty number, a token or a mutation
/// can make one) is sent with the largest fuzzed size instead: the engines run in one process,
/// and a few tables of gigabytes at once only test the machine's out-of-memory killer (a run
/// of 2026-12-02 was killed at 24 GB after 2M lines).
fn cap_hash(line: Vec<u8>) -> Vec<u8> {
    let text = String::from_utf8_lossy(&line).to_ascii_lowercase();
    let Some(value) = text.find("hash").and_then(|at| text[at..].find("value").map(|v| &text[at + v..])) else {
        return line;
    };
    // A run of digits too long for an i64 is too big as well.
    let too_big = value
        .split(|c: char| !c.is_ascii_digit())
        .any(|digits| !digits.is_empty() && digits.parse::<i64>().ok().is_none_or(|n| n > generate::MAX_FUZZ_HASH_MB));
    if too_big { format!("setoption name Hash value {}", generate::MAX_FUZZ_HASH_MB).into_bytes() } else { line }
}

impl Finding {
    /// The batch's last lines, readable (lossy UTF-8, cut to 200 characters each).
    pub fn last_lines(&self) -> Vec<String> {
        self.batch[self.batch.len().saturating_sub(FINDING_LINES)..]
            .iter()
            .map(|line| String::from_utf8_lossy(line).chars().take(200).collect())
            .collect()
    }

    /// The batch as bytes to feed to `rokade` (one line each), to replay the finding.
    pub fn replay_input(&self) -> Vec<u8> {
        self.batch.iter().flat_map(|line| line.iter().copied().chain([b'\n'])).collect()
    }
}

/// Lines to send, and the answer that completes them.
type Step<'a> = (Vec<String>, Box<dyn Fn(&str) -> bool + 'a>);

/// After a batch: `stop`, then `isready` must give `readyok` and `go nodes 1000` from the
/// start position a legal move. Markers (an unknown option, which the engine names back)
/// separate the answers to the batch from the answers to the check.
fn check(engine: &mut Engine, patience: Duration, batch: u64, quits: &mut u64) -> Vec<(FindingKind, String)> {
    let mut findings = Vec::new();
    let mut watch = |line: &str| {
        if line == SEARCH_PANIC_LINE {
            findings.push((FindingKind::Panic, format!("search: {}", last_panic())));
        }
    };
    let (synced, started) = (format!("fuzz-sync {batch}"), format!("fuzz-go {batch}"));
    let steps: [Step<'_>; 4] = [
        (vec!["stop".into(), format!("setoption name {synced}")], Box::new(|l| l.contains(&format!("'{synced}'")))),
        (vec!["isready".into()], Box::new(|l| l == "readyok")),
        // `position` ends any search still running, whose `bestmove` then comes before the marker.
        (
            vec!["position startpos".into(), format!("setoption name {started}")],
            Box::new(|l| l.contains(&format!("'{started}'"))),
        ),
        (vec![CHECK_GO.into()], Box::new(|l| l.starts_with("bestmove"))),
    ];
    let mut answer = Ok(String::new());
    for (lines, done) in &steps {
        lines.iter().for_each(|line| engine.send_line(line));
        answer = engine.wait_for(patience, done, &mut watch).map_err(|m| (m, lines.join(", ")));
        if answer.is_err() {
            break;
        }
    }
    for event in engine.events() {
        match event {
            Event::Panic(message) => findings.push((FindingKind::Panic, format!("{message} ({})", last_panic()))),
            Event::Quit => *quits += 1,
        }
    }
    match answer {
        Ok(bestmove) if !is_legal_from_start(&bestmove) => {
            findings.push((FindingKind::WrongAnswer, format!("'{bestmove}' after '{CHECK_GO}' from the start")))
        }
        Ok(_) => {}
        Err((Missing::Timeout, waiting)) => {
            findings.push((FindingKind::Hang, format!("no answer to '{waiting}' within {patience:?}")))
        }
        Err((Missing::Gone, waiting)) => findings.push((FindingKind::Panic, format!("engine gone at '{waiting}'"))),
    }
    findings
}

fn is_legal_from_start(bestmove: &str) -> bool {
    let move_text = bestmove.split_whitespace().nth(1).unwrap_or("");
    move_text.parse::<UciMove>().ok().is_some_and(|m| m.to_move(&Chess::default()).is_ok())
}

#[cfg(test)]
mod tests {
    use super::cap_hash;

    #[test]
    fn only_hash_values_above_the_fuzzed_maximum_are_capped() {
        let capped = b"setoption name Hash value 64".to_vec();
        assert_eq!(cap_hash(b"setoption name HASH value 99999".to_vec()), capped);
        assert_eq!(cap_hash(b"setoption name Hash value 123456789012345678901234".to_vec()), capped);
        for kept in [
            "setoption name Hash value 32",
            "setoption name Hash value -7",
            "go nodes 99999",
            "setoption name Threads value 999",
        ] {
            assert_eq!(cap_hash(kept.as_bytes().to_vec()), kept.as_bytes());
        }
    }
}
