//! The handcrafted evaluation: tapered middlegame/endgame terms over shared attack maps,
//! whose weights all live in [`params::PARAMS`].
//!
//! Both sides are evaluated together: a first pass over the pieces builds each side's attack
//! maps (by piece type, attacked twice, king zones) while scoring material, placement and
//! mobility; king safety, threats and passed pawns then read both sides' maps. The pawn
//! structure is cached by pawn key ([`Evaluator`]).

mod bitboards;
mod king;
pub mod params;
mod pawns;
mod pieces;
mod scale;
mod threats;
pub mod trace;
pub mod tune;
pub mod wdl;

use shakmaty::{Board, Chess, Color, Position as _, Role, Square};

use bitboards::{count, pawn_attacks, pawn_double_attacks};
use params::{NUM_TERMS, PARAMS, S, SAFETY_START, TEMPO};
use pawns::PawnTable;
use trace::{NoTrace, Trace, Tracer};

pub use scale::{MAX_PHASE, SCALE_NORMAL};

/// Role indices: the order of `MATERIAL` and the piece-square tables.
const PAWN: usize = 0;
const KNIGHT: usize = 1;
const BISHOP: usize = 2;
const ROOK: usize = 3;
const QUEEN: usize = 4;
const KING: usize = 5;

/// Game phase weight of each role; the sum over the start position is `MAX_PHASE`.
const PHASE_WEIGHT: [i32; 6] = [0, 1, 1, 2, 4, 0];

/// The most closed pawn structure (`KNIGHT_CLOSEDNESS` and `ROOK_CLOSEDNESS` have one more weight).
const MAX_CLOSEDNESS: usize = 8;

/// Pawns close the position, pawns blocked head-on more so, files without pawns open it.
fn closedness(white_pawns: u64, black_pawns: u64) -> usize {
    let pawns = white_pawns | black_pawns;
    let rammed = count(white_pawns & bitboards::forward(Color::Black, black_pawns));
    let open_files = bitboards::files_of(pawns).count_zeros() as i32;
    ((count(pawns) + 3 * rammed - 4 * open_files) / 3).clamp(0, MAX_CLOSEDNESS as i32) as usize
}

/// Evaluates from the side to move's point of view, in centipawns.
pub fn evaluate(pos: &Chess) -> i32 {
    from_side_to_move(pos, Eval::new(pos.board(), &PARAMS, &mut NoTrace).run(pos.turn(), None))
}

fn from_side_to_move(pos: &Chess, white: i32) -> i32 {
    if pos.turn() == Color::White { white } else { -white }
}

/// The evaluation with a pawn-structure cache: one per search thread.
#[derive(Default)]
pub struct Evaluator {
    pawns: PawnTable,
}

impl Evaluator {
    pub fn evaluate(&mut self, pos: &Chess) -> i32 {
        from_side_to_move(pos, Eval::new(pos.board(), &PARAMS, &mut NoTrace).run(pos.turn(), Some(&mut self.pawns)))
    }
}

/// The evaluation with every term's count recorded, for the tuner.
pub fn trace(pos: &Chess) -> Trace {
    let mut trace = Trace::default();
    trace.eval = Eval::new(pos.board(), &PARAMS, &mut trace).run(pos.turn(), None);
    trace
}

/// Role index: pawn 0 .. king 5.
fn role_index(r: Role) -> usize {
    r as usize - 1
}

fn side(c: Color) -> usize {
    c as usize
}

/// What both sides' terms read: the board as masks and the attack maps, built as the
/// pieces are scored.
struct EvalInfo {
    occupied: u64,
    colors: [u64; 2],
    /// By side, then role index.
    pieces: [[u64; 6]; 2],
    kings: [Square; 2],
    attacked: [u64; 2],
    attacked_by: [[u64; 6]; 2],
    attacked_twice: [u64; 2],
    /// The squares around each side's king.
    king_zone: [u64; 2],
    /// Where each side's pieces count their mobility.
    mobility_area: [u64; 2],
    /// By attacking side: its pieces that attack the enemy king zone, by role index, and
    /// their attacks on the zone's squares.
    zone_attackers: [[i32; 6]; 2],
    zone_attacks: [i32; 2],
    passed: [u64; 2],
    /// How closed the pawn structure is, 0 (open) to `MAX_CLOSEDNESS`.
    closedness: usize,
}

/// One evaluation in progress.
struct Eval<'a, T: Tracer> {
    board: &'a Board,
    weights: &'a [S; NUM_TERMS],
    tracer: &'a mut T,
    /// The linear terms of each side (indexed by `side`); kept apart so that adding one
    /// needs no branch on the colour.
    score: [S; 2],
    /// Each side's attack on the enemy king, before the safety curve.
    safety: [S; 2],
    info: EvalInfo,
}

impl<'a, T: Tracer> Eval<'a, T> {
    fn new(board: &'a Board, weights: &'a [S; NUM_TERMS], tracer: &'a mut T) -> Self {
        let mut info = EvalInfo {
            occupied: board.occupied().0,
            colors: [0; 2],
            pieces: [[0; 6]; 2],
            kings: [Square::A1; 2],
            attacked: [0; 2],
            attacked_by: [[0; 6]; 2],
            attacked_twice: [0; 2],
            king_zone: [0; 2],
            mobility_area: [0; 2],
            zone_attackers: [[0; 6]; 2],
            zone_attacks: [0; 2],
            passed: [0; 2],
            closedness: 0,
        };
        for color in Color::ALL {
            let s = side(color);
            info.colors[s] = board.by_color(color).0;
            for role in Role::ALL {
                info.pieces[s][role_index(role)] = (board.by_role(role) & board.by_color(color)).0;
            }
            info.kings[s] = board.king_of(color).unwrap_or(Square::A1);
        }
        Eval { board, weights, tracer, score: [S(0, 0); 2], safety: [S(0, 0); 2], info }
    }

    /// Adds term `term` (a constant from `params`) `count` times for `color`.
    #[inline(always)]
    fn add(&mut self, color: Color, term: usize, count: i32) {
        let s = self.weights[term] * count;
        if term >= SAFETY_START {
            self.safety[side(color)] += s;
        } else {
            self.score[side(color)] += s;
        }
        self.tracer.add(term, color, count);
    }

    /// The evaluation from White's side.
    fn run(mut self, turn: Color, pawn_table: Option<&mut PawnTable>) -> i32 {
        self.init_attacks();
        match pawn_table {
            Some(table) if !T::RECORDS => self.pawn_structure_cached(table),
            _ => self.info.passed = self.pawn_structure(),
        }
        for color in Color::ALL {
            self.pieces(color);
        }
        for color in Color::ALL {
            self.king(color);
            self.threats(color);
            self.passed_pawns(color);
            self.space(color);
        }
        self.add(turn, TEMPO, 1);
        self.combine()
    }

    /// Pawn and king attacks, the king zones and the mobility areas; the pieces add theirs.
    fn init_attacks(&mut self) {
        let info = &mut self.info;
        for color in Color::ALL {
            let s = side(color);
            let pawns = info.pieces[s][PAWN];
            let pawn_hits = pawn_attacks(color, pawns);
            let king_hits = shakmaty::attacks::king_attacks(info.kings[s]).0;
            info.attacked_by[s][PAWN] = pawn_hits;
            info.attacked_by[s][KING] = king_hits;
            info.attacked[s] = pawn_hits | king_hits;
            info.attacked_twice[s] = pawn_double_attacks(color, pawns) | (pawn_hits & king_hits);
            info.king_zone[s] = king_hits | (1 << info.kings[s].to_usize());
        }
        for color in Color::ALL {
            let (s, them) = (side(color), side(!color));
            let pawns = info.pieces[s][PAWN];
            let blocked = pawns & bitboards::backward(color, info.occupied);
            let low = pawns & (bitboards::relative_rank_mask(color, 1) | bitboards::relative_rank_mask(color, 2));
            info.mobility_area[s] = !(blocked | low | info.attacked_by[them][PAWN] | info.pieces[s][KING]);
        }
        info.closedness = closedness(info.pieces[1][PAWN], info.pieces[0][PAWN]);
    }

    /// Records the attacks of one of `color`'s pieces.
    fn note_attacks(&mut self, color: Color, r: usize, hits: u64) {
        let (info, s) = (&mut self.info, side(color));
        info.attacked_twice[s] |= info.attacked[s] & hits;
        info.attacked[s] |= hits;
        info.attacked_by[s][r] |= hits;
        let zone_hits = hits & info.king_zone[side(!color)];
        if zone_hits != 0 {
            info.zone_attackers[s][r] += 1;
            info.zone_attacks[s] += count(zone_hits);
        }
    }

    /// The linear terms so far, from White's side.
    fn white_score(&self) -> S {
        self.score[side(Color::White)] - self.score[side(Color::Black)]
    }

    /// Blends the phases, applies the safety curve, the endgame scale and the mop-up.
    fn combine(mut self) -> i32 {
        let mut score = self.white_score();
        for color in Color::ALL {
            let curve = king::safety_curve(self.safety[side(color)]);
            score += if color == Color::White { curve } else { -curve };
        }
        score.1 += self.complexity(score.1);
        let phase = self.phase();
        let scale = scale::endgame_scale(self.board, score.1);
        let mut white = (score.0 * phase + score.1 * (MAX_PHASE - phase) * scale / SCALE_NORMAL) / MAX_PHASE;
        let mop_up = scale::mop_up(self.board, white);
        white += mop_up;
        self.tracer.record_shape(phase, scale, mop_up != 0);
        white
    }

    /// The change `COMPLEXITY` makes to the endgame score `eg`: a simple position (few pawns,
    /// one wing) pulls it toward a draw, a rich one pushes it out.
    fn complexity(&mut self, eg: i32) -> i32 {
        let info = &self.info;
        let pawns = info.pieces[0][PAWN] | info.pieces[1][PAWN];
        let pieces = info.occupied & !pawns & !(info.pieces[0][KING] | info.pieces[1][KING]);
        let both_wings = pawns & bitboards::QUEEN_SIDE != 0 && pawns & bitboards::KING_SIDE != 0;
        let features: [i32; params::COMPLEXITY_FEATURES] =
            [count(info.passed[0] | info.passed[1]), count(pawns), i32::from(both_wings), i32::from(pieces == 0), 1];
        let mut complexity = 0;
        for (i, &n) in features.iter().enumerate() {
            complexity += self.weights[params::COMPLEXITY + i].1 * n;
            self.tracer.add(params::COMPLEXITY + i, Color::White, n);
        }
        eg.signum() * complexity.max(-eg.abs())
    }

    fn phase(&self) -> i32 {
        let weights = Role::ALL.iter().map(|&r| PHASE_WEIGHT[role_index(r)] * self.board.by_role(r).count() as i32);
        weights.sum::<i32>().min(MAX_PHASE)
    }
}

#[cfg(test)]
mod tests {
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, EnPassantMode};

    use super::*;

    fn positions() -> Vec<Chess> {
        let extra = [
            "8/8/8/8/8/4k3/8/4K2R w K - 0 1",
            "4k3/8/8/2b5/8/8/3PPP2/4K3 w - - 0 1",
            "r1bq1rk1/ppp2ppp/2np1n2/2b1p1N1/2B1P3/2NP4/PPP2PPP/R1BQ1RK1 w - - 0 8",
            "6k1/5p2/6pP/8/8/8/5PP1/6K1 w - - 0 1",
        ];
        crate::tools::bench::POSITIONS
            .iter()
            .chain(extra.iter())
            .map(|fen| fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap())
            .collect()
    }

    fn mirrored(pos: &Chess) -> Chess {
        let mut setup = pos.to_setup(EnPassantMode::Legal);
        setup.mirror();
        setup.position(CastlingMode::Standard).unwrap()
    }

    #[test]
    fn the_evaluation_is_the_same_with_colours_swapped() {
        for pos in positions() {
            assert_eq!(evaluate(&pos), evaluate(&mirrored(&pos)), "{}", Fen::from_position(&pos, EnPassantMode::Legal));
        }
    }

    #[test]
    fn the_pawn_cache_gives_the_evaluation_it_stands_for() {
        let mut evaluator = Evaluator::default();
        for _ in 0..2 {
            for pos in positions() {
                assert_eq!(evaluator.evaluate(&pos), evaluate(&pos));
            }
        }
    }

    #[test]
    fn the_trace_records_what_the_evaluation_adds() {
        for pos in positions() {
            let t = trace(&pos);
            let white = if pos.turn() == Color::White { evaluate(&pos) } else { -evaluate(&pos) };
            assert_eq!(t.eval, white);
            assert_eq!(t.counts[TEMPO][side(pos.turn())], 1);
            let material: i32 = (0..5).map(|r| t.counts[params::MATERIAL + r][1]).sum();
            assert_eq!(material, (pos.board().white() & !pos.board().kings()).count() as i32);
        }
    }

    #[test]
    fn threat_terms_count_what_a_hand_count_finds() {
        let pos: Chess = "4k3/8/2n5/3q4/B7/8/6N1/R3K3 w - - 0 1"
            .parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap();
        let t = trace(&pos);
        let white = side(Color::White);
        // The knight on g2 reaches e3 and f4, both a knight's move from d5. The rook reaches
        // a5 and d1 on the queen's lines; only d1 is attacked twice (with the king).
        assert_eq!(t.counts[params::KNIGHT_ON_QUEEN][white], 2);
        assert_eq!(t.counts[params::SLIDER_ON_QUEEN][white], 1);
        // The bishop attacks the knight on c6, which only the queen defends.
        assert_eq!(t.counts[params::WEAK_QUEEN_PROTECTION][white], 1);
        // Contested squares Black does not hold twice: a2, b3, b5, c6, d1 and d2.
        assert_eq!(t.counts[params::RESTRICTED][white], 6);
        let start = trace(&Chess::default());
        assert_eq!(start.counts[params::RESTRICTED][white], 0, "no square is contested at the start");
    }

    #[test]
    fn closed_structures_score_higher_than_open_ones() {
        let board = |fen: &str| fen.parse::<Fen>().unwrap().into_position::<Chess>(CastlingMode::Standard).unwrap();
        let closedness_of = |fen: &str| {
            let b = board(fen);
            let pawns = |c: Color| (b.board().pawns() & b.board().by_color(c)).0;
            closedness(pawns(Color::White), pawns(Color::Black))
        };
        // 16 pawns, none blocked, no open file.
        assert_eq!(closedness_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), 5);
        // A French chain: two pawns blocked head-on.
        assert_eq!(closedness_of("rnbqkbnr/pp3ppp/4p3/2ppP3/3P4/8/PPP2PPP/RNBQKBNR w KQkq - 0 4"), 7);
        // Four pawns on four files: four open files.
        assert_eq!(closedness_of("4k3/p6p/8/8/8/8/P6P/4K3 w - - 0 1"), 0);
    }

    #[test]
    fn complexity_moves_the_endgame_score_toward_zero_but_never_past_it() {
        let pos = "8/5k2/8/3p4/8/3K4/8/8 w - - 0 1".parse::<Fen>().unwrap();
        let pos: Chess = pos.into_position(CastlingMode::Standard).unwrap();
        let mut weights = PARAMS;
        weights[params::COMPLEXITY + 4] = S(0, -1000);
        let mut tracer = NoTrace;
        let mut eval = Eval::new(pos.board(), &weights, &mut tracer);
        eval.init_attacks();
        assert_eq!(eval.complexity(150), -150);
        assert_eq!(eval.complexity(-150), 150);
        weights[params::COMPLEXITY + 4] = S(0, 40);
        let mut eval = Eval::new(pos.board(), &weights, &mut tracer);
        eval.init_attacks();
        let pawn_weight = weights[params::COMPLEXITY + 1].1;
        assert_eq!(eval.complexity(150), 40 + pawn_weight + weights[params::COMPLEXITY + 3].1);
        assert_eq!(eval.complexity(0), 0);
    }

    #[test]
    fn a_lone_king_is_driven_to_the_edge() {
        let centre = "8/8/8/4k3/8/8/8/4K2R w K - 0 1".parse::<Fen>().unwrap().into_position(CastlingMode::Standard);
        let edge = "4k3/8/8/8/8/8/8/4K2R w K - 0 1".parse::<Fen>().unwrap().into_position(CastlingMode::Standard);
        let (centre, edge): (Chess, Chess) = (centre.unwrap(), edge.unwrap());
        assert!(evaluate(&edge) > evaluate(&centre));
        assert!(trace(&edge).mop_up);
    }
}
