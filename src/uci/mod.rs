//! The UCI front end: a reader thread turns stdin into lines, and the controller, which
//! owns the game, the options and the thread pool, answers them. The controller never
//! blocks on a search, so `isready` and `stop` are answered at once.

pub mod book_options;
pub mod command;
mod job;
pub mod options;
pub mod output;

use std::io::{BufRead, Read};
use std::thread;
use std::time::Instant;

use crossbeam_channel::{Receiver, Sender, select, unbounded};
use shakmaty::Color;

use crate::position::{Position, move_to_uci};
#[cfg(feature = "tune")]
use crate::search::params;
use crate::search::strength::{self, Strength, skill_level_elo};
use crate::search::{Clock, DEFAULT_HASH_MB, Limits, SearchConfig, SearchEvent, Searcher};
use book_options::{BookAnswer, BookOptions};
use command::{Command, GoParams, Parsed, PositionBase};
use job::Job;
use options::Value;
use output::{Sink, info_string};

pub const ENGINE_NAME: &str = concat!("rokade ", env!("CARGO_PKG_VERSION"));
pub const ENGINE_AUTHOR: &str = "the rokade developers";

/// Longer input lines are refused (a 600-ply game fits in about 3 kB).
const MAX_LINE_BYTES: usize = 1 << 20;

/// What the reader thread sends: a line, or a note that one was too long; or a line given as
/// a command-line argument.
pub enum Input {
    Line(String),
    TooLong(usize),
    /// Run to its end before the next input: `rokade "genfens N ..." quit` (OpenBench) must
    /// give every position before `quit`, which otherwise cancels it.
    Argument(String),
}

/// Runs the UCI loop until `quit` or the end of stdin. `first` are lines handled before
/// stdin (OpenBench runs `rokade "setoption name Hash value 16" bench quit`).
pub fn run(first: Vec<String>) {
    let (input_tx, input_rx) = unbounded();
    for line in first {
        let _ = input_tx.send(Input::Argument(line));
    }
    thread::Builder::new()
        .name("stdin".into())
        .spawn(move || read_lines(std::io::stdin().lock(), input_tx))
        .expect("spawn stdin reader");
    let mut controller = match Controller::new(Sink::Stdout) {
        Ok(c) => c,
        Err(e) => {
            info_string(&e);
            return;
        }
    };
    controller.run(input_rx);
}

/// Turns input into lines until its end; oversized lines are dropped and reported.
pub fn read_lines(mut reader: impl BufRead, tx: Sender<Input>) {
    loop {
        let mut bytes = Vec::new();
        let read = (&mut reader).take(MAX_LINE_BYTES as u64 + 1).read_until(b'\n', &mut bytes);
        match read {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        let input = if bytes.len() > MAX_LINE_BYTES && !bytes.ends_with(b"\n") {
            // Drop the rest of the oversized line.
            let mut skipped = bytes.len();
            loop {
                let mut rest = Vec::new();
                match (&mut reader).take(MAX_LINE_BYTES as u64).read_until(b'\n', &mut rest) {
                    Ok(0) | Err(_) => break,
                    Ok(n) => skipped += n,
                }
                if rest.ends_with(b"\n") {
                    break;
                }
            }
            Input::TooLong(skipped)
        } else {
            Input::Line(String::from_utf8_lossy(&bytes).into_owned())
        };
        if tx.send(input).is_err() {
            return;
        }
    }
}

/// `UCI_LimitStrength` with `UCI_Elo`, `Skill Level` and `Level` all set one limit: the one
/// set last wins.
#[derive(Debug)]
struct StrengthOptions {
    limit_strength: bool,
    uci_elo: u32,
    /// The limit in force (`None`: full strength).
    elo: Option<u32>,
    seed: u64,
    /// This game's form, drawn at every `ucinewgame` and when the seed changes.
    form: i32,
}

impl Default for StrengthOptions {
    fn default() -> Self {
        StrengthOptions {
            limit_strength: false,
            uci_elo: strength::DEFAULT_ELO,
            elo: None,
            seed: 0,
            form: strength::draw_form(0),
        }
    }
}

impl StrengthOptions {
    fn set(&mut self, name: &str, value: Value) {
        match (name, value) {
            (options::LIMIT_STRENGTH, Value::Bool(on)) => {
                self.limit_strength = on;
                self.elo = on.then_some(self.uci_elo);
            }
            (options::ELO, Value::Int(elo)) => {
                self.uci_elo = elo as u32;
                if self.limit_strength {
                    self.elo = Some(self.uci_elo);
                }
            }
            (options::SKILL_LEVEL, Value::Int(level)) => self.elo = skill_level_elo(level as u32),
            (options::LEVEL, Value::Text(level)) => {
                self.elo = strength::level_named(level).map(|l| l.elo);
            }
            (options::SKILL_SEED, Value::Int(seed)) => {
                self.seed = seed as u64;
                self.new_game();
            }
            _ => {}
        }
    }

    fn new_game(&mut self) {
        self.form = strength::draw_form(self.seed);
    }

    fn limit(&self) -> Option<Strength> {
        self.elo.map(|elo| Strength { elo, seed: self.seed, form: self.form })
    }
}

/// Why [`Controller::run`] returned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    Quit,
    EndOfInput,
}

/// Owns the game, the options and the search threads, and answers every line.
pub struct Controller {
    /// Where every answer goes: stdout, or a channel for an in-process driver.
    out: Sink,
    pos: Position,
    pool: Searcher,
    config: SearchConfig,
    chess960: bool,
    show_wdl: bool,
    /// The strength options as last set; each `go` takes its limit from them, so `config`
    /// never holds one.
    strength: StrengthOptions,
    book: BookOptions,
    debug: bool,
    events_tx: Sender<SearchEvent>,
    events_rx: Receiver<SearchEvent>,
    /// When the running search started, for `ponderhit`.
    search_started: Option<Instant>,
    /// A running `go perft` or `genfens`, on its own thread.
    job: Option<Job>,
}

impl Controller {
    pub fn new(out: Sink) -> Result<Self, String> {
        let (events_tx, events_rx) = unbounded();
        Ok(Controller {
            out,
            pos: Position::default(),
            pool: Searcher::new(DEFAULT_HASH_MB)?,
            config: SearchConfig::default(),
            chess960: false,
            show_wdl: false,
            strength: StrengthOptions::default(),
            book: BookOptions::default(),
            debug: false,
            events_tx,
            events_rx,
            search_started: None,
            job: None,
        })
    }

    /// Answers the input until `quit` or its end, then stops any search.
    pub fn run(&mut self, input: Receiver<Input>) -> Ending {
        let ending = loop {
            select! {
                recv(input) -> line => match line {
                    Ok(Input::Line(line)) => {
                        if !self.handle_line(&line) {
                            break Ending::Quit;
                        }
                    }
                    Ok(Input::Argument(line)) => {
                        if !self.handle_line(&line) {
                            break Ending::Quit;
                        }
                        if let Some(job) = self.job.take() {
                            job.wait();
                        }
                    }
                    Ok(Input::TooLong(n)) => {
                        self.out.info_string(&format!("line of {n} bytes ignored: longer than {MAX_LINE_BYTES}"))
                    }
                    Err(_) => break Ending::EndOfInput,
                },
                recv(self.events_rx) -> event => {
                    if let Ok(event) = event {
                        self.print_event(event);
                    }
                }
            }
        };
        self.finish_search();
        ending
    }

    /// Handles one line; `false` means quit.
    fn handle_line(&mut self, line: &str) -> bool {
        let Parsed { command, warnings } = match command::parse(line) {
            Ok(Some(parsed)) => parsed,
            Ok(None) => return true,
            Err(e) => {
                self.out.info_string(&e);
                return true;
            }
        };
        for w in &warnings {
            self.out.info_string(w);
        }
        match command {
            Command::Uci => {
                self.out.send(&format!("id name {ENGINE_NAME}"));
                self.out.send(&format!("id author {ENGINE_AUTHOR}"));
                for line in options::declarations() {
                    self.out.send(&line);
                }
                self.out.send("uciok");
            }
            Command::Debug(on) => self.debug = on,
            Command::IsReady => self.out.send("readyok"),
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            Command::Register => self.out.info_string("no registration needed"),
            Command::UciNewGame => {
                self.finish_search();
                self.pool.clear();
                self.pos = Position::default();
                self.strength.new_game();
            }
            Command::Position { base, moves } => {
                self.finish_search();
                self.set_position(base, &moves);
            }
            Command::Go(params) => self.go(params),
            Command::Stop => {
                if let Some(job) = &self.job {
                    job.cancel();
                }
                if self.pool.is_searching() {
                    self.pool.stop();
                } else if self.debug {
                    self.out.info_string("stop: no search is running");
                }
            }
            Command::PonderHit => match self.search_started {
                Some(started) if self.pool.is_searching() => self.pool.ponderhit(started.elapsed()),
                _ => {
                    if self.debug {
                        self.out.info_string("ponderhit: no search is running");
                    }
                }
            },
            Command::Quit => return false,
            Command::Bench { depth } => {
                self.finish_search();
                let depth =
                    depth.unwrap_or(crate::tools::bench::DEFAULT_DEPTH).clamp(1, crate::tools::bench::MAX_DEPTH);
                crate::tools::bench::report(depth, |line| self.out.send(line));
            }
            Command::Genfens(request) => {
                self.finish_search();
                self.genfens(request);
            }
            Command::Display => {
                self.out.send(&format!("info string key {:016x}", self.pos.key()));
                self.out.send(&format!("info string fen {}", self.pos.fen()));
            }
            Command::Eval => {
                let eval = crate::eval::evaluate(self.pos.board());
                self.out.info_string(&format!("eval {eval} cp (side to move)"));
            }
        }
        true
    }

    /// Stops a running search and prints what it still had to say (its `bestmove`).
    fn finish_search(&mut self) {
        if let Some(job) = self.job.take() {
            job.stop();
        }
        self.pool.stop_and_wait();
        while let Ok(event) = self.events_rx.try_recv() {
            self.print_event(event);
        }
        self.search_started = None;
    }

    fn print_event(&self, event: SearchEvent) {
        match event {
            SearchEvent::Info(info) => {
                let wdl_material = self.show_wdl.then(|| crate::eval::wdl::material(self.pos.board()));
                self.out.send(&output::info_line(&info, self.chess960, wdl_material))
            }
            SearchEvent::BestMove { best, ponder } => {
                self.out.send(&output::bestmove_line(best, ponder, self.chess960))
            }
            SearchEvent::Message(text) => self.out.info_string(&text),
            SearchEvent::Output(lines) => lines.iter().for_each(|l| self.out.send(l)),
        }
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        let (name, value, note) = match options::check(name, value) {
            Ok(checked) => checked,
            Err(e) => {
                self.out.info_string(&e);
                return;
            }
        };
        if let Some(note) = note {
            self.out.info_string(&note);
        }
        match (name, value) {
            (options::HASH, Value::Int(mb)) => {
                self.finish_search();
                if let Err(e) = self.pool.resize_tt(mb as usize) {
                    self.out.info_string(&e);
                }
            }
            (options::THREADS, Value::Int(n)) => {
                self.finish_search();
                self.config.threads = n as usize;
            }
            (options::MULTI_PV, Value::Int(n)) => self.config.settings.multipv = n as usize,
            (options::MOVE_OVERHEAD, Value::Int(ms)) => self.config.move_overhead_ms = ms as u64,
            (options::CLEAR_HASH, _) => {
                self.finish_search();
                self.pool.clear();
            }
            (options::CHESS960, Value::Bool(on)) => self.chess960 = on,
            (options::SHOW_WDL, Value::Bool(on)) => self.show_wdl = on,
            (
                options::LIMIT_STRENGTH | options::ELO | options::SKILL_LEVEL | options::LEVEL | options::SKILL_SEED,
                value,
            ) => {
                self.strength.set(name, value);
            }
            (options::SYZYGY_PATH, Value::String(path)) => {
                self.finish_search();
                for message in self.pool.set_tablebase_path(&path) {
                    self.out.info_string(&message);
                }
            }
            (options::SYZYGY_PROBE_DEPTH, Value::Int(depth)) => self.config.syzygy.probe_depth = depth as i32,
            (options::SYZYGY_50_MOVE_RULE, Value::Bool(on)) => self.config.syzygy.rule50 = on,
            (options::SYZYGY_PROBE_LIMIT, Value::Int(pieces)) => self.config.syzygy.probe_limit = pieces as usize,
            (options::OWN_BOOK | options::BOOK_FILE | options::BOOK_DEPTH | options::LEVEL_BOOK, value) => {
                if let Some(message) = self.book.set(name, value) {
                    self.out.info_string(&message);
                }
            }
            #[cfg(feature = "tune")]
            (name, Value::Int(v)) if options::is_tunable(name) => {
                params::set(name, v as i32);
            }
            // Ponder only tells us the GUI may send `go ponder`; nothing to change.
            _ => {}
        }
    }

    /// Sets up the position; on a bad FEN the position is unchanged, on a bad move the
    /// moves before it are kept.
    fn set_position(&mut self, base: PositionBase, moves: &[String]) {
        let mut pos = match base {
            PositionBase::StartPos => Position::default(),
            PositionBase::Fen(fen) => match Position::from_fen(&fen) {
                Ok(pos) => pos,
                Err(e) => {
                    self.out.info_string(&format!("{e}; position unchanged"));
                    return;
                }
            },
        };
        for (index, text) in moves.iter().enumerate() {
            match pos.parse_move(text) {
                Ok(m) => pos.play(m),
                Err(e) => {
                    self.out.info_string(&format!(
                        "{e} (move {} of the list); position set up to the move before it: {}",
                        index + 1,
                        pos.fen()
                    ));
                    break;
                }
            }
        }
        self.pos = pos;
    }

    fn go(&mut self, params: GoParams) {
        self.finish_search();
        if let Some(depth) = params.perft {
            self.perft(depth);
            return;
        }
        let mut searchmoves = Vec::new();
        for text in &params.searchmoves {
            match self.pos.parse_move(text) {
                Ok(m) => searchmoves.push(m),
                Err(e) => self.out.info_string(&format!("searchmoves: {e}, skipped")),
            }
        }
        let limits = self.limits_from(&params, searchmoves);
        let limit = self.strength.limit();
        if let Some(answer) = self.book.answer(&self.pos, &params, &limits, limit, self.strength.seed) {
            self.play_book_move(answer);
            return;
        }
        self.search_started = Some(Instant::now());
        let config = SearchConfig { strength: limit, ..self.config.clone() };
        self.pool.start(&self.pos, limits, &config, self.events_tx.clone());
    }

    /// A book move is played at once. No `info` line with a score: the book has none, and a
    /// made-up `score cp 0` would show as an evaluation (and count towards draw adjudication).
    fn play_book_move(&self, answer: BookAnswer) {
        self.out.info_string(&format!(
            "book move {} (chance {:.0} % among {} book moves)",
            move_to_uci(answer.played.mv, self.chess960),
            100.0 * answer.chance,
            answer.choices
        ));
        self.out.send(&output::bestmove_line(Some(answer.played.mv), None, self.chess960));
    }

    fn limits_from(&self, p: &GoParams, searchmoves: Vec<shakmaty::Move>) -> Limits {
        let (time, inc) = match self.pos.turn() {
            Color::White => (p.wtime, p.winc),
            Color::Black => (p.btime, p.binc),
        };
        let clock = time.map(|time_ms| Clock { time_ms, inc_ms: inc.unwrap_or(0), moves_to_go: p.movestogo });
        let any_limit =
            p.depth.is_some() || p.nodes.is_some() || p.mate.is_some() || p.movetime.is_some() || clock.is_some();
        Limits {
            depth: p.depth.map(|d| d.min(i32::MAX as u32) as i32),
            nodes: p.nodes,
            mate: p.mate,
            movetime: p.movetime,
            clock,
            // A bare `go` searches until `stop`, as most engines do.
            infinite: p.infinite || !any_limit,
            ponder: p.ponder,
            searchmoves,
        }
    }

    /// Runs `go perft` on its own thread; `stop` cancels it.
    fn perft(&mut self, depth: u32) {
        let pos = self.pos.board().clone();
        let (events, chess960, debug) = (self.events_tx.clone(), self.chess960, self.debug);
        self.job = Some(Job::spawn(move |cancel| {
            let start = Instant::now();
            let Some(counts) = crate::tools::perft::divide_until(&pos, depth, cancel) else {
                let _ = events.send(SearchEvent::Message("perft stopped".into()));
                return;
            };
            let mut lines: Vec<String> =
                counts.iter().map(|&(m, count)| format!("{}: {count}", move_to_uci(m, chess960))).collect();
            lines.push(String::new());
            lines.push(format!("Nodes searched: {}", counts.iter().map(|&(_, n)| n).sum::<u64>()));
            if debug {
                lines.push(format!("info string perft time {} ms", start.elapsed().as_millis()));
            }
            let _ = events.send(SearchEvent::Output(lines));
        }));
    }

    /// Runs `genfens` on its own thread: `stop` cancels it.
    fn genfens(&mut self, request: crate::tools::genfens::Request) {
        let book = match crate::tools::genfens::load_book(&request) {
            Ok(book) => book,
            Err(e) => return self.out.info_string(&e),
        };
        let out = self.out.clone();
        self.job = Some(Job::spawn(move |cancel| {
            let emit = |fen: &str| out.send(&format!("info string genfens {fen}"));
            let emitted = crate::tools::genfens::generate(&request, &book, cancel, emit);
            if let Err(e) = emitted {
                out.info_string(&e);
            }
        }));
    }
}
