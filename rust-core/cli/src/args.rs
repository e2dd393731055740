//! What commands share on the command line: levels named by id or path, today's date, and the
//! parsers of values several commands take (seconds, thread counts, dates), whose errors clap
//! prints after the name of the offending argument.

use kami_core::catalogue::Catalogue;
use kami_core::daily::Date;
use kami_core::level::Level;
use kami_core::level_file::parse_level;
use kami_core::share;
use kami_core::solver::Budget;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

/// A level named by shipped id (`pack/level`), by the path of a level file, or by a share code
/// or `kami://` link (with the par the code claims).
pub fn load_level(name: &str) -> Result<Arc<Level>, String> {
    if let Some(level) = Catalogue::shipped().level(name) {
        return Ok(Arc::clone(level));
    }
    let path = Path::new(name);
    if !path.is_file() {
        return match share::decode(name) {
            Ok(shared) => Ok(Arc::new(shared.level)),
            Err(e) if looks_like_code(name) => Err(e.to_string()),
            Err(_) => Err(format!("{name:?} is neither a shipped level id, a level file nor a share code")),
        };
    }
    let text = std::fs::read_to_string(path).map_err(|e| format!("{name}: {e}"))?;
    parse_level(name, name, &text).map(Arc::new).map_err(|e| e.to_string())
}

/// Whether `text` is meant as a share code: a `kami://` link, or letters and digits only (a
/// level id has a `/`, a file name a `.`).
pub fn looks_like_code(text: &str) -> bool {
    let text = text.trim();
    text.get(..share::LINK_PREFIX.len()).is_some_and(|s| s.eq_ignore_ascii_case(share::LINK_PREFIX))
        || (!text.is_empty() && text.chars().all(|c| c.is_ascii_alphanumeric() || c.is_whitespace()))
}

/// Today in the player's local time zone: the day whose daily puzzle they expect.
pub fn today() -> Result<Date, String> {
    use chrono::Datelike;
    let now = chrono::Local::now().date_naive();
    Date::new(now.year(), now.month(), now.day()).ok_or_else(|| format!("today ({now}) has no daily puzzle"))
}

/// A date written `YYYY-MM-DD`.
pub fn date(text: &str) -> Result<Date, String> {
    Date::parse(text).ok_or_else(|| "expected a date written YYYY-MM-DD".to_string())
}

/// A count of 1 or more (threads).
pub fn at_least_one(text: &str) -> Result<usize, String> {
    text.parse::<usize>().ok().filter(|&n| n >= 1).ok_or_else(|| "expected a count of 1 or more".to_string())
}

/// A number of seconds above 0.
pub fn seconds(text: &str) -> Result<Duration, String> {
    match text.parse::<f64>() {
        Ok(secs) if secs > 0.0 && secs.is_finite() => Ok(Duration::from_secs_f64(secs)),
        _ => Err("expected a number of seconds above 0".to_string()),
    }
}

/// A search time limit: seconds, or 0 for none.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limit(pub Option<Duration>);

/// A [`Limit`] written as seconds (0 = no limit).
pub fn limit(text: &str) -> Result<Limit, String> {
    match text.parse::<f64>() {
        Ok(0.0) => Ok(Limit(None)),
        _ => seconds(text).map(|s| Limit(Some(s))).map_err(|_| "expected a number of seconds (0 for no limit)".into()),
    }
}

/// How long and on how many threads `kami solve` and `kami hint` search.
#[derive(clap::Args, Debug)]
pub struct Search {
    /// Search at most SECONDS (0 = no limit) [default: solve 60; hint 2, a phone's budget]
    #[arg(long, value_name = "SECONDS", value_parser = limit, allow_negative_numbers = true)]
    pub time: Option<Limit>,
    /// Search a large island on N threads [default: solve, this machine's cores; hint, up to 4 of
    /// them, as on a phone]
    #[arg(long, value_name = "N", value_parser = at_least_one)]
    pub threads: Option<usize>,
}

impl Search {
    /// `default` with this time limit and thread count, where given.
    pub fn budget(&self, default: Budget) -> Budget {
        let max_time = self.time.map_or(default.max_time, |limit| limit.0);
        Budget { max_time, threads: self.threads.unwrap_or(default.threads), ..default }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_parse_or_say_what_is_expected() {
        assert_eq!(limit("0"), Ok(Limit(None)));
        assert_eq!(limit("1.5"), Ok(Limit(Some(Duration::from_millis(1500)))));
        for bad in ["-1", "x", "inf", "NaN"] {
            assert!(limit(bad).unwrap_err().contains("0 for no limit"), "{bad}");
            assert!(seconds(bad).is_err(), "{bad}");
        }
        assert!(seconds("0").is_err());
        assert_eq!(at_least_one("3"), Ok(3));
        assert!(at_least_one("0").is_err());
        assert_eq!(date("2026-02-28").map(Date::long_name), Ok(Date::new(2026, 2, 28).unwrap().long_name()));
        assert!(date("2026-02-30").is_err());
    }
}
