//! Level packs: `levels/<pack>/pack.toml` plus one TOML file per level, read from a folder or from
//! the copy compiled into the library.
//!
//! ```toml
//! name = "First Steps"
//! levels = ["first-light", "two-tone"]     # files first-light.toml, two-tone.toml, in play order
//! [theme]
//! background = "#F2EBDD"
//! ink = "#2B2A28"
//! accent = "#C8553D"
//! ```
//! Packs are ordered by folder name; a level's id is `<pack folder>/<file stem>`.

use crate::level::{Level, Rgb};
use crate::level_file::{FileError, parse_level};
use once_cell::sync::Lazy;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;
use toml::Spanned;

/// The colours a pack's screens are drawn in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Theme {
    /// The paper behind the board.
    pub background: Rgb,
    /// Text and icons.
    pub ink: Rgb,
    /// Highlights: the selected colour, buttons.
    pub accent: Rgb,
}

/// A pack of levels.
#[derive(Clone, Debug)]
pub struct Pack {
    /// The folder name, e.g. `01-first-steps`.
    pub id: String,
    /// The name shown to players.
    pub name: String,
    /// The pack's colours.
    pub theme: Theme,
    /// Levels in play order.
    pub levels: Vec<Arc<Level>>,
}

/// All packs, in order.
#[derive(Clone, Debug, Default)]
pub struct Catalogue {
    packs: Vec<Pack>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PackToml {
    name: String,
    levels: Vec<Spanned<String>>,
    theme: ThemeToml,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ThemeToml {
    background: Spanned<String>,
    ink: Spanned<String>,
    accent: Spanned<String>,
}

const PACK_FILE: &str = "pack.toml";

static SHIPPED: Lazy<Catalogue> = Lazy::new(|| {
    let files = include!(concat!(env!("OUT_DIR"), "/embedded_levels.rs"));
    // The same files pass `kami check` and the catalogue test, so this cannot fail in a build
    // that passed its tests; if it somehow does, the game offers no packs rather than crash.
    Catalogue::from_files("levels", files.iter().map(|&(p, s)| (p.to_string(), s.to_string()))).unwrap_or_default()
});

impl Catalogue {
    /// The packs compiled into the library, parsed on first use.
    pub fn shipped() -> &'static Catalogue {
        &SHIPPED
    }

    /// Reads every pack under `dir` (one sub-folder per pack). Files directly in `dir` and
    /// sub-folders without TOML files are not read.
    pub fn from_dir(dir: &Path) -> Result<Catalogue, Vec<FileError>> {
        let mut files = Vec::new();
        for pack in std::fs::read_dir(dir).map_err(|e| io_error(dir, e))? {
            let pack = pack.map_err(|e| io_error(dir, e))?.path();
            if !pack.is_dir() {
                continue;
            }
            let id = pack.file_name().unwrap_or_default().to_string_lossy().into_owned();
            files.extend(toml_files(&pack)?.into_iter().map(|(name, text)| (format!("{id}/{name}"), text)));
        }
        Catalogue::from_files(&dir.display().to_string(), files)
    }

    /// Reads the single pack in folder `dir` (the one holding its `pack.toml`); the pack's id is
    /// the folder's name, and errors name files as `dir/file`.
    pub fn from_pack_dir(dir: &Path) -> Result<Catalogue, Vec<FileError>> {
        let name = match dir.file_name() {
            Some(name) => name.to_os_string(),
            // `.` or `..`: the name of the folder they stand for.
            None => dir.canonicalize().map_err(|e| io_error(dir, e))?.file_name().unwrap_or_default().to_os_string(),
        };
        let id = name.to_string_lossy().into_owned();
        let mut files: BTreeMap<String, String> = toml_files(dir)?.into_iter().collect();
        let pack = read_pack(&dir.display().to_string(), &id, &mut files)?;
        Ok(Catalogue { packs: vec![pack] })
    }

    /// Reads packs from `(path, text)` pairs with paths like `pack/level.toml`, relative to
    /// `root` (used only to name files in errors). Reports every problem found, not just the first.
    pub fn from_files(
        root: &str,
        files: impl IntoIterator<Item = (String, String)>,
    ) -> Result<Catalogue, Vec<FileError>> {
        let mut folders: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
        let mut errors = Vec::new();
        for (path, text) in files {
            match path.split_once('/') {
                Some((pack, file)) if !file.contains('/') => {
                    folders.entry(pack.to_string()).or_default().insert(file.to_string(), text);
                }
                _ => errors.push(file_error(&under(root, &path), "expected a file inside a pack folder".into())),
            }
        }
        let mut packs = Vec::new();
        for (id, mut files) in folders {
            match read_pack(&under(root, &id), &id, &mut files) {
                Ok(pack) => packs.push(pack),
                Err(mut e) => errors.append(&mut e),
            }
        }
        if errors.is_empty() { Ok(Catalogue { packs }) } else { Err(errors) }
    }

    /// The packs, in order.
    pub fn packs(&self) -> &[Pack] {
        &self.packs
    }

    /// The level with this id.
    pub fn level(&self, id: &str) -> Option<&Arc<Level>> {
        self.packs.iter().flat_map(|p| &p.levels).find(|l| l.id() == id)
    }
}

/// Reads one pack folder's `pack.toml` and the levels it lists; `files` maps file names to text,
/// `folder` is the folder's path (used only to name files in errors) and `id` its name.
fn read_pack(folder: &str, id: &str, files: &mut BTreeMap<String, String>) -> Result<Pack, Vec<FileError>> {
    let pack_path = under(folder, PACK_FILE);
    let Some(source) = files.remove(PACK_FILE) else {
        return Err(vec![file_error(&pack_path, "expected a pack.toml in every pack folder".into())]);
    };
    let toml: PackToml = toml::from_str(&source).map_err(|e| vec![FileError::from_toml(&pack_path, &source, &e)])?;
    let colour = |c: &Spanned<String>| {
        Rgb::parse(c.get_ref()).ok_or_else(|| {
            let message = format!("expected a colour like \"#E4572E\", found {:?}", c.get_ref());
            vec![FileError::at(&pack_path, &source, c.span().start, message)]
        })
    };
    let theme = Theme {
        background: colour(&toml.theme.background)?,
        ink: colour(&toml.theme.ink)?,
        accent: colour(&toml.theme.accent)?,
    };

    let mut errors = Vec::new();
    let mut levels = Vec::new();
    for entry in &toml.levels {
        let stem = entry.get_ref();
        let file = format!("{stem}.toml");
        match files.remove(&file) {
            Some(text) => match parse_level(&format!("{id}/{stem}"), &under(folder, &file), &text) {
                Ok(level) => levels.push(Arc::new(level)),
                Err(e) => errors.push(e),
            },
            None => {
                let listed_twice = levels.iter().any(|l: &Arc<Level>| l.id() == format!("{id}/{stem}"));
                let message = if listed_twice { "level listed twice" } else { "expected a level file of this name" };
                errors.push(FileError::at(&pack_path, &source, entry.span().start, format!("{message}: {file}")));
            }
        }
    }
    if levels.is_empty() && errors.is_empty() {
        errors.push(file_error(&pack_path, "expected at least one level".into()));
    }
    for unlisted in files.keys() {
        errors.push(file_error(&under(folder, unlisted), "level file not listed in pack.toml".into()));
    }
    if errors.is_empty() { Ok(Pack { id: id.to_string(), name: toml.name, theme, levels }) } else { Err(errors) }
}

/// `path` inside folder `root`, joined by one slash however many `root` ends with (`levels/`
/// and `levels` give the same paths); an empty `root` leaves `path` as it is.
fn under(root: &str, path: &str) -> String {
    if root.is_empty() {
        return path.to_string();
    }
    format!("{}/{path}", root.trim_end_matches('/'))
}

/// The name and text of every `.toml` file directly in `dir`.
fn toml_files(dir: &Path) -> Result<Vec<(String, String)>, Vec<FileError>> {
    let mut files = Vec::new();
    for file in std::fs::read_dir(dir).map_err(|e| io_error(dir, e))? {
        let path = file.map_err(|e| io_error(dir, e))?.path();
        if path.extension().is_some_and(|e| e == "toml") && !path.is_dir() {
            let text = std::fs::read_to_string(&path).map_err(|e| io_error(&path, e))?;
            let name = path.file_name().unwrap_or_default().to_string_lossy().into_owned();
            files.push((name, text));
        }
    }
    Ok(files)
}

/// An error reading `path` from disk.
fn io_error(path: &Path, error: std::io::Error) -> Vec<FileError> {
    vec![file_error(&path.display().to_string(), error.to_string())]
}

/// An error about a whole file (placed at its start).
fn file_error(file: &str, message: String) -> FileError {
    FileError { file: file.to_string(), line: 1, column: 1, message }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PACK: &str = "name = \"P\"\nlevels = [\"a\", \"b\"]\n[theme]\nbackground = \"#FFFFFF\"\nink = \"#000000\"\naccent = \"#FF0000\"\n";
    const LEVEL: &str = "name = \"L\"\npar = 1\npalette = [\"#000000\", \"#FFFFFF\"]\ngrid = \"01\"\n";

    fn files(entries: &[(&str, &str)]) -> Vec<(String, String)> {
        entries.iter().map(|&(p, t)| (p.to_string(), t.to_string())).collect()
    }

    #[test]
    fn reads_packs_in_folder_order() {
        let c = Catalogue::from_files(
            "levels",
            files(&[
                ("2-x/pack.toml", PACK),
                ("2-x/a.toml", LEVEL),
                ("2-x/b.toml", LEVEL),
                ("1-y/pack.toml", &PACK.replace(", \"b\"", "")),
                ("1-y/a.toml", LEVEL),
            ]),
        )
        .unwrap();
        let ids: Vec<_> = c.packs().iter().map(|p| p.id.as_str()).collect();
        assert_eq!(ids, ["1-y", "2-x"]);
        assert_eq!(c.packs()[1].levels.iter().map(|l| l.id()).collect::<Vec<_>>(), ["2-x/a", "2-x/b"]);
        assert_eq!(c.level("2-x/b").unwrap().name(), "L");
        assert!(c.level("2-x/c").is_none());
    }

    #[test]
    fn reports_every_problem() {
        let errors = Catalogue::from_files(
            "levels",
            files(&[
                ("p/pack.toml", &PACK.replace("\"b\"", "\"c\"")),
                ("p/a.toml", "name = 3"),
                ("p/b.toml", LEVEL),
                ("q/a.toml", LEVEL),
            ]),
        )
        .unwrap_err();
        let text: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
        assert_eq!(text.len(), 4, "{text:#?}");
        assert!(text[0].starts_with("levels/p/a.toml:1:8: "), "{}", text[0]);
        assert!(
            text[1].starts_with("levels/p/pack.toml:2:16: expected a level file of this name: c.toml"),
            "{}",
            text[1]
        );
        assert_eq!(text[2], "levels/p/b.toml:1:1: level file not listed in pack.toml");
        assert_eq!(text[3], "levels/q/pack.toml:1:1: expected a pack.toml in every pack folder");
    }

    #[test]
    fn a_root_with_a_trailing_slash_names_files_with_one_slash() {
        let errors = Catalogue::from_files("levels/", files(&[("q/a.toml", LEVEL)])).unwrap_err();
        assert_eq!(errors[0].to_string(), "levels/q/pack.toml:1:1: expected a pack.toml in every pack folder");
        let errors = Catalogue::from_files("/", files(&[("q/a.toml", LEVEL)])).unwrap_err();
        assert_eq!(errors[0].file, "/q/pack.toml");
    }

    /// A fresh folder under the system's temporary folder, removed when dropped.
    struct Scratch(std::path::PathBuf);

    impl Scratch {
        fn new(name: &str, files: &[(&str, &str)]) -> Scratch {
            let dir = std::env::temp_dir().join(format!("kami-catalogue-{}-{name}", std::process::id()));
            let _ = std::fs::remove_dir_all(&dir);
            for (path, text) in files {
                let path = dir.join(path);
                std::fs::create_dir_all(path.parent().unwrap()).unwrap();
                std::fs::write(path, text).unwrap();
            }
            Scratch(dir)
        }
    }

    impl Drop for Scratch {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    #[test]
    fn reads_a_folder_of_packs_and_a_single_pack_folder() {
        let scratch = Scratch::new(
            "read",
            &[
                ("p/pack.toml", PACK),
                ("p/a.toml", LEVEL),
                ("p/b.toml", LEVEL),
                ("loose.toml", LEVEL),
                ("empty/x.txt", ""),
            ],
        );
        let all = Catalogue::from_dir(&scratch.0).unwrap();
        assert_eq!(all.packs().iter().map(|p| p.id.as_str()).collect::<Vec<_>>(), ["p"]);
        let one = Catalogue::from_pack_dir(&scratch.0.join("p")).unwrap();
        assert_eq!(one.packs()[0].levels.iter().map(|l| l.id()).collect::<Vec<_>>(), ["p/a", "p/b"]);

        std::fs::write(scratch.0.join("p/a.toml"), "name = 3").unwrap();
        let slashed = format!("{}/", scratch.0.display());
        let errors = Catalogue::from_dir(Path::new(&slashed)).unwrap_err();
        assert_eq!(errors[0].file, format!("{}/p/a.toml", scratch.0.display()));
        let errors = Catalogue::from_pack_dir(&scratch.0.join("p/")).unwrap_err();
        assert_eq!(errors[0].file, format!("{}/p/a.toml", scratch.0.display()));
    }

    #[test]
    fn shipped_packs_parse_and_have_levels() {
        let files = include!(concat!(env!("OUT_DIR"), "/embedded_levels.rs"));
        let c = Catalogue::from_files("levels", files.iter().map(|&(p, s)| (p.to_string(), s.to_string()))).unwrap();
        assert!(!c.packs().is_empty());
        assert_eq!(Catalogue::shipped().packs().len(), c.packs().len());
        assert!(c.packs().iter().all(|p| !p.levels.is_empty()));
    }
}
