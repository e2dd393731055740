//! The daily puzzle: the same generated level for everyone on a calendar date, easy on Monday and
//! harder each day to Sunday; at the weekend, a designed connected board when one is found quickly.

use crate::generator::motif::{Effort, Motif, generate_within};
use crate::generator::{GenerateError, Generated, Spec, Symmetry, generate};
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

/// The puzzle for `date`: everyone gets the same level (id `daily/YYYY-MM-DD`).
pub fn daily(date: Date) -> Result<Generated, GenerateError> {
    let (colours, low, high) = RHYTHM[date.weekday() as usize];
    let seed = (date.days_since_epoch() as u64 ^ 0x4B41_4D49).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let (id, name) = (format!("daily/{date}"), format!("Daily · {}", date.long_name()));
    if let Some(&(colours, low, high)) = WEEKEND.get((date.weekday() as usize).wrapping_sub(5)) {
        let motif = if seed >> 58 & 1 == 0 { Motif::Rings } else { Motif::Diamonds };
        let symmetry = if seed >> 57 & 1 == 0 { Symmetry::LeftRight } else { Symmetry::Rotational };
        let spec = Spec { symmetry, ..Spec::kami(colours, low..=high) };
        if let Ok(puzzle) = generate_within(seed, &spec, motif, &id, &name, WEEKEND_EFFORT) {
            return Ok(puzzle);
        }
    }
    let symmetry = match seed >> 60 & 3 {
        0 => Symmetry::None,
        1 => Symmetry::LeftRight,
        2 => Symmetry::TopBottom,
        _ => Symmetry::Rotational,
    };
    let spec = Spec { symmetry, holes: seed >> 59 & 1 == 1, ..Spec::kami(colours, low..=high) };
    generate(seed, &spec, &id, &name)
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
}
