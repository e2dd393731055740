//! A game in progress: the rules of a move, the player's status and grade, and undo/redo/restart.

use crate::board::{Board, Colour, MAX_COLOURS, MAX_SIDE};
use crate::history::{History, Move, Step};
use crate::level::Level;
use std::fmt;
use std::sync::Arc;

/// How well a won level was played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Grade {
    /// Won in par moves (or fewer).
    Perfect,
    /// Won in par + 1 moves.
    Ok,
}

impl Grade {
    /// The grade for winning in `moves` moves, `None` when that many moves fail the level.
    pub fn for_moves(moves: u32, par: u32) -> Option<Grade> {
        match moves {
            m if m <= par => Some(Grade::Perfect),
            m if m == par.saturating_add(1) => Some(Grade::Ok),
            _ => None,
        }
    }
}

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// More moves can be played.
    Playing,
    /// The board is one colour, within par + 1 moves.
    Won(Grade),
    /// More than par + 1 moves were used without a win; undo and restart still work.
    Failed,
}

impl Status {
    /// Whether the game takes no more moves (won or failed).
    pub fn is_finished(self) -> bool {
        self != Status::Playing
    }
}

/// Why a move, undo or redo was refused. The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The tile index is not on the board.
    TileOutOfRange { tile: usize, tiles: usize },
    /// The tile is a hole.
    Hole { tile: usize },
    /// The colour is not in the palette.
    ColourOutOfRange { colour: usize, colours: usize },
    /// The region already has that colour.
    SameColour { tile: usize, colour: Colour },
    /// The game is won or failed; undo or restart to play on.
    Finished,
    /// No move to undo.
    NothingToUndo,
    /// No undone move to redo.
    NothingToRedo,
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::TileOutOfRange { tile, tiles } => write!(f, "tile {tile} is off the board of {tiles} tiles"),
            MoveError::Hole { tile } => write!(f, "tile {tile} is a hole"),
            MoveError::ColourOutOfRange { colour, colours } => {
                write!(f, "colour {colour} is not in the palette of {colours} colours")
            }
            MoveError::SameColour { tile, colour } => write!(f, "the region of tile {tile} is colour {colour} already"),
            MoveError::Finished => write!(f, "the game is over: undo or restart to play on"),
            MoveError::NothingToUndo => write!(f, "there is no move to undo"),
            MoveError::NothingToRedo => write!(f, "there is no move to redo"),
        }
    }
}

impl std::error::Error for MoveError {}

/// One tile recoloured by a move, with its distance in edges from the tapped tile; a shell plays
/// the recolouring as a ripple, ring by ring.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ripple {
    /// The tile.
    pub tile: usize,
    /// Its breadth-first distance from the tapped tile within the region.
    pub ring: u32,
}

/// A game of one level.
#[derive(Clone, Debug)]
pub struct Game {
    level: Arc<Level>,
    board: Board,
    history: History,
    colour_counts: [usize; MAX_COLOURS],
    revision: u64,
}

impl Game {
    /// A fresh game of `level`.
    pub fn new(level: Arc<Level>) -> Game {
        let board = level.board().clone();
        let colour_counts = board.colour_counts();
        Game { level, board, history: History::default(), colour_counts, revision: 0 }
    }

    /// Recolours the region of `mv.tile` to `mv.colour` and returns the recoloured tiles in
    /// ripple order (the tapped tile first).
    pub fn play(&mut self, mv: Move) -> Result<Vec<Ripple>, MoveError> {
        let from = self.check(mv)?;
        let rings = self.board.region_rings(mv.tile);
        const _: () = assert!(MAX_SIDE * MAX_SIDE <= 1 << 16, "history keeps tiles as u16");
        let tiles: Vec<u16> = rings.iter().map(|&(t, _)| t as u16).collect();
        self.recolour(&tiles, from, mv.colour);
        self.history.push(Step { mv, from, tiles });
        Ok(rings.into_iter().map(|(tile, ring)| Ripple { tile, ring }).collect())
    }

    /// Checks that `mv` may be played now and returns the colour it replaces.
    pub fn check(&self, mv: Move) -> Result<Colour, MoveError> {
        if self.status().is_finished() {
            return Err(MoveError::Finished);
        }
        let tiles = self.board.len();
        if mv.tile >= tiles {
            return Err(MoveError::TileOutOfRange { tile: mv.tile, tiles });
        }
        let from = self.board.colour(mv.tile).ok_or(MoveError::Hole { tile: mv.tile })?;
        let colours = self.level.palette().len();
        if usize::from(mv.colour) >= colours {
            return Err(MoveError::ColourOutOfRange { colour: mv.colour.into(), colours });
        }
        if from == mv.colour {
            return Err(MoveError::SameColour { tile: mv.tile, colour: from });
        }
        Ok(from)
    }

    /// Takes back the last move; returns the tiles it changed back.
    pub fn undo(&mut self) -> Result<Vec<usize>, MoveError> {
        let step = self.history.undo().ok_or(MoveError::NothingToUndo)?.clone();
        self.recolour(&step.tiles, step.mv.colour, step.from);
        Ok(step.tiles.iter().map(|&t| usize::from(t)).collect())
    }

    /// Plays the last undone move again; returns the tiles it changed.
    pub fn redo(&mut self) -> Result<Vec<usize>, MoveError> {
        let step = self.history.redo().ok_or(MoveError::NothingToRedo)?.clone();
        self.recolour(&step.tiles, step.from, step.mv.colour);
        Ok(step.tiles.iter().map(|&t| usize::from(t)).collect())
    }

    /// Back to the start, as a fresh game: the board as the level begins, no undo, no redo.
    /// Costs the tiles changed so far, not the whole board.
    pub fn restart(&mut self) {
        while self.undo().is_ok() {}
        self.history.clear();
        self.revision += 1;
    }

    fn recolour(&mut self, tiles: &[u16], from: Colour, to: Colour) {
        for &t in tiles {
            self.board.paint(usize::from(t), to);
        }
        self.colour_counts[usize::from(from)] -= tiles.len();
        self.colour_counts[usize::from(to)] += tiles.len();
        self.revision += 1;
    }

    /// The level being played.
    pub fn level(&self) -> &Arc<Level> {
        &self.level
    }

    /// The board as it stands.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The moves on the board, oldest first.
    pub fn played(&self) -> impl ExactSizeIterator<Item = Move> + '_ {
        self.history.played().iter().map(|s| s.mv)
    }

    /// The moves redo would replay, next first.
    pub fn undone(&self) -> impl ExactSizeIterator<Item = Move> + '_ {
        self.history.undone().iter().map(|s| s.mv)
    }

    /// Moves used so far (undone moves do not count).
    pub fn moves_used(&self) -> u32 {
        u32::try_from(self.history.played().len()).unwrap_or(u32::MAX)
    }

    /// Whether there is a move to undo.
    pub fn can_undo(&self) -> bool {
        !self.history.played().is_empty()
    }

    /// Whether there is a move to redo.
    pub fn can_redo(&self) -> bool {
        !self.history.undone().is_empty()
    }

    /// How many different colours are on the board.
    pub fn colours_left(&self) -> usize {
        self.colour_counts.iter().filter(|&&n| n > 0).count()
    }

    /// How many regions the board has (costs a pass over the board).
    pub fn region_count(&self) -> usize {
        self.board.regions().count
    }

    /// Playing, won with a grade, or failed.
    pub fn status(&self) -> Status {
        let used = self.moves_used();
        let par = self.level.par();
        if used > par.saturating_add(1) {
            Status::Failed
        } else if self.colours_left() <= 1 {
            Status::Won(Grade::for_moves(used, par).unwrap_or(Grade::Ok))
        } else {
            Status::Playing
        }
    }

    /// A number that changes whenever the board or history does: a hint or snapshot taken at
    /// one revision is stale at any other.
    pub fn revision(&self) -> u64 {
        self.revision
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Tiling;
    use crate::level::Rgb;
    use proptest::prelude::*;

    /// A 1 × n square strip of the given colours with the given par.
    fn game(cells: &[u8], par: u32) -> Game {
        let board = Board::new(Tiling::Squares, 1, cells.len(), cells.iter().map(|&c| Some(c)).collect(), 3).unwrap();
        let level = Level::new("t".into(), "t".into(), par, vec![Rgb { red: 0, green: 0, blue: 0 }; 3], board);
        Game::new(Arc::new(level.unwrap()))
    }

    fn mv(tile: usize, colour: Colour) -> Move {
        Move { tile, colour }
    }

    #[test]
    fn a_move_floods_the_region_and_merges() {
        let mut g = game(&[0, 0, 1, 0, 2], 3);
        let ripple = g.play(mv(1, 1)).unwrap();
        assert_eq!(ripple, vec![Ripple { tile: 1, ring: 0 }, Ripple { tile: 0, ring: 1 }]);
        assert_eq!(g.board().cells(), &[Some(1), Some(1), Some(1), Some(0), Some(2)]);
        assert_eq!((g.region_count(), g.colours_left(), g.moves_used()), (3, 3, 1));
    }

    #[test]
    fn grades_follow_par() {
        let mut g = game(&[0, 1, 0], 1);
        g.play(mv(1, 0)).unwrap();
        assert_eq!(g.status(), Status::Won(Grade::Perfect));
        let mut g = game(&[0, 1, 0], 1);
        g.play(mv(1, 2)).unwrap();
        g.play(mv(1, 0)).unwrap();
        assert_eq!(g.status(), Status::Won(Grade::Ok));
        assert_eq!(g.play(mv(0, 1)), Err(MoveError::Finished));
    }

    #[test]
    fn failing_stops_play_but_not_undo() {
        let mut g = game(&[0, 1, 0, 1, 0], 1);
        g.play(mv(0, 2)).unwrap();
        g.play(mv(4, 2)).unwrap();
        assert_eq!(g.status(), Status::Playing);
        g.play(mv(2, 2)).unwrap();
        assert_eq!(g.status(), Status::Failed);
        assert_eq!(g.play(mv(1, 2)), Err(MoveError::Finished));
        g.undo().unwrap();
        assert_eq!(g.status(), Status::Playing);
        // Winning with the last move beyond par + 1 is still a fail.
        let mut g = game(&[0, 1, 0, 1], 1);
        g.play(mv(0, 2)).unwrap();
        g.play(mv(2, 2)).unwrap();
        g.play(mv(0, 1)).unwrap();
        assert_eq!(g.status(), Status::Failed);
    }

    #[test]
    fn bad_moves_are_typed_and_change_nothing() {
        let mut g = game(&[0, 1], 1);
        let before = g.board().clone();
        assert_eq!(g.play(mv(2, 0)), Err(MoveError::TileOutOfRange { tile: 2, tiles: 2 }));
        assert_eq!(g.play(mv(0, 3)), Err(MoveError::ColourOutOfRange { colour: 3, colours: 3 }));
        assert_eq!(g.play(mv(0, 0)), Err(MoveError::SameColour { tile: 0, colour: 0 }));
        assert_eq!(g.undo(), Err(MoveError::NothingToUndo));
        assert_eq!(g.redo(), Err(MoveError::NothingToRedo));
        assert_eq!(g.board(), &before);
        assert_eq!((g.moves_used(), g.revision()), (0, 0));
    }

    #[test]
    fn holes_cannot_be_played() {
        let board = Board::new(Tiling::Squares, 1, 3, vec![Some(0), None, Some(1)], 2).unwrap();
        let level = Level::new("t".into(), "t".into(), 1, vec![Rgb { red: 0, green: 0, blue: 0 }; 2], board);
        let mut g = Game::new(Arc::new(level.unwrap()));
        assert_eq!(g.play(mv(1, 0)), Err(MoveError::Hole { tile: 1 }));
    }

    #[test]
    fn a_new_move_after_undo_clears_redo() {
        let mut g = game(&[0, 1, 2, 0], 5);
        g.play(mv(0, 1)).unwrap();
        g.undo().unwrap();
        assert!(g.can_redo());
        g.play(mv(3, 2)).unwrap();
        assert!(!g.can_redo());
        assert_eq!(g.played().collect::<Vec<_>>(), vec![mv(3, 2)]);
    }

    /// The rules written the slow, obvious way: recolour every same-coloured tile reachable
    /// from the tapped one, found by repeated sweeps until nothing changes.
    fn naive_flood(board: &Board, tile: usize, colour: Colour) -> Vec<Option<Colour>> {
        let mut cells = board.cells().to_vec();
        let from = cells[tile].unwrap();
        let mut inside = vec![false; cells.len()];
        inside[tile] = true;
        let mut changed = true;
        while changed {
            changed = false;
            for t in 0..cells.len() {
                if !inside[t] && cells[t] == Some(from) && board.neighbours(t).any(|n| inside[n]) {
                    inside[t] = true;
                    changed = true;
                }
            }
        }
        for (cell, inside) in cells.iter_mut().zip(inside) {
            if inside {
                *cell = Some(colour);
            }
        }
        cells
    }

    /// A random board (holes allowed, at least two colours) and a random sequence of intents.
    fn random_game() -> impl Strategy<Value = (Game, Vec<(u8, usize, Colour)>)> {
        let tiling = prop_oneof![Just(Tiling::Triangles), Just(Tiling::Squares)];
        (tiling, 1usize..7, 2usize..7, 2usize..=4)
            .prop_flat_map(|(tiling, rows, cols, colours)| {
                let cell = prop_oneof![1 => Just(None), 6 => (0..colours as u8).prop_map(Some)];
                (Just((tiling, rows, cols, colours)), prop::collection::vec(cell, rows * cols))
            })
            .prop_filter_map("needs two colours", |((tiling, rows, cols, colours), cells)| {
                let board = Board::new(tiling, rows, cols, cells, colours).ok()?;
                let palette = vec![Rgb { red: 1, green: 2, blue: 3 }; colours];
                let level = Level::new("p".into(), "p".into(), 4, palette, board).ok()?;
                Some(Game::new(Arc::new(level)))
            })
            .prop_flat_map(|g| {
                let tiles = g.board().len();
                let intent = (0u8..4, 0..tiles, 0u8..4);
                (Just(g), prop::collection::vec(intent, 0..24))
            })
    }

    proptest! {
        #[test]
        fn play_matches_a_naive_flood((mut g, intents) in random_game()) {
            for (_, tile, colour) in intents {
                let expected = match g.check(mv(tile, colour)) {
                    Ok(_) => naive_flood(g.board(), tile, colour),
                    Err(_) => g.board().cells().to_vec(),
                };
                let counts_before = g.moves_used();
                let result = g.play(mv(tile, colour));
                prop_assert_eq!(g.board().cells(), &expected[..]);
                prop_assert_eq!(g.moves_used(), counts_before + u32::from(result.is_ok()));
                prop_assert_eq!(g.colours_left(), g.board().colour_counts().iter().filter(|&&n| n > 0).count());
            }
        }

        #[test]
        fn history_replays_exactly((mut g, intents) in random_game()) {
            let fresh = g.clone();
            // Boards seen after each accepted move; index = moves used.
            let mut boards = vec![g.board().clone()];
            for (kind, tile, colour) in intents {
                match kind {
                    0 | 1 => {
                        if g.play(mv(tile, colour)).is_ok() {
                            boards.truncate(g.moves_used() as usize);
                            boards.push(g.board().clone());
                        }
                    }
                    2 => {
                        let had = g.can_undo();
                        prop_assert_eq!(g.undo().is_ok(), had);
                    }
                    _ => {
                        let had = g.can_redo();
                        prop_assert_eq!(g.redo().is_ok(), had);
                    }
                }
                prop_assert_eq!(g.board(), &boards[g.moves_used() as usize]);
                prop_assert_eq!(boards.len(), g.played().len() + g.undone().len() + 1);
            }
            g.restart();
            prop_assert_eq!(g.board(), fresh.board());
            prop_assert_eq!(g.status(), fresh.status());
            prop_assert!(!g.can_undo() && !g.can_redo());
            prop_assert_eq!(g.colours_left(), fresh.colours_left());
        }
    }
}
