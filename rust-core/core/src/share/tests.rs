use super::*;
use crate::board::{Board, MAX_COLOURS, MAX_SIDE, Tiling};
use crate::catalogue::Catalogue;
use crate::level::{MAX_PAR, Rgb};
use proptest::prelude::*;
use proptest::strategy::ValueTree;

fn shipped() -> Vec<&'static Level> {
    Catalogue::shipped().packs().iter().flat_map(|p| p.levels.iter().map(|l| &**l)).collect()
}

/// The puzzle a code must open as: the same board, palette and par (id and name are the code's).
fn same_puzzle(a: &Level, b: &Level) -> bool {
    a.board() == b.board() && a.palette() == b.palette() && a.par() == b.par()
}

#[test]
fn every_shipped_level_round_trips_with_and_without_its_name() {
    for level in shipped() {
        for (proven, name) in [(true, Some(level.name())), (false, None)] {
            let code = encode(level, proven, name).unwrap();
            let shared = decode(&code).unwrap();
            assert!(same_puzzle(&shared.level, level), "{}", level.id());
            assert_eq!((shared.par_proven, shared.name.as_deref()), (proven, name), "{}", level.id());
            assert_eq!(shared.level.name(), name.unwrap_or(UNNAMED));
            assert_eq!(shared.level.id(), format!("{ID_PREFIX}{code}"));
            assert_eq!(shared.code, code);
        }
    }
}

/// Codes of some shipped levels and of random boards, for the exhaustive damage tests.
fn sample_codes() -> Vec<String> {
    let levels = shipped();
    let mut codes: Vec<String> = levels.iter().step_by(10).map(|l| encode(l, true, Some(l.name())).unwrap()).collect();
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    for _ in 0..10 {
        let level = level_strategy().new_tree(&mut runner).unwrap().current();
        codes.push(encode(&level, false, None).unwrap());
    }
    codes
}

#[test]
fn every_changed_character_and_every_swap_of_neighbours_is_refused() {
    let mut tried = 0;
    for code in sample_codes() {
        let chars: Vec<char> = code.chars().collect();
        for i in 0..chars.len() {
            for &other in text::ALPHABET.iter() {
                let other = char::from(other);
                if other == chars[i] {
                    continue;
                }
                let mut changed = chars.clone();
                changed[i] = other;
                let changed: String = changed.into_iter().collect();
                assert!(decode(&changed).is_err(), "{code}: character {i} changed to {other} opened");
                tried += 1;
            }
            if i + 1 < chars.len() && chars[i] != chars[i + 1] {
                let mut swapped = chars.clone();
                swapped.swap(i, i + 1);
                let swapped: String = swapped.into_iter().collect();
                // Swaps involving the length character are refused for their length.
                let found = decode(&swapped);
                if i < 2 {
                    assert!(found.is_err(), "{code}: swap at {i}");
                } else {
                    assert_eq!(found, Err(ShareError::ChecksumMismatch), "{code}: swap at {i}");
                }
                tried += 1;
            }
        }
    }
    assert!(tried > 50_000, "{tried}");
}

#[test]
fn cut_and_lengthened_codes_are_refused_with_their_reason() {
    let level = Catalogue::shipped().level("10-mandala/corona").unwrap();
    let code = encode(level, true, Some("Corona")).unwrap();
    for cut in 1..code.len() {
        let short = &code[..code.len() - cut];
        let expected = match cut % 62 {
            0 => Err(ShareError::ChecksumMismatch),
            n @ 1..=31 if short.len() >= 8 => Err(ShareError::Truncated { missing: n as u32 }),
            _ => Err(ShareError::NotACode(String::new())),
        };
        match (decode(short), expected) {
            (Err(ShareError::NotACode(_)), Err(ShareError::NotACode(_))) => {}
            (found, expected) => assert_eq!(found, expected, "cut {cut}"),
        }
    }
    // A character typed twice is not a shorter code.
    let doubled = format!("{}{}", &code[..10], &code[9..]);
    assert!(matches!(decode(&doubled), Err(ShareError::NotACode(_))));
}

#[test]
fn links_and_whitespace_open_the_same_puzzle() {
    let level = Catalogue::shipped().level("01-first-steps/sun").unwrap();
    let code = encode(level, true, None).unwrap();
    let shared = decode(&code).unwrap();
    let (left, right) = code.split_at(code.len() / 2);
    for text in [
        link(&code),
        format!("  {}\n", link(&code)),
        format!("KAMI://Puzzle/{code}"),
        format!("{left}\n {right}"),
        format!("\t{left} {right}  "),
    ] {
        assert_eq!(decode(&text).as_ref(), Ok(&shared), "{text:?}");
    }
}

#[test]
fn not_codes_and_other_versions_get_typed_errors() {
    for text in ["", "   ", "kami://puzzle/", "hello, world", "1a-b", "x", "https://example.com/1abc"] {
        assert!(matches!(decode(text), Err(ShareError::NotACode(_))), "{text:?}");
    }
    assert!(matches!(decode(&"1".repeat(MAX_CODE + 1)), Err(ShareError::NotACode(_))));
    let level = Catalogue::shipped().level("01-first-steps/sun").unwrap();
    let bits = model::write(&fields_of(level));
    assert_eq!(decode(&seal(2, &bits)), Err(ShareError::UnknownVersion { found: 2, newest: 1 }));
    assert_eq!(decode(&seal(0, &bits)), Err(ShareError::UnknownVersion { found: 0, newest: 1 }));
    assert!(decode(&seal(VERSION, &bits)).is_ok());
    // Data after the puzzle is refused, not ignored.
    let mut longer = bits.clone();
    longer.extend([false; 40]);
    longer.push(true);
    assert!(matches!(decode(&seal(VERSION, &longer)), Err(ShareError::NotACode(_))));
}

fn fields_of(level: &Level) -> Fields {
    Fields::of(level, true, None)
}

#[test]
fn codes_of_unplayable_puzzles_are_invalid_boards() {
    let level = Catalogue::shipped().level("01-first-steps/sun").unwrap();
    let good = fields_of(level);
    type Edit<'a> = (&'a str, &'a dyn Fn(&mut Fields));
    let edits: [Edit; 5] = [
        ("par too large", &|f| f.par = MAX_PAR + 1),
        ("one colour", &|f| f.cells.iter_mut().flatten().for_each(|c| *c = 0)),
        ("only holes", &|f| f.cells.iter_mut().for_each(|c| *c = None)),
        ("a control character in the name", &|f| f.name = Some("a\u{7}b".into())),
        ("a name of spaces", &|f| f.name = Some("   ".into())),
    ];
    for (what, edit) in edits {
        let mut fields = good.clone();
        edit(&mut fields);
        let code = seal(VERSION, &model::write(&fields));
        assert!(matches!(decode(&code), Err(ShareError::InvalidBoard(_))), "{what}: {:?}", decode(&code));
    }
}

#[test]
fn names_are_checked_when_encoding() {
    let level = Catalogue::shipped().level("01-first-steps/sun").unwrap();
    for bad in ["a\nb", &"x".repeat(61)] {
        assert!(matches!(encode(level, true, Some(bad)), Err(ShareError::InvalidName(_))), "{bad:?}");
    }
    let code = encode(level, true, Some("  Sonne über dem Meer – ☀️  ")).unwrap();
    assert_eq!(decode(&code).unwrap().name.as_deref(), Some("Sonne über dem Meer – ☀️"));
    assert_eq!(encode(level, true, Some("  ")), encode(level, true, None));
}

#[test]
fn the_longest_puzzle_fits_the_longest_code() {
    // A 64 × 64 board of random colours and holes, no two neighbours alike where avoidable: no
    // prediction helps, so it is coded plainly; and a name of characters that are all escaped.
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let cells: Vec<Option<u8>> =
        prop::collection::vec(prop::option::of(0u8..6), MAX_SIDE * MAX_SIDE).new_tree(&mut runner).unwrap().current();
    let mut cells = cells;
    cells[0] = Some(0);
    cells[1] = Some(1);
    let board = Board::new(Tiling::Squares, MAX_SIDE, MAX_SIDE, cells, MAX_COLOURS).unwrap();
    let palette = (0..6).map(|i| Rgb { red: i, green: 1, blue: 2 }).collect();
    let level = Level::new("x".into(), "x".into(), MAX_PAR, palette, board).unwrap();
    let code = encode(&level, true, Some(&"☀".repeat(60))).unwrap();
    assert!(code.len() <= MAX_CODE, "{}", code.len());
    assert!(same_puzzle(&decode(&code).unwrap().level, &level));
}

/// Codes written by this version, which every later release must still open as these puzzles.
#[test]
fn version_1_codes_keep_opening() {
    let golden = [
        ("01-first-steps/sun", true, "Sun", GOLDEN_SUN),
        ("10-mandala/corona", true, "", GOLDEN_CORONA),
        ("01-first-steps/squares", true, "", GOLDEN_SQUARES),
    ];
    for (id, proven, name, code) in golden {
        let level = Catalogue::shipped().level(id).unwrap();
        let shared = decode(code).unwrap();
        assert!(same_puzzle(&shared.level, level), "{id}");
        assert_eq!(shared.par_proven, proven);
        assert_eq!(shared.name.as_deref().unwrap_or(""), name);
    }
}

const GOLDEN_SUN: &str = "1W2RjFrOSQ582gv0MpMkD5BzDZng8vrO";
const GOLDEN_CORONA: &str = "1sW6tBvgPcBANuiKua6T595lQk969bAjTpMHHkycPa5FUl8MDiAykt";
const GOLDEN_SQUARES: &str = "1GBrPzcQUz6wyL2H";

/// Random levels of every size and both tilings: blotchy boards of a few regions (as drawn) or
/// noise, sometimes with holes.
fn level_strategy() -> impl Strategy<Value = Level> {
    let shape =
        (prop_oneof![Just(Tiling::Triangles), Just(Tiling::Squares)], 1..=MAX_SIDE, 1..=MAX_SIDE, 2..=MAX_COLOURS);
    (shape, any::<u64>(), 0u32..4, 0u32..4, 1..=MAX_PAR).prop_filter_map(
        "two colours needed",
        |((tiling, rows, cols, colours), seed, blotch, holes, par)| {
            let mut random = crate::random::Random::new(seed);
            let n = rows * cols;
            let mut cells: Vec<Option<u8>> = Vec::with_capacity(n);
            for t in 0..n {
                let copy = blotch > 0 && t > 0 && random.below(4) < blotch as usize;
                let cell = if copy {
                    let from = if t >= cols && random.below(2) == 0 { t - cols } else { t - 1 };
                    cells[from]
                } else if random.below(8) < holes as usize {
                    None
                } else {
                    Some(random.below(colours) as u8)
                };
                cells.push(cell);
            }
            let palette = (0..colours)
                .map(|_| {
                    let x = random.below(1 << 24) as u32;
                    Rgb { red: (x >> 16) as u8, green: (x >> 8) as u8, blue: x as u8 }
                })
                .collect();
            let board = Board::new(tiling, rows, cols, cells, colours).ok()?;
            Level::new("r".into(), "r".into(), par, palette, board).ok()
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn random_boards_of_every_size_round_trip(level in level_strategy(), proven: bool, named: bool) {
        let name = named.then_some("Random 7");
        let shared = decode(&encode(&level, proven, name).unwrap()).unwrap();
        prop_assert!(same_puzzle(&shared.level, &level));
        prop_assert_eq!((shared.par_proven, shared.name.as_deref()), (proven, name));
    }

    #[test]
    fn decoding_any_text_never_panics(text in "\\PC{0,300}") {
        let _ = decode(&text);
    }

    #[test]
    fn decoding_damaged_codes_never_panics(seed in any::<u64>(), edits in prop::collection::vec((any::<usize>(), 0u8..62), 1..6)) {
        let level = &shipped()[seed as usize % shipped().len()];
        let mut digits: Vec<u8> = encode(level, true, None).unwrap().bytes().map(|b| text::digit(char::from(b)).unwrap()).collect();
        for (at, value) in edits {
            let i = at % digits.len();
            digits[i] = value;
        }
        // Re-sealed, so the damage gets past the checksum into the payload decoder.
        let body = digits.len() - text::CHECK_CHARS;
        digits.truncate(body);
        digits.extend(text::check(&digits));
        digits[0] = VERSION;
        let code: String = digits.iter().map(|&d| char::from(text::ALPHABET[usize::from(d)])).collect();
        let _ = decode(&code);
    }
}
