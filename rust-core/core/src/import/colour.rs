//! Colours in OKLab, a perceptual space where distance follows how different colours look.

use once_cell::sync::Lazy;

/// A colour in OKLab: lightness 0–1 and two opponent axes (about −0.4 to 0.4).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Lab {
    /// Lightness, 0 (black) to 1 (white).
    pub l: f32,
    /// Green (negative) to red (positive).
    pub a: f32,
    /// Blue (negative) to yellow (positive).
    pub b: f32,
}

/// sRGB byte to linear light.
static LINEAR: Lazy<[f32; 256]> = Lazy::new(|| {
    std::array::from_fn(|i| {
        let c = i as f32 / 255.0;
        if c <= 0.040_45 { c / 12.92 } else { ((c + 0.055) / 1.055).powf(2.4) }
    })
});

impl Lab {
    /// Converts an sRGB colour (Björn Ottosson's matrices).
    pub fn from_srgb(rgb: [u8; 3]) -> Lab {
        let [r, g, b] = rgb.map(|c| LINEAR[usize::from(c)]);
        let l = (0.412_221_46 * r + 0.536_332_55 * g + 0.051_445_995 * b).cbrt();
        let m = (0.211_903_5 * r + 0.680_699_5 * g + 0.107_396_96 * b).cbrt();
        let s = (0.088_302_46 * r + 0.281_718_85 * g + 0.629_978_7 * b).cbrt();
        Lab {
            l: 0.210_454_26 * l + 0.793_617_8 * m - 0.004_072_047 * s,
            a: 1.977_998_5 * l - 2.428_592_2 * m + 0.450_593_7 * s,
            b: 0.025_904_037 * l + 0.782_771_77 * m - 0.808_675_77 * s,
        }
    }

    /// How different two colours look, with lightness counting half: paper folds and shading
    /// change a tile's lightness, hardly its hue. About 0.02 is barely visible.
    pub fn distance(self, other: Lab) -> f32 {
        let (dl, da, db) = ((self.l - other.l) * 0.5, self.a - other.a, self.b - other.b);
        (dl * dl + da * da + db * db).sqrt()
    }

    /// The plain OKLab difference (ΔE, lightness counting fully): black to white is 1.0, and
    /// about 0.02 is barely visible side by side.
    pub fn delta_e(self, other: Lab) -> f32 {
        let (dl, da, db) = (self.l - other.l, self.a - other.a, self.b - other.b);
        (dl * dl + da * da + db * db).sqrt()
    }
}

/// The per-channel median of some colours (the middle one of each channel); `None` if empty.
/// Sorts `values` channel by channel.
pub fn median(values: &mut [Lab]) -> Option<Lab> {
    let mid = values.len().checked_sub(1)? / 2;
    let mut pick = |key: fn(&Lab) -> f32| {
        values.select_nth_unstable_by(mid, |x, y| key(x).total_cmp(&key(y)));
        key(&values[mid])
    };
    Some(Lab { l: pick(|c| c.l), a: pick(|c| c.a), b: pick(|c| c.b) })
}

/// The spread of lightness: the distance between its 10th and 90th percentiles (0 if empty).
pub fn lightness_spread(values: &mut [Lab]) -> f32 {
    if values.is_empty() {
        return 0.0;
    }
    let n = values.len() - 1;
    let (lo, hi) = (n / 10, n - n / 10);
    values.sort_unstable_by(|x, y| x.l.total_cmp(&y.l));
    values[hi].l - values[lo].l
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn white_black_and_grey_have_no_hue() {
        let white = Lab::from_srgb([255, 255, 255]);
        assert!((white.l - 1.0).abs() < 1e-3 && white.a.abs() < 1e-3 && white.b.abs() < 1e-3);
        let black = Lab::from_srgb([0, 0, 0]);
        assert!(black.l.abs() < 1e-6);
        let grey = Lab::from_srgb([128, 128, 128]);
        assert!(grey.a.abs() < 1e-3 && grey.b.abs() < 1e-3 && grey.l > 0.5 && grey.l < 0.65);
    }

    #[test]
    fn distance_weighs_hue_above_lightness() {
        let red = Lab::from_srgb([200, 60, 50]);
        let darker = Lab::from_srgb([180, 54, 45]);
        let blue = Lab::from_srgb([50, 60, 200]);
        assert!(red.distance(darker) < 0.04, "{}", red.distance(darker));
        assert!(red.distance(blue) > 0.2);
        assert_eq!(red.distance(red), 0.0);
    }

    #[test]
    fn median_ignores_outliers_and_spread_measures_lightness() {
        let mut v: Vec<Lab> = (0..19).map(|i| Lab { l: 0.5 + i as f32 * 0.001, a: 0.1, b: -0.1 }).collect();
        v.push(Lab { l: 0.0, a: 1.0, b: 1.0 });
        let m = median(&mut v).unwrap();
        assert!((m.l - 0.508).abs() < 1e-6 && m.a == 0.1 && m.b == -0.1, "{m:?}");
        assert!((lightness_spread(&mut v) - 0.017).abs() < 1e-4, "the outlier is left out");
        assert_eq!(median(&mut []), None);
        assert_eq!(lightness_spread(&mut []), 0.0);
    }
}
