#!/usr/bin/env bash
# The README's animations: each scene recorded by `animdemo record` from the script beside
# this file (Scripts/readme/SCENE.events), on the phone's screen (375×667 points), 20 fps.
# Usage: Scripts/readme-animations.sh [path to animdemo]   (default: a release build)
set -euo pipefail
cd "$(dirname "$0")/.."
animdemo=${1:-.build/release/animdemo}
mkdir -p docs/animations
declare -A seconds=([checkmark]=4 [fish]=5 [tictactoe]=4.5 [elastic]=3 [download]=6 [pull]=5)
for scene in checkmark fish tictactoe elastic download pull; do
    "$animdemo" record --scene "$scene" --size 375x667 --fps 20 \
        --events-file "Scripts/readme/$scene.events" --from 0 --to "${seconds[$scene]}" \
        --out "docs/animations/$scene.gif"
    size=$(stat -c %s "docs/animations/$scene.gif")
    echo "docs/animations/$scene.gif: $size bytes"
    [ "$size" -lt 1048576 ] || { echo "$scene.gif is 1 MB or more" >&2; exit 1; }
done
