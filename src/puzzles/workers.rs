//! Work spread over threads, each with its own one-thread search, with a progress bar: the
//! results come back in the order of the items, whatever the number of threads.

use std::sync::atomic::{AtomicUsize, Ordering};

use crate::search::Searcher;

/// Hash table of each worker's search, in MiB.
pub const WORKER_HASH_MB: usize = 16;

/// `work(searcher, item)` for every item on `threads` threads; a progress bar on stderr
/// counts the items (`unit` names them).
pub fn map<T: Sync, R: Send>(
    items: &[T],
    threads: usize,
    unit: &str,
    work: impl Fn(&mut Searcher, &T) -> R + Sync,
) -> Result<Vec<R>, String> {
    let progress = indicatif::ProgressBar::new(items.len() as u64);
    progress.set_style(
        indicatif::ProgressStyle::with_template(&format!(
            "{{bar:40}} {{pos}}/{{len}} {unit}, {{elapsed}} (eta {{eta}})"
        ))
        .map_err(|e| e.to_string())?,
    );
    let next = AtomicUsize::new(0);
    let (tx, rx) = crossbeam_channel::unbounded::<(usize, Result<R, String>)>();
    let mut results: Vec<Option<R>> = (0..items.len()).map(|_| None).collect();
    let mut failure = None;
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, items.len().max(1)) {
            let (tx, next, work) = (tx.clone(), &next, &work);
            scope.spawn(move || {
                let mut pool = match Searcher::new(WORKER_HASH_MB) {
                    Ok(pool) => pool,
                    Err(e) => return drop(tx.send((0, Err(e)))),
                };
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Some(item) = items.get(index) else { return };
                    if tx.send((index, Ok(work(&mut pool, item)))).is_err() {
                        return;
                    }
                }
            });
        }
        drop(tx);
        for (index, result) in rx.iter() {
            match result {
                Ok(r) => results[index] = Some(r),
                Err(e) => failure = Some(e),
            }
            progress.inc(1);
        }
    });
    progress.finish_and_clear();
    if let Some(e) = failure {
        return Err(e);
    }
    results.into_iter().map(|r| r.ok_or_else(|| "a worker stopped early".to_string())).collect()
}
