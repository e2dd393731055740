//! The region graph of a board: one node per region, an edge where two regions share a tile edge,
//! and the islands, groups of regions that holes cut off from each other.

use crate::board::{Board, Colour};

/// A board seen as regions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegionGraph {
    /// Each region's colour.
    pub colour: Vec<Colour>,
    /// A tile of each region: tapping it recolours the region.
    pub tile: Vec<usize>,
    /// The regions touching each region, ascending.
    pub neighbours: Vec<Vec<usize>>,
    /// The regions of each island, ascending; islands ordered by their first region.
    pub islands: Vec<Vec<usize>>,
}

impl RegionGraph {
    /// The region graph of `board`. Regions are numbered in order of their first tile.
    pub fn new(board: &Board) -> RegionGraph {
        let regions = board.regions();
        let mut colour = vec![0; regions.count];
        let mut tile = vec![usize::MAX; regions.count];
        let mut neighbours = vec![Vec::new(); regions.count];
        for (t, label) in regions.label.iter().enumerate() {
            let Some(r) = *label else { continue };
            if tile[r] == usize::MAX {
                tile[r] = t;
                colour[r] = board.colour(t).unwrap_or_default();
            }
            for n in board.neighbours(t) {
                if let Some(m) = regions.label[n].filter(|&m| m != r) {
                    neighbours[r].push(m);
                }
            }
        }
        for list in &mut neighbours {
            list.sort_unstable();
            list.dedup();
        }
        let islands = components(&neighbours);
        RegionGraph { colour, tile, neighbours, islands }
    }

    /// Number of regions.
    pub fn len(&self) -> usize {
        self.colour.len()
    }

    /// Whether the board has no regions (never, for a valid board).
    pub fn is_empty(&self) -> bool {
        self.colour.is_empty()
    }
}

/// Connected components of a graph given by adjacency lists, each ascending, ordered by first node.
fn components(neighbours: &[Vec<usize>]) -> Vec<Vec<usize>> {
    let mut seen = vec![false; neighbours.len()];
    let mut islands = Vec::new();
    for start in 0..neighbours.len() {
        if seen[start] {
            continue;
        }
        seen[start] = true;
        let mut island = vec![start];
        let mut i = 0;
        while i < island.len() {
            for &n in &neighbours[island[i]] {
                if !seen[n] {
                    seen[n] = true;
                    island.push(n);
                }
            }
            i += 1;
        }
        island.sort_unstable();
        islands.push(island);
    }
    islands
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Tiling;

    #[test]
    fn regions_neighbours_and_islands() {
        // 0 0 . 1
        // 1 0 . 0
        let cells = [Some(0), Some(0), None, Some(1), Some(1), Some(0), None, Some(0)];
        let board = Board::new(Tiling::Squares, 2, 4, cells.to_vec(), 2).unwrap();
        let g = RegionGraph::new(&board);
        assert_eq!(g.colour, vec![0, 1, 1, 0]);
        assert_eq!(g.tile, vec![0, 3, 4, 7]);
        assert_eq!(g.neighbours, vec![vec![2], vec![3], vec![0], vec![1]]);
        assert_eq!(g.islands, vec![vec![0, 2], vec![1, 3]]);
    }
}
