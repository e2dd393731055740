//! `kami solve LEVEL` and `kami hint LEVEL --played MOVES`: the solver and hints from the terminal,
//! in words or as one JSON object.

use crate::args::{Args, load_level};
use kami_core::board::Board;
use kami_core::game::Game;
use kami_core::hint::{self, Cache, Position};
use kami_core::history::Move;
use kami_core::solver::{Budget, solve};
use std::fmt::Write;
use std::time::{Duration, Instant};

/// Default search time for `solve` and `hint`, in seconds.
const DEFAULT_SECONDS: u64 = 60;

/// Runs `kami solve`.
pub fn run_solve(words: Vec<String>) -> Result<(), String> {
    let mut args = Args::new(words);
    let json = args.flag("--json");
    let budget = budget(&mut args)?;
    let names = args.positional(1)?;
    let level = load_level(names.first().ok_or("solve needs a LEVEL")?)?;
    let start = Instant::now();
    let solution = solve(level.board(), level.palette().len(), &budget);
    let elapsed = start.elapsed();
    let board = level.board();
    if json {
        let moves: Vec<String> = solution.moves.iter().map(|&m| move_json(board, m)).collect();
        println!(
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
        println!("{}: {} moves ({verdict})", level.id(), solution.moves.len());
        for (i, &m) in solution.moves.iter().enumerate() {
            let (row, col) = board.position(m.tile);
            let colour = level.palette()[usize::from(m.colour)];
            println!("{:>3}. row {row}, column {col}: colour {} ({colour})", i + 1, m.colour);
        }
        println!("{} search nodes in {:.1} ms", solution.nodes, elapsed.as_secs_f64() * 1000.0);
    }
    Ok(())
}

/// Runs `kami hint`.
pub fn run_hint(words: Vec<String>) -> Result<(), String> {
    let mut args = Args::new(words);
    let json = args.flag("--json");
    let played = args.option("--played")?.unwrap_or_default();
    let budget = budget(&mut args)?;
    let names = args.positional(1)?;
    let level = load_level(names.first().ok_or("hint needs a LEVEL")?)?;
    let mut game = Game::new(level.clone());
    for (i, text) in played.split(';').map(str::trim).filter(|t| !t.is_empty()).enumerate() {
        let mv = parse_move(level.board(), text).map_err(|e| format!("--played move {}: {e}", i + 1))?;
        game.play(mv).map_err(|e| format!("--played move {} ({text}): {e}", i + 1))?;
    }
    let h = hint::hint(&Position::of(&game), &mut Cache::default(), &budget);
    let board = game.board();
    if json {
        let next = h.next.map_or("null".to_string(), |m| move_json(board, m));
        println!(
            "{{\"move\": {next}, \"remaining\": {}, \"par_reachable\": {}, \"undos_to_recover\": {}}}",
            h.remaining, h.par_reachable, h.undos_to_recover
        );
    } else {
        let mut out = String::new();
        match h.next {
            Some(m) => {
                let (row, col) = board.position(m.tile);
                let _ = writeln!(out, "next: row {row}, column {col}: colour {}", m.colour);
            }
            None => out.push_str("the game is over\n"),
        }
        let proven = if h.proven { "" } else { " (best found, not proven)" };
        let _ = writeln!(out, "moves left at best: {}{proven}", h.remaining);
        let par = level.par();
        if h.par_reachable {
            let _ = writeln!(out, "par {par} is still reachable");
        } else {
            let _ = writeln!(out, "par {par} is out of reach; {} undo(s) bring it back", h.undos_to_recover);
        }
        print!("{out}");
    }
    Ok(())
}

/// `--time SECONDS` (0 for no limit) as a solver budget.
fn budget(args: &mut Args) -> Result<Budget, String> {
    let seconds = match args.option("--time")? {
        Some(t) => t.parse::<u64>().map_err(|_| format!("--time takes whole seconds, not {t:?}"))?,
        None => DEFAULT_SECONDS,
    };
    let max_time = (seconds > 0).then(|| Duration::from_secs(seconds));
    Ok(Budget { max_time, ..Budget::default() })
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
}
