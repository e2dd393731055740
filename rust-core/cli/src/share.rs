//! `kami share LEVEL [--qr] [--name NAME]`: the level's share code and link (and the link as a QR
//! code in the terminal). The par is checked by the solver first, so the code says whether it
//! is proven.

use crate::args::load_level;
use crate::output::{complain, say};
use kami_core::hint::{ParCheck, check_par, device_budget};
use kami_core::share::{self, Qr};
use std::io::IsTerminal;

/// `kami share` arguments.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The level: an id, a level file, a code or a kami:// link
    level: String,
    /// Also draw the link as a QR code a phone camera scans
    #[arg(long)]
    qr: bool,
    /// The name the code carries [default: the level's; --name "" for none]
    #[arg(long)]
    name: Option<String>,
}

/// Runs the command.
pub fn run(args: Args) -> Result<(), String> {
    let level = load_level(&args.level)?;
    let proven = match check_par(&level, &device_budget()) {
        ParCheck::Proven => true,
        ParCheck::Differs { fewest } => {
            return Err(format!("{}: par {} is not the fewest moves: {fewest} are", args.level, level.par()));
        }
        ParCheck::Unknown => {
            complain!("kami: {}: par {} could not be proven within 2 s; the code says so", args.level, level.par());
            false
        }
    };
    let name = args.name.as_deref().unwrap_or(level.name());
    let code = share::encode(&level, proven, Some(name)).map_err(|e| e.to_string())?;
    let link = share::link(&code);
    say!("{code}\n{link}");
    if args.qr {
        let qr = Qr::of(&link).map_err(|e| e.to_string())?;
        // Dark on light whatever the terminal's colours, where colours reach a terminal.
        let (on, off) = if std::io::stdout().is_terminal() { ("\x1b[30;107m", "\x1b[0m") } else { ("", "") };
        for line in qr.half_blocks() {
            say!("{on}{line}{off}");
        }
    }
    Ok(())
}
