//! Compiles the level packs into the library: writes `embedded_levels.rs`, an expression listing
//! every `levels/<pack>/*.toml` as `(relative path, include_str!(..))`, in a stable order.

use std::path::Path;
use std::{env, fs};

fn main() {
    let manifest = env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let levels = Path::new(&manifest).join("../../levels").canonicalize().expect("levels/ beside rust-core/");
    println!("cargo:rerun-if-changed={}", levels.display());

    let mut files = Vec::new();
    for pack in fs::read_dir(&levels).expect("read levels/") {
        let pack = pack.expect("read levels/").path();
        if !pack.is_dir() {
            continue;
        }
        for file in fs::read_dir(&pack).expect("read a pack folder") {
            let path = file.expect("read a pack folder").path();
            if path.extension().is_some_and(|e| e == "toml") {
                let relative = path.strip_prefix(&levels).expect("inside levels/").to_string_lossy().replace('\\', "/");
                files.push((relative, path));
            }
        }
    }
    files.sort();

    let mut out = String::from("{ const FILES: &[(&str, &str)] = &[\n");
    for (relative, path) in files {
        println!("cargo:rerun-if-changed={}", path.display());
        out += &format!("    ({relative:?}, include_str!({:?})),\n", path.display().to_string());
    }
    out += "]; FILES }\n";
    let dest = Path::new(&env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("embedded_levels.rs");
    fs::write(dest, out).expect("write embedded_levels.rs");
}
