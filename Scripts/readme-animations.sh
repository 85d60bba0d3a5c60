#!/usr/bin/env bash
# Makes the README's animations with `animdemo record`: each scene headless on the virtual
# clock, with the input that shows it best, as an animated GIF at 640×480 and 30 fps in
# docs/animations/ (the fish at 20 fps: its translucent bubbles over the gradient take many
# colours, and a GIF of them 30 times a second is about 550 kB a second). The same binary
# gives the same bytes. Prints each file's size: a README animation must stay under 1 MB.
#
#   Scripts/readme-animations.sh [BINARY [SCENE ...]]
set -euo pipefail
bin=${1:-.build/release/animdemo}
shift || true
scenes=${*:-checkmark fish tictactoe elastic download pull}
out=docs/animations
mkdir -p "$out"

# scene → the recorded seconds and the events (640×480 window pixels).
declare -A from to events fps
from[checkmark]=0; to[checkmark]=3.4
events[checkmark]="0.4 tap 320 240; 1.9 tap 320 240"            # check → X → check
from[fish]=5.5; to[fish]=7.5; fps[fish]=20                       # swimming, bubbling on its own
events[fish]=""
from[tictactoe]=0; to[tictactoe]=4.3                             # X wins the top row
events[tictactoe]="0.3 tap 128 112; 0.65 tap 128 240; 1.0 tap 256 112; 1.35 tap 256 240; 1.7 tap 384 112"
from[elastic]=0; to[elastic]=3.0                                 # pulled down, let go: the spring
events[elastic]="0.3 drag 320 40 320 440 1.0"
from[download]=0; to[download]=5.6                               # the whole simulated download
events[download]=""
from[pull]=0; to[pull]=4.6                                       # pulled past 95 points: loading
events[pull]="0.3 drag 320 90 320 475 0.6"

for scene in $scenes; do
    file="$out/$scene.gif"
    "$bin" record --scene "$scene" --size 640x480 --fps "${fps[$scene]:-30}" --events "${events[$scene]}" \
        --from "${from[$scene]}" --to "${to[$scene]}" --out "$file"
    bytes=$(stat -c %s "$file")
    printf '%-32s %8d bytes\n' "$file" "$bytes"
    if [ "$bytes" -ge 1000000 ]; then
        echo "$file is $bytes bytes: a README animation must stay under 1 MB" >&2
        exit 1
    fi
done
