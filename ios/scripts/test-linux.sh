#!/usr/bin/env bash
# Tests ios/KamiKit on Linux against the real Rust core through the real generated bindings:
# builds kami-core (cargo, release, on the host), checks that the committed Swift bindings match
# the core, then runs `swift build` and `swift test` in the chroot made by install-swift-linux.sh.
# Needs root (mounts and chroot). Exits non-zero on any failure.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

require_root
[ -f "$swift_stamp" ] || die "no Swift chroot at $swift_root: run ios/scripts/install-swift-linux.sh first"

# Builds the core and checks the bindings for drift.
"$repo/ios/scripts/generate-bindings.sh" --check
find_cargo_release

# The library, alone in a folder inside the package (visible in the chroot; the cargo target
# folder also holds libkami_core.a, and may lie outside the repository).
lib="$package/.build/kami-core-linux"
mkdir -p "$lib"
cp "$cargo_release/libkami_core.so" "$lib/"

swift_flags=(
    --package-path "$package"
    -Xlinker -L"$lib"
    # Swift ≤ 6.1 on Linux ships a libswiftObservation.so that needs swift::threading::fatal, which
    # no library defines (swiftlang/swift#75670, fixed in 6.2). It is only called on a fatal
    # threading error, so let the link leave it unresolved (bound lazily, never in practice).
    -Xlinker --allow-shlib-undefined
    -Xswiftc -warnings-as-errors
)
say "swift build ($(cat "$swift_stamp"))"
run_in_chroot swift build "${swift_flags[@]}" || die "swift build failed"
say "swift test"
# The tests take seconds; ten minutes means a hang (a test waiting for something that never comes).
chroot_time_limit=600 run_in_chroot env LD_LIBRARY_PATH="$lib" swift test "${swift_flags[@]}" || die "swift test failed"
say "all Swift tests passed"
