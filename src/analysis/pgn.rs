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
