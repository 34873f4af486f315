//! The engine under test, in process: raw bytes go through a pipe into the same stdin reader
//! and the same controller that `rokade` runs for a GUI, and its lines come back on a
//! channel. A panic of the controller is caught, counted and the controller started afresh.

use std::io::{BufReader, PipeWriter, Write};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::thread;
use std::time::{Duration, Instant};

use crossbeam_channel::{Receiver, RecvTimeoutError, unbounded};

use crate::uci::output::Sink;
use crate::uci::{self, Controller, Ending};

/// What the controller's thread reports besides its output.
pub enum Event {
    /// The controller panicked (the message); a fresh one took over.
    Panic(String),
    /// A `quit` ended a controller; a fresh one took over.
    Quit,
}

pub struct Engine {
    input: PipeWriter,
    output: Receiver<String>,
    events: Receiver<Event>,
}

/// Why a wait for a line ended without it.
pub enum Missing {
    /// Nothing matching within the deadline: a hang.
    Timeout,
    /// The engine's threads are gone.
    Gone,
}

impl Engine {
    pub fn start() -> Result<Engine, String> {
        let (reader, writer) = std::io::pipe().map_err(|e| format!("pipe: {e}"))?;
        let (line_tx, line_rx) = unbounded();
        thread::Builder::new()
            .name("fuzz-stdin".into())
            .spawn(move || uci::read_lines(BufReader::new(reader), line_tx))
            .map_err(|e| format!("spawn reader: {e}"))?;
        let (out_tx, out_rx) = unbounded();
        let (event_tx, event_rx) = unbounded();
        thread::Builder::new()
            .name("fuzz-controller".into())
            .spawn(move || {
                loop {
                    let run = catch_unwind(AssertUnwindSafe(|| {
                        Controller::new(Sink::Channel(out_tx.clone())).map(|mut c| c.run(line_rx.clone()))
                    }));
                    let event = match run {
                        Ok(Ok(Ending::Quit)) => Event::Quit,
                        Ok(Ok(Ending::EndOfInput)) | Ok(Err(_)) => return,
                        Err(payload) => Event::Panic(panic_message(payload.as_ref())),
                    };
                    if event_tx.send(event).is_err() {
                        return;
                    }
                }
            })
            .map_err(|e| format!("spawn controller: {e}"))?;
        Ok(Engine { input: writer, output: out_rx, events: event_rx })
    }

    /// Writes the lines, each with its newline, as a GUI would.
    pub fn send(&mut self, lines: &[Vec<u8>]) {
        for line in lines {
            // The reader never stops reading, so this cannot block for long; a write error
            // means the reader is gone, which the next wait reports.
            let _ = self.input.write_all(line).and_then(|()| self.input.write_all(b"\n"));
        }
    }

    pub fn send_line(&mut self, line: &str) {
        self.send(&[line.as_bytes().to_vec()]);
    }

    /// Reads output until a line satisfies `done` (returned), handing every line read to
    /// `seen`, for at most `patience`.
    pub fn wait_for(
        &self,
        patience: Duration,
        done: impl Fn(&str) -> bool,
        mut seen: impl FnMut(&str),
    ) -> Result<String, Missing> {
        let deadline = Instant::now() + patience;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.output.recv_timeout(left) {
                Ok(line) => {
                    seen(&line);
                    if done(&line) {
                        return Ok(line);
                    }
                }
                Err(RecvTimeoutError::Timeout) => return Err(Missing::Timeout),
                Err(RecvTimeoutError::Disconnected) => return Err(Missing::Gone),
            }
        }
    }

    /// The panics and quits reported since the last call.
    pub fn events(&self) -> Vec<Event> {
        self.events.try_iter().collect()
    }
}

pub fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "panic without a message".into())
}
