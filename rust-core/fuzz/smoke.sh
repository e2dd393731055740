#!/usr/bin/env bash
# Fuzz smoke run: every fuzz target for SECONDS (default 30) from its committed seed corpus.
# New inputs go to a scratch directory, so the repository stays clean; a crash fails the run
# and leaves the input that caused it in rust-core/fuzz/artifacts/<target>/.
# Needs cargo-fuzz (.ci/install installs it); RUSTC_BOOTSTRAP=1 lets stable Rust take its flags.
# No sanitizer (the core has no unsafe code) but debug assertions, so overflows panic.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
seconds="${1:-30}"
export RUSTC_BOOTSTRAP=1
flags=(--fuzz-dir . --sanitizer none --debug-assertions)

cargo fuzz build "${flags[@]}"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
for target in $(cargo fuzz list --fuzz-dir .); do
    printf '\n-- %s for %s s\n' "$target" "$seconds"
    mkdir -p "$scratch/$target"
    cargo fuzz run "${flags[@]}" "$target" "$scratch/$target" "corpus/$target" -- \
        -max_total_time="$seconds" -timeout=20 -rss_limit_mb=2048 -print_final_stats=1
done
