//! Commands that take long (`go perft`, `genfens`) run on a thread of their own, so that the
//! controller keeps answering `isready` and `stop` meanwhile.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::{self, JoinHandle};

/// What happens to a job when the engine quits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AtQuit {
    /// Cancel it: nobody waits for a perft count when the GUI leaves.
    Cancel,
    /// Let it finish: OpenBench runs `rokade "genfens N ..." quit` and reads every position.
    Finish,
}

pub struct Job {
    handle: JoinHandle<()>,
    cancel: Arc<AtomicBool>,
    at_quit: AtQuit,
}

impl Job {
    /// Runs `work` on its own thread; it should return soon after its flag is raised.
    pub fn spawn(at_quit: AtQuit, work: impl FnOnce(&AtomicBool) + Send + 'static) -> Job {
        let cancel = Arc::new(AtomicBool::new(false));
        let flag = cancel.clone();
        let handle = thread::spawn(move || work(&flag));
        Job { handle, cancel, at_quit }
    }

    /// Asks the job to stop; it says so itself.
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }

    /// Cancels the job and waits for it.
    pub fn stop(self) {
        self.cancel();
        let _ = self.handle.join();
    }

    /// Waits for the job as quitting asks: to its end, or cancelled.
    pub fn finish_for_quit(self) {
        match self.at_quit {
            AtQuit::Cancel => self.stop(),
            AtQuit::Finish => drop(self.handle.join()),
        }
    }
}
