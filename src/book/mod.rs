//! rokade's opening book: a Polyglot `.bin` file (see [`polyglot`]), read into memory and
//! searched by binary search. The book rokade ships, `openings/rokade.bin`, is compiled into
//! the binary, so the engine has it whatever directory it runs from; `rokade book build`
//! ([`build`]) makes it.

pub mod build;
pub mod choice;
pub mod polyglot;

use std::path::Path;

use shakmaty::Move;

use crate::position::Position;
use polyglot::{ENTRY_BYTES, Entry};

/// The shipped book.
const BUILTIN: &[u8] = include_bytes!("../../openings/rokade.bin");

/// A book move in one position, with its weight (the sum when several entries give it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookMove {
    pub mv: Move,
    pub weight: u32,
}

/// A Polyglot book, checked when loaded: whole entries, sorted by key.
#[derive(Clone, Debug, Default)]
pub struct Book {
    entries: Vec<Entry>,
}

impl Book {
    /// The book compiled into the binary.
    pub fn builtin() -> Result<Book, String> {
        Book::from_bytes(BUILTIN).map_err(|e| format!("the built-in book: {e}"))
    }

    pub fn from_file(path: &Path) -> Result<Book, String> {
        let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        Book::from_bytes(&bytes).map_err(|e| format!("{}: {e}", path.display()))
    }

    /// Checks the bytes: a binary search over unsorted keys would quietly find nothing.
    pub fn from_bytes(bytes: &[u8]) -> Result<Book, String> {
        if !bytes.len().is_multiple_of(ENTRY_BYTES) {
            return Err(format!(
                "not a Polyglot book: {} bytes is not a whole number of {ENTRY_BYTES}-byte entries",
                bytes.len()
            ));
        }
        let entries: Vec<Entry> =
            bytes.chunks_exact(ENTRY_BYTES).map(|chunk| Entry::from_bytes(chunk.try_into().expect("whole"))).collect();
        if let Some(i) = entries.windows(2).position(|pair| pair[0].key > pair[1].key) {
            return Err(format!("not a Polyglot book: entry {} is out of key order", i + 1));
        }
        Ok(Book { entries })
    }

    /// The number of entries.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The entries stored for a key, in file order.
    pub fn entries(&self, key: u64) -> impl Iterator<Item = &Entry> {
        let first = self.entries.partition_point(|e| e.key < key);
        self.entries[first..].iter().take_while(move |e| e.key == key)
    }

    /// The legal moves the book gives in this position, in file order; entries of weight 0
    /// (never to be played, in Polyglot's convention) and moves that are not legal here are
    /// left out.
    pub fn moves(&self, pos: &Position) -> Vec<BookMove> {
        let mut moves: Vec<BookMove> = Vec::new();
        for entry in self.entries(polyglot::key(pos.board())).filter(|e| e.weight > 0) {
            let Some(mv) = polyglot::decode_move(entry.raw_move, pos) else { continue };
            match moves.iter_mut().find(|m| m.mv == mv) {
                Some(known) => known.weight += u32::from(entry.weight),
                None => moves.push(BookMove { mv, weight: u32::from(entry.weight) }),
            }
        }
        moves
    }
}
