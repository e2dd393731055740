# Shared by the ios/scripts (source it): paths, messages, the Rust build and the Swift chroot.

# The repository root, found from this file's path so the scripts work from any directory.
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
# The Debian trixie chroot holding Swift (Debian bookworm has no Swift package).
swift_root="${KAMI_TOOLCHAINS:-$repo/.toolchains}/swift-trixie"
# Written last by install-swift-linux.sh: a chroot without it is half-made and is redone.
swift_stamp="$swift_root/.kami-swift-complete"

# The Swift package and where its generated bindings go.
package="$repo/ios/KamiKit"

say() { printf '%s: %s\n' "$(basename "$0")" "$*"; }
die() { say "error: $*" >&2; exit 1; }

require_root() {
    [ "$(id -u)" = 0 ] || die "run as root: debootstrap, mount and chroot need it"
}

# Runs "$@" in the chroot with /proc, /dev and the repository (at the same path as outside) mounted.
# The mounts are made in a private mount namespace (unshare), so they exist only for this command
# and vanish with it, even if it fails or is killed: nothing is ever left mounted on the host, and
# there is nothing for a trap to clean up. The command gets a clean environment.
# It also runs in its own PID namespace and is killed, with everything it started, after
# $chroot_time_limit seconds (default 1800): a hung test fails the run instead of stalling CI.
run_in_chroot() {
    timeout --kill-after=10 "${chroot_time_limit:-1800}" \
        unshare --mount --propagation private --pid --fork --kill-child -- /bin/bash -euc '
        root=$1 repo=$2
        shift 2
        mount -t proc proc "$root/proc"
        mount --rbind /dev "$root/dev"
        mkdir -p "$root$repo"
        mount --bind "$repo" "$root$repo"
        exec chroot "$root" /usr/bin/env -i HOME=/root LANG=C.UTF-8 \
            PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin "$@"
    ' run_in_chroot "$swift_root" "$repo" "$@"
}

# Builds the kami-core library and the pinned uniffi-bindgen (release, unstripped) and sets
# $cargo_release to the folder holding them.
build_rust() {
    say "building kami-core and uniffi-bindgen (cargo, release)"
    (cd "$repo" && cargo build --release --locked -p kami-core -p uniffi-bindgen)
    find_cargo_release
}

# Sets $cargo_release to cargo's release folder (wherever the target directory is configured).
find_cargo_release() {
    local target
    target="$(cd "$repo" && cargo metadata --format-version 1 --no-deps |
        sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')"
    [ -n "$target" ] || die "cargo metadata did not name a target directory"
    cargo_release="$target/release"
}
