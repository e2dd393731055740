//! Colours a player can tell apart: every two colours of a palette, and each colour and the
//! background its board is drawn on (which is also the colour of its holes), must differ by at
//! least [`MIN_DISTANCE`] in OKLab. The colour-blind symbols stay, but colour alone must be clear.

use crate::import::colour::Lab;
use crate::level::Rgb;

/// Smallest OKLab ΔE allowed between two colours a player must tell apart (black to white is
/// 1.0). Chosen on the shipped levels: pairs players found hard to tell apart measured 0.05–0.123
/// (#E9C46A and #F4A261 0.083; #264653 on the background #1E2233 0.123; #CAE9FF on cream 0.055).
pub const MIN_DISTANCE: f32 = 0.13;

/// The backgrounds the apps draw boards on, whatever the pack: white and black (iOS's system
/// background, light and dark) and Material 3's baseline surfaces (Android, light and dark).
/// Android 12's wallpaper colours cannot be known in advance and are not checked.
pub const APP_BACKGROUNDS: [Rgb; 4] = [
    Rgb { red: 0xFF, green: 0xFF, blue: 0xFF },
    Rgb { red: 0x00, green: 0x00, blue: 0x00 },
    Rgb { red: 0xFF, green: 0xFB, blue: 0xFE },
    Rgb { red: 0x1C, green: 0x1B, blue: 0x1F },
];

/// Two colours too alike.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Clash {
    /// The palette index of the first colour.
    pub colour: usize,
    /// What it is too close to.
    pub other: Other,
    /// Their OKLab ΔE, below [`MIN_DISTANCE`].
    pub distance: f32,
}

/// What a palette colour is too close to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Other {
    /// Another palette colour (its index, after the first).
    Colour(usize),
    /// The background (and holes) the board is drawn on.
    Background(Rgb),
}

/// OKLab ΔE between two colours.
pub fn distance(a: Rgb, b: Rgb) -> f32 {
    let lab = |c: Rgb| Lab::from_srgb([c.red, c.green, c.blue]);
    lab(a).delta_e(lab(b))
}

/// Every pair of `palette` colours, and every colour and one of `backgrounds`, closer than
/// [`MIN_DISTANCE`]; empty when a player can tell them all apart.
pub fn clashes(palette: &[Rgb], backgrounds: &[Rgb]) -> Vec<Clash> {
    let mut found = Vec::new();
    for (i, &a) in palette.iter().enumerate() {
        let others = palette.iter().enumerate().skip(i + 1).map(|(j, &b)| (Other::Colour(j), b));
        let grounds = backgrounds.iter().map(|&b| (Other::Background(b), b));
        for (other, b) in others.chain(grounds) {
            let distance = distance(a, b);
            if distance < MIN_DISTANCE {
                found.push(Clash { colour: i, other, distance });
            }
        }
    }
    found
}

/// Like "colour 3 (#E9C46A) and colour 4 (#F4A261) are too alike (OKLab ΔE 0.083, at least 0.13
/// needed)", counting colours from 1 as the keys do.
pub fn describe(clash: &Clash, palette: &[Rgb]) -> String {
    let shown = |i: usize| palette.get(i).map_or(format!("colour {}", i + 1), |c| format!("colour {} ({c})", i + 1));
    let other = match clash.other {
        Other::Colour(j) => shown(j),
        Other::Background(b) => format!("the background and holes ({b})"),
    };
    format!(
        "{} and {other} are too alike (OKLab ΔE {:.3}, at least {MIN_DISTANCE} needed)",
        shown(clash.colour),
        clash.distance
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rgb(text: &str) -> Rgb {
        Rgb::parse(text).unwrap()
    }

    #[test]
    fn the_pairs_players_confused_are_refused_and_clear_ones_pass() {
        let palette = [rgb("#E9C46A"), rgb("#F4A261"), rgb("#264653")];
        let found = clashes(&palette, &[rgb("#1E2233")]);
        let pairs: Vec<(usize, Other)> = found.iter().map(|c| (c.colour, c.other)).collect();
        assert_eq!(pairs, vec![(0, Other::Colour(1)), (2, Other::Background(rgb("#1E2233")))]);
        assert!(found.iter().all(|c| c.distance < MIN_DISTANCE));
        assert!(describe(&found[0], &palette).starts_with("colour 1 (#E9C46A) and colour 2 (#F4A261) are too alike"));
        // A pale blue on cream, and two dark blues side by side.
        assert_eq!(clashes(&[rgb("#CAE9FF")], &[rgb("#EDEDE9")]).len(), 1);
        assert_eq!(clashes(&[rgb("#1B4965"), rgb("#2B2D42")], &[]).len(), 1);
        // Red, navy and yellow on cream, and on the apps' backgrounds, are clear.
        assert!(clashes(&[rgb("#E4572E"), rgb("#293B7C"), rgb("#FBA702")], &[rgb("#F2EBDD")]).is_empty());
        assert!(clashes(&[rgb("#E4572E"), rgb("#293B7C"), rgb("#FBA702")], &APP_BACKGROUNDS).is_empty());
        assert_eq!(clashes(&[rgb("#FAFAFA"), rgb("#101010")], &APP_BACKGROUNDS).len(), 3);
    }

    #[test]
    fn distance_is_symmetric_and_zero_only_for_the_same_colour() {
        let (a, b) = (rgb("#E4572E"), rgb("#669BBC"));
        assert_eq!(distance(a, b), distance(b, a));
        assert_eq!(distance(a, a), 0.0);
        assert!((distance(rgb("#000000"), rgb("#FFFFFF")) - 1.0).abs() < 1e-3);
    }
}
