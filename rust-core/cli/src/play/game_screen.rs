//! A level being played: the board, the chosen colour, the keyboard cursor, and the lines around
//! the board (name and moves / par above; palette, status, a message and key help below).
//! Every rule is the core's [`Game`]; this only turns keys and clicks into its calls and draws it.

use super::canvas::{Canvas, Style};
use super::cursor::{self, Direction};
use super::input::Input;
use super::look::Look;
use super::raster::Raster;
use kami_core::board::Colour;
use kami_core::catalogue::Theme;
use kami_core::game::{Game, Grade, MoveError, Status};
use kami_core::history::Move;
use kami_core::level::{Level, Rgb};
use std::sync::Arc;

/// Rows above the board: the title line and a blank.
const HEADER: u16 = 2;
/// Rows below the board: a blank, the palette, the status, the message and the key help.
const FOOTER: u16 = 5;
/// Column of the first palette swatch.
const PALETTE_X: u16 = 1;
/// Cells per palette swatch: `[1 ████]` and a space.
const SWATCH_WIDTH: u16 = 9;

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
}

impl GameScreen {
    /// A fresh game of `level`, drawn in `theme`.
    pub fn new(level: Arc<Level>, theme: &Theme) -> GameScreen {
        let game = Game::new(level);
        let cursor = cursor::first_tile(game.board());
        GameScreen { game, look: Look::new(theme), colour: 0, cursor, show_cursor: false, message: None }
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The styles the screen is drawn in.
    pub fn look(&self) -> Look {
        self.look
    }

    /// Acts on `input` on a `width × height` screen: colour keys, arrows and space, clicks on the
    /// board or the palette, undo, redo and restart. Other inputs are ignored.
    pub fn handle(&mut self, input: Input, width: u16, height: u16) {
        self.message = None;
        let result = match input {
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
            let swatch = x.checked_sub(PALETTE_X).map(|dx| (dx / SWATCH_WIDTH, dx % SWATCH_WIDTH));
            return match swatch {
                Some((i, offset)) if offset < SWATCH_WIDTH - 1 => self.choose(usize::from(i)),
                _ => Ok(()),
            };
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
        let end = canvas.text(1, 0, level.name(), look.strong);
        canvas.text(end.saturating_add(2), 0, level.id(), look.plain);
        canvas.text_right(0, &format!("moves {} / par {}", self.game.moves_used(), level.par()), look.strong);
        // Lines below the board are drawn only below the "too small" notice, never over it.
        let notice = self.draw_board(canvas, Area::board(canvas.width(), height));
        let below = |y: u16| notice.is_none_or(|n| y > n);
        if below(palette_row(height)) {
            self.draw_palette(canvas, palette_row(height));
        }
        let (status, strong) = status_line(&self.game);
        let mut lines = vec![(height.saturating_sub(3), status, strong)];
        if let Some(message) = &self.message {
            lines.push((height.saturating_sub(2), message.clone(), false));
        }
        let help = if self.game.status().is_finished() {
            "Enter or m: menu · u undo · r restart · q quit".to_string()
        } else {
            let colours = level.palette().len();
            format!(
                "1–{colours} colour · click a tile, or arrows + space · u undo · y redo · r restart · m menu · q quit"
            )
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
        for y in 0..area.height {
            for x in 0..area.width {
                let [top, bottom] = raster.cell(x, y).map(colour);
                let glyph = if top == bottom { ' ' } else { '▀' };
                canvas.set(area.x + x, area.y + y, glyph, Style::new(top, bottom));
            }
        }
        None
    }

    fn draw_palette(&self, canvas: &mut Canvas, y: u16) {
        let look = self.look;
        for (i, &rgb) in (0u16..).zip(self.game.level().palette()) {
            let x = PALETTE_X + i * SWATCH_WIDTH;
            let chosen = i == u16::from(self.colour);
            let (open, close, style) = if chosen { ('[', ']', look.strong) } else { (' ', ' ', look.plain) };
            canvas.set(x, y, open, style);
            canvas.text(x + 1, y, &format!("{} ", i + 1), style);
            canvas.text(x + 3, y, "████", Style::new(rgb, look.paper));
            canvas.set(x + 7, y, close, style);
        }
    }
}

/// The row of the palette on a `height`-row screen.
fn palette_row(height: u16) -> u16 {
    height.saturating_sub(4)
}

/// The status line and whether it is a result to show strongly.
fn status_line(game: &Game) -> (String, bool) {
    let (moves, par) = (game.moves_used(), game.level().par());
    match game.status() {
        Status::Playing => {
            ("Playing: choose a colour, then click a tile (or move with the arrows and press space).".into(), false)
        }
        Status::Won(Grade::Perfect) => (
            format!("★ PERFECT: solved in {}, par {par}. Enter: back to the menu for the next level.", count(moves)),
            true,
        ),
        Status::Won(Grade::Ok) => (
            format!(
                "✓ OK: solved in {}, one over par {par}. u: try for perfect · Enter: back to the menu for the next level.",
                count(moves)
            ),
            true,
        ),
        Status::Failed => {
            (format!("✗ FAILED: {} and par is {par}. Press u to undo or r to restart.", count(moves)), true)
        }
    }
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
fn shade(rgb: Rgb) -> Rgb {
    let luma = 299 * u32::from(rgb.red) + 587 * u32::from(rgb.green) + 114 * u32::from(rgb.blue);
    let towards = |c: u8| -> u8 {
        let c = u32::from(c);
        let shaded = if luma > 140_000 { c * 11 / 20 } else { c + (255 - c) * 9 / 20 };
        u8::try_from(shaded).unwrap_or(u8::MAX)
    };
    Rgb { red: towards(rgb.red), green: towards(rgb.green), blue: towards(rgb.blue) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::look::DEFAULT_THEME;
    use kami_core::catalogue::Catalogue;
    use kami_core::level_file::parse_level;
    use std::collections::BTreeSet;

    fn screen(level_toml: &str) -> GameScreen {
        GameScreen::new(Arc::new(parse_level("test/level", "level.toml", level_toml).unwrap()), &DEFAULT_THEME)
    }

    fn drawn(screen: &GameScreen, width: u16, height: u16) -> Canvas {
        let mut canvas = Canvas::new(width, height, screen.look().plain);
        screen.draw(&mut canvas);
        canvas
    }

    fn status(screen: &GameScreen) -> String {
        drawn(screen, 100, 40).line(37)
    }

    /// A 29 × 10 triangle board (KAMI 2's size) in four colours with a few holes.
    fn kami2() -> String {
        let rows: Vec<String> =
            (0..29)
                .map(|r| {
                    (0..10)
                        .map(|c| {
                            if (r * 7 + c * 3) % 23 == 0 { '.' } else { char::from(b'0' + ((r / 3 + c / 2) % 4) as u8) }
                        })
                        .collect()
                })
                .collect();
        format!(
            "name = \"Big\"\npar = 9\npalette = [\"#E4572E\", \"#29335C\", \"#F3A712\", \"#A8C686\"]\ngrid = \"\"\"\n{}\n\"\"\"\n",
            rows.join("\n")
        )
    }

    /// Every board cell of `screen` on a `width × height` terminal: the tile a click there plays.
    fn clicks(screen: &GameScreen, width: u16, height: u16) -> Vec<((u16, u16), usize)> {
        let area = Area::board(width, height);
        let raster = Raster::new(screen.game().board(), area.width, area.height).unwrap();
        (0..area.height)
            .flat_map(|y| (0..area.width).map(move |x| (x, y)))
            .filter_map(|(x, y)| Some(((area.x + x, area.y + y), raster.click(x, y)?)))
            .collect()
    }

    #[test]
    fn every_tile_can_be_clicked_at_100_by_40() {
        let shipped = Catalogue::shipped().packs().iter().flat_map(|p| &p.levels);
        let mut screens: Vec<GameScreen> = shipped.map(|l| GameScreen::new(Arc::clone(l), &DEFAULT_THEME)).collect();
        screens.push(screen(&kami2()));
        assert!(screens.len() > 1, "the shipped levels are checked too");
        for s in &screens {
            let board = s.game().board();
            let tiles: BTreeSet<usize> = (0..board.len()).filter(|&t| board.colour(t).is_some()).collect();
            let clicked: BTreeSet<usize> = clicks(s, 100, 40).into_iter().map(|(_, t)| t).collect();
            assert_eq!(clicked, tiles, "{}", s.game().level().id());
        }
    }

    #[test]
    fn each_half_cell_shows_its_tile_and_a_click_plays_a_tile_shown_there() {
        let s = screen(&kami2());
        let canvas = drawn(&s, 100, 40);
        let area = Area::board(100, 40);
        let raster = Raster::new(s.game().board(), area.width, area.height).unwrap();
        let colour = |tile: Option<usize>| {
            tile.map_or(s.look().paper, |t| {
                s.game().level().palette()[usize::from(s.game().board().colour(t).unwrap())]
            })
        };
        for ((x, y), clicked) in clicks(&s, 100, 40) {
            let cell = canvas.cell(x, y).unwrap();
            let shown = [if cell.ch == '▀' { cell.style.fg } else { cell.style.bg }, cell.style.bg];
            let tiles = raster.cell(x - area.x, y - area.y);
            assert_eq!(shown, tiles.map(colour), "cell ({x}, {y})");
            assert!(tiles.contains(&Some(clicked)), "cell ({x}, {y}) plays tile {clicked}, not one drawn there");
        }
    }

    #[test]
    fn a_click_plays_the_chosen_colour_and_the_palette_can_be_clicked() {
        let mut s = screen(&kami2());
        // Click the second swatch, then the first board cell that plays a tile of another colour.
        s.handle(Input::Click { x: PALETTE_X + SWATCH_WIDTH + 2, y: 36 }, 100, 40);
        assert_eq!(s.colour, 1);
        assert!(drawn(&s, 100, 40).line(36).contains("[2 ████]"));
        let ((x, y), tile) =
            clicks(&s, 100, 40).into_iter().find(|&(_, t)| s.game().board().colour(t) != Some(1)).unwrap();
        s.handle(Input::Click { x, y }, 100, 40);
        assert_eq!(s.game().played().collect::<Vec<_>>(), [Move { tile, colour: 1 }]);
        assert_eq!(s.game().board().colour(tile), Some(1));
    }

    const STRIP: &str = "name = \"Strip\"\npar = 1\npalette = [\"#000000\", \"#FFFFFF\", \"#FF0000\", \"#00FF00\"]\ntiling = \"squares\"\ngrid = \"01230\"\n";

    #[test]
    fn keyboard_play_wins_and_undo_redo_restart_work() {
        let mut s = screen(
            "name = \"Dot\"\npar = 1\npalette = [\"#000000\", \"#FFFFFF\"]\ntiling = \"squares\"\ngrid = \"010\"\n",
        );
        assert!(status(&s).contains("Playing"));
        // The first arrow only shows the cursor; the second moves it onto the middle tile.
        for input in
            [Input::Arrow(Direction::Right), Input::Arrow(Direction::Right), Input::Char('1'), Input::Char(' ')]
        {
            s.handle(input, 100, 40);
        }
        assert_eq!(s.game().status(), Status::Won(Grade::Perfect));
        let canvas = drawn(&s, 100, 40);
        assert!(status(&s).contains("★ PERFECT: solved in 1 move, par 1."), "{}", status(&s));
        assert!(canvas.line(0).contains("moves 1 / par 1"));
        assert!(canvas.line(39).contains("Enter or m: menu"));
        s.handle(Input::Char('u'), 100, 40);
        assert_eq!((s.game().moves_used(), s.game().status()), (0, Status::Playing));
        s.handle(Input::Ctrl('r'), 100, 40);
        assert_eq!(s.game().moves_used(), 1);
        s.handle(Input::Char('u'), 100, 40);
        s.handle(Input::Char('y'), 100, 40);
        assert_eq!(s.game().moves_used(), 1);
        s.handle(Input::Char('r'), 100, 40);
        assert_eq!((s.game().moves_used(), s.game().can_redo()), (0, false));
    }

    #[test]
    fn failing_says_how_to_go_on_and_refusals_are_explained() {
        let mut s = screen(STRIP);
        s.handle(Input::Char(' '), 100, 40);
        assert_eq!(drawn(&s, 100, 40).line(38).trim(), "That area is colour 1 already.");
        s.handle(Input::Char('5'), 100, 40);
        assert!(drawn(&s, 100, 40).line(38).contains("keys 1 to 4"));
        for (tile, colour) in [(0, 1), (4, 2), (3, 1)] {
            s.game.play(Move { tile, colour }).unwrap();
        }
        assert_eq!(s.game().status(), Status::Failed);
        assert!(status(&s).contains("✗ FAILED: 3 moves and par is 1. Press u to undo or r to restart."));
        s.handle(Input::Char(' '), 100, 40);
        assert!(drawn(&s, 100, 40).line(38).contains("The game is over"));
        s.handle(Input::Char('u'), 100, 40);
        assert!(status(&s).contains("Playing"));
    }

    #[test]
    fn the_cursor_tile_is_drawn_shaded() {
        let mut s = screen(STRIP);
        let plain = drawn(&s, 60, 20);
        s.handle(Input::Arrow(Direction::Left), 60, 20);
        let marked = drawn(&s, 60, 20);
        let differs: Vec<(u16, u16)> = (0..20)
            .flat_map(|y| (0..60).map(move |x| (x, y)))
            .filter(|&(x, y)| plain.cell(x, y) != marked.cell(x, y))
            .collect();
        let area = Area::board(60, 20);
        let raster = Raster::new(s.game().board(), area.width, area.height).unwrap();
        assert!(!differs.is_empty());
        for (x, y) in differs {
            assert!(raster.cell(x - area.x, y - area.y).contains(&Some(0)), "({x}, {y}) is not on tile 0");
        }
        assert_ne!(shade(Rgb { red: 0, green: 0, blue: 0 }), Rgb { red: 0, green: 0, blue: 0 });
        assert_ne!(shade(Rgb { red: 255, green: 255, blue: 255 }), Rgb { red: 255, green: 255, blue: 255 });
    }

    #[test]
    fn a_tiny_terminal_says_so_instead_of_drawing() {
        let mut s = screen(STRIP);
        // With a message too, so that every line below the board would be drawn.
        s.handle(Input::Char('9'), 30, 7);
        for height in 1..=7 {
            let canvas = drawn(&s, 50, height);
            assert!((0..height).any(|y| canvas.line(y).contains("too small")), "{height} rows");
        }
    }

    #[test]
    fn an_ok_win_says_what_enter_does() {
        let mut s = screen(
            "name = \"Two\"\npar = 1\npalette = [\"#000000\", \"#FFFFFF\", \"#FF0000\"]\ntiling = \"squares\"\ngrid = \"010\"\n",
        );
        for (tile, colour) in [(0, 1), (0, 0)] {
            s.game.play(Move { tile, colour }).unwrap();
        }
        assert_eq!(s.game().status(), Status::Won(Grade::Ok));
        let line = drawn(&s, 200, 40).line(37);
        assert!(line.contains("✓ OK: solved in 2 moves, one over par 1."), "{line}");
        assert!(line.contains("Enter: back to the menu for the next level."), "{line}");
    }
}
