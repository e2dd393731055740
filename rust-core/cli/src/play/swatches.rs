//! The row of palette swatches under a board (`[1 ████]  2 ████ …`), shared by the game and the
//! editor: drawing it and telling which swatch a click is on.

use super::canvas::{Canvas, Style};
use super::look::Look;
use kami_core::level::Rgb;

/// Column of the first swatch.
pub const PALETTE_X: u16 = 1;
/// Cells per swatch: `[1 ████]` and a space.
pub const SWATCH_WIDTH: u16 = 9;

/// Draws `palette` on row `y`, the `chosen` colour in brackets.
pub fn draw(canvas: &mut Canvas, y: u16, palette: &[Rgb], chosen: Option<usize>, look: Look) {
    for (i, &rgb) in (0u16..).zip(palette) {
        let x = PALETTE_X + i * SWATCH_WIDTH;
        let (open, close, style) =
            if chosen == Some(usize::from(i)) { ('[', ']', look.strong) } else { (' ', ' ', look.plain) };
        canvas.set(x, y, open, style);
        canvas.text(x + 1, y, &format!("{} ", i + 1), style);
        canvas.text(x + 3, y, "████", Style::new(rgb, look.paper));
        canvas.set(x + 7, y, close, style);
    }
}

/// The palette index of the swatch under column `x` (none between swatches).
pub fn at(x: u16) -> Option<usize> {
    let dx = x.checked_sub(PALETTE_X)?;
    (dx % SWATCH_WIDTH < SWATCH_WIDTH - 1).then_some(usize::from(dx / SWATCH_WIDTH))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clicks_on_a_swatch_pick_it_and_gaps_pick_nothing() {
        assert_eq!(at(0), None);
        assert_eq!(at(PALETTE_X), Some(0));
        assert_eq!(at(PALETTE_X + SWATCH_WIDTH - 1), None);
        assert_eq!(at(PALETTE_X + SWATCH_WIDTH + 2), Some(1));
    }
}
