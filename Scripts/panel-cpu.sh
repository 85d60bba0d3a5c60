#!/usr/bin/env bash
# What the docked panels cost a window that draws every frame: the CPU time of the fish
# swimming at 800×600 (the scheduler's, /proc/PID/task/*/schedstat, in nanoseconds; clock
# ticks of 10 ms made the ratio of a 10 s run move by a tenth alone) over SECONDS of wall time,
# with no panel open, then with the inspector, the knobs and the code open (`i`, `k`, `e`),
# for each binary given, in one run, and the ratio of the two.
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
trap '[ -n "${pid:-}" ] && kill "$pid" 2>/dev/null; [ -n "${xvfb:-}" ] && kill "$xvfb" 2>/dev/null
      [ -n "${scratch:-}" ] && rm -rf "$scratch"' EXIT
start_xvfb panel-cpu "$width" "$height"

# The CPU time of the process's threads so far, in milliseconds (a thread ended is not
# counted: the window's threads live as long as it does).
cpu_ms() { cat /proc/"$pid"/task/*/schedstat | awk '{ sum += $1 } END { printf "%d\n", sum / 1e6 }'; }

measure() {  # binary, keys: prints the CPU milliseconds over $seconds with those panels open
    local bin=$1 keys=$2 window="" before after
    ANIMDEMO_NO_HINT=1 "$bin" --scene fish --size "$size" >/dev/null 2>"$scratch/err" &
    pid=$!
    for _ in $(seq 150); do
        window=$(xdotool search --onlyvisible --pid "$pid" 2>/dev/null | head -1) && [ -n "$window" ] && break
        sleep 0.1
    done
    [ -n "$window" ] || { echo "panel-cpu: no window from $bin; it said:" >&2; cat "$scratch/err" >&2; exit 1; }
    xdotool mousemove --window "$window" 5 5  # no window manager: keys go to the window under the pointer
    for key in $keys; do xdotool key "$key"; done
    sleep 1  # past the start and the panels' first drawing
    before=$(cpu_ms)
    sleep "$seconds"
    after=$(cpu_ms)
    kill "$pid"
    wait "$pid" 2>/dev/null || true
    pid=""
    echo $((after - before))
}

echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
for bin in "${binaries[@]}"; do
    none=$(measure "$bin" "")
    panels=$(measure "$bin" "i k e")
    printf '%-40s no panel %5d ms, inspector + knobs + code %5d ms of CPU in %s s: %sx\n' \
        "$bin" "$none" "$panels" "$seconds" "$(echo "scale=2; $panels / $(( none > 0 ? none : 1 ))" | bc)"
done
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
