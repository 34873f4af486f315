//! One input line to a typed [`Command`]. `go` and `position` are parsed here from the raw
//! tokens (vampirc-uci drops `ponder` next to a clock, panics on numbers above 255,
//! truncates move lists and rejects Shredder-FEN); every other UCI command goes through
//! vampirc-uci, inside `catch_unwind` so that none of its panics reaches the user.

use std::panic::{AssertUnwindSafe, catch_unwind};

use vampirc_uci::UciMessage;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoParams {
    pub wtime: Option<u64>,
    pub btime: Option<u64>,
    pub winc: Option<u64>,
    pub binc: Option<u64>,
    pub movestogo: Option<u32>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub mate: Option<u32>,
    pub movetime: Option<u64>,
    pub infinite: bool,
    pub ponder: bool,
    pub searchmoves: Vec<String>,
    pub perft: Option<u32>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionBase {
    StartPos,
    Fen(String),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Uci,
    Debug(bool),
    IsReady,
    SetOption {
        name: String,
        value: Option<String>,
    },
    Register,
    UciNewGame,
    Position {
        base: PositionBase,
        moves: Vec<String>,
    },
    Go(GoParams),
    Stop,
    PonderHit,
    Quit,
    /// Engine extensions, not part of UCI.
    Bench {
        depth: Option<i32>,
    },
    Display,
    Eval,
    Genfens(crate::tools::genfens::Request),
}

const UCI_COMMANDS: &[&str] =
    &["uci", "debug", "isready", "setoption", "register", "ucinewgame", "position", "go", "stop", "ponderhit", "quit"];
const EXTENSIONS: &[&str] = &["bench", "d", "eval", "genfens", "perft"];

/// A parsed line with what was wrong in it but could be skipped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parsed {
    pub command: Command,
    pub warnings: Vec<String>,
}

/// Parses one line. `Ok(None)` for a blank line. Unknown leading tokens are skipped, as the
/// UCI spec asks ("joho debug on" is "debug on"); an error names what was wrong.
pub fn parse(line: &str) -> Result<Option<Parsed>, String> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    if tokens.is_empty() {
        return Ok(None);
    }
    let Some(start) = tokens.iter().position(|t| UCI_COMMANDS.contains(t) || EXTENSIONS.contains(t)) else {
        return Err(format!("unknown command: {}", shorten(line)));
    };
    let mut warnings = Vec::new();
    if start > 0 {
        warnings.push(format!("ignored unknown '{}'", shorten(&tokens[..start].join(" "))));
    }
    let tokens = &tokens[start..];
    let command = match tokens[0] {
        "go" => Command::Go(parse_go(&tokens[1..], &mut warnings)),
        "position" => parse_position(&tokens[1..])?,
        "bench" => Command::Bench { depth: tokens.get(1).map(|d| number(d, "bench depth")).transpose()? },
        "perft" => Command::Go(GoParams { perft: Some(perft_depth(tokens.get(1))?), ..GoParams::default() }),
        "d" => Command::Display,
        "genfens" => parse_genfens(&tokens[1..])?,
        "eval" => Command::Eval,
        _ => parse_with_vampirc(&tokens.join(" "))?,
    };
    Ok(Some(Parsed { command, warnings }))
}

/// Up to 80 characters of a line, for error messages about very long input.
pub fn shorten(line: &str) -> String {
    let trimmed = line.trim();
    match trimmed.char_indices().nth(80) {
        Some((cut, _)) => format!("{}...", &trimmed[..cut]),
        None => trimmed.to_string(),
    }
}

fn number<T: std::str::FromStr>(text: &str, what: &str) -> Result<T, String> {
    text.parse().map_err(|_| format!("{what}: '{}' is not a valid number", shorten(text)))
}

fn perft_depth(token: Option<&&str>) -> Result<u32, String> {
    let depth: u32 = number(token.ok_or("perft needs a depth")?, "perft depth")?;
    if depth == 0 || depth > 12 { Err(format!("perft depth {depth} is outside 1..12")) } else { Ok(depth) }
}

/// `genfens N seed S book <file|None> [extra ...]`, as OpenBench sends it; extras are ignored.
fn parse_genfens(tokens: &[&str]) -> Result<Command, String> {
    let count = tokens.first().ok_or("genfens needs a count: genfens N seed S book <file|None>")?;
    let mut request = crate::tools::genfens::Request { count: number(count, "genfens count")?, seed: 0, book: None };
    let mut rest = tokens[1..].iter();
    while let Some(&key) = rest.next() {
        match key {
            "seed" => request.seed = number(rest.next().ok_or("genfens: seed needs a value")?, "genfens seed")?,
            "book" => {
                let book = rest.next().ok_or("genfens: book needs a file or None")?;
                request.book = (!book.eq_ignore_ascii_case("none")).then(|| book.to_string());
            }
            _ => {}
        }
    }
    Ok(Command::Genfens(request))
}

fn parse_with_vampirc(line: &str) -> Result<Command, String> {
    let message = catch_unwind(AssertUnwindSafe(|| vampirc_uci::parse_one(line)))
        .map_err(|_| format!("cannot parse: {}", shorten(line)))?;
    Ok(match message {
        UciMessage::Uci => Command::Uci,
        UciMessage::Debug(on) => Command::Debug(on),
        UciMessage::IsReady => Command::IsReady,
        UciMessage::SetOption { name, value } => Command::SetOption { name, value },
        UciMessage::Register { .. } => Command::Register,
        UciMessage::UciNewGame => Command::UciNewGame,
        UciMessage::Stop => Command::Stop,
        UciMessage::PonderHit => Command::PonderHit,
        UciMessage::Quit => Command::Quit,
        _ => return Err(format!("cannot parse: {}", shorten(line))),
    })
}

fn parse_position(tokens: &[&str]) -> Result<Command, String> {
    let moves_at = tokens.iter().position(|&t| t == "moves");
    let (setup, moves) = match moves_at {
        Some(i) => (&tokens[..i], &tokens[i + 1..]),
        None => (tokens, &[][..]),
    };
    let base = match setup.split_first() {
        Some((&"startpos", [])) => PositionBase::StartPos,
        Some((&"startpos", rest)) => return Err(format!("position: unexpected '{}' after startpos", rest.join(" "))),
        Some((&"fen", [])) => return Err("position fen: the FEN is missing".into()),
        Some((&"fen", fields)) => PositionBase::Fen(fields.join(" ")),
        _ => return Err("position: expected 'startpos' or 'fen <FEN>'".into()),
    };
    Ok(Command::Position { base, moves: moves.iter().map(|m| m.to_string()).collect() })
}

/// Numbers a GUI may send negative (clocks) are clamped to 0 with a warning; anything
/// unreadable is skipped with a warning, so the search still runs and answers `bestmove`.
fn parse_go(tokens: &[&str], warnings: &mut Vec<String>) -> GoParams {
    let mut p = GoParams::default();
    let mut i = 0;
    while i < tokens.len() {
        let key = tokens[i];
        let value = tokens.get(i + 1).copied();
        let mut consumed = 2;
        match key {
            "infinite" => (p.infinite, consumed) = (true, 1),
            "ponder" => (p.ponder, consumed) = (true, 1),
            "searchmoves" => {
                let moves: Vec<String> =
                    tokens[i + 1..].iter().take_while(|t| !is_go_keyword(t)).map(|t| t.to_string()).collect();
                consumed = 1 + moves.len();
                p.searchmoves = moves;
            }
            "wtime" | "btime" | "winc" | "binc" | "movetime" | "nodes" => match signed(value, key, warnings) {
                Some(v) => {
                    let v = v.max(0) as u64;
                    match key {
                        "wtime" => p.wtime = Some(v),
                        "btime" => p.btime = Some(v),
                        "winc" => p.winc = Some(v),
                        "binc" => p.binc = Some(v),
                        "movetime" => p.movetime = Some(v),
                        _ => p.nodes = Some(v),
                    }
                }
                None => consumed = skip_value(value),
            },
            "depth" | "mate" | "movestogo" => match signed(value, key, warnings) {
                Some(v) if v <= 0 => warnings.push(format!("go: {key} {v} ignored: it must be positive")),
                Some(v) => {
                    let v = v.clamp(1, i64::from(u32::MAX)) as u32;
                    match key {
                        "depth" => p.depth = Some(v),
                        "mate" => p.mate = Some(v),
                        _ => p.movestogo = Some(v),
                    }
                }
                None => consumed = skip_value(value),
            },
            "perft" => match value.map(|v| perft_depth(Some(&v))) {
                Some(Ok(d)) => p.perft = Some(d),
                Some(Err(e)) => warnings.push(e),
                None => warnings.push("perft needs a depth".into()),
            },
            other => {
                warnings.push(format!("go: unknown token '{}' ignored", shorten(other)));
                consumed = 1;
            }
        }
        i += consumed;
    }
    p
}

fn is_go_keyword(token: &str) -> bool {
    matches!(
        token,
        "wtime"
            | "btime"
            | "winc"
            | "binc"
            | "movestogo"
            | "depth"
            | "nodes"
            | "mate"
            | "movetime"
            | "infinite"
            | "ponder"
            | "searchmoves"
            | "perft"
    )
}

/// A value that is itself a keyword was missing: do not swallow the keyword.
fn skip_value(value: Option<&str>) -> usize {
    match value {
        Some(v) if !is_go_keyword(v) => 2,
        _ => 1,
    }
}

fn signed(value: Option<&str>, key: &str, warnings: &mut Vec<String>) -> Option<i64> {
    let Some(text) = value else {
        warnings.push(format!("go: {key} needs a number"));
        return None;
    };
    match text.parse::<i64>() {
        Ok(v) => {
            if v < 0 && !matches!(key, "movestogo" | "depth" | "mate") {
                warnings.push(format!("go: {key} {v} is negative, using 0"));
            }
            Some(v)
        }
        Err(_) if text.parse::<u64>().is_ok() || text.chars().all(|c| c.is_ascii_digit()) => Some(i64::MAX),
        Err(_) => {
            warnings.push(format!("go: {key} '{}' is not a number, ignored", shorten(text)));
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn go(line: &str) -> (GoParams, Vec<String>) {
        match parse(line).unwrap().unwrap() {
            Parsed { command: Command::Go(p), warnings } => (p, warnings),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn go_keeps_ponder_next_to_a_clock() {
        let (p, w) = go("go ponder wtime 1000 btime 2000 winc 10 binc 20 movestogo 5");
        assert!(p.ponder && w.is_empty());
        assert_eq!(
            (p.wtime, p.btime, p.winc, p.binc, p.movestogo),
            (Some(1000), Some(2000), Some(10), Some(20), Some(5))
        );
    }

    #[test]
    fn go_takes_numbers_vampirc_cannot() {
        let (p, _) = go("go depth 256 movestogo 300 nodes 1234567890123");
        assert_eq!((p.depth, p.movestogo, p.nodes), (Some(256), Some(300), Some(1234567890123)));
    }

    #[test]
    fn go_searchmoves_stops_at_the_next_keyword() {
        let (p, _) = go("go searchmoves e2e4 d2d4 depth 3");
        assert_eq!(p.searchmoves, ["e2e4", "d2d4"]);
        assert_eq!(p.depth, Some(3));
    }

    #[test]
    fn go_missing_value_does_not_swallow_the_next_keyword() {
        let (p, w) = go("go wtime btime 500");
        assert_eq!((p.wtime, p.btime), (None, Some(500)));
        assert_eq!(w, ["go: wtime 'btime' is not a number, ignored"]);
    }

    #[test]
    fn position_keeps_every_move() {
        let parsed = parse("position startpos moves e2e4 0000 e7e5").unwrap().unwrap();
        assert_eq!(
            parsed.command,
            Command::Position {
                base: PositionBase::StartPos,
                moves: vec!["e2e4".into(), "0000".into(), "e7e5".into()]
            }
        );
    }

    #[test]
    fn shredder_fen_is_passed_through() {
        let parsed =
            parse("position fen bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9").unwrap().unwrap();
        assert!(
            matches!(parsed.command, Command::Position { base: PositionBase::Fen(f), .. } if f.ends_with("HFhf - 2 9"))
        );
    }

    #[test]
    fn setoption_names_and_values_may_have_spaces() {
        let parsed = parse("setoption name Move Overhead value 100").unwrap().unwrap();
        assert_eq!(parsed.command, Command::SetOption { name: "Move Overhead".into(), value: Some("100".into()) });
        let parsed = parse("setoption name Clear Hash").unwrap().unwrap();
        assert_eq!(parsed.command, Command::SetOption { name: "Clear Hash".into(), value: None });
    }

    #[test]
    fn trailing_whitespace_and_blank_lines() {
        assert_eq!(parse("isready   ").unwrap().unwrap().command, Command::IsReady);
        assert_eq!(parse("   ").unwrap(), None);
    }
}
