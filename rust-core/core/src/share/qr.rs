//! A code's link as a QR code a phone camera scans: as a PNG, or as text for a terminal.

use super::ShareError;
use image::ImageEncoder;
use image::codecs::png::PngEncoder;
use qrcode::{Color, EcLevel, QrCode};

/// The light margin around the symbol, in modules, that the QR standard asks for.
const QUIET: usize = 4;
/// Largest module size a PNG is drawn with, in pixels.
pub const MAX_MODULE_PIXELS: u32 = 32;

/// A QR symbol with its quiet zone: `side × side` modules, dark or light.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Qr {
    side: usize,
    dark: Vec<bool>,
}

impl Qr {
    /// The symbol of `text`, with medium error correction (15 % of it may be damaged), or low
    /// (7 %) where medium does not fit; `QrTooLarge` past a QR code's capacity.
    pub fn of(text: &str) -> Result<Qr, ShareError> {
        let code = QrCode::with_error_correction_level(text, EcLevel::M)
            .or_else(|_| QrCode::with_error_correction_level(text, EcLevel::L))
            .map_err(|_| ShareError::QrTooLarge { length: text.chars().count() as u32 })?;
        let width = code.width();
        let side = width + 2 * QUIET;
        let colours = code.to_colors();
        let dark = (0..side * side)
            .map(|i| {
                let (y, x) = (i / side, i % side);
                let inside = |v: usize| (QUIET..QUIET + width).contains(&v);
                inside(x) && inside(y) && colours[(y - QUIET) * width + x - QUIET] == Color::Dark
            })
            .collect();
        Ok(Qr { side, dark })
    }

    /// Modules a side, the quiet zone included.
    pub fn side(&self) -> usize {
        self.side
    }

    /// Whether the module at column `x`, row `y` is dark (`false` off the symbol).
    pub fn is_dark(&self, x: usize, y: usize) -> bool {
        x < self.side && self.dark.get(y * self.side + x).copied().unwrap_or(false)
    }

    /// A greyscale PNG, black on white, each module `module_pixels` square (1 to
    /// [`MAX_MODULE_PIXELS`]; clamped into that range).
    pub fn png(&self, module_pixels: u32) -> Vec<u8> {
        let scale = module_pixels.clamp(1, MAX_MODULE_PIXELS) as usize;
        let pixels = self.side * scale;
        let mut grey = Vec::with_capacity(pixels * pixels);
        for y in 0..pixels {
            grey.extend((0..pixels).map(|x| if self.is_dark(x / scale, y / scale) { 0 } else { 255 }));
        }
        let mut png = Vec::new();
        // Encoding a well-formed greyscale buffer into memory does not fail.
        let _ =
            PngEncoder::new(&mut png).write_image(&grey, pixels as u32, pixels as u32, image::ExtendedColorType::L8);
        png
    }

    /// The symbol as lines of half blocks, two module rows a line: `█` both dark, `▀` the top
    /// one, `▄` the bottom one, a space neither. Print it dark on light (a terminal's colours may
    /// be the other way round).
    pub fn half_blocks(&self) -> Vec<String> {
        (0..self.side.div_ceil(2))
            .map(|line| {
                (0..self.side)
                    .map(|x| match (self.is_dark(x, 2 * line), self.is_dark(x, 2 * line + 1)) {
                        (true, true) => '█',
                        (true, false) => '▀',
                        (false, true) => '▄',
                        (false, false) => ' ',
                    })
                    .collect()
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::Catalogue;
    use crate::share::{decode, encode, link};

    /// A greyscale picture for the QR reader.
    struct Grey {
        width: usize,
        pixels: Vec<u8>,
    }

    /// What a QR reader finds in `picture`: the one symbol's text.
    fn scan(picture: Grey) -> String {
        let height = picture.pixels.len() / picture.width;
        let mut prepared = rqrr::PreparedImage::prepare_from_greyscale(picture.width, height, |x, y| {
            picture.pixels[y * picture.width + x]
        });
        let grids = prepared.detect_grids();
        assert_eq!(grids.len(), 1, "one QR code in the picture");
        grids[0].decode().expect("the QR code reads").1
    }

    #[test]
    fn the_png_scans_back_to_the_link_of_the_same_puzzle() {
        for id in ["01-first-steps/sun", "06-archipelago/atoll", "10-mandala/corona"] {
            let level = Catalogue::shipped().level(id).unwrap();
            let code = encode(level, true, Some(level.name())).unwrap();
            let png = Qr::of(&link(&code)).unwrap().png(4);
            let picture = image::load_from_memory(&png).unwrap().into_luma8();
            let width = picture.width() as usize;
            let text = scan(Grey { width, pixels: picture.into_raw() });
            assert_eq!(text, link(&code));
            assert_eq!(decode(&text).unwrap().level.board(), level.board());
        }
    }

    #[test]
    fn the_half_blocks_scan_back_too() {
        let level = Catalogue::shipped().level("08-summit/alpenglow").unwrap();
        let code = encode(level, true, None).unwrap();
        let qr = Qr::of(&code).unwrap();
        // Each character is a module wide and two tall; drawn 3 pixels a module.
        let lines = qr.half_blocks();
        let (side, scale) = (qr.side(), 3);
        let mut pixels = vec![255u8; side * scale * lines.len() * 2 * scale];
        for (l, line) in lines.iter().enumerate() {
            for (x, ch) in line.chars().enumerate() {
                let (top, bottom) = match ch {
                    '█' => (true, true),
                    '▀' => (true, false),
                    '▄' => (false, true),
                    _ => (false, false),
                };
                for (half, dark) in [(0, top), (1, bottom)] {
                    for dy in 0..scale {
                        for dx in 0..scale {
                            let (px, py) = (x * scale + dx, (2 * l + half) * scale + dy);
                            pixels[py * side * scale + px] = if dark { 0 } else { 255 };
                        }
                    }
                }
            }
        }
        assert_eq!(scan(Grey { width: side * scale, pixels }), code);
    }

    #[test]
    fn png_sizes_follow_the_module_size_and_text_too_long_is_refused() {
        let qr = Qr::of("kami://puzzle/1").unwrap();
        let size = |png: &[u8]| image::load_from_memory(png).unwrap().width() as usize;
        assert_eq!(size(&qr.png(1)), qr.side());
        assert_eq!(size(&qr.png(0)), qr.side());
        assert_eq!(size(&qr.png(1000)), qr.side() * MAX_MODULE_PIXELS as usize);
        assert!(!qr.is_dark(0, 0) && qr.is_dark(QUIET, QUIET) && !qr.is_dark(qr.side(), QUIET));
        assert_eq!(Qr::of(&"x".repeat(3000)), Err(ShareError::QrTooLarge { length: 3000 }));
    }
}
