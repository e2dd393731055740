//! The real `kami play` in a real (pseudo-)terminal of 80 × 24: start, play, quit (or be killed),
//! start again and find the progress and the game kept; a damaged save set aside and reported.
//! And the real `kami edit`: paint with keys and the mouse, see the par proven in the footer, save.

#![cfg(unix)]

use expectrl::process::unix::{Signal, WaitStatus};
use expectrl::session::OsSession as Session;
use expectrl::{Eof, Expect};
use std::path::Path;
use std::process::Command;
use std::time::Duration;

/// `kami play` with its data in `data`, on an 80 × 24 terminal.
fn play(data: &Path) -> Session {
    let mut command = Command::new(env!("CARGO_BIN_EXE_kami"));
    command.arg("play").env("KAMI_DATA_DIR", data).env("TERM", "xterm-256color");
    let mut session = Session::spawn(command).expect("kami play starts in a pty");
    session.get_process_mut().set_window_size(80, 24).expect("the pty takes a size");
    session.set_expect_timeout(Some(Duration::from_secs(30)));
    session
}

/// Quits with q and checks that the game ended well.
fn quit(mut session: Session) {
    session.send("q").unwrap();
    session.expect(Eof).unwrap();
    let status = session.get_process().wait().unwrap();
    assert!(matches!(status, WaitStatus::Exited(_, 0)), "{status:?}");
}

#[test]
fn progress_and_the_game_in_progress_are_kept_between_runs() {
    let data = tempfile::tempdir().unwrap();
    let mut kami = play(data.path());
    kami.expect("0 of 15 won").unwrap();
    // The first level of the first pack is selected; a hint, then space plays its move.
    kami.send("\r").unwrap();
    kami.expect("moves 0 / par 1").unwrap();
    kami.send("h").unwrap();
    kami.expect("Paint the marked region (row ").unwrap();
    kami.send(" ").unwrap();
    kami.expect("★ PERFECT: solved in 1 move, par 1.").unwrap();
    // Enter goes on to the next level; m keeps it for later.
    kami.send("\r").unwrap();
    kami.expect("moves 0 / par 1").unwrap();
    kami.send("m").unwrap();
    kami.expect("Continue: ").unwrap();
    quit(kami);
    assert!(data.path().join("progress").is_file() && data.path().join("game").is_file());

    let mut kami = play(data.path());
    kami.expect("1 of 15 won").unwrap();
    kami.expect("★ perfect in 1").unwrap();
    kami.send("\r").unwrap();
    kami.expect("moves 0 / par 1").unwrap();
    quit(kami);
}

#[test]
fn a_kill_loses_no_move() {
    let data = tempfile::tempdir().unwrap();
    let mut kami = play(data.path());
    // Keys typed before the game is up could be lost with the terminal's mode change.
    kami.expect("0 of 15 won").unwrap();
    // Win the first two levels with hints, then play one move of the third (par 2).
    for _ in 0..2 {
        kami.send("\r").unwrap();
        kami.expect("moves 0 / par 1").unwrap();
        kami.send("h").unwrap();
        kami.expect("Paint the marked region").unwrap();
        kami.send(" ").unwrap();
        kami.expect("★ PERFECT").unwrap();
        kami.send("m").unwrap();
        kami.expect("choose a level").unwrap();
    }
    kami.send("\r").unwrap();
    kami.expect("moves 0 / par 2").unwrap();
    kami.send("h").unwrap();
    kami.expect("Paint the marked region").unwrap();
    kami.send(" ").unwrap();
    kami.expect("moves 1 / par 2").unwrap();
    kami.get_process_mut().kill(Signal::SIGKILL).unwrap();
    kami.get_process().wait().unwrap();
    drop(kami);

    let mut kami = play(data.path());
    // In screen order: the offer to continue is above the pack's heading.
    kami.expect("Continue: Layers · moves 1 / par 2").unwrap();
    kami.expect("2 of 15 won").unwrap();
    quit(kami);
}

#[test]
fn a_damaged_save_is_set_aside_and_reported() {
    let data = tempfile::tempdir().unwrap();
    std::fs::write(data.path().join("progress"), b"KAMI but not a save").unwrap();
    let mut kami = play(data.path());
    kami.expect("could not be used").unwrap();
    kami.expect("Press any key to go on.").unwrap();
    assert_eq!(std::fs::read(data.path().join("progress.rejected")).unwrap(), b"KAMI but not a save");
    assert!(!data.path().join("progress").exists());
    kami.send("x").unwrap();
    kami.expect("0 of 15 won").unwrap();
    quit(kami);
}

/// The SGR mouse report of the left button at cell `(x, y)` (1-based, as terminals send it):
/// pressed (`M`), dragged (`M`, button 32) or let go (`m`).
fn mouse(button: u8, x: u16, y: u16, end: char) -> String {
    format!("\x1b[<{button};{x};{y}{end}")
}

#[test]
fn the_editor_paints_proves_the_par_and_saves_a_level_file() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("drawn.toml");
    let mut command = Command::new(env!("CARGO_BIN_EXE_kami"));
    command.args(["edit", "--rows", "7", "--cols", "6", "--colours", "3", "--name", "Drawn", "--out"]);
    command.arg(&out).env("TERM", "xterm-256color");
    let mut kami = Session::spawn(command).expect("kami edit starts in a pty");
    kami.get_process_mut().set_window_size(80, 24).expect("the pty takes a size");
    kami.set_expect_timeout(Some(Duration::from_secs(30)));
    kami.expect("One colour: nothing to play yet.").unwrap();
    // Colour 2 with the keyboard on the first tile: par 1.
    kami.send("2").unwrap();
    kami.send(" ").unwrap();
    kami.send(" ").unwrap();
    kami.expect("par 1 (proven)").unwrap();
    // A drag of colour 3 down the board with the mouse, then the analysis of the new drawing.
    kami.send("3").unwrap();
    kami.send(mouse(0, 40, 4, 'M')).unwrap();
    kami.send(mouse(32, 41, 12, 'M')).unwrap();
    kami.send(mouse(32, 42, 18, 'M')).unwrap();
    kami.send(mouse(0, 42, 18, 'm')).unwrap();
    kami.expect("par 2 (proven)").unwrap();
    kami.send("s").unwrap();
    kami.expect("(par 2, proven)").unwrap();
    kami.send("q").unwrap();
    kami.expect(Eof).unwrap();
    let status = kami.get_process().wait().unwrap();
    assert!(matches!(status, WaitStatus::Exited(_, 0)), "{status:?}");
    let saved = std::fs::read_to_string(&out).unwrap();
    assert!(saved.starts_with("name = \"Drawn\"\npar = 2\n"), "{saved}");
}
