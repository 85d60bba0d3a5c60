#!/usr/bin/env bash
# Records the DocC tutorials' pictures: one GIF a tutorial step (`animdemo record --step N`),
# 320×480 at 15 fps, into Sources/Scenes/Scenes.docc/Resources/SCENE-step-N.gif, with the input
# each stage needs to show itself (a win, a click on the fish, a drag on the wave). Run it after
# a scene's steps change (`Scripts/tutorial-media.sh [SCENE…]`); the code files beside them come
# from `animdemo steps --scene SCENE --docc Sources/Scenes/Scenes.docc`.
set -euo pipefail
cd "$(dirname "$0")/.."
program=${ANIMDEMO:-.build/debug/animdemo}
out=Sources/Scenes/Scenes.docc/Resources
size=320x480
mkdir -p "$out"

# Each scene's input and how long a step's recording lasts, seconds.
declare -A events seconds
# X wins the top row (the computer is off): fields are 85 points at this size.
events[tictactoe]="0.3 tap 75 155; 0.6 tap 75 240; 0.9 tap 160 155; 1.2 tap 160 240; 1.5 tap 245 155"
seconds[tictactoe]=4
# Two clicks on the fish in the middle.
events[fish]="0.3 tap 160 240; 1.2 tap 160 240"
seconds[fish]=4
# A pull down on the band and a release.
events[elastic]="0.3 drag 160 30 190 250 0.6"
seconds[elastic]=3
# Check to X and back.
events[checkmark]="0.3 tap 160 240; 1.8 tap 160 240"
seconds[checkmark]=3.5
# The simulated download runs on its own: updates at 1, 2, 3 and 4 s.
events[download]=""
seconds[download]=5.5

scenes=("$@")
[ ${#scenes[@]} -gt 0 ] || scenes=(fish tictactoe elastic checkmark download)
for scene in "${scenes[@]}"; do
    count=$("$program" steps --scene "$scene" --json | grep -c '"step"')
    for step in $(seq 1 "$count"); do
        "$program" record --scene "$scene" --step "$step" --size "$size" --fps 15 \
            --events "${events[$scene]}" --from 0 --to "${seconds[$scene]}" \
            --out "$out/$scene-step-$step.gif"
    done
    echo "$scene: $count steps recorded"
done
