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
        let Some((hint, cache)) = search.poll() else { return };
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
            Input::Char('h') => {
                self.hint = HintState::Searching(Search::start(&self.game, self.cache.clone()));
                Ok(())
            }
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
        for (i, &rgb) in (0u16..).zip(self.game.level().palette()) {
            let x = PALETTE_X + i * SWATCH_WIDTH;
            let chosen = i == u16::from(self.colour);
            let (open, close, style) = if chosen { ('[', ']', look.strong) } else { (' ', ' ', look.plain) };
            canvas.set(x, y, open, style);
            canvas.text(x + 1, y, &format!("{} ", i + 1), style);
            canvas.text(x + 3, y, "████", Style::new(rgb, look.paper));
            canvas.set(x + 7, y, close, style);
        }
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
    use std::sync::Arc;

    fn screen(level_toml: &str) -> GameScreen {
        let level = parse_level("test/level", "level.toml", level_toml).unwrap();
        GameScreen::new(Game::new(Arc::new(level)), &DEFAULT_THEME)
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
        let mut screens: Vec<GameScreen> =
            shipped.map(|l| GameScreen::new(Game::new(Arc::clone(l)), &DEFAULT_THEME)).collect();
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
        assert!(status(&s).contains("Choose a colour"));
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
        assert!(status(&s).contains("Choose a colour"));
    }

    #[test]
    fn the_cursor_tile_is_drawn_shaded() {
        let mut s = screen(STRIP);
        let plain = drawn(&s, 60, 20);
        s.handle(Input::Arrow(Direction::Left), 60, 20);
        let marked = drawn(&s, 60, 20);
        let area = Area::board(60, 20);
        let differs: Vec<(u16, u16)> = (area.y..area.y + area.height)
            .flat_map(|y| (0..60).map(move |x| (x, y)))
            .filter(|&(x, y)| plain.cell(x, y) != marked.cell(x, y))
            .collect();
        assert!(marked.line(16).trim_end().ends_with("row 0, column 0"), "the cursor's place: {}", marked.line(16));
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
        // Five rows leave none for the board (title above, four lines below).
        for height in 1..=5 {
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
        assert!(line.contains("u: try for par."), "{line}");
    }

    #[test]
    fn at_80_by_24_every_footer_line_fits_and_the_board_keeps_its_rows() {
        let kami2 = screen(&kami2());
        let area = Area::board(80, 24);
        assert_eq!(area.height, 19, "the title above and four lines below, no blank rows");
        let mut s = screen(STRIP);
        let mut states = vec![drawn(&kami2, 80, 24), drawn(&s, 80, 24)];
        for (tile, colour) in [(0, 1), (4, 2), (3, 1)] {
            s.game.play(Move { tile, colour }).unwrap();
            s.best = Some(Best { moves: 12, grade: Grade::Ok });
            states.push(drawn(&s, 80, 24));
        }
        s.game.restart();
        for (tile, colour) in [(0, 1), (3, 1), (2, 1), (3, 0)] {
            let _ = s.game.play(Move { tile, colour });
        }
        states.push(drawn(&s, 80, 24));
        for canvas in &states {
            for y in 20..24 {
                let line = canvas.line(y);
                // A cut line would run to the last column.
                assert!(line.ends_with(' '), "row {y} is cut: {line}");
            }
        }
    }
}
