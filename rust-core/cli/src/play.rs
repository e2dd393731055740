//! `kami play [LEVEL]`: terminal play (placeholder until the terminal UI lands in this change).

/// Runs the command.
pub fn run(_words: Vec<String>) -> Result<(), String> {
    Err("terminal play is not built yet".into())
}
