//! The daily puzzle: the same generated level for everyone on a calendar date, easy on Monday and
//! harder each day to Sunday; at the weekend, a designed connected board when one is found quickly.
//!
//! **The live rule.** A weekday's puzzle is an organic board generated from the date: a portable
//! random stream and proofs budgeted in search nodes on one thread, never in time, so that every
//! device makes the same one. A Saturday or Sunday asks first for a designed board (rings or
//! nested diamonds, 4 colours) within a small node budget (150,000 nodes a proof, 600,000 in all)
//! and falls back to the organic board when none is found.
//!
//! **Pinned weekends.** Which designed candidate is taken depends on how many nodes its proof
//! needs (one over the budget is passed over, and the next one's bands are made wider), so a
//! faster solver picks other boards for some weekend dates: each of the last three solver
//! releases changed about 15 a year. Every phone and every app version must make the same puzzle
//! for a date, so the weekend boards of 2026 to 2030 are data: `levels/dailies/weekends.txt`,
//! a line a Saturday or Sunday with the share code of the board the live rule made when the file
//! was written, or `organic` where it fell back (`kami generate --pin-weekends 2026 2030`, from
//! [`live_pin`]). [`daily`] takes a pinned board and palette as they are, proves the par again
//! (one thread, no node budget: never the par the code carries) and rates the level as the
//! generator does; a date pinned `organic` goes straight to the organic board. The file is
//! compiled in and read once; a test makes sure that it reads and that each code decodes to a
//! connected 4-colour board, and should one not, its date takes the live rule rather than fail.
//!
//! **Dates outside the file**, the weekends after 2030, are made by the live rule, so a solver
//! change can still change their boards: pin them before they come near, by adding their lines
//! (`kami generate --pin-weekends 2031 2035`, without its header) and never rewriting a pinned one.
//! Weekdays are not pinned: over 2026 to 2030 the proof of every weekday candidate finished within
//! its budget (the largest took 58,686 of 150,000 nodes; 61,425 before the search's rim filter,
//! 86,072 before the colour-stuck children were cut unplayed, 101,556 before the first answer grew
//! from 64 seeds), and the board of a day whose proofs all finish does not depend on the solver's
//! speed: a faster solver cannot change it (one needing 2.5 times the nodes could). One weekend
//! fallback did change: on Sunday 22 December 2030, pinned `organic`, one candidate's proof ran
//! out of its budget until the colour-stuck children were cut unplayed (2026-11-28); it now takes
//! 117,922 nodes (132,444 before the rim filter), so that date's board changed (par 8 to 9), and
//! a solver needing 1.27 times the nodes would change it back. Nor is
//! the rating pinned: its first-move searches are budgeted in nodes, so a faster solver can change
//! a puzzle's difficulty, never its board or par.

use crate::generator::motif::{Effort, Motif, generate_within};
use crate::generator::{GenerateError, Generated, Rating, Spec, Symmetry, generate};
use crate::level::Level;
use crate::share::{self, ShareError};
use crate::solver::{Budget, solve};
use once_cell::sync::Lazy;
use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

/// A calendar date (proleptic Gregorian).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    year: i32,
    month: u32,
    day: u32,
}

const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];
const WEEKDAYS: [&str; 7] = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

impl Date {
    /// The date, if it exists (years 1–9999).
    pub fn new(year: i32, month: u32, day: u32) -> Option<Date> {
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
        let days = [31, if leap { 29 } else { 28 }, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
        let valid =
            (1..=9999).contains(&year) && (1..=12).contains(&month) && day >= 1 && day <= days[month as usize - 1];
        valid.then_some(Date { year, month, day })
    }

    /// Reads `YYYY-MM-DD`.
    pub fn parse(text: &str) -> Option<Date> {
        let mut parts = text.split('-');
        let (y, m, d) = (parts.next()?, parts.next()?, parts.next()?);
        if parts.next().is_some() || y.len() != 4 || m.len() != 2 || d.len() != 2 {
            return None;
        }
        Date::new(y.parse().ok()?, m.parse().ok()?, d.parse().ok()?)
    }

    /// Days since 1970-01-01 (negative before), by Howard Hinnant's `days_from_civil`.
    pub fn days_since_epoch(self) -> i64 {
        let y = i64::from(self.year) - i64::from(self.month <= 2);
        let era = y.div_euclid(400);
        let yoe = y - era * 400;
        let mp = (i64::from(self.month) + 9) % 12;
        let doy = (153 * mp + 2) / 5 + i64::from(self.day) - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146_097 + doe - 719_468
    }

    /// 0 for Monday through 6 for Sunday.
    pub fn weekday(self) -> u32 {
        // 1970-01-01 was a Thursday.
        (self.days_since_epoch() + 3).rem_euclid(7) as u32
    }

    /// Like "Sunday 22 November 2026".
    pub fn long_name(self) -> String {
        let weekday = WEEKDAYS[self.weekday() as usize];
        format!("{weekday} {} {} {}", self.day, MONTHS[self.month as usize - 1], self.year)
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

/// What each weekday asks for, Monday first: colours and par range.
const RHYTHM: [(usize, u32, u32); 7] = [(3, 3, 4), (3, 4, 5), (4, 4, 6), (4, 5, 6), (4, 6, 7), (5, 6, 8), (5, 7, 9)];

/// Saturday's and Sunday's designed boards: colours and par range.
const WEEKEND: [(usize, u32, u32); 2] = [(4, 9, 10), (4, 10, 12)];

/// What a weekend's designed board may spend before the day falls back to an organic board: a
/// few candidates whose proofs are quick, so that a phone makes it in well under a second.
const WEEKEND_EFFORT: Effort = Effort { proof_nodes: 150_000, total_nodes: 600_000 };

/// The weekend boards pinned as data (see the module documentation), compiled in.
const PINNED: &str = include_str!("../../../levels/dailies/weekends.txt");

/// The word a pin file has for a day that falls back to the organic board.
const ORGANIC: &str = "organic";

/// The pins of [`PINNED`], read on first use. A file that did not read would pin nothing, so
/// that every date took the live rule rather than fail; a test makes sure it reads.
static PINS: Lazy<BTreeMap<Date, Pin>> = Lazy::new(|| read_pins(PINNED).unwrap_or_default());

/// How a Saturday's or Sunday's puzzle is made, as a line of the pin file gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pin {
    /// The designed board of this share code.
    Designed(String),
    /// The organic board, made from the date as on a weekday.
    Organic,
}

impl fmt::Display for Pin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Pin::Designed(code) => f.write_str(code),
            Pin::Organic => f.write_str(ORGANIC),
        }
    }
}

/// What the rules for a date start from.
struct Day {
    /// 0 for Monday through 6 for Sunday.
    weekday: usize,
    seed: u64,
    /// `daily/YYYY-MM-DD`.
    id: String,
    /// `Daily · Sunday 22 November 2026`.
    name: String,
}

impl Day {
    fn of(date: Date) -> Day {
        Day {
            weekday: date.weekday() as usize,
            seed: (date.days_since_epoch() as u64 ^ 0x4B41_4D49).wrapping_mul(0x9E37_79B9_7F4A_7C15),
            id: format!("daily/{date}"),
            name: format!("Daily · {}", date.long_name()),
        }
    }
}

/// The puzzle for `date`: everyone gets the same level (id `daily/YYYY-MM-DD`). A pinned weekend
/// date gets its pinned board or the organic one; any other date is made by the live rule.
pub fn daily(date: Date) -> Result<Generated, GenerateError> {
    let day = Day::of(date);
    match PINS.get(&date) {
        // A code that does not read (a test makes sure that each does) leaves the live rule.
        Some(Pin::Designed(code)) => {
            if let Some(puzzle) = pinned(code, &day) {
                return Ok(puzzle);
            }
        }
        Some(Pin::Organic) => return organic(&day),
        None => {}
    }
    match designed(&day) {
        Some(puzzle) => Ok(puzzle),
        None => organic(&day),
    }
}

/// The pin the live rule gives `date`, whatever the pin file says: the share code of the designed
/// board it makes, or [`Pin::Organic`] where it falls back to the organic board; `None` on a
/// weekday. Like [`daily`], single-threaded and budgeted in search nodes.
pub fn live_pin(date: Date) -> Result<Option<Pin>, ShareError> {
    let day = Day::of(date);
    if WEEKEND.get(day.weekday.wrapping_sub(5)).is_none() {
        return Ok(None);
    }
    Ok(Some(match designed(&day) {
        Some(puzzle) => Pin::Designed(share::encode(&puzzle.level, true, None)?),
        None => Pin::Organic,
    }))
}

/// The live rule's designed board for a Saturday or Sunday, if it finds one within
/// [`WEEKEND_EFFORT`]; `None` on a weekday.
fn designed(day: &Day) -> Option<Generated> {
    let &(colours, low, high) = WEEKEND.get(day.weekday.wrapping_sub(5))?;
    let seed = day.seed;
    let motif = if seed >> 58 & 1 == 0 { Motif::Rings } else { Motif::Diamonds };
    let symmetry = if seed >> 57 & 1 == 0 { Symmetry::LeftRight } else { Symmetry::Rotational };
    let spec = Spec { symmetry, ..Spec::kami(colours, low..=high) };
    generate_within(seed, &spec, motif, &day.id, &day.name, WEEKEND_EFFORT).ok()
}

/// The organic board of the day's rhythm: every weekday's puzzle, and the weekend's fallback.
fn organic(day: &Day) -> Result<Generated, GenerateError> {
    let (colours, low, high) = RHYTHM[day.weekday];
    let seed = day.seed;
    let symmetry = match seed >> 60 & 3 {
        0 => Symmetry::None,
        1 => Symmetry::LeftRight,
        2 => Symmetry::TopBottom,
        _ => Symmetry::Rotational,
    };
    let spec = Spec { symmetry, holes: seed >> 59 & 1 == 1, ..Spec::kami(colours, low..=high) };
    generate(seed, &spec, &day.id, &day.name)
}

/// The board of a pinned share code as the day's puzzle, rated like a generated one. The par the
/// code carries is not trusted (see [`crate::hint::check_par`]): the solver proves it again on
/// one thread, without a node budget (each pinned board was proven within 150,000 nodes when it
/// was pinned). `None` if the code does not read.
fn pinned(code: &str, day: &Day) -> Option<Generated> {
    let shared = share::decode(code).ok()?;
    let (board, palette) = (shared.level.board().clone(), shared.level.palette().to_vec());
    let proof = solve(&board, palette.len(), &Budget { threads: 1, ..Budget::default() });
    // Without a budget the search always finishes; this only keeps an unproven par out.
    if !proof.optimal {
        return None;
    }
    let level = Level::new(day.id.clone(), day.name.clone(), proof.moves.len() as u32, palette, board).ok()?;
    let level = Arc::new(level);
    Some(Generated { rating: Rating::of(&level), level })
}

/// Reads a pin file: a line a Saturday or Sunday, `YYYY-MM-DD CODE` or `YYYY-MM-DD organic`, in
/// increasing date order; blank lines and lines starting with `#` are passed over. The codes are
/// only checked for their characters here: each is decoded when its date is played.
fn read_pins(text: &str) -> Result<BTreeMap<Date, Pin>, String> {
    let mut pins = BTreeMap::new();
    let mut last: Option<Date> = None;
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = |why: String| format!("line {}: {why}", number + 1);
        let (date, pin) = line.split_once(' ').unwrap_or((line, ""));
        let date =
            Date::parse(date).ok_or_else(|| at(format!("expected a date written YYYY-MM-DD, found {date:?}")))?;
        if date.weekday() < 5 {
            return Err(at(format!("{} is not a Saturday or Sunday", date.long_name())));
        }
        if last.is_some_and(|last| last >= date) {
            return Err(at(format!("{date} does not come after the date before it")));
        }
        last = Some(date);
        let pin = match pin.trim() {
            ORGANIC => Pin::Organic,
            code if !code.is_empty() && code.chars().all(|c| c.is_ascii_alphanumeric()) => Pin::Designed(code.into()),
            other => return Err(at(format!("expected a share code or `{ORGANIC}` after the date, found {other:?}"))),
        };
        pins.insert(date, pin);
    }
    Ok(pins)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Tiling;
    use crate::solver::RegionGraph;

    #[test]
    fn dates_are_checked_and_weekdays_known() {
        let d = Date::parse("2026-11-22").unwrap();
        assert_eq!(
            (d.to_string(), d.weekday(), d.long_name().as_str()),
            ("2026-11-22".into(), 6, "Sunday 22 November 2026")
        );
        assert_eq!(Date::new(1970, 1, 1).unwrap().days_since_epoch(), 0);
        assert_eq!(Date::new(2000, 3, 1).unwrap().days_since_epoch(), 11_017);
        assert_eq!(Date::new(1969, 12, 31).unwrap().weekday(), 2, "a Wednesday");
        assert!(
            Date::new(2024, 2, 29).is_some() && Date::new(2023, 2, 29).is_none() && Date::new(1900, 2, 29).is_none()
        );
        for bad in ["2026-13-01", "2026-11-31", "26-11-22", "2026-11-22x", "2026/11/22", "", "2026-1-2"] {
            assert_eq!(Date::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_date_always_gives_the_same_puzzle_harder_on_sunday() {
        let monday = daily(Date::parse("2026-11-16").unwrap()).unwrap();
        let again = daily(Date::parse("2026-11-16").unwrap()).unwrap();
        assert_eq!(monday.level, again.level);
        assert_eq!(monday.level.id(), "daily/2026-11-16");
        let sunday = daily(Date::parse("2026-11-22").unwrap()).unwrap();
        assert!(sunday.level.par() > monday.level.par());
        assert!(sunday.level.palette().len() > monday.level.palette().len());
    }

    /// Every Saturday and Sunday of `years`, in order.
    fn weekends(years: std::ops::RangeInclusive<i32>) -> Vec<Date> {
        let days = years.flat_map(|y| (1..=12).flat_map(move |m| (1..=31).filter_map(move |d| Date::new(y, m, d))));
        days.filter(|d| d.weekday() >= 5).collect()
    }

    #[test]
    fn the_pin_file_reads_and_pins_each_weekend_day_of_2026_to_2030_to_a_connected_board() {
        let pins = read_pins(PINNED).unwrap();
        assert_eq!(pins.keys().copied().collect::<Vec<_>>(), weekends(2026..=2030));
        assert_eq!(*PINS, pins, "the pins daily() reads are the file's");
        let mut designed = 0;
        for (date, pin) in &pins {
            let Pin::Designed(code) = pin else { continue };
            let shared = share::decode(code).unwrap_or_else(|e| panic!("{date}: {e}"));
            let (level, (colours, low, high)) = (&shared.level, WEEKEND[date.weekday() as usize - 5]);
            let board = level.board();
            assert_eq!((board.tiling(), board.rows(), board.cols()), (Tiling::Triangles, 29, 10), "{date}");
            assert_eq!(level.palette().len(), colours, "{date}");
            assert!(board.cells().iter().all(Option::is_some), "{date}: a hole");
            assert_eq!(RegionGraph::new(board).islands.len(), 1, "{date}: not one connected board");
            assert!((low..=high).contains(&level.par()) && shared.par_proven, "{date}: par {}", level.par());
            designed += 1;
        }
        assert!(designed * 4 >= pins.len() * 3, "{designed} of {} weekend days designed", pins.len());
    }

    #[test]
    fn a_pinned_date_gets_its_pinned_board_with_the_par_proven_again() {
        // The first designed Saturday and the last designed Sunday: proving every par would be slow.
        let mut designed = PINS.iter().filter_map(|(d, p)| if let Pin::Designed(c) = p { Some((d, c)) } else { None });
        let sample = [designed.clone().find(|(d, _)| d.weekday() == 5), designed.rfind(|(d, _)| d.weekday() == 6)];
        for (date, code) in sample.into_iter().flatten() {
            let pinned = share::decode(code).unwrap().level;
            let puzzle = daily(*date).unwrap();
            let level = &puzzle.level;
            assert_eq!((level.board(), level.palette()), (pinned.board(), pinned.palette()), "{date}");
            assert_eq!(
                (level.id(), level.name()),
                (format!("daily/{date}").as_str(), &*format!("Daily · {}", date.long_name()))
            );
            let (_, low, high) = WEEKEND[date.weekday() as usize - 5];
            assert!((low..=high).contains(&level.par()), "{date}: par {}", level.par());
            assert_eq!((level.par(), puzzle.rating.par), (pinned.par(), pinned.par()), "{date}");
        }
        // The par a code carries is not taken: one-fold's 1 move, claimed 5, is proven to be 1.
        let one_fold = crate::catalogue::Catalogue::shipped().level("01-first-steps/one-fold").unwrap();
        let claimed = Level::new("x".into(), "x".into(), 5, one_fold.palette().to_vec(), one_fold.board().clone());
        let code = share::encode(&claimed.unwrap(), true, None).unwrap();
        let day = Day::of(Date::parse("2026-01-03").unwrap());
        assert_eq!(pinned(&code, &day).map(|p| p.level.par()), Some(one_fold.par()));
        assert!(pinned("1nonsense", &day).is_none(), "a code that does not read pins nothing");
    }

    #[test]
    fn a_date_pinned_organic_gets_the_organic_board() {
        let (&date, _) = PINS.iter().find(|(_, p)| **p == Pin::Organic).unwrap();
        let puzzle = daily(date).unwrap().level;
        assert_eq!(puzzle.palette().len(), RHYTHM[date.weekday() as usize].0, "{date}");
        assert_eq!(puzzle, organic(&Day::of(date)).unwrap().level);
    }

    #[test]
    fn a_pin_file_out_of_order_or_off_the_weekend_is_refused() {
        let read = |text: &str| read_pins(text).map(|p| p.len());
        assert_eq!(read("# pins\n\n2026-01-03 organic\n2026-01-04 1abc\n"), Ok(2));
        for (text, says) in [
            ("2026-01-05 organic", "line 1: Monday 5 January 2026 is not a Saturday or Sunday"),
            ("2026-01-04 organic\n2026-01-03 organic", "line 2: 2026-01-03 does not come after"),
            ("2026-01-03 organic\n2026-01-03 organic", "line 2: 2026-01-03 does not come after"),
            ("#\n2026-01-03", "line 2: expected a share code or `organic`"),
            ("2026-01-03 co-de", "line 1: expected a share code"),
            ("2026-1-3 organic", "line 1: expected a date"),
        ] {
            let error = read(text).unwrap_err();
            assert!(error.starts_with(says), "{text:?}: {error}");
        }
    }

    #[test]
    fn a_weekend_after_the_pinned_years_is_made_by_the_live_rule_whose_pin_is_its_code() {
        // A Sunday whose live rule is quick (about 20,000 nodes): this runs it twice.
        let sunday = Date::parse("2031-01-12").unwrap();
        assert!(!PINS.contains_key(&sunday), "a date after the pinned years");
        let puzzle = daily(sunday).unwrap().level;
        match live_pin(sunday).unwrap() {
            Some(Pin::Designed(code)) => {
                let shared = share::decode(&code).unwrap().level;
                assert_eq!((shared.board(), shared.palette()), (puzzle.board(), puzzle.palette()));
                assert_eq!(shared.par(), puzzle.par());
            }
            Some(Pin::Organic) => assert_eq!(puzzle.palette().len(), RHYTHM[6].0, "the organic board's colours"),
            None => panic!("{sunday} is a Sunday"),
        }
        assert_eq!(live_pin(Date::parse("2031-01-06").unwrap()), Ok(None), "a Monday has no pin");
    }
}
