//! The player's puzzles: boards imported from screenshots, opened from share codes or made in
//! the editor, each
//! with its name, its par and whether the solver proved it, and the player's best result.
//!
//! Each puzzle is a whole level of its own, with the id `mine/<number>` (numbers are never
//! reused), so a game of it is saved and restored like any other and its result is recorded here.
//! The collection is saved as one file in the save envelope of [`crate::save`] (kind 3).

use crate::game::{Game, Grade, Status};
use crate::level::{Level, LevelProblem};
use crate::progress::Best;
use crate::save::{self, BoardV1, Kind, SaveError};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::fmt;
use std::sync::Arc;

/// Most puzzles a collection holds: a few hundred kilobytes saved, a list a player can scroll.
pub const MAX_PUZZLES: usize = 1000;
/// Most characters in a puzzle's name.
pub const MAX_NAME: usize = 60;
/// The start of every collection puzzle's level id.
pub const ID_PREFIX: &str = "mine/";
/// The collection format this build writes.
const VERSION: u16 = 1;

/// Where a puzzle came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Read from a screenshot of KAMI 2.
    Imported,
    /// Opened from a share code.
    Shared,
    /// Drawn in the editor.
    Made,
}

/// One of the player's puzzles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The level: its id (`mine/<number>`), name, par, palette and board.
    pub level: Arc<Level>,
    /// Where it came from.
    pub origin: Origin,
    /// Whether the solver proved the par to be the fewest moves.
    pub par_proven: bool,
    /// The player's best win, if any.
    pub best: Option<Best>,
}

impl Puzzle {
    /// Its level id, `mine/<number>`.
    pub fn id(&self) -> &str {
        self.level.id()
    }
}

/// Why a change to the collection was refused; the collection is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CollectionError {
    /// No puzzle has this id.
    UnknownPuzzle(String),
    /// The name is empty (after trimming), too long, or holds control characters.
    InvalidName(String),
    /// The collection holds [`MAX_PUZZLES`] already.
    Full,
    /// The board and par do not make a playable level.
    Level(LevelProblem),
}

impl fmt::Display for CollectionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CollectionError::UnknownPuzzle(id) => write!(f, "no puzzle of yours has the id {id:?}"),
            CollectionError::InvalidName(why) => write!(f, "not a puzzle name: {why}"),
            CollectionError::Full => write!(f, "your puzzles are {MAX_PUZZLES} already: delete one first"),
            CollectionError::Level(problem) => problem.fmt(f),
        }
    }
}

impl std::error::Error for CollectionError {}

/// The player's puzzles, oldest first.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Collection {
    puzzles: Vec<Puzzle>,
    /// The number the next puzzle gets.
    next: u64,
}

impl Collection {
    /// The puzzles, oldest first.
    pub fn puzzles(&self) -> &[Puzzle] {
        &self.puzzles
    }

    /// The puzzle with level id `id`.
    pub fn get(&self, id: &str) -> Result<&Puzzle, CollectionError> {
        self.puzzles.iter().find(|p| p.id() == id).ok_or_else(|| CollectionError::UnknownPuzzle(id.to_string()))
    }

    /// Adds `level`'s palette, board and par as a new puzzle named `name` (trimmed).
    pub fn add(
        &mut self,
        level: &Level,
        name: &str,
        origin: Origin,
        par_proven: bool,
    ) -> Result<&Puzzle, CollectionError> {
        self.push(level, name, origin, par_proven, None)
    }

    /// Renames puzzle `id` to `name` (trimmed).
    pub fn rename(&mut self, id: &str, name: &str) -> Result<&Puzzle, CollectionError> {
        let name = valid_name(name)?;
        let index = self.index(id)?;
        let puzzle = &mut self.puzzles[index];
        puzzle.level = Arc::new(relabel(&puzzle.level, id.to_string(), name)?);
        Ok(puzzle)
    }

    /// Adds a copy of puzzle `id` named `name`, with its par and proof but no result yet.
    pub fn duplicate(&mut self, id: &str, name: &str) -> Result<&Puzzle, CollectionError> {
        let original = self.get(id)?.clone();
        self.push(&original.level, name, original.origin, original.par_proven, None)
    }

    /// Removes puzzle `id` and returns it.
    pub fn remove(&mut self, id: &str) -> Result<Puzzle, CollectionError> {
        let index = self.index(id)?;
        Ok(self.puzzles.remove(index))
    }

    /// Records a won game of one of the puzzles and returns its best result; `None` (nothing
    /// changed) if the game is not won or not of a puzzle here with the same board and par.
    pub fn record(&mut self, game: &Game) -> Option<Best> {
        let Status::Won(grade) = game.status() else { return None };
        let puzzle = self.puzzles.iter_mut().find(|p| same_puzzle(&p.level, game.level()))?;
        let result = Best { moves: game.moves_used(), grade };
        let best = match puzzle.best {
            Some(best) if best.moves <= result.moves => best,
            _ => result,
        };
        puzzle.best = Some(best);
        Some(best)
    }

    /// Marks the par of puzzle `id` proven, if `level` (the one that was checked) is still its level.
    pub fn prove_par(&mut self, id: &str, level: &Level) -> Result<&Puzzle, CollectionError> {
        let index = self.index(id)?;
        let puzzle = &mut self.puzzles[index];
        if same_puzzle(&puzzle.level, level) {
            puzzle.par_proven = true;
        }
        Ok(puzzle)
    }

    fn index(&self, id: &str) -> Result<usize, CollectionError> {
        self.puzzles.iter().position(|p| p.id() == id).ok_or_else(|| CollectionError::UnknownPuzzle(id.to_string()))
    }

    fn push(
        &mut self,
        level: &Level,
        name: &str,
        origin: Origin,
        par_proven: bool,
        best: Option<Best>,
    ) -> Result<&Puzzle, CollectionError> {
        let name = valid_name(name)?;
        if self.puzzles.len() >= MAX_PUZZLES {
            return Err(CollectionError::Full);
        }
        let level = relabel(level, format!("{ID_PREFIX}{}", self.next), name)?;
        self.next += 1;
        self.puzzles.push(Puzzle { level: Arc::new(level), origin, par_proven, best });
        Ok(&self.puzzles[self.puzzles.len() - 1])
    }
}

/// Whether two levels are the same puzzle: same id, par, palette and board (a game of a puzzle
/// since deleted, or of an older copy, is not recorded against a new one).
fn same_puzzle(a: &Level, b: &Level) -> bool {
    a.id() == b.id() && a.par() == b.par() && a.palette() == b.palette() && a.board() == b.board()
}

/// `level` with another id and name.
fn relabel(level: &Level, id: String, name: String) -> Result<Level, CollectionError> {
    Level::new(id, name, level.par(), level.palette().to_vec(), level.board().clone()).map_err(CollectionError::Level)
}

/// `name` trimmed, if it is 1 to [`MAX_NAME`] characters without control characters.
pub(crate) fn valid_name(name: &str) -> Result<String, CollectionError> {
    let name = name.trim();
    let length = name.chars().count();
    if length == 0 {
        Err(CollectionError::InvalidName("it is empty".into()))
    } else if length > MAX_NAME {
        Err(CollectionError::InvalidName(format!("{length} characters, at most {MAX_NAME}")))
    } else if name.chars().any(char::is_control) {
        Err(CollectionError::InvalidName("it holds a control character".into()))
    } else {
        Ok(name.to_string())
    }
}

/// The collection as bytes, for [`restore`].
pub fn save(collection: &Collection) -> Vec<u8> {
    let puzzles = collection
        .puzzles
        .iter()
        .map(|p| PuzzleV1 {
            id: p.id().to_string(),
            name: p.level.name().to_string(),
            origin: match p.origin {
                Origin::Imported => 1,
                Origin::Shared => 2,
                Origin::Made => 3,
            },
            par: p.level.par(),
            par_proven: p.par_proven,
            board: BoardV1::of(&p.level),
            best: p.best.map(|b| (b.moves, b.grade == Grade::Perfect)),
        })
        .collect();
    save::seal(Kind::Collection, VERSION, &CollectionV1 { next: collection.next, puzzles })
}

/// Restores a collection saved by [`save()`] (by this or an earlier version). A save that decodes
/// but breaks a rule (a name, a board, a repeated or unissued id) is rejected whole.
pub fn restore(bytes: &[u8]) -> Result<Collection, SaveError> {
    let format: CollectionV1 = match save::open(Kind::Collection, bytes)? {
        (1, payload) => save::decode(payload)?,
        (found, _) => return Err(SaveError::UnsupportedVersion { found, newest: VERSION }),
    };
    let invalid = |why: String| SaveError::Invalid(why);
    if format.puzzles.len() > MAX_PUZZLES {
        return Err(invalid(format!("{} puzzles, at most {MAX_PUZZLES}", format.puzzles.len())));
    }
    let mut ids = BTreeSet::new();
    let mut puzzles = Vec::with_capacity(format.puzzles.len());
    for p in format.puzzles {
        let number = p.id.strip_prefix(ID_PREFIX).and_then(|n| n.parse::<u64>().ok());
        if !number.is_some_and(|n| n < format.next && p.id == format!("{ID_PREFIX}{n}")) || !ids.insert(p.id.clone()) {
            return Err(invalid(format!("puzzle id {:?} is not one this collection issued once", p.id)));
        }
        let name = valid_name(&p.name).map_err(|e| invalid(e.to_string()))?;
        let origin = match p.origin {
            1 => Origin::Imported,
            2 => Origin::Shared,
            3 => Origin::Made,
            other => return Err(invalid(format!("puzzle {:?} has an unknown origin {other}", p.id))),
        };
        let best = match p.best {
            Some((0, _)) => return Err(invalid(format!("puzzle {:?} has a best result of no moves", p.id))),
            Some((moves, perfect)) => Some(Best { moves, grade: if perfect { Grade::Perfect } else { Grade::Ok } }),
            None => None,
        };
        let level = Arc::new(p.board.level(p.id, name, p.par)?);
        puzzles.push(Puzzle { level, origin, par_proven: p.par_proven, best });
    }
    Ok(Collection { puzzles, next: format.next })
}

/// Format 1 of the collection: the next puzzle number and the puzzles, oldest first.
#[derive(Serialize, Deserialize)]
struct CollectionV1 {
    next: u64,
    puzzles: Vec<PuzzleV1>,
}

/// Format 1 of one puzzle; `origin` 1 is imported, 2 opened from a share code, 3 made in the editor;
/// `best` is `(fewest moves, perfect?)`.
#[derive(Serialize, Deserialize)]
struct PuzzleV1 {
    id: String,
    name: String,
    origin: u8,
    par: u32,
    par_proven: bool,
    board: BoardV1,
    best: Option<(u32, bool)>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::history::Move;
    use crate::level_file::parse_level;

    /// A 1 × 3 strip `010`, par 1.
    fn strip() -> Level {
        let source =
            "name = \"Strip\"\npar = 1\npalette = [\"#000000\", \"#FFFFFF\"]\ntiling = \"squares\"\ngrid = \"010\"\n";
        parse_level("strip", "strip.toml", source).unwrap()
    }

    fn won(puzzle: &Puzzle, moves: &[(usize, u8)]) -> Game {
        let mut game = Game::new(Arc::clone(&puzzle.level));
        for &(tile, colour) in moves {
            game.play(Move { tile, colour }).unwrap();
        }
        game
    }

    #[test]
    fn puzzles_get_ids_never_reused_and_valid_names() {
        let mut c = Collection::default();
        assert_eq!(c.add(&strip(), "  First ", Origin::Imported, false).unwrap().id(), "mine/0");
        assert_eq!(c.get("mine/0").unwrap().level.name(), "First");
        assert_eq!(c.duplicate("mine/0", "Second").unwrap().id(), "mine/1");
        c.remove("mine/1").unwrap();
        assert_eq!(c.add(&strip(), "Third", Origin::Imported, false).unwrap().id(), "mine/2");
        assert_eq!(c.remove("mine/1"), Err(CollectionError::UnknownPuzzle("mine/1".into())));
        for bad in ["", "   ", "a\nb", &"x".repeat(MAX_NAME + 1)] {
            let before = c.clone();
            assert!(matches!(c.rename("mine/0", bad), Err(CollectionError::InvalidName(_))), "{bad:?}");
            assert!(matches!(c.add(&strip(), bad, Origin::Imported, false), Err(CollectionError::InvalidName(_))));
            assert_eq!(c, before);
        }
        assert_eq!(c.rename("mine/0", &"é".repeat(MAX_NAME)).unwrap().level.name().chars().count(), MAX_NAME);
        assert_eq!(c.puzzles().iter().map(Puzzle::id).collect::<Vec<_>>(), ["mine/0", "mine/2"]);
    }

    #[test]
    fn a_full_collection_refuses_more() {
        let mut c = Collection::default();
        for i in 0..MAX_PUZZLES {
            c.add(&strip(), &format!("P{i}"), Origin::Imported, false).unwrap();
        }
        assert_eq!(c.add(&strip(), "one more", Origin::Imported, false).unwrap_err(), CollectionError::Full);
        assert_eq!(c.duplicate("mine/0", "copy").unwrap_err(), CollectionError::Full);
        assert_eq!(restore(&save(&c)), Ok(c));
    }

    #[test]
    fn records_the_best_win_of_the_same_puzzle_only() {
        let mut c = Collection::default();
        let id = c.add(&strip(), "S", Origin::Imported, false).unwrap().id().to_string();
        let puzzle = c.get(&id).unwrap().clone();
        let over_par = won(&puzzle, &[(0, 1), (0, 0)]);
        assert_eq!(c.record(&over_par), Some(Best { moves: 2, grade: Grade::Ok }));
        let in_par = won(&puzzle, &[(1, 0)]);
        assert_eq!(c.record(&in_par), Some(Best { moves: 1, grade: Grade::Perfect }));
        assert_eq!(c.record(&over_par), Some(Best { moves: 1, grade: Grade::Perfect }));
        assert_eq!(c.record(&won(&puzzle, &[])), None);
        // A game of a deleted puzzle is not recorded against its copy, nor one of another level.
        let copy = c.duplicate(&id, "copy").unwrap().clone();
        assert_eq!(copy.best, None);
        c.remove(&id).unwrap();
        assert_eq!(c.record(&in_par), None);
        assert_eq!(c.record(&Game::new(Arc::new(strip()))), None);
        assert_eq!(c.get(copy.level.id()).unwrap().best, None);
    }

    #[test]
    fn a_proof_of_a_renamed_puzzle_still_counts_but_not_of_another_board() {
        let mut c = Collection::default();
        c.add(&strip(), "S", Origin::Imported, false).unwrap();
        let checked = Arc::clone(&c.get("mine/0").unwrap().level);
        c.rename("mine/0", "T").unwrap();
        assert!(c.prove_par("mine/0", &checked).unwrap().par_proven);
        c.add(&strip(), "U", Origin::Imported, false).unwrap();
        assert!(!c.prove_par("mine/1", &checked).unwrap().par_proven);
    }

    #[test]
    fn saves_round_trip_and_broken_rules_are_rejected() {
        let mut c = Collection::default();
        c.add(&strip(), "A", Origin::Imported, true).unwrap();
        let puzzle = c.get("mine/0").unwrap().clone();
        c.record(&won(&puzzle, &[(1, 0)]));
        c.add(&strip(), "B", Origin::Shared, false).unwrap();
        c.add(&strip(), "Made", Origin::Made, true).unwrap();
        assert_eq!(restore(&save(&c)), Ok(c.clone()));
        assert_eq!(restore(&save(&Collection::default())), Ok(Collection::default()));
        assert_eq!(restore(&crate::save::save_game(&won(&puzzle, &[]))), Err(SaveError::WrongKind));

        let reseal = |edit: &dyn Fn(&mut CollectionV1)| {
            let mut format: CollectionV1 = save::decode(save::open(Kind::Collection, &save(&c)).unwrap().1).unwrap();
            edit(&mut format);
            restore(&save::seal(Kind::Collection, VERSION, &format))
        };
        assert!(reseal(&|_| ()).is_ok());
        let rejected: [&dyn Fn(&mut CollectionV1); 7] = [
            &|f| f.puzzles[1].id = "mine/0".into(),
            &|f| f.next = 1,
            &|f| f.puzzles[0].id = "mine/00".into(),
            &|f| f.puzzles[0].name = "\u{7}".into(),
            &|f| f.puzzles[0].origin = 9,
            &|f| f.puzzles[0].best = Some((0, true)),
            &|f| f.puzzles[0].par = 0,
        ];
        for edit in rejected {
            assert!(matches!(reseal(edit), Err(SaveError::Invalid(_))));
        }
    }
}
