//! Importing a puzzle from a screenshot of KAMI 2.
//!
//! [`import_screenshot`] decodes a PNG or JPEG ([`decode`]), finds the toolbar across the bottom
//! and its colour swatches, the palette ([`toolbar`]), the 29 × 10 triangle grid above it
//! ([`grid`]), reads each triangle as a swatch's colour or a hole ([`classify`]), and the par from
//! the move counter when it can ([`digits`]). Every step that is unsure fails with a typed
//! [`ImportError`] rather than return a board that may be wrong.

pub mod classify;
pub mod colour;
pub mod decode;
pub mod digits;
pub mod grid;
pub mod toolbar;

use crate::board::{Board, Tiling};
use crate::level::{Level, LevelProblem, Rgb};
use classify::Verdict;
use grid::{COLS, Grid, ROWS};
use std::fmt;
use toolbar::{Swatch, Toolbar};

/// Why a screenshot could not be imported.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ImportError {
    /// Not a PNG or JPEG, or a damaged or truncated one.
    Unreadable(String),
    /// Wider, taller or with more pixels than [`decode::MAX_SIDE_PIXELS`] and [`decode::MAX_PIXELS`].
    TooLarge { width: u32, height: u32 },
    /// Narrower than [`decode::MIN_WIDTH`] or shorter than [`decode::MIN_HEIGHT`].
    TooSmall { width: u32, height: u32 },
    /// No KAMI 2 board: no toolbar of swatches, no triangle grid, or a board cut off.
    NotABoard(String),
    /// Colours too alike to tell apart: two swatches, or a tile and the background.
    ColoursAlike(String),
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImportError::Unreadable(why) => write!(f, "cannot read the image: {why}"),
            ImportError::TooLarge { width, height } => write!(f, "the image is too large: {width} × {height} pixels"),
            ImportError::TooSmall { width, height } => {
                write!(f, "the image is too small to read a board from: {width} × {height} pixels")
            }
            ImportError::NotABoard(why) => write!(f, "not a KAMI 2 board: {why}"),
            ImportError::ColoursAlike(why) => write!(f, "colours too alike to tell apart: {why}"),
        }
    }
}

impl std::error::Error for ImportError {}

/// A board read from a screenshot.
#[derive(Clone, Debug)]
pub struct Imported {
    /// The 29 × 10 triangle board: at least two colours, holes where the background shows.
    pub board: Board,
    /// The swatches' colours, left to right.
    pub palette: Vec<Rgb>,
    /// The par shown on the move counter, when it could be read for sure.
    pub par: Option<u32>,
}

/// What an import found, as far as it got: for a debug picture, of a failure too.
#[derive(Clone, Debug, Default)]
pub struct Analysis {
    /// The toolbar and its swatches, once found.
    pub toolbar: Option<Toolbar>,
    /// The grid, once found.
    pub grid: Option<Grid>,
    /// Each triangle's verdict, row by row, once all are read.
    pub verdicts: Vec<Verdict>,
}

impl Imported {
    /// The level to play: `par` given by the player where the counter could not be read.
    pub fn level(&self, id: &str, name: &str, par: u32) -> Result<Level, LevelProblem> {
        Level::new(id.into(), name.into(), par, self.palette.clone(), self.board.clone())
    }
}

/// Reads a KAMI 2 screenshot (PNG or JPEG bytes) into a board, its palette and, when it can, its par.
pub fn import_screenshot(bytes: &[u8]) -> Result<Imported, ImportError> {
    analyse(bytes).0
}

/// [`import_screenshot`], with what it found on the way, also when it fails.
pub fn analyse(bytes: &[u8]) -> (Result<Imported, ImportError>, Analysis) {
    let mut analysis = Analysis::default();
    let result = read(bytes, &mut analysis);
    (result, analysis)
}

fn read(bytes: &[u8], analysis: &mut Analysis) -> Result<Imported, ImportError> {
    let picture = decode::decode(bytes)?;
    let toolbar = analysis.toolbar.insert(Toolbar::find(&picture)?);
    // Stay clear of the toolbar's edge, which JPEG blurs into the board.
    let bottom = toolbar.top.saturating_sub(2);
    let found = Grid::find(&picture, bottom).ok_or_else(|| ImportError::NotABoard("no triangle grid".into()))?;
    analysis.grid = Some(found);
    // The grid repeats every two rows, so which row is the first rests on the board being centred;
    // where tiles show just outside the board, it is not, and a shift by two rows either way is tried.
    let grid = [0.0, -1.0, 1.0]
        .into_iter()
        .map(|shift| Grid { top: found.top + shift * found.side, ..found })
        .find(|grid| !classify::tiles_outside(&picture, grid, bottom, &toolbar.swatches))
        .ok_or_else(|| ImportError::NotABoard("tiles show outside the 29 rows of the board".into()))?;
    analysis.grid = Some(grid);
    analysis.verdicts = classify::classify(&picture, &grid, bottom, &toolbar.swatches)?;
    let cells: Vec<Option<u8>> = analysis.verdicts.iter().map(|v| v.colour).collect();
    let colours = toolbar.swatches.len();
    let board =
        Board::new(Tiling::Triangles, ROWS, COLS, cells, colours).map_err(|e| ImportError::NotABoard(e.to_string()))?;
    if board.colour_counts().iter().filter(|&&n| n > 0).count() < 2 {
        return Err(ImportError::NotABoard("the board is one colour, nothing to play".into()));
    }
    let palette =
        toolbar.swatches.iter().map(|s: &Swatch| Rgb { red: s.rgb[0], green: s.rgb[1], blue: s.rgb[2] }).collect();
    let par = digits::read_par(&picture, toolbar);
    Ok(Imported { board, palette, par })
}
