//! Compiles the level packs into the library: writes `embedded_levels.rs`, an expression listing
//! every `levels/<pack>/*.toml` as `(relative path, include_str!(..))`, in a stable order. On
//! Android, also links the library for 16 KB pages.

use std::path::Path;
use std::{env, fs};

fn main() {
    // Android 15 devices may run with 16 KB memory pages and will not load a library whose
    // segments are aligned for 4 KB, and Google Play refuses such uploads: align the Android
    // library for 16 KB whatever the NDK's default (r27 and older link for 4 KB). The link
    // argument goes to this crate's cdylib only, for Android targets only.
    if env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("android") {
        println!("cargo:rustc-cdylib-link-arg=-Wl,-z,max-page-size=16384");
    }

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
