#!/usr/bin/env bash
# Draws the apps' icons with the core's renderer (`kami render --square`, tiny-skia) from the two
# level files in rust-core/cli/icon/ (a sheet of paper folded into a box, on the triangle grid),
# and writes them where the platforms expect them:
#   ios/App/Assets.xcassets/AppIcon.appiconset/AppIcon.png   1024 × 1024, the single size Xcode 14+
#                                                              makes every other size from
#   android/app/src/main/res/mipmap-<density>/ic_launcher.png  the legacy icon, 48 dp
#   android/app/src/main/res/mipmap-<density>/ic_launcher_foreground.png
#                                                              the adaptive icon's layer, 108 dp
#   android/play-store-icon.png                               512 × 512, for the Play listing
# The output is committed; run this again after changing the level files. Works from any directory.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$repo"
cargo build --release --locked --quiet -p kami-cli
kami=$(cargo metadata --format-version 1 --no-deps | sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')/release/kami
icon=rust-core/cli/icon/icon.toml
adaptive=rust-core/cli/icon/icon-adaptive.toml
res=android/app/src/main/res

"$kami" render "$icon" --square --width 1024 --out ios/App/Assets.xcassets/AppIcon.appiconset/AppIcon.png
"$kami" render "$icon" --square --width 512 --out android/play-store-icon.png
for density in mdpi:1 hdpi:1.5 xhdpi:2 xxhdpi:3 xxxhdpi:4; do
    name=${density%%:*}
    scale=${density#*:}
    mkdir -p "$res/mipmap-$name"
    "$kami" render "$icon" --square --width "$(awk "BEGIN { print 48 * $scale }")" --out "$res/mipmap-$name/ic_launcher.png"
    "$kami" render "$adaptive" --square --width "$(awk "BEGIN { print 108 * $scale }")" --out "$res/mipmap-$name/ic_launcher_foreground.png"
done
echo "make-icons: icons written"
