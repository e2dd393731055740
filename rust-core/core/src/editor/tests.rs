use super::*;
use crate::game::Game;
use crate::history::Move;
use proptest::prelude::*;
use std::sync::Arc;
use std::time::Duration;

fn palette(n: usize) -> Vec<Rgb> {
    CURATED[0].colours[..n].to_vec()
}

fn blank(rows: usize, cols: usize, colours: usize) -> Editor {
    Editor::blank(Tiling::Triangles, rows, cols, palette(colours)).unwrap()
}

/// One edit of any kind, with arguments that may be out of range.
#[derive(Clone, Debug)]
enum Op {
    Paint(usize, Option<u8>),
    Fill(usize, u8),
    Clear(u8),
    SetColour(u8),
    Add,
    Remove(u8, u8),
    Stroke(Option<u8>, Vec<(f64, f64)>),
    Undo,
    Redo,
}

fn op(tiles: usize) -> impl Strategy<Value = Op> {
    let tile = 0..tiles + 3;
    let colour = 0u8..8;
    prop_oneof![
        4 => (tile.clone(), proptest::option::weighted(0.8, colour.clone())).prop_map(|(t, c)| Op::Paint(t, c)),
        2 => (tile, colour.clone()).prop_map(|(t, c)| Op::Fill(t, c)),
        1 => colour.clone().prop_map(Op::Clear),
        1 => colour.clone().prop_map(Op::SetColour),
        1 => Just(Op::Add),
        1 => (colour.clone(), colour.clone()).prop_map(|(a, b)| Op::Remove(a, b)),
        2 => (proptest::option::weighted(0.8, colour), proptest::collection::vec((-0.1f64..1.1, -0.1f64..1.1), 1..6))
            .prop_map(|(c, points)| Op::Stroke(c, points)),
        2 => Just(Op::Undo),
        1 => Just(Op::Redo),
    ]
}

/// Applies `op`; refused edits are fine, panics and invalid boards are not.
fn apply(editor: &mut Editor, op: &Op) {
    let brush = |c: Option<u8>| c.map_or(Brush::Hole, Brush::Colour);
    let _ = match op {
        Op::Paint(t, c) => editor.paint(*t, brush(*c)).map(drop),
        Op::Fill(t, c) => editor.fill(*t, *c).map(drop),
        Op::Clear(c) => editor.clear(*c).map(drop),
        Op::SetColour(c) => editor.set_colour(*c, Rgb { red: 1, green: 2, blue: 3 }).map(drop),
        Op::Add => editor.add_colour(Rgb { red: 9, green: 9, blue: 9 }).map(drop),
        Op::Remove(a, b) => editor.remove_colour(*a, *b).map(drop),
        Op::Stroke(c, points) => {
            let fit = Fit::new(editor.board(), 100.0, 200.0).unwrap();
            editor.begin_stroke(brush(*c)).and_then(|()| {
                for &(x, y) in points {
                    editor.stroke_to(&fit, Point { x: x * 100.0, y: y * 200.0 })?;
                }
                editor.end_stroke();
                Ok(())
            })
        }
        Op::Undo => editor.undo(),
        Op::Redo => editor.redo(),
    };
}

fn assert_valid(editor: &Editor) {
    let b = editor.board();
    let rebuilt = Board::new(b.tiling(), b.rows(), b.cols(), b.cells().to_vec(), editor.palette().len());
    assert_eq!(rebuilt.as_ref(), Ok(b));
    assert!((MIN_COLOURS..=MAX_COLOURS).contains(&editor.palette().len()));
}

fn is_symmetric(board: &Board, mirror: Symmetry) -> bool {
    (0..board.len()).all(|t| board.cells()[t] == board.cells()[mirror.image(board.rows(), board.cols(), t)])
}

proptest! {
    #[test]
    fn random_edits_never_panic_and_keep_the_board_valid(ops in proptest::collection::vec(op(35), 1..40)) {
        let mut editor = blank(7, 5, 3);
        for op in &ops {
            let before = (editor.version(), editor.board().clone(), editor.palette().to_vec());
            apply(&mut editor, op);
            assert_valid(&editor);
            // The version moves exactly when the drawing changes (undo and redo always change it).
            let changed = (editor.board(), editor.palette()) != (&before.1, &before.2[..]);
            prop_assert!(editor.version() >= before.0);
            if changed {
                prop_assert!(editor.version() > before.0);
            }
        }
    }

    #[test]
    fn mirror_painting_keeps_the_board_symmetric(
        ops in proptest::collection::vec(op(30), 1..30),
        which in 0usize..3,
    ) {
        // 5 × 6 triangles: every mirror and the half turn fit.
        let mirror = [Symmetry::LeftRight, Symmetry::TopBottom, Symmetry::Rotational][which];
        let mut editor = blank(5, 6, 4);
        editor.set_mirror(mirror).unwrap();
        for op in ops.iter().filter(|op| !matches!(op, Op::Undo | Op::Redo)) {
            apply(&mut editor, op);
            prop_assert!(is_symmetric(editor.board(), mirror), "{op:?}");
        }
    }

    #[test]
    fn undo_then_redo_is_the_identity(ops in proptest::collection::vec(op(35), 1..30)) {
        let mut editor = blank(7, 5, 3);
        for op in &ops {
            apply(&mut editor, op);
        }
        let drawing = (editor.board().clone(), editor.palette().to_vec());
        if editor.undo().is_ok() {
            editor.redo().unwrap();
        }
        prop_assert_eq!((editor.board().clone(), editor.palette().to_vec()), drawing.clone());
        // And all the way back and forth.
        let mut undone = 0;
        while editor.undo().is_ok() {
            undone += 1;
        }
        for _ in 0..undone {
            editor.redo().unwrap();
        }
        prop_assert_eq!((editor.board(), editor.palette()), (&drawing.0, &drawing.1[..]));
    }

    #[test]
    fn a_fill_is_a_move_of_the_game(cells in proptest::collection::vec(0u8..3, 35), tile in 0usize..35, colour in 0u8..3) {
        let board = Board::new(Tiling::Triangles, 7, 5, cells.into_iter().map(Some).collect(), 3).unwrap();
        let mut editor = Editor::new(board.clone(), palette(3)).unwrap();
        prop_assume!(board.colour(tile) != Some(colour) && board.colour_counts().iter().filter(|&&n| n > 0).count() > 1);
        let level = Level::new("t".into(), "t".into(), 1000, palette(3), board).unwrap();
        let mut game = Game::new(Arc::new(level));
        game.play(Move { tile, colour }).unwrap();
        prop_assert!(editor.fill(tile, colour).unwrap());
        prop_assert_eq!(editor.board(), game.board());
    }
}

#[test]
fn a_stroke_is_one_undo_step_and_paints_the_tiles_between_its_points() {
    let mut editor = blank(29, 10, 3);
    let fit = Fit::new(editor.board(), 390.0, 700.0).unwrap();
    let shapes = fit.shapes(editor.board());
    editor.begin_stroke(Brush::Colour(1)).unwrap();
    // Two points far apart: everything between is painted.
    editor.stroke_to(&fit, shapes[0].centre).unwrap();
    editor.stroke_to(&fit, shapes[9].centre).unwrap();
    editor.stroke_to(&fit, shapes[289].centre).unwrap();
    editor.end_stroke();
    let painted = editor.board().colour_counts()[1];
    assert!(painted >= 29, "{painted} tiles painted");
    assert!(editor.board().regions().count >= 2);
    // The painted tiles are connected: one region of colour 1.
    let regions = editor.board().regions();
    let ones: std::collections::BTreeSet<_> =
        (0..290).filter(|&t| editor.board().colour(t) == Some(1)).map(|t| regions.label[t]).collect();
    assert_eq!(ones.len(), 1);
    editor.undo().unwrap();
    assert_eq!(editor.board().colour_counts()[1], 0);
    assert!(!editor.can_undo());
}

#[test]
fn refused_edits_change_nothing() {
    let mut editor = blank(3, 2, 2);
    let version = editor.version();
    assert_eq!(editor.paint(6, Brush::Colour(0)), Err(EditError::TileOutOfRange { tile: 6, tiles: 6 }));
    assert_eq!(editor.paint(0, Brush::Colour(2)), Err(EditError::ColourOutOfRange { colour: 2, colours: 2 }));
    assert_eq!(editor.remove_colour(0, 1), Err(EditError::PaletteSize { colours: 1 }));
    let mut odd = blank(4, 3, 2);
    let refused = EditError::MirrorDoesNotFit { symmetry: Symmetry::LeftRight, rows: 4, cols: 3 };
    assert_eq!(odd.set_mirror(Symmetry::LeftRight), Err(refused));
    assert_eq!(odd.mirror(), Symmetry::None);
    for t in 0..5 {
        editor.paint(t, Brush::Hole).unwrap();
    }
    assert_eq!(editor.paint(5, Brush::Hole), Err(EditError::NoTilesLeft));
    assert_eq!(editor.fill(0, 1), Err(EditError::Hole { tile: 0 }));
    assert_eq!(editor.board().cells().iter().flatten().count(), 1);
    assert_eq!(editor.version(), version + 5);
    assert!(Editor::blank(Tiling::Squares, 0, 3, palette(2)).is_err());
    assert!(Editor::blank(Tiling::Squares, 3, 3, palette(1)).is_err());
}

#[test]
fn removing_a_colour_moves_its_tiles_and_renumbers_the_rest() {
    let mut editor = blank(1, 4, 4);
    for (t, c) in [(1, 1), (2, 2), (3, 3)] {
        editor.paint(t, Brush::Colour(c)).unwrap();
    }
    editor.remove_colour(1, 3).unwrap();
    assert_eq!(editor.palette(), &[palette(4)[0], palette(4)[2], palette(4)[3]]);
    assert_eq!(editor.board().cells(), &[Some(0), Some(2), Some(1), Some(2)]);
    editor.set_palette(palette(2)).unwrap();
    assert_eq!(editor.board().cells(), &[Some(0), Some(1), Some(1), Some(1)]);
}

fn analysed(editor: &Editor) -> Vec<Analysis> {
    let mut seen = Vec::new();
    let limits = analysis::Limits { threads: 1, ..analysis::Limits::default() };
    analyse(editor.board(), editor.palette().len(), editor.version(), &limits, &Arc::default(), |a| seen.push(a));
    seen
}

#[test]
fn analysis_of_a_one_colour_board_and_of_a_trivial_one() {
    let mut editor = blank(3, 4, 3);
    let seen = analysed(&editor);
    assert_eq!(seen.len(), 1);
    assert_eq!(seen[0].par, Par::Proven(0));
    assert_eq!(seen[0].verdicts, [Verdict::OneColour, Verdict::UnusedColour(1), Verdict::UnusedColour(2)]);
    editor.paint(0, Brush::Colour(2)).unwrap();
    let last = analysed(&editor).pop().unwrap();
    assert!(last.done);
    assert_eq!((last.par, last.version, last.regions), (Par::Proven(1), 1, 2));
    assert_eq!(last.verdicts, [Verdict::Trivial, Verdict::UnusedColour(1)]);
}

#[test]
fn analysis_proves_a_par_and_calls_an_open_board_a_picture() {
    // Three stripes of 0 1 2 across a 5 × 6 board: par 2 (trivial). A chequer of stripes has a
    // par that any of many first moves keeps.
    let cells: Vec<Option<u8>> = (0..30).map(|t| Some(((t % 6) % 3) as u8)).collect();
    let board = Board::new(Tiling::Squares, 5, 6, cells, 3).unwrap();
    let editor = Editor::new(board, palette(3)).unwrap();
    let seen = analysed(&editor);
    let last = seen.last().unwrap();
    let Par::Proven(par) = last.par else { panic!("{last:?}") };
    assert!(par >= 3, "{last:?}");
    let rating = last.rating.as_ref().unwrap();
    let picture = f64::from(rating.promising_first_moves) >= analysis::PICTURE_SHARE * f64::from(rating.first_moves);
    assert_eq!(last.verdicts.iter().any(|v| matches!(v, Verdict::Picture { .. })), picture, "{last:?}");
    // Snapshots only grow more certain.
    for pair in seen.windows(2) {
        assert!(pair[1].par.best() <= pair[0].par.best());
    }
}

#[test]
fn the_analyser_keeps_only_the_newest_drawing_and_stops_a_stale_analysis() {
    let analyser = Analyser::new(analysis::Limits { threads: 1, ..analysis::Limits::default() });
    // A hard board: a random 29 × 10 drawing of 5 colours takes far longer than this test to prove.
    let mut random = crate::random::Random::new(7);
    let cells: Vec<Option<u8>> = (0..290).map(|_| Some(random.below(5) as u8)).collect();
    let hard = Board::new(Tiling::Triangles, 29, 10, cells, 5).unwrap();
    analyser.submit(hard.clone(), 5, 1);
    let (serial, first) = analyser.wait(0, Duration::from_secs(30)).unwrap();
    assert_eq!(first.version, 1);
    assert!(!first.done);
    // A new drawing: the stale analysis is cancelled, and every snapshot from now on is the new one's.
    let easy = Board::new(Tiling::Squares, 1, 3, vec![Some(0), Some(1), Some(0)], 5).unwrap();
    analyser.submit(easy, 5, 2);
    let mut after = serial;
    loop {
        let (serial, next) = analyser.wait(after, Duration::from_secs(30)).unwrap();
        assert_eq!(next.version, 2);
        after = serial;
        if next.done {
            assert_eq!(next.par, Par::Proven(1));
            break;
        }
    }
    assert_eq!(analyser.wait(after, Duration::from_millis(50)), None);
    drop(analyser);
}
