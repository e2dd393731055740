//! The editor screen: the board (holes drawn too), the palette with the tool and mirror, the live
//! analysis, a message and the keys. Pure: tested without a terminal.

use super::words;
use crate::play::canvas::{Canvas, Style};
use crate::play::cursor::{self, Direction};
use crate::play::game_screen::shade;
use crate::play::input::Input;
use crate::play::look::{DEFAULT_THEME, Look};
use crate::play::raster::Raster;
use crate::play::swatches;
use crate::play::terminal::Screen;
use kami_core::board::{Colour, Symmetry};
use kami_core::editor::analysis::Limits;
use kami_core::editor::{Analyser, Analysis, Brush, CURATED, EditError, Editor, Par, grid};
use kami_core::geometry::{Fit, Point};
use kami_core::level::{Level, Rgb};
use kami_core::level_file::write_level;
use kami_core::share;
use kami_core::solver::first_answer;
use std::path::PathBuf;

/// Rows above the board: the title line.
const HEADER: u16 = 1;
/// Rows below the board: palette, analysis, message, keys.
const FOOTER: u16 = 4;
/// The mirrors `m` steps through.
const MIRRORS: [Symmetry; 4] = [Symmetry::None, Symmetry::LeftRight, Symmetry::TopBottom, Symmetry::Rotational];

/// What a click, a drag or space does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tool {
    /// Paints the tiles it touches in the chosen colour.
    Brush,
    /// Recolours a whole region, as a move would.
    Fill,
    /// Makes holes.
    Hole,
}

/// The editor in the terminal.
pub struct EditScreen {
    editor: Editor,
    analyser: Analyser,
    /// The latest analysis of the drawing on screen.
    analysis: Option<Analysis>,
    look: Look,
    colour: Colour,
    tool: Tool,
    cursor: usize,
    show_cursor: bool,
    message: Option<String>,
    name: String,
    out: PathBuf,
    /// Which curated palette `p` moves to next.
    next_palette: usize,
    quit: bool,
}

impl EditScreen {
    /// Edits `editor`'s drawing, saved as `name` to `out`.
    pub fn new(editor: Editor, name: String, out: PathBuf) -> EditScreen {
        let analyser = Analyser::new(Limits::default());
        analyser.submit(editor.board().clone(), editor.palette().len(), editor.version());
        EditScreen {
            cursor: cursor::first_tile(editor.board()),
            editor,
            analyser,
            analysis: None,
            look: Look::new(&DEFAULT_THEME),
            colour: 1,
            tool: Tool::Brush,
            show_cursor: false,
            message: None,
            name,
            out,
            next_palette: 1,
            quit: false,
        }
    }

    fn choose(&mut self, colour: usize) -> Result<(), String> {
        let colours = self.editor.palette().len();
        self.colour = Colour::try_from(colour)
            .ok()
            .filter(|&c| usize::from(c) < colours)
            .ok_or_else(|| format!("The palette has {colours} colours: keys 1 to {colours}."))?;
        if self.tool == Tool::Hole {
            self.tool = Tool::Brush;
        }
        Ok(())
    }

    fn pick(&mut self, tool: Tool) -> Result<(), String> {
        self.tool = tool;
        Ok(())
    }

    fn next_mirror(&mut self) -> Result<(), String> {
        let now = MIRRORS.iter().position(|&m| m == self.editor.mirror()).unwrap_or(0);
        // The next mirror that fits the board; None always does.
        let next = (1..=MIRRORS.len())
            .map(|i| MIRRORS[(now + i) % MIRRORS.len()])
            .find(|&m| self.editor.set_mirror(m).is_ok());
        debug_assert!(next.is_some());
        Ok(())
    }

    fn next_palette(&mut self) -> Result<(), String> {
        let curated = CURATED[self.next_palette % CURATED.len()];
        self.next_palette += 1;
        let colours = self.editor.palette().len();
        self.editor.set_palette(curated.colours[..colours].to_vec()).map(drop).map_err(describe)?;
        self.message = Some(format!("Palette: {}.", curated.name));
        Ok(())
    }

    fn add_colour(&mut self) -> Result<(), String> {
        let palette = self.editor.palette().to_vec();
        // A curated colour not in the palette yet, from the palette it most looks like.
        let fresh = CURATED.iter().flat_map(|p| p.colours).find(|c| !palette.contains(c)).unwrap_or(Rgb::default());
        self.colour = self.editor.add_colour(fresh).map_err(describe)?;
        Ok(())
    }

    fn remove_colour(&mut self) -> Result<(), String> {
        let into = if self.colour == 0 { 1 } else { 0 };
        self.editor.remove_colour(self.colour, into).map_err(describe)?;
        // The colour taking its tiles, numbered after the removal.
        let took = if into > self.colour { into - 1 } else { into };
        self.colour = took;
        self.message = Some(format!("Its tiles took colour {}.", took + 1));
        Ok(())
    }

    fn step(&mut self, direction: Direction) {
        if self.show_cursor {
            self.cursor = cursor::step(&grid(self.editor.board()), self.cursor, direction);
        }
        self.show_cursor = true;
    }

    /// The tool applied at `tile`.
    fn apply_at(&mut self, tile: usize) -> Result<(), String> {
        let done = match self.tool {
            Tool::Brush => self.editor.paint(tile, Brush::Colour(self.colour)),
            Tool::Hole => self.editor.paint(tile, Brush::Hole),
            Tool::Fill => self.editor.fill(tile, self.colour),
        };
        done.map(drop).map_err(describe)
    }

    /// The board's fit in the board area of a `width × height` screen, in pixels (two a cell),
    /// and the point at the centre of cell `(x, y)` if it is on the area.
    fn point(&self, x: u16, y: u16, width: u16, height: u16) -> Option<(Fit, Point)> {
        let area = board_area(width, height);
        let (dx, dy) = (x.checked_sub(area.0)?, y.checked_sub(HEADER)?);
        if dx >= area.2 || dy >= area.3 {
            return None;
        }
        let fit = Fit::new(&grid(self.editor.board()), f64::from(area.2), f64::from(2 * area.3))?;
        Some((fit, Point { x: f64::from(dx) + 0.5, y: 2.0 * f64::from(dy) + 1.0 }))
    }

    fn click(&mut self, x: u16, y: u16, width: u16, height: u16) -> Result<(), String> {
        if y == palette_row(height) {
            return swatches::at(x).map_or(Ok(()), |i| self.choose(i));
        }
        let Some((fit, p)) = self.point(x, y, width, height) else { return Ok(()) };
        self.show_cursor = false;
        let grid = grid(self.editor.board());
        if let Some(tile) = fit.tile_at(&grid, p) {
            self.cursor = tile;
        }
        match self.tool {
            Tool::Fill => fit.tile_at(&grid, p).map_or(Ok(()), |t| self.apply_at(t)),
            Tool::Brush | Tool::Hole => {
                let brush = if self.tool == Tool::Hole { Brush::Hole } else { Brush::Colour(self.colour) };
                self.editor.begin_stroke(brush).map_err(describe)?;
                self.editor.stroke_to(&fit, p).map(drop).map_err(describe)
            }
        }
    }

    fn drag(&mut self, x: u16, y: u16, width: u16, height: u16) -> Result<(), String> {
        let Some((fit, p)) = self.point(x, y, width, height) else { return Ok(()) };
        self.editor.stroke_to(&fit, p).map(drop).map_err(describe)
    }

    /// Writes the level file: the par proven, or the best line known.
    fn save(&mut self) -> Result<(), String> {
        let par = match self.analysis.as_ref().filter(|a| a.version == self.editor.version()) {
            Some(a) => a.par,
            None => {
                let first = first_answer(self.editor.board(), self.editor.palette().len());
                Par::Bounds { lo: first.lower_bound, hi: first.moves.len() as u32 }
            }
        };
        if par.best() == 0 {
            return Err("Nothing to play yet: the board is one colour.".into());
        }
        let id = self.out.display().to_string();
        let level: Level = self.editor.to_level(id, self.name.clone(), par.best()).map_err(|e| format!("{e}."))?;
        std::fs::write(&self.out, write_level(&level))
            .map_err(|e| format!("Could not save {}: {e}.", self.out.display()))?;
        let proven = matches!(par, Par::Proven(_));
        let proof = if proven { "proven" } else { "not proven yet" };
        // The name was checked when the level was made; a code that cannot be made is left out.
        let code =
            share::encode(&level, proven, Some(&self.name)).map_or(String::new(), |code| format!(" Code: {code}"));
        self.message = Some(format!("Saved to {} (par {}, {proof}).{code}", self.out.display(), par.best()));
        Ok(())
    }

    fn draw_board(&self, canvas: &mut Canvas, width: u16, height: u16) {
        let (x0, _, w, h) = board_area(width, height);
        let grid = grid(self.editor.board());
        let Some(raster) = Raster::new(&grid, w, h) else {
            canvas.text(1, HEADER, "The terminal is too small for the board.", self.look.plain);
            return;
        };
        let board = self.editor.board();
        let hole = shade(self.look.paper);
        let marked = self.show_cursor.then_some(self.cursor);
        let colour = |tile: Option<usize>| {
            let Some(t) = tile else { return self.look.paper };
            let rgb = board.colour(t).and_then(|c| self.editor.palette().get(usize::from(c)).copied()).unwrap_or(hole);
            if Some(t) == marked { shade(rgb) } else { rgb }
        };
        for y in 0..h {
            for x in 0..w {
                let [top, bottom] = raster.cell(x, y).map(colour);
                let ch = if top == bottom { ' ' } else { '▀' };
                canvas.set(x0 + x, HEADER + y, ch, Style::new(top, bottom));
            }
        }
    }

    fn draw_palette(&self, canvas: &mut Canvas, y: u16, width: u16) {
        let look = self.look;
        swatches::draw(
            canvas,
            y,
            self.editor.palette(),
            (self.tool != Tool::Hole).then_some(usize::from(self.colour)),
            look,
        );
        let status = words::tool_and_mirror(self.tool, self.editor.mirror());
        if width > 60 {
            canvas.text_right(y, &status, look.strong);
        }
    }
}

/// The board's area on a `width × height` screen: left, top, width and height in cells.
fn board_area(width: u16, height: u16) -> (u16, u16, u16, u16) {
    (1, HEADER, width.saturating_sub(2), height.saturating_sub(HEADER + FOOTER))
}

/// The row of the palette on a `height`-row screen.
fn palette_row(height: u16) -> u16 {
    height.saturating_sub(FOOTER)
}

/// What a refused edit means to the player.
fn describe(error: EditError) -> String {
    let text = error.to_string();
    let mut chars = text.chars();
    chars.next().map_or(String::new(), |first| first.to_uppercase().chain(chars).collect::<String>() + ".")
}

impl Screen for EditScreen {
    /// Whether the player has asked to leave.
    fn quit(&self) -> bool {
        self.quit
    }

    /// Whether the analysis may still bring news (the screen then changes without input).
    fn busy(&self) -> bool {
        !self.analysis.as_ref().is_some_and(|a| a.done)
    }

    /// Takes in the latest analysis, if it is of the drawing on screen.
    fn tick(&mut self) {
        if let Some((_, latest)) = self.analyser.latest()
            && latest.version == self.editor.version()
        {
            self.analysis = Some(latest);
        }
    }

    /// Acts on `input` on a `width × height` screen; a change to the drawing restarts the analysis.
    fn handle(&mut self, input: Input, width: u16, height: u16) {
        let version = self.editor.version();
        self.message = None;
        let result = match input {
            Input::Char('q') | Input::Escape => {
                self.quit = true;
                Ok(())
            }
            Input::Char(c @ '1'..='9') => self.choose(usize::from(c as u8 - b'1')),
            Input::Char('b') => self.pick(Tool::Brush),
            Input::Char('f') => self.pick(Tool::Fill),
            Input::Char('x') => self.pick(Tool::Hole),
            Input::Char('m') => self.next_mirror(),
            Input::Char('p') => self.next_palette(),
            Input::Char('+') => self.add_colour(),
            Input::Char('-') => self.remove_colour(),
            Input::Char('c') => self.editor.clear(self.colour).map(drop).map_err(describe),
            Input::Char('u') => self.editor.undo().map_err(describe),
            Input::Char('y') | Input::Ctrl('r') => self.editor.redo().map_err(describe),
            Input::Char('s') => self.save(),
            Input::Char('?') => {
                self.message = Some(words::MORE_KEYS.into());
                Ok(())
            }
            Input::Arrow(direction) => {
                self.step(direction);
                Ok(())
            }
            Input::Char(' ') => {
                self.show_cursor = true;
                self.apply_at(self.cursor)
            }
            Input::Click { x, y } => self.click(x, y, width, height),
            Input::Drag { x, y } => self.drag(x, y, width, height),
            Input::Release => {
                self.editor.end_stroke();
                Ok(())
            }
            _ => Ok(()),
        };
        if let Err(why) = result {
            self.message = Some(why);
        }
        if self.editor.version() != version {
            self.analyser.submit(self.editor.board().clone(), self.editor.palette().len(), self.editor.version());
            self.analysis = None;
        }
    }

    /// The screen at `width × height`.
    fn draw(&self, width: u16, height: u16) -> Canvas {
        let look = self.look;
        let mut canvas = Canvas::new(width, height, look.plain);
        let end = canvas.text(1, 0, &self.name, look.strong);
        canvas.text(end + 2, 0, "(editing)", look.plain);
        canvas.text_right(0, "? more keys", look.plain);
        self.draw_board(&mut canvas, width, height);
        self.draw_palette(&mut canvas, palette_row(height), width);
        let (line, verdicts) = words::analysis(self.analysis.as_ref());
        canvas.text(1, height.saturating_sub(3), &line, look.strong);
        let message = self.message.clone().or(verdicts);
        if let Some(message) = message {
            canvas.text(1, height.saturating_sub(2), &message, look.plain);
        }
        let colours = self.editor.palette().len();
        canvas.text(1, height.saturating_sub(1), &words::keys(colours), look.plain);
        canvas
    }
}

#[cfg(test)]
#[path = "screen_tests.rs"]
mod tests;
