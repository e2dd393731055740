//! The text styles a screen is drawn in, from a pack's theme.

use super::canvas::Style;
use kami_core::catalogue::Theme;
use kami_core::level::Rgb;

/// The theme for levels outside the shipped packs (level files).
pub const DEFAULT_THEME: Theme = Theme {
    background: Rgb { red: 0xF2, green: 0xEB, blue: 0xDD },
    ink: Rgb { red: 0x2B, green: 0x2A, blue: 0x28 },
    accent: Rgb { red: 0xC8, green: 0x55, blue: 0x3D },
};

/// Styles for text on a theme's paper.
#[derive(Clone, Copy, Debug)]
pub struct Look {
    /// The paper, for drawing around the board.
    pub paper: Rgb,
    /// Ordinary text.
    pub plain: Style,
    /// Headings, the selected colour and results: bold accent.
    pub strong: Style,
    /// The selected menu line: paper on accent.
    pub selected: Style,
}

impl Look {
    /// The styles of `theme`.
    pub fn new(theme: &Theme) -> Look {
        Look {
            paper: theme.background,
            plain: Style::new(theme.ink, theme.background),
            strong: Style::new(theme.accent, theme.background).bold(),
            selected: Style::new(theme.background, theme.accent).bold(),
        }
    }
}
