//! The app's six opponents, one declarative row each, and how a target Elo between two of
//! them is played. Scripts read this table through `rokade levels --json`, never a copy.

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// How a level chooses its moves (`choice.rs`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Persona {
    /// The lichess rating (rapid and classical) of the players the human move model imitates.
    /// `tuning/calibrate-levels` fits it so that the level plays at its Elo.
    pub rating: u32,
    /// How often it errs, as the temperature (percent) of the model's chances of each size of
    /// error: 100 as often as the players of that rating, lower less often.
    pub error_pct: u32,
    /// Added to the model's logit of every blunder (hundredths of a logit) before the error
    /// temperature: 0 blunders as the players of that rating do; more makes a larger share
    /// of the errors the game-losing ones they make, most where the blunder is already
    /// nearly their most natural move. Blunders cost more Elo than the same mean loss in
    /// smaller errors, so a level that raises it needs its calibration matches again.
    pub blunder_bonus: u32,
    /// Within a size of error, the model's distribution is sharpened to this temperature
    /// (percent; 100 draws as the players of that rating do, lower keeps nearer their most
    /// likely move).
    pub temperature_pct: u32,
    /// No move is drawn that the deepest verdict says throws away more than this share of
    /// the winning chances (percent of lichess's -1..1 scale; 200 allows anything).
    pub max_loss_pct: u32,
    /// A strong player checks its candidate move: it is played only if the full-strength
    /// search finds it at most this many centipawns below its own best (0: no check). A
    /// drawn blunder within `slip_cp` of level is not checked (`choice::is_checked`).
    pub check_cp: u32,
    /// A drawn blunder that leaves the mover at most this many centipawns behind (deepest
    /// verdict) is not checked: a strong player's rare blunder is one the second look did
    /// not catch, and it is caught only when it plainly loses.
    pub slip_cp: u32,
}

/// One of the app's opponents.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Level {
    pub name: &'static str,
    /// The Elo the level plays at: the scale of Stockfish's `UCI_Elo`, which the calibration
    /// matches are played against.
    pub elo: u32,
    pub persona: Persona,
    /// How freely it picks among book moves (`book::choice`): 100 in proportion to their
    /// weights, more is more evenly, 0 always the best-weighted one. It belongs to the
    /// opponent's character, not to its calibration, which never changes how a level opens.
    pub book_temperature_pct: u32,
}

// BEGIN LEVELS (tuning/calibrate-levels rewrites the ratings)
#[rustfmt::skip]
pub const LEVELS: [Level; 6] = [
    Level { name: "Beginner", elo: 600, persona: Persona { rating: 270, error_pct: 10, blunder_bonus: 222, temperature_pct: 30, max_loss_pct: 200, check_cp: 0, slip_cp: 0 }, book_temperature_pct: 400 },
    Level { name: "Easy", elo: 900, persona: Persona { rating: 725, error_pct: 10, blunder_bonus: 154, temperature_pct: 30, max_loss_pct: 200, check_cp: 0, slip_cp: 0 }, book_temperature_pct: 325 },
    Level { name: "Medium", elo: 1200, persona: Persona { rating: 1146, error_pct: 30, blunder_bonus: 110, temperature_pct: 30, max_loss_pct: 200, check_cp: 0, slip_cp: 0 }, book_temperature_pct: 250 },
    Level { name: "Hard", elo: 1500, persona: Persona { rating: 1531, error_pct: 50, blunder_bonus: 0, temperature_pct: 10, max_loss_pct: 200, check_cp: 0, slip_cp: 0 }, book_temperature_pct: 200 },
    Level { name: "Expert", elo: 1800, persona: Persona { rating: 1869, error_pct: 65, blunder_bonus: 0, temperature_pct: 10, max_loss_pct: 200, check_cp: 100, slip_cp: 0 }, book_temperature_pct: 100 },
    Level { name: "Master", elo: 2100, persona: Persona { rating: 2300, error_pct: 90, blunder_bonus: 0, temperature_pct: 10, max_loss_pct: 200, check_cp: 15, slip_cp: 0 }, book_temperature_pct: 0 },
];
// END LEVELS

/// The `Level` option's value for no limit.
pub const FULL_STRENGTH: &str = "Full";

/// The `Level` option's values: the levels' names, weakest first, then `FULL_STRENGTH`.
pub const LEVEL_NAMES: [&str; LEVELS.len() + 1] = level_names();

const fn level_names() -> [&'static str; LEVELS.len() + 1] {
    let mut names = [FULL_STRENGTH; LEVELS.len() + 1];
    let mut i = 0;
    while i < LEVELS.len() {
        names[i] = LEVELS[i].name;
        i += 1;
    }
    names
}

pub const MIN_ELO: u32 = LEVELS[0].elo;
pub const MAX_ELO: u32 = LEVELS[LEVELS.len() - 1].elo;
/// `UCI_Elo`'s default: the middle of the app's opponents, Hard.
pub const DEFAULT_ELO: u32 = LEVELS[3].elo;
/// `Skill Level` runs from 0 to this, which is full strength; below it the levels' Elo range.
pub const FULL_SKILL_LEVEL: u32 = 20;

/// The level of this name (case-insensitive).
pub fn level_named(name: &str) -> Option<&'static Level> {
    LEVELS.iter().find(|level| level.name.eq_ignore_ascii_case(name))
}

/// Skill Level 0..19 spreads evenly over the levels' Elo range; 20 is full strength.
pub fn skill_level_elo(skill: u32) -> Option<u32> {
    let steps = FULL_SKILL_LEVEL - 1;
    (skill < FULL_SKILL_LEVEL).then(|| MIN_ELO + skill * (MAX_ELO - MIN_ELO) / steps)
}

/// The `Skill Level` closest to a target Elo.
pub fn nearest_skill_level(elo: u32) -> u32 {
    (0..FULL_SKILL_LEVEL).min_by_key(|&skill| skill_level_elo(skill).map_or(u32::MAX, |e| e.abs_diff(elo))).unwrap_or(0)
}

fn lerp(a: u32, b: u32, t: f64) -> u32 {
    (f64::from(a) + (f64::from(b) - f64::from(a)) * t).round() as u32
}

/// The two rows around a target Elo and how far between them it lies.
fn rows_around(elo: u32) -> (&'static Level, &'static Level, f64) {
    let elo = elo.clamp(MIN_ELO, MAX_ELO);
    let upper = LEVELS.iter().position(|level| level.elo >= elo).unwrap_or(LEVELS.len() - 1);
    let lower = upper.saturating_sub(1);
    let (lo, hi) = (&LEVELS[lower], &LEVELS[upper]);
    let t = if hi.elo == lo.elo { 1.0 } else { f64::from(elo - lo.elo) / f64::from(hi.elo - lo.elo) };
    (lo, hi, t)
}

/// The persona that plays at a target Elo: a level's own, or interpolated between two.
pub fn persona_for(elo: u32) -> Persona {
    let (lo, hi, t) = rows_around(elo);
    let (a, b) = (lo.persona, hi.persona);
    Persona {
        rating: lerp(a.rating, b.rating, t),
        error_pct: lerp(a.error_pct, b.error_pct, t),
        blunder_bonus: lerp(a.blunder_bonus, b.blunder_bonus, t),
        temperature_pct: lerp(a.temperature_pct, b.temperature_pct, t),
        max_loss_pct: lerp(a.max_loss_pct, b.max_loss_pct, t),
        check_cp: lerp(a.check_cp, b.check_cp, t),
        slip_cp: lerp(a.slip_cp, b.slip_cp, t),
    }
}

/// The book temperature (%) at a target Elo.
pub fn book_temperature_pct(elo: u32) -> u32 {
    let (lo, hi, t) = rows_around(elo);
    lerp(lo.book_temperature_pct, hi.book_temperature_pct, t)
}

/// A strength limit: the target Elo, the seed of the move choice (0: random) and this game's
/// form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Strength {
    pub elo: u32,
    pub seed: u64,
    /// Rating offset for the current game (see `draw_form`).
    pub form: i32,
}

impl Strength {
    /// The persona of this game: the target's, in this game's form.
    pub fn persona(&self) -> Persona {
        let persona = persona_for(self.elo);
        Persona { rating: (i64::from(persona.rating) + i64::from(self.form)).max(0) as u32, ..persona }
    }
}

/// A player's strength varies from game to game, and the Elo scale assumes it: 300 points
/// score 85 % only because each game's performance spreads (about 200 points in Elo's own
/// model). A level would otherwise play the same every game, so levels 300 apart would beat
/// each other nearly always. Each game therefore draws a form: an offset to the persona's
/// rating, normal with this spread.
pub const FORM_SPREAD: f64 = 175.0;
/// A form is never further from zero than this many spreads.
const FORM_LIMIT: f64 = 2.0;
/// Keeps the form's draw apart from the move choice's, which uses the same seed.
const FORM_SALT: u64 = 0x666f_726d;

/// The form of the next game: from the seed (so the same every game), or random with seed 0.
pub fn draw_form(seed: u64) -> i32 {
    let mut rng = StdRng::seed_from_u64(derive_seed(seed, FORM_SALT));
    // Box-Muller: a standard normal from two uniforms.
    let (u, v): (f64, f64) = (rng.random_range(f64::EPSILON..1.0), rng.random());
    let z = (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos();
    (z.clamp(-FORM_LIMIT, FORM_LIMIT) * FORM_SPREAD).round() as i32
}

/// The `Skill Seed` mixed with a salt, or a random seed when it is 0.
pub(crate) fn derive_seed(seed: u64, salt: u64) -> u64 {
    if seed == 0 { rand::rng().random() } else { seed ^ salt }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_level_plays_its_own_row_and_targets_between_levels_interpolate() {
        for level in LEVELS {
            assert_eq!(persona_for(level.elo), level.persona);
            assert_eq!(book_temperature_pct(level.elo), level.book_temperature_pct);
        }
        let (hard, expert) = (LEVELS[3], LEVELS[4]);
        let between = persona_for((hard.elo + expert.elo) / 2);
        assert_eq!(between.rating, (hard.persona.rating + expert.persona.rating).div_ceil(2));
        assert_eq!(persona_for(100), LEVELS[0].persona);
        assert_eq!(persona_for(5000), LEVELS[5].persona);
        assert_eq!(book_temperature_pct(1650), 150);
    }

    #[test]
    fn skill_levels_spread_over_the_levels() {
        assert_eq!(skill_level_elo(0), Some(MIN_ELO));
        assert_eq!(skill_level_elo(FULL_SKILL_LEVEL - 1), Some(MAX_ELO));
        assert_eq!(skill_level_elo(FULL_SKILL_LEVEL), None);
        let skills: Vec<u32> = LEVELS.iter().map(|level| nearest_skill_level(level.elo)).collect();
        assert_eq!(skills, [0, 4, 8, 11, 15, 19]);
    }

    #[test]
    fn the_book_temperature_falls_with_the_target_and_master_plays_the_main_line() {
        let temperatures: Vec<u32> = LEVELS.iter().map(|level| level.book_temperature_pct).collect();
        assert!(temperatures.windows(2).all(|w| w[0] > w[1]), "{temperatures:?}");
        assert_eq!(LEVELS[5].book_temperature_pct, 0);
    }

    #[test]
    fn form_repeats_with_a_seed_and_spreads_as_set() {
        assert_eq!(draw_form(7), draw_form(7));
        let forms: Vec<f64> = (1..=4000).map(|seed| f64::from(draw_form(seed))).collect();
        let mean = forms.iter().sum::<f64>() / forms.len() as f64;
        let sd = (forms.iter().map(|f| (f - mean).powi(2)).sum::<f64>() / forms.len() as f64).sqrt();
        assert!(mean.abs() < 15.0, "mean {mean}");
        // Clamped at two spreads, a normal keeps 96 % of its spread.
        assert!((sd - 0.96 * FORM_SPREAD).abs() < 12.0, "spread {sd}");
        assert!(forms.iter().all(|f| f.abs() <= FORM_LIMIT * FORM_SPREAD));
        let strength = Strength { elo: DEFAULT_ELO, seed: 1, form: -100 };
        assert_eq!(strength.persona().rating, persona_for(DEFAULT_ELO).rating - 100);
    }
}
