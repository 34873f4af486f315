//! The book options and the decision they make: whether a `go` is answered from the book at
//! once, and with which move. `OwnBook` turns the book on for every game; `LevelBook` (on by
//! default) turns it on for the strength levels alone, so that the app's opponents open like
//! players and full-strength matches and analysis stay untouched. A search is always run
//! when the GUI asks for one to watch: `go infinite`, `go ponder`, `go mate`, `searchmoves`.

use std::path::Path;

use rand::SeedableRng;
use rand::rngs::StdRng;
use shakmaty::Position as _;

use super::command::GoParams;
use super::options::{self, Value};
use crate::book::{Book, BookMove, choice};
use crate::position::Position;
use crate::search::Limits;
use crate::search::strength::{self, Strength};

/// Keeps the book's draw apart from the limited search's, which uses the same seed and key.
const BOOK_SALT: u64 = 0x626f_6f6b;
/// `BookDepth` by default: the book is consulted up to this move number.
pub const DEFAULT_DEPTH_MOVES: u32 = 12;

/// A move from the book, with its chance of having been drawn and how many it was drawn from.
#[derive(Clone, Copy, Debug)]
pub struct BookAnswer {
    pub played: BookMove,
    pub chance: f64,
    pub choices: usize,
}

#[derive(Debug)]
pub struct BookOptions {
    own_book: bool,
    level_book: bool,
    /// The book is consulted while the position's move number is at most this.
    depth_moves: u32,
    /// `None` when the `BookFile` could not be read: rokade then plays without a book.
    book: Option<Book>,
}

impl Default for BookOptions {
    fn default() -> Self {
        BookOptions {
            own_book: false,
            level_book: true,
            depth_moves: DEFAULT_DEPTH_MOVES,
            // The built-in book is checked by the tests; were it broken, there is no book.
            book: Book::builtin().ok(),
        }
    }
}

impl BookOptions {
    /// Applies a book option; returns what the user should be told.
    pub fn set(&mut self, name: &str, value: Value) -> Option<String> {
        match (name, value) {
            (options::OWN_BOOK, Value::Bool(on)) => {
                self.own_book = on;
                (on && self.book.is_none()).then(|| "OwnBook: no book is loaded (see BookFile)".to_string())
            }
            (options::LEVEL_BOOK, Value::Bool(on)) => {
                self.level_book = on;
                None
            }
            (options::BOOK_DEPTH, Value::Int(moves)) => {
                self.depth_moves = moves as u32;
                None
            }
            (options::BOOK_FILE, Value::String(path)) => Some(self.load(&path)),
            _ => None,
        }
    }

    /// Loads the named book, or the built-in one for an empty name.
    fn load(&mut self, path: &str) -> String {
        let (loaded, what) = if path.is_empty() {
            (Book::builtin(), "the built-in book".to_string())
        } else {
            (Book::from_file(Path::new(path)), path.to_string())
        };
        match loaded {
            Ok(book) => {
                let message = format!("BookFile: {what}, {} entries", book.len());
                self.book = Some(book);
                message
            }
            Err(e) => {
                self.book = None;
                format!("BookFile: {e}; playing without a book")
            }
        }
    }

    /// The book's move for this `go`, when the book answers it. With a `Skill Seed` the same
    /// position gets the same move; a level draws as its target Elo says (`strength::book_temperature_pct`).
    pub fn answer(
        &self,
        pos: &Position,
        params: &GoParams,
        limits: &Limits,
        strength: Option<Strength>,
        seed: u64,
    ) -> Option<BookAnswer> {
        let wanted = self.own_book || (strength.is_some() && self.level_book);
        if !wanted || wants_a_search(params, limits) || pos.board().fullmoves().get() > self.depth_moves {
            return None;
        }
        let moves = self.book.as_ref()?.moves(pos);
        let temperature = strength.map_or(choice::PROPORTIONAL, |s| strength::book_temperature_pct(s.elo));
        let mut rng = StdRng::seed_from_u64(strength::derive_seed(seed, pos.key() ^ BOOK_SALT));
        let mv = choice::choose(&moves, temperature, &mut rng)?;
        let index = moves.iter().position(|m| *m == mv)?;
        Some(BookAnswer { played: mv, chance: choice::chances(&moves, temperature)[index], choices: moves.len() })
    }
}

/// Whether the GUI asked for a search to watch, not for a move to play.
fn wants_a_search(params: &GoParams, limits: &Limits) -> bool {
    limits.infinite || limits.ponder || limits.mate.is_some() || !params.searchmoves.is_empty()
}
