//! Tests of the game screen: drawing, clicks, keys, and the lines below the board at 80 × 24.

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
    let rows: Vec<String> = (0..29)
        .map(|r| {
            (0..10)
                .map(|c| if (r * 7 + c * 3) % 23 == 0 { '.' } else { char::from(b'0' + ((r / 3 + c / 2) % 4) as u8) })
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
        tile.map_or(s.look().paper, |t| s.game().level().palette()[usize::from(s.game().board().colour(t).unwrap())])
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
    s.handle(Input::Click { x: swatches::PALETTE_X + swatches::SWATCH_WIDTH + 2, y: 36 }, 100, 40);
    assert_eq!(s.colour, 1);
    assert!(drawn(&s, 100, 40).line(36).contains("[2 ████]"));
    let ((x, y), tile) = clicks(&s, 100, 40).into_iter().find(|&(_, t)| s.game().board().colour(t) != Some(1)).unwrap();
    s.handle(Input::Click { x, y }, 100, 40);
    assert_eq!(s.game().played().collect::<Vec<_>>(), [Move { tile, colour: 1 }]);
    assert_eq!(s.game().board().colour(tile), Some(1));
}

const STRIP: &str = "name = \"Strip\"\npar = 1\npalette = [\"#000000\", \"#FFFFFF\", \"#FF0000\", \"#00FF00\"]\ntiling = \"squares\"\ngrid = \"01230\"\n";

#[test]
fn keyboard_play_wins_and_undo_redo_restart_work() {
    let mut s =
        screen("name = \"Dot\"\npar = 1\npalette = [\"#000000\", \"#FFFFFF\"]\ntiling = \"squares\"\ngrid = \"010\"\n");
    assert!(status(&s).contains("Choose a colour"));
    // The first arrow only shows the cursor; the second moves it onto the middle tile.
    for input in [Input::Arrow(Direction::Right), Input::Arrow(Direction::Right), Input::Char('1'), Input::Char(' ')] {
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
