//! `kami generate`: a generated level (or a day's puzzle) as a level file, rated; or the pin
//! file of the daily puzzle's weekend boards.

use crate::args::load_level;
use crate::output::print;
use kami_core::daily::{Date, daily, live_pin};
use kami_core::generator::motif::{self, Motif};
use kami_core::generator::{Generated, Spec, Symmetry, generate};
use kami_core::level_file::write_level;

/// The options of [`SpecArgs`], which none of `--year`, `--daily` and `--pin-weekends` takes.
const SPEC_OPTIONS: [&str; 10] =
    ["seed", "colours", "par", "symmetry", "holes", "rows", "cols", "mask", "name", "motif"];

/// `kami generate` arguments.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Write to FILE instead of standard output
    #[arg(long, value_name = "FILE")]
    out: Option<String>,
    /// Every daily puzzle of YEAR, one level file after another
    #[arg(long, value_name = "YEAR", conflicts_with = "daily", conflicts_with_all = SPEC_OPTIONS)]
    year: Option<i32>,
    /// The daily puzzle of YYYY-MM-DD
    #[arg(long, value_name = "YYYY-MM-DD", value_parser = crate::args::date, conflicts_with_all = SPEC_OPTIONS)]
    daily: Option<Date>,
    /// The pin file of the daily puzzle's Saturdays and Sundays of the years FIRST to LAST, each
    /// made by the live rule (what levels/dailies/weekends.txt holds)
    #[arg(long, num_args = 2, value_names = ["FIRST", "LAST"], conflicts_with = "year", conflicts_with = "daily", conflicts_with_all = SPEC_OPTIONS)]
    pin_weekends: Option<Vec<i32>>,
    #[command(flatten)]
    spec: SpecArgs,
}

/// What to generate, when it is not a daily puzzle.
#[derive(clap::Args, Debug)]
struct SpecArgs {
    /// The same seed gives the same level
    #[arg(long, value_name = "N", default_value_t = 1)]
    seed: u64,
    /// Palette size
    #[arg(long, value_name = "K", default_value_t = 4)]
    colours: usize,
    /// The par wanted: a range like 5-7, or one number
    #[arg(long, value_name = "A-B", default_value = "5-7", value_parser = parse_range)]
    par: std::ops::RangeInclusive<u32>,
    /// Mirror or turn the board
    #[arg(long, value_enum, default_value_t = SymmetryArg::None)]
    symmetry: SymmetryArg,
    /// Cut holes in the board
    #[arg(long)]
    holes: bool,
    /// Rows of triangles [default: 29]
    #[arg(long, value_name = "R")]
    rows: Option<usize>,
    /// Columns of triangles [default: 10]
    #[arg(long, value_name = "C")]
    cols: Option<usize>,
    /// Take the size, tiling and holes of the board of LEVEL
    #[arg(long, value_name = "LEVEL")]
    mask: Option<String>,
    /// The level's name [default: Generated SEED]
    #[arg(long)]
    name: Option<String>,
    /// A designed board of this motif instead of an organic one
    #[arg(long, value_name = "NAME", value_parser = parse_motif)]
    motif: Option<Motif>,
}

/// [`Symmetry`] as written on the command line.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum SymmetryArg {
    /// No symmetry
    None,
    /// Mirrored left to right
    LeftRight,
    /// Mirrored top to bottom
    TopBottom,
    /// Turned half a circle
    Rotational,
}

/// Runs the command.
pub fn run(args: Args) -> Result<(), String> {
    if let Some(year) = args.year {
        return write(args.out, &year_of_dailies(year)?);
    }
    if let Some(years) = args.pin_weekends {
        return write(args.out, &pin_file(years[0], years[1])?);
    }
    let generated = match args.daily {
        Some(date) => daily(date).map_err(|e| e.to_string())?,
        None => {
            let s = args.spec;
            let symmetry = match s.symmetry {
                SymmetryArg::None => Symmetry::None,
                SymmetryArg::LeftRight => Symmetry::LeftRight,
                SymmetryArg::TopBottom => Symmetry::TopBottom,
                SymmetryArg::Rotational => Symmetry::Rotational,
            };
            let mut spec = Spec { symmetry, holes: s.holes, ..Spec::kami(s.colours, s.par) };
            spec.rows = s.rows.unwrap_or(spec.rows);
            spec.cols = s.cols.unwrap_or(spec.cols);
            if let Some(mask) = s.mask {
                let board = load_level(&mask)?.board().clone();
                spec.tiling = board.tiling();
                spec.rows = board.rows();
                spec.cols = board.cols();
                spec.mask = Some(board.cells().iter().map(Option::is_some).collect());
            }
            let name = s.name.unwrap_or_else(|| format!("Generated {}", s.seed));
            let id = format!("generated/{}", s.seed);
            match s.motif {
                Some(m) => motif::generate(s.seed, &spec, m, &id, &name),
                None => generate(s.seed, &spec, &id, &name),
            }
            .map_err(|e| e.to_string())?
        }
    };
    write(args.out, &level_text(&generated))
}

/// `--motif NAME`.
fn parse_motif(name: &str) -> Result<Motif, String> {
    Motif::parse(name).ok_or_else(|| {
        let names: Vec<&str> = Motif::ALL.iter().map(|m| m.name()).collect();
        format!("expected one of {}", names.join(", "))
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
    let mut text = String::new();
    for date in days_of(year) {
        let puzzle = daily(date).map_err(|e| format!("{}: {e}", date.long_name()))?;
        text.push_str(&level_text(&puzzle));
    }
    if text.is_empty() {
        return Err(format!("no daily puzzles in the year {year}"));
    }
    Ok(text)
}

/// The pin file of the weekends of the years `first` to `last`: a header, then a line a Saturday
/// or Sunday, its date and its pin as the live rule makes it today, one date after another on
/// one thread (`kami_core::daily` reads the file and says why it exists).
fn pin_file(first: i32, last: i32) -> Result<String, String> {
    if first > last || Date::new(first, 1, 1).is_none() || Date::new(last, 1, 1).is_none() {
        return Err(format!(
            "--pin-weekends takes two years from 1 to 9999, the first not after the last: {first} {last}"
        ));
    }
    let mut text = format!(
        "# The daily puzzle's Saturdays and Sundays of {first} to {last}, pinned: a line a day, its
# date and the share code of its designed board (`kami play CODE` plays it), or `organic` where
# the day has the organic board. Written by `kami generate --pin-weekends {first} {last}`, from
# the live rule of the build that ran it.
#
# Why: a weekend's designed board is the first candidate whose proof fits a node budget, so a
# faster solver would pick other boards for some dates; but every phone and every app version
# must make the same puzzle for a date. The game reads the boards from here (their pars proven
# again), so a solver change leaves them be. Never rewrite a pinned line; pin the years after
# {last} by adding their lines before they come near.
"
    );
    for date in (first..=last).flat_map(days_of) {
        if let Some(pin) = live_pin(date).map_err(|e| format!("{}: {e}", date.long_name()))? {
            text.push_str(&format!("{date} {pin}\n"));
        }
    }
    Ok(text)
}

/// The dates of `year`, in order.
fn days_of(year: i32) -> impl Iterator<Item = Date> {
    (1..=12).flat_map(move |m| (1..=31).filter_map(move |d| Date::new(year, m, d)))
}

/// `text` to the file `out`, or to standard output.
fn write(out: Option<String>, text: &str) -> Result<(), String> {
    match out {
        Some(path) => std::fs::write(&path, text).map_err(|e| format!("{path}: {e}")),
        None => {
            print(text);
            Ok(())
        }
    }
}

/// `A-B` or `A`.
fn parse_range(text: &str) -> Result<std::ops::RangeInclusive<u32>, String> {
    let bad = || "expected a range of moves like 5-7 (from 1 up), or one number".to_string();
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
