//! `kami completions SHELL`: the completion script for a shell, on standard output.

use crate::Cli;
use clap::CommandFactory;
use clap_complete::Shell;

/// `kami completions` arguments.
#[derive(clap::Args, Debug)]
#[command(after_help = "bash: kami completions bash > ~/.local/share/bash-completion/completions/kami\n\
zsh:  kami completions zsh > \"${fpath[1]}/_kami\"\n\
fish: kami completions fish > ~/.config/fish/completions/kami.fish")]
pub struct Args {
    /// The shell to complete in
    shell: Shell,
}

/// Runs the command.
pub fn run(args: Args) -> Result<(), String> {
    // Generated into memory first: clap_complete panics on a write error, such as a closed pipe.
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut Cli::command(), "kami", &mut script);
    crate::output::print(&String::from_utf8_lossy(&script));
    Ok(())
}
