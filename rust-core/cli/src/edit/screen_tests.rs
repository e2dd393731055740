use super::*;
use kami_core::board::Tiling;
use kami_core::level_file::parse_level;
use std::time::{Duration, Instant};

fn screen(out: PathBuf) -> EditScreen {
    let editor = Editor::blank(Tiling::Triangles, 5, 6, CURATED[0].colours[..3].to_vec()).unwrap();
    EditScreen::new(editor, "Test".into(), out)
}

/// Ticks until the analysis of the drawing on screen is done.
fn settle(screen: &mut EditScreen) {
    let start = Instant::now();
    while screen.busy() {
        assert!(start.elapsed() < Duration::from_secs(60), "no analysis within a minute");
        screen.tick();
        std::thread::sleep(Duration::from_millis(5));
    }
}

fn text(canvas: &Canvas) -> String {
    (0..canvas.height()).map(|y| canvas.line(y) + "\n").collect()
}

#[test]
fn keys_paint_and_the_footer_shows_the_proven_par_and_verdicts() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = screen(dir.path().join("t.toml"));
    settle(&mut s);
    let shown = text(&s.draw(80, 24));
    assert!(shown.contains("par 0") && shown.contains("One colour: nothing to play yet."), "{shown}");
    // The cursor starts on tile 0: colour 2 there, with space.
    s.handle(Input::Char('2'), 80, 24);
    s.handle(Input::Arrow(Direction::Right), 80, 24);
    s.handle(Input::Char(' '), 80, 24);
    assert_eq!(s.editor.board().colour(0), Some(1));
    settle(&mut s);
    let shown = text(&s.draw(80, 24));
    assert!(
        shown.contains("par 1 (proven)") && shown.contains("Trivial") && shown.contains("Colour 3 is used nowhere"),
        "{shown}"
    );
    // Undo, redo, and a save: a level file with the proven par.
    s.handle(Input::Char('u'), 80, 24);
    assert_eq!(s.editor.board().colour(0), Some(0));
    s.handle(Input::Char('y'), 80, 24);
    settle(&mut s);
    s.handle(Input::Char('s'), 80, 24);
    assert!(text(&s.draw(80, 24)).contains("(par 1, proven)"));
    let saved = std::fs::read_to_string(dir.path().join("t.toml")).unwrap();
    let level = parse_level("t", "t.toml", &saved).unwrap();
    assert_eq!((level.par(), level.name(), level.board()), (1, "Test", s.editor.board()));
}

#[test]
fn a_drag_paints_a_line_and_the_mirror_and_hole_tools_work() {
    let mut s = screen(PathBuf::from("unused.toml"));
    // 5 × 6 triangles: every mirror fits; m steps to left–right.
    s.handle(Input::Char('m'), 80, 24);
    assert_eq!(s.editor.mirror(), Symmetry::LeftRight);
    s.handle(Input::Char('3'), 80, 24);
    // The board is drawn in 78 × 19 cells: drag from the top left to the bottom.
    s.handle(Input::Click { x: 30, y: 3 }, 80, 24);
    s.handle(Input::Drag { x: 31, y: 18 }, 80, 24);
    s.handle(Input::Release, 80, 24);
    let painted: Vec<usize> = (0..30).filter(|&t| s.editor.board().colour(t) == Some(2)).collect();
    assert!(painted.len() >= 2 * 5, "{painted:?}");
    assert!(painted.iter().all(|&t| s.editor.board().colour(Symmetry::LeftRight.image(5, 6, t)) == Some(2)));
    // One stroke, one undo.
    s.handle(Input::Char('u'), 80, 24);
    assert_eq!(s.editor.board().colour_counts()[2], 0);
    s.handle(Input::Char('x'), 80, 24);
    s.handle(Input::Click { x: 30, y: 10 }, 80, 24);
    assert_eq!(s.editor.board().cells().iter().filter(|c| c.is_none()).count(), 2);
    // A refused edit says why.
    s.handle(Input::Char('9'), 80, 24);
    assert!(text(&s.draw(80, 24)).contains("The palette has 3 colours"));
    s.handle(Input::Char('q'), 80, 24);
    assert!(s.quit());
}

#[test]
fn palette_keys_add_remove_and_swap_colours() {
    let mut s = screen(PathBuf::from("unused.toml"));
    s.handle(Input::Char('+'), 80, 24);
    assert_eq!((s.editor.palette().len(), s.colour), (4, 3));
    s.handle(Input::Char('-'), 80, 24);
    assert_eq!(s.editor.palette().len(), 3);
    s.handle(Input::Char('p'), 80, 24);
    assert_eq!(s.editor.palette(), &CURATED[1].colours[..3]);
    // A tiny terminal: a notice, no panic.
    let tiny = text(&s.draw(10, 3));
    assert!(!tiny.is_empty());
}
