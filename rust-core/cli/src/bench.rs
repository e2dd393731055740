//! `kami bench DIR`: how fast the solver proves every level's par, and how fast hints answer from
//! positions a player reaches; with `--time`, each solve gets that long, and levels it cannot
//! prove in time are counted and named instead of failing the run (for boards whose par is only
//! the best known, such as `rust-core/cli/bench/`). `kami bench --daily YEAR`: how fast each
//! day's puzzle is made and its par proven; `kami bench --import SHOT`: how fast a screenshot
//! imports (25 runs); `kami bench --share DIR`: how long each level's share code is and how fast
//! it is made and opened; `kami bench --editor`: how fast the editor's live analysis answers
//! after an edit (see `bench/editor.rs`); `kami bench DIR --games N`: hints through random
//! games, one cache per game (see `bench/games.rs`). With medians, the 99th percentile and maxima.

mod editor;
mod games;

use crate::args::{at_least_one, seconds};
use crate::check::count;
use crate::output::say;
use kami_core::catalogue::Catalogue;
use kami_core::daily::{Date, daily};
use kami_core::game::Game;
use kami_core::hint::{self, Cache, Position};
use kami_core::history::Move;
use kami_core::random::Random;
use kami_core::share;
use kami_core::solver::{Budget, first_answer, solve};
use std::path::Path;
use std::time::{Duration, Instant};

/// `kami bench` arguments.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// A folder of packs, such as levels/
    #[arg(required_unless_present_any = ["daily", "import", "editor"], conflicts_with_all = ["daily", "import", "editor"])]
    dir: Option<String>,
    /// Hint positions timed per level
    #[arg(long, value_name = "N", default_value_t = 20)]
    positions: usize,
    /// S seconds per solve, reporting what it cannot prove instead of failing
    #[arg(long, value_name = "S", value_parser = seconds)]
    time: Option<Duration>,
    /// One line per level
    #[arg(long)]
    verbose: bool,
    /// Solve again on N threads, with the speed-up
    #[arg(long, value_name = "N", value_parser = at_least_one, default_value_t = 1)]
    threads: usize,
    /// Time making and proving every daily puzzle of YEAR instead
    #[arg(long, value_name = "YEAR", conflicts_with = "import")]
    daily: Option<i32>,
    /// Time importing the screenshot SHOT (25 runs) instead
    #[arg(long, value_name = "SHOT")]
    import: Option<String>,
    /// Time the editor's live analysis on N drawings per motif instead (with --time: each
    /// analysis's limit, default 30 s)
    #[arg(long, value_name = "N", num_args = 0..=1, default_missing_value = "3", conflicts_with_all = ["daily", "import", "share"])]
    editor: Option<u64>,
    /// Measure share codes of every level of DIR instead: lengths, encode and decode times
    #[arg(long, conflicts_with_all = ["daily", "import"])]
    share: bool,
    /// Time hints through N random games per level of DIR instead: a hint after every move, with
    /// one cache per game as the apps keep it
    #[arg(long, value_name = "N", conflicts_with_all = ["daily", "import", "share"])]
    games: Option<usize>,
}

/// Runs the command.
pub fn run(args: Args) -> Result<(), String> {
    let Args { dir, positions, time: limit, verbose, threads, daily, import, share, editor, games } = args;
    if let Some(seeds) = editor {
        return editor::run(seeds, limit.unwrap_or(Duration::from_secs(30)), threads);
    }
    if let Some(shot) = import {
        return bench_import(&shot);
    }
    if let Some(year) = daily {
        return bench_daily(year);
    }
    let dir = dir.ok_or("bench needs a folder of packs, e.g. kami bench levels/")?;
    let catalogue = Catalogue::from_dir(Path::new(&dir))
        .map_err(|errors| format!("{} in {dir}; kami check {dir} names them", count(errors.len(), "problem")))?;
    if share {
        return bench_share(&catalogue, verbose);
    }
    if let Some(games) = games {
        games::run(&catalogue, games);
        return Ok(());
    }
    let (mut solves, mut hints, mut unproven) = (Vec::new(), Vec::new(), Vec::new());
    let (mut firsts, mut gaps, mut speedups) = (Vec::new(), Vec::new(), Vec::new());
    let mut random = Random::new(1);
    let budget = Budget { max_time: limit, ..Budget::default() };
    say!(
        "{:<36} {:>4} {:>6} {:>9} {:>10} {:>10} {:>12}",
        "level",
        "par",
        "first",
        "first ms",
        "nodes",
        "solve ms",
        "hint p99 ms"
    );
    for level in catalogue.packs().iter().flat_map(|p| &p.levels) {
        let start = Instant::now();
        let first = first_answer(level.board(), level.palette().len());
        let first_took = start.elapsed();
        let first_moves = first.moves.len() as u32;
        firsts.push((first_took, level.id().to_string()));
        let start = Instant::now();
        let solution = solve(level.board(), level.palette().len(), &budget);
        let took = start.elapsed();
        let moves = solution.moves.len() as u32;
        // The best line known: the par (proven, or the best found so far for bench boards), or
        // better if this solve found one.
        gaps.push(i64::from(first_moves) - i64::from(moves.min(level.par())));
        if !solution.optimal {
            if limit.is_none() {
                return Err(format!("{}: not proven optimal; run kami check", level.id()));
            }
            if verbose {
                say!(
                    "{:<36} {:>4} {:>6} {:>9.2} {:>10} {:>10.2}  not proven: {}..{moves}",
                    level.id(),
                    level.par(),
                    first_moves,
                    ms(first_took),
                    solution.nodes,
                    ms(took),
                    solution.lower_bound
                );
            }
            unproven.push(format!("{} ({}..{moves})", level.id(), solution.lower_bound));
            continue;
        }
        // The time on `threads` threads, said under the level's line.
        let mut took_shared = None;
        if threads > 1 {
            let start = Instant::now();
            let shared = solve(level.board(), level.palette().len(), &Budget { threads, ..budget.clone() });
            let took_threads = start.elapsed();
            if shared.moves.len() as u32 != moves || !shared.optimal {
                return Err(format!(
                    "{}: {threads} threads found {}, one thread {}",
                    level.id(),
                    count(shared.moves.len(), "move"),
                    count(moves as usize, "move")
                ));
            }
            if took >= Duration::from_millis(100) {
                speedups.push((took.as_secs_f64() / took_threads.as_secs_f64(), level.id().to_string()));
            }
            took_shared = Some(took_threads);
        }
        // A par below the proven optimum is wrong; one above it (a bench board's best line
        // found so far) is beaten, which is worth saying.
        if moves > level.par() {
            return Err(format!(
                "{}: par {} is below the proven optimum {moves}; run kami check",
                level.id(),
                level.par()
            ));
        }
        if moves < level.par() {
            say!("{}: the proven optimum {moves} beats the par {}", level.id(), level.par());
        }
        solves.push((took, level.id().to_string()));
        let mut level_hints = Vec::new();
        for _ in 0..positions {
            let game = random_position(Game::new(level.clone()), &mut random);
            let start = Instant::now();
            hint::hint(&Position::of(&game), &mut Cache::default(), &hint::device_budget());
            level_hints.push(start.elapsed());
        }
        level_hints.sort();
        if verbose {
            say!(
                "{:<36} {:>4} {:>6} {:>9.2} {:>10} {:>10.2} {:>12.2}",
                level.id(),
                level.par(),
                first_moves,
                ms(first_took),
                solution.nodes,
                ms(took),
                ms(percentile(&level_hints, 99))
            );
            if let Some(took_shared) = took_shared {
                say!("{:<36} {threads} threads: {:.2} ms", "", ms(took_shared));
            }
        }
        hints.extend(level_hints.into_iter().map(|t| (t, level.id().to_string())));
    }
    summary("first answer", firsts);
    gap_summary(&gaps);
    summary("solve (proven)", solves);
    if threads > 1 {
        speedup_summary(threads, &mut speedups);
    }
    summary("hint", hints);
    if !unproven.is_empty() {
        let secs = limit.map_or(0.0, |l| l.as_secs_f64());
        say!("not proven within {secs} s: {} (lower bound..best found): {}", unproven.len(), unproven.join(", "));
    }
    Ok(())
}

/// Makes the puzzle of every day of `year`, timing each.
fn bench_daily(year: i32) -> Result<(), String> {
    let mut times = Vec::new();
    let days = (1..=12).flat_map(|m| (1..=31).filter_map(move |d| Date::new(year, m, d)));
    for date in days {
        let start = Instant::now();
        let puzzle = daily(date).map_err(|e| format!("{}: {e}", date.long_name()))?;
        times.push((start.elapsed(), format!("{} (par {})", puzzle.level.id(), puzzle.level.par())));
    }
    summary("daily puzzle made and proven", times);
    Ok(())
}

/// Times importing one screenshot, 25 times over, on this thread.
fn bench_import(shot: &str) -> Result<(), String> {
    let bytes = std::fs::read(shot).map_err(|e| format!("{shot}: {e}"))?;
    let mut times = Vec::new();
    for _ in 0..25 {
        let start = Instant::now();
        let imported = kami_core::import::import_screenshot(&bytes).map_err(|e| format!("{shot}: {e}"))?;
        times.push((start.elapsed(), format!("{} colours", imported.palette.len())));
    }
    summary(&format!("import {shot}"), times);
    Ok(())
}

/// Share codes of every level, with and without its name: lengths, and the time to make and to
/// open each (the named one, 100 runs a level).
fn bench_share(catalogue: &Catalogue, verbose: bool) -> Result<(), String> {
    let (mut named, mut bare, mut encodes, mut decodes) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for level in catalogue.packs().iter().flat_map(|p| &p.levels) {
        let code = |name: Option<&str>| share::encode(level, true, name).map_err(|e| format!("{}: {e}", level.id()));
        let (with, without) = (code(Some(level.name()))?, code(None)?);
        if verbose {
            say!("{:<36} {:>4} {:>4}  {with}", level.id(), with.len(), without.len());
        }
        named.push((with.len(), level.id().to_string()));
        bare.push((without.len(), level.id().to_string()));
        for _ in 0..100 {
            let start = Instant::now();
            let made = code(Some(level.name()))?;
            encodes.push((start.elapsed(), level.id().to_string()));
            let start = Instant::now();
            share::decode(&made).map_err(|e| format!("{}: {e}", level.id()))?;
            decodes.push((start.elapsed(), level.id().to_string()));
        }
    }
    for (what, mut lengths) in [("with its name", named), ("without a name", bare)] {
        lengths.sort();
        let median = lengths.get(lengths.len().saturating_sub(1) / 2).map_or(0, |&(n, _)| n);
        let (longest, id) = lengths.last().cloned().unwrap_or_default();
        say!("share code {what}: {} levels, median {median} characters, max {longest} ({id})", lengths.len());
    }
    summary("encode", encodes);
    summary("decode", decodes);
    Ok(())
}

/// Prints the count, median, 99th percentile and maximum of `times`, naming the slowest.
fn summary(what: &str, mut times: Vec<(Duration, String)>) {
    times.sort();
    let Some((max, slowest)) = times.last() else { return };
    let plain: Vec<Duration> = times.iter().map(|(t, _)| *t).collect();
    say!(
        "{what}: {} runs, median {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.2} ms ({slowest})",
        times.len(),
        ms(percentile(&plain, 50)),
        ms(percentile(&plain, 90)),
        ms(percentile(&plain, 99)),
        ms(*max)
    );
}

/// The speed-up of `threads` threads on the boards one thread takes 100 ms or more to prove.
fn speedup_summary(threads: usize, speedups: &mut [(f64, String)]) {
    speedups.sort_by(|a, b| a.0.total_cmp(&b.0));
    let Some((low, slowest)) = speedups.first() else {
        say!("{threads} threads: no board took one thread 100 ms or more to prove");
        return;
    };
    let mean = (speedups.iter().map(|(s, _)| s.ln()).sum::<f64>() / speedups.len() as f64).exp();
    let median = speedups[speedups.len() / 2].0;
    say!(
        "{threads} threads on the {} boards one thread proves in 100 ms or more: speed-up median {median:.2}x, geometric mean {mean:.2}x, lowest {low:.2}x ({slowest})",
        speedups.len()
    );
}

/// How far the first answers are from the best lines known, in moves.
fn gap_summary(gaps: &[i64]) {
    let count = |at_most: i64| gaps.iter().filter(|&&g| g <= at_most).count();
    let worst = gaps.iter().copied().max().unwrap_or(0);
    say!(
        "first answer against the best line known: {} at it, {} within 1 move, {} within 2, worst {worst:+}, of {}",
        count(0),
        count(1),
        count(2),
        gaps.len()
    );
}

/// `game` after a random number (0 to par + 1) of random moves: positions a player reaches,
/// up to the last one before a fail.
fn random_position(mut game: Game, random: &mut Random) -> Game {
    for _ in 0..random.below(game.level().par() as usize + 2) {
        if game.status().is_finished() {
            break;
        }
        let _ = game.play(random_move(&game, random));
    }
    game
}

/// A random palette colour on a random tile of `game`'s board (not a hole); the rules may refuse
/// it (a region already of that colour).
fn random_move(game: &Game, random: &mut Random) -> Move {
    let board = game.board();
    let tiles: Vec<usize> = (0..board.len()).filter(|&t| board.colour(t).is_some()).collect();
    Move { tile: tiles[random.below(tiles.len())], colour: random.below(game.level().palette().len()) as u8 }
}

/// The `p`th percentile of sorted `times` (nearest rank).
pub(crate) fn percentile(times: &[Duration], p: usize) -> Duration {
    if times.is_empty() {
        return Duration::ZERO;
    }
    let rank = (times.len() * p).div_ceil(100).max(1);
    times[rank - 1]
}

pub(crate) fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_take_the_nearest_rank() {
        let times: Vec<Duration> = (1..=200).map(Duration::from_millis).collect();
        assert_eq!(percentile(&times, 50), Duration::from_millis(100));
        assert_eq!(percentile(&times, 99), Duration::from_millis(198));
        assert_eq!(percentile(&times[..1], 99), Duration::from_millis(1));
        assert_eq!(percentile(&[], 50), Duration::ZERO);
    }
}
