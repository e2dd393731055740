//! `kami`: play Kami in the terminal, and the tools for making levels.

mod args;
mod bench;
mod check;
mod generate;
mod import;
#[cfg(test)]
mod import_tests;
mod play;
mod render;
mod screenshot;
mod solve;
mod stats;

use std::process::ExitCode;

const USAGE: &str = "\
usage: kami [COMMAND] [ARGS]

commands:
  play [LEVEL]                   play in the terminal (the default); without LEVEL, pick one
                                 [--daily YYYY-MM-DD] plays that day's puzzle
  render LEVEL --out FILE        draw a board as FILE.png or FILE.svg [--width PIXELS]
                                 [--square: centred on a square, as for an app icon]
  generate                       a generated level file [--seed N] [--colours K] [--par A-B]
                                 [--symmetry none|left-right|top-bottom|rotational] [--holes]
                                 [--rows R] [--cols C: default 29 x 10 triangles]
                                 [--mask LEVEL: its size, tiling and holes] [--name NAME]
                                 [--motif stripes|zigzag|chevrons|rings|diamonds|woven:
                                 a designed board of bands with a few patches]
                                 [--daily YYYY-MM-DD] [--out FILE.toml]
  generate --year YEAR           every daily puzzle of YEAR, one level file after another
                                 [--out FILE]
  check PATH                     validate a level file, a pack folder or a folder of packs and
                                 prove each par [--time S per level]
  solve LEVEL                    a shortest solution [--json] [--time SECONDS: default 60, 0 = no limit]
                                 [--threads N: search a large island on N threads]
  hint LEVEL [--played MOVES]    the hint after MOVES (none: from the start), written
                                 row,col,colour;row,col,colour (rows, columns and colours count
                                 from 0: colour 0 is key 1) [--json] [--time SECONDS: default 2,
                                 a phone's budget; 0 = no limit] [--threads N]
  bench DIR                      time proving every par under DIR, and hints from random positions
                                 [--positions N per level] [--verbose: one line per level]
                                 [--time S: S seconds per solve, reporting what it cannot prove]
                                 [--threads N: solve again on N threads, with the speed-up]
  bench --daily YEAR             time making and proving every daily puzzle of YEAR
  bench --import SHOT            time importing a screenshot (25 runs)
  stats DIR                      par, regions and rating per pack [--out FILE.svg: the curve]
  import SHOT --out FILE.toml    a level file from a KAMI 2 screenshot (PNG or JPEG) [--par N:
                                 when the move counter cannot be read] [--name NAME]
                                 [--debug FILE.png: the grid and verdicts drawn over it]
  screenshot LEVEL --out FILE    a KAMI 2-style screenshot as FILE.jpg or FILE.png, for testing
                                 import [--size WxH] [--theme light|dark] [--quality Q] [--seed N]

LEVEL is a shipped level id such as 01-first-steps/one-fold, or a path to a level file.";

fn main() -> ExitCode {
    let mut words: Vec<String> = std::env::args().skip(1).collect();
    let command = if words.is_empty() { "play".to_string() } else { words.remove(0) };
    let result = match command.as_str() {
        "play" => play::run(words),
        "render" => render::run(words),
        "check" => check::run(words),
        "generate" => generate::run(words),
        "solve" => solve::run_solve(words),
        "hint" => solve::run_hint(words),
        "bench" => bench::run(words),
        "stats" => stats::run(words),
        "screenshot" => screenshot::run(words),
        "import" => import::run(words),
        "help" | "-h" | "--help" => {
            println!("{USAGE}");
            Ok(())
        }
        other => Err(format!("unknown command {other:?}\n\n{USAGE}")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("kami: {message}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_example_level_id_is_shipped() {
        let example = USAGE.split("such as ").nth(1).and_then(|rest| rest.split(',').next()).unwrap();
        assert!(kami_core::catalogue::Catalogue::shipped().level(example).is_some(), "{example}");
    }
}
