//! The solver against an independent brute force on thousands of random small boards, and every
//! solution replayed through the game's rules.
//!
//! The brute force shares nothing with the solver: it labels regions with the board's own
//! `regions()`, and runs a plain breadth-first search over the colour of every region, trying every
//! region with every palette colour (including moves that merge nothing).

use kami_core::board::{Board, Colour, Symmetry, Tiling};
use kami_core::game::{Game, Status};
use kami_core::level::{Level, Rgb};
use kami_core::solver::{Budget, first_answer, lower_bound, solve};
use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Arc;

/// SplitMix64: a small, fixed pseudo-random sequence so failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A random board: blobs of colour (each tile copies an earlier neighbour half the time), some holes.
fn random_board(rng: &mut Rng) -> (Board, usize) {
    let tiling = if rng.below(3) == 0 { Tiling::Squares } else { Tiling::Triangles };
    // One board in four is a long strip, where same-coloured regions lie far apart.
    let (rows, cols) =
        if rng.below(4) == 0 { (1 + rng.below(2), 6 + rng.below(5)) } else { (1 + rng.below(5), 1 + rng.below(5)) };
    let colours = 2 + rng.below(4);
    let holes = rng.below(4) == 0;
    let mut cells: Vec<Option<Colour>> = Vec::with_capacity(rows * cols);
    for t in 0..rows * cols {
        let cell = if holes && rng.below(6) == 0 {
            None
        } else if t > 0 && rng.below(2) == 0 {
            let earlier = if t >= cols && rng.below(2) == 0 { t - cols } else { t - 1 };
            cells[earlier].or(Some(rng.below(colours) as Colour))
        } else {
            Some(rng.below(colours) as Colour)
        };
        cells.push(cell);
    }
    if cells.iter().all(Option::is_none) {
        cells[0] = Some(0);
    }
    (Board::new(tiling, rows, cols, cells, colours).unwrap(), colours)
}

/// `board` made symmetric under the left–right mirror, the top–bottom mirror or the half turn
/// (picked at random): each tile takes the colour of its image where that comes first. Also says
/// whether that symmetry maps the grid onto itself ([`Symmetry::fits`]).
fn mirrored(rng: &mut Rng, board: &Board, colours: usize) -> (Board, bool) {
    let (rows, cols) = (board.rows(), board.cols());
    let symmetry = [Symmetry::LeftRight, Symmetry::TopBottom, Symmetry::Rotational][rng.below(3)];
    let image = |t: usize| symmetry.image(rows, cols, t);
    let mut cells: Vec<Option<Colour>> = (0..board.len()).map(|t| board.cells()[t.min(image(t))]).collect();
    if cells.iter().all(Option::is_none) {
        (cells[0], cells[image(0)]) = (Some(0), Some(0));
    }
    let fits = symmetry.fits(board.tiling(), rows, cols);
    (Board::new(board.tiling(), rows, cols, cells, colours).unwrap(), fits)
}

/// Whether `board` can be made one colour in fewer than `moves` moves: a plain breadth-first
/// search over the colour of every region (4 bits each in a `u64`), trying every area with every
/// other palette colour. States `d` moves deep are checked for being done, or done after one more
/// move (everything outside one area already shares a colour), so the search stops a layer early.
fn solvable_in_fewer(board: &Board, colours: usize, moves: u32) -> bool {
    let regions = board.regions();
    let n = regions.count;
    assert!(n <= 16);
    let mut touching = vec![0u32; n];
    let mut start = 0u64;
    for t in 0..board.len() {
        let Some(r) = regions.label[t] else { continue };
        start |= u64::from(board.colour(t).unwrap()) << (4 * r);
        for m in board.neighbours(t).filter_map(|u| regions.label[u]) {
            touching[r] |= 1 << m;
        }
    }
    let all = (1u32 << n) - 1;
    // The area grown from the regions in `seed` through regions in `within`.
    let grow = |seed: u32, within: u32| {
        let mut area = seed;
        loop {
            let grown = (0..n).filter(|&m| area >> m & 1 == 1).fold(area, |a, m| a | touching[m]) & within;
            if grown == area {
                return area;
            }
            area = grown;
        }
    };
    let mut seen: HashSet<u64, BuildHasherDefault<MixHasher>> = HashSet::default();
    seen.insert(start);
    let mut layer = vec![start];
    for depth in 0..moves {
        let mut next = Vec::new();
        for &s in &layer {
            let colour = |r: usize| (s >> (4 * r) & 0xF) as usize;
            let mut same = [0u32; 16];
            for r in 0..n {
                same[colour(r)] |= 1 << r;
            }
            if same.contains(&all) {
                return true;
            }
            if depth + 1 < moves {
                let one_more = same.iter().filter(|&&c| c != 0).any(|&c| {
                    let rest = all & !c;
                    let first = rest.trailing_zeros() as usize;
                    rest == grow(1 << first, same[colour(first)])
                });
                if one_more {
                    return true;
                }
            }
            if depth + 2 >= moves {
                continue;
            }
            // Each area once: grown from its lowest region through its colour.
            let mut left = all;
            while left != 0 {
                let r = left.trailing_zeros() as usize;
                let area = grow(1 << r, same[colour(r)]);
                left &= !area;
                let cleared = (0..n).filter(|&m| area >> m & 1 == 1).fold(s, |t, m| t & !(0xF << (4 * m)));
                for c in (0..colours as u64).filter(|&c| c != colour(r) as u64) {
                    let t = (0..n).filter(|&m| area >> m & 1 == 1).fold(cleared, |t, m| t | c << (4 * m));
                    if seen.insert(t) {
                        next.push(t);
                    }
                }
            }
        }
        layer = next;
    }
    false
}

/// A fast hasher for the `u64` states (SplitMix64's finaliser).
#[derive(Default)]
struct MixHasher(u64);

impl Hasher for MixHasher {
    fn finish(&self) -> u64 {
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// Plays `moves` through the game's rules; returns whether they leave one colour.
fn replay_wins(board: &Board, colours: usize, moves: &[kami_core::history::Move]) -> bool {
    let palette = vec![Rgb { red: 0, green: 0, blue: 0 }; colours];
    // A level must start with two colours; a one-colour board needs no moves.
    let Ok(level) = Level::new("t".into(), "t".into(), 99, palette, board.clone()) else {
        return moves.is_empty();
    };
    let mut game = Game::new(Arc::new(level));
    for &m in moves {
        if game.play(m).is_err() {
            return false;
        }
    }
    matches!(game.status(), Status::Won(_))
}

/// Checks `count` random boards from `seed`, each made `symmetric` (see [`mirrored`]) if asked;
/// returns how many had several islands, how many had holes and how many were symmetric.
fn check_random_boards(seed: u64, (count, every): (usize, usize), symmetric: bool) -> (usize, usize, usize) {
    let mut rng = Rng(seed);
    let (mut seen, mut checked, mut islands, mut holes, mut symmetries) = (0, 0, 0, 0, 0);
    while checked < count {
        let (mut board, colours) = random_board(&mut rng);
        let mut fits = false;
        if symmetric {
            (board, fits) = mirrored(&mut rng, &board, colours);
        }
        if board.regions().count > 12 {
            continue;
        }
        // A sample checks every `every`-th board of the sequence (see `sweep`).
        seen += 1;
        if (seen - 1) % every != 0 {
            continue;
        }
        checked += 1;
        symmetries += usize::from(fits && board.regions().count > 1);
        let solution = solve(&board, colours, &Budget::default());
        let moves = solution.moves.len() as u32;
        assert!(solution.optimal && solution.lower_bound == moves, "board {checked}: {board:?}");
        // The bounds the search prunes with never pass the optimum.
        assert!(lower_bound(&board, colours) <= moves, "board {checked}: bound past {moves}: {board:?}");
        // The brute force's own optimum is `moves`: nothing shorter, and something that long.
        assert!(!solvable_in_fewer(&board, colours, moves), "board {checked}: shorter than {moves}: {board:?}");
        assert!(solvable_in_fewer(&board, colours, moves + 1), "board {checked}: none in {moves}: {board:?}");
        // And the solver's own moves win in that many moves under the game's rules.
        assert!(replay_wins(&board, colours, &solution.moves), "board {checked}: {board:?}: {:?}", solution.moves);
        // The first answer wins too, never in fewer moves, with a bound never past the optimum.
        let first = first_answer(&board, colours);
        assert!(first.moves.len() as u32 >= moves && first.lower_bound <= moves, "board {checked}: {board:?}");
        assert!(replay_wins(&board, colours, &first.moves), "board {checked}: {board:?}: {:?}", first.moves);
        // Asked only whether it can be won in one move fewer (every fourth board, for time), the
        // solver says no with a lower bound past that, and still gives moves that win.
        if moves > 0 && checked % 4 == 0 {
            let capped = solve(&board, colours, &Budget { max_moves: Some(moves - 1), ..Budget::default() });
            assert!(capped.lower_bound >= moves && capped.moves.len() as u32 >= moves, "board {checked}: {board:?}");
            assert!(!capped.optimal || capped.moves.len() as u32 == moves, "board {checked}: {board:?}");
            assert!(replay_wins(&board, colours, &capped.moves), "board {checked}: {board:?}");
            // Asked whether the optimum suffices, it says yes with moves that win in that many.
            let enough = solve(&board, colours, &Budget { max_moves: Some(moves), ..Budget::default() });
            assert!(enough.moves.len() as u32 <= moves && enough.lower_bound <= moves, "board {checked}: {board:?}");
            assert!(replay_wins(&board, colours, &enough.moves), "board {checked}: {board:?}");
            // The same questions after a few nodes spent on the fewest moves, the search going on
            // from what they learned (or, on several islands, starting again): the same answers.
            let first = Budget { fewest_nodes: Some(3), ..Budget::default() };
            let capped = solve(&board, colours, &Budget { max_moves: Some(moves - 1), ..first.clone() });
            assert!(capped.lower_bound >= moves && capped.moves.len() as u32 >= moves, "board {checked}: {board:?}");
            assert!(!capped.optimal || capped.moves.len() as u32 == moves, "board {checked}: {board:?}");
            assert!(replay_wins(&board, colours, &capped.moves), "board {checked}: {board:?}");
            let enough = solve(&board, colours, &Budget { max_moves: Some(moves), ..first });
            assert!(enough.moves.len() as u32 <= moves && enough.lower_bound <= moves, "board {checked}: {board:?}");
            assert!(replay_wins(&board, colours, &enough.moves), "board {checked}: {board:?}");
            // Searched on two threads, the board needs as many moves.
            let shared = solve(&board, colours, &Budget { threads: 2, table_bytes: 1 << 16, ..Budget::default() });
            assert!(shared.optimal && shared.moves.len() as u32 == moves, "board {checked}: {board:?}");
            assert!(replay_wins(&board, colours, &shared.moves), "board {checked}: {board:?}");
        }
        islands += usize::from(kami_core::solver::RegionGraph::new(&board).islands.len() > 1);
        holes += usize::from(board.cells().contains(&None));
    }
    (islands, holes, symmetries)
}

/// How many boards a sweep of `full` checks, and which: all of them, unless `KAMI_SWEEP_PERCENT`
/// (1–100) asks for a sample, as CI does under emulation (`rust-core/scripts/test-arm.sh`), where the
/// full sweeps take about 19 minutes. Every sweep still runs, on every `every`-th board of its fixed
/// sequence: spread over the whole sequence rather than its first boards, whose cost is not typical.
fn sweep(full: usize) -> (usize, usize) {
    let percent = match std::env::var("KAMI_SWEEP_PERCENT") {
        Ok(text) => text
            .trim()
            .parse::<usize>()
            .ok()
            .filter(|p| (1..=100).contains(p))
            .unwrap_or_else(|| panic!("KAMI_SWEEP_PERCENT must be a whole number from 1 to 100, not {text:?}")),
        Err(_) => 100,
    };
    let every = 100 / percent;
    (full.div_ceil(every), every)
}

// 20,000 boards in two halves, so the test harness runs them on two threads. The coverage checks
// scale with the sample: boards with islands over 1 in 20, with holes over 1 in 10.
#[test]
fn solver_matches_brute_force_on_10000_random_boards() {
    let (count, every) = sweep(10_000);
    let (islands, holes, _) = check_random_boards(2026, (count, every), false);
    // The sample really covers what it claims to.
    assert!(islands > count / 20 && holes > count / 10, "{count} boards: islands {islands}, holes {holes}");
}

#[test]
fn solver_matches_brute_force_on_10000_more_random_boards() {
    let (count, every) = sweep(10_000);
    let (islands, holes, _) = check_random_boards(1124, (count, every), false);
    assert!(islands > count / 20 && holes > count / 10, "{count} boards: islands {islands}, holes {holes}");
}

// Symmetric boards, where the search tries one move of each mirror-image pair.
#[test]
fn solver_matches_brute_force_on_5000_symmetric_boards() {
    let (count, every) = sweep(5_000);
    let (islands, holes, symmetric) = check_random_boards(2411, (count, every), true);
    assert!(
        symmetric > count / 2 && islands > count / 20 && holes > count / 10,
        "{count} boards: symmetric {symmetric}, islands {islands}, holes {holes}"
    );
}
