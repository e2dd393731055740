#!/usr/bin/env bash
# Builds kami-core for the phones' processors, so that CI catches code that only breaks there:
# the iOS device static library for real (aarch64-apple-ios: cargo builds it without Apple's
# linker, a static library needs none) and a `cargo check` of the three Android ABIs (their
# shared library needs the NDK's linker, which this machine lacks). Prints each static library's
# size. Needs the rustup targets .ci/install adds; any target that fails to build fails the run.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
# The phone libraries are built as shipped: with the release profile's own LTO and codegen units,
# whatever the tests around this step override.
unset CARGO_PROFILE_RELEASE_LTO CARGO_PROFILE_RELEASE_CODEGEN_UNITS

target_dir="$(cargo metadata --format-version 1 --no-deps | sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')"

for target in aarch64-apple-ios; do
    cargo rustc --quiet --locked --release -p kami-core --lib --target "$target" --crate-type staticlib
    library="$target_dir/$target/release/libkami_core.a"
    printf '%s: static library %s bytes (%s MiB)\n' "$target" "$(stat -c %s "$library")" \
        "$(awk -v b="$(stat -c %s "$library")" 'BEGIN { printf "%.1f", b / 1048576 }')"
done
for target in aarch64-linux-android armv7-linux-androideabi x86_64-linux-android; do
    cargo check --quiet --locked --release -p kami-core --lib --target "$target"
    printf '%s: cargo check passed\n' "$target"
done
