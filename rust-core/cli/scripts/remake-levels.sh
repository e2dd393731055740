#!/usr/bin/env bash
# Remakes every generated level file from the command it records and says which differ.
#
#   rust-core/cli/scripts/remake-levels.sh [FILE.toml ...]     (default: levels/*/*.toml)
#
# A generated file is what `kami generate` writes, with ", N regions" added to its first line and
# the command on its second (`# from: kami generate ...`). Hand-drawn files (no such line) are
# skipped, as are shipped boards an earlier generator made that today's command would replace
# (`# made by: kami generate ...`, which says why): a shipped level keeps its board. Needs target/release/kami (cargo build --release -p kami-cli). Exits 1 if any differ.
set -euo pipefail
cd "$(git -C "$(dirname "$0")" rev-parse --show-toplevel)"
kami=target/release/kami
[ $# -gt 0 ] || set -- levels/*/*.toml
made=0 differ=0
for file in "$@"; do
  command=$(sed -n '2s/^# from: kami generate //p' "$file")
  [ -n "$command" ] || continue
  made=$((made + 1))
  if ! diff -q <(sed '2d; 1s/, [0-9]* regions$//' "$file") <(eval "$kami generate $command") >/dev/null; then
    echo "differs: $file"
    differ=$((differ + 1))
  fi
done
echo "$made generated files remade, $differ differ"
[ "$differ" -eq 0 ]
