//! The editor through the FFI, as the apps use it: a blank board, painted by taps and a drag,
//! the analysis awaited on another thread, then played to a win and kept among the player's puzzles.

use kami_core::ffi::{
    Editor, EditorAnalysis, EditorTool, EditorVerdict, GameStatus, Grade, KamiError, ParEstimate, PuzzleCollection,
    PuzzleOrigin, Symmetry, Tiling, curated_palettes, open_share_code, packs, share_level,
};
use std::sync::Arc;

/// Waits on another thread, as a shell would, for the analysis of the current drawing to finish.
fn finished(editor: &Arc<Editor>) -> EditorAnalysis {
    let editor = Arc::clone(editor);
    std::thread::spawn(move || {
        let mut after = 0;
        loop {
            let a = editor.analysis(after, 60_000).expect("an analysis within a minute");
            assert_eq!(a.version, editor.snapshot().version, "a snapshot of a drawing since changed");
            if a.done {
                return a;
            }
            after = a.serial;
        }
    })
    .join()
    .unwrap()
}

#[test]
fn a_drawing_is_analysed_played_to_a_win_and_kept() {
    let palette = curated_palettes()[0].colours[..3].to_vec();
    let editor = Editor::blank(Tiling::Triangles, 9, 6, palette).unwrap();
    let one = finished(&editor);
    assert_eq!(one.par, ParEstimate::Proven { par: 0 });
    assert_eq!(one.verdicts[0], EditorVerdict::OneColour);
    assert!(matches!(editor.play("Blank".into()), Err(KamiError::BoardOneColour)));

    // A mirrored drag down the middle and a few taps.
    let snapshot = editor.set_mirror(Symmetry::LeftRight).unwrap();
    assert!(snapshot.mirrors_allowed.contains(&Symmetry::LeftRight));
    let layout = editor.layout(300.0, 500.0).unwrap();
    assert_eq!(layout.tiles.len(), 54);
    editor.begin_stroke(EditorTool::Paint { colour: 1 }).unwrap();
    let (top, bottom) = (layout.tiles[1].centre, layout.tiles[49].centre);
    editor.stroke_to(300.0, 500.0, top.x, top.y).unwrap();
    let drawn = editor.stroke_to(300.0, 500.0, bottom.x, bottom.y).unwrap();
    editor.end_stroke();
    for (tile, colour) in [(0, 2), (20, 2), (33, 1), (45, 2)] {
        editor.paint(tile, EditorTool::Paint { colour }).unwrap();
    }
    let drawn_tiles = drawn.tiles.clone();
    assert!(drawn_tiles.iter().filter(|&&t| t == Some(1)).count() >= 2 * 8);
    let snapshot = editor.paint(53, EditorTool::Hole).unwrap();
    assert_eq!((snapshot.tiles[53], snapshot.tiles[48]), (None, None), "the mirror made a hole too");
    // Undo the hole, redo it.
    editor.undo().unwrap();
    assert_eq!(editor.redo().unwrap().tiles, snapshot.tiles);

    let analysis = finished(&editor);
    let ParEstimate::Proven { par } = analysis.par else { panic!("{analysis:?}") };
    assert!(par >= 2 && analysis.difficulty.is_some(), "{analysis:?}");

    // Played to a win by following the hints.
    let game = editor.play("Drawn".into()).unwrap();
    assert_eq!(game.snapshot().par, par);
    while game.snapshot().status == GameStatus::Playing {
        let next = game.hint().unwrap().next.unwrap();
        game.play(next.tile, next.colour).unwrap();
    }
    assert_eq!(game.snapshot().status, GameStatus::Won { grade: Grade::Perfect });

    let puzzles = PuzzleCollection::new();
    let entry = editor.save_to(Arc::clone(&puzzles), "Mine".into()).unwrap();
    assert_eq!((entry.origin, entry.par, entry.par_proven), (PuzzleOrigin::Made, par, true));
    let restored = PuzzleCollection::restore(puzzles.save()).unwrap();
    let again = Editor::from_puzzle(restored, entry.id).unwrap();
    assert_eq!(again.snapshot().tiles, snapshot.tiles);
}

#[test]
fn bad_edits_are_typed_errors_and_change_nothing() {
    let palette = curated_palettes()[1].colours[..2].to_vec();
    let editor = Editor::blank(Tiling::Triangles, 4, 3, palette.clone()).unwrap();
    let before = editor.snapshot();
    assert!(matches!(editor.paint(12, EditorTool::Hole), Err(KamiError::TileOutOfRange { tile: 12, tiles: 12 })));
    assert!(matches!(editor.paint(0, EditorTool::Paint { colour: 300 }), Err(KamiError::ColourOutOfRange { .. })));
    assert!(matches!(editor.set_mirror(Symmetry::LeftRight), Err(KamiError::MirrorDoesNotFit { rows: 4, cols: 3 })));
    assert!(matches!(editor.remove_colour(0, 1), Err(KamiError::PaletteSize { colours: 1, .. })));
    assert!(matches!(editor.set_palette(vec![palette[0]; 7]), Err(KamiError::PaletteSize { colours: 7, .. })));
    assert!(matches!(editor.undo(), Err(KamiError::NothingToUndo)));
    assert!(matches!(editor.stroke_to(f64::NAN, 1.0, 0.0, 0.0), Err(KamiError::InvalidViewport { .. })));
    assert_eq!(editor.snapshot(), before);
    assert!(matches!(Editor::blank(Tiling::Squares, 0, 4, palette.clone()), Err(KamiError::InvalidBoardSize { .. })));
    assert!(matches!(Editor::from_level("no/such".into()), Err(KamiError::UnknownLevel { .. })));
    // Two colours too alike are kept, with a warning.
    let close = editor.add_colour(kami_core::ffi::Rgb { red: palette[0].red, green: palette[0].green, blue: 1 });
    assert_eq!(close.unwrap().palette_warnings.len(), 1);
}

#[test]
fn hostile_arguments_never_panic() {
    let palette = curated_palettes()[3].colours[..4].to_vec();
    let editor = Editor::blank(Tiling::Squares, 6, 6, palette.clone()).unwrap();
    for tile in [36, 1000, u32::MAX] {
        assert!(matches!(editor.paint(tile, EditorTool::Paint { colour: 0 }), Err(KamiError::TileOutOfRange { .. })));
        assert!(matches!(editor.fill(tile, 1), Err(KamiError::TileOutOfRange { .. })));
    }
    for colour in [4, 255, 256, u32::MAX] {
        assert!(matches!(editor.clear(colour), Err(KamiError::ColourOutOfRange { .. })));
        assert!(matches!(editor.begin_stroke(EditorTool::Paint { colour }), Err(KamiError::ColourOutOfRange { .. })));
    }
    for (w, h) in [(0.0, 10.0), (f64::NAN, 10.0), (10.0, f64::INFINITY), (-5.0, -5.0)] {
        assert!(matches!(editor.layout(w, h), Err(KamiError::InvalidViewport { .. })));
        assert!(matches!(editor.tile_at(w, h, 1.0, 1.0), Err(KamiError::InvalidViewport { .. })));
    }
    // Strokes through absurd points paint what lies on the board, and nothing else.
    let before = editor.snapshot();
    editor.begin_stroke(EditorTool::Hole).unwrap();
    for (x, y) in [(f64::NAN, 0.0), (f64::INFINITY, f64::NEG_INFINITY), (-1e300, 1e300), (1e9, 1e9)] {
        editor.stroke_to(100.0, 100.0, x, y).unwrap();
    }
    editor.end_stroke();
    assert_eq!(editor.snapshot().tiles, before.tiles);
    // Strokes with no stroke begun do nothing; ending twice is harmless.
    editor.stroke_to(100.0, 100.0, 50.0, 50.0).unwrap();
    editor.end_stroke();
    assert_eq!(editor.snapshot().tiles, before.tiles);
    assert!(matches!(editor.remove_colour(2, 2), Err(KamiError::ColourOutOfRange { .. })));
    assert!(matches!(editor.set_palette(Vec::new()), Err(KamiError::PaletteSize { colours: 0, .. })));
    // A wait for a serial no snapshot will reach returns on time.
    assert_eq!(editor.analysis(u64::MAX, 10), None);
    assert!(matches!(
        Editor::blank(Tiling::Triangles, u32::MAX, u32::MAX, palette),
        Err(KamiError::InvalidBoardSize { .. })
    ));
}

#[test]
fn a_shared_code_opens_in_the_editor() {
    let level = packs()[9].levels[3].id.clone();
    let code = share_level(level.clone(), None).unwrap();
    let editor = Editor::from_shared(open_share_code(code.link).unwrap());
    let shipped = Editor::from_level(level).unwrap().snapshot();
    let opened = editor.snapshot();
    assert_eq!((opened.tiles, opened.palette, opened.rows), (shipped.tiles, shipped.palette, shipped.rows));
}
