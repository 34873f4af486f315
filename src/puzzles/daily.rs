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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Date {
    pub year: i64,
    pub month: u32,
    pub day: u32,
}

impl Date {
    /// `YYYY-MM-DD`, a real date.
    pub fn parse(text: &str) -> Result<Date, String> {
        let bad = || format!("invalid date '{text}': expected YYYY-MM-DD");
        let parts: Vec<&str> = text.split('-').collect();
        let [y, m, d] = parts[..] else { return Err(bad()) };
        if y.len() != 4 || m.len() != 2 || d.len() != 2 || !text.bytes().all(|b| b.is_ascii_digit() || b == b'-') {
            return Err(bad());
        }
        let date = Date {
            year: y.parse().map_err(|_| bad())?,
            month: m.parse().map_err(|_| bad())?,
            day: d.parse().map_err(|_| bad())?,
        };
        if date.month == 0 || date.month > 12 || date.day == 0 || date.day > days_in_month(date.year, date.month) {
            return Err(format!("invalid date '{text}': no such day"));
        }
        Ok(date)
    }

    /// Today in UTC.
    pub fn today() -> Date {
        let seconds = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
        Date::from_days((seconds / 86_400) as i64)
    }

    /// Days since 1970-01-01 (Howard Hinnant's `days_from_civil`).
    pub fn days(self) -> i64 {
        let y = if self.month <= 2 { self.year - 1 } else { self.year };
        let era = y.div_euclid(400);
        let year_of_era = y - era * 400;
        let month = i64::from(self.month);
        let day_of_year = (153 * (if month > 2 { month - 3 } else { month + 9 }) + 2) / 5 + i64::from(self.day) - 1;
        let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
        era * 146_097 + day_of_era - 719_468
    }

    /// The date `days` after 1970-01-01 (Hinnant's `civil_from_days`).
    pub fn from_days(days: i64) -> Date {
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let day_of_era = z - era * 146_097;
        let year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
        let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
        let mp = (5 * day_of_year + 2) / 153;
        let day = (day_of_year - (153 * mp + 2) / 5 + 1) as u32;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
        Date { year: year_of_era + era * 400 + i64::from(month <= 2), month, day }
    }
}

impl std::fmt::Display for Date {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

fn days_in_month(year: i64, month: u32) -> u32 {
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    match month {
        2 if leap => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
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
    let (cycle, day_in_cycle, index) = pick(collection.puzzles.len(), date.days());
    Ok(Daily {
        date: date.to_string(),
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
        assert_eq!(Date::parse("1970-01-01").unwrap().days(), 0);
        assert_eq!(Date::parse("2000-03-01").unwrap().days(), 11_017);
        assert_eq!(Date::parse("2026-12-05").unwrap().days(), 20_792);
        for days in [-800_000, -1, 0, 59, 60, 11_016, 20_792, 3_000_000] {
            assert_eq!(Date::from_days(days).days(), days);
        }
        assert_eq!(Date::from_days(20_792).to_string(), "2026-12-05");
    }

    #[test]
    fn bad_dates_are_refused() {
        for bad in ["2026-02-29", "2026-13-01", "2026-1-5", "26-01-05", "2026-01-00", "yesterday", ""] {
            assert!(Date::parse(bad).is_err(), "{bad}");
        }
        assert!(Date::parse("2024-02-29").is_ok());
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
