//! One English sentence per puzzle for a player who is stuck: it points at the idea (the
//! puzzle's main theme and the pieces it involves) without giving the answer away. It never
//! names a square, nor any number: it holds no digit at all.

use shakmaty::{Move, Position as _, Role};

use super::themes::{Evidence, Line, Theme, detect};
use super::{Kind, Puzzle};

/// Themes in the order a hint prefers them: the most telling idea first.
const PRIORITY: [Theme; 24] = [
    Theme::SmotheredMate,
    Theme::BackRankMate,
    Theme::DoubleCheck,
    Theme::Fork,
    Theme::Skewer,
    Theme::Pin,
    Theme::DiscoveredAttack,
    Theme::Attraction,
    Theme::Deflection,
    Theme::TrappedPiece,
    Theme::HangingPiece,
    Theme::UnderPromotion,
    Theme::Promotion,
    Theme::Sacrifice,
    Theme::QuietMove,
    Theme::MateIn1,
    Theme::MateIn2,
    Theme::MateIn3,
    Theme::PawnEndgame,
    Theme::KnightEndgame,
    Theme::BishopEndgame,
    Theme::RookEndgame,
    Theme::QueenEndgame,
    Theme::QueenRookEndgame,
];

fn name(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
    }
}

/// The hint of a puzzle.
pub fn write(puzzle: &Puzzle) -> String {
    match Line::of(puzzle) {
        Ok(line) => sentence(&line, &detect(&line)),
        Err(_) => GENERIC.to_string(),
    }
}

const GENERIC: &str = "Look for the most forcing move: a check, a capture or a threat.";

/// The sentence for a line whose themes are `found`.
pub fn sentence(line: &Line, found: &[Evidence]) -> String {
    let chosen = PRIORITY.iter().find_map(|t| found.iter().find(|e| e.theme == *t));
    match chosen {
        Some(evidence) => for_theme(line, evidence),
        None => by_first_move(line),
    }
}

fn target(e: &Evidence, i: usize) -> &'static str {
    e.targets.get(i).map_or("piece", |&r| name(r))
}

fn for_theme(line: &Line, e: &Evidence) -> String {
    let piece = e.piece.map_or("piece", name);
    match e.theme {
        Theme::SmotheredMate => "The enemy king is hemmed in by its own pieces.".into(),
        Theme::BackRankMate => "The king has no air on the back rank.".into(),
        Theme::DoubleCheck => "A check from two pieces at once can be neither blocked nor captured.".into(),
        Theme::Fork => {
            let others: Vec<&str> = e.targets.iter().filter(|&&r| r != Role::King).map(|&r| name(r)).collect();
            let other = others.first().copied().unwrap_or("piece");
            if e.targets.contains(&Role::King) {
                format!("The enemy king and {} can come under fire from one {piece} at once.", article(other))
            } else if e.piece == Some(Role::Knight) {
                format!(
                    "The enemy {} and {} are both one knight jump from the same square.",
                    target(e, 0),
                    target(e, 1)
                )
            } else {
                format!("One {piece} move can hit the enemy {} and {} at the same time.", target(e, 0), target(e, 1))
            }
        }
        Theme::Skewer => {
            format!("The enemy {} stands in front of a less valuable {} on the same line.", target(e, 0), target(e, 1))
        }
        Theme::Pin if e.targets.get(1) == Some(&Role::King) => {
            format!("The enemy {} cannot move without exposing its king.", target(e, 0))
        }
        Theme::Pin => format!("The enemy {} is shielding its {} and cannot move freely.", target(e, 0), target(e, 1)),
        Theme::DiscoveredAttack if e.targets.first() == Some(&Role::King) => {
            "Moving one of your pieces out of the way gives check with another.".into()
        }
        Theme::DiscoveredAttack => {
            format!("One of your pieces is hiding an attack on the enemy {}.", target(e, 0))
        }
        Theme::Attraction => format!("Lure the enemy {} onto a square where it can be hit.", target(e, 0)),
        Theme::Deflection => format!("The enemy {} guards too much; make it leave its post.", target(e, 0)),
        Theme::TrappedPiece => format!("The enemy {} has run out of safe squares.", target(e, 0)),
        Theme::HangingPiece => format!("The enemy {} is not defended.", target(e, 0)),
        Theme::UnderPromotion => "A pawn promotes, but not every promotion should be to a queen.".into(),
        Theme::Promotion => "One of your pawns is closer to promoting than it looks.".into(),
        Theme::Sacrifice => "Material matters less than the attack here: be ready to give some up.".into(),
        Theme::QuietMove if line.moves.first().is_some_and(|&m| !m.is_capture() && !gives_check(line, m)) => {
            "The first move is quiet: no check and no capture.".into()
        }
        Theme::QuietMove => "Not every move here is a check or a capture: a quiet one is the key.".into(),
        Theme::MateIn1 | Theme::MateIn2 | Theme::MateIn3 => mate_hint(line),
        Theme::PawnEndgame => "In this pawn endgame, one precise move decides.".into(),
        Theme::KnightEndgame | Theme::BishopEndgame | Theme::RookEndgame => {
            format!("In this {piece_kind} endgame, one precise move decides.", piece_kind = endgame_piece(e.theme))
        }
        Theme::QueenEndgame => "In this queen endgame, one precise move decides.".into(),
        Theme::QueenRookEndgame => "With queens and rooks on the board, look for the forcing line.".into(),
    }
}

fn endgame_piece(theme: Theme) -> &'static str {
    match theme {
        Theme::KnightEndgame => "knight",
        Theme::BishopEndgame => "bishop",
        _ => "rook",
    }
}

fn article(word: &str) -> String {
    let vowel = word.starts_with(['a', 'e', 'i', 'o', 'u']);
    format!("{} {word}", if vowel { "an" } else { "a" })
}

/// A mate's hint from its first move: a check, a capture or a quiet move.
fn mate_hint(line: &Line) -> String {
    let Some(&first) = line.moves.first() else { return GENERIC.into() };
    let checks = gives_check(line, first);
    match (line.mate_in, checks, first.is_capture()) {
        (Some(1), _, true) => "A capture ends the game.".into(),
        (Some(1), _, false) => format!("Your {} can end the game at once.", name(first.role())),
        (_, true, _) => "Keep checking: the king never gets away.".into(),
        (_, false, true) => "Start by removing a defender; the mate follows.".into(),
        (_, false, false) => "The first move is not a check, yet the king cannot escape what follows.".into(),
    }
}

fn gives_check(line: &Line, m: Move) -> bool {
    line.positions.get(1).is_some_and(|after| after.is_check()) && line.moves.first() == Some(&m)
}

/// Without a theme: what kind of first move to look for.
fn by_first_move(line: &Line) -> String {
    let Some(&first) = line.moves.first() else { return GENERIC.into() };
    if line.kind == Kind::Mate {
        return mate_hint(line);
    }
    if gives_check(line, first) {
        "Start with a check, and keep the initiative.".into()
    } else if first.is_capture() {
        "Start with a capture, and see what it opens up.".into()
    } else {
        "Find the threat your opponent cannot meet.".into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;

    fn hint_of(fen: &str, moves: &str, mate_in: Option<u32>) -> String {
        let line = Line::from_uci(fen, moves, mate_in);
        sentence(&line, &detect(&line))
    }

    /// Lines of every kind of hint: the theme positions of `themes.rs` and a few plain ones.
    const LINES: [(&str, &str, Option<u32>); 14] = [
        ("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "d1d8", Some(1)),
        ("6rk/6pp/8/6N1/8/8/8/6K1 w - - 0 1", "g5f7", Some(1)),
        ("k7/6Q1/1K6/8/8/8/8/8 w - - 0 1", "g7b7", Some(1)),
        ("7k/8/5K2/8/8/8/8/6R1 w - - 0 1", "f6f7 h8h7 g1h1", Some(2)),
        ("r3k3/8/8/1N6/8/8/8/4K3 w - - 0 1", "b5c7 e8d7 c7a8", None),
        ("3q1r1k/8/8/2N5/8/8/8/K7 w - - 0 1", "c5e6 d8d5 e6f8", None),
        ("r7/8/8/3k3B/8/8/8/1K6 w - - 0 1", "h5f3 d5c5 f3a8", None),
        ("4k3/7p/2n5/1B6/3P4/8/8/4K3 w - - 0 1", "d4d5 h7h6 d5c6", None),
        ("3qk3/p7/5n2/6B1/4P3/8/8/4K3 w - - 0 1", "e4e5 a7a6 e5f6", None),
        ("3q4/6k1/8/8/3N4/8/8/3R2K1 w - - 0 1", "d4f5 g7g6 d1d8", None),
        ("7k/1P1n4/8/8/8/8/8/4RK2 w - - 0 1", "e1e5 d7e5 b7b8q", None),
        ("4k3/7p/8/8/8/8/bPK5/8 w - - 0 1", "b2b3 h7h6 c2b2 h6h5 b2a2", None),
        ("8/P7/8/8/8/8/8/k1K5 w - - 0 1", "a7a8n", None),
        ("4k3/8/8/3n4/8/8/8/3QK3 w - - 0 1", "e1e2 e8e7 d1d5", None),
    ];

    #[test]
    fn hints_point_at_the_idea() {
        let expected = [
            (0, "The king has no air on the back rank."),
            (1, "The enemy king is hemmed in by its own pieces."),
            (3, "The first move is quiet: no check and no capture."),
            (4, "The enemy king and a rook can come under fire from one knight at once."),
            (5, "The enemy queen and rook are both one knight jump from the same square."),
            (6, "The enemy king stands in front of a less valuable rook on the same line."),
            (7, "The enemy knight cannot move without exposing its king."),
            (8, "The enemy knight is shielding its queen and cannot move freely."),
            (12, "A pawn promotes, but not every promotion should be to a queen."),
        ];
        for (i, hint) in expected {
            let (fen, moves, mate_in) = LINES[i];
            assert_eq!(hint_of(fen, moves, mate_in), hint, "{fen} {moves}");
        }
    }

    #[test]
    fn no_hint_names_a_square_or_a_number() {
        for (fen, moves, mate_in) in LINES {
            let hint = hint_of(fen, moves, mate_in);
            assert!(hint.ends_with('.') && hint.len() > 10, "{hint}");
            assert!(!hint.bytes().any(|b| b.is_ascii_digit()), "{fen} {moves}: {hint}");
            let mut pos = Position::from_fen(fen).unwrap();
            for uci in moves.split_whitespace() {
                let m = pos.parse_move(uci).unwrap();
                let san = shakmaty::san::San::from_move(pos.board(), m).to_string();
                assert!(!hint.contains(&san), "{hint} names {san}");
                pos.play(m);
            }
        }
    }
}
