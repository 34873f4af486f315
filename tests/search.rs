//! Search behaviour: mates found, draws scored as draws, and the bench signature.

mod common;

use common::{Engine, bestmove, last_score};

/// The `bm` moves (SAN) and `dm` of a mates.epd record, with its FEN.
fn mate_record(line: &str) -> (String, Vec<String>, u32) {
    let fields: Vec<&str> = line.split_whitespace().collect();
    let fen = fields[..4].join(" ");
    let ops = fields[4..].join(" ");
    let op = |name: &str| {
        ops.split(';').map(str::trim).find_map(|o| o.strip_prefix(&format!("{name} "))).map(str::to_string).unwrap()
    };
    (fen, op("bm").split_whitespace().map(str::to_string).collect(), op("dm").parse().unwrap())
}

fn san_of(fen: &str, uci: &str) -> String {
    let pos = rokade::position::Position::from_fen(fen).unwrap();
    let m = pos.parse_move(uci).unwrap();
    shakmaty::san::SanPlus::from_move(pos.board().clone(), m).to_string()
}

/// Every `step`-th mate in `n` of the suite is found with `go mate n`: the right distance
/// and a first move that the suite lists as mating in `n`.
fn solve_mates(n: u32, step: usize) {
    let mut e = Engine::start();
    let records: Vec<_> =
        common::testdata("mates.epd").iter().map(|l| mate_record(l)).filter(|r| r.2 == n).step_by(step).collect();
    assert!(records.len() >= 10);
    for (fen, bm, dm) in records {
        e.send("ucinewgame");
        e.send(&format!("position fen {fen}"));
        let lines = e.go(&format!("go mate {dm} movetime 20000"));
        assert_eq!(last_score(&lines), format!("mate {dm}"), "{fen}");
        let played = san_of(&fen, &bestmove(&lines));
        assert!(
            bm.iter().any(|b| b.trim_end_matches(['+', '#']) == played.trim_end_matches(['+', '#'])),
            "{fen}: {played} not in {bm:?}"
        );
    }
}

#[test]
fn mates_in_one() {
    solve_mates(1, 10);
}

#[test]
fn mates_in_two() {
    solve_mates(2, 10);
}

#[test]
fn mates_in_three() {
    solve_mates(3, 20);
}

fn score_at_depth(setup: &[&str], go: &str) -> String {
    let mut e = Engine::start();
    for line in setup {
        e.send(line);
    }
    last_score(&e.go(go))
}

#[test]
fn repetition_before_the_root_is_a_draw() {
    // Black to move; Nf6-g8 brings the start position back a third time.
    let score =
        score_at_depth(&["position startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1"], "go depth 6 searchmoves f6g8");
    assert_eq!(score, "cp 0");
}

#[test]
fn perpetual_check_saves_the_lost_side() {
    // White is a queen and two rooks down but checks forever: Qg5+ Kh8 Qf6+ Kg8 Qg5+.
    let score = score_at_depth(&["position fen 5rk1/5p1p/8/4Q3/8/q7/2r3PP/7K w - - 0 1"], "go depth 10");
    assert_eq!(score, "cp 0");
}

#[test]
fn fifty_move_rule_is_a_draw() {
    // A rook up, but the 100th half-move without capture or pawn move ends the game.
    let score = score_at_depth(&["position fen 8/8/8/4k3/8/8/8/R3K3 w Q - 99 80"], "go depth 8");
    assert_eq!(score, "cp 0");
}

#[test]
fn mate_beats_the_fifty_move_rule() {
    // Ra8 mates on the 100th half-move: mate stands.
    let score = score_at_depth(&["position fen 7k/8/6K1/8/8/8/8/R7 w - - 99 80"], "go depth 4");
    assert_eq!(score, "mate 1");
}

#[test]
fn insufficient_material_is_a_draw() {
    for fen in ["8/8/4k3/8/8/3NK3/8/8 w - - 0 1", "8/8/4k3/8/8/3BK3/8/8 b - - 0 1", "8/8/2b1k3/8/8/4KB2/8/8 w - - 0 1"]
    {
        let score = score_at_depth(&[&format!("position fen {fen}")], "go depth 8");
        assert_eq!(score, "cp 0", "{fen}");
    }
}

#[test]
fn stalemate_in_the_tree_is_a_draw() {
    let score = score_at_depth(&["position fen 7k/5Q2/5K2/8/8/8/8/8 w - - 0 1"], "go depth 3 searchmoves f6g6");
    assert_eq!(score, "cp 0", "Kg6 stalemates");
}

#[test]
fn bench_signature_matches_the_recorded_one() {
    let expected: u64 = include_str!("bench.txt").trim().parse().unwrap();
    let (nodes, _) = rokade::tools::bench::run(rokade::tools::bench::DEFAULT_DEPTH, |_| {});
    assert_eq!(nodes, expected, "update tests/bench.txt and quote `Bench: {nodes}` in the commit");
}
