//! `rokade puzzles`: `find` on the small game files of tests/data finds exactly the known
//! puzzles (the same with one thread or two), `daily` gives the same puzzle for the same
//! date and follows the schema in the README, the shipped collection holds what the app
//! needs, and no hint gives a square away.

mod common;

use std::collections::HashSet;
use std::process::{Command, Output};

use common::tempdir;

fn rokade(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rokade")).args(args).output().expect("run rokade")
}

fn json_of(out: &Output) -> serde_json::Value {
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("stdout is JSON")
}

fn readme_schema() -> serde_json::Value {
    let readme = include_str!("../README.md");
    let start = readme.find("<!-- puzzle-json-schema -->").expect("schema marker in README");
    let block = &readme[start..];
    let open = block.find("```json\n").unwrap() + "```json\n".len();
    let close = block[open..].find("```").unwrap();
    serde_json::from_str(&block[open..open + close]).expect("the README schema is JSON")
}

fn schema_errors(schema: &serde_json::Value, value: &serde_json::Value) -> Vec<String> {
    let validator = jsonschema::validator_for(schema).expect("a valid schema");
    validator.iter_errors(value).map(|e| format!("{} at {}", e, e.instance_path())).collect()
}

/// The schema of one puzzle: the README schema's `puzzle` definition.
fn puzzle_schema() -> serde_json::Value {
    let mut schema = readme_schema();
    let defs = schema["$defs"].clone();
    schema = serde_json::json!({"$ref": "#/$defs/puzzle", "$defs": defs});
    schema
}

/// One line per puzzle: id, kind and N, the accepted first moves, the solution (SAN).
fn summary(collection: &serde_json::Value) -> Vec<String> {
    let san = |moves: &serde_json::Value| {
        moves.as_array().unwrap().iter().map(|m| m["san"].as_str().unwrap().to_string()).collect::<Vec<_>>().join(" ")
    };
    collection["puzzles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            format!(
                "{} {}{} [{}] {}",
                p["id"].as_str().unwrap(),
                p["kind"].as_str().unwrap(),
                p["mate_in"].as_u64().map_or_else(String::new, |n| n.to_string()),
                san(&p["accepted_first_moves"]),
                san(&p["solution"])
            )
        })
        .collect()
}

fn find(input: &str, threads: &str) -> serde_json::Value {
    let dir = tempdir::Dir::new();
    let out = dir.path("puzzles.json");
    let games = format!("{}/tests/data/{input}", env!("CARGO_MANIFEST_DIR"));
    let run = rokade(&["puzzles", "find", &games, "--out", out.to_str().unwrap(), "--threads", threads]);
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
    serde_json::from_str(&std::fs::read_to_string(out).unwrap()).unwrap()
}

#[test]
fn find_gets_the_known_puzzles_of_the_one_line_games_whatever_the_threads() {
    let found = find("puzzle-games.txt", "2");
    assert_eq!(
        summary(&found),
        [
            "puzzle-games.txt#1:43 mate2 [Qf3+] Qf3+ Kh4 Qxg4#",
            "puzzle-games.txt#2:53 mate2 [Qc3+] Qc3+ Kb1 Nd2#",
            "puzzle-games.txt#2:59 mate2 [Qc3+ Qxe5+] Qc3+ Rb2 Qxb2#",
            "puzzle-games.txt#3:71 tactic [Ra8+] Ra8+ Qa3 Rxa3+",
            "puzzle-games.txt#3:145 mate3 [Qb2+ Qb8+] Qb2+ Ka4 Kc4 Ka5 Qb5#",
        ]
    );
    for p in found["puzzles"].as_array().unwrap() {
        let errors = schema_errors(&puzzle_schema(), p);
        assert!(errors.is_empty(), "{}: {errors:#?}", p["id"]);
    }
    assert_eq!(summary(&find("puzzle-games.txt", "1")), summary(&found));
}

#[test]
fn find_reads_pgn_and_keeps_a_quiet_mate() {
    let found = find("puzzle-game.pgn", "1");
    assert_eq!(summary(&found), ["puzzle-game.pgn#1:112 mate2 [Kf2] Kf2 e4 Qg3#"]);
    let puzzle = &found["puzzles"][0];
    assert!(puzzle["themes"].as_array().unwrap().contains(&"quietMove".into()));
    assert_eq!(puzzle["source"]["white_rating"], 1989);
    assert_eq!(puzzle["last_move"]["san"], "Kf4");
}

#[test]
fn the_daily_puzzle_is_the_same_for_a_date_and_follows_the_schema() {
    let schema = readme_schema();
    let mut ids = HashSet::new();
    for date in ["2026-12-05", "2027-01-01", "2030-06-15"] {
        let first = json_of(&rokade(&["puzzles", "daily", "--date", date]));
        let again = json_of(&rokade(&["puzzles", "daily", "--date", date]));
        assert_eq!(first, again, "{date}");
        let errors = schema_errors(&schema, &first);
        assert!(errors.is_empty(), "{date}: {errors:#?}");
        assert_eq!(first["date"], date);
        assert!(first["puzzle"]["rating"].is_object(), "the shipped puzzles are rated");
        ids.insert(first["puzzle"]["id"].as_str().unwrap().to_string());
    }
    assert_eq!(ids.len(), 3, "three dates, three puzzles");
}

#[test]
fn the_shipped_collection_serves_a_year_of_mates_and_tactics() {
    let size = json_of(&rokade(&["puzzles", "daily", "--date", "2026-01-01"]))["collection_size"].as_u64().unwrap();
    assert!(size >= 365, "{size} puzzles");
    // One cycle of days: every puzzle exactly once.
    let first_day = 20_454_i64 - 20_454 % size as i64; // a cycle's first day (days since 1970)
    let mut seen = HashSet::new();
    let mut kinds = HashSet::new();
    for day in first_day..first_day + size as i64 {
        let date = civil(day);
        let daily = json_of(&rokade(&["puzzles", "daily", "--date", &date]));
        assert_eq!(daily["day_in_cycle"].as_i64().unwrap(), day - first_day);
        let p = &daily["puzzle"];
        assert!(seen.insert(p["id"].as_str().unwrap().to_string()), "{} twice in a cycle", p["id"]);
        kinds.insert(format!("{}{}", p["kind"].as_str().unwrap(), p["mate_in"]));
    }
    assert_eq!(seen.len() as u64, size);
    for kind in ["mate1", "mate2", "mate3", "tacticnull"] {
        assert!(kinds.contains(kind), "no {kind} in {kinds:?}");
    }
}

/// YYYY-MM-DD of a day number (days since 1970-01-01).
fn civil(days: i64) -> String {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    format!("{:04}-{:02}-{:02}", yoe + era * 400 + i64::from(m <= 2), m, d)
}

#[test]
fn no_hint_names_a_square_or_a_move() {
    let collection: serde_json::Value =
        serde_json::from_str(include_str!("../src/puzzles/collection.json")).expect("the collection is JSON");
    let puzzles = collection["puzzles"].as_array().unwrap();
    assert!(!puzzles.is_empty());
    for p in puzzles {
        let hint = p["hint"].as_str().unwrap();
        assert!(!hint.is_empty() && !hint.bytes().any(|b| b.is_ascii_digit()), "{}: {hint}", p["id"]);
        for m in p["solution"].as_array().unwrap() {
            let san = m["san"].as_str().unwrap().trim_end_matches(['+', '#']);
            assert!(!hint.contains(san), "{}: {hint} names {san}", p["id"]);
        }
        let errors = schema_errors(&puzzle_schema(), p);
        assert!(errors.is_empty(), "{}: {errors:#?}", p["id"]);
    }
}

#[test]
fn bad_input_is_an_error_not_a_panic() {
    let out = rokade(&["puzzles", "daily", "--date", "2026-02-30"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&out.stderr).trim(), "rokade puzzles: invalid date '2026-02-30': no such day");
    let out = rokade(&["puzzles", "find", "/nonexistent/games.pgn", "--out", "/nonexistent/p.json"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("rokade puzzles: cannot read /nonexistent/games.pgn"));
    let out = rokade(&["puzzles", "daily", "--file", "/nonexistent/p.json"]);
    assert_eq!(out.status.code(), Some(1));
}
