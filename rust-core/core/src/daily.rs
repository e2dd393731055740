//! The daily puzzle: the same generated level for everyone on a calendar date, easy on Monday and
//! harder each day to Sunday; at the weekend, a designed connected board when one is found quickly.

use crate::generator::motif::{Effort, Motif, generate_within};
use crate::generator::{GenerateError, Generated, Spec, Symmetry, generate};
use crate::share::{self, ShareError};
use std::fmt;

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

/// How a Saturday's or Sunday's puzzle is made, written as a share code or `organic`.
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
            Pin::Organic => f.write_str("organic"),
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

/// The puzzle for `date`: everyone gets the same level (id `daily/YYYY-MM-DD`).
pub fn daily(date: Date) -> Result<Generated, GenerateError> {
    let day = Day::of(date);
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

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn most_weekends_are_designed_connected_boards_of_par_9_to_12() {
        let weekends: Vec<Date> = (1..=2)
            .flat_map(|m| (1..=31).filter_map(move |d| Date::new(2027, m, d)))
            .filter(|d| d.weekday() >= 5)
            .collect();
        let designed = weekends
            .iter()
            .map(|&d| daily(d).unwrap().level)
            .filter(|l| l.palette().len() == 4 && l.board().cells().iter().all(Option::is_some))
            .inspect(|l| assert!((9..=12).contains(&l.par()), "{}: par {}", l.id(), l.par()))
            .count();
        assert!(designed * 4 >= weekends.len() * 3, "{designed} of {} weekend days designed", weekends.len());
    }

    #[test]
    fn a_weekend_pin_is_the_code_of_the_live_rules_board() {
        // A Sunday whose live rule is quick (about 20,000 nodes): this runs it twice.
        let sunday = Date::parse("2031-01-12").unwrap();
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
