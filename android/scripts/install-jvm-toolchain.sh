#!/usr/bin/env bash
# Installs what the JVM tests of android/core need on a fresh Debian bookworm machine:
#   - a JDK (javac; openjdk-17-jdk-headless if missing),
#   - JNA and JUnit 4 from Debian (libjna-java, junit4 → /usr/share/java),
#   - kotlinc from the npm package kotlin-compiler, a full Kotlin distribution that also ships
#     kotlin-stdlib, kotlin-test and kotlinx-coroutines-core, into $KAMI_TOOLCHAINS/kotlin
#     (default <repo>/.toolchains/kotlin).
# Safe to run again: what is already there is kept.
set -euo pipefail

KOTLIN_VERSION=2.4.20

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
toolchains=${KAMI_TOOLCHAINS:-$repo_root/.toolchains}
kotlin_home=$toolchains/kotlin

say() { printf 'install-jvm-toolchain: %s\n' "$*"; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

installed() {
    dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'
}

# Debian packages: a JDK only when javac is missing, npm only when npm is missing.
wanted=(libjna-java junit4)
command -v javac >/dev/null || wanted+=(openjdk-17-jdk-headless)
command -v npm >/dev/null || wanted+=(npm)
missing=()
for pkg in "${wanted[@]}"; do
    installed "$pkg" || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
    say "apt-get install ${missing[*]}"
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq -o Dpkg::Use-Pty=0 --no-install-recommends "${missing[@]}"
else
    say "Debian packages present: ${wanted[*]}"
fi
say "$(javac -version 2>&1)"

# kotlinc: npm pack fetches the tarball (checked against the registry's integrity hash), no node_modules.
marker=$kotlin_home/.kami-kotlin-version
if [ -x "$kotlin_home/bin/kotlinc" ] && [ "$(cat "$marker" 2>/dev/null)" = "$KOTLIN_VERSION" ]; then
    say "kotlinc $KOTLIN_VERSION present in $kotlin_home"
else
    say "fetching kotlin-compiler@$KOTLIN_VERSION from npm into $kotlin_home"
    mkdir -p "$toolchains"
    work=$(mktemp -d "$toolchains/kotlin-download.XXXXXX")
    trap 'rm -rf "$work"' EXIT
    (cd "$work" && npm pack --silent "kotlin-compiler@$KOTLIN_VERSION" >/dev/null)
    tar -xzf "$work"/kotlin-compiler-"$KOTLIN_VERSION".tgz -C "$work"
    chmod +x "$work"/package/bin/*
    echo "$KOTLIN_VERSION" >"$work/package/.kami-kotlin-version"
    rm -rf "$kotlin_home"
    mv "$work/package" "$kotlin_home"
fi
say "$("$kotlin_home/bin/kotlinc" -version 2>&1 | tail -n 1)"
say "done"
