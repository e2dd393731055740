//! `kami bench --editor`: how fast the editor's live analysis answers after an edit of a 29 × 10
//! drawing, and how soon a stale analysis stops. The drawings are realistic: motif-generated
//! boards (stripes, zigzags, chevrons, rings, diamonds, woven) of 4 colours, each with a few short
//! strokes painted over, as a player touching up a board would ("touched up"); and the same boards
//! with many strokes ("scribbled"), messier drawings whose proofs take longer: the stale analysis
//! is measured on those, since a touched-up board is often proven before an edit could stop it.

use super::{ms, percentile};
use crate::output::say;
use kami_core::board::Colour;
use kami_core::editor::analysis::{Limits, analyse};
use kami_core::editor::{Brush, CURATED, Editor, Par, grid};
use kami_core::generator::Spec;
use kami_core::generator::motif::{self, Effort, Motif};
use kami_core::geometry::{Fit, Point};
use kami_core::random::Random;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Strokes painted over each generated board: a touch-up, and a scribble.
const TOUCH_UP: usize = 3;
const SCRIBBLE: usize = 40;
/// How long the analysis runs before the edit that makes it stale.
const STALE_AFTER: Duration = Duration::from_millis(300);
/// A generated board's proof may take this much: ordinary puzzles, not the hardest.
const EFFORT: Effort = Effort { proof_nodes: 400_000, total_nodes: 4_000_000 };

/// Times the analysis of `seeds` drawings per motif, each searched for at most `limit`.
pub fn run(seeds: u64, limit: Duration, threads: usize) -> Result<(), String> {
    let limits = Limits { max_time: limit, threads, ..Limits::default() };
    let mut stops = Vec::new();
    for (set, strokes) in [("touched up", TOUCH_UP), ("scribbled", SCRIBBLE)] {
        let (mut firsts, mut proofs, mut unproven) = (Vec::new(), Vec::new(), Vec::new());
        say!("{set} ({strokes} strokes over a motif board):");
        say!("{:<14} {:>5} {:>12} {:>12} {:>10}", "drawing", "par", "first ms", "proven ms", "stop ms");
        for motif in Motif::ALL {
            for seed in 1..=seeds {
                let name = format!("{}-{seed}", motif.name());
                let Some(editor) = drawing(motif, seed, strokes) else {
                    say!("{name:<14} (no board generated)");
                    continue;
                };
                let (first, proven, par) = time_analysis(&editor, &limits);
                let stop = time_stop(&editor, &limits);
                say!(
                    "{name:<14} {:>5} {:>12.1} {:>12} {:>10}",
                    par,
                    ms(first),
                    proven.map_or("-".into(), |p| format!("{:.1}", ms(p))),
                    stop.map_or("-".into(), |s| format!("{:.2}", ms(s)))
                );
                firsts.push(first);
                match proven {
                    Some(p) => proofs.push(p),
                    None => unproven.push(name),
                }
                stops.extend(stop);
            }
        }
        line(&format!("{set}: first answer after an edit"), &mut firsts);
        line(&format!("{set}: proven par after an edit"), &mut proofs);
        if !unproven.is_empty() {
            say!("{set}: not proven within {} s: {}", limit.as_secs_f64(), unproven.join(", "));
        }
    }
    line(&format!("stale analysis stopped, cancelled {} ms in", STALE_AFTER.as_millis()), &mut stops);
    Ok(())
}

/// Prints the count, median, 95th percentile and maximum of `times`.
fn line(what: &str, times: &mut [Duration]) {
    times.sort();
    say!(
        "{what}: {} drawings, median {:.1} ms, p95 {:.1} ms, max {:.1} ms",
        times.len(),
        ms(percentile(times, 50)),
        ms(percentile(times, 95)),
        ms(times.last().copied().unwrap_or_default())
    );
}

/// A motif board of seed `seed` with `strokes` short strokes painted over it.
fn drawing(motif: Motif, seed: u64, strokes: usize) -> Option<Editor> {
    let spec = Spec::kami(4, 6..=14);
    let generated = motif::generate_within(seed, &spec, motif, "bench", "bench", EFFORT).ok()?;
    let mut editor = Editor::from_level(&generated.level);
    editor.set_palette(CURATED[0].colours[..4].to_vec()).ok()?;
    let fit = Fit::new(&grid(editor.board()), 390.0, 700.0)?;
    let shapes = fit.shapes(&grid(editor.board()));
    let mut random = Random::new(seed * 31 + motif as u64);
    for _ in 0..strokes {
        let from = shapes[random.below(shapes.len())].centre;
        let reach = 2.0 * fit.side();
        let to = Point {
            x: from.x + (random.below(201) as f64 / 100.0 - 1.0) * reach,
            y: from.y + (random.below(201) as f64 / 100.0 - 1.0) * reach,
        };
        editor.begin_stroke(Brush::Colour(random.below(4) as Colour)).ok()?;
        editor.stroke_to(&fit, from).ok()?;
        editor.stroke_to(&fit, to).ok()?;
        editor.end_stroke();
    }
    Some(editor)
}

/// Time to the first snapshot with a par, time to the proven par (if within the limit), and the
/// best par known at the end.
fn time_analysis(editor: &Editor, limits: &Limits) -> (Duration, Option<Duration>, u32) {
    let start = Instant::now();
    let (mut first, mut proven, mut par) = (None, None, 0);
    analyse(editor.board(), editor.palette().len(), editor.version(), limits, &Arc::default(), |a| {
        first.get_or_insert(start.elapsed());
        if matches!(a.par, Par::Proven(_)) {
            proven.get_or_insert(start.elapsed());
        }
        par = a.par.best();
    });
    (first.unwrap_or_else(|| start.elapsed()), proven, par)
}

/// How long an analysis cancelled [`STALE_AFTER`] in takes to return; `None` if it had finished.
fn time_stop(editor: &Editor, limits: &Limits) -> Option<Duration> {
    let cancel = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&cancel);
    let (board, colours) = (editor.board().clone(), editor.palette().len());
    let limits = limits.clone();
    let analysis = std::thread::spawn(move || analyse(&board, colours, 0, &limits, &flag, |_| {}));
    std::thread::sleep(STALE_AFTER);
    if analysis.is_finished() {
        return None;
    }
    let cancelled = Instant::now();
    cancel.store(true, Ordering::Relaxed);
    analysis.join().ok()?;
    Some(cancelled.elapsed())
}
