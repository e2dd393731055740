//! `kami check PATH`: validates a level file, a pack folder or a folder of packs and proves every
//! level's par with the solver and its colours with the core's legibility rule, printing each
//! problem as `file:line:column: message`; fails if there is any, or if PATH holds nothing to check.

use crate::output::{complain, say};
use kami_core::catalogue::Catalogue;
use kami_core::legibility::{APP_BACKGROUNDS, clashes, describe};
use kami_core::level::{Level, Rgb};
use kami_core::level_file::{FileError, par_error, parse_level};
use kami_core::solver::{Budget, solve};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The file that makes a folder a pack.
const PACK_FILE: &str = "pack.toml";

/// What `kami check` was given, read and valid: the levels with the file each came from.
#[derive(Debug)]
struct Found {
    /// Packs read (0 for a single level file).
    packs: usize,
    /// Every level, its file and its pack's background (none for a single level file), in pack order.
    levels: Vec<(Arc<Level>, PathBuf, Option<Rgb>)>,
}

/// `kami check` arguments.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// A level file, a pack folder or a folder of packs, such as levels/
    path: String,
    /// Whole seconds the solver may spend proving each par
    #[arg(long, value_name = "S", default_value_t = 30)]
    time: u64,
}

/// Runs the command.
pub fn run(args: Args) -> Result<(), String> {
    let Args { path, time: seconds } = args;
    // Without repeated or trailing separators: `levels//` reads and prints as `levels`.
    let path: PathBuf = Path::new(&path).components().collect();
    let found = read(&path)?;
    let budget = Budget { max_time: Some(Duration::from_secs(seconds)), ..Budget::default() };
    let mut problems = 0;
    let mut slowest = (Duration::ZERO, String::new());
    for (level, file, background) in &found.levels {
        let source = || std::fs::read_to_string(file).unwrap_or_default();
        let backgrounds: Vec<Rgb> = background.iter().copied().chain(APP_BACKGROUNDS).collect();
        for clash in clashes(level.palette(), &backgrounds) {
            let text = source();
            let at = text.find("palette").unwrap_or(0);
            let shown = file.display().to_string();
            eprintln!("{}", FileError::at(&shown, &text, at, describe(&clash, level.palette())));
            problems += 1;
        }
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
            Some(format!("par is {} but the level can be solved in {}", level.par(), count(moves as usize, "move")))
        } else {
            None
        };
        if let Some(message) = message {
            complain!("{}", par_error(&file.display().to_string(), &source(), message));
            problems += 1;
        }
    }
    if problems > 0 {
        return Err(format!("{} in {}", count(problems, "problem"), path.display()));
    }
    let ms = slowest.0.as_secs_f64() * 1000.0;
    if found.packs == 0 {
        say!("{}: valid, par proven optimal (in {ms:.1} ms)", path.display());
    } else {
        let (packs, levels) = (count(found.packs, "pack"), count(found.levels.len(), "level"));
        say!(
            "{}: {packs}, {levels}, all valid, every par proven optimal (slowest: {} in {ms:.1} ms)",
            path.display(),
            slowest.1
        );
    }
    Ok(())
}

/// Reads `path`: a level file, a pack folder (one holding a `pack.toml`) or a folder of pack
/// folders. Prints every problem and fails if there is any; fails too when there is nothing to
/// check. Level files lying loose in a folder of packs are named as not checked.
fn read(path: &Path) -> Result<Found, String> {
    let shown = path.display();
    let metadata = std::fs::metadata(path).map_err(|e| format!("{shown}: {e}"))?;
    if !metadata.is_dir() {
        if path.file_name().is_some_and(|n| n == PACK_FILE) {
            let folder = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
            return read(folder);
        }
        let text = std::fs::read_to_string(path).map_err(|e| format!("{shown}: {e}"))?;
        let name = shown.to_string();
        let level = parse_level(&name, &name, &text).map_err(|e| {
            complain!("{e}");
            format!("1 problem in {shown}")
        })?;
        return Ok(Found { packs: 0, levels: vec![(Arc::new(level), path.to_path_buf(), None)] });
    }
    let printed = |errors: Vec<kami_core::level_file::FileError>| {
        for e in &errors {
            complain!("{e}");
        }
        format!("{} in {shown}", count(errors.len(), "problem"))
    };
    if path.join(PACK_FILE).is_file() {
        let catalogue = Catalogue::from_pack_dir(path).map_err(printed)?;
        let levels = catalogue
            .packs()
            .iter()
            .flat_map(|p| p.levels.iter().map(|l| (l, p.theme.background)))
            .map(|(l, background)| {
                let stem = l.id().rsplit('/').next().unwrap_or_default();
                (Arc::clone(l), path.join(format!("{stem}.toml")), Some(background))
            })
            .collect();
        return Ok(Found { packs: catalogue.packs().len(), levels });
    }
    let mut loose = Vec::new();
    for entry in std::fs::read_dir(path).map_err(|e| format!("{shown}: {e}"))? {
        let file = entry.map_err(|e| format!("{shown}: {e}"))?.path();
        if file.extension().is_some_and(|e| e == "toml") && file.is_file() {
            loose.push(file);
        }
    }
    loose.sort();
    for file in &loose {
        let file = file.display();
        complain!("{file}: not checked: a level file outside any pack folder (check it alone: kami check {file})");
    }
    let catalogue = Catalogue::from_dir(path).map_err(printed)?;
    if catalogue.packs().is_empty() {
        let loose = match loose.len() {
            0 => String::new(),
            n => format!(", only {} outside any pack (named above)", count(n, "level file")),
        };
        return Err(format!(
            "nothing to check in {shown}: no pack folder (a folder with a {PACK_FILE}){loose}; \
             give check a level file, a pack folder or a folder of packs"
        ));
    }
    let levels = catalogue
        .packs()
        .iter()
        .flat_map(|p| p.levels.iter().map(|l| (l, p.theme.background)))
        .map(|(l, background)| (Arc::clone(l), path.join(format!("{}.toml", l.id())), Some(background)))
        .collect();
    Ok(Found { packs: catalogue.packs().len(), levels })
}

/// `n thing` or `n things`.
pub fn count(n: usize, thing: &str) -> String {
    if n == 1 { format!("1 {thing}") } else { format!("{n} {thing}s") }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PACK: &str =
        "name = \"P\"\nlevels = [\"a\"]\n[theme]\nbackground = \"#FFFFFF\"\nink = \"#000000\"\naccent = \"#FF0000\"\n";
    const LEVEL: &str = "name = \"L\"\npar = 1\npalette = [\"#000000\", \"#FFFFFF\"]\ngrid = \"01\"\n";

    /// A fresh folder under the system's temporary folder holding `files`, removed when dropped.
    struct Scratch(PathBuf);

    impl Scratch {
        fn new(name: &str, files: &[(&str, &str)]) -> Scratch {
            let dir = std::env::temp_dir().join(format!("kami-check-{}-{name}", std::process::id()));
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::create_dir_all(&dir).unwrap();
            for (path, text) in files {
                let path = dir.join(path);
                std::fs::create_dir_all(path.parent().unwrap()).unwrap();
                std::fs::write(path, text).unwrap();
            }
            Scratch(dir)
        }
    }

    impl Drop for Scratch {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    fn ids(found: &Found) -> Vec<(String, PathBuf)> {
        found.levels.iter().map(|(l, f, _)| (l.id().to_string(), f.clone())).collect()
    }

    #[test]
    fn reads_a_level_file_a_pack_folder_and_a_folder_of_packs() {
        let s = Scratch::new("kinds", &[("p/pack.toml", PACK), ("p/a.toml", LEVEL), ("loose.toml", LEVEL)]);
        let file = s.0.join("p/a.toml");
        let found = read(&file).unwrap();
        assert_eq!((found.packs, ids(&found)), (0, vec![(file.display().to_string(), file.clone())]));
        for pack in [s.0.join("p"), s.0.join("p/pack.toml")] {
            let found = read(&pack).unwrap();
            assert_eq!((found.packs, ids(&found)), (1, vec![("p/a".to_string(), file.clone())]));
        }
        // The loose level file is named as not checked; the pack is read.
        let found = read(&s.0).unwrap();
        assert_eq!((found.packs, ids(&found)), (1, vec![("p/a".to_string(), file.clone())]));
    }

    #[test]
    fn colours_too_alike_are_problems_and_clear_ones_pass() {
        let with = |palette: &str| LEVEL.replace("[\"#000000\", \"#FFFFFF\"]", palette);
        let (alike, clear) = (with("[\"#E9C46A\", \"#F4A261\"]"), with("[\"#E4572E\", \"#293B7C\"]"));
        let red_paper = PACK.replace("#FFFFFF", "#E65A30");
        let s = Scratch::new(
            "colours",
            &[("alike.toml", &alike), ("black-white.toml", LEVEL), ("p/pack.toml", &red_paper), ("p/a.toml", &clear)],
        );
        let shown = |f: &str| s.0.join(f).display().to_string();
        let run = |path: String| run(Args { path, time: 30 });
        assert_eq!(run(shown("alike.toml")), Err(format!("1 problem in {}", shown("alike.toml"))));
        // Black and white vanish into the apps' dark and light backgrounds.
        assert_eq!(run(shown("black-white.toml")), Err(format!("3 problems in {}", shown("black-white.toml"))));
        // Red on the pack's red paper is a problem; alone, the level is clear.
        assert_eq!(run(shown("p")), Err(format!("1 problem in {}", shown("p"))));
        assert_eq!(run(shown("p/a.toml")), Ok(()));
    }

    #[test]
    fn a_folder_with_nothing_to_check_is_refused() {
        let empty = Scratch::new("empty", &[]);
        assert!(read(&empty.0).unwrap_err().starts_with("nothing to check"));
        let loose = Scratch::new("loose", &[("a.toml", LEVEL), ("b.toml", LEVEL)]);
        let error = read(&loose.0).unwrap_err();
        assert!(error.contains("nothing to check") && error.contains("2 level files outside any pack"), "{error}");
        let missing = empty.0.join("missing");
        assert!(!read(&missing).unwrap_err().contains(":1:1:"));
        // A level file's own problems are reported, not a made-up one.
        let bad = Scratch::new("bad", &[("x.toml", "name = 3")]);
        assert_eq!(
            read(&bad.0.join("x.toml")).err().as_deref(),
            Some(format!("1 problem in {}", bad.0.join("x.toml").display()).as_str())
        );
    }
}
