#!/usr/bin/env bash
# Installs Swift for the Linux tests of ios/KamiKit: Debian trixie's swiftlang in a minbase chroot
# at <repo>/.toolchains/swift-trixie (or $KAMI_TOOLCHAINS/swift-trixie). About 3 GB, ~1 minute.
# Reuses a complete chroot; a half-made one (no completion stamp) is removed and made again.
# Needs root; installs debootstrap on the host with apt-get if it is missing.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

mirror="${KAMI_DEBIAN_MIRROR:-http://deb.debian.org/debian}"
packages=(swiftlang libc6-dev libstdc++-14-dev)

require_root

if [ -f "$swift_stamp" ]; then
    say "reusing $swift_root: $(cat "$swift_stamp")"
    exit 0
fi

if ! command -v debootstrap >/dev/null; then
    say "installing debootstrap on the host"
    apt-get update -q
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends debootstrap
fi

if [ -e "$swift_root" ]; then
    # Never delete through a mount: a bind-mounted repository inside would be deleted with it.
    if grep -qF " $swift_root/" /proc/self/mountinfo; then
        die "something is mounted under $swift_root; unmount it first (see /proc/self/mountinfo)"
    fi
    say "removing the half-made chroot at $swift_root"
    rm -rf "$swift_root"
fi

say "creating a Debian trixie chroot at $swift_root"
mkdir -p "$(dirname "$swift_root")"
debootstrap --variant=minbase trixie "$swift_root" "$mirror"

say "installing ${packages[*]} in the chroot"
run_in_chroot apt-get update -q
run_in_chroot env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -q --no-install-recommends "${packages[@]}"
run_in_chroot apt-get clean

version="$(run_in_chroot swift --version 2>&1 | head -n 1)"
[ -n "$version" ] || die "swift does not run in the chroot"
printf '%s\n' "$version" >"$swift_stamp"
say "done: $version"
