#!/usr/bin/env bash
# The core on the phones' processors, under qemu's user-mode emulation: arm64 (every iPhone and
# most Android phones) and armv7 (older, 32-bit Android phones).
#   1. `cargo test -p kami-core` for aarch64-unknown-linux-gnu and armv7-unknown-linux-gnueabihf,
#      every test, with the solver's brute-force sweeps cut to KAMI_SWEEP_PERCENT per cent of
#      their boards (default 2: the full sweeps take about 19 minutes under emulation);
#   2. every daily puzzle of a year (KAMI_DAILY_YEAR, default 2027), written by `kami generate
#      --year` natively and on both emulated processors, must be byte-identical: the daily is the
#      same puzzle on every phone only if it is.
# What this proves and what it does not: README.md, "The core on the phones' processors".
# Needs what install-arm-emulation.sh installs. Works from any directory; prints each step's time.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$repo"
percent=${KAMI_SWEEP_PERCENT:-2}
year=${KAMI_DAILY_YEAR:-2027}
targets=(aarch64-unknown-linux-gnu armv7-unknown-linux-gnueabihf)

say() { printf 'test-arm: %s\n' "$*"; }
die() { say "error: $*" >&2; exit 1; }

for tool in qemu-aarch64 qemu-arm aarch64-linux-gnu-gcc arm-linux-gnueabihf-gcc; do
    command -v "$tool" >/dev/null || die "no $tool: run rust-core/scripts/install-arm-emulation.sh first"
done
installed=$(rustup target list --installed)
for target in "${targets[@]}"; do
    grep -qx "$target" <<<"$installed" || die "no rustup target $target: run rust-core/scripts/install-arm-emulation.sh first"
done

# Cargo links with the cross compilers and runs test binaries through qemu, which finds the
# target's C library and loader under -L.
export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=aarch64-linux-gnu-gcc
export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUNNER="qemu-aarch64 -L /usr/aarch64-linux-gnu"
export CARGO_TARGET_ARMV7_UNKNOWN_LINUX_GNUEABIHF_LINKER=arm-linux-gnueabihf-gcc
export CARGO_TARGET_ARMV7_UNKNOWN_LINUX_GNUEABIHF_RUNNER="qemu-arm -L /usr/arm-linux-gnueabihf"
runner() {
    case $1 in
        aarch64-unknown-linux-gnu) echo "$CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUNNER" ;;
        armv7-unknown-linux-gnueabihf) echo "$CARGO_TARGET_ARMV7_UNKNOWN_LINUX_GNUEABIHF_RUNNER" ;;
    esac
}

target_dir=$(cargo metadata --format-version 1 --no-deps | sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')
[ -n "$target_dir" ] || die "cargo metadata did not name a target directory"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Sets $cpu to the seconds of CPU (user + system) this script's finished children have used,
# from `times` run in this shell (a subshell would see none of them).
cpu_now() {
    times >"$work/times"
    cpu=$(tail -n 1 "$work/times" | awk '{ t = 0; for (i = 1; i <= 2; i++) { split($i, a, "m"); sub("s", "", a[2]); t += a[1] * 60 + a[2] } printf "%.0f", t }')
}

# Runs "$@" and says how long it took: wall-clock seconds, and CPU seconds, which say more on a
# machine shared with other work.
timed() {
    local start=$SECONDS before
    cpu_now
    before=$cpu
    "$@"
    cpu_now
    say "  took $((SECONDS - start)) s ($((cpu - before)) s of CPU)"
}

say "native: every daily puzzle of $year"
timed cargo build --release --locked --quiet -p kami-cli
timed "$target_dir/release/kami" generate --year "$year" --out "$work/native.toml"
say "  $(grep -c '^# difficulty' "$work/native.toml") puzzles, sha256 $(sha256sum <"$work/native.toml" | cut -c1-16)"

for target in "${targets[@]}"; do
    say "$target: kami-core's tests under qemu (sweeps at $percent%)"
    KAMI_SWEEP_PERCENT=$percent timed cargo test --release --locked --quiet -p kami-core --target "$target"

    say "$target: every daily puzzle of $year under qemu"
    timed cargo build --release --locked --quiet -p kami-cli --target "$target"
    # shellcheck disable=SC2046 # the runner is a command and its arguments
    timed $(runner "$target") "$target_dir/$target/release/kami" generate --year "$year" --out "$work/$target.toml"
    if ! cmp -s "$work/native.toml" "$work/$target.toml"; then
        say "the daily puzzles of $year differ between x86_64 and $target; the first difference:"
        diff "$work/native.toml" "$work/$target.toml" | head -n 20 >&2 || true
        die "daily puzzles are not byte-identical on $target"
    fi
    say "  byte-identical to x86_64"
done
cpu_now
say "the core's tests pass and the daily puzzles of $year are identical on ${targets[*]}"
say "total: $SECONDS s ($cpu s of CPU)"
