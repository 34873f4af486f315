//! Random UCI input: bytes, tokens, and every command rokade knows, valid, out of range or
//! malformed. Searches are kept tiny: nearly every `go` carries a small node limit, and an
//! `infinite` or `ponder` search is followed by `stop`.

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Position as _};

use super::mutate::{mutate, random_bytes};
use crate::uci::options::{self, Kind, SPECS};

/// The largest `Hash` the fuzzer asks for (MiB): larger valid sizes would only cost memory.
pub(super) const MAX_FUZZ_HASH_MB: i64 = 64;
/// The most threads a valid `Threads` value asks for; out-of-range values still reach 256.
const MAX_FUZZ_THREADS: i64 = 8;
/// The node limit given to nearly every search.
const MAX_FUZZ_NODES: u64 = 2000;
/// The share of valid lines that are damaged before they are sent.
const MUTATED_SHARE: f64 = 0.25;
/// Random legal moves played at most from a base position.
const MAX_PLAYED_MOVES: usize = 40;

/// Numbers that break parsers: signs, overflow, other bases, floats.
const NASTY_NUMBERS: &[&str] = &[
    "0",
    "-0",
    "-1",
    "+5",
    "255",
    "256",
    "65535",
    "65536",
    "2147483647",
    "2147483648",
    "-2147483649",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "9223372036854775808",
    "-9223372036854775808",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999999999",
    "1e9",
    "0x10",
    "3.5",
    "NaN",
    "inf",
    "١٢",
    "",
];

/// Words for random token lines. `bench` is not among them: it runs in the controller, as
/// OpenBench expects, and a bare `bench` (depth 12) takes seconds; `simple` sends shallow ones.
const WORDS: &[&str] = &[
    "uci",
    "debug",
    "on",
    "off",
    "isready",
    "setoption",
    "name",
    "value",
    "register",
    "later",
    "code",
    "ucinewgame",
    "position",
    "startpos",
    "fen",
    "moves",
    "go",
    "stop",
    "ponderhit",
    "quit",
    "d",
    "eval",
    "perft",
    "genfens",
    "seed",
    "book",
    "None",
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
    "e2e4",
    "e7e5",
    "e1g1",
    "e1h1",
    "0000",
    "xboard",
    "protover",
    "\t",
    "\r",
    "\u{0}",
    "é",
    "♔",
];

/// Standard positions to start from, and Chess960 ones in Shredder-FEN and X-FEN.
const FENS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
    "7k/5Q2/5K2/8/8/8/8/8 w - - 0 1",
    "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
    "8/8/8/3k4/8/3K4/3P4/8 w - - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
    "qrkbnnbr/pppppppp/8/8/8/8/PPPPPPPP/QRKBNNBR w KQkq - 0 1",
    "rkrbbnnq/pppppppp/8/8/8/8/PPPPPPPP/RKRBBNNQ w CAca - 0 1",
];

/// Positions no legal game reaches, or FENs that are not positions at all.
const BAD_FENS: &[&str] = &[
    "8/8/8/8/8/8/8/8 w - - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR w KQkq - 0 1",
    "4k3/8/8/8/8/8/8/4K2R b K - 0 1 extra tokens",
    "4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1",
    "P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
    "QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQkQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQKQQQ w - - 0 1",
    "4k3/8/8/8/8/8/8/4K3 w KQkq e3 0 1",
    "4k3/8/8/8/8/8/8/4K3 w - - 4294967296 99999999999999999999",
    "4k3/8/8/8/8/8/8/4K3 w - - -1 -1",
    "4k3/8/8/8/8/8/8/4K3 x - - 0 1",
    "4k3/8/8/8/8/8/8/4K3 w - - 0 0",
    "4k3/8/8/9/8/8/8/4K3 w - - 0 1",
    "4k3/8/8/8/8/8/8/4K3/8 w - - 0 1",
    "4k3/8/8/8/8/8/8/4K3 w ZQkq - 0 1",
    "4k3/8/8/8/8/8/8/4K3 w - z9 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w",
    "k7/8/8/8/8/8/8/K7 w - - 100 1",
    "k7/8/8/8/8/8/8/K7 w - - 150 1",
];

const GO_KEYS: &[&str] =
    &["depth", "nodes", "movetime", "wtime", "btime", "winc", "binc", "movestogo", "mate", "searchmoves"];

/// Yields fuzz lines; each call to [`Generator::item`] gives one line or a few that belong
/// together (a `go infinite` and its `stop`).
pub struct Generator {
    rng: StdRng,
    /// The last position the generator set up legally, for `searchmoves` and move lists.
    current: Chess,
}

impl Generator {
    pub fn new(seed: u64) -> Self {
        Generator { rng: StdRng::seed_from_u64(seed), current: Chess::default() }
    }

    /// One input item: its lines as raw bytes (no newline).
    pub fn item(&mut self) -> Vec<Vec<u8>> {
        let valid = match self.rng.random_range(0..100) {
            0..8 => return vec![random_bytes(&mut self.rng)],
            8..16 => return vec![self.tokens().into_bytes()],
            16..34 => vec![self.position()],
            34..50 => vec![self.setoption()],
            50..78 => self.go(),
            _ => vec![self.simple()],
        };
        valid
            .into_iter()
            .map(|line| {
                let mutable = !line.starts_with("bench");
                if mutable && self.rng.random_bool(MUTATED_SHARE) {
                    mutate(&mut self.rng, &line)
                } else {
                    line.into_bytes()
                }
            })
            .collect()
    }

    fn pick<'a>(&mut self, items: &'a [&'a str]) -> &'a str {
        items[self.rng.random_range(0..items.len())]
    }

    fn nasty_number(&mut self) -> String {
        self.pick(NASTY_NUMBERS).to_string()
    }

    fn tokens(&mut self) -> String {
        let n = self.rng.random_range(1..12);
        (0..n)
            .map(|_| match self.rng.random_range(0..3) {
                0 => self.nasty_number(),
                1 => self.move_text(),
                _ => self.pick(WORDS).to_string(),
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn simple(&mut self) -> String {
        match self.rng.random_range(0..16) {
            0 => "uci".into(),
            1 => "isready".into(),
            2 => "ucinewgame".into(),
            3 => "stop".into(),
            4 => "ponderhit".into(),
            5 => format!("debug {}", self.pick(&["on", "off", "maybe", ""])),
            6 => "d".into(),
            7 => "eval".into(),
            8 => format!("register {}", self.pick(&["later", "name x code 1", ""])),
            9 => format!("perft {}", self.pick(&["1", "2", "3", "0", "13", "-1", "x", ""])),
            10 => format!("go perft {}", self.pick(&["1", "2", "3", "99", "abc"])),
            11 => format!("bench {}", self.pick(&["1", "2", "0", "-3", "x"])),
            12 => format!("genfens {} seed {} book None", self.pick(&["0", "1", "2", "-1", "x"]), self.nasty_number()),
            13 => format!("genfens 1 seed 1 book {}", self.pick(&["/nonexistent.epd", "/dev/null", ""])),
            14 => "joho isready".into(),
            _ => "   ".into(),
        }
    }

    /// `position startpos|fen ...` with a move list.
    fn position(&mut self) -> String {
        let (base, board) = match self.rng.random_range(0..10) {
            0..3 => ("startpos".to_string(), Some(Chess::default())),
            3..6 => {
                let fen = self.pick(FENS);
                (format!("fen {fen}"), parse_fen(fen))
            }
            6 => (format!("fen {}", self.pick(BAD_FENS)), None),
            7 => (format!("fen {}", self.random_board_fen()), None),
            8 => {
                let fen = self.pick(FENS);
                (format!("fen {}", String::from_utf8_lossy(&mutate(&mut self.rng, fen))), None)
            }
            _ => (self.pick(&["", "fen", "startpos fen", "startpos extra", "moves e2e4"]).to_string(), None),
        };
        let moves = match board {
            Some(board) => self.move_list(board),
            None if self.rng.random_bool(0.3) => format!(" moves {}", self.move_text()),
            None => String::new(),
        };
        format!("position {base}{moves}")
    }

    /// Random legal moves from `board` (some in the other castling form), sometimes with a
    /// bad move in among them; the position reached is remembered when all were legal.
    fn move_list(&mut self, mut board: Chess) -> String {
        let count = self.rng.random_range(0..=MAX_PLAYED_MOVES);
        let mut moves = Vec::new();
        for _ in 0..count {
            let legal = board.legal_moves();
            if legal.is_empty() {
                break;
            }
            let m = legal[self.rng.random_range(0..legal.len())];
            let mode = if self.rng.random_bool(0.5) { CastlingMode::Chess960 } else { CastlingMode::Standard };
            moves.push(m.to_uci(mode).to_string());
            board.play_unchecked(m);
        }
        let spoiled = self.rng.random_bool(0.2);
        if spoiled {
            let at = self.rng.random_range(0..=moves.len());
            let bad = self.move_text();
            moves.insert(at, bad);
        } else {
            self.current = board;
        }
        if moves.is_empty() && self.rng.random_bool(0.5) {
            return String::new();
        }
        format!(" moves {}", moves.join(" "))
    }

    /// A move as text: legal here, the other castling form, or malformed.
    fn move_text(&mut self) -> String {
        let legal = self.current.legal_moves();
        if !legal.is_empty() && self.rng.random_bool(0.4) {
            let m = legal[self.rng.random_range(0..legal.len())];
            return m.to_uci(CastlingMode::Chess960).to_string();
        }
        let squares = ["a1", "e1", "g1", "h1", "e8", "g8", "h8", "e2", "e4", "a7", "a8", "i9", "z0", "e0"];
        let (from, to) = (self.pick(&squares), self.pick(&squares));
        match self.rng.random_range(0..6) {
            0 => format!("{from}{to}"),
            1 => format!("{from}{to}{}", self.pick(&["q", "n", "k", "p", "Q", "x"])),
            2 => self.pick(&["0000", "O-O", "O-O-O", "Nf3", "e4", "@@@@", "e2-e4", "E2E4", "a7a8q+"]).to_string(),
            3 => UciMove::Null.to_string(),
            4 => String::from_utf8_lossy(&random_bytes(&mut self.rng)).replace(char::is_whitespace, ""),
            _ => format!("{from}{to}{to}"),
        }
    }

    /// A board of random pieces on random squares, with random other fields.
    fn random_board_fen(&mut self) -> String {
        let pieces = "pnbrqkPNBRQK";
        let ranks: Vec<String> = (0..8)
            .map(|_| {
                (0..8)
                    .map(|_| {
                        if self.rng.random_bool(0.7) {
                            '1'
                        } else {
                            pieces.as_bytes()[self.rng.random_range(0..pieces.len())] as char
                        }
                    })
                    .collect()
            })
            .collect();
        let side = self.pick(&["w", "b"]);
        let castling = self.pick(&["-", "KQkq", "HAha", "Kq", "A"]);
        let ep = self.pick(&["-", "e3", "d6", "a1"]);
        format!("{} {side} {castling} {ep} {} {}", ranks.join("/"), self.rng.random_range(0..120), self.nasty_number())
    }

    fn setoption(&mut self) -> String {
        let spec = SPECS[self.rng.random_range(0..SPECS.len())];
        let name = match self.rng.random_range(0..10) {
            0 => spec.name.to_ascii_lowercase(),
            1 => spec.name.to_ascii_uppercase(),
            2 => format!("  {}  ", spec.name),
            3 => format!("{}x", spec.name),
            _ => spec.name.to_string(),
        };
        let value = match (self.rng.random_range(0..10), spec.kind) {
            (0, _) => return format!("setoption name {name}"),
            (1, _) => return format!("setoption name {name} value"),
            (2, _) => format!(" value {}", self.nasty_number()),
            (3, _) => format!(" value {}", self.tokens()),
            (_, kind) => format!(" value {}", self.valid_value(spec.name, kind)),
        };
        format!("setoption name {name}{value}")
    }

    /// A value of the option's type: in range, or out of range on the cheap side.
    fn valid_value(&mut self, name: &str, kind: Kind) -> String {
        match kind {
            Kind::Spin { min, max, .. } => {
                let max = match name {
                    options::HASH => MAX_FUZZ_HASH_MB,
                    options::THREADS if self.rng.random_bool(0.98) => MAX_FUZZ_THREADS,
                    _ => max,
                };
                let value = match self.rng.random_range(0..10) {
                    0 => min - self.rng.random_range(1..1000),
                    // Above the maximum only where the clamped value is cheap.
                    1 if name != options::HASH => max + self.rng.random_range(1..1000),
                    _ => self.rng.random_range(min..=max),
                };
                value.to_string()
            }
            Kind::Check { .. } => self.pick(&["true", "false", "TRUE", "False", "1", "yes"]).to_string(),
            Kind::Combo { values, .. } => match self.rng.random_range(0..6) {
                0 => self.pick(&["beginner", "FULL", "Grandmaster", ""]).to_string(),
                _ => self.pick(values).to_string(),
            },
            Kind::Button => self.pick(&["", "true", "x"]).to_string(),
            Kind::String { .. } => {
                // Book files and tablebase folders, good and bad (run from the repository).
                let values =
                    ["<empty>", "", "/nonexistent/book.bin", "openings/rokade.bin", "x y", "tests/data/syzygy"];
                self.pick(&values).to_string()
            }
        }
    }

    /// A `go` and, when it would wait for one, its `stop` or `ponderhit`.
    fn go(&mut self) -> Vec<String> {
        let mut line = "go".to_string();
        for _ in 0..self.rng.random_range(0..5) {
            let key = self.pick(GO_KEYS);
            let value = match key {
                "searchmoves" => {
                    (0..self.rng.random_range(0..4)).map(|_| self.move_text()).collect::<Vec<_>>().join(" ")
                }
                _ if self.rng.random_bool(0.3) => self.nasty_number(),
                "depth" => self.rng.random_range(1..4).to_string(),
                "mate" => self.rng.random_range(1..4).to_string(),
                "movetime" => self.rng.random_range(0..20).to_string(),
                "movestogo" => self.rng.random_range(1..50).to_string(),
                "nodes" => self.rng.random_range(0..MAX_FUZZ_NODES).to_string(),
                _ => self.rng.random_range(0..3000).to_string(),
            };
            line.push_str(&format!(" {key} {value}"));
        }
        let waits = match self.rng.random_range(0..10) {
            0 => Some("infinite"),
            1 => Some("ponder"),
            _ => None,
        };
        if let Some(word) = waits {
            line.push_str(&format!(" {word}"));
        }
        // The last word counts: a tiny search whatever came before.
        if self.rng.random_bool(0.95) {
            line.push_str(&format!(" nodes {}", self.rng.random_range(1..MAX_FUZZ_NODES)));
        }
        match waits {
            Some("ponder") if self.rng.random_bool(0.5) => vec![line, "ponderhit".into()],
            Some(_) => vec![line, "stop".into()],
            None if self.rng.random_bool(0.1) => vec![line, "stop".into()],
            None => vec![line],
        }
    }
}

fn parse_fen(text: &str) -> Option<Chess> {
    let fen: Fen = text.parse().ok()?;
    fen.into_position(CastlingMode::Chess960).ok()
}
