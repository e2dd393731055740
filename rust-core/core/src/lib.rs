//! Kami's game core: everything that is not drawing.
//!
//! Domain modules know nothing of the foreign-function interface; [`ffi`] wraps them for the
//! Swift and Kotlin shells, and the `kami` terminal tool uses them directly.

pub mod board;
pub mod catalogue;
pub mod collection;
pub mod daily;
pub mod editor;
pub mod ffi;
pub mod game;
pub mod generator;
pub mod geometry;
pub mod hint;
pub mod history;
pub mod import;
pub mod legibility;
pub mod level;
pub mod level_file;
pub mod past_levels;
pub mod progress;
pub mod random;
pub mod save;
pub mod share;
pub mod solver;

uniffi::setup_scaffolding!();
