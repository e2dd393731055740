//! The import read back through the screenshot renderer: every shipped level, in several sizes
//! and both themes, must come back exactly, par included; bad images must give typed errors.

use crate::screenshot::{Style, Theme, draw, jpeg, on_kami_board};
use kami_core::catalogue::Catalogue;
use kami_core::import::{ImportError, import_screenshot};
use kami_core::level::Level;

/// Screen sizes: 16:9 phones (and a resized copy), and a 19.5:9 one where the board does not
/// reach the top.
const SIZES: [(u32, u32); 6] = [(750, 1334), (665, 1182), (1080, 1920), (1242, 2208), (720, 1280), (1125, 2436)];

fn shot(level: &Level, size: (u32, u32), theme: Theme, seed: u64) -> Vec<u8> {
    let pixmap = draw(level, Style { width: size.0, height: size.1, theme, seed, offset: 0.0 }).unwrap();
    jpeg(&pixmap, 85).unwrap()
}

/// What went wrong importing `level` from `bytes`, if anything.
fn mismatch(level: &Level, bytes: &[u8]) -> Option<String> {
    match import_screenshot(bytes) {
        Err(e) => Some(e.to_string()),
        Ok(imported) if imported.board != *level.board() => {
            let diff = (0..level.board().len()).filter(|&t| imported.board.colour(t) != level.board().colour(t));
            let diff: Vec<usize> = diff.collect();
            Some(format!("{} wrong tiles, first {:?}", diff.len(), &diff[..diff.len().min(5)]))
        }
        Ok(imported) if imported.par != Some(level.par()) => Some(format!("par read as {:?}", imported.par)),
        Ok(imported) => {
            let off = imported.palette.iter().zip(level.palette()).any(|(a, b)| {
                a.red.abs_diff(b.red) > 6 || a.green.abs_diff(b.green) > 6 || a.blue.abs_diff(b.blue) > 6
            });
            (off || imported.palette.len() != level.palette().len()).then(|| format!("palette {:?}", imported.palette))
        }
    }
}

#[test]
fn every_shipped_level_comes_back_exactly() {
    let levels: Vec<_> = Catalogue::shipped().packs().iter().flat_map(|p| p.levels.clone()).collect();
    let mut failures = Vec::new();
    let mut squares = 0;
    for (i, level) in levels.iter().enumerate() {
        // One first-pack level uses KAMI 1's square tiles, which no KAMI 2 screenshot shows.
        let Some(level) = on_kami_board(level) else {
            squares += 1;
            continue;
        };
        let level = &level;
        for (k, theme) in [Theme::Light, Theme::Dark].into_iter().enumerate() {
            let size = SIZES[(i + 3 * k) % SIZES.len()];
            if let Some(why) = mismatch(level, &shot(level, size, theme, i as u64)) {
                failures.push(format!("{} {size:?} {theme:?}: {why}", level.id()));
            }
        }
    }
    assert_eq!(squares, 1);
    let tried = 2 * (levels.len() - squares);
    assert!(failures.is_empty(), "{} of {tried} failed:\n{}", failures.len(), failures.join("\n"));
}

fn level(id: &str) -> Level {
    Catalogue::shipped().level(id).map(|l| (**l).clone()).unwrap()
}

fn png(pixmap: &tiny_skia::Pixmap) -> Vec<u8> {
    pixmap.encode_png().unwrap()
}

#[test]
fn png_screenshots_and_other_qualities_import_too() {
    let level = on_kami_board(&level("06-archipelago/midnight-zone")).unwrap();
    let style = Style { width: 750, height: 1334, theme: Theme::Dark, seed: 3, offset: 0.0 };
    let pixmap = draw(&level, style).unwrap();
    assert_eq!(mismatch(&level, &png(&pixmap)), None);
    assert_eq!(mismatch(&level, &jpeg(&pixmap, 70).unwrap()), None);
}

#[test]
fn the_imported_board_keeps_its_par_under_the_solver() {
    let level = on_kami_board(&level("06-archipelago/sound")).unwrap();
    let imported = import_screenshot(&shot(&level, (750, 1334), Theme::Light, 9)).unwrap();
    let played = imported.level("imported", "Imported", imported.par.unwrap()).unwrap();
    let budget = kami_core::solver::Budget::default();
    let solution = kami_core::solver::solve(played.board(), played.palette().len(), &budget);
    assert!(solution.optimal);
    assert_eq!(solution.moves.len() as u32, level.par());
}

/// A pixmap filled by `f(x, y)`.
fn picture(width: u32, height: u32, f: impl Fn(u32, u32) -> [u8; 3]) -> tiny_skia::Pixmap {
    let mut pixmap = tiny_skia::Pixmap::new(width, height).unwrap();
    for (i, px) in pixmap.data_mut().chunks_exact_mut(4).enumerate() {
        let [r, g, b] = f(i as u32 % width, i as u32 / width);
        px.copy_from_slice(&[r, g, b, 255]);
    }
    pixmap
}

#[test]
fn bad_images_give_typed_errors() {
    let good = shot(&on_kami_board(&level("05-lanterns/alleyway")).unwrap(), (750, 1334), Theme::Light, 4);
    let not_board = |bytes: &[u8]| matches!(import_screenshot(bytes), Err(ImportError::NotABoard(_)));
    // A blank image, a smooth "photo" and noise.
    assert!(not_board(&jpeg(&picture(750, 1334, |_, _| [200, 200, 200]), 85).unwrap()));
    let sky = picture(750, 1334, |x, y| [(x / 3) as u8, (y / 6) as u8, 180]);
    assert!(not_board(&jpeg(&sky, 85).unwrap()));
    let noise = picture(750, 1334, |x, y| {
        let h = (x.wrapping_mul(2_654_435_761) ^ y.wrapping_mul(40_503)).wrapping_mul(2_246_822_519);
        [(h >> 8) as u8, (h >> 16) as u8, (h >> 24) as u8]
    });
    assert!(not_board(&jpeg(&noise, 85).unwrap()));
    // Cropped: the toolbar cut away, the board's left half cut away.
    let full = image::load_from_memory(&good).unwrap().into_rgb8();
    let crop = |x, y, w, h| {
        let part = image::imageops::crop_imm(&full, x, y, w, h).to_image();
        let mut bytes = std::io::Cursor::new(Vec::new());
        part.write_to(&mut bytes, image::ImageFormat::Png).unwrap();
        bytes.into_inner()
    };
    assert!(not_board(&crop(0, 0, 750, 1150)));
    assert!(not_board(&crop(375, 0, 375, 1334)));
    let top_cut = import_screenshot(&crop(0, 400, 750, 934));
    assert!(matches!(top_cut, Err(ImportError::NotABoard(_))), "{top_cut:?}");
    // Truncated, empty, not an image.
    // (A JPEG cut short may decode leniently, grey below the cut: then no toolbar is found.)
    for cut in [good.len() * 9 / 10, good.len() / 2, 100, 3, 0] {
        let result = import_screenshot(&good[..cut]);
        assert!(matches!(result, Err(ImportError::Unreadable(_) | ImportError::NotABoard(_))), "{cut}: {result:?}");
    }
    assert!(matches!(import_screenshot(b"GIF89a not at all"), Err(ImportError::Unreadable(_))));
    // Too small, and too large by its header (refused before decoding).
    let small = jpeg(&picture(150, 260, |_, _| [0, 0, 0]), 85).unwrap();
    assert_eq!(import_screenshot(&small).err(), Some(ImportError::TooSmall { width: 150, height: 260 }));
    let mut huge = good.clone();
    let sof = huge.windows(2).position(|w| w == [0xFF, 0xC0]).unwrap();
    huge[sof + 5..sof + 9].copy_from_slice(&[0xEA, 0x60, 0xEA, 0x60]);
    assert_eq!(import_screenshot(&huge).err(), Some(ImportError::TooLarge { width: 60000, height: 60000 }));
}

#[test]
fn the_ffi_opens_an_imported_board_as_a_game_that_saves() {
    use kami_core::ffi::{Game, KamiError, import_screenshot as ffi_import};
    let level = on_kami_board(&level("06-archipelago/trench")).unwrap();
    let puzzle = ffi_import(shot(&level, (750, 1334), Theme::Dark, 5)).unwrap();
    assert_eq!(puzzle.par(), Some(level.par()));
    assert_eq!(puzzle.palette().len(), level.palette().len());
    assert!(matches!(puzzle.game("imported/x".into(), "X".into(), 0), Err(KamiError::InvalidPar { par: 0, .. })));
    let game = puzzle.game("imported/x".into(), "Trench".into(), level.par()).unwrap();
    let restored = Game::restore(game.save()).unwrap();
    assert_eq!(restored.snapshot(), game.snapshot());
    assert_eq!(game.snapshot().par, level.par());
}

#[test]
fn a_board_off_centre_on_a_tall_screen_is_found_or_refused() {
    // On a 19.5:9 screen the board is shorter than the space above the toolbar; placed a whole
    // side (two rows) off centre, it must still come back right, never two rows off. (A board
    // whose top or bottom two rows are all holes could come back moved by two rows: the same
    // puzzle, as the rows lost are holes; this one has tiles in its first and last rows.)
    let level = on_kami_board(&level("06-archipelago/fathom")).unwrap();
    for offset in [-1.0, 1.0] {
        let style = Style { width: 1125, height: 2436, theme: Theme::Light, seed: 2, offset };
        let bytes = jpeg(&draw(&level, style).unwrap(), 85).unwrap();
        assert_eq!(mismatch(&level, &bytes), None, "offset {offset}");
    }
}
