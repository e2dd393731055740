//! `kami`: play Kami in the terminal, and the tools for making levels.

mod args;
mod bench;
mod check;
mod completions;
mod edit;
mod generate;
mod import;
#[cfg(test)]
mod import_tests;
mod output;
mod play;
mod render;
mod screenshot;
mod share;
mod solve;
mod stats;

use clap::{Parser, Subcommand};
use output::complain;
use std::process::ExitCode;

/// What `kami --help` ends with: what a LEVEL argument is.
const LEVEL_NOTE: &str = "LEVEL is a shipped level id such as 01-first-steps/one-fold, a path to a level file, or a share code or kami:// link.";

/// Play Kami in the terminal (the default command), and the tools for making levels.
#[derive(Parser, Debug)]
#[command(name = "kami", version, after_help = LEVEL_NOTE)]
pub struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

/// The commands.
#[derive(Subcommand, Debug)]
enum Command {
    /// Play in the terminal (the default); without LEVEL, pick one from the menu
    #[command(after_help = LEVEL_NOTE)]
    Play(play::Args),
    /// Draw a puzzle in the terminal, with its par proven as you paint; save it as a level file
    #[command(after_help = LEVEL_NOTE)]
    Edit(edit::Args),
    /// Draw a board as FILE.png or FILE.svg
    #[command(after_help = LEVEL_NOTE)]
    Render(render::Args),
    /// Write a generated level file, a day's puzzle, or every daily puzzle of a year
    Generate(generate::Args),
    /// Validate a level file, a pack folder or a folder of packs, and prove each par
    Check(check::Args),
    /// A shortest solution of a level
    #[command(after_help = LEVEL_NOTE)]
    Solve(solve::SolveArgs),
    /// The hint after some moves: the next move and whether par is still reachable
    #[command(after_help = LEVEL_NOTE)]
    Hint(solve::HintArgs),
    /// Time the solver on every level of a folder, the daily puzzles of a year, or an import
    Bench(bench::Args),
    /// Par, regions and rating per pack, and the difficulty curve as a picture
    Stats(stats::Args),
    /// A level file from a KAMI 2 screenshot (PNG or JPEG) or a share code or link
    Import(import::Args),
    /// A KAMI 2-style screenshot of a level as FILE.jpg or FILE.png, for testing import
    #[command(after_help = LEVEL_NOTE)]
    Screenshot(screenshot::Args),
    /// A level's share code and kami:// link, and with --qr the link as a QR code
    #[command(after_help = LEVEL_NOTE)]
    Share(share::Args),
    /// Shell completions for kami, printed for bash, zsh, fish, elvish or powershell
    Completions(completions::Args),
}

fn main() -> ExitCode {
    // Help, --version and usage errors: clap prints them (to a closed pipe too, quietly) and
    // exits with 0 for help and 2 for a usage error.
    let cli = Cli::parse();
    let result = match cli.command.unwrap_or(Command::Play(play::Args::default())) {
        Command::Play(args) => play::run(args),
        Command::Edit(args) => edit::run(args),
        Command::Render(args) => render::run(args),
        Command::Generate(args) => generate::run(args),
        Command::Check(args) => check::run(args),
        Command::Solve(args) => solve::run_solve(args),
        Command::Hint(args) => solve::run_hint(args),
        Command::Bench(args) => bench::run(args),
        Command::Stats(args) => stats::run(args),
        Command::Import(args) => import::run(args),
        Command::Screenshot(args) => screenshot::run(args),
        Command::Share(args) => share::run(args),
        Command::Completions(args) => completions::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            complain!("kami: {message}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_arguments_are_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn play_takes_a_level_or_the_daily_of_today_or_a_date() {
        let play = |words: &[&str]| match Cli::try_parse_from(words).map(|cli| cli.command) {
            Ok(Some(Command::Play(args))) => Ok((args.level, args.daily)),
            Ok(other) => panic!("{other:?}"),
            Err(e) => Err(e.kind()),
        };
        let date = kami_core::daily::Date::new(2026, 11, 23);
        assert_eq!(play(&["kami", "play"]), Ok((None, None)));
        assert_eq!(play(&["kami", "play", "a/b"]), Ok((Some("a/b".into()), None)));
        assert_eq!(play(&["kami", "play", "--daily"]), Ok((None, Some(None))));
        assert_eq!(play(&["kami", "play", "--daily", "2026-11-23"]), Ok((None, Some(date))));
        assert_eq!(play(&["kami", "play", "--daily", "2026-02-30"]), Err(clap::error::ErrorKind::ValueValidation));
        assert_eq!(play(&["kami", "play", "a/b", "--daily"]), Err(clap::error::ErrorKind::ArgumentConflict));
        assert!(Cli::try_parse_from(["kami"]).is_ok_and(|cli| cli.command.is_none()));
    }

    #[test]
    fn the_example_level_id_is_shipped() {
        let example = LEVEL_NOTE.split("such as ").nth(1).and_then(|rest| rest.split(',').next()).unwrap();
        assert!(kami_core::catalogue::Catalogue::shipped().level(example).is_some(), "{example}");
    }
}
