//! What a solve may spend (nodes, time, a cancel flag, a move limit, threads) and the meter that
//! watches it while the search runs.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Limits on one solve. The default has no node or time limit and a 32 MiB table.
#[derive(Clone, Debug)]
pub struct Budget {
    /// Stop after this many search nodes.
    pub max_nodes: Option<u64>,
    /// Stop after this much time.
    pub max_time: Option<Duration>,
    /// Stop when another thread sets this flag.
    pub cancel: Option<Arc<AtomicBool>>,
    /// Memory for the transposition table, in bytes (the solver's only large allocation).
    pub table_bytes: usize,
    /// For callers that only ask whether the board can be won in this many moves: stop as soon
    /// as the lower bound exceeds it (then `lower_bound` does too, and the answer is no), or at
    /// once if the quick first answer is that short (the answer is yes).
    pub max_moves: Option<u32>,
    /// With `max_moves`, for callers that want the fewest moves where they come cheap (a hint):
    /// first spend up to this many nodes on the fewest moves as if `max_moves` were not set, and
    /// ask about `max_moves` only where that neither proves them nor answers it. On one island
    /// without a node budget the search then goes on with what it learned (its table, its bound);
    /// otherwise it starts again. `Some(0)` is `None`.
    pub fewest_nodes: Option<u64>,
    /// Threads that search an island together (1 for a search on the caller's thread only), all
    /// with the one table. With more than one, which of several
    /// shortest lines is found, and the node count, can depend on timing: the generator and the
    /// daily puzzle always use one.
    pub threads: usize,
}

impl Default for Budget {
    fn default() -> Budget {
        Budget {
            max_nodes: None,
            max_time: None,
            cancel: None,
            table_bytes: 32 << 20,
            max_moves: None,
            fewest_nodes: None,
            threads: 1,
        }
    }
}

/// Why a solve stopped before proving its answer optimal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The node limit was reached.
    Nodes,
    /// The time limit was reached.
    Time,
    /// Another thread cancelled it.
    Cancelled,
    /// The board needs more than the budget's `max_moves`.
    TooManyMoves,
    /// The quick first answer, or a line found while the proof ran, is within the budget's
    /// `max_moves`, which is all that was asked.
    Enough,
}

/// Counts search nodes and watches the budget.
pub(crate) struct Meter {
    pub(super) nodes: u64,
    max_nodes: u64,
    deadline: Option<Instant>,
    cancel: Option<Arc<AtomicBool>>,
    /// For a meter of one of several threads: set when another thread has finished the work.
    halt: Option<Arc<AtomicBool>>,
    pub(super) stopped: Option<Stop>,
}

impl Meter {
    /// A meter for a solve within `budget`.
    pub(super) fn new(budget: &Budget) -> Meter {
        Meter {
            nodes: 0,
            max_nodes: budget.max_nodes.unwrap_or(u64::MAX),
            deadline: budget.max_time.map(|t| Instant::now() + t),
            cancel: budget.cancel.clone(),
            halt: None,
            stopped: None,
        }
    }

    /// A meter for one of `threads` threads sharing this one's budget (each gets its share of
    /// the nodes left), which also stops when `halt` is set.
    pub(crate) fn fork(&self, threads: usize, halt: &Arc<AtomicBool>) -> Meter {
        Meter {
            nodes: 0,
            max_nodes: self.max_nodes.saturating_sub(self.nodes) / threads as u64,
            deadline: self.deadline,
            cancel: self.cancel.clone(),
            halt: Some(Arc::clone(halt)),
            stopped: self.stopped,
        }
    }

    /// A meter for at most `nodes` more of this one's nodes, with its deadline and flags.
    pub(crate) fn capped(&self, nodes: u64) -> Meter {
        Meter {
            nodes: 0,
            max_nodes: self.max_nodes.saturating_sub(self.nodes).min(nodes),
            deadline: self.deadline,
            cancel: self.cancel.clone(),
            halt: self.halt.clone(),
            stopped: self.stopped,
        }
    }

    /// Whether the node budget is spent.
    pub(crate) fn spent(&self) -> bool {
        self.nodes >= self.max_nodes
    }

    /// Adds the nodes a forked meter counted.
    pub(crate) fn absorb(&mut self, fork: &Meter) {
        self.nodes += fork.nodes;
    }

    /// Why the meter stopped, unless only because another thread halted it.
    pub(crate) fn stopped_by_budget(&self) -> Option<Stop> {
        self.stopped.filter(|_| !self.halt.as_ref().is_some_and(|h| h.load(Ordering::Relaxed)))
    }

    /// Counts a node; fails (for good) once the budget is spent.
    pub(super) fn tick(&mut self) -> Result<(), Stop> {
        self.count(1)
    }

    /// Counts work worth `nodes` nodes; fails (for good) once the budget is spent.
    pub(super) fn count(&mut self, nodes: u64) -> Result<(), Stop> {
        if let Some(stop) = self.stopped {
            return Err(stop);
        }
        // Work that would pass the budget is not done: the count stops at it.
        self.nodes = (self.nodes + nodes).min(self.max_nodes);
        // The flag on every node (a plain load), the clock every 64: a node on a large island
        // can take milliseconds, so counting to 1024 let a cancel or deadline wait seconds.
        if self.nodes >= self.max_nodes {
            self.stopped = Some(Stop::Nodes);
        } else if self.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed))
            || self.halt.as_ref().is_some_and(|h| h.load(Ordering::Relaxed))
        {
            self.stopped = Some(Stop::Cancelled);
        } else if (self.nodes - nodes) / 64 != self.nodes / 64 && self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.stopped = Some(Stop::Time);
        }
        self.stopped.map_or(Ok(()), Err)
    }

    /// Stops the solve for good. A reason given before stands: a search stopped by its budget
    /// and then found past the move limit by a bound alone (the search for a target colour, one
    /// move dearer) has not proven that the board needs too many moves.
    pub(super) fn stop(&mut self, why: Stop) {
        self.stopped.get_or_insert(why);
    }
}
