//! Saves: any bytes restore to a game or progress or give a typed error, and whatever restores
//! saves and restores again to the same state.
//!
//! Random bytes almost never pass the checksum, so the first byte chooses whether the rest is
//! used raw or sealed in a valid envelope (magic, kind, version, length, CRC-32) around it: the
//! sealed half reaches the payload decoder and the replay of the moves.

#![no_main]

use kami_core::save::{restore_game, restore_progress, save_game, save_progress};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else { return };
    let bytes = if mode & 1 == 1 { seal(1 + (mode >> 1 & 1), u16::from(mode >> 2 & 3), rest) } else { rest.to_vec() };
    if let Ok(game) = restore_game(&bytes) {
        // Saving is deterministic, so equal saves mean the same level, moves and undone moves.
        let saved = save_game(&game);
        let again = restore_game(&saved).expect("a restored game saves and restores");
        assert_eq!(save_game(&again), saved);
        assert_eq!((again.board(), again.status()), (game.board(), game.status()));
    }
    if let Ok(progress) = restore_progress(&bytes) {
        let again = restore_progress(&save_progress(&progress)).expect("restored progress saves and restores");
        assert_eq!(progress, again);
    }
});

/// `payload` in the save envelope: magic, kind, version, length, payload, CRC-32.
fn seal(kind: u8, version: u16, payload: &[u8]) -> Vec<u8> {
    let mut bytes = b"KAMI".to_vec();
    bytes.push(kind);
    bytes.extend_from_slice(&version.to_le_bytes());
    bytes.extend_from_slice(&(payload.len() as u32).to_le_bytes());
    bytes.extend_from_slice(payload);
    let sum = crc32fast::hash(&bytes);
    bytes.extend_from_slice(&sum.to_le_bytes());
    bytes
}
