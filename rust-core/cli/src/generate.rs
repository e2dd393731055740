//! `kami generate`: a generated level (or a day's puzzle) as a level file, rated.

use crate::args::{Args, load_level};
use kami_core::daily::{Date, daily};
use kami_core::generator::motif::{self, Motif};
use kami_core::generator::{Generated, Spec, Symmetry, generate};
use kami_core::level_file::write_level;

/// Runs the command.
pub fn run(words: Vec<String>) -> Result<(), String> {
    let mut args = Args::new(words);
    let out = args.option("--out")?;
    if let Some(year) = args.option("--year")? {
        args.positional(0)?;
        let year = year.parse().map_err(|_| format!("--year takes a year, not {year:?}"))?;
        return write(out, &year_of_dailies(year)?);
    }
    let generated = match args.option("--daily")? {
        Some(date) => daily_level(&date)?,
        None => {
            let seed = number(args.option("--seed")?, "--seed", 1)?;
            let colours = number(args.option("--colours")?, "--colours", 4)? as usize;
            let par = match args.option("--par")? {
                Some(range) => parse_range(&range)?,
                None => 5..=7,
            };
            let symmetry = match args.option("--symmetry")?.as_deref() {
                None | Some("none") => Symmetry::None,
                Some("left-right") => Symmetry::LeftRight,
                Some("top-bottom") => Symmetry::TopBottom,
                Some("rotational") => Symmetry::Rotational,
                Some(other) => {
                    return Err(format!("--symmetry is none, left-right, top-bottom or rotational, not {other:?}"));
                }
            };
            let holes = args.flag("--holes");
            let name = args.option("--name")?.unwrap_or_else(|| format!("Generated {seed}"));
            let mut spec = Spec { symmetry, holes, ..Spec::kami(colours, par) };
            spec.rows = number(args.option("--rows")?, "--rows", spec.rows as u64)? as usize;
            spec.cols = number(args.option("--cols")?, "--cols", spec.cols as u64)? as usize;
            if let Some(mask) = args.option("--mask")? {
                let board = load_level(&mask)?.board().clone();
                spec.tiling = board.tiling();
                spec.rows = board.rows();
                spec.cols = board.cols();
                spec.mask = Some(board.cells().iter().map(Option::is_some).collect());
            }
            let id = format!("generated/{seed}");
            match motif_option(&mut args)? {
                Some(m) => motif::generate(seed, &spec, m, &id, &name),
                None => generate(seed, &spec, &id, &name),
            }
            .map_err(|e| e.to_string())?
        }
    };
    args.positional(0)?;
    write(out, &level_text(&generated))
}

/// `--motif NAME`: a designed board of that motif instead of an organic one.
fn motif_option(args: &mut Args) -> Result<Option<Motif>, String> {
    let Some(name) = args.option("--motif")? else { return Ok(None) };
    Motif::parse(&name).map(Some).ok_or_else(|| {
        let names: Vec<&str> = Motif::ALL.iter().map(|m| m.name()).collect();
        format!("--motif is one of {}, not {name:?}", names.join(", "))
    })
}

/// The level file of `generated`, its first line a comment with its rating.
fn level_text(generated: &Generated) -> String {
    let r = &generated.rating;
    format!(
        "# difficulty {:.1}: par {}, {} of {} first moves promising\n{}",
        r.difficulty,
        r.par,
        r.promising_first_moves,
        r.first_moves,
        write_level(&generated.level)
    )
}

/// Every daily puzzle of `year`, in date order, as `--daily` writes each: what CI compares
/// byte for byte between processors (the daily is the same puzzle on every phone only if this is).
fn year_of_dailies(year: i32) -> Result<String, String> {
    let days = (1..=12).flat_map(|m| (1..=31).filter_map(move |d| Date::new(year, m, d)));
    let mut text = String::new();
    for date in days {
        let puzzle = daily(date).map_err(|e| format!("{}: {e}", date.long_name()))?;
        text.push_str(&level_text(&puzzle));
    }
    if text.is_empty() {
        return Err(format!("no daily puzzles in the year {year}"));
    }
    Ok(text)
}

/// `text` to the file `out`, or to standard output.
fn write(out: Option<String>, text: &str) -> Result<(), String> {
    match out {
        Some(path) => std::fs::write(&path, text).map_err(|e| format!("{path}: {e}")),
        None => {
            print!("{text}");
            Ok(())
        }
    }
}

/// The puzzle of a date written `YYYY-MM-DD`.
pub fn daily_level(date: &str) -> Result<Generated, String> {
    let date = Date::parse(date).ok_or_else(|| format!("{date:?} is not a date written YYYY-MM-DD"))?;
    daily(date).map_err(|e| e.to_string())
}

fn number(text: Option<String>, name: &str, default: u64) -> Result<u64, String> {
    text.map_or(Ok(default), |t| t.parse().map_err(|_| format!("{name} takes a whole number, not {t:?}")))
}

/// `A-B` or `A`.
fn parse_range(text: &str) -> Result<std::ops::RangeInclusive<u32>, String> {
    let bad = || format!("--par takes a range like 5-7, not {text:?}");
    let (low, high) = text.split_once('-').unwrap_or((text, text));
    let (low, high): (u32, u32) = (low.parse().map_err(|_| bad())?, high.parse().map_err(|_| bad())?);
    if low == 0 || low > high {
        return Err(bad());
    }
    Ok(low..=high)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn par_ranges_parse() {
        assert_eq!(parse_range("5-7"), Ok(5..=7));
        assert_eq!(parse_range("4"), Ok(4..=4));
        for bad in ["7-5", "0-3", "x", "3-", ""] {
            assert!(parse_range(bad).is_err(), "{bad}");
        }
    }
}
