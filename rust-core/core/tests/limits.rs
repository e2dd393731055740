//! The largest boards: 64 × 64 with six colours load (from `Level::new` and from a level file),
//! play, save, and hint a legal move, and the memory a hint takes stays bounded, also on a
//! snake-shaped island whose search goes a hundred moves deep. (How long the hint takes is a
//! timing, for `kami bench`; its time limit is the solver's own budget.)

mod common;

use kami_core::board::{Board, MAX_COLOURS, MAX_SIDE, Tiling};
use kami_core::ffi::KamiError;
use kami_core::level::{Level, Rgb};
use kami_core::level_file::{parse_level, write_level};
use kami_core::random::Random;
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

/// Counts the bytes this test binary has allocated, now and at most.
struct Counting;

static NOW: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            PEAK.fetch_max(NOW.fetch_add(layout.size(), Ordering::Relaxed) + layout.size(), Ordering::Relaxed);
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            PEAK.fetch_max(NOW.fetch_add(layout.size(), Ordering::Relaxed) + layout.size(), Ordering::Relaxed);
        }
        p
    }

    unsafe fn dealloc(&self, p: *mut u8, layout: Layout) {
        unsafe { System.dealloc(p, layout) };
        NOW.fetch_sub(layout.size(), Ordering::Relaxed);
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// What a hint may allocate at most: its 16 MiB table and everything else, "well under 64 MiB"
/// as `ffi::Game` promises.
const HINT_MEMORY: usize = 64 << 20;

/// Held by each test while it measures: the counts are for the whole test binary, whose tests
/// would otherwise run (and allocate) at the same time.
static MEASURING: std::sync::Mutex<()> = std::sync::Mutex::new(());

#[test]
fn the_largest_boards_load_play_save_and_hint_within_bounds() {
    let _measuring = MEASURING.lock().unwrap_or_else(|e| e.into_inner());
    // A colour per tile gives thousands of regions (too many to search: the quick answer);
    // 3 × 3 blocks give a few hundred (searched until the hint's time runs out).
    for (tiling, block) in [(Tiling::Triangles, 1), (Tiling::Squares, 1), (Tiling::Triangles, 3), (Tiling::Squares, 3)]
    {
        let level = random_level(tiling, MAX_SIDE, MAX_SIDE, MAX_COLOURS as u8, block, 64);
        // The level file round trip handles the largest grid too.
        let text = write_level(&level);
        assert_eq!(parse_level(level.id(), "big.toml", &text).as_ref(), Ok(&level));
        let game = common::ffi_game(level);
        let tiles = game.snapshot().tiles;
        assert_eq!(tiles.len(), MAX_SIDE * MAX_SIDE);

        for tile in [0, 2048, 4095] {
            let colour = (tiles[tile as usize].unwrap() + 1) % MAX_COLOURS as u32;
            game.play(tile, colour).unwrap();
        }
        game.undo().unwrap();
        let restored = kami_core::ffi::Game::restore(game.save()).unwrap();
        assert_eq!(restored.snapshot().tiles, game.snapshot().tiles);

        let base = NOW.load(Ordering::Relaxed);
        PEAK.store(base, Ordering::Relaxed);
        let start = Instant::now();
        let hint = game.hint().unwrap();
        let (took, used) = (start.elapsed(), PEAK.load(Ordering::Relaxed) - base);
        // Not proven optimal on a board this size, but a legal move (played below).
        let next = hint.next.expect("the game goes on");
        assert!(hint.remaining >= 1, "{tiling:?} {block}: {} moves left", hint.remaining);
        assert!(used < HINT_MEMORY, "{tiling:?} {block}: a hint allocated {} MiB", used >> 20);
        eprintln!(
            "{tiling:?} 64 × 64 in blocks of {block}: hint in {took:?}, peak {} MiB, proven {}",
            used >> 20,
            hint.proven
        );
        game.play(next.tile, next.colour).unwrap();
        assert_eq!(game.play(u32::MAX, 0).err(), Some(KamiError::TileOutOfRange { tile: u32::MAX, tiles: 4096 }));
    }
}

/// A 64-wide snake of squares, one region per tile (colours cycle along it), `rows` rows of which
/// every other one is a wall of holes with one gap: a single island that is a long path.
fn snake(rows: usize) -> kami_core::level::Level {
    let mut grid = String::new();
    let mut k = 0;
    for r in 0..rows {
        for c in 0..MAX_SIDE {
            let open = r % 2 == 0 || c == if (r / 2) % 2 == 0 { MAX_SIDE - 1 } else { 0 };
            grid.push(if open { char::from(b'0' + (k % MAX_COLOURS) as u8) } else { '.' });
            k += usize::from(open);
        }
        grid.push('\n');
    }
    let palette =
        ["#111111", "#333333", "#555555", "#777777", "#999999", "#BBBBBB"].map(|c| format!("\"{c}\"")).join(", ");
    let text = format!(
        "name = \"snake\"\npar = 4096\npalette = [{palette}]\ntiling = \"squares\"\ngrid = \"\"\"\n{grid}\"\"\"\n"
    );
    parse_level("snake", "snake.toml", &text).unwrap()
}

#[test]
fn a_hint_on_a_long_snake_island_stays_within_bounds() {
    let _measuring = MEASURING.lock().unwrap_or_else(|e| e.into_inner());
    // 7 rows: 259 regions, searched a hundred and more moves deep (a saved distance matrix per
    // move); 13 rows: 454 regions, whose first answer is too long to search within the memory the
    // search may keep (kami solve peaked at 81 MB on it before that limit).
    for rows in [7, 13] {
        let game = common::ffi_game(snake(rows));
        let base = NOW.load(Ordering::Relaxed);
        PEAK.store(base, Ordering::Relaxed);
        let hint = game.hint().unwrap();
        let used = PEAK.load(Ordering::Relaxed) - base;
        assert!(used < HINT_MEMORY, "{rows} rows: a hint allocated {} MiB", used >> 20);
        let next = hint.next.expect("the game goes on");
        game.play(next.tile, next.colour).unwrap();
        eprintln!(
            "snake of {rows} rows: peak {} MiB, {} moves left, proven {}",
            used >> 20,
            hint.remaining,
            hint.proven
        );
    }
}

/// A level on a `rows × cols` board of random colours `0..colours` (no holes) painted in
/// `block × block` squares of the grid (1 for a colour per tile), from `seed`.
fn random_level(tiling: Tiling, rows: usize, cols: usize, colours: u8, block: usize, seed: u64) -> Level {
    let mut random = Random::new(seed);
    let across = cols.div_ceil(block);
    let blocks: Vec<u8> = (0..rows.div_ceil(block) * across).map(|_| random.below(colours.into()) as u8).collect();
    let cells = (0..rows * cols).map(|t| Some(blocks[t / cols / block * across + t % cols / block])).collect();
    let board = Board::new(tiling, rows, cols, cells, colours.into()).unwrap();
    let palette = (0..colours).map(|c| Rgb { red: c * 40, green: 255 - c * 40, blue: 128 }).collect();
    Level::new(format!("test/random-{seed}"), "Random".into(), (rows * cols) as u32, palette, board).unwrap()
}
