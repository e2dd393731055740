//! The level file format (TOML), read with errors that name file, line and column.
//!
//! ```toml
//! name = "First light"
//! par = 3
//! palette = ["#E4572E", "#F3A712", "#29335C"]   # 2–6 colours
//! tiling = "triangles"                           # optional; "squares" for KAMI 1 boards
//! grid = """
//! 0011.
//! 0121.
//! """
//! ```
//! One grid line per row (surrounding spaces ignored), `0`–`5` a palette index, `.` a hole.

use crate::board::{Board, MAX_COLOURS, MAX_SIDE, Tiling};
use crate::level::{Level, LevelProblem, MAX_PAR, MIN_COLOURS, Rgb};
use serde::Deserialize;
use std::fmt;
use std::ops::Range;
use toml::Spanned;

/// A problem in a level or pack file, with its position (line and column count from 1;
/// columns count characters).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileError {
    /// The file's path or name.
    pub file: String,
    /// Line, from 1.
    pub line: usize,
    /// Column in characters, from 1.
    pub column: usize,
    /// What was wrong and what was expected.
    pub message: String,
}

impl FileError {
    /// An error at byte `offset` of `source`.
    pub fn at(file: &str, source: &str, offset: usize, message: impl Into<String>) -> FileError {
        let offset = offset.min(source.len());
        let before = &source[..source.floor_char_boundary(offset)];
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
        FileError { file: file.to_string(), line, column, message: message.into() }
    }

    /// A TOML syntax or shape error, placed by the span the toml crate reports.
    pub fn from_toml(file: &str, source: &str, error: &toml::de::Error) -> FileError {
        let offset = error.span().map_or(0, |s| s.start);
        FileError::at(file, source, offset, error.message().trim_end())
    }
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}: {}", self.file, self.line, self.column, self.message)
    }
}

impl std::error::Error for FileError {}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LevelToml {
    name: Spanned<String>,
    // Any value, so that a par that is not a count of moves is named as such, not as a Rust type.
    par: Spanned<toml::Value>,
    palette: Spanned<Vec<Spanned<String>>>,
    tiling: Option<Spanned<String>>,
    grid: Spanned<String>,
}

/// Reads a level file. `id` names the level in saves and progress; `file` names it in errors.
pub fn parse_level(id: &str, file: &str, source: &str) -> Result<Level, FileError> {
    let at = |offset: usize, message: String| FileError::at(file, source, offset, message);
    let toml: LevelToml = toml::from_str(source).map_err(|e| FileError::from_toml(file, source, &e))?;

    if toml.name.get_ref().trim().is_empty() {
        return Err(at(toml.name.span().start, "expected a non-empty name".into()));
    }
    let palette = toml
        .palette
        .get_ref()
        .iter()
        .map(|entry| {
            Rgb::parse(entry.get_ref()).ok_or_else(|| {
                at(entry.span().start, format!("expected a colour like \"#E4572E\", found {:?}", entry.get_ref()))
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    if !(MIN_COLOURS..=MAX_COLOURS).contains(&palette.len()) {
        return Err(at(toml.palette.span().start, LevelProblem::PaletteSize(palette.len()).to_string()));
    }
    let tiling = match &toml.tiling {
        None => Tiling::Triangles,
        Some(t) => match t.get_ref().as_str() {
            "triangles" => Tiling::Triangles,
            "squares" => Tiling::Squares,
            other => {
                return Err(at(t.span().start, format!("expected \"triangles\" or \"squares\", found {other:?}")));
            }
        },
    };
    let par = par_value(toml.par.get_ref()).map_err(|m| at(toml.par.span().start, m))?;
    let board = parse_grid(&toml.grid, source, tiling, palette.len()).map_err(|(offset, m)| at(offset, m))?;
    Level::new(id.to_string(), toml.name.into_inner(), par, palette, board).map_err(|problem| {
        let offset = match problem {
            LevelProblem::PaletteSize(_) => toml.palette.span().start,
            LevelProblem::ZeroPar | LevelProblem::ParTooLarge(_) => toml.par.span().start,
            LevelProblem::Board(_) | LevelProblem::AlreadySolved => toml.grid.span().start,
        };
        at(offset, problem.to_string())
    })
}

/// A par as written: a whole number of moves from 1 to [`MAX_PAR`].
fn par_value(value: &toml::Value) -> Result<u32, String> {
    let found = match value {
        toml::Value::Integer(n) => match u32::try_from(*n) {
            Ok(par) if (1..=MAX_PAR).contains(&par) => return Ok(par),
            _ => n.to_string(),
        },
        toml::Value::Float(x) => x.to_string(),
        toml::Value::String(text) => format!("{text:?}"),
        other => format!("a {}", other.type_str()),
    };
    Err(format!(
        "expected a par: the number of moves the level takes, a whole number from 1 to {MAX_PAR}; found {found}"
    ))
}

/// Writes `level` in the level file format (the inverse of [`parse_level`]).
pub fn write_level(level: &Level) -> String {
    let board = level.board();
    let quoted = |text: &str| {
        let mut out = String::from('"');
        for ch in text.chars() {
            match ch {
                '"' => out.push_str("\\\""),
                '\\' => out.push_str("\\\\"),
                c if c.is_control() => out.push_str(&format!("\\u{:04X}", u32::from(c))),
                c => out.push(c),
            }
        }
        out.push('"');
        out
    };
    let palette: Vec<String> = level.palette().iter().map(|c| format!("\"{c}\"")).collect();
    let mut out =
        format!("name = {}\npar = {}\npalette = [{}]\n", quoted(level.name()), level.par(), palette.join(", "));
    if board.tiling() == Tiling::Squares {
        out.push_str("tiling = \"squares\"\n");
    }
    out.push_str("grid = \"\"\"\n");
    for row in board.cells().chunks(board.cols()) {
        out.extend(row.iter().map(|c| c.map_or('.', |c| char::from(b'0' + c))));
        out.push('\n');
    }
    out.push_str("\"\"\"\n");
    out
}

/// An error about a level file's `par` value, placed at that value (at the file's start if the
/// file has no readable `par`).
pub fn par_error(file: &str, source: &str, message: impl Into<String>) -> FileError {
    #[derive(Deserialize)]
    struct ParOnly {
        par: Spanned<toml::Value>,
    }
    let offset = toml::from_str::<ParOnly>(source).map_or(0, |p| p.par.span().start);
    FileError::at(file, source, offset, message)
}

/// Reads the grid into a board; errors carry a byte offset into `source`.
fn parse_grid(grid: &Spanned<String>, source: &str, tiling: Tiling, colours: usize) -> Result<Board, (usize, String)> {
    let text = grid.get_ref();
    let start = grid.span().start;
    // Where the text's bytes stand in the file; when escapes make that unknowable, the value's start.
    let origin = content_origin(source, grid.span(), text);
    let place = |i: usize| origin.map_or(start, |o| o + i);

    let mut lines: Vec<(usize, &str)> = Vec::new();
    let mut offset = 0;
    for raw in text.split('\n') {
        let trimmed = raw.trim_start();
        lines.push((offset + raw.len() - trimmed.len(), trimmed.trim_end()));
        offset += raw.len() + 1;
    }
    let first =
        lines.iter().position(|(_, l)| !l.is_empty()).ok_or((start, "expected grid rows, found none".into()))?;
    let last = lines.iter().rposition(|(_, l)| !l.is_empty()).unwrap_or(first);
    let rows = &lines[first..=last];
    if rows.len() > MAX_SIDE {
        return Err((place(rows[MAX_SIDE].0), format!("expected at most {MAX_SIDE} rows")));
    }
    let width = rows[0].1.chars().count();
    // Checked before anything is reserved for the cells: a first row of a million characters
    // must not cost rows × a million cells.
    if width > MAX_SIDE {
        return Err((place(rows[0].0), format!("expected at most {MAX_SIDE} tiles in a row, found {width}")));
    }
    let mut cells = Vec::with_capacity(rows.len() * width);
    for &(line_start, line) in rows {
        if line.is_empty() {
            return Err((place(line_start), "expected a grid row, found a blank line".into()));
        }
        let found = line.chars().count();
        if found != width {
            return Err((
                place(line_start),
                format!("expected {width} tiles in every row like the first, found {found}"),
            ));
        }
        for (i, ch) in line.char_indices() {
            let cell = match ch {
                '.' => None,
                '0'..='9' if usize::from(ch as u8 - b'0') < colours => Some(ch as u8 - b'0'),
                _ => {
                    let expected = format!("a palette index 0–{} or '.' for a hole", colours - 1);
                    return Err((place(line_start + i), format!("expected {expected}, found {ch:?}")));
                }
            };
            cells.push(cell);
        }
    }
    Board::new(tiling, rows.len(), width, cells, colours).map_err(|e| (start, e.to_string()))
}

/// The byte offset in `source` of the first byte of a string value's text, when the text stands
/// in the file verbatim (no escapes); TOML drops a newline right after an opening `"""`.
fn content_origin(source: &str, span: Range<usize>, text: &str) -> Option<usize> {
    let raw = source.get(span.clone())?;
    let quote = ["\"\"\"", "'''", "\"", "'"].into_iter().find(|q| raw.starts_with(q) && raw.ends_with(q))?;
    let mut body = raw.get(quote.len()..raw.len() - quote.len())?;
    let mut origin = span.start + quote.len();
    if quote.len() == 3 {
        for newline in ["\r\n", "\n"] {
            if let Some(rest) = body.strip_prefix(newline) {
                body = rest;
                origin += newline.len();
                break;
            }
        }
    }
    (body == text).then_some(origin)
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = r##"name = "First light"
par = 3
palette = ["#E4572E", "#F3A712", "#29335C"]
grid = """
0011.
0121.
"""
"##;

    fn error(source: &str) -> FileError {
        parse_level("t", "t.toml", source).unwrap_err()
    }

    #[test]
    fn reads_a_level() {
        let level = parse_level("pack/first", "first.toml", GOOD).unwrap();
        assert_eq!(level.name(), "First light");
        assert_eq!(level.par(), 3);
        assert_eq!(level.palette().len(), 3);
        let b = level.board();
        assert_eq!((b.tiling(), b.rows(), b.cols()), (Tiling::Triangles, 2, 5));
        assert_eq!(b.cells()[..5], [Some(0), Some(0), Some(1), Some(1), None]);
        assert_eq!(b.cells()[5..], [Some(0), Some(1), Some(2), Some(1), None]);
    }

    #[test]
    fn reads_squares_and_indented_rows() {
        let source = "name = \"s\"\npar = 1\npalette = [\"#000000\", \"#FFFFFF\"]\ntiling = \"squares\"\n\
                      grid = '''\n    01\n    11\n'''\n";
        let level = parse_level("s", "s.toml", source).unwrap();
        assert_eq!(level.board().tiling(), Tiling::Squares);
        assert_eq!(level.board().cells(), &[Some(0), Some(1), Some(1), Some(1)]);
    }

    #[test]
    fn grid_errors_point_at_the_character() {
        let e = error(&GOOD.replace("0121.", "01x1."));
        assert_eq!((e.line, e.column), (6, 3));
        assert!(e.message.contains("found 'x'"), "{}", e.message);
        let e = error(&GOOD.replace("0121.", "0131."));
        assert_eq!((e.line, e.column), (6, 3));
        assert!(e.message.contains("0–2"), "{}", e.message);
        let e = error(&GOOD.replace("0121.", "  0121"));
        assert_eq!(
            (e.line, e.column, e.message.as_str()),
            (6, 3, "expected 5 tiles in every row like the first, found 4")
        );
        let e = error(&GOOD.replace("0121.", "\n0121."));
        assert_eq!((e.line, e.column), (6, 1));
        assert!(e.message.contains("blank line"));
    }

    #[test]
    fn field_errors_point_at_the_value() {
        let e = error(&GOOD.replace("\"#F3A712\"", "\"orange\""));
        assert_eq!((e.line, e.column), (3, 23));
        for (par, found) in [("0", "0"), ("-3", "-3"), ("2.5", "2.5"), ("\"three\"", "\"three\""), ("99999", "99999")] {
            let e = error(&GOOD.replace("par = 3", &format!("par = {par}")));
            let message = format!(
                "expected a par: the number of moves the level takes, a whole number from 1 to {MAX_PAR}; found {found}"
            );
            assert_eq!((e.line, e.column, e.message), (2, 7, message), "{par}");
        }
        let e = error(&GOOD.replace("grid", "tiling = \"hexagons\"\ngrid"));
        assert_eq!((e.line, e.column), (4, 10));
        let e = error(&GOOD.replace(", \"#29335C\"", ""));
        assert_eq!(e.line, 6);
        assert!(e.message.contains("palette has 2 colours") || e.message.contains("0–1"), "{}", e.message);
        let e = error(&GOOD.replace("[\"#E4572E\", \"#F3A712\", \"#29335C\"]", "[\"#E4572E\"]"));
        assert_eq!((e.line, e.column), (3, 11));
        assert_eq!(e.message, "expected 2 to 6 palette colours, found 1");
    }

    #[test]
    fn toml_errors_carry_positions() {
        let e = error("name = \"x\"\npar = 3\npalette = [\n");
        assert_eq!(e.file, "t.toml");
        assert!(e.line >= 3, "{e}");
        let e = error(&GOOD.replace("par = 3", "par = 3\ncolour = 1"));
        assert_eq!((e.line, e.column), (3, 1));
        assert!(e.message.contains("colour"), "{}", e.message);
        let e = error(&GOOD.replace("par = 3\n", ""));
        assert!(e.message.contains("par"), "{}", e.message);
    }

    #[test]
    fn unplayable_boards_are_rejected() {
        let e = error(&GOOD.replace("0011.\n0121.", "000\n000"));
        assert_eq!((e.line, e.message.as_str()), (4, "the board is already one colour"));
        let e = error(&GOOD.replace("0011.\n0121.", ""));
        assert!(e.message.contains("found none"));
        let wide = "0".repeat(65);
        assert!(error(&GOOD.replace("0011.\n0121.", &format!("{wide}\n{wide}"))).message.contains("at most 64"));
        // A first row far too long is refused at that row, before its cells are read.
        let e = error(&GOOD.replace("0011.", &"0".repeat(1_000_000)));
        assert_eq!((e.line, e.column), (5, 1));
        assert_eq!(e.message, "expected at most 64 tiles in a row, found 1000000");
    }

    #[test]
    fn written_levels_read_back_the_same() {
        let level = parse_level("a", "a.toml", GOOD).unwrap();
        assert_eq!(parse_level("a", "b.toml", &write_level(&level)), Ok(level));
        let odd =
            GOOD.replace("First light", "Quote \\\" and \\\\ and tab\\t").replace("grid", "tiling = \"squares\"\ngrid");
        let level = parse_level("a", "a.toml", &odd).unwrap();
        assert_eq!(level.name(), "Quote \" and \\ and tab\t");
        assert_eq!(parse_level("a", "b.toml", &write_level(&level)), Ok(level));
    }

    #[test]
    fn par_errors_point_at_the_par() {
        let e = par_error("t.toml", GOOD, "par 3 is not the optimum 2");
        assert_eq!(e.to_string(), "t.toml:2:7: par 3 is not the optimum 2");
    }

    #[test]
    fn display_is_file_line_column_message() {
        let e = FileError::at("a.toml", "ab\ncé\nx", 6, "bad");
        assert_eq!(e.to_string(), "a.toml:2:3: bad");
    }
}
