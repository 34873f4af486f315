//! Games in the one-line format of lichess game samples (the FGF project's "Fast Game
//! Format"): `WHITE_RATING - BLACK_RATING - BASE+INCREMENT - 1. e4 e5 2. Nf3 ... RESULT`,
//! one game a line, ratings `?` when unknown, the result token optional.

use std::io::BufRead;
use std::str::FromStr;

use shakmaty::Position as _;
use shakmaty::san::SanPlus;

use super::pgn::Game;
use crate::position::Position;

const SEPARATOR: &str = " - ";
const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// Whether a line looks like a one-line game: two ratings (or `?`) and a time control first.
pub fn is_one_line_game(line: &str) -> bool {
    let fields: Vec<&str> = line.splitn(4, SEPARATOR).collect();
    let rating = |f: &str| f == "?" || (!f.is_empty() && f.bytes().all(|b| b.is_ascii_digit()));
    fields.len() == 4 && rating(fields[0]) && rating(fields[1]) && fields[2].contains('+')
}

/// One game from one line; `None` for a line that is not in the format. A move that is not
/// legal cuts the game there (the game's `error` says where), as in a PGN.
pub fn parse_line(line: &str) -> Option<Game> {
    let line = line.trim();
    if !is_one_line_game(line) {
        return None;
    }
    let fields: Vec<&str> = line.splitn(4, SEPARATOR).collect();
    let mut tags = vec![
        ("WhiteElo".to_string(), fields[0].to_string()),
        ("BlackElo".to_string(), fields[1].to_string()),
        ("TimeControl".to_string(), fields[2].to_string()),
    ];
    let start = Position::default();
    let mut board = start.board().clone();
    let mut moves = Vec::new();
    let mut error = None;
    let mut result = "*";
    for token in fields[3].split_whitespace() {
        if let Some(r) = RESULTS.iter().find(|&&r| r == token) {
            result = r;
            break;
        }
        // Move numbers: `12.` and `12...`.
        if token.ends_with('.') && token.trim_end_matches('.').bytes().all(|b| b.is_ascii_digit()) {
            continue;
        }
        let played = SanPlus::from_str(token).ok().and_then(|san| san.san.to_move(&board).ok());
        match played {
            Some(m) => {
                board.play_unchecked(m);
                moves.push(m);
            }
            None => {
                let number = moves.len() / 2 + 1;
                error = Some(format!("illegal move {token} (move {number}); the game is cut there"));
                break;
            }
        }
    }
    tags.push(("Result".to_string(), result.to_string()));
    Some(Game { tags, start, moves, error })
}

/// Every game of a one-line file, in order; lines not in the format are skipped.
pub fn read_games(input: impl BufRead) -> std::io::Result<Vec<Game>> {
    let mut games = Vec::new();
    for line in input.lines() {
        if let Some(game) = parse_line(&line?) {
            games.push(game);
        }
    }
    Ok(games)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_gives_ratings_time_control_moves_and_result() {
        let game = parse_line("1398 - 1305 - 660+1 - 1. e4 Nf6 2. e5 Nd5 3. Bc4 e6 1-0").unwrap();
        assert_eq!(game.tag("WhiteElo"), Some("1398"));
        assert_eq!(game.tag("BlackElo"), Some("1305"));
        assert_eq!(game.tag("TimeControl"), Some("660+1"));
        assert_eq!(game.tag("Result"), Some("1-0"));
        assert_eq!(game.moves.len(), 6);
        assert!(game.error.is_none());
    }

    #[test]
    fn unknown_ratings_long_notation_and_no_result() {
        let game = parse_line("? - 1251 - 600+8 - 1. Ng1f3 d5 2. d4").unwrap();
        assert_eq!(game.tag("WhiteElo"), Some("?"));
        assert_eq!(game.tag("Result"), Some("*"));
        assert_eq!(game.moves.len(), 3);
    }

    #[test]
    fn an_illegal_move_cuts_the_game() {
        let game = parse_line("1500 - 1500 - 300+0 - 1. e4 e5 2. Ke3 Nc6 0-1").unwrap();
        assert_eq!(game.moves.len(), 2);
        assert_eq!(game.error.as_deref(), Some("illegal move Ke3 (move 2); the game is cut there"));
    }

    #[test]
    fn other_lines_are_not_games() {
        assert!(parse_line("[Event \"x\"]").is_none());
        assert!(parse_line("1. e4 e5").is_none());
        assert!(parse_line("").is_none());
    }
}
