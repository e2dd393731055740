//! `kami render LEVEL --out FILE.png|svg [--width PIXELS] [--square]`: draws a board as a picture,
//! for level design, the README and (square) the apps' icons.

use crate::args::load_level;
use kami_core::geometry::{Fit, Point};
use kami_core::level::{Level, Rgb};
use tiny_skia::{FillRule, Paint, PathBuilder, Pixmap, Stroke, Transform};

/// Paper behind the board.
const PAPER: Rgb = Rgb { red: 0xF2, green: 0xEB, blue: 0xDD };
/// Space around the board, as a share of the width.
const MARGIN: f64 = 0.04;

/// `kami render` arguments.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The level to draw
    level: String,
    /// The picture to write: FILE.png or FILE.svg
    #[arg(long, value_name = "FILE")]
    out: String,
    /// Width of the picture, 16 to 8192 pixels
    #[arg(long, value_name = "PIXELS", default_value_t = 600, value_parser = clap::value_parser!(u32).range(16..=8192))]
    width: u32,
    /// Centre the board on a square, as for an app icon
    #[arg(long)]
    square: bool,
}

/// Runs the command.
pub fn run(args: Args) -> Result<(), String> {
    let Args { level, out, width, square } = args;
    let level = load_level(&level)?;
    let picture = Picture::new(&level, f64::from(width), square)?;
    if out.ends_with(".svg") {
        std::fs::write(&out, picture.svg()).map_err(|e| format!("{out}: {e}"))
    } else if out.ends_with(".png") {
        std::fs::write(&out, picture.png()?).map_err(|e| format!("{out}: {e}"))
    } else {
        Err(format!("{out}: expected a file name ending in .png or .svg"))
    }
}

/// A board drawn as coloured polygons on paper.
struct Picture {
    width: f64,
    height: f64,
    tiles: Vec<(Vec<Point>, Rgb)>,
}

impl Picture {
    /// The board `width` wide, as tall as its shape needs; or, if `square`, centred in a
    /// `width` × `width` square (an app icon).
    fn new(level: &Level, width: f64, square: bool) -> Result<Picture, String> {
        let board = level.board();
        let margin = (width * MARGIN).round();
        let inner = width - 2.0 * margin;
        let fit = if square { Fit::new(board, inner, inner) } else { Fit::for_width(board, inner) };
        let fit = fit.ok_or("the picture is too narrow")?;
        let shift = |p: Point| Point { x: p.x + margin, y: p.y + margin };
        let tiles = fit
            .shapes(board)
            .into_iter()
            .filter_map(|s| {
                let colour = level.palette()[usize::from(board.colour(s.tile)?)];
                Some((s.vertices.into_iter().map(shift).collect(), colour))
            })
            .collect();
        let height = if square { width } else { (fit.size().1 + 2.0 * margin).ceil() };
        Ok(Picture { width, height, tiles })
    }

    fn svg(&self) -> String {
        let mut svg = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\">\n\
             <rect width=\"100%\" height=\"100%\" fill=\"{PAPER}\"/>\n",
            w = self.width,
            h = self.height
        );
        for (vertices, colour) in &self.tiles {
            let points: Vec<String> = vertices.iter().map(|p| format!("{:.2},{:.2}", p.x, p.y)).collect();
            // A hairline stroke of the fill colour closes the anti-aliasing seams between tiles.
            svg += &format!(
                "<polygon points=\"{}\" fill=\"{colour}\" stroke=\"{colour}\" stroke-width=\"1\" stroke-linejoin=\"round\"/>\n",
                points.join(" ")
            );
        }
        svg + "</svg>\n"
    }

    fn png(&self) -> Result<Vec<u8>, String> {
        let mut pixmap = Pixmap::new(self.width as u32, self.height as u32).ok_or("the picture is too large")?;
        pixmap.fill(skia_colour(PAPER));
        let stroke = Stroke { width: 1.0, ..Stroke::default() };
        for (vertices, colour) in &self.tiles {
            let mut path = PathBuilder::new();
            path.move_to(vertices[0].x as f32, vertices[0].y as f32);
            for p in &vertices[1..] {
                path.line_to(p.x as f32, p.y as f32);
            }
            path.close();
            let Some(path) = path.finish() else { continue };
            let mut paint = Paint::default();
            paint.set_color(skia_colour(*colour));
            paint.anti_alias = true;
            pixmap.fill_path(&path, &paint, FillRule::Winding, Transform::identity(), None);
            pixmap.stroke_path(&path, &paint, &stroke, Transform::identity(), None);
        }
        // Opaque (paper everywhere), so written as RGB: an app icon must have no alpha channel.
        let rgb: Vec<u8> = pixmap.data().chunks_exact(4).flat_map(|p| [p[0], p[1], p[2]]).collect();
        let mut bytes = Vec::new();
        let mut encoder = png::Encoder::new(&mut bytes, pixmap.width(), pixmap.height());
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header().map_err(|e| e.to_string())?;
        writer.write_image_data(&rgb).map_err(|e| e.to_string())?;
        writer.finish().map_err(|e| e.to_string())?;
        Ok(bytes)
    }
}

fn skia_colour(c: Rgb) -> tiny_skia::Color {
    tiny_skia::Color::from_rgba8(c.red, c.green, c.blue, 255)
}
