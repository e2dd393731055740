//! `kami stats DIR [--out FILE.svg]`: par, regions and difficulty rating of every level, per pack
//! as a table and across the packs as a picture of the difficulty curve.

use crate::output::say;
use kami_core::catalogue::{Catalogue, Pack};
use kami_core::generator::Rating;
use std::fmt::Write;
use std::path::Path;

/// What the picture shows of one level.
struct Point {
    par: u32,
    regions: usize,
    difficulty: f64,
}

/// A line of the picture: its label, colour and value per level.
type Series = (&'static str, &'static str, fn(&Point) -> f64);

/// `kami stats` arguments.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// A folder of packs, such as levels/
    dir: String,
    /// Also draw the difficulty curve as FILE.svg
    #[arg(long, value_name = "FILE.svg")]
    out: Option<String>,
}

/// Runs the command.
pub fn run(args: Args) -> Result<(), String> {
    let Args { dir, out } = args;
    if !Path::new(&dir).is_dir() {
        return Err(format!("{dir}: no such folder; stats needs a folder of packs, e.g. kami stats levels/"));
    }
    let catalogue = Catalogue::from_dir(Path::new(&dir)).map_err(|errors| {
        format!("{} in {dir}; kami check {dir} names them", crate::check::count(errors.len(), "problem"))
    })?;
    if catalogue.packs().is_empty() {
        return Err(format!("{dir}: no packs in it (a pack is a folder with a pack.toml)"));
    }
    let packs: Vec<(&Pack, Vec<Point>)> = catalogue
        .packs()
        .iter()
        .map(|pack| {
            let points = pack
                .levels
                .iter()
                .map(|level| Point {
                    par: level.par(),
                    regions: level.board().regions().count,
                    difficulty: Rating::of(level).difficulty,
                })
                .collect();
            (pack, points)
        })
        .collect();
    say!("{:<24} {:>6} {:>7} {:>9} {:>10}", "pack", "levels", "par", "regions", "rating");
    for (pack, points) in &packs {
        let range = |f: &dyn Fn(&Point) -> f64| {
            let (lo, hi) = points.iter().map(f).fold((f64::MAX, f64::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)));
            format!("{lo}–{hi}")
        };
        say!(
            "{:<24} {:>6} {:>7} {:>9} {:>10}",
            pack.name,
            points.len(),
            range(&|p| f64::from(p.par)),
            range(&|p| p.regions as f64),
            range(&|p| p.difficulty)
        );
    }
    if let Some(path) = out {
        if !path.ends_with(".svg") {
            return Err(format!("--out writes an SVG picture: {path} does not end in .svg"));
        }
        std::fs::write(&path, svg(&packs)).map_err(|e| format!("{path}: {e}"))?;
        say!("wrote {path}");
    }
    Ok(())
}

/// Three panels over the levels in play order (par, regions, rating), packs marked off.
fn svg(packs: &[(&Pack, Vec<Point>)]) -> String {
    const STEP: f64 = 7.0;
    const LEFT: f64 = 70.0;
    const PANEL: f64 = 110.0;
    const GAP: f64 = 30.0;
    const TOP: f64 = 40.0;
    let levels: usize = packs.iter().map(|(_, p)| p.len()).sum();
    let width = LEFT + STEP * levels as f64 + 20.0;
    let height = TOP + 3.0 * (PANEL + GAP);
    let all: Vec<&Point> = packs.iter().flat_map(|(_, p)| p).collect();
    let series: [Series; 3] = [
        ("par", "#C8553D", |p| f64::from(p.par)),
        ("regions", "#29335C", |p| p.regions as f64),
        ("rating (1–10)", "#2A9D8F", |p| p.difficulty),
    ];
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="11">"#
    );
    let _ = writeln!(s, r##"<rect width="100%" height="100%" fill="#F2EBDD"/>"##);
    let mut x = LEFT;
    for (pack, points) in packs {
        let _ = writeln!(
            s,
            r##"<line x1="{x}" y1="{}" x2="{x}" y2="{}" stroke="#B8B0A0"/><text x="{}" y="{}" fill="#2B2A28">{}</text>"##,
            TOP - 20.0,
            height - GAP,
            x + 3.0,
            TOP - 24.0,
            escape(&pack.name)
        );
        x += STEP * points.len() as f64;
    }
    for (i, (name, colour, value)) in series.iter().enumerate() {
        let top = TOP + i as f64 * (PANEL + GAP);
        let max = all.iter().map(|p| value(p)).fold(1.0, f64::max).ceil();
        let y = |v: f64| top + PANEL - v / max * PANEL;
        let _ = writeln!(
            s,
            r##"<text x="4" y="{}" fill="{colour}">{name}</text><text x="{}" y="{}" text-anchor="end" fill="#2B2A28">{max}</text><text x="{}" y="{}" text-anchor="end" fill="#2B2A28">0</text><line x1="{LEFT}" y1="{}" x2="{}" y2="{}" stroke="#B8B0A0"/>"##,
            top + PANEL / 2.0,
            LEFT - 4.0,
            top + 8.0,
            LEFT - 4.0,
            top + PANEL,
            top + PANEL,
            width - 20.0,
            top + PANEL
        );
        let points: Vec<String> = all
            .iter()
            .enumerate()
            .map(|(k, p)| format!("{:.1},{:.1}", LEFT + STEP * (k as f64 + 0.5), y(value(p))))
            .collect();
        let _ = writeln!(
            s,
            r#"<polyline points="{}" fill="none" stroke="{colour}" stroke-width="1.5"/>"#,
            points.join(" ")
        );
    }
    s.push_str("</svg>\n");
    s
}

/// `text` safe inside an SVG element.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}
