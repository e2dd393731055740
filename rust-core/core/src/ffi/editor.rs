//! The `Editor` object: a puzzle being drawn, with the live analysis of its par.

use super::collection::{PuzzleCollection, PuzzleEntry};
use super::error::{KamiError, to_u32};
use super::game::Game;
use super::puzzles::Symmetry;
use super::records::{BoardLayout, Rgb, Tiling};
use super::share::SharedPuzzle;
use crate::catalogue::Catalogue;
use crate::collection::Origin;
use crate::editor::{self, Analyser, Brush, EditError, Par, Verdict, analysis::Limits};
use crate::geometry::{Fit, Point};
use crate::level::{self, Level};
use crate::{board, legibility, solver};
use parking_lot::Mutex;
use std::sync::Arc;
use std::time::Duration;

/// What a paint tool puts down.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum EditorTool {
    /// A palette colour (painting a hole makes it a tile again).
    Paint { colour: u32 },
    /// A hole.
    Hole,
}

/// Everything a shell draws of the drawing at one moment.
#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct EditorSnapshot {
    /// Changes with every edit, undo and redo; analyses carry the version they are for.
    pub version: u64,
    /// The palette.
    pub palette: Vec<Rgb>,
    /// Each cell's palette index, row by row; `None` is a hole.
    pub tiles: Vec<Option<u32>>,
    /// Board rows.
    pub rows: u32,
    /// Board columns.
    pub cols: u32,
    /// Tile shape.
    pub tiling: Tiling,
    /// The mirror painting follows.
    pub mirror: Symmetry,
    /// The mirrors this board's size allows (on triangles it depends on rows and columns).
    pub mirrors_allowed: Vec<Symmetry>,
    /// Whether undo would do something.
    pub can_undo: bool,
    /// Whether redo would do something.
    pub can_redo: bool,
    /// Palette colours too alike to tell apart (or too close to a background), in words; empty
    /// for a clear palette. The palette is kept anyway.
    pub palette_warnings: Vec<String>,
}

/// The par as far as the analysis knows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum ParEstimate {
    /// Proven to be the fewest moves.
    Proven { par: u32 },
    /// Not proven yet: at least `lo`, at most `hi` moves.
    Bounds { lo: u32, hi: u32 },
}

/// A verdict on the drawing for the shell to put in words.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum EditorVerdict {
    /// The board is one colour: nothing to play.
    OneColour,
    /// Par is 1 or 2.
    Trivial,
    /// Most first moves keep par in reach: a picture, not a puzzle.
    Picture { keeping: u32, first_moves: u32 },
    /// A palette colour no tile uses.
    UnusedColour { colour: u32 },
}

/// One snapshot of the live analysis.
#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct EditorAnalysis {
    /// Counts snapshots: pass it to `Editor.analysis` to wait for the next one.
    pub serial: u64,
    /// The editor version it is for: show it only while `EditorSnapshot.version` is the same.
    pub version: u64,
    /// Connected same-colour areas.
    pub regions: u32,
    /// Palette colours some tile uses.
    pub colours_used: u32,
    /// The par, proven or bounded.
    pub par: ParEstimate,
    /// Difficulty from 1 to 10, once the par is proven.
    pub difficulty: Option<f64>,
    /// Different first moves, once the par is proven.
    pub first_moves: Option<u32>,
    /// First moves shown to keep par in reach, once the par is proven.
    pub promising_first_moves: Option<u32>,
    /// What the player should know.
    pub verdicts: Vec<EditorVerdict>,
    /// Whether the analysis of this version is finished (nothing more comes until an edit).
    pub done: bool,
}

/// A curated palette: six colours clearly apart; a puzzle of n colours takes the first n.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct CuratedPalette {
    /// Its name.
    pub name: String,
    /// Its colours.
    pub colours: Vec<Rgb>,
}

/// The curated palettes, each passing the colour-distance rule of `kami check`.
#[uniffi::export]
pub fn curated_palettes() -> Vec<CuratedPalette> {
    editor::CURATED
        .iter()
        .map(|p| CuratedPalette { name: p.name.to_string(), colours: p.colours.iter().map(|&c| c.into()).collect() })
        .collect()
}

/// A puzzle being drawn: send edits, pull snapshots to draw, and wait for the analysis on a
/// background thread with [`Editor::analysis`]. Safe to use from any thread.
#[derive(uniffi::Object)]
pub struct Editor {
    inner: Mutex<editor::Editor>,
    analyser: Analyser,
}

#[uniffi::export]
impl Editor {
    /// A blank board of `rows × cols` (the KAMI 2 board is 29 × 10 triangles), all colour 1 of
    /// `palette` (2 to 6 colours).
    #[uniffi::constructor]
    pub fn blank(tiling: Tiling, rows: u32, cols: u32, palette: Vec<Rgb>) -> Result<Arc<Editor>, KamiError> {
        let size = |n: u32| usize::try_from(n).unwrap_or(usize::MAX);
        let tiling = match tiling {
            Tiling::Triangles => board::Tiling::Triangles,
            Tiling::Squares => board::Tiling::Squares,
        };
        Ok(Editor::wrap(editor::Editor::blank(tiling, size(rows), size(cols), domain_palette(palette))?))
    }

    /// The board and palette of a shipped level, to change.
    #[uniffi::constructor]
    pub fn from_level(level_id: String) -> Result<Arc<Editor>, KamiError> {
        let level = Catalogue::shipped().level(&level_id).ok_or(KamiError::UnknownLevel { id: level_id })?;
        Ok(Editor::for_level(level))
    }

    /// The board and palette of one of the player's puzzles, to change (saved as a new puzzle).
    #[uniffi::constructor]
    pub fn from_puzzle(collection: Arc<PuzzleCollection>, id: String) -> Result<Arc<Editor>, KamiError> {
        Ok(Editor::for_level(&*collection.level(&id)?))
    }

    /// The board and palette of a puzzle opened from a share code, to change.
    #[uniffi::constructor]
    pub fn from_shared(shared: Arc<SharedPuzzle>) -> Arc<Editor> {
        Editor::for_level(shared.level())
    }

    /// The drawing as it stands.
    pub fn snapshot(&self) -> EditorSnapshot {
        snapshot(&self.inner.lock())
    }

    /// Every cell's outline for a `width × height` viewport, holes included (draw them as the
    /// background, with an outline, so they can be painted over). Cache it until the viewport
    /// changes: edits never change the board's size.
    pub fn layout(&self, width: f64, height: f64) -> Result<BoardLayout, KamiError> {
        let grid = editor::grid(self.inner.lock().board());
        let fit = Fit::new(&grid, width, height).ok_or(KamiError::InvalidViewport { width, height })?;
        Ok(BoardLayout::new(&fit, &grid))
    }

    /// The cell (tile or hole) under point `(x, y)` of a `width × height` viewport.
    pub fn tile_at(&self, width: f64, height: f64, x: f64, y: f64) -> Result<Option<u32>, KamiError> {
        let grid = editor::grid(self.inner.lock().board());
        let fit = Fit::new(&grid, width, height).ok_or(KamiError::InvalidViewport { width, height })?;
        Ok(fit.tile_at(&grid, Point { x, y }).map(to_u32))
    }

    /// Paints one cell (and its mirror image) with `tool`.
    pub fn paint(&self, tile: u32, tool: EditorTool) -> Result<EditorSnapshot, KamiError> {
        self.edit(|e| e.paint(tile as usize, brush(tool)?).map(drop))
    }

    /// Recolours the region of `tile` (and of its mirror image) to `colour`, as a move would.
    pub fn fill(&self, tile: u32, colour: u32) -> Result<EditorSnapshot, KamiError> {
        self.edit(|e| e.fill(tile as usize, palette_index(colour)?).map(drop))
    }

    /// Makes every cell, holes included, `colour`.
    pub fn clear(&self, colour: u32) -> Result<EditorSnapshot, KamiError> {
        self.edit(|e| e.clear(palette_index(colour)?).map(drop))
    }

    /// Paints with `mirror` from now on (`MirrorDoesNotFit` where the board's size does not allow it).
    pub fn set_mirror(&self, mirror: Symmetry) -> Result<EditorSnapshot, KamiError> {
        self.edit(|e| e.set_mirror(mirror.into()))
    }

    /// Starts a drag with `tool`; then [`Editor::stroke_to`] for each point, and
    /// [`Editor::end_stroke`]. The whole drag is one undo step.
    pub fn begin_stroke(&self, tool: EditorTool) -> Result<(), KamiError> {
        let mut editor = self.inner.lock();
        Ok(editor.begin_stroke(brush(tool)?)?)
    }

    /// Drags to `(x, y)` of a `width × height` viewport: paints every cell from the last point
    /// to this one, however far apart.
    pub fn stroke_to(&self, width: f64, height: f64, x: f64, y: f64) -> Result<EditorSnapshot, KamiError> {
        // Edits never change the board's size, so the fit stays right while the lock is let go.
        let grid = editor::grid(self.inner.lock().board());
        let fit = Fit::new(&grid, width, height).ok_or(KamiError::InvalidViewport { width, height })?;
        self.edit(|e| e.stroke_to(&fit, Point { x, y }).map(drop))
    }

    /// Ends the drag.
    pub fn end_stroke(&self) {
        self.inner.lock().end_stroke();
    }

    /// Replaces palette colour `colour` by `rgb`.
    pub fn set_colour(&self, colour: u32, rgb: Rgb) -> Result<EditorSnapshot, KamiError> {
        self.edit(|e| e.set_colour(palette_index(colour)?, rgb.into()).map(drop))
    }

    /// Adds `rgb` to the palette (at most 6 colours).
    pub fn add_colour(&self, rgb: Rgb) -> Result<EditorSnapshot, KamiError> {
        self.edit(|e| e.add_colour(rgb.into()).map(drop))
    }

    /// Removes palette colour `colour`; its tiles take colour `into` (numbered as before).
    pub fn remove_colour(&self, colour: u32, into: u32) -> Result<EditorSnapshot, KamiError> {
        self.edit(|e| e.remove_colour(palette_index(colour)?, palette_index(into)?).map(drop))
    }

    /// Replaces the palette (2 to 6 colours); tiles of colours it lacks take its last colour.
    pub fn set_palette(&self, palette: Vec<Rgb>) -> Result<EditorSnapshot, KamiError> {
        self.edit(|e| e.set_palette(domain_palette(palette)).map(drop))
    }

    /// Takes back the last edit.
    pub fn undo(&self) -> Result<EditorSnapshot, KamiError> {
        self.edit(editor::Editor::undo)
    }

    /// Replays the last undone edit.
    pub fn redo(&self) -> Result<EditorSnapshot, KamiError> {
        self.edit(editor::Editor::redo)
    }

    /// Waits up to `timeout_ms` for an analysis snapshot of the current drawing newer than
    /// serial `after` (0 for any) and returns it, or `None` on timeout. Call it in a loop on a
    /// background thread, passing the last serial seen; edits meanwhile are fine (their
    /// snapshots come next).
    pub fn analysis(&self, after: u64, timeout_ms: u32) -> Option<EditorAnalysis> {
        self.analyser.wait(after, Duration::from_millis(timeout_ms.into())).map(EditorAnalysis::from)
    }

    /// The latest analysis snapshot of the current drawing, if any yet.
    pub fn latest_analysis(&self) -> Option<EditorAnalysis> {
        self.analyser.latest().map(EditorAnalysis::from)
    }

    /// A fresh game of the drawing named `name`, with the proven par or, before it is proven,
    /// the best line known (`BoardOneColour` if there is nothing to play).
    pub fn play(&self, name: String) -> Result<Arc<Game>, KamiError> {
        let (level, _) = self.to_level("made/draft".into(), name)?;
        Ok(Game::from_level(Arc::new(level)))
    }

    /// Keeps the drawing in `collection` as a new puzzle made here, named `name`, with the par
    /// as in [`Editor::play`] (marked proven if it is).
    pub fn save_to(&self, collection: Arc<PuzzleCollection>, name: String) -> Result<PuzzleEntry, KamiError> {
        let (level, proven) = self.to_level(String::new(), name.clone())?;
        collection.add_level(&level, &name, Origin::Made, proven)
    }
}

impl Editor {
    /// An editor over `level`'s board and palette: what a shipped level, an imported board or a
    /// share code opens into.
    pub fn for_level(level: &Level) -> Arc<Editor> {
        Editor::wrap(editor::Editor::from_level(level))
    }

    fn wrap(inner: editor::Editor) -> Arc<Editor> {
        let analyser = Analyser::new(Limits::default());
        analyser.submit(inner.board().clone(), inner.palette().len(), inner.version());
        Arc::new(Editor { inner: Mutex::new(inner), analyser })
    }

    /// Runs `edit` and, if the drawing changed, hands it to the analysis.
    fn edit(
        &self,
        edit: impl FnOnce(&mut editor::Editor) -> Result<(), EditError>,
    ) -> Result<EditorSnapshot, KamiError> {
        let mut editor = self.inner.lock();
        let version = editor.version();
        edit(&mut editor)?;
        if editor.version() != version {
            self.analyser.submit(editor.board().clone(), editor.palette().len(), editor.version());
        }
        Ok(snapshot(&editor))
    }

    /// The drawing as a level `id` named `name` with the best par known, and whether that par is
    /// proven (for Rust callers: a share code of the drawing, say).
    pub fn to_level(&self, id: String, name: String) -> Result<(Level, bool), KamiError> {
        let editor = self.inner.lock();
        let known = self.analyser.latest().map(|(_, a)| a).filter(|a| a.version == editor.version());
        let par = match known.map(|a| a.par) {
            Some(par) => par,
            None => {
                let first = solver::first_answer(editor.board(), editor.palette().len());
                let hi = first.moves.len() as u32;
                if first.lower_bound >= hi { Par::Proven(hi) } else { Par::Bounds { lo: first.lower_bound, hi } }
            }
        };
        let proven = matches!(par, Par::Proven(_));
        if par.best() == 0 {
            return Err(KamiError::BoardOneColour);
        }
        let level = editor.to_level(id, name, par.best()).map_err(|e| match e {
            level::LevelProblem::AlreadySolved => KamiError::BoardOneColour,
            other => super::collection::level_problem(other),
        })?;
        Ok((level, proven))
    }
}

fn snapshot(e: &editor::Editor) -> EditorSnapshot {
    let board = e.board();
    let mirrors = [Symmetry::None, Symmetry::LeftRight, Symmetry::TopBottom, Symmetry::Rotational];
    let allowed = mirrors
        .into_iter()
        .filter(|&m| board::Symmetry::from(m).fits(board.tiling(), board.rows(), board.cols()))
        .collect();
    EditorSnapshot {
        version: e.version(),
        palette: e.palette().iter().map(|&c| c.into()).collect(),
        tiles: board.cells().iter().map(|c| c.map(u32::from)).collect(),
        rows: to_u32(board.rows()),
        cols: to_u32(board.cols()),
        tiling: board.tiling().into(),
        mirror: e.mirror().into(),
        mirrors_allowed: allowed,
        can_undo: e.can_undo(),
        can_redo: e.can_redo(),
        palette_warnings: editor::check_palette(e.palette())
            .iter()
            .map(|c| legibility::describe(c, e.palette()))
            .collect(),
    }
}

fn brush(tool: EditorTool) -> Result<Brush, EditError> {
    match tool {
        EditorTool::Paint { colour } => Ok(Brush::Colour(palette_index(colour)?)),
        EditorTool::Hole => Ok(Brush::Hole),
    }
}

/// A palette index from a shell: beyond any palette if it does not fit a byte.
fn palette_index(colour: u32) -> Result<board::Colour, EditError> {
    board::Colour::try_from(colour)
        .map_err(|_| EditError::ColourOutOfRange { colour: colour as usize, colours: board::MAX_COLOURS })
}

fn domain_palette(palette: Vec<Rgb>) -> Vec<level::Rgb> {
    palette.into_iter().map(level::Rgb::from).collect()
}

impl From<Rgb> for level::Rgb {
    fn from(c: Rgb) -> level::Rgb {
        level::Rgb { red: c.red, green: c.green, blue: c.blue }
    }
}

impl From<Symmetry> for board::Symmetry {
    fn from(s: Symmetry) -> board::Symmetry {
        match s {
            Symmetry::None => board::Symmetry::None,
            Symmetry::LeftRight => board::Symmetry::LeftRight,
            Symmetry::TopBottom => board::Symmetry::TopBottom,
            Symmetry::Rotational => board::Symmetry::Rotational,
        }
    }
}

impl From<board::Symmetry> for Symmetry {
    fn from(s: board::Symmetry) -> Symmetry {
        match s {
            board::Symmetry::None => Symmetry::None,
            board::Symmetry::LeftRight => Symmetry::LeftRight,
            board::Symmetry::TopBottom => Symmetry::TopBottom,
            board::Symmetry::Rotational => Symmetry::Rotational,
        }
    }
}

impl From<(u64, editor::Analysis)> for EditorAnalysis {
    fn from((serial, a): (u64, editor::Analysis)) -> EditorAnalysis {
        EditorAnalysis {
            serial,
            version: a.version,
            regions: to_u32(a.regions),
            colours_used: to_u32(a.colours_used),
            par: match a.par {
                Par::Proven(par) => ParEstimate::Proven { par },
                Par::Bounds { lo, hi } => ParEstimate::Bounds { lo, hi },
            },
            difficulty: a.rating.as_ref().map(|r| r.difficulty),
            first_moves: a.rating.as_ref().map(|r| r.first_moves),
            promising_first_moves: a.rating.as_ref().map(|r| r.promising_first_moves),
            verdicts: a
                .verdicts
                .iter()
                .map(|v| match *v {
                    Verdict::OneColour => EditorVerdict::OneColour,
                    Verdict::Trivial => EditorVerdict::Trivial,
                    Verdict::Picture { keeping, first_moves } => EditorVerdict::Picture { keeping, first_moves },
                    Verdict::UnusedColour(c) => EditorVerdict::UnusedColour { colour: c.into() },
                })
                .collect(),
            done: a.done,
        }
    }
}

impl From<EditError> for KamiError {
    fn from(e: EditError) -> KamiError {
        match e {
            EditError::TileOutOfRange { tile, tiles } => {
                KamiError::TileOutOfRange { tile: to_u32(tile), tiles: to_u32(tiles) }
            }
            EditError::ColourOutOfRange { colour, colours } => {
                KamiError::ColourOutOfRange { colour: to_u32(colour), colours: to_u32(colours) }
            }
            EditError::PaletteSize { colours } => KamiError::PaletteSize {
                colours: to_u32(colours),
                min: to_u32(level::MIN_COLOURS),
                max: to_u32(board::MAX_COLOURS),
            },
            EditError::NoTilesLeft => KamiError::NoTilesLeft,
            EditError::MirrorDoesNotFit { rows, cols, .. } => {
                KamiError::MirrorDoesNotFit { rows: to_u32(rows), cols: to_u32(cols) }
            }
            EditError::Hole { tile } => KamiError::Hole { tile: to_u32(tile) },
            EditError::NothingToUndo => KamiError::NothingToUndo,
            EditError::NothingToRedo => KamiError::NothingToRedo,
            EditError::Board(e) => KamiError::InvalidBoardSize { reason: e.to_string() },
        }
    }
}
