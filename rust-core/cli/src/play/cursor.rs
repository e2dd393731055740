//! The keyboard cursor: which tile the arrow keys move to, on the board's rows and columns.

use kami_core::board::Board;

/// An arrow key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// Towards row 0.
    Up,
    /// Towards the last row.
    Down,
    /// Towards column 0.
    Left,
    /// Towards the last column.
    Right,
}

/// Where the cursor starts: the first tile that is not a hole.
pub fn first_tile(board: &Board) -> usize {
    (0..board.len()).find(|&t| board.colour(t).is_some()).unwrap_or(0)
}

/// The tile the cursor moves to from `tile`. Left and right go to the next tile along the row,
/// over any holes; up and down go to the next row that has a tile, to its tile in the nearest
/// column (the left one on a tie). Where there is none, the cursor stays. So every tile can be
/// reached: up and down visit every row with a tile, left and right every tile of a row.
pub fn step(board: &Board, tile: usize, direction: Direction) -> usize {
    let (row, col) = board.position(tile);
    let is_tile = |r: usize, c: usize| board.tile(r, c).filter(|&t| board.colour(t).is_some());
    let found = match direction {
        Direction::Left => (0..col).rev().find_map(|c| is_tile(row, c)),
        Direction::Right => (col + 1..board.cols()).find_map(|c| is_tile(row, c)),
        Direction::Up => (0..row).rev().find_map(|r| nearest_in_row(board, r, col)),
        Direction::Down => (row + 1..board.rows()).find_map(|r| nearest_in_row(board, r, col)),
    };
    found.unwrap_or(tile)
}

/// The tile of `row` whose column is nearest `col`, if the row has any.
fn nearest_in_row(board: &Board, row: usize, col: usize) -> Option<usize> {
    (0..board.cols())
        .filter_map(|c| board.tile(row, c).filter(|&t| board.colour(t).is_some()))
        .min_by_key(|&t| board.position(t).1.abs_diff(col))
}

#[cfg(test)]
mod tests {
    use super::*;
    use kami_core::board::{MAX_COLOURS, Tiling};
    use std::collections::BTreeSet;

    /// A board from rows of `#` (tile) and `.` (hole).
    fn board(rows: &[&str]) -> Board {
        let cells = rows.iter().flat_map(|r| r.chars()).map(|c| (c == '#').then_some(0)).collect();
        Board::new(Tiling::Triangles, rows.len(), rows[0].len(), cells, MAX_COLOURS).unwrap()
    }

    const ALL: [Direction; 4] = [Direction::Up, Direction::Down, Direction::Left, Direction::Right];

    #[test]
    fn on_a_full_board_arrows_move_one_row_or_column() {
        let b = board(&["###", "###", "###"]);
        assert_eq!(ALL.map(|d| step(&b, 4, d)), [1, 7, 3, 5]);
        // At the edges the cursor stays.
        assert_eq!(ALL.map(|d| step(&b, 0, d)), [0, 3, 0, 1]);
        assert_eq!(ALL.map(|d| step(&b, 8, d)), [5, 8, 7, 8]);
    }

    #[test]
    fn holes_are_stepped_over() {
        let b = board(&["#.#", "..#", "#.."]);
        assert_eq!(first_tile(&b), 0);
        assert_eq!(step(&b, 0, Direction::Right), 2);
        // Down from (0,0): row 1 has only (1,2); then row 2 has (2,0).
        assert_eq!(step(&b, 0, Direction::Down), 5);
        assert_eq!(step(&b, 5, Direction::Down), 6);
        assert_eq!(step(&b, 6, Direction::Right), 6);
        // Ties in distance go left.
        let b = board(&[".#.", "#.#"]);
        assert_eq!(step(&b, 1, Direction::Down), 3);
    }

    #[test]
    fn every_tile_can_be_reached_from_the_first() {
        let b = board(&["..#...", "#....#", "......", "...#..", ".#...#"]);
        let tiles: BTreeSet<usize> = (0..b.len()).filter(|&t| b.colour(t).is_some()).collect();
        let mut seen = BTreeSet::from([first_tile(&b)]);
        let mut todo = vec![first_tile(&b)];
        while let Some(t) = todo.pop() {
            for d in ALL {
                if seen.insert(step(&b, t, d)) {
                    todo.push(step(&b, t, d));
                }
            }
        }
        assert_eq!(seen, tiles);
    }
}
