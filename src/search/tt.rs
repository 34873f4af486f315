//! The transposition table shared by all search threads, lock-free: each entry is two
//! atomics, the key stored xor-ed with the data so that a torn write reads as a miss.

use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

use shakmaty::{Move, Role, Square};

use super::{TB_WIN_BOUND, params};
use crate::position::Position;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact = 1,
    Lower = 2,
    Upper = 3,
}

impl Bound {
    /// Whether a score of this bound alone settles a search of the window `alpha..beta`.
    pub fn cuts_off(self, score: i32, alpha: i32, beta: i32) -> bool {
        match self {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        }
    }
}

/// What a probe returns. Scores are already converted to be relative to the probing ply.
#[derive(Clone, Copy, Debug)]
pub struct TtEntry {
    pub best_move: Option<Move>,
    pub score: i32,
    pub eval: i32,
    pub depth: i32,
    pub bound: Bound,
    /// Written by an exhaustive (unpruned) mate search, whose bounds prove or refute mates.
    pub exhaustive: bool,
}

impl TtEntry {
    /// Whether the stored score alone settles a search of the window `alpha..beta`.
    pub fn cuts_off(&self, alpha: i32, beta: i32) -> bool {
        self.bound.cuts_off(self.score, alpha, beta)
    }
}

#[derive(Default)]
struct Slot {
    key: AtomicU64,
    data: AtomicU64,
}

/// The table's size (MB) until `setoption name Hash` says otherwise.
pub const DEFAULT_HASH_MB: usize = 16;
/// The largest table `Hash` (and `rokade analyse --hash`) may ask for, in MB.
pub const MAX_HASH_MB: usize = 65536;

const SLOTS_PER_BUCKET: usize = 4;

#[derive(Default)]
#[repr(align(64))]
struct Bucket {
    slots: [Slot; SLOTS_PER_BUCKET],
}

/// Depths are stored with this offset so that quiescence entries (depth <= 0) fit a byte.
const DEPTH_OFFSET: i32 = 8;
const AGE_MASK: u8 = 0x1f;

pub struct TranspositionTable {
    buckets: Box<[Bucket]>,
    age: AtomicU8,
}

/// Mate and tablebase scores count plies from the root; the table stores them from the
/// position, so that they hold wherever it is reached.
fn score_to_tt(score: i32, ply: usize) -> i32 {
    if score >= TB_WIN_BOUND {
        score + ply as i32
    } else if score <= -TB_WIN_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn score_from_tt(score: i32, ply: usize) -> i32 {
    if score >= TB_WIN_BOUND {
        score - ply as i32
    } else if score <= -TB_WIN_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// A move as 16 bits: from (6), to (6), promotion role (3). Castling is king-to-rook.
fn encode_move(m: Option<Move>) -> u64 {
    m.map_or(0, |m| {
        let from = m.from().map_or(0, |s| s.to_usize() as u64);
        let promo = m.promotion().map_or(0, |r| r as u64);
        from | ((m.to().to_usize() as u64) << 6) | (promo << 12)
    })
}

fn decode_move(bits: u64, pos: &Position) -> Option<Move> {
    if bits == 0 {
        return None;
    }
    let from = Square::new((bits & 63) as u32);
    let to = Square::new(((bits >> 6) & 63) as u32);
    let promotion = match (bits >> 12) & 7 {
        0 => None,
        r => Role::try_from(r as u8).ok(),
    };
    pos.move_from_parts(from, to, promotion)
}

struct Packed {
    mv: u64,
    score: i32,
    eval: i32,
    depth: u8,
    bound: u8,
    exhaustive: bool,
    age: u8,
}

impl Packed {
    fn pack(&self) -> u64 {
        self.mv
            | ((self.score as i16 as u16 as u64) << 16)
            | ((self.eval as i16 as u16 as u64) << 32)
            | ((self.depth as u64) << 48)
            | ((self.bound as u64) << 56)
            | ((self.exhaustive as u64) << 58)
            | (((self.age & AGE_MASK) as u64) << 59)
    }

    fn unpack(d: u64) -> Packed {
        Packed {
            mv: d & 0xffff,
            score: (d >> 16) as u16 as i16 as i32,
            eval: (d >> 32) as u16 as i16 as i32,
            depth: (d >> 48) as u8,
            bound: ((d >> 56) & 3) as u8,
            exhaustive: (d >> 58) & 1 == 1,
            age: ((d >> 59) as u8) & AGE_MASK,
        }
    }
}

impl TranspositionTable {
    /// A table of `megabytes` MiB. Fails (without aborting) if the memory cannot be had.
    pub fn new(megabytes: usize) -> Result<Self, String> {
        if available_megabytes().is_some_and(|free| megabytes > free) {
            return Err(format!("{megabytes} MB is more than the free memory"));
        }
        let count = (megabytes.max(1) << 20) / std::mem::size_of::<Bucket>();
        let mut buckets = Vec::new();
        buckets.try_reserve_exact(count).map_err(|_| format!("cannot allocate {megabytes} MB for the hash table"))?;
        buckets.resize_with(count, Bucket::default);
        Ok(TranspositionTable { buckets: buckets.into_boxed_slice(), age: AtomicU8::new(0) })
    }

    pub fn clear(&self) {
        for bucket in self.buckets.iter() {
            for slot in &bucket.slots {
                slot.key.store(0, Ordering::Relaxed);
                slot.data.store(0, Ordering::Relaxed);
            }
        }
        self.age.store(0, Ordering::Relaxed);
    }

    /// Marks the start of a new search so that older entries are replaced first.
    pub fn new_search(&self) {
        let age = (self.age.load(Ordering::Relaxed) + 1) & AGE_MASK;
        self.age.store(age, Ordering::Relaxed);
    }

    fn bucket(&self, key: u64) -> &Bucket {
        let index = ((key as u128 * self.buckets.len() as u128) >> 64) as usize;
        &self.buckets[index]
    }

    /// Starts loading the bucket of `key` into the cache, so that the probe of a position
    /// just reached does not wait for memory (on other targets, a no-op).
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: SSE is part of every x86_64 target, and a prefetch is only a hint: it reads
        // nothing and cannot fault, whatever the address.
        unsafe {
            std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
                std::ptr::from_ref(self.bucket(key)).cast::<i8>(),
            );
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    pub fn probe(&self, pos: &Position, ply: usize) -> Option<TtEntry> {
        let key = pos.key();
        for slot in &self.bucket(key).slots {
            let data = slot.data.load(Ordering::Relaxed);
            if slot.key.load(Ordering::Relaxed) ^ data != key || data == 0 {
                continue;
            }
            let p = Packed::unpack(data);
            let bound = match p.bound {
                1 => Bound::Exact,
                2 => Bound::Lower,
                3 => Bound::Upper,
                _ => return None,
            };
            return Some(TtEntry {
                best_move: decode_move(p.mv, pos),
                score: score_from_tt(p.score, ply),
                eval: p.eval,
                depth: p.depth as i32 - DEPTH_OFFSET,
                bound,
                exhaustive: p.exhaustive,
            });
        }
        None
    }

    #[allow(clippy::too_many_arguments)]
    pub fn store(
        &self,
        key: u64,
        ply: usize,
        best_move: Option<Move>,
        score: i32,
        eval: i32,
        depth: i32,
        bound: Bound,
        exhaustive: bool,
    ) {
        let age = self.age.load(Ordering::Relaxed);
        let bucket = self.bucket(key);
        let mut victim = &bucket.slots[0];
        let mut victim_worth = i32::MAX;
        for slot in &bucket.slots {
            let data = slot.data.load(Ordering::Relaxed);
            if data == 0 || slot.key.load(Ordering::Relaxed) ^ data == key {
                victim = slot;
                break;
            }
            let p = Packed::unpack(data);
            let age_distance = (age.wrapping_sub(p.age) & AGE_MASK) as i32;
            let worth = p.depth as i32 - params::tt_age_weight() * age_distance;
            if worth < victim_worth {
                victim_worth = worth;
                victim = slot;
            }
        }
        let old = victim.data.load(Ordering::Relaxed);
        let same_key = old != 0 && victim.key.load(Ordering::Relaxed) ^ old == key;
        let old = Packed::unpack(old);
        // Keep a deeper result for the same position unless this one is exact or the old one stale.
        if same_key && bound != Bound::Exact && depth + DEPTH_OFFSET + 3 < old.depth as i32 && old.age == age {
            return;
        }
        let mv = if best_move.is_none() && same_key { old.mv } else { encode_move(best_move) };
        let data = Packed {
            mv,
            score: score_to_tt(score, ply),
            eval,
            depth: (depth + DEPTH_OFFSET).clamp(0, 255) as u8,
            bound: bound as u8,
            exhaustive,
            age,
        }
        .pack();
        victim.key.store(key ^ data, Ordering::Relaxed);
        victim.data.store(data, Ordering::Relaxed);
    }

    /// Per mille of sampled entries written during the current search.
    pub fn hashfull(&self) -> u32 {
        let age = self.age.load(Ordering::Relaxed);
        let sample = self.buckets.len().min(1000 / SLOTS_PER_BUCKET);
        let used = self.buckets[..sample]
            .iter()
            .flat_map(|b| b.slots.iter())
            .filter(|s| {
                let d = s.data.load(Ordering::Relaxed);
                d != 0 && Packed::unpack(d).age == age
            })
            .count();
        (used * 1000 / (sample * SLOTS_PER_BUCKET).max(1)) as u32
    }
}

/// MiB of memory the system can still give, where the platform tells (Linux).
fn available_megabytes() -> Option<usize> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kb: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds_with_mate_scores_relative_to_ply() {
        let tt = TranspositionTable::new(1).unwrap();
        let pos = Position::default();
        let m = pos.parse_move("e2e4").unwrap();
        tt.store(pos.key(), 3, Some(m), crate::search::MATE - 10, 25, 7, Bound::Lower, true);
        let e = tt.probe(&pos, 5).unwrap();
        assert_eq!(
            (e.best_move, e.score, e.eval, e.depth, e.bound, e.exhaustive),
            (Some(m), crate::search::MATE - 12, 25, 7, Bound::Lower, true)
        );
        assert!(tt.hashfull() <= 1000);
        tt.clear();
        assert!(tt.probe(&pos, 0).is_none());
    }

    #[test]
    fn castling_survives_the_compact_move() {
        let pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
        let castle = pos.parse_move("e1g1").unwrap();
        let tt = TranspositionTable::new(1).unwrap();
        tt.store(pos.key(), 0, Some(castle), 0, 0, 1, Bound::Exact, false);
        assert_eq!(tt.probe(&pos, 0).unwrap().best_move, Some(castle));
    }
}
