//! Games from PGN (pgn-reader): the main line of every game, standard or from a `FEN` tag.

use std::io::Read;
use std::ops::ControlFlow;

use pgn_reader::{RawTag, Reader, SanPlus, Skip, Visitor};
use shakmaty::{Chess, Move, Position as _};

use crate::position::Position;

#[derive(Clone, Debug)]
pub struct Game {
    pub tags: Vec<(String, String)>,
    pub start: Position,
    pub moves: Vec<Move>,
    /// Why the game stopped early (an illegal move, a bad FEN), if it did.
    pub error: Option<String>,
}

impl Game {
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }
}

struct GameVisitor;

struct Movetext {
    tags: Vec<(String, String)>,
    start: Position,
    pos: Chess,
    moves: Vec<Move>,
    error: Option<String>,
}

impl Visitor for GameVisitor {
    type Tags = Vec<(String, String)>;
    type Movetext = Movetext;
    type Output = Game;

    fn begin_tags(&mut self) -> ControlFlow<Game, Self::Tags> {
        ControlFlow::Continue(Vec::new())
    }

    fn tag(&mut self, tags: &mut Self::Tags, name: &[u8], value: RawTag<'_>) -> ControlFlow<Game> {
        tags.push((String::from_utf8_lossy(name).into_owned(), value.decode_utf8_lossy().into_owned()));
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Game, Movetext> {
        let fen = tags.iter().find(|(n, _)| n.eq_ignore_ascii_case("FEN")).map(|(_, v)| v.clone());
        let (start, error) = match fen.as_deref().map(Position::from_fen) {
            None => (Position::default(), None),
            Some(Ok(pos)) => (pos, None),
            Some(Err(e)) => (Position::default(), Some(format!("FEN tag: {e}"))),
        };
        let pos = start.board().clone();
        ControlFlow::Continue(Movetext { tags, start, pos, moves: Vec::new(), error })
    }

    fn san(&mut self, movetext: &mut Movetext, san_plus: SanPlus) -> ControlFlow<Game> {
        if movetext.error.is_some() {
            return ControlFlow::Continue(());
        }
        match san_plus.san.to_move(&movetext.pos) {
            Ok(m) => {
                movetext.pos.play_unchecked(m);
                movetext.moves.push(m);
            }
            Err(_) => {
                let number = movetext.moves.len() / 2 + 1;
                movetext.error = Some(format!("illegal move {san_plus} (move {number}); the game is cut there"));
            }
        }
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self, _movetext: &mut Movetext) -> ControlFlow<Game, Skip> {
        ControlFlow::Continue(Skip(true))
    }

    fn end_game(&mut self, movetext: Movetext) -> Game {
        Game { tags: movetext.tags, start: movetext.start, moves: movetext.moves, error: movetext.error }
    }
}

/// Every game of a PGN text, in order.
pub fn read_games(input: impl Read) -> std::io::Result<Vec<Game>> {
    let mut reader = Reader::new(input);
    let mut games = Vec::new();
    while let Some(game) = reader.read_game(&mut GameVisitor)? {
        games.push(game);
    }
    Ok(games)
}

/// Every game of a file of rated games one a line (the lichess samples of
/// `../shared/data/human-games/`: `WHITE_ELO - BLACK_ELO - BASE+INC - MOVES RESULT`), read as
/// PGN with the two ratings and the time control as tags. Lines not of that form are skipped.
pub fn read_one_line_games(text: &str) -> Vec<Game> {
    let mut pgn = String::new();
    for line in text.lines() {
        let mut fields = line.splitn(4, " - ");
        let (Some(white), Some(black), Some(control), Some(moves)) =
            (fields.next(), fields.next(), fields.next(), fields.next())
        else {
            continue;
        };
        let (white, black) = (white.trim(), black.trim());
        // An unrated player is "?", as in a PGN tag.
        let rating = |r: &str| r == "?" || r.parse::<u32>().is_ok();
        if !rating(white) || !rating(black) {
            continue;
        }
        pgn += &format!(
            "[WhiteElo \"{white}\"]\n[BlackElo \"{black}\"]\n[TimeControl \"{}\"]\n\n{}\n\n",
            control.trim(),
            moves.trim()
        );
    }
    read_games(pgn.as_bytes()).unwrap_or_default()
}

/// The games of a file in either form: PGN, or rated games one a line.
pub fn read_games_file(path: &std::path::Path) -> Result<Vec<Game>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let first = text.lines().map(str::trim).find(|l| !l.is_empty()).unwrap_or("");
    if first.starts_with(|c: char| c.is_ascii_digit()) && first.contains(" - ") {
        Ok(read_one_line_games(&text))
    } else {
        read_games(text.as_bytes()).map_err(|e| format!("cannot read {}: {e}", path.display()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_one_line_game_keeps_its_ratings_and_moves() {
        let games = read_one_line_games(
            "1398 - 1305 - 660+1 - 1. e4 Nf6 2. e5 Nd5 3. Nf1d2 1-0\nnot a game\n1500 - 1600 - 300+0 - 1. d4 d5\n\
             ? - 1251 - 600+8 - 1. Nf3 Nf6\n",
        );
        assert_eq!(games.len(), 3);
        assert_eq!((games[2].tag("WhiteElo"), games[2].tag("BlackElo")), (Some("?"), Some("1251")));
        assert_eq!((games[0].tag("WhiteElo"), games[0].tag("BlackElo")), (Some("1398"), Some("1305")));
        assert_eq!(games[0].moves.len(), 4, "{:?}", games[0].error);
        assert!(games[0].error.is_some(), "Nf1d2 is illegal here and cuts the game");
        assert_eq!(games[1].moves.len(), 2);
        assert_eq!(games[1].tag("TimeControl"), Some("300+0"));
    }
}
