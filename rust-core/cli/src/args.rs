//! Command-line arguments: levels named by id or path, and `--name value` options.

use kami_core::catalogue::Catalogue;
use kami_core::level::Level;
use kami_core::level_file::parse_level;
use std::path::Path;
use std::sync::Arc;

/// A command's words, from which options are taken one by one; what is left is positional.
pub struct Args {
    words: Vec<String>,
}

impl Args {
    /// Wraps a command's words.
    pub fn new(words: Vec<String>) -> Args {
        Args { words }
    }

    /// Removes `--name VALUE` and returns VALUE.
    pub fn option(&mut self, name: &str) -> Result<Option<String>, String> {
        let Some(i) = self.words.iter().position(|w| w == name) else { return Ok(None) };
        if i + 1 >= self.words.len() {
            return Err(format!("{name} needs a value"));
        }
        self.words.remove(i);
        Ok(Some(self.words.remove(i)))
    }

    /// Removes `--name` and says whether it was there.
    pub fn flag(&mut self, name: &str) -> bool {
        let found = self.words.iter().position(|w| w == name);
        found.map(|i| self.words.remove(i)).is_some()
    }

    /// The remaining words, which must be `count` positional arguments at most.
    pub fn positional(self, count: usize) -> Result<Vec<String>, String> {
        if let Some(option) = self.words.iter().find(|w| w.starts_with("--")) {
            return Err(format!("unknown option {option}"));
        }
        if self.words.len() > count {
            return Err(format!("unexpected argument {:?}", self.words[count]));
        }
        Ok(self.words)
    }
}

/// A level named by shipped id (`pack/level`) or by the path of a level file.
pub fn load_level(name: &str) -> Result<Arc<Level>, String> {
    if let Some(level) = Catalogue::shipped().level(name) {
        return Ok(Arc::clone(level));
    }
    let path = Path::new(name);
    if !path.is_file() {
        return Err(format!("{name:?} is neither a shipped level id nor a level file"));
    }
    let text = std::fs::read_to_string(path).map_err(|e| format!("{name}: {e}"))?;
    parse_level(name, name, &text).map(Arc::new).map_err(|e| e.to_string())
}
