//! Limited strength: the six bands from Beginner (600) to Master (2100).
//!
//! Each move first gets a full-strength search on the band's node budget, then a search for
//! a mate by checks only (the sacrificial mates a pruned search misses), then an exhaustive
//! hunt for short mates (the quiet ones pruning cuts); if any finds a forced mate, its mating
//! move is played, so no band ever lets a mate it could see slip.
//! Otherwise a weakened search (shallow, few nodes, noisy evaluation) lists candidate moves,
//! and one is drawn at random, weighted by how close it is to the best: a weak band often
//! plays a plausible second-best move, rarely a poor one, and never one that loses more than
//! its `max_loss_cp`; the strong bands play their own best move. Each game is played at the
//! level's setting plus a random form, as a player's strength varies from game to game.
//! `tuning/calibrate-levels` measures the bands and refits the table below.

use std::sync::Arc;

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

use super::mate_by_checks;
use super::timeman::TimeManager;
use super::tt::TranspositionTable;
use super::worker::{RootMove, SearchSettings, Shared, Worker};
use super::{Limits, MATE, MATE_BOUND};

/// The weakening parameters at one strength setting. Between two rows they are
/// interpolated, node counts geometrically.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Band {
    /// The setting this row is for (an Elo-like scale; the calibration maps targets onto it).
    pub setting: u32,
    /// The weakened search: its depth cap and node budget.
    pub depth: i32,
    pub nodes: u64,
    /// How many moves are candidates, and how far (cp) below the best one may be.
    pub candidates: usize,
    pub max_loss_cp: i32,
    /// Softmax temperature (cp) over the candidates' deficit: higher plays worse moves more often.
    pub temperature_cp: i32,
    /// Amplitude (cp) of the noise on static evaluations.
    pub eval_noise_cp: i32,
}

/// The app's opponents and their target Elo.
pub const LEVELS: [(&str, u32); 6] =
    [("Beginner", 600), ("Easy", 900), ("Medium", 1200), ("Hard", 1500), ("Expert", 1800), ("Master", 2100)];

/// The `Level` option's value for no limit.
pub const FULL_STRENGTH: &str = "Full";

/// The `Level` option's values: the levels' names, weakest first, then `FULL_STRENGTH`.
pub const LEVEL_NAMES: [&str; LEVELS.len() + 1] = level_names();

const fn level_names() -> [&'static str; LEVELS.len() + 1] {
    let mut names = [FULL_STRENGTH; LEVELS.len() + 1];
    let mut i = 0;
    while i < LEVELS.len() {
        names[i] = LEVELS[i].0;
        i += 1;
    }
    names
}

pub const MIN_ELO: u32 = LEVELS[0].1;
pub const MAX_ELO: u32 = LEVELS[LEVELS.len() - 1].1;

#[rustfmt::skip]
pub const BANDS: [Band; 10] = [
    Band { setting: 0, depth: 1, nodes: 1_500, candidates: 12, max_loss_cp: 1000, temperature_cp: 340, eval_noise_cp: 120 },
    Band { setting: 300, depth: 1, nodes: 2_000, candidates: 10, max_loss_cp: 900, temperature_cp: 260, eval_noise_cp: 90 },
    Band { setting: 600, depth: 1, nodes: 3_000, candidates: 8, max_loss_cp: 700, temperature_cp: 180, eval_noise_cp: 60 },
    Band { setting: 900, depth: 2, nodes: 6_000, candidates: 7, max_loss_cp: 450, temperature_cp: 120, eval_noise_cp: 40 },
    Band { setting: 1200, depth: 3, nodes: 15_000, candidates: 6, max_loss_cp: 300, temperature_cp: 75, eval_noise_cp: 25 },
    Band { setting: 1500, depth: 5, nodes: 40_000, candidates: 4, max_loss_cp: 180, temperature_cp: 40, eval_noise_cp: 15 },
    Band { setting: 1800, depth: 8, nodes: 120_000, candidates: 1, max_loss_cp: 0, temperature_cp: 1, eval_noise_cp: 30 },
    Band { setting: 2100, depth: 12, nodes: 200_000, candidates: 1, max_loss_cp: 0, temperature_cp: 1, eval_noise_cp: 12 },
    Band { setting: 2400, depth: 20, nodes: 500_000, candidates: 1, max_loss_cp: 0, temperature_cp: 1, eval_noise_cp: 0 },
    Band { setting: 2700, depth: 30, nodes: 2_000_000, candidates: 1, max_loss_cp: 0, temperature_cp: 1, eval_noise_cp: 0 },
];

// BEGIN CALIBRATION (tuning/calibrate-levels rewrites this block)
/// (target Elo, setting that plays at it), from measured matches.
pub const CALIBRATION: [(u32, u32); 6] =
    [(600, 133), (900, 575), (1200, 1000), (1500, 1375), (1800, 1608), (2100, 1910)];
// END CALIBRATION

/// A strength limit: the target Elo, the seed of the move choice (0: random) and this game's
/// form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Strength {
    pub elo: u32,
    pub seed: u64,
    /// Setting offset for the current game (see `draw_form`).
    pub form: i32,
}

impl Strength {
    /// The setting this game is played at.
    pub fn setting(&self) -> u32 {
        (i64::from(setting_for(self.elo)) + i64::from(self.form)).max(0) as u32
    }
}

/// A player's strength varies from game to game, and the Elo scale assumes it: 300 points
/// score 85 % only because each game's performance spreads (about 200 points in Elo's own
/// model). A level plays the same every game, so levels 300 apart would beat each other
/// nearly always. Each game therefore draws a form: an offset to the level's setting, normal
/// with this spread, fitted so that levels 300 apart score about 85 % (tuning/README.md).
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

/// Skill Level 0..19 spreads evenly over the levels' Elo range; 20 is full strength.
pub fn skill_level_elo(level: u32) -> Option<u32> {
    (level < 20).then(|| MIN_ELO + level * (MAX_ELO - MIN_ELO) / 19)
}

fn lerp(a: f64, b: f64, t: f64) -> f64 {
    a + (b - a) * t
}

/// The value at a target Elo of a table of (Elo, value) rows, interpolated linearly.
fn by_elo(table: &[(u32, u32)], elo: u32) -> u32 {
    let elo = elo.clamp(MIN_ELO, MAX_ELO);
    let upper = table.iter().position(|&(target, _)| target >= elo).unwrap_or(table.len() - 1);
    if upper == 0 || table[upper].0 == elo {
        return table[upper].1;
    }
    let ((t0, v0), (t1, v1)) = (table[upper - 1], table[upper]);
    lerp(f64::from(v0), f64::from(v1), f64::from(elo - t0) / f64::from(t1 - t0)).round() as u32
}

/// The setting that plays at a target Elo, interpolated in the calibration.
pub fn setting_for(elo: u32) -> u32 {
    by_elo(&CALIBRATION, elo)
}

/// How freely a level picks among book moves (`book::choice`), by its target Elo: 100 in
/// proportion to their weights, more is more evenly, 0 always the best-weighted one. It
/// follows the target, not the setting nor the game's form, so that refitting the
/// calibration never changes how a level opens: Master always plays the main line.
const BOOK_TEMPERATURE_PCT: [(u32, u32); 6] =
    [(600, 400), (900, 325), (1200, 250), (1500, 200), (1800, 100), (2100, 0)];

/// The book temperature (%) of a level with this target Elo.
pub fn book_temperature_pct(elo: u32) -> u32 {
    by_elo(&BOOK_TEMPERATURE_PCT, elo)
}

/// The parameters at a setting, interpolated between the table's rows.
pub fn band_at(setting: u32) -> Band {
    let setting = setting.clamp(BANDS[0].setting, BANDS[BANDS.len() - 1].setting);
    let upper = BANDS.iter().position(|b| b.setting >= setting).unwrap_or(BANDS.len() - 1);
    if upper == 0 || BANDS[upper].setting == setting {
        return BANDS[upper];
    }
    let (lo, hi) = (BANDS[upper - 1], BANDS[upper]);
    let t = f64::from(setting - lo.setting) / f64::from(hi.setting - lo.setting);
    let int = |a: i32, b: i32| lerp(f64::from(a), f64::from(b), t).round() as i32;
    let geo = |a: u64, b: u64| ((a as f64).ln() + ((b as f64).ln() - (a as f64).ln()) * t).exp().round() as u64;
    Band {
        setting,
        depth: int(lo.depth, hi.depth),
        nodes: geo(lo.nodes, hi.nodes),
        candidates: int(lo.candidates as i32, hi.candidates as i32).max(1) as usize,
        max_loss_cp: int(lo.max_loss_cp, hi.max_loss_cp),
        temperature_cp: int(lo.temperature_cp, hi.temperature_cp).max(1),
        eval_noise_cp: int(lo.eval_noise_cp, hi.eval_noise_cp),
    }
}

/// The parameters that play at a target Elo.
pub fn band_for(elo: u32) -> Band {
    band_at(setting_for(elo))
}

/// Draws one candidate: weight `exp(-deficit / temperature)` among those within `max_loss_cp`.
/// The deficit is taken from the best score among the candidates, not the first one's: after
/// an iteration cut short the first may hold a new, much worse score (a mate found against
/// it) while the others keep the last iteration's, and a negative deficit would weigh
/// beyond any float.
pub fn choose<'a>(candidates: &'a [RootMove], band: &Band, rng: &mut StdRng) -> &'a RootMove {
    let best = candidates.iter().map(RootMove::best_known_score).max().expect("at least one candidate");
    let weights: Vec<f64> = candidates
        .iter()
        .map(|rm| {
            let deficit = best - rm.best_known_score();
            if deficit > band.max_loss_cp { 0.0 } else { (-f64::from(deficit) / f64::from(band.temperature_cp)).exp() }
        })
        .collect();
    let total: f64 = weights.iter().sum();
    let mut pick = rng.random_range(0.0..total);
    for (rm, w) in candidates.iter().zip(&weights) {
        if pick < *w {
            return rm;
        }
        pick -= w;
    }
    &candidates[0]
}

/// Deterministic noise on static evaluations: the blur of a weakened level's judgement. The
/// same position always gets the same noise within a search, so the table stays coherent.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EvalNoise {
    amplitude_cp: i32,
    seed: u64,
}

impl EvalNoise {
    pub(super) fn apply(self, eval: i32, key: u64) -> i32 {
        if self.amplitude_cp == 0 {
            return eval;
        }
        let mut h = (key ^ self.seed).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        h ^= h >> 29;
        eval + (h % (2 * self.amplitude_cp as u64 + 1)) as i32 - self.amplitude_cp
    }
}

/// A limited strength plays on one thread, so that a seeded game can be replayed.
pub const LEVEL_THREADS: usize = 1;

/// The private table of the hunt and of the weakened search is small: their searches are.
const PRIVATE_TT_MB: usize = 2;

/// A fresh private table, so that a search on it never sees full-strength results and its
/// node counts do not depend on earlier searches. Only where 2 MB cannot be had does it
/// fall back to the main table (the mate hunt cuts only on unpruned entries even there).
fn private_table(shared: &Shared) -> Arc<TranspositionTable> {
    TranspositionTable::new(PRIVATE_TT_MB).map_or_else(|_| shared.tt.clone(), Arc::new)
}

/// The move a limited-strength search plays, with the depth and nodes it took.
pub(super) struct Chosen {
    pub line: RootMove,
    pub depth: i32,
    pub nodes: u64,
}

/// Runs both searches on the main worker and returns the line to play.
pub(super) fn play(main: &mut Worker, shared: &Arc<Shared>, strength: &Strength) -> Chosen {
    let band = band_at(strength.setting());
    let pos = main.pos.clone();

    // 1. Full strength: a forced mate found on the band's budget is always played. Under a
    // clock it stops at the move's soft limit, so that the weakened search keeps its time.
    // The pruned search has the first share of it, the mate by checks and the exhaustive
    // hunt for short mates the rest.
    let mate_time = mate_check_time(&shared.time);
    let default_mate_nodes = if mate_time.is_bounded() { TIMED_MATE_CHECK_NODES } else { UNTIMED_MATE_CHECK_NODES };
    let budget = NodeBudget::new(shared.limits.nodes, band.nodes);
    let mate_check = Shared {
        limits: Limits {
            nodes: Some(budget.for_mate_check(default_mate_nodes, 0) * u64::from(PRUNED_MATE_CHECK_PERCENT) / 100),
            mate: Some(MATE_CHECK_MOVES),
            ..shared.limits.clone()
        },
        time: mate_time
            .with_deadlines(None, mate_time.deadlines().1.map(|hard| hard * PRUNED_MATE_CHECK_PERCENT / 100)),
        ..shared.fork(SearchSettings { multipv: 1, ..SearchSettings::default() })
    };
    run(main, &pos, mate_check);
    let mut chosen = Chosen { line: main.root_moves[0].clone(), depth: main.completed_depth, nodes: main.nodes };
    if chosen.line.best_known_score() >= MATE_BOUND || main.root_moves.len() == 1 || main.stopped_by_user() {
        return chosen;
    }
    // The sacrificial mates that the pruned search scores badly, by checks only.
    let roots: Vec<_> = main.root_moves.iter().map(|rm| rm.mv).collect();
    let out_of_time = || main.stopped_by_user() || mate_time.should_stop(shared.clock_origin());
    let find_nodes = budget.for_mate_check(default_mate_nodes, chosen.nodes);
    let (mate, nodes) = mate_by_checks::find(&pos, &roots, MATE_BY_CHECKS_MOVES, find_nodes, &out_of_time);
    chosen.nodes += budget.counted(nodes, find_nodes);
    if let Some(mate) = mate {
        let plies = 2 * mate.moves as i32 - 1;
        chosen.line = RootMove {
            score: MATE - plies,
            previous_score: MATE - plies,
            seldepth: plies as usize,
            ..RootMove::new(mate.first)
        };
        chosen.depth = plies;
        return chosen;
    }
    // The quiet mates that pruning cuts: proven by an exhaustive search, shortest first.
    let hunt_nodes = budget.for_mate_check(default_mate_nodes, chosen.nodes);
    if hunt_nodes > 0 && !out_of_time() {
        // On a fresh table: the main one cuts a mate search only on unpruned entries anyway,
        // but a fresh one keeps the hunt's nodes, and so which mates it proves within its
        // budget, independent of earlier searches (a seeded game replays).
        let hunt = Shared {
            tt: private_table(shared),
            limits: Limits { nodes: Some(hunt_nodes), ..shared.limits.clone() },
            time: mate_time.clone(),
            ..shared.fork(SearchSettings { multipv: 1, exhaustive: true, ..SearchSettings::default() })
        };
        prepare_root(main, &pos, hunt);
        let found = main.hunt_mate(MATE_HUNT_MOVES);
        chosen.nodes += main.nodes;
        if found {
            chosen.line = main.root_moves[0].clone();
            chosen.depth = main.completed_depth;
            return chosen;
        }
    }

    // 2. The weakened search, then a weighted draw among its candidates.
    // A band that plays its own best move is weakened by its budget and noise alone: it
    // reuses what the mate check of this move and its own earlier moves left in the main
    // table, so that the clock does not pay twice for one search. The others search on a
    // fresh private table every move, so that they never see full-strength results.
    let own_best = band.candidates == 1;
    let seed = derive_seed(strength.seed, pos.key());
    let limits = Limits {
        depth: Some(band.depth),
        nodes: Some(budget.for_band(chosen.nodes)),
        mate: None,
        ..shared.limits.clone()
    };
    let weak = Shared {
        tt: if own_best { shared.tt.clone() } else { private_table(shared) },
        limits,
        // Under a clock the band's own search keeps to the move's budget: the node budgets of
        // the strong bands would otherwise run every move to the hard limit and drain the clock.
        time: band_time(&shared.time),
        ..shared.fork(SearchSettings {
            multipv: band.candidates,
            eval_noise: EvalNoise { amplitude_cp: band.eval_noise_cp, seed },
            // A `go nodes` too small for depth 1 of either search: the move played must still
            // be one a search scored. (When only the mate check completed depth 1, its move is
            // played within the limit.)
            finish_depth_one: chosen.depth == 0,
            ..SearchSettings::default()
        })
    };
    run(main, &pos, weak);
    chosen.nodes += main.nodes;
    if main.completed_depth > 0 {
        let lines = band.candidates.min(main.root_moves.len());
        let mut rng = StdRng::seed_from_u64(seed);
        chosen.line = choose(&main.root_moves[..lines], &band, &mut rng).clone();
        chosen.depth = main.completed_depth;
    }
    chosen
}

/// The mate check's deadline, which must leave time for the band's own search: the soft
/// limit, and never more than half the hard one (a `movetime` has both at the same point).
fn mate_check_time(time: &TimeManager) -> TimeManager {
    let hard = match time.deadlines() {
        (Some(soft), Some(hard)) => Some(soft.min(hard / 2)),
        (soft, hard) => soft.or(hard),
    };
    time.with_deadlines(None, hard)
}

/// The band's own search after the mate check: it may start iterations until twice the soft
/// limit (its own share after the mate check's) and stops at the hard limit.
fn band_time(time: &TimeManager) -> TimeManager {
    let (soft, hard) = time.deadlines();
    time.with_deadlines(soft.map(|soft| hard.map_or(soft * 2, |hard| (soft * 2).min(hard))), hard)
}

/// How a `go nodes N` is shared out at a limited strength: N bounds the whole move, the mate
/// check, the mate by checks and the band's own search together. The band's search is kept
/// the smaller of its own budget and half of N; the mate check may use the rest, never more
/// than its usual budget. Without `go nodes` every search has its usual budget.
#[derive(Clone, Copy, Debug)]
struct NodeBudget {
    /// The `go nodes` limit, if any.
    total: Option<u64>,
    /// Nodes kept for the band's own search.
    band_reserve: u64,
    band_nodes: u64,
}

impl NodeBudget {
    fn new(total: Option<u64>, band_nodes: u64) -> Self {
        NodeBudget { total, band_reserve: total.map_or(0, |n| band_nodes.min(n / 2)), band_nodes }
    }

    /// The nodes a part of the mate check may search after `used` nodes of this move, of the
    /// `usual` budget of the whole check.
    fn for_mate_check(&self, usual: u64, used: u64) -> u64 {
        let rest = usual.saturating_sub(used);
        self.total.map_or(rest, |n| rest.min(n.saturating_sub(self.band_reserve).saturating_sub(used)))
    }

    /// The nodes the band's own search may search after `used` nodes of this move.
    fn for_band(&self, used: u64) -> u64 {
        self.total.map_or(self.band_nodes, |n| self.band_nodes.min(n.saturating_sub(used)))
    }

    /// The mate by checks counts the node at which it ran out of budget; under `go nodes`
    /// that node was never searched and is not counted.
    fn counted(&self, nodes: u64, budget: u64) -> u64 {
        if self.total.is_some() { nodes.min(budget) } else { nodes }
    }
}

/// Mate check: stop as soon as a mate this short is proven (longer ones are rare and slow).
const MATE_CHECK_MOVES: u32 = 12;
/// Under a clock or movetime the mate check runs for the first part of the move's time, so a
/// mate that full strength finds in the level's time is never missed (the hardest of
/// mates.epd needs 3.9M nodes of the pruned search or 3.3M of the exhaustive hunt, so each
/// half of the check gets 4M). This cap keeps a generous movetime from making a level think
/// long (about 8 s here); at 10+0.1 the time always ends the check first.
const TIMED_MATE_CHECK_NODES: u64 = 8_000_000;
/// With no clock (`go depth`, `go infinite`) the check has this budget, about what 10+0.1 gives.
const UNTIMED_MATE_CHECK_NODES: u64 = 400_000;
/// The longest mate by checks looked for (its nodes are the mate check's).
const MATE_BY_CHECKS_MOVES: u32 = 6;
/// The share (of nodes and time) of the mate check that the pruned search has: it finds most
/// mates at once, and long ones; the exhaustive hunt after it finds the short quiet mates
/// that pruning cuts (a mate in 5 of mates.epd that the pruned search misses after 4M nodes
/// takes the hunt 0.8M).
const PRUNED_MATE_CHECK_PERCENT: u32 = 50;
/// The longest mate the exhaustive hunt looks for.
const MATE_HUNT_MOVES: u32 = 6;

fn run(main: &mut Worker, pos: &crate::position::Position, shared: Shared) {
    prepare_root(main, pos, shared);
    main.iterate();
}

fn prepare_root(main: &mut Worker, pos: &crate::position::Position, shared: Shared) {
    main.prepare(pos.clone(), Arc::new(shared));
    main.init_root_moves();
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[test]
    fn levels_map_to_settings_and_interpolate() {
        for (_, elo) in LEVELS {
            assert_eq!(band_for(elo).setting, setting_for(elo));
        }
        let between = band_at(750);
        assert!(between.nodes > BANDS[2].nodes && between.nodes < BANDS[3].nodes);
        assert_eq!(band_for(100), band_for(MIN_ELO));
        assert_eq!(skill_level_elo(0), Some(600));
        assert_eq!(skill_level_elo(19), Some(2100));
        assert_eq!(skill_level_elo(20), None);
    }

    #[test]
    fn the_book_temperature_falls_with_the_target_and_master_plays_the_main_line() {
        let temperatures: Vec<u32> = LEVELS.iter().map(|&(_, elo)| book_temperature_pct(elo)).collect();
        assert_eq!(temperatures, [400, 325, 250, 200, 100, 0]);
        assert_eq!(book_temperature_pct(1650), 150);
        assert_eq!(book_temperature_pct(3000), 0);
    }

    fn clock(time_ms: u64, inc_ms: u64) -> Limits {
        Limits { clock: Some(crate::search::Clock { time_ms, inc_ms, moves_to_go: None }), ..Limits::default() }
    }

    #[test]
    fn a_candidate_scored_far_below_the_others_is_never_drawn() {
        let mv =
            |uci: &str| uci.parse::<shakmaty::uci::UciMove>().unwrap().to_move(&shakmaty::Chess::default()).unwrap();
        let scored = |uci: &str, score: i32| RootMove { score, previous_score: score, ..RootMove::new(mv(uci)) };
        // The first line has just been found mated, the others keep their last scores.
        let candidates = [scored("e2e4", -(MATE - 3)), scored("d2d4", 20), scored("g1f3", 10)];
        let band = band_for(MIN_ELO);
        let mut rng = StdRng::seed_from_u64(1);
        for _ in 0..200 {
            assert_ne!(choose(&candidates, &band, &mut rng).mv, candidates[0].mv);
        }
    }

    #[test]
    fn the_mate_check_leaves_time_for_the_band() {
        let movetime = TimeManager::new(&Limits { movetime: Some(1030), ..Limits::default() }, 30);
        assert_eq!(mate_check_time(&movetime).deadlines(), (None, Some(Duration::from_millis(500))));
        let tm = TimeManager::new(&clock(10_000, 100), 30);
        assert_eq!(mate_check_time(&tm).deadlines().1, tm.deadlines().0);
        let untimed = TimeManager::new(&Limits::default(), 30);
        assert!(mate_check_time(&tm).is_bounded() && !mate_check_time(&untimed).is_bounded());
    }

    #[test]
    fn the_band_keeps_to_twice_the_soft_limit() {
        let tm = TimeManager::new(&clock(10_000, 100), 30);
        let (soft, hard) = tm.deadlines();
        assert_eq!(band_time(&tm).deadlines(), (soft.map(|soft| soft * 2), hard));
        let movetime = TimeManager::new(&Limits { movetime: Some(1030), ..Limits::default() }, 30);
        assert_eq!(band_time(&movetime).deadlines().0, movetime.deadlines().1);
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
        let strength = Strength { elo: 1500, seed: 1, form: -100 };
        assert_eq!(strength.setting(), setting_for(1500) - 100);
    }
}
