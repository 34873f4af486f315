//! Damage to a valid line: tokens dropped, doubled, swapped or replaced, characters flipped,
//! odd whitespace and bytes that are not UTF-8, the line cut short; and lines of random bytes.

use rand::RngExt;
use rand::rngs::StdRng;

/// Random lines are mostly short; one in this many is longer than the 1 MiB the reader takes.
const HUGE_LINE_ODDS: u32 = 20_000;
const HUGE_LINE_BYTES: usize = (1 << 20) + 100;
const MAX_RANDOM_BYTES: usize = 300;

/// Bytes that readers and parsers trip over.
const ODD_BYTES: &[&[u8]] =
    &[b"\t", b"\r", b"\x00", b"\x0b", b"\x0c", b"\xff", b"\xc3", b"\xe2\x99\x94", b"  ", b"\r\n"];

/// A line of random bytes (never a newline: one item is one line).
pub fn random_bytes(rng: &mut StdRng) -> Vec<u8> {
    if rng.random_ratio(1, HUGE_LINE_ODDS) {
        return vec![b'x'; HUGE_LINE_BYTES];
    }
    let len = rng.random_range(0..MAX_RANDOM_BYTES);
    (0..len).map(|_| rng.random::<u8>()).map(|b| if b == b'\n' { b' ' } else { b }).collect()
}

/// The line with one to three random mutations.
pub fn mutate(rng: &mut StdRng, line: &str) -> Vec<u8> {
    let mut bytes = line.as_bytes().to_vec();
    for _ in 0..rng.random_range(1..=3) {
        bytes = mutate_once(rng, bytes);
    }
    bytes.retain(|&b| b != b'\n');
    bytes
}

fn mutate_once(rng: &mut StdRng, bytes: Vec<u8>) -> Vec<u8> {
    let mut tokens: Vec<Vec<u8>> = bytes.split(|&b| b == b' ').map(<[u8]>::to_vec).collect();
    let at = rng.random_range(0..tokens.len());
    match rng.random_range(0..9) {
        0 => drop(tokens.remove(at)),
        1 => tokens.insert(at, tokens[at].clone()),
        2 => {
            let other = rng.random_range(0..tokens.len());
            tokens.swap(at, other);
        }
        3 => tokens[at] = ODD_BYTES[rng.random_range(0..ODD_BYTES.len())].to_vec(),
        4 => tokens.insert(at, ODD_BYTES[rng.random_range(0..ODD_BYTES.len())].to_vec()),
        5 => tokens.truncate(at.max(1)),
        6 => tokens[at] = tokens[at].to_ascii_uppercase(),
        7 => return flip_byte(rng, bytes),
        _ => tokens[at].extend_from_slice(b"9999999999999999999999"),
    }
    tokens.join(&b' ')
}

fn flip_byte(rng: &mut StdRng, mut bytes: Vec<u8>) -> Vec<u8> {
    if !bytes.is_empty() {
        let at = rng.random_range(0..bytes.len());
        bytes[at] ^= 1 << rng.random_range(0..8);
    }
    bytes
}
