//! A quick line from a greedy flood: the first line every island gets (where it meets the
//! island's lower bound, the beam of `beam.rs` is not run), and the fallback where the beam finds
//! nothing shorter.

use super::position::{Position, Target};
use crate::board::Colour;

/// A quick solution for `target`, not necessarily shortest: from each of a few central regions,
/// grow it by recolouring it to the colour that swallows the most regions, then recolour the last
/// region to the target colour if needed; the shortest of these.
pub fn greedy(pos: &mut Position, target: Target) -> Vec<(usize, Colour)> {
    // It needs no distances, and keeping them up to date would cost a matrix per move played.
    pos.without_distances(|pos| greedy_floods(pos, target))
}

fn greedy_floods(pos: &mut Position, target: Target) -> Vec<(usize, Colour)> {
    let mut best: Option<Vec<(usize, Colour)>> = None;
    for centre in pos.central_nodes(6) {
        let mut moves = Vec::new();
        while pos.len() > 1 {
            let around = pos.neighbour_colours(centre);
            let colour = (0..crate::board::MAX_COLOURS as Colour)
                .filter(|&c| around >> c & 1 == 1)
                .max_by_key(|&c| (pos.swallows(centre, c), std::cmp::Reverse(c)))
                .expect("a region of a connected island with others has a neighbour");
            pos.play(centre, colour);
            moves.push((pos.region(centre), colour));
        }
        if let Target::Colour(d) = target
            && pos.colour(centre) != d
        {
            pos.play(centre, d);
            moves.push((pos.region(centre), d));
        }
        for _ in 0..moves.len() {
            pos.undo();
        }
        if best.as_ref().is_none_or(|b| moves.len() < b.len()) {
            best = Some(moves);
        }
    }
    best.unwrap_or_default()
}
