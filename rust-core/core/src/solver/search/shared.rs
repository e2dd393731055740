//! One island's search shared out among threads.
//!
//! Each iteration of the bound first lists the positions a few moves from the start (the
//! *tasks*: as many depths as it takes to have [`TASKS_PER_THREAD`] per thread, at most
//! [`MAX_SPLIT_DEPTH`]), under the same move rules and bounds as the search. Threads then take
//! the tasks one at a time, each with its own copy of the position and all with one table; a
//! thread with none left helps with the tasks still being searched, from the last back, trying
//! children in the other order. The first line found ends the iteration for all; the bound rises
//! once every task is searched to it. On the boards of the hard corpus the start's own moves
//! are usually tasks enough; a start with few moves (a symmetric board, where only one move of
//! each mirror-image pair is searched) is split deeper.
//!
//! The move rules stay sound: a task is searched in full by the thread that takes it, so below a
//! task's position everything holds as on one thread, and a task's position is reached by moves
//! the search would play. Bounds are not learned for the positions above the tasks (their
//! subtrees are shared out), only below and at them; where the start's printer bound is tight,
//! the positions listed below it are tested against their own, as the search tests them (see
//! [`Search::printer`]).
//!
//! The skipping of commuting moves ("Commuting moves" in `search.rs`) needs, for a position
//! `Q + M` where `M'` is skipped, that `Q + M'` was searched in full to the same bound before.
//! Where `Q + M'` is another thread's task, "before" is not a matter of order, so after the move
//! `M` of a task from a position `Q` (the start, or a position listed a move or two on), the
//! merging moves `M'` from `Q` that commute with it are skipped only where their own task
//! `Q + M'` is *done* ([`Commute::Done`]): searched to this iteration's bound, in full, by some
//! thread. Its search reached `Q + M' + M`, the position skipped (or, where `Q + M'` is
//! symmetric, its mirror image, which needs as many moves): that search skips `M` after `M'`
//! only where the task of `M` was done before it started, and a task is done only after one of
//! its searches ended, so each such chain ends in a search that skipped neither. From a
//! symmetric `Q`, a move skipped for its mirror image's has no task, so it is never done.
//!
//! # Measured
//! Two threads on this 2-core machine were 1.03-1.6x as fast as one on boards one thread proves
//! in 0.5-12 s, with as many nodes: the shared table was allocated at its full size, and a
//! search's entries spread over 32 MiB missed the cache where one thread's, in a table grown as
//! needed, did not. The table now grows while shared (`table.rs`); see `kami bench --threads 2`
//! for the speed-up. Two single-threaded processes side by side here are each 5-30% slower than
//! one alone, which caps what two threads can give on this machine.
//!
//! Nodes are the part the search controls. Until 2026-11-27 two threads visited 17-20% more
//! nodes than one, which this section put down to searching two tasks at once. It was the order
//! of children: every second thread tried children from the last in all its tasks, not only in
//! those it helped with, and a search in that order (the moves that swallow least first) visits
//! that many more nodes. With both threads in the search's order, and only a helping thread
//! trying children from the last, two threads visit about as many nodes as one (one thread, then
//! two, median of 3 runs): `organic-4` 496 k and 511 k, `organic-speckled-2` 1.15 M and 1.15 M,
//! `-3` 937 k and 928 k, `-4` 759 k and 728 k, `rings-8` 351 k and 348 k (two threads before:
//! 591 k, 1.36 M, 1.13 M, 871 k, 410 k). On symmetric boards the table's one entry for a position
//! and its mirror images still costs two threads more, as they search mirror images at once that
//! one thread finds in the table: `organic-speckled-1-lr` 5.71 M nodes on one thread, 6.95 M on
//! two (0.3% more before that entry came in, 14% with it).
//!
//! Entries of the table were given up too, until 2026-11-28: a table that grew twice while
//! shared kept only the entries learned before the first growth that were looked up in
//! between, and a long proof, stopped a few times for the line to be shortened (`anytime.rs`),
//! then searched much again after each stop. Two threads visited 1.90 M nodes on
//! `organic-speckled-1` where one visits 1.63 M. Now the thread that grows the table moves every
//! entry where it belongs (`Table::grow_shared`), and two threads visit 1.63 M: 0.95 s against
//! 1.9 s on one thread, where they took 1.1 s.
//!
//! More threads than this machine has cores (2026-11-29, nodes counted, as 2 cores cannot time 8
//! threads): phones have 6–8 cores, and `kami solve` takes all of the machine's. From 6 threads on,
//! the tasks are listed two or three moves deep, and until then a task below the start skipped no
//! commuting move after its own, nor did the listing test a tight printer bound below the start. On
//! 8 threads, against 1: `organic-4` 379 k nodes against 227 k, `rings-8` 176 k against 109 k,
//! `08-summit/spire` 382 k against 188 k, `rings-7-lr` 304 k against 130 k, `organic-speckled-1-lr`
//! 671 k against 418 k, `09-patterns/tessera` 143 k against 106 k. With tasks told apart by the
//! position their move was played from, and the listing testing the printer bound: 244 k, 117 k,
//! 182 k, 127 k, 437 k and 115 k (on 16 threads 246 k, 118 k, 188 k, 127 k, 440 k and 118 k, from
//! 380 k, 176 k, 386 k, 304 k, 672 k and 144 k; on 32, `organic-4` 143 k, `rings-8` 82 k, `spire`
//! 180 k, `rings-7-lr` 126 k and `tessera` 88 k, fewer than one thread's, which I have not
//! explained (of two commuting siblings, the task that skips the other is then the one that
//! finished second, not the one later in the order); the 25 boards tried on 32 threads found the
//! lengths one thread finds). Still more tasks on two threads, now that they skip their siblings at
//! every depth: 64 or 256 a thread instead of 16 took more nodes and time (`organic-4` 229 k nodes
//! in 50–65 ms to 244 k in 96–106 ms, `tessera` 101 k to 114 k, `rings-8` 109 k to 117 k; `spire`
//! 192 k to 183 k, in the same time). Left as they are: boards proven in a few thousand nodes take
//! twice one thread's on 8 (`organic-3` 4.9 k to 8.8 k; the threads start after
//! [`SOLO_NODES`](super::SOLO_NODES) nodes and list their tasks anew), and on 16 threads
//! `organic-speckled-2` and `-4` take 1.4x and 1.8x one thread's nodes (50 k and 41 k).
//!
//! Two ways to share out the tasks, tried and dropped (2026-11-27, medians of 5-7 interleaved
//! runs on two threads, before the order of children was set right; one thread visits 496 k
//! nodes on `organic-4`): every second thread taking tasks from the last back, so that the two
//! search tasks far apart, gave more nodes on all five boards (`organic-4` 593 k to 619 k,
//! `organic-speckled-2` 1.36 M to 1.42 M, `rings-8` 410 k to 431 k); 64 tasks per thread instead
//! of 16 splits `organic-4` and `rings-8` two moves deep, where a task's last move skips no
//! commuting move (593 k to 962 k, 410 k to 701 k).

use super::{Commute, Flow, Last, Search, Tables};
use crate::board::Colour;
use crate::solver::position::{Position, Target};
use crate::solver::table::{Recent, Table};
use crate::solver::{IslandSolution, Meter, Stop};
use parking_lot::Mutex;
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// Tasks to list per thread before the threads start, if the depth allows.
const TASKS_PER_THREAD: usize = 16;

/// The deepest the tasks are listed, in moves from the start.
const MAX_SPLIT_DEPTH: usize = 3;

/// A position for one thread to search: the moves from the start that reach it.
#[derive(Clone)]
struct Task {
    /// `(node, colour, region)` in order: the node played, its colour, and the node's original
    /// region (for the line, should this task lead to the goal).
    path: Vec<(usize, Colour, usize)>,
    /// The last of those moves, as the move rules see it.
    last: Last,
    /// Whether the position is symmetric as [`Search::mirrored`] says.
    symmetric: bool,
}

/// How threads share out the tasks of one iteration: each takes the next task no thread has
/// taken; once none is left, a thread helps with the tasks still being searched, from the last
/// back. A task is done when any thread has searched it to the bound; when every task is done,
/// the iteration is, and `halt` stops the threads still helping.
struct Split {
    next: AtomicUsize,
    /// Per task, whether it is done; and how many are.
    done: Mutex<(Vec<bool>, usize)>,
    halt: Arc<AtomicBool>,
}

impl Split {
    fn new(tasks: usize, halt: &Arc<AtomicBool>) -> Split {
        Split { next: AtomicUsize::new(0), done: Mutex::new((vec![false; tasks], 0)), halt: Arc::clone(halt) }
    }

    /// The next task for a thread to search, given where its own walk back from the last task
    /// stands (`back`, starting at the number of tasks), and whether the thread helps with it
    /// (another thread has taken it); `None` when none is left.
    fn take(&self, back: &mut usize) -> Option<(usize, bool)> {
        let done = self.done.lock();
        let i = self.next.fetch_add(1, Ordering::Relaxed);
        if i < done.0.len() {
            return Some((i, false));
        }
        while *back > 0 {
            *back -= 1;
            if !done.0[*back] {
                return Some((*back, true));
            }
        }
        None
    }

    /// Records that task `i` is searched to the bound without finding the goal.
    fn finish(&self, i: usize) {
        let mut done = self.done.lock();
        let (flags, count) = &mut *done;
        if !std::mem::replace(&mut flags[i], true) {
            *count += 1;
            if *count == flags.len() {
                self.halt.store(true, Ordering::Relaxed);
            }
        }
    }

    /// Whether task `i` is done.
    fn is_done(&self, i: usize) -> bool {
        self.done.lock().0[i]
    }

    /// Whether every task is done (or there were none).
    fn all_done(&self) -> bool {
        let done = self.done.lock();
        done.1 == done.0.len()
    }
}

/// The tasks by the position their last move was played from (numbered as
/// [`Search::tasks`] lists them) and that move, and which of them are done: after a task's move,
/// the merging moves from the same position that commute with it and whose own task is done are
/// skipped ([`Commute::Done`]; see the module doc).
pub(super) struct Siblings<'s> {
    split: &'s Split,
    index: HashMap<(usize, usize, Colour), usize>,
}

impl<'s> Siblings<'s> {
    fn of(tasks: &[Task], split: &'s Split) -> Siblings<'s> {
        let index = tasks
            .iter()
            .enumerate()
            .filter_map(|(i, task)| match task.last {
                Last::Merge { node, colour, commute: Commute::Done(from), .. } => Some(((from, node, colour), i)),
                _ => None,
            })
            .collect();
        Siblings { split, index }
    }

    /// Whether the task of the move of `node` to `colour` from position `from` is done.
    pub(super) fn done(&self, from: usize, node: usize, colour: Colour) -> bool {
        self.index.get(&(from, node, colour)).is_some_and(|&i| self.split.is_done(i))
    }
}

/// What the searches of the threads have in common.
struct Worker<'a> {
    target: Target,
    colours: Colour,
    table: &'a Table,
    mirrors: &'a [Vec<usize>],
    printer: Option<u32>,
}

impl<'a> Worker<'a> {
    /// A search of `pos` with the shared table, told the tasks one move from the start if there
    /// are.
    fn search<'b>(
        &'b self,
        pos: &'b mut Position,
        meter: &'b mut Meter,
        siblings: Option<&'b Siblings<'b>>,
    ) -> Search<'b> {
        Search {
            pos,
            target: self.target,
            colours: self.colours,
            table: Tables::Shared(self.table),
            meter,
            found: Vec::new(),
            scratch: Vec::new(),
            mirrors: self.mirrors,
            threads: 1,
            peeks: Default::default(),
            gathers: Default::default(),
            recent: Recent::new(),
            reverse: false,
            siblings,
            printer: self.printer,
        }
    }
}

impl Search<'_> {
    /// [`Search::run`] on several threads.
    pub(super) fn run_shared(self, known: Vec<(usize, Colour)>, floor: u32, cap: u32) -> IslandSolution {
        let Search { pos, target, colours, table, meter, mirrors, threads, printer, .. } = self;
        let upper = known.len() as u32;
        let mut bound = pos.lower_bound(target).max(floor);
        let Tables::Own(table) = table else {
            // Shared tables belong to the threads of a search already shared out.
            return IslandSolution { moves: known, optimal: false, lower_bound: bound };
        };
        let mut copies: Vec<Position> = (1..threads).map(|_| pos.clone()).collect();
        while bound < upper {
            if bound > cap {
                meter.stop(Stop::TooManyMoves);
                return IslandSolution { moves: known, optimal: false, lower_bound: bound };
            }
            table.share();
            let worker = Worker { target, colours, table: &*table, mirrors, printer };
            let mut lister = Meter::new(&crate::solver::Budget::default());
            let tasks = worker.search(pos, &mut lister, None).tasks(bound, TASKS_PER_THREAD * threads);
            let halt = Arc::new(AtomicBool::new(false));
            let split = Split::new(tasks.len(), &halt);
            let siblings = Siblings::of(&tasks, &split);
            let stopped: Mutex<Option<Stop>> = Mutex::new(None);
            let found: Mutex<Option<Vec<(usize, Colour)>>> = Mutex::new(None);
            let forks: Vec<Meter> = (0..threads).map(|_| meter.fork(threads, &halt)).collect();
            let workers = std::iter::once(&mut *pos).chain(copies.iter_mut());
            let forks = std::thread::scope(|s| {
                let handles: Vec<_> = workers
                    .zip(forks)
                    .map(|(pos, mut fork)| {
                        let (worker, split, siblings) = (&worker, &split, &siblings);
                        let (tasks, halt, stopped, found) = (&tasks, &halt, &stopped, &found);
                        s.spawn(move || {
                            let mut search = worker.search(pos, &mut fork, Some(siblings));
                            let mut back = tasks.len();
                            while let Some((i, helping)) = split.take(&mut back) {
                                // A thread that helps tries children from the last, to meet the
                                // one it helps; otherwise in the search's order (see "Measured").
                                search.reverse = helping;
                                match search.search_task(&tasks[i], bound) {
                                    Flow::Found => {
                                        found.lock().get_or_insert(std::mem::take(&mut search.found));
                                        halt.store(true, Ordering::Relaxed);
                                        break;
                                    }
                                    Flow::Stopped(_) => {
                                        if let Some(why) = search.meter.stopped_by_budget() {
                                            stopped.lock().get_or_insert(why);
                                            halt.store(true, Ordering::Relaxed);
                                        }
                                        break;
                                    }
                                    Flow::NotFound => split.finish(i),
                                }
                            }
                            drop(search);
                            fork
                        })
                    })
                    .collect();
                handles.into_iter().map(|h| h.join()).collect::<Vec<_>>()
            });
            for fork in forks {
                // A panic in a thread is a bug: it reaches the caller as it would without threads.
                match fork {
                    Ok(fork) => meter.absorb(&fork),
                    Err(panic) => std::panic::resume_unwind(panic),
                }
            }
            if let Some(moves) = found.into_inner() {
                return IslandSolution { moves, optimal: true, lower_bound: bound };
            }
            // Threads halted because every task was done have searched the iteration.
            if let Some(why) = stopped.into_inner().filter(|_| !split.all_done()) {
                meter.stop(why);
                return IslandSolution { moves: known, optimal: false, lower_bound: bound };
            }
            bound += 1;
        }
        IslandSolution { moves: known, optimal: true, lower_bound: upper }
    }

    /// Searches `task` to `bound`; where it finds the goal, `found` holds the whole line from the
    /// start, in order.
    fn search_task(&mut self, task: &Task, bound: u32) -> Flow {
        for &(node, colour, _) in &task.path {
            self.pos.play(node, colour);
        }
        self.found.clear();
        let tight = self.printer == Some(bound);
        let flow = self.dfs(task.path.len() as u32, bound, task.last, task.symmetric, tight);
        for _ in &task.path {
            self.pos.undo();
        }
        if let Flow::Found = flow {
            self.found.extend(task.path.iter().rev().map(|&(_, colour, region)| (region, colour)));
            self.found.reverse();
        }
        flow
    }

    /// The tasks of one iteration to `bound`: the positions a few moves from the start, at least
    /// `want` of them if the depth allows, in the order the search would reach them. Positions
    /// the bounds or the table rule out are left out; a position at the goal is a task of its own.
    fn tasks(&mut self, bound: u32, want: usize) -> Vec<Task> {
        let mut tasks = vec![Task { path: Vec::new(), last: Last::Free, symmetric: !self.mirrors.is_empty() }];
        // Each position expanded is numbered, so that its children know their siblings.
        let mut from = 0;
        for depth in 0..MAX_SPLIT_DEPTH {
            if tasks.len() >= want || depth as u32 + 1 >= bound {
                break;
            }
            let mut next = Vec::new();
            for task in &tasks {
                self.expand(task, bound, from, &mut next);
                from += 1;
            }
            tasks = next;
        }
        tasks
    }

    /// Adds the children of `task`, the position numbered `from`, that the search would play
    /// within `bound` to `out`.
    fn expand(&mut self, task: &Task, bound: u32, from: usize, out: &mut Vec<Task>) {
        for &(node, colour, _) in &task.path {
            self.pos.play(node, colour);
        }
        let left = bound - task.path.len() as u32;
        if self.pos.is_goal(self.target) {
            out.push(task.clone());
        } else if self.table.get().bound(self.pos.hash()) <= left {
            let radius = self.pos.radius();
            // Below the start, a tight printer bound is worked out as the search does.
            let tight = self.printer == Some(bound) && !task.path.is_empty();
            if (radius < left || (radius == left && self.pos.rim_bound(self.target) <= left))
                && !(tight && self.pos.printer_bound(left) > left)
            {
                let mut moves = Vec::new();
                self.moves(task.last, left, task.symmetric, (None, false), None, &mut moves);
                for (node, colour, swallowed) in moves {
                    // The task's move skips the commuting moves from here whose tasks are done.
                    let commute = Commute::Done(from);
                    let last = if swallowed > 0 {
                        Last::Merge { node, colour, was: self.pos.colour(node), swallowed, commute }
                    } else {
                        Last::Recolour
                    };
                    let symmetric = task.symmetric && swallowed > 0 && self.mirrors.iter().all(|map| map[node] == node);
                    let mut path = task.path.clone();
                    path.push((node, colour, self.pos.region(node)));
                    out.push(Task { path, last, symmetric });
                }
            }
        }
        for _ in &task.path {
            self.pos.undo();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Symmetry, Tiling};
    use crate::game::Game;
    use crate::history::Move;
    use crate::level::{Level, Rgb};
    use crate::solver::greedy::greedy;
    use crate::solver::symmetry::symmetries;
    use crate::solver::{Budget, RegionGraph};

    /// A connected board of triangles, colours at random with blobs, of at least 30 regions.
    fn board(seed: u64) -> Board {
        let mut state = seed;
        let mut below = |n: u64| {
            state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            (state >> 33) % n
        };
        loop {
            let (rows, cols) = (10, 6);
            let mut cells: Vec<Option<Colour>> = Vec::new();
            for t in 0..rows * cols {
                cells.push(if t > 0 && below(3) == 0 { cells[t - 1] } else { Some(below(3) as Colour) });
            }
            let board = Board::new(Tiling::Triangles, rows, cols, cells, 3).unwrap();
            if board.regions().count >= 30 {
                return board;
            }
        }
    }

    /// `board` with the left half's colours mirrored onto the right half.
    fn mirrored(board: &Board) -> Board {
        let (rows, cols) = (board.rows(), board.cols());
        let cells = (0..rows * cols).map(|t| board.colour(t.min(Symmetry::LeftRight.image(rows, cols, t)))).collect();
        Board::new(Tiling::Triangles, rows, cols, cells, 3).unwrap()
    }

    /// Searches the board's one island from the greedy line (longer than the optimum on most of
    /// these boards, so the search must find the line) on `threads` threads, shared out from the
    /// start (these boards are proven sooner than [`Search::run`] would start threads); told the
    /// board's symmetries if `mirrors`.
    fn search(board: &Board, threads: usize, mirrors: bool) -> (Vec<Move>, bool, usize) {
        let graph = RegionGraph::new(board);
        // One island of every region: its nodes are the regions.
        let maps = if mirrors { symmetries(board, &graph) } else { Vec::new() };
        let mut pos = Position::new(&graph, &graph.islands[0], true);
        pos.hash_mirrors(&maps);
        let known = greedy(&mut pos, Target::Any);
        let greedy_len = known.len();
        let (mut table, mut meter) = (Table::with_bytes(1 << 20), Meter::new(&Budget::default()));
        let search = Search::new(&mut pos, Target::Any, 3, &mut table, &mut meter).threads(threads).mirrored(&maps);
        let found = if threads == 1 { search.run(known, 0, u32::MAX) } else { search.run_shared(known, 0, u32::MAX) };
        let moves = found.moves.iter().map(|&(region, colour)| Move { tile: graph.tile[region], colour }).collect();
        (moves, found.optimal, greedy_len)
    }

    fn wins(board: &Board, moves: &[Move]) -> bool {
        let palette = vec![Rgb { red: 0, green: 0, blue: 0 }; 3];
        let mut game = Game::new(Arc::new(Level::new("t".into(), "t".into(), 999, palette, board.clone()).unwrap()));
        moves.iter().all(|&m| game.play(m).is_ok()) && game.colours_left() == 1
    }

    #[test]
    fn threads_find_lines_as_short_as_one_thread_does() {
        let mut shorter = 0;
        for seed in 0..24 {
            let board = board(seed);
            let (one, proven, greedy_len) = search(&board, 1, false);
            assert!(proven && wins(&board, &one), "seed {seed}");
            for threads in [2, 3, 8] {
                let (shared, proven, _) = search(&board, threads, false);
                assert!(proven && shared.len() == one.len(), "seed {seed}, {threads} threads: {board:?}");
                assert!(wins(&board, &shared), "seed {seed}, {threads} threads: {board:?}");
            }
            shorter += usize::from(one.len() < greedy_len);
        }
        assert!(shorter >= 8, "only {shorter} of 24 greedy lines were beaten");
    }

    #[test]
    fn on_symmetric_boards_threads_told_the_mirrors_find_lines_as_short_as_a_search_without() {
        // Below a symmetric position, moves are skipped both for their mirror images' and for
        // commuting with the move before (see "Symmetry" in `search.rs`): on one thread by the
        // order of the moves, on several by the tasks done.
        let mut symmetric = 0;
        for seed in 0..16 {
            let board = mirrored(&board(seed));
            symmetric += usize::from(!symmetries(&board, &RegionGraph::new(&board)).is_empty());
            let (plain, proven, _) = search(&board, 1, false);
            assert!(proven && wins(&board, &plain), "seed {seed}");
            for threads in [1, 2, 3, 8] {
                let (told, proven, _) = search(&board, threads, true);
                assert!(proven && told.len() == plain.len(), "seed {seed}, {threads} threads: {board:?}");
                assert!(wins(&board, &told), "seed {seed}, {threads} threads: {board:?}");
            }
        }
        assert_eq!(symmetric, 16);
    }
}
