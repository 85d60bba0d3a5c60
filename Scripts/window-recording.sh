#!/usr/bin/env bash
# Records a scene in a real window under Xvfb with g … g and prints what the frame loop
# reports (ANIMDEMO_FRAME_STATS=1: frames drawn, deadlines missed) beside the encoder's time,
# for each format, after a run of the same length without recording, and how long after the
# second g the file was saved (polled every 10 ms, for up to 30 minutes), also as a share of the
# recording's length, and the process's peak resident memory (VmHWM) once it was saved.
# (The window test RecordingReadyWindowTests checks only that the file is whole: how soon it
# comes is this script's figure.)
#
#   Scripts/window-recording.sh [SCENE] [WIDTHxHEIGHT] [SECONDS] [BINARY]
#   ARGS="--bubbles 300" FORMATS="webp" Scripts/window-recording.sh fish 1920x1080 15
#                                  (more options for the window; only these formats, no baseline)
#
# Needs xvfb and xdotool. The files go to a temporary folder, listed with their sizes.
set -euo pipefail
# shellcheck source=Scripts/xvfb.sh
source "$(dirname "$0")/xvfb.sh"
scene=${1:-fish}
size=${2:-800x600}
seconds=${3:-10}
bin=${4:-.build/release/animdemo}
width=${size%x*}
height=${size#*x}
trap '[ -n "${xvfb:-}" ] && kill "$xvfb" 2>/dev/null; [ -n "${scratch:-}" ] && rm -rf "$scratch"' EXIT
start_xvfb window-recording "$width" "$height"
folder=$scratch

run() {  # label, recording format or "none"
    local label=$1 format=$2
    # shellcheck disable=SC2086  # ARGS splits into its words
    ANIMDEMO_FRAME_STATS=1 "$bin" --scene "$scene" --size "$size" --screenshot-dir "$folder" \
        --record-format "${format/none/gif}" ${ARGS:-} >"$folder/out" 2>"$folder/err" &
    local pid=$! window=""
    for _ in $(seq 150); do
        window=$(xdotool search --onlyvisible --pid $pid 2>/dev/null | head -1) && [ -n "$window" ] && break
        sleep 0.1
    done
    xdotool mousemove --window "$window" 5 5  # no window manager: keys go to the window under the pointer
    sleep 1
    [ "$format" = none ] || xdotool key g
    sleep "$seconds"
    [ "$format" = none ] || xdotool key g
    local stopped ready="" after=""
    stopped=$(date +%s.%N)
    if [ "$format" != none ]; then
        local give_up=$((SECONDS + 1800))
        until grep -q "saved .*\.$format" "$folder/out" || [ $SECONDS -ge $give_up ]; do sleep 0.01; done
        ready=$(date +%s.%N)
        after=$(printf 'saved %.2f s after the second g (%.1f %% of the %s s recorded); ' \
            "$(echo "$ready - $stopped" | bc)" "$(echo "100 * ($ready - $stopped) / $seconds" | bc -l)" "$seconds")
    fi
    after+="peak RSS $(awk '/VmHWM/ { printf "%d MB", $2 / 1024 }' "/proc/$pid/status" 2>/dev/null); "
    xdotool key q 2>/dev/null || true
    wait "$pid" || true
    printf '%-14s %s%s%s\n' "$label" "$after" "$(grep -h 'behind\|stopped' "$folder/out" | tr '\n' ' ' || true)" \
        "$(tr '\n' ' ' <"$folder/err" | sed 's/animdemo: //g')"
}

if [ -n "${FORMATS:-}" ]; then
    for format in $FORMATS; do run "$format" "$format"; done
else
    run "no recording" none
    run "GIF" gif
    run "WebP" webp
fi
ls -l "$folder"/*.gif "$folder"/*.webp 2>/dev/null | awk '{ print $5, $9 }' || true
