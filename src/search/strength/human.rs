//! A model of the move a human player of a given rating picks: a softmax over the legal
//! moves of a linear score whose weights move with the rating. Its inputs are what people
//! react to: the search's verdict on each move at a shallow and a deeper depth (a weak
//! player sees the first, a strong one the second), and the look of the move itself:
//! captures and recaptures, checks, a piece saved or left hanging, development, castling,
//! pawn moves, retreats and how far a piece goes, and where a piece of each kind goes from
//! and to (people have favourite squares). `tuning/humanfit.rs` fits the weights on rated
//! games by maximum likelihood; `human_weights.rs` holds them.

use shakmaty::{Bitboard, Board, Chess, Color, Move, Position as _, Role, Square};

use super::human_weights::{DESTINATION, ORIGIN, RATING_SLOPE, WEIGHTS};
use crate::analysis::classify;
use crate::position::Position;
use crate::search::see::see;

/// The depths at which the search scores every legal move: what a glance sees, what a short
/// calculation sees, what a careful one sees.
pub const SCORING_DEPTHS: [i32; 4] = [1, 3, 5, 8];
const DEEP: usize = SCORING_DEPTHS.len() - 1;

/// The rating at which a weight is its `WEIGHTS` value, and the rating span of one
/// `RATING_SLOPE` step.
pub const RATING_CENTRE: f64 = 1500.0;
pub const RATING_SPAN: f64 = 500.0;
/// The ratings the fitted games span (their 1st to 99th percentile): the weights are never
/// extrapolated beyond them (`logit` clamps).
pub const MODEL_RATINGS: (f64, f64) = (1100.0, 2000.0);

/// A loss of winning chances beyond this is a blunder on lichess's scale; the model may
/// weigh losses past it apart ...
const BLUNDER_LOSS: f64 = 0.3;
/// ... and the first small losses, which people barely tell apart from none, apart too.
const SLIP_LOSS: f64 = 0.1;

macro_rules! features {
    ($($name:ident),* $(,)?) => {
        /// The inputs of the model, one per move.
        #[allow(non_camel_case_types, clippy::upper_case_acronyms)]
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        #[repr(usize)]
        pub enum Feature { $($name),* }
        pub const FEATURE_NAMES: &[&str] = &[$(stringify!($name)),*];
    };
}

features!(
    loss_1,
    loss_3,
    loss_5,
    loss_8,
    blunder_1,
    blunder_8,
    slip_1,
    slip_8,
    second_8,
    best_1,
    best_3,
    best_5,
    best_8,
    capture,
    capture_value,
    recapture,
    takes_last_mover,
    check,
    escapes,
    hangs,
    hang_value,
    exposes,
    threatens,
    castles,
    develops,
    pawn,
    pawn_double,
    retreat,
    distance,
    king,
    queen,
    rook,
    knight,
    promotes,
    underpromotes,
    approaches_king,
    central,
    same_piece,
    biggest_capture,
    rim,
    early_queen,
    shelter_push,
    near_last,
    near_our_last,
);

pub const FEATURES: usize = FEATURE_NAMES.len();
/// The squares of a piece-square table: one board per kind of piece, from the mover's side.
pub const PIECE_SQUARES: usize = 6 * 64;

/// One move's inputs: the features, and where the piece that moves comes from and goes to
/// (`piece_square`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Inputs {
    pub features: [f32; FEATURES],
    pub origin: u16,
    pub destination: u16,
}

impl Inputs {
    pub fn get(&self, feature: Feature) -> f32 {
        self.features[feature as usize]
    }
}

/// The index of a piece of this kind on this square in a piece-square table, from the
/// mover's side (Black's squares mirrored).
fn piece_square(us: Color, role: Role, sq: Square) -> u16 {
    let relative = us.fold_wb(sq, sq.flip_vertical());
    (role as u16 - 1) * 64 + relative as u16
}

/// Winning chances on lichess's scale, -1 to 1, with a mate counted as the centipawn cap:
/// the one formula the analysis uses too.
pub fn winning_chances(score: i32) -> f64 {
    classify::winning_chances(classify::score_as_cp(score))
}

/// Exchange values in pawns, as players count them.
fn value(role: Role) -> f32 {
    match role {
        Role::Pawn => 1.0,
        Role::Knight | Role::Bishop => 3.0,
        Role::Rook => 5.0,
        Role::Queen => 9.0,
        Role::King => 0.0,
    }
}

/// The owner's pieces (not the king) that the other side wins by taking: attacked and
/// undefended, or attacked by something worth less.
fn en_prise(board: &Board, owner: Color) -> Bitboard {
    let occupied = board.occupied();
    let mut hanging = Bitboard::EMPTY;
    for sq in board.by_color(owner) & !board.kings() {
        let attackers = board.attacks_to(sq, !owner, occupied);
        if attackers.is_empty() {
            continue;
        }
        let piece_value = board.role_at(sq).map_or(0.0, value);
        let cheapest = attackers.into_iter().filter_map(|a| board.role_at(a)).map(value).fold(f32::MAX, f32::min);
        if board.attacks_to(sq, owner, occupied).is_empty() || cheapest < piece_value {
            hanging |= Bitboard::from_square(sq);
        }
    }
    hanging
}

fn value_of(board: &Board, squares: Bitboard) -> f32 {
    squares.into_iter().filter_map(|sq| board.role_at(sq)).map(value).sum()
}

const CENTRE: Bitboard = Bitboard(0x0000_3c3c_3c3c_0000);
const RIM: Bitboard = Bitboard(0x8181_8181_8181_8181);
/// Early in the game a queen sortie is a beginner's habit.
const EARLY_MOVES: u32 = 10;

/// What every move of one position shares.
struct Context<'a> {
    board: &'a Chess,
    us: Color,
    our_en_prise: Bitboard,
    their_en_prise: Bitboard,
    best: [i32; SCORING_DEPTHS.len()],
    /// The second-best distinct score at the deepest depth.
    second_deep: i32,
    biggest_safe_capture: f32,
    last: Option<Move>,
    our_last: Option<Move>,
}

/// The inputs of every move, in the order of `moves`. `scores[i][d]` is the search's score
/// of move i at `SCORING_DEPTHS[d]`, from the side to move's view.
pub fn inputs(pos: &Position, moves: &[Move], scores: &[[i32; SCORING_DEPTHS.len()]]) -> Vec<Inputs> {
    let board = pos.board();
    let us = board.turn();
    let mut best = [i32::MIN; SCORING_DEPTHS.len()];
    for s in scores {
        for d in 0..best.len() {
            best[d] = best[d].max(s[d]);
        }
    }
    let second_deep = scores.iter().map(|s| s[DEEP]).filter(|&s| s < best[DEEP]).max().unwrap_or(i32::MIN);
    let biggest_safe_capture = moves
        .iter()
        .filter(|m| m.is_capture() && see(board, **m) >= 0)
        .filter_map(|m| m.capture())
        .map(value)
        .fold(0.0, f32::max);
    let [last, our_last] = pos.recent_moves();
    let ctx = Context {
        board,
        us,
        our_en_prise: en_prise(board.board(), us),
        their_en_prise: en_prise(board.board(), !us),
        best,
        second_deep,
        biggest_safe_capture,
        last,
        our_last,
    };
    moves.iter().zip(scores).map(|(&m, s)| move_inputs(&ctx, m, s)).collect()
}

fn loss(best: i32, score: i32) -> f64 {
    (winning_chances(best) - winning_chances(score)).max(0.0)
}

fn move_inputs(ctx: &Context, m: Move, scores: &[i32; SCORING_DEPTHS.len()]) -> Inputs {
    use Feature as F;
    let mut x = [0.0f32; FEATURES];
    let flag = |b: bool| if b { 1.0 } else { 0.0 };
    let losses: Vec<f64> = (0..SCORING_DEPTHS.len()).map(|d| loss(ctx.best[d], scores[d])).collect();
    // One loss and one best-move flag per scoring depth, in that order.
    for d in 0..SCORING_DEPTHS.len() {
        x[F::loss_1 as usize + d] = losses[d] as f32;
        x[F::best_1 as usize + d] = flag(scores[d] == ctx.best[d]);
    }
    x[F::blunder_1 as usize] = (losses[0] - BLUNDER_LOSS).max(0.0) as f32;
    x[F::blunder_8 as usize] = (losses[DEEP] - BLUNDER_LOSS).max(0.0) as f32;
    x[F::slip_1 as usize] = losses[0].min(SLIP_LOSS) as f32;
    x[F::slip_8 as usize] = losses[DEEP].min(SLIP_LOSS) as f32;
    x[F::second_8 as usize] = flag(scores[DEEP] == ctx.second_deep && scores[DEEP] != ctx.best[DEEP]);
    let mut set = |f: Feature, v: f32| x[f as usize] = v;

    let board = ctx.board.board();
    let us = ctx.us;
    let role = m.role();
    let to = m.to();
    let from = m.from().unwrap_or(to);
    let captured = m.capture().map_or(0.0, value);
    set(F::capture, flag(m.is_capture()));
    set(F::capture_value, captured / 9.0);
    let last_to = ctx.last.map(|l| l.to());
    let recapture = ctx.last.is_some_and(|l| l.is_capture()) && last_to == Some(to) && m.is_capture();
    set(F::recapture, flag(recapture));
    set(F::takes_last_mover, flag(!recapture && m.is_capture() && last_to == Some(to)));
    set(F::biggest_capture, flag(m.is_capture() && captured >= ctx.biggest_safe_capture && see(ctx.board, m) >= 0));

    let mut after = ctx.board.clone();
    after.play_unchecked(m);
    set(F::check, flag(after.is_check()));
    let moved = if m.is_castle() { Bitboard::EMPTY } else { Bitboard::from_square(from) };
    set(F::escapes, flag((ctx.our_en_prise & moved).any()));
    let exchange = see(ctx.board, m);
    set(F::hangs, flag(exchange < 0));
    set(F::hang_value, (-exchange as f32 / 900.0).clamp(0.0, 1.0));
    let after_board = after.board();
    let ours_now = en_prise(after_board, us) & !Bitboard::from_square(to);
    set(F::exposes, value_of(after_board, ours_now & !ctx.our_en_prise) / 9.0);
    let theirs_now = en_prise(after_board, !us);
    set(F::threatens, value_of(after_board, theirs_now & !ctx.their_en_prise) / 9.0);

    set(F::castles, flag(m.is_castle()));
    let home_rank = Bitboard::from_rank(us.fold_wb(shakmaty::Rank::First, shakmaty::Rank::Eighth));
    let minor = matches!(role, Role::Knight | Role::Bishop);
    set(F::develops, flag(minor && home_rank.contains(from)));
    set(F::pawn, flag(role == Role::Pawn));
    set(F::pawn_double, flag(role == Role::Pawn && from.distance(to) == 2 && from.file() == to.file()));
    let forward = |sq: Square| us.fold_wb(sq.rank() as i32, 7 - sq.rank() as i32);
    set(F::retreat, flag(role != Role::Pawn && !m.is_castle() && forward(to) < forward(from)));
    set(F::distance, if m.is_castle() { 0.0 } else { from.distance(to) as f32 / 7.0 });
    set(F::king, flag(role == Role::King && !m.is_castle()));
    set(F::queen, flag(role == Role::Queen));
    set(F::rook, flag(role == Role::Rook));
    set(F::knight, flag(role == Role::Knight));
    set(F::promotes, flag(m.promotion() == Some(Role::Queen)));
    set(F::underpromotes, flag(m.promotion().is_some_and(|p| p != Role::Queen)));
    if let Some(king) = board.king_of(!us)
        && !m.is_castle()
    {
        set(F::approaches_king, (king.distance(from) as f32 - king.distance(to) as f32) / 7.0);
    }
    set(F::central, flag(CENTRE.contains(to) && role != Role::King));
    set(F::same_piece, flag(ctx.our_last.is_some_and(|l| l.to() == from) && !m.is_castle()));
    set(F::rim, flag(minor && RIM.contains(to)));
    set(F::early_queen, flag(role == Role::Queen && ctx.board.fullmoves().get() <= EARLY_MOVES));
    let shelter = board.king_of(us).is_some_and(|k| k.file().distance(from.file()) <= 1 && forward(k) == 0);
    set(F::shelter_push, flag(role == Role::Pawn && shelter));
    // People answer where the last move happened, and go on where they last moved.
    let nearness = |sq: Option<Square>| sq.map_or(0.0, |sq| 1.0 - sq.distance(to) as f32 / 7.0);
    set(F::near_last, nearness(last_to));
    set(F::near_our_last, nearness(ctx.our_last.map(|l| l.to())));
    let destination = if m.is_castle() { m.castling_side().map_or(to, |side| side.king_to(us)) } else { to };
    Inputs { features: x, origin: piece_square(us, role, from), destination: piece_square(us, role, destination) }
}

/// The model's score of one move for a player of this rating: the features' weights move
/// linearly with the rating; the piece-square preferences do not.
pub fn logit(inputs: &Inputs, rating: f64) -> f64 {
    let r = (rating.clamp(MODEL_RATINGS.0, MODEL_RATINGS.1) - RATING_CENTRE) / RATING_SPAN;
    let features: f64 =
        inputs.features.iter().enumerate().map(|(k, &x)| f64::from(x) * (WEIGHTS[k] + RATING_SLOPE[k] * r)).sum();
    features + ORIGIN[usize::from(inputs.origin)] + DESTINATION[usize::from(inputs.destination)]
}

/// The chance of each move, from its logit, sharpened by `temperature` (1: the fitted
/// distribution; lower: nearer the most likely move).
pub fn probabilities(logits: &[f64], temperature: f64) -> Vec<f64> {
    let top = logits.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let weights: Vec<f64> = logits.iter().map(|l| ((l - top) / temperature).exp()).collect();
    let total: f64 = weights.iter().sum();
    weights.iter().map(|w| w / total).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The position after `moves` from the start, and the inputs of its move `uci` with
    /// every verdict level.
    fn inputs_of(moves: &[&str], uci: &str) -> Inputs {
        let mut pos = Position::default();
        for m in moves {
            pos.play(pos.parse_move(m).unwrap());
        }
        let legal: Vec<Move> = pos.board().legal_moves().into_iter().collect();
        let verdicts = vec![[0; SCORING_DEPTHS.len()]; legal.len()];
        let all = inputs(&pos, &legal, &verdicts);
        let target = pos.parse_move(uci).unwrap();
        all[legal.iter().position(|&m| m == target).unwrap()]
    }

    fn get(x: &Inputs, f: Feature) -> f32 {
        x.get(f)
    }

    #[test]
    fn a_recapture_is_told_from_taking_the_piece_that_just_moved() {
        let recapture = inputs_of(&["e2e4", "d7d5", "e4d5"], "d8d5");
        assert_eq!((get(&recapture, Feature::recapture), get(&recapture, Feature::takes_last_mover)), (1.0, 0.0));
        assert_eq!(get(&recapture, Feature::capture_value), 1.0 / 9.0);
        // 1. e4 d5 2. Nc3 dxe4 3. Nxe4: the knight takes the pawn that just took.
        let knight = inputs_of(&["e2e4", "d7d5", "b1c3", "d5e4"], "c3e4");
        assert_eq!(get(&knight, Feature::recapture), 1.0);
        // 1. e4 d5 2. Nc3 d4: the pawn that just moved attacks the knight, which flees.
        let escape = inputs_of(&["e2e4", "d7d5", "b1c3", "d5d4"], "c3e2");
        assert_eq!((get(&escape, Feature::escapes), get(&escape, Feature::retreat)), (1.0, 1.0));
        let stays = inputs_of(&["e2e4", "d7d5", "b1c3", "d5d4"], "g1f3");
        assert_eq!(get(&stays, Feature::escapes), 0.0);
        assert_eq!(get(&stays, Feature::develops), 1.0);
    }

    #[test]
    fn a_piece_put_where_a_pawn_takes_it_hangs() {
        let hanging = inputs_of(&["e2e4", "e7e5"], "f1a6");
        assert_eq!(get(&hanging, Feature::hangs), 1.0);
        assert!((get(&hanging, Feature::hang_value) - 330.0 / 900.0).abs() < 1e-6);
        let safe = inputs_of(&["e2e4", "e7e5"], "f1c4");
        assert_eq!((get(&safe, Feature::hangs), get(&safe, Feature::hang_value)), (0.0, 0.0));
    }

    #[test]
    fn checks_castling_double_pushes_and_an_early_queen_are_seen() {
        let mate = inputs_of(&["f2f3", "e7e5", "g2g4"], "d8h4");
        assert_eq!((get(&mate, Feature::check), get(&mate, Feature::early_queen)), (1.0, 1.0));
        let castle = inputs_of(&["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6"], "e1g1");
        assert_eq!((get(&castle, Feature::castles), get(&castle, Feature::king)), (1.0, 0.0));
        let push = inputs_of(&[], "e2e4");
        assert_eq!((get(&push, Feature::pawn_double), get(&push, Feature::central)), (1.0, 1.0));
    }

    #[test]
    fn leaving_a_piece_undefended_to_an_attack_exposes_it() {
        // 1. e4 e5 2. Nf3 Nc6 3. Bb5: the knight on c6 guards e5, attacked by Nf3; moving it
        // away leaves e5 en prise.
        let exposes = inputs_of(&["e2e4", "e7e5", "g1f3", "b8c6", "f1b5"], "c6d4");
        assert!(get(&exposes, Feature::exposes) > 0.0, "the e5 pawn hangs after Nd4: {exposes:?}");
    }

    #[test]
    fn winning_chances_follow_lichess() {
        assert_eq!(winning_chances(0), 0.0);
        assert_eq!(winning_chances(1000), winning_chances(5000));
        assert_eq!(winning_chances(crate::search::MATE - 5), winning_chances(1000));
        assert!((winning_chances(-100) + winning_chances(100)).abs() < 1e-12);
        assert!((winning_chances(100) - 0.1820).abs() < 1e-3);
    }
}
