//! Share codes: a whole puzzle (size, tiling, palette, tiles and holes, par, whether the par is
//! proven, and an optional name) as a short text of digits and letters, and back.
//!
//! A code is `<version><length><payload><check>`: one character of version (`1`), one of the
//! code's length modulo 62 (so a code cut short is told apart from a mistyped one), the payload
//! (the puzzle's fields through an arithmetic coder, as a base-62 number: see `share/model.rs`) and three
//! check characters that refuse every single changed character and every swap of two neighbours
//! (`share/text.rs`). The link form is `kami://puzzle/<code>`. Decoding takes either, ignores spaces and
//! line breaks anywhere (messengers wrap long words), and never trusts the par it carries: see
//! [`crate::hint::check_par`].

mod coder;
mod model;
mod qr;
mod text;

pub use qr::{MAX_MODULE_PIXELS, Qr};

use crate::collection::{CollectionError, valid_name};
use crate::level::Level;
use model::Fields;
use std::fmt;

/// The version this build writes (and the only one it reads).
pub const VERSION: u8 = 1;
/// The start of a code's link form.
pub const LINK_PREFIX: &str = "kami://puzzle/";
/// The longest code any puzzle makes (a 64 × 64 board coded plainly with the longest name is
/// under 2,300 characters); anything longer is refused before it is read.
pub const MAX_CODE: usize = 2400;
/// The start of the level id of an opened code (the code follows).
pub const ID_PREFIX: &str = "shared/";
/// The name of an opened puzzle whose code carries none.
pub const UNNAMED: &str = "Shared puzzle";

/// A puzzle opened from a code. Its par is the one the code claims: check it before calling it
/// proven ([`crate::hint::check_par`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shared {
    /// The puzzle as a level: id `shared/<code>`, the code's name (or [`UNNAMED`]), the claimed par.
    pub level: Level,
    /// Whether the sender's solver had proven the par.
    pub par_proven: bool,
    /// The name the code carries, if any.
    pub name: Option<String>,
    /// The code itself, without spaces or the link prefix.
    pub code: String,
}

/// Why a text is not a code of a playable puzzle, or a puzzle cannot be made into one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShareError {
    /// Not a share code or link at all: a character no code has, too short, or too long.
    NotACode(String),
    /// A code of a version this build does not know (made by a newer Kami).
    UnknownVersion { found: u32, newest: u32 },
    /// The check characters do not match: a character was mistyped or two swapped.
    ChecksumMismatch,
    /// The code is shorter than it says: `missing` characters were lost (counted modulo 62).
    Truncated { missing: u32 },
    /// The code reads, but its puzzle is not playable (bad size, colour out of palette, …).
    InvalidBoard(String),
    /// A name to put in a code must be 1 to 60 characters once trimmed, without control characters.
    InvalidName(String),
    /// A link of `length` characters is more than a QR code holds.
    QrTooLarge { length: u32 },
}

impl fmt::Display for ShareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShareError::NotACode(why) => write!(f, "not a puzzle code: {why}"),
            ShareError::UnknownVersion { found, newest } => {
                write!(f, "a puzzle code of version {found}, newer than this Kami reads ({newest}): update Kami")
            }
            ShareError::ChecksumMismatch => {
                write!(f, "the puzzle code does not check out: a character is mistyped or two are swapped")
            }
            ShareError::Truncated { missing } => write!(
                f,
                "the puzzle code is cut short: {missing} character{} missing",
                if *missing == 1 { " is" } else { "s are" }
            ),
            ShareError::InvalidBoard(why) => write!(f, "the puzzle code holds no playable puzzle: {why}"),
            ShareError::InvalidName(why) => write!(f, "not a puzzle name: {why}"),
            ShareError::QrTooLarge { length } => write!(f, "a link of {length} characters is too long for a QR code"),
        }
    }
}

impl std::error::Error for ShareError {}

/// The code of `level` with its par (`par_proven`: whether the solver proved it the fewest moves)
/// and `name` (trimmed; empty or `None` for no name).
pub fn encode(level: &Level, par_proven: bool, name: Option<&str>) -> Result<String, ShareError> {
    let name = match name.map(str::trim).filter(|n| !n.is_empty()) {
        Some(n) => Some(valid_name(n).map_err(|e| ShareError::InvalidName(reason(e)))?),
        None => None,
    };
    let fields = Fields::of(level, par_proven, name);
    Ok(seal(VERSION, &model::write(&fields)))
}

/// The code of version `version` around the payload `bits`.
fn seal(version: u8, bits: &[bool]) -> String {
    let payload = text::to_digits(bits);
    let length = 2 + payload.len() + text::CHECK_CHARS;
    let mut digits = vec![version, (length % 62) as u8];
    digits.extend(payload);
    digits.extend(text::check(&digits));
    digits.iter().map(|&d| char::from(text::ALPHABET[usize::from(d)])).collect()
}

/// The link form of `code`: `kami://puzzle/<code>`.
pub fn link(code: &str) -> String {
    format!("{LINK_PREFIX}{code}")
}

/// Opens a code or a `kami://puzzle/` link (whitespace anywhere ignored).
pub fn decode(input: &str) -> Result<Shared, ShareError> {
    let not = |why: String| Err(ShareError::NotACode(why));
    let trimmed = input.trim();
    let body = match trimmed.get(..LINK_PREFIX.len()) {
        Some(start) if start.eq_ignore_ascii_case(LINK_PREFIX) => &trimmed[LINK_PREFIX.len()..],
        _ => trimmed,
    };
    let code: String = body.chars().filter(|c| !c.is_whitespace()).collect();
    if code.is_empty() {
        return not("it is empty".into());
    }
    if code.len() > MAX_CODE {
        return not(format!("{} characters, far more than any puzzle needs", code.len()));
    }
    let mut digits = Vec::with_capacity(code.len());
    for (i, ch) in code.chars().enumerate() {
        match text::digit(ch) {
            Some(d) => digits.push(d),
            None => return not(format!("{ch:?} (character {}) is not in any code", i + 1)),
        }
    }
    // The shortest puzzle's code has 8 characters.
    if digits.len() < 8 {
        return not("too short".into());
    }
    let missing = (usize::from(digits[1]) + 62 - digits.len() % 62) % 62;
    match missing {
        0 => {}
        1..=31 => return Err(ShareError::Truncated { missing: missing as u32 }),
        _ => return not(format!("{} characters more than it says: pasted twice?", 62 - missing)),
    }
    if !text::checks(&digits) {
        return Err(ShareError::ChecksumMismatch);
    }
    if digits[0] != VERSION {
        return Err(ShareError::UnknownVersion { found: digits[0].into(), newest: VERSION.into() });
    }
    let payload = &digits[2..digits.len() - text::CHECK_CHARS];
    let bits = text::to_bits(payload).ok_or_else(|| ShareError::NotACode("its payload is out of range".into()))?;
    let (fields, used) = model::read(&bits)?;
    if bits.iter().skip(used).any(|&b| b) {
        return not("data follows the puzzle".into());
    }
    let invalid = |e: &dyn fmt::Display| ShareError::InvalidBoard(e.to_string());
    let name = match &fields.name {
        Some(n) => Some(valid_name(n).map_err(|e| ShareError::InvalidBoard(format!("its name: {}", reason(e))))?),
        None => None,
    };
    let board = crate::board::Board::new(fields.tiling, fields.rows, fields.cols, fields.cells, fields.palette.len())
        .map_err(|e| invalid(&e))?;
    let title = name.clone().unwrap_or_else(|| UNNAMED.to_string());
    let level =
        Level::new(format!("{ID_PREFIX}{code}"), title, fields.par, fields.palette, board).map_err(|e| invalid(&e))?;
    Ok(Shared { level, par_proven: fields.par_proven, name, code })
}

/// Why a name was refused, in words.
fn reason(e: CollectionError) -> String {
    match e {
        CollectionError::InvalidName(why) => why,
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests;
