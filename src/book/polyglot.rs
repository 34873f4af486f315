//! The Polyglot opening-book format, as specified by Michel Van den Bergh and H. G. Muller:
//! a file of 16-byte big-endian entries `key u64, move u16, weight u16, learn u32`, sorted by
//! key. The key is Polyglot's Zobrist hash, which shakmaty's `Zobrist64` reproduces.

use shakmaty::zobrist::Zobrist64;
use shakmaty::{Chess, EnPassantMode, Move, Position as _, Role, Square};

use crate::position::Position;

/// Bytes of one entry.
pub const ENTRY_BYTES: usize = 16;

/// One book entry: in the position with this key, this move, with this weight.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub key: u64,
    /// The move in Polyglot's encoding (see [`encode_move`]).
    pub raw_move: u16,
    pub weight: u16,
    /// Polyglot's learning field; rokade neither reads nor writes it (always 0).
    pub learn: u32,
}

impl Entry {
    pub fn from_bytes(bytes: &[u8; ENTRY_BYTES]) -> Entry {
        let (key, rest) = bytes.split_at(8);
        let (raw_move, rest) = rest.split_at(2);
        let (weight, learn) = rest.split_at(2);
        Entry {
            key: u64::from_be_bytes(key.try_into().expect("8 bytes")),
            raw_move: u16::from_be_bytes(raw_move.try_into().expect("2 bytes")),
            weight: u16::from_be_bytes(weight.try_into().expect("2 bytes")),
            learn: u32::from_be_bytes(learn.try_into().expect("4 bytes")),
        }
    }

    pub fn to_bytes(self) -> [u8; ENTRY_BYTES] {
        let mut bytes = [0; ENTRY_BYTES];
        bytes[..8].copy_from_slice(&self.key.to_be_bytes());
        bytes[8..10].copy_from_slice(&self.raw_move.to_be_bytes());
        bytes[10..12].copy_from_slice(&self.weight.to_be_bytes());
        bytes[12..].copy_from_slice(&self.learn.to_be_bytes());
        bytes
    }
}

/// The Polyglot key of a position. Polyglot hashes the en-passant file whenever a pawn of the
/// side to move stands next to the pawn that just moved two squares, even if the capture is
/// illegal (a pinned pawn): that is shakmaty's `PseudoLegal` mode, not the engine's `Legal`.
pub fn key(board: &Chess) -> u64 {
    board.zobrist_hash::<Zobrist64>(EnPassantMode::PseudoLegal).0
}

/// Six bits per square (file in the low three, rank in the high three), as shakmaty numbers them.
const SQUARE_BITS: u32 = 6;
const SQUARE_MASK: u16 = (1 << SQUARE_BITS) - 1;
const FROM_SHIFT: u32 = SQUARE_BITS;
const PROMOTION_SHIFT: u32 = 2 * SQUARE_BITS;
const PROMOTION_MASK: u16 = 0b111;
/// Promotion pieces by their Polyglot code (0 is no promotion).
const PROMOTIONS: [Role; 4] = [Role::Knight, Role::Bishop, Role::Rook, Role::Queen];

/// A move in Polyglot's encoding: to-square in bits 0-5, from-square in 6-11, promotion piece
/// in 12-14. Castling is written as the king taking its own rook (e1h1, e8a8).
pub fn encode_move(m: Move) -> u16 {
    let (from, to) = match m {
        Move::Castle { king, rook } => (king, rook),
        _ => (m.from().expect("a board move has a from-square"), m.to()),
    };
    let promotion = m.promotion().and_then(|role| PROMOTIONS.iter().position(|&p| p == role)).map_or(0, |i| i + 1);
    (promotion as u16) << PROMOTION_SHIFT | (u16::from(from) << FROM_SHIFT) | u16::from(to)
}

/// The legal move an encoded move means in `pos`, or `None` when it means none (a corrupt
/// entry, a hash collision, a move written in another convention).
pub fn decode_move(raw: u16, pos: &Position) -> Option<Move> {
    let to = Square::new(u32::from(raw & SQUARE_MASK));
    let from = Square::new(u32::from((raw >> FROM_SHIFT) & SQUARE_MASK));
    let promotion = match usize::from((raw >> PROMOTION_SHIFT) & PROMOTION_MASK) {
        0 => None,
        code => Some(*PROMOTIONS.get(code - 1)?),
    };
    // Polyglot's e1h1 is the king taking its own rook: the position's castling move.
    pos.move_from_parts(from, to, promotion)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip_through_bytes_big_endian() {
        let entry = Entry { key: 0x0123_4567_89ab_cdef, raw_move: 0x0f1e, weight: 0x2d3c, learn: 0x4b5a_6978 };
        let bytes = entry.to_bytes();
        assert_eq!(bytes[..3], [0x01, 0x23, 0x45]);
        assert_eq!(bytes[8..12], [0x0f, 0x1e, 0x2d, 0x3c]);
        assert_eq!(Entry::from_bytes(&bytes), entry);
    }
}
