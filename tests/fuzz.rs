//! A short run of `rokade fuzz` (src/tools/fuzz/): random and damaged input to the controller the
//! UCI loop runs; nothing may panic or hang, and after every batch the engine still answers
//! `isready` and plays a legal move. `rokade fuzz --lines 10000000` runs the long version.

use std::time::Duration;

use rokade::tools::fuzz::{Settings, run};

/// Long enough for a loaded machine; only a hang reaches it.
const HANG_AFTER: Duration = Duration::from_secs(60);

fn fuzz(lines: u64, seed: u64) {
    let settings =
        Settings { lines, seed, batch: 50, hang_after: HANG_AFTER, jobs: 2, time_limit: None, progress: false };
    let report = run(&settings).expect("fuzzer starts");
    assert!(report.lines >= lines);
    assert!(report.findings.is_empty(), "{}\n{:#?}", report.summary(), report.findings);
}

#[test]
fn random_and_damaged_input_neither_panics_nor_hangs() {
    fuzz(30_000, 20261201);
}
