#!/usr/bin/env bash
# Paces each scene in a real window under Xvfb and prints what the frame loop reports
# (ANIMDEMO_FRAME_STATS=1): frames drawn, deadlines missed, median pixels sent, CPU time.
#
#   Scripts/window-pacing.sh [WIDTHxHEIGHT] [BINARY]
#   PANELS="i k" Scripts/window-pacing.sh     (opens those panels first: the inspector, the knobs)
#
# Each scene runs ~6 s with input that keeps it animating; then an idle run of checkmark
# measures the CPU used while nothing moves. Needs xvfb and xdotool.
set -euo pipefail
# shellcheck source=Scripts/xvfb.sh
source "$(dirname "$0")/xvfb.sh"
size=${1:-800x600}
bin=${2:-.build/release/animdemo}
width=${size%x*}
height=${size#*x}
trap '[ -n "${xvfb:-}" ] && kill "$xvfb" 2>/dev/null; [ -n "${scratch:-}" ] && rm -rf "$scratch"' EXIT
start_xvfb window-pacing "$width" "$height"

run_scene() {  # scene, seconds, input function
    local scene=$1 seconds=$2 input=$3
    ANIMDEMO_FRAME_STATS=1 "$bin" --scene "$scene" --size "$size" 2>/tmp/pacing-$scene.err &
    local pid=$!
    local window=""
    for _ in $(seq 150); do
        window=$(xdotool search --onlyvisible --class animdemo 2>/dev/null | head -1) && [ -n "$window" ] && break
        sleep 0.1
    done
    xdotool windowmove "$window" 0 0
    for key in ${PANELS:-}; do xdotool key --window "$window" "$key"; done
    local start=$SECONDS
    $input "$window" "$seconds"
    while (( SECONDS - start < seconds )); do sleep 0.2; done
    xdotool key --window "$window" q 2>/dev/null || true
    wait "$pid" || true
    printf '%-10s %s  %s\n' "$scene" "$size" "$(grep -o 'frames.*' /tmp/pacing-$scene.err)"
}

cx=$((width / 2)); cy=$((height / 2))
clicks() { for _ in $(seq $(( $2 * 4 / 3 ))); do xdotool mousemove --window "$1" $cx $cy click 1; sleep 0.75; done; }
nothing() { :; }
drags() {
    for _ in $(seq $(( $2 / 2 ))); do
        xdotool mousemove --window "$1" $cx 80 mousedown 1
        for y in $(seq 90 10 330); do xdotool mousemove --window "$1" $cx $y; sleep 0.02; done
        xdotool mouseup 1; sleep 1.3
    done
}
game_moves() {
    local w=$1 side=$(( (width < height ? width : height) * 8 / 10 )) f x0 y0 c r
    f=$((side / 3))
    x0=$(( (width - side) / 2 + f / 2 )); y0=$(( (height - side) / 2 + f / 2 ))
    for round in 1 2; do
        for cell in "0 0" "0 1" "1 0" "1 1" "2 0"; do
            c=${cell% *}; r=${cell#* }
            xdotool mousemove --window "$w" $((x0 + c * f)) $((y0 + r * f)) click 1; sleep 0.3
        done
        sleep 2.2
        xdotool click 1; sleep 0.1
    done
}

run_scene checkmark 6 clicks
run_scene fish 6 nothing
run_scene tictactoe 6 game_moves
run_scene elastic 6 drags
run_scene download 6 nothing
# Idle: checkmark at rest for 6 s.
run_scene checkmark 6 nothing
