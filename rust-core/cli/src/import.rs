//! `kami import SHOT --out FILE.toml [--par N] [--name NAME] [--debug FILE.png]`: reads a KAMI 2
//! screenshot into a level file; the debug picture draws the toolbar, swatches and grid found,
//! and each triangle's verdict, over the screenshot (as far as the import got, when it fails).
//! `kami import CODE --out FILE.toml`: writes the puzzle of a share code or `kami://` link (any
//! argument that is not a file is read as one).

use crate::args::looks_like_code;
use crate::output::say;
use kami_core::import::grid::{COLS, ROWS};
use kami_core::import::{Analysis, analyse};
use kami_core::level::Level;
use kami_core::level_file::write_level;
use kami_core::share;
use std::path::Path;
use tiny_skia::{Color, FillRule, Paint, PathBuilder, Pixmap, Rect, Stroke, Transform};

/// `kami import` arguments.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The screenshot (SHOT.png or SHOT.jpg), or a share code or kami:// link
    shot: String,
    /// The level file to write
    #[arg(long, value_name = "FILE.toml")]
    out: String,
    /// The par, when the move counter cannot be read (kami solve finds it); for a code, instead of the code's
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    par: Option<u32>,
    /// The level's name [default: the screenshot's file name, or the code's name]
    #[arg(long)]
    name: Option<String>,
    /// Also draw the grid and verdicts found over the screenshot, as FILE.png
    #[arg(long, value_name = "FILE.png")]
    debug: Option<String>,
}

/// Runs the command.
pub fn run(args: Args) -> Result<(), String> {
    let Args { shot, out, par, name, debug } = args;
    let shot = &shot;
    if !Path::new(shot).is_file() && debug.is_none() {
        return import_code(shot, &out, par, name);
    }
    let bytes = std::fs::read(shot).map_err(|e| format!("{shot}: {e}"))?;
    let (result, analysis) = analyse(&bytes);
    if let Some(debug) = debug {
        // Also for a failed import: what was found up to the failure shows where it went wrong.
        std::fs::write(&debug, debug_picture(&bytes, &analysis)?).map_err(|e| format!("{debug}: {e}"))?;
    }
    let imported = result.map_err(|e| format!("{shot}: {e}"))?;
    let par = par.or(imported.par).ok_or_else(|| {
        format!("{shot}: the move counter could not be read; give the par with --par N (kami solve finds it)")
    })?;
    let stem = Path::new(shot).file_stem().and_then(|s| s.to_str()).unwrap_or("imported");
    let name = name.unwrap_or_else(|| stem.to_string());
    let level = imported.level(stem, &name, par).map_err(|e| format!("{shot}: {e}"))?;
    std::fs::write(&out, write_level(&level)).map_err(|e| format!("{out}: {e}"))?;
    let read = imported.par.map_or("not read".to_string(), |p| p.to_string());
    say!("{out}: {} colours, par {par} (counter: {read})", level.palette().len());
    Ok(())
}

/// Writes the puzzle of share code (or link) `code` as level file `out`.
fn import_code(code: &str, out: &str, par: Option<u32>, name: Option<String>) -> Result<(), String> {
    let shared = share::decode(code).map_err(|e| {
        if looks_like_code(code) {
            e.to_string()
        } else {
            format!("{code}: no such file, and not a share code either ({e})")
        }
    })?;
    let level = &shared.level;
    let name = name.unwrap_or_else(|| level.name().to_string());
    let par = par.unwrap_or(level.par());
    let level = Level::new(level.id().to_string(), name, par, level.palette().to_vec(), level.board().clone())
        .map_err(|e| e.to_string())?;
    std::fs::write(out, write_level(&level)).map_err(|e| format!("{out}: {e}"))?;
    let claim = if shared.par_proven { "proven by its sender" } else { "not proven by its sender" };
    say!(
        "{out}: {} colours, par {par} (the code's par {}, {claim}; kami check {out} proves it)",
        level.palette().len(),
        shared.level.par()
    );
    Ok(())
}

/// The screenshot with what the import found drawn over it: the toolbar's top edge and the
/// swatches in cyan, the grid in white over black, and in each triangle a dot of the swatch
/// colour it was read as (ringed in black and white), or a red cross for a hole; as far as the
/// import got.
fn debug_picture(bytes: &[u8], analysis: &Analysis) -> Result<Vec<u8>, String> {
    let rgba = image::load_from_memory(bytes).map_err(|e| e.to_string())?.into_rgba8();
    let (w, h) = rgba.dimensions();
    let size = tiny_skia::IntSize::from_wh(w, h).ok_or("empty screenshot")?;
    let mut pixmap = Pixmap::from_vec(rgba.into_raw(), size).ok_or("cannot draw over the screenshot")?;
    let unit = (w as f32 / 400.0).max(1.0);
    let line = |pixmap: &mut Pixmap, path: &PathBuilder, colour: Color, width: f32| {
        if let Some(path) = path.clone().finish() {
            let mut paint = Paint::default();
            paint.set_color(colour);
            paint.anti_alias = true;
            pixmap.stroke_path(&path, &paint, &Stroke { width, ..Stroke::default() }, Transform::identity(), None);
        }
    };
    let cyan = Color::from_rgba8(0, 220, 255, 255);
    let Some(toolbar) = &analysis.toolbar else { return pixmap.encode_png().map_err(|e| e.to_string()) };
    let top = toolbar.top as f32;
    let mut bar = PathBuilder::new();
    bar.move_to(0.0, top);
    bar.line_to(w as f32, top);
    for s in &toolbar.swatches {
        if let Some(rect) = Rect::from_ltrb(s.left as f32, top, s.right as f32, h as f32) {
            bar.push_rect(rect.inset(unit * 2.0, unit * 2.0).unwrap_or(rect));
        }
    }
    line(&mut pixmap, &bar, cyan, unit * 2.0);
    let Some(grid) = &analysis.grid else { return pixmap.encode_png().map_err(|e| e.to_string()) };
    for i in 0..ROWS * COLS {
        let (row, col) = ((i / COLS) as i64, (i % COLS) as i64);
        let corners = grid.corners(row, col);
        let mut outline = PathBuilder::new();
        outline.move_to(corners[0].0 as f32, corners[0].1 as f32);
        outline.line_to(corners[1].0 as f32, corners[1].1 as f32);
        outline.line_to(corners[2].0 as f32, corners[2].1 as f32);
        outline.close();
        line(&mut pixmap, &outline, Color::BLACK, unit * 1.5);
        line(&mut pixmap, &outline, Color::WHITE, unit * 0.6);
        let cx = ((corners[0].0 + corners[1].0 + corners[2].0) / 3.0) as f32;
        let cy = ((corners[0].1 + corners[1].1 + corners[2].1) / 3.0) as f32;
        let r = unit * 5.0;
        match analysis.verdicts.get(i).map(|v| v.colour) {
            None => {}
            Some(Some(c)) => {
                let rgb = toolbar.swatches[usize::from(c)].rgb;
                let mut dot = PathBuilder::new();
                dot.push_circle(cx, cy, r);
                if let Some(path) = dot.clone().finish() {
                    let mut paint = Paint::default();
                    paint.set_color(Color::from_rgba8(rgb[0], rgb[1], rgb[2], 255));
                    paint.anti_alias = true;
                    pixmap.fill_path(&path, &paint, FillRule::Winding, Transform::identity(), None);
                }
                line(&mut pixmap, &dot, Color::BLACK, unit * 1.5);
                line(&mut pixmap, &dot, Color::WHITE, unit * 0.6);
            }
            Some(None) => {
                let mut cross = PathBuilder::new();
                cross.move_to(cx - r, cy - r);
                cross.line_to(cx + r, cy + r);
                cross.move_to(cx + r, cy - r);
                cross.line_to(cx - r, cy + r);
                line(&mut pixmap, &cross, Color::from_rgba8(230, 30, 30, 255), unit * 2.0);
            }
        }
    }
    pixmap.encode_png().map_err(|e| e.to_string())
}
