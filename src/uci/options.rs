//! The UCI options: their declarations for `uci` and the checking of `setoption`.

use vampirc_uci::{UciMessage, UciOptionConfig};

use crate::search::params::{self, Tunable};
use crate::search::strength::{DEFAULT_ELO, FULL_SKILL_LEVEL, FULL_STRENGTH, LEVEL_NAMES, MAX_ELO, MIN_ELO};
use crate::search::{
    DEFAULT_HASH_MB, DEFAULT_MOVE_OVERHEAD_MS, MAX_HASH_MB, MAX_MULTIPV, MAX_PLY, MAX_THREADS, tablebase,
};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Spin {
        default: i64,
        min: i64,
        max: i64,
    },
    Check {
        default: bool,
    },
    Combo {
        default: &'static str,
        values: &'static [&'static str],
    },
    Button,
    /// Free text; `<empty>` (or no value) stands for the empty string, as UCI GUIs write it.
    String {
        default: &'static str,
    },
}

#[derive(Clone, Copy, Debug)]
pub struct Spec {
    pub name: &'static str,
    pub kind: Kind,
}

pub const HASH: &str = "Hash";
pub const THREADS: &str = "Threads";
pub const MULTI_PV: &str = "MultiPV";
pub const PONDER: &str = "Ponder";
pub const MOVE_OVERHEAD: &str = "Move Overhead";
pub const CLEAR_HASH: &str = "Clear Hash";
pub const CHESS960: &str = "UCI_Chess960";
pub const SHOW_WDL: &str = "UCI_ShowWDL";
pub const LIMIT_STRENGTH: &str = "UCI_LimitStrength";
pub const ELO: &str = "UCI_Elo";
pub const SKILL_LEVEL: &str = "Skill Level";
pub const LEVEL: &str = "Level";
pub const SKILL_SEED: &str = "Skill Seed";
pub const OWN_BOOK: &str = "OwnBook";
pub const BOOK_FILE: &str = "BookFile";
pub const BOOK_DEPTH: &str = "BookDepth";
pub const LEVEL_BOOK: &str = "LevelBook";
pub const SYZYGY_PATH: &str = "SyzygyPath";
pub const SYZYGY_PROBE_DEPTH: &str = "SyzygyProbeDepth";
pub const SYZYGY_50_MOVE_RULE: &str = "Syzygy50MoveRule";
pub const SYZYGY_PROBE_LIMIT: &str = "SyzygyProbeLimit";

/// How UCI writes an empty string option.
pub const EMPTY: &str = "<empty>";

pub const SPECS: &[Spec] = &[
    Spec { name: HASH, kind: Kind::Spin { default: DEFAULT_HASH_MB as i64, min: 1, max: MAX_HASH_MB as i64 } },
    Spec { name: THREADS, kind: Kind::Spin { default: 1, min: 1, max: MAX_THREADS as i64 } },
    Spec { name: MULTI_PV, kind: Kind::Spin { default: 1, min: 1, max: MAX_MULTIPV as i64 } },
    Spec { name: PONDER, kind: Kind::Check { default: false } },
    Spec { name: MOVE_OVERHEAD, kind: Kind::Spin { default: DEFAULT_MOVE_OVERHEAD_MS as i64, min: 0, max: 5000 } },
    Spec { name: CLEAR_HASH, kind: Kind::Button },
    Spec { name: CHESS960, kind: Kind::Check { default: false } },
    Spec { name: SHOW_WDL, kind: Kind::Check { default: false } },
    Spec { name: LIMIT_STRENGTH, kind: Kind::Check { default: false } },
    Spec { name: ELO, kind: Kind::Spin { default: DEFAULT_ELO as i64, min: MIN_ELO as i64, max: MAX_ELO as i64 } },
    Spec {
        name: SKILL_LEVEL,
        kind: Kind::Spin { default: FULL_SKILL_LEVEL as i64, min: 0, max: FULL_SKILL_LEVEL as i64 },
    },
    Spec { name: LEVEL, kind: Kind::Combo { default: FULL_STRENGTH, values: &LEVEL_NAMES } },
    Spec { name: SKILL_SEED, kind: Kind::Spin { default: 0, min: 0, max: u32::MAX as i64 } },
    Spec { name: OWN_BOOK, kind: Kind::Check { default: false } },
    Spec { name: BOOK_FILE, kind: Kind::String { default: EMPTY } },
    Spec {
        name: BOOK_DEPTH,
        kind: Kind::Spin { default: super::book_options::DEFAULT_DEPTH_MOVES as i64, min: 0, max: 100 },
    },
    Spec { name: LEVEL_BOOK, kind: Kind::Check { default: true } },
    Spec { name: SYZYGY_PATH, kind: Kind::String { default: EMPTY } },
    Spec {
        name: SYZYGY_PROBE_DEPTH,
        kind: Kind::Spin { default: tablebase::DEFAULT_PROBE_DEPTH as i64, min: 1, max: MAX_PLY as i64 - 1 },
    },
    Spec { name: SYZYGY_50_MOVE_RULE, kind: Kind::Check { default: true } },
    Spec {
        name: SYZYGY_PROBE_LIMIT,
        kind: Kind::Spin { default: tablebase::DEFAULT_PROBE_LIMIT as i64, min: 0, max: tablebase::MAX_PIECES as i64 },
    },
];

/// The search parameters as spin options: only a `--features tune` build offers them (SPSA).
fn tunable_specs() -> impl Iterator<Item = Spec> {
    let tunables: &[Tunable] = if cfg!(feature = "tune") { params::TUNABLES } else { &[] };
    tunables.iter().map(|t| Spec {
        name: t.name,
        kind: Kind::Spin { default: i64::from(t.default), min: i64::from(t.min), max: i64::from(t.max) },
    })
}

/// Every option this build has.
fn all_specs() -> impl Iterator<Item = Spec> {
    SPECS.iter().copied().chain(tunable_specs())
}

/// Whether `name` (as [`check`] returns it) is a search parameter.
pub fn is_tunable(name: &str) -> bool {
    tunable_specs().any(|s| s.name == name)
}

/// A checked `setoption`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    Int(i64),
    Bool(bool),
    Text(&'static str),
    /// A string option's value (`<empty>` already turned into "").
    String(String),
    Pressed,
}

/// The `option` lines that answer `uci`.
pub fn declarations() -> Vec<String> {
    all_specs()
        .map(|spec| {
            let name = spec.name.to_string();
            let config = match spec.kind {
                Kind::Spin { default, min, max } => {
                    UciOptionConfig::Spin { name, default: Some(default), min: Some(min), max: Some(max) }
                }
                Kind::Check { default } => UciOptionConfig::Check { name, default: Some(default) },
                Kind::Combo { default, values } => UciOptionConfig::Combo {
                    name,
                    default: Some(default.to_string()),
                    var: values.iter().map(|v| v.to_string()).collect(),
                },
                Kind::Button => UciOptionConfig::Button { name },
                Kind::String { default } => UciOptionConfig::String { name, default: Some(default.to_string()) },
            };
            UciMessage::Option(config).to_string()
        })
        .collect()
}

/// Finds the option (names are case-insensitive) and checks the value. A spin value out of
/// range is clamped; the second element then says so.
pub fn check(name: &str, value: Option<&str>) -> Result<(&'static str, Value, Option<String>), String> {
    let spec = all_specs()
        .find(|s| s.name.eq_ignore_ascii_case(name.trim()))
        .ok_or_else(|| format!("unknown option '{}'", name.trim()))?;
    let value = value.map(str::trim);
    match spec.kind {
        Kind::Button => Ok((spec.name, Value::Pressed, None)),
        Kind::String { .. } => {
            let text = value.filter(|v| *v != EMPTY).unwrap_or("");
            Ok((spec.name, Value::String(text.to_string()), None))
        }
        Kind::Check { .. } => match value.map(str::to_ascii_lowercase).as_deref() {
            Some("true") => Ok((spec.name, Value::Bool(true), None)),
            Some("false") => Ok((spec.name, Value::Bool(false), None)),
            _ => Err(format!("option {} needs 'value true' or 'value false'", spec.name)),
        },
        Kind::Combo { values, .. } => {
            let text = value.unwrap_or("");
            let found = values.iter().find(|v| v.eq_ignore_ascii_case(text));
            found
                .map(|&v| (spec.name, Value::Text(v), None))
                .ok_or_else(|| format!("option {}: '{text}' is not one of {}", spec.name, values.join(" ")))
        }
        Kind::Spin { min, max, .. } => {
            let text = value.ok_or_else(|| format!("option {} needs a value", spec.name))?;
            let n: i64 = text.parse().map_err(|_| format!("option {}: '{text}' is not a number", spec.name))?;
            let clamped = n.clamp(min, max);
            let note = (clamped != n)
                .then(|| format!("option {} value {n} is outside {min}..{max}, using {clamped}", spec.name));
            Ok((spec.name, Value::Int(clamped), note))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_lie_within_their_range() {
        for spec in SPECS {
            if let Kind::Spin { default, min, max } = spec.kind {
                assert!((min..=max).contains(&default), "{}", spec.name);
            }
        }
    }

    #[test]
    fn spin_values_are_clamped_and_names_matched_case_insensitively() {
        assert_eq!(check("hash", Some("100000")).unwrap().1, Value::Int(MAX_HASH_MB as i64));
        assert_eq!(check("THREADS", Some(" 4 ")).unwrap(), ("Threads", Value::Int(4), None));
        assert!(check("Hash", Some("-5")).unwrap().2.is_some());
    }

    #[test]
    fn string_values_keep_their_spaces_and_empty_is_written_empty() {
        assert_eq!(
            check("bookfile", Some(" books/my book.bin ")).unwrap().1,
            Value::String("books/my book.bin".into())
        );
        assert_eq!(check("BookFile", Some("<empty>")).unwrap().1, Value::String(String::new()));
        assert_eq!(check("BookFile", None).unwrap().1, Value::String(String::new()));
    }
}
