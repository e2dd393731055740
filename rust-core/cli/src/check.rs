//! `kami check DIR`: validates every pack and level file, printing each problem as
//! `file:line:column: message`; fails if there is any.

use crate::args::Args;
use kami_core::catalogue::Catalogue;
use std::path::Path;

/// Runs the command.
pub fn run(words: Vec<String>) -> Result<(), String> {
    let dirs = Args::new(words).positional(1)?;
    let dir = dirs.first().ok_or("check needs a folder of packs, e.g. kami check levels/")?;
    match Catalogue::from_dir(Path::new(dir)) {
        Ok(catalogue) => {
            let levels: usize = catalogue.packs().iter().map(|p| p.levels.len()).sum();
            println!("{dir}: {} packs, {levels} levels, all valid", catalogue.packs().len());
            Ok(())
        }
        Err(errors) => {
            for e in &errors {
                println!("{e}");
            }
            Err(format!("{} problem(s) in {dir}", errors.len()))
        }
    }
}
