#!/usr/bin/env bash
# The fish with many bubbles in a real window under Xvfb, paced at 60 Hz: prints what the
# frame loop counts (ANIMDEMO_FRAME_STATS=1): frames drawn, deadlines missed, the median of
# pixels sent, CPU time (docs/PERFORMANCE.md, issue 19).
#
#   Scripts/pacing.sh [BUBBLES] [SECONDS] [WIDTHxHEIGHT] [BINARY]
#
# Defaults: 2000 bubbles, 6 s, 800x600 at --scale 1, .build/release/animdemo. The program is
# ended with SIGTERM, on which it prints its line as on `q`. Needs xvfb and x11-utils.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=Scripts/xvfb.sh
source Scripts/xvfb.sh
bubbles=${1:-2000}
seconds=${2:-6}
size=${3:-800x600}
bin=${4:-.build/release/animdemo}
[ -x "$bin" ] || { echo "pacing: $bin is not built (swift build -c release)" >&2; exit 2; }
command -v xwininfo >/dev/null || { echo "pacing: xwininfo is missing: apt-get install x11-utils" >&2; exit 2; }
width=${size%x*}
height=${size#*x}

app=""
cleanup() {
    [ -n "$app" ] && kill "$app" 2>/dev/null
    [ -n "${xvfb:-}" ] && kill "$xvfb" 2>/dev/null
    [ -n "${scratch:-}" ] && rm -rf "$scratch"
    true
}
trap cleanup EXIT
start_xvfb pacing "$width" "$height"

ANIMDEMO_FRAME_STATS=1 GDK_SCALE=1 "$bin" --scene fish --bubbles "$bubbles" --size "$size" --scale 1 \
    --screenshot-dir "$scratch" >/dev/null 2>"$scratch/stderr" &
app=$!
# The clock starts when the window is mapped (the first frame follows at once).
for _ in $(seq 150); do
    xwininfo -root -children 2>/dev/null | grep -q '"animdemo' && break
    kill -0 "$app" 2>/dev/null || { echo "pacing: the program ended: $(cat "$scratch/stderr")" >&2; exit 1; }
    sleep 0.1
done
sleep "$seconds"
kill -TERM "$app"
status=0
wait "$app" || status=$?
app=""
stats=$(grep -o 'frames .*' "$scratch/stderr" || true)
[ -n "$stats" ] || { echo "pacing: no frame stats (status $status): $(cat "$scratch/stderr")" >&2; exit 1; }
echo "fish --bubbles $bubbles $size, ${seconds} s at 60 Hz (about $((seconds * 60)) deadlines): $stats"
