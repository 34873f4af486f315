//! Drives the built `rokade` binary over stdin/stdout, as a GUI would.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::thread;
use std::time::Duration;

pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Long enough for any answer on a loaded machine; only a hang reaches it.
pub const PATIENCE: Duration = Duration::from_secs(60);

pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Every line read so far, for assertions over a whole conversation.
    pub transcript: Vec<String>,
}

impl Engine {
    pub fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_rokade"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start rokade");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, rx) = channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Engine { child, stdin, lines: rx, transcript: Vec::new() }
    }

    pub fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        writeln!(stdin, "{line}").expect("write to engine");
        stdin.flush().expect("flush");
    }

    pub fn send_raw(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).expect("write to engine");
        stdin.flush().expect("flush");
    }

    /// Reads lines until one satisfies `done`; returns all of them (the last one matched).
    pub fn read_until(&mut self, done: impl Fn(&str) -> bool) -> Vec<String> {
        let mut got = Vec::new();
        loop {
            match self.lines.recv_timeout(PATIENCE) {
                Ok(line) => {
                    self.transcript.push(line.clone());
                    let stop = done(&line);
                    got.push(line);
                    if stop {
                        return got;
                    }
                }
                Err(RecvTimeoutError::Timeout) => panic!("engine gave no answer; so far: {got:#?}"),
                Err(RecvTimeoutError::Disconnected) => panic!("engine exited; so far: {got:#?}"),
            }
        }
    }

    /// Sends `isready` and returns everything up to its `readyok`.
    pub fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        self.read_until(|l| l == "readyok")
    }

    /// Runs a `go ...` to its `bestmove`; returns all lines, `bestmove` last.
    pub fn go(&mut self, go: &str) -> Vec<String> {
        self.send(go);
        self.read_until(|l| l.starts_with("bestmove"))
    }

    /// Waits up to `patience` for the process to exit by itself; whether it did, cleanly.
    pub fn wait_for_exit(&mut self, patience: Duration) -> bool {
        let deadline = std::time::Instant::now() + patience;
        while std::time::Instant::now() < deadline {
            match self.child.try_wait() {
                Ok(Some(status)) => return status.success(),
                Ok(None) => thread::sleep(Duration::from_millis(10)),
                Err(_) => return false,
            }
        }
        false
    }

    /// Closes stdin and waits for the process, returning whether it exited cleanly.
    pub fn close(mut self) -> bool {
        drop(self.stdin.take());
        let status = self.child.wait().expect("wait for engine");
        status.success()
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The move of a `bestmove` line.
pub fn bestmove(lines: &[String]) -> String {
    let last = lines.last().expect("lines");
    last.split_whitespace().nth(1).expect("bestmove has a move").to_string()
}

/// Asserts that `uci` is a legal move in the position of `fen` (`0000` is not).
pub fn assert_legal(fen: &str, uci: &str) {
    let pos = rokade::position::Position::from_fen(fen).expect("a valid FEN");
    assert!(pos.parse_move(uci).is_ok(), "'{uci}' is not a legal move in {fen}");
}

/// The `score ...` of the last `info` line with a score, e.g. `"mate 2"` or `"cp 15"`.
pub fn last_score(lines: &[String]) -> String {
    let info =
        lines.iter().rev().find(|l| l.starts_with("info") && l.contains(" score ")).expect("an info line with a score");
    let tokens: Vec<&str> = info.split_whitespace().collect();
    let at = tokens.iter().position(|&t| t == "score").expect("score");
    format!("{} {}", tokens[at + 1], tokens[at + 2])
}

/// The value after `key` in an info line.
pub fn field(line: &str, key: &str) -> Option<String> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    tokens.iter().position(|&t| t == key).and_then(|i| tokens.get(i + 1)).map(|s| s.to_string())
}

/// Positions from an EPD file in tests/data.
pub fn testdata(name: &str) -> Vec<String> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(name);
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("read {}: {e}", path.display()))
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect()
}

/// Folders for the files a test writes itself.
pub mod tempdir {
    use std::path::PathBuf;

    /// A fresh folder in the system's temporary directory, removed afterwards.
    pub struct Dir(PathBuf);

    impl Dir {
        pub fn new() -> Dir {
            static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
            let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            let dir = std::env::temp_dir().join(format!("rokade-test-{}-{n}", std::process::id()));
            std::fs::create_dir_all(&dir).unwrap();
            Dir(dir)
        }
        pub fn root(&self) -> &std::path::Path {
            &self.0
        }
        pub fn path(&self, name: &str) -> PathBuf {
            self.0.join(name)
        }
    }

    impl Drop for Dir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

/// Asserts that the answer to `uci` declares each of these `option` lines exactly.
pub fn assert_declares(uci_answer: &[String], options: &[&str]) {
    for option in options {
        assert!(uci_answer.iter().any(|l| l == option), "missing '{option}' in {uci_answer:?}");
    }
}
