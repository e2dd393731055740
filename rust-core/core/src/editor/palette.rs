//! Palettes for the editor: a handful of curated ones that pass `kami check`'s colour-distance
//! rule ([`crate::legibility`]) on the apps' backgrounds, and the check on a custom one.

use crate::legibility::{APP_BACKGROUNDS, Clash, clashes};
use crate::level::Rgb;

/// A named palette of 6 colours; a puzzle of n colours takes its first n.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CuratedPalette {
    /// Its name, for the palette picker.
    pub name: &'static str,
    /// Six colours, every two of them (and each and the apps' backgrounds) clearly apart.
    pub colours: [Rgb; 6],
}

const fn rgb(hex: u32) -> Rgb {
    Rgb { red: (hex >> 16) as u8, green: (hex >> 8) as u8, blue: hex as u8 }
}

/// The curated palettes, each checked by a test against the colour-distance rule.
pub const CURATED: [CuratedPalette; 5] = [
    CuratedPalette {
        name: "Paper",
        colours: [rgb(0xE4572E), rgb(0x293B7C), rgb(0xFBA702), rgb(0x3E9B6E), rgb(0x8E4A9C), rgb(0x7FB8D9)],
    },
    CuratedPalette {
        name: "Autumn",
        colours: [rgb(0xB23A2B), rgb(0xE8A33D), rgb(0x4F6D3A), rgb(0x6B3E26), rgb(0xD97A9B), rgb(0x2F5D7C)],
    },
    CuratedPalette {
        name: "Sea",
        colours: [rgb(0x0B6E8C), rgb(0x8FD3C8), rgb(0xF2C14E), rgb(0xE0604F), rgb(0x9B5DE5), rgb(0x6BA368)],
    },
    CuratedPalette {
        name: "Orchard",
        colours: [rgb(0x9C2F45), rgb(0xF0B33C), rgb(0x5E8C31), rgb(0x4A7FC1), rgb(0xC779C7), rgb(0x24476B)],
    },
    CuratedPalette {
        name: "Neon",
        colours: [rgb(0xFF4F79), rgb(0x2BC4A9), rgb(0xFFC93C), rgb(0x5B5FE8), rgb(0xA05A2C), rgb(0x9EDB4A)],
    },
];

/// Every two colours of `palette`, and each colour and an app background, too alike to tell
/// apart: empty for a palette a player can read. The editor keeps a custom palette anyway and
/// shows these as warnings.
pub fn check_palette(palette: &[Rgb]) -> Vec<Clash> {
    clashes(palette, &APP_BACKGROUNDS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::legibility::describe;

    #[test]
    fn curated_palettes_pass_the_colour_distance_rule() {
        for palette in CURATED {
            let found = check_palette(&palette.colours);
            let words: Vec<String> = found.iter().map(|c| describe(c, &palette.colours)).collect();
            assert!(found.is_empty(), "{}: {words:?}", palette.name);
        }
    }

    #[test]
    fn a_custom_palette_with_two_close_colours_is_warned_about() {
        let palette = [rgb(0xE9C46A), rgb(0xF4A261), rgb(0x293B7C)];
        let found = check_palette(&palette);
        assert_eq!(found.len(), 1);
        assert_eq!((found[0].colour, found[0].other), (0, crate::legibility::Other::Colour(1)));
    }
}
