//! The puzzle editor: a board and its palette that the player paints, with undo and redo, and a
//! live analysis of the drawing (see [`analysis`] and [`Analyser`]).
//!
//! Every edit goes through [`Board::new`], so the drawing is always a valid board: out-of-range
//! tiles or colours, or an edit that would leave no tile, are refused with an [`EditError`] and
//! change nothing.
//!
//! # Map
//! - `palette.rs`: curated palettes and the checks on a palette (size, colours too alike).
//! - `stroke.rs`: the tiles a drag passes over, from the points the shell sends.
//! - `analysis.rs`: what the solver says about a drawing, in snapshots.
//! - `worker.rs`: the analysis on a thread of its own, cancelled by the next edit.

pub mod analysis;
mod palette;
mod stroke;
mod worker;

pub use analysis::{Analysis, Par, Verdict, analyse};
pub use palette::{CURATED, CuratedPalette, check_palette};
pub use stroke::grid;
pub use worker::Analyser;

use crate::board::{Board, BoardError, Colour, MAX_COLOURS, Symmetry, Tiling};
use crate::geometry::{Fit, Point};
use crate::level::{Level, LevelProblem, MIN_COLOURS, Rgb};
use std::fmt;

/// Most edits kept for undo: a 29 × 10 drawing costs a few hundred bytes an edit.
pub const MAX_UNDO: usize = 500;

/// Why an edit was refused; the drawing is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EditError {
    /// The tile is not on the board.
    TileOutOfRange { tile: usize, tiles: usize },
    /// The colour is not in the palette.
    ColourOutOfRange { colour: usize, colours: usize },
    /// A palette must hold 2 to 6 colours.
    PaletteSize { colours: usize },
    /// The edit would leave no tile, only holes.
    NoTilesLeft,
    /// The mirror does not map this board's grid onto itself (on triangles it depends on the size).
    MirrorDoesNotFit { symmetry: Symmetry, rows: usize, cols: usize },
    /// Filling a hole: a hole has no region.
    Hole { tile: usize },
    /// No edit to undo.
    NothingToUndo,
    /// No undone edit to redo.
    NothingToRedo,
    /// The size is not one a board can have.
    Board(BoardError),
}

impl fmt::Display for EditError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EditError::TileOutOfRange { tile, tiles } => write!(f, "tile {tile} is not on the board ({tiles} tiles)"),
            EditError::ColourOutOfRange { colour, colours } => {
                write!(f, "colour {colour} is not in the palette ({colours} colours)")
            }
            EditError::PaletteSize { colours } => {
                write!(f, "a palette holds {MIN_COLOURS} to {MAX_COLOURS} colours, not {colours}")
            }
            EditError::NoTilesLeft => write!(f, "a board needs at least one tile"),
            EditError::MirrorDoesNotFit { symmetry, rows, cols } => {
                write!(f, "the mirror {symmetry:?} does not fit a board of {rows} × {cols} triangles")
            }
            EditError::Hole { tile } => write!(f, "tile {tile} is a hole"),
            EditError::NothingToUndo => write!(f, "nothing to undo"),
            EditError::NothingToRedo => write!(f, "nothing to redo"),
            EditError::Board(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for EditError {}

/// What a paint tool puts on the tiles it touches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Brush {
    /// A palette colour (a hole painted over becomes a tile again).
    Colour(Colour),
    /// A hole.
    Hole,
}

/// A drawing at one moment: what undo goes back to.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Drawing {
    board: Board,
    palette: Vec<Rgb>,
}

/// A drawing being edited: board, palette, mirror, undo and redo, and a version that every change
/// bumps (analyses carry it, so a stale one is easy to tell).
#[derive(Clone, Debug)]
pub struct Editor {
    now: Drawing,
    undo: Vec<Drawing>,
    redo: Vec<Drawing>,
    mirror: Symmetry,
    /// Whether a stroke is open: its edits join the undo step it began with.
    stroke: Option<Stroke>,
    version: u64,
}

/// A drag in progress: what it paints and the last point it reached.
#[derive(Clone, Copy, Debug)]
struct Stroke {
    brush: Brush,
    last: Option<Point>,
    /// Whether the stroke's undo step is recorded already.
    recorded: bool,
}

impl Editor {
    /// An editor over `board` drawn in `palette` (2 to 6 colours, covering the board's colours).
    pub fn new(board: Board, palette: Vec<Rgb>) -> Result<Editor, EditError> {
        check_palette_size(palette.len())?;
        let board = Board::new(board.tiling(), board.rows(), board.cols(), board.cells().to_vec(), palette.len())
            .map_err(colour_error)?;
        Ok(Editor {
            now: Drawing { board, palette },
            undo: Vec::new(),
            redo: Vec::new(),
            mirror: Symmetry::None,
            stroke: None,
            version: 0,
        })
    }

    /// A blank `rows × cols` board of `tiling`, every tile colour 0 of `palette`.
    pub fn blank(tiling: Tiling, rows: usize, cols: usize, palette: Vec<Rgb>) -> Result<Editor, EditError> {
        let cells = vec![Some(0); rows.saturating_mul(cols).min(1 << 20)];
        let board = Board::new(tiling, rows, cols, cells, MAX_COLOURS).map_err(EditError::Board)?;
        Editor::new(board, palette)
    }

    /// An editor over a level's board and palette (a shipped level, an imported or shared one).
    pub fn from_level(level: &Level) -> Editor {
        // A level's board and palette are valid by construction.
        let now = Drawing { board: level.board().clone(), palette: level.palette().to_vec() };
        Editor { now, undo: Vec::new(), redo: Vec::new(), mirror: Symmetry::None, stroke: None, version: 0 }
    }

    /// The board as drawn.
    pub fn board(&self) -> &Board {
        &self.now.board
    }

    /// The palette.
    pub fn palette(&self) -> &[Rgb] {
        &self.now.palette
    }

    /// Bumped by every change (undo and redo included); unchanged by refused or empty edits.
    pub fn version(&self) -> u64 {
        self.version
    }

    /// The mirror painting follows.
    pub fn mirror(&self) -> Symmetry {
        self.mirror
    }

    /// Whether undo would do something.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// Whether redo would do something.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Paints from now on with `mirror` too (on triangles only the mirrors that fit the size).
    pub fn set_mirror(&mut self, mirror: Symmetry) -> Result<(), EditError> {
        let b = &self.now.board;
        if !mirror.fits(b.tiling(), b.rows(), b.cols()) {
            return Err(EditError::MirrorDoesNotFit { symmetry: mirror, rows: b.rows(), cols: b.cols() });
        }
        self.mirror = mirror;
        Ok(())
    }

    /// Paints `tile` (and its mirror image) with `brush`; returns whether anything changed.
    pub fn paint(&mut self, tile: usize, brush: Brush) -> Result<bool, EditError> {
        self.check_brush(brush)?;
        self.check_tile(tile)?;
        let tiles = self.with_image(tile);
        self.edit(|cells, _| {
            for t in tiles {
                cells[t] = brush_cell(brush);
            }
        })
    }

    /// Recolours the region of `tile` (and of its mirror image) to `colour`: a move of the game.
    pub fn fill(&mut self, tile: usize, colour: Colour) -> Result<bool, EditError> {
        self.check_brush(Brush::Colour(colour))?;
        self.check_tile(tile)?;
        if self.now.board.colour(tile).is_none() {
            return Err(EditError::Hole { tile });
        }
        let board = &self.now.board;
        let tiles: Vec<usize> =
            self.with_image(tile).into_iter().flat_map(|t| board.region_rings(t)).map(|(t, _)| t).collect();
        self.edit(|cells, _| {
            for t in tiles {
                cells[t] = Some(colour);
            }
        })
    }

    /// Makes every cell, holes included, `colour`: a blank board.
    pub fn clear(&mut self, colour: Colour) -> Result<bool, EditError> {
        self.check_brush(Brush::Colour(colour))?;
        self.edit(|cells, _| cells.iter_mut().for_each(|c| *c = Some(colour)))
    }

    /// Replaces palette colour `colour` by `rgb` (the tiles keep their index).
    pub fn set_colour(&mut self, colour: Colour, rgb: Rgb) -> Result<bool, EditError> {
        self.check_brush(Brush::Colour(colour))?;
        self.edit(|_, palette| palette[usize::from(colour)] = rgb)
    }

    /// Adds `rgb` at the end of the palette; returns its index.
    pub fn add_colour(&mut self, rgb: Rgb) -> Result<Colour, EditError> {
        check_palette_size(self.now.palette.len() + 1)?;
        self.edit(|_, palette| palette.push(rgb))?;
        Ok((self.now.palette.len() - 1) as Colour)
    }

    /// Removes palette colour `colour`; its tiles take colour `into` (another palette colour,
    /// numbered as before the removal). The colours after it move down one place.
    pub fn remove_colour(&mut self, colour: Colour, into: Colour) -> Result<bool, EditError> {
        check_palette_size(self.now.palette.len() - 1)?;
        self.check_brush(Brush::Colour(colour))?;
        self.check_brush(Brush::Colour(into))?;
        if into == colour {
            return Err(EditError::ColourOutOfRange { colour: usize::from(into), colours: self.now.palette.len() - 1 });
        }
        let renumber = |c: Colour| {
            let c = if c == colour { into } else { c };
            if c > colour { c - 1 } else { c }
        };
        self.edit(|cells, palette| {
            palette.remove(usize::from(colour));
            cells.iter_mut().flatten().for_each(|c| *c = renumber(*c));
        })
    }

    /// Replaces the whole palette by a curated or custom one of 2 to 6 colours; tiles of colours
    /// it no longer has take its last colour.
    pub fn set_palette(&mut self, palette: Vec<Rgb>) -> Result<bool, EditError> {
        check_palette_size(palette.len())?;
        let last = (palette.len() - 1) as Colour;
        self.edit(|cells, old| {
            cells.iter_mut().flatten().for_each(|c| *c = (*c).min(last));
            *old = palette;
        })
    }

    /// Starts a drag with `brush`: the edits until [`Editor::end_stroke`] are one undo step.
    pub fn begin_stroke(&mut self, brush: Brush) -> Result<(), EditError> {
        self.check_brush(brush)?;
        self.stroke = Some(Stroke { brush, last: None, recorded: false });
        Ok(())
    }

    /// Drags to viewport point `to` of `fit`: paints every tile on the way from the last point
    /// (with no gap, however fast the drag), or the tile under `to` for the stroke's first point.
    /// Points off the board paint nothing but still count as the last point. Returns whether
    /// anything changed; without an open stroke, does nothing.
    pub fn stroke_to(&mut self, fit: &Fit, to: Point) -> Result<bool, EditError> {
        let Some(stroke) = self.stroke else { return Ok(false) };
        let tiles = stroke::tiles_between(fit, &self.now.board, stroke.last.unwrap_or(to), to);
        self.stroke = Some(Stroke { last: Some(to), ..stroke });
        let cells: Vec<usize> = tiles.into_iter().flat_map(|t| self.with_image(t)).collect();
        let brush = brush_cell(stroke.brush);
        self.commit(true, |all, _| cells.iter().for_each(|&t| all[t] = brush))
    }

    /// Ends the drag: the next edit is a new undo step.
    pub fn end_stroke(&mut self) {
        self.stroke = None;
    }

    /// Takes back the last edit (a whole stroke at once).
    pub fn undo(&mut self) -> Result<(), EditError> {
        let previous = self.undo.pop().ok_or(EditError::NothingToUndo)?;
        self.redo.push(std::mem::replace(&mut self.now, previous));
        self.changed_history();
        Ok(())
    }

    /// Replays the last undone edit.
    pub fn redo(&mut self) -> Result<(), EditError> {
        let next = self.redo.pop().ok_or(EditError::NothingToRedo)?;
        self.undo.push(std::mem::replace(&mut self.now, next));
        self.changed_history();
        Ok(())
    }

    /// The drawing as a level named `name` with `par`: fails where it is not playable (one
    /// colour, say).
    pub fn to_level(&self, id: String, name: String, par: u32) -> Result<Level, LevelProblem> {
        Level::new(id, name, par, self.now.palette.clone(), self.now.board.clone())
    }

    fn changed_history(&mut self) {
        self.stroke = self.stroke.map(|s| Stroke { recorded: false, ..s });
        self.version += 1;
        self.fit_mirror();
    }

    /// Drops a mirror the board no longer fits (it never changes size, but stay safe).
    fn fit_mirror(&mut self) {
        let b = &self.now.board;
        if !self.mirror.fits(b.tiling(), b.rows(), b.cols()) {
            self.mirror = Symmetry::None;
        }
    }

    /// `tile` and its image under the mirror.
    fn with_image(&self, tile: usize) -> Vec<usize> {
        let b = &self.now.board;
        let image = self.mirror.image(b.rows(), b.cols(), tile);
        if image == tile { vec![tile] } else { vec![tile, image] }
    }

    fn check_tile(&self, tile: usize) -> Result<(), EditError> {
        let tiles = self.now.board.len();
        if tile < tiles { Ok(()) } else { Err(EditError::TileOutOfRange { tile, tiles }) }
    }

    fn check_brush(&self, brush: Brush) -> Result<(), EditError> {
        let colours = self.now.palette.len();
        match brush {
            Brush::Colour(c) if usize::from(c) >= colours => {
                Err(EditError::ColourOutOfRange { colour: usize::from(c), colours })
            }
            _ => Ok(()),
        }
    }

    /// [`Editor::commit`] of an edit that is not part of a stroke.
    fn edit(&mut self, change: impl FnOnce(&mut Vec<Option<Colour>>, &mut Vec<Rgb>)) -> Result<bool, EditError> {
        self.commit(false, change)
    }

    /// Applies `change` to a copy of the cells and palette, keeps it if it is a valid board and
    /// differs, and records the step for undo: once per stroke for the edits of a stroke (`in_stroke`).
    /// Returns whether it changed.
    fn commit(
        &mut self,
        in_stroke: bool,
        change: impl FnOnce(&mut Vec<Option<Colour>>, &mut Vec<Rgb>),
    ) -> Result<bool, EditError> {
        let b = &self.now.board;
        let mut cells = b.cells().to_vec();
        let mut palette = self.now.palette.clone();
        change(&mut cells, &mut palette);
        let board = Board::new(b.tiling(), b.rows(), b.cols(), cells, palette.len()).map_err(colour_error)?;
        let next = Drawing { board, palette };
        if next == self.now {
            return Ok(false);
        }
        let previous = std::mem::replace(&mut self.now, next);
        let joins_stroke = in_stroke && self.stroke.is_some_and(|s| s.recorded);
        if let Some(stroke) = &mut self.stroke {
            // Another edit in the middle of a stroke: the stroke's next points are a new step.
            stroke.recorded = in_stroke;
        }
        if !joins_stroke {
            self.undo.push(previous);
            if self.undo.len() > MAX_UNDO {
                self.undo.remove(0);
            }
        }
        self.redo.clear();
        self.version += 1;
        Ok(true)
    }
}

/// The cell a brush leaves.
fn brush_cell(brush: Brush) -> Option<Colour> {
    match brush {
        Brush::Colour(c) => Some(c),
        Brush::Hole => None,
    }
}

fn check_palette_size(colours: usize) -> Result<(), EditError> {
    if (MIN_COLOURS..=MAX_COLOURS).contains(&colours) { Ok(()) } else { Err(EditError::PaletteSize { colours }) }
}

/// A board error from an edit, as an edit error.
fn colour_error(e: BoardError) -> EditError {
    match e {
        BoardError::NoTiles => EditError::NoTilesLeft,
        BoardError::Colour { colour, colours, .. } => {
            EditError::ColourOutOfRange { colour: usize::from(colour), colours }
        }
        other => EditError::Board(other),
    }
}

#[cfg(test)]
mod tests;
