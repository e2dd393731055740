#!/usr/bin/env bash
# Fuzz soak: one fuzz target for a number of runs, from its committed seed corpus (default: the
# share code decoder, 1,000,000 runs). Inputs up to 1,024 bytes: longer text is refused before it
# is read, and most of the decoder's work is in codes of that size. New inputs go to a scratch
# directory; a crash fails the run and leaves its input in rust-core/fuzz/artifacts/<target>/.
#   soak.sh [TARGET] [RUNS]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
target="${1:-share_code}"
runs="${2:-1000000}"
export RUSTC_BOOTSTRAP=1
flags=(--fuzz-dir . --sanitizer none --debug-assertions)

cargo fuzz build "${flags[@]}" "$target"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
start=$(date +%s)
cargo fuzz run "${flags[@]}" "$target" "$scratch" "corpus/$target" -- \
    -runs="$runs" -max_len=1024 -timeout=20 -rss_limit_mb=2048 -print_final_stats=1
printf 'soak: %s, %s runs in %s s\n' "$target" "$runs" "$(( $(date +%s) - start ))"
