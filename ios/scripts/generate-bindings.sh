#!/usr/bin/env bash
# Generates the Swift bindings of kami-core into ios/KamiKit with the workspace's pinned
# uniffi-bindgen (library mode, unformatted, so the output depends only on the core).
#   generate-bindings.sh          write them (commit the result; never edit them by hand)
#   generate-bindings.sh --check  fail if the committed bindings differ from freshly generated ones
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

check=false
case "${1-}" in
    "") ;;
    --check) check=true ;;
    *) die "usage: $0 [--check]" ;;
esac

build_rust
generated="$(mktemp -d)"
trap 'rm -rf "$generated"' EXIT
# From the repository: library mode reads rust-core/core/uniffi.toml through cargo metadata.
# The host's shared library: .dylib on macOS (build-xcframework.sh), .so on Linux.
case "$(uname -s)" in Darwin) library="$cargo_release/libkami_core.dylib" ;; *) library="$cargo_release/libkami_core.so" ;; esac
(cd "$repo" && "$cargo_release/uniffi-bindgen" generate --library "$library" \
    --language swift --out-dir "$generated" --no-format)

# Generated file → its place in the package (SwiftPM wants the module map named module.modulemap).
declare -A destination=(
    [KamiCore.swift]="Sources/KamiCore/KamiCore.swift"
    [KamiCoreFFI.h]="Sources/KamiCoreFFI/KamiCoreFFI.h"
    [KamiCoreFFI.modulemap]="Sources/KamiCoreFFI/module.modulemap"
)
for file in "$generated"/*; do
    [ -n "${destination[$(basename "$file")]-}" ] || die "uniffi-bindgen made an unexpected file: $(basename "$file")"
done

drift=false
for name in "${!destination[@]}"; do
    source_file="$generated/$name"
    target_file="$package/${destination[$name]}"
    [ -f "$source_file" ] || die "uniffi-bindgen did not make $name"
    if $check; then
        if ! diff -u --label "committed ${destination[$name]}" --label "regenerated" \
            "$target_file" "$source_file" >&2; then
            drift=true
        fi
    else
        mkdir -p "$(dirname "$target_file")"
        cp "$source_file" "$target_file"
    fi
done

if $check; then
    $drift && die "the Swift bindings are out of date: run ios/scripts/generate-bindings.sh and commit the result"
    say "the committed Swift bindings match the core"
else
    say "wrote the Swift bindings into ${package#"$repo/"}/Sources"
fi
