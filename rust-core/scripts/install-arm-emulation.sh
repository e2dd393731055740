#!/usr/bin/env bash
# Installs what test-arm.sh needs on a Debian machine (as root): qemu's user-mode emulators, the
# aarch64 and armhf cross compilers (cargo's linkers for those targets, with their C libraries,
# which qemu loads with -L), and the two rustup targets. Running it again changes nothing.
set -euo pipefail

say() { printf 'install-arm-emulation: %s\n' "$*"; }

# The cross C libraries are only recommended by the cross compilers, and --no-install-recommends
# leaves them out: without them the linker finds no crt1.o.
packages=(qemu-user gcc-aarch64-linux-gnu gcc-arm-linux-gnueabihf libc6-dev-arm64-cross libc6-dev-armhf-cross)
missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f '${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
    [ "$(id -u)" = 0 ] || { say "run as root to install ${missing[*]}"; exit 1; }
    say "apt-get install ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

for target in aarch64-unknown-linux-gnu armv7-unknown-linux-gnueabihf; do
    rustup target list --installed | grep -qx "$target" || rustup target add "$target"
done
say "ready: $(qemu-aarch64 --version | head -n 1)"
