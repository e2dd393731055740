//! The analysis on a thread of its own: each edit hands it the new drawing, which cancels the
//! analysis in flight; callers poll the latest snapshot or wait for the next one.

use super::analysis::{Analysis, Limits, analyse};
use crate::board::Board;
use parking_lot::{Condvar, Mutex};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// A drawing to analyse.
struct Job {
    board: Board,
    colours: usize,
    version: u64,
}

/// What the caller and the thread share, under one lock.
#[derive(Default)]
struct State {
    /// The drawing waiting to be analysed (a newer one replaces it).
    job: Option<Job>,
    /// The version of the last drawing handed over: only its snapshots are kept.
    version: Option<u64>,
    /// The cancel flag of the analysis in flight.
    cancel: Arc<AtomicBool>,
    /// The latest snapshot of the current version, with its serial number.
    latest: Option<(u64, Analysis)>,
    /// Counts snapshots kept, so a waiter knows a new one from one it has seen.
    serial: u64,
    /// Set when the analyser is dropped.
    shutdown: bool,
}

struct Shared {
    state: Mutex<State>,
    changed: Condvar,
}

/// Analyses drawings on a thread of its own, one at a time, newest first.
/// Dropping it stops the thread without waiting for it (at most the rest of a beam search or a
/// rating, which cannot be interrupted), so a shell closing the editor never blocks.
pub struct Analyser {
    shared: Arc<Shared>,
}

impl Analyser {
    /// Starts the thread; it sleeps until [`Analyser::submit`].
    pub fn new(limits: Limits) -> Analyser {
        let shared = Arc::new(Shared { state: Mutex::default(), changed: Condvar::new() });
        let worker = Arc::clone(&shared);
        // Without a thread (the system refused one) snapshots never come: waits time out.
        let _ = std::thread::Builder::new().name("kami-editor-analysis".into()).spawn(move || run(&worker, &limits));
        Analyser { shared }
    }

    /// Analyses `board` (palette of `colours`) for editor `version`, cancelling the analysis of
    /// any earlier drawing; until its first snapshot there is none.
    pub fn submit(&self, board: Board, colours: usize, version: u64) {
        let mut state = self.shared.state.lock();
        state.cancel.store(true, Ordering::Relaxed);
        state.job = Some(Job { board, colours, version });
        state.version = Some(version);
        state.latest = None;
        self.shared.changed.notify_all();
    }

    /// The latest snapshot of the drawing last submitted, with its serial number.
    pub fn latest(&self) -> Option<(u64, Analysis)> {
        self.shared.state.lock().latest.clone()
    }

    /// Waits up to `timeout` for a snapshot of the drawing last submitted with a serial number
    /// above `after` (0 for any), and returns it; `None` on timeout.
    pub fn wait(&self, after: u64, timeout: Duration) -> Option<(u64, Analysis)> {
        let deadline = Instant::now().checked_add(timeout);
        let mut state = self.shared.state.lock();
        loop {
            if let Some(latest) = state.latest.as_ref().filter(|(serial, _)| *serial > after) {
                return Some(latest.clone());
            }
            if state.shutdown {
                return None;
            }
            match deadline {
                Some(deadline) => {
                    if self.shared.changed.wait_until(&mut state, deadline).timed_out() {
                        return state.latest.clone().filter(|(serial, _)| *serial > after);
                    }
                }
                None => self.shared.changed.wait(&mut state),
            }
        }
    }
}

impl Drop for Analyser {
    fn drop(&mut self) {
        let mut state = self.shared.state.lock();
        state.shutdown = true;
        state.cancel.store(true, Ordering::Relaxed);
        self.shared.changed.notify_all();
    }
}

/// The thread: takes the newest job, analyses it with a fresh cancel flag, keeps its snapshots
/// while it is still the newest.
fn run(shared: &Shared, limits: &Limits) {
    loop {
        let (job, cancel) = {
            let mut state = shared.state.lock();
            loop {
                if state.shutdown {
                    return;
                }
                if let Some(job) = state.job.take() {
                    state.cancel = Arc::default();
                    break (job, Arc::clone(&state.cancel));
                }
                shared.changed.wait(&mut state);
            }
        };
        analyse(&job.board, job.colours, job.version, limits, &cancel, |snapshot| {
            let mut state = shared.state.lock();
            if state.version == Some(snapshot.version) && state.job.is_none() && !cancel.load(Ordering::Relaxed) {
                state.serial += 1;
                state.latest = Some((state.serial, snapshot));
                shared.changed.notify_all();
            }
        });
    }
}
