//! Solves on several threads against solves on one, on connected boards large enough that the
//! threads share real work (the small boards of `solver_vs_brute_force.rs` are mostly proven by
//! the quick search, or in the first `SOLO_NODES` nodes on one thread, before threads start). `search/shared.rs` tests the shared search finding
//! lines the first answer misses.

use kami_core::board::{Board, Colour, Tiling};
use kami_core::game::{Game, Status};
use kami_core::level::{Level, Rgb};
use kami_core::solver::{Budget, SOLO_NODES, solve};
use std::sync::Arc;

/// SplitMix64: a small, fixed pseudo-random sequence so failures reproduce.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % n as u64) as usize
    }
}

/// A connected board of triangles in blobs of 3-4 colours, of 45-65 regions (40-60 until absorbing
/// moves were held back in the search, which then proved too many of them in `SOLO_NODES`).
fn board(rng: &mut Rng) -> (Board, usize) {
    loop {
        let (rows, cols, colours) = (10 + rng.below(4), 5 + rng.below(3), 3 + rng.below(2));
        let mut cells: Vec<Option<Colour>> = Vec::with_capacity(rows * cols);
        for t in 0..rows * cols {
            let cell = if t > 0 && rng.below(5) < 2 {
                cells[if t >= cols && rng.below(2) == 0 { t - cols } else { t - 1 }]
            } else {
                Some(rng.below(colours) as Colour)
            };
            cells.push(cell);
        }
        let board = Board::new(Tiling::Triangles, rows, cols, cells, colours).unwrap();
        if (45..=65).contains(&board.regions().count) {
            return (board, colours);
        }
    }
}

/// Plays `moves` through the game's rules; returns whether they leave one colour.
fn wins(board: &Board, colours: usize, moves: &[kami_core::history::Move]) -> bool {
    let palette = vec![Rgb { red: 0, green: 0, blue: 0 }; colours];
    let mut game = Game::new(Arc::new(Level::new("t".into(), "t".into(), 999, palette, board.clone()).unwrap()));
    moves.iter().all(|&m| game.play(m).is_ok()) && matches!(game.status(), Status::Won(_))
}

#[test]
fn two_three_and_eight_threads_prove_what_one_thread_does() {
    let mut rng = Rng(17);
    let (mut searched, mut shared_out) = (0, 0);
    for i in 0..24 {
        let (board, colours) = board(&mut rng);
        // Boards one thread proves in a moment (the test runs under emulation too).
        let one = solve(&board, colours, &Budget { max_nodes: Some(300_000), ..Budget::default() });
        if !one.optimal {
            continue;
        }
        searched += 1;
        // Threads start only after the first SOLO_NODES nodes on one thread.
        shared_out += usize::from(one.nodes > SOLO_NODES);
        for threads in [2, 3, 8] {
            let shared = solve(&board, colours, &Budget { threads, table_bytes: 1 << 20, ..Budget::default() });
            assert!(shared.optimal && shared.moves.len() == one.moves.len(), "board {i}, {threads} threads: {board:?}");
            assert!(wins(&board, colours, &shared.moves), "board {i}, {threads} threads: {board:?}");
        }
    }
    assert!(searched >= 14, "only {searched} boards were proven on one thread");
    assert!(shared_out >= 8, "only {shared_out} boards were searched past the one-thread start");
}
