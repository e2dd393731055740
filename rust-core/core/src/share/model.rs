//! What a code's payload says, field by field, through the arithmetic coder: size and tiling,
//! palette, par, name, then the tiles, each predicted from the tiles already coded.
//!
//! Tiles are coded row by row, each as a symbol (a palette index, or the palette size for a
//! hole). Its candidates are the symbols of the tiles already coded around it (above, left, two
//! above, the diagonals, …) and, for each symmetry the encoder switched on, of its mirror image,
//! most telling first; the coder asks "is it this one?" down the list with odds learnt per
//! context (which candidates agree, whether the tile points left), then names a symbol outside
//! the list. Shipped boards are mostly large regions and often symmetric, so most tiles cost a
//! fraction of a bit. A board that prediction does not suit is coded plainly, each tile one of
//! the symbols at equal odds, which bounds every code's length.

use super::ShareError;
use super::coder::{Bit, Decoder, Encoder};
use crate::board::{MAX_COLOURS, MAX_SIDE, Symmetry, Tiling};
use crate::collection::MAX_NAME;
use crate::level::{MIN_COLOURS, Rgb};

/// KAMI 2's board, coded in one bit.
const STANDARD: (Tiling, usize, usize) = (Tiling::Triangles, 29, 10);
/// Pars are coded as a bit length below this and the bits under the top one.
const PAR_BITS: u32 = 13;
/// Characters a name is coded with cheaply (anything else is its code point, escaped).
const NAME_CHARS: &str = " abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-";
/// Tile modes: 0–7 predict with these symmetries switched on (bit 0 left-right, 1 top-bottom,
/// 2 half turn); [`PLAIN`] codes every tile at equal odds.
const MODES: u32 = 9;
const PLAIN: u32 = 8;
const SYMMETRIES: [Symmetry; 3] = [Symmetry::LeftRight, Symmetry::TopBottom, Symmetry::Rotational];

/// The colours of the generator's palettes (`generator.rs`), which the shipped levels use, then
/// those of the editor's curated palettes (`editor/palette.rs`), each palette's run in order.
/// Frozen for version 1: a colour listed here costs about 6 bits, the one after it in the list
/// about 1, any other 25. Add colours only with a new version.
const COLOURS: [u32; 63] = [
    0xE4572E, 0x293B7C, 0xFBA702, 0xA8C686, 0x669BBC, 0x6D597A, //
    0x2E485F, 0xD9495B, 0xEDAE49, 0x00798C, 0x66A182, 0x8E5572, //
    0x1E4E5B, 0x2A9D8F, 0xD9D452, 0xF4AA81, 0xE76F51, 0x6D6875, //
    0x454063, 0xF8723F, 0xF2C46F, 0x81B29A, 0xB5838D, 0x6B705C, //
    0x2B517D, 0x5FA8D3, 0x82D9FF, 0xEE6C4D, 0xF9C74F, 0x5B2552, //
    0x5F0F40, 0xFB9B04, 0x0F4C5C, 0xD1D876, 0x9A031E, 0xE36414, //
    0x3E9B6E, 0x8E4A9C, 0x7FB8D9, 0xB23A2B, 0xE8A33D, 0x4F6D3A, //
    0x6B3E26, 0xD97A9B, 0x2F5D7C, 0x0B6E8C, 0x8FD3C8, 0xF2C14E, //
    0xE0604F, 0x9B5DE5, 0x6BA368, 0x9C2F45, 0xF0B33C, 0x5E8C31, //
    0x4A7FC1, 0xC779C7, 0x24476B, 0xFF4F79, 0x2BC4A9, 0xFFC93C, //
    0x5B5FE8, 0xA05A2C, 0x9EDB4A,
];

/// A puzzle as a code holds it, before any check that it is playable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Fields {
    pub tiling: Tiling,
    pub rows: usize,
    pub cols: usize,
    pub palette: Vec<Rgb>,
    /// Row by row; `None` is a hole.
    pub cells: Vec<Option<u8>>,
    pub par: u32,
    pub par_proven: bool,
    pub name: Option<String>,
}

impl Fields {
    /// The fields of `level`'s puzzle.
    pub fn of(level: &crate::level::Level, par_proven: bool, name: Option<String>) -> Fields {
        let board = level.board();
        Fields {
            tiling: board.tiling(),
            rows: board.rows(),
            cols: board.cols(),
            palette: level.palette().to_vec(),
            cells: board.cells().to_vec(),
            par: level.par(),
            par_proven,
            name,
        }
    }
}

/// The shortest payload for `fields` over every tile mode. `fields` must be in range (a level's).
pub(super) fn write(fields: &Fields) -> Vec<bool> {
    (0..MODES)
        .map(|mode| {
            let mut encoder = Encoder::new();
            write_header(&mut encoder, fields);
            encoder.uniform(mode, MODES);
            write_tiles(&mut encoder, fields, mode);
            encoder.finish()
        })
        .min_by_key(Vec::len)
        .unwrap_or_default()
}

/// The fields coded in `bits`, and how many bits their encoder wrote.
pub(super) fn read(bits: &[bool]) -> Result<(Fields, usize), ShareError> {
    let mut decoder = Decoder::new(bits);
    let mut fields = read_header(&mut decoder)?;
    let mode = decoder.uniform(MODES);
    read_tiles(&mut decoder, &mut fields, mode);
    Ok((fields, decoder.bits_used()))
}

fn write_header(e: &mut Encoder, f: &Fields) {
    let standard = (f.tiling, f.rows, f.cols) == STANDARD;
    e.uniform(u32::from(standard), 2);
    if !standard {
        e.uniform(u32::from(f.tiling == Tiling::Squares), 2);
        e.uniform(f.rows as u32 - 1, MAX_SIDE as u32);
        e.uniform(f.cols as u32 - 1, MAX_SIDE as u32);
    }
    e.uniform((f.palette.len() - MIN_COLOURS) as u32, (MAX_COLOURS - MIN_COLOURS + 1) as u32);
    let (mut next, mut listed) = (Bit::default(), Bit::default());
    let mut previous: Option<usize> = None;
    for &colour in &f.palette {
        let rgb = u32::from(colour.red) << 16 | u32::from(colour.green) << 8 | u32::from(colour.blue);
        let index = COLOURS.iter().position(|&c| c == rgb);
        if let Some(p) = previous.filter(|&p| p + 1 < COLOURS.len()) {
            e.bit(&mut next, index == Some(p + 1));
            if index == Some(p + 1) {
                previous = index;
                continue;
            }
        }
        e.bit(&mut listed, index.is_some());
        match index {
            Some(i) => e.uniform(i as u32, COLOURS.len() as u32),
            None => e.raw(rgb, 24),
        }
        previous = index;
    }
    let length = 32 - f.par.leading_zeros();
    e.uniform(length - 1, PAR_BITS);
    e.raw(f.par & !(1 << (length - 1)), length - 1);
    e.uniform(u32::from(f.par_proven), 2);
    let name: Vec<char> = f.name.as_deref().unwrap_or("").chars().collect();
    e.uniform(name.len() as u32, MAX_NAME as u32 + 1);
    let cheap = NAME_CHARS.chars().count() as u32;
    for ch in name {
        match NAME_CHARS.chars().position(|c| c == ch) {
            Some(i) => e.uniform(i as u32, cheap + 1),
            None => {
                e.uniform(cheap, cheap + 1);
                e.raw(u32::from(ch), 21);
            }
        }
    }
}

fn read_header(d: &mut Decoder) -> Result<Fields, ShareError> {
    let invalid = |why: &str| ShareError::InvalidBoard(why.to_string());
    let (tiling, rows, cols) = if d.uniform(2) == 1 {
        STANDARD
    } else {
        let tiling = if d.uniform(2) == 1 { Tiling::Squares } else { Tiling::Triangles };
        (tiling, d.uniform(MAX_SIDE as u32) as usize + 1, d.uniform(MAX_SIDE as u32) as usize + 1)
    };
    let colours = d.uniform((MAX_COLOURS - MIN_COLOURS + 1) as u32) as usize + MIN_COLOURS;
    let (mut next, mut listed) = (Bit::default(), Bit::default());
    let mut previous: Option<usize> = None;
    let mut palette = Vec::with_capacity(colours);
    for _ in 0..colours {
        let follows = previous.filter(|&p| p + 1 < COLOURS.len()).filter(|_| d.bit(&mut next)).map(|p| p + 1);
        let index = match follows {
            Some(i) => Some(i),
            None if d.bit(&mut listed) => Some(d.uniform(COLOURS.len() as u32) as usize),
            None => None,
        };
        let rgb = index.map_or_else(|| d.raw(24), |i| COLOURS[i]);
        palette.push(Rgb { red: (rgb >> 16) as u8, green: (rgb >> 8) as u8, blue: rgb as u8 });
        previous = index;
    }
    let length = d.uniform(PAR_BITS) + 1;
    let par = 1 << (length - 1) | d.raw(length - 1);
    let par_proven = d.uniform(2) == 1;
    let cheap = NAME_CHARS.chars().count() as u32;
    let mut name = String::new();
    for _ in 0..d.uniform(MAX_NAME as u32 + 1) {
        let i = d.uniform(cheap + 1);
        let ch = match NAME_CHARS.chars().nth(i as usize) {
            Some(ch) => ch,
            None => char::from_u32(d.raw(21)).ok_or_else(|| invalid("the name holds a character that is not one"))?,
        };
        name.push(ch);
    }
    let name = (!name.is_empty()).then_some(name);
    Ok(Fields { tiling, rows, cols, palette, cells: Vec::new(), par, par_proven, name })
}

/// The board as symbols: a palette index, or `colours` for a hole.
fn symbols(f: &Fields) -> Vec<u8> {
    let hole = f.palette.len() as u8;
    f.cells.iter().map(|c| c.unwrap_or(hole)).collect()
}

fn write_tiles(e: &mut Encoder, f: &Fields, mode: u32) {
    let symbols = symbols(f);
    let count = f.palette.len() as u32 + 1;
    if mode == PLAIN {
        symbols.iter().for_each(|&s| e.uniform(u32::from(s), count));
        return;
    }
    let mut models = Models::new();
    for (tile, &symbol) in symbols.iter().enumerate() {
        let prediction = predict(f, mode, &symbols, tile);
        let (candidates, contexts) = (prediction.candidates(), &prediction.contexts);
        // Candidates are distinct symbols; the others are the rest. When there are none, the
        // last candidate needs no question.
        let others = count as usize - candidates.len();
        let asked = if others == 0 { candidates.len() - 1 } else { candidates.len() };
        let hit = candidates[..asked].iter().position(|&c| c == symbol);
        for (i, &context) in contexts[..hit.map_or(asked, |h| h + 1)].iter().enumerate() {
            e.bit(&mut models.candidate[context], hit == Some(i));
        }
        if hit.is_none() && others > 0 {
            let j = (0..count as u8).filter(|s| !candidates.contains(s)).position(|s| s == symbol).unwrap_or(0);
            // "Is it this one?" down the rest, the last one implied.
            for (k, model) in models.rest[..(j + 1).min(others - 1)].iter_mut().enumerate() {
                e.bit(model, k == j);
            }
        }
    }
}

fn read_tiles(d: &mut Decoder, f: &mut Fields, mode: u32) {
    let tiles = f.rows * f.cols;
    let count = f.palette.len() as u8 + 1;
    let mut symbols = Vec::with_capacity(tiles);
    let mut models = Models::new();
    for tile in 0..tiles {
        let symbol = if mode == PLAIN {
            d.uniform(u32::from(count)) as u8
        } else {
            let prediction = predict(f, mode, &symbols, tile);
            let (candidates, contexts) = (prediction.candidates(), &prediction.contexts);
            let others = usize::from(count) - candidates.len();
            let asked = if others == 0 { candidates.len() - 1 } else { candidates.len() };
            match (0..asked).find(|&i| d.bit(&mut models.candidate[contexts[i]])) {
                Some(i) => candidates[i],
                None if others == 0 => candidates[asked],
                None => {
                    let j = (0..others - 1).find(|&j| d.bit(&mut models.rest[j])).unwrap_or(others - 1);
                    (0..count).filter(|s| !candidates.contains(s)).nth(j).unwrap_or(0)
                }
            }
        };
        symbols.push(symbol);
    }
    f.cells = symbols.iter().map(|&s| (s < count - 1).then_some(s)).collect();
}

/// Contexts of the first two candidates (256 each), then of the third, fourth and the rest (32 each).
const CANDIDATE_MODELS: usize = 2 * 256 + 3 * 32;

struct Models {
    candidate: Vec<Bit>,
    rest: [Bit; MAX_COLOURS],
}

impl Models {
    fn new() -> Models {
        Models { candidate: vec![Bit::default(); CANDIDATE_MODELS], rest: [Bit::default(); MAX_COLOURS] }
    }
}

/// The candidates for a tile's symbol, most likely first, and each one's model.
struct Prediction {
    symbols: [u8; 8],
    contexts: [usize; 8],
    len: usize,
}

impl Prediction {
    fn candidates(&self) -> &[u8] {
        &self.symbols[..self.len]
    }
}

/// The candidates for `tile`'s symbol. `symbols` holds the tiles before `tile` (at least).
fn predict(f: &Fields, mode: u32, symbols: &[u8], tile: usize) -> Prediction {
    let (row, col) = (tile / f.cols, tile % f.cols);
    let at = |r: Option<usize>, c: Option<usize>| match (r, c) {
        (Some(r), Some(c)) if r < f.rows && c < f.cols => Some(symbols[r * f.cols + c]),
        _ => None,
    };
    let mut mirrors = [None; 3];
    for (i, symmetry) in SYMMETRIES.iter().enumerate() {
        let image = symmetry.image(f.rows, f.cols, tile);
        if mode >> i & 1 == 1 && image < tile {
            mirrors[i] = Some(symbols[image]);
        }
    }
    let (r, c) = (Some(row), Some(col));
    let (r1, r2, r3) = (row.checked_sub(1), row.checked_sub(2), row.checked_sub(3));
    let (c1, c2) = (col.checked_sub(1), Some(col + 1));
    let up = at(r1, c);
    let left = at(r, c1);
    let up2 = at(r2, c);
    let around = [up, left, up2, at(r1, c1), at(r1, c2), at(r2, c1), at(r2, c2), at(r3, c)];
    let mut prediction = Prediction { symbols: [0; 8], contexts: [0; 8], len: 0 };
    // Mirrors in use, in order, as the context counts them.
    let (mut agree, mut used) = (0, 0);
    for m in mirrors.into_iter().flatten() {
        agree |= usize::from(Some(m) == up) << used;
        used += 1;
    }
    let short = agree | used << 3;
    let full = short
        | usize::from(up == left) << 5
        | usize::from(up2 == up) << 6
        | usize::from(crate::board::points_left(row, col)) << 7;
    for symbol in mirrors.into_iter().chain(around).flatten() {
        if prediction.len < 8 && !prediction.candidates().contains(&symbol) {
            let i = prediction.len;
            prediction.symbols[i] = symbol;
            prediction.contexts[i] = if i < 2 { i * 256 + full } else { 512 + (i.min(4) - 2) * 32 + short };
            prediction.len += 1;
        }
    }
    prediction
}
