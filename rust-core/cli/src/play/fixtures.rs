//! Catalogues for tests.

use kami_core::catalogue::Catalogue;
use kami_core::daily::Date;

/// The day the tests play on: a Wednesday.
pub fn day() -> Date {
    Date::new(2026, 11, 25).expect("a date")
}

/// Packs `p0`, `p1`, … of `sizes[i]` levels `l0`, `l1`, … each; every level is "L", a 1 × 2
/// strip of squares coloured 0 then 1, won in one move (par 1).
pub fn catalogue(sizes: &[usize]) -> Catalogue {
    let level = "name = \"L\"\npar = 1\npalette = [\"#000000\", \"#FFFFFF\"]\ntiling = \"squares\"\ngrid = \"01\"\n";
    let theme = "[theme]\nbackground = \"#FFFFFF\"\nink = \"#000000\"\naccent = \"#FF0000\"\n";
    let mut files = Vec::new();
    for (p, &size) in sizes.iter().enumerate() {
        let names: Vec<String> = (0..size).map(|l| format!("\"l{l}\"")).collect();
        files.push((
            format!("p{p}/pack.toml"),
            format!("name = \"Pack {p}\"\nlevels = [{}]\n{theme}", names.join(", ")),
        ));
        files.extend((0..size).map(|l| (format!("p{p}/l{l}.toml"), level.to_string())));
    }
    Catalogue::from_files("test", files).expect("the test packs are valid")
}
