//! A board's symmetries: the mirror images and the half turn of its grid that map it onto itself.
//! Mirror-image positions need the same number of moves, so the search tries only one move of
//! each mirror-image pair while the position is still symmetric (see `search.rs`).

use super::graph::RegionGraph;
use crate::board::{Board, Symmetry};

/// The symmetries of `board` that move some region, each once, as maps from each region of
/// `graph` (its region graph) to its image. A candidate (the left–right mirror, the top–bottom
/// mirror, the half turn) counts where it maps every tile to a tile of the same colour, holes to
/// holes, and each tile's neighbours to its image's neighbours; on triangles the last depends on
/// the grid's size. With the identity they form a group (the grid's symmetries that keep the
/// board), so the regions each region maps to are its whole orbit.
pub fn symmetries(board: &Board, graph: &RegionGraph) -> Vec<Vec<usize>> {
    let mut maps: Vec<Vec<usize>> = [Symmetry::LeftRight, Symmetry::TopBottom, Symmetry::Rotational]
        .into_iter()
        .filter_map(|symmetry| {
            let image = |tile: usize| symmetry.image(board.rows(), board.cols(), tile);
            // Colours first: on most boards they already differ somewhere, and cost less.
            let keeps_colours = (0..board.len()).all(|t| board.colour(t) == board.colour(image(t)));
            let keeps_edges = || {
                (0..board.len()).all(|t| {
                    let there = image(t);
                    board.neighbours(t).count() == board.neighbours(there).count()
                        && board.neighbours(t).all(|u| board.neighbours(there).any(|w| w == image(u)))
                })
            };
            (keeps_colours && keeps_edges()).then(|| graph.tile.iter().map(|&t| image(t)).collect::<Vec<_>>())
        })
        .collect();
    if !maps.is_empty() {
        // From tiles to the regions that hold them.
        let label = board.regions().label;
        for map in &mut maps {
            for image in map.iter_mut() {
                *image = label[*image].expect("a region's image is a region");
            }
        }
    }
    maps.retain(|map| map.iter().enumerate().any(|(r, &image)| image != r));
    maps.sort_unstable();
    maps.dedup();
    maps
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Colour, Tiling};

    fn board(tiling: Tiling, rows: usize, cols: usize, cells: &[u8]) -> Board {
        let cells = cells.iter().map(|&c| (c < 9).then_some(c as Colour)).collect();
        Board::new(tiling, rows, cols, cells, 3).unwrap()
    }

    fn found(board: &Board) -> Vec<Vec<usize>> {
        symmetries(board, &RegionGraph::new(board))
    }

    #[test]
    fn finds_the_mirrors_that_keep_the_board() {
        // 0 1 0
        // 2 2 2: left–right only; regions 0 and 2 swap.
        let b = board(Tiling::Squares, 2, 3, &[0, 1, 0, 2, 2, 2]);
        assert_eq!(found(&b), vec![vec![2, 1, 0, 3]]);
        // 0 1
        // 1 0: the half turn only.
        let b = board(Tiling::Squares, 2, 2, &[0, 1, 1, 0]);
        assert_eq!(found(&b), vec![vec![3, 2, 1, 0]]);
        // A chequerboard of single tiles: all three.
        assert_eq!(found(&board(Tiling::Squares, 3, 3, &[0, 1, 0, 1, 0, 1, 0, 1, 0])).len(), 3);
        // One row: the top–bottom mirror moves nothing, and the half turn is the left–right one.
        assert_eq!(found(&board(Tiling::Squares, 1, 5, &[9, 0, 1, 0, 9])), vec![vec![2, 1, 0]]);
        // A hole is kept only where its image is a hole.
        assert!(found(&board(Tiling::Squares, 1, 5, &[9, 0, 1, 0, 0])).is_empty());
        // One region: nothing to gain.
        assert!(found(&board(Tiling::Squares, 2, 2, &[0; 4])).is_empty());
    }

    #[test]
    fn on_triangles_only_mirrors_of_the_grid_count() {
        // Triangles point alternately left and right, so whether a mirror maps neighbours to
        // neighbours depends on the grid's size: the corners (colour 1) swap under each mirror
        // that does.
        let corners = |rows: usize, cols: usize| {
            let cells: Vec<u8> = (0..rows * cols)
                .map(|t| u8::from((t / cols == 0 || t / cols == rows - 1) && (t % cols == 0 || t % cols == cols - 1)))
                .collect();
            found(&board(Tiling::Triangles, rows, cols, &cells)).len()
        };
        // Top–bottom needs an odd number of rows, left–right an even number of columns, the half
        // turn an odd sum.
        assert_eq!(corners(3, 3), 1);
        assert_eq!(corners(4, 3), 1);
        assert_eq!(corners(3, 4), 3);
        assert_eq!(corners(4, 4), 1);
        // KAMI's 29 × 10: all three.
        assert_eq!(corners(29, 10), 3);
    }
}
