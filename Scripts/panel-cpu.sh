#!/usr/bin/env bash
# What the docked panels cost a window that draws every frame: the CPU time of the fish
# swimming at 800×600 (the scheduler's, /proc/PID/task/*/schedstat, in nanoseconds; clock
# ticks of 10 ms made the ratio of a 10 s run move by a tenth alone) over SECONDS of wall time,
# with no panel open and, in a second window at the same time, with the inspector, the knobs
# and the code open (`i`, `k`, `e`), for each binary given, in one run, and the ratio of the two.
#
#   Scripts/panel-cpu.sh [SECONDS] [BINARY...]     (default 10 s, .build/release/animdemo)
#
# Give an older build first and this tree's second to compare them on the same machine at the
# same load (docs/PERFORMANCE.md). Needs xvfb and xdotool.
set -euo pipefail
# shellcheck source=Scripts/xvfb.sh
source "$(dirname "$0")/xvfb.sh"
seconds=${1:-10}
shift || true
binaries=("$@")
[ ${#binaries[@]} -gt 0 ] || binaries=(.build/release/animdemo)
size=${PANEL_CPU_SIZE:-800x600}
width=${size%x*}
height=${size#*x}
pids=()
servers=()
folders=()
trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done; for x in "${servers[@]}"; do kill "$x" 2>/dev/null; done
      for f in "${folders[@]}"; do rm -rf "$f"; done' EXIT
# Two X servers, one a window: the windows run at the same time, so that the moments the
# shared machine takes from them fall on both (one after the other, the same binary's ratio
# moved from 1.3× to 2.3× between runs), and neither covers the other (a covered window stops
# drawing).
start_xvfb panel-cpu "$width" "$height"
plain_display=$DISPLAY
servers+=("$xvfb")
folders+=("$scratch")
start_xvfb panel-cpu "$width" "$height"
panels_display=$DISPLAY
servers+=("$xvfb")
folders+=("$scratch")

# The CPU time of process $1's threads so far, in milliseconds (a thread ended is not
# counted: the window's threads live as long as it does).
cpu_ms() { cat /proc/"$1"/task/*/schedstat | awk '{ sum += $1 } END { printf "%d\n", sum / 1e6 }'; }

# Starts `bin` on display $2 with the panels of keys $3 open; prints its pid once its window
# shows and has the keys (in a subshell: the caller keeps the pid for the trap).
launch() {
    local bin=$1 display=$2 keys=$3 pid window=""
    DISPLAY=$display ANIMDEMO_NO_HINT=1 "$bin" --scene fish --size "$size" >/dev/null 2>"$scratch/err-$display" &
    pid=$!
    for _ in $(seq 150); do
        window=$(DISPLAY=$display xdotool search --onlyvisible --pid "$pid" 2>/dev/null | head -1) &&
            [ -n "$window" ] && break
        sleep 0.1
    done
    [ -n "$window" ] || {
        echo "panel-cpu: no window from $bin; it said:" >&2
        cat "$scratch/err-$display" >&2
        kill "$pid" 2>/dev/null
        return 1
    }
    # No window manager: keys go to the window under the pointer.
    DISPLAY=$display xdotool mousemove --window "$window" 5 5
    for key in $keys; do DISPLAY=$display xdotool key "$key"; done
    echo "$pid"
}

echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
for bin in "${binaries[@]}"; do
    plain=$(launch "$bin" "$plain_display" "") || exit 1
    pids+=("$plain")
    panels=$(launch "$bin" "$panels_display" "i k e") || exit 1
    pids+=("$panels")
    sleep 1  # past the start and the panels' first drawing
    plain_before=$(cpu_ms "$plain")
    panels_before=$(cpu_ms "$panels")
    sleep "$seconds"
    none=$(($(cpu_ms "$plain") - plain_before))
    with=$(($(cpu_ms "$panels") - panels_before))
    kill "$plain" "$panels"
    wait "$plain" "$panels" 2>/dev/null || true
    printf '%-40s no panel %5d ms, inspector + knobs + code %5d ms of CPU in %s s: %sx\n' \
        "$bin" "$none" "$with" "$seconds" "$(echo "scale=2; $with / $(( none > 0 ? none : 1 ))" | bc)"
done
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
