#!/usr/bin/env bash
# Remakes the README's inspector screenshot, docs/screenshots/inspector.png, by running the
# command the README prints under it (the block after `<!-- inspector-command -->`), so the
# picture and the command cannot drift apart. Prints the command and the file.
#
#   Scripts/readme-inspector.sh [BINARY]     # default .build/release/animdemo
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(realpath "${1:-.build/release/animdemo}")
[ -x "$bin" ] || { echo "readme-inspector.sh: no program at $bin (swift build -c release)" >&2; exit 2; }

command=$(awk '/<!-- inspector-command -->/ { found = 1; next } found && /^animdemo / { print; exit }' README.md)
[ -n "$command" ] || { echo "readme-inspector.sh: README.md has no inspector command" >&2; exit 1; }
echo "$command"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The README's command as written, run in a scratch folder with this binary as `animdemo`.
(cd "$work" && animdemo() { "$bin" "$@"; } && eval "$command")
shopt -s nullglob
pictures=("$work"/*/*.png)
[ ${#pictures[@]} -eq 1 ] || { echo "readme-inspector.sh: expected one picture, got ${#pictures[@]}" >&2; exit 1; }
mkdir -p docs/screenshots
cp "${pictures[0]}" docs/screenshots/inspector.png
echo "docs/screenshots/inspector.png"
