#!/usr/bin/env bash
# Regenerates the committed Kotlin bindings (android/core/src/main/kotlin/app/kami/core/kami_core.kt)
# from the release build of kami-core, with the workspace's own pinned uniffi-bindgen.
#   generate-bindings.sh          write them (commit the result: API changes then show in review)
#   generate-bindings.sh --check  fail if the committed file differs from a fresh generation
# The file is generated only: never edit it by hand.
set -euo pipefail

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
target_dir=${CARGO_TARGET_DIR:-$repo_root/target}
committed=$repo_root/android/core/src/main/kotlin/app/kami/core/kami_core.kt

say() { printf 'generate-bindings: %s\n' "$*"; }

case "${1:-}" in
    "") check=false ;;
    --check) check=true ;;
    *) echo "usage: $0 [--check]" >&2; exit 2 ;;
esac

# From the repository root: uniffi-bindgen reads uniffi.toml through `cargo metadata`.
cd "$repo_root"
say "cargo build --release -p kami-core -p uniffi-bindgen"
cargo build --quiet --release -p kami-core -p uniffi-bindgen

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$target_dir/release/uniffi-bindgen" generate --library "$target_dir/release/libkami_core.so" \
    --language kotlin --out-dir "$out" --no-format >/dev/null
generated=$out/app/kami/core/kami_core.kt

if $check; then
    if ! diff -u "$committed" "$generated"; then
        say "FAIL: ${committed#"$repo_root"/} is not what the core generates now;"
        say "run android/scripts/generate-bindings.sh and commit the result"
        exit 1
    fi
    say "committed bindings match the core"
else
    mkdir -p "$(dirname "$committed")"
    cp "$generated" "$committed"
    say "wrote ${committed#"$repo_root"/}"
fi
