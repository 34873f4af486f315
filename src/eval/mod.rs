//! The handcrafted evaluation: tapered middlegame/endgame terms whose weights all live
//! in [`params::PARAMS`].

pub mod params;
pub mod tune;
pub mod wdl;

use params::{EvalParams, PARAMS, S};
use shakmaty::{Bitboard, Board, Chess, Color, Position, Role, Square, attacks};

/// Game phase weight of each role; the sum over the start position is `MAX_PHASE`.
const PHASE_WEIGHT: [i32; 6] = [0, 1, 1, 2, 4, 0];
const MAX_PHASE: i32 = 24;

const FILE_A: u64 = 0x0101_0101_0101_0101;

const fn file_mask(file: usize) -> u64 {
    FILE_A << file
}

const fn adjacent_files(file: usize) -> u64 {
    let left = if file > 0 { file_mask(file - 1) } else { 0 };
    let right = if file < 7 { file_mask(file + 1) } else { 0 };
    left | right
}

/// Squares strictly ahead of `sq` (from `color`'s side) on its file and the adjacent files.
const fn passed_span(color: usize, sq: usize) -> u64 {
    let (file, rank) = (sq % 8, sq / 8);
    let files = file_mask(file) | adjacent_files(file);
    let ahead = if color == 0 {
        if rank == 7 { 0 } else { !0u64 << ((rank + 1) * 8) }
    } else if rank == 0 {
        0
    } else {
        !0u64 >> ((8 - rank) * 8)
    };
    files & ahead
}

static PASSED_SPAN: [[u64; 64]; 2] = {
    let mut t = [[0; 64]; 2];
    let mut sq = 0;
    while sq < 64 {
        t[0][sq] = passed_span(0, sq);
        t[1][sq] = passed_span(1, sq);
        sq += 1;
    }
    t
};

fn color_index(c: Color) -> usize {
    match c {
        Color::White => 0,
        Color::Black => 1,
    }
}

fn role_index(r: Role) -> usize {
    r as usize - 1
}

/// Square index into the tables, which are written from White's side with rank 8 first.
fn table_index(color: Color, sq: Square) -> usize {
    match color {
        Color::White => sq.to_usize() ^ 56,
        Color::Black => sq.to_usize(),
    }
}

/// Rank of `sq` counted from `color`'s own back rank.
fn relative_rank(color: Color, sq: Square) -> usize {
    let rank = sq.to_usize() / 8;
    match color {
        Color::White => rank,
        Color::Black => 7 - rank,
    }
}

fn pawn_attacks_of(color: Color, pawns: Bitboard) -> Bitboard {
    let p = pawns.0;
    let not_a = !FILE_A;
    let not_h = !(FILE_A << 7);
    Bitboard(match color {
        Color::White => ((p & not_a) << 7) | ((p & not_h) << 9),
        Color::Black => ((p & not_a) >> 9) | ((p & not_h) >> 7),
    })
}

/// Evaluates from the side to move's point of view, in centipawns.
pub fn evaluate(pos: &Chess) -> i32 {
    evaluate_with(pos, &PARAMS)
}

/// The evaluation with explicit weights (the tuner passes its own).
pub fn evaluate_with(pos: &Chess, p: &EvalParams) -> i32 {
    let board = pos.board();
    let mut phase = 0;
    let mut score = S(0, 0);
    for color in Color::ALL {
        let side = side_score(board, color, p, &mut phase);
        if color == Color::White {
            score += side;
        } else {
            score -= side;
        }
    }
    score += if pos.turn() == Color::White { p.tempo } else { p.tempo * -1 };
    let phase = phase.min(MAX_PHASE);
    let mut white = (score.0 * phase + score.1 * (MAX_PHASE - phase)) / MAX_PHASE;
    white += mop_up(board, white, p);
    white = scale_for_draws(board, white);
    if pos.turn() == Color::White { white } else { -white }
}

/// Every term of one side, from that side's point of view.
fn side_score(board: &Board, color: Color, p: &EvalParams, phase: &mut i32) -> S {
    let us = board.by_color(color);
    let them = board.by_color(!color);
    let occupied = board.occupied();
    let our_pawns = board.pawns() & us;
    let their_pawns = board.pawns() & them;
    let mobility_area = !us & !pawn_attacks_of(!color, their_pawns);
    let their_king = board.king_of(!color);
    let king_zone = their_king.map_or(Bitboard(0), |k| attacks::king_attacks(k) | Bitboard::from_square(k));
    let mut score = S(0, 0);
    let mut zone_attack = S(0, 0);
    let mut attackers = 0usize;

    for sq in us {
        let role = board.role_at(sq).expect("occupied square");
        let r = role_index(role);
        *phase += PHASE_WEIGHT[r];
        score += p.piece_value[r] + p.psqt[r][table_index(color, sq)];
        let reach = match role {
            Role::Knight => attacks::knight_attacks(sq),
            Role::Bishop => attacks::bishop_attacks(sq, occupied),
            Role::Rook => attacks::rook_attacks(sq, occupied),
            Role::Queen => attacks::queen_attacks(sq, occupied),
            Role::Pawn | Role::King => continue,
        };
        let mobility = (reach & mobility_area).count();
        score += match role {
            Role::Knight => p.knight_mobility[mobility],
            Role::Bishop => p.bishop_mobility[mobility],
            Role::Rook => p.rook_mobility[mobility],
            _ => p.queen_mobility[mobility],
        };
        let hits = (reach & king_zone).count();
        if hits > 0 {
            attackers += 1;
            zone_attack += p.king_zone_attack[r] * hits as i32;
        }
        if role == Role::Rook {
            let file = file_mask(sq.to_usize() % 8);
            if our_pawns.0 & file == 0 {
                score += if their_pawns.0 & file == 0 { p.rook_open_file } else { p.rook_semi_open_file };
            }
        }
    }
    let scale = p.king_attackers_scale[attackers.min(7)];
    score += S(zone_attack.0 * scale / 100, zone_attack.1 * scale / 100);
    if (board.bishops() & us).count() >= 2 {
        score += p.bishop_pair;
    }
    score + pawn_structure(color, our_pawns, their_pawns, p) + king_shelter(board, color, our_pawns, p)
}

fn pawn_structure(color: Color, ours: Bitboard, theirs: Bitboard, p: &EvalParams) -> S {
    let mut score = S(0, 0);
    for sq in ours {
        let file = sq.to_usize() % 8;
        if ours.0 & adjacent_files(file) == 0 {
            score += p.isolated_pawn;
        }
        let span = PASSED_SPAN[color_index(color)][sq.to_usize()];
        if span & file_mask(file) & ours.0 != 0 {
            score += p.doubled_pawn;
        } else if span & theirs.0 == 0 {
            score += p.passed_pawn[relative_rank(color, sq)];
        }
    }
    score
}

fn king_shelter(board: &Board, color: Color, ours: Bitboard, p: &EvalParams) -> S {
    let Some(king) = board.king_of(color) else { return S(0, 0) };
    let file = king.to_usize() % 8;
    let files = file_mask(file) | adjacent_files(file);
    let rank = relative_rank(color, king);
    let ahead: u64 = (1..=2)
        .filter(|d| rank + d < 8)
        .map(|d| {
            let abs_rank = if color == Color::White { rank + d } else { 7 - (rank + d) };
            0xffu64 << (abs_rank * 8)
        })
        .fold(0, |a, b| a | b);
    p.king_shield * (ours.0 & files & ahead).count_ones() as i32
}

/// Helps convert won endings against a lone king: push it to the edge, bring ours close.
fn mop_up(board: &Board, white: i32, p: &EvalParams) -> i32 {
    let (strong, weak) = if white > 0 { (Color::White, Color::Black) } else { (Color::Black, Color::White) };
    if board.by_color(weak).count() != 1 || white.abs() < 300 {
        return 0;
    }
    let (Some(sk), Some(wk)) = (board.king_of(strong), board.king_of(weak)) else { return 0 };
    let centre_distance = |sq: Square| {
        let (f, r) = (sq.file().to_usize() as i32, sq.rank().to_usize() as i32);
        (2 * f - 7).abs().max((2 * r - 7).abs()) / 2
    };
    let bonus = p.mop_up_edge * centre_distance(wk) + p.mop_up_distance * (14 - sk.distance(wk) as i32 * 2);
    if strong == Color::White { bonus } else { -bonus }
}

/// Pulls the score toward zero where material says the stronger side cannot win.
fn scale_for_draws(board: &Board, white: i32) -> i32 {
    let strong = if white > 0 { Color::White } else { Color::Black };
    let strong_side = board.by_color(strong);
    if (board.pawns() & strong_side).any() {
        return white;
    }
    let minor_or_less = |c: Color| {
        let side = board.by_color(c);
        let non_king = side & !board.kings();
        non_king.count() <= 1 && (non_king & (board.rooks() | board.queens())).is_empty()
    };
    // Without pawns, a single minor piece (or two knights) cannot force mate.
    let two_knights = (strong_side & !board.kings()) == (strong_side & board.knights())
        && (strong_side & board.knights()).count() == 2;
    if minor_or_less(strong) || two_knights { white / 16 } else { white }
}
