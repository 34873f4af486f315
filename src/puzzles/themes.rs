//! The themes of a puzzle, read from its solution line: each theme is defined here in code,
//! with its own test positions below. The names are lichess's (`tagger/cook.py` of
//! lichess-puzzler); the definitions are rokade's, and two of them see what lichess's miss:
//! a fork may include the king, and a pin may be to a more valuable piece (relative), not
//! only to the king.
//!
//! Plies of the line are numbered from 0: the solver moves at even plies, the defence at
//! odd ones; `positions[i]` is the position before ply `i`.

use shakmaty::{Chess, Color, Move, Position as _, Rank, Role, Square, attacks};

use super::find::material_diff;
use super::motifs::{attacked_enemies, is_defended, is_trapped, pins, value};
use super::{Kind, Puzzle};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Theme {
    MateIn1,
    MateIn2,
    MateIn3,
    BackRankMate,
    SmotheredMate,
    DoubleCheck,
    Fork,
    Skewer,
    Pin,
    DiscoveredAttack,
    HangingPiece,
    Sacrifice,
    Deflection,
    Attraction,
    TrappedPiece,
    Promotion,
    UnderPromotion,
    QuietMove,
    PawnEndgame,
    KnightEndgame,
    BishopEndgame,
    RookEndgame,
    QueenEndgame,
    QueenRookEndgame,
}

impl Theme {
    pub const ALL: [Theme; 24] = [
        Theme::MateIn1,
        Theme::MateIn2,
        Theme::MateIn3,
        Theme::BackRankMate,
        Theme::SmotheredMate,
        Theme::DoubleCheck,
        Theme::Fork,
        Theme::Skewer,
        Theme::Pin,
        Theme::DiscoveredAttack,
        Theme::HangingPiece,
        Theme::Sacrifice,
        Theme::Deflection,
        Theme::Attraction,
        Theme::TrappedPiece,
        Theme::Promotion,
        Theme::UnderPromotion,
        Theme::QuietMove,
        Theme::PawnEndgame,
        Theme::KnightEndgame,
        Theme::BishopEndgame,
        Theme::RookEndgame,
        Theme::QueenEndgame,
        Theme::QueenRookEndgame,
    ];

    /// lichess's name of the theme.
    pub fn name(self) -> &'static str {
        match self {
            Theme::MateIn1 => "mateIn1",
            Theme::MateIn2 => "mateIn2",
            Theme::MateIn3 => "mateIn3",
            Theme::BackRankMate => "backRankMate",
            Theme::SmotheredMate => "smotheredMate",
            Theme::DoubleCheck => "doubleCheck",
            Theme::Fork => "fork",
            Theme::Skewer => "skewer",
            Theme::Pin => "pin",
            Theme::DiscoveredAttack => "discoveredAttack",
            Theme::HangingPiece => "hangingPiece",
            Theme::Sacrifice => "sacrifice",
            Theme::Deflection => "deflection",
            Theme::Attraction => "attraction",
            Theme::TrappedPiece => "trappedPiece",
            Theme::Promotion => "promotion",
            Theme::UnderPromotion => "underPromotion",
            Theme::QuietMove => "quietMove",
            Theme::PawnEndgame => "pawnEndgame",
            Theme::KnightEndgame => "knightEndgame",
            Theme::BishopEndgame => "bishopEndgame",
            Theme::RookEndgame => "rookEndgame",
            Theme::QueenEndgame => "queenEndgame",
            Theme::QueenRookEndgame => "queenRookEndgame",
        }
    }

    fn detector(self) -> fn(&Line) -> Option<Evidence> {
        match self {
            Theme::MateIn1 => |l| mate_in(l, 1),
            Theme::MateIn2 => |l| mate_in(l, 2),
            Theme::MateIn3 => |l| mate_in(l, 3),
            Theme::BackRankMate => back_rank_mate,
            Theme::SmotheredMate => smothered_mate,
            Theme::DoubleCheck => double_check,
            Theme::Fork => fork,
            Theme::Skewer => skewer,
            Theme::Pin => pin,
            Theme::DiscoveredAttack => discovered_attack,
            Theme::HangingPiece => hanging_piece,
            Theme::Sacrifice => sacrifice,
            Theme::Deflection => deflection,
            Theme::Attraction => attraction,
            Theme::TrappedPiece => trapped_piece,
            Theme::Promotion => |l| promotion(l, false),
            Theme::UnderPromotion => |l| promotion(l, true),
            Theme::QuietMove => quiet_move,
            Theme::PawnEndgame => |l| endgame(l, &[]),
            Theme::KnightEndgame => |l| endgame(l, &[Role::Knight]),
            Theme::BishopEndgame => |l| endgame(l, &[Role::Bishop]),
            Theme::RookEndgame => |l| endgame(l, &[Role::Rook]),
            Theme::QueenEndgame => |l| endgame(l, &[Role::Queen]),
            Theme::QueenRookEndgame => |l| endgame(l, &[Role::Queen, Role::Rook]),
        }
    }
}

/// What a theme found, for the hint: the solver's piece that does it and the enemy pieces
/// it is done to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Evidence {
    pub theme: Theme,
    pub piece: Option<Role>,
    pub targets: Vec<Role>,
}

impl Evidence {
    fn new(theme: Theme, piece: Option<Role>, targets: Vec<Role>) -> Option<Evidence> {
        Some(Evidence { theme, piece, targets })
    }
}

/// A puzzle's solution as the tagger reads it.
pub struct Line {
    pub solver: Color,
    pub kind: Kind,
    pub mate_in: Option<u32>,
    /// `positions[i]` is the position before ply `i`; the last one is after the line.
    pub positions: Vec<Chess>,
    pub moves: Vec<Move>,
    /// The opponent's move before the puzzle, in SAN, when known.
    pub last_move_san: Option<String>,
}

impl Line {
    pub fn of(puzzle: &Puzzle) -> Result<Line, String> {
        let start = puzzle.position()?.board().clone();
        let moves = puzzle.solution_moves()?;
        let mut line = Line::new(start, moves, puzzle.kind, puzzle.mate_in);
        line.last_move_san = puzzle.last_move.as_ref().map(|m| m.san.clone());
        Ok(line)
    }

    pub fn new(start: Chess, moves: Vec<Move>, kind: Kind, mate_in: Option<u32>) -> Line {
        let mut positions = vec![start];
        for &m in &moves {
            let mut next = positions.last().expect("the start").clone();
            next.play_unchecked(m);
            positions.push(next);
        }
        Line { solver: positions[0].turn(), kind, mate_in, positions, moves, last_move_san: None }
    }

    /// A line from a FEN and its moves in UCI; the kind follows from `mate_in`.
    #[cfg(test)]
    pub fn from_uci(fen: &str, moves: &str, mate_in: Option<u32>) -> Line {
        let mut pos = crate::position::Position::from_fen(fen).unwrap();
        let start = pos.board().clone();
        let mut line = Vec::new();
        for uci in moves.split_whitespace() {
            let m = pos.parse_move(uci).unwrap();
            pos.play(m);
            line.push(m);
        }
        let kind = if mate_in.is_some() { Kind::Mate } else { Kind::Tactic };
        Line::new(start, line, kind, mate_in)
    }

    fn solver_plies(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.moves.len()).step_by(2)
    }

    fn after(&self, ply: usize) -> &Chess {
        &self.positions[ply + 1]
    }

    fn end(&self) -> &Chess {
        self.positions.last().expect("the start")
    }

    fn is_last(&self, ply: usize) -> bool {
        ply + 1 == self.moves.len()
    }

    /// The role of the piece that made the move at `ply`, after it (a promotion's new piece).
    fn moved_role(&self, ply: usize) -> Option<Role> {
        self.after(ply).board().role_at(self.moves[ply].to())
    }

    /// Whether a solver ply after `ply` captures on `sq`.
    fn captured_later(&self, ply: usize, sq: Square) -> bool {
        self.solver_plies().any(|j| j > ply && self.moves[j].to() == sq && self.moves[j].is_capture())
    }
}

/// The themes of a puzzle, as lichess names them; none when its line cannot be read.
pub fn tag(puzzle: &Puzzle) -> Vec<String> {
    Line::of(puzzle).map(|line| detect(&line).iter().map(|e| e.theme.name().to_string()).collect()).unwrap_or_default()
}

/// Every theme the line shows, in the order of `Theme::ALL`.
pub fn detect(line: &Line) -> Vec<Evidence> {
    Theme::ALL.iter().filter_map(|t| t.detector()(line)).collect()
}

fn mate_in(line: &Line, n: u32) -> Option<Evidence> {
    let last = line.moves.len().checked_sub(1)?;
    (line.kind == Kind::Mate && line.mate_in == Some(n) && line.end().is_checkmate())
        .then(|| Evidence::new(Theme::mate_in_theme(n), line.moved_role(last), vec![Role::King]))?
}

impl Theme {
    fn mate_in_theme(n: u32) -> Theme {
        match n {
            1 => Theme::MateIn1,
            2 => Theme::MateIn2,
            _ => Theme::MateIn3,
        }
    }
}

/// The mated king's square and side, if the line ends in checkmate.
fn mated_king(line: &Line) -> Option<(Square, Color)> {
    let end = line.end();
    if !end.is_checkmate() {
        return None;
    }
    Some((end.board().king_of(end.turn())?, end.turn()))
}

/// Checkmate on the king's own back rank by a rook or queen along it, the king walled in by
/// its own pieces in front (each square in front of it blocked by its own piece or covered,
/// at least one blocked).
fn back_rank_mate(line: &Line) -> Option<Evidence> {
    let (king, side) = mated_king(line)?;
    let board = line.end().board();
    let (back, forward) = if side == Color::White { (Rank::First, 1) } else { (Rank::Eighth, -1) };
    if king.rank() != back {
        return None;
    }
    let checker = line
        .end()
        .checkers()
        .into_iter()
        .find(|&c| c.rank() == back && matches!(board.role_at(c), Some(Role::Rook | Role::Queen)))?;
    let front_rank = back.offset(forward)?;
    let front: Vec<Square> =
        (-1..=1).filter_map(|df| king.file().offset(df)).map(|f| Square::from_coords(f, front_rank)).collect();
    let blocked = |sq: Square| board.color_at(sq) == Some(side);
    let covered = |sq: Square| board.attacks_to(sq, !side, board.occupied()).any();
    (front.iter().all(|&sq| blocked(sq) || covered(sq)) && front.iter().any(|&sq| blocked(sq)))
        .then(|| Evidence::new(Theme::BackRankMate, board.role_at(checker), vec![Role::King]))?
}

/// Checkmate by a knight of a king whose every neighbouring square holds its own piece.
fn smothered_mate(line: &Line) -> Option<Evidence> {
    let (king, side) = mated_king(line)?;
    let board = line.end().board();
    let checkers = line.end().checkers();
    let knight_mate = checkers.count() == 1 && checkers.into_iter().all(|c| board.role_at(c) == Some(Role::Knight));
    (knight_mate && (attacks::king_attacks(king) & !board.by_color(side)).is_empty())
        .then(|| Evidence::new(Theme::SmotheredMate, Some(Role::Knight), vec![Role::King]))?
}

/// A solver move that checks with two pieces at once.
fn double_check(line: &Line) -> Option<Evidence> {
    let ply = line.solver_plies().find(|&i| line.after(i).checkers().count() >= 2)?;
    Evidence::new(Theme::DoubleCheck, line.moved_role(ply), vec![Role::King])
}

/// A solver move (not a king's, not the last of the line, not mate) after which the moved
/// piece attacks two enemy pieces that are worth attacking: the king, pieces worth more
/// than it, or undefended pieces (pawns do not count); and the line later wins one of them.
fn fork(line: &Line) -> Option<Evidence> {
    for ply in line.solver_plies().filter(|&i| !line.is_last(i)) {
        let role = line.moved_role(ply)?;
        let after = line.after(ply);
        if role == Role::King || after.is_checkmate() {
            continue;
        }
        let board = after.board();
        let targets: Vec<(Square, Role)> = attacked_enemies(board, line.moves[ply].to())
            .into_iter()
            .filter(|(sq, p)| {
                p.role != Role::Pawn
                    && (p.role == Role::King || value(p.role) > value(role) || !is_defended(board, *sq))
            })
            .map(|(sq, p)| (sq, p.role))
            .collect();
        if targets.len() >= 2 && targets.iter().any(|&(sq, _)| line.captured_later(ply, sq)) {
            return Evidence::new(Theme::Fork, Some(role), targets.iter().map(|&(_, r)| r).collect());
        }
    }
    None
}

/// A slider attacks a valuable piece (or the king) with a less valuable one behind it on the
/// same line; the front piece steps aside and the slider takes the one behind.
fn skewer(line: &Line) -> Option<Evidence> {
    for ply in line.solver_plies().filter(|&j| j >= 2) {
        let m = line.moves[ply];
        let (Some(from), Some(taken)) = (m.from(), m.capture()) else { continue };
        if !matches!(m.role(), Role::Bishop | Role::Rook | Role::Queen) || line.after(ply).is_checkmate() {
            continue;
        }
        let reply = line.moves[ply - 1];
        let Some(front) = reply.from() else { continue };
        let before_reply = line.positions[ply - 1].board();
        let line_was_open = (attacks::between(from, front) & before_reply.occupied()).is_empty();
        if attacks::between(from, m.to()).contains(front)
            && reply.to() != m.to()
            && line_was_open
            && value(reply.role()) > value(taken)
        {
            return Evidence::new(Theme::Skewer, Some(m.role()), vec![reply.role(), taken]);
        }
    }
    None
}

/// After a solver move, an enemy piece is pinned by a solver's slider, to its king or to a
/// more valuable piece, and the line uses it: the pinned piece is taken later, or the solver
/// takes on a square that only the pinned piece guards and cannot retake without breaking
/// the pin.
fn pin(line: &Line) -> Option<Evidence> {
    let defender = !line.solver;
    for ply in line.solver_plies().filter(|&i| !line.is_last(i)) {
        let board = line.after(ply).board();
        for p in pins(board, defender) {
            let pinned_role = board.role_at(p.pinned)?;
            let still_pinned = |pos: &Chess| {
                pos.board().piece_at(p.pinned) == board.piece_at(p.pinned) && pins(pos.board(), defender).contains(&p)
            };
            let taken = line.captured_later(ply, p.pinned);
            let cannot_retake = line.solver_plies().filter(|&j| j > ply).any(|j| {
                let before = &line.positions[j];
                let target = line.moves[j].to();
                line.moves[j].is_capture()
                    && target != p.pinned
                    && still_pinned(before)
                    && before.board().attacks_from(p.pinned).contains(target)
                    && !attacks::ray(p.pinner, p.behind).contains(target)
                    && before.board().attacks_to(target, defender, before.board().occupied()).count() == 1
            });
            if taken || cannot_retake {
                return Evidence::new(
                    Theme::Pin,
                    board.role_at(p.pinner),
                    vec![pinned_role, board.role_at(p.behind).unwrap_or(Role::King)],
                );
            }
        }
    }
    None
}

/// A solver move uncovers an attack by another of its pieces on the line it leaves: a check
/// (a discovered check), or an attack on a piece that the uncovered piece then takes.
fn discovered_attack(line: &Line) -> Option<Evidence> {
    for ply in line.solver_plies() {
        let m = line.moves[ply];
        let Some(from) = m.from() else { continue };
        let (before, after) = (line.positions[ply].board(), line.after(ply).board());
        for slider in after.by_color(line.solver) & after.sliders() {
            if slider == m.to() {
                continue;
            }
            for target in after.attacks_from(slider) & after.by_color(!line.solver) {
                if !attacks::between(slider, target).contains(from) || before.attacks_from(slider).contains(target) {
                    continue;
                }
                let role = after.role_at(target)?;
                let uncovered_wins = line
                    .solver_plies()
                    .any(|j| j > ply && line.moves[j].to() == target && line.moves[j].from() == Some(slider));
                if role == Role::King || (role != Role::Pawn && uncovered_wins) {
                    return Evidence::new(Theme::DiscoveredAttack, after.role_at(slider), vec![role]);
                }
            }
        }
    }
    None
}

/// The first move takes an undefended piece (not a pawn) that the opponent's last move, not
/// a capture or a check, left hanging, and the line keeps the gain.
fn hanging_piece(line: &Line) -> Option<Evidence> {
    let first = *line.moves.first()?;
    let taken = first.capture().filter(|&r| r != Role::Pawn)?;
    if line.last_move_san.as_deref().is_some_and(|san| san.contains('x') || san.contains('+') || san.contains('#')) {
        return None;
    }
    let start = line.positions[0].board();
    let kept = material_diff(line.end().board(), line.solver) >= material_diff(line.after(0).board(), line.solver);
    (!is_defended(start, first.to()) && kept)
        .then(|| Evidence::new(Theme::HangingPiece, Some(first.role()), vec![taken]))?
}

/// After a later solver move the solver is at least two points of material down on the
/// start: it gave material for the attack.
fn sacrifice(line: &Line) -> Option<Evidence> {
    let initial = material_diff(line.positions[0].board(), line.solver);
    let ply = line
        .solver_plies()
        .filter(|&i| i >= 2)
        .find(|&i| material_diff(line.after(i).board(), line.solver) - initial <= -2)?;
    // The piece given up: the one the defence took just before.
    Evidence::new(Theme::Sacrifice, line.moves[ply - 1].capture(), Vec::new())
}

/// A solver move forces a defender (not the king) away: it must take the bait, or answer a
/// check; and the next solver move takes, promotes or mates on a square that defender guarded.
fn deflection(line: &Line) -> Option<Evidence> {
    for ply in line.solver_plies().filter(|&p| p >= 2) {
        let m = line.moves[ply];
        let target = m.to();
        if !(m.is_capture() || m.is_promotion() || line.after(ply).is_checkmate()) {
            continue;
        }
        let reply = line.moves[ply - 1];
        let Some(from) = reply.from() else { continue };
        let forced = line.positions[ply - 1].is_check() || reply.to() == line.moves[ply - 2].to();
        let guarded_before = line.positions[ply - 1].board().attacks_from(from).contains(target);
        let guards_after = line.positions[ply].board().attacks_from(reply.to()).contains(target);
        if forced && reply.role() != Role::King && reply.to() != target && guarded_before && !guards_after {
            return Evidence::new(Theme::Deflection, Some(m.role()), vec![reply.role()]);
        }
    }
    None
}

/// A solver move offers a piece on a square; the enemy king, queen or rook takes it and is
/// then checked there (the king) or taken there.
fn attraction(line: &Line) -> Option<Evidence> {
    for ply in line.solver_plies() {
        let square = line.moves[ply].to();
        let Some(&reply) = line.moves.get(ply + 1) else { continue };
        if reply.to() != square || !reply.is_capture() || !matches!(reply.role(), Role::King | Role::Queen | Role::Rook)
        {
            continue;
        }
        let Some(next) = line.moves.get(ply + 2) else { continue };
        let follows = if reply.role() == Role::King {
            line.after(ply + 2).is_check()
        } else {
            let next_attacks = line.after(ply + 2).board().attacks_from(next.to()).contains(square);
            (next.to() == square && next.is_capture()) || (next_attacks && line.captured_later(ply + 2, square))
        };
        if follows {
            return Evidence::new(Theme::Attraction, Some(line.moves[ply].role()), vec![reply.role()]);
        }
    }
    None
}

/// The solver takes a piece (not a pawn) that had no safe square left on the defence's turn
/// before.
fn trapped_piece(line: &Line) -> Option<Evidence> {
    for ply in line.solver_plies().filter(|&j| j >= 2) {
        let m = line.moves[ply];
        let Some(taken) = m.capture().filter(|&r| r != Role::Pawn) else { continue };
        let reply = line.moves[ply - 1];
        let square = if reply.to() == m.to() { reply.from()? } else { m.to() };
        if is_trapped(&line.positions[ply - 1], square) {
            return Evidence::new(Theme::TrappedPiece, Some(m.role()), vec![taken]);
        }
    }
    None
}

/// A solver move promotes (to a queen or anything), or under-promotes (to a knight, bishop
/// or rook).
fn promotion(line: &Line, under: bool) -> Option<Evidence> {
    let promoted =
        line.solver_plies().find_map(|i| line.moves[i].promotion().filter(|&r| !under || r != Role::Queen))?;
    Evidence::new(if under { Theme::UnderPromotion } else { Theme::Promotion }, Some(promoted), Vec::new())
}

/// A solver move before the last that neither checks, captures, promotes nor escapes a
/// check, and whose piece attacks no enemy piece where it lands.
fn quiet_move(line: &Line) -> Option<Evidence> {
    let ply = line.solver_plies().filter(|&i| !line.is_last(i)).find(|&i| {
        let m = line.moves[i];
        !m.is_capture()
            && !m.is_promotion()
            && !line.positions[i].is_check()
            && !line.after(i).is_check()
            && attacked_enemies(line.after(i).board(), m.to()).is_empty()
    })?;
    Evidence::new(Theme::QuietMove, line.moved_role(ply), Vec::new())
}

/// Kings and pawns, plus only pieces of these kinds (all of them present, at least one each).
fn endgame(line: &Line, kinds: &[Role]) -> Option<Evidence> {
    let board = line.positions[0].board();
    let pieces = [Role::Knight, Role::Bishop, Role::Rook, Role::Queen];
    let present = |r: Role| board.by_role(r).any();
    let only = pieces.iter().all(|&r| present(r) == kinds.contains(&r));
    let theme = match kinds {
        [] => Theme::PawnEndgame,
        [Role::Knight] => Theme::KnightEndgame,
        [Role::Bishop] => Theme::BishopEndgame,
        [Role::Rook] => Theme::RookEndgame,
        [Role::Queen] => Theme::QueenEndgame,
        _ => Theme::QueenRookEndgame,
    };
    only.then(|| Evidence::new(theme, None, Vec::new()))?
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;

    /// The themes of a line from a FEN, its moves in UCI.
    fn themes_of(fen: &str, moves: &str, mate_in: Option<u32>) -> Vec<&'static str> {
        detect(&Line::from_uci(fen, moves, mate_in)).iter().map(|e| e.theme.name()).collect()
    }

    fn has(fen: &str, moves: &str, mate_in: Option<u32>, theme: &str) -> bool {
        themes_of(fen, moves, mate_in).contains(&theme)
    }

    // Mates.
    const BACK_RANK: (&str, &str) = ("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "d1d8");
    const QUEEN_MATE_ON_THE_SEVENTH: (&str, &str) = ("k7/6Q1/1K6/8/8/8/8/8 w - - 0 1", "g7b7");
    const SMOTHERED: (&str, &str) = ("6rk/6pp/8/6N1/8/8/8/6K1 w - - 0 1", "g5f7");
    /// Philidor's legacy ending: the queen given on g8, then the smothered mate.
    const QUEEN_GIVEN_FOR_MATE: (&str, &str) = ("5r1k/6pp/7N/3Q4/8/8/8/6K1 w - - 0 1", "d5g8 f8g8 h6f7");
    /// 1. Kf7 Kh7 2. Rh1#: the king steps up without a check.
    const QUIET_KING_MOVE: (&str, &str) = ("7k/8/5K2/8/8/8/8/6R1 w - - 0 1", "f6f7 h8h7 g1h1");

    #[test]
    fn mate_in_n_comes_from_the_puzzle_and_a_mate_at_the_end() {
        assert!(has(BACK_RANK.0, BACK_RANK.1, Some(1), "mateIn1"));
        assert!(has(QUEEN_GIVEN_FOR_MATE.0, QUEEN_GIVEN_FOR_MATE.1, Some(2), "mateIn2"));
        assert!(!has(QUEEN_GIVEN_FOR_MATE.0, QUEEN_GIVEN_FOR_MATE.1, Some(2), "mateIn1"));
        // A tactic never gets a mate tag, even ending in mate.
        assert!(!has(BACK_RANK.0, BACK_RANK.1, None, "mateIn1"));
    }

    /// mates.epd: 1... Qxf2+ 2. Kh1 Qf1+ 3. Rxf1 Rxf1#, the queen given for a back-rank mate.
    const QUEEN_GIVEN_ON_THE_BACK_RANK: (&str, &str) =
        ("B4r1k/6pp/pp3q2/8/8/1Q6/PP3PPP/2R3K1 b - - 0 1", "f6f2 g1h1 f2f1 c1f1 f8f1");

    #[test]
    fn mate_in_three() {
        let (fen, line) = QUEEN_GIVEN_ON_THE_BACK_RANK;
        let themes = themes_of(fen, line, Some(3));
        for theme in ["mateIn3", "backRankMate", "sacrifice"] {
            assert!(themes.contains(&theme), "{theme} missing from {themes:?}");
        }
        assert!(!themes.contains(&"mateIn2"));
    }

    #[test]
    fn back_rank_mate_needs_the_king_walled_in_on_its_back_rank() {
        assert!(has(BACK_RANK.0, BACK_RANK.1, Some(1), "backRankMate"));
        // A mate on the king's back rank by a queen from the seventh rank is not one.
        assert!(!has(QUEEN_MATE_ON_THE_SEVENTH.0, QUEEN_MATE_ON_THE_SEVENTH.1, Some(1), "backRankMate"));
    }

    #[test]
    fn smothered_mate_is_a_knight_mate_of_a_king_surrounded_by_its_own_pieces() {
        assert!(has(SMOTHERED.0, SMOTHERED.1, Some(1), "smotheredMate"));
        assert!(has(QUEEN_GIVEN_FOR_MATE.0, QUEEN_GIVEN_FOR_MATE.1, Some(2), "smotheredMate"));
        assert!(!has(BACK_RANK.0, BACK_RANK.1, Some(1), "smotheredMate"));
    }

    #[test]
    fn double_and_discovered_checks() {
        let fen = "4k3/8/8/8/4N3/8/8/4R1K1 w - - 0 1";
        // Nd6+: the knight and the uncovered rook both check.
        assert!(has(fen, "e4d6", None, "doubleCheck"));
        assert!(has(fen, "e4d6", None, "discoveredAttack"));
        // Nc5+: only the rook checks.
        assert!(!has(fen, "e4c5", None, "doubleCheck"));
        assert!(has(fen, "e4c5", None, "discoveredAttack"));
    }

    #[test]
    fn a_fork_may_include_the_king() {
        // Nc7+ forks king and rook, and the rook falls: lichess's tagger misses it.
        assert!(has("r3k3/8/8/1N6/8/8/8/4K3 w - - 0 1", "b5c7 e8d7 c7a8", None, "fork"));
        // Ne6 forks queen and rook.
        let fen = "3q1r1k/8/8/2N5/8/8/8/K7 w - - 0 1";
        assert!(has(fen, "c5e6 d8d5 e6f8", None, "fork"));
        // The same jump without winning either piece is no fork.
        assert!(!has(fen, "c5e6 d8d5 a1b1", None, "fork"));
        assert!(!has(fen, "c5e6 d8d5 e6f8", None, "skewer"));
    }

    #[test]
    fn a_skewer_takes_the_piece_behind() {
        // Bf3+ and the king steps off the long diagonal: Bxa8.
        let fen = "r7/8/8/3k3B/8/8/8/1K6 w - - 0 1";
        assert!(has(fen, "h5f3 d5c5 f3a8", None, "skewer"));
        assert!(!has(fen, "h5f3 d5c5 f3a8", None, "fork"));
    }

    #[test]
    fn pins_to_the_king_and_to_the_queen() {
        // Absolute: Bb5 pins Nc6 to Ke8; d5 attacks it and takes it.
        assert!(has("4k3/7p/2n5/1B6/3P4/8/8/4K3 w - - 0 1", "d4d5 h7h6 d5c6", None, "pin"));
        // Relative: Bg5 pins Nf6 to the queen d8 (the knight may move, and lose the queen);
        // e5 attacks it and takes it. lichess's tagger sees only pins to the king.
        let relative = "3qk3/p7/5n2/6B1/4P3/8/8/4K3 w - - 0 1";
        assert!(has(relative, "e4e5 a7a6 e5f6", None, "pin"));
        // The pin unused (the knight is not taken) is no theme.
        assert!(!has(relative, "e4e5 a7a6 e1e2", None, "pin"));
    }

    #[test]
    fn a_discovered_attack_wins_what_it_uncovers() {
        // Nf5+ uncovers the rook on the queen: Rxd8.
        let fen = "3q4/6k1/8/8/3N4/8/8/3R2K1 w - - 0 1";
        assert!(has(fen, "d4f5 g7g6 d1d8", None, "discoveredAttack"));
        assert!(!has(fen, "d4f5 g7g6 d1d8", None, "fork"));
        // Taking nothing with the uncovered rook: no discovered attack (no check either).
        assert!(!has(fen, "d4f5 g7g6 d1d7", None, "discoveredAttack"));
    }

    #[test]
    fn a_hanging_piece_is_taken_after_a_quiet_move() {
        let fen = "4k3/8/8/3n4/8/8/8/3QK3 w - - 0 1";
        let take = |last: Option<&str>| {
            let pos = Position::from_fen(fen).unwrap();
            let start = pos.board().clone();
            let m = pos.parse_move("d1d5").unwrap();
            let mut line = Line::new(start, vec![m], Kind::Tactic, None);
            line.last_move_san = last.map(str::to_string);
            detect(&line).iter().any(|e| e.theme == Theme::HangingPiece)
        };
        assert!(take(Some("Ke7")));
        // After a capture it is a recapture, not a piece left hanging.
        assert!(!take(Some("Nxd5")));
    }

    #[test]
    fn a_sacrifice_leaves_the_solver_down_material() {
        assert!(has(QUEEN_GIVEN_FOR_MATE.0, QUEEN_GIVEN_FOR_MATE.1, Some(2), "sacrifice"));
        assert!(!has("r3k3/8/8/1N6/8/8/8/4K3 w - - 0 1", "b5c7 e8d7 c7a8", None, "sacrifice"));
    }

    #[test]
    fn deflection_and_attraction() {
        // Re5 deflects the knight that guards b8: Nxe5, b8=Q+.
        let deflect = "7k/1P1n4/8/8/8/8/8/4RK2 w - - 0 1";
        assert!(has(deflect, "e1e5 d7e5 b7b8q", None, "deflection"));
        assert!(!has(deflect, "e1e5 h8g7 b7b8q", None, "deflection"));
        // Bxf7+ draws the king to f7, where Qf3+ hits it.
        let attract = "4k3/5p2/8/8/2B5/8/8/3QK3 w - - 0 1";
        assert!(has(attract, "c4f7 e8f7 d1f3", None, "attraction"));
        assert!(has(attract, "c4f7 e8f7 d1f3", None, "sacrifice"));
        // The king declines: Ke7, nothing lured.
        assert!(!has(attract, "c4f7 e8e7 d1d5", None, "attraction"));
    }

    #[test]
    fn a_trapped_piece_has_no_safe_square() {
        // The bishop that took on a2 is shut in by b3 and collected by the king.
        let fen = "4k3/7p/8/8/8/8/bPK5/8 w - - 0 1";
        assert!(has(fen, "b2b3 h7h6 c2b2 h6h5 b2a2", None, "trappedPiece"));
        // A loose knight with squares to go to is taken, but it was not trapped.
        assert!(!has("4k3/8/8/3n4/8/8/8/3QK3 w - - 0 1", "e1e2 e8e7 d1d5", None, "trappedPiece"));
    }

    #[test]
    fn promotions_and_under_promotions() {
        let fen = "8/P7/8/8/8/8/8/k1K5 w - - 0 1";
        assert!(has(fen, "a7a8n", None, "underPromotion"));
        assert!(has(fen, "a7a8n", None, "promotion"));
        assert!(has(fen, "a7a8q", None, "promotion"));
        assert!(!has(fen, "a7a8q", None, "underPromotion"));
    }

    #[test]
    fn a_quiet_move_neither_checks_nor_captures_nor_attacks() {
        assert!(has(QUIET_KING_MOVE.0, QUIET_KING_MOVE.1, Some(2), "quietMove"));
        assert!(!has(QUEEN_GIVEN_FOR_MATE.0, QUEEN_GIVEN_FOR_MATE.1, Some(2), "quietMove"));
        // The last move never counts.
        assert!(!has(BACK_RANK.0, BACK_RANK.1, Some(1), "quietMove"));
    }

    #[test]
    fn endgames_by_the_pieces_left() {
        let endgame =
            |fen: &str| themes_of(fen, "e2e3", None).into_iter().filter(|t| t.ends_with("Endgame")).collect::<Vec<_>>();
        assert_eq!(endgame("8/4k3/8/3p4/3P4/8/4K3/8 w - - 0 1"), ["pawnEndgame"]);
        assert_eq!(endgame("8/4k3/2n5/3p4/3P4/8/4K3/6N1 w - - 0 1"), ["knightEndgame"]);
        assert_eq!(endgame("8/4k3/2b5/3p4/3P4/8/4K3/6B1 w - - 0 1"), ["bishopEndgame"]);
        assert_eq!(endgame("r7/4k3/8/3p4/3P4/8/4K3/7R w - - 0 1"), ["rookEndgame"]);
        assert_eq!(endgame("q7/4k3/8/3p4/3P4/8/4K3/7Q w - - 0 1"), ["queenEndgame"]);
        assert_eq!(endgame("q7/4k3/8/3p4/3P4/8/4K3/7R w - - 0 1"), ["queenRookEndgame"]);
        // A knight beside the rooks: no endgame kind.
        assert!(endgame("r7/4k3/8/3p4/3P4/8/4K3/6NR w - - 0 1").is_empty());
    }
}
