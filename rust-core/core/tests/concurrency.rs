//! The FFI objects under concurrent use: hints on one thread while another plays, undoes and
//! saves; cancellation under load; no deadlock (parking_lot's detector watches every test) and
//! no stale hint (each hint is checked against the position of the revision it names).

mod common;

use kami_core::ffi::{
    Editor, EditorTool, Game, KamiError, PlayerProgress, Tiling as FfiTiling, curated_palettes, packs,
};
use kami_core::level::Level;
use kami_core::level_file::parse_level;
use kami_core::solver::lower_bound;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::thread;
use std::time::Duration;

/// Longest any of these tests may take before it counts as stuck.
const STUCK: Duration = Duration::from_secs(120);

/// Runs `work` on its own thread while a watcher asks parking_lot for deadlocks every 20 ms;
/// fails on a deadlock or if `work` does not finish within [`STUCK`].
fn without_deadlock<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> T {
    let done = Arc::new(AtomicBool::new(false));
    let watcher = {
        let done = Arc::clone(&done);
        thread::spawn(move || {
            while !done.load(Ordering::Relaxed) {
                let cycles = parking_lot::deadlock::check_deadlock();
                if !cycles.is_empty() {
                    return cycles.len();
                }
                thread::sleep(Duration::from_millis(20));
            }
            0
        })
    };
    let (sender, receiver) = mpsc::channel();
    thread::spawn(move || sender.send(work()));
    let result = receiver.recv_timeout(STUCK);
    done.store(true, Ordering::Relaxed);
    assert_eq!(watcher.join().unwrap(), 0, "parking_lot found deadlocked threads");
    result.expect("the threads finished in time")
}

/// A small deterministic stream for choosing moves.
fn next(state: &mut u64) -> u32 {
    *state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
    (*state >> 33) as u32
}

/// A full-size shipped board whose hints are quick even on an emulated processor: the islands
/// chapter's level of highest par (its islands are solved apart). The connected boards of the
/// late packs can take the whole of a hint's time, so under emulation a player's moves every
/// half millisecond would cancel every hint.
fn large_quick_level() -> String {
    let islands = packs().into_iter().find(|p| p.id == "06-archipelago").unwrap();
    islands.levels.into_iter().max_by_key(|l| (l.rows * l.cols, l.par)).unwrap().id
}

#[test]
fn hints_while_another_thread_plays_undoes_and_saves() {
    let game = Game::new(large_quick_level()).unwrap();
    // Every position the player reaches, by revision, as save bytes.
    let positions = Arc::new(Mutex::new(HashMap::from([(game.snapshot().revision, game.save())])));
    let playing = Arc::new(AtomicBool::new(true));
    let (hints, cancelled) = without_deadlock({
        let (game, positions, playing) = (Arc::clone(&game), Arc::clone(&positions), Arc::clone(&playing));
        move || {
            let hinter = {
                let (game, playing) = (Arc::clone(&game), Arc::clone(&playing));
                thread::spawn(move || {
                    let (mut hints, mut cancelled) = (Vec::new(), 0);
                    while playing.load(Ordering::Relaxed) {
                        match game.hint() {
                            Ok(h) => hints.push(h),
                            Err(KamiError::HintCancelled) => cancelled += 1,
                            Err(e) => panic!("a hint failed: {e}"),
                        }
                    }
                    (hints, cancelled)
                })
            };
            let recorder = {
                let (game, playing) = (Arc::clone(&game), Arc::clone(&playing));
                thread::spawn(move || {
                    let progress = PlayerProgress::new();
                    while playing.load(Ordering::Relaxed) {
                        progress.record(Arc::clone(&game));
                        let _ = progress.save();
                        thread::yield_now();
                    }
                })
            };
            let (tiles, colours) = (game.snapshot().tiles.len() as u32, game.snapshot().palette.len() as u32);
            let mut state = 7;
            for _ in 0..600 {
                let snapshot = match next(&mut state) % 8 {
                    0..=3 => game.play(next(&mut state) % tiles, next(&mut state) % colours).map(|t| t.snapshot),
                    4 | 5 => game.undo(),
                    6 => game.redo(),
                    _ => Ok(game.restart()),
                };
                if let Ok(s) = snapshot {
                    positions.lock().unwrap().insert(s.revision, game.save());
                }
                thread::sleep(Duration::from_micros(500));
            }
            playing.store(false, Ordering::Relaxed);
            recorder.join().unwrap();
            hinter.join().unwrap()
        }
    });
    assert!(!hints.is_empty(), "no hint finished ({cancelled} cancelled)");
    let positions = positions.lock().unwrap();
    for h in &hints {
        // The hint is for a position the game really was in, and its move is legal there with
        // the region it names.
        let saved = positions.get(&h.revision).unwrap_or_else(|| panic!("no position has revision {}", h.revision));
        let at = Game::restore(saved.clone()).unwrap();
        let fresh = at.hint().unwrap();
        if h.proven && fresh.proven {
            assert_eq!((h.remaining, h.par, h.ok), (fresh.remaining, fresh.par, fresh.ok));
        }
        if let Some(next) = &h.next {
            let turn = at.play(next.tile, next.colour).unwrap();
            let mut flooded: Vec<u32> = turn.flood.iter().map(|f| f.tile).collect();
            let mut region = next.region.clone();
            flooded.sort_unstable();
            region.sort_unstable();
            assert_eq!(flooded, region);
        }
    }
}

/// A board too hard to solve within a hint's time (`stripes-dense-1` of the hard corpus: 174
/// regions, whose lower bound stays 6 below the best line known after minutes), with its lower
/// bound as the par: no line that short is found, and the bound does not rise past it, so the
/// hint searches until its time limit (with a reachable par it would answer at once with the
/// first line within it), while the game lasts the few moves the test plays before it is failed.
fn hard_game() -> Arc<Game> {
    let source = include_str!("../../cli/bench/5-dense-stripes/stripes-dense-1.toml");
    let level = parse_level("stripes-dense-1", "stripes-dense-1.toml", source).unwrap();
    let par = lower_bound(level.board(), level.palette().len());
    let (id, name, palette, board) =
        (level.id().into(), level.name().into(), level.palette().to_vec(), level.board().clone());
    common::ffi_game(Level::new(id, name, par, palette, board).unwrap())
}

#[test]
fn cancelling_stops_hints_under_load() {
    // Unhindered, the hint runs into its time limit and settles for an unproven answer: it does
    // not finish by itself while the cancels below arrive. (On a game of its own: a hint's answer
    // is cached for the position, so a second is instant.) How soon a cancel lands is a timing,
    // measured by `kami bench`, not asserted here.
    let unhindered = hard_game().hint().unwrap();
    assert!(!unhindered.proven, "the board is meant to be too hard for a hint to prove: {unhindered:?}");
    let game = hard_game();
    let results = without_deadlock(move || {
        let busy = Arc::new(AtomicBool::new(true));
        let load: Vec<_> = (0..2)
            .map(|_| {
                let (game, busy) = (Arc::clone(&game), Arc::clone(&busy));
                thread::spawn(move || {
                    while busy.load(Ordering::Relaxed) {
                        let _ = (game.snapshot(), game.save(), game.layout(390.0, 844.0));
                    }
                })
            })
            .collect();
        let mut results = Vec::new();
        // Cancelled by cancel_hint, then by moves.
        for cancel_by_move in [false, true] {
            let hinters: Vec<_> = (0..2)
                .map(|_| {
                    let game = Arc::clone(&game);
                    thread::spawn(move || game.hint())
                })
                .collect();
            // A hinter may start after a cancel (and then hint the position it finds), so cancel
            // again until every hinter has answered; one that is never cancelled runs into its
            // time limit and answers Ok, which fails the test.
            while !hinters.iter().all(|h| h.is_finished()) {
                thread::sleep(Duration::from_millis(50));
                if cancel_by_move {
                    let snapshot = game.snapshot();
                    let colour = (snapshot.tiles[0].unwrap() + 1) % snapshot.palette.len() as u32;
                    game.play(0, colour).unwrap();
                } else {
                    game.cancel_hint();
                }
            }
            results.extend(hinters.into_iter().map(|h| h.join().unwrap()));
        }
        busy.store(false, Ordering::Relaxed);
        load.into_iter().for_each(|t| t.join().unwrap());
        results
    });
    for result in results {
        assert_eq!(result.err(), Some(KamiError::HintCancelled));
    }
}

#[test]
fn an_editor_painted_from_several_threads_while_another_awaits_its_analysis() {
    without_deadlock(|| {
        let palette = curated_palettes()[2].colours[..5].to_vec();
        let editor = Editor::blank(FfiTiling::Triangles, 29, 10, palette).unwrap();
        let painting = Arc::new(AtomicBool::new(true));
        thread::scope(|s| {
            let watcher = s.spawn(|| {
                // Every snapshot handed out is of the drawing as it stood when it was handed out
                // or later: never of a version older than one already seen.
                let (mut after, mut newest) = (0, 0);
                while painting.load(Ordering::Relaxed) {
                    if let Some(a) = editor.analysis(after, 50) {
                        assert!(a.version >= newest, "an analysis of version {} after {newest}", a.version);
                        newest = a.version;
                        after = a.serial;
                    }
                }
                newest
            });
            let painters: Vec<_> = (0..3u64)
                .map(|seed| {
                    let editor = &editor;
                    s.spawn(move || {
                        let mut state = seed;
                        for _ in 0..200 {
                            let (tile, colour) = (next(&mut state) % 300, next(&mut state) % 6);
                            match next(&mut state) % 4 {
                                0 => drop(editor.fill(tile, colour)),
                                1 => drop(editor.undo()),
                                _ => drop(editor.paint(tile, EditorTool::Paint { colour })),
                            }
                        }
                    })
                })
                .collect();
            for painter in painters {
                painter.join().unwrap();
            }
            painting.store(false, Ordering::Relaxed);
            watcher.join().unwrap();
        });
        // Left alone, the last drawing's analysis comes, for the version on screen.
        let a = editor.analysis(0, 60_000).expect("the analysis of the last drawing");
        assert_eq!(a.version, editor.snapshot().version);
    });
}
