//! The puzzle of the day: the same for every device on a date. The days since 1970-01-01 are
//! cut into cycles as long as the collection; within a cycle the puzzles come in an order
//! shuffled with the cycle's number as the seed, so each is used once per cycle and the
//! order changes from cycle to cycle. The shuffle uses its own generator (SplitMix64), so
//! that no change of a library can change which puzzle a date gets.

use serde::Serialize;

use super::{Collection, Puzzle};

/// Seed of every cycle's shuffle, mixed with the cycle's number.
const SHUFFLE_SEED: u64 = 0x726f_6b61_6465_3331;

/// A calendar date (proleptic Gregorian).
pub type Date = chrono::NaiveDate;

/// `YYYY-MM-DD`, a real date.
pub fn parse_date(text: &str) -> Result<Date, String> {
    let well_formed = text.len() == 10
        && text.bytes().enumerate().all(|(i, b)| b.is_ascii_digit() || b == b'-' && (i == 4 || i == 7));
    if !well_formed {
        return Err(format!("invalid date '{text}': expected YYYY-MM-DD"));
    }
    Date::parse_from_str(text, "%Y-%m-%d").map_err(|_| format!("invalid date '{text}': no such day"))
}

/// Today in UTC.
pub fn today() -> Date {
    let seconds = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    chrono::DateTime::from_timestamp(seconds as i64, 0).map_or(Date::default(), |t| t.date_naive())
}

/// Days since 1970-01-01.
pub fn days_since_1970(date: Date) -> i64 {
    (date - chrono::NaiveDate::default()).num_days()
}

/// SplitMix64: small, fast and fixed forever.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number below `bound` (> 0), without modulo bias.
    fn below(&mut self, bound: u64) -> u64 {
        let zone = u64::MAX - u64::MAX % bound;
        loop {
            let x = self.next();
            if x < zone {
                return x % bound;
            }
        }
    }
}

/// The order of the puzzles in cycle `cycle`: a permutation of `0..size`.
pub fn cycle_order(size: usize, cycle: i64) -> Vec<usize> {
    let mut rng = SplitMix64(SHUFFLE_SEED ^ (cycle as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15));
    let mut order: Vec<usize> = (0..size).collect();
    for i in (1..size).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        order.swap(i, j);
    }
    order
}

/// Which puzzle a day gets: (cycle, day within it, index in the collection).
pub fn pick(size: usize, days: i64) -> (i64, usize, usize) {
    let n = size as i64;
    let (cycle, day_in_cycle) = (days.div_euclid(n), days.rem_euclid(n) as usize);
    (cycle, day_in_cycle, cycle_order(size, cycle)[day_in_cycle])
}

/// What `rokade puzzles daily` prints.
#[derive(Clone, Debug, Serialize)]
pub struct Daily {
    pub date: String,
    /// The cycle (days since 1970-01-01 divided by the collection's size) and the day in it.
    pub cycle: i64,
    pub day_in_cycle: usize,
    pub collection_size: usize,
    pub puzzle: Puzzle,
}

/// The puzzle of `date` from the collection.
pub fn for_date(collection: &Collection, date: Date) -> Result<Daily, String> {
    if collection.puzzles.is_empty() {
        return Err("the collection has no puzzle".into());
    }
    let (cycle, day_in_cycle, index) = pick(collection.puzzles.len(), days_since_1970(date));
    Ok(Daily {
        date: date.format("%Y-%m-%d").to_string(),
        cycle,
        day_in_cycle,
        collection_size: collection.puzzles.len(),
        puzzle: collection.puzzles[index].clone(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_count_days_from_1970() {
        let days = |text| days_since_1970(parse_date(text).unwrap());
        assert_eq!(days("1970-01-01"), 0);
        assert_eq!(days("2000-03-01"), 11_017);
        assert_eq!(days("2026-12-05"), 20_792);
        assert_eq!(days("1969-12-31"), -1);
    }

    #[test]
    fn bad_dates_are_refused() {
        for bad in [
            "2026-02-29",
            "2026-13-01",
            "2026-1-5",
            "26-01-05",
            "2026-01-00",
            "yesterday",
            "",
            "2026-01-05x",
            "+2026-01-5",
        ] {
            assert!(parse_date(bad).is_err(), "{bad}");
        }
        assert!(parse_date("2024-02-29").is_ok());
    }

    #[test]
    fn every_puzzle_once_per_cycle_and_cycles_differ() {
        let size = 400;
        for cycle in [-3, 0, 1, 51] {
            let mut seen: Vec<usize> = (0..size as i64).map(|d| pick(size, cycle * size as i64 + d).2).collect();
            seen.sort_unstable();
            assert_eq!(seen, (0..size).collect::<Vec<_>>());
        }
        assert_ne!(cycle_order(size, 1), cycle_order(size, 2));
        assert_eq!(cycle_order(size, 7), cycle_order(size, 7));
    }
}
