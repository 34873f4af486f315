//! A level's own move: every legal move scored at the human model's depths, and one drawn
//! from the model's distribution for the level's rating, within the loss its persona allows.

use std::sync::Arc;

use rand::SeedableRng;
use rand::distr::Distribution;
use rand::distr::weighted::WeightedIndex;
use rand::rngs::StdRng;
use shakmaty::Move;

use super::Chosen;
use super::catalogue::Persona;
use super::human::{self, Feature, Inputs, SCORING_DEPTHS};
use super::mate_check::{prepare_root, private_table};
use super::scoring::Verdicts;
use crate::position::Position;
use crate::search::limits::Limits;
use crate::search::timeman::TimeManager;
use crate::search::worker::{RootMove, SearchSettings, Shared, Worker};

/// The most nodes the scoring may take with no `go nodes`: a bound for pathological
/// positions (it usually takes tens of thousands).
pub(super) const SCORING_NODES: u64 = 3_000_000;

/// Every legal move of the root with its verdicts, as far as the limits let the scoring go.
pub(super) struct Scored {
    moves: Vec<Move>,
    verdicts: Vec<Verdicts>,
    /// How many scoring depths completed (at least one).
    depths: usize,
    pub nodes: u64,
}

/// Scores the root moves on a fresh table, within `nodes` and the first part of the move's
/// time (the mate check has the rest); `None` when not even the first depth completed.
pub(super) fn score(main: &mut Worker, shared: &Arc<Shared>, pos: &Position, nodes: u64) -> Option<Scored> {
    let own = Shared {
        tt: private_table(shared),
        limits: Limits { depth: None, nodes: Some(nodes), mate: None, ..shared.limits.clone() },
        time: scoring_time(&shared.time),
        ..shared.fork(SearchSettings { finish_depth_one: true, ..SearchSettings::default() })
    };
    prepare_root(main, pos, own);
    let moves: Vec<Move> = main.root_moves.iter().map(|rm| rm.mv).collect();
    let (verdicts, depths) = main.score_moves(&moves);
    (depths > 0).then_some(Scored { moves, verdicts, depths, nodes: main.nodes })
}

/// Draws the persona's move among the scored ones. A persona that checks its moves
/// (`check_cp`) searches its pick again at the depth the full-strength search reached
/// (`full`), as a strong player looks at a candidate once more before playing it, and
/// draws again when the pick falls more than `check_cp` below the full-strength best: its
/// moves stay natural and near the best. A drawn blunder that leaves it within `slip_cp`
/// of level is played unchecked (`is_checked`): a strong player's rare blunder is one the
/// second look did not catch, so the check does not remove it; one that loses the game is
/// caught. After `MAX_CHECKS` rejections it plays the full-strength move. The worker stands
/// at the root.
pub(super) fn choose(
    main: &mut Worker,
    shared: &Arc<Shared>,
    scored: &Scored,
    persona: &Persona,
    seed: u64,
    full: &Chosen,
    node_limit: Option<u64>,
) -> Chosen {
    let pos = main.pos.clone();
    let inputs = human::inputs(&pos, &scored.moves, &scored.verdicts);
    let mut chances = move_chances(&inputs, persona);
    let mut rng = StdRng::seed_from_u64(seed);
    let mut nodes = scored.nodes;
    for _ in 0..MAX_CHECKS {
        let pick = draw(&chances, &mut rng);
        let m = scored.moves[pick];
        let left = node_limit.map(|n| n.saturating_sub(nodes - scored.nodes));
        if !is_checked(persona, &inputs[pick], scored.verdict(pick))
            || m == full.line.mv
            || full.depth < 2
            || left == Some(0)
        {
            return Chosen { nodes, ..scored.line(pick) };
        }
        let floor = full.line.best_known_score() - persona.check_cp as i32;
        let (passes, used) = passes_check(main, shared, &pos, m, full.depth, floor, left);
        nodes += used;
        match passes {
            Some(false) => chances[pick] = 0.0,
            // Out of time, or the pick stands: it is played.
            _ => return Chosen { nodes, ..scored.line(pick) },
        }
        if chances.iter().all(|&c| c == 0.0) {
            break;
        }
    }
    Chosen { nodes, ..full.clone() }
}

/// Whether the persona checks this pick (`verdict`: its deepest verdict): it checks at
/// all, and the pick is not a blunder that leaves the mover at most `slip_cp` behind.
fn is_checked(persona: &Persona, pick: &Inputs, verdict: i32) -> bool {
    let slips_through = error_size(pick) == BLUNDER_SIZE && verdict >= -(persona.slip_cp as i32);
    persona.check_cp > 0 && !slips_through
}

/// A persona that checks its picks gives up after this many rejected ones.
const MAX_CHECKS: usize = 4;

impl Scored {
    /// The line of move `i` as the level reports it: its deepest completed verdict.
    fn verdict(&self, i: usize) -> i32 {
        self.verdicts[i][self.depths - 1]
    }

    fn line(&self, i: usize) -> Chosen {
        let depth = SCORING_DEPTHS[self.depths - 1];
        let score = self.verdict(i);
        let line = RootMove { score, previous_score: score, seldepth: depth as usize, ..RootMove::new(self.moves[i]) };
        Chosen { line, depth, nodes: self.nodes }
    }
}

/// Whether move `m` scores at least `floor` at `depth` (a null-window search on the main
/// table, which the full-strength search just filled), within `nodes`, with the nodes it
/// took; `None` when the move's time or nodes ran out first.
fn passes_check(
    main: &mut Worker,
    shared: &Arc<Shared>,
    pos: &Position,
    m: Move,
    depth: i32,
    floor: i32,
    nodes: Option<u64>,
) -> (Option<bool>, u64) {
    let check = Shared {
        limits: Limits { depth: None, mate: None, nodes, ..shared.limits.clone() },
        ..shared.fork(SearchSettings { holds_a_move: true, ..SearchSettings::default() })
    };
    prepare_root(main, pos, check);
    main.make_move(0, m);
    let score = main.search_made_move(0, depth - 1, floor - 1, floor, None, false);
    main.pos.unmake();
    ((!main.stopped).then_some(score >= floor), main.nodes)
}

/// The sizes of error on lichess's scale (a loss of winning chances by the deepest verdict
/// of at least 0.1, 0.2, 0.3: inaccuracy, mistake, blunder); below the first, a good move.
const ERROR_SIZES: [f32; 3] = [0.1, 0.2, 0.3];
/// `error_size` of a blunder.
const BLUNDER_SIZE: usize = ERROR_SIZES.len();

fn error_size(x: &Inputs) -> usize {
    ERROR_SIZES.iter().filter(|&&size| x.get(Feature::loss_8) >= size).count()
}

/// The chance of each move for this persona, in two steps, as a player errs. First the size
/// of error: good move, inaccuracy, mistake or blunder, as often as players of its rating
/// make each (the model's own chances, at the error temperature, with the blunders' odds
/// raised by the persona's blunder bonus and for a persona rated below the model's games).
/// Then, within that size, the move such a player is most drawn to (the model's chances
/// sharpened to the persona's temperature): its mistakes are the natural ones, a piece left
/// hanging to a simple attack or a recapture that loses, at the rate and of the size the
/// human games show, not random moves. Moves that lose more than the persona allows are
/// taken out (the best by the deepest verdict always stays). The chances sum to one.
///
/// With the error temperature equal to the persona's temperature the two steps are one: the
/// model sharpened to that temperature with the bonus on every blunder's logit. Near zero it
/// plays its players' most likely move unless a blunder's logit plus the bonus beats it, so
/// it blunders where the blunder is nearly the natural move, which is where people do.
pub fn move_chances(inputs: &[Inputs], persona: &Persona) -> Vec<f64> {
    let rating = f64::from(persona.rating);
    let logits: Vec<f64> = inputs.iter().map(|x| human::logit(x, rating)).collect();
    let natural = human::probabilities(&logits, error_temperature(persona));
    let sharp = human::probabilities(&logits, f64::from(persona.temperature_pct.max(1)) / 100.0);
    let max_loss = f64::from(persona.max_loss_pct) / 100.0;
    let allowed: Vec<bool> =
        inputs.iter().map(|x| f64::from(x.get(Feature::loss_8)) <= max_loss || x.get(Feature::best_8) == 1.0).collect();
    let mut size_chance = [0.0; ERROR_SIZES.len() + 1];
    let mut size_sharp = [0.0; ERROR_SIZES.len() + 1];
    for (i, x) in inputs.iter().enumerate().filter(|&(i, _)| allowed[i]) {
        size_chance[error_size(x)] += natural[i];
        size_sharp[error_size(x)] += sharp[i];
    }
    size_chance[BLUNDER_SIZE] *= blunder_odds(persona);
    let total: f64 = size_chance.iter().sum();
    inputs
        .iter()
        .enumerate()
        .map(|(i, x)| {
            let size = error_size(x);
            let within = sharp[i] / size_sharp[size].max(f64::MIN_POSITIVE);
            if allowed[i] { size_chance[size] / total * within } else { 0.0 }
        })
        .collect()
}

/// The model speaks for the ratings its games span, and a persona plays as the nearest of
/// them. Rated below them, it blunders more: the odds of a blunder double every this many
/// points below. The odds grow most where blundering is already natural (a piece the
/// players of the lowest rating often leave hanging), so a weaker persona blunders where
/// people do, not at random.
const BLUNDER_DOUBLING: f64 = 125.0;
/// Rated above them, it errs less often: the temperature of its error sizes halves every
/// this many points above. The rating stays one knob of strength over any range, which is
/// what the calibration turns.
const TEMPERATURE_HALVING: f64 = 300.0;
/// The error temperature never falls below this (1 = as often as the fitted players).
const MIN_ERROR_TEMPERATURE: f64 = 0.05;

fn error_temperature(persona: &Persona) -> f64 {
    let above = (f64::from(persona.rating) - human::MODEL_RATINGS.1).max(0.0);
    let base = f64::from(persona.error_pct) / 100.0;
    (base * (-above / TEMPERATURE_HALVING).exp2()).max(MIN_ERROR_TEMPERATURE)
}

/// How much likelier the blunder class is than the model gives it: the persona's bonus on a
/// blunder's logit, at the error temperature, and the doubling below the model's ratings.
fn blunder_odds(persona: &Persona) -> f64 {
    let below = (human::MODEL_RATINGS.0 - f64::from(persona.rating)).max(0.0);
    let bonus = f64::from(persona.blunder_bonus) / 100.0 / error_temperature(persona);
    (bonus.min(MAX_BONUS_EXPONENT) + below / BLUNDER_DOUBLING * std::f64::consts::LN_2).exp()
}

/// Keeps the blunder odds finite (e^200 already makes any blunder certain).
const MAX_BONUS_EXPONENT: f64 = 200.0;

/// One index drawn in proportion to the chances (the first when none has any).
fn draw(chances: &[f64], rng: &mut StdRng) -> usize {
    WeightedIndex::new(chances).map_or(0, |index| index.sample(rng))
}

/// The scoring's work is fixed (the scoring depths); the clock only bounds it, at this share
/// of the move's hard limit, so that the mate check after it keeps the rest.
const SCORING_TIME_PERCENT: u32 = 65;

fn scoring_time(time: &TimeManager) -> TimeManager {
    time.with_deadlines(None, time.deadlines().1.map(|hard| hard * SCORING_TIME_PERCENT / 100))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::strength::catalogue;

    /// A persona that plays the model as it stands: every test changes only what it is about.
    const PLAIN: Persona = Persona {
        rating: 1500,
        error_pct: 100,
        blunder_bonus: 0,
        temperature_pct: 100,
        max_loss_pct: 200,
        check_cp: 0,
        slip_cp: 0,
    };

    /// The start position and its legal moves.
    fn start_moves() -> (Position, Vec<Move>) {
        let pos = Position::default();
        let moves = shakmaty::Position::legal_moves(pos.board()).into_iter().collect();
        (pos, moves)
    }

    #[test]
    fn draws_follow_the_chances_and_never_pick_an_excluded_move() {
        let chances = [0.0, 0.75, 0.25, 0.0];
        let mut rng = StdRng::seed_from_u64(3);
        let mut counts = [0; 4];
        for _ in 0..4000 {
            counts[draw(&chances, &mut rng)] += 1;
        }
        assert_eq!((counts[0], counts[3]), (0, 0));
        assert!((2800..3200).contains(&counts[1]), "{counts:?}");
    }

    #[test]
    fn beyond_the_model_ratings_the_blunder_odds_and_error_temperature_carry_the_strength() {
        let persona = |rating| Persona { rating, temperature_pct: 40, ..PLAIN };
        let (low, high) = (human::MODEL_RATINGS.0 as u32, human::MODEL_RATINGS.1 as u32);
        assert_eq!((error_temperature(&persona(low)), blunder_odds(&persona(low))), (1.0, 1.0));
        assert_eq!((error_temperature(&persona(high)), blunder_odds(&persona(high))), (1.0, 1.0));
        let below = persona(low - 2 * BLUNDER_DOUBLING as u32);
        assert_eq!(error_temperature(&below), 1.0);
        assert!((blunder_odds(&below) - 4.0).abs() < 1e-9);
        let above = persona(high + TEMPERATURE_HALVING as u32);
        assert!((error_temperature(&above) - 0.5).abs() < 1e-9);
        assert_eq!(blunder_odds(&above), 1.0);
        assert_eq!(error_temperature(&persona(high + 5000)), MIN_ERROR_TEMPERATURE);
        let blunderer = Persona { blunder_bonus: 100, ..below };
        assert!((blunder_odds(&blunderer) - 4.0 * std::f64::consts::E).abs() < 1e-9);
    }

    #[test]
    fn a_weaker_persona_or_higher_blunder_odds_blunder_more_and_the_chances_sum_to_one() {
        let (pos, moves) = start_moves();
        let mut verdicts = vec![[20; SCORING_DEPTHS.len()]; moves.len()];
        verdicts[0] = [20, 20, 20, -900];
        let inputs = human::inputs(&pos, &moves, &verdicts);
        let persona = |rating| Persona { rating, error_pct: 60, temperature_pct: 10, ..PLAIN };
        let blunder = |rating| move_chances(&inputs, &persona(rating))[0];
        for rating in [400, 1100, 1500] {
            assert!((move_chances(&inputs, &persona(rating)).iter().sum::<f64>() - 1.0).abs() < 1e-9);
        }
        assert!(blunder(400) > 10.0 * blunder(1100), "{} {}", blunder(400), blunder(1100));
        let odds = |blunder_bonus| move_chances(&inputs, &Persona { blunder_bonus, ..persona(1500) })[0];
        assert!(odds(120) > 4.0 * odds(0), "{} {}", odds(120), odds(0));
    }

    #[test]
    fn at_one_temperature_the_two_steps_are_the_model_with_a_bonus_on_blunders() {
        let (pos, moves) = start_moves();
        let mut verdicts = vec![[20; SCORING_DEPTHS.len()]; moves.len()];
        verdicts[0] = [20, 20, 20, -900];
        verdicts[1] = [20, 20, 20, -150];
        let inputs = human::inputs(&pos, &moves, &verdicts);
        let persona = Persona { rating: 1400, error_pct: 20, blunder_bonus: 150, temperature_pct: 20, ..PLAIN };
        let bonus = |i: usize| if error_size(&inputs[i]) == BLUNDER_SIZE { 1.5 } else { 0.0 };
        let logits: Vec<f64> = inputs.iter().enumerate().map(|(i, x)| human::logit(x, 1400.0) + bonus(i)).collect();
        let expected = human::probabilities(&logits, 0.2);
        let chances = move_chances(&inputs, &persona);
        assert_eq!(error_size(&inputs[0]), BLUNDER_SIZE);
        assert!(chances.iter().zip(&expected).all(|(c, e)| (c - e).abs() < 1e-9), "{chances:?} {expected:?}");
    }

    #[test]
    fn a_checking_persona_checks_every_pick_but_a_blunder_within_its_slip() {
        let (pos, moves) = start_moves();
        // From +600: the first move keeps it, the second is a mistake, the third a blunder
        // that stays ahead, the last a blunder into a lost position.
        let last = moves.len() - 1;
        let mut verdicts = vec![[600; SCORING_DEPTHS.len()]; moves.len()];
        verdicts[1] = [600, 600, 600, 350];
        verdicts[2] = [600, 600, 600, 150];
        verdicts[last] = [600, 600, 600, -300];
        let inputs = human::inputs(&pos, &moves, &verdicts);
        let deepest = |i: usize| verdicts[i][SCORING_DEPTHS.len() - 1];
        let master = Persona { rating: 2300, error_pct: 50, temperature_pct: 10, check_cp: 30, ..PLAIN };
        assert_eq!([0, 1, 2, last].map(|i| error_size(&inputs[i])), [0, 2, BLUNDER_SIZE, BLUNDER_SIZE]);
        assert!(is_checked(&master, &inputs[0], deepest(0)));
        assert!(is_checked(&master, &inputs[1], deepest(1)));
        assert!(!is_checked(&master, &inputs[2], deepest(2)));
        assert!(is_checked(&master, &inputs[last], deepest(last)));
        assert!(!is_checked(&Persona { check_cp: 0, ..master }, &inputs[0], deepest(0)));
        // A persona that lets blunders within 300 cp of level slip leaves the last unchecked.
        let lenient = Persona { slip_cp: 300, ..master };
        assert!(!is_checked(&lenient, &inputs[last], deepest(last)));
        assert!(is_checked(&Persona { slip_cp: 299, ..master }, &inputs[last], deepest(last)));
        assert!(is_checked(&lenient, &inputs[1], deepest(1)));
    }

    #[test]
    fn below_hard_a_second_natural_move_within_a_logit_is_still_played() {
        // The opponents below Hard play as the model's weakest players whatever their form,
        // so their choice temperature is all that varies their play: a move a logit behind
        // the most natural one must keep a fair chance, or they repeat one game forever.
        let (pos, moves) = start_moves();
        let inputs = human::inputs(&pos, &moves, &vec![[20; SCORING_DEPTHS.len()]; moves.len()]);
        let hard = catalogue::level_named("Hard").expect("a level named Hard").elo;
        for level in catalogue::LEVELS.iter().filter(|level| level.elo < hard) {
            let rating = f64::from(level.persona.rating);
            let logits: Vec<f64> = inputs.iter().map(|x| human::logit(x, rating)).collect();
            let top = (0..logits.len()).max_by(|&a, &b| logits[a].total_cmp(&logits[b])).unwrap();
            let gap = |i: usize| logits[top] - logits[i];
            let second = (0..logits.len())
                .filter(|&i| (SECOND_GAP_MIN..1.0).contains(&gap(i)))
                .max_by(|&a, &b| gap(a).total_cmp(&gap(b)))
                .expect("the start position has a move most of a logit behind the top one");
            let chances = move_chances(&inputs, &level.persona);
            let odds = chances[top] / chances[second];
            assert!(odds < MAX_RUNNER_UP_ODDS, "{}: {:?}", level.name, (chances[top], chances[second]));
        }
    }

    /// The runner-up the variety test looks at is this far behind the top move or more (in
    /// logits, under 1), and it must keep better odds than 1 in `MAX_RUNNER_UP_ODDS` against
    /// it: a choice temperature under about 30 % fails that (e^(1 / 0.3) is 28).
    const SECOND_GAP_MIN: f64 = 0.7;
    const MAX_RUNNER_UP_ODDS: f64 = 30.0;

    #[test]
    fn a_move_beyond_the_allowed_loss_has_no_chance() {
        let (pos, moves) = start_moves();
        // Every move level at every depth except the last, which loses a queen.
        let mut verdicts = vec![[20; SCORING_DEPTHS.len()]; moves.len()];
        verdicts[moves.len() - 1] = [20, 20, 20, -900];
        let inputs = human::inputs(&pos, &moves, &verdicts);
        let strict = Persona { max_loss_pct: 50, ..PLAIN };
        let chances = move_chances(&inputs, &strict);
        assert_eq!(chances[moves.len() - 1], 0.0);
        assert!(chances[..moves.len() - 1].iter().all(|&c| c > 0.0));
        let free = Persona { max_loss_pct: 200, ..strict };
        assert!(move_chances(&inputs, &free)[moves.len() - 1] > 0.0);
    }
}
