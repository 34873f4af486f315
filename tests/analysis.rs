//! `rokade analyse`: a known blunder is classified as one, the JSON follows the schema in
//! the README, and the SVG graph is well-formed XML.

mod common;

use std::process::Command;

use common::tempdir;

const GAMES: &str = r#"[Event "Blunder test"]
[White "Careful"]
[Black "Careless"]
[Result "1-0"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0

[Event "From a FEN"]
[White "A"]
[Black "B"]
[Result "*"]
[SetUp "1"]
[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]

1. e4 Kd7 (1... Ke7 2. e5) 2. e5 *
"#;

fn analyse(args: &[&str]) -> (tempdir::Dir, String) {
    let dir = tempdir::Dir::new();
    let pgn = dir.path("games.pgn");
    std::fs::write(&pgn, GAMES).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_rokade"))
        .arg("analyse")
        .arg(&pgn)
        .args(["--depth", "6", "--threads", "1"])
        .args(args.iter().map(|a| a.replace("DIR", dir.root().to_str().unwrap())))
        .output()
        .expect("run rokade analyse");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    (dir, String::from_utf8(out.stdout).unwrap())
}

#[test]
fn the_blunder_is_found_and_the_table_printed() {
    let (_dir, table) = analyse(&[]);
    let blunder = table.lines().find(|l| l.starts_with("3...")).expect("a line for 3...Nf6");
    assert!(blunder.contains("Nf6") && blunder.ends_with("blunder"), "{blunder}");
    assert!(table.contains("Black: accuracy") && table.contains("1 blunders"), "{table}");
    assert!(table.contains("Game 2: A - B"), "the FEN game is analysed too: {table}");
}

fn readme_schema() -> serde_json::Value {
    let readme = include_str!("../README.md");
    let start = readme.find("<!-- analysis-json-schema -->").expect("schema marker in README");
    let block = &readme[start..];
    let open = block.find("```json\n").unwrap() + "```json\n".len();
    let close = block[open..].find("```").unwrap();
    serde_json::from_str(&block[open..open + close]).expect("the README schema is JSON")
}

#[test]
fn json_follows_the_readme_schema() {
    let (_dir, out) = analyse(&["--json", "-"]);
    let report: serde_json::Value = serde_json::from_str(&out).expect("stdout is the JSON report");
    let validator = jsonschema::validator_for(&readme_schema()).expect("a valid schema");
    let errors: Vec<String> =
        validator.iter_errors(&report).map(|e| format!("{} at {}", e, e.instance_path())).collect();
    assert!(errors.is_empty(), "{errors:#?}");
    let moves = report["games"][0]["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 7);
    assert_eq!(moves[5]["san"], "Nf6");
    assert_eq!(moves[5]["class"], "blunder");
    assert!(moves[5]["best_san"].as_str().is_some_and(|s| s != "Nf6"), "{}", moves[5]);
    assert_eq!(report["games"][0]["termination"], "checkmate, white wins");
    assert_eq!(report["games"][1]["start_fen"], "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
}

#[test]
fn svg_is_well_formed() {
    let (dir, _) = analyse(&["--svg", "DIR/graph.svg"]);
    for name in ["graph.svg", "graph-2.svg"] {
        let text = std::fs::read_to_string(dir.path(name)).unwrap();
        let doc = roxmltree::Document::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(doc.root_element().tag_name().name(), "svg");
        assert!(text.contains("Careful - Careless") || name != "graph.svg");
    }
}

#[test]
fn a_missing_file_is_an_error_not_a_panic() {
    let out = Command::new(env!("CARGO_BIN_EXE_rokade")).args(["analyse", "/nonexistent/games.pgn"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("rokade analyse: cannot open /nonexistent/games.pgn"));
}
