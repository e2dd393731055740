//! The `kami` binary as a user runs it: help, versions, usage errors, completions, messages in
//! the player's terms, and output into a closed pipe.

use std::process::{Command, Output, Stdio};

fn kami(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kami"))
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .stdin(Stdio::null())
        .output()
        .expect("kami runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn every_command_has_help() {
    let commands = [
        "play",
        "render",
        "generate",
        "check",
        "solve",
        "hint",
        "bench",
        "stats",
        "import",
        "screenshot",
        "share",
        "completions",
    ];
    let top = kami(&["help"]);
    assert!(top.status.success());
    for command in commands {
        assert!(text(&top.stdout).contains(&format!("  {command} ")), "kami help lists {command}");
        for flag in ["--help", "-h"] {
            let out = kami(&[command, flag]);
            assert!(out.status.success(), "kami {command} {flag}: {}", text(&out.stderr));
            assert!(text(&out.stdout).contains(&format!("Usage: kami {command}")), "kami {command} {flag}");
        }
        assert_eq!(kami(&["help", command]).stdout, kami(&[command, "--help"]).stdout);
    }
}

#[test]
fn the_version_is_the_crates() {
    let out = kami(&["--version"]);
    assert!(out.status.success());
    assert_eq!(text(&out.stdout), format!("kami {}\n", env!("CARGO_PKG_VERSION")));
}

#[test]
fn usage_errors_name_the_offending_argument() {
    for (args, named) in [
        (&["solve", "01-first-steps/one-fold", "--time", "-1"][..], "'--time <SECONDS>'"),
        (&["solve", "01-first-steps/one-fold", "--frob"][..], "'--frob'"),
        (&["hint", "01-first-steps/one-fold", "--threads", "0"][..], "'--threads <N>'"),
        (&["render", "01-first-steps/one-fold", "--out", "x.png", "--width", "3"][..], "'--width <PIXELS>'"),
        (&["generate", "--year", "2026", "--seed", "3"][..], "'--seed <N>'"),
        (&["generate", "--par", "7-5"][..], "'--par <A-B>'"),
        (
            &["generate", "--pin-weekends", "2026", "2030", "--daily", "2026-01-03"][..],
            "'--pin-weekends <FIRST> <LAST>'",
        ),
        (&["generate", "--pin-weekends", "2026"][..], "'--pin-weekends <FIRST> <LAST>'"),
        (&["screenshot", "x", "--out", "x.png", "--theme", "blue"][..], "'--theme <THEME>'"),
        (&["solve"][..], "<LEVEL>"),
        (&["frob"][..], "'frob'"),
    ] {
        let out = kami(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let error = text(&out.stderr);
        assert!(error.starts_with("error: ") && error.contains(named), "{args:?}: {error}");
    }
}

#[test]
fn completions_are_scripts_for_each_shell() {
    for (shell, marker) in [("bash", "complete -F _kami"), ("zsh", "#compdef kami"), ("fish", "complete -c kami")] {
        let out = kami(&["completions", shell]);
        assert!(out.status.success(), "{shell}");
        let script = text(&out.stdout);
        assert!(script.contains(marker) && script.contains("screenshot"), "{shell}: {script}");
    }
    assert_eq!(kami(&["completions", "cmd.exe"]).status.code(), Some(2));
}

#[test]
fn output_into_a_closed_pipe_ends_quietly() {
    let commands: [&[&str]; 4] =
        [&["stats", "levels/"], &["solve", "01-first-steps/one-fold"], &["completions", "bash"], &["--help"]];
    for args in commands {
        // The reading end is closed before kami starts: its first write meets a closed pipe.
        let (reader, writer) = std::io::pipe().expect("a pipe");
        drop(reader);
        let out = Command::new(env!("CARGO_BIN_EXE_kami"))
            .args(args)
            .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
            .stdout(writer)
            .stderr(Stdio::piped())
            .output()
            .expect("kami runs");
        assert!(matches!(out.status.code(), Some(0 | 141)), "{args:?}: {:?}", out.status);
        assert_eq!(text(&out.stderr), "", "{args:?}");
    }
}

#[test]
fn messages_speak_the_players_terms() {
    let out = kami(&["solve", "01-first-steps/one-fold"]);
    assert!(text(&out.stdout).starts_with("01-first-steps/one-fold: 1 move (optimal)"), "{}", text(&out.stdout));
    let out = kami(&["hint", "01-first-steps/one-fold", "--played", "4,0,0;4,0,1"]);
    let error = text(&out.stderr);
    assert!(!out.status.success());
    assert_eq!(error, "kami: --played move 2 (4,0,1): the game is already over before this move\n");
    let out = kami(&["hint", "01-first-steps/one-fold", "--played", "4,0,7"]);
    assert!(text(&out.stderr).contains("colour 7 is not in the palette"), "{}", text(&out.stderr));
    assert!(!text(&out.stderr).contains("tile"), "{}", text(&out.stderr));
    let out = kami(&["generate", "--pin-weekends", "2030", "2026"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("the first not after the last"), "{}", text(&out.stderr));
}

#[test]
fn stats_on_a_missing_or_empty_folder_fails_and_says_so() {
    let empty = std::env::temp_dir().join(format!("kami-cli-empty-{}", std::process::id()));
    std::fs::create_dir_all(&empty).unwrap();
    let missing = empty.join("missing");
    for (dir, says) in [(&empty, "no packs in it"), (&missing, "no such folder")] {
        let out = kami(&["stats", dir.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(1));
        assert!(text(&out.stderr).contains(says), "{}", text(&out.stderr));
    }
    std::fs::remove_dir_all(&empty).unwrap();
}

#[test]
fn a_shared_code_and_link_stand_for_the_level_everywhere() {
    let out = kami(&["share", "06-archipelago/atoll"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let printed = text(&out.stdout);
    let lines: Vec<&str> = printed.lines().collect();
    let code = lines[0];
    assert!(code.chars().all(|c| c.is_ascii_alphanumeric()) && code.len() <= 160, "{code}");
    assert_eq!(lines[1], format!("kami://puzzle/{code}"));
    assert_eq!(lines.len(), 2);

    // solve, hint and render take the code or the link, and see the same board.
    let solved = |level: &str| {
        let out = kami(&["solve", level, "--json"]);
        assert!(out.status.success(), "{level}: {}", text(&out.stderr));
        let json = text(&out.stdout);
        let moves = json.find("\"moves\"").unwrap();
        json[moves..json.find("\"elapsed_ms\"").unwrap()].to_string()
    };
    assert_eq!(solved(code), solved("06-archipelago/atoll"));
    assert_eq!(solved(lines[1]), solved("06-archipelago/atoll"));
    assert!(kami(&["hint", lines[1]]).status.success());

    // import writes it as a level file that check proves, under the code's name.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("atoll.toml");
    let out = kami(&["import", code, "--out", file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let written = std::fs::read_to_string(&file).unwrap();
    assert!(written.starts_with("name = \"Atoll\"\npar = 10\n"), "{written}");
    let out = kami(&["check", file.to_str().unwrap()]);
    assert!(out.status.success(), "{}{}", text(&out.stdout), text(&out.stderr));
}

#[test]
fn share_names_the_code_and_draws_the_qr_code() {
    let named = kami(&["share", "01-first-steps/sun", "--name", "Morning", "--qr"]);
    assert!(named.status.success());
    let printed = text(&named.stdout);
    let code = printed.lines().next().unwrap().to_string();
    // Not a terminal: plain half blocks, no colour codes, a square of modules two to a line.
    let qr: Vec<&str> = printed.lines().skip(2).collect();
    assert!(!printed.contains('\x1b'));
    assert!(qr.iter().any(|l| l.contains('█') && l.contains('▀')), "{printed}");
    let width = qr[0].chars().count();
    assert!(qr.iter().all(|l| l.chars().count() == width) && qr.len() == width.div_ceil(2), "{printed}");

    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("sun.toml");
    assert!(kami(&["import", &code, "--out", file.to_str().unwrap()]).status.success());
    assert!(std::fs::read_to_string(&file).unwrap().starts_with("name = \"Morning\"\n"));
    let bare = text(&kami(&["share", "01-first-steps/sun", "--name", ""]).stdout);
    assert!(bare.lines().next().unwrap().len() < code.len());
}

#[test]
fn damaged_codes_are_refused_in_words() {
    let code = text(&kami(&["share", "03-tides/ebb"]).stdout).lines().next().unwrap().to_string();
    let mut swapped: Vec<char> = code.chars().collect();
    let i = (2..swapped.len() - 1).find(|&i| swapped[i] != swapped[i + 1]).unwrap();
    swapped.swap(i, i + 1);
    let swapped: String = swapped.into_iter().collect();
    for (level, says) in [
        (swapped.as_str(), "does not check out"),
        (&code[..code.len() - 2], "cut short: 2 characters are missing"),
        ("kami://puzzle/hello-world", "not a puzzle code"),
        ("no/such-level", "neither a shipped level id, a level file nor a share code"),
    ] {
        let out = kami(&["solve", level]);
        assert_eq!(out.status.code(), Some(1), "{level}");
        assert!(text(&out.stderr).contains(says), "{level}: {}", text(&out.stderr));
    }
    let out = kami(&["import", &swapped, "--out", "/nonexistent/x.toml"]);
    assert!(text(&out.stderr).contains("does not check out"), "{}", text(&out.stderr));
}
