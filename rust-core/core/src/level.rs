//! A level: its board, palette and par, checked to be playable.

use crate::board::{Board, BoardError, MAX_COLOURS, MAX_SIDE};
use std::fmt;

/// Fewest colours a palette may hold.
pub const MIN_COLOURS: usize = 2;

/// Largest par a level may have. A board of n tiles never needs more than n − 1 moves, so no real
/// level comes near it; the cap bounds the moves a game can hold, and so what restoring a save
/// may replay.
pub const MAX_PAR: u32 = (MAX_SIDE * MAX_SIDE) as u32;

/// A colour as red, green and blue.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Rgb {
    /// Red, 0–255.
    pub red: u8,
    /// Green, 0–255.
    pub green: u8,
    /// Blue, 0–255.
    pub blue: u8,
}

impl Rgb {
    /// Parses `#RRGGBB` (hex digits in either case).
    pub fn parse(text: &str) -> Option<Rgb> {
        let hex = text.strip_prefix('#').filter(|h| h.len() == 6 && h.bytes().all(|b| b.is_ascii_hexdigit()))?;
        let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok();
        Some(Rgb { red: byte(0)?, green: byte(2)?, blue: byte(4)? })
    }
}

impl fmt::Display for Rgb {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{:02X}{:02X}{:02X}", self.red, self.green, self.blue)
    }
}

/// Why a level is not playable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LevelProblem {
    /// The palette does not hold 2–6 colours.
    PaletteSize(usize),
    /// Par is zero.
    ZeroPar,
    /// Par is above [`MAX_PAR`].
    ParTooLarge(u32),
    /// The board itself is malformed.
    Board(BoardError),
    /// The board is one colour already: there is nothing to play.
    AlreadySolved,
}

impl fmt::Display for LevelProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LevelProblem::PaletteSize(n) => {
                write!(f, "expected {MIN_COLOURS} to {MAX_COLOURS} palette colours, found {n}")
            }
            LevelProblem::ZeroPar => write!(f, "expected a par of at least 1"),
            LevelProblem::ParTooLarge(par) => write!(f, "expected a par of at most {MAX_PAR}, found {par}"),
            LevelProblem::Board(e) => e.fmt(f),
            LevelProblem::AlreadySolved => write!(f, "the board is already one colour"),
        }
    }
}

impl std::error::Error for LevelProblem {}

/// A playable level.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Level {
    id: String,
    name: String,
    par: u32,
    palette: Vec<Rgb>,
    board: Board,
}

impl Level {
    /// Checks that the level can be played: 2–6 colours, par from 1 to [`MAX_PAR`], board colours
    /// within the palette, and at least two colours on the board.
    pub fn new(id: String, name: String, par: u32, palette: Vec<Rgb>, board: Board) -> Result<Level, LevelProblem> {
        if !(MIN_COLOURS..=MAX_COLOURS).contains(&palette.len()) {
            return Err(LevelProblem::PaletteSize(palette.len()));
        }
        if par == 0 {
            return Err(LevelProblem::ZeroPar);
        }
        if par > MAX_PAR {
            return Err(LevelProblem::ParTooLarge(par));
        }
        if let Some((tile, colour)) = board
            .cells()
            .iter()
            .enumerate()
            .find_map(|(t, c)| c.filter(|&c| usize::from(c) >= palette.len()).map(|c| (t, c)))
        {
            return Err(LevelProblem::Board(BoardError::Colour { tile, colour, colours: palette.len() }));
        }
        if board.colour_counts().iter().filter(|&&n| n > 0).count() < 2 {
            return Err(LevelProblem::AlreadySolved);
        }
        Ok(Level { id, name, par, palette, board })
    }

    /// Stable identifier: `pack/file-stem` for shipped levels, the path for a level file.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// The name shown to players.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The fewest moves that solve the level.
    pub fn par(&self) -> u32 {
        self.par
    }

    /// The colours players choose from; board cells index into it.
    pub fn palette(&self) -> &[Rgb] {
        &self.palette
    }

    /// The starting board.
    pub fn board(&self) -> &Board {
        &self.board
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Tiling;

    fn board(cells: &[Option<u8>]) -> Board {
        Board::new(Tiling::Squares, 1, cells.len(), cells.to_vec(), MAX_COLOURS).unwrap()
    }

    #[test]
    fn rgb_parses_and_prints_hex() {
        assert_eq!(Rgb::parse("#e4572E"), Some(Rgb { red: 0xE4, green: 0x57, blue: 0x2E }));
        assert_eq!(Rgb::parse("#E4572E").unwrap().to_string(), "#E4572E");
        for bad in ["E4572E", "#E4572", "#E4572EE", "#G4572E", "#+4572E", "#é4572"] {
            assert_eq!(Rgb::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn new_rejects_unplayable_levels() {
        let red = Rgb { red: 255, green: 0, blue: 0 };
        let two = vec![red; 2];
        let make = |par, palette: Vec<Rgb>, cells: &[Option<u8>]| {
            Level::new("x".into(), "x".into(), par, palette, board(cells))
        };
        assert!(make(1, two.clone(), &[Some(0), Some(1)]).is_ok());
        assert_eq!(make(1, vec![red], &[Some(0)]), Err(LevelProblem::PaletteSize(1)));
        assert_eq!(make(1, vec![red; 7], &[Some(0)]), Err(LevelProblem::PaletteSize(7)));
        assert_eq!(make(0, two.clone(), &[Some(0), Some(1)]), Err(LevelProblem::ZeroPar));
        assert!(make(MAX_PAR, two.clone(), &[Some(0), Some(1)]).is_ok());
        assert_eq!(make(MAX_PAR + 1, two.clone(), &[Some(0), Some(1)]), Err(LevelProblem::ParTooLarge(MAX_PAR + 1)));
        assert_eq!(make(1, two.clone(), &[Some(0), None, Some(0)]), Err(LevelProblem::AlreadySolved));
        assert_eq!(
            make(1, two, &[Some(0), Some(2)]),
            Err(LevelProblem::Board(BoardError::Colour { tile: 1, colour: 2, colours: 2 }))
        );
    }
}
