#!/usr/bin/env bash
# Remakes the pictures of the README and docs/ that a command draws: each `<!-- picture: PATH -->`
# marker in README.md or docs/*.md is followed by the command that draws the picture (the first
# line after it that starts with `animdemo `), printed for the reader; this runs each command as
# written and puts its one PNG at PATH, so that a picture and its command cannot drift apart.
# Prints each command and file.
#
#   Scripts/doc-pictures.sh [BINARY]     # default .build/release/animdemo
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(realpath "${1:-.build/release/animdemo}")
[ -x "$bin" ] || { echo "doc-pictures.sh: no program at $bin (swift build -c release)" >&2; exit 2; }

# "PATH<tab>COMMAND" for every marker, in file order.
pairs=$(awk '
    /^<!-- picture: [^ ]+ -->$/ { path = $0; sub(/^<!-- picture: /, "", path); sub(/ -->$/, "", path); next }
    path != "" && /^animdemo / { print path "\t" $0; path = "" }
' README.md docs/*.md)
[ -n "$pairs" ] || { echo "doc-pictures.sh: no <!-- picture: PATH --> marker with a command" >&2; exit 1; }

while IFS=$'\t' read -r path command; do
    echo "$command"
    work=$(mktemp -d)
    # The command as written, run in a scratch folder with this binary as `animdemo`.
    (cd "$work" && animdemo() { "$bin" "$@"; } && eval "$command") >/dev/null
    shopt -s nullglob
    pictures=("$work"/*/*.png)
    shopt -u nullglob
    if [ ${#pictures[@]} -ne 1 ]; then
        echo "doc-pictures.sh: $path: expected one picture, got ${#pictures[@]}" >&2
        rm -rf "$work"
        exit 1
    fi
    mkdir -p "$(dirname "$path")"
    cp "${pictures[0]}" "$path"
    rm -rf "$work"
    echo "  -> $path"
done <<< "$pairs"
