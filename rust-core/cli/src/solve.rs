//! `kami solve LEVEL` and `kami hint LEVEL --played MOVES`: the solver and hints from the terminal,
//! in words or as one JSON object.

use crate::args::{Search, load_level};
use crate::output::{print, say};
use kami_core::board::Board;
use kami_core::game::{Game, MoveError};
use kami_core::hint::{self, Cache, Position, Reach};
use kami_core::history::Move;
use kami_core::level::Level;
use kami_core::solver::{Budget, solve};
use std::fmt::Write;
use std::time::{Duration, Instant};

/// Default search time for `solve`, in seconds (`hint` defaults to a phone's budget).
const DEFAULT_SECONDS: f64 = 60.0;

/// `kami solve` arguments.
#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    /// The level to solve
    level: String,
    /// Print one JSON object
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    search: Search,
}

/// `kami hint` arguments.
#[derive(clap::Args, Debug)]
#[command(after_help = "Moves are written row,col,colour;row,col,colour: rows, columns and colours count from 0 \
(colour 0 is key 1 in kami play), as kami solve --json writes them.")]
pub struct HintArgs {
    /// The level
    level: String,
    /// The moves played so far [default: none, the hint from the start]
    #[arg(long, value_name = "MOVES", default_value = "", hide_default_value = true)]
    played: String,
    /// Print one JSON object
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    search: Search,
}

/// Runs `kami solve`.
pub fn run_solve(args: SolveArgs) -> Result<(), String> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let max_time = Some(Duration::from_secs_f64(DEFAULT_SECONDS));
    let budget = args.search.budget(Budget { max_time, threads: cores, ..Budget::default() });
    let json = args.json;
    let level = load_level(&args.level)?;
    let start = Instant::now();
    let solution = solve(level.board(), level.palette().len(), &budget);
    let elapsed = start.elapsed();
    let board = level.board();
    if json {
        let moves: Vec<String> = solution.moves.iter().map(|&m| move_json(board, m)).collect();
        say!(
            "{{\"moves\": {}, \"optimal\": {}, \"lower_bound\": {}, \"solution\": [{}], \"nodes\": {}, \"elapsed_ms\": {}}}",
            solution.moves.len(),
            solution.optimal,
            solution.lower_bound,
            moves.join(", "),
            solution.nodes,
            elapsed.as_millis()
        );
    } else {
        let verdict = if solution.optimal {
            "optimal".to_string()
        } else {
            format!("not proven optimal: the best found; at least {} needed", solution.lower_bound)
        };
        say!("{}: {} ({verdict})", level.id(), moves(solution.moves.len()));
        for (i, &m) in solution.moves.iter().enumerate() {
            say!("{:>3}. {}", i + 1, move_words(&level, m));
        }
        say!("{} search nodes in {:.1} ms", solution.nodes, elapsed.as_secs_f64() * 1000.0);
    }
    Ok(())
}

/// Runs `kami hint`.
pub fn run_hint(args: HintArgs) -> Result<(), String> {
    let json = args.json;
    let budget = args.search.budget(hint::device_budget());
    let level = load_level(&args.level)?;
    let mut game = Game::new(level.clone());
    for (i, text) in args.played.split(';').map(str::trim).filter(|t| !t.is_empty()).enumerate() {
        let mv = parse_move(level.board(), text).map_err(|e| format!("--played move {}: {e}", i + 1))?;
        game.play(mv).map_err(|e| format!("--played move {} ({text}): {}", i + 1, refusal(&game, mv, e)))?;
    }
    let h = hint::hint(&Position::of(&game), &mut Cache::default(), &budget);
    let board = game.board();
    if json {
        let next = h.next.map_or("null".to_string(), |m| move_json(board, m));
        let reach = |r: Reach| match r {
            Reach::Yes => "true",
            Reach::No => "false",
            Reach::Unknown => "null",
        };
        let undos = h.undos_to_recover.map_or("null".to_string(), |n| n.to_string());
        say!(
            "{{\"move\": {next}, \"remaining\": {}, \"proven\": {}, \"par_reachable\": {}, \"ok_reachable\": {}, \"undos_to_recover\": {undos}}}",
            h.remaining,
            h.proven,
            reach(h.par),
            reach(h.ok)
        );
    } else {
        let mut out = String::new();
        match h.next {
            Some(m) => {
                let _ = writeln!(out, "next: {}", move_words(&level, m));
            }
            None => out.push_str("the game is over\n"),
        }
        let proven = if h.proven { "" } else { " (best found, not proven)" };
        let _ = writeln!(out, "moves left at best: {}{proven}", h.remaining);
        let par = level.par();
        let _ = writeln!(out, "{}", par_words(&h, par));
        print(&out);
    }
    Ok(())
}

/// Why `game` refused `mv`, in the terms of `--played`: row, column and colour.
fn refusal(game: &Game, mv: Move, error: MoveError) -> String {
    let (row, col) = game.board().position(mv.tile);
    match error {
        MoveError::Hole { .. } => format!("row {row}, column {col} is a hole"),
        MoveError::ColourOutOfRange { colour, colours } => {
            format!("colour {colour} is not in the palette (colours count from 0 to {})", colours.saturating_sub(1))
        }
        MoveError::SameColour { colour, .. } => {
            format!("the region at row {row}, column {col} already has colour {colour}")
        }
        MoveError::Finished => "the game is already over before this move".to_string(),
        other => other.to_string(),
    }
}

/// `n move` or `n moves`.
fn moves(n: usize) -> String {
    crate::check::count(n, "move")
}

/// A move in words, naming the colour by the key that chooses it in `kami play` (1 for the first
/// palette colour) and by its palette index (0 for the first, as in `--played` and the JSON):
/// `row 2, column 3: key 2 (#29335C, palette index 1)`.
fn move_words(level: &Level, m: Move) -> String {
    let (row, col) = level.board().position(m.tile);
    let index = usize::from(m.colour);
    let rgb = level.palette().get(index).map_or(String::new(), |c| format!("{c}, "));
    format!("row {row}, column {col}: key {} ({rgb}palette index {index})", index + 1)
}

/// What a hint says about par, in words: only what it has proven.
fn par_words(h: &hint::Hint, par: u32) -> String {
    match (h.par, h.undos_to_recover) {
        (Reach::Yes, _) => format!("par {par} is still reachable"),
        (Reach::Unknown, _) => format!("not sure whether par {par} is still reachable: no proof either way in time"),
        (Reach::No, Some(1)) => format!("par {par} is out of reach; 1 undo brings it back"),
        (Reach::No, Some(n)) => format!("par {par} is out of reach; {n} undos bring it back"),
        (Reach::No, None) => format!("par {par} is out of reach, and no number of undos was proven to bring it back"),
    }
}

/// `{"row": k, "col": c, "color": i}` in the level file's grid coordinates.
fn move_json(board: &Board, m: Move) -> String {
    let (row, col) = board.position(m.tile);
    format!("{{\"row\": {row}, \"col\": {col}, \"color\": {}}}", m.colour)
}

/// A move written `row,col,colour`.
fn parse_move(board: &Board, text: &str) -> Result<Move, String> {
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    let numbers: Vec<usize> = parts.iter().filter_map(|p| p.parse().ok()).collect();
    let [row, col, colour] = numbers[..] else {
        return Err(format!("expected row,col,colour, found {text:?}"));
    };
    if parts.len() != 3 {
        return Err(format!("expected row,col,colour, found {text:?}"));
    }
    let tile = board.tile(row, col).ok_or_else(|| format!("row {row}, column {col} is off the board"))?;
    let colour = u8::try_from(colour).map_err(|_| format!("colour {colour} is not in the palette"))?;
    Ok(Move { tile, colour })
}

#[cfg(test)]
mod tests {
    use super::*;
    use kami_core::board::Tiling;

    #[test]
    fn moves_parse_in_grid_coordinates() {
        let board = Board::new(Tiling::Triangles, 2, 3, vec![Some(0); 6], 2).unwrap();
        assert_eq!(parse_move(&board, "1,2,1"), Ok(Move { tile: 5, colour: 1 }));
        assert_eq!(parse_move(&board, " 0 , 1 , 0 "), Ok(Move { tile: 1, colour: 0 }));
        assert!(parse_move(&board, "2,0,1").unwrap_err().contains("off the board"));
        assert!(parse_move(&board, "1,2").unwrap_err().contains("expected"));
        assert!(parse_move(&board, "1,x,2").unwrap_err().contains("expected"));
        assert_eq!(move_json(&board, Move { tile: 4, colour: 1 }), "{\"row\": 1, \"col\": 1, \"color\": 1}");
    }

    #[test]
    fn words_name_the_key_a_player_presses_and_the_palette_index() {
        let source = "name = \"w\"\npar = 1\npalette = [\"#E4572E\", \"#29335C\"]\ngrid = \"001\\n011\"\n";
        let level = kami_core::level_file::parse_level("w", "w.toml", source).unwrap();
        assert_eq!(
            move_words(&level, Move { tile: 4, colour: 1 }),
            "row 1, column 1: key 2 (#29335C, palette index 1)"
        );
        let h = |par, undos_to_recover| hint::Hint {
            revision: 0,
            next: None,
            remaining: 3,
            proven: true,
            par,
            ok: Reach::No,
            undos_to_recover,
        };
        assert_eq!(par_words(&h(Reach::Yes, None), 2), "par 2 is still reachable");
        assert_eq!(par_words(&h(Reach::No, Some(1)), 2), "par 2 is out of reach; 1 undo brings it back");
        assert_eq!(par_words(&h(Reach::No, Some(3)), 2), "par 2 is out of reach; 3 undos bring it back");
        assert!(par_words(&h(Reach::No, None), 2).contains("no number of undos"));
        assert!(par_words(&h(Reach::Unknown, None), 2).starts_with("not sure"));
    }
}
