//! `rokade levels`: the strength levels, the parameters each one plays with and, on request,
//! a signature of how each one plays: a hash of the moves a level chooses and the nodes it
//! spends (fixed seed, one thread, cleared tables) in half the bench positions. A change that
//! alters a level's play changes it, so `tuning/calibrate-levels` keeps a match only while
//! both sides still have the signature they were measured with.

use crate::search::strength::{self, Band, LEVELS, Strength};
use crate::search::{Limits, SearchConfig};
use crate::tools::bench;

const SIGNATURE_SEED: u64 = 1;
/// Every other bench position: enough to see a change, quick enough to run per calibration.
const SIGNATURE_POSITION_STEP: usize = 2;

/// The `Skill Level` (0..19) closest to a target Elo.
pub fn nearest_skill_level(elo: u32) -> u32 {
    (0..20).min_by_key(|&level| strength::skill_level_elo(level).map_or(u32::MAX, |e| e.abs_diff(elo))).unwrap_or(0)
}

/// FNV-1a of the moves a level chooses and the nodes it spends in the signature positions.
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
    feed(format!("form {};", strength::FORM_SPREAD));
    bench::search_each(fens, &Limits::default(), &config, |line| feed(format!("{}:{};", line.best, line.nodes)));
    hash
}

fn describe(band: &Band, book_temperature_pct: u32) -> String {
    format!(
        "depth {:>2}  nodes {:>7}  candidates {}  max-loss {:>3}  temperature {:>3}  noise {:>2}  book {:>3} %",
        band.depth,
        band.nodes,
        band.candidates,
        band.max_loss_cp,
        band.temperature_cp,
        band.eval_noise_cp,
        book_temperature_pct
    )
}

/// One line per level (those named in `only`, or all): name, target Elo, nearest Skill
/// Level, setting and the spread of its form from game to game, parameters and, with
/// `with_signature`, the signature last.
pub fn print(only: &[String], with_signature: bool) {
    let wanted = |name: &str| only.is_empty() || only.iter().any(|o| o.eq_ignore_ascii_case(name));
    for (name, elo) in LEVELS.into_iter().filter(|(name, _)| wanted(name)) {
        let band = strength::band_for(elo);
        let mut line = format!(
            "{name:<8}  elo {elo:>4}  skill {:>2}  setting {:>4} +-{}  {}",
            nearest_skill_level(elo),
            band.setting,
            strength::FORM_SPREAD,
            describe(&band, strength::book_temperature_pct(elo))
        );
        if with_signature {
            line += &format!("  signature {:016x}", signature(elo));
        }
        println!("{line}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn skill_levels_match_the_readme_table() {
        let skills: Vec<u32> = LEVELS.iter().map(|&(_, elo)| nearest_skill_level(elo)).collect();
        assert_eq!(skills, [0, 4, 8, 11, 15, 19]);
    }
}
