#!/usr/bin/env bash
# Takes the README's screenshots with the program's own `s` key, in a real window under
# Xvfb: each scene gets the input that shows it best, then `s`. Writes docs/screenshots/.
#
#   Scripts/readme-screenshots.sh [BINARY [SCENE ...]]
set -euo pipefail
bin=${1:-.build/release/animdemo}
shift || true
scenes=${*:-checkmark fish tictactoe elastic download pull}
out=docs/screenshots
mkdir -p "$out"
number=90
while [ -e /tmp/.X$number-lock ] || [ -e /tmp/.X11-unix/X$number ]; do number=$((number + 1)); done
Xvfb :$number -screen 0 1024x768x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null' EXIT
export DISPLAY=:$number
for _ in $(seq 50); do xdpyinfo >/dev/null 2>&1 && break; sleep 0.1; done
shots=$(mktemp -d)

shoot() {  # scene, input function
    local scene=$1 input=$2 window=""
    "$bin" --scene "$scene" --size 640x480 --screenshot-dir "$shots" >"$shots/$scene.log" 2>&1 &
    local pid=$!
    for _ in $(seq 50); do
        window=$(xdotool search --onlyvisible --class animdemo 2>/dev/null | head -1) && [ -n "$window" ] && break
        sleep 0.1
    done
    xdotool mousemove --window "$window" 5 5
    $input "$window"
    xdotool key --window "$window" s
    sleep 0.5
    xdotool key --window "$window" q 2>/dev/null || true
    wait "$pid" || true
    local saved
    saved=$(grep '^saved ' "$shots/$scene.log" | head -1 | cut -d' ' -f2-)
    cp "$saved" "$out/$scene.png"
    echo "$out/$scene.png"
}

checkmark() { xdotool mousemove --window "$1" 320 240 click 1; sleep 1.5; }
fish() { sleep 6.5; }
tictactoe() {
    for cell in "128 112" "128 240" "256 112" "256 240" "384 112"; do
        xdotool mousemove --window "$1" ${cell% *} ${cell#* } click 1; sleep 0.35
    done
    sleep 1.2
}
elastic() {
    xdotool mousemove --window "$1" 250 60 mousedown 1
    for y in $(seq 70 10 260); do xdotool mousemove --window "$1" 250 "$y"; sleep 0.01; done
    sleep 0.3
}
download() { sleep 2.2; }
pull() {  # 480 tall: the table is 416 under the bar; 250 px of finger pull it about 100
    xdotool mousemove --window "$1" 320 100 mousedown 1
    for y in $(seq 110 10 350); do xdotool mousemove --window "$1" 320 "$y"; sleep 0.02; done
    sleep 0.3
}

for scene in $scenes; do shoot "$scene" "$scene"; done
xdotool mouseup 1 2>/dev/null || true
