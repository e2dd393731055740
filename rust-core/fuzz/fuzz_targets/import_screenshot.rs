//! Screenshot import: any bytes give a board or a typed error, never a panic, and a board is
//! always KAMI 2's 29 × 10 triangles with a playable palette.
//!
//! The seed corpus holds small screenshots (PNG and JPEG) drawn by `kami screenshot`, so the
//! fuzzer starts from images the whole pipeline reads, not only from the decoders' headers.

#![no_main]

use kami_core::board::{MAX_COLOURS, Tiling};
use kami_core::import::import_screenshot;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(imported) = import_screenshot(data) {
        let board = &imported.board;
        assert_eq!((board.tiling(), board.rows(), board.cols()), (Tiling::Triangles, 29, 10));
        assert!((2..=MAX_COLOURS).contains(&imported.palette.len()));
        assert!(imported.par.is_none_or(|p| (1..1000).contains(&p)));
        let par = imported.par.unwrap_or(1);
        imported.level("fuzz/import", "Fuzz", par).expect("an imported board makes a level");
    }
});
