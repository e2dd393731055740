#!/usr/bin/env bash
# Builds ios/KamiKit/Frameworks/KamiCoreFFI.xcframework, the Rust core for Apple platforms, which
# KamiKit's Package.swift uses there in place of the Linux library: static libraries for iPhone
# (aarch64-apple-ios), the simulator (aarch64-apple-ios-sim + x86_64-apple-ios, merged with lipo)
# and macOS (aarch64 + x86_64, for `swift test` on a Mac), each with the generated header and
# module map. Regenerates the Swift bindings first, so header, bindings and library always agree
# (commit any change it makes to KamiKit/Sources).
# Needs macOS with Xcode (xcodebuild, lipo) and rustup; it cannot run on Linux.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

[ "$(uname -s)" = Darwin ] || die "needs macOS with Xcode; on Linux, ios/scripts/test-linux.sh tests the package"
command -v xcodebuild >/dev/null || die "xcodebuild not found: install Xcode and run xcode-select --switch"
command -v rustup >/dev/null || die "rustup not found: install Rust from https://rustup.rs"

device=aarch64-apple-ios
simulator=(aarch64-apple-ios-sim x86_64-apple-ios)
mac=(aarch64-apple-darwin x86_64-apple-darwin)
output="$package/Frameworks/KamiCoreFFI.xcframework"

say "adding the Rust targets (once)"
rustup target add "$device" "${simulator[@]}" "${mac[@]}"

# Builds the core for the host too (uniffi-bindgen reads its metadata), then writes the bindings.
"$repo/ios/scripts/generate-bindings.sh"
find_cargo_release
target_dir="$(dirname "$cargo_release")"

# The same minimum versions as Package.swift, so the linker does not warn about newer objects.
export IPHONEOS_DEPLOYMENT_TARGET=17.0 MACOSX_DEPLOYMENT_TARGET=14.0
for target in "$device" "${simulator[@]}" "${mac[@]}"; do
    say "building kami-core for $target"
    (cd "$repo" && cargo build --release --locked -p kami-core --target "$target")
done
library() { printf '%s/%s/release/libkami_core.a' "$target_dir" "$1"; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/headers" "$work/simulator" "$work/macos"
cp "$package/Sources/KamiCoreFFI/KamiCoreFFI.h" "$package/Sources/KamiCoreFFI/module.modulemap" "$work/headers/"
say "merging the simulator and macOS architectures (lipo)"
lipo -create "$(library "${simulator[0]}")" "$(library "${simulator[1]}")" -output "$work/simulator/libkami_core.a"
lipo -create "$(library "${mac[0]}")" "$(library "${mac[1]}")" -output "$work/macos/libkami_core.a"

say "creating ${output#"$repo/"}"
rm -rf "$output"
mkdir -p "$(dirname "$output")"
xcodebuild -create-xcframework \
    -library "$(library "$device")" -headers "$work/headers" \
    -library "$work/simulator/libkami_core.a" -headers "$work/headers" \
    -library "$work/macos/libkami_core.a" -headers "$work/headers" \
    -output "$output"
say "done: open ios/Kami.xcodeproj after running xcodegen in ios/ (see ios/README.md)"
