//! A level being played: the board, the chosen colour, the keyboard cursor, a hint, and the lines
//! around the board (name and moves / par above; palette and cursor position, status, a message
//! and key help below). Every rule is the core's [`Game`]; this only turns keys and clicks into
//! its calls and draws it.

use super::canvas::{Canvas, Style};
use super::cursor::{self, Direction};
use super::hinting::{self, Search};
use super::input::Input;
use super::look::Look;
use super::raster::Raster;
use super::swatches;
use kami_core::board::Colour;
use kami_core::catalogue::Theme;
use kami_core::game::{Game, Grade, MoveError, Status};
use kami_core::hint::{Cache, Hint};
use kami_core::history::Move;
use kami_core::level::Rgb;
use kami_core::progress::Best;
use std::collections::BTreeSet;

/// Rows above the board: the title line.
const HEADER: u16 = 1;
/// Rows below the board: the palette, the status, the message and the key help.
const FOOTER: u16 = 4;

/// A rectangle of the screen, in cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Area {
    /// Left column.
    pub x: u16,
    /// Top row.
    pub y: u16,
    /// Width in cells.
    pub width: u16,
    /// Height in cells.
    pub height: u16,
}

impl Area {
    /// Where the board goes on a `width × height` screen.
    pub fn board(width: u16, height: u16) -> Area {
        Area { x: 1, y: HEADER, width: width.saturating_sub(2), height: height.saturating_sub(HEADER + FOOTER) }
    }

    /// `(x, y)` relative to the area's corner, if it lies inside.
    fn inner(self, x: u16, y: u16) -> Option<(u16, u16)> {
        let (dx, dy) = (x.checked_sub(self.x)?, y.checked_sub(self.y)?);
        (dx < self.width && dy < self.height).then_some((dx, dy))
    }
}

/// A level in play and what the player has chosen.
pub struct GameScreen {
    game: Game,
    look: Look,
    colour: Colour,
    /// The tile the keyboard plays on.
    cursor: usize,
    /// Whether the cursor is drawn (while playing): after arrows or space, not after a click.
    show_cursor: bool,
    /// A line for the player about what just happened (a refused move, say), until the next input.
    message: Option<String>,
    /// The hint asked for, if any.
    hint: HintState,
    /// The last solution the hints found, so that following it answers the next hint at once.
    cache: Cache,
    /// The player's best result on this level, shown with a win.
    pub best: Option<Best>,
    /// Whether Enter after a win goes straight on to a next level (else to the menu).
    pub has_next: bool,
}

/// Where the hint stands.
enum HintState {
    /// None asked for since the last move.
    Idle,
    /// Being searched for.
    Searching(Search),
    /// Found for the position on screen, with the tiles of the region to paint.
    Shown(Hint, BTreeSet<usize>),
}

impl GameScreen {
    /// `game` as it stands, drawn in `theme`.
    pub fn new(game: Game, theme: &Theme) -> GameScreen {
        let cursor = cursor::first_tile(game.board());
        GameScreen {
            game,
            look: Look::new(theme),
            colour: 0,
            cursor,
            show_cursor: false,
            message: None,
            hint: HintState::Idle,
            cache: Cache::default(),
            best: None,
            has_next: false,
        }
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The styles the screen is drawn in.
    pub fn look(&self) -> Look {
        self.look
    }

    /// Whether a hint is being searched for (the screen then changes without input).
    pub fn busy(&self) -> bool {
        matches!(self.hint, HintState::Searching(_))
    }

    /// Takes in a hint that has been found: shown if it is for the position on screen, with the
    /// cursor on the tile to tap and its colour chosen, so that space plays it.
    pub fn tick(&mut self) {
        let HintState::Searching(search) = &self.hint else { return };
        let (hint, cache) = match search.poll() {
            None => return,
            Some(Ok(found)) => found,
            Some(Err(why)) => {
                self.hint = HintState::Idle;
                self.message = Some(why);
                return;
            }
        };
        self.cache = cache;
        if hint.revision != self.game.revision() {
            self.hint = HintState::Idle;
            return;
        }
        let region = hint.next.map_or_else(BTreeSet::new, |m| {
            self.cursor = m.tile;
            self.colour = m.colour;
            self.show_cursor = true;
            self.game.board().region_rings(m.tile).into_iter().map(|(t, _)| t).collect()
        });
        self.hint = HintState::Shown(hint, region);
    }

    /// Acts on `input` on a `width × height` screen: colour keys, arrows and space, clicks on the
    /// board or the palette, hint, undo, redo and restart. Other inputs are ignored. A change to
    /// the game cancels or hides the hint.
    pub fn handle(&mut self, input: Input, width: u16, height: u16) {
        self.message = None;
        let revision = self.game.revision();
        let result = match input {
            Input::Char('h') => match Search::start(&self.game, self.cache.clone()) {
                Ok(search) => {
                    self.hint = HintState::Searching(search);
                    Ok(())
                }
                Err(e) => Err(format!("The hint could not start: {e}.")),
            },
            Input::Char(c @ '1'..='9') => self.choose(usize::from(c as u8 - b'1')),
            Input::Arrow(direction) => {
                self.step(direction);
                Ok(())
            }
            Input::Char(' ') => {
                self.show_cursor = true;
                self.fill(self.cursor)
            }
            Input::Click { x, y } => self.click(x, y, width, height),
            Input::Char('u') => self.game.undo().map(drop).map_err(describe),
            Input::Char('y') | Input::Ctrl('r') => self.game.redo().map(drop).map_err(describe),
            Input::Char('r') => {
                self.game.restart();
                Ok(())
            }
            _ => Ok(()),
        };
        if self.game.revision() != revision {
            self.hint = HintState::Idle;
        }
        self.message = result.err();
    }

    fn choose(&mut self, colour: usize) -> Result<(), String> {
        let colours = self.game.level().palette().len();
        self.colour = Colour::try_from(colour)
            .ok()
            .filter(|&c| usize::from(c) < colours)
            .ok_or_else(|| format!("This level has {colours} colours: keys 1 to {colours}."))?;
        Ok(())
    }

    fn step(&mut self, direction: Direction) {
        if self.show_cursor {
            self.cursor = cursor::step(self.game.board(), self.cursor, direction);
        }
        self.show_cursor = true;
    }

    fn fill(&mut self, tile: usize) -> Result<(), String> {
        self.game.play(Move { tile, colour: self.colour }).map(drop).map_err(describe)
    }

    fn click(&mut self, x: u16, y: u16, width: u16, height: u16) -> Result<(), String> {
        if y == palette_row(height) {
            return swatches::at(x).map_or(Ok(()), |i| self.choose(i));
        }
        let area = Area::board(width, height);
        let Some((x, y)) = area.inner(x, y) else { return Ok(()) };
        let tile = Raster::new(self.game.board(), area.width, area.height).and_then(|r| r.click(x, y));
        let Some(tile) = tile else { return Ok(()) };
        self.cursor = tile;
        self.show_cursor = false;
        self.fill(tile)
    }

    /// Draws the screen onto `canvas`, which is the whole terminal.
    pub fn draw(&self, canvas: &mut Canvas) {
        let (look, level, height) = (self.look, self.game.level(), canvas.height());
        let moves = format!("moves {} / par {}", self.game.moves_used(), level.par());
        let end = canvas.text(1, 0, level.name(), look.strong);
        // The id (a pack's level or a file) only where it does not run into the moves.
        let id_room = usize::from(canvas.width().saturating_sub(end + 4)).saturating_sub(moves.chars().count());
        if level.id().chars().count() <= id_room {
            canvas.text(end + 2, 0, level.id(), look.plain);
        }
        canvas.text_right(0, &moves, look.strong);
        // Lines below the board are drawn only below the "too small" notice, never over it.
        let notice = self.draw_board(canvas, Area::board(canvas.width(), height));
        let below = |y: u16| notice.is_none_or(|n| y > n);
        if below(palette_row(height)) {
            self.draw_palette(canvas, palette_row(height));
        }
        let (mut status, mut strong) = self.status_line();
        let message = match &self.hint {
            HintState::Shown(hint, _) => {
                let (play, outlook) = hinting::words(hint, self.game.status(), |t| self.game.board().position(t));
                // The move to play takes the place of the instructions; the rest goes below.
                if hint.next.is_some() {
                    (status, strong) = (play, false);
                    outlook
                } else {
                    Some(play)
                }
            }
            HintState::Searching(search) => Some(format!("{} Thinking… (any move cancels the hint)", search.spinner())),
            HintState::Idle => None,
        };
        let mut lines = vec![(height.saturating_sub(3), status, strong)];
        if let Some(message) = self.message.clone().or(message) {
            lines.push((height.saturating_sub(2), message, false));
        }
        let help = if self.game.status().is_finished() {
            let enter = if self.has_next { "Enter: next level · m menu" } else { "Enter or m: menu" };
            format!("{enter} · h hint · u undo · r restart · q quit")
        } else {
            let colours = level.palette().len();
            format!("1–{colours} colour · h hint · u undo · y redo · r restart · m menu · q quit")
        };
        lines.push((height.saturating_sub(1), help, false));
        for (y, text, strong) in lines {
            if below(y) {
                canvas.text(1, y, &text, if strong { look.strong } else { look.plain });
            }
        }
    }

    /// Draws the board into `area`; when it does not fit, says so instead and returns the row of
    /// that notice (below the title line if the screen has room for one).
    fn draw_board(&self, canvas: &mut Canvas, area: Area) -> Option<u16> {
        let board = self.game.board();
        let Some(raster) = Raster::new(board, area.width, area.height) else {
            let y = area.y.min(canvas.height().saturating_sub(1));
            canvas.text(area.x, y, "The terminal is too small for the board.", self.look.plain);
            return Some(y);
        };
        let marked = (self.show_cursor && !self.game.status().is_finished()).then_some(self.cursor);
        let colour = |tile: Option<usize>| {
            let rgb = tile.and_then(|t| self.game.level().palette().get(usize::from(board.colour(t)?)));
            match (rgb, tile == marked) {
                (Some(&rgb), true) => shade(rgb),
                (Some(&rgb), false) => rgb,
                (None, _) => self.look.paper,
            }
        };
        let hinted = match &self.hint {
            HintState::Shown(_, region) => region,
            _ => &BTreeSet::new(),
        };
        for y in 0..area.height {
            for x in 0..area.width {
                let tiles = raster.cell(x, y);
                let [top, bottom] = tiles.map(colour);
                let style = Style::new(top, bottom);
                // The hinted region is dotted in its shade, so it stands out in any colour.
                let cell = match tiles {
                    [Some(t), Some(b)] if hinted.contains(&t) && hinted.contains(&b) => {
                        ('•', Style::new(shade(bottom), bottom))
                    }
                    _ if top == bottom => (' ', style),
                    _ => ('▀', style),
                };
                canvas.set(area.x + x, area.y + y, cell.0, cell.1);
            }
        }
        None
    }

    fn draw_palette(&self, canvas: &mut Canvas, y: u16) {
        let look = self.look;
        swatches::draw(canvas, y, self.game.level().palette(), Some(usize::from(self.colour)), look);
        // Where the cursor is, in the rows and columns `kami solve` and `kami hint` name.
        if self.show_cursor && !self.game.status().is_finished() {
            let (row, col) = self.game.board().position(self.cursor);
            canvas.text_right(y, &format!("row {row}, column {col}"), look.plain);
        }
    }

    /// The status line and whether it is a result to show strongly.
    fn status_line(&self) -> (String, bool) {
        let (moves, par) = (count(self.game.moves_used()), self.game.level().par());
        let best = match self.best {
            Some(Best { moves, grade: Grade::Perfect }) => format!(" Best: ★ {}.", count(moves)),
            Some(Best { moves, grade: Grade::Ok }) => format!(" Best: ✓ {}.", count(moves)),
            None => String::new(),
        };
        match self.game.status() {
            Status::Playing => {
                ("Choose a colour, then click a tile (or move with the arrows, press space).".into(), false)
            }
            Status::Won(Grade::Perfect) => (format!("★ PERFECT: solved in {moves}, par {par}.{best}"), true),
            Status::Won(Grade::Ok) => {
                (format!("✓ OK: solved in {moves}, one over par {par}.{best} u: try for par."), true)
            }
            Status::Failed => (format!("✗ FAILED: {moves} and par is {par}. Press u to undo or r to restart."), true),
        }
    }
}

/// The row of the palette on a `height`-row screen.
fn palette_row(height: u16) -> u16 {
    height.saturating_sub(4)
}

/// `1 move` or `n moves`.
fn count(moves: u32) -> String {
    if moves == 1 { "1 move".to_string() } else { format!("{moves} moves") }
}

/// What a refused move means to the player.
fn describe(error: MoveError) -> String {
    match error {
        MoveError::SameColour { colour, .. } => format!("That area is colour {} already.", colour + 1),
        other => format!("{}.", capitalise(&other.to_string())),
    }
}

fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or(String::new(), |first| first.to_uppercase().chain(chars).collect())
}

/// `rgb` made clearly lighter (if dark) or darker (if light): how the cursor's tile is drawn.
pub(crate) fn shade(rgb: Rgb) -> Rgb {
    let luma = 299 * u32::from(rgb.red) + 587 * u32::from(rgb.green) + 114 * u32::from(rgb.blue);
    let towards = |c: u8| -> u8 {
        let c = u32::from(c);
        let shaded = if luma > 140_000 { c * 11 / 20 } else { c + (255 - c) * 9 / 20 };
        u8::try_from(shaded).unwrap_or(u8::MAX)
    };
    Rgb { red: towards(rgb.red), green: towards(rgb.green), blue: towards(rgb.blue) }
}

#[cfg(test)]
#[path = "game_screen_tests.rs"]
mod tests;
