//! The game state the search works on: a shakmaty board plus what shakmaty lacks,
//! an incremental Zobrist key, an undo stack (shakmaty is copy-make only) and the key
//! history of the whole game, so repetitions that began before the root are seen.

use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{
    Bitboard, CastlingMode, Chess, Color, EnPassantMode, File, FromSetup, Move, MoveList, Position as _, PositionError,
    Role, Square, attacks,
};

/// A position with history. `make`/`unmake` must be paired.
#[derive(Clone, Debug)]
pub struct Position {
    board: Chess,
    key: u64,
    /// Boards before each `make`, restored by `unmake`.
    undo: Vec<(Chess, u64)>,
    /// Keys of every position of the game so far, the current one last.
    keys: Vec<u64>,
    /// The last two moves of the game (`play`), the latest first: what a player reacts to.
    recent: [Option<Move>; 2],
}

fn hash_of(board: &Chess) -> u64 {
    board.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0
}

impl Default for Position {
    fn default() -> Self {
        Self::new(Chess::default())
    }
}

impl Position {
    pub fn new(board: Chess) -> Self {
        let key = hash_of(&board);
        Position { board, key, undo: Vec::with_capacity(256), keys: vec![key], recent: [None; 2] }
    }

    /// Parses a FEN (X-FEN or Shredder-FEN castling; move counters optional).
    /// Standard castling is tried first, then Chess960 for 960 starting arrays. Checks that
    /// no legal game reaches but that are playable (an impossible double check, an en-passant
    /// square with no capture) are waived; positions the rules cannot play are refused.
    pub fn from_fen(fen: &str) -> Result<Self, String> {
        let fen: Fen = fen.parse().map_err(|e| format!("invalid FEN: {e}"))?;
        let setup = fen.into_setup();
        // The error carries the whole position; only its message is kept.
        let lenient = |mode| {
            Chess::from_setup(setup.clone(), mode)
                .or_else(PositionError::ignore_impossible_check)
                .or_else(PositionError::ignore_invalid_ep_square)
                .map_err(|e| e.to_string())
        };
        let board = match lenient(CastlingMode::Standard) {
            Ok(board) => board,
            Err(_) => lenient(CastlingMode::Chess960)?,
        };
        Ok(Self::new(board))
    }

    pub fn board(&self) -> &Chess {
        &self.board
    }

    pub fn key(&self) -> u64 {
        self.key
    }

    /// A key of the pawn structure alone (pawn hash, pawn correction history).
    pub fn pawn_key(&self) -> u64 {
        pawn_key(self.board.board())
    }

    pub fn turn(&self) -> Color {
        self.board.turn()
    }

    pub fn is_check(&self) -> bool {
        self.board.is_check()
    }

    pub fn make(&mut self, m: Move) {
        let key = self.board.update_zobrist_hash(Zobrist64(self.key), m, EnPassantMode::Legal);
        let previous = self.board.clone();
        self.board.play_unchecked(m);
        let key = key.map_or_else(|| hash_of(&self.board), |k| k.0);
        self.undo.push((previous, self.key));
        self.key = key;
        self.keys.push(key);
    }

    /// Passes the turn; `false` (and no change) where the rules cannot pass, e.g. in check.
    pub fn make_null(&mut self) -> bool {
        let Ok(board) = self.board.clone().swap_turn() else { return false };
        let previous = std::mem::replace(&mut self.board, board);
        self.undo.push((previous, self.key));
        self.key = hash_of(&self.board);
        self.keys.push(self.key);
        true
    }

    pub fn unmake(&mut self) {
        let (board, key) = self.undo.pop().expect("unmake without make");
        self.board = board;
        self.key = key;
        self.keys.pop();
    }

    /// Plays a move for good: it becomes part of the game history, not of the undo stack.
    pub fn play(&mut self, m: Move) {
        self.make(m);
        self.undo.clear();
        self.recent = [Some(m), self.recent[0]];
    }

    /// The last move of the game (the opponent's) and the one before it (ours), as `play`ed.
    pub fn recent_moves(&self) -> [Option<Move>; 2] {
        self.recent
    }

    /// How often the current position occurred before, since the last irreversible move.
    pub fn repetitions(&self) -> usize {
        let window = (self.board.halfmoves() as usize).min(self.keys.len() - 1);
        let last = self.keys.len() - 1;
        (2..=window).step_by(2).filter(|&back| self.keys[last - back] == self.key).count()
    }

    /// Whether any position since the last capture or pawn move occurred twice (the
    /// tablebase ranking of the root then takes the shortest win, so as not to cycle).
    pub fn has_repeated(&self) -> bool {
        let window = (self.board.halfmoves() as usize).min(self.keys.len() - 1);
        let recent = &self.keys[self.keys.len() - 1 - window..];
        recent.iter().enumerate().any(|(i, key)| recent[..i].contains(key))
    }

    /// A draw by the rules the search applies: any repetition, the fifty-move
    /// rule (unless the side to move is mated) and dead positions.
    pub fn is_search_draw(&self) -> bool {
        if self.board.halfmoves() >= 100 && (!self.is_check() || !self.board.legal_moves().is_empty()) {
            return true;
        }
        self.board.is_insufficient_material() || self.repetitions() > 0
    }

    /// The squares the side not to move attacks.
    pub fn threats(&self) -> Bitboard {
        let b = self.board.board();
        b.by_color(!self.turn()).into_iter().fold(Bitboard::EMPTY, |acc, sq| acc | b.attacks_from(sq))
    }

    /// The legal moves `is_noisy` accepts, in the order `legal_moves()` lists them (so
    /// that ordering ties break the same way). shakmaty generates every move or none;
    /// quiescence wants only these, and most of its nodes generate moves once. In check it
    /// is every evasion, as the quiescence search needs.
    pub fn noisy_moves(&self) -> MoveList {
        let board = &self.board;
        let b = board.board();
        if board.is_check() {
            return board.legal_moves();
        }
        let Some(king) = b.king_of(self.turn()) else {
            let mut moves = board.legal_moves();
            moves.retain(|m| is_noisy(*m));
            return moves;
        };
        let us = self.turn();
        let them = b.by_color(!us);
        let occupied = b.occupied();
        // Returned by value, a move list is a copy of over a kilobyte: ask only when there
        // is an en-passant square at all.
        let mut moves = MoveList::new();
        if board.ep_square(EnPassantMode::Always).is_some() {
            moves = board.en_passant_moves();
        }
        let capture_move = |role, from, to| Move::Normal { role, from, capture: b.role_at(to), to, promotion: None };

        // Pawns: captures towards the a-file side, then the h-file side (each first off the
        // last rank, then onto it), then pushes onto the last rank; by destination square.
        let pawns = b.pawns() & b.by_color(us);
        let forward = us.fold_wb(8, -8);
        let origin = |to: Square, offset: i32| Square::new(to.to_u32().wrapping_add_signed(-offset));
        for (offset, wrapped) in
            [(forward - 1, Bitboard::from_file(File::H)), (forward + 1, Bitboard::from_file(File::A))]
        {
            let targets = pawns.shift(offset) & !wrapped & them;
            for to in targets & !Bitboard::BACKRANKS {
                moves.push(capture_move(Role::Pawn, origin(to, offset), to));
            }
            for to in targets & Bitboard::BACKRANKS {
                push_promotions(&mut moves, origin(to, offset), to, b.role_at(to));
            }
        }
        for to in pawns.shift(forward) & !occupied & Bitboard::BACKRANKS {
            let from = origin(to, forward);
            moves.push(Move::Normal { role: Role::Pawn, from, capture: None, to, promotion: Some(Role::Queen) });
        }

        for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
            for from in b.by_role(role) & b.by_color(us) {
                for to in attacks::attacks(from, shakmaty::Piece { color: us, role }, occupied) & them {
                    moves.push(capture_move(role, from, to));
                }
            }
        }
        for to in attacks::king_attacks(king) & them {
            if b.attacks_to(to, !us, occupied).is_empty() {
                moves.push(capture_move(Role::King, king, to));
            }
        }

        // Pinned pieces may move only along the pin (en passant came legal already).
        let pinned = pinned_pieces(b, us, king);
        if pinned.any() {
            moves.retain(|m| match *m {
                Move::Normal { from, to, .. } => !pinned.contains(from) || attacks::aligned(from, to, king),
                _ => true,
            });
        }
        moves
    }

    /// Whether the side to move has pieces besides pawns and king (null-move safety).
    pub fn has_non_pawn_material(&self) -> bool {
        let b = self.board.board();
        let ours = b.by_color(self.turn());
        (ours & !(b.pawns() | b.kings())).any()
    }

    /// Parses a UCI move (`e2e4`, `e7e8q`, castling as `e1g1` or `e1h1`) and checks legality.
    pub fn parse_move(&self, text: &str) -> Result<Move, String> {
        let uci: UciMove = text.parse().map_err(|_| format!("malformed move '{text}'"))?;
        uci.to_move(&self.board).map_err(|_| format!("illegal move '{text}'"))
    }

    pub fn fen(&self) -> String {
        Fen::from_position(&self.board, EnPassantMode::Legal).to_string()
    }

    /// Rebuilds a move from its from/to squares and promotion (the TT's compact form).
    /// Castling is stored king-to-rook. Returns `None` unless the move is legal here.
    pub fn move_from_parts(&self, from: Square, to: Square, promotion: Option<Role>) -> Option<Move> {
        let b = self.board.board();
        let role = b.role_at(from)?;
        if b.color_at(from) != Some(self.turn()) {
            return None;
        }
        let m = if role == Role::King
            && b.by_piece(shakmaty::Piece { color: self.turn(), role: Role::Rook }).contains(to)
        {
            Move::Castle { king: from, rook: to }
        } else if role == Role::Pawn
            && Some(to) == self.board.ep_square(EnPassantMode::Legal)
            && from.file() != to.file()
        {
            Move::EnPassant { from, to }
        } else {
            Move::Normal { role, from, capture: b.role_at(to), to, promotion }
        };
        self.board.is_legal(m).then_some(m)
    }
}

/// A key of the pawns of both sides: each side's pawn bitboard through a 64-bit mixer
/// (SplitMix64's finaliser), so that similar structures get unrelated keys.
pub fn pawn_key(board: &shakmaty::Board) -> u64 {
    let white = (board.pawns() & board.white()).0;
    let black = (board.pawns() & board.black()).0;
    mix(white) ^ mix(black ^ 0x9e37_79b9_7f4a_7c15).rotate_left(17)
}

/// A capture or a queen promotion: what quiescence searches and move ordering scores by
/// exchange rather than by history.
pub fn is_noisy(m: Move) -> bool {
    m.is_capture() || m.promotion() == Some(Role::Queen)
}

/// The side's pieces that alone stand between its king and an enemy slider.
fn pinned_pieces(b: &shakmaty::Board, us: Color, king: Square) -> Bitboard {
    let snipers = (attacks::rook_attacks(king, Bitboard::EMPTY) & b.rooks_and_queens())
        | (attacks::bishop_attacks(king, Bitboard::EMPTY) & b.bishops_and_queens());
    let mut pinned = Bitboard::EMPTY;
    for sniper in snipers & b.by_color(!us) {
        let between = attacks::between(king, sniper) & b.occupied();
        if !between.more_than_one() {
            pinned |= between & b.by_color(us);
        }
    }
    pinned
}

/// A pawn's move to the last rank, as each of the four promotions (`legal_moves()`'s order).
fn push_promotions(moves: &mut MoveList, from: Square, to: Square, capture: Option<Role>) {
    for promotion in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
        moves.push(Move::Normal { role: Role::Pawn, from, capture, to, promotion: Some(promotion) });
    }
}

/// A key of one side's pieces other than pawns (non-pawn correction history).
pub fn non_pawn_key(board: &shakmaty::Board, color: Color) -> u64 {
    let ours = board.by_color(color);
    [Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King]
        .iter()
        .fold(0u64, |key, &role| mix(key ^ (board.by_role(role) & ours).0).rotate_left(role as u32))
}

/// SplitMix64's finaliser: similar bitboards get unrelated keys.
fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// Text of a move for the GUI: king-takes-rook castling only in Chess960 mode.
pub fn move_to_uci(m: Move, chess960: bool) -> String {
    m.to_uci(CastlingMode::from_chess960(chess960)).to_string()
}

#[cfg(test)]
mod tests {
    use shakmaty::{Bitboard, Square};

    use super::Position;

    #[test]
    fn threats_are_the_squares_the_side_not_to_move_attacks() {
        // Black's rook h1 sweeps the first rank up to White's king and the h-file; its king
        // covers a7, b7 and b8; White's own pieces attack nothing that counts.
        let pos = Position::from_fen("k7/8/8/8/8/8/8/K6r w - - 0 1").unwrap();
        let rank_one =
            Bitboard::from_iter([Square::A1, Square::B1, Square::C1, Square::D1, Square::E1, Square::F1, Square::G1]);
        let h_file =
            Bitboard::from_iter([Square::H2, Square::H3, Square::H4, Square::H5, Square::H6, Square::H7, Square::H8]);
        let king = Bitboard::from_iter([Square::A7, Square::B7, Square::B8]);
        assert_eq!(pos.threats(), rank_one | h_file | king);
    }
}
