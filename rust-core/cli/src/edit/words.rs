//! The editor's lines in words: the analysis, the verdicts, the tool and mirror, the keys.

use super::screen::Tool;
use kami_core::board::Symmetry;
use kami_core::editor::{Analysis, Par, Verdict};

/// The keys the bottom line has no room for, shown with `?`.
pub const MORE_KEYS: &str =
    "Arrows and space paint too · p next palette · + add a colour · - remove this colour · c clear";

/// The key line for a palette of `colours`.
pub fn keys(colours: usize) -> String {
    format!("1–{colours} colour · b/f/x brush/fill/hole · m mirror · u/y undo/redo · s save · q quit")
}

/// The tool and the mirror, for the palette line.
pub fn tool_and_mirror(tool: Tool, mirror: Symmetry) -> String {
    let tool = match tool {
        Tool::Brush => "brush",
        Tool::Fill => "fill",
        Tool::Hole => "hole",
    };
    let mirror = match mirror {
        Symmetry::None => "no mirror",
        Symmetry::LeftRight => "mirror ↔",
        Symmetry::TopBottom => "mirror ↕",
        Symmetry::Rotational => "half turn",
    };
    format!("{tool} · {mirror}")
}

/// The analysis line, and the verdicts in a sentence (if any).
pub fn analysis(analysis: Option<&Analysis>) -> (String, Option<String>) {
    let Some(a) = analysis else { return ("Analysing…".into(), None) };
    let par = match (a.par, a.done) {
        (Par::Proven(0), _) => "par 0".to_string(),
        (Par::Proven(par), _) => format!("par {par} (proven)"),
        (Par::Bounds { lo, hi }, false) => format!("par {lo}–{hi}, proving…"),
        (Par::Bounds { lo, hi }, true) => format!("par {lo}–{hi} (not proven in time)"),
    };
    let rating = a.rating.as_ref().map_or(String::new(), |r| format!(" · difficulty {:.1}", r.difficulty));
    let line = format!("{} regions · {} colours · {par}{rating}", a.regions, a.colours_used);
    let verdicts: Vec<String> = a.verdicts.iter().map(verdict).collect();
    (line, (!verdicts.is_empty()).then(|| verdicts.join(" ")))
}

fn verdict(v: &Verdict) -> String {
    match *v {
        Verdict::OneColour => "One colour: nothing to play yet.".into(),
        Verdict::Trivial => "Trivial: par 1 or 2.".into(),
        Verdict::Picture { keeping, first_moves } => {
            format!("A picture, not a puzzle: {keeping} of {first_moves} first moves keep par.")
        }
        Verdict::UnusedColour(c) => format!("Colour {} is used nowhere.", c + 1),
    }
}
