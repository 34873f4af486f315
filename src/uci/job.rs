//! Commands that take long (`go perft`, `genfens`) run on a thread of their own, so that the
//! controller keeps answering `isready` and `stop` meanwhile.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::{self, JoinHandle};

pub struct Job {
    handle: JoinHandle<()>,
    cancel: Arc<AtomicBool>,
}

impl Job {
    /// Runs `work` on its own thread; it should return soon after its flag is raised.
    pub fn spawn(work: impl FnOnce(&AtomicBool) + Send + 'static) -> Job {
        let cancel = Arc::new(AtomicBool::new(false));
        let flag = cancel.clone();
        let handle = thread::spawn(move || work(&flag));
        Job { handle, cancel }
    }

    /// Asks the job to stop; it says so itself.
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }

    /// Cancels the job and waits for it.
    pub fn stop(self) {
        self.cancel();
        self.wait();
    }

    /// Waits for the job to end by itself.
    pub fn wait(self) {
        let _ = self.handle.join();
    }
}
