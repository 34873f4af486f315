//! The strength levels: options, reproducibility, variety, their own move under a short
//! clock, no level missing a forced mate, and every level mating a bare king.

mod common;

use common::{Engine, bestmove, field, last_score};
use rokade::search::strength::LEVELS;
use rokade::search::strength::human::SCORING_DEPTHS;
/// A long movetime: the mate check ends on its node cap or on a mate, never on the clock.
const GO: &str = "go movetime 60000";
/// No clock: every search ends on the band's node budgets, so a seed replays the moves.
const GO_UNTIMED: &str = "go depth 40";
/// For tests that need no replay: the mate check of a quiet position ends on time.
const GO_QUICK: &str = "go movetime 1000";
/// A level's whole move bounded by nodes: with a `Skill Seed` it is the same on every run.
const GO_SEEDED: &str = "go nodes 1000000";
/// Games (seeds) over which a weak level must play more than one move.
const VARIETY_GAMES: u32 = 16;
/// The tests of a band's search from given positions keep the opening book out of it: the
/// first of `QUIET` is an Italian Game, which the book holds (tests/book.rs tests the book).
const NO_BOOK: &str = "setoption name LevelBook value false";

fn info_strings(e: &mut Engine, line: &str) -> Vec<String> {
    e.send(line);
    e.sync().into_iter().filter(|l| l.starts_with("info string")).collect()
}

#[test]
fn strength_options_are_declared_parsed_and_clamped() {
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.read_until(|l| l == "uciok");
    common::assert_declares(
        &lines,
        &[
            "option name UCI_LimitStrength type check default false",
            "option name UCI_Elo type spin default 1500 min 600 max 2100",
            "option name Skill Level type spin default 20 min 0 max 20",
            "option name Level type combo default Full var Beginner var Easy var Medium var Hard var Expert var Master var Full",
            "option name Skill Seed type spin default 0 min 0 max 4294967295",
        ],
    );
    assert_eq!(
        info_strings(&mut e, "setoption name UCI_Elo value 100"),
        ["info string option UCI_Elo value 100 is outside 600..2100, using 600"]
    );
    assert_eq!(
        info_strings(&mut e, "setoption name Skill Level value 25"),
        ["info string option Skill Level value 25 is outside 0..20, using 20"]
    );
    assert_eq!(
        info_strings(&mut e, "setoption name Level value Grandmaster"),
        ["info string option Level: 'Grandmaster' is not one of Beginner Easy Medium Hard Expert Master Full"]
    );
    assert!(info_strings(&mut e, "setoption name level value hard").is_empty(), "values are case-insensitive");
}

/// The moves a band plays in a few positions, after `setup`.
fn moves_with(setup: &[&str], fens: &[&str]) -> Vec<String> {
    let mut e = Engine::start();
    for line in setup {
        e.send(line);
    }
    fens.iter()
        .map(|fen| {
            e.send("ucinewgame");
            e.send(&format!("position fen {fen}"));
            bestmove(&e.go(GO_UNTIMED))
        })
        .collect()
}

const QUIET: [&str; 4] = [
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "rnbqkb1r/pp3ppp/4pn2/2pp4/2PP4/2N2N2/PP2PPPP/R1BQKB1R w KQkq - 0 5",
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 3 8",
    "2r3k1/5pp1/p3p2p/1p1r4/3P4/P3RP2/1P3KPP/2R5 b - - 0 28",
];

#[test]
fn the_same_seed_gives_the_same_moves() {
    for band in ["Beginner", "Medium", "Expert"] {
        let setup = [
            format!("setoption name Level value {band}"),
            "setoption name Skill Seed value 12345".to_string(),
            NO_BOOK.to_string(),
        ];
        let setup: Vec<&str> = setup.iter().map(String::as_str).collect();
        assert_eq!(moves_with(&setup, &QUIET), moves_with(&setup, &QUIET), "{band}");
    }
}

#[test]
fn a_weak_level_varies_its_moves_in_a_quiet_position() {
    // A level errs as often as players of its rating, so over many games the weak ones do
    // not always play the same move (the strong ones may: so do strong players). Seeded and
    // bounded by nodes, so the moves, and the test's verdict, are the same on every run.
    for band in ["Beginner", "Medium"] {
        let mut e = Engine::start();
        e.send(&format!("setoption name Level value {band}"));
        e.send(NO_BOOK);
        let mut seen = std::collections::BTreeSet::new();
        for seed in 1..=VARIETY_GAMES {
            // A new game each time, as in a match: the form changes too.
            e.send("ucinewgame");
            e.send(&format!("setoption name Skill Seed value {seed}"));
            // A Queen's Gambit middlegame with several natural moves (in the Italian of
            // QUIET[0] players of Medium's rating castle, and so does Medium).
            e.send(&format!("position fen {}", QUIET[2]));
            seen.insert(bestmove(&e.go(GO_SEEDED)));
        }
        assert!(seen.len() >= 2, "{band} always played {seen:?}");
    }
}

#[test]
fn the_info_line_describes_the_move_played() {
    let mut e = Engine::start();
    e.send("setoption name UCI_LimitStrength value true");
    e.send(NO_BOOK);
    e.send("setoption name UCI_Elo value 700");
    e.send(&format!("position fen {}", QUIET[1]));
    for _ in 0..5 {
        let lines = e.go(GO_QUICK);
        let infos: Vec<&String> = lines.iter().filter(|l| l.starts_with("info depth")).collect();
        assert_eq!(infos.len(), 1, "only the chosen line is reported: {lines:?}");
        assert_eq!(field(infos[0], "pv"), Some(bestmove(&lines)));
    }
}

#[test]
fn a_short_movetime_still_leaves_the_level_its_own_choice() {
    // The full-strength mate check stops at half the time, so the level still scores every
    // move and draws its own (a line of one move at a scoring depth); with no time left (1 ms,
    // or a loaded machine) it still completes its first depth.
    let mut e = Engine::start();
    e.send("setoption name Level value Beginner");
    e.send("setoption name Skill Seed value 12345");
    e.send(NO_BOOK);
    for fen in QUIET {
        for go in ["go movetime 300", "go movetime 1"] {
            e.send(&format!("position fen {fen}"));
            let lines = e.go(go);
            let info = lines.iter().find(|l| l.starts_with("info depth")).expect("an info line");
            let depth = field(info, "depth").expect("a depth");
            assert!(SCORING_DEPTHS.iter().any(|d| d.to_string() == depth), "{go}: {lines:?}");
            assert_eq!(field(info, "pv"), Some(bestmove(&lines)), "{lines:?}");
            assert!(!info.contains(&format!("pv {} ", bestmove(&lines))), "a line of one move: {info}");
        }
    }
}

#[test]
fn levels_tool_lists_the_levels_and_a_repeatable_signature() {
    let run = || {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_rokade"))
            .args(["levels", "beginner", "--signature"])
            .output()
            .expect("rokade levels");
        String::from_utf8(out.stdout).expect("utf-8")
    };
    let first = run();
    let line = first.lines().next().expect("one line");
    assert!(line.starts_with("Beginner  elo  600  skill  0  rating "), "{line}");
    assert_eq!(first.lines().count(), 1);
    assert_eq!(first, run(), "the same build gives the same signature");
}

/// The band's move keeps a forced mate: checked by a full-strength engine.
fn keeps_mate(checker: &mut Engine, fen: &str, played: &str, mate_in: u32) -> bool {
    checker.send("ucinewgame");
    checker.send(&format!("position fen {fen} moves {played}"));
    if mate_in == 1 {
        let lines = checker.go("go depth 1");
        return lines.last().unwrap() == "bestmove 0000" && last_score(&lines) == "mate 0";
    }
    let score = last_score(&checker.go(&format!("go mate {}", mate_in - 1)));
    score.strip_prefix("mate -").and_then(|n| n.parse::<u32>().ok()).is_some_and(|n| n < mate_in)
}

#[test]
fn no_band_misses_a_forced_mate() {
    let mates: Vec<(String, u32)> = common::testdata("mates.epd")
        .iter()
        .step_by(40)
        .map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let dm = line.split(';').find_map(|op| op.trim().strip_prefix("dm ")).unwrap().parse().unwrap();
            (fields[..4].join(" "), dm)
        })
        .collect();
    let mut checker = Engine::start();
    for band in LEVELS.map(|level| level.name) {
        let mut e = Engine::start();
        e.send(&format!("setoption name Level value {band}"));
        for (fen, dm) in &mates {
            e.send(&format!("position fen {fen}"));
            let played = bestmove(&e.go(GO));
            assert!(keeps_mate(&mut checker, fen, &played, *dm), "{band} played {played} in {fen} (mate in {dm})");
        }
    }
}

/// Mates whose first move a pruned search of a band's size scores badly: a rook given on h8,
/// a bishop check that opens the f-file. The band finds them by checks only and says so. With
/// no clock the mate check keeps to the band's own budget, about what 10+0.1 leaves it.
#[test]
fn a_band_keeps_a_sacrificial_mate() {
    let mates = [
        ("r1b1r1k1/p4pb1/3p2p1/2pP4/1p2N2R/5B2/qP1Q1PP1/2K4R w - - 0 20", "h4h8", "mate 4"),
        ("5rk1/pp4bp/3p2p1/3P4/5P1n/6NB/PPr1NK2/2R1R3 b - - 8 33", "g7d4", "mate 5"),
    ];
    let mut e = Engine::start();
    e.send("setoption name Level value Beginner");
    for (fen, mating, score) in mates {
        e.send(&format!("position fen {fen}"));
        let lines = e.go(GO_UNTIMED);
        assert_eq!(bestmove(&lines), mating, "{fen}");
        assert_eq!(last_score(&lines), score, "{fen}");
    }
}

/// A mate in 5 whose quiet second and fourth moves (Ka2, Bg4) the pruned search cuts: full
/// strength scores the first move badly after 4M nodes. The exhaustive hunt proves it.
#[test]
fn a_band_keeps_a_quiet_mate_that_pruning_hides() {
    let fen = "rn1r4/pp6/4B3/4R3/PkP5/8/1P6/1K6 w - - 3 40";
    let mut e = Engine::start();
    e.send("setoption name Level value Beginner");
    e.send(&format!("position fen {fen}"));
    let lines = e.go(GO);
    assert_eq!(bestmove(&lines), "e5b5", "{fen}");
    assert_eq!(last_score(&lines), "mate 5", "{fen}");
}

/// Plays a level against full strength's defence from `fen` (the level to move) and returns
/// how the game ended: "mate", or why it did not.
fn play_out(level: &str, fen: &str) -> String {
    use shakmaty::fen::Fen;
    use shakmaty::uci::UciMove;
    use shakmaty::{CastlingMode, Chess, Position};

    let mut attacker = Engine::start();
    attacker.send(&format!("setoption name Level value {level}"));
    attacker.send("setoption name Skill Seed value 7");
    let mut defender = Engine::start();
    let mut board: Chess = fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap();
    let mut moves: Vec<String> = Vec::new();
    for ply in 0..200 {
        if board.is_checkmate() {
            return "mate".into();
        }
        if board.is_game_over() || board.halfmoves() >= 100 {
            return format!("drawn after {} moves: {}", ply / 2, moves.join(" "));
        }
        let (engine, go) = if ply % 2 == 0 { (&mut attacker, GO_UNTIMED) } else { (&mut defender, "go nodes 20000") };
        engine.send(&format!("position fen {fen} moves {}", moves.join(" ")));
        let played = bestmove(&engine.go(go));
        let m = played.parse::<UciMove>().unwrap().to_move(&board).unwrap();
        board.play_unchecked(m);
        moves.push(played);
    }
    "no end".into()
}

#[test]
fn the_weakest_level_mates_a_bare_king_with_rook_or_queen() {
    for fen in ["8/8/8/4k3/8/8/8/R3K3 w - - 0 1", "8/8/8/4k3/8/8/8/3QK3 w - - 0 1"] {
        assert_eq!(play_out(LEVELS[0].name, fen), "mate", "{fen}");
    }
}
