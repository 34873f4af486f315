//! Everything rokade writes to the GUI, formatted in one place. `info` and `bestmove` are
//! written by hand: vampirc-uci cannot write `bestmove 0000` and mislabels bounds.

use std::io::Write;

use crossbeam_channel::Sender;

use shakmaty::Move;

use crate::eval::wdl::wdl;
use crate::position::move_to_uci;
use crate::search::{Bound, MATE_AS_CP, ScoreKind, SearchInfo, score_kind};

/// Writes one line to stdout and flushes, so GUIs see it at once.
pub fn send(line: &str) {
    let mut out = std::io::stdout().lock();
    // A closed stdout (the GUI went away) is not ours to report anywhere.
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

pub fn info_string(message: &str) {
    send(&format!("info string {message}"));
}

/// Where the controller's lines go: stdout for a GUI, or a channel for a driver in the same
/// process (the fuzzer), which then reads exactly what a GUI would.
#[derive(Clone, Debug)]
pub enum Sink {
    Stdout,
    Channel(Sender<String>),
}

impl Sink {
    pub fn send(&self, line: &str) {
        match self {
            Sink::Stdout => send(line),
            // A driver that went away has nobody left to tell.
            Sink::Channel(tx) => drop(tx.send(line.to_string())),
        }
    }

    pub fn info_string(&self, message: &str) {
        self.send(&format!("info string {message}"));
    }
}

pub fn score_text(score: i32) -> String {
    match score_kind(score) {
        ScoreKind::Centipawns(cp) => format!("cp {cp}"),
        ScoreKind::Mate(n) => format!("mate {n}"),
    }
}

/// An `info` line; `wdl_material` (the material on the board) asks for `wdl W D L`.
pub fn info_line(info: &SearchInfo, chess960: bool, wdl_material: Option<u32>) -> String {
    let mut line = format!(
        "info depth {} seldepth {} multipv {} score {}",
        info.depth,
        info.seldepth,
        info.multipv,
        score_text(info.score)
    );
    match info.bound {
        Some(Bound::Lower) => line.push_str(" lowerbound"),
        Some(Bound::Upper) => line.push_str(" upperbound"),
        _ => {}
    }
    if let Some(material) = wdl_material {
        let cp = match score_kind(info.score) {
            ScoreKind::Centipawns(cp) => cp,
            ScoreKind::Mate(n) => {
                if n > 0 {
                    MATE_AS_CP
                } else {
                    -MATE_AS_CP
                }
            }
        };
        let (w, d, l) = wdl(cp, material);
        line.push_str(&format!(" wdl {w} {d} {l}"));
    }
    let nps = info.nodes * 1000 / info.time_ms.max(1);
    line.push_str(&format!(
        " nodes {} nps {} hashfull {} tbhits {} time {}",
        info.nodes, nps, info.hashfull, info.tb_hits, info.time_ms
    ));
    if !info.pv.is_empty() {
        line.push_str(" pv");
        for &m in &info.pv {
            line.push(' ');
            line.push_str(&move_to_uci(m, chess960));
        }
    }
    line
}

pub fn bestmove_line(best: Option<Move>, ponder: Option<Move>, chess960: bool) -> String {
    match (best, ponder) {
        (None, _) => "bestmove 0000".to_string(),
        (Some(b), None) => format!("bestmove {}", move_to_uci(b, chess960)),
        (Some(b), Some(p)) => format!("bestmove {} ponder {}", move_to_uci(b, chess960), move_to_uci(p, chess960)),
    }
}
