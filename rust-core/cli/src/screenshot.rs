//! KAMI 2-style screenshots of a level, for testing the import: paper texture and fold shading on
//! the tiles, a gradient behind them, and the toolbar with its controls, move counter and colour
//! swatches, encoded as PNG or JPEG. `kami screenshot LEVEL --out FILE.jpg|png [--size WxH]
//! [--theme light|dark] [--quality Q] [--seed N]` writes one.

use crate::args::load_level;
use image::codecs::jpeg::JpegEncoder;
use image::{ExtendedColorType, ImageEncoder};
use kami_core::board::{Board, Tiling, points_left};
use kami_core::import::digits::GLYPHS;
use kami_core::import::grid::{COLS, ROWS};
use kami_core::level::{Level, Rgb};
use tiny_skia::{
    Color, FillRule, GradientStop, LineCap, LinearGradient, Paint, PathBuilder, Pixmap, Point, Rect, SpreadMode,
    Stroke, Transform,
};

/// A column's width over a triangle's side.
const COLUMN_PER_SIDE: f32 = 0.866_025_4;

/// Light paper boards or dark ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Theme {
    /// Light paper background, light toolbar.
    Light,
    /// Dark background, dark toolbar.
    Dark,
}

/// How to draw a screenshot.
#[derive(Clone, Copy, Debug)]
pub struct Style {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// Light or dark.
    pub theme: Theme,
    /// Varies the texture and the folds.
    pub seed: u64,
    /// How far the board sits below the centre of the space above the toolbar, in triangle
    /// sides (the game centres it: 0).
    pub offset: f32,
}

/// `kami screenshot` arguments.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The level to draw
    level: String,
    /// The screenshot to write: FILE.jpg or FILE.png
    #[arg(long, value_name = "FILE")]
    out: String,
    /// Size in pixels, 200 to 4000 each way
    #[arg(long, value_name = "WxH", default_value = "750x1334", value_parser = parse_size)]
    size: (u32, u32),
    /// Light paper or a dark background
    #[arg(long, value_enum, default_value_t = Theme::Light)]
    theme: Theme,
    /// JPEG quality, 1 to 100
    #[arg(long, value_name = "Q", default_value_t = 85, value_parser = clap::value_parser!(u8).range(1..=100))]
    quality: u8,
    /// Varies the paper texture and the folds
    #[arg(long, value_name = "N", default_value_t = 1)]
    seed: u64,
}

/// Runs the command.
pub fn run(args: Args) -> Result<(), String> {
    let Args { level, out, size: (width, height), theme, quality, seed } = args;
    let level = load_level(&level)?;
    let pixmap = draw(&level, Style { width, height, theme, seed, offset: 0.0 })?;
    let bytes = if out.ends_with(".jpg") || out.ends_with(".jpeg") {
        jpeg(&pixmap, quality)?
    } else if out.ends_with(".png") {
        pixmap.encode_png().map_err(|e| e.to_string())?
    } else {
        return Err(format!("{out}: expected a file name ending in .jpg or .png"));
    };
    std::fs::write(&out, bytes).map_err(|e| format!("{out}: {e}"))
}

/// `WIDTHxHEIGHT`, 200 to 4000 pixels each.
fn parse_size(text: &str) -> Result<(u32, u32), String> {
    let size = text.split_once('x').and_then(|(w, h)| Some((w.parse::<u32>().ok()?, h.parse::<u32>().ok()?)));
    let fits = |n: &u32| (200..=4000).contains(n);
    size.filter(|(w, h)| fits(w) && fits(h)).ok_or_else(|| "expected WIDTHxHEIGHT, 200 to 4000 pixels each".into())
}

/// Encodes a picture as a JPEG of the given quality.
pub fn jpeg(pixmap: &Pixmap, quality: u8) -> Result<Vec<u8>, String> {
    let rgb: Vec<u8> = pixmap.data().chunks_exact(4).flat_map(|p| [p[0], p[1], p[2]]).collect();
    let mut bytes = Vec::new();
    JpegEncoder::new_with_quality(&mut bytes, quality)
        .write_image(&rgb, pixmap.width(), pixmap.height(), ExtendedColorType::Rgb8)
        .map_err(|e| e.to_string())?;
    Ok(bytes)
}

/// The level on KAMI 2's 29 × 10 triangle board: a smaller board is centred on it with holes
/// around (moved by an even number of rows plus columns, so each triangle keeps its direction);
/// `None` for square tiles or a larger board.
pub fn on_kami_board(level: &Level) -> Option<Level> {
    let board = level.board();
    if board.tiling() != Tiling::Triangles || board.rows() > ROWS || board.cols() > COLS {
        return None;
    }
    let dc = (COLS - board.cols()) / 2;
    let mut dr = (ROWS - board.rows()) / 2;
    if (dr + dc) % 2 == 1 {
        dr = if dr > 0 { dr - 1 } else { dr + 1 };
    }
    let mut cells = vec![None; ROWS * COLS];
    for tile in 0..board.len() {
        let (row, col) = board.position(tile);
        cells[(row + dr) * COLS + col + dc] = board.colour(tile);
    }
    let big = Board::new(Tiling::Triangles, ROWS, COLS, cells, level.palette().len()).ok()?;
    Level::new(level.id().into(), level.name().into(), level.par(), level.palette().to_vec(), big).ok()
}

/// Draws a level as the game shows it at its start, on KAMI 2's board ([`on_kami_board`]).
pub fn draw(level: &Level, style: Style) -> Result<Pixmap, String> {
    let level = &on_kami_board(level).ok_or("only triangle boards of up to 29 × 10 fit KAMI 2's board")?;
    let (w, h) = (style.width as f32, style.height as f32);
    let mut pixmap = Pixmap::new(style.width, style.height).ok_or("the screenshot is too large")?;
    let dark = style.theme == Theme::Dark;
    let (top, bottom) = if dark {
        (rgb(0x1A, 0x1B, 0x22), rgb(0x06, 0x06, 0x08))
    } else {
        (rgb(0xF6, 0xF2, 0xEA), rgb(0xE0, 0xDA, 0xCE))
    };
    let gradient = LinearGradient::new(
        Point::from_xy(0.0, 0.0),
        Point::from_xy(w * 0.1, h),
        vec![GradientStop::new(0.0, top), GradientStop::new(1.0, bottom)],
        SpreadMode::Pad,
        Transform::identity(),
    )
    .ok_or("no gradient")?;
    let mut paint = Paint { shader: gradient, ..Paint::default() };
    pixmap.fill_rect(Rect::from_xywh(0.0, 0.0, w, h).ok_or("empty")?, &paint, Transform::identity(), None);

    let band = (0.17 * w).round();
    let play = h - band;
    let tiles = draw_tiles(level, w, play, style)?;
    paper(&mut pixmap, &tiles, style.seed);

    // The toolbar: controls on the left, swatches sharing the rest.
    let panel = if dark { rgb(0x1C, 0x1D, 0x24) } else { rgb(0xFA, 0xF7, 0xF0) };
    let ink = if dark { rgb(0xE8, 0xE6, 0xE0) } else { rgb(0x3A, 0x3A, 0x40) };
    paint = Paint::default();
    paint.set_color(panel);
    pixmap.fill_rect(Rect::from_xywh(0.0, play, w, band).ok_or("empty")?, &paint, Transform::identity(), None);
    let cell = 0.1 * w;
    let mid = play + band / 2.0;
    controls(&mut pixmap, ink, cell, mid, band);
    counter(&mut pixmap, ink, level.par(), cell * 1.5, mid, band * 0.34);
    let n = level.palette().len() as f32;
    let (start, each) = (4.0 * cell, (w - 4.0 * cell) / n);
    for (i, &colour) in level.palette().iter().enumerate() {
        let left = (start + i as f32 * each).round();
        let right = (start + (i as f32 + 1.0) * each).round();
        paint.set_color(skia(colour));
        pixmap.fill_rect(Rect::from_ltrb(left, play, right, h).ok_or("empty")?, &paint, Transform::identity(), None);
        if i == 0 {
            // The selected swatch's folded corner.
            let fold = band * 0.22;
            let mut path = PathBuilder::new();
            path.move_to(right - fold, play);
            path.line_to(right, play);
            path.line_to(right, play + fold);
            path.close();
            paint.set_color(Color::from_rgba8(255, 255, 255, 150));
            paint.anti_alias = true;
            if let Some(path) = path.finish() {
                pixmap.fill_path(&path, &paint, FillRule::Winding, Transform::identity(), None);
            }
        }
    }
    Ok(pixmap)
}

/// The tiles alone on a transparent picture: the board fills the width and is centred in the
/// height above the toolbar, so its top and bottom rows are cut off on 16:9 screens.
fn draw_tiles(level: &Level, w: f32, play: f32, style: Style) -> Result<Pixmap, String> {
    let board = level.board();
    let column = w / board.cols() as f32;
    let side = column / COLUMN_PER_SIDE;
    let origin = (play - side * (board.rows() as f32 + 1.0) / 2.0) / 2.0 + style.offset * side;
    let mut pixmap = Pixmap::new(style.width, play.ceil() as u32).ok_or("the screenshot is too large")?;
    let stroke = Stroke { width: 1.0, ..Stroke::default() };
    for tile in 0..board.len() {
        let Some(colour) = board.colour(tile) else { continue };
        let (row, col) = board.position(tile);
        let (left, right) = (col as f32 * column, (col + 1) as f32 * column);
        let top = origin + row as f32 * side / 2.0;
        let (middle, bottom) = (top + side / 2.0, top + side);
        let corners = if points_left(row, col) {
            [(right, top), (right, bottom), (left, middle)]
        } else {
            [(left, top), (right, middle), (left, bottom)]
        };
        let mut path = PathBuilder::new();
        path.move_to(corners[0].0, corners[0].1);
        path.line_to(corners[1].0, corners[1].1);
        path.line_to(corners[2].0, corners[2].1);
        path.close();
        let Some(path) = path.finish() else { continue };
        let mut paint = Paint::default();
        paint.set_color(skia(level.palette()[usize::from(colour)]));
        paint.anti_alias = true;
        pixmap.fill_path(&path, &paint, FillRule::Winding, Transform::identity(), None);
        pixmap.stroke_path(&path, &paint, &stroke, Transform::identity(), None);
    }
    Ok(pixmap)
}

/// Lays the tiles over the background with paper texture (fine grain and soft blotches) and fold
/// shading (a few folds across the board, each a step in lightness with a darker crease).
fn paper(target: &mut Pixmap, tiles: &Pixmap, seed: u64) {
    let width = tiles.width() as usize;
    let folds: Vec<(f32, f32, f32)> = (0..3)
        .map(|i| {
            let angle = unit(seed, i, 1) * std::f32::consts::PI;
            let (nx, ny) = (angle.cos(), angle.sin());
            let through = (unit(seed, i, 2) * width as f32, unit(seed, i, 3) * tiles.height() as f32);
            (nx, ny, nx * through.0 + ny * through.1)
        })
        .collect();
    let source = tiles.data();
    let data = target.data_mut();
    for (i, px) in source.chunks_exact(4).enumerate() {
        let alpha = f32::from(px[3]) / 255.0;
        if alpha == 0.0 {
            continue;
        }
        let (x, y) = ((i % width) as f32, (i / width) as f32);
        let grain = (unit(seed, i as u64, 7) - 0.5) * 0.05;
        let blotch = (smooth(seed, x / 23.0, y / 23.0) - 0.5) * 0.05;
        let mut shade = 1.0 + grain + blotch;
        for &(nx, ny, d) in &folds {
            let distance = nx * x + ny * y - d;
            shade *= if distance > 0.0 { 1.025 } else { 0.975 };
            shade *= 1.0 - 0.07 * (-(distance / 6.0).powi(2)).exp();
        }
        let out = &mut data[4 * i..4 * i + 4];
        for c in 0..3 {
            // Premultiplied source over the opaque background.
            let tile = (f32::from(px[c]) * shade).min(255.0 * alpha);
            out[c] = (tile + f32::from(out[c]) * (1.0 - alpha)).round().clamp(0.0, 255.0) as u8;
        }
    }
}

/// A deterministic number in [0, 1) from a seed and two keys.
fn unit(seed: u64, a: u64, b: u64) -> f32 {
    let mut z = seed ^ a.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ b.wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    ((z ^ (z >> 31)) >> 40) as f32 / (1u64 << 24) as f32
}

/// Smooth value noise: random values on a unit lattice, blended between.
fn smooth(seed: u64, x: f32, y: f32) -> f32 {
    let (x0, y0) = (x.floor(), y.floor());
    let (fx, fy) = (x - x0, y - y0);
    let (sx, sy) = (fx * fx * (3.0 - 2.0 * fx), fy * fy * (3.0 - 2.0 * fy));
    let at = |dx: f32, dy: f32| unit(seed, ((x0 + dx) as i64) as u64, ((y0 + dy) as i64 + 7919) as u64);
    let top = at(0.0, 0.0) + sx * (at(1.0, 0.0) - at(0.0, 0.0));
    let bottom = at(0.0, 1.0) + sx * (at(1.0, 1.0) - at(0.0, 1.0));
    top + sy * (bottom - top)
}

/// The back arrow, restart and hint icons in the first, third and fourth control cells.
fn controls(pixmap: &mut Pixmap, ink: Color, cell: f32, mid: f32, band: f32) {
    let r = band * 0.14;
    let mut paint = Paint::default();
    paint.set_color(ink);
    paint.anti_alias = true;
    let stroke = Stroke { width: band * 0.035, line_cap: LineCap::Round, ..Stroke::default() };
    let mut draw = |path: PathBuilder| {
        if let Some(path) = path.finish() {
            pixmap.stroke_path(&path, &paint, &stroke, Transform::identity(), None);
        }
    };
    let x = cell * 0.5;
    let mut back = PathBuilder::new();
    back.move_to(x + r * 0.5, mid - r);
    back.line_to(x - r * 0.5, mid);
    back.line_to(x + r * 0.5, mid + r);
    draw(back);
    let x = cell * 2.5;
    let mut restart = PathBuilder::new();
    restart.move_to(x + r, mid);
    for k in 1..=20 {
        let angle = k as f32 / 20.0 * 1.6 * std::f32::consts::PI;
        restart.line_to(x + r * angle.cos(), mid - r * angle.sin());
    }
    restart.move_to(x + r * 0.6, mid - r * 0.35);
    restart.line_to(x + r, mid);
    restart.line_to(x + r * 1.3, mid - r * 0.4);
    draw(restart);
    let x = cell * 3.5;
    let mut hint = PathBuilder::new();
    hint.push_circle(x, mid - r * 0.3, r * 0.75);
    hint.move_to(x - r * 0.35, mid + r * 0.75);
    hint.line_to(x + r * 0.35, mid + r * 0.75);
    hint.move_to(x - r * 0.25, mid + r * 1.05);
    hint.line_to(x + r * 0.25, mid + r * 1.05);
    draw(hint);
}

/// The move counter: the par in the 5 × 7 digit font, centred at `(x, mid)`, `height` tall.
fn counter(pixmap: &mut Pixmap, ink: Color, par: u32, x: f32, mid: f32, height: f32) {
    let text = par.to_string();
    let dot = height / 7.0;
    let advance = dot * 6.0;
    let start = x - (advance * text.len() as f32 - dot) / 2.0;
    let mut paint = Paint::default();
    paint.set_color(ink);
    paint.anti_alias = true;
    for (k, ch) in text.bytes().enumerate() {
        let glyph = &GLYPHS[usize::from(ch - b'0')];
        for (r, line) in glyph.iter().enumerate() {
            for (c, b) in line.bytes().enumerate() {
                if b != b'#' {
                    continue;
                }
                let (left, top) = (start + k as f32 * advance + c as f32 * dot, mid - height / 2.0 + r as f32 * dot);
                if let Some(rect) = Rect::from_xywh(left, top, dot, dot) {
                    pixmap.fill_rect(rect, &paint, Transform::identity(), None);
                }
            }
        }
    }
}

fn rgb(r: u8, g: u8, b: u8) -> Color {
    Color::from_rgba8(r, g, b, 255)
}

fn skia(c: Rgb) -> Color {
    rgb(c.red, c.green, c.blue)
}
