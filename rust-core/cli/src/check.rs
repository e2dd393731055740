//! `kami check DIR`: validates every pack and level file and proves every level's par with the
//! solver, printing each problem as `file:line:column: message`; fails if there is any.

use crate::args::Args;
use kami_core::catalogue::Catalogue;
use kami_core::level_file::par_error;
use kami_core::solver::{Budget, solve};
use std::path::Path;
use std::time::{Duration, Instant};

/// Default search time per level, in seconds.
const DEFAULT_SECONDS: u64 = 30;

/// Runs the command.
pub fn run(words: Vec<String>) -> Result<(), String> {
    let mut args = Args::new(words);
    let seconds = match args.option("--time")? {
        Some(t) => t.parse::<u64>().map_err(|_| format!("--time takes whole seconds, not {t:?}"))?,
        None => DEFAULT_SECONDS,
    };
    let dirs = args.positional(1)?;
    let dir = dirs.first().ok_or("check needs a folder of packs, e.g. kami check levels/")?;
    let catalogue = Catalogue::from_dir(Path::new(dir)).map_err(|errors| {
        for e in &errors {
            println!("{e}");
        }
        format!("{} problem(s) in {dir}", errors.len())
    })?;
    let budget = Budget { max_time: Some(Duration::from_secs(seconds)), ..Budget::default() };
    let mut problems = 0;
    let (mut levels, mut slowest) = (0, (Duration::ZERO, String::new()));
    for level in catalogue.packs().iter().flat_map(|p| &p.levels) {
        levels += 1;
        let start = Instant::now();
        let solution = solve(level.board(), level.palette().len(), &budget);
        let took = start.elapsed();
        if took > slowest.0 {
            slowest = (took, level.id().to_string());
        }
        let moves = solution.moves.len() as u32;
        let message = if !solution.optimal {
            Some(format!(
                "par {} not proven within {seconds} s: the best found takes {moves}, at least {} needed",
                level.par(),
                solution.lower_bound
            ))
        } else if moves != level.par() {
            Some(format!("par is {} but the fewest moves that solve the level are {moves}", level.par()))
        } else {
            None
        };
        if let Some(message) = message {
            let file = Path::new(dir).join(format!("{}.toml", level.id()));
            let source = std::fs::read_to_string(&file).unwrap_or_default();
            println!("{}", par_error(&file.display().to_string(), &source, message));
            problems += 1;
        }
    }
    if problems > 0 {
        return Err(format!("{problems} par problem(s) in {dir}"));
    }
    println!(
        "{dir}: {} packs, {levels} levels, all valid, every par proven optimal (slowest: {} in {:.1} ms)",
        catalogue.packs().len(),
        slowest.1,
        slowest.0.as_secs_f64() * 1000.0
    );
    Ok(())
}
