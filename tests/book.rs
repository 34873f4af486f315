//! The opening book: Polyglot keys and moves, the built-in book, the UCI options that use it
//! and `rokade book build`.

mod common;

use common::{Engine, bestmove, tempdir};
use rokade::book::polyglot::{self, Entry, decode_move, encode_move};
use rokade::book::{Book, build};
use rokade::position::Position;
use shakmaty::zobrist::{Zobrist64, ZobristValue};
use shakmaty::{File, Move, Role, Square};

fn after(moves: &[&str]) -> Position {
    let mut pos = Position::default();
    for m in moves {
        pos.play(pos.parse_move(m).unwrap());
    }
    pos
}

/// The keys the Polyglot book format specification lists.
#[test]
fn keys_are_the_polyglot_reference_keys() {
    let reference: [(&[&str], u64); 9] = [
        (&[], 0x463b96181691fc9c),
        (&["e2e4"], 0x823c9b50fd114196),
        (&["e2e4", "d7d5"], 0x0756b94461c50fb0),
        (&["e2e4", "d7d5", "e4e5"], 0x662fafb965db29d4),
        (&["e2e4", "d7d5", "e4e5", "f7f5"], 0x22a48b5a8e47ff78),
        (&["e2e4", "d7d5", "e4e5", "f7f5", "e1e2"], 0x652a607ca3f242c1),
        (&["e2e4", "d7d5", "e4e5", "f7f5", "e1e2", "e8f7"], 0x00fdd303c946bdd9),
        (&["a2a4", "b7b5", "h2h4", "b5b4", "c2c4"], 0x3c8123ea7b067637),
        (&["a2a4", "b7b5", "h2h4", "b5b4", "c2c4", "b4c3", "a1a3"], 0x5c3f9b829b279560),
    ];
    for (moves, key) in reference {
        assert_eq!(polyglot::key(after(moves).board()), key, "after {moves:?}");
    }
}

#[test]
fn the_en_passant_file_counts_when_a_pawn_stands_beside_even_if_pinned() {
    // exd6 would expose the king on a5 to the rook on h5: illegal, but Polyglot hashes the file.
    let with_ep = Position::from_fen("4k3/8/8/K2pP2r/8/8/8/8 w - d6 0 2").unwrap();
    let without = Position::from_fen("4k3/8/8/K2pP2r/8/8/8/8 w - - 0 2").unwrap();
    let ep_file = Zobrist64::zobrist_for_en_passant_file(File::D).0;
    assert_eq!(polyglot::key(with_ep.board()), polyglot::key(without.board()) ^ ep_file);
    // No pawn beside the pushed one: no en-passant file in the key.
    let lone = Position::from_fen("4k3/8/8/K2p3r/8/8/8/8 w - d6 0 2").unwrap();
    let lone_without = Position::from_fen("4k3/8/8/K2p3r/8/8/8/8 w - - 0 2").unwrap();
    assert_eq!(polyglot::key(lone.board()), polyglot::key(lone_without.board()));
}

/// A Polyglot move from its squares and promotion code.
fn raw(from: Square, to: Square, promotion: u16) -> u16 {
    promotion << 12 | u16::from(from) << 6 | u16::from(to)
}

#[test]
fn castling_is_the_king_taking_its_own_rook() {
    let pos = after(&["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6"]);
    let castle = Move::Castle { king: Square::E1, rook: Square::H1 };
    assert_eq!(decode_move(raw(Square::E1, Square::H1, 0), &pos), Some(castle));
    assert_eq!(encode_move(castle), raw(Square::E1, Square::H1, 0));
    // e1g1 is not how Polyglot writes castling: no such move.
    assert_eq!(decode_move(raw(Square::E1, Square::G1, 0), &pos), None);

    let black = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1").unwrap();
    let long = Move::Castle { king: Square::E8, rook: Square::A8 };
    assert_eq!(decode_move(raw(Square::E8, Square::A8, 0), &black), Some(long));
    assert_eq!(encode_move(long), raw(Square::E8, Square::A8, 0));
}

#[test]
fn promotions_decode_by_their_piece_code_and_illegal_moves_are_refused() {
    let pos = Position::from_fen("1n5k/P7/8/8/8/8/8/K7 w - - 0 1").unwrap();
    for (code, role) in [(1, Role::Knight), (2, Role::Bishop), (3, Role::Rook), (4, Role::Queen)] {
        let m = decode_move(raw(Square::A7, Square::B8, code), &pos).expect("axb8 promotes");
        assert_eq!((m.promotion(), m.capture(), m.to()), (Some(role), Some(Role::Knight), Square::B8));
        assert_eq!(encode_move(m), raw(Square::A7, Square::B8, code));
    }
    assert_eq!(decode_move(raw(Square::A7, Square::A8, 0), &pos), None, "a pawn on the last rank must promote");
    assert_eq!(decode_move(raw(Square::A7, Square::A8, 5), &pos), None, "no piece has code 5");
    assert_eq!(decode_move(raw(Square::E2, Square::E5, 0), &Position::default()), None);
    assert_eq!(decode_move(raw(Square::E7, Square::E5, 0), &Position::default()), None, "not Black's turn");
}

fn book_bytes(entries: &[Entry]) -> Vec<u8> {
    entries.iter().flat_map(|e| e.to_bytes()).collect()
}

fn entry(key: u64, from: Square, to: Square, weight: u16) -> Entry {
    Entry { key, raw_move: raw(from, to, 0), weight, learn: 0 }
}

#[test]
fn a_book_gives_the_legal_weighted_moves_of_a_position() {
    let start = polyglot::key(Position::default().board());
    let bytes = book_bytes(&[
        entry(start - 1, Square::E2, Square::E4, 7),
        entry(start, Square::E2, Square::E4, 10),
        entry(start, Square::D2, Square::D4, 5),
        entry(start, Square::E2, Square::E5, 99),
        entry(start, Square::G1, Square::F3, 0),
        entry(start, Square::E2, Square::E4, 3),
        entry(start + 1, Square::C2, Square::C4, 8),
    ]);
    let book = Book::from_bytes(&bytes).unwrap();
    assert_eq!(book.len(), 7);
    let moves: Vec<(String, u32)> = book
        .moves(&Position::default())
        .iter()
        .map(|m| (rokade::position::move_to_uci(m.mv, false), m.weight))
        .collect();
    // e2e5 is illegal, g1f3 has weight 0 (never played); e2e4's two entries add up.
    assert_eq!(moves, [("e2e4".to_string(), 13), ("d2d4".to_string(), 5)]);
    assert!(book.moves(&after(&["e2e4"])).is_empty());
}

#[test]
fn a_corrupt_book_is_refused() {
    let start = polyglot::key(Position::default().board());
    let unsorted = book_bytes(&[entry(start, Square::E2, Square::E4, 1), entry(start - 1, Square::D2, Square::D4, 1)]);
    assert!(Book::from_bytes(&unsorted).unwrap_err().contains("out of key order"));
    let mut torn = book_bytes(&[entry(start, Square::E2, Square::E4, 1)]);
    torn.push(0);
    assert!(Book::from_bytes(&torn).unwrap_err().contains("whole number"));
    assert!(Book::from_bytes(&[]).unwrap().is_empty());
}

#[test]
fn the_built_in_book_holds_every_named_line() {
    let book = Book::builtin().expect("the built-in book loads");
    assert!(book.len() >= 1000, "{} entries", book.len());
    let lines =
        build::read_lines(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("openings/lines.txt")).unwrap();
    assert!(lines.len() >= 8);
    for line in lines {
        let mut pos = Position::default();
        for m in line {
            assert!(book.moves(&pos).iter().any(|b| b.mv == m), "{m} is not a book move in {}", pos.fen());
            pos.play(m);
        }
    }
}

fn builtin_moves(moves: &[&str]) -> Vec<String> {
    let book = Book::builtin().unwrap();
    book.moves(&after(moves)).iter().map(|m| rokade::position::move_to_uci(m.mv, false)).collect()
}

/// Runs `go` after `setup` and the position; returns the lines, `bestmove` last.
fn play(setup: &[&str], moves: &[&str], go: &str) -> Vec<String> {
    let mut e = Engine::start();
    for line in setup {
        e.send(line);
    }
    e.send(&format!("position startpos moves {}", moves.join(" ")));
    e.go(go)
}

fn is_book_answer(lines: &[String]) -> bool {
    lines.iter().any(|l| l.starts_with("info string book move ")) && !lines.iter().any(|l| l.starts_with("info depth"))
}

#[test]
fn the_book_options_are_declared() {
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.read_until(|l| l == "uciok");
    common::assert_declares(
        &lines,
        &[
            "option name OwnBook type check default false",
            "option name BookFile type string default <empty>",
            "option name BookDepth type spin default 12 min 0 max 100",
            "option name LevelBook type check default true",
        ],
    );
}

#[test]
fn own_book_plays_a_move_of_the_book_at_once() {
    for moves in [&[][..], &["e2e4"], &["d2d4", "d7d5"]] {
        let lines = play(&["setoption name OwnBook value true"], moves, "go wtime 60000 btime 60000");
        assert!(is_book_answer(&lines), "{lines:?}");
        assert!(builtin_moves(moves).contains(&bestmove(&lines)), "{lines:?}");
    }
}

#[test]
fn without_own_book_full_strength_searches() {
    let lines = play(&[], &[], "go depth 4");
    assert!(!is_book_answer(&lines) && lines.iter().any(|l| l.starts_with("info depth 4")), "{lines:?}");
}

#[test]
fn a_search_to_watch_never_comes_from_the_book() {
    let own_book = ["setoption name OwnBook value true"];
    for go in ["go depth 3 searchmoves e2e4 d2d4", "go mate 1"] {
        let lines = play(&own_book, &[], go);
        assert!(!lines.iter().any(|l| l.contains("book move")), "{go}: {lines:?}");
    }
    for go in ["go infinite", "go ponder wtime 60000 btime 60000"] {
        let mut e = Engine::start();
        e.send(own_book[0]);
        e.send("position startpos");
        e.send(go);
        let before_stop = e.sync();
        assert!(
            !before_stop.iter().any(|l| l.starts_with("bestmove") || l.contains("book move")),
            "{go}: {before_stop:?}"
        );
        e.send("stop");
        let lines = e.read_until(|l| l.starts_with("bestmove"));
        assert!(!lines.iter().any(|l| l.contains("book move")), "{go}: {lines:?}");
    }
}

#[test]
fn the_same_seed_gives_the_same_book_moves_and_seeds_vary_them() {
    let game = |seed: u32| -> Vec<String> {
        let setup =
            ["setoption name Level value Beginner".to_string(), format!("setoption name Skill Seed value {seed}")];
        let setup: Vec<&str> = setup.iter().map(String::as_str).collect();
        [&[][..], &["e2e4"], &["d2d4"]].iter().map(|moves| bestmove(&play(&setup, moves, "go movetime 100"))).collect()
    };
    assert_eq!(game(4242), game(4242));
    let openings: std::collections::BTreeSet<Vec<String>> = (1..=6).map(game).collect();
    assert!(openings.len() >= 2, "six seeds, one opening: {openings:?}");
}

#[test]
fn a_level_opens_from_the_book_unless_told_not_to() {
    for level in ["Beginner", "Hard", "Master"] {
        let lines = play(&[&format!("setoption name Level value {level}")], &[], "go movetime 100");
        assert!(is_book_answer(&lines), "{level}: {lines:?}");
        assert!(builtin_moves(&[]).contains(&bestmove(&lines)));
    }
    let no_level_book = ["setoption name Level value Beginner", "setoption name LevelBook value false"];
    assert!(!is_book_answer(&play(&no_level_book, &[], "go movetime 100")));
    let no_depth = ["setoption name Level value Beginner", "setoption name BookDepth value 0"];
    assert!(!is_book_answer(&play(&no_depth, &[], "go movetime 100")));
    // Move 2 is past a BookDepth of 1, though the position is in the book.
    let one_move = ["setoption name Level value Beginner", "setoption name BookDepth value 1"];
    assert!(!builtin_moves(&["e2e4", "e7e5"]).is_empty());
    assert!(!is_book_answer(&play(&one_move, &["e2e4", "e7e5"], "go movetime 100")));
    assert!(is_book_answer(&play(&one_move, &["e2e4"], "go movetime 100")));
}

#[test]
fn master_plays_the_best_weighted_book_move() {
    let book = Book::builtin().unwrap();
    let moves = book.moves(&Position::default());
    let best = moves.iter().max_by_key(|m| m.weight).unwrap();
    for seed in [1, 2, 3] {
        let setup =
            ["setoption name Level value Master".to_string(), format!("setoption name Skill Seed value {seed}")];
        let setup: Vec<&str> = setup.iter().map(String::as_str).collect();
        assert_eq!(bestmove(&play(&setup, &[], "go movetime 100")), rokade::position::move_to_uci(best.mv, false));
    }
}

#[test]
fn a_bad_book_file_is_reported_and_the_engine_plays_on_without_a_book() {
    let dir = tempdir::Dir::new();
    let torn = dir.path("torn.bin");
    std::fs::write(&torn, [0u8; 17]).unwrap();
    let missing = dir.path("missing.bin");
    for (path, says) in [(&torn, "whole number"), (&missing, "cannot read")] {
        let mut e = Engine::start();
        e.send("setoption name OwnBook value true");
        e.send(&format!("setoption name BookFile value {}", path.display()));
        let answer = e.sync();
        assert!(answer.iter().any(|l| l.starts_with("info string BookFile: ") && l.contains(says)), "{answer:?}");
        e.send("position startpos");
        let lines = e.go("go depth 3");
        assert!(!is_book_answer(&lines) && lines.iter().any(|l| l.starts_with("info depth 3")), "{lines:?}");
        // `<empty>` brings the built-in book back.
        e.send("setoption name BookFile value <empty>");
        assert!(is_book_answer(&e.go("go depth 3")));
        assert!(e.close(), "clean exit");
    }
}

#[test]
fn book_build_keeps_the_named_lines_and_repeats_itself() {
    let dir = tempdir::Dir::new();
    let lines = dir.path("lines.txt");
    std::fs::write(&lines, "# a test line\nTest: 1. e4 e5 2. Nf3\n").unwrap();
    let build = |name: &str| {
        let out = dir.path(name);
        let status = std::process::Command::new(env!("CARGO_BIN_EXE_rokade"))
            .args(["book", "build", "--positions", "6", "--nodes", "3000", "--depth", "4", "--out"])
            .arg(&out)
            .arg("--lines")
            .arg(&lines)
            .stderr(std::process::Stdio::null())
            .status()
            .expect("run rokade book build");
        assert!(status.success());
        std::fs::read(out).unwrap()
    };
    let bytes = build("a.bin");
    assert_eq!(bytes, build("b.bin"), "the same settings give the same book");
    let book = Book::from_bytes(&bytes).expect("a valid book");
    let mut pos = Position::default();
    for m in ["e2e4", "e7e5", "g1f3"] {
        let m = pos.parse_move(m).unwrap();
        assert!(book.moves(&pos).iter().any(|b| b.mv == m), "{m} in {}", pos.fen());
        pos.play(m);
    }
    // Four positions on the line, and two more: six positions, each with one move or more.
    let keys: std::collections::BTreeSet<u64> =
        bytes.chunks_exact(16).map(|c| Entry::from_bytes(c.try_into().unwrap()).key).collect();
    assert_eq!(keys.len(), 6);
}
