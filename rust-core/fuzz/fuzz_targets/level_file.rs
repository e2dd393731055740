//! Level files: any text either parses into a level or gives a positioned error, and a parsed
//! level written back out reads back the same.

#![no_main]

use kami_core::level_file::{parse_level, write_level};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|source: &str| {
    match parse_level("fuzz/level", "fuzz.toml", source) {
        Ok(level) => {
            let written = write_level(&level);
            assert_eq!(parse_level("fuzz/level", "written.toml", &written), Ok(level), "{written}");
        }
        Err(e) => {
            let lines = source.matches('\n').count() + 1;
            assert!(e.line >= 1 && e.line <= lines && e.column >= 1, "{e} in {lines} lines");
        }
    }
});
