//! `rokade levels`: the strength levels, the persona each one plays with and, on request,
//! a signature of how each one plays: a hash of its persona and of the moves it chooses and
//! the nodes it spends (fixed seed, one thread, cleared tables) in half the bench positions
//! (the persona itself counts, as a small change of rating may leave those few moves alone).
//! A change that alters a level's play changes it, so `tuning/calibrate-levels` keeps a match
//! only while both sides still have the signature they were measured with. `--json` gives the
//! rows to scripts, which read the levels from here rather than keep a copy.

use serde::Serialize;

use crate::search::strength::{self, LEVELS, Level, Strength};
use crate::search::{Limits, SearchConfig};
use crate::tools::bench;

const SIGNATURE_SEED: u64 = 1;
/// Every other bench position: enough to see a change, quick enough to run per calibration.
const SIGNATURE_POSITION_STEP: usize = 2;

/// FNV-1a of the persona, the moves a level chooses and the nodes it spends in the signature
/// positions.
pub fn signature(elo: u32) -> u64 {
    let config = SearchConfig {
        strength: Some(Strength { elo, seed: SIGNATURE_SEED, form: strength::draw_form(SIGNATURE_SEED) }),
        ..SearchConfig::default()
    };
    let fens = bench::POSITIONS.iter().copied().step_by(SIGNATURE_POSITION_STEP);
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut feed = |text: String| {
        for byte in text.bytes() {
            hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
        }
    };
    // The form of the signature's seed may be near zero: its spread must count all the same.
    feed(format!("form {}; {:?};", strength::FORM_SPREAD, strength::persona_for(elo)));
    bench::search_each(fens, &Limits::default(), &config, |line| feed(format!("{}:{};", line.best, line.nodes)));
    hash
}

/// One level as scripts read it.
#[derive(Serialize)]
struct Row {
    name: &'static str,
    elo: u32,
    skill: u32,
    rating: u32,
    error_pct: u32,
    blunder_bonus: u32,
    temperature_pct: u32,
    max_loss_pct: u32,
    check_cp: u32,
    slip_cp: u32,
    book_temperature_pct: u32,
    form_spread: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    signature: Option<String>,
}

fn row(level: &Level, with_signature: bool) -> Row {
    Row {
        name: level.name,
        elo: level.elo,
        skill: strength::nearest_skill_level(level.elo),
        rating: level.persona.rating,
        error_pct: level.persona.error_pct,
        blunder_bonus: level.persona.blunder_bonus,
        temperature_pct: level.persona.temperature_pct,
        max_loss_pct: level.persona.max_loss_pct,
        check_cp: level.persona.check_cp,
        slip_cp: level.persona.slip_cp,
        book_temperature_pct: level.book_temperature_pct,
        form_spread: strength::FORM_SPREAD,
        signature: with_signature.then(|| format!("{:016x}", signature(level.elo))),
    }
}

/// One line per level (those named in `only`, or all): name, target Elo, nearest Skill
/// Level, the persona and the spread of its form from game to game, the book temperature
/// and, with `with_signature`, the signature last; or, with `json`, one JSON array.
pub fn print(only: &[String], with_signature: bool, json: bool) {
    let wanted = |name: &str| only.is_empty() || only.iter().any(|o| o.eq_ignore_ascii_case(name));
    let rows: Vec<Row> = LEVELS.iter().filter(|l| wanted(l.name)).map(|l| row(l, with_signature)).collect();
    if json {
        println!("{}", serde_json::to_string(&rows).expect("rows serialise"));
        return;
    }
    for r in rows {
        let mut line = format!(
            "{:<8}  elo {:>4}  skill {:>2}  rating {:>4} +-{}  errors {:>3} %  blunder bonus {:>3}  temperature {:>3} %  max-loss {:>3} %  check {:>3} cp  slip {:>3} cp  book {:>3} %",
            r.name,
            r.elo,
            r.skill,
            r.rating,
            r.form_spread,
            r.error_pct,
            r.blunder_bonus,
            r.temperature_pct,
            r.max_loss_pct,
            r.check_cp,
            r.slip_cp,
            r.book_temperature_pct
        );
        if let Some(signature) = r.signature {
            line += &format!("  signature {signature}");
        }
        println!("{line}");
    }
}
