//! PNG and JPEG bytes to RGB pixels, refusing images too large or too small before decoding them.

use super::ImportError;
use image::{ImageFormat, ImageReader, Limits};
use std::io::Cursor;

/// Widest or tallest image accepted, in pixels.
pub const MAX_SIDE_PIXELS: u32 = 10_000;
/// Most pixels accepted: a 1242 × 2208 screenshot has 2.7 million.
pub const MAX_PIXELS: u64 = 40_000_000;
/// Narrowest image accepted: below this a column of triangles is too few pixels to read.
pub const MIN_WIDTH: u32 = 200;
/// Shortest image accepted.
pub const MIN_HEIGHT: u32 = 300;

/// An image as rows of RGB bytes.
pub struct Picture {
    /// Width in pixels.
    pub width: usize,
    /// Height in pixels.
    pub height: usize,
    /// `width × height` pixels, row by row, three bytes each.
    pub rgb: Vec<u8>,
}

impl Picture {
    /// The pixel at `(x, y)`, which must lie inside the picture.
    pub fn at(&self, x: usize, y: usize) -> [u8; 3] {
        let i = 3 * (y * self.width + x);
        [self.rgb[i], self.rgb[i + 1], self.rgb[i + 2]]
    }

    /// The pixel nearest `(x, y)`, or `None` outside the picture.
    pub fn near(&self, x: f64, y: f64) -> Option<[u8; 3]> {
        let (x, y) = (x.floor(), y.floor());
        let inside = x >= 0.0 && y >= 0.0 && x < self.width as f64 && y < self.height as f64;
        inside.then(|| self.at(x as usize, y as usize))
    }
}

/// Decodes a PNG or JPEG. The header is read first: an image outside the accepted size is
/// refused before any pixel memory is allocated.
pub fn decode(bytes: &[u8]) -> Result<Picture, ImportError> {
    let format = match image::guess_format(bytes) {
        Ok(f @ (ImageFormat::Png | ImageFormat::Jpeg)) => f,
        _ => return Err(ImportError::Unreadable("not a PNG or JPEG image".into())),
    };
    // The header alone: no pixel memory yet.
    let (width, height) = ImageReader::with_format(Cursor::new(bytes), format).into_dimensions().map_err(unreadable)?;
    if width > MAX_SIDE_PIXELS || height > MAX_SIDE_PIXELS || u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(ImportError::TooLarge { width, height });
    }
    if width < MIN_WIDTH || height < MIN_HEIGHT {
        return Err(ImportError::TooSmall { width, height });
    }
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIDE_PIXELS);
    limits.max_image_height = Some(MAX_SIDE_PIXELS);
    // The decoded RGB(A) image and the decoder's own buffers.
    limits.max_alloc = Some(MAX_PIXELS * 8);
    reader.limits(limits);
    let rgb = reader.decode().map_err(unreadable)?.into_rgb8();
    let (width, height) = (rgb.width() as usize, rgb.height() as usize);
    Ok(Picture { width, height, rgb: rgb.into_raw() })
}

fn unreadable(e: image::ImageError) -> ImportError {
    match e {
        image::ImageError::Limits(_) => ImportError::Unreadable("the image needs too much memory to decode".into()),
        e => ImportError::Unreadable(e.to_string()),
    }
}
